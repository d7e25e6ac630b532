"""The ``hard`` bot: expected-value play over the whole wall, plus reading the table.

* Every hand is worth its expected points (:func:`engine.bots._features.hand_value`): each
  plan — plain, 清一色, 对对胡, 七对/龙七对, with roots — by its chance to finish in the draws
  left in the wall, a win ``n`` draws away weighted ``discount**n`` (meanwhile others win,
  leave and make it pay), × its value × the players who would pay (a self-draw is paid by
  everyone in play). So speed and value are weighed on one scale and the hand gets ready
  as the wall runs out (查大叫), where the normal bot only maximises acceptance towards
  the plan it is closest to.
* Every discard is weighed against the chance it deals in, all hand long: per opponent and
  tile, a chance fitted on self-play (engine/bots/_danger.py: its discards, melds, void,
  a tile it just passed on, the shapes that could wait on the tile) × what its win would
  cost, summed over opponents (一炮多响). Two steps from ready with a costly best discard,
  it folds: the safest tile goes, whatever it does to the hand, unless the club
  player's discard (below) wins the lookahead against it (keeping every fold measured
  worse) — not under single-win rules or where void tiles may be kept (measured worse
  there).
* Near the end of the wall a ready hand is worth its 查大叫 income on top of its win chance,
  and a hand that is not ready pays.
* Pongs as the efficiency bot takes them (no loss of acceptance), exposed kongs as the club
  player takes them (a step of shanten for the kong's income), except where the hand's
  expected value says clearly otherwise (:meth:`HardBot.claim`); own
  kongs and passing a small discard win for a bigger self-draw are expected-value choices
  (the 过手胡 rule of the table is respected: ``view.blocked_*``).
* Close discard decisions are settled by Monte Carlo: ``samples`` draws of the unseen tiles
  (the ``budget`` of :meth:`evaluate`, in rollouts) played out by the bot's own hand. The
  rollouts' random stream is seeded from the bot's seed and the position, never the clock:
  the same seed, position and budget give the same decision on any machine.
* Last, the club player's word: where the normal bot would throw another tile than this
  model's best (its keeping of pairs and triplets for pongs is worth more than the
  own-hand model sees), a one-draw lookahead settles the two (:meth:`HardBot.lookahead`:
  every next draw, then the best discard by the model); the club's discard on a tie.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.bots._danger import expected_loss
from engine.bots._features import (
    Opponent,
    Table,
    deal_in_risk,
    hand_value,
    improvers,
    plans,
    read_opponents,
    read_opponents_detailed,
    table_of,
    working_void,
)
from engine.bots._plan import PlanBot, _holds_suit
from engine.bots.normal import NormalBot
from engine.hand import shanten
from engine.round import Action, ActionKind
from engine.rules import RuleSet
from engine.scoring import WinContext, score_hand
from engine.tiles import Meld, MeldKind
from engine.views import PlayerView

_CLUB = NormalBot(0)  # deterministic: its seed is never used


def _first(ranked: list[tuple[Action, float]], pick: Action) -> list[tuple[Action, float]]:
    """``ranked`` with ``pick`` played instead of the best: first, at the best's value."""
    return [(pick, ranked[0][1]), *((a, v) for a, v in ranked if a is not pick)]


