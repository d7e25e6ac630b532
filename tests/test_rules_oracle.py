"""An independent oracle of RULES.md §4–§6 and §9, checked against the engine.

Everything in the ``oracle`` section below is written from the rulebook alone — its own
decomposition of a hand, its own pattern tables per preset (copied from §5.3 and §9, not
from engine/rules.py), its own payments — and the tests compare it with engine/scoring.py and
with the ledgers of self-played hands (engine/round, engine/settlement.py) on every preset:

* the §11 worked examples;
* generated winning hands (every pattern, melds, roots, the situational extras, void suits);
* whole bot-played hands: every WIN, KONG, 杠上炮 transfer and 流局 check (查花猪, 查大叫,
  退税) of the event log is paid again by the oracle, and the two ledgers must be equal.

Readings the rulebook leaves open are noted where the oracle makes them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.bots import Bot, load_bot
from engine.round import Action, ActionKind, EventKind, Round, compose_wall
from engine.rules import get_preset
from engine.scoring import WinContext, score_hand
from engine.simulate import play_hand
from engine.tiles import Meld, MeldKind, parse_counts, parse_melds, parse_tile
from engine.views import PlayerView

PRESET_NAMES = ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu")

# --- oracle: the rulebook's tables (RULES.md §5.3, §9) -----------------------------------

CAP = "cap"

_STANDARD_PATTERNS: dict[str, int | str] = {
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
    "tian_hu": 6,
    "di_hu": 6,
}
# "—" in a column: the pattern is simply absent (the hand scores its next-highest pattern).
_PATTERNS: dict[str, dict[str, int | str]] = {
    "standard": _STANDARD_PATTERNS,
    "jj": {
        "ping_hu": 1,
        "dui_dui_hu": 2,
        "qing_yi_se": 3,
        "qi_dui": 3,
        "qing_dui": 4,
        "qing_qi_dui": 5,
        "jin_gou_diao": 3,
        "qing_jin_gou_diao": 5,
    },
    "wiki": {
        "ping_hu": 1,
        "dui_dui_hu": 2,
        "qing_yi_se": 3,
        "dai_yao_jiu": 3,
        "qi_dui": 3,
        "qing_dui": 4,
        "jiang_dui": 5,
        "qing_qi_dui": 5,
        "qing_yao_jiu": 5,
        "jin_gou_diao": 3,
        "qing_jin_gou_diao": 5,
        "tian_hu": CAP,
        "di_hu": CAP,
    },
    "chengdu": {
        "ping_hu": 1,
        "dui_dui_hu": 2,
        "qing_yi_se": 3,
        "dai_yao_jiu": 3,
        "qi_dui": 3,
        "qing_dui": 4,
        "jiang_dui": 4,
        "qing_qi_dui": 8,
        "tian_hu": 8,
        "di_hu": 8,
    },
    "modern": _STANDARD_PATTERNS,
    "modern_xueliu": _STANDARD_PATTERNS,
}
_STANDARD_EXTRAS = {"gen": 1, "gang_shang_hua": 1, "gang_shang_pao": 1, "qiang_gang": 1}
_MODERN_EXTRAS = {**_STANDARD_EXTRAS, "men_qing": 1, "zhong_zhang": 1}
_EXTRAS: dict[str, dict[str, int]] = {
    "standard": _STANDARD_EXTRAS,
    "jj": _STANDARD_EXTRAS,
    "wiki": _STANDARD_EXTRAS,
    "chengdu": {"gen": 1, "gang_shang_hua": 2, "qiang_gang": 1},
    "modern": _MODERN_EXTRAS,
    "modern_xueliu": _MODERN_EXTRAS,
}


@dataclass(frozen=True)
class Table:
    """One preset as the rulebook states it (§9)."""

    name: str
    mode: str
    model: str  # "fan" | "points"
    declare_void: bool
    cap_fan: int | None
    self_draw_bonus: str  # "add_base" | "add_fan" | "none"
    bloom_on_exposed: str  # "self_drawn" | "discarder_pays"
    kong_transfer: bool
    pay_ready: str  # "max" | "min"
    refund_to: str  # "payers" | "ready"
    pig_penalty: int | str
    added_kong_immediate: bool
    exposed_kong_pay: int = 2
    base: int = 1
    patterns: dict[str, int | str] = field(default_factory=dict)
    extras: dict[str, int] = field(default_factory=dict)


def _table(name: str, **options: object) -> Table:
    defaults: dict[str, object] = {
        "mode": "xuezhan",
        "model": "fan",
        "declare_void": True,
        "cap_fan": None,
        "self_draw_bonus": "add_base",
        "bloom_on_exposed": "self_drawn",
        "kong_transfer": True,
        "pay_ready": "max",
        "refund_to": "payers",
        "pig_penalty": 16,
        "added_kong_immediate": False,
    }
    defaults.update(options)
    return Table(name=name, patterns=_PATTERNS[name], extras=_EXTRAS[name], **defaults)  # type: ignore[arg-type]


TABLES: dict[str, Table] = {
    "standard": _table("standard"),
    "jj": _table("jj", cap_fan=5, self_draw_bonus="add_fan", refund_to="ready"),
    "wiki": _table("wiki", cap_fan=4, pig_penalty=CAP, added_kong_immediate=True),
    "chengdu": _table(
        "chengdu",
        mode="single",
        model="points",
        declare_void=False,
        self_draw_bonus="none",
        bloom_on_exposed="discarder_pays",
        kong_transfer=False,
        pay_ready="min",
    ),
    "modern": _table("modern", cap_fan=5),
    "modern_xueliu": _table("modern_xueliu", cap_fan=5, mode="xueliu"),
}


# --- oracle: shapes (RULES.md §4) ---------------------------------------------------------


def _sets(counts: list[int], need: int) -> Iterator[list[tuple[str, int]]]:
    """Every way to split ``counts`` into ``need`` sets: ("pung", kind) or ("run", first)."""
    if need == 0:
        if not any(counts):
            yield []
        return
    first = next((k for k in range(27) if counts[k]), None)
    if first is None:
        return
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _sets(counts, need - 1):
            yield [("pung", first), *rest]
        counts[first] += 3
    if first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        for rest in _sets(counts, need - 1):
            yield [("run", first), *rest]
        for k in (first, first + 1, first + 2):
            counts[k] += 1


@dataclass(frozen=True)
class Reading:
    """One way to read a winning hand: seven pairs, or sets + pair (melds apart)."""

    seven_pairs: bool
    pair: int = -1
    sets: tuple[tuple[str, int], ...] = ()


def readings(concealed: Sequence[int], melds: Sequence[Meld]) -> list[Reading]:
    """All readings of ``concealed`` (the winning tile included) beside ``melds``."""
    counts = list(concealed)
    out: list[Reading] = []
    if sum(counts) + 3 * len(melds) != 14:
        return out
    for pair in range(27):
        if counts[pair] >= 2:
            counts[pair] -= 2
            for sets in _sets(counts, 4 - len(melds)):
                out.append(Reading(False, pair, tuple(sets)))
            counts[pair] += 2
    # 七对: 14 concealed tiles as seven pairs, four of a kind counting as two (§4).
    if not melds and all(c % 2 == 0 for c in counts):
        out.append(Reading(True))
    return out


def all_tiles(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    total = list(concealed)
    for m in melds:
        total[m.tile] += 4 if m.kind is not MeldKind.PONG else 3
    return total


def suits_of(total: Sequence[int]) -> set[int]:
    return {k // 9 for k in range(27) if total[k]}


def is_winning(concealed: Sequence[int], melds: Sequence[Meld], void: int | None) -> bool:
    total = all_tiles(concealed, melds)
    suits = suits_of(total)
    if len(suits) > 2 or (void is not None and void in suits):
        return False
    return bool(readings(concealed, melds))


# --- oracle: value of a win (RULES.md §5) -------------------------------------------------


@dataclass(frozen=True)
class Win:
    """A win as §5.1 describes it."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    self_drawn: bool = False
    kong_replacement: bool = False  # 杠上花
    after_kong: bool = False  # 杠上炮
    robbing_kong: bool = False  # 抢杠
    first_turn: bool = False  # before own first discard, no pong/kong by anyone yet
    dealer: bool = False
    void: int | None = None
    paid_as_discard: bool = False  # 引杠杠上花 with discarder_pays (§6.1)


