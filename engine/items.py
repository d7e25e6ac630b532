"""道具 Items (RULES.md §8): the catalogue of the six items.

Each item is one small class with its metadata as ``ClassVar`` s (id, zh/en name and
description, :class:`Timing`) gathered in :data:`ITEMS`; this module also holds what the game
and the bots need to talk about items — :func:`item_action` (a complete ``USE_ITEM`` action),
:func:`is_offered`, :class:`ItemResult` (what a use showed), :class:`Refusal` and
:class:`ItemRefusedError` — and the two pure helpers of the effects
(:func:`qian_li_yan_sixths`, :func:`stack_flush`). It imports nothing of the round machinery:
what an item does to a hand is the round's item layer, ``engine/round/items.py``.

Item uses are ordinary actions — ``Action(USE_ITEM, seat, item=id, tile=..., tiles=...)`` —
that go through ``Round.apply``, so a replay records and re-executes them exactly. Parameters:

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
zh/en reason. Every use emits one ``ITEM_USED`` event naming the seat and the item
(``detail``); the secret result is in its ``item_result`` field, which
:meth:`~engine.round.Event.for_seat` blanks for every other seat.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.actions import Action, ActionKind, IllegalActionError
from engine.quote import quote
from engine.tiles import suit_name, tile_name

if TYPE_CHECKING:
    import random

__all__ = [
    "DEAL_SIZE",
    "ITEMS",
    "ITEM_IDS",
    "QIAN_KUN_TARGET",
    "Item",
    "ItemRefusedError",
    "ItemResult",
    "Refusal",
    "Timing",
    "is_offered",
    "item_action",
    "qian_li_yan_sixths",
    "refusal_for",
    "stack_flush",
]

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
            if self.given == self.tile:  # 移花接木's random tile may be of the kind given
                return (
                    f"{name}：换出{g}，又摸回一张{t}" if zh else f"{name}: gave {g}, drew {t} back"
                )
            return f"{name}：{g}换成了{t}" if zh else f"{name}: {g} swapped for {t}"
        if self.item == "qian_li_yan" and self.tile is not None:
            kind = tile_name(self.tile, lang)
            if not self.sixths:
                # as the answer with copies says it ("2 copies of 5 Dots left in the wall"):
                # "no 1 Bamboo left" read as a typo
                if zh:
                    return f"{name}：牌墙里已经没有{kind}了"
                return f"{name}: no copies of {kind} left in the wall"
            return (
                f"{name}：" + _copies_zh(self, kind) if zh else f"{name}: " + _copies_en(self, kind)
            )
        if self.item == "shun_feng_er" and self.tile is not None:
            t = tile_name(self.tile, lang)
            return f"{name}：下一张牌是{t}" if zh else f"{name}: the next tile is {t}"
        if self.item == "qian_kun" and self.suit is not None:
            s = suit_name(self.suit, lang)
            return f"{name}：起手牌接近清一色（{s}）" if zh else f"{name}: a hand close to all {s}"
        if self.item == "jin_shou_zhi":
            return f"{name}：出牌指针变成金手指" if zh else f"{name}: your pointer is golden"
        return name


def _draws(sixth: int, remaining: int, zh: bool) -> str:
    """The draws a sixth of the live wall spans, 1 the next draw: the copies at index i with
    ``i * SIXTHS // remaining == sixth`` (qian_li_yan_sixths), i.e. i from
    ceil(sixth * n / 6) to ceil((sixth + 1) * n / 6) - 1 — "约第 29 至 37 张" / "about draws
    29–37" (a range: 至 in Chinese, an en dash in English), one draw alone "约第 3 张" /
    "about draw 3"."""
    lo = -(-sixth * remaining // SIXTHS) + 1
    hi = max(lo, -(-(sixth + 1) * remaining // SIXTHS))
    if zh:
        return f"约第 {lo} 至 {hi} 张" if hi > lo else f"约第 {lo} 张"
    return f"about draws {lo}–{hi}" if hi > lo else f"about draw {lo}"


def _sixth_groups(result: ItemResult) -> list[tuple[int, int]]:
    """千里眼's copies by sixth: (sixth, how many copies lie in it), nearest first."""
    return [(s, result.sixths.count(s)) for s in sorted(set(result.sixths))]


_COUNT_WORDS = ("no", "one", "two", "three", "four")