class HardBot(PlanBot):
    """Normal play plus table reading, defence all hand long, and Monte Carlo tie-breaks."""

    caution_wall = 200  # always weigh danger
    #: Weight of the fitted danger (expected points lost, engine/bots/_danger.py) against
    #: the hand's value while attacking: 0.5 measured best (1.3 and 3.0 lost points and
    #: dealt in no less; docs/bots.md). Folding (below) does the rest of the defence.
    caution = 0.5
    #: Weight of a win one own draw later (hand_value). 0.75 plays faster than
    #: _features.DISCOUNT: in duplicate tournaments against normal, +0.07 points a hand
    #: and fewer deal-ins (docs/bots.md).
    discount = 0.75

    def __init__(self, seed: int = 0, *, samples: int = 128) -> None:
        super().__init__(seed)
        self.seed = seed
        self.samples = samples
        self._tuned_for: RuleSet | None = None
        self._tuned: tuple[str, ...] = ()

    def evaluate(
        self, view: PlayerView, legal: Sequence[Action], *, budget: int | None = None
    ) -> list[tuple[Action, float]]:
        if view.rules is not self._tuned_for:
            self.tune(view.rules)
        return super().evaluate(view, legal, budget=budget)

    def tune(self, rules: RuleSet) -> None:
        """Play with the overrides of the room nearest ``rules`` (:data:`TUNINGS`): set as
        attributes of this bot, the previous room's taken off first."""
        for name in self._tuned:
            delattr(self, name)
        overrides = tuning_for(rules).overrides
        for name, value in overrides:
            setattr(self, name, value)
        self._tuned = tuple(name for name, _ in overrides)
        self._tuned_for = rules

    # --- table reading ----------------------------------------------------------------

    #: Read opponents with :func:`read_opponents_detailed` (melds, likely 清一色). Off:
    #: measured no better (more defence, fewer points) in duplicate tournaments.
    detailed = False

    def opponents(self, view: PlayerView) -> list[Opponent]:
        if self.detailed:
            return read_opponents_detailed(view)
        return read_opponents(view)

    #: Defence when the own hand is far from ready: from this shanten on, danger counts
    #: ``fold_caution`` times (late in the wall ``fold_late`` more), attack otherwise.
    fold_shanten = 2
    fold_caution = 1.0
    fold_late = 0.0
    _far = False

    #: Danger from the fitted table (engine/bots/_danger.py) rather than the hand-made
    #: shape model (_features.deal_in_risk).
    fitted = True
    _loss: list[float] | None = None

    def risk(self, tile: int, opps: Sequence[Opponent], t: Table) -> float:
        if not opps:
            return 0.0
        c = self.caution
        if self._far:
            c *= self.fold_caution + self.fold_late * max(0.0, 1.0 - t.turns / 12.0)
        if self._loss is not None:
            return c * self._loss[tile]
        return c * deal_in_risk(tile, opps, t.live)

    def value(self, counts: list[int], melds: Sequence[Meld], t: Table, void: int | None) -> float:
        v = hand_value(counts, melds, t, void, self.discount)
        if t.turns <= 4.0:
            # 查大叫 (RULES.md §6.3): at the wall's end a ready hand collects from each
            # player that is not ready, and a hand that is not ready pays each ready one.
            ps = plans(counts, melds, t, void)
            end = max(0.0, 1.0 - t.turns / 5.0)
            if ps and ps[0].name == "ready":
                v += end * ps[0].points * 0.8
            else:
                v -= end * 1.5
        return v

    # --- folding ----------------------------------------------------------------------

    #: Fold (throw the safest tile, whatever it does to the hand) when the best discard
    #: leaves the hand this many steps from ready or more, and costs at least
    #: ``fold_loss`` expected points in deal-ins (engine/bots/_danger.py). 99: never.
    fold_from = 2
    fold_loss = 0.05
    #: ... and from one step away once the wall is down to this many tiles (-1: never;
    #: folding from one step in the last 20 tiles cost 0.08 points a hand, docs/bots.md).
    fold_late_wall = -1
    #: Fold at all: None decides by the rules (not under single-win rules, nor where void
    #: tiles may be kept); the per-rules tuning below may say otherwise.
    fold: bool | None = None

    def turn(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        return self._club(view, legal, self._folded(view, super().turn(view, legal)))

    def _folded(
        self, view: PlayerView, ranked: list[tuple[Action, float]]
    ) -> list[tuple[Action, float]]:
        """``ranked`` with the safest discard first when the hand folds (above)."""
        loss = self._loss
        if loss is None or len(ranked) < 2 or ranked[0][0].kind is not ActionKind.DISCARD:
            return ranked
        best = ranked[0][0]
        assert best.tile is not None
        if loss[best.tile] < self.fold_loss:
            return ranked
        counts = list(view.concealed)
        counts[best.tile] -= 1
        sh = improvers(bytes(counts), len(view.me.melds), working_void(view))[0]
        rules = view.rules
        fold = self.fold
        if fold is None:
            # Measured worse where one win ends the hand (chengdu) and where void tiles may
            # be kept (wiki): speed pays more there than the deal-ins folding saves.
            fold = rules.mode != "single" and rules.must_discard_void_first
        if not fold:
            return ranked
        late = view.wall_remaining <= self.fold_late_wall
        if sh < self.fold_from and not (late and sh >= 1):
            return ranked
        discards = [(a, v) for a, v in ranked if a.kind is ActionKind.DISCARD]
        safest = min(discards, key=lambda av: (loss[av[0].tile or 0], -av[1]))
        if safest[0] is best:
            return ranked
        return _first(ranked, safest[0])

    # --- the club player's discard --------------------------------------------------------

    #: Play the normal bot's discard (efficiency play with pairs and triplets kept on ties,
    #: engine/bots/normal.py) when this bot's own model values it within this share of its
    #: best: the value model (and its rollouts) only overrides the club player's choice by
    #: a margin, as with pongs. 0.2 measured best alone (+0.11 points a hand, paired over
    #: three sets of 600 walls against 3× efficiency; 0.05 and 0.6 no gain); with the
    #: lookahead below settling the two, any margin: 1.0 (the lookahead always decides)
    #: measured best, then 0.5, 0.35 and 0.2 (docs/bots.md). None: off.
    club_margin: float | None = 1.0

    #: Settle the club discard against the model's best by a one-draw lookahead
    #: (:meth:`lookahead`): the one it values higher is played, the club's on a tie.
    #: +0.071 (±0.057) points a hand, paired over 10,000 hands against 3× efficiency (seed
    #: 2026), +0.116 (±0.056) on seed 2027's (docs/bots.md). False: the club's always.
    club_lookahead = True

    def _club(
        self, view: PlayerView, legal: Sequence[Action], ranked: list[tuple[Action, float]]
    ) -> list[tuple[Action, float]]:
        margin = self.club_margin
        if margin is None or len(ranked) < 2 or ranked[0][0].kind is not ActionKind.DISCARD:
            return ranked
        top = ranked[0][1]
        if top <= 0:
            return ranked
        pick = _CLUB.choose(view, legal)
        if pick.kind is not ActionKind.DISCARD:
            return ranked
        for a, v in ranked[1:]:
            if a.kind is ActionKind.DISCARD and a.tile == pick.tile:
                if v < (1.0 - margin) * top:
                    break
                if self.club_lookahead:
                    pair = (ranked[0][0], a)
                    t, void = table_of(view), working_void(view)
                    best_la, club_la = self.lookahead(
                        view, view.concealed, view.me.melds, pair, t, void
                    )
                    if best_la > club_la:
                        break
                return _first(ranked, a)
        return ranked

    def lookahead(
        self,
        view: PlayerView,
        counts: Sequence[int],
        melds: Sequence[Meld],
        discards: Sequence[Action],
        t: Table,
        void: int | None,
    ) -> list[float]:
        """Each discard's worth one own draw later: over every kind the next draw may be
        (by its live copies), the self-draw it completes (points × the players who pay,
        plus 自摸加底), else the best discard after it by :meth:`value` with one draw less
        left. The danger of those later discards is left out (counting the present one's
        measured no better, docs/bots.md)."""
        unseen = t.unseen
        if unseen <= 0:
            return [0.0] * len(discards)
        others = sum(1 for s in view.seats if not s.out) - 1
        rules = t.rules
        bonus = rules.base if rules.self_draw_bonus == "add_base" else 0
        later = replace(t, turns=max(0.0, t.turns - 1.0))
        m = len(melds)
        out: list[float] = []
        for a in discards:
            h = list(counts)
            h[a.tile or 0] -= 1
            sh, imp = improvers(bytes(h), m, void)
            win = 0.0
            if sh == 0:
                ps = plans(h, melds, t, void)
                win = (ps[0].points if ps else 1.0) * others + others * bonus
            total = 0.0
            for k in range(27):
                copies = t.live[k]
                if not copies:
                    continue
                p = copies / unseen
                if sh == 0 and k in imp:
                    total += p * win
                    continue
                h[k] += 1
                total += p * self.best_discard(h, melds, later, void)[0]
                h[k] -= 1
            out.append(total)
        return out

    def best_discard(
        self, counts: list[int], melds: Sequence[Meld], t: Table, void: int | None
    ) -> tuple[float, int | None]:
        """(:meth:`value` of the hand after it, kind) of the best discard from a 3n+2 hand,
        void tiles first (RULES.md §3.2); the lowest kind on a tie. ``counts`` is restored."""
        void_held = void is not None and _holds_suit(counts, void)
        best, pick = float("-inf"), None
        for k in range(27):
            if not counts[k] or (void_held and k // 9 != void):
                continue
            counts[k] -= 1
            v = self.value(counts, melds, t, void)
            counts[k] += 1
            if v > best:
                best, pick = v, k
        return best, pick

    # --- claims -----------------------------------------------------------------------

    #: Claims by the club player's rule: pongs as the efficiency bot takes them, and an
    #: exposed kong on a discard even when it costs a step of shanten (its 刮风 income is
    #: paid at once). The decision audit found the declined kongs worth taking (三人两房
    #: +2.6 points a declined kong, wiki +1.2); paired against 3× efficiency, +0.018
    #: (±0.012) points a hand over 10,000 hands of `standard` (docs/bots.md).
    claim_rule = _CLUB

    #: A pong the efficiency rule declines (it costs live acceptance) is taken when the
    #: hand after it, with its best discard, is worth this many times the hand without it
    #: and no further from ready; one the rule takes is passed when worth less than
    #: ``pong_less`` times (it breaks a 七对 or a flush, say). 1.3 / 0.8: +0.047 points a
    #: hand, paired over 1,200 walls against 3× efficiency (docs/bots.md). Pongs are the
    #: claim that matters most (never ponging costs a point a hand), so the rule stays the
    #: default and the model only overrides it by these margins.
    pong_more = 1.3
    pong_less = 0.8

    def claim(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        ranked = super().claim(view, legal)
        pong = next((a for a, _ in ranked if a.kind is ActionKind.PONG), None)
        stay = next((a for a, _ in ranked if a.kind is ActionKind.PASS), None)
        tile = view.claim_tile
        void = working_void(view)
        if pong is None or stay is None or tile is None or (void is not None and tile // 9 == void):
            return ranked
        t = table_of(view)
        counts = list(view.concealed)
        melds = view.me.melds
        m = len(melds)
        before = self.value(counts, melds, t, void)
        sh_before = improvers(bytes(counts), m, void)[0]
        counts[tile] -= 2
        ponged = (*melds, Meld(MeldKind.PONG, tile))
        after, k = self.best_discard(counts, ponged, t, void)
        sh_after = 99
        if k is not None:
            counts[k] -= 1
            sh_after = improvers(bytes(counts), m + 1, void)[0]
            counts[k] += 1
        top = ranked[0][0]
        if top is pong and before > 0 and after < self.pong_less * before:
            pick = stay
        elif top is stay and sh_after <= sh_before and after >= self.pong_more * max(before, 1e-9):
            pick = pong
        else:
            return ranked
        return _first(ranked, pick)

    # --- wins -------------------------------------------------------------------------

    #: Points lost per own turn while still in play (others' self-draws, deal-ins).
    #: Passing more pays: 0.10 with a margin of 1.0 and 4 turns, against 0.25 / 1.2 / 6,
    #: +0.050 (±0.046) points a hand (paired, 600 walls vs 3× efficiency, docs/bots.md).
    stay_cost = 0.10
    #: Never pass a discard win with fewer own draws left (the 查大叫 end is near and
    #: others keep winning), or fewer live tiles to self-draw.
    pass_min_turns = 4.0
    pass_min_live = 3
    #: A discard win is taken when worth this share of waiting for a self-draw.
    pass_margin = 1.0

    def take_win(self, view: PlayerView, win: Action, legal: Sequence[Action]) -> bool:
        """Take every self-draw; pass a small discard win when a self-draw — paid by every
        player in play, plus 自摸加底 — is likely enough before the wall runs out."""
        rules = view.rules
        if view.claim_tile is None or view.claim_is_rob or rules.mode != "xuezhan":
            return True
        if len(legal) == 1:
            return True
        t = table_of(view)
        void = working_void(view)
        counts = list(view.concealed)
        melds = view.me.melds
        ps = plans(counts, melds, t, void)
        if not ps or ps[0].name != "ready" or t.unseen <= 0:
            return True
        tile = win.tile
        assert tile is not None
        counts[tile] += 1
        first = not view.me.pond and not any(s.melds for s in view.seats)  # 地胡
        dealer = view.dealer == view.seat
        ctx = WinContext(
            tuple(counts), tuple(melds), tile, first_turn=first, dealer=dealer, void=void
        )
        now = score_hand(ctx, rules).points
        counts[tile] -= 1
        live = ps[0].accept - (1 if t.live[tile] else 0)  # the offered copy is taken
        turns = t.turns
        if live < self.pass_min_live or turns < self.pass_min_turns:
            return True
        p_self: float = 1.0 - (1.0 - live / t.unseen) ** turns
        others = sum(1 for s in view.seats if not s.out) - 1
        bonus = rules.base if rules.self_draw_bonus == "add_base" else 0
        mean = ps[0].points
        self_value = others * (mean * (2 if rules.self_draw_bonus == "add_fan" else 1) + bonus)
        wait: float = p_self * self_value + (1.0 - p_self) * 0.5 * mean - self.stay_cost * turns
        return now * self.pass_margin >= wait

    # --- close decisions ----------------------------------------------------------------

    #: Search the best two discards when the second is worth within this share of the
    #: first (128 rollouts in a 15% window: +0.23 points a hand over 12 in 8%, docs/bots.md).
    search_window = 0.15
    #: How many of the best discards the search compares.
    search_width = 2
    #: Weight of a rollout's win one own draw later.
    rollout_discount = 0.87
    #: Weigh the rollouts' points against each discard's danger (off: -0.09 points a hand,
    #: no fewer deal-ins, docs/bots.md).
    search_danger = False

    def discard_values(
        self,
        view: PlayerView,
        counts: list[int],
        melds: Sequence[Meld],
        discards: Sequence[Action],
        t: Table,
        void: int | None,
        opps: Sequence[Opponent],
        *,
        full: bool = False,
    ) -> list[tuple[float, Action]]:
        if self.fitted and opps:
            self._loss = expected_loss(view, t.live, {o.seat: o.value for o in opps})
        else:
            self._loss = None
        self._far = (
            bool(opps)
            and (self.fold_caution != 1.0 or self.fold_late != 0.0)
            and shanten(counts, len(melds), void) >= self.fold_shanten
        )
        ranked = super().discard_values(view, counts, melds, discards, t, void, opps, full=full)
        samples = self.samples if self._budget is None else self._budget
        if samples <= 0 or len(ranked) < 2 or t.turns < 2:
            return ranked
        v1 = ranked[0][0]
        if v1 <= 0:
            return ranked
        close = [
            va for va in ranked[: self.search_width] if v1 - va[0] <= self.search_window * abs(v1)
        ]
        if len(close) < 2:
            return ranked
        acts = [a for _, a in close]
        rs = self._rollouts(view, counts, melds, acts, t, void, samples)
        if self.search_danger:
            rs = [r - self.risk(a.tile or 0, opps, t) for r, a in zip(rs, acts, strict=True)]
        # Rollouts only reorder the close ones: the values (compared with passing or
        # melding by the caller) stay the model's, best first.
        order = sorted(range(len(acts)), key=lambda i: -rs[i])  # stable: model order on ties
        values = [v for v, _ in close]
        return [*((values[j], acts[i]) for j, i in enumerate(order)), *ranked[len(close) :]]

    def _rollouts(
        self,
        view: PlayerView,
        counts: list[int],
        melds: Sequence[Meld],
        actions: Sequence[Action],
        t: Table,
        void: int | None,
        samples: int,
    ) -> list[float]:
        """Mean points won by each discard over the same ``samples`` sampled draw sequences
        (common random numbers, so the differences are what counts)."""
        pool = [k for k in range(27) for _ in range(t.live[k])]
        if not pool:
            return [0.0] * len(actions)
        turns = int(t.turns)
        rng = random.Random(position_seed(self.seed, view, counts, *actions[:2]))
        total = [0.0] * len(actions)
        for _ in range(samples):
            draws = rng.sample(pool, min(len(pool), turns))
            for i, a in enumerate(actions):
                k = a.tile
                assert k is not None
                h = list(counts)
                h[k] -= 1
                total[i] += self._play_out(h, melds, draws, t, void, self.rollout_discount)
        return [x / samples * t.pay_mult for x in total]

    @staticmethod
    def _play_out(
        h: list[int],
        melds: Sequence[Meld],
        draws: Sequence[int],
        t: Table,
        void: int | None,
        discount: float = 0.87,
    ) -> float:
        """Play a 3n+1 hand against a fixed draw sequence, keeping a drawn tile only when it
        lowers shanten (then dropping the tile that leaves the most improvers); return the
        discounted points of the win, 0 if none."""
        m = len(melds)
        sh, imp = improvers(bytes(h), m, void)
        weight = 1.0
        for d in draws:
            if d in imp:
                if sh == 0:
                    ps = plans(h, melds, t, void)
                    pts = ps[0].points if ps else 1.0
                    return weight * pts
                h[d] += 1
                best: tuple[int, int, int] | None = None
                for k in range(27):
                    if not h[k] or k == d:
                        continue
                    h[k] -= 1
                    s2, i2 = improvers(bytes(h), m, void)
                    h[k] += 1
                    score = (s2, -len(i2), k)
                    if best is None or score < best:
                        best = score
                assert best is not None
                h[best[2]] -= 1
                sh, imp = improvers(bytes(h), m, void)
            weight *= discount
        return 0.0


def position_seed(seed: int, view: PlayerView, counts: Sequence[int], *actions: Action) -> int:
    """A seed for a search from the bot's seed and the position (own seat and hand, what is
    visible, the wall left, the actions compared): stable across runs and machines (crc32,
    not the salted ``hash`` of bytes)."""
    parts = bytes(counts) + bytes(view.visible) + bytes([view.seat, min(255, view.wall_remaining)])
    parts += bytes(a.tile if a.tile is not None else 255 for a in actions)
    return (seed & 0xFFFFFFFF) * 0x1_0000_0000 + zlib.crc32(parts)


# --- per-rules tuning ---------------------------------------------------------------------
#
# The constants above were measured on ``standard``. Where the rules change what pays —
# one win ends the hand, winners play on, void tiles may be kept, fewer seats and suits —
# some of them measured better otherwise (paired duplicate tournaments against 3× the
# efficiency bot, 400 walls, seed 2026). A room the table does not name (a preset with
# ``--set`` options) plays the tuning of the nearest room by its features.


@dataclass(frozen=True, slots=True)
class Tuning:
    """Overrides of :class:`HardBot`'s attributes for one kind of room, and that room's
    features (:func:`room_features`)."""

    room: str
    players: int
    suits: int
    mode: str
    void_forced: bool
    model: str
    overrides: tuple[tuple[str, object], ...] = ()


#: The rooms measured, the four-seat three-suit 血战 room (standard, jj, modern) first: it
#: keeps the class's constants, and wins a tie of distances.
TUNINGS: tuple[Tuning, ...] = (
    Tuning("standard", 4, 3, "xuezhan", True, "fan"),
    # Void tiles may be kept: throw them first anyway, and weigh danger less (+0.14 and
    # +0.06 points a hand on two sets of 400 walls; neither CI alone excludes 0).
    Tuning("wiki", 4, 3, "xuezhan", False, "fan", (("void_first", True), ("caution", 0.3))),
    # One win ends the hand: speed over defence (caution 0.1: +0.08 ±0.05, then +0.03 ±0.04
    # on the next 400 walls; 0.0 and 1.0 lost).
    Tuning("chengdu", 4, 3, "single", False, "points", (("caution", 0.1),)),
    # Winners play on (血流成河): a deal-in costs less than a slow hand (caution 0.3: +0.20
    # ±0.13; then not folding: +0.13 ±0.15 more).
    Tuning("modern_xueliu", 4, 3, "xueliu", True, "fan", (("caution", 0.3), ("fold", False))),
    # Three seats, two suits: the hand ends at the second win, so a discard win is always
    # taken (+0.14 ±0.16 and +0.11 ±0.17 on two sets of 400 walls). Two seats (liangren)
    # play this too: +0.02 ±0.07 there.
    Tuning("sanren_liangfang", 3, 2, "xuezhan", False, "fan", (("pass_margin", 99.0),)),
)


def room_features(rules: RuleSet) -> tuple[int, int, str, bool, str]:
    """(players, suits in the wall, mode, whether void tiles must go first, points model)."""
    forced = rules.must_discard_void_first and rules.declares_void
    return rules.players, len(rules.suits), rules.mode, forced, rules.model


def _distance(t: Tuning, f: tuple[int, int, str, bool, str]) -> int:
    players, suits, mode, forced, model = f
    return (
        3 * abs(t.players - players)
        + 3 * abs(t.suits - suits)
        + 4 * (t.mode != mode)
        + 2 * (t.void_forced != forced)
        + (t.model != model)
    )


@lru_cache(maxsize=64)
def tuning_for(rules: RuleSet) -> Tuning:
    """The tuning of the room nearest ``rules`` (the first of equals)."""
    f = room_features(rules)
    return min(TUNINGS, key=lambda t: _distance(t, f))
