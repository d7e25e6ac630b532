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

from engine.bots.efficiency import EfficiencyBot
from engine.round import ActionKind
from engine.views import PlayerView

__all__ = ["NormalBot"]

_K = ActionKind
_KONGS = (_K.EXPOSED_KONG, _K.CONCEALED_KONG, _K.ADDED_KONG)


class NormalBot(EfficiencyBot):
    """Efficiency play; kongs that cost a step; ties kept for sets, then safer."""

    #: Steps of shanten a kong may cost; None: only kongs that cost nothing (efficiency).
    kong_slack: int | None = 1
    #: Break (shanten, acceptance) ties between discards by the copies held (fewest
    #: goes), then by the copies seen (most goes); False: by the lowest kind (efficiency).
    set_ties = True

    def _tie(self, view: PlayerView, counts: Sequence[int], k: int) -> int:
        if not self.set_ties:
            return k
        return (counts[k] * 10 - view.visible[k]) * 100 + k

    def _keeps(self, kind: ActionKind, after: tuple[int, int], before: tuple[int, int]) -> bool:
        if kind in _KONGS and self.kong_slack is not None:
            return after[0] <= before[0] + self.kong_slack
        return super()._keeps(kind, after, before)
