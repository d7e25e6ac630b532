"""道具 Items (RULES.md §8): the catalog of the six items and the round's item layer.

Each item is one small class with its metadata as ``ClassVar`` s (id, zh/en name and
description, :class:`Timing`) gathered in :data:`ITEMS`. A :class:`~engine.round.Round` built
with inventories holds an :class:`ItemState`; item uses are ordinary actions —
``Action(USE_ITEM, seat, item=id, tile=..., tiles=...)`` — that go through ``Round.apply``, so
a replay records and re-executes them exactly. Parameters:

======================  ======================================================================
item                    action fields
======================  ======================================================================
偷天换日 ``tou_tian``    ``tile`` = the hand tile given away, ``tiles=(wanted kind,)``
移花接木 ``yi_hua``      ``tile`` = the hand tile given away
千里眼 ``qian_li_yan``   ``tile`` = the kind asked about
顺风耳 ``shun_feng_er``  none
金手指 ``jin_shou_zhi``  none
乾坤大挪移 ``qian_kun``  never an action: it is used before the deal, when the round is built
                        (``Round.new(..., inventories=..., qian_kun=[seat])``)
======================  ======================================================================

``Round.legal_actions`` lists one representative action per usable item, without parameters
(:func:`item_action` fills them in); ``Round.apply`` checks the parameters and refuses a use
with :class:`ItemRefusedError` (nothing changes, the item is kept) whose ``refusal`` carries a
zh/en reason.

Every use emits one ``ITEM_USED`` event naming the seat and the item (``detail``); the secret
result is in its ``item_result`` field, which :meth:`~engine.round.Event.for_seat` blanks for
every other seat. Each seat's own results are also in ``PlayerView.item_results``.

This module is the round's item layer: it reads the round's private state (the live wall,
hands, whose turn it is) and changes it only through ``Round._item_swap``, ``Round._emit``
and, before the deal, the order of ``Round._wall``. All randomness comes from the hand's one
RNG (``Round.rng``, RULES.md §2). Every effect swaps tiles between a hand and the live wall
(or inside the wall before the deal), so the 108 tiles stay a permutation at every step
(RULES.md §8).

Decided here where RULES.md §8 is silent:

* Items are used only while the hand runs and the user has not won (血流成河 winners too).
  A seat whose only legal action is a forced win (最后四张, §3.6) may not use items then.
* "Any time" items (千里眼, 顺风耳, 金手指) may also be used by a seat that need not act now;
  ``legal_actions`` of such a seat lists only its item actions, and using one does not
  change who must act.
* A swap (偷天换日, 移花接木) is "one per turn": a turn starts with a ``TURN`` event (a pong
  or an exposed kong starts one; a kong replacement draw does not).
* After a swap the tile taken into the hand counts as the turn's drawn tile (the winning tile
  of a self-drawn win, shown apart); a win after a swap is never 杠上花.
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

import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.round import Action, ActionKind, EventKind, IllegalActionError, Phase, Step
from engine.tiles import NUM_KINDS, format_tile, suit_name, tile_name

if TYPE_CHECKING:
    import random

    from engine.round import Round

__all__ = [
    "DEAL_SIZE",
    "ITEMS",
    "ITEM_IDS",
    "QIAN_KUN_TARGET",
    "Item",
    "ItemRefusedError",
    "ItemResult",
    "ItemState",
    "Refusal",
    "Timing",
    "is_offered",
    "item_action",
    "offered",
    "qian_li_yan_sixths",
    "stack_flush",
]

SEATS = 4
DEAL_SIZE = 53  # 4 × 13 + the dealer's 14th (RULES.md §2)
QIAN_KUN_TARGET = (10, 11)  # RULES.md §8: at least 10 of 13 (dealer 11 of 14) of one suit
SIXTHS = 6  # 千里眼 positions are given as sixths of the remaining wall


class Timing(enum.Enum):
    """When an item may be used (RULES.md §8 "when")."""

    BEFORE_DEAL = "before_deal"  # 开局发牌前
    OWN_TURN = "own_turn"  # 自己回合、出牌前
    ANY_TIME = "any_time"  # 未胡时随时
    ONCE_PER_TABLE = "once_per_table"  # 每桌一次


_TIMING_TEXT = {
    Timing.BEFORE_DEAL: ("开局发牌前", "before the deal"),
    Timing.OWN_TURN: ("自己回合、出牌前", "on your turn, before discarding"),
    Timing.ANY_TIME: ("未胡时随时", "any time before you win"),
    Timing.ONCE_PER_TABLE: ("每桌一次", "once per table"),
}


@dataclass(frozen=True)
class Refusal:
    """Why an item use is refused (the item is kept). ``code`` is stable for code and tests;
    ``zh``/``en`` are for the player."""

    code: str
    zh: str
    en: str

    def __str__(self) -> str:
        return f"{self.en} ({self.zh})"


class ItemRefusedError(IllegalActionError):
    """An item use that is refused; nothing changed and the item is kept. ``refusal`` holds
    the reason in zh and en."""

    def __init__(self, action: Action, refusal: Refusal) -> None:
        super().__init__(f"{action}: {refusal.en}")
        self.action = action
        self.refusal = refusal


@dataclass(frozen=True)
class ItemResult:
    """What one item use showed or did — secret: only the user sees it.

    * 偷天换日 / 移花接木: ``given`` the hand tile given away, ``tile`` the tile taken in.
    * 千里眼: ``tile`` the kind asked; ``sixths`` one entry per live copy, the sixth of the
      remaining wall it lies in (0 = within the next sixth of the draws … 5 = the last sixth).
    * 顺风耳: ``tile`` the next tile to be drawn.
    * 乾坤大挪移: ``suit`` the suit the hand was dealt close to.
    * 金手指: nothing.

    ``wall_remaining`` is the live wall's size when the item was used.
    """

    item: str
    seat: int
    wall_remaining: int
    tile: int | None = None
    given: int | None = None
    sixths: tuple[int, ...] = ()
    suit: int | None = None

    @property
    def copies(self) -> int:
        """千里眼: how many copies of the kind are in the live wall."""
        return len(self.sixths)

    def describe(self, lang: str = "zh") -> str:
        """The result as one line for the user."""
        zh = lang == "zh"
        item = ITEMS[self.item]
        name = item.name_zh if zh else item.name_en
        if self.item in ("tou_tian", "yi_hua") and self.given is not None and self.tile is not None:
            g, t = tile_name(self.given, lang), tile_name(self.tile, lang)
            return f"{name}：{g} 换成了 {t}" if zh else f"{name}: {g} swapped for {t}"
        if self.item == "qian_li_yan" and self.tile is not None:
            kind = tile_name(self.tile, lang)
            if not self.sixths:
                if zh:
                    return f"{name}：牌墙里没有{kind}了"
                return f"{name}: no {kind} left in the wall"
            where = [
                _sixth_text(s, self.wall_remaining, zh)
                + (f" ×{self.sixths.count(s)}" if self.sixths.count(s) > 1 else "")
                for s in sorted(set(self.sixths))
            ]
            if zh:
                return f"{name}：牌墙里还有 {self.copies} 张{kind}：" + "；".join(where)
            return f"{name}: {self.copies} {kind} left in the wall: " + "; ".join(where)
        if self.item == "shun_feng_er" and self.tile is not None:
            t = tile_name(self.tile, lang)
            return f"{name}：下一张牌是 {t}" if zh else f"{name}: the next tile is {t}"
        if self.item == "qian_kun" and self.suit is not None:
            s = suit_name(self.suit, lang)
            return f"{name}：起手牌接近清一色（{s}）" if zh else f"{name}: a hand close to all {s}"
        if self.item == "jin_shou_zhi":
            return f"{name}：出牌指针变成金手指" if zh else f"{name}: your pointer is golden"
        return name


def _sixth_text(sixth: int, remaining: int, zh: bool) -> str:
    lo = sixth * remaining // SIXTHS + 1
    hi = max(lo, (sixth + 1) * remaining // SIXTHS)
    if zh:
        return f"第 {sixth + 1}/6 段（约第 {lo}–{hi} 张）"
    return f"sixth {sixth + 1} of 6 (about draws {lo}-{hi})"


def qian_li_yan_sixths(live: Sequence[int], kind: int) -> tuple[int, ...]:
    """千里眼 (RULES.md §8): for each copy of ``kind`` in the live wall ``live`` (next draw
    first), which sixth of it the copy lies in (0 first … 5 last)."""
    n = len(live)
    return tuple(i * SIXTHS // n for i, k in enumerate(live) if k == kind)


def stack_flush(
    wall: list[int],
    deal_seats: Sequence[int],
    users: Sequence[int],
    rng: random.Random,
    dealer: int,
) -> list[tuple[int, int]]:
    """乾坤大挪移 (RULES.md §8): rearrange ``wall`` (kinds in draw order, changed in place by
    swaps only, so it stays a permutation) so that each seat in ``users`` is dealt at least
    10 (dealer 11) tiles of one suit chosen at random with ``rng``. ``deal_seats[i]`` is the
    seat that receives the wall's i-th tile in the deal. Returns (seat, suit) per user.

    Tiles come from the undealt wall first, then from the deal of seats not using the item;
    the user's tiles they replace (chosen at random among its other-suit tiles) go where the
    taken ones were."""
    protected: set[int] = set()
    out: list[tuple[int, int]] = []
    positions = {s: [i for i, who in enumerate(deal_seats) if who == s] for s in range(SEATS)}
    for seat in users:
        mine = positions[seat]
        need = QIAN_KUN_TARGET[1] if seat == dealer else QIAN_KUN_TARGET[0]
        protected.update(mine)
        free = [i for i in range(len(wall)) if i not in protected]
        # A suit with enough tiles left to reach the target (always at least one: 4 users
        # take at most 41 of the 108 tiles).
        feasible = [u for u in range(3) if sum(1 for i in mine + free if wall[i] // 9 == u) >= need]
        suit = feasible[rng.randrange(len(feasible))]
        have = sum(1 for i in mine if wall[i] // 9 == suit)
        if have < need:
            short = need - have
            outs = [i for i in mine if wall[i] // 9 != suit]
            undealt = [i for i in free if i >= len(deal_seats) and wall[i] // 9 == suit]
            dealt = [i for i in free if i < len(deal_seats) and wall[i] // 9 == suit]
            sources = rng.sample(undealt, min(short, len(undealt)))
            if len(sources) < short:
                sources += rng.sample(dealt, short - len(sources))
            for a, b in zip(rng.sample(outs, short), sources, strict=True):
                wall[a], wall[b] = wall[b], wall[a]
        out.append((seat, suit))
    return out


# --- the catalog ----------------------------------------------------------------------------


class Item:
    """One item (RULES.md §8). Subclasses set the metadata and, for items with parameters,
    :meth:`check` and :meth:`perform`."""

    id: ClassVar[str]
    name_zh: ClassVar[str]
    name_en: ClassVar[str]
    desc_zh: ClassVar[str]
    desc_en: ClassVar[str]
    timing: ClassVar[Timing]
    swap: ClassVar[bool] = False  # 偷天换日 / 移花接木: at most one per turn

    @property
    def timing_zh(self) -> str:
        return _TIMING_TEXT[self.timing][0]

    @property
    def timing_en(self) -> str:
        return _TIMING_TEXT[self.timing][1]

    def check(self, rnd: Round, action: Action) -> Refusal | None:
        """Parameter checks, after the timing and inventory checks passed."""
        return None

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        """Carry out a checked use; returns the user's result."""
        raise NotImplementedError


