"""The table's button labels grow and shrink with the window: the toolbar, the claim row
(定缺 here, the same row as 胡/碰/杠/过) and the settlement's buttons use a font in
proportion to the layout, so a label fills its button at 1920x1080 and 2560x1440 as it does
at 1280x800."""

from __future__ import annotations

import random

import pygame_gui
import pytest
from test_game_support import DT, play_until_settlement, running_app, table_of

from game.scenes.settlement import SettlementScene
from game.table.buttons import CLAIM_FONT, button_font
from game.ui.text import BUTTON_FONT

SIZES = [(1280, 800), (1920, 1080), (2560, 1440)]


def _fill(buttons: object) -> list[tuple[int, float, float]]:
    """Each button's font size and how much of its width and height its label takes."""
    out = []
    for el in buttons:  # type: ignore[attr-defined]
        assert isinstance(el, pygame_gui.elements.UIButton)
        w, h = el.font.size(el.text)
        out.append((el.font.point_size, w / el.rect.w, h / el.rect.h))
    return out


def _screens(size: tuple[int, int], lang: str) -> dict[str, list[tuple[int, float, float]]]:
    got: dict[str, list[tuple[int, float, float]]] = {}
    with running_app(window=size, lang=lang, preset="jj", seed=4) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(400):
            if table.buttons.buttons:
                break
            app.step(DT)
        assert table.buttons.buttons, "the 定缺 row never showed"
        lay = table.layout
        got["toolbar"] = _fill(table.toolbar.buttons)
        got["claims"] = _fill(table.buttons.buttons)
        assert {f for f, _, _ in got["toolbar"]} == {button_font(lay, BUTTON_FONT)}
        assert {f for f, _, _ in got["claims"]} == {button_font(lay, CLAIM_FONT)}
        play_until_settlement(app, random.Random(1))
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        got["settlement"] = _fill(settlement.elements)
        assert {f for f, _, _ in got["settlement"]} == {button_font(lay, BUTTON_FONT)}
    return got


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_button_labels_fill_their_buttons_alike_at_every_window_size(lang: str) -> None:
    base = _screens(SIZES[0], lang)
    assert base["toolbar"][0][0] == BUTTON_FONT and base["claims"][0][0] == CLAIM_FONT
    for size in SIZES[1:]:
        big = _screens(size, lang)
        for part, rows in base.items():
            assert len(big[part]) == len(rows), part
            for (f0, w0, h0), (f1, w1, h1) in zip(rows, big[part], strict=True):
                assert f1 > f0, (part, size)
                assert abs(h1 - h0) < 0.12, (part, size, h0, h1)  # the label's height share
                assert w1 > w0 * 0.8, (part, size, w0, w1)  # not lost in a wide button
                assert w1 < 1.0, (part, size)  # and still inside it
