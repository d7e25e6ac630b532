"""What a networked table shows on top of itself: :class:`NetTableOverlay`.

Under the hand number: the room code, that items are off at network tables, the turn
timer while this seat is asked, and "reconnecting…" while the connection is down. The
server's refusals show as a short line for a few seconds; when the table is lost to this
client (the connection could not be got back, the room closed) the table closes and the
menu says why — the others play on, the server's bot in this seat.
"""

from __future__ import annotations

import time

import pygame

from game import palette as pal
from game.i18n import t
from game.net.driver import NetDriver
from game.table.overlay import TableOverlay
from game.ui.draw import panel
from game.ui.text import blit_text, render_text, wrap_text

__all__ = ["NetTableOverlay"]

_NOTE_SECONDS = 4.0
_WARN = (255, 190, 140)


class NetTableOverlay(TableOverlay):
    """The network's part of the table (see the module docstring)."""

    def __init__(self, driver: NetDriver) -> None:
        self.driver = driver
        self.note: tuple[str, float] | None = None  # a refusal, seconds left
        self.closing = False

    def on_refresh(self) -> None:
        # the other seats' hands never reached this client: at the end of the hand they stay
        # face down (a winner's hand is face up through its seat's ``revealed``)
        m = self.table.model
        if m.end_hands:
            m.end_hands = {s: tiles for s, tiles in m.end_hands.items() if s == m.bottom}

    def on_submitted(self, action: object) -> None:
        self.table.model.exchange_pick.clear()

    def update(self, dt: float) -> None:
        session = self.driver.session
        for problem in session.take_problems():
            if not problem.fatal:
                self.note = (problem.text, _NOTE_SECONDS)
        if self.note is not None:
            text, left = self.note
            self.note = (text, left - dt) if left > dt else None
        if session.lost is not None and not self.closing:
            self.closing = True  # the navigator tells the menu why
            self.table.leave()

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The overlay's lines, top to bottom, with their colours."""
        lang = self.table.lang
        session = self.driver.session
        out = [
            (t("net.table_code", lang, code=session.code or "—"), pal.GOLD_LIGHT),
            (t("net.items_off_short", lang), pal.UI_TEXT_DIM),
        ]
        if session.retrying:
            out.append((t("net.reconnecting", lang), _WARN))
        left = self.driver.deadline_left(time.monotonic())
        if left is not None and not self.driver.auto:
            out.append((t("net.timer", lang, n=int(left + 0.999)), pal.IVORY_TEXT))
        if self.note is not None:
            out.append((self.note[0], _WARN))
        return out

    def layout(self) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int], bool, int]]]:
        """The box and its rows — (text, colour, bold, y) — under the hand number and the
        preset, left of the top seat's panel. Each line wraps to the room there and the box
        is as wide as its widest row: the text never runs past it."""
        lay = self.table.layout
        size = lay.font_small
        step = round(size * 1.4)
        x = lay.px(20)
        y = lay.px(16) + round(lay.font_normal * 1.35) + round(size * 1.35) + lay.px(16)
        top = self.table.model.panels[2] if len(self.table.model.panels) > 2 else None
        width = lay.px(180) if top is None else max(lay.px(140), top.left - x - lay.px(18))
        rows: list[tuple[str, tuple[int, int, int], bool, int]] = []
        widest = 0
        for i, (text, colour) in enumerate(self.lines()):
            for line in wrap_text(text, size, width, i == 0):
                widest = max(widest, render_text(line, size, colour, i == 0).get_width())
                rows.append((line, colour, i == 0, y + len(rows) * step))
        inner = min(width, widest)  # a word longer than the room is squeezed into it
        box = pygame.Rect(x - lay.px(8), y - lay.px(6), inner + lay.px(16), len(rows) * step)
        box.h += lay.px(10)
        return box, rows

    def draw(self, surface: pygame.Surface) -> None:
        box, rows = self.layout()
        lay = self.table.layout
        panel(surface, box, fill=(14, 24, 20, 200), edge=pal.GOLD_DARK, radius=lay.px(8))
        x, width = box.x + lay.px(8), box.w - lay.px(16)
        for text, colour, bold, y in rows:
            blit_text(surface, text, lay.font_small, colour, (x, y), "topleft", bold, width)
