"""Where everything on the table goes, computed from the window size.

Positions are *screen* positions: 0 = bottom (the human, or seat 0 in a demo), 1 = right,
2 = top, 3 = left. Turn order is counter-clockwise, so the next player after the bottom one
sits on the right. A table of three leaves the top empty and one of two the sides
(``engine.round.TABLE_PLACES``); the wall keeps four sides, as long as its tiles make them.
``Layout.compute(w, h, players, tiles)`` is arithmetic on the window, tile and label sizes (the
toolbar keeps room for its widest set of labels); the table scene recomputes it on every
resize and re-renders its cached art at the new tile sizes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from engine.round import TABLE_PLACES, table_place, wall_stacks
from game import i18n
from game.fonts import get_font
from game.settings import LANGUAGES, MIN_H, MIN_W, SPEEDS
from game.ui.text import BUTTON_FONT

BASE_W, BASE_H = 1280, 800
POSITIONS = 4
POND_COLS = 6
POND_ROWS = 4  # rows before the pond starts squeezing its rows together
WALL_STACKS = wall_stacks(108)  # by screen position: bottom, right, top, left (RULES.md §2)
# Pond columns and rows (before the rows squeeze) by players: fewer seats make more tiles
# each — about 14 discards at four seats, 11 at three, 22 at two — and a short-handed pond
# grid is a row shallower, so its tiles grow into the room (``Layout.compute``).
POND_GRID = {4: (POND_COLS, POND_ROWS), 3: (POND_COLS, 3), 2: (8, 3)}
ZOOMS = (1.3, 1.25, 1.2, 1.15, 1.1, 1.05)  # pond and wall tile scales tried, largest first
MIN_FONT = 12  # no table button's label is smaller
# The replay viewer's column at the right (px at 1280×800): as wide as the controls' first
# row, and ending this far above the bottom hand — room for the review's "Best" / "Yours"
# over a marked tile (``viewer_layout``)
VIEWER_SIDE = 372
VIEWER_LIFT = 28
# Between a side wall and its seat's column of tiles (px at 1280×800): room for a winning
# tile's "×3" and the wall's break arrow. The viewer's table is narrower (its column at the
# right takes the room) and its side seats' columns stand closer to the walls: at 1024×640
# the left seat's column was 6 px from the wood rim
COLUMN_GAP = 70
VIEWER_COLUMN_GAP = 56
PANEL_CLEARANCE = 6  # between a side seat's column and its panel, at 1280×800


def _sprite_h(width: int, flat: bool) -> int:
    """Height of the art's sprite of ``width`` (face, thickness and shadow included)."""
    from game.tile_art import get_tile_art

    art = get_tile_art(width)
    return int(art.flat_size[1] if flat else art.size[1])


def _step(width: int) -> int:
    from game.tile_art import get_tile_art

    return int(get_tile_art(width).step)


