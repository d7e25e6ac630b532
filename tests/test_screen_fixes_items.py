"""The item bar's words on screen, in both languages at 1024×640 and 1920×1080:

* the hint of 偷天换日 / 移花接木 ("click a hand tile to give…") was one line however long:
  in English it ran on under the turn's buttons (自摸, 杠) at every window size;
* the tooltip said when an item is used twice — its description began with it ("On your
  turn, before discarding: …") and its "When:" line said it again.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pytest
from test_item_bar_fit import LANGS, WINDOWS, table_bar

from game import palette as pal
from game.i18n import t
from game.profile import ITEM_IDS
from game.table.item_tooltip import draw_tooltip
from game.ui.text import MIN_TEXT, TextCache


class _Words(TextCache):
    """A text cache that notes every (text, size) it renders."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, int]] = []

    def get(
        self, text: str, size: int, colour: Sequence[int] = pal.IVORY_TEXT, bold: bool = False
    ) -> pygame.Surface:
        self.seen.append((text, size))
        return super().get(text, size, colour, bold)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_give_hint_keeps_left_of_the_turns_buttons(
    monkeypatch: pytest.MonkeyPatch, lang: str, window: tuple[int, int]
) -> None:
    with table_bar(window, lang) as bar:
        lay = bar.layout
        plates: list[pygame.Rect] = []
        monkeypatch.setattr(bar, "_plate", lambda _s, rect, *_a: plates.append(rect))
        for item in ("tou_tian", "yi_hua"):
            bar.picking, bar.mode = item, "give"
            plates.clear()
            words = _Words()
            monkeypatch.setattr(bar, "_text", words)
            bar._draw_pick_hint(pygame.Surface(window))
            (plate,) = plates
            assert plate.right <= lay.buttons.left, (item, plate, lay.buttons)
            assert plate.bottom <= lay.hand_y  # still above the hand
            shown = [text for text, _ in words.seen]
            hint = bar.status_line() or ""
            assert "".join(shown).replace(" ", "") == hint.replace(" ", "")
            assert all(size >= MIN_TEXT for _, size in words.seen)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_an_items_tooltip_says_when_once(lang: str, window: tuple[int, int]) -> None:
    with table_bar(window, lang) as bar:
        for item in ITEM_IDS:
            words = _Words()
            slot = bar.slot_rect(item)
            draw_tooltip(
                pygame.Surface(window), bar.layout, lang, words, item, 1, None, slot, bar._tip
            )
            text = "".join(text for text, _ in words.seen)
            when = t(f"item.when.{item}", lang)
            assert text.lower().count(when.lower()) == 1, (item, text)
            assert all(size >= MIN_TEXT for _, size in words.seen)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_log_line_that_wraps_indents_its_second_row(lang: str, window: tuple[int, int]) -> None:
    """At 1024×640 "Bot 2 used Graft the" / "Blossom" stood flush like two log lines."""
    with table_bar(window, lang) as bar:
        names = {0: t("seat.you", lang)} | {s: t("seat.bot", lang, n=s) for s in (1, 2, 3)}
        for seat, item in zip((1, 2, 3, 0, 1, 2), ITEM_IDS, strict=True):
            bar.item_log.add(seat, item, names.__getitem__)
        rows = bar.item_log.rows(bar.layout, lang, TextCache())
        assert rows
        left = min(x for _, (x, _) in rows)
        assert rows[0][1][0] == left  # the top row starts a line, never a lone second row
        for img, (_x, y) in rows:
            assert img.get_height() >= MIN_TEXT and y + img.get_height() <= bar.layout.panels[3].y
        firsts = sum(x == left for _, (x, _) in rows)
        assert firsts <= len(bar.item_log.lines(lang))
        if window == (1024, 640) and lang == "en":  # long names wrap here: their rows indent
            assert any(x > left for _, (x, _) in rows)
