"""决策复盘 Decision audit: a bot's decisions against their alternatives on the same wall.

A tournament says how much better one bot plays than another; it does not say *where* a
bot still loses points. The audit does. Each wall is played as in a tournament (the bot
audited in each seat in turn, field bots in the others, every bot seeded from ``(seed,
wall, seat)``), and in each play one decision of each kind is drawn (seeded):

* ``discard`` — which tile to throw on the own turn;
* ``claim`` — pong, exposed kong or pass on another player's discard;
* ``win`` — take a win or play on (过手胡 / passing a discard win for a self-draw);
* ``kong`` — declare a concealed or added kong, or play on without it;
* ``void`` — 定缺, which suit to drop;
* ``exchange`` — 换三张, which three tiles to pass on (the rooms that exchange).

Each alternative of the drawn decision is then played instead, and the rest of the hand is
played by the same bots on the same wall. The audited seat's points with the alternative
minus its points with its own choice is one sample of what the alternative is worth in that
position, given how the bots play afterwards (one step of policy iteration, with everything
else — the wall, the other seats' random streams — held fixed, so the difference is far
less noisy than two tournaments). Averaged per kind of decision and kind of alternative,
with a 95% confidence interval over the samples: where a row's interval lies above zero,
the bot's own choice is worse than that alternative there on average.

The alternatives of a discard are the bot's own next choices when it can rank its actions
(:class:`engine.bots.Evaluator`: its second and third discards), the efficiency bot's
discard (the 牌效 yardstick) and the safest discard by the fitted danger table
(engine/bots/_danger.py); of a claim, every other claim; of a win, playing on (passing a
discard, or the bot's own play without the win); of a kong, every other kong and the bot's
own play without one; of 定缺, every other suit; of 换三张, the bot's own three from each
other suit that has three. Alternatives are worked out by a second
instance of the bot (same seed), so the audited bot's own random stream is never disturbed:
every replay is exactly the original play up to the decision.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import Bot, load_bot
from engine.bots._danger import expected_loss
from engine.bots._features import live_counts, read_opponents, without_items
from engine.round import Action, ActionKind, Round
from engine.rules import RuleSet
from engine.simulate import derive_seed, play_hand
from engine.tournament import seated, wall_chunks
from engine.views import PlayerView

__all__ = [
    "KINDS",
    "MIN_SAMPLES",
    "AuditConfig",
    "AuditResult",
    "AuditRow",
    "audit_wall",
    "format_table",
    "run_audit",
    "wall_stage",
]

KINDS: tuple[str, ...] = ("discard", "claim", "win", "kong", "void", "exchange")
"""The kinds of decision audited, in the order they are reported."""

MIN_SAMPLES = 30
"""Fewer samples than this and a row is never marked as won by the alternative: its
interval (from the samples' own spread) means little."""

_K = ActionKind
_OWN_KONGS = (_K.CONCEALED_KONG, _K.ADDED_KONG)
_LABELS = {
    _K.PASS: "pass",
    _K.PONG: "pong",
    _K.EXPOSED_KONG: "exposed kong",
    _K.CONCEALED_KONG: "concealed kong",
    _K.ADDED_KONG: "added kong",
    _K.WIN: "win",
}


def decision_kind(view: PlayerView, legal: Sequence[Action]) -> str | None:
    """The kind of decision (:data:`KINDS`) a seat faces, None where there is no choice
    the audit looks at (a lone option, an own turn with one kind of tile to throw)."""
    legal = without_items(legal)
    if len(legal) < 2:
        return None
    kinds = {a.kind for a in legal}
    if _K.DECLARE_VOID in kinds:
        return "void"
    if _K.EXCHANGE_THREE in kinds:
        return "exchange"
    if _K.WIN in kinds:
        return "win"
    if view.claim_tile is not None:
        return "claim" if kinds & {_K.PONG, _K.EXPOSED_KONG} else None
    if kinds & set(_OWN_KONGS):
        return "kong"
    if len({a.tile for a in legal if a.kind is _K.DISCARD}) >= 2:
        return "discard"
    return None


def _best_without(
    bot: Bot, view: PlayerView, legal: Sequence[Action], drop: set[ActionKind]
) -> Action | None:
    rest = [a for a in legal if a.kind not in drop]
    if not rest:
        return None
    return bot.choose(view, rest)


def alternatives(
    kind: str, bot: Bot, view: PlayerView, legal: Sequence[Action], chosen: Action
) -> list[tuple[Action, tuple[str, ...]]]:
    """The alternatives to ``chosen`` audited for a decision of ``kind``, each with its
    labels (one action may be several alternatives at once: the bot's second choice and the
    safest tile, say). ``bot`` is a spare instance: asking it never disturbs the player."""
    legal = without_items(legal)
    found: dict[Action, list[str]] = {}

    def add(action: Action | None, label: str) -> None:
        if action is not None and action != chosen:
            found.setdefault(action, []).append(label)

    if kind == "void":
        for a in legal:
            add(a, "another suit")
    elif kind == "exchange":
        # The same bot's three from each other suit that can give three.
        for suit in {a.tiles[0] // 9 for a in legal if a.tiles} - {chosen.tiles[0] // 9}:
            add(bot.choose(view, [a for a in legal if a.tiles[0] // 9 == suit]), "another suit")
    elif kind == "claim":
        for a in legal:
            add(a, _LABELS.get(a.kind, a.kind.value))
    elif kind == "win":
        if chosen.kind is _K.WIN:
            add(_best_without(bot, view, legal, {_K.WIN}), "play on")
        else:
            add(next(a for a in legal if a.kind is _K.WIN), "win")
    elif kind == "kong":
        for a in legal:
            if a.kind in _OWN_KONGS:
                add(a, _LABELS[a.kind])
        add(_best_without(bot, view, legal, set(_OWN_KONGS)), "no kong")
    elif kind == "discard":
        discards = [a for a in legal if a.kind is _K.DISCARD]
        evaluate = getattr(bot, "evaluate", None)
        if callable(evaluate):
            ranked = [a for a, _ in evaluate(view, legal) if a.kind is _K.DISCARD]
            ranked = [a for a in ranked if a != chosen]
            for a, label in zip(ranked, ("2nd choice", "3rd choice"), strict=False):
                add(a, label)
        add(load_bot("efficiency", 0).choose(view, legal), "efficiency")
        opponents = read_opponents(view)
        if opponents:
            loss = expected_loss(view, live_counts(view), {o.seat: o.value for o in opponents})
            add(min(discards, key=lambda a: (loss[a.tile or 0], a.tile or 0)), "safest")
    return [(a, tuple(labels)) for a, labels in found.items()]


def wall_stage(wall_remaining: int) -> str:
    """The stage of the hand by the tiles left in the wall (of 108 in a four-seat room:
    55 after the deal): "early" from 40, "mid" from 20, then "late"."""
    if wall_remaining >= 40:
        return "early"
    return "mid" if wall_remaining >= 20 else "late"


class _Player:
    """Plays ``bot`` for one seat, noting each decision of each kind; the ``force_at``-th
    decision of kind ``force_kind`` is answered with ``force_action`` instead."""

    def __init__(
        self,
        bot: Bot,
        force_kind: str | None = None,
        force_at: int = -1,
        force_action: Action | None = None,
    ) -> None:
        self.bot = bot
        self.force = (force_kind, force_at, force_action)
        self.seen: dict[str, list[tuple[PlayerView, Sequence[Action], Action]]] = {}

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        kind = decision_kind(view, legal)
        if kind is None:
            return self.bot.choose(view, legal)
        index = len(self.seen.setdefault(kind, []))
        force_kind, force_at, force_action = self.force
        if kind == force_kind and index == force_at and force_action is not None:
            action = force_action
        else:
            action = self.bot.choose(view, legal)
        self.seen[kind].append((view, legal, action))
        return action


@dataclass(frozen=True)
class AuditConfig:
    """``bot`` audited against ``field`` (specs for :func:`engine.bots.load_bot`)."""

    bot: str
    field: str
    walls: int
    seed: int
    rules: RuleSet
    kinds: tuple[str, ...] = KINDS
    #: Split every row by the wall left at the decision (:func:`wall_stage`).
    by_stage: bool = False

    def __post_init__(self) -> None:
        if self.walls < 1:
            raise ValueError(f"walls must be >= 1, got {self.walls}")
        unknown = [k for k in self.kinds if k not in KINDS]
        if unknown or not self.kinds:
            raise ValueError(
                f"kinds must be some of {', '.join(KINDS)}, got {', '.join(unknown) or 'none'}"
            )


@dataclass
class AuditRow:
    """Sums over the samples of one (kind of decision, alternative): the audited seat's
    points with the alternative minus with its own choice."""

    kind: str
    label: str
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    better: int = 0  # samples where the alternative scored more
    worse: int = 0

    def add(self, diff: float) -> None:
        self.n += 1
        self.total += diff
        self.squares += diff * diff
        self.better += diff > 0
        self.worse += diff < 0

    def merge(self, other: AuditRow) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        self.better += other.better
        self.worse += other.worse

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def alternative_wins(self) -> bool:
        """Whether the alternative scores more than the bot's choice: the whole interval
        above zero, on at least :data:`MIN_SAMPLES` samples."""
        return self.n >= MIN_SAMPLES and self.mean - self.half_width > 0

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of :attr:`mean` (0 below two samples)."""
        if self.n < 2:
            return 0.0
        var = (self.squares - self.n * self.mean**2) / (self.n - 1)
        return 1.96 * math.sqrt(max(0.0, var) / self.n)


@dataclass
class AuditResult:
    config: AuditConfig
    rows: dict[tuple[str, str], AuditRow] = field(default_factory=dict)
    decisions: dict[str, int] = field(default_factory=dict)  # decisions seen, per kind
    sampled: dict[str, int] = field(default_factory=dict)  # decisions audited, per kind
    plays: int = 0
    seconds: float = 0.0

    def merge(self, other: AuditResult) -> None:
        for key, row in other.rows.items():
            self.rows.setdefault(key, AuditRow(*key)).merge(row)
        for kind, n in other.decisions.items():
            self.decisions[kind] = self.decisions.get(kind, 0) + n
        for kind, n in other.sampled.items():
            self.sampled[kind] = self.sampled.get(kind, 0) + n
        self.plays += other.plays

    def ordered(self) -> list[AuditRow]:
        """The rows by kind (:data:`KINDS` order), then by label."""
        stages = {"early": 0, "mid": 1, "late": 2}

        def key(r: AuditRow) -> tuple[int, str, int]:
            base, _, stage = r.label.rpartition(" ")
            if stage in stages:
                return KINDS.index(r.kind), base, stages[stage]
            return KINDS.index(r.kind), r.label, -1

        return sorted(self.rows.values(), key=key)

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        return {
            "bot": c.bot,
            "field": c.field,
            "rules": c.rules.preset_name,
            "walls": c.walls,
            "seed": c.seed,
            "plays": self.plays,
            "decisions_per_hand": {
                k: self.decisions.get(k, 0) / self.plays if self.plays else 0.0 for k in c.kinds
            },
            "rows": [
                {
                    "kind": r.kind,
                    "alternative": r.label,
                    "samples": r.n,
                    "mean_diff": r.mean,
                    "ci95": [r.mean - r.half_width, r.mean + r.half_width],
                    "better": r.better,
                    "worse": r.worse,
                    "alternative_wins": r.alternative_wins,
                }
                for r in self.ordered()
            ],
            "seconds": self.seconds,
        }


def audit_wall(config: AuditConfig, wall: int) -> AuditResult:
    """The audit of wall ``wall``: one play per seat, one decision of each kind per play."""
    rules = config.rules
    hand_seed = derive_seed(config.seed, wall)
    result = AuditResult(config)
    seats = rules.players

    def play(seat: int, player: _Player) -> Round | None:
        bots = seated(player, seat, config.field, config.seed, wall, seats)
        rnd = play_hand(rules, hand_seed, 0, bots, check=False)
        return rnd if rnd is not None and rnd.result is not None else None

    for seat in range(seats):
        bot_seed = derive_seed(config.seed, wall, seat)
        player = _Player(load_bot(config.bot, bot_seed, plugins=True))
        rnd = play(seat, player)
        if rnd is None:
            continue
        assert rnd.result is not None
        result.plays += 1
        own = rnd.result.totals[seat]
        rng = random.Random(derive_seed(config.seed, wall, seat, 1))
        spare = load_bot(config.bot, bot_seed, plugins=True)
        for kind in config.kinds:
            seen = player.seen.get(kind, [])
            result.decisions[kind] = result.decisions.get(kind, 0) + len(seen)
            order = list(range(len(seen)))
            rng.shuffle(order)
            for index in order:
                view, legal, chosen = seen[index]
                alts = alternatives(kind, spare, view, legal, chosen)
                if not alts:
                    continue
                result.sampled[kind] = result.sampled.get(kind, 0) + 1
                for action, labels in alts:
                    forced = _Player(
                        load_bot(config.bot, bot_seed, plugins=True), kind, index, action
                    )
                    other = play(seat, forced)
                    if other is None:
                        continue
                    assert other.result is not None
                    diff = other.result.totals[seat] - own
                    stage = f" {wall_stage(view.wall_remaining)}" if config.by_stage else ""
                    for label in labels:
                        key = (kind, label + stage)
                        result.rows.setdefault(key, AuditRow(*key)).add(diff)
                break
    return result


def _run_chunk(args: tuple[AuditConfig, list[int]]) -> AuditResult:
    config, walls = args
    out = AuditResult(config)
    for w in walls:
        out.merge(audit_wall(config, w))
    return out


def run_audit(config: AuditConfig, jobs: int = 1) -> AuditResult:
    """Audit every wall (in ``jobs`` processes); the numbers do not depend on ``jobs``."""
    start = time.perf_counter()
    walls = list(range(config.walls))
    result = AuditResult(config)
    if jobs <= 1:
        result.merge(_run_chunk((config, walls)))
    else:
        chunks = wall_chunks(walls, jobs)
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            for part in pool.map(_run_chunk, [(config, c) for c in chunks]):
                result.merge(part)
    result.seconds = time.perf_counter() - start
    return result


def format_table(result: AuditResult) -> str:
    """A plain-text report of ``result``: one line per (decision, alternative)."""
    d = result.to_dict()
    walls = "1 wall" if d["walls"] == 1 else f"{d['walls']} walls"
    lines = [
        f"audit of {d['bot']} against {d['field']} — rules {d['rules'] or 'custom'}, "
        f"{walls}, {d['plays']} plays, seed {d['seed']}",
        "points of the alternative minus the bot's own choice, the rest of the hand played "
        "by the same bots on the same wall:",
    ]
    rows = result.ordered()
    width = max([16, *(len(r.label) + 2 for r in rows)])
    lines.append(
        f"{'decision':10}{'alternative':{width}}{'samples':>8}{'mean':>9}{'95% CI':>20}"
        "  better/worse"
    )
    for r in rows:
        lo, hi = r.mean - r.half_width, r.mean + r.half_width
        if r.alternative_wins:
            flag = "  <- the alternative wins"
        elif r.n < MIN_SAMPLES:
            flag = "  (few samples)"
        else:
            flag = ""
        lines.append(
            f"{r.kind:10}{r.label:{width}}{r.n:8}{r.mean:+9.3f}{f'{lo:+.3f} .. {hi:+.3f}':>20}"
            f"  {r.better}/{r.worse}{flag}"
        )
    per = ", ".join(f"{k} {v:.1f}" for k, v in d["decisions_per_hand"].items())
    lines.append(f"decisions a hand: {per}")
    lines.append(f"{result.seconds:.1f} s")
    return "\n".join(lines)
