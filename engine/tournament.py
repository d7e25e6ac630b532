"""对局赛 Duplicate 1-vs-3 tournaments: how much better one bot plays than another.

Each wall (one shuffled hand, seed derived from the master seed) is played once per seat —
four times, or three or two in the short-handed rooms (``rules.players``) —, the challenger
in each seat in turn and field bots in the others. The bot in seat ``s`` on wall ``w`` is
seeded from ``(seed, w, s)`` whatever its kind, so the plays of a wall are paired: the same
tiles, the same random streams, only the challenger's seat moving. Points are zero-sum, so
the challenger's mean points per hand is its advantage over the field; the 95% confidence
interval is over walls, each contributing the mean of its plays.
"""

from __future__ import annotations

import bisect
import math
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import Bot, load_bot
from engine.hand import waits
from engine.round import Action, ActionKind, EventFlag, EventKind, Round, WinRecord
from engine.rules import RuleSet
from engine.simulate import derive_seed, play_hand
from engine.views import PlayerView

__all__ = [
    "SideStats",
    "TournamentConfig",
    "TournamentResult",
    "play_wall",
    "run_tournament",
    "seated",
    "wall_chunks",
]


@dataclass(frozen=True)
class TournamentConfig:
    """``challenger`` and ``field``: bot specs for :func:`engine.bots.load_bot`."""

    challenger: str
    field: str
    walls: int
    seed: int
    rules: RuleSet

    def __post_init__(self) -> None:
        if self.walls < 1:
            raise ValueError(f"walls must be >= 1, got {self.walls}")


@dataclass
class SideStats:
    """Integer sums over seat-hands of one side (challenger: 1 seat a hand; field: 3)."""

    seat_hands: int = 0
    points: int = 0
    won: int = 0  # hands with at least one win
    self_drawn: int = 0  # hands with a self-drawn win
    dealt_in: int = 0  # hands with at least one deal-in (点炮, robbed kongs included)
    wins: int = 0  # winning events
    win_fan: int = 0  # sum of their fan (points model: points)
    win_points: int = 0  # sum of what those wins collected (the winner's gain)
    unready_discards: int = 0  # discards that left the discarder's hand not ready
    unready_deal_ins: int = 0  # of those, the ones won on (一炮多响 counts once)
    late_unready_discards: int = 0  # of the unready discards, those made late (LATE_WALL)
    late_unready_deal_ins: int = 0  # of those, the ones won on

    def add(self, other: SideStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self) -> dict[str, float]:
        n = self.seat_hands or 1
        return {
            "points_per_hand": self.points / n,
            "win_rate": self.won / n,
            "deal_in_rate": self.dealt_in / n,
            "self_draw_rate": self.self_drawn / n,
            "mean_win_fan": self.win_fan / self.wins if self.wins else 0.0,
            "mean_win_points": self.win_points / self.wins if self.wins else 0.0,
            "unready_deal_in_per_discard": (
                self.unready_deal_ins / self.unready_discards if self.unready_discards else 0.0
            ),
            "unready_discards": self.unready_discards,
            "late_unready_deal_in_per_discard": (
                self.late_unready_deal_ins / self.late_unready_discards
                if self.late_unready_discards
                else 0.0
            ),
            "late_unready_discards": self.late_unready_discards,
        }


@dataclass
class TournamentResult:
    config: TournamentConfig
    wall_means: list[float] = field(default_factory=list)  # challenger points/hand per wall
    challenger: SideStats = field(default_factory=SideStats)
    field_side: SideStats = field(default_factory=SideStats)
    seconds: float = 0.0
    failures: int = 0  # hands that could not finish (never expected)

    @property
    def hands(self) -> int:
        return self.config.rules.players * len(self.wall_means)

    @property
    def mean_diff(self) -> float:
        return sum(self.wall_means) / len(self.wall_means) if self.wall_means else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.wall_means)
        m = self.mean_diff
        if n < 2:
            return (m, m)
        var = sum((x - m) ** 2 for x in self.wall_means) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (m - half, m + half)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {
            "challenger": self.config.challenger,
            "field": self.config.field,
            "rules": self.config.rules.preset_name,
            "walls": len(self.wall_means),
            "hands": self.hands,
            "seed": self.config.seed,
            "mean_diff": self.mean_diff,
            "ci95": [lo, hi],
            "challenger_stats": self.challenger.summary(),
            "field_stats": self.field_side.summary(),
            "hands_per_second": self.hands / self.seconds if self.seconds > 0 else 0.0,
            "seconds": self.seconds,
            "failures": self.failures,
        }


