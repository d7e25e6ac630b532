"""The plan player shared by the ``normal`` and ``hard`` bots: efficient, fan-aware play
with basic late-game caution.

Every discard is judged by the 13 tiles it leaves (:func:`engine.bots._features.
steered_value`): the plan it steers to — plain, or 清一色 / 对对胡 / 七对/龙七对 when that is at
least as close, keeping roots — and that plan's live 有效牌 acceptance (tiles already
visible do not count), as a chance to finish within a few draws × the plan's value. It does
not count the wall down to its end or weigh speed against value by expected points; the
hard bot does. Pongs and exposed kongs are taken as the efficiency bot takes them (no loss
of shanten or acceptance), own kongs when the hand after them is worth at least as much
(kongs add their 刮风下雨 income). Late in the wall it avoids tiles that a likely-ready
opponent could win on, preferring opponents' void suits. 定缺 and 换三张 evaluate the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots._features import (
    Opponent,
    Table,
    choose_exchange,
    choose_void,
    deal_in_risk,
    first_of,
    has_patterns,
    improvers,
    read_opponents,
    setup_values,
    steered_value,
    table_of,
    win_points,
    without_items,
    working_void,
)
from engine.bots.efficiency import EfficiencyBot
from engine.round import Action, ActionKind, Phase
from engine.tiles import Meld, MeldKind
from engine.views import PlayerView

_ACCEPTANCE = EfficiencyBot(0)  # deterministic: its seed is never used

# Kong income is refunded by a player who is not ready when the wall runs out (退税).
_KONG_KEEP = 0.75


class PlanBot:
    """Efficiency play (有效牌), fan-aware, basic defence near the end of the wall."""

    #: Wall size under which opponents' danger is weighed (basic late-game defence).
    caution_wall = 28
    #: How strongly danger counts (1.0: expected points lost).
    caution = 0.7
    #: Draws a plan is given to come together, whatever is left in the wall. Shorter
    #: plays faster: 4 is about as strong as the hard bot's hand evaluation against easy
    #: bots, 8 and more chase slow patterns too long (docs/bots.md).
    horizon = 6.0
    #: Play only discards within a step of the lowest shanten (two steps with a pattern in
    #: view); the others are valued too (evaluate lists every action) but ranked last:
    #: choosing among all of them folded too often (duplicate tournaments, docs/bots.md).
    full = False
    #: Throw void-suit tiles first even where the rules do not force it (wiki, chengdu).
    void_first = False
    #: Steps of shanten a discard may give up (to throw a safer tile), beyond patterns' one.
    fold_steps = 0
    #: The budget of the evaluation under way (rollouts; the hard bot's search reads it).
    _budget: int | None = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # --- entry point ------------------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        # Item uses (RULES.md §8) are left to engine.bots.items_policy; play the hand.
        legal = without_items(legal)
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view, legal)[0][0]

    def evaluate(
        self, view: PlayerView, legal: Sequence[Action], *, budget: int | None = None
    ) -> list[tuple[Action, float]]:
        """Every legal action with its expected points, best first (the Evaluator protocol
        of engine.bots). ``budget``: rollouts for the hard bot's search; unused here."""
        legal = without_items(legal)
        kind = legal[0].kind
        if view.phase is Phase.EXCHANGE or kind is ActionKind.EXCHANGE_THREE:
            return setup_values(view, legal, choose_exchange(view, legal))
        if view.phase is Phase.DECLARE_VOID or kind is ActionKind.DECLARE_VOID:
            return setup_values(view, legal, choose_void(view, legal))
        self._budget = budget
        claim = view.claim_tile is not None
        ranked = self.claim(view, legal) if claim else self.turn(view, legal)
        win = first_of(legal, ActionKind.WIN)
        if win is not None:
            now = win_points(view, win)
            best = ranked[0][1] if ranked else now
            if not ranked or self.take_win(view, win, legal):
                return [(win, max(now, best)), *ranked]
            # Passing the win: waiting is judged worth more than taking it.
            ranked[0] = (ranked[0][0], max(best, now))
            ranked.append((win, now))
        return ranked

    # --- hooks the hard bot refines -------------------------------------------------------

    def take_win(self, view: PlayerView, win: Action, legal: Sequence[Action]) -> bool:
        return True

    def opponents(self, view: PlayerView) -> list[Opponent]:
        if view.wall_remaining > self.caution_wall:
            return []
        return read_opponents(view)

    def risk(self, tile: int, opps: Sequence[Opponent], t: Table) -> float:
        if not opps:
            return 0.0
        return self.caution * deal_in_risk(tile, opps, t.live)

    def value(self, counts: list[int], melds: Sequence[Meld], t: Table, void: int | None) -> float:
        return steered_value(counts, melds, t, void, self.horizon)

    def void_discard(
        self, view: PlayerView, discards: Sequence[Action], opps: Sequence[Opponent], t: Table
    ) -> Action:
        """Which void tile to throw when only void tiles may go: the one most seen."""
        return max(discards, key=lambda a: (view.visible[a.tile or 0], a.tile or 0))

    # --- turns ------------------------------------------------------------------------

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
        """(value, action) of each discard from a 3n+2 hand, best first. Unless ``full``,
        discards that raise shanten more than the others are left out (they never win)."""
        m = len(melds)
        shs: list[int] = []
        for a in discards:
            k = a.tile
            assert k is not None
            counts[k] -= 1
            shs.append(improvers(bytes(counts), m, void)[0])  # cached: valued next
            counts[k] += 1
        floor = min(shs, default=0)
        wide = has_patterns(counts, melds, void)
        out: list[tuple[float, Action]] = []
        for a, sh in zip(discards, shs, strict=True):
            k = a.tile
            assert k is not None
            if sh > floor + max(self.fold_steps, 1 if wide else 0) and not full:
                continue
            counts[k] -= 1
            v = self.value(counts, melds, t, void) - self.risk(k, opps, t)
            counts[k] += 1
            out.append((v, a))
        out.sort(key=lambda va: (-va[0], va[1].tile or 0))
        return out

    def turn(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Discards and kongs on the own turn, valued, best first (a kong first on a tie)."""
        t = table_of(view)
        void = working_void(view)
        counts = list(view.concealed)
        melds = view.me.melds
        opps = self.opponents(view)
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        forced: list[Action] = []
        voids = [
            a for a in discards if void is not None and a.tile is not None and a.tile // 9 == void
        ]
        if voids and (self.void_first or len(voids) == len(discards)):
            # Only void tiles may go (RULES.md §3.2), or the rules let them stay but holding
            # one only delays the hand: the one this bot throws first, then the rest.
            pick = self.void_discard(view, voids, opps, t)
            forced = [a for a in discards if a != pick]
            discards = [pick]
        ranked = self.discard_values(view, counts, melds, discards, t, void, opps, full=self.full)
        if not self.full:
            kept = {id(a) for _, a in ranked}
            far = [a for a in discards if id(a) not in kept]
            if far:
                floor = min(v for v, _ in ranked)
                budget, self._budget = self._budget, 0  # no search for discards not played
                extra = self.discard_values(view, counts, melds, far, t, void, opps, full=True)
                self._budget = budget
                ranked += [(min(v, floor), a) for v, a in extra]
        if forced:
            below = ranked[0][0] if ranked else 0.0
            ranked += [(below, a) for a in forced]
        others = sum(1 for s in view.seats if not s.out) - 1
        rules = view.rules
        kongs: list[tuple[float, Action]] = []
        for a in legal:
            k = a.tile
            if k is None:
                continue
            if a.kind is ActionKind.CONCEALED_KONG:
                counts[k] -= 4
                v = self.value(counts, (*melds, Meld(MeldKind.CONCEALED_KONG, k)), t, void)
                counts[k] += 4
                v += 2 * rules.base * others * _KONG_KEEP
            elif a.kind is ActionKind.ADDED_KONG:
                counts[k] -= 1
                new = tuple(
                    Meld(MeldKind.ADDED_KONG, k) if m.tile == k and m.kind is MeldKind.PONG else m
                    for m in melds
                )
                v = self.value(counts, new, t, void)
                counts[k] += 1
                v += rules.base * others * _KONG_KEEP - self.risk(k, opps, t) * 0.5
            else:
                continue
            kongs.append((v, a))
        listed = {id(a) for _, a in ranked} | {id(a) for _, a in kongs}
        rest = [
            (float("-inf"), a)
            for a in legal
            if id(a) not in listed and a.kind is not ActionKind.WIN
        ]
        return _sorted([*kongs, *ranked, *rest])

    # --- claims -----------------------------------------------------------------------

    #: Pong and kong as the efficiency bot does — when the hand after it is no worse by
    #: (shanten, live acceptance) — valued by its plain-hand model. The expected-value
    #: claims below measured worse (docs/bots.md).
    claims_by_acceptance = True
    #: The bot whose rule those claims follow (the hard bot's takes exposed kongs that cost
    #: a step: engine/bots/normal.py).
    claim_rule: EfficiencyBot = _ACCEPTANCE

    def claim(self, view: PlayerView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Passing, pong and exposed kong on an offered tile, valued, best first (passing
        first on a tie)."""
        if self.claims_by_acceptance:
            rest = [a for a in legal if a.kind is not ActionKind.WIN]
            return self.claim_rule.evaluate(view, rest) if rest else []
        tile = view.claim_tile
        assert tile is not None
        t = table_of(view)
        void = working_void(view)
        counts = list(view.concealed)
        melds = view.me.melds
        opps = self.opponents(view)
        stay = self.value(counts, melds, t, void)
        out: list[tuple[float, Action]] = []
        for a in legal:
            if a.kind is ActionKind.PASS:
                v = stay
            elif a.kind is ActionKind.PONG:
                counts[tile] -= 2
                new = (*melds, Meld(MeldKind.PONG, tile))
                options = [
                    Action(ActionKind.DISCARD, view.seat, k)
                    for k in range(27)
                    if counts[k]
                    and (void is None or k // 9 == void or not _holds_suit(counts, void))
                ]
                ranked = self.discard_values(view, counts, new, options, t, void, opps)
                counts[tile] += 2
                v = ranked[0][0] if ranked else float("-inf")
            elif a.kind is ActionKind.EXPOSED_KONG:
                counts[tile] -= 3
                v = self.value(counts, (*melds, Meld(MeldKind.EXPOSED_KONG, tile)), t, void)
                counts[tile] += 3
                v += view.rules.exposed_kong_pay * view.rules.base * _KONG_KEEP
            elif a.kind is ActionKind.WIN:
                continue
            else:
                v = float("-inf")
            out.append((v, a))
        return _sorted(out)


def _sorted(valued: list[tuple[float, Action]]) -> list[tuple[Action, float]]:
    """(value, action) pairs as (action, value), highest value first; ties keep the order
    given (stable sort)."""
    valued.sort(key=lambda va: -va[0])
    return [(a, v) for v, a in valued]


def _holds_suit(counts: Sequence[int], suit: int) -> bool:
    return any(counts[9 * suit : 9 * suit + 9])
