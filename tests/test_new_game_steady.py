"""Choosing a preset on the New game screen moves nothing under the pointer: the preset
buttons were made shorter only for a preset whose summary took two lines, so at 1024x640
they grew and shrank by a few pixels from one preset to the next (Standard, then
Encyclopedia), and the Table box under them moved up and down with the summary."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_menus import MenuHarness

from game.scenes.new_game import NewGameScene
from game.settings import TABLE_PRESETS


def _layout(scene: NewGameScene) -> dict[str, pygame.Rect]:
    names = [f"preset.{p}" for p in TABLE_PRESETS] + ["room"]
    return {c.name: pygame.Rect(c.rect) for c in scene.controls if c.name in names}


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_preset_buttons_and_the_table_box_stay_put(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = MenuHarness(home, lang, size)
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    first = _layout(scene)
    assert len(first) == len(TABLE_PRESETS) + 1
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        h.pump()
        assert _layout(scene) == first, preset
        lines, _ = scene.preset_desc  # and its summary whole
        assert not lines[-1].endswith(("…", "..."))
