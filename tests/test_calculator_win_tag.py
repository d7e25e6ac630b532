"""Rules & help › Fan calculator: the 'Winning tile' tag under the winning tile stays in the
hand's row, inside the panel, and clear of the labels round it, wherever the winning tile is.
Centred under the first tile of the row, it crossed the panel's left border (English, at
1024x640 and 1920x1080).

Where the tag is drawn is read from the words the tab writes (its ``blit_text``)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.calculator_tab as calculator_tab
from engine.tiles import parse_melds, parse_tiles
from game import i18n
from game.calculator import Calculator
from game.scenes.help_scene import HelpScene

SIZES = [(1024, 640), (1920, 1080)]

# (hand tiles, melds, which of the hand's tiles wins: first or last)
HANDS = {
    "two_tiles_first": ("55p", "A1m,K2p,B3s,P9m", "first"),
    "two_tiles_last": ("56p", "A1m,K2p,B3s,P9m", "last"),
    "fourteen_first": ("1112345678999m5p", "", "first"),
    "fourteen_last": ("1112345678999m5p", "", "last"),
}


def _calc(tiles: str, melds: str, which: str) -> Calculator:
    calc = Calculator()
    for meld in parse_melds(melds) if melds else ():
        assert calc.add(meld.tile, meld.kind.value) is None
    kinds = parse_tiles(tiles)[: calc.needed]
    for kind in kinds:
        assert calc.add(kind) is None
    calc.win = min(kinds) if which == "first" else max(kinds)
    return calc


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("hand", list(HANDS))
def test_the_winning_tile_tag_stays_in_the_panel(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
    hand: str,
) -> None:
    h = MenuHarness(home, lang, size)
    scene = HelpScene(h.ctx, tab="calc")
    h.stack.push(scene)
    h.pump()
    tab = scene.calc_tab
    tab.calc = _calc(*HANDS[hand])
    scene.rebuild()
    drawn = record_texts(monkeypatch, calculator_tab)
    h.pump()
    tiles = tab.hand_rects
    assert len(tiles) == tab.calc.needed
    at = 0 if HANDS[hand][2] == "first" else len(tiles) - 1
    win, kind = tiles[at]
    assert kind == tab.calc.win and [k for _, k in tiles].index(kind) == at  # its first copy
    words = i18n.t("calc.win_tile", lang)
    tags = [rect for text, _, rect, _ in drawn if text == words]
    assert len(tags) == 1, drawn
    tag = tags[0]
    px, left = scene.px, tab.calc_left
    # in the hand's row: within the panel's margins, as the tiles are
    row = pygame.Rect(left.x + px(20), left.y, left.w - 2 * px(20), left.h)
    assert row.contains(tag), f"{words!r} at {tag} leaves the row {row} ({size}, {hand})"
    # under its tile, touching it from below, the tag overlapping it sideways
    assert tag.top >= win.bottom and tag.left < win.right and tag.right > win.left
    # clear of every other word on the tab, and of the hand's tiles and the melds
    others = [(text, rect) for text, _, rect, _ in drawn if text != words]
    near = [text for text, rect in others if rect.colliderect(tag)]
    assert not near, f"{words!r} at {tag} runs into {near}"
    assert not any(rect.colliderect(tag) for rect, _ in tiles + tab.meld_rects)