def _live(rnd: Round) -> list[int]:
    return rnd._wall[rnd._pos :]


def _check_give(rnd: Round, action: Action) -> Refusal | None:
    give = action.tile
    if give is None:
        return _refusal("no_tile", action.item or "")
    if not 0 <= give < NUM_KINDS or rnd._hands[action.seat][give] == 0:
        return _refusal("not_in_hand", action.item or "", give)
    if rnd.wall_remaining == 0:
        return _refusal("wall_empty", action.item or "")
    return None


class QianKun(Item):
    id = "qian_kun"
    name_zh = "乾坤大挪移"
    name_en = "Heaven and Earth Shift"
    desc_zh = (
        "开局发牌前使用：起手牌接近清一色，13 张（庄家 14 张）中"
        "至少 10 张（庄家 11 张）是随机选定的同一门花色。"
    )
    desc_en = (
        "Use before the deal: your opening hand comes close to a full flush — at least 10 of "
        "its 13 tiles (dealer: 11 of 14) are of one randomly chosen suit."
    )
    timing = Timing.BEFORE_DEAL


class TouTian(Item):
    id = "tou_tian"
    name_zh = "偷天换日"
    name_en = "Steal the Sky"
    desc_zh = (
        "自己回合、出牌前使用：用一张手牌换牌墙里指定的一种牌；牌墙里没有这种牌时不生效，道具保留。"
    )
    desc_en = (
        "On your turn, before discarding: swap one hand tile for a tile kind you name, taken "
        "from the live wall; if the wall holds no copy, nothing happens and you keep the item."
    )
    timing = Timing.OWN_TURN
    swap = True

    def check(self, rnd: Round, action: Action) -> Refusal | None:
        bad = _check_give(rnd, action)
        if bad is not None:
            return bad
        if len(action.tiles) != 1 or not 0 <= action.tiles[0] < NUM_KINDS:
            return _refusal("no_kind", self.id)
        want = action.tiles[0]
        if want == action.tile:
            return _refusal("same_kind", self.id, want)
        if want not in _live(rnd):
            return _refusal("no_live_copy", self.id, want)
        return None

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        assert action.tile is not None
        want = action.tiles[0]
        live = _live(rnd)
        copies = [i for i, k in enumerate(live) if k == want]
        at = copies[rnd.rng.randrange(len(copies))]
        remaining = len(live)
        taken = rnd._item_swap(action.seat, action.tile, at)
        return ItemResult(self.id, action.seat, remaining, tile=taken, given=action.tile)


