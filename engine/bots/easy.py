"""The ``easy`` bot: a casual player.

It discards towards a lower shanten (向听) but picks loosely among the good discards, takes
every win, pongs and kongs whenever it can, and never thinks about defence. Its 定缺 and
换三张 are sensible (the suit with fewest tiles).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots._features import first_of, infer_void, suit_range, without_items
from engine.hand import analyze_discards
from engine.round import Action, ActionKind, Phase
from engine.views import PlayerView


class EasyBot:
    """Shanten-first discards with some randomness, eager claims, no defence."""

    #: Chance to play a random discard among those keeping the best shanten, rather than
    #: the one with the most waiting tiles.
    looseness = 0.8

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        # Item uses (RULES.md §8) are left to engine.bots.items_policy; play the hand.
        legal = without_items(legal)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0].kind
        if view.phase is Phase.EXCHANGE or kind is ActionKind.EXCHANGE_THREE:
            return self._exchange(view, legal)
        if view.phase is Phase.DECLARE_VOID or kind is ActionKind.DECLARE_VOID:
            return self._void(view, legal)
        for wanted in (
            ActionKind.WIN,
            ActionKind.EXPOSED_KONG,
            ActionKind.CONCEALED_KONG,
            ActionKind.ADDED_KONG,
            ActionKind.PONG,
        ):
            a = first_of(legal, wanted)
            if a is not None:
                return a
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if not discards:
            return legal[-1]
        return self._discard(view, discards)

    def _void(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        counts = view.concealed
        return min(legal, key=lambda a: (sum(counts[k] for k in suit_range(a.suit or 0)), a.suit))

    def _exchange(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        counts = view.concealed
        sizes = {s: sum(counts[k] for k in suit_range(s)) for s in range(3)}
        suits = {a.tiles[0] // 9 for a in legal}
        suit = min(suits, key=lambda s: (sizes[s], s))
        options = [a for a in legal if a.tiles[0] // 9 == suit]
        return self.rng.choice(options)

    def _discard(self, view: PlayerView, discards: Sequence[Action]) -> Action:
        allowed = {a.tile for a in discards}
        void = view.own_void
        if void is None and not view.rules.declare_void:
            void = infer_void(view.concealed, view.me.melds)
        if void is not None:
            mine = [a for a in discards if a.tile is not None and a.tile // 9 == void]
            if mine:
                return self.rng.choice(mine)
        options = [
            o
            for o in analyze_discards(view.concealed, len(view.me.melds), void, view.visible)
            if o.discard in allowed
        ]
        if not options:
            return self.rng.choice(list(discards))
        best = options[0].shanten
        good = [o for o in options if o.shanten == best]
        pick = self.rng.choice(good) if self.rng.random() < self.looseness else good[0]
        return next(a for a in discards if a.tile == pick.discard)
