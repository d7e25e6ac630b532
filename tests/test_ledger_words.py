"""The settlement's words (engine/text.py): a robbed kong names whose kong it was, a score's
multiplier reads as the calculator writes it ("1 fan → ×1", not "1 fan ×1"), a kong's
payment does not say its name twice where the settlement shows that name beside it, and a
self-draw's reckoning is said once, not on every payer's line."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from settlement_support import hand_with

from engine.round import EventKind, Round
from engine.rules import get_preset
from engine.scoring import ScoreResult, WinContext, score_hand
from engine.settlement import KONG_REASONS, KongFacts, LedgerEntry, Reason, WinFacts
from engine.text import LANGS, Narrator
from engine.tiles import MeldKind, parse_counts, parse_melds, parse_tile
from game import i18n

BOTS = {"zh": ("你", "电脑1", "电脑2", "电脑3"), "en": ("You", "Bot 1", "Bot 2", "Bot 3")}


def _words(lang: str) -> Narrator:
    return Narrator(lang, BOTS[lang], you=0)


def _win(hand: str, win: str, melds: str = "", **how: bool) -> ScoreResult:
    ctx = WinContext(tuple(parse_counts(hand)), tuple(parse_melds(melds)), parse_tile(win), **how)
    return score_hand(ctx, get_preset("standard"))


def _played(preset: str, wanted: Reason) -> Round:
    """A hand the greedy bots play out under ``preset`` with a payment for ``wanted``."""
    return hand_with(preset, wanted, tries=500)


# ---- 1. a robbed kong names its player ------------------------------------------------


def test_the_robbed_player_is_named_under_the_winner() -> None:
    """RULES.md §4: the robbed player pays as the discarder — the row under a robbing
    winner says whose kong, as a discard win's says whose discard ("robbing a kong" named
    nobody)."""
    en, zh = _words("en"), _words("zh")
    assert en.robbed(0) == "robbed your kong" and en.robbed(2) == "robbed Bot 2's kong"
    assert zh.robbed(0) == "抢你的杠" and zh.robbed(2) == "抢电脑2的杠"
    assert Narrator("en").robbed(1) == "robbed Seat 2's kong"


@pytest.mark.parametrize("lang", LANGS)
def test_a_robbing_wins_payment_names_the_robbed_payer(lang: str) -> None:
    rnd = _played("modern", Reason.WIN_ROBBING_KONG)
    entry = next(e for e in rnd.ledger.entries if e.reason is Reason.WIN_ROBBING_KONG)
    names = [BOTS[lang][(s - entry.payer) % 4] for s in range(4)]
    words = Narrator(lang, names, you=entry.payer)  # the robbed player reads it
    winner = names[entry.payee]
    for line in (words.ledger_line(entry), words.ledger_line(entry, score=False)):
        if lang == "zh":
            assert line.startswith(f"{winner}抢你的杠胡"), line
            assert line.endswith(f"你按点炮付 {entry.amount} 分"), line
        else:
            assert line.startswith(f"{winner} robs your kong of "), line
            assert line.endswith(f": you pay {entry.amount} as the discarder"), line


# ---- 2. the multiplier after an arrow ---------------------------------------------------


def test_a_summary_reads_its_multiplier_as_the_calculator_does() -> None:
    en, zh = Narrator("en"), Narrator("zh")
    plain = _win("123m456m789m234p55p", "5p")
    assert en.score_summary(plain) == "Plain win 1 fan → ×1"
    assert zh.score_summary(plain) == "平胡 1番 → ×1"
    roots = _win("1111m3333m66m55p88p", "8p")
    assert en.score_lines(roots)[-2] == "Total 6 fan → ×32"  # the calculator's total line
    assert en.score_summary(roots).endswith("= 6 fan → ×32")
    drawn = _win("123m456m789m234p55p", "5p", self_drawn=True)
    assert en.score_summary(drawn) == "Plain win 1 fan → ×1, self-draw bonus +1"


@pytest.mark.parametrize("lang", LANGS)
def test_no_summary_puts_a_multiplier_straight_after_a_fan(lang: str) -> None:
    """'Plain win 1 fan ×1' read as three numbers in a row: every multiplier of a summary
    follows an arrow, in the played hands of every kind of win."""
    words = Narrator(lang)
    seen = 0
    for reason in (Reason.WIN_SELF_DRAWN, Reason.WIN_DISCARD, Reason.WIN_ROBBING_KONG):
        rnd = _played("modern", reason)
        for win in rnd.wins:
            summary = words.score_summary(win.score)
            assert "×" in summary, summary
            assert not re.search(r"(?<!→) ×\d", summary), summary
            seen += 1
    assert seen >= 3


# ---- 3. a kong's name once --------------------------------------------------------------


_KONG_KINDS = {
    Reason.KONG_CONCEALED: MeldKind.CONCEALED_KONG,
    Reason.KONG_ADDED: MeldKind.ADDED_KONG,
    Reason.KONG_EXPOSED: MeldKind.EXPOSED_KONG,
    Reason.KONG_DRIZZLE: MeldKind.EXPOSED_KONG,
}


@pytest.mark.parametrize("reason", sorted(KONG_REASONS), ids=lambda r: r.value)
@pytest.mark.parametrize("lang", LANGS)
def test_a_kong_payment_opens_with_its_name_and_says_it_once(lang: str, reason: Reason) -> None:
    """The settlement leads a sentence with its payment's name unless the sentence opens
    with it: 「暗杠·下雨 — 电脑3的三条暗杠（下雨）…」 said both words twice. Opening with the
    name, the sentence keeps 下雨 / 刮风 where it stands alone (the replay's ledger)."""
    words = _words(lang)
    kong = KongFacts(_KONG_KINDS[reason], parse_tile("3s"), 5)
    entry = LedgerEntry(0, 3, 2, reason, 5, kong)
    line = words.ledger_line(entry)
    name = words.reason_name(reason)
    assert line.startswith(name), line
    rest = line[len(name) :]
    if lang == "zh":
        for word in re.split(r"[·（）]", name):
            if word:
                assert word not in rest, (word, line)  # 下雨, 刮风, 暗杠, 下毛毛雨 once
        assert "三条" in rest and "电脑3" in rest and rest.endswith("你付 2 分"), line
    else:
        assert name.lower() not in rest.lower(), line
        assert "3 Bamboo" in rest and "Bot 3" in rest and rest.endswith(": you pay 2"), line


def test_an_exposed_kongs_payer_is_named_as_its_discarder() -> None:
    """RULES.md §6.2: the discarder of the 4th tile pays an exposed kong, alone."""
    kong = KongFacts(MeldKind.EXPOSED_KONG, parse_tile("3s"), 5)
    entry = LedgerEntry(0, 3, 2, Reason.KONG_EXPOSED, 5, kong)
    assert _words("zh").ledger_line(entry) == "直杠·刮风：电脑3杠你打出的三条，你付 2 分"
    assert _words("en").ledger_line(entry) == (
        "Exposed kong of 3 Bamboo by Bot 3 on your discard: you pay 2"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_settlements_payment_names_are_the_engines(lang: str) -> None:
    """The settlement (game/scenes/settlement.py) writes a payment's name from its own
    strings and leaves it out when the sentence opens with it: the two must agree, or a
    kong's line reads its name twice again."""
    words = Narrator(lang)
    for reason in Reason:
        assert i18n.t("reason." + reason.value, lang) == words.reason_name(reason), reason


# ---- 4. a self-draw's reckoning once ----------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_self_draws_reckoning_is_said_once_in_the_ledger(lang: str) -> None:
    rnd = _played("standard", Reason.WIN_SELF_DRAWN)
    words = _words(lang)
    entries = rnd.ledger.entries
    lines = words.ledger_lines(entries)
    assert len(lines) == len(entries)
    checked = 0
    for win in rnd.wins:
        paid = [i for i, e in enumerate(entries) if e.event_index == win.event_index]
        paid = [i for i in paid if isinstance(entries[i].facts, WinFacts)]
        summary = words._summary(win.score, start=False)
        said = [i for i in paid if summary in lines[i]]
        assert said == paid[:1], [lines[i] for i in paid]  # on the first payment only
        for i in paid[1:]:  # the others: who won, how, who pays what
            short = words.ledger_line(entries[i], score=False)
            assert lines[i] == short and len(short) < len(words.ledger_line(entries[i]))
            assert str(entries[i].amount) in short and BOTS[lang][entries[i].payer] in short
        checked += len(paid) > 1
    assert checked, "no win paid by several players"
    for e, line in zip(entries, lines, strict=True):
        if not isinstance(e.facts, WinFacts):
            assert line == words.ledger_line(e)


@pytest.mark.parametrize("lang", LANGS)
def test_a_payment_under_its_win_does_not_repeat_the_reckoning(lang: str) -> None:
    """The replay's event list gives the reckoning on the WIN line; each payment after it
    said it again."""
    rnd = _played("standard", Reason.WIN_SELF_DRAWN)
    words = Narrator(lang, players=rnd.players)
    for ev in rnd.events:
        if ev.kind is EventKind.WIN and ev.score is not None:
            summary = words._summary(ev.score, start=False)
            assert summary in words.event_line(ev)
            payments = [
                words.event_line(p)
                for p in rnd.events
                if p.kind is EventKind.PAYMENT
                and p.entry is not None
                and p.entry.event_index == ev.index
            ]
            assert payments and not any(summary in line for line in payments), payments
            assert not any(line.count("：") + line.count(": ") > 1 for line in payments)


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_commands_ledger_says_a_self_draws_reckoning_once(
    lang: str, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m engine replay``'s ledger: each self-draw's reckoning on one line."""
    from engine.cli import main
    from engine.replay import dumps, record

    rnd = _played("standard", Reason.WIN_SELF_DRAWN)
    path = tmp_path / "hand.json"
    path.write_text(dumps(record(rnd)), encoding="utf-8")
    assert main(["replay", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    ledger = out.split("\n账目\n" if lang == "zh" else "\nLedger\n", 1)[1]
    words = Narrator(lang, players=rnd.players)
    said = Counter(
        f"（{words._summary(w.score, start=False)}）"
        if lang == "zh"
        else f"({words._summary(w.score, start=False)})"
        for w in rnd.wins
    )
    for bracket, wins in said.items():  # one line for each win (two alike say it twice)
        assert ledger.count(bracket) == wins, (bracket, ledger)