@dataclass(frozen=True)
class Value:
    patterns: frozenset[str]  # the highest pattern (several when they tie exactly)
    total: int  # fan or points, before any cap
    pays: int  # what each payer pays, base and 自摸加底 included


def _terminal(kind: int) -> bool:
    return kind % 9 in (0, 8)


def _patterns_of(reading: Reading, win: Win) -> set[str]:
    """Every §5.1 pattern this reading of the hand qualifies for."""
    total = all_tiles(win.concealed, win.melds)
    kinds = [k for k in range(27) if total[k]]
    flush = len({k // 9 for k in kinds}) == 1
    quads = sum(1 for c in total if c == 4)
    found = {"ping_hu"}
    if reading.seven_pairs:
        # qi_dui is also the "—" fallback for a quad (long_qi_dui absent): §5.3.
        found.add("qi_dui")
        if quads:
            found.add("long_qi_dui")
    else:
        if all(kind == "pung" for kind, _ in reading.sets):
            found.add("dui_dui_hu")
            if all(k % 9 + 1 in (2, 5, 8) for k in kinds):
                found.add("jiang_dui")
            if len(win.melds) == 4:
                found.add("jin_gou_diao")
        groups = (
            [[k, k + 1, k + 2] if kind == "run" else [k] for kind, k in reading.sets]
            + [[reading.pair]]
            + [[m.tile] for m in win.melds]
        )
        if all(any(_terminal(k) for k in g) for g in groups):
            found.add("dai_yao_jiu")
    if flush:
        found.add("qing_yi_se")
        for plain, pure in (
            ("dui_dui_hu", "qing_dui"),
            ("qi_dui", "qing_qi_dui"),
            ("dai_yao_jiu", "qing_yao_jiu"),
            ("long_qi_dui", "qing_long_qi_dui"),
            ("jin_gou_diao", "qing_jin_gou_diao"),
        ):
            if plain in found:
                found.add(pure)
    if win.first_turn and not win.melds:
        if win.dealer and win.self_drawn:
            found.add("tian_hu")
        if not win.dealer:
            found.add("di_hu")
    return found


def _extras_of(win: Win, table: Table) -> int:
    """Fan (or points) of the situational extras, roots included (§5.1, §5.3)."""
    total = all_tiles(win.concealed, win.melds)
    roots = sum(1 for c in total if c == 4)
    x = table.extras
    fan = roots * x.get("gen", 0)
    fan += win.kong_replacement * x.get("gang_shang_hua", 0)
    fan += win.after_kong * x.get("gang_shang_pao", 0)
    fan += win.robbing_kong * x.get("qiang_gang", 0)
    if win.self_drawn and not win.paid_as_discard and table.self_draw_bonus == "add_fan":
        fan += 1
    if "men_qing" in x and all(m.kind is MeldKind.CONCEALED_KONG for m in win.melds):
        fan += x["men_qing"]
    if "zhong_zhang" in x and not any(total[k] for k in range(27) if _terminal(k)):
        fan += x["zhong_zhang"]
    return fan


def value(win: Win, table: Table) -> Value | None:
    """What one payer pays for ``win`` under ``table``, or None if it is no win.

    §5.2: only the single highest base pattern counts (a pattern "—" in the preset does not
    exist); among equally high patterns and among readings, the hand is worth the most it
    can be. 龙七对 and 清龙七对 consume one root. "cap" is exactly the cap multiplier."""
    if not is_winning(win.concealed, win.melds, win.void):
        return None
    extras = _extras_of(win, table)
    cap_mult = None if table.cap_fan is None else 2 ** (table.cap_fan - 1)
    scored: list[tuple[int, int, str, bool]] = []  # (pattern value, total, id, is cap)
    for reading in readings(win.concealed, win.melds):
        for pid in _patterns_of(reading, win):
            if pid not in table.patterns:
                continue
            raw = table.patterns[pid]
            is_cap = raw == CAP
            if is_cap:
                assert cap_mult is not None and table.cap_fan is not None
                pv = table.cap_fan
            else:
                assert isinstance(raw, int)
                pv = raw
            consumed = 1 if pid in ("long_qi_dui", "qing_long_qi_dui") else 0
            total = pv + extras - consumed * table.extras.get("gen", 0)
            scored.append((pv, total, pid, is_cap))
    top = max(key[:2] for key in scored)
    best = [key for key in scored if key[:2] == top]
    # Equal patterns (e.g. chengdu's 地胡 and 清七对, 8 each) score the same: either name.
    names = frozenset(key[2] for key in best)
    bonus = (
        table.base
        if (win.self_drawn and not win.paid_as_discard and table.self_draw_bonus == "add_base")
        else 0
    )
    pays = set()
    for _, total, _, is_cap in best:
        if table.model == "points":
            pays.add(table.base * total)
            continue
        mult = 2 ** (total - 1)
        if cap_mult is not None and (is_cap or mult > cap_mult):
            mult = cap_mult
        pays.add(table.base * mult + bonus)
    assert len(pays) == 1, f"equal patterns {sorted(names)} pay differently: {pays}"
    return Value(names, top[1], pays.pop())


def _engine(win: Win, preset: str, tile: int) -> tuple[bool, str | None, int, int]:
    res = score_hand(
        WinContext(
            concealed=win.concealed,
            melds=win.melds,
            win_tile=tile,
            self_drawn=win.self_drawn,
            kong_replacement=win.kong_replacement,
            after_kong=win.after_kong,
            robbing_kong=win.robbing_kong,
            first_turn=win.first_turn,
            dealer=win.dealer,
            void=win.void,
            paid_as_discard=win.paid_as_discard,
        ),
        get_preset(preset),
    )
    return res.win, res.pattern, res.value, res.points


def oracle_value(win: Win, preset: str) -> tuple[bool, frozenset[str], int, int]:
    v = value(win, TABLES[preset])
    return (False, frozenset(), 0, 0) if v is None else (True, v.patterns, v.total, v.pays)


def assert_agree(engine: tuple[bool, str | None, int, int], win: Win, preset: str) -> None:
    won, names, total, pays = oracle_value(win, preset)
    assert engine[0] == won, f"win {engine[0]}, the rulebook says {won}"
    if won:
        assert engine[1] in names, f"pattern {engine[1]}, the rulebook says {sorted(names)}"
    assert engine[2:] == (total, pays), f"(total, pays) {engine[2:]} != {(total, pays)}"


# --- (a) the rulebook's worked examples (§11) ---------------------------------------------

# (#, preset, hand, melds, how, pattern, total fan/points, pays)
EXAMPLES = [
    (1, "standard", "123m456m789m234p55p", "", "", "ping_hu", 1, 1),
    (2, "standard", "111m333m444m222p66p", "", "self", "dui_dui_hu", 2, 3),
    (3, "standard", "11m33m44m66m77m55p88p", "", "", "qi_dui", 3, 4),
    (4, "standard", "1111m33m44m66m77m88m", "", "", "qing_long_qi_dui", 6, 32),
    (5, "standard", "123s456s567s99s", "K8s", "", "qing_yi_se", 4, 8),
    (6, "standard", "123m456p789s234m55m", "", "", None, 0, 0),
    (7, "chengdu", "123m345m234p66p", "P2p", "", "ping_hu", 2, 2),
    (8, "jj", "123p456p789p234p99p", "", "self", "qing_yi_se", 4, 8),
    (9, "jj", "66p", "P1m,P3m,P4m,P2p", "", "jin_gou_diao", 3, 4),
    (10, "standard", "222m555m888m555p88p", "", "", "jiang_dui", 4, 8),
    (10, "jj", "222m555m888m555p88p", "", "", "dui_dui_hu", 2, 2),
    (11, "wiki", "123m123m99m123p789p", "", "", "dai_yao_jiu", 3, 4),
    (12, "wiki", "1111m33m44m66m55p88p", "", "", "qi_dui", 4, 8),
    # Worked out here from §5 (numbered from 101): the patterns the §11 table leaves out.
    (101, "standard", "111m999m123m789m11p", "", "", "dai_yao_jiu", 5, 16),  # + two roots
    (101, "standard", "111m99m123m789m111p", "", "", "dai_yao_jiu", 4, 8),
    # 清幺九 + a root ties 清龙七对 (one root consumed) at 6: the higher pattern is named.
    (102, "standard", "123m123m789m789m11m", "", "", "qing_long_qi_dui", 6, 32),
    (102, "wiki", "123m123m789m789m11m", "", "", "qing_yao_jiu", 6, 8),
    (102, "jj", "123m123m789m789m11m", "", "", "qing_qi_dui", 6, 16),
    (103, "standard", "888p55p", "P2m,P5m,K8m", "", "jiang_dui", 5, 16),
    (103, "wiki", "888p55p", "P2m,P5m,K8m", "", "jiang_dui", 6, 8),
    (103, "jj", "888p55p", "P2m,P5m,K8m", "", "dui_dui_hu", 3, 4),
    (104, "wiki", "99s", "P1s,P3s,A4s,P7s", "", "qing_jin_gou_diao", 6, 8),
    (104, "standard", "99s", "P1s,P3s,A4s,P7s", "", "qing_dui", 5, 16),
    # 十八罗汉: four kongs and a pair score as their parts (§5.3).
    (105, "standard", "55p", "A1m,K2m,B3m,A4p", "", "dui_dui_hu", 6, 32),
    (105, "jj", "55p", "A1m,K2m,B3m,A4p", "", "jin_gou_diao", 7, 16),
    (105, "chengdu", "55p", "A1m,K2m,B3m,A4p", "", "dui_dui_hu", 6, 6),
    # 天胡: the cap in wiki (满格) plus 自摸加底 outside it; absent in jj.
    (106, "standard", "123m456m789m234p55p", "", "self first dealer", "tian_hu", 6, 33),
    (106, "wiki", "123m456m789m234p55p", "", "self first dealer", "tian_hu", 4, 9),
    (106, "chengdu", "123m456m789m234p55p", "", "self first dealer", "tian_hu", 8, 8),
    (106, "jj", "123m456m789m234p55p", "", "self first dealer", "ping_hu", 2, 2),
    (107, "standard", "123m456m789m234p55p", "", "first", "di_hu", 6, 32),
    (107, "wiki", "123m456m789m234p55p", "", "first", "di_hu", 4, 8),
    # 引杠杠上花 paid by the discarder (chengdu): ping_hu 1 + root 1 + 杠上花 2.
    (108, "chengdu", "123m345m234p66p", "K9p", "bloom_paid", "ping_hu", 4, 4),
    (108, "standard", "123m345m234p66p", "K9p", "self bloom", "ping_hu", 3, 5),
    (109, "chengdu", "123m345m55m234p678p", "", "rob", "ping_hu", 2, 2),
    (109, "standard", "123m345m234p66p", "P9p", "after", "ping_hu", 2, 2),
    (110, "modern", "234m456m678m234p55p", "", "", "ping_hu", 3, 4),
    (110, "modern", "234m456m678m234p55p", "", "self", "ping_hu", 3, 5),
    (110, "modern", "234m456m678m55p", "A3p", "", "ping_hu", 4, 8),
    (110, "modern", "234m456m678m55p", "P3p", "", "ping_hu", 2, 2),
    (111, "jj", "11p22p33p44p55p66p77p", "", "self", "qing_qi_dui", 6, 16),
    (111, "standard", "11p22p33p44p55p66p77p", "", "self", "qing_qi_dui", 5, 17),
]


def _win_of(hand: str, melds: str, how: str) -> Win:
    flags = how.split()
    return Win(
        tuple(parse_counts(hand)),
        tuple(parse_melds(melds)),
        self_drawn="self" in flags,
        kong_replacement="bloom" in flags or "bloom_paid" in flags,
        after_kong="after" in flags,
        robbing_kong="rob" in flags,
        first_turn="first" in flags,
        dealer="dealer" in flags,
        paid_as_discard="bloom_paid" in flags,
    )


@pytest.mark.parametrize(
    ("n", "preset", "hand", "melds", "how", "pattern", "total", "pays"), EXAMPLES
)
def test_worked_examples(
    n: int, preset: str, hand: str, melds: str, how: str, pattern: str | None, total: int, pays: int
) -> None:
    win = _win_of(hand, melds, how)
    expected = (pattern is not None, pattern, total, pays)
    won, names, *values = oracle_value(win, preset)
    assert (won, *values) == (expected[0], total, pays), f"oracle, example {n}"
    assert pattern in names or pattern is None, f"oracle, example {n}: {names}"
    # The winning tile of each example is the last tile written.
    tile = parse_tile(hand[-2:])
    assert _engine(win, preset, tile) == expected, f"engine, example {n}"


# --- (b) generated hands ---------------------------------------------------------------------


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[Win, int]:
    """A 14-tile hand that is (nearly always) a complete shape, with its winning tile and
    how it was won. Suits are drawn from one or two suits mostly (so patterns show up), now
    and then from three (§4: not a win)."""
    suits = draw(st.sampled_from([[0], [1], [2], [0, 1], [1, 2], [0, 2], [0, 1, 2]]))
    kinds = [s * 9 + r for s in suits for r in range(9)]
    flavour = draw(st.sampled_from(["yao_jiu", "258", "simple", "any", "any"]))
    kinds = [k for k in kinds if flavour != "simple" or k % 9 not in (0, 8)]
    kinds = [k for k in kinds if flavour != "258" or k % 9 in (1, 4, 7)]
    run_starts = [k for k in kinds if k % 9 <= 6]
    if flavour == "yao_jiu":  # 带幺九: runs 123/789, pungs and the pair of 1s and 9s
        kinds = [k for k in kinds if k % 9 in (0, 8)]
        run_starts = [k if k % 9 == 0 else k - 2 for k in kinds]
    counts = [0] * 27
    melds: list[Meld] = []

    def room(k: int, n: int) -> bool:
        return counts[k] + sum(m.size for m in melds if m.tile == k) + n <= 4

    if draw(st.booleans()) and draw(st.booleans()):
        # seven pairs (four of a kind allowed: two pairs)
        many = len(kinds) >= 7
        pairs = draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7, unique=many))
        quads = draw(st.integers(0, 2))
        pairs = pairs[: 7 - quads] + pairs[:quads]
        for k in pairs:
            assume(room(k, 2))
            counts[k] += 2
    else:
        n_melds = draw(st.integers(0, 4))
        for _ in range(n_melds):
            k = draw(st.sampled_from(kinds))
            kind = draw(st.sampled_from(list(MeldKind)))
            assume(room(k, kind.size))
            melds.append(Meld(kind, k))
        for _ in range(4 - n_melds):
            # 258 and 幺九 hands: mostly pungs (将对, 清幺九 need them).
            odds = 1 if flavour in ("258", "yao_jiu") else 2
            if run_starts and draw(st.integers(0, 3)) < odds:
                k = draw(st.sampled_from(run_starts))
                for j in (k, k + 1, k + 2):
                    assume(room(j, 1))
                    counts[j] += 1
            else:
                k = draw(st.sampled_from(kinds))
                assume(room(k, 3))
                counts[k] += 3
        k = draw(st.sampled_from(kinds))
        assume(room(k, 2))
        counts[k] += 2
    tile = draw(st.sampled_from([k for k in range(27) if counts[k]]))
    how = draw(st.sampled_from(["discard", "self", "bloom", "bloom_paid", "after", "rob", "first"]))
    has_kong = any(m.is_kong for m in melds)
    if how in ("bloom", "bloom_paid", "after"):
        assume(has_kong)
    if how == "rob":
        assume(all_tiles(counts, melds)[tile] == 1)
    if how == "first":
        assume(not melds)
    dealer = draw(st.booleans())
    absent = [v for v in range(3) if v not in suits]
    void = draw(st.sampled_from([None, *absent, *absent, 0, 1, 2]))
    win = Win(
        tuple(counts),
        tuple(melds),
        self_drawn=how in ("self", "bloom") or (how == "first" and dealer),
        kong_replacement=how in ("bloom", "bloom_paid"),
        after_kong=how == "after",
        robbing_kong=how == "rob",
        first_turn=how == "first",
        dealer=dealer,
        void=void,
        paid_as_discard=how == "bloom_paid",
    )
    return win, tile


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=winning_hands(), preset=st.sampled_from(PRESET_NAMES))
def test_generated_hands_score_as_the_rulebook_says(hand: tuple[Win, int], preset: str) -> None:
    win, tile = hand
    assert_agree(_engine(win, preset, tile), win, preset)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=winning_hands(), preset=st.sampled_from(PRESET_NAMES), data=st.data())
