"""What stays under a seat's panel at the table: its win (第一家胡 · 平胡 1番; 血流: how many)
or, while the seats choose their three tiles or their void, whether it has chosen — fitted
to the room beside the panel so that it never reaches over the tiles there."""

from __future__ import annotations

import pygame

from engine.round import Phase
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.table.layout import Layout
from game.table.model import TableModel
from game.ui.text import MIN_TEXT, TextCache, one_line_size, wrap_text

__all__ = ["SeatNotes"]


class SeatNotes:
    """The seat notes of one table; keeps the measured fits of the notes it has drawn."""

    def __init__(self, model: TableModel, text: TextCache, lay: Layout) -> None:
        self.model = model
        self.text = text
        self.lay = lay
        # a note's (lines, font size) by (note, width, font size): measured once
        self._fitted: dict[tuple[str, int, int], tuple[tuple[str, ...], int, int, int]] = {}

    def note(self, seat: int) -> str | None:
        """What stays at a seat: its win (第一家胡 · pattern · fan; 血流: how many) or, while
        the seats choose their three tiles or their void, whether it has chosen."""
        m = self.model
        rnd = m.driver.round
        lang = m.lang
        phase = m.view.phase
        if phase in (Phase.EXCHANGE, Phase.DECLARE_VOID) and not m.driver.is_over:
            key = "seat.choosing" if seat in rnd.pending_seats() else "seat.chosen"
            return i18n.t(key, lang)
        mine = [w for w in rnd.wins if w.seat == seat]
        if not mine:
            return None
        first: list[int] = []
        for w in rnd.wins:
            if w.seat not in first:
                first.append(w.seat)
        order = first.index(seat) + 1
        head = (
            i18n.t("seat.win_many", lang, n=len(mine))
            if len(mine) > 1
            else i18n.t("seat.win_order", lang, n=_ordinal(order, lang))
        )
        score = mine[-1].score
        if score.pattern is None:
            return head
        name = i18n.pattern_name(score.pattern, lang)
        if score.fan is not None:
            value = i18n.t("call.fan", lang, pattern=name, fan=score.fan)
        else:
            value = i18n.tn("call.points", lang, score.value, pattern=name, points=score.value)
        return f"{head} · {value}"

    def lines(self, note: str, width: int) -> tuple[tuple[str, ...], int]:
        """A seat note's lines and font size within ``width`` (:meth:`room`): one
        line, a size or two smaller if need be; else its head on a line of its own ("1st
        win" / "Plain win · 2 fan"), so it never reaches over the tiles beside the panel."""
        fit = self._fit_of(note, width)
        return fit[0], fit[1]

    def _fit_of(self, note: str, width: int) -> tuple[tuple[str, ...], int, int, int]:
        """(lines, font size, box width, box height), measured once per note and width:
        the frame loop draws every note every frame."""
        lay = self.lay
        key = (note, width, lay.font_small)
        fitted = self._fitted.get(key)
        if fitted is None:
            if len(self._fitted) > 64:
                self._fitted.clear()
            lines, size = self._fit(note, width)
            font = get_font(size, True)
            w = max(font.size(line)[0] for line in lines) + lay.px(16)
            h = font.get_linesize() * len(lines) + lay.px(6)
            fitted = self._fitted[key] = (lines, size, w, h)
        return fitted

    def _fit(self, note: str, width: int) -> tuple[tuple[str, ...], int]:
        lay = self.lay
        room = width - lay.px(16)
        low = max(MIN_TEXT, lay.font_small - 2)  # never under the readable size
        one = one_line_size(note, lay.font_small, room, lay.font_small - low, bold=True)
        if one is not None:
            return (note,), one
        head, sep, rest = note.partition(" · ")
        size = lay.font_small
        while True:  # the head on a line of its own, the rest wrapped: two lines if it can
            lines = (head, *wrap_text(rest, size, room, True)) if sep else (note,)
            if len(lines) <= 2 or size <= low:
                return tuple(lines), size
            size -= 1

    def room(self, rect: pygame.Rect, pos: int) -> int:
        """How wide a seat's note may be: the side seats' notes may reach out to their hand's
        column of tiles (beside the panel, towards the centre), the others' keep to their
        panel's width."""
        lay = self.lay
        gap = lay.px(6)
        if pos == 3:
            column = lay.opp_hand_origin(3, 1)[0]
            return max(rect.w, column - gap - rect.x)
        if pos == 1:
            column = lay.opp_hand_origin(1, 1)[0] + lay.opp_h
            return max(rect.w, rect.right - column - gap)
        return rect.w

    def box(self, note: str, rect: pygame.Rect, pos: int) -> pygame.Rect:
        """Where a seat's note goes: above the bottom seat's panel, under the others' (the
        right seat's aligned to its panel's right edge, growing towards the centre)."""
        lay = self.lay
        _, _, w, h = self._fit_of(note, self.room(rect, pos))
        box = pygame.Rect(0, 0, w, h)
        if pos == 0:
            box.bottomleft = (rect.x, rect.y - lay.px(4))
        elif pos == 1:
            box.topright = (rect.right, rect.bottom + lay.px(4))
        else:
            box.topleft = (rect.x, rect.bottom + lay.px(4))
        edge = lay.px(4)  # off the window's edge, as the panels are
        box.clamp_ip(pygame.Rect(edge, edge, lay.w - 2 * edge, lay.h - 2 * edge))
        return box

    def boxes(self) -> list[pygame.Rect]:
        """Where every seat's note is drawn now (the seats without one have none)."""
        m = self.model
        out = []
        for seat in range(m.players):
            note = self.note(seat)
            if note is not None:
                pos = self.lay.place(seat, m.bottom)
                out.append(self.box(note, m.panels[pos], pos))
        return out

    def draw(self, surface: pygame.Surface, note: str, rect: pygame.Rect, pos: int) -> None:
        lay = self.lay
        lines, size = self.lines(note, self.room(rect, pos))
        box = self.box(note, rect, pos)
        line_h = get_font(size, True).get_linesize()
        radius = min(box.h // 2, lay.px(11))
        pygame.draw.rect(surface, (60, 16, 12, 255), box, border_radius=radius)
        pygame.draw.rect(surface, pal.GOLD_DARK, box, width=1, border_radius=radius)
        y = box.y + lay.px(3)
        for line in lines:
            img = self.text.get(line, size, (255, 226, 160), True)
            surface.blit(img, (box.x + lay.px(8), y))
            y += line_h


_ZH_ORDINALS = "一二三四"


def _ordinal(n: int, lang: str) -> str:
    """一 / 二 / 三 (zh) or 1st / 2nd / 3rd (en): the order of a seat's first win."""
    if lang == "zh":
        return _ZH_ORDINALS[n - 1] if 0 < n <= len(_ZH_ORDINALS) else str(n)
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"
