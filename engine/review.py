"""复盘 Review: a recorded hand's decisions of one seat, each weighed by the strongest bot.

The hand is re-executed from its replay document (engine/replay.py). Before each decision
the seat made — 换三张, 定缺, a discard or kong on its turn, a pong/kong/win or pass on a
claim, a win or pass on its own draw — the bot's :meth:`evaluate` values every legal action
from the seat's own :class:`~engine.views.PlayerView` at that moment, in expected points.
The player's choice is compared with the best: the difference is the decision's *loss*
(0 when the choice was the best), a loss of :data:`SMALL_MISTAKE` points or more is a
mistake, :data:`BIG_MISTAKE` a big one. Item uses and leaving are not weighed.

Deterministic: the bot of each decision is built with a seed made from the hand's seed and
the decision's step, and its budget is counted in rollouts, so the same document, seat and
budget give the same review — also when only some decisions are weighed, or in another
process.

The review is data (:class:`HandReview`, :class:`ReviewedDecision`, :class:`Why`); the
sentences about it are made by :class:`ReviewWords` in Chinese or English, with the
caller's names for the seats (engine/text.py's :class:`~engine.text.Narrator` grammar).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.bots import Evaluator, deal_in_risk, load_bot, plan_steps
from engine.hand import shanten, shanten_and_improvers
from engine.replay import ReplayError, action_from_json, action_to_json, replay, replay_rescored
from engine.round import Action, ActionKind, Phase, Round
from engine.scoring import ScoreResult, win_values
from engine.text import Narrator
from engine.tiles import suit_name, tile_name, tiles_name
from engine.views import PlayerView

__all__ = [
    "BIG_MISTAKE",
    "DEFAULT_BUDGET",
    "REVIEW_BOTS",
    "SMALL_MISTAKE",
    "DecisionPoint",
    "HandReview",
    "Option",
    "ReplayError",
    "ReviewWords",
    "ReviewedDecision",
    "Verdict",
    "Why",
    "WhyKind",
    "can_evaluate",
    "check_budget",
    "decision_points",
    "decision_seed",
    "explain",
    "players_of",
    "review_hand",
    "review_point",
    "review_seat",
    "strongest_bot",
]

REVIEW_BOTS = ("hard", "normal", "efficiency")
"""Bots that may value every legal action (``evaluate``), strongest first."""
DEFAULT_BUDGET = 4000
"""Rollouts per decision by default: a typical hand is reviewed in about the time the
README's performance section states (benchmarks/bench_review.py)."""
MAX_BUDGET = 100_000

SMALL_MISTAKE = 0.1
"""A loss of this many expected points or more marks a mistake (below: agreed)."""
BIG_MISTAKE = 1.0
"""A loss of this many expected points or more marks a big mistake."""

_SKIPPED = (ActionKind.USE_ITEM, ActionKind.LEAVE)
_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.EXPOSED_KONG)


class Verdict(StrEnum):
    """How a decision compares with the best: agreed, a small or a big mistake."""

    AGREE = "agree"
    SMALL = "small"
    BIG = "big"


class WhyKind(StrEnum):
    """Why the best action is better, as far as the hand's shape tells (ids are stable:
    the JSON output carries them)."""

    BREAKS_READY = "breaks_ready"  # the choice leaves a ready hand, the best keeps it
    SLOWER = "slower"  # the choice leaves the hand further from ready
    FEWER_TILES = "fewer_tiles"  # as close to ready, with fewer live useful tiles (有效牌)
    SAFER = "safer"  # no slower and no narrower: the choice risks more to a waiting opponent
    VALUE = "value"  # no slower, no narrower, no riskier: the best keeps a bigger hand
    STEP_BACK = "step_back"  # 退向听: the choice is closer to ready, the best wider
    PASSED_WIN = "passed_win"  # passed a win the bot would take
    TOOK_WIN = "took_win"  # took a win the bot would pass for a bigger one
    MISSED_CLAIM = "missed_claim"  # passed a pong or kong worth taking
    BAD_CLAIM = "bad_claim"  # took a pong or kong that spoils the hand
    KONG = "kong"  # a kong declared or missed on the own turn
    VOID = "void"  # 定缺: another suit was the better one to drop
    EXCHANGE = "exchange"  # 换三张: three other tiles were better to pass on


@dataclass(frozen=True)
class Why:
    """The facts behind a reason: shanten (向听) and live useful tiles after the chosen and
    the best action, where they apply (-2: not measured)."""

    kind: WhyKind
    shanten_chosen: int = -2
    shanten_best: int = -2
    tiles_chosen: int = 0
    tiles_best: int = 0
    #: Expected points lost to a discard win by each discard (SAFER, VALUE).
    risk_chosen: float = 0.0
    risk_best: float = 0.0
    #: The bigger pattern the best keeps closer (VALUE; "" if none) and its steps from
    #: ready after the best discard.
    pattern: str = ""
    pattern_steps: int = -2
    #: Two ready hands (VALUE): the points of the richest discard win each waits for (0: not
    #: measured).
    win_chosen: int = 0
    win_best: int = 0


