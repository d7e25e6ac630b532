"""A copy-editor's rules for the game's words, each checked over every string it applies to:
full-width punctuation in Chinese, 局 for a hand and 场 for a match, one label for one thing
(the settlement's reasons and the review's verdicts say what the engine's sentences say),
and counts that read right for 0 and 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.actions import Action, ActionKind
from engine.items import ITEMS, ItemResult
from engine.patterns import EXTRA_BY_ID, EXTRAS, PATTERNS
from engine.review import ReviewedDecision, ReviewWords, Verdict, Why, WhyKind
from engine.round.events import Event, EventKind
from engine.rules import OPTION_INFO, get_preset
from engine.scoring import ScoreResult
from engine.settlement import LedgerEntry, ReadyFacts, Reason, WinFacts
from engine.text import Narrator, default_seat_name
from engine.tiles import parse_tile, parse_tiles
from game import i18n
from game.strings import flow, items, menus, net, review, saves, table

LANGS = ("zh", "en")
CJK = r"\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
# an ASCII mark touching a Chinese character: 碰! for 碰！, 例如:… for 例如：…
ASCII_BY_CHINESE = re.compile(rf"[{CJK}][,.:;?!()]|[,.:;?!()][{CJK}]")
# 局 inside another word is not the hand: 对局 (a game, a match), 局域网, 流局, 开局, 牌局
OTHER_JU = re.compile(r"对局|局域网|流局|开局|结局|牌局")
# the tables this audit owns (menus.py has its own audit)
OWN = {
    key: pair
    for strings in (table.STRINGS, flow.STRINGS, items.STRINGS, saves.STRINGS, net.STRINGS)
    for key, pair in strings.items()
} | review.STRINGS


def _filled(text: str) -> str:
    """The text with its placeholders taken out (their braces are no punctuation)."""
    return re.sub(r"\{[^}]*\}", "", text)


def test_chinese_text_uses_full_width_punctuation() -> None:
    """The call-outs read 碰！ 胡！ 自摸！, as every other Chinese sentence ends: no ASCII
    mark touches a Chinese character in any table."""
    bad = [(k, zh) for k, (zh, _) in i18n.entries() if ASCII_BY_CHINESE.search(_filled(zh))]
    assert not bad, bad


def test_no_space_falls_between_two_chinese_words() -> None:
    """Chinese runs on without spaces: "空格 播放/暂停" and "付 底分×倍数" in the rulebook had one
    (a space stays next to a number or a Latin word: "第 3 局", "按 Tab")."""
    spaced = re.compile(r"[\u4e00-\u9fff] [\u4e00-\u9fff]")
    bad = [(k, zh) for k, (zh, _) in i18n.entries() if spaced.search(_filled(zh))]
    assert not bad, bad


def test_a_hand_number_is_written_one_way() -> None:
    """第 1 局 on the table, the settlement, the replay list and the match end's best hand
    alike (the replay list and the best hand once read 第1局)."""
    for key, (zh, en) in i18n.entries():
        assert not re.search(r"第\{\w+\}局", zh), (key, zh)
        if re.search(r"\bHand \{\w+\}", en):
            assert re.search(r"第 \{\w+\} 局", zh), (key, zh, en)


def test_ju_is_a_hand_and_chang_a_match() -> None:
    """局 counts hands and 场 matches: a new match is 新对局 (not 新局), a hand is never
    counted in 手 (最近 5 手), and where the English speaks of a match and not of a hand,
    the Chinese has no 局 standing for a hand."""
    for key, (zh, en) in OWN.items():
        assert "新局" not in zh, (key, zh)
        assert not re.search(r"(\{\w+\}|\d|[一每这]) ?手(?!牌)|最近一手", zh), (key, zh)
        hands = re.search(r"\bhands?\b", en, re.I)
        if re.search(r"\bmatch", en, re.I) and not hands:
            assert "局" not in OTHER_JU.sub("", zh), (key, zh, en)


def test_the_settlement_names_each_reason_as_the_engine_does() -> None:
    """The settlement's label before each payment line and the engine's own name for the
    reason are the same words ("Win on a discard — …", not "Win on discard" here and "Win
    on a discard" in the replay listing; 逃跑 is a walk-out in both)."""
    for reason in Reason:
        for lang in LANGS:
            assert i18n.t(f"reason.{reason.value}", lang) == Narrator(lang).reason_name(reason)


def test_the_review_panel_words_a_verdict_as_the_engine_does() -> None:
    """The panel puts the verdict mid-line after the action ("Step 57 · discard 1 Bamboo ·
    small mistake"), in the same words as ``python -m engine review``."""
    for verdict in Verdict:
        for lang in LANGS:
            words = ReviewWords(lang)
            assert i18n.t(f"review.{verdict.value}", lang) == words.verdict(verdict)


def test_a_seat_number_and_an_item_name_are_written_as_the_engine_writes_them() -> None:
    """The lobby's 2号位 is the replay's 2号位 (not 2 号位), and an item keeps its name's
    capitals in a sentence ("Golden Finger on", not "Golden finger on")."""
    for lang in LANGS:
        assert i18n.t("net.seat_no", lang, n=2) == default_seat_name(1, lang)
    names = [meta.name_en for meta in ITEMS.values()]
    for key, (_, en) in OWN.items():
        for name in names:
            for seen in re.findall(re.escape(name), en, re.I):
                assert seen == name, (key, en)


def test_what_the_chinese_names_the_english_names_too() -> None:
    """A fact in one language is in the other: where the Chinese points at 许可证全文 (the
    licence in full), the English says it is the licence, not just "full text"."""
    for key, (zh, en) in OWN.items():
        if "许可证" in zh:
            assert re.search(r"\blicen[cs]e", en, re.I), (key, zh, en)


def test_a_pattern_named_mid_sentence_is_in_lower_case() -> None:
    """The review's reason names the pattern mid-sentence as the rulebook does: "the best
    play keeps you closer to full flush"."""
    why = Why(WhyKind.VALUE, 1, 1, 4, 4, pattern="qing_yi_se", pattern_steps=2)
    text = ReviewWords("en").reason(_decision(why))
    assert "keeps you closer to full flush" in text, text


def _decision(why: Why) -> ReviewedDecision:
    discard = Action(ActionKind.DISCARD, 0, 5)
    return ReviewedDecision(3, "turn", discard, discard, 0.5, (), Verdict.SMALL, why)


@pytest.mark.parametrize(
    "why",
    [
        Why(WhyKind.SLOWER, shanten_chosen=1, shanten_best=0),
        Why(WhyKind.SLOWER, shanten_chosen=2, shanten_best=1),
        Why(WhyKind.VALUE, 1, 1, 4, 4, pattern="qing_yi_se", pattern_steps=0),
        Why(WhyKind.VALUE, 1, 1, 4, 4, pattern="qing_yi_se", pattern_steps=2),
        Why(WhyKind.FEWER_TILES, 1, 1, 0, 4),
        Why(WhyKind.FEWER_TILES, 1, 1, 1, 4),
    ],
)
def test_a_review_reason_reads_right_for_zero_and_one(why: Why) -> None:
    """Shanten 0 is ready: the best choice is not "0 steps" (只差 0 步) from it."""
    for lang in LANGS:
        text = ReviewWords(lang).reason(_decision(why))
        assert not re.search(r"\b0 steps?\b|差 0 步|\b1 steps\b|\b1 tiles\b", text), text


# American spellings a player must not read (a file name such as LICENSE.txt is no word)
AMERICAN = re.compile(
    r"counter-?clockwise|\bcolor|\bfavor|\bcenter|\bgray\b|\bcanceled|\bbehavior"
    r"|\b(?!LICENSE)[Ll]icense\b|\b\w+(?<!s)iz(?:e|es|ed|ing)\b(?<!size)(?<!sizes)(?<!prize)",
)


def _english_seen() -> list[tuple[str, str]]:
    """Every English string of the tables, and the engine's words for each way three tiles
    can be passed (the replay's event lines)."""
    seen = [(key, en) for key, (_, en) in i18n.entries()]
    for name, info in OPTION_INFO.items():  # the rule options' names and help, in settings
        seen += [(f"option.{name}", info.en), (f"option.{name}.help", info.help_en)]
    narrator = Narrator("en")
    for way in ("clockwise", "counter_clockwise", "across"):
        event = Event(EventKind.EXCHANGE, 0, seat=0, from_seat=1, tiles=(1, 2, 3), detail=way)
        seen.append((way, narrator.event_line(event)))
    return seen


def test_english_is_british_throughout() -> None:
    """Tiles pass anticlockwise, not counter-clockwise, in the table's status line, the
    rulebook and the replay alike (the id ``counter_clockwise`` stays, unseen)."""
    bad = [(key, AMERICAN.findall(en)) for key, en in _english_seen() if AMERICAN.search(en)]
    assert not bad, bad
    assert "anticlockwise" in Narrator("en").event_line(
        Event(EventKind.EXCHANGE, 0, seat=0, from_seat=1, detail="counter_clockwise")
    )


# the calculator's flags and the extras they stand for
FLAG_EXTRA = {
    "self_drawn": "zi_mo",
    "kong_replacement": "gang_shang_hua",
    "after_kong": "gang_shang_pao",
    "robbing_kong": "qiang_gang",
    "last_tile": "hai_di",
    "last_copy": "jue_zhang",
}
ARTICLES = {"a", "an", "the", "of", "on"}


def _words(name: str) -> set[str]:
    return {w for w in re.findall(r"[\w-]+", name.lower()) if w not in ARTICLES}


def _short_names() -> list[tuple[str, str]]:
    """(key, extra id) of every short name of an extra: the help's and the calculator's."""
    names = [(f"extra.short.{eid}", eid) for eid in EXTRA_BY_ID]
    return names + [(f"calc.flag.{flag}", eid) for flag, eid in FLAG_EXTRA.items()]


@pytest.mark.parametrize(("key", "extra"), _short_names())
def test_a_short_name_is_the_engine_name_cut_short(key: str, extra: str) -> None:
    """Where room is short (the calculator's chips, the help's list) an extra keeps the
    engine's name, cut short, so the settlement's and the gallery's name is recognisably the
    same term: "Kong replacement" for "Win on kong replacement" (it was "Kong bloom"),
    "Self-drawn" beside "Self-drawn" (the help's said "Self-draw"); the Chinese is the same."""
    zh, en = menus.STRINGS[key]
    e = EXTRA_BY_ID[extra]
    assert zh == e.zh, (key, zh, e.zh)
    assert _words(en) <= _words(e.en), (key, en, e.en)


def test_an_extra_is_not_called_by_another_name_in_a_sentence() -> None:
    """The rulebook, the tutorial and the settlement's reason speak of a win on kong
    replacement as the pattern table names it, not of a "kong bloom" (nor of a "bloom":
    the rule option was "Kong bloom after exposed kong")."""
    for key, en in _english_seen():
        assert "bloom" not in en.lower(), (key, en)
    assert "Kong replacement" in Narrator("en").reason_name(Reason.WIN_KONG_BLOOM_DISCARDER)


def test_a_hand_is_won_with_hu_in_chinese() -> None:
    """Sichuan mahjong writes 胡, never 和: the calculator's winning tile is the 胡张 (it said
    和牌, and 胡牌 everywhere else)."""
    bad = [(key, zh) for key, (zh, _) in i18n.entries() if "和牌" in zh]
    assert not bad, bad
    assert i18n.t("calc.win_tile", "zh") == "胡张"


def test_the_swap_of_three_tiles_has_one_name() -> None:
    """换三张 is "Swap three" in the preset, the table's prompt and the rulebook's section
    (the section and the three- and two-player rules said "Exchange three")."""
    for key, (zh, en) in i18n.entries():
        if "换三张" in zh:
            assert "exchange three" not in en.lower(), (key, en)
    assert OPTION_INFO["exchange_three"].en == i18n.t("preset.modern", "en")  # the setting
    assert i18n.t("rule.exchange.title", "en") == i18n.t("preset.modern", "en")


@pytest.mark.parametrize(
    "key", ["calc.picker", "calc.hand.keys", "rule.keys.body"], ids=lambda k: k
)
def test_the_calculator_keys_text_names_delete_beside_backspace(key: str) -> None:
    """Delete removes a tile as Backspace does, and every text that names the one names the
    other, in both languages."""
    zh, en = menus.STRINGS[key]
    assert "退格或 Delete" in zh, zh
    assert "Backspace or Delete" in en, en
    assert "Backspace undoes" not in en and "Backspace: " not in en


def test_a_fan_count_is_written_one_way_in_chinese() -> None:
    """ "3番", as the settlement's reckoning and the hints write it: the calculator showed
    "2 番" (its result) beside "1番" (its chips), the rulebook "1 番"."""
    spaced = re.compile(r"[0-9}] 番")
    bad = [(key, zh) for key, (zh, _) in i18n.entries() if spaced.search(zh)]
    assert not bad, bad


# --- the words of a reckoning ---------------------------------------------------------------

NAMES_EN = sorted(
    {p.en for p in PATTERNS} | {e.en for e in EXTRAS if e.id != "gen"}, key=len, reverse=True
)


def _result(pattern: str, extras: tuple[str, ...], model: str) -> ScoreResult:
    """A win of ``pattern`` (1 fan or point) with each of ``extras`` (1 each, two roots) and
    a self-draw bonus, in the fan or the points model."""
    counted = tuple((e, 2 if e == "gen" else 1) for e in extras)
    values = tuple(n for _, n in counted)
    total = 1 + sum(values)
    fan = total if model == "fan" else None
    multiplier = 2 ** (total - 1) if model == "fan" else None
    points = multiplier or total
    return ScoreResult(
        True, None, pattern, counted, fan, multiplier, points + 1, total,
        pattern_value=1, extra_values=values, self_draw_bonus=1, self_drawn=True,
    )  # fmt: skip


def _results() -> list[ScoreResult]:
    """A win of every pattern with every extra after it, in both models."""
    extra_ids = tuple(e.id for e in EXTRAS if e.id != "zi_mo")
    return [
        _result(p.id, extra_ids[i:] + extra_ids[:i], model)
        for i, p in enumerate(PATTERNS)
        for model in ("fan", "points")
    ]


def _capitals_mid_line(text: str) -> list[str]:
    """The pattern and extra names in ``text`` written with their capital anywhere but at
    its start."""
    found = []
    for name in NAMES_EN:
        at = text.find(name, 1)
        if at > 0 and name[:1].isupper():
            found.append(name)
    return found


@pytest.mark.parametrize("result", _results(), ids=lambda r: f"{r.pattern}-{r.fan is None}")
def test_a_name_inside_a_reckoning_or_a_sentence_is_in_lower_case(result: ScoreResult) -> None:
    """A pattern's or an extra's English name ("Plain win", "Concealed hand") opens a line
    with its capital and is in lower case anywhere else, as the rulebook writes it in a
    sentence: the settlement read "Plain win 1 fan + Concealed hand 1 fan = 2 fan ×2", and
    its payment line "(Plain win 1 fan …)" in the middle of a sentence."""
    en = Narrator("en", ("You", "Bot 1", "Bot 2", "Bot 3"), you=0)
    summary = en.score_summary(result)
    assert summary.startswith(en.pattern_name(result.pattern or "")), summary
    facts = WinFacts(parse_tile("5p"), result)
    ready = ReadyFacts(parse_tile("5p"), result)
    win = Event(EventKind.WIN, 9, seat=1, tile=parse_tile("5p"), score=result)
    inside = [
        en.ledger_line(LedgerEntry(0, 1, result.points, Reason.WIN_SELF_DRAWN, 9, facts)),
        en.ledger_line(LedgerEntry(0, 1, 4, Reason.NOT_READY, 9, ready)),
        en.event_line(win),
    ]
    for text in [summary, *en.score_lines(result), *inside]:
        assert not _capitals_mid_line(text), text
    for text in inside:  # the reckoning in brackets or after a colon: all of it lower case
        assert _mid(en.pattern_name(result.pattern or "")) in text, text


def _mid(name: str) -> str:
    return name[:1].lower() + name[1:]


@pytest.mark.parametrize("result", _results(), ids=lambda r: f"{r.pattern}-{r.fan is None}")
def test_every_extra_adds_its_value_as_the_lines_write_it(result: ScoreResult) -> None:
    """Each extra reads "name +value" in the one-line reckoning as on its own line ("2 roots
    +2 fan", 根×2 +2番): "Plain win 1 fan + 1 root 1 fan" read as a sum of four numbers, and
    the root's count and its value ran together."""
    for lang in LANGS:
        words = Narrator(lang)
        summary, lines = words.score_summary(result), words.score_lines(result)
        for (eid, count), add in zip(result.extras, result.extra_values, strict=True):
            name = words.extra_name(eid, count)
            term = f"{name if lang == 'zh' else _mid(name)} +{words._amount(add, result)}"
            assert term in summary, (term, summary)
            assert f"{name} +{words._amount(add, result)}" in lines, (name, lines)
        assert not re.search(r"\broots? \d|根×\d \d", summary), summary
        bonus = "自摸加底 +1" if lang == "zh" else "self-draw bonus +1"
        assert summary.endswith(bonus), summary  # as its own line says it


# two numbers, or two placeholders, joined as a range: 29-37, {lo}-{hi}, 3—7 (a list of three
# or more, the 2-5-8 of 将对, is no range)
RANGE_MARK = re.compile(r"(?<![\d}-])(\d+|\{\w+\}) ?([-–—~～]) ?(\d+|\{\w+\})(?![\d{-])")


def _far_seeing_results() -> list[tuple[str, str]]:
    """千里眼's answer for a copy in each sixth of live walls of many sizes, in both
    languages."""
    out = []
    for remaining in (1, 2, 5, 6, 7, 13, 40, 55, 99):
        for sixth in sorted({i * 6 // remaining for i in range(remaining)}):
            result = ItemResult("qian_li_yan", 0, remaining, tile=0, sixths=(sixth, sixth))
            out += [(f"qian_li_yan.{lang}", result.describe(lang)) for lang in LANGS]
    return out


def test_a_range_of_numbers_takes_an_en_dash_or_zhi() -> None:
    """千里眼 said "about draws 29-37", a hyphen where English takes an en dash (29–37);
    the Chinese writes a range in words, 第 29 至 37 张, and a span of one draw is no range
    ("about draws 3–3")."""
    seen = [*_far_seeing_results()]
    for key, (zh, en) in i18n.entries():
        seen += [(key, zh), (key, en)]
    for name, info in OPTION_INFO.items():
        seen += [(name, text) for text in (info.zh, info.en, info.help_zh, info.help_en)]
    bad = []
    for key, text in seen:
        chinese = re.search(r"[\u4e00-\u9fff]", text) is not None
        for m in RANGE_MARK.finditer(text):
            if chinese or m.group(2) != "–" or m.group(1) == m.group(3):
                bad.append((key, text))
    assert not bad, bad
    texts = dict(_far_seeing_results())
    assert re.search(r"about draws \d+–\d+\)", texts["qian_li_yan.en"]), texts
    assert re.search(r"约第 \d+ 至 \d+ 张", texts["qian_li_yan.zh"]), texts


def test_autoplay_is_told_apart_from_the_other_auto_toggles() -> None:
    """托管 — a bot plays for you — was "Auto" on the toolbar beside "Auto win" and "Auto
    discard": it is Autoplay wherever the game names it in English (toolbar, status line,
    the keys text, the README), never "auto-play" nor a bare "Auto" — but on a won seat's
    line, where only "Auto" fits beside the void and the winning tiles."""
    label = i18n.t("btn.auto", "en")
    others = [i18n.t(k, "en") for k in ("btn.auto_win", "btn.auto_discard")]
    assert label == "Autoplay" and all(not o.startswith(label) for o in others), others
    for key in ("table.auto_on", "rule.keys.body"):
        assert label in i18n.t(key, "en"), key
    short = "table.auto_short"  # the seat line's, where a won seat leaves no room
    assert label.startswith(i18n.t(short, "en"))
    for key, en in _english_seen():
        if key != short:
            assert not re.search(r"auto-play|\bAuto\b(?! (win|discard))", en, re.I), (key, en)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    assert f"T 托管 {label}" in readme
    assert not re.search(r"auto-play|Auto-win", readme, re.I)


def test_an_options_help_names_a_pattern_in_lower_case() -> None:
    """The rule options' help read "Fan (or points) of Plain win" and "added for Win on kong
    replacement": a name inside a sentence is in lower case, as in the settlement's lines."""
    bad = [
        (name, info.help_en)
        for name, info in OPTION_INFO.items()
        if _capitals_mid_line(info.help_en)
    ]
    assert not bad, bad


def test_a_win_callout_names_its_extras_in_lower_case() -> None:
    """The callout over a win read "Plain win + Concealed hand · 2 fan"."""
    from engine.scoring import WinContext, score_hand
    from engine.tiles import to_counts
    from game.table.effects import score_line

    rules = get_preset("modern")
    hand = to_counts(parse_tiles("123m456m789m234p55p"))
    score = score_hand(WinContext(hand, (), parse_tile("5p"), void=2), rules)
    assert score.win and dict(score.extras).get("men_qing")
    win = Event(EventKind.WIN, 9, seat=1, tile=parse_tile("5p"), score=score)
    line = score_line(win, "en")
    assert line is not None and line.startswith("Plain win + "), line
    assert not _capitals_mid_line(line), line
