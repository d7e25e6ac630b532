"""Two baseline bots: ``random`` (uniform over the legal actions) and ``greedy`` (shape only).

Both are cheap enough for large simulations and serve as reference opponents for the
stronger bots. Neither reads anything but its own :class:`~engine.views.PlayerView`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from engine.hand import best_discard, shanten
from engine.round import Action, ActionKind
from engine.tiles import NUM_KINDS
from engine.views import PlayerView

__all__ = ["GreedyBot", "RandomBot"]

_MELD_KINDS = frozenset(
    {
        ActionKind.PONG,
        ActionKind.EXPOSED_KONG,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
    }
)

_MELD_KIND_TUPLE = tuple(_MELD_KINDS)  # `in` a tuple tests identity in C; a set hashes the Enum


# ActionKind members as module constants: ``ActionKind.WIN`` is a lookup through the enum
# metaclass (~0.15 µs on Python 3.11), and choose() tests every legal action.
_ADDED_KONG: Final = ActionKind.ADDED_KONG
_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_DECLARE_VOID: Final = ActionKind.DECLARE_VOID
_DISCARD: Final = ActionKind.DISCARD
_EXCHANGE_THREE: Final = ActionKind.EXCHANGE_THREE
_EXPOSED_KONG: Final = ActionKind.EXPOSED_KONG
_PASS: Final = ActionKind.PASS
_PONG: Final = ActionKind.PONG
_WIN: Final = ActionKind.WIN


class RandomBot:
    """Chooses uniformly among the legal actions (a fuzzer more than an opponent)."""

    reads_view: ClassVar[bool] = False
    """Never reads its view: engine.simulate may then build it only on first use."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        # rng.randrange(n) for n >= 1 (a rejection loop on getrandbits), without its calls.
        n = len(legal)
        if not n:
            raise ValueError("no legal action to choose from")
        bits = self.rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]


def _suit_sizes(counts: Sequence[int]) -> list[int]:
    return [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]


def _connectedness(counts: Sequence[int], suit: int) -> int:
    """How well a suit's tiles hang together: pairs and triplets, neighbours (counted
    double) and one-gap neighbours."""
    c = counts[suit * 9 : suit * 9 + 9]
    score = sum(x * (x - 1) for x in c)
    score += sum(2 * min(c[r], c[r + 1]) for r in range(8))
    score += sum(min(c[r], c[r + 2]) for r in range(7))
    return score


class GreedyBot:
    """贪心 greedy: wins whenever it can, otherwise lowers shanten (向听数) one step at a time.

    * win: always;
    * discard: void-suit tiles first, then the discard of lowest shanten, ties broken by more
      unseen winning tiles, then by tile kind (:func:`engine.hand.analyze_discards`);
    * pong / kong: when the meld does not raise shanten;
    * void (定缺): the suit with the fewest tiles (ties: the weaker shape);
      exchange (换三张): three tiles of its shortest suit, keeping the best shape;
    * otherwise pass. Deterministic: the seed is kept only for the Bot protocol.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        first = legal[0].kind
        if first is _WIN:
            return legal[0]
        if first is _EXCHANGE_THREE:
            return self._exchange(view, legal)
        if first is _DECLARE_VOID:
            return self._void(view, legal)
        melds_offered = [a for a in legal if a.kind in _MELD_KIND_TUPLE]
        for a in legal:
            if a.kind is _WIN:
                return a
        counts = list(view.concealed)
        melds = len(view.me.melds)
        void = view.own_void
        if melds_offered:
            base = shanten(counts, melds, void)
            for action in melds_offered:
                if self._meld_keeps_shanten(action, counts, melds, void, base):
                    return action
        discards = [a for a in legal if a.kind is _DISCARD]
        if discards:
            return self._discard(view, discards, counts, melds, void)
        for action in legal:
            if action.kind is _PASS:
                return action
        return legal[0]

    @staticmethod
    def _meld_keeps_shanten(
        action: Action, counts: list[int], melds: int, void: int | None, base: int
    ) -> bool:
        kind, tile = action.kind, action.tile
        if tile is None or (void is not None and tile // 9 == void):
            return False
        after = list(counts)
        if kind is _PONG:
            after[tile] -= 2
            return shanten(after, melds + 1, void) <= base
        if kind is _EXPOSED_KONG:
            after[tile] -= 3
            return shanten(after, melds + 1, void) <= base
        if kind is _CONCEALED_KONG:
            after[tile] -= 4
            return shanten(after, melds + 1, void) <= base
        if kind is _ADDED_KONG:
            after[tile] -= 1
            return shanten(after, melds, void) <= base
        return False

    @staticmethod
    def _discard(
        view: PlayerView,
        discards: Sequence[Action],
        counts: list[int],
        melds: int,
        void: int | None,
    ) -> Action:
        if len(discards) == 1:
            return discards[0]
        if void is not None:
            # Void tiles can never be kept: the one with most copies seen is the safest.
            held = [a for a in discards if a.tile is not None and a.tile // 9 == void]
            if held:
                return max(held, key=lambda a: (view.visible[a.tile or 0], -(a.tile or 0)))
        # The first legal discard in analyze_discards' order (best_discard skips the rest).
        by_tile: list[Action | None] = [None] * NUM_KINDS
        for a in discards:
            if a.tile is not None:
                by_tile[a.tile] = a
        best = best_discard(counts, melds, void, view.visible, by_tile)
        chosen = by_tile[best] if best is not None else None
        return chosen if chosen is not None else discards[0]

    @staticmethod
    def _void(view: PlayerView, legal: Sequence[Action]) -> Action:
        """Fewest tiles; ties go to the weaker shape (RULES.md §3.2)."""
        counts = view.concealed
        sizes = _suit_sizes(counts)

        def key(action: Action) -> tuple[int, int, int]:
            suit = action.suit if action.suit is not None else 0
            return (sizes[suit], _connectedness(counts, suit), suit)

        return min(legal, key=key)

    @staticmethod
    def _exchange(view: PlayerView, legal: Sequence[Action]) -> Action:
        counts = view.concealed
        sizes = _suit_sizes(counts)
        suits = {a.tiles[0] // 9 for a in legal}
        suit = min(suits, key=lambda s: (sizes[s], s))
        best: Action | None = None
        best_key = 99
        for action in legal:
            if action.tiles[0] // 9 != suit:
                continue
            after = list(counts)
            for k in action.tiles:
                after[k] -= 1
            # 10 or 11 tiles left: score them as a hand with one meld already declared.
            key = shanten(after, 1)
            if key < best_key:
                best, best_key = action, key
        return best if best is not None else legal[0]
