"""Backgrounds, panels and small icons shared by the screens (cached per size: drawn every
frame)."""

from __future__ import annotations

import functools

import pygame

from game import fonts, item_art, tile_art
from game import palette as pal
from game.ui import text

__all__ = [
    "BASE_H",
    "BASE_W",
    "PANEL_BG",
    "PANEL_EDGE",
    "clear_caches",
    "coin_icon",
    "dim_layer",
    "felt_background",
    "gradient_rect",
    "panel",
    "window_icon",
]

BASE_W, BASE_H = 1280, 800
Colour = tuple[int, int, int]

PANEL_BG = (12, 48, 34, 225)
PANEL_EDGE = (179, 138, 56)


@functools.lru_cache(maxsize=8)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The table felt with a radial glow, a wood rim and a thin gold line (cached per size)."""
    w, h = size
    bg = pygame.Surface((w, h))
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 19.5) / 20
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.2)
            small.set_at(
                (x, y),
                tuple(round(pal.FELT_LIGHT[c] * (1 - t) + pal.FELT_DARK[c] * t) for c in range(3)),
            )
    bg.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    # a faint woven texture
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(0, h, 3):
        pygame.draw.line(weave, (0, 0, 0, 10), (0, y), (w, y))
    bg.blit(weave, (0, 0))
    rim = max(6, round(8 * min(w / BASE_W, h / BASE_H)))
    pygame.draw.rect(bg, pal.WOOD, bg.get_rect(), width=rim)
    pygame.draw.rect(bg, pal.WOOD_LIGHT, bg.get_rect().inflate(-2, -2), width=1)
    pygame.draw.rect(bg, pal.GOLD_DARK, bg.get_rect().inflate(-2 * rim, -2 * rim), width=1)
    return bg


@functools.lru_cache(maxsize=8)
def dim_layer(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A black veil of ``alpha`` over a whole window of ``size`` (an overlay's backdrop;
    cached: a 4 MB surface is too dear to make every frame)."""
    dim = pygame.Surface(size, pygame.SRCALPHA)
    dim.fill((0, 0, 0, alpha))
    return dim


@functools.lru_cache(maxsize=2)  # a new hand (a new painter) reuses the felt of the last
def felt(
    size: tuple[int, int], center: tuple[int, int], box: tuple[int, int], rim: int
) -> pygame.Surface:
    """The table cloth of a window of ``size``: a radial felt lighter towards the centre
    box, a fine grain and a wooden rim (built once per size: 40 ms at 2560x1440)."""
    w, h = size
    # radial felt: concentric ellipses from the dark edge to the light centre, painted at
    # an eighth of the size and smooth-scaled up (soft gradient, a fraction of the cost)
    sw, sh = max(8, w // 8), max(8, h // 8)
    small = pygame.Surface((sw, sh))
    small.fill(pal.FELT_DARK)
    steps = 28
    cx, cy = center[0] * sw // w, center[1] * sh // h
    for i in range(steps):
        p = i / (steps - 1)
        col = tuple(
            round(pal.FELT_DARK[c] + (pal.FELT_LIGHT[c] - pal.FELT_DARK[c]) * p**1.4)
            for c in range(3)
        )
        rw = int(sw * 1.25 * (1 - p) + box[0] * sw / w * p)
        rh = int(sh * 1.25 * (1 - p) + box[1] * sh / h * p)
        pygame.draw.ellipse(small, col, pygame.Rect(cx - rw // 2, cy - rh // 2, rw, rh))
    bg = pygame.transform.smoothscale(small, (w, h))
    # subtle felt grain: darker every third line
    for y in range(0, h, 3):
        bg.fill((8, 8, 8), pygame.Rect(0, y, w, 1), special_flags=pygame.BLEND_RGB_SUB)
    # wooden rim
    pygame.draw.rect(bg, pal.WOOD_DARK, bg.get_rect(), width=rim + 2)
    pygame.draw.rect(bg, pal.WOOD, bg.get_rect().inflate(-4, -4), width=rim - 2)
    pygame.draw.rect(bg, pal.GOLD_DARK, bg.get_rect().inflate(-2 * rim, -2 * rim), width=1)
    screen = pygame.display.get_surface()
    if screen is None or (bg.get_bitsize(), bg.get_masks()) == (
        screen.get_bitsize(),
        screen.get_masks(),
    ):
        return bg  # already the window's format: a convert() would only copy 15 MB
    return bg.convert()


@functools.lru_cache(maxsize=256)
def _panel_body(
    size: tuple[int, int], fill: tuple[int, int, int, int], radius: int
) -> tuple[pygame.Surface, pygame.Surface]:
    """The shadow and the translucent body of a panel of ``size`` (cached: drawn every frame)."""
    shade = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=radius + 2)
    body = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(body, fill, body.get_rect(), border_radius=radius)
    return shade, body


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int, int] = PANEL_BG,
    edge: Colour = PANEL_EDGE,
    radius: int = 10,
) -> None:
    """A translucent dark-green panel with a gold edge and a soft shadow."""
    shade, body = _panel_body((rect.w, rect.h), tuple(fill), radius)
    surface.blit(shade, (rect.x - 1, rect.y + 3))
    surface.blit(body, rect)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


