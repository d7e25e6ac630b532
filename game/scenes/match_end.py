"""The match-end summary: final standings, points, coins won or lost, the best hand.

Shown after the last hand's settlement (or after a walk-out). Buttons: New match (the same
rules and bots again) and Main menu. The autosave was cleared when the match ended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from engine.match import standings
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.net.widgets import shown_name
from game.review import ReviewLog, ReviewSummary, review_worker
from game.review_chart import accuracy_colour, match_line
from game.scenes.menu_base import MenuContext, MenuScene
from game.table.controller import Controller
from game.table.layout import MIN_FONT
from game.table.match_session import MatchSession
from game.table.session import bot_label
from game.ui.controls import Button
from game.ui.draw import panel
from game.ui.text import blit_text, elide, outlined_text, seat_label, signed

__all__ = ["MatchEndScene"]

MAX_HAND_ROWS = 8


class MatchEndScene(MenuScene):
    """Final standings of a match; opaque (the table is done)."""

    def __init__(
        self,
        ctx: MenuContext,
        ctl: Controller,
        session: MatchSession,
        on_new_match: Callable[[], object],
        on_menu: Callable[[], object] | None = None,
    ) -> None:
        self.ctl = ctl
        self.session = session
        self.on_new_match = on_new_match  # the same rules and bots again
        self.on_menu = on_menu  # after it closes: on down to the main menu
        super().__init__(ctx)
        self.reviews = self._reviews()  # 复盘

    def update(self, dt: float) -> None:
        super().update(dt)
        if any(j.finished for j in review_worker().poll()):  # reviewed in the background
            self.reviews = self._reviews()

    def _reviews(self) -> list[ReviewSummary]:
        """This match's reviewed hands, in the order played, each with its hand number
        here: found by the key its review is kept under, which the match's log keeps
        (:meth:`MatchSession.after_finish`) — by the seed, two matches on one seed shared
        their reviews ("4 hands reviewed" after two). A hand logged before the key was kept
        (a save from an older version) is found as it was: by the seed and hand number."""
        log = ReviewLog(self.ctx.directory)
        by_key = {e.key: e for e in log.entries}
        seed = str(self.ctl.match.seed)
        found: list[ReviewSummary] = []
        for entry in self.session.log:
            hand_no, key = entry.get("hand_no"), entry.get("review")
            if isinstance(key, str):
                review = by_key.get(key)
            else:
                old = [e for e in log.entries if e.match == seed and e.hand_no == hand_no]
                review = old[-1] if old else None
            if review is not None and isinstance(hand_no, int):
                found.append(replace(review, hand_no=hand_no))
        return found

    def name(self, seat: int, hand_no: int | None = None) -> str:
        """As the table names the seat: the bot that played its last hand (a broke one's
        replacement has the next number; one replaced after the match's last hand never
        sat, and no notice said it came), or at hand ``hand_no`` the bot that played it
        (the match's log keeps each hand's bot numbers); a friend by name."""
        if hand_no is None and self.session.log:
            hand_no = self.session.log[-1].get("hand_no")
        human = self.ctl.seating.human
        if seat == human:
            return seat_label(seat, human, self.lang, self.ctl.rules.players)
        names = getattr(self.ctl, "seat_names", None)  # a networked table's players
        if names and seat < len(names) and names[seat]:
            return shown_name(str(names[seat]))
        bots = next((e.get("bots") for e in self.session.log if e.get("hand_no") == hand_no), None)
        if isinstance(bots, list) and seat < len(bots) and isinstance(bots[seat], int):
            return bot_label(bots[seat], self.lang)
        session = self.ctl.table_session
        if session is not None:
            return session.bot_name(seat, self.lang)
        return seat_label(seat, human, self.lang, self.ctl.rules.players)

    @property
    def human_broke(self) -> bool:
        """The player's coins ran out, which ends the match (RULES.md §6.5)."""
        match, human = self.ctl.match, self.ctl.seating.human
        return human is not None and match.use_coins and match.coins[human] <= 0

    def _metrics(self) -> tuple[int, int]:
        """(standings row height, hand rows shown): as many of the last hands as fit over
        the buttons — a full eight-hand match pushed them off the window — the standings'
        rows closer together first."""
        px = self.px
        seats = self.ctl.match.players
        room = self.h - 2 * px(16) - px(22) - px(50)  # the buttons under the box
        rows = min(len(self.session.log), MAX_HAND_ROWS)
        row_h = px(44)
        for row_h in (px(44), px(38), px(34)):
            if self._height(seats, row_h, rows) <= room:
                return row_h, rows
        while rows > 1 and self._height(seats, row_h, rows) > room:
            rows -= 1
        return row_h, rows

    def _height(self, seats: int, row_h: int, rows: int) -> int:
        px = self.px
        if not rows:
            return px(244) + seats * row_h
        return px(340) + seats * row_h + rows * px(26)

    def _box(self) -> pygame.Rect:
        row_h, rows = self._metrics()
        h = self._height(self.ctl.match.players, row_h, rows)
        box = pygame.Rect(0, 0, min(self.w - self.px(80), self.px(860)), h)
        box.midtop = (self.w // 2, max(self.px(16), (self.h - h - self.px(90)) // 2))
        return box

    def build(self) -> None:
        bw, bh, gap = self.px(220), self.px(50), self.px(16)
        y = self._box().bottom + self.px(22)
        new = pygame.Rect(0, y, bw, bh)
        new.right = self.w // 2 - gap // 2
        menu = pygame.Rect(self.w // 2 + gap // 2, y, bw, bh)
        self.controls.append(
            Button(
                new,
                self.t("end.new"),
                self.new_match,
                name="new",
                style="primary",
                font_size=self.px(20),
            )
        )
        self.controls.append(
            Button(menu, self.t("end.menu"), self.to_menu, name="menu", font_size=self.px(20))
        )
        if self.focus < 0:
            self.focus_named("new")

    # --- actions -------------------------------------------------------------------------

    def new_match(self) -> None:
        stack = self.stack
        if stack is None:
            return
        stack.pop()
        self.on_new_match()

    def to_menu(self) -> None:
        if self.stack is not None:
            self.stack.pop()
            if self.on_menu is not None:
                self.on_menu()

    def close(self) -> None:
        self.to_menu()

    # --- drawing -------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px, lang = self.px, self.lang
        match = self.ctl.match
        box = self._box()
        panel(surface, box)
        title = outlined_text(self.t("end.title"), px(40), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + px(18))))
        if self.human_broke:  # why the match stopped short, and what New match gives
            # first, a walk-out's too: the player knows they left, maybe not that it cost
            # their last coin (this line is the one place that says so)
            sub = self.tn("end.broke", match.hand_index, n=match.hand_index)
            colour = _sign_colour(-1)
        elif self.session.left:
            sub, colour = self.t("end.left"), pal.UI_TEXT_DIM
        else:
            sub = self.tn("end.hands", match.hand_index, n=match.hand_index)
            colour = pal.UI_TEXT_DIM
        at = (box.centerx, box.y + px(76))
        blit_text(surface, sub, px(17), colour, at, "midtop", max_w=box.w - px(40))
        # the standings table
        cols = (box.x + px(60), box.x + px(200), box.x + px(470), box.x + px(680))
        name_w = cols[2] - cols[1] - px(16)  # a name, cut short before the points
        y = box.y + px(120)
        for x, key in zip(cols, ("end.rank", "end.player", "end.points", "end.coins"), strict=True):
            blit_text(surface, self.t(key), px(17), pal.GOLD, (x, y), "topleft", True)
        y += px(34)
        pygame.draw.line(
            surface, pal.GOLD_DARK, (box.x + px(40), y - px(6)), (box.right - px(40), y - px(6)), 1
        )
        points = [p - s for p, s in zip(match.points, self.session.start_points, strict=True)]
        coins = self.session.coin_changes(list(match.coins), match.use_coins)
        human = self.ctl.seating.human
        row_h, rows = self._metrics()
        for place, seat in standings(dict(enumerate(points))):
            colour = pal.GOLD_LIGHT if seat == human else pal.IVORY_TEXT
            if seat == human:  # a frame round the row's text, however close the rows
                text_h = get_font(px(20), True).get_linesize()
                hl = pygame.Rect(box.x + px(40), 0, box.w - px(80), max(row_h, text_h) - px(4))
                hl.centery = y + text_h // 2
                pygame.draw.rect(surface, (255, 230, 150), hl, width=1, border_radius=6)
            blit_text(
                surface, self.t(f"end.place.{place}"), px(20), colour, (cols[0], y), bold=True
            )
            # a friend's name may be 24 characters: cut short before the points' column
            name = elide(self.name(seat), px(20), name_w, lang, seat == human)
            blit_text(surface, name, px(20), colour, (cols[1], y), bold=seat == human)
            blit_text(
                surface,
                signed(points[seat]),
                px(20),
                _sign_colour(points[seat]),
                (cols[2], y),
                bold=True,
            )
            if coins is None:
                blit_text(surface, "—", px(20), pal.UI_TEXT_DIM, (cols[3], y))
            else:
                text = signed(coins[seat])
                blit_text(surface, text, px(20), _sign_colour(coins[seat]), (cols[3], y))
            y += row_h
        # the best hand
        y += px(18)
        blit_text(surface, self.t("end.best"), px(19), pal.GOLD, (box.x + px(60), y), bold=True)
        y += px(34)
        best = self.session.best_hand()
        line = self.t("end.best_none") if best is None else self._best_line(best, name_w)
        blit_text(surface, line, px(19), pal.IVORY_TEXT, (box.x + px(60), y), max_w=box.w - px(120))
        self._draw_hands(surface, box, y + px(46), rows)

    def _best_line(self, best: dict[str, Any], name_w: int) -> str:
        """The best hand in one line: who, which hand, its pattern (and fan), what each payer
        paid. A pattern this game cannot name (an old or hand-edited autosave's, or none) is
        left out, its fan said alone: its id was shown, and a missing one as "?"."""
        px, lang = self.px, self.lang
        pattern = i18n.known_pattern_name(best.get("pattern"), lang)
        fan = best.get("fan")
        # the fan only where fan are counted: the points model adds points (RULES.md §5.2)
        counted = fan and self.ctl.rules.model == "fan"
        if pattern is not None:
            what = pattern + (self.t("end.best_fan", fan=fan) if counted else "")
        else:
            what = self.t("end.best_fan_alone", fan=fan) if counted else ""
        # a 24-character name cut short as in the standings: the line was squeezed
        who = elide(self.name(best["seat"], best["hand_no"]), px(19), name_w, lang)
        return self.tn(
            "end.best_line" if what else "end.best_line_bare",
            abs(best["points"]),
            who=who,
            hand=best["hand_no"],
            what=what,
            points=best["points"],
        )

    def _draw_hands(self, surface: pygame.Surface, box: pygame.Rect, y: int, rows: int) -> None:
        """Each hand's points per seat; in a match longer than ``rows`` hands the first row
        sums the hands before the rest ("Hands 1–5"): each column still adds up to the
        seat's total over it — a twelve-hand match showed hands 5-12 alone, under totals
        that their rows did not make."""
        px = self.px
        log = self.session.log if rows else []
        if not log:
            return
        earlier: list[dict[str, Any]] = []
        if len(log) > rows:
            cut = len(log) - max(0, rows - 1)
            earlier, log = log[:cut], log[cut:]
        blit_text(surface, self.t("end.per_hand"), px(17), pal.GOLD, (box.x + px(60), y), bold=True)
        review = match_line(self.reviews, self.lang)  # 复盘: the match's accuracy and loss
        if review is not None:
            at = (box.right - px(40), y + px(2))
            blit_text(surface, review, px(15), pal.GOLD_LIGHT, at, "topright", max_w=box.w // 2)
        y += px(30)
        xs = [box.x + px(260) + i * px(120) for i in range(self.ctl.match.players)]
        for seat, x in enumerate(xs):  # each within its column (a long name ran over two)
            name = elide(self.name(seat), px(15), px(120) - px(10), self.lang)
            blit_text(surface, name, px(15), pal.UI_TEXT_DIM, (x, y), "topright")
        acc_x = box.right - px(40)
        blit_text(surface, self.t("review.column"), px(15), pal.UI_TEXT_DIM, (acc_x, y), "topright")
        by_hand = {e.hand_no: e for e in self.reviews}
        y += px(24)
        if earlier:
            first, last = earlier[0]["hand_no"], earlier[-1]["hand_no"]
            if first == last:
                label = self.t("replays.hand", n=first)
            else:
                label = self.t("end.hands_range", first=first, last=last)
            blit_text(surface, label, px(15), pal.UI_TEXT_DIM, (box.x + px(60), y))
            for seat, x in enumerate(xs):
                value = sum(e["totals"][seat] for e in earlier)
                blit_text(surface, signed(value), px(15), _sign_colour(value), (x, y), "topright")
            y += px(26)
        for entry in log:
            hand = self.t("replays.hand", n=entry["hand_no"])
            blit_text(surface, hand, px(15), pal.UI_TEXT_DIM, (box.x + px(60), y))
            winners = {w["seat"] for w in entry["wins"]}
            for seat, x in enumerate(xs):
                value = entry["totals"][seat]
                text = ("★ " if seat in winners else "") + signed(value)
                blit_text(surface, text, px(15), _sign_colour(value), (x, y), "topright")
            reviewed = by_hand.get(entry["hand_no"])
            if reviewed is not None and not reviewed.decisions:  # nothing was yours to decide
                blit_text(surface, "—", px(15), pal.UI_TEXT_DIM, (acc_x, y), "topright")
            elif reviewed is not None:
                acc = f"{round(reviewed.accuracy * 100)}%"
                colour = accuracy_colour(reviewed.accuracy)
                blit_text(surface, acc, px(15), colour, (acc_x, y), "topright")
            elif self.ctl.seating.human is not None:
                # never below the table's smallest text (at 1024×640 px(13) was 10 px)
                pending = self.t("review.match_pending")
                size = max(MIN_FONT, px(13))
                blit_text(surface, pending, size, pal.UI_TEXT_DIM, (acc_x, y), "topright")
            y += px(26)


def _sign_colour(value: int) -> tuple[int, int, int]:
    if value > 0:
        return (130, 230, 150)
    if value < 0:
        return (250, 140, 120)
    return pal.IVORY_TEXT
