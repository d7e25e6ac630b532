"""What the painter draws on the wall's layer beside its stacks: the gold arrow at the
stack where drawing began (开门). Pure drawing from the layout."""

from __future__ import annotations

import pygame

from game import palette as pal
from game.table.layout import Layout

__all__ = ["draw_break_marker"]


def draw_break_marker(layer: pygame.Surface, lay: Layout, first: tuple[int, int]) -> None:
    """A small gold arrow beside the stack where drawing began (开门): on the side
    walls' outer side, but for the bottom and top walls on their inner side — below the
    bottom wall is the status line, whose words the arrow showed through, and above the
    top wall the hand across, whose tiles it lay over (the pond's tiles, if they reach,
    go over it)."""
    pos, stack = first
    rect = lay.wall_stack_rect(pos, stack)
    r = lay.px(6)
    gap = lay.px(5)
    cx, cy = rect.center
    if pos == 0:
        tip, base = (cx, rect.y - lay.wall_lift - gap), (0, -1)
    elif pos == 2:
        tip, base = (cx, rect.bottom + gap), (0, 1)
    elif pos == 1:
        tip, base = (rect.right + gap, cy), (1, 0)
    else:
        tip, base = (rect.x - gap, cy), (-1, 0)
    bx, by = tip[0] + base[0] * 2 * r, tip[1] + base[1] * 2 * r
    side = (base[1] * r, base[0] * r)
    points = [tip, (bx + side[0], by + side[1]), (bx - side[0], by - side[1])]
    pygame.draw.polygon(layer, pal.GOLD, points)
    pygame.draw.polygon(layer, pal.GOLD_DARK, points, width=1)
