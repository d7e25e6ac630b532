"""Where things of one hand go on screen: the hand's tile slots, the wall's ring of stacks,
the points animations start and end at, the seat panels, and how a seat's row or column of
tiles (hand, winning tiles, melds) fits the room the layout keeps for it.

Pure functions of the :class:`~game.table.layout.Layout` (the fixed regions of the window)
and what the view says (the dice, the dealer, the tiles); positions are screen positions
(0 bottom, 1 right, 2 top, 3 left, :func:`~game.table.layout.position_of`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from engine.round import wall_stacks
from game.table.layout import Layout

__all__ = [
    "TILES",
    "HandSlot",
    "Pos",
    "Run",
    "anchor",
    "clear_of",
    "fit_runs",
    "hand_point",
    "hand_slots",
    "line_length",
    "panel_rect",
    "pond_point",
    "stack_of",
    "wall_front_point",
    "wall_ring",
    "won_kinds",
]

POSITIONS = 4
TILES = 108
Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class HandSlot:
    """One tile of the bottom hand on screen."""

    index: int
    kind: int
    rect: pygame.Rect
    drawn: bool  # the tile just drawn, shown apart


def hand_slots(lay: Layout, step: int, tiles: Sequence[int], drawn: int | None) -> list[HandSlot]:
    """The bottom hand left to right, ``step`` pixels apart; the drawn tile stands apart at
    the right end."""
    tiles = list(tiles)
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    slots: list[HandSlot] = []
    x = lay.hand_x
    for i, k in enumerate(tiles):
        slots.append(HandSlot(i, k, pygame.Rect(x, lay.hand_y, step, lay.hand_h), False))
        x += step
    if drawn is not None:
        x += lay.px(14)
        slots.append(
            HandSlot(len(tiles), drawn, pygame.Rect(x, lay.hand_y, step, lay.hand_h), True)
        )
    return slots


def anchor(lay: Layout, pos: int) -> Pos:
    """Where callouts for the seat at ``pos`` pop up."""
    cx, cy = lay.center
    hx, hy = lay.ring_half
    if pos == 0:
        return cx, lay.hand_y - lay.px(70)
    if pos == 2:
        return cx, cy - hy + lay.px(40)
    if pos == 1:
        return cx + hx + lay.px(30), cy
    return cx - hx - lay.px(30), cy


def hand_point(lay: Layout, pos: int) -> Pos:
    """Roughly the middle of the hand at ``pos``: where drawn and claimed tiles fly to."""
    if pos == 0:
        return lay.hand_x + 6 * lay.hand_w, lay.hand_y
    x, y = lay.opp_hand_origin(pos, 13)
    if pos == 2:
        return x - 6 * lay.opp_w, y
    return x, y + (6 * lay.opp_step if pos == 3 else -6 * lay.opp_step)


def pond_point(lay: Layout, pos: int, pond_size: int) -> Pos:
    """The top-left of the latest discard of the pond at ``pos`` (``pond_size`` tiles)."""
    rect, _ = lay.pond_slot(pos, max(0, pond_size - 1), pond_size)
    return rect.topleft


def wall_ring(
    dice: tuple[int, int], dealer_pos: int, stacks: Sequence[int] = wall_stacks(TILES)
) -> list[tuple[int, int]]:
    """The wall's stacks (54 of 108 tiles; ``stacks`` per screen position) as (position,
    stack) in drawing order: from the break point the dice chose, clockwise (RULES.md §2)."""
    total = sum(dice)
    side = (dealer_pos + total - 1) % POSITIONS
    order = [0, 3, 2, 1]  # clockwise on screen: bottom, left, top, right
    ring: list[tuple[int, int]] = []
    start_i = order.index(side)
    for j in range(POSITIONS):
        pos = order[(start_i + j) % POSITIONS]
        ring.extend((pos, s) for s in range(stacks[pos]))
    skip = min(dice) % stacks[side]
    return ring[skip:] + ring[:skip]


def stack_of(ring: Sequence[tuple[int, int]], tile_index: int) -> tuple[int, int] | None:
    """The stack the ``tile_index``-th tile drawn from the wall comes from (two a stack)."""
    g = tile_index // 2
    return ring[g] if g < len(ring) else None


def wall_front_point(lay: Layout, ring: Sequence[tuple[int, int]], wall_remaining: int) -> Pos:
    """The top-left of the stack the next tile is drawn from (the centre when none)."""
    g = stack_of(ring, 2 * sum(lay.wall_stacks) - wall_remaining)
    if g is None:
        return lay.center
    pos, stack = g
    return lay.wall_stack_rect(pos, stack).topleft


def panel_rect(lay: Layout, pos: int, item_bar: bool) -> pygame.Rect:
    """The seat panel at ``pos``: the right seat's sits level with its column unless the item
    bar takes that edge."""
    if pos == 1 and not item_bar:
        return lay.panel_right_free
    return lay.panels[pos]


def won_kinds(win_tiles: Sequence[int]) -> list[tuple[int, int]]:
    """A seat's winning tiles set aside (血流成河: one a win) by kind, in the order first
    won: (kind, how many times). A kind won on again is still waited on."""
    counts: dict[int, int] = {}
    for kind in win_tiles:
        counts[kind] = counts.get(kind, 0) + 1
    return list(counts.items())


@dataclass(frozen=True, slots=True)
class Run:
    """Tiles lying side by side along a seat's line: how many, how far apart, how long one
    is along the line, how close they may squeeze, and how soon (a lower ``rank`` first)."""

    count: int
    step: int
    size: int
    least: int
    rank: int

    def length(self, step: int) -> int:
        return (self.count - 1) * step + self.size if self.count else 0


GAP_RANK = 1  # the gaps between runs squeeze after rank 0 (a hidden hand's backs)


def fit_runs(runs: Sequence[Run], gap: int, least_gap: int, room: int) -> list[list[int]]:
    """Where each tile of ``runs`` starts along a line (offsets from its start), ``gap``
    between runs, the whole at most ``room`` long: at their own steps when that fits, else
    squeezed a rank at a time, down to each run's ``least`` and ``least_gap``; if even that
    is too long, everything closer together in proportion."""
    steps = [r.step for r in runs]
    gaps = max(0, sum(1 for r in runs if r.count) - 1)

    def total() -> int:
        return sum(r.length(s) for r, s in zip(runs, steps, strict=True)) + gaps * gap

    for rank in sorted({r.rank for r in runs} | {GAP_RANK}):
        over = total() - room
        if over <= 0:
            break
        if rank == GAP_RANK:
            if gaps:
                gap = max(least_gap, gap - math.ceil(over / gaps))
            continue
        which = [i for i, r in enumerate(runs) if r.rank == rank and r.count > 1]
        joints = sum(runs[i].count - 1 for i in which)
        if joints:
            cut = math.ceil(over / joints)
            for i in which:
                steps[i] = max(min(runs[i].least, steps[i]), steps[i] - cut)
    offsets: list[list[int]] = []
    at = 0
    for r, s in zip(runs, steps, strict=True):
        offsets.append([at + i * s for i in range(r.count)])
        if r.count:
            at += r.length(s) + gap
    length = total()
    if length > room:  # past every least: the same order, closer together
        last = max((r.size for r in runs if r.count), default=0)
        scale = max(0, room - last) / max(1, length - last)
        offsets = [[int(o * scale) for o in run] for run in offsets]
    return offsets


def line_length(runs: Sequence[Run], offsets: Sequence[Sequence[int]]) -> int:
    """How long the line :func:`fit_runs` laid out is, from its first tile's start to its
    last tile's end."""
    ends = [o[-1] + r.size for r, o in zip(runs, offsets, strict=True) if o]
    return max(ends, default=0)


