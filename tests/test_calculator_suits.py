"""The fan calculator under rules whose wall lacks a suit (docs/rules-short-handed.md):
三人两房 and 两人两房 play dots and bamboo only, with no 定缺. The calculator offers only the
wall's tiles, by mouse and by keyboard, offers no void suit where nobody declares one, and
never scores a hand those tables cannot deal — a hand kept from other rules is explained."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import record_texts
from test_keyboard_menus import tab_to
from test_menus import MenuHarness

import game.scenes.calculator_tab as calculator_tab
from engine.rules import get_preset
from engine.tiles import parse_tile, parse_tiles
from game.calculator import Calculator
from game.scenes.help_scene import HelpScene

TWO_SUIT_PRESETS = ("sanren_liangfang", "liangren")
DOTS_AND_BAMBOO = list(range(9, 27))


def built(notation: str, melds: str = "") -> Calculator:
    calc = Calculator()
    for kind in parse_tiles(notation):
        assert calc.add(kind) is None
    for meld in filter(None, melds.split(",")):
        assert calc.add(parse_tile(meld[1:]), meld[0]) is None
    return calc


def open_calc(
    home: pathlib.Path, lang: str = "en", size: tuple[int, int] = (1024, 640)
) -> tuple[MenuHarness, HelpScene]:
    h = MenuHarness(home, lang, size)
    h.stack.push(HelpScene(h.ctx, "calc"))
    h.pump()
    scene = h.top
    assert isinstance(scene, HelpScene)
    return h, scene


def control_names(scene: HelpScene) -> set[str]:
    return {c.name for c in scene.controls}


# --- the model ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", TWO_SUIT_PRESETS)
def test_the_model_refuses_a_tile_the_wall_lacks(preset: str) -> None:
    rules = get_preset(preset)
    calc = Calculator()
    for mode in ("tile", "P", "K", "A", "B"):
        assert calc.add(parse_tile("5m"), mode, rules) == "calc.err.suits"
    assert sum(calc.counts) == 0 and not calc.melds and not calc.history
    assert calc.add(parse_tile("5p"), "tile", rules) is None
    assert calc.add(parse_tile("5s"), "P", rules) is None
    assert calc.counts[parse_tile("5p")] == 1 and len(calc.melds) == 1
    # the full wall still takes characters
    assert calc.add(parse_tile("5m"), "tile", get_preset("standard")) is None


@pytest.mark.parametrize("preset", TWO_SUIT_PRESETS)
@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        ("123m456m789m234p55p", ""),  # RULES.md §11 #1: a plain win with a full wall
        ("123s456s55s", "P1m"),  # only the pong is of characters
        ("123m", ""),  # incomplete: the suit is the first thing wrong
    ],
)
def test_a_hand_with_a_suit_the_wall_lacks_gets_no_score(
    preset: str, hand: str, melds: str
) -> None:
    calc = built(hand, melds)
    key, fields, result = calc.evaluate(get_preset(preset))
    assert key == "calc.err.suits" and result is None
    assert fields == {"missing": (0,), "suits": (1, 2)}
    assert calc.stray_suits(get_preset(preset)) == (0,)
    assert calc.stray_suits(get_preset("standard")) == ()


@pytest.mark.parametrize("preset", TWO_SUIT_PRESETS)
def test_the_same_hand_in_the_walls_suits_scores(preset: str) -> None:
    key, _, result = built("123s456s789s234p55p").evaluate(get_preset(preset))
    assert key == "calc.result" and result is not None and result.pattern == "ping_hu"


@pytest.mark.parametrize("preset", [*TWO_SUIT_PRESETS, "chengdu"])
def test_a_void_suit_counts_only_where_the_rules_declare_one(preset: str) -> None:
    """A void chosen under standard rules, then rules with no 定缺: the hand is not barred."""
    calc = built("123s456s789s234p55p")
    calc.void = parse_tile("1p") // 9  # dots, which the hand holds
    _, _, result = calc.evaluate(get_preset("standard"))
    assert result is not None and not result.win and result.reason == "void_tile"
    _, _, result = calc.evaluate(get_preset(preset))
    assert result is not None and result.win and result.pattern == "ping_hu"


# --- the tab --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", TWO_SUIT_PRESETS)
def test_the_picker_offers_only_the_walls_suits_and_no_void(
    home: pathlib.Path, preset: str
) -> None:
    h, scene = open_calc(home)
    tab = scene.calc_tab
    assert [k for _, k in tab.picker_rects] == list(range(27))
    assert "void" in control_names(scene)
    h.choose("preset", preset)
    assert [k for _, k in tab.picker_rects] == DOTS_AND_BAMBOO
    assert tab.picker is not None and len(tab.picker.cells) == 18
    assert "void" not in control_names(scene)
    # every tile the picker shows adds that tile
    for rect, kind in tab.picker_rects[:3]:
        h.click(rect.center)
        assert tab.calc.counts[kind] == 1
    h.choose("preset", "chengdu")  # three suits, but no 定缺 either
    assert [k for _, k in tab.picker_rects] == list(range(27))
    assert "void" not in control_names(scene)


def test_the_pickers_keys_reach_only_the_walls_tiles(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    h.choose("preset", "liangren")
    tab = scene.calc_tab
    tab_to(h, "picker")
    seen = []
    for _ in range(18):  # → goes round every cell once
        assert tab.picker is not None
        seen.append(tab.picker_rects[tab.picker.cursor][1])
        h.key(pygame.K_RIGHT)
    assert sorted(seen) == DOTS_AND_BAMBOO
    h.key(pygame.K_DOWN)  # a row down: 1 bamboo, and Enter adds it
    h.key(pygame.K_RETURN)
    assert tab.calc.counts[parse_tile("1s")] == 1 and sum(tab.calc.counts) == 1
    h.key(pygame.K_UP)
    h.key(pygame.K_RETURN)
    assert tab.calc.counts[parse_tile("1p")] == 1 and sum(tab.calc.counts) == 2


def test_the_pickers_cursor_stays_on_its_tile_when_the_rules_change(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    tab = scene.calc_tab
    tab_to(h, "picker")
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RIGHT)  # 2 dots
    h.choose("preset", "sanren_liangfang")
    assert tab.picker is not None
    assert tab.picker_rects[tab.picker.cursor][1] == parse_tile("2p")
    h.choose("preset", "standard")
    assert tab.picker_rects[tab.picker.cursor][1] == parse_tile("2p")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("preset", TWO_SUIT_PRESETS)
def test_switching_to_a_two_suit_room_explains_instead_of_scoring(
    home: pathlib.Path, lang: str, preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h, scene = open_calc(home, lang)
    tab = scene.calc_tab
    for kind in parse_tiles("123m456m789m234p55p"):
        h.click(next(r for r, k in tab.picker_rects if k == kind).center)
    assert tab.calc.evaluate(scene.rules)[0] == "calc.result"
    drawn = record_texts(monkeypatch, calculator_tab)
    h.choose("preset", preset)
    drawn.clear()
    h.pump()
    texts = [text for text, *_ in drawn]
    key, _, result = tab.calc.evaluate(scene.rules)
    assert key == "calc.err.suits" and result is None
    cannot = "这桌的牌墙里没有万子" if lang == "zh" else "This table's wall has no Characters"
    wall = "筒、条共 72 张" if lang == "zh" else "Dots and Bamboo: 72 tiles"
    said = " ".join(texts)
    assert cannot in said and wall in said, texts
    assert not any(t.startswith(("平胡", "Plain win")) for t in texts), texts
    assert not any("calc." in t or "{" in t for t in texts), texts
    # the hand is kept: back at a full wall it scores again
    assert sum(tab.calc.counts) == 14
    h.choose("preset", "standard")
    _, _, result = tab.calc.evaluate(scene.rules)
    assert result is not None and result.win and result.pattern == "ping_hu"


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_two_suit_calculator_on_screen(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """The picker's two rows, the hand under them and the result beside fit the window, and
    the result's panel starts right under the flags where there is no void suit."""
    h, scene = open_calc(home, lang, size)
    h.choose("preset", "sanren_liangfang")
    tab = scene.calc_tab
    for kind in parse_tiles("123s456s789s234p55p"):
        h.click(next(r for r, k in tab.picker_rects if k == kind).center)
    screen = h.screen.get_rect()
    assert all(screen.contains(r) for r, _ in tab.picker_rects + tab.hand_rects)
    flags = [c.rect for c in scene.controls if c.name.startswith("flag.")]
    assert 0 < tab.result_rect.top - max(r.bottom for r in flags) < scene.px(40)
    assert tab.calc_right.contains(tab.result_rect)
    h.shot(f"calc_sanren_{lang}_{size[0]}")
