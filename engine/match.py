"""Matches: a sequence of hands with dealer rotation (RULES.md §7) and coins (§6.5).

A match knows nothing about how a hand is played; it takes each hand's outcome — who dealt,
who won first and how, who dealt in, and the ledger's transfers — and decides who deals next
and how the points turn into coins. A match has ``rules.players`` seats (4, 3 or 2); who deals
its first hand is :func:`first_dealer` (the option ``first_dealer``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.rules import RuleSet

SEATS = 4
"""Seats of the full table (a match has ``rules.players`` of them)."""
DRAW_FIRST_DEALER = -1
"""``MatchState.dealer``'s default: the first dealer is :func:`first_dealer` of the rules and
seed."""
_FIRST_DEALER_SALT = 0xF1257DEA1


@dataclass(frozen=True, slots=True)
class Transfer:
    """One ledger line reduced to what coins need: ``payer`` gives ``amount`` points."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What dealer rotation and coins need to know about a finished hand.

    ``first_winners``: the seat(s) of the hand's first winning event (several on one
    discard: 一炮多响); ``first_win_from``: the discarder of that event (None if self-drawn);
    ``first_deal_in``: the first seat that dealt in (点炮) during the hand, if any.
    """

    dealer: int
    first_winners: tuple[int, ...] = ()
    first_win_from: int | None = None
    first_deal_in: int | None = None
    transfers: tuple[Transfer, ...] = ()

    @property
    def drawn(self) -> bool:
        """No one won at all (流局 with no winner)."""
        return not self.first_winners

    def net_points(self, players: int = SEATS) -> list[int]:
        net = [0] * players
        for t in self.transfers:
            net[t.payer] -= t.amount
            net[t.payee] += t.amount
        return net


def first_dealer(rules: RuleSet, seed: int) -> int:
    """Who deals the first hand of a match with seed ``seed`` (option ``first_dealer``): seat
    0 (``east``, as the four-seat game always did), or a seat drawn from the seed
    (``random``, the short-handed rooms' custom: docs/rules-short-handed.md). The game, the
    server and the simulator's matches all ask here, so the same seed seats the same first
    dealer everywhere."""
    if rules.first_dealer == "east":
        return 0
    return random.Random(seed ^ _FIRST_DEALER_SALT).randrange(rules.players)


def next_dealer(rules: RuleSet, outcome: HandOutcome, rng: random.Random) -> int:
    """Who deals the next hand (RULES.md §7, option ``next_dealer``)."""
    if rules.next_dealer == "dice":
        # 血战 platform (002): dice every hand; the sum counts seats counter-clockwise from
        # the current dealer, the dealer being 1 (as when dice pick the wall side, §2).
        total = rng.randint(1, 6) + rng.randint(1, 6)
        return (outcome.dealer + total - 1) % rules.players
    if outcome.drawn:
        # 流局连庄 only when nobody won. RULES.md is ambiguous here: §3.8 calls a 血战 hand
        # whose wall runs out with two or more players unwon "drawn", and §7 says both "the
        # first winner deals next" and "after a drawn hand the dealer stays". Decided as a
        # Sichuan table plays it (seed 004: 由上一局第一個胡牌者當莊): a hand with a winner
        # passes the deal to its first winner however it ended; only a hand nobody won
        # keeps its dealer.
        return outcome.dealer
    if rules.next_dealer == "discarder":
        # RULES.md §7 "discarder": the player who dealt in deals. Decided here: a hand whose
        # wins were all self-drawn has no such player, so its first winner deals.
        if outcome.first_deal_in is not None:
            return outcome.first_deal_in
        return outcome.first_winners[0]
    # "first_winner": the first winner deals, also when the wall ran out after that win
    # (the decision above).
    if len(outcome.first_winners) > 1 and outcome.first_win_from is not None:
        return outcome.first_win_from  # 一炮多响 → 点炮者坐庄
    return outcome.first_winners[0]


def standings(points: Mapping[int, int]) -> list[tuple[int, int]]:
    """(place, seat) of the seats of ``points`` (seat → the match's points), highest first;
    equal points share a place ("1st", "1st", "3rd"), seats in seat order within it."""
    order = sorted(points, key=lambda seat: (-points[seat], seat))
    out: list[tuple[int, int]] = []
    for i, seat in enumerate(order):
        tie = i > 0 and points[seat] == points[order[i - 1]]
        out.append((out[-1][0] if tie else i + 1, seat))
    return out


def _split(amount: int, claims: dict[int, int]) -> dict[int, int]:
    """Share ``amount`` in proportion to ``claims`` (floor; remainder to the largest claim,
    ties to the lowest seat) — RULES.md §6.5."""
    total = sum(claims.values())
    if total <= 0 or amount <= 0:
        return {seat: 0 for seat in claims}
    shares = {seat: amount * claim // total for seat, claim in claims.items()}
    remainder = amount - sum(shares.values())
    if remainder:
        largest = min(claims, key=lambda s: (-claims[s], s))
        shares[largest] += remainder
    return shares


def settle_coins(
    coins: Sequence[int], transfers: Iterable[Transfer], coins_per_point: int
) -> list[int]:
    """Coin change per seat for one hand (RULES.md §6.5).

    Each pair of seats settles what one owes the other, net of what the other owes it, in
    coins (points × ``coins_per_point``). A seat that cannot pay all it owes pays everything
    it has — its coins and what it receives this hand — and the seats it owes share that
    in proportion to what they were owed (floor; remainder to the largest claim). A seat
    that is paid short may in turn be short for its own debts (a winner who owed a third
    seat more than it has, counting on the loser's payment): it then pays all it has in the
    same way, so no seat ever ends below zero coins. When every seat can pay, everyone's
    coins move by its net points × ``coins_per_point``. The result sums to zero. There are
    as many seats as ``coins`` has entries (4, 3 or 2).

    Worked out as a clearing: every seat first pays all it owes; a seat whose coins and
    receipts do not cover that pays them out pro rata instead, which can only lower what
    others receive, so payments only ever fall (each is kept at most what it was) and
    settle in a few rounds.
    """
    seats = range(len(coins))
    flows = [[0] * len(coins) for _ in seats]
    for t in transfers:
        flows[t.payer][t.payee] += t.amount
    owes = [[max(0, flows[i][j] - flows[j][i]) * coins_per_point for j in seats] for i in seats]
    paid = [list(row) for row in owes]
    changed = True
    while changed:
        changed = False
        for i in seats:
            debts = {j: owes[i][j] for j in seats if owes[i][j] > 0}
            if not debts:
                continue
            have = max(coins[i], 0) + sum(paid[j][i] for j in seats)
            if sum(paid[i]) <= have and all(paid[i][j] == owes[i][j] for j in debts):
                continue
            shares = _split(min(have, sum(debts.values())), debts)
            row = [min(paid[i][j], shares.get(j, 0)) for j in seats]
            if row != paid[i]:
                paid[i] = row
                changed = True
    return [sum(paid[j][s] for j in seats) - sum(paid[s]) for s in seats]


@dataclass
class MatchState:
    """Running state of a match: who deals, points and coins so far, hands played.

    ``dealer`` left out (:data:`DRAW_FIRST_DEALER`) is :func:`first_dealer` of the rules and
    the seed; ``points`` and ``coins`` left out are one 0 per seat (``rules.players``)."""

    rules: RuleSet
    seed: int
    dealer: int = DRAW_FIRST_DEALER
    hand_index: int = 0
    points: list[int] = field(default_factory=list)
    coins: list[int] = field(default_factory=list)
    use_coins: bool = False

    def __post_init__(self) -> None:
        n = self.rules.players
        if self.dealer == DRAW_FIRST_DEALER:
            self.dealer = first_dealer(self.rules, self.seed)
        if not 0 <= self.dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, got {self.dealer!r}")
        for name in ("points", "coins"):
            values = getattr(self, name)
            if not values:
                setattr(self, name, [0] * n)
            elif len(values) != n:
                raise ValueError(f"{name}: one per seat ({n}), got {len(values)}")

    @property
    def players(self) -> int:
        return self.rules.players

    def hand_seed(self, index: int | None = None) -> int:
        """The seed of hand ``index`` (default: the next one): fixed by the match seed, so a
        match replays exactly."""
        i = self.hand_index if index is None else index
        return (self.seed * 1_000_003 + i * 7_919) % (2**63)

    def out_seats(self) -> list[int]:
        """Seats at zero coins, out of the match (RULES.md §6.5)."""
        if not self.use_coins:
            return []
        return [s for s in range(self.players) if self.coins[s] <= 0]

    def record(self, outcome: HandOutcome) -> list[int]:
        """Add a finished hand; returns the coin change per seat. Rotates the dealer."""
        n = self.players
        net = outcome.net_points(n)
        for s in range(n):
            self.points[s] += net[s]
        delta = [0] * n
        if self.use_coins:
            delta = settle_coins(self.coins, outcome.transfers, self.rules.coins_per_point)
            for s in range(n):
                self.coins[s] += delta[s]
        rng = random.Random(self.hand_seed() ^ 0x5EED)
        self.dealer = next_dealer(self.rules, outcome, rng)
        self.hand_index += 1
        return delta

    def replace_seat(self, seat: int, coins: int) -> None:
        """A bot seat that ran out of coins is replaced by a fresh bot with ``coins``."""
        self.coins[seat] = coins
