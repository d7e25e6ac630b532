"""What a networked table shows on top of itself: :class:`NetTableOverlay`.

Under the hand number: the room code, that items are off at network tables, the turn
timer while this seat is asked, and "reconnecting…" while the connection is down. The
server's refusals and what changed at the table — a friend dropped, came back, left (a bot
takes the seat), the host role passed on (:mod:`game.net.news`) — show as short lines for a
few seconds. A friend whose connection is down is marked on their seat panel ("reconnecting…"
where a bot's level goes) until they are back. When the table is lost to this client (the
connection could not be got back, the room closed) the table closes and the menu says why —
the others play on, the server's bot in this seat.
"""

from __future__ import annotations

import time

import pygame

from game import palette as pal
from game.i18n import has, t
from game.net.driver import NetDriver
from game.net.news import WARNING_KINDS, News, news_text, watch
from game.net.widgets import shown_name
from game.table.overlay import TableOverlay
from game.ui.draw import panel
from game.ui.text import blit_text, elide, render_text, wrap_text
from server.client import RoomInfo

__all__ = ["NetTableOverlay"]

_NOTE_SECONDS = 4.0
_NEWS_SECONDS = 6.0  # a sentence of news stays this long
_NEWS_SHOWN = 3  # the newest sentences shown at once
_WARN = (255, 190, 140)


class NetTableOverlay(TableOverlay):
    """The network's part of the table (see the module docstring)."""

    def __init__(self, driver: NetDriver) -> None:
        self.driver = driver
        self.note: tuple[str, float] | None = None  # a refusal, seconds left
        self.news: list[tuple[News, float]] = []  # what changed at the table, seconds left
        self._levels: tuple[str, ...] = ()  # the seat panels' levels as the table set them
        self._marked: tuple[str, ...] = ()  # the levels this overlay last wrote over them
        self.closing = False

    def on_refresh(self) -> None:
        # the other seats' hands never reached this client: at the end of the hand they stay
        # face down (a winner's hand is face up through its seat's ``revealed``)
        m = self.table.model
        if m.end_hands:
            m.end_hands = {s: tiles for s, tiles in m.end_hands.items() if s == m.bottom}
        if m.levels != self._marked:  # the table has just set them (else they are ours)
            self._levels = m.levels
        self._mark_away()

    def relabel(self, lang: str) -> None:
        self._levels = self.table.model.levels
        self._mark_away()

    def _room(self) -> RoomInfo | None:
        # a stand-in session of a test may have no room
        return getattr(self.driver.session, "room", None)

    def away(self) -> list[int]:
        """The other seats whose player's connection is down (their bot stands in)."""
        room = self._room()
        me = self.table.model.human
        if room is None:
            return []
        return [s.seat for s in room.seats if s.human and not s.connected and s.seat != me]

    def _mark_away(self) -> None:
        """The seat panels' small word after the name, as the room is now: "reconnecting…"
        for each seat in :meth:`away` (a friend's seat shows no level), the bot's level for
        a seat a friend has just left (the table names it as a bot at its next refresh),
        the table's own levels elsewhere."""
        m = self.table.model
        room = self._room()
        if len(self._levels) != len(m.levels):  # none kept yet: these are the table's own
            self._levels = m.levels
        base = self._levels
        if room is None or len(room.seats) != len(base):
            return
        away = self.away()
        lang = self.table.lang
        marked = []
        for state, level in zip(room.seats, base, strict=True):
            if state.seat in away:
                level = t("net.seat_away", lang)
            elif not state.human and not level and state.seat != m.human:
                key = "bot." + state.bot
                level = t(key, lang) if has(key) else ""  # a newer server's: no id shown
            marked.append(level)
        if tuple(marked) != m.levels:
            m.levels = tuple(marked)
        self._marked = m.levels

    def on_submitted(self, action: object) -> None:
        self.table.model.exchange_pick.clear()

    def update(self, dt: float) -> None:
        session = self.driver.session
        # what the session says from now on (a refusal, the table lost) in the table's
        # language: changed at the table, the lobby (which keeps it) is not on top to pass it on
        session.lang = self.table.lang
        for problem in session.take_problems():
            if not problem.fatal:
                self.note = (problem.text, _NOTE_SECONDS)
        if self.note is not None:
            text, left = self.note
            self.note = (text, left - dt) if left > dt else None
        fresh = watch(session).take(self._room(), getattr(session, "seat", None))
        self.news = [(n, left - dt) for n, left in self.news if left > dt]
        self.news = [*self.news, *((n, _NEWS_SECONDS) for n in fresh)][-_NEWS_SHOWN:]
        self._mark_away()
        if session.lost is not None and not self.closing:
            self.closing = True  # the navigator tells the menu why
            self.table.leave()

    def lines(self, news: int | None = None) -> list[tuple[str, tuple[int, int, int]]]:
        """The overlay's lines, top to bottom, with their colours; ``news``: how many of the
        newest sentences of news (None: every one kept)."""
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
        width = self.width()
        kept = len(self.news) if news is None else news
        for item, _ in self.news[len(self.news) - kept :] if kept else []:
            # a long name is cut short, so that the sentence reads on a line or two
            name = elide(shown_name(item.name), self.table.layout.font_small, width // 2, lang)
            colour = _WARN if item.kind in WARNING_KINDS else pal.IVORY_TEXT
            out.append((news_text(item, lang, name), colour))
        return out

    def width(self) -> int:
        """The room for the lines: left of the top seat's panel."""
        lay = self.table.layout
        top = self.table.model.panels[2] if len(self.table.model.panels) > 2 else None
        x = lay.px(20)
        return lay.px(180) if top is None else max(lay.px(140), top.left - x - lay.px(18))

    def layout(self) -> tuple[pygame.Rect, list[tuple[str, tuple[int, int, int], bool, int]]]:
        """The box and its rows — (text, colour, bold, y) — under the hand number and the
        preset, left of the top seat's panel and above the left seat's. Each line wraps to
        the room there and the box is as wide as its widest row: the text never runs past
        it. News that would reach the left seat's panel is left out, the oldest first."""
        lay = self.table.layout
        size = lay.font_small
        step = round(size * 1.4)
        x = lay.px(20)
        y = lay.px(16) + round(lay.font_normal * 1.35) + round(size * 1.35) + lay.px(16)
        width = self.width()
        panels = self.table.model.panels
        floor = panels[3].top - lay.px(8) if len(panels) > 3 else lay.h
        news = len(self.news)
        while True:
            rows: list[tuple[str, tuple[int, int, int], bool, int]] = []
            widest = 0
            for i, (text, colour) in enumerate(self.lines(news)):
                for line in wrap_text(text, size, width, i == 0):
                    widest = max(widest, render_text(line, size, colour, i == 0).get_width())
                    rows.append((line, colour, i == 0, y + len(rows) * step))
            inner = min(width, widest)  # a word longer than the room is squeezed into it
            box = pygame.Rect(x - lay.px(8), y - lay.px(6), inner + lay.px(16), len(rows) * step)
            box.h += lay.px(10)
            if box.bottom <= floor or news == 0:
                return box, rows
            news -= 1

    def draw(self, surface: pygame.Surface) -> None:
        box, rows = self.layout()
        lay = self.table.layout
        panel(surface, box, fill=(14, 24, 20, 200), edge=pal.GOLD_DARK, radius=lay.px(8))
        x, width = box.x + lay.px(8), box.w - lay.px(16)
        for text, colour, bold, y in rows:
            blit_text(surface, text, lay.font_small, colour, (x, y), "topleft", bold, width)