class YiHua(Item):
    id = "yi_hua"
    name_zh = "移花接木"
    name_en = "Graft the Blossom"
    desc_zh = "自己回合、出牌前使用：用一张手牌换牌墙里随机的一张牌，换下的牌放回牌墙原位。"
    desc_en = (
        "On your turn, before discarding: swap one hand tile for a random tile of the live "
        "wall; your old tile takes its place."
    )
    timing = Timing.OWN_TURN
    swap = True

    def check(self, rnd: Round, action: Action) -> Refusal | None:
        return _check_give(rnd, action)

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        assert action.tile is not None
        remaining = rnd.wall_remaining
        at = rnd.rng.randrange(remaining)
        taken = rnd._item_swap(action.seat, action.tile, at)
        return ItemResult(self.id, action.seat, remaining, tile=taken, given=action.tile)


class QianLiYan(Item):
    id = "qian_li_yan"
    name_zh = "千里眼"
    name_en = "Far-Seeing Eye"
    desc_zh = (
        "未胡时随时使用：指定一种牌，看牌墙里还剩几张，以及每张大约在剩余牌墙的哪一段（六分之一）。"
    )
    desc_en = (
        "Any time before you win: name a tile kind and see how many copies are left in the "
        "wall and, for each, which sixth of the remaining wall it lies in."
    )
    timing = Timing.ANY_TIME

    def check(self, rnd: Round, action: Action) -> Refusal | None:
        if action.tile is None or not 0 <= action.tile < NUM_KINDS:
            return _refusal("no_kind", self.id)
        if rnd.wall_remaining == 0:
            return _refusal("wall_empty", self.id)
        return None

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        assert action.tile is not None
        live = _live(rnd)
        sixths = qian_li_yan_sixths(live, action.tile)
        return ItemResult(self.id, action.seat, len(live), tile=action.tile, sixths=sixths)


