"""番种 patterns and situational extras (RULES.md §5.1), one small class each.

A pattern answers one question about one decomposition of a winning hand
(:class:`PatternContext`); which patterns exist and what they are worth is rule data
(:meth:`engine.rules.RuleSet.fan_of`). Adding a pattern is adding one class to
:data:`PATTERNS` and its value to the tables in ``engine/rules.py``.

A pattern that a preset lacks ("—" in §5.3) is simply skipped, so the hand scores the next
pattern that matches: e.g. ``qi_dui`` matches every seven-pairs hand, quads or not, and
``long_qi_dui`` only outranks it where it exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from typing import ClassVar

from engine.tiles import NUM_KINDS, Meld, MeldKind, rank_of, suit_of

_TERMINALS = (1, 9)
_TWO_FIVE_EIGHT = (2, 5, 8)


@dataclass(frozen=True)
class PatternContext:
    """One way to read a winning hand, plus what is known about the win.

    ``pair``/``sets``/``seven_pairs`` are one :class:`engine.hand.Decomposition` of the
    concealed tiles; ``counts`` holds every tile the winner owns, melds included.
    """

    pair: int  # kind of the eyes; -1 for seven pairs
    sets: tuple[tuple[int, bool], ...]  # concealed sets: (first kind, is_run)
    seven_pairs: bool
    counts: tuple[int, ...]  # 27 counts: concealed + melds (a kong counts 4)
    melds: tuple[Meld, ...]
    self_drawn: bool = False
    kong_replacement: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    last_copy: bool = False
    first_turn: bool = False
    dealer: bool = False

    @cached_property
    def suits(self) -> frozenset[int]:
        return frozenset([suit_of(k) for k in self.kinds])

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """Every kind present, melds included."""
        return tuple(compress(range(NUM_KINDS), self.counts))

    @cached_property
    def roots(self) -> int:
        """根: distinct kinds with all four copies among hand and melds (RULES.md §5.1)."""
        return sum([1 for c in self.counts if c == 4])


class Pattern:
    """A base pattern (番种). Subclasses set the ClassVars and implement :meth:`matches`."""

    id: ClassVar[str]
    zh: ClassVar[str]
    en: ClassVar[str]
    desc_zh: ClassVar[str]  # one-line definition (the pattern gallery, the rule book)
    desc_en: ClassVar[str]
    roots_consumed: ClassVar[int] = 0  # 龙七对: "同时减1根" (RULES.md §5.1, 000/002)
    # The pattern is 清一色 or a 清 form of another (清对, 清七对 …): skipped when the rules
    # have ``qing_yi_se_bonus`` off (docs/rules-short-handed.md, 两人一房).
    flush: ClassVar[bool] = False

    def matches(self, ctx: PatternContext) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Pattern {self.id}>"


class PingHu(Pattern):
    id = "ping_hu"
    zh = "平胡"
    en = "Plain win"
    desc_zh = "任何一手胡牌（基本牌型）"
    desc_en = "Any winning hand (the base pattern)"

    def matches(self, ctx: PatternContext) -> bool:
        return True


class DuiDuiHu(Pattern):
    """对对胡: a standard hand whose sets are all pungs or kongs (melds always are)."""

    id = "dui_dui_hu"
    zh = "对对胡"
    en = "All pungs"
    desc_zh = "四组都是刻子或杠，加一对将"
    desc_en = "All four sets are pungs or kongs, plus a pair"

    def matches(self, ctx: PatternContext) -> bool:
        return not ctx.seven_pairs and not any(is_run for _, is_run in ctx.sets)


class QingYiSe(Pattern):
    """清一色: every tile, melds included, of one suit."""

    id = "qing_yi_se"
    flush = True
    zh = "清一色"
    en = "Full flush"
    desc_zh = "所有牌（含副露）同一门花色"
    desc_en = "Every tile, melds included, of one suit"

    def matches(self, ctx: PatternContext) -> bool:
        return len(ctx.suits) == 1


class DaiYaoJiu(Pattern):
    """带幺九: a standard hand where every set and the pair contains a 1 or a 9."""

    id = "dai_yao_jiu"
    zh = "带幺九"
    en = "Terminals in every set"
    desc_zh = "每组牌和将都带一或九"
    desc_en = "Every set and the pair hold a 1 or a 9"

    def matches(self, ctx: PatternContext) -> bool:
        if ctx.seven_pairs or rank_of(ctx.pair) not in _TERMINALS:
            return False
        for first, is_run in ctx.sets:
            ranks = (rank_of(first), rank_of(first) + 2) if is_run else (rank_of(first),)
            if not any(r in _TERMINALS for r in ranks):
                return False
        return all(rank_of(m.tile) in _TERMINALS for m in ctx.melds)


class QiDui(Pattern):
    """七对: seven pairs. Also the fallback for 龙七对 where that pattern is absent."""

    id = "qi_dui"
    zh = "七对"
    en = "Seven pairs"
    desc_zh = "七个对子，不能有副露"
    desc_en = "Seven pairs, with no melds"

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.seven_pairs


class QingDui(Pattern):
    id = "qing_dui"
    flush = True
    zh = "清对"
    en = "Full-flush all pungs"
    desc_zh = "清一色的对对胡"
    desc_en = "All pungs in one suit"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and DuiDuiHu().matches(ctx)


class JiangDui(Pattern):
    """将对: all pungs and a pair, every tile a 2, 5 or 8."""

    id = "jiang_dui"
    zh = "将对"
    en = "2-5-8 all pungs"
    desc_zh = "对对胡，每张牌都是二、五、八"
    desc_en = "All pungs, every tile a 2, 5 or 8"

    def matches(self, ctx: PatternContext) -> bool:
        return DuiDuiHu().matches(ctx) and all(rank_of(k) in _TWO_FIVE_EIGHT for k in ctx.kinds)


class LongQiDui(Pattern):
    """龙七对: seven pairs with a four-of-a-kind; one root is part of the pattern."""

    id = "long_qi_dui"
    zh = "龙七对"
    en = "Dragon seven pairs"
    desc_zh = "七对中有四张相同的牌（含一根）"
    desc_en = "Seven pairs with four of a kind (one root included)"
    roots_consumed = 1

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.seven_pairs and ctx.roots > 0


class QingQiDui(Pattern):
    id = "qing_qi_dui"
    flush = True
    zh = "清七对"
    en = "Full-flush seven pairs"
    desc_zh = "清一色的七对"
    desc_en = "Seven pairs in one suit"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and QiDui().matches(ctx)


class QingYaoJiu(Pattern):
    id = "qing_yao_jiu"
    flush = True
    zh = "清幺九"
    en = "Full-flush terminals"
    desc_zh = "清一色的带幺九"
    desc_en = "Terminals in every set, in one suit"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and DaiYaoJiu().matches(ctx)


class QingLongQiDui(Pattern):
    id = "qing_long_qi_dui"
    flush = True
    zh = "清龙七对"
    en = "Full-flush dragon seven pairs"
    desc_zh = "清一色的龙七对（含一根）"
    desc_en = "Dragon seven pairs in one suit (one root included)"
    roots_consumed = 1

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and LongQiDui().matches(ctx)


class JinGouDiao(Pattern):
    """金钩钓: four melds and a single tile waiting for its pair (always all pungs)."""

    id = "jin_gou_diao"
    zh = "金钩钓"
    en = "Golden hook"
    desc_zh = "四组副露，单钓一张做将"
    desc_en = "Four melds, waiting on a single tile for the pair"

    def matches(self, ctx: PatternContext) -> bool:
        return len(ctx.melds) == 4 and DuiDuiHu().matches(ctx)


class QingJinGouDiao(Pattern):
    id = "qing_jin_gou_diao"
    flush = True
    zh = "清金钩钓"
    en = "Full-flush golden hook"
    desc_zh = "清一色的金钩钓"
    desc_en = "Golden hook in one suit"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and JinGouDiao().matches(ctx)


class TianHu(Pattern):
    """天胡: the dealer self-draws its win on its initial 14 tiles, before any discard."""

    id = "tian_hu"
    zh = "天胡"
    en = "Heavenly hand"
    desc_zh = "庄家起手十四张即胡"
    desc_en = "The dealer wins on its first fourteen tiles"

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.first_turn and ctx.dealer and ctx.self_drawn and not ctx.melds


class DiHu(Pattern):
    """地胡: a non-dealer wins before its own first discard, nobody has ponged or konged.

    RULES.md §5.1 decided: both the win on its first draw and on a discard before it count.
    """

    id = "di_hu"
    zh = "地胡"
    en = "Earthly hand"
    desc_zh = "闲家在自己第一次打牌前胡，此前无人碰杠"
    desc_en = "A non-dealer wins before its first discard, with no pong or kong yet"

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.first_turn and not ctx.dealer and not ctx.melds


PATTERNS: tuple[Pattern, ...] = (
    PingHu(),
    DuiDuiHu(),
    QingYiSe(),
    DaiYaoJiu(),
    QiDui(),
    QingDui(),
    JiangDui(),
    LongQiDui(),
    QingQiDui(),
    QingYaoJiu(),
    QingLongQiDui(),
    JinGouDiao(),
    QingJinGouDiao(),
    TianHu(),
    DiHu(),
)
"""Every pattern, most general first (equal scores prefer the later, more specific one)."""


# --- situational extras -----------------------------------------------------------------


class Extra:
    """A situational extra (RULES.md §5.1): how many times it applies to a win.

    Most extras describe the moment of winning (杠上花, 海底 ...); the ``of_hand`` ones (根,
    门清, 中张) describe the hand itself, so they also count when a ready hand is valued at
    查大叫 (RULES.md §6.3 step 2)."""

    id: ClassVar[str]
    zh: ClassVar[str]
    en: ClassVar[str]
    desc_zh: ClassVar[str]  # one-line definition (the pattern gallery, the rule book)
    desc_en: ClassVar[str]
    of_hand: ClassVar[bool] = False

    def count(self, ctx: PatternContext) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Extra {self.id}>"


class Gen(Extra):
    """根: once per root (before any root a pattern consumes)."""

    id = "gen"
    zh = "根"
    en = "Root"
    desc_zh = "每有四张相同的牌（杠或手中四张）加一次"
    desc_en = "Each kind held four times (a kong, or four in hand)"
    of_hand = True

    def count(self, ctx: PatternContext) -> int:
        return ctx.roots


class GangShangHua(Extra):
    id = "gang_shang_hua"
    zh = "杠上花"
    en = "Win on kong replacement"
    desc_zh = "杠后补牌自摸胡"
    desc_en = "Self-drawn win on a kong's replacement tile"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.kong_replacement)


class GangShangPao(Extra):
    id = "gang_shang_pao"
    zh = "杠上炮"
    en = "Win on a discard after a kong"
    desc_zh = "胡别人杠后打出的牌"
    desc_en = "Win on the discard a player makes right after its kong"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.after_kong)


class QiangGang(Extra):
    id = "qiang_gang"
    zh = "抢杠"
    en = "Robbing a kong"
    desc_zh = "胡别人补杠的那张牌"
    desc_en = "Win on the tile another player adds to its pong"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.robbing_kong)


class ZiMo(Extra):
    """自摸: scored per the option ``self_draw_bonus`` (RULES.md §5.2)."""

    id = "zi_mo"
    zh = "自摸"
    en = "Self-drawn"
    desc_zh = "自己摸到胡牌"
    desc_en = "Win on a tile you draw yourself"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.self_drawn)


class HaiDi(Extra):
    id = "hai_di"
    zh = "海底"
    en = "Last tile of the wall"
    desc_zh = "胡牌墙的最后一张（或其后打出的牌）"
    desc_en = "Win on the wall's last tile, or the discard after it"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.last_tile)


class MenQing(Extra):
    """门清 concealed hand: no pong, exposed kong or added kong declared (concealed kongs
    allowed) — the commercial "门清中张" option (RULES.md §5.1)."""

    id = "men_qing"
    zh = "门清"
    en = "Concealed hand"
    desc_zh = "没有碰、直杠或补杠（暗杠可以）"
    desc_en = "No pong, exposed kong or added kong (concealed kongs allowed)"
    of_hand = True

    def count(self, ctx: PatternContext) -> int:
        return int(all(m.kind is MeldKind.CONCEALED_KONG for m in ctx.melds))


class ZhongZhang(Extra):
    """中张 (断幺九) all simples: no 1 or 9 anywhere in the hand, melds included (RULES.md
    §5.1)."""

    id = "zhong_zhang"
    zh = "中张"
    en = "All simples"
    desc_zh = "手牌和副露中没有一和九"
    desc_en = "No 1 or 9 anywhere in the hand, melds included"
    of_hand = True

    def count(self, ctx: PatternContext) -> int:
        return int(not any(rank_of(k) in _TERMINALS for k in ctx.kinds))


class JueZhang(Extra):
    id = "jue_zhang"
    zh = "绝张"
    en = "Last unseen copy"
    desc_zh = "胡的牌其余三张都已亮在桌上"
    desc_en = "The other three copies of the winning tile are all on the table"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.last_copy)


EXTRAS: tuple[Extra, ...] = (
    Gen(),
    GangShangHua(),
    GangShangPao(),
    QiangGang(),
    ZiMo(),
    HaiDi(),
    MenQing(),
    ZhongZhang(),
    JueZhang(),
)

PATTERN_BY_ID: dict[str, Pattern] = {p.id: p for p in PATTERNS}
EXTRA_BY_ID: dict[str, Extra] = {e.id: e for e in EXTRAS}