def test_one_tile_off_is_a_win_only_when_the_rulebook_says(
    hand: tuple[Win, int], preset: str, data: st.DataObject
) -> None:
    """A winning hand with one tile swapped: win or no win, and value, agree."""
    win, _ = hand
    counts = list(win.concealed)
    out = data.draw(st.sampled_from([k for k in range(27) if counts[k]]))
    into = data.draw(st.integers(0, 26))
    counts[out] -= 1
    counts[into] += 1
    assume(all_tiles(counts, win.melds)[into] <= 4)
    assume(not win.robbing_kong or all_tiles(counts, win.melds)[into] == 1)
    changed = Win(**{**win.__dict__, "concealed": tuple(counts)})
    assert_agree(_engine(changed, preset, into), changed, preset)


# --- (c) whole hands: the ledger paid again from the event log (§6) -----------------------

Payment = tuple[int, int, int, str]  # payer, payee, amount, reason


def _waits(hand: Sequence[int], melds: Sequence[Meld], void: int | None) -> list[int]:
    own = all_tiles(hand, melds)
    out = []
    for k in range(27):
        if own[k] >= 4:
            continue  # all four are this player's own: no tile left to win on
        counts = list(hand)
        counts[k] += 1
        if is_winning(counts, melds, void):
            out.append(k)
    return out