class ShunFengEr(Item):
    id = "shun_feng_er"
    name_zh = "顺风耳"
    name_en = "Wind-Borne Ear"
    desc_zh = "未胡时随时使用：看到牌墙的下一张牌（不论谁会摸到它）。"
    desc_en = (
        "Any time before you win: see the next tile to be drawn from the wall, whoever draws it."
    )
    timing = Timing.ANY_TIME

    def check(self, rnd: Round, action: Action) -> Refusal | None:
        if rnd.wall_remaining == 0:
            return _refusal("wall_empty", self.id)
        return None

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        return ItemResult(self.id, action.seat, rnd.wall_remaining, tile=rnd._wall[rnd._pos])


class JinShouZhi(Item):
    id = "jin_shou_zhi"
    name_zh = "金手指"
    name_en = "Golden Finger"
    desc_zh = "每桌一次：本桌剩下的时间里，你的出牌指针变成金手指（纯装饰）。"
    desc_en = (
        "Once per table: for the rest of your time at this table, your discard pointer is a "
        "golden finger (cosmetic)."
    )
    timing = Timing.ONCE_PER_TABLE

    def perform(self, rnd: Round, action: Action) -> ItemResult:
        state = rnd.items
        assert state is not None
        state.golden[action.seat] = True
        return ItemResult(self.id, action.seat, rnd.wall_remaining)


ITEMS: dict[str, Item] = {
    cls.id: cls() for cls in (QianKun, TouTian, YiHua, QianLiYan, ShunFengEr, JinShouZhi)
}
"""The six items of RULES.md §8 by id, in shop order."""

ITEM_IDS: tuple[str, ...] = tuple(ITEMS)


# --- refusals -------------------------------------------------------------------------------