@functools.lru_cache(maxsize=512)
def _gradient_surface(
    size: tuple[int, int], top: Colour, bottom: Colour, radius: int
) -> pygame.Surface:
    w, h = size
    col = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        col.set_at((0, y), tuple(round(top[c] + (bottom[c] - top[c]) * t) for c in range(3)))
    body = pygame.transform.scale(col, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return body


def gradient_rect(
    surface: pygame.Surface, rect: pygame.Rect, top: Colour, bottom: Colour, radius: int
) -> None:
    """A rounded rectangle with a vertical gradient (cached per size and colours)."""
    if rect.w > 0 and rect.h > 0:
        surface.blit(_gradient_surface((rect.w, rect.h), top, bottom, radius), rect)


# --- icons ---


@functools.lru_cache(maxsize=16)
def coin_icon(size: int) -> pygame.Surface:
    """A small gold coin with a square hole (游戏币)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(s, (150, 110, 30), (r, r), r)
    pygame.draw.circle(s, (246, 206, 96), (r, r), r - max(1, size // 10))
    pygame.draw.circle(s, (214, 170, 70), (r, r), r - max(2, size // 5), max(1, size // 14))
    hole = max(2, size // 4)
    pygame.draw.rect(s, (150, 110, 30), (r - hole // 2, r - hole // 2, hole, hole))
    return s


ICON_TILE = 18  # 1条 (幺鸡), the bird of the bamboo suit


def window_icon(size: int = 64, tile: int = ICON_TILE, style: str = "classic") -> pygame.Surface:
    """The game's icon, ``size`` px square: ``tile`` (1条 unless asked) drawn by the game's
    tile art, with its shadow, on a rounded square of felt. The one picture of the window
    (title bar, task bar, Alt+Tab; so it does not show pygame's own) and of the packaged
    game's files (build_scripts/make_icon.py draws it at 1024 px). Needs the display (the
    tile art converts its surfaces)."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size // 6
    pygame.draw.rect(icon, pal.FELT_DARK, icon.get_rect(), border_radius=radius)
    inner = icon.get_rect().inflate(-max(2, size // 32), -max(2, size // 32))
    pygame.draw.rect(icon, pal.FELT, inner, border_radius=max(1, radius - size // 64))
    pygame.draw.ellipse(icon, pal.FELT_LIGHT, inner.inflate(-size // 5, -size // 5))
    # drawn a little larger than it is shown (a face is 1.5 times as high as wide), so it is
    # only ever scaled down: crisp at 16 px and at 1024
    face = tile_art.get_tile_art(max(8, size * 27 // 50), style).face(tile)
    scale = (size * 0.78) / face.get_height()
    face = pygame.transform.smoothscale(
        face.convert_alpha(),
        (round(face.get_width() * scale), round(face.get_height() * scale)),
    )
    box = face.get_rect(center=icon.get_rect().center)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=box.width // 8)
    icon.blit(shadow, box.move(size // 48, size // 40))
    icon.blit(face, box)
    return icon


def clear_caches() -> None:
    """Forget every cached text, title and background (tests; or after ``pygame.quit()``,
    which invalidates the fonts they were drawn with), with the fonts, tiles and items."""
    text.clear_caches()
    _panel_body.cache_clear()
    dim_layer.cache_clear()
    felt.cache_clear()
    coin_icon.cache_clear()
    _gradient_surface.cache_clear()
    felt_background.cache_clear()
    item_art.draw_item.cache_clear()
    tile_art.clear_caches()
    fonts.clear_cache()
