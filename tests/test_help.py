"""Rules & help: the fan calculator scores hands built by clicks (RULES.md §11 example 1 and
friends), explains incomplete or impossible hands, the gallery's examples are what they claim,
and the rulebook covers every section and option in both languages."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import record_texts
from test_menus import MenuHarness, distinct_colours

from engine.patterns import PATTERNS
from engine.rules import OPTION_NAMES, PRESETS, get_preset
from engine.scoring import score_hand
from engine.text import Narrator
from engine.tiles import parse_tile, parse_tiles
from game import i18n
from game.calculator import GALLERY, Calculator
from game.scenes.help_scene import HelpScene
from game.settings import HIDDEN_OPTIONS
from game.strings.menus import RULE_SECTIONS, STRINGS
from game.ui.text import MIN_TEXT


def open_help(
    home: pathlib.Path, lang: str = "zh", tab: str = "calc", size: tuple[int, int] = (1280, 800)
) -> MenuHarness:
    h = MenuHarness(home, lang, size)
    h.stack.push(HelpScene(h.ctx))
    h.pump()
    h.choose("tabs", tab)
    return h


def picker_pos(scene: HelpScene, kind: int) -> tuple[int, int]:
    for rect, k in scene.calc_tab.picker_rects:
        if k == kind:
            return rect.center
    raise AssertionError(kind)


def hand_pos(scene: HelpScene, kind: int) -> tuple[int, int]:
    for rect, k in scene.calc_tab.hand_rects:
        if k == kind:
            return rect.center
    raise AssertionError(kind)


def click_tiles(h: MenuHarness, notation: str) -> None:
    scene = h.top
    assert isinstance(scene, HelpScene)
    for kind in parse_tiles(notation):
        h.click(picker_pos(scene, kind))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_calculator_scores_example_1_by_clicks(home: pathlib.Path, lang: str) -> None:
    """RULES.md §11 #1: 123m456m789m234p55p, win 5p on a discard → 平胡, 1 fan, ×1, pays 1."""
    h = open_help(home, lang)
    scene = h.top
    assert isinstance(scene, HelpScene) and scene.tab == "calc"
    click_tiles(h, "123m456m789m234p5p")
    key, fields, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert key == "calc.need" and fields == {"n": 1} and result is None
    click_tiles(h, "5p")
    h.click(hand_pos(scene, parse_tile("5p")))  # the winning tile, chosen by a click
    key, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and result.win
    assert (result.pattern, result.fan, result.multiplier, result.points) == ("ping_hu", 1, 1, 1)
    assert "平胡 1番" in Narrator("zh").score_lines(result)
    h.shot(f"help_calc_example1_{lang}")


def test_calculator_flags_melds_and_messages(home: pathlib.Path) -> None:
    h = open_help(home)
    scene = h.top
    assert isinstance(scene, HelpScene)
    # §11 #5: 123s456s567s99s + K8s, win 9s on a discard → 清一色 3 + 1 root = 4 fan
    click_tiles(h, "123s456s567s99s")
    h.choose("meld_mode", "K")
    h.click(picker_pos(scene, parse_tile("8s")))
    assert scene.calc_tab.mode == "tile"  # back to adding hand tiles after one meld
    h.click(hand_pos(scene, parse_tile("9s")))
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and (result.pattern, result.fan, result.multiplier) == (
        "qing_yi_se",
        4,
        8,
    )
    # self-drawn: 自摸加底 adds one base
    h.click_control("flag.self_drawn")
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and result.points == 9
    # 抢杠 is a discard win: it switches 自摸 off
    h.click_control("flag.robbing_kong")
    assert not scene.calc_tab.calc.flags["self_drawn"]
    assert scene.calc_tab.calc.flags["robbing_kong"]
    # robbing a 9s while holding 99s is impossible: a clear message, not a crash
    key, fields, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert key == "calc.err.robbing" and result is None
    h.shot("help_calc_invalid_zh")
    h.click_control("flag.robbing_kong")
    # the meld is removed by clicking it; the hand is then short
    rect, _ = scene.calc_tab.meld_rects[0]
    h.click(rect.center)
    key, fields, _ = scene.calc_tab.calc.evaluate(scene.rules)
    assert key == "calc.need" and fields == {"n": 3}
    # a right click removes a hand tile, Undo and Clear work
    h.click(hand_pos(scene, parse_tile("1s")), button=3)
    assert scene.calc_tab.calc.counts[parse_tile("1s")] == 0
    h.click_control("undo")
    assert sum(scene.calc_tab.calc.counts) == 9
    h.key(pygame.K_BACKSPACE)  # Backspace undoes too, and does not leave the scene
    assert sum(scene.calc_tab.calc.counts) == 8 and h.top is scene
    h.click_control("clear")
    assert scene.calc_tab.calc.evaluate(scene.rules)[0] == "calc.empty"