def _copies_en(result: ItemResult, kind: str) -> str:
    """千里眼's answer after the item's name: "1 copy of 5 Dots left in the wall (about
    draws 28–36)", "2 copies of … (both about draws 47–55)", "3 copies of …: two about draws
    1–10 and one about draws 29–37"."""
    n, remaining = result.copies, result.wall_remaining
    # "2 5 Dots" reads as 25: the count as copies of the kind
    head = f"{n} {'copy' if n == 1 else 'copies'} of {kind} left in the wall"
    groups = _sixth_groups(result)
    if len(groups) == 1:
        every = "" if n == 1 else ("both " if n == 2 else "all ")
        return f"{head} ({every}{_draws(groups[0][0], remaining, False)})"
    parts = [f"{_COUNT_WORDS[c]} {_draws(s, remaining, False)}" for s, c in groups]
    return f"{head}: " + ", ".join(parts[:-1]) + " and " + parts[-1]


def _copies_zh(result: ItemResult, kind: str) -> str:
    """千里眼's answer after the item's name: "牌墙里还有 1 张五筒，在约第 28 至 36 张",
    "…还有 2 张五筒，都在约第 47 至 55 张", "…还有 3 张五筒：约第 1 至 10 张有 2 张，约第 29 至
    37 张有 1 张", "…还有 2 张五筒，约第 1 至 10 张、第 29 至 37 张各 1 张"."""
    n, remaining = result.copies, result.wall_remaining
    head = f"牌墙里还有 {n} 张{kind}"
    groups = _sixth_groups(result)
    if len(groups) == 1:
        return f"{head}，{'在' if n == 1 else '都在'}{_draws(groups[0][0], remaining, True)}"
    if all(c == 1 for _s, c in groups):
        spans = "、".join(_draws(s, remaining, True) for s, _c in groups)
        return f"{head}，{spans.replace('、约第', '、第')}各 1 张"
    return f"{head}：" + "，".join(f"{_draws(s, remaining, True)}有 {c} 张" for s, c in groups)


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
    positions = {s: [i for i, who in enumerate(deal_seats) if who == s] for s in set(deal_seats)}
    for seat in users:
        mine = positions[seat]
        need = QIAN_KUN_TARGET[1] if seat == dealer else QIAN_KUN_TARGET[0]
        protected.update(mine)
        free = [i for i in range(len(wall)) if i not in protected]
        # A suit with enough tiles left to reach the target (always at least one: 4 users
        # take at most 41 of the 108 tiles, 3 at most 31 of 72, 2 at most 21 of 36).
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
    """One item (RULES.md §8): its metadata. What it does is in engine/round/items.py."""

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


class ShunFengEr(Item):
    id = "shun_feng_er"
    name_zh = "顺风耳"
    name_en = "Wind-Borne Ear"
    desc_zh = "未胡时随时使用：看到牌墙的下一张牌（不论谁会摸到它）。"
    desc_en = (
        "Any time before you win: see the next tile to be drawn from the wall, whoever draws it."
    )
    timing = Timing.ANY_TIME


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


ITEMS: dict[str, Item] = {
    cls.id: cls() for cls in (QianKun, TouTian, YiHua, QianLiYan, ShunFengEr, JinShouZhi)
}
"""The six items of RULES.md §8 by id, in shop order."""

ITEM_IDS: tuple[str, ...] = tuple(ITEMS)


# --- refusals -------------------------------------------------------------------------------

_REFUSALS: dict[str, tuple[str, str]] = {
    "items_off": ("本局规则未开启道具", "items are off in these rules"),
    "unknown_item": ("没有这种道具：{item}", "there is no item {item}"),
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
        "no copy of {tile_en} is left in the wall; you keep the item",
    ),
    "wall_empty": ("牌墙已经摸完了", "the wall is empty"),
    "not_in_room": (
        "本桌牌墙里没有{suit_zh}，道具保留",
        "this table's wall has no {suit_en}; you keep the item",
    ),
}


def refusal_for(code: str, item: str, tile: int | None = None) -> Refusal:
    """The :class:`Refusal` ``code`` for ``item`` (and the tile it concerns, if any)."""
    zh, en = _REFUSALS[code]
    meta = ITEMS.get(item)
    values = {
        "item": quote(item, 40),
        "zh": meta.name_zh if meta else item,
        "en": meta.name_en if meta else item,
        "tile_zh": tile_name(tile, "zh") if tile is not None else "",
        "tile_en": tile_name(tile, "en") if tile is not None else "",
        "suit_zh": suit_name(tile // 9, "zh") if tile is not None else "",
        "suit_en": suit_name(tile // 9, "en") if tile is not None else "",
    }
    return Refusal(code, zh.format(**values), en.format(**values))


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
