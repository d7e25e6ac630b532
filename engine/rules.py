"""规则 RuleSet: every rule option of RULES.md §9.1 as data, the six presets of §9, and the
short-handed rooms of docs/rules-short-handed.md (三人两房, 两人: the ``players`` and ``suits``
options and their two presets).

A :class:`RuleSet` is a frozen dataclass with one field per option (same names as RULES.md
§9.1) plus the per-preset pattern table ``fan.<id>`` and extras table ``extra.<id>`` of
§5.3. A preset is just a named instance; code never branches on :attr:`RuleSet.preset_name`.

Values use Python types: ``on``/``off`` options are ``bool``, choices are ``str`` literals,
``pig_penalty`` is an ``int`` or ``"cap"``, ``cap_fan`` an ``int`` or ``None``, a pattern's fan
an ``int``, ``"cap"`` or ``None`` (the pattern does not exist), an extra an ``int`` or ``None``.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, TypeAlias, cast

from engine.patterns import EXTRAS, PATTERNS
from engine.quote import quote

Mode: TypeAlias = Literal["xuezhan", "single", "xueliu"]
Model: TypeAlias = Literal["fan", "points"]
PassedWin: TypeAlias = Literal["same_tile", "unless_higher"]
KongBloom: TypeAlias = Literal["self_drawn", "discarder_pays"]
PayReady: TypeAlias = Literal["max", "min"]
RefundTo: TypeAlias = Literal["payers", "ready"]
NextDealer: TypeAlias = Literal["first_winner", "discarder", "dice"]
SelfDrawBonus: TypeAlias = Literal["add_base", "add_fan", "none"]
FirstDealer: TypeAlias = Literal["east", "random"]
FanValue: TypeAlias = int | Literal["cap"] | None
ExtraValue: TypeAlias = int | None
OptionValue: TypeAlias = str | int | bool | None

# RULES.md §5.1 ids and names come from the pattern classes (engine/patterns.py).
PATTERN_IDS: tuple[str, ...] = tuple(p.id for p in PATTERNS)
# Extras with a table value. 自摸 zi_mo is governed by the option ``self_draw_bonus``
# instead (§5.3 row "zi_mo": add_base / +1 fan / none).
EXTRA_IDS: tuple[str, ...] = tuple(e.id for e in EXTRAS if e.id != "zi_mo")
PATTERN_NAMES: dict[str, tuple[str, str]] = {p.id: (p.zh, p.en) for p in PATTERNS}
EXTRA_NAMES: dict[str, tuple[str, str]] = {e.id: (e.zh, e.en) for e in EXTRAS}

_STANDARD_FAN: dict[str, FanValue] = {
    "ping_hu": 1,
    "dui_dui_hu": 2,
    "qing_yi_se": 3,
    "dai_yao_jiu": 3,
    "qi_dui": 3,
    "qing_dui": 4,
    "jiang_dui": 4,
    "long_qi_dui": 5,
    "qing_qi_dui": 5,
    "qing_yao_jiu": 5,
    "qing_long_qi_dui": 6,
    "jin_gou_diao": None,
    "qing_jin_gou_diao": None,
    "tian_hu": 6,
    "di_hu": 6,
}
_JJ_FAN: dict[str, FanValue] = {
    **_STANDARD_FAN,
    "dai_yao_jiu": None,
    "jiang_dui": None,
    "long_qi_dui": None,
    "qing_yao_jiu": None,
    "qing_long_qi_dui": None,
    "jin_gou_diao": 3,
    "qing_jin_gou_diao": 5,  # RULES.md §5.1: decided there, 4×4 = 5 fan
    "tian_hu": None,
    "di_hu": None,
}
_WIKI_FAN: dict[str, FanValue] = {
    **_STANDARD_FAN,
    "jiang_dui": 5,
    "long_qi_dui": None,
    "qing_long_qi_dui": None,
    "jin_gou_diao": 3,
    "qing_jin_gou_diao": 5,
    "tian_hu": "cap",
    "di_hu": "cap",
}
_CHENGDU_POINTS: dict[str, FanValue] = {
    **_STANDARD_FAN,
    "long_qi_dui": None,
    "qing_qi_dui": 8,  # RULES.md §5.3: decided there, from 003
    "qing_yao_jiu": None,
    "qing_long_qi_dui": None,
    "tian_hu": 8,
    "di_hu": 8,
}
_STANDARD_EXTRA: dict[str, ExtraValue] = {
    "gen": 1,
    "gang_shang_hua": 1,
    "gang_shang_pao": 1,
    "qiang_gang": 1,  # RULES.md §5.3: decided there for standard
    "hai_di": None,
    "men_qing": None,
    "zhong_zhang": None,
    "jue_zhang": None,
}
_CHENGDU_EXTRA: dict[str, ExtraValue] = {
    **_STANDARD_EXTRA,
    "gen": 1,  # each kong or root: a kong always holds all four copies, so it is a root
    "gang_shang_hua": 2,
    "gang_shang_pao": None,
}

# A "cap" value where no cap applies (points model, or cap_fan none) is worth one more than
# the highest number in the table — decided here (RULES.md §5.3 only defines "cap" with a cap).
# A "cap" pig penalty without a cap falls back to the standard 16 (RULES.md §6.3).
UNCAPPED_PIG_PENALTY = 16

# docs/rules-short-handed.md: the suits in the wall, written as their notation letters in
# m, p, s order (``ps`` = 筒 + 条, 万 removed). ``3``/``2``/``1`` are short for the apps'
# usual choices: all three, 万 removed, 万 only.
SUIT_CHOICES = ("mps", "mp", "ms", "ps", "m", "p", "s")
SUIT_COUNT_ALIASES = {"3": "mps", "2": "ps", "1": "m"}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_TILES = 13  # every seat is dealt 13, the dealer 14 (RULES.md §2)


LIST_COMMAND = "python -m engine rules"
"""The command that lists every option name, its values and a preset's value of it
(engine/cli/rules.py): where an unknown name's refusal points."""


