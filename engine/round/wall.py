"""The wall, the deal and 换三张 directions (RULES.md §2, §3.1); wall building for tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.tiles import NUM_KINDS, NUM_TILES, format_tile, parse_tiles

SEATS = 4
HAND_SIZE = 13

EXCHANGE_DIRECTIONS = ("across", "clockwise", "counter_clockwise")


def exchange_direction(dice: tuple[int, int]) -> str:
    """换三张 direction from the opening dice (RULES.md §3.1; decided here): the sum mod 3 —
    0 across, 1 clockwise (to the previous seat in turn order), 2 counter-clockwise (to the
    next seat). The three are equally likely with two dice."""
    return EXCHANGE_DIRECTIONS[(dice[0] + dice[1]) % 3]


def exchange_target(seat: int, direction: str) -> int:
    """Who receives ``seat``'s three tiles."""
    step = {"across": 2, "clockwise": 3, "counter_clockwise": 1}[direction]
    return (seat + step) % SEATS


def deal_order(dealer: int) -> list[int]:
    """Which seat receives each of the first 53 tiles of the wall: three rounds of four tiles
    from the dealer on, one tile each, then the dealer's 14th (跳牌; RULES.md §2)."""
    order: list[int] = []
    for _ in range(3):
        for i in range(SEATS):
            order.extend([(dealer + i) % SEATS] * 4)
    for i in range(SEATS):
        order.append((dealer + i) % SEATS)
    order.append(dealer)
    return order


def compose_wall(
    hands: Sequence[Sequence[int] | str],
    draws: Sequence[int] | str = (),
    dealer: int = 0,
    rest: Sequence[int] | str | None = None,
) -> list[int]:
    """A 108-kind wall that deals ``hands`` (by seat; the dealer's has 14 tiles, the others
    13), then draws ``draws`` in order, then ``rest`` (default: the unused tiles, sorted).
    Tiles are kinds or notation (``compose_wall(["123m...", ...], "5p6p")``). For tests and
    the tutorial; raises ValueError if a kind is used more than 4 times."""
    seats = [parse_tiles(h) if isinstance(h, str) else list(h) for h in hands]
    draw_kinds = parse_tiles(draws) if isinstance(draws, str) else list(draws)
    sizes = [len(h) for h in seats]
    expected = [HAND_SIZE + (1 if s == dealer else 0) for s in range(SEATS)]
    if len(seats) != SEATS or sizes != expected:
        raise ValueError(f"hands must have sizes {expected} (dealer {dealer}), got {sizes}")
    wall: list[int] = [seats[seat].pop(0) for seat in deal_order(dealer)]
    wall.extend(draw_kinds)
    counts = [0] * NUM_KINDS
    for k in wall:
        counts[k] += 1
    if rest is None:
        wall.extend(k for k in range(NUM_KINDS) for _ in range(4 - counts[k]))
    else:
        wall.extend(parse_tiles(rest) if isinstance(rest, str) else rest)
    _check_wall_kinds(wall)
    return wall


def _check_wall_kinds(wall: Sequence[int]) -> None:
    counts = [0] * NUM_KINDS
    for k in wall:
        if not 0 <= k < NUM_KINDS:
            raise ValueError(f"tile kind {k!r} in the wall is not 0-26")
        counts[k] += 1
    if len(wall) != NUM_TILES or any(c != 4 for c in counts):
        bad = [f"{format_tile(k)}×{c}" for k, c in enumerate(counts) if c != 4]
        raise ValueError(
            f"a wall has 108 tiles, four of each kind; got {len(wall)} tiles"
            + (f", wrong counts: {', '.join(bad)}" if bad else "")
        )
