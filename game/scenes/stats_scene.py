"""The statistics scene: coins, items, hands and matches, win / self-draw / deal-in rates,
the longest winning streak, the best hand (its tiles drawn with tile_art), points over the
last matches as a bar chart, how often each pattern won, and results per rules preset (its
hands, wins, matches finished first and points).

A new profile shows the same layout with friendly placeholders instead of empty charts.
A name cut short shows whole in a tip: under the pointer, or on the per-preset table's row
that has the keyboard focus (Tab or ↓ from Back, then ↑/↓ row by row).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.tiles import Meld, TileNotationError, parse_melds, parse_tiles
from game import palette as pal
from game.fonts import get_font
from game.i18n import known_pattern_name
from game.input import Command, InputEvent, InputKind
from game.item_art import draw_item
from game.match_config import variant_label
from game.profile import ITEM_IDS, Profile, scoring_model
from game.review import ReviewLog, review_worker
from game.review_chart import CHART_HANDS, draw_accuracy_chart
from game.scenes.menu_base import MenuContext, MenuScene
from game.tile_art import get_tile_art, grey_out
from game.ui.controls import Control, ScrollArea, click, draw_focus_ring
from game.ui.draw import panel
from game.ui.text import (
    MIN_TEXT,
    blit_text,
    elide,
    one_line_size,
    render_text,
    signed,
    wrap_text,
)

__all__ = [
    "BAR_FILL",
    "MIN_TEXT",
    "StatsScene",
    "best_unit_key",
    "best_win_tile",
    "parse_best_hand",
]

_GREEN = (110, 210, 140)
_RED = (236, 110, 96)
BAR_FILL = (190, 150, 64)  # a pattern's bar
_ROOM_SEP = " · "  # between a preset's name and its room (game.match_config.variant_label)
# The per-preset table's number columns, left to right: hands, hands won, their rate, the
# matches finished first of those played (3/8), the net points (bold, green or red).
PRESET_COLUMNS = (
    "stats.col.hands",
    "stats.col.wins",
    "stats.col.rate",
    "stats.col.firsts",
    "stats.col.points",
)
_POINTS = PRESET_COLUMNS.index("stats.col.points")


def parse_best_hand(text: str) -> tuple[list[int], list[Meld]] | None:
    """The tiles and melds of a best hand written ``123m456p99s`` optionally followed by
    melds after ``+``, a space or ``|`` (``P5m,A9s``); None if it does not parse."""
    for sep in ("+", "|", " "):
        if sep in text:
            hand, _, melds = text.partition(sep)
            break
    else:
        hand, melds = text, ""
    try:
        tiles = parse_tiles(hand) if hand.strip() else []
        meld_list = parse_melds(melds) if melds.strip() else []
    except (TileNotationError, ValueError):
        return None
    return (tiles, meld_list) if tiles or meld_list else None


def best_win_tile(text: str | None, tiles: list[int]) -> int | None:
    """The best hand's winning tile (kept as ``5m``) when it is one of its concealed
    ``tiles``; None for a record from before it was kept, or one that does not parse or is
    not in the hand (nothing is marked rather than a wrong tile)."""
    if not text:
        return None
    try:
        kinds = parse_tiles(text)
    except (TileNotationError, ValueError):
        return None
    return kinds[0] if len(kinds) == 1 and kinds[0] in tiles else None


def best_unit_key(preset: str | None, model: str | None = None) -> str:
    """The string key of the unit a best hand's value is in: points when the rules it was
    won under score by points (RULES.md §5.2), else fan. ``model`` is the scoring model the
    hand was won under; a save from before it was kept has only ``preset``, the name
    statistics keep (:func:`game.match_config.variant_key`): the preset's, with the room
    after an ``@`` when the players or suits were changed (``chengdu@3.3`` is still
    Chengdu's points)."""
    return "stats.unit.pts" if scoring_model(preset, model) == "points" else "stats.unit.fan"


@dataclass(frozen=True)
class _PresetRow:
    """One row of the per-preset table, laid out: its lines (the name, wrapped or cut short,
    or the name and its room under it), its numbers, and where it sits in the list."""

    label: str  # the whole name, for the pointer's tip when it was cut short
    lines: list[str]
    room_under: bool  # the second line is the room, dimmed, as wide as the row
    was_cut: bool
    cells: tuple[str, ...]  # one per PRESET_COLUMNS
    points: int
    top: int  # from the top of the list
    line_h: int  # its lines are set this far apart (:func:`_line_step`)
    text_h: int  # its lines' height (the gap under it not counted)
    num_dy: int  # the numbers, this far under the row's top
    area_w: int  # how wide its name is allowed to run


@dataclass(frozen=True)
class _PresetTable:
    """The per-preset table laid out in its panel: the columns' right edges, the names'
    width, and the rows in a list that scrolls in ``window`` when they do not all fit."""

    rights: list[int]
    label_w: int
    head_y: int
    window: pygame.Rect  # where the rows are shown
    rows: list[_PresetRow]

    @property
    def content_h(self) -> int:
        return self.rows[-1].top + self.rows[-1].text_h if self.rows else 0


def _first_shown(tops: list[int], offset: int) -> int:
    """The row a list scrolled by ``offset`` shows first: the first at or under it (a row
    is shown whole or not at all)."""
    return next((i for i, top in enumerate(tops) if top >= offset), len(tops) - 1)


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def _sign_colour(value: int) -> tuple[int, int, int]:
    """A sum's colour: green gained, red lost; none is the text's own (as its "0" has no
    sign: it was green, as a gain)."""
    if value > 0:
        return _GREEN
    return _RED if value < 0 else pal.IVORY_TEXT


def _text_size(size: int) -> int:
    return max(MIN_TEXT, size)


def _line_step(size: int, lines: list[str], bold: bool = False) -> int:
    """How far apart lines of ``lines`` at ``size`` are set so that none overlaps the next:
    the font's line spacing, or the tallest line when it is taller (at 13 and 20 px a line
    in Latin letters is a pixel taller than the spacing the font asks for)."""
    font = get_font(max(11, size), bold)
    return max([font.get_linesize(), *(font.size(line)[1] for line in lines)])


def _elide(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis if it is wider than ``width`` at ``size``. The
    mark follows the text, not the screen: the font centres "…" as Chinese sets it, and a
    name in Latin letters is cut with three full stops on either screen."""
    lang = "zh" if any(ord(ch) >= 0x2E80 for ch in text) else "en"
    return elide(text, size, width, lang, bold)


def _fit_lines(text: str, size: int, width: int, max_lines: int = 2) -> tuple[list[str], bool]:
    """``text`` at ``size`` (never smaller) in at most ``max_lines`` lines no wider than
    ``width``: one line if it fits, else wrapped, the last line cut short with an ellipsis
    when the rest still does not fit. Returns the lines and whether anything was cut."""
    if get_font(size).size(text)[0] <= width:
        return [text], False
    lines = wrap_text(text, size, width)
    if len(lines) > max_lines:  # the last line takes the rest
        start = 0
        for line in lines[: max_lines - 1]:
            start = text.index(line, start) + len(line)
        lines = [*lines[: max_lines - 1], text[start:].strip()]
    fitted = [_elide(line, size, width) for line in lines]  # a word wider than width, too
    return fitted, fitted != lines


class _RowCursor(Control):
    """The per-preset table's rows for the keyboard: with the focus ↑/↓ move a cursor over
    them, past the first or last row they leave the table. The scene draws the cursor (the
    focus frame round its row) and the whole of a name cut short there."""

    focusable = True

    def __init__(self, name: str) -> None:
        super().__init__(pygame.Rect(0, 0, 1, 1), name)
        self.cursor = 0
        self.count = 0

    def command(self, command: Command) -> bool:
        if command in (Command.SELECT_UP, Command.SELECT_DOWN):
            i = self.cursor + (1 if command is Command.SELECT_DOWN else -1)
            if 0 <= i < self.count:
                self.cursor = i
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn with the rows (:meth:`StatsScene._draw_presets`)."""


class StatsScene(MenuScene):
    """Lifetime statistics of the player's profile."""

    title_key = "stats.title"

    def __init__(self, ctx: MenuContext) -> None:
        self.reviews = ReviewLog(ctx.directory)  # 复盘: the reviewed hands' accuracy
        self.preset_scroll = ScrollArea(pygame.Rect(0, 0, 1, 1))  # the per-preset rows
        self.preset_rows = _RowCursor("presets")  # and their keyboard cursor
        super().__init__(ctx)

    def update(self, dt: float) -> None:
        super().update(dt)
        if any(j.finished for j in review_worker().poll()):  # kept in the background: re-read
            self.reviews = ReviewLog(self.ctx.directory)
        self._fit_preset_scroll()

    def build(self) -> None:
        self.add_back_button()
        self.controls.append(self.preset_rows)
        self._fit_preset_scroll()
        if self.focus < 0:
            self.focus_named("back")

    def _fit_preset_scroll(self) -> None:
        """The per-preset list's scroll area over its rows as they are laid out now (the
        profile may have changed), the bar at the panel's right edge."""
        per = self._panels()[-1]
        table = self._preset_table(per)
        scroll = self.preset_scroll
        scroll.rect = pygame.Rect(per.x, table.window.y, per.w - self.px(2), table.window.h)
        scroll.content_h = table.content_h
        scroll.scroll(0)  # back inside the new range
        rows = self.preset_rows
        rows.rect = pygame.Rect(scroll.rect)
        rows.count = len(table.rows)
        rows.enabled = rows.count > 0  # nothing to focus in a new profile
        rows.cursor = min(rows.cursor, max(0, rows.count - 1))

    def handle_first(self, ev: InputEvent) -> bool:
        """The wheel over the per-preset table, its scroll bar and Page Up/Down scroll it
        when its rows do not all fit (at 1024×640 the last ones were never shown)."""
        self._fit_preset_scroll()
        before = self.preset_scroll.offset
        if not (self.preset_scroll.max_offset > 0 and self.preset_scroll.handle(ev)):
            return False
        if ev.kind is InputKind.MOUSE_DOWN and self.preset_scroll.offset != before:
            click()  # the bar's track pressed: a page, heard as every control's press
        if self.preset_rows.focused:  # the cursor stays on a row in view: the first one
            tops = [r.top for r in self._preset_table(self._panels()[-1]).rows]
            self.preset_rows.cursor = _first_shown(tops, self.preset_scroll.offset)
        return True

    def on_command(self, command: Command) -> None:
        before = self.preset_rows.cursor
        super().on_command(command)
        if self.preset_rows.focused and self.preset_rows.cursor != before:
            self._reveal_row()

    def focus_moved(self, control: Control) -> None:
        if control is self.preset_rows:
            self._reveal_row()

    def _reveal_row(self) -> None:
        """Scroll the per-preset table to the row under the keyboard's cursor."""
        self._fit_preset_scroll()
        rows = self._preset_table(self._panels()[-1]).rows
        if rows:
            row = rows[self.preset_rows.cursor]
            self.preset_scroll.reveal(row.top, row.top + row.text_h)

    @property
    def profile(self) -> Profile:
        return self.ctx.profile

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        s = self.profile.stats
        margin, gap = px(24), px(14)
        # row 1: number cards
        cards = [
            ("stats.coins", f"{self.profile.coins:,}", self._coins_won() if s.hands else ""),
            ("stats.hands", f"{s.hands:,}", ""),
            ("stats.matches", f"{s.matches:,}", ""),
            (
                "stats.win_rate",
                _pct(s.win_rate) if s.hands else "—",
                f"{s.wins:,}/{s.hands:,}" if s.hands else "",
            ),
            (
                "stats.self_draw_rate",
                _pct(s.self_draw_rate) if s.wins else "—",
                f"{s.self_draws:,}/{s.wins:,}" if s.wins else "",
            ),
            (
                "stats.deal_in_rate",
                _pct(s.deal_in_rate) if s.hands else "—",
                f"{s.deal_ins:,}/{s.hands:,}" if s.hands else "",
            ),
            (
                "stats.streak",
                f"{s.longest_streak:,}",
                self.tn("stats.streak_now", s.current_streak, n=f"{s.current_streak:,}")
                if s.hands
                else "",
            ),
        ]
        n = len(cards)
        cw = (self.w - 2 * margin - (n - 1) * gap) // n
        top = px(80)
        # the title and the line under the figure never below MIN_TEXT (at 1024×640 they
        # were 11 and 10 px); a title too wide for its card wraps rather than shrinks
        small = _text_size(px(12))
        for i, (key, value, sub) in enumerate(cards):
            r = pygame.Rect(margin + i * (cw + gap), top, cw, px(92))
            panel(surface, r)
            title = _elide(self.t(key), _text_size(px(14)), r.w - px(10))
            blit_text(
                surface,
                title,
                _text_size(px(14)),
                pal.UI_TEXT_DIM,
                (r.centerx, r.y + px(10)),
                "midtop",
            )
            colour = pal.GOLD_LIGHT if key != "stats.deal_in_rate" else (240, 200, 170)
            blit_text(
                surface,
                value,
                px(30),
                colour,
                (r.centerx, r.y + px(45)),
                "center",
                True,
                r.w - px(10),
            )
            if sub:
                blit_text(
                    surface,
                    _elide(sub, small, r.w - px(10)),
                    small,
                    pal.UI_TEXT_DIM,
                    (r.centerx, r.bottom - px(5)),
                    "midbottom",
                )
        best, items, hist, pats, per = self._panels()
        self._draw_best(surface, best)
        self._draw_items(surface, items)
        half = (hist.h - gap) // 2
        self._draw_history(surface, pygame.Rect(hist.x, hist.y, hist.w, half))
        reviews = pygame.Rect(hist.x, hist.y + half + gap, hist.w, hist.h - half - gap)
        draw_accuracy_chart(surface, reviews, self.reviews.recent(CHART_HANDS), self.lang, px)
        cut: list[tuple[pygame.Rect, str]] = []  # the names cut short, and where
        self._draw_patterns(surface, pats, cut)
        focused = self._draw_presets(surface, per, cut)
        self._draw_tip(surface, cut, focused)

    def _coins_won(self) -> str:
        """The coins the hands played have won or lost in all (the balance over it also
        moves with the shop and the relief)."""
        net = self.profile.stats.coins
        if net == 0:
            return self.t("stats.coins_even")
        return self.t("stats.coins_won" if net > 0 else "stats.coins_lost", n=f"{abs(net):,}")

    def _panels(self) -> tuple[pygame.Rect, ...]:
        """Under the number cards: the best hand and the items; then the history (over the
        review accuracy), the patterns and the per-preset table."""
        px = self.px
        margin, gap = px(24), px(14)
        y2 = px(80) + px(92) + gap
        h2 = max(px(156), 150)  # room for the item names: three lines at 1024×640
        # the items' six names need the room more than the best hand's tiles do
        best = pygame.Rect(margin, y2, (self.w - 2 * margin - gap) * 11 // 20, h2)
        items = pygame.Rect(best.right + gap, y2, self.w - margin - best.right - gap, h2)
        y3 = y2 + h2 + gap
        h3 = self.h - y3 - px(24)
        # the patterns keep a third (their longest names on one line); the per-preset
        # table's five columns of figures and the names beside them take the room the
        # history's bars can spare
        inner = self.w - 2 * margin - 2 * gap
        hist = pygame.Rect(margin, y3, inner * 26 // 100, h3)
        pats = pygame.Rect(hist.right + gap, y3, inner // 3, h3)
        per = pygame.Rect(pats.right + gap, y3, self.w - margin - pats.right - gap, h3)
        return best, items, hist, pats, per

    def _heading(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        panel(surface, rect)
        pos = (rect.x + self.px(16), rect.y + self.px(12))
        blit_text(surface, self.t(key), self.px(18), pal.GOLD_LIGHT, pos, bold=True)

    def _placeholder(
        self, surface: pygame.Surface, rect: pygame.Rect, key: str, ghost: str = ""
    ) -> None:
        """A dashed frame, faint ghost bars and a friendly line: intentionally empty."""
        px = self.px
        inner = rect.inflate(-px(40), -px(70)).move(0, px(14))
        dash = px(8)
        edge = (70, 104, 82)
        for x in range(inner.x, inner.right, dash * 2):
            for yy in (inner.y, inner.bottom):
                pygame.draw.line(surface, edge, (x, yy), (min(x + dash, inner.right), yy), 1)
        for yy in range(inner.y, inner.bottom, dash * 2):
            for x in (inner.x, inner.right):
                pygame.draw.line(surface, edge, (x, yy), (x, min(yy + dash, inner.bottom)), 1)
        ghost_colour = (26, 80, 56)
        lines = wrap_text(self.t(key), px(15), inner.w - px(40))
        block = len(lines) * px(22)
        if ghost == "bars":  # the line on top, faint bars under it
            y = inner.y + px(14)
            area = pygame.Rect(inner.x + px(20), y + block + px(10), inner.w - px(40), 0)
            area.h = inner.bottom - px(14) - area.y
            heights = (0.3, 0.55, 0.4, 0.7, 0.5, 0.8, 0.6)
            slot = area.w // len(heights)
            for i, f in enumerate(heights):
                h = round(area.h * f)
                bar = pygame.Rect(area.x + i * slot + slot // 5, area.bottom - h, slot * 3 // 5, h)
                pygame.draw.rect(surface, ghost_colour, bar, border_radius=3)
        elif ghost == "rows":  # faint rows, the line under them
            lowest = inner.bottom - px(14) - block
            y = inner.y + px(14)
            for i, f in enumerate((0.8, 0.6, 0.45, 0.3, 0.2)):
                bar = pygame.Rect(
                    inner.x + px(20),
                    inner.y + px(24) + i * px(40),
                    round((inner.w - px(40)) * f),
                    px(20),
                )
                if bar.bottom + px(16) > lowest:
                    break
                pygame.draw.rect(surface, ghost_colour, bar, border_radius=3)
                y = bar.bottom + px(16)
        else:
            y = inner.centery - block // 2
        for line in lines:
            img = render_text(line, px(15), pal.UI_TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += px(22)

    def _draw_best(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        self._heading(surface, rect, "stats.best")
        best = self.profile.stats.best_hand
        # a newer game's or a hand-edited pattern has no name to show, only its id: none shown
        pattern = known_pattern_name(best.pattern, self.lang) if best is not None else None
        style = self.ctx.settings.tile_style
        area = pygame.Rect(rect.x + px(16), rect.y + px(42), rect.w - px(32), rect.h - px(50))
        if best is None or pattern is None:
            art = get_tile_art(px(38), style)
            for i in range(3):
                img = grey_out(art.back())
                surface.blit(img, (area.x + i * art.step, area.y + px(8)))
            blit_text(
                surface,
                self.t("stats.best_none"),
                px(17),
                pal.UI_TEXT_DIM,
                (area.x + 3 * art.step + px(20), area.y + px(34)),
                "midleft",
            )
            return
        parsed = parse_best_hand(best.tiles)
        # the value is fan, or points under a points-model preset: "1 pt", "4 pts", "4 fan";
        # then what each payer paid for the win, as the match's end says it — not the hand's
        # net (a small win in a hand of others' kongs read "-2 pts that hand"); a record from
        # before it was kept says no figure rather than that net
        unit = self.tn(best_unit_key(best.preset, best.model), best.fan)
        if best.paid is None:
            line = self.t("stats.best_line_bare", pattern=pattern, fan=best.fan, unit=unit)
        else:
            line = self.tn(
                "stats.best_line",
                best.paid,
                pattern=pattern,
                fan=best.fan,
                unit=unit,
                points=f"{best.paid:,d}",
            )
        # on the heading's row, a little smaller if need be; the preset goes under the tiles
        # when the row is too short for it, and a line too long even then is cut short
        heading_w = get_font(px(18), True).size(self.t("stats.best"))[0]
        width = rect.w - px(32) - heading_w - px(24)
        low = _text_size(px(14))
        preset = variant_label(best.preset, self.lang) if best.preset else ""
        whole = f"{line}{_ROOM_SEP}{preset}" if preset else line
        size = one_line_size(whole, px(17), width, px(17) - low, True)
        if size is not None:
            line, preset = whole, ""
        else:
            size = one_line_size(line, px(17), width, px(17) - low, True)
        if size is None:
            size, line = low, _elide(line, low, width, True)
        pos = (rect.right - px(16), rect.y + px(14))
        blit_text(surface, line, size, pal.IVORY_TEXT, pos, "topright", True)
        if preset:
            pos = (rect.right - px(16), rect.bottom - px(8))
            text = _elide(preset, low, rect.w - px(32))
            blit_text(surface, text, low, pal.UI_TEXT_DIM, pos, "bottomright")
        if parsed is None:
            blit_text(surface, best.tiles, px(20), pal.IVORY_TEXT, area.topleft)
            return
        tiles, melds = parsed
        win = best_win_tile(best.win_tile, tiles)
        if win is not None:  # set apart and lit after the hand, as the settlement shows it
            tiles.remove(win)
        count = len(tiles) + 3 * len(melds) + (1 if melds else 0) + (2 if win is not None else 0)
        tw = max(px(24), min(px(46), area.w // max(1, count) - 1))
        art = get_tile_art(tw, style)
        x = area.x
        for kind in tiles:
            surface.blit(art.face(kind), (x, area.y + px(4)))
            x += art.step
        if win is not None:
            x += art.step // 2
            surface.blit(art.face(win, "hint"), (x, area.y + px(4)))
            x += art.step
        x += art.step // 2
        for meld in melds:
            n = 4 if meld.is_kong else 3
            for j in range(n):
                img = (
                    art.flat_back()
                    if (meld.kind.value == "A" and j in (0, 3))
                    else art.flat_face(meld.tile)
                )
                surface.blit(img, (x, area.y + px(4) + (art.size[1] - art.flat_size[1])))
                x += art.step
            x += px(6)

    def _draw_items(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        self._heading(surface, rect, "stats.items")
        slot = (rect.w - px(32)) // len(ITEM_IDS)
        size = min(px(48), slot - px(8))
        names_top = rect.y + px(42) + size + get_font(px(17), True).get_linesize()
        font = self._item_name_size(slot - px(4), rect.bottom - px(4) - names_top)
        for i, item in enumerate(ITEM_IDS):
            n = self.profile.items.get(item, 0)
            cx = rect.x + px(16) + i * slot + slot // 2
            pic = draw_item(item, size)
            if n == 0:
                pic = pic.copy()
                pic.fill((90, 90, 90, 255), special_flags=pygame.BLEND_RGBA_MULT)
            r = pic.get_rect(midtop=(cx, rect.y + px(40)))
            surface.blit(pic, r)
            count = blit_text(
                surface,
                f"×{n}",
                px(17),
                pal.IVORY_TEXT if n else pal.UI_TEXT_DIM,
                (cx, r.bottom + px(2)),
                "midtop",
                True,
            )
            # never below 12 px (at 1024×640 "Heaven and" was squeezed to 10 px); three
            # lines where two are not enough
            lines = wrap_text(self.t(f"item.{item}"), font, slot - px(4))
            step = get_font(font).get_linesize()
            for j, line in enumerate(lines):
                pos = (cx, count.bottom + j * step)
                blit_text(surface, line, font, pal.UI_TEXT_DIM, pos, "midtop")

    def _item_name_size(self, width: int, room: int) -> int:
        """One size for the six item names: the largest from px(12) down to 12 at which each
        wraps to lines ``width`` wide that fit ``room`` high (at 1024×640 "Heaven and" was
        squeezed to 10 px, and a third line ran out of the panel)."""
        names = [self.t(f"item.{item}") for item in ITEM_IDS]
        for size in range(max(12, self.px(12)), 12, -1):
            high = get_font(size).get_linesize()
            if all(len(wrap_text(n, size, width)) * high <= room for n in names):
                return size
        return 12

    def _draw_history(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        self._heading(surface, rect, "stats.history")
        values = self.profile.stats.match_points[-20:]
        if not values:
            self._placeholder(surface, rect, "stats.history_none", "bars")
            return
        top = max(0, max(values))
        bottom = min(0, min(values))
        if top == bottom:  # every match level: a scale of one point above the zero line
            top = 1
        # the axis marks' column as wide as the widest of them ("+1500" at 12 px ran out
        # of the panel's left edge)
        mark = _text_size(px(12))
        marks_w = max(get_font(mark).size(signed(v))[0] for v in (0, top, bottom))
        left = max(px(46), px(16) + marks_w + px(6))
        # the sum beside the heading; under it, the chart lower, when the two would run into
        # each other (a seven-digit sum ran into "Points in recent matches" at 1024×640)
        total = sum(values)
        sum_text, sum_size = f"Σ {signed(total)}", _text_size(px(14))
        sum_w = get_font(sum_size, True).size(sum_text)[0]
        heading_w = get_font(px(18), True).size(self.t("stats.history"))[0]
        sum_at = (rect.right - px(16), rect.y + px(16))
        drop = 0
        if px(16) + heading_w + px(12) + sum_w + px(16) > rect.w:
            sum_at = (sum_at[0], rect.y + px(12) + get_font(px(18), True).get_linesize())
            drop = get_font(sum_size, True).get_linesize()
        # the lowest mark, centred on the chart's foot, clear of the caption under it (with
        # seven-digit marks the caption, centred on a narrower chart, reached under them)
        caption = self.tn("stats.history_n", len(values), n=len(values))
        caption_size = _text_size(px(13))
        foot = rect.bottom - px(6) - get_font(caption_size).size(caption)[1]
        foot = min(rect.bottom - px(30), foot - get_font(mark).get_linesize() // 2 - px(1))
        chart = pygame.Rect(rect.x + left, rect.y + px(54) + drop, rect.w - left - px(20), 0)
        chart.h = foot - chart.y
        span = top - bottom

        def y_of(v: float) -> int:
            return chart.bottom - round((v - bottom) / span * chart.h)

        zero = y_of(0)
        marked: list[int] = []  # the zero line first; an end too close to one is not labelled
        for v in (0, top, bottom):
            yy = y_of(v)
            if any(abs(yy - y) < px(14) for y in marked):
                continue
            marked.append(yy)
            pygame.draw.line(surface, (70, 110, 86), (chart.x, yy), (chart.right, yy), 1)
            blit_text(
                surface,
                signed(v),
                mark,
                pal.UI_TEXT_DIM,
                (chart.x - px(6), yy),
                "midright",
            )
        n = len(values)
        slot = chart.w / n
        bw = max(2, round(slot * 0.6))
        for i, v in enumerate(values):
            x = chart.x + round(slot * i + (slot - bw) / 2)
            yy = y_of(v)
            bar = pygame.Rect(x, min(yy, zero), bw, max(1, abs(zero - yy)))
            pygame.draw.rect(surface, _GREEN if v >= 0 else _RED, bar, border_radius=2)
        blit_text(surface, sum_text, sum_size, _sign_colour(total), sum_at, "topright", True)
        pos = (chart.centerx, rect.bottom - px(6))
        blit_text(surface, caption, caption_size, pal.UI_TEXT_DIM, pos, "midbottom")

    def _draw_patterns(
        self, surface: pygame.Surface, rect: pygame.Rect, cut: list[tuple[pygame.Rect, str]]
    ) -> None:
        """A bar per pattern; the name column is as wide as the longest name shown (leaving the
        bars a quarter of the panel), a name wider still wraps to two lines or is cut short."""
        px = self.px
        self._heading(surface, rect, "stats.patterns")
        # a pattern id this game does not know (a newer game's, a hand-edited file) stays in
        # the profile but is not listed: its name is not known, and no screen shows an id
        known = [
            (pid, name, c)
            for pid, c in self.profile.stats.patterns.items()
            if (name := known_pattern_name(pid, self.lang)) is not None
        ]
        counts = sorted(known, key=lambda e: (-e[2], e[0]))
        if not counts:
            self._placeholder(surface, rect, "stats.patterns_none", "rows")
            return
        size = _text_size(px(14))
        line_h = get_font(size).get_linesize()
        row_h = max(px(30), line_h + px(6))
        left, top, bottom = rect.x + px(16), rect.y + px(50), rect.bottom - px(8)
        inner, gap = rect.w - 2 * px(16), px(10)
        rows = [(name, c) for _, name, c in counts[: max(1, (bottom - top) // row_h)]]
        count_w = max(get_font(size, True).size(f"{c:,}")[0] for _, c in rows) + px(6)
        widest = max(get_font(size).size(name)[0] for name, _ in rows)
        label_w = min(widest, inner - gap - count_w - max(px(40), inner // 4))
        full = inner - label_w - gap - count_w  # the longest bar
        most = max(c for _, c in rows)
        y = top
        shown = 0
        for name, c in rows:
            lines, was_cut = _fit_lines(name, size, label_w)
            step = _line_step(size, lines)
            h = max(row_h, len(lines) * step + px(6))
            if y + h > bottom and y > top:
                break
            shown += 1
            text_y = y + (h - len(lines) * step) // 2
            for j, line in enumerate(lines):
                blit_text(surface, line, size, pal.IVORY_TEXT, (left, text_y + j * step))
            if was_cut:
                cut.append((pygame.Rect(left, y, label_w, h), name))
            bar_h = row_h - px(12)
            bar = pygame.Rect(
                left + label_w + gap, y + (h - bar_h) // 2, max(3, round(full * c / most)), bar_h
            )
            pygame.draw.rect(surface, BAR_FILL, bar, border_radius=3)
            pygame.draw.rect(surface, pal.GOLD_LIGHT, bar, width=1, border_radius=3)
            pos = (bar.right + px(6), bar.centery)
            blit_text(surface, f"{c:,}", size, pal.GOLD_LIGHT, pos, "midleft", True)
            y += h
        if shown < len(counts):  # the most won only: say so (the others went unmentioned)
            note = self.t("stats.patterns_top", n=shown, total=len(counts))
            pos = (rect.right - px(16), rect.y + px(16))
            blit_text(surface, note, _text_size(px(13)), pal.UI_TEXT_DIM, pos, "topright")

    def _preset_table(self, rect: pygame.Rect) -> _PresetTable:
        """The per-preset table laid out in ``rect``: each number column as wide as its widest
        entry, set from the right, and the names take the rest; a room too long for it goes
        under its preset's name, across the row; another name wraps to two lines, or is cut
        short. When the rows do not all fit, the numbers make way for a scroll bar."""
        px = self.px
        size, head = _text_size(px(14)), _text_size(px(13))
        entries = []
        for name, ps in sorted(self.profile.stats.per_preset.items(), key=lambda kv: -kv[1].hands):
            custom = name == "custom"
            label = self.t("stats.preset.custom") if custom else variant_label(name, self.lang)
            rate = _pct(ps.wins / ps.hands) if ps.hands else "—"
            # matches finished first of those played there (none finished yet: a dash)
            firsts = f"{ps.match_wins:,}/{ps.matches:,}" if ps.matches else "—"
            cells = (f"{ps.hands:,}", f"{ps.wins:,}", rate, firsts, signed(ps.points))
            entries.append((label, cells, ps.points))
        widths = [get_font(head).size(self.t(key))[0] for key in PRESET_COLUMNS]
        least = ("0000", "0000", "100%", "00/00", "+0000")  # columns keep their places
        for cells in (least, *(cells for _, cells, _ in entries)):
            for i, v in enumerate(cells):
                widths[i] = max(widths[i], get_font(size, i == _POINTS).size(v)[0])
        head_y = rect.y + px(48)
        window = pygame.Rect(rect.x, head_y + px(24), rect.w, 0)
        window.h = rect.bottom - px(8) - window.y
        left = rect.x + px(16)
        bar_x = rect.right - px(2) - 10  # ScrollArea's bar, at the right of its rect
        table = None
        for right_edge in (rect.right - px(18), min(rect.right - px(18), bar_x - px(5))):
            x = right_edge
            rights: list[int] = []
            for w in reversed(widths):
                rights.insert(0, x)
                x -= w + px(14)
            label_w = x + px(4) - left  # the names end a column gap short of the first number
            rows: list[_PresetRow] = []
            y = 0
            for label, cells, points in entries:
                name, sep, room = label.partition(_ROOM_SEP)
                room_under = bool(sep) and get_font(size).size(label)[0] > label_w
                if room_under:
                    # the room under the name, as wide as the row: the numbers stay by the name
                    area_w = rect.right - px(16) - left
                    lines = [_elide(name, size, label_w), _elide(room, size, area_w)]
                    was_cut = lines != [name, room]
                else:
                    lines, was_cut = _fit_lines(label, size, label_w)
                    area_w = label_w
                line_h = _line_step(size, [*lines, *cells])
                text_h = len(lines) * line_h
                # the numbers by the name over the room, else level with the name's lines
                num_dy = 0 if room_under else (len(lines) - 1) * line_h // 2
                rows.append(
                    _PresetRow(
                        label,
                        lines,
                        room_under,
                        was_cut,
                        cells,
                        points,
                        y,
                        line_h,
                        text_h,
                        num_dy,
                        area_w,
                    )
                )
                y += max(px(28), text_h + px(6))
            table = _PresetTable(rights, label_w, head_y, window, rows)
            if table.content_h <= window.h:
                break
        assert table is not None
        return table

    def _draw_presets(
        self, surface: pygame.Surface, rect: pygame.Rect, cut: list[tuple[pygame.Rect, str]]
    ) -> tuple[pygame.Rect, str] | None:
        """A row per preset (:meth:`_preset_table`). Only whole rows are shown: the first one
        at or under the scroll offset at the top, then as many as fit. The row under the
        keyboard's cursor gets the focus frame; returned (where and what) if its name was
        cut short."""
        px = self.px
        self._heading(surface, rect, "stats.per_preset")
        table = self._preset_table(rect)
        size, head = _text_size(px(14)), _text_size(px(13))
        left, y = rect.x + px(16), table.head_y
        blit_text(surface, self.t("stats.col.preset"), head, pal.UI_TEXT_DIM, (left, y))
        for key, x in zip(PRESET_COLUMNS, table.rights, strict=True):
            blit_text(surface, self.t(key), head, pal.UI_TEXT_DIM, (x, y), "topright")
        y += px(24)
        pygame.draw.line(
            surface,
            pal.GOLD_DARK,
            (rect.x + px(12), y - px(4)),
            (rect.right - px(12), y - px(4)),
            1,
        )
        if not table.rows:
            self._placeholder(surface, rect.inflate(0, -px(40)).move(0, px(20)), "stats.empty")
            return None
        focused: tuple[pygame.Rect, str] | None = None
        window = table.window
        offset = min(self.preset_scroll.offset, max(0, table.content_h - window.h))
        first = table.rows[_first_shown([r.top for r in table.rows], offset)].top
        for i, row in enumerate(table.rows):
            y = window.y + row.top - first
            if row.top < first:
                continue
            if y + row.text_h > window.bottom:
                break
            for j, line in enumerate(row.lines):
                colour = pal.UI_TEXT_DIM if row.room_under and j else pal.IVORY_TEXT
                blit_text(surface, line, size, colour, (left, y + j * row.line_h))
            name_area = pygame.Rect(left, y, row.area_w, row.text_h)
            if row.was_cut:
                cut.append((name_area, row.label))
            for col, (v, x) in enumerate(zip(row.cells, table.rights, strict=True)):
                points = col == _POINTS
                colour = _sign_colour(row.points) if points else pal.IVORY_TEXT
                blit_text(surface, v, size, colour, (x, y + row.num_dy), "topright", points)
            if self.preset_rows.focused and i == self.preset_rows.cursor:
                # the frame round the name and the numbers, clear of the line over the rows
                # and of the scroll bar
                frame = pygame.Rect(left - px(4), y, table.rights[-1] + px(1) - left + px(4), 0)
                frame.h = row.text_h
                draw_focus_ring(surface, frame)
                focused = (name_area, row.label) if row.was_cut else None
        if table.content_h > window.h:
            self.preset_scroll.draw_bar(surface)
        return focused

    def _draw_tip(
        self,
        surface: pygame.Surface,
        cut: list[tuple[pygame.Rect, str]],
        focused: tuple[pygame.Rect, str] | None = None,
    ) -> None:
        """The whole of a name that was cut short, above it: the one on the row with the
        keyboard focus (``focused``), else the one the pointer is on."""
        pointer = self.pointer
        under = [(a, text) for a, text in cut if pointer is not None and a.collidepoint(pointer)]
        tip = focused or next(iter(under), None)
        if tip is None:
            return
        area, text = tip
        px = self.px
        size = _text_size(px(14))
        box = pygame.Rect((0, 0), get_font(size).size(text)).inflate(px(20), px(12))
        box.bottomleft = (area.x - px(6), area.y - px(2))
        box.clamp_ip(surface.get_rect())
        panel(surface, box, (12, 36, 26, 245), radius=6)  # all but opaque: over text
        blit_text(surface, text, size, pal.IVORY_TEXT, box.center, "center")