_REFUSALS: dict[str, tuple[str, str]] = {
    "items_off": ("本局规则未开启道具", "items are off in these rules"),
    "unknown_item": ("没有这种道具：{item}", "there is no item {item!r}"),
    "not_held": ("你没有{zh}", "you hold no {en}"),
    "hand_over": ("本局已经结束", "the hand is over"),
    "won": ("已经胡牌，不能再用道具", "you have already won: no more items"),
    "before_deal": ("{zh}只能在发牌前使用", "{en} is used before the deal only"),
    "not_your_turn": ("{zh}只能在自己回合、出牌前使用", "{en} is used on your own turn only"),
    "forced_win": ("最后四张必须胡牌", "the last four tiles: the win must be taken"),
    "swap_used": ("每回合只能换一次牌", "only one swap per turn"),
    "already_golden": ("本桌已经有金手指了", "your pointer is already golden at this table"),
    "no_tile": ("请选择要换出的手牌", "choose the hand tile to give away"),
    "not_in_hand": ("手里没有{tile_zh}", "{tile_en} is not in your hand"),
    "no_kind": ("请选择一种牌", "choose a tile kind"),
    "same_kind": ("换进的牌和换出的牌相同", "that is the tile you are giving away"),
    "no_live_copy": (
        "牌墙里没有{tile_zh}了，道具保留",
        "no {tile_en} is left in the wall; you keep the item",
    ),
    "wall_empty": ("牌墙已经摸完了", "the wall is empty"),
}


def _refusal(code: str, item: str, tile: int | None = None) -> Refusal:
    zh, en = _REFUSALS[code]
    meta = ITEMS.get(item)
    values = {
        "item": item,
        "zh": meta.name_zh if meta else item,
        "en": meta.name_en if meta else item,
        "tile_zh": tile_name(tile, "zh") if tile is not None else "",
        "tile_en": format_tile(tile) if tile is not None else "",
    }
    return Refusal(code, zh.format(**values), en.format(**values))


# --- the round's item layer -----------------------------------------------------------------


class ItemState:
    """The items of one hand: what each seat holds and has used, who has the golden finger,
    each seat's secret results, and the turn of each seat's last swap."""

    def __init__(
        self,
        inventories: Sequence[Mapping[str, int]] | None,
        golden: Collection[int] = (),
    ) -> None:
        inv = list(inventories) if inventories is not None else [{} for _ in range(SEATS)]
        if len(inv) != SEATS:
            raise ValueError(f"inventories: one per seat (4), got {len(inv)}")
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
        for seat in golden:
            if not 0 <= seat < SEATS:
                raise ValueError(f"golden: seat {seat!r} is not 0-3")
        self.initial_inventories: tuple[dict[str, int], ...] = tuple(
            dict(i) for i in self.inventories
        )
        self.initial_golden: tuple[int, ...] = tuple(sorted(set(golden)))
        self.golden: list[bool] = [s in self.initial_golden for s in range(SEATS)]
        self.qian_kun: tuple[int, ...] = ()
        self.results: list[list[ItemResult]] = [[] for _ in range(SEATS)]
        self._swap_turn: list[int | None] = [None] * SEATS
        self._views: list[tuple[tuple[str, int], ...]] = [
            self._inventory_view(s) for s in range(SEATS)
        ]
        self._result_views: list[tuple[ItemResult, ...]] = [() for _ in range(SEATS)]

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
        return tuple(s for s in range(SEATS) if self.golden[s])

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


def before_deal(rnd: Round, users: Collection[int], deal_seats: Sequence[int]) -> None:
    """乾坤大挪移 for every seat in ``users`` (RULES.md §8): consume it, rearrange the wall
    before the deal, emit one ITEM_USED per user (the suit is the user's secret)."""
    state = rnd.items
    seats = sorted(set(users))
    if not seats:
        return
    if state is None:
        raise ValueError("qian_kun: items are off in these rules (RULES.md §8 option items)")
    for seat in seats:
        if not 0 <= seat < SEATS:
            raise ValueError(f"qian_kun: seat {seat!r} is not 0-3")
        if not state.held(seat, QianKun.id):
            raise ValueError(f"qian_kun: seat {seat} holds no 乾坤大挪移")
    for seat, suit in stack_flush(rnd._wall, deal_seats, seats, rnd.rng, rnd.dealer):
        state._consume(seat, QianKun.id)
        result = ItemResult(QianKun.id, seat, len(rnd._wall), suit=suit)
        state._record(result)
        rnd._emit(EventKind.ITEM_USED, seat=seat, detail=QianKun.id, item_result=result)
    state.qian_kun = tuple(seats)


