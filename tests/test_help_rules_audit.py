"""The rulebook against RULES.md, with the facts read from the engine: which presets the
texts name for an option (§9), the values the pattern list and the gallery show per preset
(§5.3), and the options each section explains shown as its chips (§6, §7)."""

from __future__ import annotations

import pathlib
import re

import pytest
from test_help import open_help

from engine.items import ITEM_IDS
from engine.patterns import EXTRAS, PATTERNS
from engine.rules import OPTION_INFO, PRESETS, RuleSet
from engine.scoring import score_hand
from game import i18n
from game.calculator import GALLERY
from game.scenes.help_scene import _SECTION_OPTIONS, HelpScene
from game.strings.menus import RULE_SECTIONS, STRINGS

LANGS = ("zh", "en")


def _named_presets(paragraph: str, lang: str) -> set[str]:
    """The presets a paragraph names: 「换三张」「血流成河」 / "the Swap three, Blood river
    and "2 players, 2 suits" presets"."""
    if lang == "zh":
        match = re.search(r"((?:「[^」]+」)+)(?:规则|默认)", paragraph)
        assert match, paragraph
        names = re.findall(r"「(.+?)」", match.group(1))
    else:
        # a name with a comma in it is quoted: "3 players, 2 suits"
        name = r'(?:[A-Z][a-z]+(?: [a-z]+)*|"[^"]+")'
        match = re.search(rf"the ((?:{name}(?:, | and ))*{name}) presets", paragraph)
        assert match, paragraph
        names = [n.strip('"') for n in re.findall(name, match.group(1))]
    by_name = {i18n.t(f"preset.{p}", lang): p for p in PRESETS}
    assert set(names) <= set(by_name), names
    return {by_name[n] for n in names}


def _paragraph(section: str, lang: str, start: str) -> str:
    body = STRINGS[f"rule.{section}.body"][LANGS.index(lang)]
    return next(p for p in body.split("\n") if start in p)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("section", "start", "on"),
    [
        # RULES.md §9: exchange_three on in modern, modern_xueliu (and the short-handed rooms)
        ("exchange", "", lambda r: r.exchange_three),
        # §9: 门清 +1 and 中张 +1 in modern and modern_xueliu
        ("pay", "门清|Concealed hand", lambda r: bool(r.extra_of("men_qing"))),
        ("pay", "门清|Concealed hand", lambda r: bool(r.extra_of("zhong_zhang"))),
        # §8: items on in standard, modern, modern_xueliu — the rulebook did not say where
        ("items", "", lambda r: r.items),
    ],
)
def test_the_presets_a_text_names_are_the_presets_with_the_option_on(
    lang: str, section: str, start: str, on: object
) -> None:
    zh_start, _, en_start = start.partition("|")
    paragraph = _paragraph(section, lang, zh_start if lang == "zh" else en_start)
    assert callable(on)
    assert _named_presets(paragraph, lang) == {p for p, r in PRESETS.items() if on(r)}


