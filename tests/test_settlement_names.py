"""A settlement covered by the review's viewer keeps its buttons away while the window is
resized or a setting changes (they showed, and took clicks, over the viewer)."""

from __future__ import annotations

import dataclasses
import random

import pygame_gui
from test_game_support import DT, play_until_settlement, post_click, running_app

from game.app import App
from game.scenes.settlement import SettlementScene


def _buttons(app: App) -> list[pygame_gui.elements.UIButton]:
    return [
        el
        for el in app.ui.get_sprite_group().sprites()
        if isinstance(el, pygame_gui.elements.UIButton) and el.alive()
    ]


def test_a_covered_settlement_keeps_its_buttons_away_on_resize_and_new_settings() -> None:
    with running_app(window=(1024, 640), lang="en", seed=7, bots=("normal",) * 3) as app:
        play_until_settlement(app, random.Random(7))
        settle = app.stack.top
        assert isinstance(settle, SettlementScene)
        mine = {el.text for el in settle.elements}
        assert mine == {"Review", "Main menu", "Next hand"}
        review = next(el for el, what in settle.elements.items() if what == "review")
        post_click(review.rect.center)
        for _ in range(3):
            app.step(DT)
        viewer = app.stack.top
        assert viewer is not settle and settle in app.stack.scenes
        app.resize((1100, 700))  # the window resized under the viewer
        for _ in range(3):
            app.step(DT)
        assert not settle.elements
        assert not {el.text for el in _buttons(app)} & mine
        zh = dataclasses.replace(app.settings, lang="zh")
        viewer.nav.settings_changed(zh)  # type: ignore[attr-defined]
        for _ in range(3):
            app.step(DT)
        assert not settle.elements
        assert not {el.text for el in _buttons(app)} & (mine | {"复盘", "返回菜单", "下一局"})
        viewer.leave()  # type: ignore[attr-defined]
        for _ in range(3):
            app.step(DT)
        # on top again: its buttons, in the new language, inside the new panel
        assert app.stack.top is settle
        assert {el.text for el in settle.elements} == {"复盘", "返回菜单", "下一局"}
        assert all(settle._rect().contains(el.rect) for el in settle.elements)
        app.resize((1280, 800))  # on top, a resize makes them again at once
        assert {el.text for el in settle.elements} == {"复盘", "返回菜单", "下一局"}
        assert all(settle._rect().contains(el.rect) for el in settle.elements)
