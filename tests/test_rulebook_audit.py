"""What Rules & help tells the player, held against RULES.md, docs/rules-short-handed.md and
the engine: the gallery's examples under every preset, the option explanations, and the
rulebook sentences whose truth depends on a preset (blood river, the short-handed tables,
base, drizzle, the worked payment examples, the glossary)."""

from __future__ import annotations

import pathlib
import re

import pytest
from test_help import open_help

from engine.rules import EXTRA_NAMES, OPTION_INFO, PRESETS, RuleSet, get_preset
from engine.scoring import score_hand
from engine.tiles import parse_melds, parse_tiles
from game.calculator import GALLERY, GalleryHand
from game.scenes.help_scene import HelpScene
from game.settings import TABLE_PRESETS
from game.strings.menus import RULE_SECTIONS, STRINGS

LANGS = ("zh", "en")
RULES_MD = pathlib.Path("/work/shared/RULES.md")


def _body(section: str, lang: str) -> str:
    return STRINGS[f"rule.{section}.body"][LANGS.index(lang)]


def _help(option: str, lang: str) -> str:
    info = OPTION_INFO[option]
    return info.help_zh if lang == "zh" else info.help_en


def _suits_of(example: GalleryHand) -> set[int]:
    kinds = [*parse_tiles(example.hand), *(m.tile for m in parse_melds(example.melds))]
    return {kind // 9 for kind in kinds}


# --- the pattern gallery -------------------------------------------------------------------


@pytest.mark.parametrize("preset", TABLE_PRESETS)
def test_every_gallery_example_is_a_hand_the_table_can_deal(preset: str) -> None:
    """三人两房 and 两人两房 take the characters out of the wall: a gallery example in
    characters showed, under those rules, a hand no one at that table can hold."""
    rules = get_preset(preset)
    for example in GALLERY:
        assert _suits_of(example) <= set(rules.kept_suits), (preset, example)


@pytest.mark.parametrize("lang", LANGS)
def test_each_gallery_card_shows_what_its_example_scores(home: pathlib.Path, lang: str) -> None:
    """Under every preset a card's badge is the value the engine gives its example, and a card
    whose pattern the preset lacks names the pattern the example scores instead."""
    h = open_help(home, lang, "gallery")
    scene = h.top
    assert isinstance(scene, HelpScene)
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        for example in GALLERY:
            result = score_hand(example.context(), scene.rules)
            assert result.win and result.pattern is not None, (preset, example)
            label = scene.fan_label(example.pattern)
            if label is None:
                assert result.pattern != example.pattern
                note = scene.instead_note(example)
                instead = scene.fan_label(result.pattern)
                assert instead is not None and instead in note, (preset, note)
                continue
            assert result.pattern == example.pattern, (preset, example)
            if result.pattern_is_cap:
                assert label == scene.t("help.cap")
            else:
                key = "help.fan" if scene.rules.model == "fan" else "help.points"
                expected = scene.tn(key, result.pattern_value, n=result.pattern_value)
                assert label == expected, (preset, example)


# --- the option explanations ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_pig_penalty_says_what_cap_means_without_a_cap(lang: str) -> None:
    """pig_penalty = cap with no cap is worth 16 (RULES.md §6.3); the text only said 'the cap
    multiplier', which such rules do not have."""
    uncapped = RuleSet(pig_penalty="cap", cap_fan=None)
    assert str(uncapped.pig_penalty_points) in _help("pig_penalty", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cap_says_it_is_for_the_doubling_model(lang: str) -> None:
    """The additive model is never capped (RULES.md §5.2): a 3-point hand under cap_fan = 1
    still scores 3."""
    rules = get_preset("chengdu").with_overrides({"cap_fan": 1})
    example = next(g for g in GALLERY if g.pattern == "qing_yi_se")
    assert score_hand(example.context(), rules).value == 3
    assert ("翻倍" if lang == "zh" else "doubling model") in _help("cap_fan", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_plain_win_on_a_discard_names_every_way_past_a_plain_win(lang: str) -> None:
    """engine/round: a root, 杠上炮, 抢杠, 门清 or 中张 where on make a discard win more than
    plain; the text named only the first three."""
    text = _help("discard_min_fan", lang)
    names = {
        "zh": ("根", "杠上炮", "抢杠", "门清", "中张"),
        "en": ("root", "after a kong", "robbing a kong", "concealed hand", "all simples"),
    }[lang]
    for name in names:
        assert name in text, name
    assert ("自摸" if lang == "zh" else "self-draw") in text


@pytest.mark.parametrize("lang", LANGS)
def test_drizzle_leaves_the_discarder_out_and_is_counted_in_bases(lang: str) -> None:
    """下毛毛雨 collects from the players still in other than the discarder, who pays the
    exposed kong itself (engine/round: decided there), one base each."""
    for text in (_help("drizzle", lang), _body("pay", lang)):
        assert ("放杠者以外" if lang == "zh" else "other than the discarder") in text, text
    assert ("底分" if lang == "zh" else "base") in _help("drizzle", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_declare_void_says_it_needs_three_suits(lang: str) -> None:
    assert not RuleSet(suits="ps", players=3).declares_void
    assert ("三门" if lang == "zh" else "three suits") in _help("declare_void", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_next_dealer_keeps_the_dice_out_of_the_dealer_staying(lang: str) -> None:
    """With dice the dealer is rolled for even after a hand nobody won (engine/match.py)."""
    text = _help("next_dealer", lang)
    assert ("掷骰除外" if lang == "zh" else "except with the dice") in text


# --- the rulebook --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_says_blood_river_winners_still_pay(lang: str) -> None:
    """In 血流成河 a winner stays in and still pays and is paid (RULES.md §3.7); the sentence
    'players who have won neither pay nor receive' stood without the exception."""
    para = next(
        p
        for p in _body("pay", lang).split("\n")
        if ("已胡" in p if lang == "zh" else "have won" in p)
    )
    assert ("血流成河" if lang == "zh" else "blood river") in para


@pytest.mark.parametrize("lang", LANGS)
def test_the_kong_payments_are_counted_in_bases(lang: str) -> None:
    para = next(p for p in _body("pay", lang).split("\n") if "暗杠" in p or "concealed kong 2" in p)
    assert ("底分" if lang == "zh" else "base") in para


@pytest.mark.parametrize("lang", LANGS)
def test_the_payment_examples_hold_wherever_their_conditions_do(lang: str) -> None:
    """The two worked examples (RULES.md §11 #1 and #2) name the conditions they hold under,
    and hold under every preset that meets them: 1 fan paid 1; 2 fan, ×2, 3 from each."""
    para = _body("pay", lang).split("\n")[-1]
    assert "123m456m789m234p55p" in para and "111m333m444m222p66p" in para
    assert ("门清" if lang == "zh" else "concealed-hand") in para
    discard = GalleryHand("ping_hu", "123m456m789m234p55p", win="5p")
    drawn = GalleryHand("dui_dui_hu", "111m333m444m222p66p", win="6p", self_drawn=True)
    met = [
        rules
        for rules in PRESETS.values()
        if rules.model == "fan" and rules.base == 1 and rules.extra_of("men_qing") is None
    ]
    assert met
    for rules in met:
        one = score_hand(discard.context(), rules)
        assert (one.fan, one.multiplier) == (1, 1)
        two = score_hand(drawn.context(), rules)
        if rules.self_draw_bonus == "add_base":
            assert (two.fan, two.multiplier) == (2, 2)


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_handed_seats_are_named_from_the_player_not_the_dealer(lang: str) -> None:
    """三人两房 draws its first dealer at random (first_dealer = random), so the three do not
    sit 'where the dealer, the next and the previous player would'."""
    assert get_preset("sanren_liangfang").first_dealer == "random"
    first = _body("short", lang).split("\n")[0]
    seating = re.split("。|; ", first)[0] if lang == "zh" else first.split(";")[0]
    assert ("庄家" if lang == "zh" else "dealer") not in seating
    assert ("下家" if lang == "zh" else "right") in seating


@pytest.mark.parametrize("lang", LANGS)
def test_the_void_section_says_two_suit_walls_need_no_missing_suit(lang: str) -> None:
    assert not RuleSet(suits="ps", players=3).declares_void
    assert ("只有两门" if lang == "zh" else "two suits in the wall") in _body("void", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_passed_win_counts_a_pong_taken_instead_as_declining(lang: str) -> None:
    """engine/round: taking a pong or kong instead of an offered win declines it, and 过手胡
    also covers robbing a kong."""
    text = _body("passed", lang)
    for word in ("碰", "抢杠") if lang == "zh" else ("pong", "robbed kong"):
        assert word in text


def _glossary_terms() -> list[tuple[str, str]]:
    """RULES.md §10 as (Chinese terms, English words) pairs: "下叫/听牌 ready" → ("下叫/听牌",
    "ready")."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text.split("## 10. Glossary", 1)[1].split("\n## ", 1)[0]
    terms: list[tuple[str, str]] = []
    for item in section.replace("\n", " ").split("·"):
        match = re.match(r"\s*([\u4e00-\u9fff/]+)\s+(.+?)\.?\s*$", item)
        if match:
            terms.append((match.group(1), match.group(2)))
    return terms


# RULES.md §10's English where the game names the same thing otherwise (engine/patterns.py,
# the rulebook): one name per thing on every screen
_GAME_WORDS = {
    "check readiness": "who is ready is checked",
    "multi-win on one discard": "several winners on one discard",
    "rob a kong": "robbing a kong",
    "win on kong replacement": EXTRA_NAMES["gang_shang_hua"][1],
    "deal in right after a kong": EXTRA_NAMES["gang_shang_pao"][1],
    "void declaration": "declaring the void suit",
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_has_the_glossary_of_rules_md(lang: str) -> None:
    """RULES.md §10's terms are what a player meets at the table (下叫, 花猪, 刮风下雨 …);
    the rulebook had no glossary. The Chinese explains each term, the English each name the
    game's English uses for it."""
    assert "glossary" in RULE_SECTIONS
    terms = _glossary_terms()
    assert len(terms) >= 17
    body = _body("glossary", lang).lower()
    for zh, en in terms:
        if lang == "zh":
            for term in zh.split("/"):
                assert term in body, term
        else:
            word = _GAME_WORDS.get(en, en).lower()
            assert word in body, word


def test_the_glossary_uses_the_games_english_names() -> None:
    body = _body("glossary", "en").lower()
    for word in ("flower pig", "still in", "the cap", "void suit", EXTRA_NAMES["gen"][1]):
        assert word.lower() in body, word
