"""The menu controls grow with the window: a slider's knob and bar and a drop-down's arrow
were fixed pixels, a speck on a 4K screen where the text around them is three times the
size (game/ui/controls.py)."""

from __future__ import annotations

import pygame
import pytest

from game import palette as pal
from game.ui.controls import Choice, Slider


def _extent(surface: pygame.Surface, colour: tuple[int, int, int]) -> tuple[int, int]:
    """Width and height of the box around every pixel of ``colour``."""
    mask = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    rects = mask.get_bounding_rects()
    assert rects, "nothing drawn in that colour"
    box = rects[0].unionall(rects[1:])
    return box.w, box.h


@pytest.mark.parametrize("scale", [1, 3])
def test_the_sliders_knob_grows_with_its_height(scale: int) -> None:
    pygame.init()
    surface = pygame.Surface((400 * scale, 40 * scale))
    slider = Slider(pygame.Rect(0, 5 * scale, 400 * scale, 30 * scale), 0.5)
    slider.draw(surface)
    w, h = _extent(surface, pal.GOLD)  # the knob (not lit: neither hovered nor focused)
    assert 18 * scale <= h <= 22 * scale and 18 * scale <= w <= 22 * scale


@pytest.mark.parametrize("scale", [1, 3])
def test_the_drop_downs_arrow_grows_with_its_text(scale: int) -> None:
    pygame.init()
    surface = pygame.Surface((300 * scale, 40 * scale))
    choice = Choice(
        pygame.Rect(0, 2 * scale, 300 * scale, 36 * scale),
        ["a"],
        ["x"],
        "a",
        font_size=16 * scale,
    )
    choice.draw(surface)
    w, h = _extent(surface, pal.GOLD)  # the arrow
    assert 11 * scale <= w <= 14 * scale and 6 * scale <= h <= 9 * scale