def _ready_value(
    hand: Sequence[int], melds: Sequence[Meld], void: int | None, table: Table, pick: str
) -> int:
    """§6.3 查大叫: the hand's value over its winning tiles, each as a discard win without
    the extras of the winning moment; 0 when not ready."""
    values = []
    for k in _waits(hand, melds, void):
        counts = list(hand)
        counts[k] += 1
        v = value(Win(tuple(counts), tuple(melds), void=void), table)
        assert v is not None
        values.append(v.pays)
    if not values:
        return 0
    return max(values) if pick == "max" else min(values)


@dataclass
class _Kong:
    owner: int
    payments: list[tuple[int, int]]  # (payer, amount)
    transferred: bool = False


def oracle_ledger(rnd: Round, table: Table) -> Counter[Payment]:
    """Every payment of a finished hand, from its events and the rulebook (§6)."""
    n = rnd.players
    base = table.base
    xueliu = table.mode == "xueliu"
    out: Counter[Payment] = Counter()
    voids: list[int | None] = [None] * n
    melds: list[list[Meld]] = [[] for _ in range(n)]
    won: set[int] = set()
    # Out of play: a winner, outside 血流成河 (§6.1 last line). In 血流成河 winners stay in
    # (§3.7, §6.3 step 4), so they still pay and are paid for kongs and self-draws.
    gone: set[int] = set()
    discarded = [False] * n
    any_meld = False
    turn_draws: list[list[int]] = [[] for _ in range(n)]
    last_draw: tuple[int, bool] | None = None  # (seat, replacement)
    last_kong: dict[int, tuple[_Kong, MeldKind, int | None]] = {}  # seat -> its latest kong
    kongs: list[_Kong] = []
    discard_after_kong: _Kong | None = None
    robbing: int | None = None  # seat whose added kong is open to robbing

    def pay(payer: int, payee: int, amount: int, reason: str) -> None:
        if amount > 0:
            out[(payer, payee, amount, reason)] += 1

    for ev in rnd.events:
        kind = ev.kind
        if kind is EventKind.VOIDS_REVEALED:
            voids = [None if v < 0 else v for v in ev.tiles]
        elif kind is EventKind.DRAW:
            assert ev.seat is not None and ev.tile is not None
            last_draw = (ev.seat, ev.detail == "replacement")
            turn_draws[ev.seat].append(ev.tile)
        elif kind is EventKind.DISCARD:
            assert ev.seat is not None
            seat = ev.seat
            discarded[seat] = True
            robbing = None
            # 杠上炮: the discard right after the discarder's kong replacement (§5.1); "that
            # kong" of §6.1 read as its latest one (two kongs in one turn are rare).
            after = last_draw is not None and last_draw == (seat, True)
            discard_after_kong = last_kong[seat][0] if after else None
            turn_draws[seat] = []
        elif kind is EventKind.PONG:
            assert ev.seat is not None and ev.meld is not None
            melds[ev.seat].append(ev.meld)
            any_meld = True
            turn_draws[ev.seat] = []
            last_draw = None  # a turn that starts with a pong has no draw
        elif kind is EventKind.KONG_DECLARED:
            robbing = ev.seat
        elif kind is EventKind.KONG:
            assert ev.seat is not None and ev.meld is not None and ev.tile is not None
            seat, meld = ev.seat, ev.meld
            robbing = None
            any_meld = True
            if meld.kind is MeldKind.ADDED_KONG:
                melds[seat].remove(Meld(MeldKind.PONG, meld.tile))
            melds[seat].append(meld)
            others = [s for s in range(n) if s != seat and s not in gone]
            kong = _Kong(seat, [])
            if meld.kind is MeldKind.CONCEALED_KONG:  # 下雨
                kong.payments = [(s, 2 * base) for s in others]
                reason = "kong_concealed"
            elif meld.kind is MeldKind.ADDED_KONG:  # 刮风
                # §6.2 added_kong_immediate: pays only on the turn its 4th tile was drawn.
                if not table.added_kong_immediate or meld.tile in turn_draws[seat]:
                    kong.payments = [(s, base) for s in others]
                reason = "kong_added"
            else:  # 直杠: the discarder of the 4th tile
                assert ev.from_seat is not None
                kong.payments = [(ev.from_seat, table.exposed_kong_pay * base)]
                reason = "kong_exposed"
                turn_draws[seat] = []
            kong.payments = [(p, a) for p, a in kong.payments if a > 0]
            for payer, amount in kong.payments:
                pay(payer, seat, amount, reason)
            kongs.append(kong)
            last_kong[seat] = (kong, meld.kind, ev.from_seat)
        elif kind is EventKind.WIN:
            assert ev.seat is not None and ev.tile is not None
            seat = ev.seat
            counts = [0] * 27
            for t in ev.tiles:
                counts[t] += 1
            src = ev.from_seat
            self_drawn = src is None
            bloom = self_drawn and last_draw == (seat, True)
            rob = not self_drawn and robbing == src
            after = not self_drawn and not rob and discard_after_kong is not None
            bloom_payer = None
            if bloom and table.bloom_on_exposed == "discarder_pays":
                _, kong_kind, kong_from = last_kong[seat]
                if kong_kind is MeldKind.EXPOSED_KONG:
                    bloom_payer = kong_from
            win = Win(
                tuple(counts),
                tuple(melds[seat]),
                self_drawn=self_drawn,
                kong_replacement=bloom,
                after_kong=after,
                robbing_kong=rob,
                # 天胡/地胡: before its own first discard, no pong or kong by anyone yet —
                # and (血流成河) not after a win of its own: one 地胡 per hand.
                first_turn=not discarded[seat] and not any_meld and seat not in won,
                dealer=seat == rnd.dealer,
                void=voids[seat],
                paid_as_discard=bloom_payer is not None,
            )
            v = value(win, table)
            assert v is not None, f"the engine let seat {seat} win #{ev.index} on no win"
            if self_drawn:
                if bloom_payer is not None:
                    payers = [] if bloom_payer in gone else [bloom_payer]
                    reason = "win_kong_bloom_discarder"
                else:
                    payers = [s for s in range(n) if s != seat and s not in gone]
                    reason = "win_self_drawn"
            else:
                assert src is not None
                payers = [src]
                reason = "win_robbing_kong" if rob else "win_discard"
            for p in payers:
                pay(p, seat, v.pays, reason)
            if after and table.kong_transfer:
                # 呼叫转移 (§6.1): the kong's income to each winner of this discard.
                assert discard_after_kong is not None and src is not None
                income = sum(a for _, a in discard_after_kong.payments)
                pay(src, seat, income, "kong_transfer")
                if income:
                    discard_after_kong.transferred = True
            won.add(seat)
            if not xueliu:
                gone.add(seat)
        elif kind is EventKind.WALL_EMPTY:
            _drawn_hand(rnd, table, won, gone, kongs, pay)
        elif kind is EventKind.LEAVE:  # pragma: no cover - bots never leave
            raise AssertionError("self-play hands have no leaving seat")
    return out