def test_calculator_not_a_win_and_void(home: pathlib.Path) -> None:
    h = open_help(home, "en")
    scene = h.top
    assert isinstance(scene, HelpScene)
    click_tiles(h, "123m456p789s234m55m")  # §11 #6: three suits
    key, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert key == "calc.no_win" and result is not None and result.reason == "three_suits"
    h.shot("help_calc_nowin_en")
    h.click_control("clear")
    click_tiles(h, "123m456m789m234p55p")
    h.choose("void", "1")  # declared 筒 void but holds 筒 tiles
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and result.reason == "void_tile"


def test_calculator_refuses_a_fifth_copy(home: pathlib.Path) -> None:
    calc = Calculator()
    for _ in range(4):
        assert calc.add(0) is None
    assert calc.add(0) == "calc.full"
    assert calc.add(0, "P") == "calc.full"
    assert calc.add(1, "K") is None
    assert calc.needed == 11
    # the engine's HandError is a message, never a crash (flags set behind the UI's back)
    calc = Calculator()
    for kind in parse_tiles("123m456m789m234p55p"):
        calc.add(kind)
    calc.flags["self_drawn"] = calc.flags["after_kong"] = True
    key, fields, result = calc.evaluate(get_preset("standard"))
    assert key == "calc.invalid" and result is None
    # worded in the player's language, never the command line's English in tile notation
    zh = Narrator("zh").hand_error(fields["error"])
    en = Narrator("en").hand_error(fields["error"])
    assert "杠上炮" in zh and "5p" not in zh and "5p" not in en and "kong" in en.lower()


def test_scoring_under_another_preset(home: pathlib.Path) -> None:
    h = open_help(home)
    scene = h.top
    assert isinstance(scene, HelpScene)
    click_tiles(h, "123p456p789p234p99p")
    h.click_control("flag.self_drawn")
    h.choose("preset", "jj")  # §11 #8: 清一色 3 + 自摸 1 = 4 fan, ×8
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and (result.fan, result.multiplier) == (4, 8)
    assert scene.calc_tab.calc.flags["self_drawn"]  # the hand survives a preset change


def test_gallery_examples_are_the_patterns_they_show() -> None:
    assert [g.pattern for g in GALLERY] == [p.id for p in PATTERNS]
    for example in GALLERY:
        preset = next(p for p in PRESETS.values() if p.fan_of(example.pattern) is not None)
        result = score_hand(example.context(), preset)
        assert result.win and result.pattern == example.pattern, example


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_gallery_marks_absent_patterns(home: pathlib.Path, lang: str) -> None:
    h = open_help(home, lang, "gallery")
    scene = h.top
    assert isinstance(scene, HelpScene)
    assert scene.fan_label("jin_gou_diao") is None
    assert scene.fan_label("ping_hu") == ("1番" if lang == "zh" else "1 fan")
    h.choose("preset", "chengdu")
    assert scene.fan_label("qing_qi_dui") == ("8 分" if lang == "zh" else "8 pts")
    h.choose("preset", "wiki")
    assert scene.fan_label("tian_hu") == ("满格" if lang == "zh" else "The cap")
    shot = h.shot(f"help_gallery_wiki_{lang}")
    assert distinct_colours(shot) > 200


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rulebook_every_section_and_the_options(home: pathlib.Path, lang: str) -> None:
    for section in RULE_SECTIONS:
        zh, en = STRINGS[f"rule.{section}.body"]
        assert zh and en
    h = open_help(home, lang, "rules")
    scene = h.top
    assert isinstance(scene, HelpScene)
    for section in (*RULE_SECTIONS, "options"):
        h.click_control(f"section.{section}")
        assert scene.section == section
        assert scene.text_lines
    # the options page lists every §9.1 option with the preset's value (the three- and
    # two-seat rooms' own options wait for their table: game/settings.py HIDDEN_OPTIONS)
    shown = [n for n in OPTION_NAMES if n not in HIDDEN_OPTIONS]
    rows = [line for line, _, style in scene.text_lines if style == "row"]
    assert len(rows) == len(shown)
    h.choose("preset", "chengdu")
    rows = [line.split("\t") for line, _, style in scene.text_lines if style == "row"]
    mode_row = rows[shown.index("mode")]
    assert mode_row[1] == ("单局" if lang == "zh" else "Single win")
    # long sections scroll with the wheel and the keyboard
    h.click_control("section.options")
    area = scene.text_scroll.rect  # type: ignore[union-attr]
    h.wheel(area.center)
    assert scene.text_scroll.offset > 0  # type: ignore[union-attr]
    h.key(pygame.K_UP)
    h.key(pygame.K_UP)
    assert scene.text_scroll.offset == 0  # type: ignore[union-attr]
    h.shot(f"help_rules_options_{lang}")


