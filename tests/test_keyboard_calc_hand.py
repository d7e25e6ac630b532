"""Rules & help › Fan calculator, the hand by keyboard: what the mouse does to the hand (a click
on a tile makes it the winning tile, a right click removes it, a click on a meld removes it)
the keys do too — Tab to the hand, ←/→ move a cursor over its tiles and melds (drawn as the
focus frame), Enter makes a tile the winning tile, Backspace removes the tile or meld under
the cursor. Backspace elsewhere still takes the last tile back. Delete does as Backspace."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_keyboard_menus import tab_to
from test_keyboard_menus_calc import open_calc, type_tiles
from test_menus import MenuHarness

import game.ui.controls as controls
from engine.tiles import parse_tile
from game.scenes.help_scene import HelpScene
from game.ui.controls import Grid


def hand_of(scene: HelpScene) -> Grid:
    hand = scene.calc_tab.hand
    assert hand is not None and hand.focused
    return hand


def cursor_to(h: MenuHarness, scene: HelpScene, index: int) -> None:
    while hand_of(scene).cursor != index:
        h.key(pygame.K_RIGHT)


def test_enter_makes_the_tile_under_the_cursor_the_winning_tile(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    tab_to(h, "picker")
    type_tiles(h, scene, "123m456m789m234p5p5p")  # the last added (5p) is the winning tile
    calc = scene.calc_tab.calc
    assert calc.win == parse_tile("5p")
    tab_to(h, "hand")
    hand = hand_of(scene)
    assert len(hand.cells) == 14 and hand.cursor == 0
    cursor_to(h, scene, 1)  # 2m
    h.key(pygame.K_RETURN)
    assert calc.win == parse_tile("2m")
    assert scene.focused_name() == "hand" and hand_of(scene).cursor == 1
    _, _, result = calc.evaluate(scene.rules)
    assert result is not None and result.win and result.pattern == "ping_hu"
    h.key(pygame.K_LEFT)
    h.key(pygame.K_LEFT)  # wraps round to the last tile
    assert hand_of(scene).cursor == 13
    h.key(pygame.K_SPACE)
    assert calc.win == parse_tile("5p")


REMOVE_KEYS = pytest.mark.parametrize(
    "remove", [pygame.K_BACKSPACE, pygame.K_DELETE], ids=["backspace", "delete"]
)  # Delete does what Backspace does, as the calculator's labels and the keys text say


@REMOVE_KEYS
def test_backspace_removes_the_tile_or_meld_under_the_cursor(
    home: pathlib.Path, remove: int
) -> None:
    h, scene = open_calc(home)
    tab_to(h, "picker")
    type_tiles(h, scene, "123s")
    tab_to(h, "meld_mode")
    h.key(pygame.K_RIGHT)  # the next tile as a pong
    tab_to(h, "picker")
    type_tiles(h, scene, "9s")
    calc = scene.calc_tab.calc
    assert len(calc.melds) == 1 and sum(calc.counts) == 3
    tab_to(h, "hand")
    assert len(hand_of(scene).cells) == 4  # three tiles, then the meld
    cursor_to(h, scene, 1)
    h.key(remove)  # 2s, not the last one added (the pong)
    assert calc.counts[parse_tile("2s")] == 0 and len(calc.melds) == 1
    assert scene.focused_name() == "hand" and hand_of(scene).cursor == 1
    cursor_to(h, scene, 2)  # the meld
    h.key(remove)
    assert calc.melds == [] and sum(calc.counts) == 2
    assert hand_of(scene).cursor == 1  # back on the last tile
    h.key(remove)
    h.key(remove)
    assert sum(calc.counts) == 0
    # the hand is empty: nothing to hold the focus, which goes back to the picker
    assert scene.calc_tab.hand is None and scene.focused_name() == "picker"
    assert h.top is scene


def test_enter_on_a_meld_removes_it_as_a_click_does(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    tab_to(h, "meld_mode")
    h.key(pygame.K_RIGHT)
    h.key(pygame.K_RIGHT)  # an exposed kong
    tab_to(h, "picker")
    type_tiles(h, scene, "1m")
    assert len(scene.calc_tab.calc.melds) == 1
    tab_to(h, "hand")
    h.key(pygame.K_RETURN)
    assert scene.calc_tab.calc.melds == []


@REMOVE_KEYS
def test_backspace_off_the_hand_still_takes_the_last_tile_back(
    home: pathlib.Path, remove: int
) -> None:
    h, scene = open_calc(home)
    tab_to(h, "picker")
    type_tiles(h, scene, "19m")
    h.key(remove)
    assert scene.calc_tab.calc.counts[parse_tile("9m")] == 0
    assert scene.calc_tab.calc.counts[parse_tile("1m")] == 1


def test_up_and_down_leave_the_hand(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    tab_to(h, "picker")
    type_tiles(h, scene, "11m")
    tab_to(h, "hand")
    h.key(pygame.K_DOWN)
    assert scene.focused_name() == "undo"
    h.key(pygame.K_UP)
    assert scene.focused_name() == "hand"
    h.key(pygame.K_UP)
    assert scene.focused_name() == "meld_mode"


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_cursor_is_the_focus_frame_round_the_tile(
    home: pathlib.Path, lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cursor is drawn by draw_focus_ring, the frame every screen's focus has, round the
    tile (or meld) it is on; the hand's label says the keys while it has the focus."""
    import game.scenes.calculator_tab as calculator_tab

    h, scene = open_calc(home, lang)
    h.app.resize(size)
    h.pump()
    tab_to(h, "picker")
    type_tiles(h, scene, "123m456m789m234p55p")
    tab_to(h, "hand")
    cursor_to(h, scene, 3)
    rings: list[pygame.Rect] = []
    real = controls.draw_focus_ring

    def ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 6) -> None:
        rings.append(pygame.Rect(rect))
        real(surface, rect, radius)

    texts: dict[str, pygame.Rect] = {}
    blit = calculator_tab.blit_text

    def record(surface: pygame.Surface, text: str, *a: object, **kw: object) -> pygame.Rect:
        texts[text] = rect = blit(surface, text, *a, **kw)  # type: ignore[arg-type]
        return rect

    monkeypatch.setattr(controls, "draw_focus_ring", ring)
    monkeypatch.setattr(calculator_tab, "blit_text", record)
    h.pump()
    assert rings == [scene.calc_tab.hand_rects[3][0]]
    label = texts[scene.t("calc.hand.keys")]
    assert scene.t("calc.hand") not in texts
    assert label.right < texts["14/14"].left  # whole, clear of the count
    assert scene.calc_tab.calc_left.contains(label)
    h.shot(f"keyboard_calc_hand_{lang}_{size[0]}x{size[1]}")