def _drawn_hand(
    rnd: Round,
    table: Table,
    won: set[int],
    gone: set[int],
    kongs: Sequence[_Kong],
    pay: Callable[[int, int, int, str], None],
) -> None:
    """§6.3: 查花猪, 查大叫, 退税 among the seats still in play."""
    n = rnd.players
    live = [s for s in range(n) if s not in gone]
    pig: dict[int, bool] = {}
    ready: dict[int, int] = {}
    for s in live:
        counts = list(rnd.hand_of(s))  # 27 counts
        ms = list(rnd.melds_of(s))
        void = rnd.void_of(s)
        if s in won:  # 血流成河 (§6.3 step 4): ready at its best win value, never a pig
            pig[s] = False
            ready[s] = _ready_value(counts, ms, void, table, "max")
            assert ready[s] > 0
            continue
        if table.declare_void:
            pig[s] = void is not None and any(counts[k] for k in range(void * 9, void * 9 + 9))
        else:
            pig[s] = len(suits_of(all_tiles(counts, ms))) == 3
        ready[s] = 0 if pig[s] else _ready_value(counts, ms, void, table, table.pay_ready)
    penalty = table.pig_penalty
    if penalty == CAP:
        assert table.cap_fan is not None
        penalty = 2 ** (table.cap_fan - 1)
    assert isinstance(penalty, int)
    for p in live:
        if pig[p]:
            for q in live:
                if q != p and not pig[q]:
                    pay(p, q, penalty * table.base, "flower_pig")
    for p in live:
        if pig[p] or ready[p]:
            continue
        for q in live:
            if ready[q]:
                pay(p, q, ready[q], "not_ready")
    # 退税: a kong whose income went to a 杠上炮 winner (呼叫转移) has nothing left to give
    # back — its owner already paid that amount away (the reading the engine shares).
    refunders = [s for s in live if not ready[s]]
    for s in refunders:
        own = [k for k in kongs if k.owner == s and not k.transferred]
        if table.refund_to == "payers":
            for k in own:
                for payer, amount in k.payments:
                    pay(s, payer, amount, "kong_refund")
        else:
            income = sum(a for k in own for _, a in k.payments)
            targets = [q for q in live if ready[q]]
            if targets:
                share = income // len(targets)
                for q in targets:
                    pay(s, q, share, "kong_refund")