@dataclass(frozen=True)
class Option:
    action: Action
    value: float


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of the seat, as the seat saw it: the step (index in the document's
    decisions), the view, the legal actions (item uses and leaving left out) and the
    choice."""

    step: int
    phase: str  # exchange | declare_void | turn | claim | rob
    view: PlayerView
    legal: tuple[Action, ...]
    chosen: Action


@dataclass(frozen=True)
class ReviewedDecision:
    step: int
    phase: str
    chosen: Action
    best: Action
    loss: float
    options: tuple[Option, ...]  # every legal action, best first
    verdict: Verdict
    why: Why | None  # None when the choice agrees with the best

    @property
    def agrees(self) -> bool:
        return self.verdict is Verdict.AGREE

    @property
    def is_best(self) -> bool:
        """The choice is the bot's first (an agreed choice may be another, under
        :data:`SMALL_MISTAKE` behind)."""
        return _key(self.chosen) == _key(self.best)

    def value_of(self, action: Action) -> float | None:
        key = _key(action)
        return next((o.value for o in self.options if _key(o.action) == key), None)

    def shown_options(self, n: int) -> tuple[Option, ...]:
        """The ``n`` best options; the choice among them — in place of the last when it is
        not (``n`` ≥ 2) — so its value stands beside the best's: a mistake's, and an agreed
        choice that was not the bot's first (its "good" beside only another action's value
        read as if the player had made that one)."""
        top = self.options[:n]
        key = _key(self.chosen)
        if n < 2 or any(_key(o.action) == key for o in top):
            return top
        mine = next((o for o in self.options if _key(o.action) == key), None)
        return top if mine is None else (*top[: n - 1], mine)


@dataclass(frozen=True)
class HandReview:
    """A hand's review for one seat: every weighed decision in order, and the summary."""

    seat: int
    players: int
    bot: str
    budget: int
    decisions: tuple[ReviewedDecision, ...]

    @property
    def total_loss(self) -> float:
        """Every decision's loss, also the agreed ones' under :data:`SMALL_MISTAKE` — the
        measure that tells bots apart (benchmarks/bench_review.py); the loss a player is
        shown beside the mistakes is :attr:`mistakes_loss`."""
        return sum(d.loss for d in self.decisions)

    @property
    def mistakes_loss(self) -> float:
        """The loss of the decisions counted as mistakes: "0 mistakes" is a loss of 0, never
        the sum of small differences on decisions each marked good."""
        return sum(d.loss for d in self.mistakes)

    @property
    def loss_per_decision(self) -> float:
        return self.total_loss / len(self.decisions) if self.decisions else 0.0

    @property
    def agreement(self) -> float:
        """Share of decisions where the choice was the bot's best (1.0 with none)."""
        if not self.decisions:
            return 1.0
        return sum(1 for d in self.decisions if _key(d.chosen) == _key(d.best)) / len(
            self.decisions
        )

    @property
    def accuracy(self) -> float:
        """Share of decisions that were no mistake (loss below :data:`SMALL_MISTAKE`)."""
        if not self.decisions:
            return 1.0
        return sum(1 for d in self.decisions if d.agrees) / len(self.decisions)

    @property
    def mistakes(self) -> tuple[ReviewedDecision, ...]:
        return tuple(d for d in self.decisions if not d.agrees)

    def costliest(self, n: int = 3) -> tuple[ReviewedDecision, ...]:
        ranked = sorted(self.mistakes, key=lambda d: (-d.loss, d.step))
        return tuple(ranked[:n])

    def summary(self) -> dict[str, Any]:
        return {
            "decisions": len(self.decisions),
            "agreement": round(self.agreement, 4),
            "accuracy": round(self.accuracy, 4),
            "total_loss": round(self.total_loss, 3),
            "mistakes_loss": round(self.mistakes_loss, 3),
            "loss_per_decision": round(self.loss_per_decision, 4),
            "mistakes": len(self.mistakes),
            "big_mistakes": sum(1 for d in self.decisions if d.verdict is Verdict.BIG),
            "costliest": [d.step for d in self.costliest()],
        }

    def to_json(self, words: ReviewWords | None = None) -> dict[str, Any]:
        """One object per decision (``step``, ``phase``, ``chosen``, ``best``, ``loss``,
        ``verdict``, ``reason``, ``options`` with values) and the ``summary``; with
        ``words`` each action and reason also in that language (``text``)."""

        def act(a: Action, phase: str) -> dict[str, Any]:
            out = action_to_json(a)
            del out["seat"]
            if words is not None:
                out["text"] = words.action(a, phase)
            return out

        rows = []
        for d in self.decisions:
            row: dict[str, Any] = {
                "step": d.step,
                "phase": d.phase,
                "chosen": act(d.chosen, d.phase),
                "best": act(d.best, d.phase),
                "loss": round(d.loss, 3),
                "verdict": d.verdict.value,
                "reason": None if d.why is None else d.why.kind.value,
            }
            if words is not None and d.why is not None:
                row["reason_text"] = words.reason(d)
            row["options"] = [
                {**act(o.action, d.phase), "value": round(o.value, 3)} for o in d.options
            ]
            rows.append(row)
        return {
            "seat": self.seat,
            "bot": self.bot,
            "budget": self.budget,
            "decisions": rows,
            "summary": self.summary(),
        }


# --- walking the hand -----------------------------------------------------------------


def _key(action: Action) -> tuple[object, ...]:
    """An action's identity for comparison (the seat left out, exchanged tiles sorted)."""
    return (action.kind, action.tile, tuple(sorted(action.tiles)), action.suit, action.item)


def _phase(view: PlayerView) -> str:
    if view.phase is Phase.EXCHANGE:
        return "exchange"
    if view.phase is Phase.DECLARE_VOID:
        return "declare_void"
    if view.claim_tile is not None:
        return "rob" if view.claim_is_rob else "claim"
    return "turn"


