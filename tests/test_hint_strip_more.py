"""The hint strip's count of the winning tiles it had no room for is words: it showed a bare
"+3" after the tiles that fit (at 1024×640 with a hand of many waits), which says neither
what is counted nor that it is more of the same. It now reads "+3 more" / "还有3种" (种: kinds
of tile, not 张, the copies the strip counts beside each tile)."""

from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.table.hints import Hints
from game.table.layout import Layout
from game.table.strips import _hint_layouts, draw_hint_strip
from game.tile_art import get_tile_art
from game.ui.text import MIN_TEXT, TextCache

KINDS = (1, 4, 7, 10, 13, 16, 20, 23, 26)


class _Spy(TextCache):
    """A text cache that remembers which words each surface it gave out shows."""

    def __init__(self) -> None:
        super().__init__()
        self.words: dict[int, str] = {}
        self.sizes: list[int] = []

    def get(self, text, size, colour=(255, 255, 255), bold=False):  # type: ignore[no-untyped-def]
        surf = super().get(text, size, colour, bold)
        self.words[id(surf)] = text
        self.sizes.append(size)
        return surf


def _hints(lang: str, n: int) -> Hints:
    waits = tuple(
        (kind, (3, 2, 0, 4, 1)[i % 5], i18n.t("hint.fan", lang, n=1 + i % 3))
        for i, kind in enumerate(KINDS[:n])
    )
    return Hints(i18n.t("hint.ready_waits", lang), {}, waits)


@pytest.fixture
def lay() -> Layout:
    pygame.init()
    return Layout.compute(1024, 640)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("n", [2, 3, 5, 9])
def test_the_tiles_left_out_are_counted_in_words(lang: str, n: int, lay: Layout) -> None:
    text = _Spy()
    counted = []
    for pieces in _hint_layouts(lay, text, get_tile_art, _hints(lang, n), lang):
        words = [text.words.get(id(img)) for img, _ in pieces]
        shown = sum(w is None for w in words)  # the tiles: every other piece is words
        last = words[-1] or ""
        assert not re.fullmatch(r"[+\-]?\d+", last), (lang, n, last)  # no bare "+3"
        if shown and shown < n and words[1:-1].count(None) == len(words) - 2:
            counted.append((n - shown, last))
    assert [more for more, _ in counted] == list(range(1, n))  # one tile fewer at a time
    for more, last in counted:
        assert last == i18n.t("hint.more", lang, n=more)
        assert str(more) in last
    if lang == "en":
        assert [last for _, last in counted][:1] == ["+1 more"]
    assert min(text.sizes) >= MIN_TEXT


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_count_shows_within_the_room(lang: str, lay: Layout) -> None:
    """Where only a few bare tiles fit, the strip ends with the words and within ``right``."""
    hints = _hints(lang, 9)
    surface = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
    x = lay.px(200)
    seen = set()
    for room in range(lay.px(60), lay.px(420), 4):
        text = _Spy()
        box = draw_hint_strip(surface, lay, text, get_tile_art, hints, lang, (x, 300), x + room)
        assert box is not None
        assert box.w - lay.px(16) <= room  # what it shows, inside the plate's margins
        drawn = set(text.words.values())
        seen |= {w for w in drawn if w.startswith(("+", "还有"))}
    more = {i18n.t("hint.more", lang, n=k) for k in range(1, 9)}
    assert seen and seen <= more, seen