class UnknownOptionError(ValueError):
    """An unknown option name or value; the message lists the valid values, or for an
    unknown name the closest names (``close``) and where the full list is. ``kind`` names a
    problem a screen words itself (``too_few_tiles``: the wall's suits cannot deal the
    players, ``values`` has ``suits``, ``tiles``, ``players`` and ``deal``); else None."""

    def __init__(
        self,
        message: str,
        kind: str | None = None,
        values: dict[str, int] | None = None,
        *,
        close: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.values = dict(values or {})
        self.close = close


def closest_options(name: str) -> tuple[str, ...]:
    """The option names ``name`` is most likely a typo of (difflib's ratio, at least 0.6 like
    ``get_close_matches``; ties and near-ties, at most 3): a pattern or an extra is also
    found by its bare id (``hai_di`` → ``extra.hai_di``) and case does not count."""
    key = name.strip().lower()
    targets = {n: n for n in OPTION_INFO}
    for n in OPTION_INFO:
        _, dot, bare = n.partition(".")
        if dot:
            targets.setdefault(bare, n)
    scored = sorted(
        ((difflib.SequenceMatcher(None, key, t).ratio(), full) for t, full in targets.items()),
        key=lambda pair: -pair[0],
    )
    best = scored[0][0]
    close: list[str] = []
    for ratio, full in scored:
        if ratio < max(0.6, best - 0.05) or len(close) == 3:
            break
        if full not in close:
            close.append(full)
    return tuple(close)


def _unknown_name(name: str, hint: str = "") -> UnknownOptionError:
    """The refusal of an unknown option ``name`` (RULES.md §9.1: "an error that lists the
    valid ones"): the closest names first, as a guess, then the valid names of its family —
    the patterns for ``fan.…``, the extras for ``extra.…``, else the options, with
    ``fan.<pattern>`` and ``extra.<extra>`` — and the command that shows their values."""
    close = () if hint else closest_options(name)
    guess = f" did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    if name.startswith("fan."):
        valid = "valid patterns: " + ", ".join(f"fan.{p}" for p in PATTERN_IDS)
    elif name.startswith("extra."):
        valid = "valid extras: " + ", ".join(f"extra.{e}" for e in EXTRA_IDS)
    else:
        valid = f"valid: {', '.join(OPTION_NAMES)}, fan.<pattern>, extra.<extra>"
    return UnknownOptionError(
        f"unknown option {quote(name)}{hint};{guess} {valid} ('{LIST_COMMAND}' shows each"
        " one's values)",
        close=close,
    )


@dataclass(frozen=True)
class RuleSet:
    """All rule options (RULES.md §9.1). Defaults are the ``standard`` preset."""

    mode: Mode = "xuezhan"
    exchange_three: bool = False
    declare_void: bool = True
    must_discard_void_first: bool = True
    model: Model = "fan"
    passed_win: PassedWin = "unless_higher"
    last_four_forced: bool = True
    kong_bloom_on_exposed: KongBloom = "self_drawn"
    exposed_kong_pay: int = 2
    kong_transfer: bool = True
    pay_ready: PayReady = "max"
    refund_to: RefundTo = "payers"
    pig_penalty: int | Literal["cap"] = 16
    next_dealer: NextDealer = "first_winner"
    cap_fan: int | None = None
    self_draw_bonus: SelfDrawBonus = "add_base"
    drizzle: bool = False
    added_kong_immediate: bool = False
    dead_wait_counts: bool = True
    items: bool = True
    bots_use_items: bool = False
    base: int = 1
    coins_per_point: int = 6
    # docs/rules-short-handed.md (三人两房, 两人): the seats, the suits of the wall and the
    # options of those rooms.
    players: int = 4
    suits: str = "mps"
    discard_min_fan: bool = False
    qing_yi_se_bonus: bool = True
    first_dealer: FirstDealer = "east"
    # §5.3 tables as (id, value) pairs in PATTERN_IDS / EXTRA_IDS order, so the set stays hashable.
    fan_table: tuple[tuple[str, FanValue], ...] = tuple(_STANDARD_FAN.items())
    extra_table: tuple[tuple[str, ExtraValue], ...] = tuple(_STANDARD_EXTRA.items())
    preset_name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        """Every value is checked, however the set is built (the constructor, ``replace``,
        :meth:`with_overrides`, :meth:`from_dict`): an unknown word or an integer outside
        its documented range (:data:`OPTION_INFO`) raises :class:`UnknownOptionError`."""
        for name in OPTION_NAMES:
            _check_typed(name, getattr(self, name))
        for what, table, ids in (
            ("fan", self.fan_table, PATTERN_IDS),
            ("extra", self.extra_table, EXTRA_IDS),
        ):
            if tuple(k for k, _ in table) != ids:
                raise UnknownOptionError(
                    f"{what}_table must list {', '.join(ids)} in that order, got {quote(table)}"
                )
            for key, value in table:
                _check_typed(f"{what}.{key}", value)
        deal = HAND_TILES * self.players + 1
        if self.num_tiles <= deal:
            raise UnknownOptionError(
                f"suits={self.suits} is {self.num_tiles} tiles: too few to deal {self.players} "
                f"players ({deal} tiles) and draw; use more suits or fewer players",
                "too_few_tiles",
                {
                    "suits": len(self.suits),
                    "tiles": self.num_tiles,
                    "players": self.players,
                    "deal": deal,
                },
            )

    # --- tables ---------------------------------------------------------------------------

    @cached_property
    def _fans(self) -> dict[str, FanValue]:
        return dict(self.fan_table)

    def fan_of(self, pattern_id: str) -> FanValue:
        """The fan (or points) of a pattern: an int, ``"cap"``, or None if it does not exist."""
        fans = self._fans
        if pattern_id in fans:
            return fans[pattern_id]
        raise UnknownOptionError(f"unknown pattern {pattern_id!r}; valid: {', '.join(PATTERN_IDS)}")

    def extra_of(self, extra_id: str) -> ExtraValue:
        """The fan (or points) of a situational extra, or None if it is off.

        ``zi_mo`` is derived from ``self_draw_bonus``: 1 with ``add_fan``, else None (the
        ``add_base`` bonus is paid after the cap, not as fan; RULES.md §5.2).
        """
        if extra_id == "zi_mo":
            return 1 if self.self_draw_bonus == "add_fan" else None
        for eid, value in self.extra_table:
            if eid == extra_id:
                return value
        raise UnknownOptionError(
            f"unknown extra {extra_id!r}; valid: {', '.join((*EXTRA_IDS, 'zi_mo'))}"
        )

    # --- derived values -------------------------------------------------------------------

    @cached_property
    def kept_suits(self) -> tuple[int, ...]:
        """The suits in the wall (0 = m, 1 = p, 2 = s), in order: ``(1, 2)`` for ``ps``."""
        return tuple("mps".index(c) for c in self.suits)

    @property
    def num_tiles(self) -> int:
        """Tiles in the wall: 36 per suit — 108, 72 or 36 (docs/rules-short-handed.md)."""
        return 36 * len(self.suits)

    @property
    def declares_void(self) -> bool:
        """Whether 定缺 is played (RULES.md §3.2): ``declare_void`` on and all three suits in
        the wall. With two suits or one there is no declaration and no suit to lack
        (docs/rules-short-handed.md), whatever ``declare_void`` says."""
        return self.declare_void and len(self.suits) == 3

    @property
    def cap_multiplier(self) -> int | None:
        """2^(cap_fan−1) (满格), or None without a cap (RULES.md §5.2)."""
        return None if self.cap_fan is None else 2 ** (self.cap_fan - 1)

    @property
    def uncapped_cap_value(self) -> int:
        """What a ``"cap"`` pattern is worth where no cap applies: one more than the highest
        number in the fan table (decided here; RULES.md §5.3 defines "cap" only with a cap)."""
        numbers = [v for _, v in self.fan_table if isinstance(v, int)]
        return max(numbers, default=0) + 1

    @property
    def pig_penalty_points(self) -> int:
        """What a flower pig pays each un-won non-pig player, in points with ``base`` applied
        (RULES.md §6.3). ``"cap"`` = cap multiplier × base; without a cap, 16 × base."""
        if self.pig_penalty == "cap":
            cap = self.cap_multiplier
            return (UNCAPPED_PIG_PENALTY if cap is None else cap) * self.base
        return self.pig_penalty * self.base

    # --- conversion -----------------------------------------------------------------------

    def with_overrides(self, overrides: Iterable[str] | Mapping[str, OptionValue]) -> RuleSet:
        """A copy with some options changed: ``["cap_fan=4", "fan.jiang_dui=off"]`` or a dict
        ``{"cap_fan": 4, "fan.jiang_dui": None}``. Raises :class:`UnknownOptionError`."""
        if isinstance(overrides, str):
            overrides = [overrides]  # one "NAME=VALUE", not its characters
        if isinstance(overrides, Mapping):
            items: list[tuple[str, object]] = list(overrides.items())
        else:
            items = []
            for text in overrides:
                name, sep, value = text.partition("=")
                if not sep:
                    raise UnknownOptionError(
                        f"expected NAME=VALUE, got {text!r} (e.g. cap_fan=4 or fan.jiang_dui=off)"
                    )
                items.append((name.strip(), value.strip()))
        changes: dict[str, object] = {}
        fans = dict(self.fan_table)
        extras = dict(self.extra_table)
        for name, raw in items:
            if name.startswith("fan."):
                pid = name[4:]
                if pid not in fans:
                    raise _unknown_name(name)
                fans[pid] = cast(FanValue, _parse_value(name, raw))
            elif name.startswith("extra."):
                eid = name[6:]
                if eid not in extras:
                    hint = " (自摸 is set by self_draw_bonus)" if eid == "zi_mo" else ""
                    raise _unknown_name(name, hint)
                extras[eid] = cast(ExtraValue, _parse_value(name, raw))
            elif name in OPTION_INFO:
                changes[name] = _parse_value(name, raw)
            else:
                raise _unknown_name(name)
        changes["fan_table"] = tuple(fans.items())
        changes["extra_table"] = tuple(extras.items())
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, OptionValue]:
        """Every option by its RULES.md §9.1 name (``fan.<id>``/``extra.<id>`` flattened),
        plus ``preset_name``. :meth:`from_dict` reads it back."""
        out: dict[str, OptionValue] = {"preset_name": self.preset_name}
        for name in OPTION_NAMES:
            out[name] = cast(OptionValue, getattr(self, name))
        for pid, fan in self.fan_table:
            out[f"fan.{pid}"] = fan
        for eid, extra in self.extra_table:
            out[f"extra.{eid}"] = extra
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, OptionValue]) -> RuleSet:
        """Inverse of :meth:`to_dict`; missing options take the ``standard`` values."""
        rest = {k: v for k, v in data.items() if k != "preset_name"}
        label = data.get("preset_name")
        rules = cls().with_overrides(rest)
        return dataclasses.replace(rules, preset_name=None if label is None else str(label))

    def changed_options(self, other: RuleSet) -> dict[str, OptionValue]:
        """Options whose value differs from ``other`` (e.g. a preset), by name."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: v for k, v in mine.items() if k != "preset_name" and theirs.get(k) != v}


# --- option metadata (settings screen, CLI help) ----------------------------------------


@dataclass(frozen=True)
class OptionInfo:
    """One option for a settings screen: names, one-line help, allowed values.

    ``values`` lists the accepted words; ``integer`` says whether an integer is accepted too,
    from ``minimum`` to ``maximum`` inclusive (the documented range: RULES.md §9.1 says
    "integer", the ranges keep every payment a reasonable number — decided here).
    """

    name: str
    zh: str
    en: str
    help_zh: str
    help_en: str
    values: tuple[str, ...]
    integer: bool = False
    minimum: int = 0
    maximum: int = 0

    @property
    def range_text(self) -> str:
        """``an integer 1-16`` (empty for an option without integers)."""
        return f"an integer {self.minimum}-{self.maximum}" if self.integer else ""


# The integer ranges (README "Rules presets" lists them). With them the largest uncapped
# hand is 16 + 9 × 8 + 1 fan, 2^88 × base: big, but computed at once — where 2^(10^15) would
# never finish.
FAN_RANGE = (1, 16)  # fan.<id>, cap_fan
EXTRA_RANGE = (0, 8)  # extra.<id>
POINTS_RANGE = (0, 1000)  # exposed_kong_pay (×base), pig_penalty
UNIT_RANGE = (1, 1000)  # base, coins_per_point


_ON_OFF = ("on", "off")

OPTION_INFO: dict[str, OptionInfo] = {
    info.name: info
    for info in (
        OptionInfo(
            "mode", "玩法", "Mode",
            "血战到底：胡牌的人离场，其余人继续；单局：第一次胡牌即结束；"
            "血流成河：胡牌后不离场，可以继续胡，直到牌墙摸完",
            "Blood battle: a winner leaves and the others play on; Single win: the first win "
            "ends the hand; Blood river: winners stay in and may win again until the wall is "
            "empty",
            ("xuezhan", "single", "xueliu"),
        ),
        OptionInfo(
            "exchange_three", "换三张", "Swap three",
            "开局每人换出三张同花色牌", "Each player passes three tiles of one suit at the start",
            _ON_OFF,
        ),
        OptionInfo(
            "declare_void", "定缺", "Declare void suit",
            "开局每人定一门缺，缺门的牌不能碰杠，胡牌时不能有该门牌（牌墙有三门牌时）",
            "Each player names a suit it may not pong or kong and may not hold when it wins "
            "(with all three suits in the wall)",
            _ON_OFF,
        ),
        OptionInfo(
            "must_discard_void_first", "先打缺门", "Discard void suit first",
            "手里有定缺的牌时只能先打它们",
            "While holding void-suit tiles, only those may be discarded",
            _ON_OFF,
        ),
        OptionInfo(
            "model", "计分方式", "Scoring model",
            "番：每番翻倍；分：最大牌型的分加各项加分",
            "Fan: each fan doubles the payment; points: the highest pattern's points plus the "
            "extras' points",
            ("fan", "points"),
        ),
        OptionInfo(
            "passed_win", "过手胡", "Passed win",
            "放弃点炮胡后，到自己摸牌前不能胡同一张／不能胡不更大的牌",
            "After declining a win on a discard, until your next draw: that tile is blocked, or "
            "any win not worth more",
            ("same_tile", "unless_higher"),
        ),
        OptionInfo(
            "last_four_forced", "最后四张必胡", "Last four: forced win",
            "牌墙剩四张以内时能胡必须胡",
            "With 4 or fewer tiles left in the wall, a possible win is taken automatically",
            _ON_OFF,
        ),
        OptionInfo(
            "kong_bloom_on_exposed", "引杠杠上花", "Exposed kong replacement win",
            "直杠后杠上花：算自摸／由放杠者一人按点炮付",
            "A win on an exposed kong's replacement counts as self-drawn, or the player who "
            "discarded the kong's tile pays alone, as for a discard win",
            ("self_drawn", "discarder_pays"),
        ),
        OptionInfo(
            "exposed_kong_pay", "直杠分", "Exposed kong pay",
            "直杠时放杠者付的分数（乘底分）",
            "Points the discarder pays for an exposed kong (times the base)",
            (), integer=True, minimum=POINTS_RANGE[0], maximum=POINTS_RANGE[1],
        ),
        OptionInfo(
            "kong_transfer", "呼叫转移", "Kong income transfer",
            "杠后打出的牌被胡（杠上炮），这个杠的杠钱转给胡牌者",
            "When a player deals in right after its kong, that kong's income goes to the winner",
            _ON_OFF,
        ),
        OptionInfo(
            "pay_ready", "查大叫赔付", "Pay the ready players",
            "流局时未下叫的未胡玩家（花猪除外）赔给每位下叫者，按其叫牌的最大／最小番",
            "At a drawn hand, not-ready players still in (flower pigs aside) pay each ready one "
            "the value of its best or worst wait",
            ("max", "min"),
        ),
        OptionInfo(
            "refund_to", "退税给", "Kong refund to",
            "流局时未下叫者退还杠钱：还给付款人／平分给下叫者",
            "At a drawn hand, not-ready players give back their kong income to those who paid "
            "it, or share it among the ready players",
            ("payers", "ready"),
        ),
        OptionInfo(
            "pig_penalty", "花猪赔付", "Flower pig penalty",
            "花猪赔给每位非花猪未胡玩家的分数（满格：封顶倍数，不封顶时 16）",
            "What a flower pig pays each non-pig player still in (Cap: the cap multiplier, or "
            "16 with no cap)",
            ("cap",), integer=True, minimum=POINTS_RANGE[0], maximum=POINTS_RANGE[1],
        ),
        OptionInfo(
            "next_dealer", "下局庄家", "Next dealer",
            "首胡者坐庄（一炮多响时点炮者坐庄）／点炮者坐庄／掷骰；"
            "无人胡牌的流局庄家连庄（掷骰除外）",
            "The first winner (the discarder when several won on one discard), the player who "
            "dealt in, or the dice; when nobody won, the dealer stays (except with the dice)",
            ("first_winner", "discarder", "dice"),
        ),
        OptionInfo(
            "cap_fan", "封顶", "Cap",
            "翻倍计番时最多计几番（无：不封顶）",
            "The highest fan that counts in the doubling model (None: no cap)",
            ("none",), integer=True, minimum=FAN_RANGE[0], maximum=FAN_RANGE[1],
        ),
        OptionInfo(
            "self_draw_bonus", "自摸奖励", "Self-draw bonus",
            "自摸加底／自摸加番／无", "Self-drawn win: add one base, add one fan, or nothing",
            ("add_base", "add_fan", "none"),
        ),
        OptionInfo(
            "drizzle", "下毛毛雨", "Drizzle",
            "直杠时放杠者以外的其他未胡玩家也各付 1 个底分",
            "An exposed kong also collects one base from each player still in other than the "
            "discarder",
            _ON_OFF,
        ),
        OptionInfo(
            "added_kong_immediate", "补杠须即杠", "Added kong only at once",
            "补杠只有在摸到第四张当轮杠才算钱",
            "An added kong pays only when declared on the turn it was drawn",
            _ON_OFF,
        ),
        OptionInfo(
            "dead_wait_counts", "死叫算叫", "Dead wait counts",
            "所叫的牌四张都已看得见也算下叫",
            "A winning tile whose four copies are all in sight still makes a player ready",
            _ON_OFF,
        ),
        OptionInfo(
            "items", "道具", "Items",
            "允许使用道具", "Items may be used",
            _ON_OFF,
        ),
        OptionInfo(
            "bots_use_items", "电脑用道具", "Bots use items",
            "电脑玩家也使用道具", "Computer players use items too",
            _ON_OFF,
        ),
        OptionInfo(
            "base", "底分", "Base",
            "每位付款者付底分 × 倍数（番）或 × 分数",
            "Each payer pays base × the hand's multiplier (fan) or its points",
            (), integer=True, minimum=UNIT_RANGE[0], maximum=UNIT_RANGE[1],
        ),
        OptionInfo(
            "coins_per_point", "每分游戏币", "Coins per point",
            "每一分折合的游戏币", "Coins per point in a match",
            (), integer=True, minimum=UNIT_RANGE[0], maximum=UNIT_RANGE[1],
        ),
        OptionInfo(
            "players", "人数", "Players",
            "桌上几位玩家：4；3（三人，对家空着）；2（两人对坐）",
            "Players at the table: 4; 3 (the seat across is empty); 2 (facing each other)",
            (), integer=True, minimum=MIN_PLAYERS, maximum=MAX_PLAYERS,
        ),
        OptionInfo(
            "suits", "花色", "Suits",
            "牌墙里的花色：万筒条三门（108 张）；两门，如去万留筒条（72 张）；"
            "一门，如只留万（36 张）",
            "Suits in the wall: all three (108 tiles); two, e.g. Dots and Bamboo without "
            "Characters (72); one, e.g. Characters only (36)",
            SUIT_CHOICES,
        ),
        OptionInfo(
            "discard_min_fan", "点炮不可平胡", "No plain win on a discard",
            "点炮（含抢杠）胡牌须大于平胡：更大的牌型，或带根、杠上炮、抢杠、门清、中张"
            "（开启时）都可以；平胡只能自摸",
            "A win on a discard or a robbed kong must beat a plain win (a root, after a kong, "
            "robbing a kong, or concealed hand or all simples where on); else only self-draw",
            _ON_OFF,
        ),
        OptionInfo(
            "qing_yi_se_bonus", "清一色加番", "Full flush counts",
            "关：清一色不另计番（一门牌时人人清一色），按去掉清一色的牌型算",
            "Off: a full flush adds nothing (with one suit every hand is one); the hand scores "
            "as the same hand without it",
            _ON_OFF,
        ),
        OptionInfo(
            "first_dealer", "首局庄家", "First dealer",
            "第一局由 1 号位坐庄，或按种子随机选出",
            "Who deals a match's first hand: seat 1, or one drawn at random",
            ("east", "random"),
        ),
    )
}  # fmt: skip
OPTION_NAMES: tuple[str, ...] = tuple(OPTION_INFO)


def _mid(en: str) -> str:
    """A pattern's or an extra's English name inside a sentence: "plain win" (the name opens
    a line only with its capital; engine/text.py writes the reckoning the same way)."""
    return en[:1].lower() + en[1:]


for _pid in PATTERN_IDS:
    _zh, _en = PATTERN_NAMES[_pid]
    # 平胡 is every win's base pattern ("There is no minimum fan", RULES.md §4): never off.
    OPTION_INFO[f"fan.{_pid}"] = OptionInfo(
        f"fan.{_pid}", f"{_zh}番数", f"{_en} fan",
        f"{_zh}的番数（分数）" + ("" if _pid == "ping_hu" else "，或无此牌型"),
        f"Fan (or points) of {_mid(_en)}"
        + ("" if _pid == "ping_hu" else "; Absent: no such pattern"),
        ("cap",) if _pid == "ping_hu" else ("cap", "off"), integer=True,
        minimum=FAN_RANGE[0], maximum=FAN_RANGE[1],
    )  # fmt: skip
for _eid in EXTRA_IDS:
    _zh, _en = EXTRA_NAMES[_eid]
    OPTION_INFO[f"extra.{_eid}"] = OptionInfo(
        f"extra.{_eid}", f"{_zh}加番", f"{_en} bonus",
        (f"每个{_zh}加几番（分）；关：不计" if _eid == "gen" else f"{_zh}加几番（分）；关：不计"),
        (
            f"Fan (or points) added for each {_en.lower()}; Off: not counted"
            if _eid == "gen"
            else f"Fan (or points) added for {_mid(_en)}; Off: not counted"
        ),
        ("off",), integer=True, minimum=EXTRA_RANGE[0], maximum=EXTRA_RANGE[1],
    )  # fmt: skip


_TRUE_WORDS = ("on", "true", "yes", "1")
_FALSE_WORDS = ("off", "false", "no", "0")


def _check_typed(name: str, value: object) -> None:
    """``value`` is already what :func:`_parse_value` makes of a valid one (True, 4, None,
    "xuezhan", "cap")."""
    parsed = _parse_value(name, value)
    if parsed != value or type(parsed) is not type(value):
        raise UnknownOptionError(f"invalid value {quote(value)} for option {name!r}")


def _parse_suits(raw: object, fail: Callable[[], UnknownOptionError]) -> str:
    """``suits``: notation letters in any order (``sp`` is ``ps``), or ``3``/``2``/``1``
    (:data:`SUIT_COUNT_ALIASES`); always stored as the letters in m, p, s order."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw)
    if not isinstance(raw, str):
        raise fail()
    text = raw.strip().lower()
    text = SUIT_COUNT_ALIASES.get(text, text)
    if not text or len(set(text)) != len(text) or not set(text) <= set("mps"):
        err = fail()
        raise UnknownOptionError(f"{err}; or 3 (= mps), 2 (= ps), 1 (= m)")
    return "".join(c for c in "mps" if c in text)