def test_absent_patterns_say_what_the_hand_scores_instead(home: pathlib.Path) -> None:
    h = open_help(home, "zh", "gallery")
    scene = h.top
    assert isinstance(scene, HelpScene)
    by_id = {g.pattern: g for g in GALLERY}
    # standard has no 金钩钓: the example 66p + four pongs scores 对对胡 2 番 (§11 #9 aside)
    assert scene.instead_note(by_id["jin_gou_diao"]) == "→ 对对胡 2番"
    h.choose("preset", "wiki")  # wiki has no 龙七对: 七对 3 + 1 根 = 4 番 (§11 #12)
    assert scene.instead_note(by_id["long_qi_dui"]) == "→ 七对 3番，共 4番"


def test_the_calculator_counts_tiles_in_english(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "1 more tile(s) needed": one tile is one tile, more are tiles."""
    h = open_help(home, "en")
    scene = h.top
    assert isinstance(scene, HelpScene)
    blits = record_blits(monkeypatch)
    click_tiles(h, "123m456m789m234p5p")
    h.pump()
    drawn = [text for text, *_ in blits]
    assert any(t.startswith("1 more tile needed") for t in drawn), drawn
    click_tiles(h, "55p")  # the 14th, then one too many: refused with a word
    assert scene.toast is not None and scene.toast[0].startswith("1 tile too many")
    assert not any("(s)" in text for text, *_ in blits)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_calculators_chips_show_their_labels_whole(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """ "Robbing a kong" was squeezed narrower than the other chips at 1024×640."""
    from game.ui.controls import Button, Segmented
    from game.ui.text import render_text

    h = open_help(home, lang)
    h.app.resize(size)
    h.pump()
    chips = [c for c in h.top.controls if isinstance(c, Button) and c.name.startswith("flag.")]
    assert len(chips) == 8 and len({c.font_size for c in chips}) == 1
    for c in chips:
        assert render_text(c.label, c.font_size, (0, 0, 0), True).get_width() <= c.rect.w - 12
        assert c.font_size >= MIN_TEXT
    modes = next(c for c in h.top.controls if isinstance(c, Segmented) and c.name == "meld_mode")
    for i, label in enumerate(modes.labels):  # "Concealed kong" was squeezed too
        width = render_text(label, modes.font_size, (0, 0, 0), True).get_width()
        assert width <= modes.cell(i).w - 6, label


def test_the_keyboard_section_names_every_bound_key() -> None:
    """The rulebook's 键盘与鼠标 section is where a player learns the keys: every letter and
    function key bound in game.input (H, K, P, T, F1, F2) and Ctrl+Q appears in both
    languages, so a binding added there without a word here fails."""
    from game.input import KEY_COMMANDS

    named = {pygame.key.name(key).upper() for key in KEY_COMMANDS}
    short = {name for name in named if len(name) == 1 or (name[0] == "F" and name[1:].isdigit())}
    assert {"H", "K", "P", "T", "F1", "F2"} <= short
    for text in STRINGS["rule.keys.body"]:
        for name in (*sorted(short), "Ctrl+Q", "Esc", "Tab"):
            assert f"{name} " in text or f"{name}，" in text or f"{name}," in text, name


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_keyboard_section_shows_no_preset(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule sections name the chosen preset over their text; the keys are the same in
    every preset, so that section does not."""
    blits = record_blits(monkeypatch)
    h = open_help(home, lang, "rules")
    scene = h.top
    assert isinstance(scene, HelpScene)
    preset_words = scene.t(f"preset.{scene.preset}")
    h.click_control("section.play")
    h.pump()
    assert preset_words in [text for text, *_ in blits]
    blits.clear()
    h.click_control("section.keys")
    assert scene.section == "keys"
    h.pump()
    assert blits and preset_words not in [text for text, *_ in blits]


def record_blits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, pygame.Rect, int | None]]:
    """(text, size, rect, max_w) of every line the help scene and its calculator tab draw
    with blit_text."""
    import game.scenes.calculator_tab as calculator_tab
    import game.scenes.help_scene as help_scene

    drawn = record_texts(monkeypatch, help_scene)
    monkeypatch.setattr(calculator_tab, "blit_text", help_scene.blit_text)  # into one list
    return drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_gallery_note_shows_whole(
    home: pathlib.Path, lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an absent pattern scores instead (RULES.md §5.3), how 天胡/地胡 were won and the
    Chinese name: each card shows its note whole, unsqueezed, above its tiles. The English
    "→ Full-flush all pungs 4 fan" and "Dealer · Self-drawn · First turn" did not fit beside
    their names and were dropped."""
    from game.settings import TABLE_PRESETS
    from game.tile_art import get_tile_art
    from game.ui.text import render_text

    h = open_help(home, lang, "gallery")
    h.app.resize(size)
    h.pump()
    scene = h.top
    assert isinstance(scene, HelpScene)
    drawn = record_blits(monkeypatch)
    boxes: list[pygame.Rect] = []
    real_example = scene._draw_example

    def example(surface: pygame.Surface, ex: object, box: pygame.Rect, *a: object) -> None:
        boxes.append(box)
        real_example(surface, ex, box, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(scene, "_draw_example", example)
    by_id = {g.pattern: g for g in GALLERY}
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        drawn.clear()
        boxes.clear()
        h.pump()
        for pattern, box in zip(PATTERNS, boxes, strict=True):
            absent = scene.fan_label(pattern.id) is None
            ex = by_id[pattern.id]
            note = (
                (scene.instead_note(ex) if absent else "")
                or scene.example_note(ex)
                or (pattern.zh if lang == "en" else "")
            )
            if not note:
                continue
            hits = [(s, r, w) for t, s, r, w in drawn if t == note]
            assert hits, (preset, pattern.id, note)
            text_size, rect, max_w = hits[0]
            width = render_text(note, text_size, (0, 0, 0)).get_width()
            assert max_w is None or width <= max_w, (preset, pattern.id, note)  # not squeezed
            assert rect.bottom <= box.y and rect.right <= box.right, (preset, pattern.id)
            assert get_tile_art(12).size[1] <= box.h, (preset, pattern.id)  # tiles still fit
    h.shot(f"help_gallery_notes_{lang}_{size[0]}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_calculator_item_has_one_bullet_however_it_wraps(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "…includes 1 root, not counted" / "again": a wrapped explanation line is one item,
    one bullet on its first line, its other lines hanging under the text."""
    import game.scenes.calculator_tab as calculator_tab
    from game.ui.text import wrap_text

    h = open_help(home, lang)
    h.app.resize((1024, 640))
    h.choose("preset", "modern")
    scene = h.top
    assert isinstance(scene, HelpScene)
    # 十八罗汉 on a kong replacement, the last tile (a 杠上花 needs its kong among the melds)
    for kind in range(4):
        scene.calc_tab.calc.add(kind, "A")
    click_tiles(h, "99m")
    for flag in ("self_drawn", "kong_replacement", "last_tile"):
        scene.calc_tab.calc.set_flag(flag, True)
    scene.rebuild()
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and result.win
    items = Narrator(lang).score_lines(result)
    # modern does not count 海底: the last item says so
    items += (i18n.t("calc.flag_off", lang, flag=i18n.t("calc.flag.last_tile", lang)),)
    px, rect = scene.px, scene.calc_tab.result_rect
    wrapped = [wrap_text(item, px(16), rect.w - px(50)) for item in items]
    if lang == "en":
        assert any(len(lines) > 1 for lines in wrapped)  # the case in point
    bullets: list[tuple[int, int]] = []
    real_circle = calculator_tab.pygame.draw.circle

    def circle(
        surface: pygame.Surface, colour: object, centre: tuple[int, int], *a: object
    ) -> pygame.Rect:
        if rect.collidepoint(centre):
            bullets.append(centre)
        return real_circle(surface, colour, centre, *a)  # type: ignore[arg-type]

    drawn = record_blits(monkeypatch)
    monkeypatch.setattr(calculator_tab.pygame.draw, "circle", circle)
    h.pump()
    assert len(bullets) == len(items)
    every = {line for lines in wrapped for line in lines}
    lines = [(t, r) for t, _, r, _ in drawn if t in every and rect.contains(r)]
    assert len(lines) == sum(len(w) for w in wrapped)  # all shown
    firsts = [r for t, r in lines if any(t == w[0] for w in wrapped)]
    assert [b[1] for b in bullets] == [r.y + px(11) for r in firsts]
    assert len({r.x for _, r in lines}) == 1  # continuation lines indented as the text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_drawn_hand_texts_leave_the_flower_pigs_out_of_not_ready(lang: str) -> None:
    """RULES.md §6.3: a flower pig pays every un-won non-pig player; 查大叫 is paid by each
    un-won player that is not ready *and not a pig* (engine/settlement.py). The rulebook and
    the option help said every not-ready player pays, and the English pig help "each other
    player"."""
    from engine.rules import OPTION_INFO

    zh = lang == "zh"
    body = STRINGS["rule.draw.body"][0 if zh else 1]
    not_ready = next(p for p in body.split("\n") if p.startswith("查大叫" if zh else "Not ready"))
    assert ("花猪除外" if zh else "flower pigs aside") in not_ready
    assert ("未胡" if zh else "still in") in not_ready
    pay_ready, pig = OPTION_INFO["pay_ready"], OPTION_INFO["pig_penalty"]
    assert ("花猪除外" if zh else "flower pigs aside") in (
        pay_ready.help_zh if zh else pay_ready.help_en
    )
    pig_help = pig.help_zh if zh else pig.help_en
    for words in ("非花猪", "未胡") if zh else ("non-pig", "still in"):
        assert words in pig_help, pig_help


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_option_chips_wrap_between_chips(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """ "First" / "dealer: Seat 1": the chips over a rulebook section break between chips,
    never inside one, and each line fits."""
    from engine.rules import OPTION_INFO
    from game.fonts import get_font
    from game.scenes.help_scene import _SECTION_OPTIONS

    h = open_help(home, lang, "rules")
    h.app.resize(size)
    h.pump()
    scene = h.top
    assert isinstance(scene, HelpScene)
    area = scene.text_scroll.rect  # type: ignore[union-attr]
    font = get_font(max(11, scene.px(15)), True)
    for preset in ("standard", "sanren_liangfang"):
        h.choose("preset", preset)
        for section, options in _SECTION_OPTIONS.items():
            h.click_control(f"section.{section}")
            lines = [t for t, _, style in scene.text_lines if style == "chip"]
            info = {o: OPTION_INFO[o] for o in options}
            chips = [
                f"{info[o].zh if lang == 'zh' else info[o].en}: {scene.option_value_label(o)}"
                for o in options
            ]
            assert [c for line in lines for c in line.split(" · ")] == chips, lines
            for line in lines:
                assert font.size(line)[0] <= area.w - scene.px(24) - scene.px(20), line


def test_the_first_dealer_text_holds_for_either_value() -> None:
    """三人与两人 said "the first dealer is drawn at random" under the chip "First dealer:
    Seat 1" (a Standard table switched to three players keeps first_dealer = east): the
    text names both values of the option and the option that deals after."""
    from engine.rules import OPTION_INFO

    zh, en = STRINGS["rule.short.body"]
    for text, lang in ((zh, 0), (en, 1)):
        values = [STRINGS[f"val.{v}"][lang] for v in OPTION_INFO["first_dealer"].values]
        for name in ("first_dealer", "next_dealer"):
            option = OPTION_INFO[name]
            assert (option.zh if lang == 0 else option.en) in text, name
        for value in values:
            assert value.lower() in text.lower(), value
    assert "drawn at random, then" not in en and "首局庄家随机" not in zh


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_keyboard_section_says_up_down_scroll_the_rulebook(
    home: pathlib.Path, lang: str
) -> None:
    """On the Rulebook tab ↑/↓ scroll the text, wherever the focus is; the keys section said
    they move the focus in every menu."""
    h = open_help(home, lang, "rules")
    scene = h.top
    assert isinstance(scene, HelpScene)
    h.click_control("section.options")
    focused = scene.focused_name()
    h.key(pygame.K_DOWN)
    assert scene.text_scroll is not None and scene.text_scroll.offset > 0
    assert scene.focused_name() == focused
    menus = next(
        p
        for p in STRINGS["rule.keys.body"][0 if lang == "zh" else 1].split("\n")
        if p.startswith("菜单" if lang == "zh" else "In the menus")
    )
    tab = scene.t("help.tab.rules")
    said = (
        "规则书页里 ↑/↓ 改为滚动文字" if lang == "zh" else f"on the {tab} tab ↑/↓ scroll the text"
    )
    assert tab in menus and said in menus


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_options_page_squeezes_no_value_below_a_readable_size(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The options page gave each value a fixed 170 px: at 1024×640 a two-player room's
    "Characters, Dots and Bamboo" was squeezed to 9 px. A value has the rest of its line."""
    from game.ui.text import render_text

    blits = record_blits(monkeypatch)
    h = open_help(home, lang, "rules", (1024, 640))
    h.click_control("section.options")
    scene = h.top
    assert isinstance(scene, HelpScene)
    for preset in ("standard", "liangren"):  # Suits: "Characters, Dots and Bamboo" the longest
        h.choose("preset", preset)
        scroll = scene.text_scroll
        assert scroll is not None
        for offset in range(0, scroll.max_offset + 200, 200):  # every row, down the page
            scroll.offset = min(offset, scroll.max_offset)
            h.pump()
    assert any(text in ("Characters, Dots and Bamboo", "万、筒、条") for text, *_ in blits)
    squeezed = []
    for text, size, rect, max_w in blits:
        if max_w is None or not text:
            continue
        # drawn narrower than the text is, bold or not: squeezed to fit
        width = min(render_text(text, size, (0, 0, 0), bold).get_width() for bold in (0, 1))
        if rect.w < width - 1 and size * rect.w / width < MIN_TEXT:
            squeezed.append((text, round(size * rect.w / width, 1)))
    assert not squeezed, squeezed


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_chosen_way_of_winning_the_rules_do_not_count_says_so(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """海底 and 绝张 are off in every preset (RULES.md §9), 杠上炮 in chengdu's: chosen on the
    calculator's chips they left the result as it was, with no word why."""
    import game.scenes.calculator_tab as calculator_tab

    drawn = record_texts(monkeypatch, calculator_tab)
    h = open_help(home, lang)
    scene = h.top
    assert isinstance(scene, HelpScene)
    click_tiles(h, "123m456m789m55p234p")  # §11 #1's tiles, won on the 4p (held once: 绝张)
    h.click_control("flag.last_copy")
    h.click_control("flag.after_kong")
    drawn.clear()
    h.pump()
    last_copy, after_kong = (i18n.t(f"calc.flag.{f}", lang) for f in ("last_copy", "after_kong"))
    notes = {i18n.t("calc.flag_off", lang, flag=flag) for flag in (last_copy, after_kong)}
    off = [text for text, *_ in drawn if text in notes]
    assert off == [i18n.t("calc.flag_off", lang, flag=last_copy)], off  # 杠上炮 counts here
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and "gang_shang_pao" in dict(result.extras)
    h.choose("preset", "chengdu")
    h.choose("tabs", "calc")
    drawn.clear()
    h.pump()
    off = [text for text, *_ in drawn if text in notes]
    assert sorted(off) == sorted(notes), off


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_engine_refusal_is_shown_in_the_players_language(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The calculator's fallback for a hand the engine refuses (flags set behind the UI's
    back): the engine's fault in the player's words — it showed the command line's English
    sentence in tile notation after 无法计算：."""
    import game.scenes.calculator_tab as calculator_tab

    drawn = record_texts(monkeypatch, calculator_tab)
    h = open_help(home, lang)
    scene = h.top
    assert isinstance(scene, HelpScene)
    click_tiles(h, "123m456m789m234p55p")
    scene.calc_tab.calc.flags["self_drawn"] = scene.calc_tab.calc.flags["after_kong"] = True
    drawn.clear()
    h.pump()
    text = " ".join(t for t, *_ in drawn)
    head = i18n.t("calc.invalid", lang, why="").strip()
    assert head in text
    assert "5p" not in text and "self_drawn" not in text and "after_kong" not in text
    if lang == "zh":
        assert "杠上炮" in text and "self-drawn" not in text
    else:
        assert "Cannot score:" in text and "杠上炮" not in text
