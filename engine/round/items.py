"""The round's item layer (RULES.md §8): what each item does to a hand, and when it may.

The catalogue — names, descriptions, timing, :func:`~engine.items.item_action` — is
engine/items.py; this module holds the state of one hand's items (:class:`ItemState`) and the
checks and effects, which reach the round only through the few methods of :class:`ItemHost`
(the live wall, a hand's count of a kind, the swap of a hand tile with a wall tile, the
``ITEM_USED`` event). All randomness comes from the hand's one RNG (``Round.rng``, RULES.md
§2). Every effect swaps tiles between a hand and the live wall (or inside the wall before the
deal), so the 108 tiles stay a permutation at every step (RULES.md §8).

Decided here where RULES.md §8 is silent:

* Items are used only while the hand runs and the user has not won (血流成河 winners too).
  A seat whose only legal action is a forced win (最后四张, §3.6) may not use items then.
* "Any time" items (千里眼, 顺风耳, 金手指) may also be used by a seat that need not act now;
  ``legal_actions`` of such a seat lists only its item actions, and using one does not
  change who must act.
* A swap (偷天换日, 移花接木) is "one per turn": a turn starts with a ``TURN`` event (a pong
  or an exposed kong starts one; a kong replacement draw does not).
* After a swap the tile taken into the hand counts as the turn's drawn tile (the winning tile
  of a self-drawn win, shown apart); a win after a swap is never 杠上花. In a pong's turn too
  (§8: "on own turn, before discarding"): the swap then gives the turn a draw's choices —
  胡 and kongs — which the pong alone does not (it brought no tile from the wall); a hand a
  swap completed there could otherwise only be broken again by the discard. Taken while the
  wall holds 4 tiles or fewer, that tile is one of the last four (最后四张, §3.6): the win it
  completes is forced, and so is a win on the discard after it, as after such a draw.
* 偷天换日 takes a copy chosen at random among the live copies; asking for the kind given
  away is refused. 千里眼 and 顺风耳 on an empty wall are refused (item kept).
* 乾坤大挪移 tops the user's dealt tiles up to 10 (dealer 11) of a random suit that still has
  enough tiles free, taking them from the undealt wall first and from the deal of seats not
  using the item after that; the tiles it replaces go where the taken ones were. Several
  seats may use it in one hand (seat order).
* 金手指 lasts for the table: the round is told which seats already have it
  (``golden=``) and then does not offer it to them again.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine.actions import Action, ActionKind, Phase, Step
from engine.items import (
    ITEM_IDS,
    ITEMS,
    Item,
    ItemRefusedError,
    ItemResult,
    JinShouZhi,
    QianKun,
    QianLiYan,
    Refusal,
    ShunFengEr,
    Timing,
    TouTian,
    YiHua,
    qian_li_yan_sixths,
    refusal_for,
    stack_flush,
)
from engine.round.events import Event, EventKind
from engine.tiles import NUM_KINDS

if TYPE_CHECKING:
    import random

    from engine.rules import RuleSet

__all__ = ["ItemHost", "ItemState", "offered", "qian_kun_deal", "refusal", "use"]


class ItemState:
    """The items of one hand: what each seat holds and has used, who has the golden finger,
    each seat's secret results, and the turn of each seat's last swap. ``players``: the
    hand's seats (4, 3 or 2; items work the same at every table)."""

    def __init__(
        self,
        inventories: Sequence[Mapping[str, int]] | None,
        golden: Collection[int] = (),
        *,
        players: int = 4,
    ) -> None:
        self.players = players
        inv = list(inventories) if inventories is not None else [{} for _ in range(players)]
        if len(inv) != players:
            raise ValueError(f"inventories: one per seat ({players}), got {len(inv)}")
        self.inventories: list[dict[str, int]] = []
        for seat, held in enumerate(inv):
            clean: dict[str, int] = {}
            for item, n in held.items():
                if item not in ITEMS:
                    raise ValueError(
                        f"inventories[{seat}]: unknown item {item!r}; valid: {', '.join(ITEM_IDS)}"
                    )
                if not isinstance(n, int) or n < 0:
                    raise ValueError(f"inventories[{seat}][{item!r}]: a count ≥ 0, not {n!r}")
                if n:
                    clean[item] = n
            self.inventories.append(clean)
        n = players
        for seat in golden:
            if not 0 <= seat < n:
                raise ValueError(f"golden: seat {seat!r} is not 0-{n - 1}")
        self.initial_inventories: tuple[dict[str, int], ...] = tuple(
            dict(i) for i in self.inventories
        )
        self.initial_golden: tuple[int, ...] = tuple(sorted(set(golden)))
        self.golden: list[bool] = [s in self.initial_golden for s in range(n)]
        self.qian_kun: tuple[int, ...] = ()
        self.results: list[list[ItemResult]] = [[] for _ in range(n)]
        self._swap_turn: list[int | None] = [None] * n
        self._views: list[tuple[tuple[str, int], ...]] = [self._inventory_view(s) for s in range(n)]
        self._result_views: list[tuple[ItemResult, ...]] = [() for _ in range(n)]

    def held(self, seat: int, item: str) -> int:
        return self.inventories[seat].get(item, 0)

    def used(self, seat: int) -> dict[str, int]:
        """Items ``seat`` used in this hand, id → count (what the profile must take off)."""
        start = self.initial_inventories[seat]
        now = self.inventories[seat]
        return {i: start[i] - now.get(i, 0) for i in ITEM_IDS if start.get(i, 0) > now.get(i, 0)}

    def golden_seats(self) -> tuple[int, ...]:
        """Seats whose pointer is golden now: pass them as ``golden=`` to the table's next
        hand (金手指 lasts for the table)."""
        return tuple(s for s in range(self.players) if self.golden[s])

    def inventory(self, seat: int) -> tuple[tuple[str, int], ...]:
        """What ``seat`` still holds, as (item id, count) in catalog order."""
        return self._views[seat]

    def results_of(self, seat: int) -> tuple[ItemResult, ...]:
        """``seat``'s own item results of this hand, in order (secret to it)."""
        return self._result_views[seat]

    def _inventory_view(self, seat: int) -> tuple[tuple[str, int], ...]:
        held = self.inventories[seat]
        return tuple((i, held[i]) for i in ITEM_IDS if held.get(i))

    def _consume(self, seat: int, item: str) -> None:
        held = self.inventories[seat]
        held[item] -= 1
        if not held[item]:
            del held[item]
        self._views[seat] = self._inventory_view(seat)

    def _record(self, result: ItemResult) -> None:
        self.results[result.seat].append(result)
        self._result_views[result.seat] = tuple(self.results[result.seat])


