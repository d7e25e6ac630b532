"""engine/text.py: every ledger line, score and event reads as Chinese and as English, with the
caller's names for the seats (second person for "you"), and never shows an internal id."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.bots import load_bot
from engine.items import ITEM_IDS
from engine.patterns import EXTRAS, PATTERNS
from engine.replay import loads, replay
from engine.round import EndReason, Event, EventFlag, EventKind, Round
from engine.rules import PRESETS, get_preset
from engine.scoring import NoWin, ScoreResult, WinContext, score_hand
from engine.settlement import (
    KongFacts,
    LeaveFacts,
    LedgerEntry,
    PigFacts,
    ReadyFacts,
    Reason,
    RefundFacts,
    WinFacts,
)
from engine.text import Narrator, default_seat_name
from engine.tiles import MeldKind, parse_counts, parse_melds, parse_tile, tiles_name

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "tests" / "data" / "replays_v2").glob("*.json"))

BOTS_EN = ("You", "Bot 1", "Bot 2", "Bot 3")
BOTS_ZH = ("你", "电脑1", "电脑2", "电脑3")

# Ids that must never be shown: every id with an underscore, and the one-word ids that are
# not English words we use (根 is "gen", 一炮多响 "multi").
_IDS = sorted(
    {
        *(p.id for p in PATTERNS),
        *(e.id for e in EXTRAS),
        *(r.value for r in Reason),
        *(f.value for f in EventFlag),
        *(r.value for r in EndReason),
        *(r.value for r in NoWin),
        *ITEM_IDS,
    },
    key=len,
    reverse=True,
)
ID_PATTERN = re.compile(
    r"\b(" + "|".join(re.escape(i) for i in _IDS if "_" in i or i in ("gen", "multi")) + r")\b"
)
BAD_ENGLISH = re.compile(
    r"\b[Yy]ou('s| (pays|is|wins|draws|discards|pongs|gets|deals|adds|makes|robs|returns"
    r"|passes|leaves|has))\b|\b1 (points|roots)\b|\b([02-9]|\d\d+) (point|root)\b(?!s)"
)


NOTATION = re.compile(r"\d[mps]\b")
# A ledger sentence's second half, after its colon, goes on in lower case ("…: you pay 2",
# as the game's strings write it), and an amount never follows a seat's name straight on:
# "pays Bot 2 4" reads as one number too many ("pays 4 to Bot 2").
LEDGER_ENGLISH = re.compile(r": You\b|\b(?:Bot|Seat) \d+ \d|\byou \d")
# Two Chinese words are never parted by a space ("1号位 条" for 1号位缺条).
SPACED_CHINESE = re.compile(r"[\u4e00-\u9fff] [\u4e00-\u9fff]")


def test_the_command_line_listing_keeps_the_notation() -> None:
    rnd = next(hands())
    words = Narrator("en", players=rnd.players, notation=True)
    draws = [words.event_line(ev) for ev in rnd.events if ev.kind is EventKind.DRAW and ev.tile]
    assert draws and all(NOTATION.search(line) for line in draws)


def test_several_tiles_read_as_a_list() -> None:
    def kinds(text: str) -> list[int]:
        return [k for k, n in enumerate(parse_counts(text)) for _ in range(n)]

    assert tiles_name(kinds("346m"), "en") == "3, 4 and 6 Characters"
    assert tiles_name(kinds("5m12p"), "en") == "5 Characters; 1 and 2 Dots"
    assert tiles_name(kinds("1s5m"), "zh") == "五万、幺鸡"
    assert tiles_name([], "en") == ""


def narrators(players: int = 4) -> Iterator[Narrator]:
    for lang, names in (("zh", BOTS_ZH), ("en", BOTS_EN)):
        seated = list(names[:players])
        yield Narrator(lang, players=players)
        yield Narrator(lang, seated, you=0)
        yield Narrator(lang, seated[1:] + seated[:1], you=players - 1)


def hands() -> Iterator[Round]:
    for path in FIXTURES:
        # (not checked against the stored result: a rule fix changed one, test_replay.py)
        yield replay(loads(path.read_text(encoding="utf-8")), check_result=False)
    for preset in sorted(PRESETS):
        for seed in range(4):
            rules = get_preset(preset)
            n = rules.players
            r = Round.new(rules, seed, seed % n)
            bots = [load_bot("greedy" if seed % 2 else "random", seed * 4 + s) for s in range(n)]
            rng = random.Random(seed)
            while not r.is_over:
                if rng.random() < 0.003:
                    r.leave(rng.randrange(n))
                    break
                seat = r.pending_seats()[0]
                r.apply(bots[seat].choose(r.view(seat), r.legal_actions(seat)))
            yield r


def check_line(line: str, words: Narrator, what: object) -> None:
    assert (line and line == line.strip()) or line.startswith("  "), (line, what)
    assert not ID_PATTERN.search(line), (line, what)
    assert "None" not in line and "{" not in line and "  " not in line.strip(), (line, what)
    if words.zh:
        assert not SPACED_CHINESE.search(line), (line, what)
        return
    assert not BAD_ENGLISH.search(line), (line, what)
    assert not re.search(r"[\u4e00-\u9fff]", line), (line, what)  # no Chinese in English


def test_every_line_of_many_hands_reads_right_in_both_languages() -> None:
    lines = 0
    reasons: set[Reason] = set()
    for rnd in hands():
        for words in narrators(rnd.players):
            for entry in rnd.ledger.entries:
                line = words.ledger_line(entry)
                check_line(line, words, entry)
                assert words.zh or not LEDGER_ENGLISH.search(line), line
                if words.zh:  # a ledger sentence in Chinese names tiles in Chinese, too
                    assert not re.search(r"[A-Za-z]", line.replace("×", "")), line
                reasons.add(entry.reason)
                lines += 1
            for ev in rnd.events:
                line = words.event_line(ev)
                check_line(line, words, ev)
                # a payment's line names its amount once, in its sentence: "Seat 3 → Seat 1
                # 1: …" read as one number too many (4号位 → 2号位 1：…)
                assert not re.search(r"(?:号位|Bot \d+|Seat \d+|[Yy]ou) \d", line), line
                # a player reads tiles by name (五万, 5 Characters), never as 5m or 123m
                assert not NOTATION.search(line), line
                if words.zh:
                    assert not re.search(r"[A-Za-z]", line.replace("×", "")), line
                lines += 1
                if ev.score is not None:
                    for text in (*words.score_lines(ev.score), words.score_summary(ev.score)):
                        check_line(text, words, ev.score)
    assert reasons == set(Reason) and lines > 10_000


def _win(
    hand: str, win: str, melds: str = "", preset: str = "standard", **how: bool
) -> ScoreResult:
    ctx = WinContext(tuple(parse_counts(hand)), tuple(parse_melds(melds)), parse_tile(win), **how)
    return score_hand(ctx, get_preset(preset))


KONG_5P = KongFacts(MeldKind.CONCEALED_KONG, parse_tile("5p"), 20)
EXPOSED_5P = KongFacts(MeldKind.EXPOSED_KONG, parse_tile("5p"), 20)


def test_the_human_is_spoken_to_and_bots_are_named() -> None:
    en = Narrator("en", BOTS_EN, you=0)
    zh = Narrator("zh", BOTS_ZH, you=0)
    mine = LedgerEntry(2, 0, 2, Reason.KONG_CONCEALED, 20, KONG_5P)
    theirs = LedgerEntry(0, 2, 1, Reason.KONG_ADDED, 20, KONG_5P)
    assert en.ledger_line(mine) == "Concealed kong of 5 Dots by you: Bot 2 pays 2"
    assert en.ledger_line(theirs) == "Added kong of 5 Dots by Bot 2: you pay 1"
    assert zh.ledger_line(mine) == "暗杠·下雨：你杠五筒，电脑2付 2 分"
    assert zh.ledger_line(theirs) == "补杠·刮风：电脑2杠五筒，你付 1 分"
    score = _win("123m456m789m234p55p", "5p", self_drawn=True)
    drawn = LedgerEntry(0, 2, 2, Reason.WIN_SELF_DRAWN, 30, WinFacts(parse_tile("5p"), score))
    assert en.ledger_line(drawn) == (
        "Bot 2 wins by self-draw on 5 Dots (plain win 1 fan → ×1, self-draw bonus +1): you pay 2"
    )
    assert zh.ledger_line(drawn) == "电脑2自摸五筒（平胡 1番 → ×1，自摸加底 +1），你付 2 分"
    mine_won = LedgerEntry(1, 0, 2, Reason.WIN_SELF_DRAWN, 30, WinFacts(parse_tile("5p"), score))
    assert en.ledger_line(mine_won).startswith("You win by self-draw on 5 Dots")
    assert Narrator("en").ledger_line(mine) == "Concealed kong of 5 Dots by Seat 1: Seat 3 pays 2"
    assert en.seat(0) == "You" and zh.seat(0) == "你" and en.seat(3) == "Bot 3"
    assert en.discarder(2) == "on Bot 2's discard" and en.discarder(0) == "on your discard"
    assert zh.discarder(2) == "电脑2点炮" and zh.discarder(0) == "你点炮"
    assert default_seat_name(3) == "4号位" and default_seat_name(3, "en") == "Seat 4"


def test_each_reason_has_its_sentence() -> None:
    en = Narrator("en", BOTS_EN, you=0)
    ready = ReadyFacts(parse_tile("9p"), _win("123p456p789p234p99p", "9p"))
    cases = [
        (LedgerEntry(0, 1, 4, Reason.NOT_READY, 9, ready),
         "You are not ready: you pay 4 to Bot 1, the value of Bot 1's ready hand "
         "(full flush 3 fan → ×4, waiting on 9 Dots)"),
        (LedgerEntry(1, 0, 16, Reason.FLOWER_PIG, 9, PigFacts(2)),
         "Bot 1 is a flower pig, still holding Bamboo, their void suit: Bot 1 pays 16 to you"),
        (LedgerEntry(0, 3, 16, Reason.FLOWER_PIG, 9, PigFacts()),
         "You are a flower pig, holding all three suits: you pay 16 to Bot 3"),
        (LedgerEntry(0, 2, 2, Reason.KONG_REFUND, 9, RefundFacts(KONG_5P)),
         "You are not ready, so the income of your concealed kong of 5 Dots goes back: "
         "you return 2 to Bot 2"),
        (LedgerEntry(2, 0, 1, Reason.KONG_REFUND, 9, RefundFacts(KONG_5P, shared=True)),
         "Bot 2 is not ready, so the income of their concealed kong of 5 Dots goes to the "
         "ready: you get 1"),
        (LedgerEntry(3, 0, 2, Reason.KONG_TRANSFER, 9, KONG_5P),
         "Bot 3 dealt in right after their concealed kong of 5 Dots: Bot 3 passes the kong's "
         "income of 2 to you"),
        (LedgerEntry(0, 1, 32, Reason.LEAVE_PENALTY, 9, LeaveFacts(16, 2)),
         "You walked out of the hand: you pay 32 to Bot 1 (16 × base 2)"),
        (LedgerEntry(0, 1, 4, Reason.LEAVE_READY, 9, ReadyFacts()),
         "You walked out with 4 or fewer tiles in the wall: you pay 4 to Bot 1, the value of "
         "Bot 1's ready hand"),
        (LedgerEntry(1, 0, 1, Reason.KONG_DRIZZLE, 9, EXPOSED_5P),
         "Kong drizzle from your exposed kong of 5 Dots: Bot 1 pays 1"),
        (LedgerEntry(1, 0, 2, Reason.KONG_EXPOSED, 9, EXPOSED_5P),
         "Exposed kong of 5 Dots by you on Bot 1's discard: Bot 1 pays 2"),
    ]  # fmt: skip
    for entry, text in cases:
        assert en.ledger_line(entry) == text
        check_line(Narrator("zh", BOTS_ZH, you=0).ledger_line(entry), Narrator("zh"), entry)


def test_summaries_say_what_the_rules_do() -> None:
    zh, en = Narrator("zh"), Narrator("en")
    plain = _win("123m456m789m234p55p", "5p", self_drawn=True)
    assert zh.score_summary(plain) == "平胡 1番 → ×1，自摸加底 +1"  # 自摸加底, not a fan
    assert en.score_summary(plain) == "Plain win 1 fan → ×1, self-draw bonus +1"
    flush = _win("123s456s567s99s", "9s", "K8s")
    assert zh.score_summary(flush) == "清一色 3番，根×1 +1番 = 4番 → ×8"
    roots = _win("1111m3333m66m55p88p", "8p")
    assert en.score_summary(roots) == "Dragon seven pairs 5 fan, 1 root +1 fan = 6 fan → ×32"
    assert en.score_lines(roots)[1] == "Dragon seven pairs includes 1 root, not counted again"
    capped = _win("1111m33m44m66m55p88p", "8p", preset="wiki")
    assert zh.score_summary(capped) == "七对 3番，根×1 +1番 = 4番 → ×8（封顶）"
    points = _win("123m345m234p66p", "6p", "P2p", preset="chengdu")
    assert en.score_summary(points) == "Plain win 1 point, 1 root +1 point = 2 points"
    assert en.score_lines(points)[-1] == "The discarder pays 2 points"
    two_roots = _win("333m444p55p", "5p", "A1m,K2m", preset="chengdu")
    assert "2 roots +2 points" in en.score_lines(two_roots)


def test_eighteen_arhats_are_named() -> None:
    """RULES.md §5.3: four kongs and a pair score as their parts, and the text names them."""
    arhats = _win("55p", "5p", "A1m,A2m,K3m,B4m", self_drawn=True)
    assert arhats.pattern == "dui_dui_hu" and arhats.eighteen_arhats
    assert Narrator("zh").score_lines(arhats)[0].startswith("十八罗汉")
    assert Narrator("en").score_summary(arhats).startswith("Eighteen Arhats: all pungs 2 fan")
    assert not _win("55p", "5p", "A1m,A2m,K3m,P4m").eighteen_arhats


def test_not_a_win_and_end_reasons() -> None:
    en = Narrator("en")
    assert en.no_win(NoWin.THREE_SUITS) == "Not a win: three suits (one must be absent)"
    assert en.end_reason(EndReason.WALL_EMPTY) == "the wall is empty"
    assert Narrator("zh").end_reason(EndReason.THREE_WON) == "三家胡牌"
    assert en.flag_name(EventFlag.KONG_BLOOM) == "on a kong replacement"
    assert en.reason_name(Reason.KONG_REFUND) == "Kong refund"
    assert en.extra_name("gen", 2) == "2 roots" and Narrator("zh").extra_name("gen", 2) == "根×2"


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Narrator("fr")
    with pytest.raises(ValueError, match="one per seat"):
        Narrator("en", ["A"])
    with pytest.raises(ValueError, match="one per seat"):
        Narrator("en", players=5)
    with pytest.raises(ValueError, match="you must be a seat 0-2"):
        Narrator("en", players=3, you=3)
    with pytest.raises(ValueError, match="you must be a seat"):
        Narrator("en", you=4)
    with pytest.raises(ValueError, match="no words"):
        Narrator("en").event_line(Event(EventKind.PAYMENT, 0))  # no entry
