"""A malformed scoring question (engine/scoring.py HandError) carries its fault and facts, and
engine/text.py words it in Chinese and English for a screen.

The fan calculator (game/calculator.py) shows an error it gets from score_hand after 无法计算：
/ "Cannot score:"; the error's own message is the English command line's, in tile notation
(5p, '123m...'), which a Chinese screen cannot show. The words come from the fault instead,
as docs/architecture.md has it: the engine hands out data, words are made in one place."""

from __future__ import annotations

import re

import pytest

from engine.rules import get_preset
from engine.scoring import HandError, HandFault, WinContext, score_hand
from engine.text import Narrator
from engine.tiles import Meld, MeldKind, parse_counts, parse_melds, parse_tile

ZH, EN = Narrator("zh"), Narrator("en")
HANZI = re.compile(r"[\u4e00-\u9fff]")
NOTATION = re.compile(r"\d[mps]\b|[A-Z]\d[mps]")  # 5p, P2p: the command line's notation


def _ctx(hand: str, melds: str = "", win: str = "", **flags: object) -> WinContext:
    counts = tuple(parse_counts(hand))
    win_tile = parse_tile(win) if win else next(k for k, n in enumerate(counts) if n)
    return WinContext(counts, tuple(parse_melds(melds)), win_tile, **flags)  # type: ignore[arg-type]


PLAIN = "123m456m789m234p55p"
CASES: list[tuple[WinContext, HandFault, dict[str, object], str, str]] = [
    (
        WinContext((5,) + (0,) * 26, (), 0),
        HandFault.COUNTS,
        {},
        "手牌的张数有误（每种牌 0 到 4 张）",
        "the hand's counts are wrong (0–4 of a kind)",
    ),
    (
        _ctx(PLAIN, void=3),
        HandFault.VOID,
        {},
        "定缺须是万、筒、条之一",
        "the void suit must be one of the three suits",
    ),
    (
        _ctx("55p", "P1m,P2m,P3m,P4m,P6m", "5p"),
        HandFault.MELDS,
        {"n": 5},
        "最多四个副露，这里有 5 个",
        "at most four melds, not 5",
    ),
    (
        _ctx("1111m456m234p55p", "P1m", "5p"),
        HandFault.COPIES,
        {"tile": parse_tile("1m"), "n": 7},
        "一万在手牌和副露里共 7 张，这种牌只有 4 张",
        "7 copies of 1 Character in the hand and melds, and there are only 4",
    ),
    (
        _ctx("123m345m55m", "P2p", "5m"),  # RULES.md §11 #13
        HandFault.TILE_COUNT,
        {"n": 8, "melds": (Meld(MeldKind.PONG, parse_tile("2p")),)},
        "手牌 8 张加 1 个碰共 11 张，不是 14 张（每个副露算 3 张）",
        "8 tiles in the hand and 1 pong make 11, not 14 (each meld counts 3)",
    ),
    (
        _ctx("123m345m5m", "P2p,K3p", "5m"),
        HandFault.TILE_COUNT,
        {"n": 7},
        "手牌 7 张加 1 个碰、1 个杠共 13 张，不是 14 张（每个副露算 3 张）",
        "7 tiles in the hand and 1 pong and 1 kong make 13, not 14 (each meld counts 3)",
    ),
    (
        _ctx("123m456m789m234p5p", win="5p"),
        HandFault.TILE_COUNT,
        {"n": 13, "melds": ()},
        "手牌 13 张，不是 14 张",
        "13 tiles, not 14: a winning hand has 14",
    ),
    (
        _ctx(PLAIN, win="9p"),
        HandFault.WIN_TILE,
        {"tile": parse_tile("9p")},
        "胡张九筒不在手牌里",
        "the winning tile, 9 Dots, is not in the hand",
    ),
    (
        WinContext(tuple(parse_counts(PLAIN)), (), 27),
        HandFault.WIN_TILE,
        {"tile": None},
        "胡张不是一张牌",
        "the winning tile is not a tile",
    ),
    (
        _ctx(PLAIN, win="5p", self_drawn=True, robbing_kong=True),
        HandFault.SELF_DRAWN_DISCARD_WIN,
        {},
        "自摸不能同时是杠上炮或抢杠（那是别人打出或补杠的牌）",
        "a self-drawn win cannot also be a win on a discard after a kong or robbing a kong: "
        "those are won on another player's tile",
    ),
    (
        _ctx(PLAIN, win="5p", after_kong=True, robbing_kong=True),
        HandFault.AFTER_KONG_ROBBING,
        {},
        "一次胡牌不能既是杠上炮又是抢杠",
        "a win cannot be both a win on a discard after a kong and robbing a kong",
    ),
    (
        _ctx(PLAIN, win="5p", paid_as_discard=True),
        HandFault.PAID_AS_DISCARD,
        {},
        "只有杠上花才能由点杠的人一家付",
        "only a win on kong replacement can be paid by the kong's discarder alone",
    ),
    (
        _ctx(PLAIN, win="5p", robbing_kong=True),
        HandFault.ROBBED_COPY,
        {"tile": parse_tile("5p")},
        "抢杠胡五筒时手里不能再有五筒：另外三张在被抢者的碰里",
        "robbing a kong of 5 Dots, the winner can hold no other copy of it: the other three "
        "are in the robbed pong",
    ),
    (
        _ctx("111p222p333p555p77p", win="7p", self_drawn=True, kong_replacement=True),
        HandFault.BLOOM_WITHOUT_KONG,
        {},
        "杠上花要先开杠：副露里没有杠",
        "a win on kong replacement needs a kong among the melds, and there is none",
    ),
    (
        _ctx(PLAIN, win="5p", last_copy=True),  # 绝张 while holding the pair's other 5p
        HandFault.LAST_COPY_HELD,
        {"tile": parse_tile("5p")},
        "绝张五筒：另外三张都要亮在桌上，手里不能再有五筒",
        "Last unseen copy of 5 Dots: its other three copies are on the table, so the hand can "
        "hold no other copy of it",
    ),
]


@pytest.mark.parametrize(("ctx", "fault", "facts", "zh", "en"), CASES)
def test_a_malformed_hand_says_why_in_both_languages(
    ctx: WinContext, fault: HandFault, facts: dict[str, object], zh: str, en: str
) -> None:
    with pytest.raises(HandError) as caught:
        score_hand(ctx, get_preset("standard"))
    err = caught.value
    assert err.fault is fault
    for name, value in facts.items():
        assert getattr(err, name) == value, name
    assert str(err)  # the command line's English sentence stays
    assert ZH.hand_error(err) == zh and EN.hand_error(err) == en
    assert HANZI.search(zh) and not HANZI.search(en)
    for words in (zh, en):
        assert not NOTATION.search(words) and "_" not in words  # no notation, no id


def test_every_fault_has_its_words() -> None:
    assert {case[1] for case in CASES} == set(HandFault)