class ItemHost(Protocol):
    """The round as the item layer sees it (``Round`` in engine/round/state.py)."""

    rules: RuleSet

    @property
    def items(self) -> ItemState | None: ...
    @property
    def rng(self) -> random.Random: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def step(self) -> Step: ...
    @property
    def current(self) -> int: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def wall_remaining(self) -> int: ...

    def _live_wall(self) -> list[int]:
        """The kinds of the live wall, the next draw first (a copy)."""
        ...

    def _holds(self, seat: int, kind: int) -> int:
        """How many ``kind`` the seat's concealed hand holds."""
        ...

    def _has_won(self, seat: int) -> bool: ...

    def _forced_win(self, seat: int) -> bool:
        """The seat's only legal action is a forced win (最后四张, RULES.md §3.6)."""
        ...

    def _item_swap(self, seat: int, give: int, offset: int) -> int:
        """Swap the hand tile ``give`` with the live-wall tile ``offset`` draws ahead; the
        tile taken (returned) counts as the turn's drawn tile."""
        ...

    def _item_used(self, result: ItemResult) -> None:
        """Emit the ``ITEM_USED`` event of ``result``."""
        ...


# --- the effects --------------------------------------------------------------------------


def _check_give(rnd: ItemHost, action: Action) -> Refusal | None:
    give = action.tile
    if give is None:
        return refusal_for("no_tile", action.item or "")
    if not 0 <= give < NUM_KINDS or rnd._holds(action.seat, give) == 0:
        return refusal_for("not_in_hand", action.item or "", give)
    if rnd.wall_remaining == 0:
        return refusal_for("wall_empty", action.item or "")
    return None


