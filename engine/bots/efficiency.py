"""The ``efficiency`` bot: a plain 牌效 baseline, the yardstick the other bots are measured by.

* win: whenever it can;
* discard: a void-suit tile first (the one most seen), otherwise the discard leaving the
  lowest shanten, then the most live 有效牌 (unseen copies of the kinds that lower shanten,
  visible tiles not counted), then the lowest kind;
* pong / kong: when the hand after it is no worse by (shanten, acceptance);
* 定缺 as RULES.md §3.2 has bots pick it (the fewest tiles, then the weakest shape) and
  换三张 by shanten (engine.bots._features);
* no defence, no hand value. Deterministic (the seed is kept for the Bot protocol).

:meth:`EfficiencyBot.evaluate` ranks every legal action by that order; its values are the
plain hand's expected points (win chance from shanten and acceptance × the points of a
plain win × payers), made non-increasing down the ranking so that they never contradict it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots._features import (
    Table,
    acceptance,
    choose_exchange,
    choose_void,
    fan_to_points,
    pattern_fan,
    setup_values,
    table_of,
    win_chance,
    without_items,
    working_void,
)
from engine.round import Action, ActionKind
from engine.views import PlayerView

__all__ = ["EfficiencyBot", "ranked_values"]

_K = ActionKind
_MELDING = {_K.PONG: 2, _K.EXPOSED_KONG: 3, _K.CONCEALED_KONG: 4, _K.ADDED_KONG: 1}


def ranked_values(ranked: Sequence[tuple[Action, float]]) -> list[tuple[Action, float]]:
    """``ranked`` (best first) with each value capped by the one before it."""
    out: list[tuple[Action, float]] = []
    cap = float("inf")
    for a, v in ranked:
        cap = min(cap, v)
        out.append((a, cap))
    return out


class EfficiencyBot:
    """Shanten, then live acceptance; wins always; melds that cost nothing; no defence."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.evaluate(view, legal)[0][0]

    def evaluate(
        self, view: PlayerView, legal: Sequence[Action], *, budget: int | None = None
    ) -> list[tuple[Action, float]]:
        legal = without_items(legal)
        kind = legal[0].kind
        if kind is _K.EXCHANGE_THREE or kind is _K.DECLARE_VOID:
            pick = choose_exchange if kind is _K.EXCHANGE_THREE else choose_void
            return setup_values(view, legal, pick(view, legal))
        t = table_of(view)
        void = working_void(view)
        counts = list(view.concealed)
        m = len(view.me.melds)
        # Sort keys: a win; a meld that costs nothing; void tiles (most seen first); the
        # other discards and passing by (shanten, −acceptance); a meld that costs.
        keyed: list[tuple[tuple[int, int, int, int], Action, float]] = []
        void_held = void is not None and any(counts[9 * void : 9 * void + 9])
        claim = view.claim_tile is not None
        now: tuple[int, int] | None = None  # (shanten, acceptance) without the action
        for a in legal:
            k = a.tile
            if a.kind is _K.WIN:
                keyed.append(((0, 0, 0, 0), a, self._plain(t, -1, 0)))
            elif a.kind is _K.DISCARD and k is not None:
                counts[k] -= 1
                sh, acc = acceptance(counts, m, void, t.live)
                counts[k] += 1
                if void_held and k // 9 == void:
                    key = (2, -view.visible[k], k, 0)
                else:
                    key = (3, sh, -acc, self._tie(view, counts, k))
                keyed.append((key, a, self._plain(t, sh, acc)))
            elif a.kind in _MELDING and k is not None:
                if now is None:
                    now = self._now(counts, m, void, t, claim)
                sh0, acc0 = now
                counts[k] -= _MELDING[a.kind]
                if a.kind is _K.PONG:
                    sh, acc = self._best_after(counts, m + 1, void, t)
                else:
                    extra = 0 if a.kind is _K.ADDED_KONG else 1
                    sh, acc = acceptance(counts, m + extra, void, t.live)
                counts[k] += _MELDING[a.kind]
                keep = not (void is not None and k // 9 == void) and self._keeps(
                    a.kind, (sh, acc), (sh0, acc0)
                )
                keyed.append(((1 if keep else 4, sh, -acc, k), a, self._plain(t, sh, acc)))
            else:  # PASS (or anything else): the hand as it stands
                if now is None:
                    now = self._now(counts, m, void, t, claim)
                sh0, acc0 = now
                keyed.append(((3, sh0, -acc0, 99), a, self._plain(t, sh0, acc0)))
        keyed.sort(key=lambda row: row[0])
        return ranked_values([(a, v) for _, a, v in keyed])

    def _tie(self, view: PlayerView, counts: Sequence[int], k: int) -> int:
        """The last sort key of a discard of kind ``k`` (``counts`` still holding it),
        between discards equal in (shanten, acceptance): the lowest kind goes."""
        return k

    def _keeps(self, kind: ActionKind, after: tuple[int, int], before: tuple[int, int]) -> bool:
        """Whether a meld of ``kind`` is taken, from (shanten, acceptance) after and
        without it: when it is no worse."""
        return (after[0], -after[1]) <= (before[0], -before[1])

    @staticmethod
    def _plain(t: Table, sh: int, acc: int) -> float:
        points = fan_to_points(t.rules, pattern_fan(t.rules, "ping_hu"))
        return win_chance(sh, acc, t.unseen, t.turns, t.ron) * points * t.pay_mult

    @staticmethod
    def _best_after(counts: list[int], m: int, void: int | None, t: Table) -> tuple[int, int]:
        """(shanten, acceptance) after the best discard of a 3n+2 hand."""
        best = (99, 0)
        for k in range(27):
            if counts[k]:
                counts[k] -= 1
                sh, acc = acceptance(counts, m, void, t.live)
                counts[k] += 1
                if (sh, -acc) < (best[0], -best[1]):
                    best = (sh, acc)
        return best

    def _now(
        self, counts: list[int], m: int, void: int | None, t: Table, claim: bool
    ) -> tuple[int, int]:
        """(shanten, acceptance) of the hand without the meld: as it is in a claim window
        (3n+1), after its best discard on its own turn (3n+2)."""
        if claim:
            return acceptance(counts, m, void, t.live)
        return self._best_after(counts, m, void, t)
