"""The boxes the table shows for what the pointer is on: the hint of the own hand's tile
(what discarding it leaves) and the preview of a claim button. How one is drawn, and where
the tile's hint goes: above its tile, or else where it covers no tile still in play.

Pure placement and drawing from rects the painter hands over (as it last drew them); no
state of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import palette as pal
from game.table.geometry import clear_of
from game.table.layout import Layout

__all__ = ["draw_box", "draw_claim_preview", "draw_tile_hint", "place_tile_hint"]

_WAYS = ("up", "left", "right")


def draw_box(surface: pygame.Surface, lay: Layout, img: pygame.Surface, box: pygame.Rect) -> None:
    """``img`` centred in ``box`` on the hint's dark plate with its thin edge."""
    pygame.draw.rect(surface, (16, 26, 36), box, border_radius=lay.px(6))
    pygame.draw.rect(surface, pal.HINT, box, width=1, border_radius=lay.px(6))
    surface.blit(img, img.get_rect(center=box.center))


def _inside(lay: Layout) -> pygame.Rect:
    """The window within the wood rim, where a box may lie."""
    return pygame.Rect(0, 0, lay.w, lay.h).inflate(-2 * lay.px(12), -2 * lay.px(12))


def draw_claim_preview(
    surface: pygame.Surface,
    lay: Layout,
    img: pygame.Surface,
    bottomright: tuple[int, int],
    keep: Sequence[pygame.Rect],
) -> pygame.Rect:
    """A claim's preview ``img`` with its bottom right at ``bottomright`` (above the claim
    row), moved clear of ``keep`` (:func:`clear_of`); where its box went."""
    box = img.get_rect(bottomright=bottomright).inflate(lay.px(14), lay.px(8))
    box = clear_of(box, keep, _inside(lay), lay.px(6))
    draw_box(surface, lay, img, box)
    return box


def draw_tile_hint(
    surface: pygame.Surface,
    lay: Layout,
    img: pygame.Surface,
    tile: pygame.Rect,
    floors: Sequence[pygame.Rect],
    keep: Sequence[pygame.Rect],
    ponds: Sequence[pygame.Rect],
) -> pygame.Rect:
    """The hint ``img`` of the hand's ``tile``: above it and above ``floors`` (the status
    line and hints level with it: at 1024x640 it lay over 'Your turn: discard a tile'), or
    where :func:`place_tile_hint` finds it covers none of ``keep`` and, where there is room,
    none of ``ponds`` and the centre box; in the table's lower half, near its tile. Where
    its box went."""
    bottom = min([tile.y - lay.px(20)] + [b.top - lay.px(8) for b in floors])
    box = img.get_rect(midbottom=(tile.centerx, bottom)).inflate(lay.px(14), lay.px(8))
    bounds = _inside(lay)
    bounds.height = bounds.bottom - lay.center[1]
    bounds.top = lay.center[1]
    box = place_tile_hint(box, keep, [*ponds, lay.center_box], bounds, lay.px(6))
    draw_box(surface, lay, img, box)
    return box


def _cover(box: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """How much of ``rects`` (in px², each counted) ``box`` lies over."""
    total = 0
    for i in box.collidelistall(rects):
        part = box.clip(rects[i])
        total += part.w * part.h
    return total


def _slide(
    box: pygame.Rect, rects: Sequence[pygame.Rect], bounds: pygame.Rect, gap: int, way: str
) -> pygame.Rect | None:
    """``box`` stepped ``way`` past each of ``rects`` it meets, ``gap`` clear, until it meets
    none; None where that leaves ``bounds``."""
    placed = box.copy()
    for _ in range(len(rects) + 1):
        hits = [rects[i] for i in placed.collidelistall(rects)]
        if not hits:
            return placed
        if way == "up":
            placed.bottom = min(rect.top for rect in hits) - gap
        elif way == "left":
            placed.right = min(rect.left for rect in hits) - gap
        else:
            placed.left = max(rect.right for rect in hits) + gap
        if not bounds.contains(placed):
            return None
    return None


def place_tile_hint(
    box: pygame.Rect,
    keep: Sequence[pygame.Rect],
    rather: Sequence[pygame.Rect],
    bounds: pygame.Rect,
    gap: int,
) -> pygame.Rect:
    """Where the hint ``box`` (placed above its tile) goes: there if it covers none of
    ``keep`` (the wall's standing stacks, the hands, panels, labels, buttons) and none of
    ``rather`` (the discards, the centre's count); else the place nearest to it, inside
    ``bounds``, covering least of ``keep`` and then least of ``rather``. The places tried:
    it, and it moved up, left or right past what it meets — from where it was, or from
    above the wall's stacks it lay on (the felt beside the own discards)."""
    start = box.clamp(bounds)
    both = [*keep, *rather]
    origins = [start]
    above = _slide(start, keep, bounds, gap, "up")
    if above is not None and above != start:
        origins.append(above)
    places = list(origins)
    for origin in origins:
        for clear in (keep, both):
            for way in _WAYS:
                placed = _slide(origin, clear, bounds, gap, way)
                if placed is not None:
                    places.append(placed)

    def cost(rect: pygame.Rect) -> tuple[int, int, int]:
        far = abs(rect.centerx - start.centerx) + abs(rect.centery - start.centery)
        return _cover(rect, keep), _cover(rect, rather), far

    return min(places, key=cost)
