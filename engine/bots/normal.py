"""The ``normal`` bot: a decent club player — the efficiency bot's play
(engine/bots/efficiency.py) with two measured deviations (docs/bots.md):

* a kong (concealed, added or on a discard) is declared even when it costs one step of
  shanten: its 刮风下雨 income is paid at once and outweighs the step;
* discards equal in (shanten, live acceptance) are broken by keeping pairs and triplets
  (the kind held fewest goes; they become pongs and kongs), then by throwing the kind most
  seen (fewer waits it can complete).

No defence read from the opponents, no search; as fast as the efficiency bot.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots._features import (
    acceptance,
    choose_exchange,
    choose_void,
    setup_values,
    table_of,
    without_items,
    working_void,
)
from engine.bots.efficiency import EfficiencyBot, ranked_values
from engine.round import Action, ActionKind
from engine.views import PlayerView

__all__ = ["NormalBot"]

_K = ActionKind
_MELDING = {_K.PONG: 2, _K.EXPOSED_KONG: 3, _K.CONCEALED_KONG: 4, _K.ADDED_KONG: 1}
_KONGS = (_K.EXPOSED_KONG, _K.CONCEALED_KONG, _K.ADDED_KONG)


class NormalBot(EfficiencyBot):
    """Efficiency play; kongs that cost a step; ties kept for sets, then safer."""

    #: Steps of shanten a kong may cost; None: only kongs that cost nothing (efficiency).
    kong_slack: int | None = 1
    #: Break (shanten, acceptance) ties between discards by the copies held (fewest
    #: goes), then by the copies seen (most goes); False: by the lowest kind (efficiency).
    set_ties = True

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
        # Sort keys as the efficiency bot's: a win; a meld kept; void tiles (most seen
        # first); the other discards and passing by (shanten, −acceptance); a meld refused.
        keyed: list[tuple[tuple[int, int, int, int], Action, float]] = []
        void_held = void is not None and any(counts[9 * void : 9 * void + 9])
        claim = view.claim_tile is not None
        now: tuple[int, int] | None = None
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
                elif self.set_ties:
                    key = (3, sh, -acc, (counts[k] * 10 - view.visible[k]) * 100 + k)
                else:
                    key = (3, sh, -acc, k)
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
                if void is not None and k // 9 == void:
                    keep = False
                elif a.kind in _KONGS and self.kong_slack is not None:
                    keep = sh <= sh0 + self.kong_slack
                else:
                    keep = (sh, -acc) <= (sh0, -acc0)
                keyed.append(((1 if keep else 4, sh, -acc, k), a, self._plain(t, sh, acc)))
            else:  # PASS (or anything else): the hand as it stands
                if now is None:
                    now = self._now(counts, m, void, t, claim)
                sh0, acc0 = now
                keyed.append(((3, sh0, -acc0, 99), a, self._plain(t, sh0, acc0)))
        keyed.sort(key=lambda row: row[0])
        return ranked_values([(a, v) for _, a, v in keyed])
