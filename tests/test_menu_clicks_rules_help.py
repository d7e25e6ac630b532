"""New game and Rules & help click wherever the menus' controls click: Enter pressing Start
with no control focused, ←/→ switching the help's tabs, and the fan calculator's hand — a
tile clicked (the winning tile, or removed by a right click), a meld clicked away, Backspace
or Delete — were silent while the picker, the buttons and the tabs' own keys clicked."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pygame
import pytest
from test_menus import MenuHarness

import game.ui.controls as controls
from game.scenes.help_scene import HelpScene
from game.scenes.new_game import NewGameScene


@pytest.fixture
def heard(home: pathlib.Path) -> Iterator[tuple[MenuHarness, list[int]]]:
    """A menu harness whose controls' click is counted (one entry per click)."""
    h = MenuHarness(home, "en", (1280, 800))
    clicks: list[int] = []
    controls.set_click_sound(lambda: clicks.append(1))
    try:
        yield h, clicks
    finally:
        controls.set_click_sound(None)


def _one_click(clicks: list[int]) -> bool:
    n = len(clicks)
    clicks.clear()
    return n == 1


def test_enter_pressing_start_on_the_new_game_screen_clicks(
    heard: tuple[MenuHarness, list[int]],
) -> None:
    h, clicks = heard
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    scene.focus = -1  # nothing focused: Enter is Start
    scene._apply_focus()
    clicks.clear()
    h.key(pygame.K_RETURN)
    assert "start_match" in h.names()
    assert _one_click(clicks)


def test_the_arrows_switching_the_help_tabs_click(heard: tuple[MenuHarness, list[int]]) -> None:
    h, clicks = heard
    scene = HelpScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    scene.focus_named("back")
    clicks.clear()
    h.key(pygame.K_RIGHT)
    assert scene.tab == "gallery"
    assert _one_click(clicks)
    h.key(pygame.K_LEFT)
    assert scene.tab == "rules"
    assert _one_click(clicks)


def test_the_calculator_hand_clicks_as_its_picker_does(
    heard: tuple[MenuHarness, list[int]],
) -> None:
    h, clicks = heard
    scene = HelpScene(h.ctx, tab="calc")
    h.stack.push(scene)
    h.pump()
    calc = scene.calc_tab
    picker = next(c for c in scene.controls if c.name == "picker")
    assert isinstance(picker, controls.Grid)
    h.click(picker.cells[0].center)
    h.click(picker.cells[1].center)
    assert len(clicks) == 2  # the picker clicked already
    clicks.clear()
    h.click(calc.hand_rects[0][0].center)  # 1m becomes the winning tile
    assert calc.calc.win == 0
    assert _one_click(clicks)
    h.click(calc.hand_rects[0][0].center, button=3)  # and goes
    assert sum(calc.calc.counts) == 1
    assert _one_click(clicks)
    mode = next(c for c in scene.controls if c.name == "meld_mode")
    assert isinstance(mode, controls.Segmented)
    h.click(mode.cell_of("P").center)
    h.click(picker.cells[4].center)  # a pong of 5m
    assert len(calc.calc.melds) == 1
    clicks.clear()
    h.click(calc.meld_rects[0][0].center)  # clicked away
    assert not calc.calc.melds
    assert _one_click(clicks)
    h.key(pygame.K_BACKSPACE)  # the last tile back
    assert sum(calc.calc.counts) == 0
    assert _one_click(clicks)
