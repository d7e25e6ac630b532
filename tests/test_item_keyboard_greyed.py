"""A greyed item is reached by the keyboard too: Tab stops on it, its tooltip gives the
engine's reason as under the mouse, and Enter on it says why as a click does — nothing spent.
Real key events, headless."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, running_app, table_of

from engine.round import ActionKind
from game.app import App
from game.table.item_tooltip import click_words, unusable_reason
from game.table.items import ItemsOverlay
from game.table.scene import TableScene


def _key(app: App, k: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)
    app.step(DT)


def _wait_for_swap(app: App, table: TableScene) -> None:
    for _ in range(3000):
        app.step(DT)
        offered = any(a.kind is ActionKind.EXCHANGE_THREE for a in table.model.legal)
        if offered and not table.animating and not table.held:
            return
    raise AssertionError("换三张 never offered")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tab_reaches_a_greyed_item_and_enter_says_why(lang: str) -> None:
    with running_app(window=(1024, 640), lang=lang, preset="modern") as app:
        table = table_of(app)
        assert table is not None
        overlay = table.overlay(ItemsOverlay)
        assert overlay is not None and overlay.bar is not None
        bar = overlay.bar
        _wait_for_swap(app, table)  # 换三张: 偷天换日 waits for the player's turn
        item = "tou_tian"
        assert not bar.usable(item) and bar.counts.get(item) == 1 and item in bar.why
        keys = [s.key for s in table.focus_stops()]
        assert ("item", item) in keys  # the greyed items are in the ring
        presses = 0
        while table.focus.key != ("item", item):
            assert presses <= len(keys) + 2, f"Tab never reaches {item} (at {table.focus.key})"
            _key(app, pygame.K_TAB)
            presses += 1
        assert bar.hover == item  # its tooltip, with the engine's reason, as under the mouse
        drawn: list[str] = []
        get = bar._text.get

        def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
            drawn.append(text)
            return get(text, *args, **kwargs)  # type: ignore[arg-type]

        bar._text.get = spy  # type: ignore[method-assign]
        bar.draw(pygame.Surface(app.screen.get_size()))
        assert unusable_reason(False, 1, False, lang, bar.why[item]) in drawn
        reason = click_words(item, bar.why[item], lang)
        _key(app, pygame.K_RETURN)  # says why, as a click does; nothing spent
        assert any(text == reason for text, _age in bar.toasts)
        assert bar.counts.get(item) == 1 and bar.mode is None
        assert table.focus.key == ("item", item)
