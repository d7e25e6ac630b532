"""The gold arrow at the stack where drawing began (开门) lies clear of the status line: at
the bottom wall it sat in the status line's row, and the hint strip's words ("4 left") were
drawn over it."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, running_app, table_of, widest_toolbar_table

from game.fonts import get_font
from game.table.layout import Layout
from game.table.wall_art import draw_break_marker
from game.tile_art import get_tile_art

WINDOWS = [(1024, 640), (1280, 800), (1366, 768), (1900, 640), (1920, 1080), (2560, 1440)]
ROOMS = {4: ("standard", ()), 3: ("sanren_liangfang", ()), 2: ("liangren", ())}


def _status_row(lay: Layout) -> pygame.Rect:
    """The status pill and the hint strip's row (``painter._draw_status``), edge to edge."""
    line_h = get_font(lay.font_normal, True).get_linesize()
    strip_h = max(line_h, get_tile_art(lay.badge_tile_w).flat_size[1]) + lay.px(6)
    top = min(lay.hint_y - lay.px(3), lay.hint_y + lay.px(1) + line_h // 2 - strip_h // 2)
    return pygame.Rect(0, top, lay.w, lay.hand_y - top)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_break_marker_lies_clear_of_the_status_line(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    preset, overrides = ROOMS[players]
    with widest_toolbar_table(preset, overrides, "en", WINDOWS[0], monkeypatch) as table:
        problems = []
        for size in WINDOWS:
            table.app.resize(size)
            lay = table.layout
            status = _status_row(lay)
            for pos in range(4):
                for stack in range(lay.wall_stacks[pos]):
                    layer = pygame.Surface(size, pygame.SRCALPHA)
                    draw_break_marker(layer, lay, (pos, stack))
                    arrow = layer.get_bounding_rect()
                    assert arrow.w and arrow.h
                    if arrow.colliderect(status):
                        problems.append(f"{size} wall {pos} stack {stack}: {arrow} in {status}")
        assert not problems, "\n".join(problems[:20])


def test_the_break_marker_keeps_off_the_seat_across() -> None:
    """At the top wall the arrow sat on the wall's outer side, between it and the hand of the
    seat across: at 1024×640 its base lay over that hand's tiles, pointing at the hand rather
    than at the wall."""
    with running_app(preset="standard", seed=3, window=WINDOWS[0], lang="en") as app:
        table = table_of(app)
        assert table is not None
        problems = []
        for size in WINDOWS:
            app.resize(size)
            for _ in range(3):
                app.step(DT)
            across = table.painter.columns.get(2)
            assert across is not None
            lay = table.layout
            for stack in range(lay.wall_stacks[2]):
                layer = pygame.Surface(size, pygame.SRCALPHA)
                draw_break_marker(layer, lay, (2, stack))
                arrow = layer.get_bounding_rect()
                if arrow.colliderect(across):
                    problems.append(f"{size} stack {stack}: {arrow} over {across}")
        assert not problems, "\n".join(problems[:20])