#: A discard is "late" when the wall holds fewer tiles than this: the second half of the
#: wall's play, where opponents are ready and defence is what counts (docs/bots.md).
LATE_WALL = 24


class ReadinessLog:
    """Wraps a bot and notes, for each of its discards, whether the hand it leaves is ready
    and whether it was made late (so that deal-ins can be counted per discard made while
    not ready, in the whole hand and in its late part)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.ready: list[bool] = []  # one per discard, in order
        self.late: list[bool] = []  # one per discard: wall_remaining < LATE_WALL
        if not getattr(bot, "reads_view", True):
            self.reads_view = False

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal)
        if action.kind is ActionKind.DISCARD and action.tile is not None and view is not None:
            counts = list(view.concealed)
            counts[action.tile] -= 1
            void = view.own_void
            melds = len(view.me.melds)
            self.ready.append(sum(counts) == 13 - 3 * melds and bool(waits(counts, melds, void)))
            self.late.append(view.wall_remaining < LATE_WALL)
        return action


def _tally(rnd: Round, seat: int, side: SideStats, log: ReadinessLog | None = None) -> None:
    res = rnd.result
    assert res is not None
    side.seat_hands += 1
    side.points += res.totals[seat]
    mine = [w for w in res.wins if w.seat == seat]
    if mine:
        side.won += 1
        side.wins += len(mine)
        side.win_fan += sum(w.score.value for w in mine)
        side.win_points += sum(_gain(rnd, w) for w in mine)
    if any(w.self_drawn for w in mine):
        side.self_drawn += 1
    if any(w.from_seat == seat for w in res.wins):
        side.dealt_in += 1
    if log is None or not log.ready:
        return
    # The discard each deal-in was on: the seat's last discard before the win's event.
    discards = [e.index for e in rnd.events if e.kind is EventKind.DISCARD and e.seat == seat]
    if len(discards) != len(log.ready):
        return  # (a bot that is not the log's, or a hand cut short)
    side.unready_discards += log.ready.count(False)
    late = log.late
    side.late_unready_discards += sum(
        1 for ready, lt in zip(log.ready, late, strict=True) if lt and not ready
    )
    hit: set[int] = set()
    for w in res.wins:
        if w.from_seat != seat or EventFlag.ROBBING_KONG in w.flags:
            continue
        i = bisect.bisect_left(discards, w.event_index) - 1
        if i >= 0 and not log.ready[i]:
            hit.add(i)
    side.unready_deal_ins += len(hit)
    side.late_unready_deal_ins += sum(1 for i in hit if late[i])


def _gain(rnd: Round, win: WinRecord) -> int:
    """What ``win`` collected: its points from the discarder, or from each player still in
    the hand for a self-draw (血战到底: earlier winners have left)."""
    if win.from_seat is not None:
        return win.score.points
    res = rnd.result
    assert res is not None
    out = 0
    if rnd.rules.mode == "xuezhan":
        out = len({w.seat for w in res.wins if w.event_index < win.event_index} - {win.seat})
    return win.score.points * max(1, rnd.rules.players - 1 - out)


def seated(bot: Bot, seat: int, field: str, seed: int, wall: int, players: int) -> list[Bot]:
    """The bots of one play of wall ``wall``: ``bot`` in ``seat``, a ``field`` bot seeded
    from ``(seed, wall, s)`` in every other seat ``s`` (the pairing of the plays of a wall)."""
    return [
        bot
        if s == seat
        else load_bot(field, derive_seed(seed, wall, s), plugins=True)  # typed by the user
        for s in range(players)
    ]


def wall_chunks(walls: list[int], jobs: int) -> list[list[int]]:
    """``walls`` dealt round-robin into ``4 × jobs`` non-empty chunks for worker processes
    (interleaved, so early and late walls share the work evenly)."""
    return [c for c in (walls[i :: jobs * 4] for i in range(jobs * 4)) if c]


def play_wall(config: TournamentConfig, wall: int) -> tuple[float, SideStats, SideStats, int]:
    """The plays of wall ``wall``, one per seat: (challenger mean points, challenger stats,
    field stats, hands that failed)."""
    hand_seed = derive_seed(config.seed, wall)
    ch = SideStats()
    fs = SideStats()
    points = 0
    failed = 0
    seats = config.rules.players
    for c in range(seats):
        challenger = load_bot(config.challenger, derive_seed(config.seed, wall, c), plugins=True)
        bots = [
            ReadinessLog(b) for b in seated(challenger, c, config.field, config.seed, wall, seats)
        ]
        rnd = play_hand(config.rules, hand_seed, 0, bots, check=False)
        if rnd is None or rnd.result is None:
            failed += 1
            continue
        points += rnd.result.totals[c]
        _tally(rnd, c, ch, bots[c])
        for s in range(seats):
            if s != c:
                _tally(rnd, s, fs, bots[s])
    return points / (seats - failed) if failed < seats else 0.0, ch, fs, failed


def _run_chunk(
    args: tuple[TournamentConfig, list[int]],
) -> list[tuple[float, SideStats, SideStats, int]]:
    config, walls = args
    return [play_wall(config, w) for w in walls]


def run_tournament(config: TournamentConfig, jobs: int = 1) -> TournamentResult:
    """Play every wall (in ``jobs`` processes); the numbers do not depend on ``jobs``."""
    start = time.perf_counter()
    walls = list(range(config.walls))
    if jobs <= 1:
        rows = _run_chunk((config, walls))
    else:
        chunks = wall_chunks(walls, jobs)
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            parts = pool.map(_run_chunk, [(config, c) for c in chunks])
        by_wall: dict[int, tuple[float, SideStats, SideStats, int]] = {}
        for chunk, part in zip(chunks, parts, strict=True):
            by_wall.update(zip(chunk, part, strict=True))
        rows = [by_wall[w] for w in walls]
    result = TournamentResult(config)
    for mean, ch, fs, failed in rows:
        result.wall_means.append(mean)
        result.challenger.add(ch)
        result.field_side.add(fs)
        result.failures += failed
    result.seconds = time.perf_counter() - start
    return result


def format_table(result: TournamentResult) -> str:
    """A plain-text report of ``result``."""
    d = result.to_dict()
    lo, hi = d["ci95"]
    c, f = d["challenger_stats"], d["field_stats"]
    seats = result.config.rules.players
    walls = "1 wall" if d["walls"] == 1 else f"{d['walls']} walls"
    lines = [
        f"{d['challenger']} vs {seats - 1}x {d['field']} — rules {d['rules'] or 'custom'}, "
        f"{walls} x {seats} seats = {d['hands']} hands, seed {d['seed']}",
        f"challenger advantage: {d['mean_diff']:+.3f} points/hand (95% CI {lo:+.3f} .. {hi:+.3f})",
        f"{'':16}{'challenger':>12}{'field':>12}",
    ]
    rows = [
        ("points/hand", "points_per_hand", "{:+.3f}"),
        ("win rate", "win_rate", "{:.1%}"),
        ("deal-in rate", "deal_in_rate", "{:.1%}"),
        ("self-draw rate", "self_draw_rate", "{:.1%}"),
        ("mean win fan", "mean_win_fan", "{:.2f}"),
        ("mean win points", "mean_win_points", "{:.2f}"),
        ("deal-in/discard", "unready_deal_in_per_discard", "{:.2%}"),
        ("... late", "late_unready_deal_in_per_discard", "{:.2%}"),
    ]
    for label, key, fmt in rows:
        lines.append(f"{label:16}{fmt.format(c[key]):>12}{fmt.format(f[key]):>12}")
    lines.append(
        "(deal-in/discard: deal-ins per discard that left the hand not ready; late: of those"
        f" made with fewer than {LATE_WALL} tiles in the wall)"
    )
    lines.append(f"{d['hands_per_second']:.1f} hands/s ({d['seconds']:.1f} s)")
    if d["failures"]:
        hands = "1 hand" if d["failures"] == 1 else f"{d['failures']} hands"
        lines.append(f"WARNING: {hands} did not finish")
    return "\n".join(lines)