def _checked(doc: Mapping[str, Any]) -> tuple[Round, list[Action]]:
    """The round before the first decision and every decision, once every decision of the
    document has re-executed (raises :class:`ReplayError` otherwise; a hand scored by an
    earlier engine is reviewed: the review weighs decisions, not the stored ledger)."""
    replay_rescored(doc)
    raw = doc["decisions"]
    actions = [action_from_json(d, i) for i, d in enumerate(raw)]
    return replay({**doc, "decisions": []}, check_result=False), actions


def players_of(doc: Mapping[str, Any]) -> int:
    """The document's seats, once it has re-executed (raises :class:`ReplayError`)."""
    return _checked(doc)[0].players


def decision_points(doc: Mapping[str, Any], seat: int) -> Iterator[DecisionPoint]:
    """Every decision ``seat`` made in the hand of ``doc`` with a real choice (more than one
    legal action besides item uses), in order. Raises :class:`ReplayError` for a document
    that does not re-execute, ``ValueError`` for a seat the hand does not have."""
    rnd, actions = _checked(doc)
    _check_seat(seat, rnd.players)
    for step, action in enumerate(actions):
        if action.seat == seat and action.kind not in _SKIPPED:
            legal = tuple(a for a in rnd.legal_actions(seat) if a.kind not in _SKIPPED)
            if len(legal) > 1:
                yield DecisionPoint(step, _phase(rnd.view(seat)), rnd.view(seat), legal, action)
        rnd.apply(action)