def _check_tou_tian(rnd: ItemHost, action: Action) -> Refusal | None:
    bad = _check_give(rnd, action)
    if bad is not None:
        return bad
    if len(action.tiles) != 1 or not 0 <= action.tiles[0] < NUM_KINDS:
        return refusal_for("no_kind", TouTian.id)
    want = action.tiles[0]
    if want == action.tile:
        return refusal_for("same_kind", TouTian.id, want)
    if want not in rnd._live_wall():
        return refusal_for("no_live_copy", TouTian.id, want)
    return None


def _tou_tian(rnd: ItemHost, action: Action) -> ItemResult:
    assert action.tile is not None
    want = action.tiles[0]
    live = rnd._live_wall()
    copies = [i for i, k in enumerate(live) if k == want]
    at = copies[rnd.rng.randrange(len(copies))]
    taken = rnd._item_swap(action.seat, action.tile, at)
    return ItemResult(TouTian.id, action.seat, len(live), tile=taken, given=action.tile)


def _yi_hua(rnd: ItemHost, action: Action) -> ItemResult:
    assert action.tile is not None
    remaining = rnd.wall_remaining
    at = rnd.rng.randrange(remaining)
    taken = rnd._item_swap(action.seat, action.tile, at)
    return ItemResult(YiHua.id, action.seat, remaining, tile=taken, given=action.tile)


def _check_qian_li_yan(rnd: ItemHost, action: Action) -> Refusal | None:
    if action.tile is None or not 0 <= action.tile < NUM_KINDS:
        return refusal_for("no_kind", QianLiYan.id)
    if action.tile // 9 not in rnd.rules.kept_suits:
        # 三人两房 / 两人: a suit the wall does not have (the answer would be a wasted item)
        return refusal_for("not_in_room", QianLiYan.id, action.tile)
    if rnd.wall_remaining == 0:
        return refusal_for("wall_empty", QianLiYan.id)
    return None


def _qian_li_yan(rnd: ItemHost, action: Action) -> ItemResult:
    assert action.tile is not None
    live = rnd._live_wall()
    sixths = qian_li_yan_sixths(live, action.tile)
    return ItemResult(QianLiYan.id, action.seat, len(live), tile=action.tile, sixths=sixths)


def _check_shun_feng_er(rnd: ItemHost, action: Action) -> Refusal | None:
    return refusal_for("wall_empty", ShunFengEr.id) if rnd.wall_remaining == 0 else None


def _shun_feng_er(rnd: ItemHost, action: Action) -> ItemResult:
    live = rnd._live_wall()
    return ItemResult(ShunFengEr.id, action.seat, len(live), tile=live[0])


def _jin_shou_zhi(rnd: ItemHost, action: Action) -> ItemResult:
    state = rnd.items
    assert state is not None
    state.golden[action.seat] = True
    return ItemResult(JinShouZhi.id, action.seat, rnd.wall_remaining)


_Check = Callable[[ItemHost, Action], "Refusal | None"]
_CHECKS: dict[str, _Check] = {
    TouTian.id: _check_tou_tian,
    YiHua.id: _check_give,
    QianLiYan.id: _check_qian_li_yan,
    ShunFengEr.id: _check_shun_feng_er,
}
"""Parameter checks of the items that have any, after the timing and inventory checks."""

_EFFECTS: dict[str, Callable[[ItemHost, Action], ItemResult]] = {
    TouTian.id: _tou_tian,
    YiHua.id: _yi_hua,
    QianLiYan.id: _qian_li_yan,
    ShunFengEr.id: _shun_feng_er,
    JinShouZhi.id: _jin_shou_zhi,
}
"""What each item used during the hand does (乾坤大挪移 acts at the deal: qian_kun_deal)."""


# --- before the deal ----------------------------------------------------------------------


def qian_kun_deal(
    state: ItemState,
    users: Collection[int],
    wall: list[int],
    deal_seats: Sequence[int],
    rng: random.Random,
    dealer: int,
) -> list[ItemResult]:
    """乾坤大挪移 for every seat in ``users`` (RULES.md §8): consume it and rearrange ``wall``
    (kinds in draw order, in place) before the deal. Returns one result per user, in seat
    order, for the ``ITEM_USED`` events (the suit is the user's secret)."""
    seats = sorted(set(users))
    for seat in seats:
        if not 0 <= seat < state.players:
            raise ValueError(f"qian_kun: seat {seat!r} is not 0-{state.players - 1}")
        if not state.held(seat, QianKun.id):
            raise ValueError(f"qian_kun: seat {seat} holds no 乾坤大挪移")
    results: list[ItemResult] = []
    for seat, suit in stack_flush(wall, deal_seats, seats, rng, dealer):
        state._consume(seat, QianKun.id)
        result = ItemResult(QianKun.id, seat, len(wall), suit=suit)
        state._record(result)
        results.append(result)
    if seats:
        state.qian_kun = tuple(seats)
    return results


