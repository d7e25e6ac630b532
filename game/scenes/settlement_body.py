"""The settlement's scrolling body: every win, every payment and every seat's hand of the
finished hand, laid out as rows for one width and language (:class:`SettlementBody`), each
row drawn when first needed.

Not a screen: :class:`~game.scenes.settlement.SettlementScene` holds one for its view's
width and the language, and draws the rows it is given (:class:`Body`) under its title,
beside its totals' column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Protocol

import pygame

from engine.round import EndReason, EventFlag, Round, WinRecord, hand_at_win
from engine.settlement import WIN_REASONS, LedgerEntry, Reason
from engine.text import Narrator
from engine.tiles import Meld
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.table.driver import TableDriver
from game.table.layout import MIN_FONT, Layout
from game.tile_art import TileArt
from game.ui.text import TextCache, elide, elide_names, fit_text, wrap_text

__all__ = ["LEDGER_MIN", "Body", "BodySource", "BodyTable", "Columns", "Row", "SettlementBody"]

LEDGER_MIN = 360  # the payments' least width in a column of their own (px at 1280×800)
_GAP = 16  # between that column and the wins' and hands' (px at 1280×800)


class BodyTable(Protocol):
    """What the body needs of the finished table: its layout and its tiles."""

    @property
    def layout(self) -> Layout: ...

    def tile_art(self, width: int) -> TileArt: ...


class BodySource(Protocol):
    """What the body needs of its settlement: the table, its driver, the text cache, the
    language and the seats' names as the settlement says them."""

    @property
    def table(self) -> BodyTable: ...

    @property
    def ctl(self) -> TableDriver: ...

    @property
    def text(self) -> TextCache: ...

    @property
    def lang(self) -> str: ...

    def name(self, seat: int) -> str: ...


@dataclass
class Row:
    """One row of the body (a heading, a win, a ledger line, a rule, a hand): its top ``y``
    in the body, the ``size`` of what it draws, ``paint`` to draw it on a surface of that
    size (rendered once, when first needed), and its left ``x`` (a column's)."""

    y: int
    size: tuple[int, int]
    paint: Callable[[pygame.Surface], object]
    x: int = 0
    image: pygame.Surface | None = None

    def render(self) -> pygame.Surface:
        if self.image is None:
            self.image = pygame.Surface(self.size, pygame.SRCALPHA)
            self.paint(self.image)
        return self.image


@dataclass(frozen=True)
class Columns:
    """Where the body's columns go, measured from this table's names (x in a row), so a
    long name is cut short rather than run into the tiles or a payment's amount."""

    tiles: int  # a win's or a hand's tiles; the name (and "on …'s discard") end before them
    labels: tuple[str, ...]  # each payment's "payer → payee", a long name cut short
    amount: int  # the right edge of a payment's amount, after the widest label
    explain: int  # where a payment's reason and explanation start

    def names(self, lay: Layout) -> int:
        """The width of the name column left of the tiles."""
        return self.tiles - lay.px(10) - lay.px(8)


@dataclass
class Body:
    """The scrolling part laid out: every row's place (so its height is known at once),
    the rows rendered as they come into view or as time allows."""

    key: tuple[int, str]  # the width and the language it was laid out for
    height: int
    side: int  # the totals' column's height, beside it (the panel is as tall as the taller)
    rows: list[Row] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        return all(row.image is not None for row in self.rows)

    def showing(self, top: int, h: int) -> list[Row]:
        """The rows that reach into the band ``top``..``top + h``."""
        return [r for r in self.rows if r.y < top + h and r.y + r.size[1] > top]