def engine_ledger(rnd: Round) -> Counter[Payment]:
    return Counter((e.payer, e.payee, e.amount, str(e.reason)) for e in rnd.ledger.entries)


# A careless seat or two among the careful ones: flower pigs and not-ready hands at 流局.
TABLE_BOTS = ("normal", "random", "greedy", "easy")


def _played(preset: str, seed: int, names: Sequence[str] = TABLE_BOTS) -> Round:
    rules = get_preset(preset)
    bots = [load_bot(names[s % len(names)], seed * 4 + s) for s in range(rules.players)]
    rnd = play_hand(rules, seed, seed % rules.players, bots, check=False)
    assert rnd is not None and rnd.is_over
    return rnd


def _assert_ledgers(
    preset: str, play: Callable[[str, int], Round], seeds: range, label: str
) -> None:
    """Each hand ``play`` deals on ``seeds`` pays as the oracle's ledger says."""
    table = TABLES[preset]
    for seed in seeds:
        rnd = play(preset, seed)
        expected = oracle_ledger(rnd, table)
        got = engine_ledger(rnd)
        assert got == expected, (
            f"{preset} {label} {seed}: engine-only {got - expected}, oracle-only {expected - got}"
        )


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_self_played_ledgers_match_the_rulebook(preset: str) -> None:
    _assert_ledgers(preset, _played, range(1000, 1040), "seed")