@dataclass(frozen=True, slots=True)
class _Ring:
    """The centre of the table at one tile scale: pond and wall tiles, the centre box and
    the ring's half sizes."""

    pond_w: int
    pond_h: int
    pond_step_x: int
    pond_step_y: int
    wall_w: int
    wall_h: int
    wall_lift: int
    box: tuple[int, int]
    half: tuple[int, int]  # (side ponds' reach, top and bottom ponds' reach) from the centre

    @staticmethod
    def at(px: Callable[[float], int], zoom: float, players: int) -> _Ring:
        cols, rows = POND_GRID.get(players, (POND_COLS, POND_ROWS))
        pond_w = px(29 * zoom)
        pond_h = _sprite_h(pond_w, True)
        step_x = _step(pond_w)
        step_y = pond_h - max(2, pond_w // 8)
        wall_w = px(23 * zoom)
        box_w = cols * step_x + px(4)
        box_h = POND_COLS * step_x + px(4)  # as tall as six tiles: the count and the dice
        side_rows = 0 if 1 not in TABLE_PLACES.get(players, ()) else rows
        return _Ring(
            pond_w=pond_w,
            pond_h=pond_h,
            pond_step_x=step_x,
            pond_step_y=step_y,
            wall_w=wall_w,
            wall_h=_sprite_h(wall_w, True),
            wall_lift=max(2, round(wall_w * 0.28)),
            box=(box_w, box_h),
            half=(
                box_w // 2 + px(8) + side_rows * step_y + px(8),
                box_h // 2 + px(8) + rows * step_y + px(8),
            ),
        )

    def column_reach(self, px: Callable[[float], int], gap: float = COLUMN_GAP) -> int:
        """How far the side seats' columns stand from the centre: past the wall, ``gap``
        (px at 1280×800) beyond it — room for a callout and the counts of their winning
        tiles."""
        return self.half[0] + px(30) + self.wall_h + px(gap)

    def reach(self) -> tuple[int, int]:
        """How far the walls reach from the centre, across and up (their outer edges)."""
        return self.half[0] + self.wall_h, self.half[1] + self.wall_h + self.wall_lift


# --- the toolbar: its buttons, their widths and rows (placed by ``buttons.Toolbar``) ----------


class ToolbarItem(enum.Enum):
    """A button of the toolbar (labelled by ``game.table.scene``, placed by ``buttons.Toolbar``)."""

    SKIP = "skip"  # once the human has won: play the rest at once, show the result
    HINTS = "hints"
    AUTO = "auto"
    AUTO_WIN = "auto_win"  # 自动胡
    AUTO_DISCARD = "auto_discard"  # 自动摸打 (血流成河: a winner plays on)
    TRACKER = "tracker"  # 记牌器
    SPEED = "speed"
    MENU = "menu"


CHECK = " ✓"  # a toggle that is on (its label, game.table.scene)
TOOLBAR_ROW_H = 32  # a toolbar row's height at 1280x800
TOOLBAR_GAP = 6  # between its buttons and between its rows
TOOLBAR_PAD = 1.4  # a toolbar button's padding, both sides, in label sizes
TOGGLES = frozenset(
    {
        ToolbarItem.HINTS,
        ToolbarItem.AUTO,
        ToolbarItem.AUTO_WIN,
        ToolbarItem.AUTO_DISCARD,
        ToolbarItem.TRACKER,
    }
)
_TOGGLE_KEYS = (
    (ToolbarItem.HINTS, "btn.hints"),
    (ToolbarItem.AUTO_WIN, "btn.auto_win"),
    (ToolbarItem.AUTO_DISCARD, "btn.auto_discard"),
    (ToolbarItem.AUTO, "btn.auto"),
    (ToolbarItem.TRACKER, "btn.tracker"),
)


def widest_toolbar(lang: str) -> list[tuple[ToolbarItem, str]]:
    """Every button the toolbar may show at once, as the table labels them: the player has
    won at a 血流 table (Skip to result, Auto discard) with every toggle on. The layout
    keeps room for these (``Layout.toolbar``)."""
    speed = i18n.t("speed.instant", lang)
    return [
        (ToolbarItem.SKIP, i18n.t("btn.skip", lang)),
        *((what, i18n.t(key, lang) + CHECK) for what, key in _TOGGLE_KEYS),
        (ToolbarItem.SPEED, i18n.t("btn.speed", lang, speed=speed)),
        (ToolbarItem.MENU, i18n.t("btn.menu", lang)),
    ]


def _speed_labels(label: str) -> tuple[str, ...]:
    """Every label the Speed button takes in the language ``label`` is in."""
    for lang in LANGUAGES:
        labels = tuple(
            i18n.t("btn.speed", lang, speed=i18n.t("speed." + speed, lang)) for speed in SPEEDS
        )
        if label in labels:
            return labels
    return (label,)


def steady_widths(items: Sequence[tuple[ToolbarItem, str]], size: int) -> list[int]:
    """The toolbar's button widths at label ``size``, each as wide as its widest label (a
    toggle's with its ✓, Speed's at its longest speed): switching one moves no button, so
    the next one is where the pointer left it. Their padding grows with the label (not the
    theme's fixed one, ``game.ui.text.button_width``): at 1024x640 that was a row's worth."""
    font = get_font(size, True)
    pad = round(TOOLBAR_PAD * size)
    out = []
    for what, label in items:
        if what in TOGGLES:
            labels: tuple[str, ...] = (label.removesuffix(CHECK) + CHECK,)
        elif what is ToolbarItem.SPEED:
            labels = _speed_labels(label)
        else:
            labels = (label,)
        out.append(max(font.size(text)[0] for text in (label, *labels)) + pad)
    return out


def toolbar_rows(widths: Sequence[int], room: int, gap: int) -> list[range]:
    """The buttons of ``widths`` (by index) in right-aligned rows at most ``room`` wide, top
    row first: filled from the end, so Menu keeps the top right corner and a button that
    comes and goes at the start (Skip to result) moves none of the others."""
    rows: list[range] = []
    end = len(widths)
    while end > 0:
        start, used = end - 1, widths[end - 1]
        while start > 0 and used + gap + widths[start - 1] <= room:
            start -= 1
            used += gap + widths[start]
        rows.append(range(start, end))
        end = start
    return rows


def widest_rows(room: int, size: int, gap: int) -> int:
    """How many rows :func:`widest_toolbar` takes ``room`` wide at label ``size``, in the
    language that needs more (the language may change mid-hand, the layout does not)."""
    return max(
        len(toolbar_rows(steady_widths(widest_toolbar(lang), size), room, gap))
        for lang in LANGUAGES
    )


def _toolbar_place(
    px: Callable[[float], int],
    scale: float,
    players: int,
    *,
    right: int,
    top: int,
    beside_top: int,
    across_panel: int,
    above_wall: int,
    above_column: int,
) -> tuple[pygame.Rect, int]:
    """Where the toolbar's rows go, and their label size: right-aligned at the top right,
    as many rows as its widest set takes (:func:`widest_toolbar`), beside the top hand's
    row as that seat's panel is on its other side, and above the right seat's column, so
    they cover neither seat, the top wall nor any row of the top pond. With nobody across
    (three seats) one row along the top edge from where that panel would be, if it takes
    them above the wall. A smaller label only where the rows would reach the column."""
    row_h, gap = px(TOOLBAR_ROW_H), px(TOOLBAR_GAP)
    theme = max(MIN_FONT, round(BUTTON_FONT * scale))  # as ``buttons.button_font``

    def rows_at(left: int, size: int) -> pygame.Rect:
        rows = widest_rows(right - left, size, gap)
        return pygame.Rect(left, top, right - left, rows * row_h + (rows - 1) * gap)

    places = TABLE_PLACES.get(players, TABLE_PLACES[POSITIONS])
    if 2 not in places:
        band = rows_at(across_panel, theme)
        if band.bottom <= above_wall:
            return band, theme
    size = theme
    rect = rows_at(beside_top, size)
    while 1 in places and rect.bottom > above_column and size > MIN_FONT:
        size -= 1
        rect = rows_at(beside_top, size)
    return rect, size


def count_font(px: Callable[[float], int]) -> int:
    """The label size of the "×3" on a winning tile won on more than once."""
    return max(MIN_FONT - 1, px(13))


def count_size(px: Callable[[float], int]) -> tuple[int, int]:
    """The widest "×N" badge (``painter``): a seat wins at most a few dozen times."""
    font = get_font(count_font(px), True)
    return font.size("×88")[0] + px(8), font.get_linesize()


def _claim_area(
    buttons: pygame.Rect, hand_w: int, hand_h: int, px: Callable[[float], int]
) -> pygame.Rect:
    """The claim buttons and the claimed tile shown big at their left (``painter``)."""
    tile = pygame.Rect(buttons.x - hand_w - px(12), buttons.bottom - hand_h, hand_w, hand_h)
    return buttons.union(tile)


def _free_span(
    lo: int, hi: int, centre: int, blocked: Sequence[tuple[int, int]], gap: int
) -> tuple[int, int]:
    """The stretch of ``lo``..``hi`` around ``centre`` that no ``blocked`` (start, end)
    reaches, ``gap`` clear of them (nothing the layout places covers the centre itself)."""
    for start, end in blocked:
        if end <= centre:
            lo = max(lo, end + gap)
        elif start >= centre:
            hi = min(hi, start - gap)
    return lo, hi


def _note_h(px: Callable[[float], int]) -> int:
    """A seat note at its longest, with its gap to the panel: three lines (``SeatNotes``, a
    size or two smaller then)."""
    return 3 * get_font(px(15), True).get_linesize() + px(6) + px(4)


def _info_h(px: Callable[[float], int]) -> int:
    """The hand's number and room at the top left (``painter``), with a gap under them."""
    title = get_font(px(18), True).get_linesize()
    return title + px(2) + get_font(px(15)).get_linesize() + px(12)


def _tile_lines(
    px: Callable[[float], int],
    size: tuple[int, int],
    players: int,
    *,
    center: tuple[int, int],
    columns: tuple[int, int],
    opp_h: int,
    open_w: int,
    panels: Sequence[pygame.Rect],
    keep_clear: Sequence[pygame.Rect],
    status: pygame.Rect,
    hand_x: int,
) -> tuple[tuple[int, int], ...]:
    """Where each seat's row or column of tiles may run (``Layout.lines``): from the centre
    out to the nearest thing it must not reach under — the toolbar, the item column, the
    claim buttons, the status line, the seats' panels and what they say beside them (a note
    of up to three lines) — whatever the seat has won, melded or holds."""
    w, h = size
    cx, cy = center
    gap, edge = px(6), px(4)
    note_h = _note_h(px)
    places = TABLE_PLACES.get(players, TABLE_PLACES[POSITIONS])
    blocks = [*keep_clear, status]
    for pos, panel in enumerate(panels):
        if (pos if pos < POSITIONS else 1) not in places:
            continue
        blocks.append(panel)
        below = panel.copy()
        below.h = note_h
        if pos == 0:
            below.bottom = panel.top
        else:
            below.top = panel.bottom
        blocks.append(below)
    flat_h = _sprite_h(open_w, True)
    count_w, count_h = count_size(px)
    right_x, left_x = columns
    right = pygame.Rect(right_x - px(2) - count_w, 0, count_w + px(2) + opp_h, h)
    left = pygame.Rect(left_x - px(5), 0, px(5) + opp_h + px(2) + count_w, h)
    # the top row: its backs, or face-up tiles with a count or a kong's fourth tile below
    top = pygame.Rect(0, px(16), w, max(opp_h, flat_h - px(3) + count_h, flat_h + px(6)))

    def along_y(band: pygame.Rect) -> tuple[int, int]:
        hits = [(r.top, r.bottom) for r in blocks if r.colliderect(band)]
        return _free_span(edge, h - edge, cy, hits, gap)

    hits = [(r.left, r.right) for r in blocks if r.colliderect(top)]
    return (
        (hand_x, w - px(12)),
        along_y(right),
        _free_span(edge, w - edge, cx, hits, gap),
        along_y(left),
    )


def viewer_layout(w: int, h: int, players: int = POSITIONS, tiles: int = 108) -> Layout:
    """牌谱 The replay viewer's table: its review and controls have a column of their own at
    the right (``Layout.side``), the table moving left beside it, so they cover no seat's
    tiles, wall or panel — over the table they hid the right seat's column and wall."""
    return Layout.compute(w, h, players, tiles, side=VIEWER_SIDE)


def position_of(seat: int, bottom_seat: int, players: int = POSITIONS) -> int:
    """Screen position of ``seat`` when ``bottom_seat`` sits at the bottom of a table of
    ``players``."""
    return table_place(seat, bottom_seat, players)


@dataclass(frozen=True, slots=True)
class Layout:
    w: int
    h: int
    scale: float
    hand_w: int  # own hand tile width
    hand_h: int
    meld_w: int  # own melds
    badge_tile_w: int  # the small winning tiles on seat panels
    opp_w: int  # opponents' hand tiles (top: width; sides: thickness along the column)
    opp_h: int
    opp_step: int  # spacing of tiles in the side columns
    pond_w: int
    pond_h: int
    pond_step_x: int  # tile spacing along a pond row
    pond_step_y: int  # row spacing inside a pond
    wall_w: int
    wall_h: int
    wall_lift: int  # how far the upper tile of a stack is raised
    center: tuple[int, int]
    center_box: pygame.Rect
    ring_half: tuple[int, int]  # half width / half height from the centre to the walls' inner edge
    hand_y: int  # top of the own hand tiles
    hand_x: int  # left of the own hand
    panels: tuple[pygame.Rect, ...]  # seat panels by position
    panel_right_free: pygame.Rect  # the right seat's panel when no item bar is shown
    buttons: pygame.Rect  # where claim / choice buttons go (bottom right, above the hand)
    hint_y: int  # baseline row of the hint strip, above the own hand
    toolbar: pygame.Rect  # where the toolbar's rows go (hints, auto, speed, menu: top right)
    toolbar_font: int  # the toolbar's label size (its widest set fits its rows at this size)
    item_bar: pygame.Rect  # the column of item icons under the toolbar (when items are on)
    font_small: int
    font_normal: int
    font_big: int
    players: int = POSITIONS  # seats at the table (4, 3 or 2)
    wall_stacks: tuple[int, int, int, int] = WALL_STACKS  # two-high stacks by screen position
    pond_cols: int = POND_COLS
    pond_rows: int = POND_ROWS  # rows before a pond starts squeezing its rows together
    open_w: int = 0  # opponents' face-up tiles (melds, wins, a revealed hand): pond size at four
    # where each seat's row or column of tiles may run, by position: (first, last) pixel
    # along it, x for the bottom and top rows, y for the side columns (``_tile_lines``)
    lines: tuple[tuple[int, int], ...] = ((0, 0),) * POSITIONS
    # the replay viewer's column at the right, above the bottom hand, for its review and
    # controls (``viewer_layout``); empty at a table that is played
    side: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    column_gap: float = COLUMN_GAP  # between a side wall and its seat's column, at 1280×800

    @staticmethod
    def compute(
        w: int, h: int, players: int = POSITIONS, tiles: int = 108, side: int = 0
    ) -> Layout:
        """The table at a window of ``w`` × ``h``; ``side`` > 0: with a column that wide (px
        at 1280×800) kept free at the right (:func:`viewer_layout`)."""
        w, h = max(w, MIN_W), max(h, MIN_H)
        s = min(w / BASE_W, h / BASE_H)

        def px(v: float) -> int:
            return max(1, round(v * s))

        hand_w = px(54)
        hand_h = _sprite_h(hand_w, False)
        # the four-seat centre; a short-handed one at the largest tile scale that reaches no
        # further across or up than it (its shallower pond grid leaves the room)
        ring = four = _Ring.at(px, 1.0, POSITIONS)
        if players != POSITIONS:
            ring = _Ring.at(px, 1.0, players)
            limit = four.reach()
            for zoom in ZOOMS:
                bigger = _Ring.at(px, zoom, players)
                reach = bigger.reach()
                if reach[0] <= limit[0] and reach[1] <= limit[1]:
                    ring = bigger
                    break
        pond_w, pond_h = ring.pond_w, ring.pond_h
        pond_step_x, pond_step_y = ring.pond_step_x, ring.pond_step_y
        wall_w, wall_h, wall_lift = ring.wall_w, ring.wall_h, ring.wall_lift
        opp_w = px(33)
        opp_h = _sprite_h(opp_w, False)
        opp_step = px(24)

        top_band = px(16) + opp_h + px(10)
        bottom_band = px(14) + hand_h + px(40)
        cy = (top_band + (h - bottom_band)) // 2
        margin = px(12)
        side_w = px(side) if side > 0 else 0
        gap: float = VIEWER_COLUMN_GAP if side_w else COLUMN_GAP
        side_x = w - margin - side_w
        # the table centred in the room the column leaves (its side seats' columns reach as
        # far each way), else in the window
        cx = (margin + side_x - px(8)) // 2 if side_w else w // 2
        half = ring.half[1]
        center_box = pygame.Rect(0, 0, *ring.box)
        center_box.center = (cx, cy)

        hand_y = h - px(14) - hand_h
        panel_w, panel_h = px(186), px(92)
        # each seat's panel sits beside its own hand: the human's bottom left, the left seat's
        # on the left edge level with its column, the top seat's beside the top row, the right
        # seat's on the right edge under the toolbar and the item column, beside its column
        top_hand_w = 14 * opp_w
        wall_top = cy - half - wall_h - wall_lift
        open_step = _step(four.pond_w)
        column = max(  # the right seat's longest column: fourteen tiles, or melds and the rest
            (14 - 3 * m) * opp_step + px(14) + m * (3 * open_step + px(8)) for m in range(5)
        )
        toolbar, toolbar_font = _toolbar_place(
            px,
            s,
            players,
            right=w - margin,
            top=margin,
            beside_top=cx + top_hand_w // 2 + px(24),
            across_panel=cx - top_hand_w // 2 - px(24) - panel_w,
            above_wall=wall_top - px(8),
            above_column=cy - column // 2 - px(8),
        )
        if side_w:  # the viewer's toolbar is Speed and Menu: one row atop its column
            toolbar = pygame.Rect(side_x, margin, side_w, px(TOOLBAR_ROW_H))
            toolbar_font = max(MIN_FONT, round(BUTTON_FONT * s))
        icon, icon_gap, icon_pad = px(48), px(10), px(6)
        item_bar = pygame.Rect(0, 0, icon + 2 * icon_pad, 6 * icon + 5 * icon_gap + 2 * icon_pad)
        item_bar.topright = (w - margin, toolbar.bottom + px(14) - icon_pad)
        panels = (
            pygame.Rect(margin, h - margin - panel_h, panel_w, panel_h),
            pygame.Rect(w - margin - panel_w, item_bar.bottom + px(12), panel_w, panel_h),
            pygame.Rect(0, margin, panel_w, panel_h),
            pygame.Rect(margin, cy - panel_h // 2, panel_w, panel_h),
        )
        panels[2].right = cx - top_hand_w // 2 - px(24)
        panel_right_free = panels[1].copy()
        panel_right_free.centery = cy
        if not side_w:
            # the side seats' columns keep a gap from the panels level with them: at some
            # scales (1440×900) the ring's tiles, rounded up, leave less room than at 1280×800
            # and the left column stood 1 px from its panel, so the wall-to-column gap gives
            # way (the reference sizes keep theirs)
            room = min(
                cx - opp_h - panels[3].right - px(PANEL_CLEARANCE),
                panels[1].left - px(PANEL_CLEARANCE) - opp_h - cx,
            )
            excess = ring.column_reach(px, gap) - room
            if excess > 0:
                gap = (px(gap) - excess) / s
        side_rect = pygame.Rect(0, 0, 0, 0)
        if side_w:
            # the right seat's panel heads the column under the toolbar, its note under it
            # and then the column; the left seat's goes to the top left corner under the
            # hand's name, its column moving out to the window's edge; the top seat's goes
            # beside the right end of its row
            panels[1].topright = (w - margin, toolbar.bottom + px(12))
            panel_right_free = panels[1].copy()
            panels[3].topleft = (margin, px(16) + _info_h(px))
            panels[2].left = cx + top_hand_w // 2 + px(24)
            top = panels[1].bottom + _note_h(px) + px(8)
            bottom = hand_y - px(VIEWER_LIFT)
            side_rect = pygame.Rect(side_x, top, side_w, bottom - top)
        buttons = pygame.Rect(0, 0, px(420), px(52))
        buttons.bottomright = (w - margin, hand_y - px(10))
        hint_y = hand_y - px(46)
        lines = _tile_lines(
            px,
            (w, h),
            players,
            center=(cx, cy),
            columns=(cx + ring.column_reach(px, gap), cx - ring.column_reach(px, gap) - opp_h),
            opp_h=opp_h,
            open_w=four.pond_w,
            panels=(*panels, panel_right_free),
            keep_clear=(toolbar, item_bar, _claim_area(buttons, hand_w, hand_h, px)),
            status=pygame.Rect(0, hint_y - px(8), w, hand_y - hint_y + px(8)),
            hand_x=panels[0].right + px(24),
        )
        return Layout(
            w=w,
            h=h,
            scale=s,
            hand_w=hand_w,
            hand_h=hand_h,
            meld_w=px(40),
            badge_tile_w=px(20),
            opp_w=opp_w,
            opp_h=opp_h,
            opp_step=opp_step,
            pond_w=pond_w,
            pond_h=pond_h,
            pond_step_x=pond_step_x,
            pond_step_y=pond_step_y,
            wall_w=wall_w,
            wall_h=wall_h,
            wall_lift=wall_lift,
            center=(cx, cy),
            center_box=center_box,
            ring_half=(ring.half[0] + px(30), half),
            hand_y=hand_y,
            hand_x=panels[0].right + px(24),
            panels=panels,
            panel_right_free=panel_right_free,
            buttons=buttons,
            hint_y=hint_y,
            toolbar=toolbar,
            toolbar_font=toolbar_font,
            item_bar=item_bar,
            font_small=px(15),
            font_normal=px(18),
            font_big=px(44),
            players=players,
            wall_stacks=wall_stacks(tiles),
            pond_cols=POND_GRID.get(players, (POND_COLS, POND_ROWS))[0],
            pond_rows=POND_GRID.get(players, (POND_COLS, POND_ROWS))[1],
            open_w=four.pond_w,  # their rows and columns stay as long as at four seats
            lines=lines,
            side=side_rect,
            column_gap=gap,
        )

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    def place(self, seat: int, bottom_seat: int) -> int:
        """Screen position of ``seat`` at this table when ``bottom_seat`` sits at the bottom."""
        return position_of(seat, bottom_seat, self.players)

    @property
    def callout_bounds(self) -> pygame.Rect:
        """Where a callout's plate may lie: between the side seats' columns (a plate over a
        seat's own tiles hid the pong it announced), right of the left seat's panel and left
        of the right seat's panel and the item column, so a long score line never covers a
        seat's name or runs off the window. In the viewer (``side``) the left seat's panel
        is at the top left, out of the callouts' way, and the review and controls at the
        right are."""
        gap = self.px(8)
        places = TABLE_PLACES.get(self.players, TABLE_PLACES[POSITIONS])
        reach = self.ring_half[0] + self.wall_h + self.px(self.column_gap)  # ``column_reach``
        if self.side.w:
            left = self.px(12)
            right = self.side.left - gap
        else:
            left = self.panels[3].right + gap
            right = min(self.panel_right_free.left, self.item_bar.left) - gap
        if 3 in places:
            left = max(left, self.center[0] - reach + gap)
        if 1 in places:
            right = min(right, self.center[0] + reach - gap)
        return pygame.Rect(left, gap, max(1, right - left), self.h - 2 * gap)

    @property
    def tiles(self) -> int:
        """Tiles in the full wall (108, 72 or 36)."""
        return 2 * sum(self.wall_stacks)

    # --- ponds ----------------------------------------------------------------------------

    def pond_slot(self, pos: int, index: int, count: int) -> tuple[pygame.Rect, int]:
        """Rect (on screen, already rotated) and rotation in degrees of discard ``index``.

        Ponds read from their owner's point of view: left to right, rows moving away from
        the centre box toward the owner. Rows past the fourth squeeze the spacing.
        """
        cx, cy = self.center
        box_w, box_h = self.center_box.size
        across, up = (box_w, box_h) if pos in (0, 2) else (box_h, box_w)
        gap = self.px(8)
        cols, max_rows = self.pond_cols, self.pond_rows
        row, col = divmod(index, cols)
        rows = max(max_rows, (count + cols - 1) // cols)
        step = self.pond_step_y if rows <= max_rows else self.pond_step_y * max_rows // rows
        along = (
            -(across // 2) + self.px(2) + col * self.pond_step_x
        )  # offset along the owner's left→right axis
        out = up // 2 + gap + row * step  # distance from the centre toward the owner
        w, h = self.pond_w, self.pond_h
        if pos == 0:
            return pygame.Rect(cx + along, cy + out, w, h), 0
        if pos == 2:
            return pygame.Rect(cx - along - w, cy - out - h, w, h), 180
        if pos == 1:  # owner on the right: their left→right runs bottom→top
            return pygame.Rect(cx + out, cy - along - w, h, w), 90
        return pygame.Rect(cx - out - h, cy + along, h, w), 270

    # --- wall -----------------------------------------------------------------------------

    def wall_stack_rect(self, pos: int, stack: int) -> pygame.Rect:
        """The footprint of one 2-high stack of the wall side in front of position ``pos``.

        Stacks are numbered from the owner's right to left, the direction tiles are drawn.
        """
        cx, cy = self.center
        hx, hy = self.ring_half
        n = self.wall_stacks[pos]
        w, h = self.wall_w, self.wall_h
        along = n * w // 2 - (stack + 1) * w  # owner's left→right offset of the stack
        if pos == 0:
            return pygame.Rect(cx + along, cy + hy, w, h)
        if pos == 2:
            return pygame.Rect(cx - along - w, cy - hy - h, w, h)
        if pos == 1:
            return pygame.Rect(cx + hx, cy - along - w, h, w)
        return pygame.Rect(cx - hx - h, cy + along, h, w)

    # --- hands ----------------------------------------------------------------------------

    def opp_hand_origin(self, pos: int, tiles: int) -> tuple[int, int]:
        """Top-left of the first tile of an opponent's row/column of ``tiles`` tiles."""
        cx, cy = self.center
        if pos == 2:
            return cx + tiles * self.opp_w // 2 - self.opp_w, self.px(16)
        span = tiles * self.opp_step
        hx = self.ring_half[0] + self.wall_h + self.px(self.column_gap)  # ``column_reach``
        if pos == 1:
            return cx + hx, cy + span // 2 - self.opp_step
        return cx - hx - self.opp_h, cy - span // 2
