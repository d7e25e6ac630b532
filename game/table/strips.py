"""The small text pieces of the table's bottom line that the painter draws: the translucent
plate behind a line of text, the hint strip (shanten, or the waits with copies left) and the
lines of a claim's preview. Pure drawing from the layout and what to show."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.table.hints import Hints
from game.table.layout import Layout
from game.tile_art import TileArt
from game.ui.text import TextCache, wrap_text

__all__ = ["draw_hint_strip", "draw_plate", "preview_image"]


def draw_plate(surface: pygame.Surface, lay: Layout, box: pygame.Rect, lines: int = 1) -> None:
    """The translucent plate behind text filling ``box``: a pill round one line, rounded
    corners round two."""
    rect = box.inflate(lay.px(16), lay.px(6))
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = rect.h // 2 if lines == 1 else lay.px(12)
    pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=radius)
    surface.blit(plate, rect.topleft)


def draw_hint_strip(
    surface: pygame.Surface,
    lay: Layout,
    text: TextCache,
    tile_art: Callable[[int], TileArt],
    hints: Hints,
    lang: str,
    at: tuple[int, int],
) -> None:
    """Shanten, or when ready each winning tile as a small tile with copies left and value,
    starting at ``at`` (the status line's baseline row)."""
    x, y = at
    line = text.get(hints.line, lay.font_small, pal.HINT, True)
    items: list[tuple[pygame.Surface, pygame.Surface]] = []
    art = tile_art(lay.badge_tile_w)
    for kind, left, value in hints.waits:
        label = i18n.t("hint.wait_left", lang, left=left) + (f" · {value}" if value else "")
        colour = pal.IVORY_TEXT if left else pal.UI_TEXT_DIM
        state = "normal" if left else "greyed"
        items.append((art.flat_face(kind, state), text.get(label, lay.font_small, colour)))
    width = line.get_width() + sum(t.get_width() + i.get_width() + lay.px(12) for t, i in items)
    mid = y + lay.px(1) + line.get_height() // 2
    height = max([line.get_height(), *(t.get_height() for t, _ in items)])
    box = pygame.Rect(0, 0, width + lay.px(16), height + lay.px(6))
    box.midleft = (x - lay.px(8), mid)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=box.h // 2)
    surface.blit(plate, box.topleft)
    surface.blit(line, line.get_rect(midleft=(x, mid)))
    cx = x + line.get_width() + lay.px(8)
    for tile, label_img in items:
        surface.blit(tile, tile.get_rect(midleft=(cx, mid)))
        cx += tile.get_width() + lay.px(2)
        surface.blit(label_img, label_img.get_rect(midleft=(cx, mid)))
        cx += label_img.get_width() + lay.px(10)


def preview_image(lay: Layout, text: TextCache, words: str) -> pygame.Surface | None:
    """A claim preview's lines, no wider than the claim row and a third (a tile's name is
    never split: ``claim_preview`` joins its words)."""
    if not words:
        return None
    size = lay.font_small
    lines = [text.get(line, size, pal.IVORY_TEXT) for line in wrap_text(words, size, lay.px(560))]
    step = get_font(size).get_linesize()
    out = pygame.Surface(
        (max(img.get_width() for img in lines), step * (len(lines) - 1) + lines[-1].get_height()),
        pygame.SRCALPHA,
    )
    for i, img in enumerate(lines):
        out.blit(img, (0, i * step))
    return out
