"""When a bot uses an item (RULES.md §8): a deterministic helper the stronger bots call first.

``suggest_item(view, legal)`` returns a complete ``USE_ITEM`` action, or None to play on. It
looks only at the bot's own :class:`~engine.views.PlayerView` (its hand, what is visible, its
own earlier item results) and at the representatives ``legal`` offers, and it never suggests
anything unless the rules have both ``items`` and ``bots_use_items`` on (RULES.md §8: "Bots
use items only when the option bots_use_items is on") — that is enforced here, since the
round does not know which seats are bots. ``wants_qian_kun`` answers the one before-the-deal
question (乾坤大挪移 is passed to ``Round.new(..., qian_kun=...)``, not an action).

Uses, on the bot's own turn only and never when a win is already on offer:

1. 偷天换日 when one swap completes the hand: some hand tile given for a winning kind with
   unseen copies. With a 千里眼 at hand it first checks that kind's liveness (once per kind
   and wall size), skips kinds it has seen to be dead, then swaps (in a pong's turn too: the
   tile taken stands for a draw, so the completed hand may be won).
2. 千里眼 alone when the hand is ready after its best discard: checks the wait with most
   unseen copies, once per kind per hand.
3. 移花接木 when the hand is one or two tiles from ready (an extra draw is worth most there):
   it gives the tile it would discard anyway.
4. 顺风耳 and 金手指: never. 金手指 is cosmetic; 顺风耳's answer (the next tile, mostly the next
   player's draw) feeds no choice a bot makes — it was spent late in the wall before a 生张
   discard whose choice never read it, an item gone for a log line.

A use may still be refused (偷天换日 with no live copy, when the bot had no 千里眼); the bot
then plays on without it. The round tells the bot nothing of a refusal (nothing changed, the
item kept), so a bot passes its :class:`ItemMemory` (one per hand and seat) to remember it:
the kind refused is not asked for again while nothing the bot can see has changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.hand import analyze_discards, waits
from engine.items import item_action
from engine.round import Action, ActionKind
from engine.rules import RuleSet
from engine.tiles import NUM_KINDS
from engine.views import PlayerView

__all__ = ["ItemMemory", "suggest_item", "wants_qian_kun"]


def wants_qian_kun(rules: RuleSet, inventory: Mapping[str, int]) -> bool:
    """Whether a bot holding ``inventory`` uses 乾坤大挪移 on the next deal: always, when it
    holds one and bots may use items (a near-清一色 deal is worth most at the start)."""
    return bool(rules.items and rules.bots_use_items and inventory.get("qian_kun", 0) > 0)


class ItemMemory:
    """What one bot remembers of its item requests in one hand: the kinds a 偷天换日 asked for
    and was refused (no live copy in the wall).

    The round says nothing to the bot of a refusal; the bot sees it as the same moment
    (the same wall, the same hand, the 偷天换日 still held) asked again with its items taken
    away — the table's answer to a refusal ("play on without items"). Such a kind is not asked
    for again while as many of its copies are unseen as then, or fewer (a copy seen since came
    out of a hand, not the wall): only a copy that left the bot's sight — its own swap giving
    one to the wall — could have made one live that the bot can know of. Only the bot's own
    requests and views go in: no clock, so the same hand plays the same way again.
    """

    def __init__(self) -> None:
        # the last 偷天换日 suggested: (want, wall size, hand, how many were held), until seen
        self._asked: tuple[int, int, tuple[int, ...], int] | None = None
        self.refused: dict[int, int] = {}  # kind refused → its unseen copies then

    def asked(self, view: PlayerView, action: Action) -> None:
        """``action`` was suggested at ``view``."""
        self._asked = None
        if action.item == "tou_tian" and action.tiles:
            held = dict(view.inventory).get("tou_tian", 0)
            self._asked = (action.tiles[0], view.wall_remaining, view.concealed, held)

    def seen(self, view: PlayerView, legal: Sequence[Action]) -> None:
        """The bot is asked again (``legal`` as offered): was its last request refused?"""
        if self._asked is None:
            return
        want, wall, hand, held = self._asked
        self._asked = None
        same = view.wall_remaining == wall and view.concealed == hand
        kept = dict(view.inventory).get("tou_tian", 0) == held
        offered = any(a.kind is ActionKind.USE_ITEM and a.item == "tou_tian" for a in legal)
        if same and kept and not offered:
            self.refused[want] = view.unseen(want)

    def dead(self, view: PlayerView, want: int) -> bool:
        """``want`` was refused and nothing the bot sees has changed since."""
        then = self.refused.get(want)
        return then is not None and view.unseen(want) <= then


def _swap_plans(view: PlayerView) -> list[tuple[int, int, int]]:
    """(unseen, give, want) for every swap that completes the hand, best first."""
    counts = list(view.concealed)
    melds = len(view.me.melds)
    plans: list[tuple[int, int, int]] = []
    for give in range(NUM_KINDS):
        if not counts[give]:
            continue
        counts[give] -= 1
        for want in waits(counts, melds, view.own_void):
            unseen = view.unseen(want)
            if want != give and unseen > 0:
                plans.append((unseen, give, want))
        counts[give] += 1
    plans.sort(key=lambda p: (-p[0], p[2], p[1]))
    return plans


def suggest_item(
    view: PlayerView, legal: Sequence[Action], memory: ItemMemory | None = None
) -> Action | None:
    """A complete item action for the bot to play now, or None (see the module docstring).
    ``memory``: the bot's own over the hand, shown every request (items offered or not)."""
    if memory is None:
        return _suggest(view, legal, None)
    memory.seen(view, legal)
    action = _suggest(view, legal, memory)
    if action is not None:
        memory.asked(view, action)
    return action


def _suggest(view: PlayerView, legal: Sequence[Action], memory: ItemMemory | None) -> Action | None:
    rules = view.rules
    if not (rules.items and rules.bots_use_items):
        return None
    offered = {a.item for a in legal if a.kind is ActionKind.USE_ITEM and a.seat == view.seat}
    if not offered or any(a.kind is ActionKind.WIN for a in legal):
        return None
    if not any(a.kind is ActionKind.DISCARD for a in legal):
        return None  # not the bot's own turn (claims and waiting: no items)
    seat = view.seat
    now = view.wall_remaining
    seen = [r for r in view.item_results if r.item == "qian_li_yan" and r.tile is not None]
    checked_now = {r.tile: r.copies for r in seen if r.wall_remaining == now}
    checked_ever = {r.tile for r in seen}

    if "tou_tian" in offered:
        for _unseen, give, want in _swap_plans(view):
            if checked_now.get(want) == 0:
                continue  # 千里眼 showed no live copy
            if memory is not None and memory.dead(view, want):
                continue  # refused for want of a live copy, and nothing seen has changed
            if "qian_li_yan" in offered and want not in checked_now:
                return item_action(seat, "qian_li_yan", kind=want)
            return item_action(seat, "tou_tian", give=give, want=want)

    options = analyze_discards(view.concealed, len(view.me.melds), view.own_void, view.public)
    if not options:
        return None
    best = min(options, key=lambda o: (o.shanten, -sum(w.unseen for w in o.waits), o.discard))
    if best.shanten == 0 and "qian_li_yan" in offered and best.waits:
        wait = max(best.waits, key=lambda w: (w.unseen, -w.kind))
        if wait.unseen > 0 and wait.kind not in checked_ever:
            return item_action(seat, "qian_li_yan", kind=wait.kind)
    if "yi_hua" in offered and 1 <= best.shanten <= 2 and now > 0:
        return item_action(seat, "yi_hua", give=best.discard)
    return None