def clear_of(
    box: pygame.Rect, keep: Sequence[pygame.Rect], bounds: pygame.Rect, gap: int
) -> pygame.Rect:
    """``box`` (a tooltip by what it explains) moved left, ``gap`` clear of each of ``keep``
    it lies over, until it lies over none, and kept inside ``bounds``. Left because what
    it explains is at the window's right (the claim buttons) and the table's middle has
    room; where left there is none, it goes above what it met, and failing that stays."""

    def slide(
        step: Callable[[pygame.Rect, list[pygame.Rect]], None], out: str
    ) -> pygame.Rect | None:
        """The box stepped past what it meets until it meets nothing (None: out of bounds)."""
        placed = box.clamp(bounds)
        for _ in range(len(keep) + 1):
            hits = [rect for rect in keep if placed.colliderect(rect)]
            if not hits:
                return placed
            step(placed, hits)
            if getattr(placed, out) < getattr(bounds, out):
                return None
        return None

    def leftwards(r: pygame.Rect, hits: list[pygame.Rect]) -> None:
        r.right = min(rect.left for rect in hits) - gap

    def upwards(r: pygame.Rect, hits: list[pygame.Rect]) -> None:
        r.bottom = min(rect.top for rect in hits) - gap

    for step, out in ((leftwards, "left"), (upwards, "top")):
        placed = slide(step, out)
        if placed is not None:  # (a Rect of no size is false: no `or` chain)
            return placed
    return box.clamp(bounds)
