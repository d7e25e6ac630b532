"""The wall, the deal and 换三张 directions (RULES.md §2, §3.1) for 4, 3 or 2 seats
(docs/rules-short-handed.md); wall building for tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tiles import COPIES, NUM_KINDS, SUITS, format_tile, parse_tiles

SEATS = 4
"""Seats of the full table; a round has ``rules.players`` of them (4, 3 or 2)."""
HAND_SIZE = 13

EXCHANGE_DIRECTIONS = ("across", "clockwise", "counter_clockwise")

# Where each seat of an N-seat table sits at the four-seat table, counted counter-clockwise
# from seat 0 (0 = seat 0's place, 1 = on its right, 2 = across, 3 = on its left): three
# players leave the seat across empty, two face each other (docs/rules-short-handed.md).
TABLE_PLACES: dict[int, tuple[int, ...]] = {4: (0, 1, 2, 3), 3: (0, 1, 3), 2: (0, 2)}

WALL_SIDES = 4
"""The wall is drawn as four sides of two-high stacks whatever the seat count."""


def table_place(seat: int, viewer: int, players: int = SEATS) -> int:
    """Where ``seat`` sits at the four-seat table as ``viewer`` sees it: 0 = ``viewer``'s own
    place (the bottom of the screen), 1 = right, 2 = across, 3 = left. With three players
    nobody sits across; with two the other player always does."""
    places = TABLE_PLACES[players]
    return places[(seat - viewer) % players]


def wall_stacks(num_tiles: int) -> tuple[int, int, int, int]:
    """Two-high stacks per side of the wall, by place at the four-seat table as
    :func:`table_place` counts them (0 = the viewer's side, 1 right, 2 across, 3 left):
    108 tiles are 14, 13, 14, 13 stacks (RULES.md §2), 72 are 9 a side and 36 are 5, 4, 5, 4
    — as evenly as the stacks allow, the longer sides facing each other (decided here)."""
    stacks = num_tiles // 2
    low, extra = divmod(stacks, WALL_SIDES)
    # The extra stacks go to sides 0 and 2 first (14/13/14/13), then 1 and 3.
    order = (0, 2, 1, 3)
    sides = [low] * WALL_SIDES
    for side in order[:extra]:
        sides[side] += 1
    return (sides[0], sides[1], sides[2], sides[3])


def exchange_direction(dice: tuple[int, int], players: int = SEATS) -> str:
    """换三张 direction from the opening dice (RULES.md §3.1; decided here): with four
    players the sum mod 3 — 0 across, 1 clockwise (to the previous seat in turn order), 2
    counter-clockwise (to the next seat); the three are equally likely with two dice. With
    three (nobody across) the sum's parity — even clockwise, odd counter-clockwise; with
    two, always across (to the other player)."""
    total = dice[0] + dice[1]
    if players == 4:
        return EXCHANGE_DIRECTIONS[total % 3]
    if players == 3:
        return EXCHANGE_DIRECTIONS[1 + total % 2]
    return "across"


def exchange_target(seat: int, direction: str, players: int = SEATS) -> int:
    """Who receives ``seat``'s three tiles."""
    step = {"across": players // 2, "clockwise": players - 1, "counter_clockwise": 1}[direction]
    return (seat + step) % players


def deal_order(dealer: int, players: int = SEATS) -> list[int]:
    """Which seat receives each of the first 13 × players + 1 tiles of the wall (53, 40 or
    27): three rounds of four tiles from the dealer on, one tile each, then the dealer's
    14th (跳牌; RULES.md §2)."""
    order: list[int] = []
    for _ in range(3):
        for i in range(players):
            order.extend([(dealer + i) % players] * 4)
    for i in range(players):
        order.append((dealer + i) % players)
    order.append(dealer)
    return order


def wall_kinds(suits: str = SUITS) -> list[int]:
    """Every tile of a wall of ``suits`` (``"mps"``, ``"ps"``, ``"m"`` …), by kind, sorted:
    four copies of each kind of each suit."""
    return [k for k in range(NUM_KINDS) if SUITS[k // 9] in suits for _ in range(COPIES)]


def wall_ids(suits: str = SUITS) -> list[int]:
    """The physical tile ids (kind × 4 + copy) of a wall of ``suits``, sorted: 0–107 for all
    three suits."""
    return [k * COPIES + c for k in range(NUM_KINDS) if SUITS[k // 9] in suits for c in range(4)]


def compose_wall(
    hands: Sequence[Sequence[int] | str],
    draws: Sequence[int] | str = (),
    dealer: int = 0,
    rest: Sequence[int] | str | None = None,
    *,
    suits: str = SUITS,
) -> list[int]:
    """A wall that deals ``hands`` (by seat, one per player: 4, 3 or 2; the dealer's has
    14 tiles, the others 13), then draws ``draws`` in order, then ``rest`` (default: the
    unused tiles, sorted). ``suits``: the suits of the wall (``rules.suits``): 108, 72 or 36
    tiles. Tiles are kinds or notation (``compose_wall(["123m...", ...], "5p6p")``). For tests
    and the tutorial; raises ValueError if a kind is used more than 4 times or is not of
    ``suits``."""
    seats = [parse_tiles(h) if isinstance(h, str) else list(h) for h in hands]
    players = len(seats)
    if players not in TABLE_PLACES:
        raise ValueError(f"hands: one per player (2-4), got {players}")
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0-{players - 1}, got {dealer!r}")
    draw_kinds = parse_tiles(draws) if isinstance(draws, str) else list(draws)
    sizes = [len(h) for h in seats]
    expected = [HAND_SIZE + (1 if s == dealer else 0) for s in range(players)]
    if sizes != expected:
        raise ValueError(f"hands must have sizes {expected} (dealer {dealer}), got {sizes}")
    wall: list[int] = [seats[seat].pop(0) for seat in deal_order(dealer, players)]
    wall.extend(draw_kinds)
    counts = [0] * NUM_KINDS
    for k in wall:
        counts[k] += 1
    if rest is None:
        wall.extend(
            k for k in range(NUM_KINDS) if SUITS[k // 9] in suits for _ in range(4 - counts[k])
        )
    else:
        wall.extend(parse_tiles(rest) if isinstance(rest, str) else rest)
    _check_wall_kinds(wall, suits)
    return wall


def _check_wall_kinds(wall: Sequence[int], suits: str = SUITS) -> None:
    counts = [0] * NUM_KINDS
    for k in wall:
        if not 0 <= k < NUM_KINDS:
            raise ValueError(f"tile kind {k!r} in the wall is not 0-26")
        counts[k] += 1
    want = [COPIES if SUITS[k // 9] in suits else 0 for k in range(NUM_KINDS)]
    size = sum(want)
    if len(wall) != size or counts != want:
        bad = [f"{format_tile(k)}×{c}" for k, c in enumerate(counts) if c != want[k]]
        of = "four of each kind" + ("" if suits == SUITS else f" of {suits}")
        raise ValueError(
            f"a wall has {size} tiles, {of}; got {len(wall)} tiles"
            + (f", wrong counts: {', '.join(bad)}" if bad else "")
        )