def _check_seat(seat: int, players: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat {seat!r}: this hand has seats 0-{players - 1}")


def decision_seed(hand_seed: int, step: int) -> int:
    """The seed of the bot that weighs decision ``step`` (the same wherever it runs)."""
    return (hand_seed * 1_000_003 + step * 7_919 + 17) % (2**63)


def can_evaluate(name: str) -> bool:
    """Whether bot ``name`` values positions (has ``evaluate``)."""
    return callable(getattr(load_bot(name, 0), "evaluate", None))


def strongest_bot() -> str:
    """The strongest of :data:`REVIEW_BOTS` that values positions: the default reviewer."""
    for name in REVIEW_BOTS:
        if can_evaluate(name):
            return name
    raise ValueError(f"no bot values positions (one of {', '.join(REVIEW_BOTS)})")


def _bot(name: str, seed: int) -> Evaluator:
    bot = load_bot(name, seed)
    if not callable(getattr(bot, "evaluate", None)):
        raise ValueError(
            f"bot {name!r} cannot value positions (no evaluate); use one of "
            f"{', '.join(REVIEW_BOTS)}"
        )
    assert isinstance(bot, Evaluator)
    return bot


def check_budget(budget: int) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET:
        raise ValueError(f"budget must be 1-{MAX_BUDGET:,} rollouts, got {budget!r}")


def review_point(
    point: DecisionPoint, hand_seed: int, *, bot: str, budget: int = DEFAULT_BUDGET
) -> ReviewedDecision:
    """One decision weighed by ``bot``: every legal action valued, the choice against the
    best."""
    evaluator = _bot(bot, decision_seed(hand_seed, point.step))
    ranked = evaluator.evaluate(point.view, point.legal, budget=budget)
    options = tuple(Option(a, float(v)) for a, v in ranked)
    if not options:
        raise ValueError(f"bot {bot!r} valued no action at step {point.step}")
    best = options[0]
    key = _key(point.chosen)
    chosen_value = next((o.value for o in options if _key(o.action) == key), None)
    if chosen_value is None:  # the bot left the choice out: it is worth no more than the worst
        chosen_value = options[-1].value
    loss = max(0.0, best.value - chosen_value)
    if _key(best.action) == key or loss < SMALL_MISTAKE:
        verdict, why = Verdict.AGREE, None
    else:
        verdict = Verdict.BIG if loss >= BIG_MISTAKE else Verdict.SMALL
        why = explain(point, best.action)
    return ReviewedDecision(
        point.step, point.phase, point.chosen, best.action, loss, options, verdict, why
    )


def review_hand(
    doc: Mapping[str, Any],
    seat: int,
    *,
    bot: str | None = None,
    budget: int = DEFAULT_BUDGET,
    progress: Callable[[int, int], object] | None = None,
) -> HandReview:
    """The review of ``seat``'s decisions in the hand of ``doc``. ``progress(done, total)``
    is called before the first decision and after each one. Raises :class:`ReplayError`
    for a document that does not re-execute, ``ValueError`` for a bad seat, bot or budget;
    never changes ``doc``. ``bot`` None: :func:`strongest_bot`."""
    check_budget(budget)
    bot = strongest_bot() if bot is None else bot
    _bot(bot, 0)  # a bot that cannot evaluate fails before the hand is walked
    points = list(decision_points(doc, seat))
    seed = doc.get("seed", 0)
    hand_seed = seed if isinstance(seed, int) else 0
    players = replay({**doc, "decisions": []}, check_result=False).players
    out: list[ReviewedDecision] = []
    if progress is not None:
        progress(0, len(points))
    for n, point in enumerate(points, 1):
        out.append(review_point(point, hand_seed, bot=bot, budget=budget))
        if progress is not None:
            progress(n, len(points))
    return HandReview(seat, players, bot, budget, tuple(out))


def review_seat(doc: Mapping[str, Any]) -> int:
    """The seat a review looks at by default: the human's (``meta.human``), else seat 0."""
    meta = doc.get("meta")
    human = meta.get("human") if isinstance(meta, Mapping) else None
    return human if isinstance(human, int) and not isinstance(human, bool) else 0


# --- why ------------------------------------------------------------------------------


def _after_discard(view: PlayerView, tile: int) -> tuple[int, int]:
    """Shanten and live useful tiles of the hand once ``tile`` is thrown."""
    counts = list(view.concealed)
    counts[tile] -= 1
    sh, kinds = shanten_and_improvers(bytes(counts), len(view.me.melds), view.own_void)
    return sh, sum(view.unseen(k) for k in kinds)


#: A discard is "the riskier one" when it costs this many more expected points in deal-ins
#: (the hard bot folds from 0.05, engine/bots/hard.py).
RISKIER = 0.05


def _safer_or_bigger(
    view: PlayerView, chosen: int, best: int, shape: tuple[int, int, int, int]
) -> Why:
    """Two discards where the choice is no slower and no narrower than the best (or it is
    closer to ready): the choice is the riskier tile to a waiting opponent, or else the best
    keeps a bigger pattern closer (清一色, 对对胡, 七对), or — the choice being closer to
    ready — the best steps back for more live tiles (退向听)."""
    risk = deal_in_risk(view)
    rc, rb = risk[chosen], risk[best]
    sc, sb, tc, tb = shape
    if rc - rb >= RISKIER:
        return Why(WhyKind.SAFER, sc, sb, tc, tb, risk_chosen=rc, risk_best=rb)
    after_best, after_chosen = plan_steps(view, best), plan_steps(view, chosen)
    closer = [
        (steps, name)
        for name, steps in after_best.items()
        if steps < after_chosen.get(name, steps + 1)
    ]
    if not closer and sc < sb and tc < tb:
        return Why(WhyKind.STEP_BACK, sc, sb, tc, tb, rc, rb)
    if not closer and sc == sb == 0:  # two ready hands: what a win on each is worth
        win_c, win_b = _richest_win(view, chosen), _richest_win(view, best)
        if win_b is not None and (win_c is None or win_b.points > win_c.points):
            pc = win_c.pattern if win_c is not None else None
            pattern = win_b.pattern if win_b.pattern and win_b.pattern != pc else ""
            worth = win_c.points if win_c is not None else 0
            return Why(WhyKind.VALUE, sc, sb, tc, tb, rc, rb, pattern or "",
                       0 if pattern else -2, worth, win_b.points)  # fmt: skip
    steps, name = min(closer) if closer else (-2, "")
    return Why(WhyKind.VALUE, sc, sb, tc, tb, rc, rb, name, steps)


def _after_passing(view: PlayerView, tiles: Sequence[int]) -> tuple[int, int]:
    """Shanten and live useful tiles of the hand kept once ``tiles`` are passed on (换三张):
    ten tiles counted as if one set were made — the three to come are unknown. The
    dealer's eleven: the shanten alone."""
    counts = list(view.concealed)
    for kind in tiles:
        counts[kind] -= 1
    melds = len(view.me.melds) + 1
    if sum(counts) + 3 * melds == 14:  # the dealer's: a discard to come, no tiles to count
        return shanten(counts, melds), 0
    sh, kinds = shanten_and_improvers(bytes(counts), melds, None)
    return sh, sum(view.unseen(k) for k in kinds)


def _void_why(view: PlayerView, chosen: int | None, best: int | None) -> Why:
    """定缺: the tiles of each suit held (each one to throw away) and the shanten of the hand
    with that suit void."""
    counts = list(view.concealed)
    melds = len(view.me.melds)

    def held(suit: int | None) -> int:
        return 0 if suit is None else sum(counts[suit * 9 : suit * 9 + 9])

    def steps(suit: int | None) -> int:
        return shanten(counts, melds, suit)

    return Why(WhyKind.VOID, steps(chosen), steps(best), held(chosen), held(best))


def _richest_win(view: PlayerView, discard: int) -> ScoreResult | None:
    """The richest discard win the hand waits for once ``discard`` is thrown (RULES.md §6.3's
    reckoning: no extra of the winning moment), None when it waits for none."""
    counts = list(view.concealed)
    counts[discard] -= 1
    wins = [r for _, r in win_values(counts, view.me.melds, view.rules, view.own_void)]
    return max(wins, key=lambda r: (r.points, r.value)) if wins else None


def _claim_shanten(view: PlayerView, action: Action) -> int:
    """The shanten after a claim's answer: passing keeps the hand, a pong takes the tile
    with two of the hand's (a discard to come), a kong with three (a draw to come)."""
    counts = list(view.concealed)
    melds = len(view.me.melds)
    tile = action.tile
    if tile is not None and action.kind is ActionKind.PONG:
        counts[tile] -= 2
        melds += 1
    elif tile is not None and action.kind is ActionKind.EXPOSED_KONG:
        counts[tile] -= 3
        melds += 1
    return shanten(counts, melds, view.own_void)


def explain(point: DecisionPoint, best: Action) -> Why:
    """Why ``best`` beats the choice, from the hand's shape where the shape tells."""
    chosen, view = point.chosen, point.view
    if point.phase == "exchange":
        sc, tc = _after_passing(view, chosen.tiles)
        sb, tb = _after_passing(view, best.tiles)
        return Why(WhyKind.EXCHANGE, sc, sb, tc, tb)
    if point.phase == "declare_void":
        return _void_why(view, chosen.suit, best.suit)
    if best.kind is ActionKind.WIN:
        return Why(WhyKind.PASSED_WIN)
    if chosen.kind is ActionKind.WIN:
        return Why(WhyKind.TOOK_WIN)
    if point.phase in ("claim", "rob"):
        kind = WhyKind.MISSED_CLAIM if chosen.kind is ActionKind.PASS else WhyKind.BAD_CLAIM
        return Why(kind, _claim_shanten(view, chosen), _claim_shanten(view, best))
    if ActionKind.DISCARD is chosen.kind is best.kind:
        assert chosen.tile is not None and best.tile is not None
        sc, tc = _after_discard(view, chosen.tile)
        sb, tb = _after_discard(view, best.tile)
        if sb == 0 and sc > 0:
            kind = WhyKind.BREAKS_READY
        elif sc > sb:
            kind = WhyKind.SLOWER
        elif sc == sb and tc < tb:
            kind = WhyKind.FEWER_TILES
        else:
            return _safer_or_bigger(view, chosen.tile, best.tile, (sc, sb, tc, tb))
        return Why(kind, sc, sb, tc, tb)
    return Why(WhyKind.KONG)


# --- words ----------------------------------------------------------------------------


class ReviewWords:
    """The review in words (zh/en): actions, reasons, verdicts and the summary, with the
    caller's names for the seats (``names``, ``you`` as in :class:`~engine.text.Narrator`).
    ``loss_shown``: the caller shows each mistake's loss beside its reason (the review
    panel's "small mistake -0.85 pts"), so a reason says the best is worth more without
    the figure ("… is worth more on average"): each figure said once."""

    def __init__(
        self,
        lang: str = "zh",
        names: Sequence[str] | None = None,
        you: int | None = None,
        *,
        players: int = 4,
        loss_shown: bool = False,
    ) -> None:
        self.narrator = Narrator(lang, names, you, players=players)
        self.lang = lang
        self.zh = lang == "zh"
        self.loss_shown = loss_shown

    def _tile(self, kind: int) -> str:
        return tile_name(kind, self.lang)

    def points(self, x: float) -> str:
        if self.zh:
            return f"{x:.2f} 分"
        return f"{x:.2f} point" if f"{x:.2f}" == "1.00" else f"{x:.2f} points"

    def tiles(self, n: int) -> str:
        if self.zh:
            return f"{n} 张"
        return "1 tile" if n == 1 else f"{n} tiles"

    def action(self, a: Action, phase: str | None = None) -> str:
        """打出五筒 / "discard 5 Dots", 过 / "pass", 定缺万 / "void Characters" …; a win in
        the seat's own ``phase`` "turn" is its self-draw (自摸五筒 / "win by self-draw on
        5 Dots"), elsewhere a win on another's tile."""
        zh = self.zh
        k = a.kind
        tile = "" if a.tile is None else self._tile(a.tile)
        if k is ActionKind.DISCARD:
            return f"打出{tile}" if zh else f"discard {tile}"
        if k is ActionKind.PONG:
            return f"碰{tile}" if zh else f"pong {tile}"
        if k is ActionKind.EXPOSED_KONG:
            return f"明杠{tile}" if zh else f"kong {tile}"
        if k is ActionKind.CONCEALED_KONG:
            return f"暗杠{tile}" if zh else f"declare a concealed kong of {tile}"
        if k is ActionKind.ADDED_KONG:
            return f"补杠{tile}" if zh else f"add {tile} to your pong"
        if k is ActionKind.WIN:
            if phase == "turn":
                return f"自摸{tile}" if zh else f"win by self-draw on {tile}"
            return f"胡{tile}" if zh else f"win on {tile}"
        if k is ActionKind.PASS:
            return "过" if zh else "pass"
        if k is ActionKind.DECLARE_VOID and a.suit is not None:
            return f"定缺{suit_name(a.suit, 'zh')}" if zh else f"void {suit_name(a.suit, 'en')}"
        if k is ActionKind.EXCHANGE_THREE:
            names = tiles_name(a.tiles, self.lang)
            return "换出" + names if zh else "pass on " + names
        if k is ActionKind.USE_ITEM:
            return "使用道具" if zh else "use an item"
        return "离开" if zh else "leave"

    def phase(self, phase: str) -> str:
        zh = {"exchange": "换三张", "declare_void": "定缺", "turn": "出牌",
              "claim": "碰杠胡", "rob": "抢杠"}  # fmt: skip
        en = {"exchange": "exchange", "declare_void": "void suit", "turn": "turn",
              "claim": "claim", "rob": "robbing a kong"}  # fmt: skip
        return (zh if self.zh else en).get(phase, phase)

    def verdict(self, v: Verdict) -> str:
        if self.zh:
            return {"agree": "好棋", "small": "小失误", "big": "大失误"}[v.value]
        return {"agree": "good", "small": "small mistake", "big": "big mistake"}[v.value]

    def reason(self, d: ReviewedDecision) -> str:
        """One sentence: why the best action is better than the choice — as a coach says it
        after "Best: …", in lower case; by how much only where the loss is not shown."""
        why = d.why
        if why is None:
            return "与最佳选择一致" if self.zh else "the same as the best play"
        zh = self.zh
        k = why.kind
        if k is WhyKind.BREAKS_READY:
            if not why.tiles_best:  # ready on tiles all in sight: still ready, none to win on
                if zh:
                    return "拆掉了听牌，最佳选择仍听牌（虽然听的牌已经没有了）"
                return (
                    "this breaks your ready hand; the best play stays ready, though every "
                    "tile it waits on is gone"
                )
            if zh:
                return f"拆掉了听牌，最佳选择仍听牌（{self.tiles(why.tiles_best)}可胡）"
            return (
                "this breaks your ready hand; the best play stays ready, waiting on "
                f"{self.tiles(why.tiles_best)}"
            )
        if k is WhyKind.SLOWER:
            # shanten 0 is ready: "the best 0 steps" / 0 向听 would say it oddly
            if zh:
                best = (
                    "最佳选择直接听牌"
                    if why.shanten_best == 0
                    else f"最佳选择 {why.shanten_best} 向听"
                )
                return f"打后 {why.shanten_chosen} 向听，{best}"
            best = (
                "the best play makes you ready"
                if why.shanten_best == 0
                else f"the best play leaves you {self._steps(why.shanten_best)} away"
            )
            return f"this leaves you {self._steps(why.shanten_chosen)} from ready; {best}"
        if k is WhyKind.FEWER_TILES:
            return self._fewer_tiles(why)
        if k is WhyKind.SAFER:
            if zh:
                return (
                    f"你打的牌更危险：预计点炮损失 {why.risk_chosen:.2f} 分，"
                    f"最佳选择 {why.risk_best:.2f} 分"
                )
            return (
                f"your tile is more likely to deal in: it costs "
                f"{self.points(why.risk_chosen)} on average, the best play "
                f"{self.points(why.risk_best)}"
            )
        if k is WhyKind.STEP_BACK:
            return self._step_back(why)
        if k is WhyKind.VALUE:
            return self._value(why)
        more = self._more(d, figure=not self.loss_shown)
        if k is WhyKind.PASSED_WIN:  # by how much, as a declined win or kong says it
            if d.phase == "turn":
                if zh:
                    return f"这里应该自摸，自摸{more}"
                return f"taking this self-drawn win is worth {more}"
            if d.phase == "rob":
                return f"这里应该抢杠胡，胡牌{more}" if zh else f"robbing this kong is worth {more}"
            return f"这里应该胡牌，胡牌{more}" if zh else f"taking this win is worth {more}"
        if k is WhyKind.TOOK_WIN:
            if d.phase == "turn":  # already a self-draw: playing on is for a bigger hand
                if zh:
                    return f"不胡继续摸，等更大的胡，{more}"
                return f"playing on for a bigger win is worth {more}"
            if zh:
                return f"过手等自摸或更大的胡，{more}"
            return f"passing to wait for a self-draw or a bigger win is worth {more}"
        if k in (WhyKind.MISSED_CLAIM, WhyKind.BAD_CLAIM):
            return self._claim(d, why, more)
        if k is WhyKind.EXCHANGE:
            return self._exchange(d, why, more)
        if k is WhyKind.VOID:
            return self._void(d, why, more)
        if k is WhyKind.KONG:
            kong_best, kong_chosen = d.best.kind in _KONGS, d.chosen.kind in _KONGS
            if kong_best and not kong_chosen:
                if zh:
                    return f"这个杠应该开，开杠{more}"
                return f"declaring this kong is worth {more}"
            if kong_chosen and not kong_best:
                if zh:
                    return f"这个杠不该开，不开{more}"
                return f"holding this kong back is worth {more}"
            return f"最佳选择{more}" if zh else f"the best play is worth {more}"
        return "最佳选择留下的手牌更好" if zh else "the best play leaves a better hand"

    def _more(self, d: ReviewedDecision, figure: bool = True) -> str:
        """How much more the best is worth, in expected points: 期望多得 0.85 分 / "0.85 points
        more on average" (what a discard's reason says in points too); without the
        ``figure`` (said beside it already): 期望得分更高 / "more on average"."""
        if not figure:
            return "期望得分更高" if self.zh else "more on average"
        if self.zh:
            return f"期望多得 {self.points(d.loss)}"
        return f"{self.points(d.loss)} more on average"

    def _exchange(self, d: ReviewedDecision, why: Why, more: str) -> str:
        """换三张: which tiles the best keeps and passes instead, and what the kept hand is
        (``more``: what the best is worth more, as :meth:`_more` says it)."""
        zh = self.zh
        mine, best = list(d.chosen.tiles), list(d.best.tiles)
        for kind in list(mine):
            if kind in best:
                mine.remove(kind)
                best.remove(kind)
        keep, give = tiles_name(mine, self.lang), tiles_name(best, self.lang)
        head = f"最佳选择留下{keep}，换出{give}" if zh else f"keep {keep}, pass on {give}"
        sc, sb, tc, tb = why.shanten_chosen, why.shanten_best, why.tiles_chosen, why.tiles_best
        # (the three to come are unknown: the kept hands are compared, never said ready)
        if sb < sc:
            if zh:
                return f"{head}：留下的牌离听牌更近（少 {sc - sb} 向听）"
            return f"{head}: the hand kept is {self._steps(sc - sb)} closer to ready"
        if sb == sc and tb > tc:
            if zh:
                return f"{head}：留下的牌同样接近听牌，有效牌 {tb} 张，你的只有 {tc} 张"
            return f"{head}: as close to ready, and wider ({tb} tiles against {tc})"
        if zh:
            return f"{head}，留下的牌{more}"
        return f"{head}: the hand kept is worth {more}"

    def _void(self, d: ReviewedDecision, why: Why, more: str) -> str:
        """定缺: how many tiles each suit leaves to throw away, or how far each hand is."""
        zh = self.zh
        if d.best.suit is None or d.chosen.suit is None:
            return f"最佳选择{more}" if zh else f"the best play is worth {more}"
        best = suit_name(d.best.suit, self.lang)
        mine = suit_name(d.chosen.suit, self.lang)
        sc, sb, tc, tb = why.shanten_chosen, why.shanten_best, why.tiles_chosen, why.tiles_best
        if tb < tc:
            if zh:
                return f"缺{best}只需打掉 {tb} 张，缺{mine}要打掉 {tc} 张"
            return (
                f"voiding {best} leaves {self.tiles(tb)} to throw away; voiding {mine} "
                f"leaves {self.tiles(tc)}"
            )
        if sb < sc:
            if zh:
                return f"缺{best}的手牌 {sb} 向听，缺{mine}的 {sc} 向听"
            return (
                f"without {best} your hand is {self._steps(sb)} from ready; "
                f"without {mine} it is {self._steps(sc)}"
            )
        if zh:
            return f"缺{best}的手牌{more}"
        return f"your hand without {best} is worth {more}"

    def _help(self, n: int) -> str:
        """ "1 tile improves" / "3 tiles improve" (a verb that agrees with its count)."""
        return f"{self.tiles(n)} {'improves' if n == 1 else 'improve'}"

    def _fewer_tiles(self, why: Why) -> str:
        """As close to ready, fewer live tiles; for two ready hands, fewer to win on."""
        zh = self.zh
        n, best = why.tiles_chosen, self.tiles(why.tiles_best)
        if why.shanten_chosen == 0:  # 听牌: the tiles are the waits, 听 N 张
            if zh:
                if n == 0:
                    return f"你听的牌已经没有了，最佳选择还能胡 {best}"
                return f"只听 {self.tiles(n)}，最佳选择听 {best}"
            if n == 0:
                return f"every tile you wait on is gone; the best play waits on {best}"
            return f"you wait on only {self.tiles(n)}; the best play waits on {best}"
        if zh:
            if n == 0:
                return f"打后没有有效牌，最佳选择有 {best}"
            return f"有效牌只有 {self.tiles(n)}，最佳选择有 {best}"
        do = "does" if why.tiles_best == 1 else "do"
        if n == 0:
            return f"no tile improves your hand; after the best play, {best} {do}"
        return f"only {self._help(n)} your hand; after the best play, {best} {do}"

    def _step_back(self, why: Why) -> str:
        """退向听: the choice is closer to ready, the best a step back with more tiles."""
        sc, sb = why.shanten_chosen, why.shanten_best
        tc, tb = self.tiles(why.tiles_chosen), self.tiles(why.tiles_best)
        if self.zh:
            back = "退一向听" if sb - sc == 1 else f"退 {sb - sc} 向听"
            if sc == 0:
                mine = "你的打法听牌了，但只有" if why.tiles_chosen else "你的打法听牌了，但没有"
                mine += f" {tc}可胡" if why.tiles_chosen else "牌可胡"
            else:
                mine = f"你的打法 {sc} 向听，但有效牌只有 {tc}"
            return f"{mine}；最佳选择{back}，有效牌 {tb}"
        if sc == 0:
            mine = (
                f"yours is ready, but waits on only {tc}"
                if why.tiles_chosen
                else "yours is ready, but every tile it waits on is gone"
            )
        else:
            mine = (
                f"yours is {self._steps(sc)} from ready, but only {self._help(why.tiles_chosen)} it"
            )
        back = "a step back" if sb - sc == 1 else f"{sb - sc} steps back"
        return f"{mine}; the best play takes {back} so that {self._help(why.tiles_best)} it"

    def _value(self, why: Why) -> str:
        """The best keeps a bigger pattern closer, or is worth more later — said after what
        the choice had: as close and as wide, wider, or closer to ready."""
        zh = self.zh
        sc, sb, tc, tb = why.shanten_chosen, why.shanten_best, why.tiles_chosen, why.tiles_best
        if sc < sb:
            shape = (
                ("你的打法已经听牌" if sc == 0 else "你的打法离听牌更近")
                if zh
                else ("yours is ready" if sc == 0 else "yours is closer to ready")
            )
        elif sc == sb == 0:  # both ready: "as close to ready" read oddly of two ready hands
            if tc > tb:
                shape = (
                    f"两种打法都听牌，你能胡的牌更多（{tc} 张对 {tb} 张）"
                    if zh
                    else f"both plays are ready, yours on more tiles ({tc} against {tb})"
                )
            else:
                shape = (
                    "两种打法都听牌、可胡的牌一样多"
                    if zh
                    else "both plays are ready and wait on as many tiles"
                )
        elif tc > tb:
            shape = (
                f"同样接近听牌，你的有效牌更多（{tc} 张对 {tb} 张）"
                if zh
                else f"yours is as close to ready and wider ({tc} tiles against {tb})"
            )
        else:
            shape = "同样接近听牌、有效牌一样多" if zh else "yours is as close to ready and as wide"
        plain = sc == sb and tc <= tb  # nothing of the choice to set against the best
        if why.win_best:  # two ready hands: the richer win named, with both wins' points
            wb, wc = why.win_best, why.win_chosen
            if zh:
                worth = f"胡牌值 {wb} 分，你的" + (f"只值 {wc} 分" if wc else "没有牌可胡")
                if why.pattern:
                    worth = f"听的是{self.narrator.pattern_name(why.pattern)}，" + worth
                worth = "最佳选择" + worth
                return f"{shape}{'，' if plain else '，但'}{worth}"
            mine = f"against {self._points(wc)} for yours" if wc else "and yours waits for no win"
            worth = f"a win after the best play is worth {self._points(wb)}, {mine}"
            if why.pattern:
                name = self.narrator.pattern_name(why.pattern)
                name = name[:1].lower() + name[1:]
                worth = f"the best play is ready for {name}, a win worth {self._points(wb)}, {mine}"
            return f"{shape}{'; ' if plain else ', but '}{worth}"
        if why.pattern:
            name = self.narrator.pattern_name(why.pattern)
            if not zh:  # mid-sentence: "closer to full flush", as the rulebook writes it
                name = name[:1].lower() + name[1:]
            steps = why.pattern_steps
            if zh:
                but = "，" if plain else "，但"
                if steps == 0:
                    return f"{shape}{but}最佳选择听的是{name}"
                return f"{shape}{but}最佳选择离{name}更近（{steps} 向听）"
            but = "; " if plain else ", but "
            if steps == 0:
                return f"{shape}{but}the best play is ready for {name}"
            return (
                f"{shape}{but}the best play keeps you closer to {name} ({self._steps(steps)} away)"
            )
        if zh:
            return f"{shape}{'，' if plain else '，但'}最佳选择的期望得分更高"
        return f"{shape}{'; ' if plain else ', but '}the best play is worth more later in the hand"

    @staticmethod
    def _points(n: int) -> str:
        """A win's points, a whole number: "1 point", "4 points"."""
        return "1 point" if n == 1 else f"{n} points"

    def _claim_name(self, a: Action, the: bool = False) -> str:
        """A claim's answer as a noun: "a pong of 4 Characters" ("the pong …"), "passing"."""
        tile = "" if a.tile is None else self._tile(a.tile)
        art = "the" if the else "a"
        if a.kind is ActionKind.PONG:
            return f"{art} pong of {tile}"
        if a.kind is ActionKind.EXPOSED_KONG:
            return f"{art} kong of {tile}"
        if a.kind is ActionKind.PASS:
            return "passing"
        return self.action(a)

    def _claim(self, d: ReviewedDecision, why: Why, more: str) -> str:
        """A pong or kong taken or passed: what it did to the distance from ready."""
        zh = self.zh
        b, c = self.action(d.best, d.phase), self.action(d.chosen, d.phase)
        sc, sb = why.shanten_chosen, why.shanten_best
        best, mine = self._claim_name(d.best), self._claim_name(d.chosen, the=True)
        if why.kind is WhyKind.MISSED_CLAIM:
            if sb < sc:
                return f"{b}后离听牌更近" if zh else f"{best} would bring you closer to ready"
            return f"这里{b}{more}" if zh else f"{best} is worth {more}"
        if d.best.kind is not ActionKind.PASS:  # a pong for a kong, or a kong for a pong
            return f"这里{b}{more}" if zh else f"{best} is worth {more}"
        if sb == 0 and sc == 0:  # ready already: the claim only moves the waits
            return (
                f"你已经听牌，{c}并不能更接近胡牌"
                if zh
                else f"you are ready already, and {mine} gets you no closer to a win"
            )
        if sc >= sb:
            return f"{c}后并没有离听牌更近" if zh else f"{mine} gets you no closer to ready"
        if zh:
            return f"{c}后离听牌更近，但过牌{more}"
        return f"{mine} gets you closer to ready, but passing is worth {more}"

    def _steps(self, n: int) -> str:
        return "1 step" if n == 1 else f"{n} steps"

    def line(self, d: ReviewedDecision) -> str:
        """The decision on one line: what was chosen, and for a mistake the loss, the best
        and why — the loss said once: a reason that gives it ("declaring this kong is worth
        0.85 points more on average") stands for "loses 0.85 points"."""
        zh = self.zh
        head = (
            f"{self.phase(d.phase)}：{self.action(d.chosen, d.phase)}"
            if zh
            else (f"{self.phase(d.phase)}: {self.action(d.chosen, d.phase)}")
        )
        if d.agrees:
            return f"{head}  {self.verdict(d.verdict)}"
        sep = "；" if zh else "; "
        best_action = self.action(d.best, d.phase)
        best = f"最佳：{best_action}" if zh else f"best: {best_action}"
        reason = self.reason(d)
        parts = [best, reason]
        if self._more(d) not in reason:
            parts.insert(0, f"损失 {self.points(d.loss)}" if zh else f"loses {self.points(d.loss)}")
        return f"{head}  {self.verdict(d.verdict)}{sep}{sep.join(parts)}"

    def summary(self, review: HandReview) -> str:
        n = len(review.decisions)
        acc, agree = round(review.accuracy * 100), round(review.agreement * 100)
        if self.zh:
            return (
                f"{self.narrator.seat(review.seat)}：{n} 个决定，准确率 {acc}%，"
                f"与最佳一致 {agree}%，失误 {len(review.mistakes)} 次，"
                f"期望损失共 {self.points(review.mistakes_loss)}"
            )
        decisions = "1 decision" if n == 1 else f"{n} decisions"
        mistakes = len(review.mistakes)
        ms = "1 mistake" if mistakes == 1 else f"{mistakes} mistakes"
        return (
            f"{self.narrator.seat(review.seat)}: {decisions}, accuracy {acc}%, "
            f"the best choice {agree}% of the time, {ms}, "
            f"expected loss {self.points(review.mistakes_loss)} in all"
        )
