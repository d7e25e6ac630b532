"""模拟 Self-play: many bot hands with invariant checks and per-seat statistics.

Hands are grouped into matches of :data:`MATCH_HANDS` hands; a match has its own seed
(derived from the master seed and its index), its own bots and rotates the dealer through
:mod:`engine.match`. Matches are independent, so ``jobs`` processes can share them out and
the numbers do not depend on how many there are. Every statistic is kept as an integer sum,
so merging partial results is exact and order-free.

With ``check`` on (the default), every step is checked (see :func:`play_hand`); a broken
invariant is counted and described, never raised, so one run reports every problem.

A table has ``rules.players`` seats (4, 3 or 2: docs/rules-short-handed.md) and one bot per
seat; match ``m`` starts with seat ``m % players`` dealing, so every seat deals first equally
often (the simulator's choice, whatever the ``first_dealer`` option says).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.bots import Bot, load_bot
from engine.match import HandOutcome, MatchState, Transfer
from engine.replay import dumps, record
from engine.round import SEATS, ActionKind, EventKind, IllegalActionError, Phase, Round
from engine.rules import RuleSet
from engine.settlement import Reason
from engine.tiles import NUM_KINDS, format_counts, format_tiles
from engine.views import PlayerView

__all__ = [
    "MATCH_HANDS",
    "STEP_CAP",
    "SeatStats",
    "SimConfig",
    "SimStats",
    "derive_seed",
    "play_hand",
    "run_matches",
    "simulate",
    "summary",
]

MATCH_HANDS = 8
"""Hands per match: the dealer rotates within a match; matches are the unit of --jobs."""
STEP_CAP = 1000
"""Decisions after which a hand counts as never ending (a real hand needs ~100–300)."""
MAX_SAMPLES = 20
"""Violation messages kept (the count is always exact)."""

_MELD_ACTIONS = frozenset(
    {
        ActionKind.PONG,
        ActionKind.EXPOSED_KONG,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
    }
)
_MASK = (1 << 63) - 1


def derive_seed(master: int, *path: int) -> int:
    """A 63-bit seed for ``path`` (match index, seat, ...) under ``master`` (SplitMix64
    steps: neighbouring indices give unrelated seeds)."""
    x = master & ((1 << 64) - 1)
    for p in (*path, len(path)):
        x = (x + 0x9E3779B97F4A7C15 + p * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
        x ^= x >> 31
    return x & _MASK


# --- configuration and statistics --------------------------------------------------------


@dataclass(frozen=True)
class SimConfig:
    """What to simulate. ``bots``: one bot spec (:func:`engine.bots.load_bot`) per seat of
    the rules (``rules.players``), by seat."""

    games: int
    seed: int
    rules: RuleSet
    bots: tuple[str, ...]
    check: bool = True
    log_dir: str | None = None

    def __post_init__(self) -> None:
        n = self.rules.players
        if len(self.bots) != n:
            raise ValueError(f"need {n} bots, one per seat, got {len(self.bots)}")
        if self.games < 0:
            raise ValueError(f"games must be >= 0, got {self.games}")


@dataclass
class SeatStats:
    """Integer sums for one seat; rates are sums / hands."""

    points: int = 0
    points_sq: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    flower_pig: int = 0
    not_ready: int = 0
    kongs: int = 0

    def add(self, other: SeatStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class SimStats:
    """Mergeable totals of a run. ``hands`` counts finished hands (the statistics' base);
    ``aborted`` hands stopped at a violation and are in no statistic."""

    hands: int = 0
    aborted: int = 0
    decisions: int = 0
    drawn: int = 0
    violations: int = 0
    samples: list[tuple[int, str]] = field(default_factory=list)
    seats: list[SeatStats] = field(default_factory=list)
    players: int = SEATS

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [SeatStats() for _ in range(self.players)]

    def merge(self, other: SimStats) -> None:
        self.hands += other.hands
        self.aborted += other.aborted
        self.decisions += other.decisions
        self.drawn += other.drawn
        self.violations += other.violations
        self.samples = sorted(self.samples + other.samples)[:MAX_SAMPLES]
        for mine, theirs in zip(self.seats, other.seats, strict=True):
            mine.add(theirs)

    def violation(self, hand: int, message: str) -> None:
        self.violations += 1
        if len(self.samples) < MAX_SAMPLES:
            self.samples.append((hand, message))

    def seat_summary(self, seat: int, bot: str) -> dict[str, Any]:
        """Per-seat figures: mean points per hand with its 95% confidence half-width, rates
        per hand (won at least once, won by self-draw, dealt in, paid as flower pig / not
        ready at a drawn hand), kongs per hand."""
        s, n = self.seats[seat], self.hands
        mean = s.points / n if n else 0.0
        var = (s.points_sq - s.points * s.points / n) / (n - 1) if n > 1 else 0.0
        ci = 1.96 * math.sqrt(max(var, 0.0) / n) if n > 1 else 0.0
        rate = (lambda x: x / n) if n else (lambda x: 0.0)
        return {
            "seat": seat,
            "bot": bot,
            "mean_points": round(mean, 4),
            "ci95": round(ci, 4),
            "win_rate": round(rate(s.wins), 4),
            "self_draw_rate": round(rate(s.self_drawn), 4),
            "deal_in_rate": round(rate(s.dealt_in), 4),
            "flower_pig_rate": round(rate(s.flower_pig), 4),
            "not_ready_rate": round(rate(s.not_ready), 4),
            "kongs_per_hand": round(rate(s.kongs), 4),
        }


# --- one hand -----------------------------------------------------------------------------


class _DeferredView(PlayerView):
    """A :class:`PlayerView` built on first use, for bots that say they seldom read theirs
    (``reads_view = False``, e.g. the random bot): ``Round.view`` is a good part of a fast
    bot's step. The first attribute read builds the real view (the same values) and turns
    this object into a plain PlayerView; a read after the round has moved on raises instead
    of showing a later state."""

    # No __slots__: the same layout as PlayerView, so that __class__ can be switched.

    def _materialise(self) -> None:
        build = self.__dict__.pop("_build", None)
        if build is None:  # pragma: no cover - only while the class is still being switched
            return
        rnd, seat, stamp = build
        if len(rnd.decisions) != stamp:
            raise RuntimeError(
                f"the deferred view of seat {seat} was read after the round moved on "
                f"({stamp} -> {len(rnd.decisions)} decisions); read it during choose()"
            )
        self.__dict__.update(rnd.view(seat).__dict__)
        object.__setattr__(self, "__class__", PlayerView)

    def __getattr__(self, name: str) -> Any:  # only for attributes not yet in __dict__
        if name.startswith("__") or "_build" not in self.__dict__:
            raise AttributeError(name)
        self._materialise()
        return getattr(self, name)

    def __eq__(self, other: object) -> bool:
        self._materialise()
        return self == other

    def __hash__(self) -> int:
        self._materialise()
        return hash(self)

    def __repr__(self) -> str:
        self._materialise()
        return repr(self)


def _deferred_view(rnd: Round, seat: int) -> PlayerView:
    view = object.__new__(_DeferredView)
    view.__dict__["_build"] = (rnd, seat, len(rnd.decisions))
    return view


class _Checker:
    """Invariant checks of one hand, reporting into a :class:`SimStats`."""

    def __init__(self, rnd: Round, stats: SimStats, hand: int) -> None:
        self.rnd = rnd
        self.stats = stats
        self.hand = hand
        self.ok = True
        self.seen = 0  # events already checked
        self.payments = 0  # PAYMENT events seen (each must be one ledger line)
        self.engine_check: Callable[[], None] | None = getattr(rnd, "check_invariants", None)
        self.won: set[int] = set()
        self.won_at: dict[int, int] = {}  # seat -> index of its first WIN event

    def fail(self, message: str) -> None:
        """Record the hand's first violation (later ones are usually its echoes)."""
        if self.ok:
            self.ok = False
            self.stats.violation(self.hand, f"hand {self.hand} seed {self.rnd.seed}: {message}")

    def legal(self, seat: int, legal: Sequence[Any]) -> None:
        rnd = self.rnd
        if not legal:
            self.fail(f"seat {seat} is pending with no legal action")
            return
        if rnd.rules.mode != "xueliu" and seat in self.won:
            self.fail(f"seat {seat} already won but is asked to act")
        void = rnd.void_of(seat) if rnd.rules.declare_void else None
        for a in legal:
            if a.seat != seat:
                self.fail(f"legal action {a} of seat {seat} names another seat")
            if void is not None and a.kind in _MELD_ACTIONS and a.tile // 9 == void:
                self.fail(f"{a} offered although its suit is seat {seat}'s void")
            if a.kind is ActionKind.WIN:
                self._win_allowed(seat, a.tile)

    def _win_allowed(self, seat: int, tile: int | None) -> None:
        rnd = self.rnd
        counts = rnd.hand_of(seat)
        melds = rnd.melds_of(seat)
        if tile is not None and sum(counts) + 3 * len(melds) == 13:
            counts[tile] += 1  # a claim: the tile on offer is not in the hand yet
        suits = {k // 9 for k in range(NUM_KINDS) if counts[k]} | {m.suit for m in melds}
        void = rnd.void_of(seat) if rnd.rules.declare_void else None
        if len(suits) > 2 or (void is not None and void in suits):
            self.fail(f"WIN offered to seat {seat} holding {format_counts(counts)} (void {void})")

    def after_apply(self) -> None:
        rnd = self.rnd
        if self.engine_check is not None:
            try:
                self.engine_check()  # the round's own bookkeeping (caches, running totals)
            except AssertionError as exc:
                self.fail(f"Round.check_invariants: {exc}")
        census = rnd.tile_census()
        if census != rnd.num_tiles:
            self.fail(f"tile census {census} != {rnd.num_tiles} after {len(rnd.decisions)} steps")
        if len(rnd.ledger) != self.payments:  # the ledger changed: it must still sum to zero
            totals = rnd.ledger.totals()
            if sum(totals) != 0:
                self.fail(f"ledger sums to {sum(totals)}: {totals}")
        for s in range(rnd.players):
            size = sum(rnd.hand_of(s)) + 3 * len(rnd.melds_of(s))
            if size not in (13, 14):
                self.fail(f"seat {s} holds {size} tiles (kongs counted as 3)")
        self._events()

    def _events(self) -> None:
        rnd = self.rnd
        events = rnd.events
        declare = rnd.rules.declare_void
        xuezhan = rnd.rules.mode == "xuezhan"
        for ev in events[self.seen :]:
            kind = ev.kind
            if kind is EventKind.PONG or kind is EventKind.KONG:
                assert ev.seat is not None
                void = rnd.void_of(ev.seat) if declare else None
                if ev.meld is not None and void is not None and ev.meld.tile // 9 == void:
                    self.fail(f"seat {ev.seat} melded {ev.meld} of its void suit")
            elif kind is EventKind.WIN:
                assert ev.seat is not None
                melds = rnd.melds_of(ev.seat)
                suits = {k // 9 for k in ev.tiles} | {m.tile // 9 for m in melds}
                void = rnd.void_of(ev.seat) if declare else None
                if len(suits) > 2 or (void is not None and void in suits):
                    self.fail(
                        f"seat {ev.seat} won with {format_tiles(ev.tiles)} "
                        f"{','.join(map(str, melds))} (void {void})"
                    )
                if ev.score is None or not ev.score.win:
                    self.fail(f"WIN event {ev.index} without a winning score")
                self.won.add(ev.seat)
                self.won_at.setdefault(ev.seat, ev.index)
            elif kind is EventKind.PAYMENT and ev.entry is not None:
                e = ev.entry
                self.payments += 1
                if e.amount <= 0 or e.payer == e.payee:
                    self.fail(f"bad ledger line {e}")
                if xuezhan and e.reason != Reason.KONG_REFUND:
                    # RULES.md §6.1: winners take no part in later events of the hand.
                    for who in (e.payer, e.payee):
                        if self.won_at.get(who, e.event_index) < e.event_index:
                            self.fail(f"seat {who} already won but is in ledger line {e}")
        self.seen = len(events)
        if self.payments != len(rnd.ledger):
            self.fail(f"{len(rnd.ledger)} ledger lines but {self.payments} PAYMENT events")

    def at_end(self) -> None:
        rnd = self.rnd
        res = rnd.result
        if res is None:
            self.fail("the hand ended without a result")
            return
        if list(res.totals) != rnd.ledger.totals():
            self.fail(f"result totals {res.totals} != ledger {rnd.ledger.totals()}")
        if res.reason == "wall_empty" and rnd.wall_remaining != 0:
            self.fail(f"wall_empty with {rnd.wall_remaining} tiles left")
        if res.reason in ("three_won", "all_but_one_won") and len(res.winners) < rnd.players - 1:
            self.fail(f"{res.reason} with winners {res.winners} of {rnd.players} seats")
        if res.reason == "first_win" and not res.wins:
            self.fail("first_win without a win")


def play_hand(
    rules: RuleSet,
    seed: int,
    dealer: int,
    bots: Sequence[Bot],
    *,
    check: bool = True,
    stats: SimStats | None = None,
    hand: int = 0,
) -> Round | None:
    """Play one hand ``Round.new(rules, seed, dealer)`` with ``bots`` (by seat).

    With ``check``: at every step a pending seat has a legal action, nothing the rules
    forbid is offered (void-suit melds, a win holding a void tile or three suits), the bot's
    choice is legal; after it, every tile of the wall (108, 72 or 36) is accounted for, the
    ledger sums to zero,
    every hand holds 13/14 tiles, winners stay out of later payments (血战); the hand ends
    within :data:`STEP_CAP` decisions with a consistent result. Violations go to ``stats``;
    returns None if the hand had to stop.
    """
    stats = stats if stats is not None else SimStats()
    rnd = Round.new(rules, seed, dealer)
    if not check:
        # Bound once: the loop runs ~70 times per hand (raw speed is this path's purpose).
        pending_seats, legal_actions = rnd.pending_seats, rnd.legal_actions
        play, decisions = rnd.apply, rnd.decisions
        # A bot with reads_view = False gets its view built only if it reads it.
        views = [rnd.view if getattr(b, "reads_view", True) else None for b in bots]
        ended = Phase.ENDED  # rnd.is_over, without a property call per step
        new = object.__new__
        while rnd.phase is not ended:
            seat = pending_seats()[0]
            view = views[seat]
            if view is not None:
                v = view(seat)
            else:  # _deferred_view(rnd, seat), inlined
                v = new(_DeferredView)
                v.__dict__["_build"] = (rnd, seat, len(decisions))
            play(bots[seat].choose(v, legal_actions(seat)))
            if len(decisions) > STEP_CAP:
                stats.violation(hand, f"hand {hand} seed {seed}: no end after {STEP_CAP} steps")
                return None
        return rnd
    checker = _Checker(rnd, stats, hand)
    try:
        checker.after_apply()
        while not rnd.is_over and checker.ok:
            if len(rnd.decisions) >= STEP_CAP:
                checker.fail(f"no end after {STEP_CAP} decisions")
                break
            pending = rnd.pending_seats()
            if not pending:
                checker.fail("the hand is not over but nobody is pending")
                break
            seat = pending[0]
            legal = rnd.legal_actions(seat)
            checker.legal(seat, legal)
            if not checker.ok:
                break
            action = bots[seat].choose(rnd.view(seat), legal)
            if action not in legal:
                checker.fail(f"bot of seat {seat} chose {action}, not among {len(legal)} legal")
                break
            try:
                rnd.apply(action)
            except IllegalActionError as exc:
                checker.fail(f"a listed legal action was refused: {exc}")
                break
            checker.after_apply()
        if checker.ok:
            checker.at_end()
    except Exception as exc:  # a crash is one more finding of the run, with its hand and seed
        checker.fail(f"crash after {len(rnd.decisions)} decisions: {type(exc).__name__}: {exc}")
    return rnd if checker.ok else None


def _tally(rnd: Round, stats: SimStats) -> None:
    res = rnd.result
    assert res is not None
    stats.hands += 1
    stats.decisions += len(rnd.decisions)
    stats.drawn += res.drawn
    won = set(res.winners)
    self_drawn = {w.seat for w in res.wins if w.from_seat is None}
    dealt_in = {w.from_seat for w in res.wins if w.from_seat is not None}
    pigs = {e.payer for e in rnd.ledger.entries if e.reason == Reason.FLOWER_PIG}
    not_ready = {e.payer for e in rnd.ledger.entries if e.reason == Reason.NOT_READY}
    kongs = [0] * rnd.players
    kong = EventKind.KONG  # once: an enum member lookup costs ~0.15 µs on Python 3.11
    for ev in rnd.events:
        if ev.kind is kong and ev.seat is not None:
            kongs[ev.seat] += 1
    for s, st in enumerate(stats.seats):
        p = res.totals[s]
        st.points += p
        st.points_sq += p * p
        st.wins += s in won
        st.self_drawn += s in self_drawn
        st.dealt_in += s in dealt_in
        st.flower_pig += s in pigs
        st.not_ready += s in not_ready
        st.kongs += kongs[s]


def _outcome(rnd: Round) -> HandOutcome:
    res = rnd.result
    assert res is not None
    return HandOutcome(
        dealer=res.dealer,
        first_winners=res.first_winners,
        first_win_from=res.first_win_from,
        first_deal_in=res.first_deal_in,
        transfers=tuple(Transfer(e.payer, e.payee, e.amount) for e in rnd.ledger.entries),
    )


# --- matches and runs ---------------------------------------------------------------------


def run_matches(config: SimConfig, matches: Sequence[int]) -> SimStats:
    """Play the given matches of ``config`` (hand ``i`` belongs to match ``i // MATCH_HANDS``)."""
    players = config.rules.players
    stats = SimStats(players=players)
    log_dir = Path(config.log_dir) if config.log_dir else None
    for m in matches:
        first = m * MATCH_HANDS
        count = min(MATCH_HANDS, config.games - first)
        if count <= 0:
            continue
        match_seed = derive_seed(config.seed, m)
        state = MatchState(config.rules, match_seed, dealer=m % players)
        # The specs come from code or the command line, never from a file: plug-ins allowed.
        bots = [
            load_bot(spec, derive_seed(match_seed, s), plugins=True)
            for s, spec in enumerate(config.bots)
        ]
        for j in range(count):
            hand = first + j
            rnd = play_hand(
                config.rules,
                state.hand_seed(j),
                state.dealer,
                bots,
                check=config.check,
                stats=stats,
                hand=hand,
            )
            if rnd is None:
                stats.aborted += 1
                state.hand_index += 1  # the dealer stays; the next hand still has its seed
                continue
            _tally(rnd, stats)
            if log_dir is not None:
                (log_dir / f"hand-{hand:06d}.json").write_text(
                    dumps(record(rnd)) + "\n", encoding="utf-8"
                )
            state.record(_outcome(rnd))
    return stats


def _run_chunk(args: tuple[SimConfig, list[int]]) -> SimStats:
    return run_matches(*args)


def simulate(
    config: SimConfig, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> tuple[SimStats, float]:
    """Run ``config`` over ``jobs`` processes (spawn-safe); returns the merged statistics and
    the wall-clock seconds. The statistics do not depend on ``jobs``."""
    if config.log_dir:
        os.makedirs(config.log_dir, exist_ok=True)
    n_matches = -(-config.games // MATCH_HANDS)
    start = time.perf_counter()
    total = SimStats(players=config.rules.players)
    if jobs <= 1 or n_matches <= 1:
        total = run_matches(config, range(n_matches))
    else:
        parts = min(n_matches, jobs * 4)
        chunks = [list(range(i, n_matches, parts)) for i in range(parts)]
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(jobs, parts)) as pool:
            for part in pool.imap_unordered(_run_chunk, [(config, c) for c in chunks]):
                total.merge(part)
                if progress is not None:
                    progress(total.hands)
    return total, time.perf_counter() - start


def summary(config: SimConfig, stats: SimStats, seconds: float) -> dict[str, Any]:
    """The run as one JSON-ready object (what ``simulate --json`` prints)."""
    played = stats.hands + stats.aborted
    return {
        "hands": stats.hands,
        "aborted_hands": stats.aborted,
        "seed": config.seed,
        "rules": config.rules.preset_name,
        "bots": list(config.bots),
        "checks": config.check,
        "seconds": round(seconds, 3),
        "hands_per_second": round(played / seconds, 1) if seconds > 0 else 0.0,
        "decisions_per_hand": round(stats.decisions / stats.hands, 2) if stats.hands else 0.0,
        "drawn_rate": round(stats.drawn / stats.hands, 4) if stats.hands else 0.0,
        "invariant_violations": stats.violations,
        "violations": [msg for _, msg in stats.samples],
        "seats": [stats.seat_summary(s, bot) for s, bot in enumerate(config.bots)],
    }
