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

from engine.tiles import NUM_KINDS, Meld, rank_of, suit_of

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
    roots_consumed: ClassVar[int] = 0  # 龙七对: "同时减1根" (RULES.md §5.1, 000/002)

    def matches(self, ctx: PatternContext) -> bool:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Pattern {self.id}>"


class PingHu(Pattern):
    id = "ping_hu"
    zh = "平胡"
    en = "Plain win"

    def matches(self, ctx: PatternContext) -> bool:
        return True


class DuiDuiHu(Pattern):
    """对对胡: a standard hand whose sets are all pungs or kongs (melds always are)."""

    id = "dui_dui_hu"
    zh = "对对胡"
    en = "All pungs"

    def matches(self, ctx: PatternContext) -> bool:
        return not ctx.seven_pairs and not any(is_run for _, is_run in ctx.sets)


class QingYiSe(Pattern):
    """清一色: every tile, melds included, of one suit."""

    id = "qing_yi_se"
    zh = "清一色"
    en = "Full flush"

    def matches(self, ctx: PatternContext) -> bool:
        return len(ctx.suits) == 1


class DaiYaoJiu(Pattern):
    """带幺九: a standard hand where every set and the pair contains a 1 or a 9."""

    id = "dai_yao_jiu"
    zh = "带幺九"
    en = "Terminals in every set"

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

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.seven_pairs


class QingDui(Pattern):
    id = "qing_dui"
    zh = "清对"
    en = "Full-flush all pungs"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and DuiDuiHu().matches(ctx)


class JiangDui(Pattern):
    """将对: all pungs and a pair, every tile a 2, 5 or 8."""

    id = "jiang_dui"
    zh = "将对"
    en = "2-5-8 all pungs"

    def matches(self, ctx: PatternContext) -> bool:
        return DuiDuiHu().matches(ctx) and all(rank_of(k) in _TWO_FIVE_EIGHT for k in ctx.kinds)


class LongQiDui(Pattern):
    """龙七对: seven pairs with a four-of-a-kind; one root is part of the pattern."""

    id = "long_qi_dui"
    zh = "龙七对"
    en = "Dragon seven pairs"
    roots_consumed = 1

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.seven_pairs and ctx.roots > 0


class QingQiDui(Pattern):
    id = "qing_qi_dui"
    zh = "清七对"
    en = "Full-flush seven pairs"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and QiDui().matches(ctx)


class QingYaoJiu(Pattern):
    id = "qing_yao_jiu"
    zh = "清幺九"
    en = "Full-flush terminals"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and DaiYaoJiu().matches(ctx)


class QingLongQiDui(Pattern):
    id = "qing_long_qi_dui"
    zh = "清龙七对"
    en = "Full-flush dragon seven pairs"
    roots_consumed = 1

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and LongQiDui().matches(ctx)


class JinGouDiao(Pattern):
    """金钩钓: four melds and a single tile waiting for its pair (always all pungs)."""

    id = "jin_gou_diao"
    zh = "金钩钓"
    en = "Golden hook"

    def matches(self, ctx: PatternContext) -> bool:
        return len(ctx.melds) == 4 and DuiDuiHu().matches(ctx)


class QingJinGouDiao(Pattern):
    id = "qing_jin_gou_diao"
    zh = "清金钩钓"
    en = "Full-flush golden hook"

    def matches(self, ctx: PatternContext) -> bool:
        return QingYiSe().matches(ctx) and JinGouDiao().matches(ctx)


class TianHu(Pattern):
    """天胡: the dealer self-draws its win on its initial 14 tiles, before any discard."""

    id = "tian_hu"
    zh = "天胡"
    en = "Heavenly hand"

    def matches(self, ctx: PatternContext) -> bool:
        return ctx.first_turn and ctx.dealer and ctx.self_drawn and not ctx.melds


class DiHu(Pattern):
    """地胡: a non-dealer wins before its own first discard, nobody has ponged or konged.

    RULES.md §5.1 decided: both the win on its first draw and on a discard before it count.
    """

    id = "di_hu"
    zh = "地胡"
    en = "Earthly hand"

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
    """A situational extra (RULES.md §5.1): how many times it applies to a win."""

    id: ClassVar[str]
    zh: ClassVar[str]
    en: ClassVar[str]

    def count(self, ctx: PatternContext) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Extra {self.id}>"


class Gen(Extra):
    """根: once per root (before any root a pattern consumes)."""

    id = "gen"
    zh = "根"
    en = "Root"

    def count(self, ctx: PatternContext) -> int:
        return ctx.roots


class GangShangHua(Extra):
    id = "gang_shang_hua"
    zh = "杠上花"
    en = "Win on kong replacement"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.kong_replacement)


class GangShangPao(Extra):
    id = "gang_shang_pao"
    zh = "杠上炮"
    en = "Win on a discard after a kong"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.after_kong)


class QiangGang(Extra):
    id = "qiang_gang"
    zh = "抢杠"
    en = "Robbing a kong"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.robbing_kong)


class ZiMo(Extra):
    """自摸: scored per the option ``self_draw_bonus`` (RULES.md §5.2)."""

    id = "zi_mo"
    zh = "自摸"
    en = "Self-drawn"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.self_drawn)


class HaiDi(Extra):
    id = "hai_di"
    zh = "海底"
    en = "Last tile of the wall"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.last_tile)


class JueZhang(Extra):
    id = "jue_zhang"
    zh = "绝张"
    en = "Last unseen copy"

    def count(self, ctx: PatternContext) -> int:
        return int(ctx.last_copy)


EXTRAS: tuple[Extra, ...] = (
    Gen(),
    GangShangHua(),
    GangShangPao(),
    QiangGang(),
    ZiMo(),
    HaiDi(),
    JueZhang(),
)

PATTERN_BY_ID: dict[str, Pattern] = {p.id: p for p in PATTERNS}
EXTRA_BY_ID: dict[str, Extra] = {e.id: e for e in EXTRAS}