def _turn_index(rnd: Round, seat: int) -> int:
    """Index of the TURN event that started ``seat``'s current turn."""
    for e in reversed(rnd.events):
        if e.kind is EventKind.TURN and e.seat == seat:
            return e.index
    return -1


def _own_turn(rnd: Round, seat: int) -> bool:
    return rnd.phase is Phase.PLAY and rnd.step is Step.TURN and rnd.current == seat


def _timing_refusal(rnd: Round, seat: int, item: Item) -> Refusal | None:
    """RULES.md §8 "when", plus: no items after winning, none when a win is forced."""
    state = rnd.items
    if state is None:
        return _refusal("items_off", item.id)
    if rnd.is_over:
        return _refusal("hand_over", item.id)
    if rnd._won[seat]:
        return _refusal("won", item.id)
    if not state.held(seat, item.id):
        return _refusal("not_held", item.id)
    if item.timing is Timing.BEFORE_DEAL:
        return _refusal("before_deal", item.id)
    opts = rnd._options.get(seat)
    if opts is not None and len(opts) == 1 and opts[0].kind is ActionKind.WIN:
        return _refusal("forced_win", item.id)  # RULES.md §3.6 最后四张
    if item.id != JinShouZhi.id and rnd.wall_remaining == 0:
        return _refusal("wall_empty", item.id)
    if item.timing is Timing.OWN_TURN:
        if not _own_turn(rnd, seat):
            return _refusal("not_your_turn", item.id)
        if item.swap and state._swap_turn[seat] == _turn_index(rnd, seat):
            return _refusal("swap_used", item.id)  # RULES.md §8: one swap per turn
    if item.timing is Timing.ONCE_PER_TABLE and state.golden[seat]:
        return _refusal("already_golden", item.id)
    return None


_REPRESENTATIVES: dict[tuple[int, str], Action] = {}


def offered(rnd: Round, seat: int) -> list[Action]:
    """One parameterless USE_ITEM action per item ``seat`` may use now (``legal_actions``)."""
    state = rnd.items
    if state is None or not state.inventories[seat] or rnd.is_over or rnd._won[seat]:
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


def refusal(rnd: Round, action: Action) -> Refusal | None:
    """Why ``action`` (a USE_ITEM) may not be used now, or None if it may."""
    item = ITEMS.get(action.item or "")
    if item is None:
        return _refusal("unknown_item", action.item or "")
    if not 0 <= action.seat < SEATS:
        return _refusal("unknown_item", item.id)
    return _timing_refusal(rnd, action.seat, item) or item.check(rnd, action)


def use(rnd: Round, action: Action) -> ItemResult:
    """Check and perform one USE_ITEM action on ``rnd`` (called by ``Round.apply``): the item
    is consumed, its effect done, one ITEM_USED event emitted. Raises
    :class:`ItemRefusedError` with nothing changed."""
    why = refusal(rnd, action)
    if why is not None:
        raise ItemRefusedError(action, why)
    state = rnd.items
    assert state is not None and action.item is not None
    item = ITEMS[action.item]
    if item.swap:
        state._swap_turn[action.seat] = _turn_index(rnd, action.seat)
    state._consume(action.seat, item.id)
    result = item.perform(rnd, action)
    state._record(result)
    rnd._emit(EventKind.ITEM_USED, seat=action.seat, detail=item.id, item_result=result)
    return result


def item_action(
    seat: int,
    item: str,
    *,
    give: int | None = None,
    want: int | None = None,
    kind: int | None = None,
) -> Action:
    """A complete USE_ITEM action: ``give`` the hand tile (偷天换日, 移花接木), ``want`` the
    kind wanted (偷天换日), ``kind`` the kind asked about (千里眼)."""
    if item not in ITEMS:
        raise ValueError(f"unknown item {item!r}; valid: {', '.join(ITEM_IDS)}")
    tile = kind if item == QianLiYan.id else give
    tiles = (want,) if want is not None else ()
    return Action(ActionKind.USE_ITEM, seat, tile=tile, tiles=tiles, item=item)


def is_offered(action: Action, legal: Sequence[Action]) -> bool:
    """Whether a (parameterised) item ``action`` is one that ``legal`` offers: a
    representative for the same seat and item is listed. ``Round.apply`` still checks the
    parameters."""
    return action.kind is ActionKind.USE_ITEM and any(
        a.kind is ActionKind.USE_ITEM and a.seat == action.seat and a.item == action.item
        for a in legal
    )