# (section, option): what a section's text explains is one of its chips, so the chip shows
# the chosen preset's value next to the explanation (RULES.md §6.1, §6.2, §6.3, §7)
EXPLAINED = [
    ("claims", "kong_bloom_on_exposed"),
    ("passed", "last_four_forced"),
    ("pay", "drizzle"),
    ("pay", "added_kong_immediate"),
    ("pay", "kong_transfer"),
    ("draw", "dead_wait_counts"),
    ("match", "next_dealer"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("section", "option"), EXPLAINED)
def test_each_explained_option_is_named_in_its_section_and_shown_as_a_chip(
    lang: str, section: str, option: str
) -> None:
    """The chip 引杠杠上花 stood over a text that never said what it does; 补杠须即杠
    (wiki: on), 死叫算叫 and 下局庄家 were explained nowhere in the rulebook."""
    info = OPTION_INFO[option]
    body = STRINGS[f"rule.{section}.body"][LANGS.index(lang)]
    assert (info.zh if lang == "zh" else info.en) in body
    assert option in _SECTION_OPTIONS[section]


def test_every_section_has_both_languages_and_a_title() -> None:
    for section in RULE_SECTIONS:
        for key in (f"rule.{section}.title", f"rule.{section}.body"):
            zh, en = STRINGS[key]
            assert zh and en and zh != en, key


def _fan_text(rules: RuleSet, value: int, lang: str) -> str:
    key = "help.fan" if rules.model == "fan" else "help.points"
    return i18n.tn(key, lang, value, n=value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pattern_list_shows_each_presets_table(home: pathlib.Path, lang: str) -> None:
    """RULES.md §5.3: every pattern and extra with its value under each preset, absent
    patterns as absent — read from the preset's own tables."""
    h = open_help(home, lang, "rules")
    scene = h.top
    assert isinstance(scene, HelpScene)
    h.click_control("section.patterns")
    for name, rules in PRESETS.items():
        h.choose("preset", name)
        rows = {row[0]: row[1] for row in scene.section_rows()}
        assert len(rows) == len(PATTERNS) + len(EXTRAS)
        for p in PATTERNS:
            fan = rules.fan_of(p.id)
            want = (
                i18n.t("help.absent", lang)
                if fan is None
                else i18n.t("help.cap", lang)
                if fan == "cap"
                else _fan_text(rules, fan, lang)
            )
            assert rows[i18n.pattern_name(p.id, lang)] == want, (name, p.id)
        for e in EXTRAS:
            value = rules.extra_of(e.id)
            if e.id == "zi_mo" and rules.self_draw_bonus == "add_base":
                want = i18n.t("help.zimo_base", lang)
            elif value is None:
                want = i18n.t("help.extra_off", lang)
            else:
                want = "+" + _fan_text(rules, value, lang)
            assert rows[i18n.extra_name(e.id, lang)] == want, (name, e.id)
        # the rows are drawn: the section's lines hold each of them
        assert sum(1 for _, _, style in scene.text_lines if style == "row") == len(rows)


@pytest.mark.parametrize("lang", LANGS)
def test_the_items_section_lists_every_item(home: pathlib.Path, lang: str) -> None:
    h = open_help(home, lang, "rules")
    scene = h.top
    assert isinstance(scene, HelpScene)
    h.click_control("section.items")
    names = [row[0] for row in scene.section_rows()]
    assert names == [i18n.t(f"item.{i}", lang) for i in ITEM_IDS]


def test_an_absent_pattern_shows_its_stand_ins_own_value_and_the_total(
    home: pathlib.Path,
) -> None:
    """jj has no 天胡: the example scores 平胡 — 1 fan, 2 in all with 自摸加番. The note
    said "→ Plain win 2 fan", as if 平胡 were worth 2 (RULES.md §5.3: the hand scores its
    next-highest pattern, plus its extras)."""
    h = open_help(home, "en", "gallery")
    scene = h.top
    assert isinstance(scene, HelpScene)
    by_id = {g.pattern: g for g in GALLERY}
    h.choose("preset", "jj")
    assert scene.instead_note(by_id["tian_hu"]) == "→ Plain win 1 fan, 2 fan in all"
    for name, rules in PRESETS.items():
        h.choose("preset", name)
        for example in GALLERY:
            if rules.fan_of(example.pattern) is not None:
                continue
            result = score_hand(example.context(), rules)
            assert result.win and result.pattern is not None
            own = rules.fan_of(result.pattern)
            assert isinstance(own, int)
            note = scene.instead_note(example)
            assert note.startswith(f"→ {i18n.pattern_name(result.pattern, 'en')} ")
            assert _fan_text(rules, own, "en") in note, (name, example.pattern, note)
            if result.value != own:
                assert note.endswith(f"{_fan_text(rules, result.value, 'en')} in all"), note