class SettlementBody:
    """The body of ``source``'s finished hand ``width`` pixels wide in its language as it is
    now: its columns, its rows laid out (:meth:`lay_out`) and each row's drawing."""

    def __init__(self, source: BodySource, width: int, split: int | None = None) -> None:
        self.source = source
        self.table = source.table
        self.ctl = source.ctl
        self.lang = source.lang
        self.width = width
        self.split = split  # where the payments' column starts; None: one column

    @classmethod
    def arranged(cls, source: BodySource, width: int) -> SettlementBody:
        """The body ``width`` wide in one column or, where there is room for it
        (:meth:`room_for_two`), with its payments in a column of their own beside the wins
        and the hands — whichever is shorter: at 1920×1080 a plain hand's hands scrolled
        out of view under its payments, while a long ledger in a narrow column can run
        longer than in one under the hands."""
        one = cls(source, width)
        split = one.room_for_two()
        if split is None:
            return one
        two = cls(source, width, split)
        return two if two.lay_out(0).height < one.lay_out(0).height else one

    @property
    def text(self) -> TextCache:
        """The settlement's text cache (the one it has now)."""
        return self.source.text

    def name(self, seat: int) -> str:
        """``seat``'s name as the settlement says it."""
        return self.source.name(seat)

    @property
    def key(self) -> tuple[int, str]:
        """The width and the language it is laid out for."""
        return (self.width, self.lang)

    def words(self) -> Narrator:
        """The engine's sentences with this table's names (你 / You for the human seat)."""
        names = [self.name(s) for s in range(self.ctl.rules.players)]
        return Narrator(self.lang, names, you=self.ctl.seating.human)

    def lay_out(self, side: int) -> Body:
        """Every win, every ledger line and every hand (scrolls): where each row goes and
        how big it is; each is drawn when first needed. One section under the other, or
        with a :attr:`split` the payments in a column of their own right of the wins and
        the hands. ``side``: the height of the totals' column beside it."""
        lay = self.table.layout
        width = self.width
        rows: list[Row] = []
        split = self.split
        if split is None:
            y = self._wins(rows, 0, width) + lay.px(6)
            rows.append(_rule(0, y, width))
            y = self._ledger(rows, 0, y + lay.px(8), width) + lay.px(10)
            rows.append(_rule(0, y, width))
            y = self._hands(rows, y + lay.px(8), width)
        else:  # the payments first: the list ends, as in one column, with the last hand
            left = self.tiles_w
            y = self._ledger(rows, split, 0, width - split)
            tiles: list[Row] = []
            end = self._wins(tiles, 0, left) + lay.px(6)
            tiles.append(_rule(0, end, left))
            y = max(y, self._hands(tiles, end + lay.px(8), left))
            foot = max(r.y + r.size[1] for r in rows + tiles)  # (not the spacing under)
            rows += [_rule((left + split) // 2, 0, 1, foot), *tiles]  # between the columns
        return Body(self.key, y + lay.px(8), side, rows)

    def room_for_two(self) -> int | None:
        """Where a payments' column could start beside the wins and the hands: right of
        the widest row of tiles, if what is left is at least :data:`LEDGER_MIN` wide (at
        1920×1080; the panel takes the window's width there). None: no room."""
        lay = self.table.layout
        split = self._tiles_end() + lay.px(_GAP)
        return split if self.width - split >= lay.px(LEDGER_MIN) else None

    def _tiles_end(self) -> int:
        """Where the widest row of tiles, a win's or a hand's, ends (as they are drawn)."""
        lay = self.table.layout
        step = self.table.tile_art(lay.pond_w).step

        def melds_w(melds: Sequence[Meld]) -> int:
            return sum((4 if m.is_kong else 3) * step + lay.px(6) for m in melds)

        ends = []
        for win in self.ctl.round.wins:
            tiles, melds = self.hand_at_win(win)
            ends.append((len(tiles) + 1) * step + lay.px(16) + melds_w(melds))
        for seat in range(self.ctl.rules.players):
            view = self.ctl.round.view(seat)
            info = view.seats[seat]
            shown = info.revealed if info.revealed is not None else view.tiles
            n = len(shown) + len(info.win_tiles)
            ends.append(n * step + lay.px(10) + melds_w(info.melds))
        return self.tiles_x + max(ends)

    @property
    def tiles_w(self) -> int:
        """The width of the wins' and the hands' rows: the body's, or the left column's."""
        return self.width if self.split is None else self.split - self.table.layout.px(_GAP)

    def _wins(self, rows: list[Row], y: int, width: int) -> int:
        """The winners' heading from ``y`` and under it each win's row (or the line that
        says nobody won), ``width`` wide at the body's left; where they end."""
        lay = self.table.layout
        art = self.table.tile_art(lay.pond_w)
        tile_h = art.flat_size[1]
        round_ = self.ctl.round
        y += _text(rows, self._head("settle.winners"), 0, y, width) + lay.px(4)
        wins = list(round_.wins)
        if not wins:
            result = round_.result
            left = result is not None and result.reason == EndReason.LEFT
            key = "settle.left_no_winner" if left else "settle.no_winner"
            img = self.text.get(i18n.t(key, self.lang), lay.font_normal, pal.IVORY_TEXT, True)
            y += _text(rows, img, 0, y, width, lay.px(10)) + lay.px(6)
        for w in wins:
            name, how, desc = self.win_texts(w)
            extent = max(
                lay.px(8) + name.get_height(),
                lay.px(34) + how.get_height(),
                tile_h + lay.px(2) + desc.get_height(),
            )
            rows.append(Row(y, (width, extent), partial(self.win_row, win=w, x=0, y=0, art=art)))
            # a two-line "on …'s discard" keeps clear of the next winner's name
            y += max(
                tile_h + desc.get_height() + lay.px(8), lay.px(34) + how.get_height() + lay.px(10)
            )
        return y

    def _ledger(self, rows: list[Row], x: int, y: int, width: int) -> int:
        """The payments' heading from ``(x, y)`` and under it each ledger line (or the line
        that says there was none, and why), ``width`` wide; where they end."""
        lay = self.table.layout
        line_h = lay.font_small + lay.px(6)
        text_h = get_font(lay.font_small).get_height()  # a rendered line's height
        y += _text(rows, self._head("settle.ledger"), x, y, width) + lay.px(4)
        entries = list(self.ctl.round.ledger.entries)
        if not entries:
            said = i18n.t(self.quiet_reason() or "settle.empty", self.lang)
            for line in wrap_text(said, lay.font_small, width - lay.px(20)):
                img = self.text.get(line, lay.font_small, pal.UI_TEXT_DIM)
                _text(rows, img, x, y, width, lay.px(10))
                y += line_h
        cols = self.columns
        for e, label in zip(entries, cols.labels, strict=True):
            lines = self.explain_lines(e, width - cols.explain - lay.px(10))
            h = max(text_h, 1 + (len(lines) - 1) * line_h + text_h)
            paint = partial(self.ledger_line, e=e, label=label, y=0, lines=lines)
            rows.append(Row(y, (width, h), paint, x))
            y += len(lines) * line_h
        return y

    def _hands(self, rows: list[Row], y: int, width: int) -> int:
        """The hands' heading from ``y`` and under it every seat's hand, ``width`` wide at
        the body's left; where they end."""
        lay = self.table.layout
        art = self.table.tile_art(lay.pond_w)
        tile_h = art.flat_size[1]
        y += _text(rows, self._head("settle.hands"), 0, y, width) + lay.px(6)
        for seat in range(self.ctl.rules.players):
            h = max(tile_h, lay.px(4) + self.name_img(seat).get_height())
            rows.append(Row(y, (width, h), partial(self.hand_row, seat=seat, y=0, art=art)))
            y += tile_h + lay.px(6)
        return y

    def _head(self, key: str) -> pygame.Surface:
        lay = self.table.layout
        return self.text.get(i18n.t(key, self.lang), lay.font_normal, pal.GOLD, True)

    def quiet_reason(self) -> str | None:
        """Why a drawn hand paid nothing (RULES.md §6.3), as the key of a line that says so:
        everyone still in is a flower pig (a pig pays only those who are not), or none of
        them is ready (查大叫 pays only the ready), or all of them are (no one pays) — as the
        engine's 查叫 found them (``Round.end_checks``). None for another hand, or when this
        table never saw the hands (a friends' table's round has no checks)."""
        round_ = self.ctl.round
        if round_.wins or round_.ledger.entries or not isinstance(round_, Round):
            return None
        checks = [c for c in round_.end_checks if c.in_play]
        if not checks:
            return None
        if all(c.pig for c in checks):
            return "settle.empty.pigs"
        if not any(c.pig for c in checks):
            if not any(c.ready for c in checks):
                return "settle.empty.none_ready"
            if all(c.ready for c in checks):
                return "settle.empty.all_ready"
        return None

    def hand_row(self, panel: pygame.Surface, seat: int, y: int, art: TileArt) -> int:
        """``seat``'s hand laid open (RULES.md: every hand is shown at the end, a concealed
        kong with its tile), its melds and winning tiles, for checking 查大叫 lines."""
        lay = self.table.layout
        view = self.ctl.round.view(seat)
        info = view.seats[seat]
        panel.blit(self.name_img(seat), (lay.px(10), y + lay.px(4)))
        tx = self.columns.tiles
        tiles = list(info.revealed) if info.revealed is not None else list(view.tiles)
        for k in tiles:
            panel.blit(art.flat_face(k), (tx, y))
            tx += art.step
        tx += lay.px(10)
        for meld in info.melds:
            for _ in range(4 if meld.is_kong else 3):
                panel.blit(art.flat_face(meld.tile), (tx, y))
                tx += art.step
            tx += lay.px(6)
        # 血流: many wins' tiles close up, overlapping, to stay inside the row (at 1024×640
        # six or seven ran past the panel's edge)
        wins = info.win_tiles
        room = panel.get_width() - lay.px(8) - tx - art.flat_size[0]
        step = art.step if len(wins) < 2 else min(art.step, room // (len(wins) - 1))
        step = max(step, art.flat_size[0] // 3)
        for k in wins:
            panel.blit(art.flat_face(k, "hint"), (tx, y))
            tx += step
        return y + art.flat_size[1]

    def win_texts(self, win: WinRecord) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface]:
        """A win row's texts: the winner, from whom (or self-drawn), the score."""
        lay = self.table.layout
        lang = self.lang
        cols = self.columns
        col = cols.names(lay)
        # "on …'s discard" takes a second line (and a smaller font) rather than running into
        # the tiles; a name too long even for that is cut short
        how = i18n.t("settle.self_drawn", lang)
        paid = {e.reason for e in self.ctl.round.ledger.entries if e.event_index == win.event_index}
        if EventFlag.ROBBING_KONG in win.flags and win.from_seat is not None:
            how = self.discarder(win.from_seat, col, robbed=True)  # a robbed kong: no discard
        elif Reason.WIN_KONG_BLOOM_DISCARDER in paid:  # 引杠杠上花: its discarder pays alone
            how = self.words().flag_name(EventFlag.KONG_BLOOM)
        elif win.from_seat is not None:
            how = self.discarder(win.from_seat, col)
        himg = self._fitted(how, lay.font_small, col, pal.UI_TEXT_DIM, False)
        shared = self.winners_on(win)
        if shared > 1:  # 一炮多响: under whose discard, how many won on it
            key = "settle.two_winners" if shared == 2 else "settle.three_winners"
            note = self._fitted(i18n.t(key, lang), lay.font_small, col, pal.UI_TEXT_DIM, False)
            himg = _stacked([himg, note])
        # the score under the tiles: a long sum of patterns and extras ("All pungs 2 fan +
        # 1 root 1 fan + Win on kong replacement 1 fan = 4 fan ×8 + …") shrinks, then
        # wraps, inside the panel's left column
        desc = self.words().score_summary(win.score)
        room = self.tiles_w - cols.tiles - lay.px(8)
        dimg = self._fitted(desc, lay.font_normal, room, pal.GOLD_LIGHT, True)
        return self.name_img(win.seat), himg, dimg

    def winners_on(self, win: WinRecord) -> int:
        """How many won on ``win``'s tile (一炮多响, RULES.md §3, §6.1): the run of wins it
        is in, each after the first ``shared`` with it; 1 for a win of its own."""
        wins = list(self.ctl.round.wins)
        if EventFlag.MULTI not in win.flags or win not in wins:
            return 1
        first = last = wins.index(win)
        while first > 0 and wins[first].shared:
            first -= 1
        while last + 1 < len(wins) and wins[last + 1].shared:
            last += 1
        return last - first + 1

    def discarder(self, seat: int, width: int, *, robbed: bool = False) -> str:
        """电脑2点炮 / "on Bot 2's discard" — or, ``robbed``, 抢电脑2的杠 / "robbed Bot 2's
        kong" — in at most two lines ``width`` wide (the name cut short if need be)."""
        lay = self.table.layout
        names = [self.name(s) for s in range(self.ctl.rules.players)]

        def said(name: str) -> str:
            names[seat] = name
            words = Narrator(self.lang, names, you=self.ctl.seating.human)
            return words.robbed(seat) if robbed else words.discarder(seat)

        def fits(short: list[str]) -> bool:
            shrink = _shrink(lay.font_small)  # as ``_fitted`` will draw it
            lines, size = fit_text(said(short[0]), lay.font_small, width, shrink=shrink)
            return all(get_font(size).size(line)[0] <= width for line in lines)

        return said(elide_names([self.name(seat)], fits, self.lang)[0])

    def name_img(self, seat: int) -> pygame.Surface:
        """``seat``'s name in the name column of a win or a hand, cut short if too long."""
        lay = self.table.layout
        col = self.columns.names(lay)
        name = elide(self.name(seat), lay.font_normal, col, self.lang, True)
        return self.text.get(name, lay.font_normal, pal.IVORY_TEXT, True)

    @cached_property
    def tiles_x(self) -> int:
        """Where a win's or a hand's tiles start: after the names' column, as wide as the
        widest name within what leaves the tiles their room (and two fifths of the body at
        most)."""
        lay = self.table.layout
        width = self.width
        art = self.table.tile_art(lay.pond_w)
        seats = range(self.ctl.rules.players)
        bold = get_font(lay.font_normal, True)
        widest = max(bold.size(self.name(s))[0] for s in seats)
        span = max(self._tile_span(s, art) for s in seats)
        cap = max(lay.px(130), min(width - span, width * 2 // 5))
        return max(lay.px(130), min(cap, lay.px(10) + widest + lay.px(8)))

    @cached_property
    def columns(self) -> Columns:
        """The tiles after the names (:attr:`tiles_x`); a payment's amount after its widest
        "payer → payee" (three tenths of the payments' width at most: a label wider than
        that is cut short)."""
        lay = self.table.layout
        width = self.width - (self.split or 0)  # the payments' rows
        small = get_font(lay.font_small, True)
        entries = list(self.ctl.round.ledger.entries)
        labels = tuple(self._payment_label(e, width * 3 // 10) for e in entries)
        label_w = max((small.size(t)[0] for t in labels), default=0)
        amount_w = max((small.size(self._amount(e))[0] for e in entries), default=0)
        amount = lay.px(10) + label_w + lay.px(12) + amount_w
        return Columns(self.tiles_x, labels, amount, amount + lay.px(14))

    def _tile_span(self, seat: int, art: TileArt) -> int:
        """How wide ``seat``'s tiles lie in its win or hand row, about (the names' room)."""
        view = self.ctl.round.view(seat)
        info = view.seats[seat]
        tiles = info.revealed if info.revealed is not None else view.tiles
        n = len(tiles) + len(info.win_tiles) + 1 + sum(4 if m.is_kong else 3 for m in info.melds)
        return n * art.step + self.table.layout.px(24 + 6 * len(info.melds))

    def _payment_label(self, e: LedgerEntry, width: int) -> str:
        """ "payer → payee" no wider than ``width``, the longer name cut short first."""
        font = get_font(self.table.layout.font_small, True)

        def line(names: Sequence[str]) -> str:
            return i18n.t("settle.line", self.lang, payer=names[0], payee=names[1])

        names = elide_names(
            [self.name(e.payer), self.name(e.payee)],
            lambda n: font.size(line(n))[0] <= width,
            self.lang,
            lambda name: font.size(name)[0],
        )
        return line(names)

    def _amount(self, e: LedgerEntry) -> str:
        return i18n.tn("settle.amount", self.lang, e.amount, amount=e.amount)

    def _fitted(
        self, text: str, size: int, width: int, colour: Sequence[int], bold: bool
    ) -> pygame.Surface:
        """``text`` fitted into ``width`` (:func:`fit_text`), its lines on one surface: a
        size or two smaller, but never below the table's smallest text (at 1024×640 "on Bot
        1's discard" was drawn at 11 px); else in two lines."""
        lines, fitted = fit_text(text, size, width, shrink=_shrink(size), bold=bold)
        return _stacked([self.text.get(line, fitted, colour, bold) for line in lines])

    def win_row(self, panel: pygame.Surface, win: WinRecord, x: int, y: int, art: TileArt) -> int:
        lay = self.table.layout
        name, himg, dimg = self.win_texts(win)
        panel.blit(name, (x + lay.px(10), y + lay.px(8)))
        panel.blit(himg, (x + lay.px(10), y + lay.px(34)))
        tx = x + self.columns.tiles
        tiles, melds = self.hand_at_win(win)
        for k in tiles:
            panel.blit(art.flat_face(k), (tx, y))
            tx += art.step
        tx += lay.px(6)
        panel.blit(art.flat_face(win.tile, "hint"), (tx, y))
        tx += art.step + lay.px(10)
        for meld in melds:
            for _ in range(4 if meld.is_kong else 3):
                panel.blit(art.flat_face(meld.tile), (tx, y))  # 暗杠 shown at the end
                tx += art.step
            tx += lay.px(6)
        panel.blit(dimg, (x + self.columns.tiles, y + art.flat_size[1] + lay.px(2)))
        return y + art.flat_size[1] + dimg.get_height() + lay.px(4)

    def hand_at_win(self, win: WinRecord) -> tuple[list[int], list[Meld]]:
        """The winner's tiles (the winning one not among them) and melds as they were at
        ``win`` (:func:`engine.round.hand_at_win`: in 血流成河 a 门清 地胡 showed the exposed
        kong its winner made hands later); the hand as it is now when the events do not
        say (a networked seat sees another's 血流 hand blanked)."""
        round_ = self.ctl.round
        at_win = hand_at_win(getattr(round_, "events", None) or [], win)
        if at_win is None:
            view = round_.view(win.seat)
            info = view.seats[win.seat]
            now = list(info.revealed) if info.revealed is not None else list(view.tiles)
            return now, list(info.melds)
        tiles, melds = at_win
        tiles.remove(win.tile)
        return tiles, melds

    def explain_lines(self, e: LedgerEntry, width: int) -> list[str]:
        """The reason and the engine's explanation, wrapped to ``width`` pixels."""
        lang = self.lang
        reason = i18n.t("reason." + e.reason, lang) if i18n.has("reason." + e.reason) else e.reason
        explain = self.words().ledger_line(e, score=False)  # the winner's row shows the score
        # a sentence that opens with the reason's own name ("查大叫：…") is not led by it again,
        # nor is a win's, which says how it was won ("Self-drawn win — You win by self-draw…")
        said = explain.startswith(reason) or e.reason in WIN_REASONS
        text = explain if said else f"{reason} — {explain}"
        return wrap_text(text, self.table.layout.font_small, width)

    def ledger_line(
        self, panel: pygame.Surface, e: LedgerEntry, label: str, y: int, lines: list[str]
    ) -> None:
        """ "payer → payee", the amount right-aligned after the widest such label, and the
        reason with its explanation in the rest of the row (see :attr:`columns`)."""
        lay = self.table.layout
        cols = self.columns
        panel.blit(self.text.get(label, lay.font_small, pal.IVORY_TEXT, True), (lay.px(10), y))
        aimg = self.text.get(self._amount(e), lay.font_small, pal.GOLD_LIGHT, True)
        panel.blit(aimg, (cols.amount - aimg.get_width(), y))
        line_h = lay.font_small + lay.px(6)
        for i, text in enumerate(lines):
            rimg = self.text.get(text, lay.font_small, pal.UI_TEXT_DIM)
            panel.blit(rimg, (cols.explain, y + 1 + i * line_h))


def _shrink(size: int) -> int:
    """How many sizes under ``size`` a line may shrink to stay on one line: two, but never
    below the table's smallest text (:data:`MIN_FONT`)."""
    return max(0, min(2, size - MIN_FONT))


def _text(rows: list[Row], img: pygame.Surface, x: int, y: int, width: int, indent: int = 0) -> int:
    """A row ``width`` wide at ``(x, y)`` that shows ``img`` ``indent`` in; its height."""
    rows.append(Row(y, (width, img.get_height()), lambda s: s.blit(img, (indent, 0)), x))
    return img.get_height()


def _rule(x: int, y: int, w: int, h: int = 1) -> Row:
    """A gold line ``w`` × ``h`` at ``(x, y)``: under a section, or between two columns."""
    return Row(y, (w, h), lambda surface: surface.fill(pal.GOLD_DARK, (0, 0, w, h)), x)


def _stacked(imgs: Sequence[pygame.Surface]) -> pygame.Surface:
    """``imgs`` one under the other, left-aligned, on one surface."""
    out = pygame.Surface(
        (max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA
    )
    ty = 0
    for img in imgs:
        out.blit(img, (0, ty))
        ty += img.get_height()
    return out