# --- during the hand ----------------------------------------------------------------------


def _turn_index(rnd: ItemHost, seat: int) -> int:
    """Index of the TURN event that started ``seat``'s current turn."""
    for e in reversed(rnd.events):
        if e.kind is EventKind.TURN and e.seat == seat:
            return e.index
    return -1


def _own_turn(rnd: ItemHost, seat: int) -> bool:
    return rnd.phase is Phase.PLAY and rnd.step is Step.TURN and rnd.current == seat


def _timing_refusal(rnd: ItemHost, seat: int, item: Item) -> Refusal | None:
    """RULES.md §8 "when", plus: no items after winning, none when a win is forced."""
    state = rnd.items
    if state is None:
        return refusal_for("items_off", item.id)
    if rnd.is_over:
        return refusal_for("hand_over", item.id)
    if rnd._has_won(seat):
        return refusal_for("won", item.id)
    if not state.held(seat, item.id):
        return refusal_for("not_held", item.id)
    if item.timing is Timing.BEFORE_DEAL:
        return refusal_for("before_deal", item.id)
    if rnd._forced_win(seat):
        return refusal_for("forced_win", item.id)  # RULES.md §3.6 最后四张
    if item.id != JinShouZhi.id and rnd.wall_remaining == 0:
        return refusal_for("wall_empty", item.id)
    if item.timing is Timing.OWN_TURN:
        if not _own_turn(rnd, seat):
            return refusal_for("not_your_turn", item.id)
        if item.swap and state._swap_turn[seat] == _turn_index(rnd, seat):
            return refusal_for("swap_used", item.id)  # RULES.md §8: one swap per turn
    if item.timing is Timing.ONCE_PER_TABLE and state.golden[seat]:
        return refusal_for("already_golden", item.id)
    return None


_REPRESENTATIVES: dict[tuple[int, str], Action] = {}


def offered(rnd: ItemHost, seat: int) -> list[Action]:
    """One parameterless USE_ITEM action per item ``seat`` may use now (``legal_actions``)."""
    state = rnd.items
    if state is None or not state.inventories[seat] or rnd.is_over or rnd._has_won(seat):
        return []
    acts: list[Action] = []
    for item_id, _n in state.inventory(seat):
        if _timing_refusal(rnd, seat, ITEMS[item_id]) is None:
            act = _REPRESENTATIVES.get((seat, item_id))
            if act is None:
                act = Action(ActionKind.USE_ITEM, seat, item=item_id)
                _REPRESENTATIVES[(seat, item_id)] = act
            acts.append(act)
    return acts


def refusal(rnd: ItemHost, action: Action) -> Refusal | None:
    """Why ``action`` (a USE_ITEM) may not be used now, or None if it may."""
    item = ITEMS.get(action.item or "")
    if item is None:
        return refusal_for("unknown_item", action.item or "")
    state = rnd.items
    if state is not None and not 0 <= action.seat < state.players:
        return refusal_for("unknown_item", item.id)
    why = _timing_refusal(rnd, action.seat, item)
    if why is None and item.id in _CHECKS:
        why = _CHECKS[item.id](rnd, action)
    return why


def use(rnd: ItemHost, action: Action) -> ItemResult:
    """Check and perform one USE_ITEM action on ``rnd`` (called by ``Round.apply``): the item
    is consumed, its effect done, one ITEM_USED event emitted. Raises
    :class:`~engine.items.ItemRefusedError` with nothing changed."""
    why = refusal(rnd, action)
    if why is not None:
        raise ItemRefusedError(action, why)
    state = rnd.items
    assert state is not None and action.item is not None
    item = ITEMS[action.item]
    if item.swap:
        state._swap_turn[action.seat] = _turn_index(rnd, action.seat)
    state._consume(action.seat, item.id)
    result = _EFFECTS[item.id](rnd, action)
    state._record(result)
    rnd._item_used(result)
    return result