class _TakesWins:
    """A bot that always takes a win it is offered (and kongs when it can), else plays as
    ``inner`` — so that rigged deals reach 天胡, 地胡, 杠上花, 抢杠 and 一炮多响."""

    def __init__(self, inner: Bot, rng: random.Random) -> None:
        self.inner = inner
        self.rng = rng

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for act in legal:
            if act.kind is ActionKind.WIN:
                return act
        kongs = [a for a in legal if a.kind in _KONGS]
        if kongs and self.rng.random() < 0.7:
            return self.rng.choice(kongs)
        return self.inner.choose(view, legal)


_KONGS = (ActionKind.EXPOSED_KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)


def _rigged_wall(rng: random.Random, dealer: int) -> list[int]:
    """Four hands each one tile from a win (the dealer's 14 often a win already), in one or
    two suits, pungs and quads favoured; the rest of the wall shuffled."""
    left = [4] * 27
    hands: list[list[int]] = []
    for seat in range(4):
        while True:
            suits = rng.sample(range(3), rng.choice((1, 2, 2)))
            kinds = [s * 9 + r for s in suits for r in range(9)]
            tiles: list[int] = []
            use = left.copy()
            shape = rng.random()
            groups = 7 if shape < 0.25 else 4
            for _ in range(groups):
                k = rng.choice(kinds)
                if groups == 7:
                    take = [k, k]
                elif rng.random() < 0.5 and k % 9 <= 6:
                    take = [k, k + 1, k + 2]
                else:
                    take = [k, k, k]
                if any(use[t] < take.count(t) for t in take):
                    break
                for t in take:
                    use[t] -= 1
                tiles += take
            else:
                if groups == 4:
                    k = rng.choice(kinds)
                    if use[k] < 2:
                        continue
                    use[k] -= 2
                    tiles += [k, k]
                break
        rng.shuffle(tiles)
        if seat != dealer or rng.random() < 0.5:
            back = tiles.pop()  # one tile from the win
            use[back] += 1
        if seat == dealer and len(tiles) == 13:
            k = rng.choice([k for k in range(27) if use[k]])
            use[k] -= 1
            tiles.append(k)
        left = use
        hands.append(tiles)
    rest = [k for k in range(27) for _ in range(left[k])]
    rng.shuffle(rest)
    return compose_wall(hands, (), dealer, rest)


def _rigged(preset: str, seed: int) -> Round:
    rules = get_preset(preset)
    rng = random.Random(seed)
    dealer = seed % 4
    rnd = Round.from_wall(rules, _rigged_wall(rng, dealer), dealer, seed)
    bots = [
        _TakesWins(load_bot(("normal", "greedy")[s % 2], seed * 4 + s), random.Random(seed + s))
        for s in range(4)
    ]
    steps = 0
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
        steps += 1
        assert steps < 2000
    return rnd


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rigged_deals_pay_as_the_rulebook_says(preset: str) -> None:
    """Deals one tile from winning: 天胡/地胡, 清一色, 七对, kongs, 一炮多响 and
    杠上炮 turn up in a few hands, and every payment must be the rulebook's."""
    _assert_ledgers(preset, _rigged, range(500, 540), "rigged seed")
