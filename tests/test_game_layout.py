"""The layout keeps everything on screen and apart at the supported window sizes."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.fonts import get_font
from game.table import anim
from game.table.geometry import anchor
from game.table.layout import POND_COLS, WALL_STACKS, Layout
from game.tile_art import get_tile_art
from game.ui.text import outlined_text

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


def _hand_areas(lay: Layout) -> list[pygame.Rect]:
    """Generous footprints of the four hands, melds included (the longest row or column)."""
    cx, cy = lay.center
    pond_step = get_tile_art(lay.pond_w).step
    column = max(
        (14 - 3 * m) * lay.opp_step + lay.px(14) + m * (3 * pond_step + lay.px(8)) for m in range(5)
    )
    left_x, _ = lay.opp_hand_origin(3, 14)
    right_x, _ = lay.opp_hand_origin(1, 14)
    step = get_tile_art(lay.hand_w).step
    return [
        pygame.Rect(lay.hand_x, lay.hand_y, 14 * step, lay.hand_h),
        pygame.Rect(right_x - lay.px(5), cy - column // 2, lay.opp_h + lay.px(5), column),
        pygame.Rect(cx - 7 * lay.opp_w, lay.px(16), 14 * lay.opp_w, lay.opp_h),
        pygame.Rect(left_x - lay.px(5), cy - column // 2, lay.opp_h + lay.px(5), column),
    ]


@pytest.mark.parametrize("size", SIZES)
def test_seat_panels_sit_apart_beside_their_own_hands(size: tuple[int, int]) -> None:
    lay = Layout.compute(*size)
    panels = lay.panels
    hands = _hand_areas(lay)
    others = [lay.toolbar, lay.item_bar, lay.buttons, lay.center_box]
    others += [lay.pond_slot(pos, i, 24)[0] for pos in range(4) for i in range(24)]
    others += [lay.wall_stack_rect(pos, s) for pos in range(4) for s in range(WALL_STACKS[pos])]
    for pos, panel in [*enumerate(panels), (1, lay.panel_right_free)]:
        assert not any(panel.colliderect(h) for h in hands), (pos, panel)
        assert panel.collidelist(others) == -1 or panel is lay.panel_right_free, (pos, panel)
    free_others = [r for r in others if r is not lay.item_bar]
    assert lay.panel_right_free.collidelist(free_others) == -1
    assert not lay.panel_right_free.colliderect(panels[0])
    for a, b in itertools.combinations(range(4), 2):
        assert not panels[a].colliderect(panels[b]), (a, b)
    assert lay.toolbar.collidelist([lay.item_bar, *hands]) == -1
    # the toolbar's buttons keep to its rect (buttons.Toolbar): beside the top hand's row,
    # clear of the top wall and every row the top pond can reach
    top_wall = [lay.wall_stack_rect(2, s) for s in range(WALL_STACKS[2])]
    assert lay.toolbar.left >= hands[2].right
    assert lay.toolbar.collidelist(top_wall) == -1
    assert lay.toolbar.collidelist([lay.pond_slot(2, i, 40)[0] for i in range(40)]) == -1
    assert lay.item_bar.collidelist(hands) == -1
    # each panel is on its own hand's side of the table
    cx, cy = lay.center
    assert panels[0].bottom > lay.hand_y and panels[0].right <= lay.hand_x
    assert panels[1].left >= hands[1].right and panels[1].centerx > cx
    assert panels[2].bottom < cy and panels[2].right <= hands[2].left
    assert panels[3].right <= hands[3].left and abs(panels[3].centery - cy) <= lay.px(4)
    assert hands[1].top <= panels[1].top <= hands[1].bottom  # level with the right column


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_win_callout_stays_between_the_side_panels(size: tuple[int, int], players: int) -> None:
    """A long score line under 胡！ widens the plate; fitted, it covers no seat's panel or the
    item column and stays in the window, wherever the winner sits."""
    pygame.font.init()
    lay = Layout.compute(*size, players=players)
    title = outlined_text("胡！", lay.font_big, (255, 120, 90), (60, 20, 10))
    line = "Pure Seven Pairs + Root + Root + Kong Bloom + Last Tile · 64 points"
    sub = get_font(lay.font_normal).render(line, True, (240, 230, 210))
    screen = pygame.Rect(0, 0, *size)
    for pos in range(4):
        call = anim.Callout(duration=1.0, text=title, sub=sub, pos=anchor(lay, pos))
        before = call.full_plate()
        call.fit(lay.callout_bounds)
        plate = call.full_plate()
        assert plate.size == before.size
        assert screen.contains(plate), (pos, plate)
        for other in (lay.panels[3], lay.panel_right_free, lay.item_bar):
            assert not plate.colliderect(other), (pos, plate, other)
        if lay.callout_bounds.contains(before):
            assert plate == before  # a plate that fits is left where the seat's anchor puts it
