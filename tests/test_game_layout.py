"""The layout keeps everything on screen and apart at the supported window sizes."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.layout import POND_COLS, WALL_STACKS, Layout
from game.tile_art import get_tile_art

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (1024, 900), (1600, 640)]


@pytest.mark.parametrize("size", SIZES)
def test_everything_is_inside_the_window(size: tuple[int, int]) -> None:
    lay = Layout.compute(*size)
    screen = pygame.Rect(0, 0, *size)
    for pos in range(4):
        assert screen.contains(lay.panels[pos])
        for stack in range(WALL_STACKS[pos]):
            assert screen.contains(lay.wall_stack_rect(pos, stack))
        for i in range(4 * POND_COLS):
            rect, _ = lay.pond_slot(pos, i, 4 * POND_COLS)
            assert screen.contains(rect), (pos, i, rect)
    # the longest own hand: 14 tiles and no melds, or 2 tiles and four kongs
    step = get_tile_art(lay.hand_w).step
    meld = 3 * get_tile_art(lay.meld_w).step + lay.px(10)
    assert lay.hand_x + 14 * step + lay.px(14) < lay.w
    assert lay.hand_x + 2 * step + lay.px(24) + 4 * meld < lay.w
    assert lay.hand_y + lay.hand_h <= lay.h


@pytest.mark.parametrize("size", SIZES)
def test_ponds_do_not_overlap_each_other_or_the_centre(size: tuple[int, int]) -> None:
    lay = Layout.compute(*size)
    ponds = {
        pos: [lay.pond_slot(pos, i, 4 * POND_COLS)[0] for i in range(4 * POND_COLS)]
        for pos in range(4)
    }
    for a, b in itertools.combinations(range(4), 2):
        for ra in ponds[a]:
            assert not any(ra.colliderect(rb) for rb in ponds[b]), (a, b)
    for rects in ponds.values():
        assert not any(r.colliderect(lay.center_box) for r in rects)


@pytest.mark.parametrize("size", SIZES)
def test_walls_surround_the_ponds(size: tuple[int, int]) -> None:
    lay = Layout.compute(*size)
    pond_area = lay.center_box.unionall(
        [lay.pond_slot(pos, i, 24)[0] for pos in range(4) for i in range(24)]
    )
    for pos in range(4):
        for stack in range(WALL_STACKS[pos]):
            assert not lay.wall_stack_rect(pos, stack).colliderect(pond_area)


def test_smaller_windows_are_laid_out_at_the_minimum() -> None:
    assert Layout.compute(800, 500) == Layout.compute(1024, 640)