def _parse_value(name: str, raw: object) -> object:
    """Check and convert one option value; text (``"on"``, ``"4"``, ``"none"``) or Python."""
    info = OPTION_INFO[name]

    def fail() -> UnknownOptionError:
        allowed = list(info.values)
        if info.integer:
            allowed.append(info.range_text)
        return UnknownOptionError(
            f"invalid value {quote(raw)} for option {name!r}; valid: {', '.join(allowed)}"
        )

    if name == "suits":
        return _parse_suits(raw, fail)
    if info.values == _ON_OFF:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE_WORDS:
            return True
        if isinstance(raw, str) and raw.strip().lower() in _FALSE_WORDS:
            return False
        raise fail()
    # "none"/"off" beside an integer means "no number": no cap, pattern or extra absent.
    # (self_draw_bonus's "none" is an ordinary word and stays a string.)
    null_words = ("off", "none") if info.integer else ()
    if raw is None and any(w in info.values for w in null_words):
        return None
    if isinstance(raw, bool):
        raise fail()
    if isinstance(raw, int):
        if info.integer and info.minimum <= raw <= info.maximum:
            return raw
        raise fail()
    if not isinstance(raw, str):
        raise fail()
    text = raw.strip().lower()
    if text in null_words and text in info.values:
        return None
    if text in info.values:
        return text
    if info.integer and len(text) <= 8:  # longer is out of range anyway (and slow to read)
        try:
            number = int(text)
        except ValueError:
            raise fail() from None
        if info.minimum <= number <= info.maximum:
            return number
    raise fail()


