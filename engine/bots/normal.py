"""The ``normal`` bot: a decent club player — the efficiency bot's play
(engine/bots/efficiency.py) with a few measured deviations (docs/bots.md)."""

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
    """Efficiency play, plus the deviations below."""

    #: Steps of shanten a kong may cost (kongs pay 刮风下雨 at once); None: as efficiency.
    kong_slack: int | None = 1
    #: Pong whenever shanten does not rise (acceptance may drop).
    pong_on_shanten = False
    #: Break (shanten, acceptance) ties between discards by the tile's visible copies
    #: (the more seen, the fewer waits it can complete).
    safe_ties = False

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
                elif self.safe_ties:
                    key = (3, sh, -acc, -view.visible[k] * 100 + k)
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
                elif a.kind is _K.PONG and self.pong_on_shanten:
                    keep = sh <= sh0
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
