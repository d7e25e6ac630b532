"""Scoring one hand (RULES.md §4, §5): the §11 worked examples and a table across presets."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.patterns import PATTERN_BY_ID
from engine.rules import PRESETS, get_preset
from engine.scoring import (
    HandError,
    ScoreResult,
    WinContext,
    best_win_value,
    score_hand,
    win_values,
)
from engine.text import Narrator
from engine.tiles import Meld, MeldKind, parse_counts, parse_melds, parse_suit, parse_tile

ZH, EN = Narrator("zh"), Narrator("en")


def _score(preset: str, sets: str, hand: str, melds: str, win: str, how: str) -> ScoreResult:
    rules = get_preset(preset)
    if sets:
        rules = rules.with_overrides(sets.split(","))
    flags = how.split()
    void = next((parse_suit(f[5:]) for f in flags if f.startswith("void=")), None)
    ctx = WinContext(
        concealed=tuple(parse_counts(hand)),
        melds=tuple(parse_melds(melds)),
        win_tile=parse_tile(win),
        self_drawn="self" in flags,
        kong_replacement="kong" in flags,
        after_kong="after" in flags,
        robbing_kong="rob" in flags,
        last_tile="last" in flags,
        last_copy="lastcopy" in flags,
        first_turn="first" in flags,
        dealer="dealer" in flags,
        void=void,
    )
    return score_hand(ctx, rules)


def _extras(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in text.split():
        name, _, count = part.partition("=")
        out[name] = int(count or 1)
    return out


# (preset, --set overrides, hand, melds, win tile, how, pattern, extras, fan, ×, pays)
# "how": self, kong (杠上花), after (杠上炮), rob (抢杠), last (海底), lastcopy (绝张),
# first, dealer, void=<suit>. fan/× are None in the points model.
WORKED_EXAMPLES = [
    # RULES.md §11, examples 1-12 (13 is an error, below)
    ("standard", "", "123m456m789m234p55p", "", "5p", "", "ping_hu", "", 1, 1, 1),
    ("standard", "", "111m333m444m222p66p", "", "6p", "self", "dui_dui_hu", "zi_mo", 2, 2, 3),
    ("standard", "", "11m33m44m66m77m55p88p", "", "8p", "", "qi_dui", "", 3, 4, 4),
    ("standard", "", "1111m33m44m66m77m88m", "", "8m", "", "qing_long_qi_dui", "", 6, 32, 32),
    ("standard", "", "123s456s567s99s", "K8s", "9s", "", "qing_yi_se", "gen", 4, 8, 8),
    ("chengdu", "", "123m345m234p66p", "P2p", "6p", "", "ping_hu", "gen", None, None, 2),
    ("jj", "", "123p456p789p234p99p", "", "9p", "self", "qing_yi_se", "zi_mo", 4, 8, 8),
    ("jj", "", "66p", "P1m,P3m,P4m,P2p", "6p", "", "jin_gou_diao", "", 3, 4, 4),
    ("standard", "", "222m555m888m555p88p", "", "8p", "", "jiang_dui", "", 4, 8, 8),
    ("jj", "", "222m555m888m555p88p", "", "8p", "", "dui_dui_hu", "", 2, 2, 2),
    ("wiki", "", "123m123m99m123p789p", "", "9m", "", "dai_yao_jiu", "", 3, 4, 4),
    ("wiki", "", "1111m33m44m66m55p88p", "", "8p", "", "qi_dui", "gen", 4, 8, 8),
]

CASES = [
    # --- standard: every pattern -------------------------------------------------------
    ("standard", "", "123m456m789m234p55p", "", "5p", "self", "ping_hu", "zi_mo", 1, 1, 2),
    ("standard", "", "111m333m444m222p66p", "", "6p", "", "dui_dui_hu", "", 2, 2, 2),
    ("standard", "", "123m456m789m234m55m", "", "5m", "", "qing_yi_se", "", 3, 4, 4),
    ("standard", "", "111m333m555m777m99m", "", "9m", "", "qing_dui", "", 4, 8, 8),
    ("standard", "", "1111m33m44m66m55p88p", "", "8p", "", "long_qi_dui", "", 5, 16, 16),
    ("standard", "", "1111m3333m66m55p88p", "", "8p", "", "long_qi_dui", "gen", 6, 32, 32),
    ("standard", "", "11m33m44m66m77m88m99m", "", "9m", "", "qing_qi_dui", "", 5, 16, 16),
    ("standard", "", "123m123m123m789m99m", "", "9m", "", "qing_yao_jiu", "", 5, 16, 16),
    ("standard", "", "111m789m123p789p99p", "", "9p", "", "dai_yao_jiu", "", 3, 4, 4),
    ("standard", "", "123m456m789m234p55p", "", "5p", "self first dealer", "tian_hu",
     "zi_mo", 6, 32, 33),
    ("standard", "", "123m456m789m234p55p", "", "5p", "first", "di_hu", "", 6, 32, 32),
    ("standard", "", "123m456m789m234p55p", "", "5p", "self first", "di_hu", "zi_mo", 6, 32,
     33),
    ("standard", "", "123m456m789m234p55p", "", "5p", "first dealer", "ping_hu", "", 1, 1, 1),
    ("standard", "", "123m456m234p55p", "A9m", "5p", "self first dealer", "ping_hu",
     "gen zi_mo", 2, 2, 3),
    ("standard", "", "123m456m234p55p", "P9m", "5p", "first", "ping_hu", "", 1, 1, 1),
    # --- standard: extras --------------------------------------------------------------
    ("standard", "", "123m456m234p55p", "A9m", "5p", "self kong", "ping_hu",
     "gen gang_shang_hua zi_mo", 3, 4, 5),
    ("standard", "", "123m456m234p55p", "A9m", "5p", "kong", "ping_hu",
     "gen gang_shang_hua zi_mo", 3, 4, 5),
    ("standard", "", "123m456m789m234p55p", "", "5p", "after", "ping_hu", "gang_shang_pao", 2,
     2, 2),
    ("standard", "", "123m456m789m234p55p", "", "4p", "rob", "ping_hu", "qiang_gang", 2, 2, 2),
    ("standard", "", "123m456m789m234p55p", "", "5p", "last", "ping_hu", "", 1, 1, 1),
    ("standard", "extra.hai_di=1", "123m456m789m234p55p", "", "5p", "last", "ping_hu",
     "hai_di", 2, 2, 2),
    ("standard", "extra.hai_di=1", "123m456m789m234p55p", "", "5p", "self last", "ping_hu",
     "hai_di zi_mo", 2, 2, 3),
    ("standard", "", "123m456m789m234p55p", "", "4p", "lastcopy", "ping_hu", "", 1, 1, 1),
    ("standard", "extra.jue_zhang=1", "123m456m789m234p55p", "", "4p", "lastcopy", "ping_hu",
     "jue_zhang", 2, 2, 2),
    # --- roots (根) --------------------------------------------------------------------
    ("standard", "", "123m345m234p66p", "P2p", "6p", "", "ping_hu", "gen", 2, 2, 2),
    ("standard", "", "111m123m567p567p99p", "", "9p", "", "ping_hu", "gen", 2, 2, 2),
    ("standard", "", "234p789p55p", "K1m,K9m", "5p", "", "ping_hu", "gen=2", 3, 4, 4),
    ("standard", "", "333m444p55p", "A1m,K2m", "5p", "", "dui_dui_hu", "gen=2", 4, 8, 8),
    ("standard", "", "55p", "A1m,K2m,B3m,P4p", "5p", "", "dui_dui_hu", "gen=3", 5, 16, 16),
    # --- decomposition choice ----------------------------------------------------------
    ("standard", "", "111m222m333m999p77p", "", "7p", "", "dui_dui_hu", "", 2, 2, 2),
    ("standard", "", "111m222m333m444m55m", "", "5m", "", "qing_dui", "", 4, 8, 8),
    ("standard", "", "11m22m33m44m55m66m77m", "", "7m", "", "qing_qi_dui", "", 5, 16, 16),
    ("standard", "", "123m123m789m789m99m", "", "9m", "", "qing_long_qi_dui", "", 6, 32, 32),
    ("standard", "", "112233m456p456p77p", "", "7p", "", "qi_dui", "", 3, 4, 4),
    # --- standard: options and overrides -----------------------------------------------
    ("standard", "self_draw_bonus=add_fan", "111m333m444m222p66p", "", "6p", "self",
     "dui_dui_hu", "zi_mo", 3, 4, 4),
    ("standard", "self_draw_bonus=none", "111m333m444m222p66p", "", "6p", "self",
     "dui_dui_hu", "", 2, 2, 2),
    ("standard", "base=2", "111m333m444m222p66p", "", "6p", "self", "dui_dui_hu", "zi_mo", 2,
     2, 6),
    ("standard", "base=3", "11m33m44m66m77m55p88p", "", "8p", "", "qi_dui", "", 3, 4, 12),
    ("standard", "fan.jiang_dui=off", "222m555m888m555p88p", "", "8p", "", "dui_dui_hu", "", 2,
     2, 2),
    ("standard", "fan.long_qi_dui=off", "1111m33m44m66m55p88p", "", "8p", "", "qi_dui", "gen",
     4, 8, 8),
    ("standard", "fan.qi_dui=off", "11m33m44m66m77m55p88p", "", "8p", "", "ping_hu", "", 1, 1,
     1),
    ("standard", "cap_fan=3", "111m333m555m777m99m", "", "9m", "", "qing_dui", "", 4, 4, 4),
    ("standard", "cap_fan=3", "111m333m555m777m99m", "", "9m", "self", "qing_dui", "zi_mo", 4,
     4, 5),
    ("standard", "fan.tian_hu=cap", "123m456m789m234p55p", "", "5p", "self first dealer",
     "tian_hu", "zi_mo", 7, 64, 65),
    ("standard", "fan.jin_gou_diao=3", "66p", "P1m,P3m,P4m,P2p", "6p", "", "jin_gou_diao", "",
     3, 4, 4),
    ("standard", "extra.gen=2", "123s456s567s99s", "K8s", "9s", "", "qing_yi_se", "gen", 5, 16,
     16),
    ("standard", "extra.gen=off", "123s456s567s99s", "K8s", "9s", "", "qing_yi_se", "", 3, 4,
     4),
    ("standard", "extra.gang_shang_hua=off", "123m456m234p55p", "A9m", "5p", "kong",
     "ping_hu", "gen zi_mo", 2, 2, 3),
    ("standard", "model=points", "123s456s567s99s", "K8s", "9s", "", "qing_yi_se", "gen",
     None, None, 4),
    ("standard", "", "123m456m789m234s55s", "", "5s", "void=p", "ping_hu", "", 1, 1, 1),
    # --- modern (RULES.md §9): standard + 门清 +1 + 中张 +1, cap 5 fan (×16) -------------------
    ("modern", "", "111m333m444m222p66p", "", "6p", "self", "dui_dui_hu", "men_qing zi_mo", 3,
     4, 5),
    ("modern_xueliu", "", "11m33m44m66m77m55p88p", "", "8p", "", "qi_dui", "men_qing", 4, 8, 8),
    ("modern", "", "234m456m678m345p55p", "", "5p", "", "ping_hu", "men_qing zhong_zhang", 3,
     4, 4),
    # a pong is not 门清; a concealed kong is (its 根 counts too)
    ("modern", "", "234m456m345p55p", "P7p", "5p", "", "ping_hu", "zhong_zhang", 2, 2, 2),
    ("modern", "", "234m456m345p55p", "A7p", "5p", "", "ping_hu", "gen men_qing zhong_zhang",
     4, 8, 8),
    ("modern", "", "234m456m345p55p", "K7p", "5p", "", "ping_hu", "gen zhong_zhang", 3, 4, 4),
    ("modern", "", "234m456m345p55p", "B7p", "5p", "", "ping_hu", "gen zhong_zhang", 3, 4, 4),
    # a 9 in a meld is no 中张; a 1 in the pair neither
    ("modern", "", "234m456m345p55p", "A9m", "5p", "", "ping_hu", "gen men_qing", 3, 4, 4),
    ("modern", "", "234m456m678m345p11p", "", "1p", "", "ping_hu", "men_qing", 2, 2, 2),
    # the cap: 清一色 3 + 门清 + 中张 + 根 = 6 fan, paid ×16
    ("modern", "", "222m234m456m678m88m", "", "8m", "", "qing_yi_se",
     "gen men_qing zhong_zhang", 6, 16, 16),
    ("modern", "", "222m234m456m678m88m", "", "8m", "self", "qing_yi_se",
     "gen men_qing zhong_zhang zi_mo", 6, 16, 17),
    ("standard", "extra.men_qing=1", "234m456m678m345p55p", "", "5p", "", "ping_hu",
     "men_qing", 2, 2, 2),
    ("standard", "extra.zhong_zhang=2", "234m456m678m345p55p", "", "5p", "", "ping_hu",
     "zhong_zhang", 3, 4, 4),
    # --- jj: add_fan self-draw, cap ×16, no 龙七对 / 带幺九 / 将对 / 天胡 ------------------------
    ("jj", "", "66p", "P1p,P3p,P4p,P2p", "6p", "", "qing_jin_gou_diao", "", 5, 16, 16),
    ("jj", "", "123m123m99m123p789p", "", "9m", "", "ping_hu", "", 1, 1, 1),
    ("jj", "", "1111m33m44m66m55p88p", "", "8p", "", "qi_dui", "gen", 4, 8, 8),
    ("jj", "", "1111m33m44m66m77m88m", "", "8m", "", "qing_qi_dui", "gen", 6, 16, 16),
    ("jj", "", "11m33m44m66m77m88m99m", "", "9m", "self", "qing_qi_dui", "zi_mo", 6, 16, 16),
    ("jj", "", "123m456m789m234p55p", "", "5p", "self first dealer", "ping_hu", "zi_mo", 2, 2,
     2),
    ("jj", "", "123m456m234p55p", "A9m", "5p", "kong", "ping_hu",
     "gen gang_shang_hua zi_mo", 4, 8, 8),
    ("jj", "", "123m456m789m234p55p", "", "5p", "after", "ping_hu", "gang_shang_pao", 2, 2, 2),
    ("jj", "self_draw_bonus=add_base", "123p456p789p234p99p", "", "9p", "self", "qing_yi_se",
     "zi_mo", 3, 4, 5),
    ("jj", "", "111p222p333p555p99p", "", "9p", "self", "qing_dui", "zi_mo", 5, 16, 16),
    # --- wiki: cap ×8 (满格), 天胡/地胡 = cap, 将对 5 ------------------------------------------
    ("wiki", "", "222m555m888m555p88p", "", "8p", "", "jiang_dui", "", 5, 8, 8),
    ("wiki", "", "123m456m789m234p55p", "", "5p", "self first dealer", "tian_hu", "zi_mo", 4,
     8, 9),
    ("wiki", "", "123m456m789m234p55p", "", "5p", "first", "di_hu", "", 4, 8, 8),
    ("wiki", "", "123p456p789p234p99p", "", "9p", "self", "qing_yi_se", "zi_mo", 3, 4, 5),
    ("wiki", "", "11m33m44m66m77m88m99m", "", "9m", "self", "qing_qi_dui", "zi_mo", 5, 8, 9),
    ("wiki", "cap_fan=none", "222m555m888m555p88p", "", "8p", "", "jiang_dui", "", 5, 16, 16),
    ("wiki", "cap_fan=none", "123m456m789m234p55p", "", "5p", "self first dealer", "tian_hu",
     "zi_mo", 6, 32, 33),
    ("wiki", "extra.hai_di=1", "123m456m789m234p55p", "", "5p", "last", "ping_hu", "hai_di",
     2, 2, 2),
    ("wiki", "", "1111m33m44m66m77m88m", "", "8m", "", "qing_qi_dui", "gen", 6, 8, 8),
    ("wiki", "", "66p", "P1m,P3m,P4m,P2p", "6p", "", "jin_gou_diao", "", 3, 4, 4),
    ("wiki", "", "123m123m123m789m99m", "", "9m", "", "qing_yao_jiu", "", 5, 8, 8),
    ("wiki", "extra.jue_zhang=1", "123m456m789m234p55p", "", "4p", "lastcopy", "ping_hu",
     "jue_zhang", 2, 2, 2),
    # --- chengdu: additive points, no cap, no 自摸 bonus --------------------------------
    ("chengdu", "", "123m456m789m234p55p", "", "5p", "", "ping_hu", "", None, None, 1),
    ("chengdu", "", "123m456m789m234p55p", "", "5p", "self", "ping_hu", "", None, None, 1),
    ("chengdu", "", "123m456m789m234p55p", "", "4p", "rob", "ping_hu", "qiang_gang", None,
     None, 2),
    ("chengdu", "", "123m456m234p55p", "A9m", "5p", "kong", "ping_hu", "gen gang_shang_hua",
     None, None, 4),
    ("chengdu", "", "123m456m789m234p55p", "", "5p", "after", "ping_hu", "", None, None, 1),
    ("chengdu", "", "11m33m44m66m77m88m99m", "", "9m", "", "qing_qi_dui", "", None, None, 8),
    ("chengdu", "", "1111m33m44m66m55p88p", "", "8p", "", "qi_dui", "gen", None, None, 4),
    ("chengdu", "", "1111m33m44m66m77m88m", "", "8m", "", "qing_qi_dui", "gen", None, None, 9),
    ("chengdu", "", "123m456m789m234p55p", "", "5p", "self first dealer", "tian_hu", "", None,
     None, 8),
    ("chengdu", "", "123m456m789m234p55p", "", "5p", "first", "di_hu", "", None, None, 8),
    ("chengdu", "base=2", "123m345m234p66p", "P2p", "6p", "", "ping_hu", "gen", None, None, 4),
    ("chengdu", "", "111m789m123p789p99p", "", "9p", "", "dai_yao_jiu", "", None, None, 3),
    ("chengdu", "", "222m555m888m555p88p", "", "8p", "", "jiang_dui", "", None, None, 4),
    ("chengdu", "", "111m333m555m777m99m", "", "9m", "", "qing_dui", "", None, None, 4),
    ("chengdu", "", "111m333m444m222p66p", "", "6p", "", "dui_dui_hu", "", None, None, 2),
    ("chengdu", "", "333m444p55p", "A1m,K2m", "5p", "", "dui_dui_hu", "gen=2", None, None, 4),
    ("chengdu", "self_draw_bonus=add_fan", "123m456m789m234p55p", "", "5p", "self", "ping_hu",
     "zi_mo", None, None, 2),
    ("chengdu", "self_draw_bonus=add_base", "123m456m789m234p55p", "", "5p", "self",
     "ping_hu", "zi_mo", None, None, 2),
]  # fmt: skip


def _check(row: tuple[object, ...]) -> None:
    preset, sets, hand, melds, win, how, pattern, extras, fan, mult, pays = row
    result = _score(str(preset), str(sets), str(hand), str(melds), str(win), str(how))
    assert result.win, result
    assert result.pattern == pattern
    assert result.extras_dict == _extras(str(extras))
    assert (result.fan, result.multiplier, result.points) == (fan, mult, pays)
    assert ZH.score_lines(result) and len(ZH.score_lines(result)) == len(EN.score_lines(result))


@pytest.mark.parametrize("row", WORKED_EXAMPLES, ids=[f"ex{i}" for i in range(1, 13)])
def test_worked_examples(row: tuple[object, ...]) -> None:
    _check(row)


@pytest.mark.parametrize("row", CASES, ids=[f"{r[0]}-{r[2]}-{r[5]}-{r[1]}" for r in CASES])
def test_table(row: tuple[object, ...]) -> None:
    _check(row)


def test_example_6_three_suits_is_not_a_win() -> None:
    result = _score("standard", "", "123m456p789s234m55m", "", "5m", "")
    assert (result.win, result.reason, result.points) == (False, "three_suits", 0)
    assert result.pattern is None and result.fan is None


def test_example_13_wrong_tile_count_says_why() -> None:
    with pytest.raises(HandError, match="8 concealed tiles \\+ one pong is 11, not 14"):
        _score("standard", "", "123m345m55m", "P2p", "5m", "")


@pytest.mark.parametrize(
    ("hand", "melds", "win", "how", "reason"),
    [
        ("123m456m789m234s55s", "", "5s", "void=s", "void_tile"),
        ("123m456p789s234m55m", "", "5m", "void=p", "three_suits"),
        ("123m456m789m234p58p", "", "8p", "", "not_complete"),
        ("123m456m789m234p55p", "", "5p", "void=p", "void_tile"),
        ("123m55m678p", "P8s,P9s", "5m", "", "three_suits"),
        ("12m", "P3m,P4m,P5m,P6m", "2m", "", "not_complete"),
        ("123m456m789m11p234s", "", "3s", "", "three_suits"),
    ],
)
def test_not_a_win(hand: str, melds: str, win: str, how: str, reason: str) -> None:
    result = _score("standard", "", hand, melds, win, how)
    assert (result.win, result.reason) == (False, reason)
    assert EN.score_lines(result)[0].startswith("Not a win")


@pytest.mark.parametrize(
    ("hand", "melds", "win", "how", "message"),
    [
        ("123m456m789m234p5p", "", "5p", "", "13 tiles, not 14"),
        ("123m345m55m", "", "5m", "", "8 tiles, not 14"),
        ("123m456m789m234p555p", "", "5p", "", "15 tiles, not 14"),
        ("123m456m789m234p55p", "", "9p", "", "winning tile 9p is not in the concealed hand"),
        ("1111m456m234p55p", "P1m", "5p", "", "7 copies of 1m across hand and melds"),
        ("123m456m789m234p55p", "", "4p", "self rob", "self-drawn win cannot"),
        ("123m456m789m234p55p", "", "5p", "after rob", "both"),
        ("123m456m789m234p55p", "", "5p", "rob", "can hold no other copy"),
        ("55p", "P1m,P2m,P3m,P4m,P6m", "5p", "", "at most four melds"),
        ("123m345m5m", "P2p,K3p", "5m", "", "7 concealed tiles \\+ one pong and one kong is 13"),
    ],
)
def test_malformed_input_raises(hand: str, melds: str, win: str, how: str, message: str) -> None:
    with pytest.raises(HandError, match=message):
        _score("standard", "", hand, melds, win, how)


def test_hand_error_is_value_error() -> None:
    assert issubclass(HandError, ValueError)


def test_value_is_uncapped_fan_for_passed_win_comparisons() -> None:
    capped = _score("jj", "", "1111m33m44m66m77m88m", "", "8m", "")
    assert (capped.multiplier, capped.fan, capped.value) == (16, 6, 6)
    points = _score("chengdu", "", "123m345m234p66p", "P2p", "6p", "")
    assert points.value == 2


def test_explanations_read_line_by_line() -> None:
    result = _score("wiki", "", "1111m33m44m66m55p88p", "", "8p", "")
    assert ZH.score_lines(result) == (
        "七对 3番",
        "根×1 +1番",
        "共 4番 → ×8",
        "封顶 ×8",
        "点炮者付 8分",
    )
    assert EN.score_lines(result) == (
        "Seven pairs 3 fan",
        "1 root +1 fan",
        "Total 4 fan → ×8",
        "Capped at ×8",
        "The discarder pays 8 points",
    )
    result = _score("standard", "", "1111m33m44m66m77m88m", "", "8m", "")
    assert "清龙七对已含 1 根，不另计" in ZH.score_lines(result)
    assert "Full-flush dragon seven pairs includes 1 root, not counted again" in EN.score_lines(
        result
    )
    result = _score("standard", "", "111m333m444m222p66p", "", "6p", "self")
    assert ZH.score_lines(result)[-2:] == ("自摸加底 +1", "每家付 3分")


def test_the_reckoning_is_kept_as_data() -> None:
    result = _score("standard", "base=2", "1111m33m44m66m77m88m", "", "8m", "")
    assert (result.pattern_value, result.roots_included, result.roots) == (6, 1, 1)
    assert (result.base, result.points, result.capped, result.self_drawn) == (2, 64, False, False)
    capped = _score("wiki", "", "123m456m789m234p55p", "", "5p", "self first dealer")
    assert capped.pattern == "tian_hu" and capped.pattern_is_cap and capped.capped
    assert (capped.multiplier, capped.self_draw_bonus, capped.points) == (8, 1, 9)
    assert capped.extras == (("zi_mo", 1),) and capped.extra_values == (0,)
    arhats = _score("standard", "", "55p", "A1m,A2m,K3m,B4m", "5p", "")
    assert arhats.eighteen_arhats and arhats.extras == (("gen", 4),) and arhats.extra_values == (4,)


# --- 查大叫: best_win_value / win_values (RULES.md §6.3) ---------------------------------


def test_best_win_value_max_and_min() -> None:
    counts = parse_counts("1112345678999m")  # nine gates: waits on every m tile
    rules = PRESETS["standard"]
    values = win_values(counts, [], rules)
    assert [k for k, _ in values] == list(range(9))
    best = best_win_value(counts, [], rules)
    worst = best_win_value(counts, [], rules, pick="min")
    assert best is not None and worst is not None
    assert best.points == max(r.points for _, r in values)
    assert worst.points == min(r.points for _, r in values)
    assert best.points > worst.points
    assert best_win_value(counts, [], PRESETS["chengdu"]) == best_win_value(
        counts, [], PRESETS["chengdu"], pick="min"
    )  # pay_ready = "min" in chengdu


def test_best_win_value_has_no_situational_extras() -> None:
    result = best_win_value(parse_counts("123m456m789m234p5p"), [], PRESETS["standard"])
    assert result is not None
    assert (result.pattern, result.extras, result.points) == ("ping_hu", (), 1)


def test_best_win_value_counts_roots_and_respects_void() -> None:
    melds = parse_melds("P2p")
    result = best_win_value(parse_counts("123m345m2p34p6p"), melds, PRESETS["chengdu"])
    assert result is not None and result.points >= 2
    assert (
        best_win_value(parse_counts("123m345m2p34p6p"), melds, PRESETS["chengdu"], void=1) is None
    )


def test_not_ready_hand_has_no_value() -> None:
    assert best_win_value(parse_counts("123m456m789m258p1s"), [], PRESETS["standard"]) is None


def test_win_values_skip_a_fifth_copy() -> None:
    # waiting on 5p for the pair, but the fourth 5p sits in a pong: 5p cannot win.
    values = win_values(parse_counts("123m456m789m5p"), parse_melds("P5p"), PRESETS["standard"])
    assert values == []


# --- properties over generated winning hands ---------------------------------------------

_SET = st.tuples(
    st.sampled_from(("run", "pung", "P", "K", "A")), st.integers(0, 1), st.integers(1, 9)
)


@st.composite
def _winning_hands(draw: st.DrawFn) -> tuple[list[int], list[Meld], int, int]:
    """(concealed counts, melds, winning tile, roots) of a hand in at most two suits."""
    suits = draw(st.lists(st.integers(0, 2), min_size=2, max_size=2, unique=True))
    counts = [0] * 27
    melds: list[Meld] = []
    owned = [0] * 27
    for shape, which, rank in draw(st.lists(_SET, min_size=4, max_size=4)):
        base = 9 * suits[which]
        if shape == "run":
            first = base + min(rank, 7) - 1
            for k in (first, first + 1, first + 2):
                counts[k] += 1
                owned[k] += 1
        elif shape == "pung":
            counts[base + rank - 1] += 3
            owned[base + rank - 1] += 3
        else:
            meld = Meld(MeldKind(shape), base + rank - 1)
            melds.append(meld)
            owned[meld.tile] += meld.size
    pair = 9 * suits[draw(st.integers(0, 1))] + draw(st.integers(0, 8))
    counts[pair] += 2
    owned[pair] += 2
    assume(max(owned) <= 4)
    win = draw(st.sampled_from([k for k in range(27) if counts[k]]))
    return counts, melds, win, sum(1 for c in owned if c == 4)


@settings(max_examples=150, deadline=None)
@given(_winning_hands(), st.sampled_from(sorted(PRESETS)), st.booleans())
def test_generated_wins_score_consistently(
    hand: tuple[list[int], list[Meld], int, int], preset: str, self_drawn: bool
) -> None:
    counts, melds, win, roots = hand
    rules = PRESETS[preset]
    result = score_hand(WinContext(tuple(counts), tuple(melds), win, self_drawn), rules)
    assert result.win
    assert result.pattern is not None and rules.fan_of(result.pattern) is not None
    consumed = PATTERN_BY_ID[result.pattern].roots_consumed
    assert result.extras_dict.get("gen", 0) + consumed == roots
    bonus = rules.base if self_drawn and rules.self_draw_bonus == "add_base" else 0
    if rules.model == "fan":
        assert result.fan is not None and result.multiplier is not None
        assert result.value == result.fan >= 1
        cap = rules.cap_multiplier
        expected = 2 ** (result.fan - 1) if cap is None else min(2 ** (result.fan - 1), cap)
        assert result.multiplier == expected
        assert result.points == rules.base * result.multiplier + bonus
    else:
        assert result.fan is None and result.multiplier is None
        assert result.points == rules.base * result.value + bonus


# --- RULES.md §5.1 门清 / 中张 / 绝张, §5.3 十八罗汉, §6.3 查大叫, §9 modern -------------------


def test_men_qing_and_zhong_zhang_describe_the_hand() -> None:
    """§5.1: 门清 — no pong, exposed or added kong (concealed kongs allowed); 中张 — no 1 or
    9 anywhere, melds included. Situational extras computed from the hand alone."""
    on = "extra.men_qing=1,extra.zhong_zhang=1"
    for melds, men_qing in (("", 1), ("A7p", 1), ("P7p", 0), ("K7p", 0), ("B7p", 0)):
        hand = "234m456m678m345p55p" if not melds else "234m456m345p55p"
        for how in ("", "self"):
            result = _score("standard", on, hand, melds, "5p", how)
            assert result.extras_dict.get("men_qing", 0) == men_qing, (melds, how)
            assert result.extras_dict.get("zhong_zhang") == 1, (melds, how)
    assert "zhong_zhang" not in _score("modern", "", "234m456m345p55p", "A9m", "5p", "").extras_dict
    assert "zhong_zhang" not in _score("modern", "", "123m456m345p55p", "A7p", "5p", "").extras_dict
    # off in the seed presets, +1 fan each where on, settable on any preset
    assert _score("standard", "", "234m456m678m345p55p", "", "5p", "").points == 1
    assert _score("chengdu", on, "234m456m678m345p55p", "", "5p", "").points == 3  # points
    for preset in ("standard", "jj", "wiki", "chengdu"):
        assert get_preset(preset).extra_of("men_qing") is None
        assert get_preset(preset).extra_of("zhong_zhang") is None


def test_modern_caps_at_five_fan() -> None:
    """§9: modern and modern_xueliu cap at cap_fan = 5 (×16)."""
    for preset in ("modern", "modern_xueliu"):
        assert get_preset(preset).cap_multiplier == 16
        result = _score(preset, "", "11m22m33m44m55m66m77m", "", "7m", "")  # 清七对 5 + 门清 1
        assert (result.fan, result.multiplier, result.points, result.capped) == (6, 16, 16, True)
    assert _score("standard", "", "11m22m33m44m55m66m77m", "", "7m", "").points == 16  # 5 fan
    assert _score("standard", "", "1111m33m44m66m77m88m", "", "8m", "").points == 32


def test_jue_zhang_is_an_extra_of_the_winning_moment() -> None:
    """§5.1 绝张 (off unless set): +1 where on, never in a 查大叫 value (§6.3 step 2)."""
    on = _score("standard", "extra.jue_zhang=1", "123m456m789m234p55p", "", "4p", "lastcopy")
    assert on.extras_dict == {"jue_zhang": 1} and on.points == 2
    rules = get_preset("standard").with_overrides(["extra.jue_zhang=1", "extra.hai_di=1"])
    values = win_values(parse_counts("123m456m789m234p5p"), [], rules)
    assert [(k, r.extras) for k, r in values] == [(parse_tile("2p"), ()), (parse_tile("5p"), ())]


def test_ready_hand_values_count_men_qing_and_zhong_zhang() -> None:
    """§6.3 step 2: each winning tile scored as a discard win with roots and with 门清/中张
    where on, without the extras of the winning moment."""
    modern = get_preset("modern")
    values = win_values(parse_counts("234m456m678m345p5p"), [], modern)  # waits 2p and 5p
    hand_extras = (("men_qing", 1), ("zhong_zhang", 1))
    assert [(k, r.extras, r.points) for k, r in values] == [
        (parse_tile("2p"), hand_extras, 4),
        (parse_tile("5p"), hand_extras, 4),
    ]
    best = best_win_value(
        parse_counts("234m456m345p5p"), [Meld(MeldKind.CONCEALED_KONG, 15)], modern
    )
    assert best is not None and best.extras_dict == {"gen": 1, "men_qing": 1, "zhong_zhang": 1}
    ponged = best_win_value(parse_counts("234m456m345p5p"), [Meld(MeldKind.PONG, 15)], modern)
    assert ponged is not None and ponged.extras_dict == {"zhong_zhang": 1}
    standard = best_win_value(parse_counts("234m456m678m345p5p"), [], get_preset("standard"))
    assert standard is not None and standard.points == 1


def test_eighteen_arhats_scores_as_its_parts() -> None:
    """§5.3 note: four kongs and a pair have no id of their own — 对对胡 (or 金钩钓) + four
    roots — and the explanation names them 十八罗汉."""
    result = _score("standard", "", "55p", "A1m,K2m,B3m,A4m", "5p", "")
    assert (result.pattern, result.extras_dict, result.fan) == ("dui_dui_hu", {"gen": 4}, 6)
    assert result.points == 32 and result.eighteen_arhats
    assert ZH.score_lines(result)[0].startswith("十八罗汉")
    assert EN.score_summary(result).startswith("Eighteen Arhats: all pungs 2 fan, 4 roots +4 fan")
    jj = _score("jj", "", "55p", "A1m,K2m,B3m,A4m", "5p", "")
    assert jj.pattern == "jin_gou_diao" and jj.eighteen_arhats and jj.points == 16  # cap
    concealed = _score("modern", "", "55p", "A2m,A3m,A4m,A6m", "5p", "")
    assert concealed.extras_dict == {"gen": 4, "men_qing": 1, "zhong_zhang": 1}
    assert concealed.fan == 8 and concealed.multiplier == 16 and concealed.eighteen_arhats