# --- presets (RULES.md §9) --------------------------------------------------------------

_STANDARD = RuleSet(preset_name="standard")
_MODERN = dataclasses.replace(
    _STANDARD,
    preset_name="modern",
    exchange_three=True,
    cap_fan=5,
    extra_table=tuple({**_STANDARD_EXTRA, "men_qing": 1, "zhong_zhang": 1}.items()),
)

_SANREN = dataclasses.replace(
    _MODERN,
    preset_name="sanren_liangfang",
    players=3,
    suits="ps",
    declare_void=False,
    must_discard_void_first=False,
    first_dealer="random",
)

PRESETS: dict[str, RuleSet] = {
    "standard": _STANDARD,
    "jj": dataclasses.replace(
        _STANDARD,
        preset_name="jj",
        refund_to="ready",
        cap_fan=5,
        self_draw_bonus="add_fan",
        items=False,
        fan_table=tuple(_JJ_FAN.items()),
    ),
    "wiki": dataclasses.replace(
        _STANDARD,
        preset_name="wiki",
        must_discard_void_first=False,
        passed_win="same_tile",
        pig_penalty="cap",
        cap_fan=4,
        added_kong_immediate=True,
        items=False,
        fan_table=tuple(_WIKI_FAN.items()),
    ),
    "chengdu": dataclasses.replace(
        _STANDARD,
        preset_name="chengdu",
        mode="single",
        declare_void=False,
        must_discard_void_first=False,  # RULES.md §9: "—" (no void is declared)
        model="points",
        kong_bloom_on_exposed="discarder_pays",
        kong_transfer=False,  # RULES.md §9: its sources have no 呼叫转移
        pay_ready="min",
        self_draw_bonus="none",
        items=False,
        fan_table=tuple(_CHENGDU_POINTS.items()),
        extra_table=tuple(_CHENGDU_EXTRA.items()),
    ),
    # RULES.md §9: the commercial-app style, standard + 换三张, 门清 +1 and 中张 +1, capped at
    # 5 fan (×16, the apps' "4番封顶" counted from 0).
    "modern": _MODERN,
    "modern_xueliu": dataclasses.replace(_MODERN, preset_name="modern_xueliu", mode="xueliu"),
    # docs/rules-short-handed.md: 三人两房, the commercial apps' most common short-handed room:
    # three players, 筒 and 条 only (72 tiles), no 定缺, 血战到底 with the modern tables and cap
    # 5, the first dealer drawn at random. Two players (两人两房) the same, facing each other.
    "sanren_liangfang": _SANREN,
    "liangren": dataclasses.replace(_SANREN, preset_name="liangren", players=2),
}


def get_preset(name: str) -> RuleSet:
    """A preset by name (``standard``, ``jj``, ``wiki``, ``chengdu``, ``modern``,
    ``modern_xueliu``, ``sanren_liangfang``, ``liangren``); raises
    :class:`UnknownOptionError` listing them."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        raise UnknownOptionError(f"unknown preset {name!r}; valid: {', '.join(PRESETS)}") from None
