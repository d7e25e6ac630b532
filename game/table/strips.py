"""The small text pieces of the table's bottom line that the painter draws: the translucent
plate behind a line of text, the hint strip (shanten, or the waits with copies left) and the
lines of a claim's preview. Pure drawing from the layout and what to show."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.table.hints import Hints
from game.table.layout import Layout
from game.tile_art import TileArt
from game.ui.text import TextCache, wrap_text

__all__ = ["draw_hint_strip", "draw_plate", "preview_image"]


def draw_plate(
    surface: pygame.Surface, lay: Layout, box: pygame.Rect, lines: int = 1
) -> pygame.Rect:
    """The translucent plate behind text filling ``box``: a pill round one line, rounded
    corners round two. Where it went."""
    rect = box.inflate(lay.px(16), lay.px(6))
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = rect.h // 2 if lines == 1 else lay.px(12)
    pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=radius)
    surface.blit(plate, rect.topleft)
    return rect


def draw_hint_strip(
    surface: pygame.Surface,
    lay: Layout,
    text: TextCache,
    tile_art: Callable[[int], TileArt],
    hints: Hints,
    lang: str,
    at: tuple[int, int],
    right: int | None = None,
) -> pygame.Rect | None:
    """Shanten, or when ready each winning tile as a small tile with copies left and value,
    starting at ``at`` (the status line's baseline row) and ending by ``right`` (the turn's
    buttons). Where the whole strip does not fit it says "听牌" alone and each tile's copies
    as "×3"; then only the tiles with the most copies left keep their words, the others
    following bare; then as many bare tiles as fit show, and "+3 more" / "还有3种" for the
    rest. Its plate, or None when nothing fits."""
    x, y = at
    room = (surface.get_width() if right is None else right) - x
    for pieces in _hint_layouts(lay, text, tile_art, hints, lang):
        if _span(pieces) <= room:
            break
    else:
        return None
    line = pieces[0][0]
    mid = y + lay.px(1) + line.get_height() // 2
    height = max(img.get_height() for img, _ in pieces)
    box = pygame.Rect(0, 0, _span(pieces) + lay.px(16), height + lay.px(6))
    box.midleft = (x - lay.px(8), mid)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=box.h // 2)
    surface.blit(plate, box.topleft)
    cx = x
    for img, gap in pieces:
        surface.blit(img, img.get_rect(midleft=(cx, mid)))
        cx += img.get_width() + gap
    return box


_Pieces = list[tuple[pygame.Surface, int]]  # what a strip shows, left to right, and the gap after


def _span(pieces: _Pieces) -> int:
    return sum(img.get_width() + gap for img, gap in pieces) - pieces[-1][1]


def _hint_layouts(
    lay: Layout, text: TextCache, tile_art: Callable[[int], TileArt], hints: Hints, lang: str
) -> Iterator[_Pieces]:
    """The strip's layouts from the fullest to the barest (:func:`draw_hint_strip`)."""
    size = lay.font_small
    art = tile_art(lay.badge_tile_w)
    gap, word_gap, bare_gap = lay.px(10), lay.px(2), lay.px(4)

    def tile(kind: int, left: int) -> pygame.Surface:
        return art.flat_face(kind, "normal" if left else "greyed")

    def label(words: str, left: int) -> tuple[pygame.Surface, int]:
        return text.get(words, size, pal.IVORY_TEXT if left else pal.UI_TEXT_DIM), gap

    def worded(short: bool) -> _Pieces:
        out: _Pieces = []
        for kind, left, value in hints.waits:
            key = "hint.wait_item" if short else "hint.wait_left"  # "×3" or "3 left"
            words = i18n.t(key, lang, tile="", left=left) + (f" · {value}" if value else "")
            out += [(tile(kind, left), word_gap), label(words, left)]
        return out

    line = text.get(hints.line, size, pal.HINT, True)
    yield [(line, lay.px(8)), *worded(False)]
    if not hints.waits:
        return
    head = (text.get(i18n.t("hint.ready", lang), size, pal.HINT, True), lay.px(8))
    yield [head, *worded(True)]
    # the tiles with the most copies left keep their words, the others follow bare
    best = sorted(range(len(hints.waits)), key=lambda i: -hints.waits[i][1])
    pairs = worded(True)
    for keep in range(len(hints.waits) - 1, -1, -1):
        out: _Pieces = [head]
        for i in sorted(best[:keep]):
            out += pairs[2 * i : 2 * i + 2]
        out += [(tile(*hints.waits[i][:2]), bare_gap) for i in sorted(best[keep:])]
        yield out
    for keep in range(len(hints.waits) - 1, 0, -1):
        out = [head] + [(tile(*hints.waits[i][:2]), bare_gap) for i in sorted(best[:keep])]
        more = len(hints.waits) - keep
        words = i18n.t("hint.more", lang, n=more)
        yield [*out, (text.get(words, size, pal.IVORY_TEXT), 0)]
    yield [(head[0], 0)]


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
