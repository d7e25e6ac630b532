"""Mahjong tiles drawn in code: ivory faces with real 万/筒/条 art, green backs, depth, shadow.

Nothing is loaded from image files, so tiles are sharp at any size. Each sprite is drawn
once at 3–4× its size with plain ``pygame.draw`` calls and smooth-scaled down (that is the
anti-aliasing), then cached: a frame only blits.

Geometry of a sprite (``TileArt.size``)::

    +-----------+.        face: ivory, rounded, the tile's art
    |   face    |.        side: the tile's thickness (ivory layer over the green back layer)
    |           |.        .   : soft drop shadow, ``pad`` pixels right and below
    +-----------+.
    |   side    |.
    +-----------+.
     ............

``face()``/``back()`` are upright tiles (the player's hand, opponents' hands);
``flat_face()``/``flat_back()`` are tiles lying on the table (ponds, melds, the wall): the
same art with a thinner side. ``rotated()`` turns any of them for the side seats.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import pygame

from engine.tiles import NUM_KINDS, rank_of, suit_of
from game import palette as pal
from game.fonts import get_font
from game.palette import Colour, TilePalette, tile_palette

__all__ = [
    "STATES",
    "TileArt",
    "clear_caches",
    "draw_dice",
    "draw_pointer",
    "draw_suit_badge",
    "get_tile_art",
    "grey_out",
    "highlight",
]

STATES: tuple[str, ...] = ("normal", "selected", "greyed", "latest", "hint")
# Below this width the contrast style's corner digit would shrink the art too much to help.
_MIN_INDEX_W = 36
_MAX_TURNS = 1024  # rotated sprites kept per TileArt (every sprite × 3 turns fits easily)

_NUMERALS = "一二三四五六七八九"
_WAN = "萬"

Point = tuple[float, float]
Painter = Callable[[pygame.Surface, pygame.Rect], None]


# --- small drawing helpers (all on the supersampled canvas) --------------------------------


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _lighter(c: Colour, t: float) -> Colour:
    return _mix(c, (255, 255, 255), t)


def _darker(c: Colour, t: float) -> Colour:
    return _mix(c, (0, 0, 0), t)


def _rounded_gradient(
    size: tuple[int, int], radius: int, top: Colour, bottom: Colour
) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient, transparent outside."""
    w, h = size
    column = pygame.Surface((1, h), pygame.SRCALPHA)
    for y in range(h):
        column.set_at((0, y), _mix(top, bottom, y / max(1, h - 1)))
    surf = pygame.transform.scale(column, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


def _circle(surf: pygame.Surface, colour: Colour, c: Point, r: float) -> None:
    if r >= 0.5:
        pygame.draw.circle(surf, colour, (round(c[0]), round(c[1])), round(r))


def _ellipse(
    surf: pygame.Surface, colour: Colour, c: Point, rx: float, ry: float, angle: float = 0.0
) -> None:
    """A filled ellipse rotated by ``angle`` degrees (as a polygon, so it can tilt)."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    pygame.draw.polygon(surf, colour, pts)


# Glyphs are rendered at one of a few font sizes and scaled to the exact size, so that resizing
# the window through many tile widths does not open a new FreeType face per width.
_GLYPH_SIZES = (16, 24, 32, 48, 64, 96, 128, 192, 256, 320)


@functools.lru_cache(maxsize=256)
def _glyph_master(ch: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    img = get_font(size, bold).render(ch, True, colour)
    ink = img.get_bounding_rect()
    if ink.w == 0 or ink.h == 0:
        return img
    return img.subsurface(ink).copy()


def _glyph(ch: str, px: int, colour: Colour, bold: bool) -> pygame.Surface:
    """One character as it would render at ``px`` pixels, cropped to its ink."""
    size = next((s for s in _GLYPH_SIZES if s >= px), _GLYPH_SIZES[-1])
    img = _glyph_master(ch, size, colour, bold)
    if size == px:
        return img.copy()
    w, h = img.get_size()
    scale = px / size
    return pygame.transform.smoothscale(img, (max(1, round(w * scale)), max(1, round(h * scale))))


def _blit_fitted(surf: pygame.Surface, img: pygame.Surface, box: pygame.Rect) -> None:
    """Centre ``img`` in ``box``, shrinking it (never stretching) if it does not fit."""
    w, h = img.get_size()
    scale = min(1.0, box.w / max(1, w), box.h / max(1, h))
    if scale < 1.0:
        img = pygame.transform.smoothscale(
            img, (max(1, round(w * scale)), max(1, round(h * scale)))
        )
    surf.blit(img, img.get_rect(center=box.center))


# --- the three suits -------------------------------------------------------------------------

# 筒 dots: (x, y) in the content box (0–1 each way), a radius as a fraction of the box width,
# and the colour role of each dot ("b" blue, "g" green, "r" red), as on a real set.
_DOT_LAYOUTS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    2: (0.28, ((0.5, 0.24, "g"), (0.5, 0.76, "b"))),
    3: (0.21, ((0.21, 0.15, "b"), (0.5, 0.5, "r"), (0.79, 0.85, "g"))),
    4: (
        0.22,
        ((0.26, 0.24, "b"), (0.74, 0.24, "g"), (0.26, 0.76, "g"), (0.74, 0.76, "b")),
    ),
    5: (
        0.185,
        (
            (0.22, 0.16, "b"),
            (0.78, 0.16, "g"),
            (0.5, 0.5, "r"),
            (0.22, 0.84, "g"),
            (0.78, 0.84, "b"),
        ),
    ),
    6: (
        0.18,
        (
            (0.27, 0.13, "g"),
            (0.73, 0.13, "g"),
            (0.27, 0.56, "r"),
            (0.73, 0.56, "r"),
            (0.27, 0.87, "r"),
            (0.73, 0.87, "r"),
        ),
    ),
    7: (
        0.155,
        (
            (0.18, 0.09, "g"),
            (0.5, 0.2, "g"),
            (0.82, 0.31, "g"),
            (0.28, 0.61, "r"),
            (0.72, 0.61, "r"),
            (0.28, 0.89, "r"),
            (0.72, 0.89, "r"),
        ),
    ),
    8: (
        0.165,
        tuple((x, y, "b") for y in (0.11, 0.37, 0.63, 0.89) for x in (0.28, 0.72)),
    ),
    9: (
        0.16,
        tuple(
            (x, y, role)
            for y, role in ((0.13, "b"), (0.5, "r"), (0.87, "g"))
            for x in (0.17, 0.5, 0.83)
        ),
    ),
}

# 条 sticks: (x, y, tilt in degrees, colour role "g"/"r"), rows per tile for the stick length.
_STICK_LAYOUTS: dict[int, tuple[int, tuple[tuple[float, float, float, str], ...]]] = {
    2: (2, ((0.5, 0.25, 0, "g"), (0.5, 0.75, 0, "g"))),
    3: (2, ((0.5, 0.25, 0, "g"), (0.28, 0.75, 0, "g"), (0.72, 0.75, 0, "g"))),
    4: (
        2,
        ((0.28, 0.25, 0, "g"), (0.72, 0.25, 0, "g"), (0.28, 0.75, 0, "g"), (0.72, 0.75, 0, "g")),
    ),
    5: (
        2,
        (
            (0.18, 0.25, 0, "g"),
            (0.82, 0.25, 0, "g"),
            (0.5, 0.5, 0, "r"),
            (0.18, 0.75, 0, "g"),
            (0.82, 0.75, 0, "g"),
        ),
    ),
    6: (2, tuple((x, y, 0, "g") for y in (0.25, 0.75) for x in (0.18, 0.5, 0.82))),
    7: (
        3,
        ((0.5, 0.16, 0, "r"), *((x, y, 0, "g") for y in (0.5, 0.84) for x in (0.18, 0.5, 0.82))),
    ),
    8: (
        2,
        (
            (0.12, 0.25, 0, "g"),
            (0.37, 0.25, -16, "g"),
            (0.63, 0.25, 16, "g"),
            (0.88, 0.25, 0, "g"),
            (0.12, 0.75, 0, "g"),
            (0.37, 0.75, 16, "g"),
            (0.63, 0.75, -16, "g"),
            (0.88, 0.75, 0, "g"),
        ),
    ),
    9: (
        3,
        tuple(
            (x, y, 0, "r" if x == 0.5 else "g")
            for y in (0.16, 0.5, 0.84)
            for x in (0.18, 0.5, 0.82)
        ),
    ),
}


class _FacePainter:
    """Draws the art of one tile kind into a content box of the supersampled canvas."""

    def __init__(self, p: TilePalette, supersample: int) -> None:
        self.p = p
        self.ss = supersample  # canvas pixels per final pixel, to pick the level of detail

    def __call__(self, kind: int, surf: pygame.Surface, box: pygame.Rect) -> None:
        suit, rank = suit_of(kind), rank_of(kind)
        if suit == 0:
            self.characters(rank, surf, box)
        elif suit == 1:
            self.dots(rank, surf, box)
        elif rank == 1:
            self.bird(surf, box)
        else:
            self.bamboo(rank, surf, box)

    # 万 ------------------------------------------------------------------------------------
    def characters(self, rank: int, surf: pygame.Surface, box: pygame.Rect) -> None:
        top = pygame.Rect(box.x, box.y, box.w, round(box.h * 0.42))
        bottom = pygame.Rect(box.x, box.y + round(box.h * 0.45), box.w, box.h - round(box.h * 0.45))
        # One font size for all numerals so their strokes match (一 stays a slim bar).
        numeral_px = round(min(top.w, top.h) * 1.22)
        _blit_fitted(surf, _glyph(_NUMERALS[rank - 1], numeral_px, self.p.numeral, True), top)
        wan_px = round(min(bottom.w, bottom.h) * 1.12)
        _blit_fitted(surf, _glyph(_WAN, wan_px, self.p.wan, True), bottom)

    # 筒 ------------------------------------------------------------------------------------
    def _dot_colour(self, role: str) -> Colour:
        return {"b": self.p.dot_blue, "g": self.p.dot_green, "r": self.p.dot_red}[role]

    def _dot_mark(self, role: str) -> str:
        return {"b": self.p.blue_mark, "g": self.p.green_mark, "r": self.p.red_mark}[role]

    def dot(self, surf: pygame.Surface, c: Point, r: float, role: str) -> None:
        colour, inner, mark = self._dot_colour(role), self.p.dot_inner, self._dot_mark(role)
        if mark == "solid":
            _circle(surf, colour, c, r)
            _circle(surf, inner, c, r * 0.24)
        elif mark == "ring":
            _circle(surf, colour, c, r)
            _circle(surf, inner, c, r * 0.52)
            _circle(surf, colour, c, r * 0.16)
        elif mark == "outlined":
            _circle(surf, _darker(colour, 0.7), c, r)
            _circle(surf, colour, c, r * 0.74)
            _circle(surf, _darker(colour, 0.7), c, r * 0.3)
        elif r / self.ss < 4.5:  # classic, tiny: rings would blur into a pale smudge
            _circle(surf, colour, c, r)
            _circle(surf, inner, c, r * 0.56)
            _circle(surf, colour, c, r * 0.34)
        elif r / self.ss < 9:  # classic, small: rim and centre, no notches
            _circle(surf, colour, c, r)
            _circle(surf, inner, c, r * 0.76)
            _circle(surf, colour, c, r * 0.6)
            _circle(surf, inner, c, r * 0.3)
            _circle(surf, colour, c, r * 0.17)
        else:  # classic: a coin-like dot — rim, notched band, centre
            _circle(surf, colour, c, r)
            _circle(surf, inner, c, r * 0.8)
            _circle(surf, colour, c, r * 0.66)
            for i in range(12):
                a = 2 * math.pi * i / 12
                _circle(
                    surf,
                    inner,
                    (c[0] + math.cos(a) * r * 0.5, c[1] + math.sin(a) * r * 0.5),
                    r * 0.075,
                )
            _circle(surf, inner, c, r * 0.3)
            _circle(surf, colour, c, r * 0.17)

    def dots(self, rank: int, surf: pygame.Surface, box: pygame.Rect) -> None:
        if rank == 1:
            self.big_dot(surf, box)
            return
        radius, spots = _DOT_LAYOUTS[rank]
        r = radius * min(box.w, box.h / 1.4)  # a squat box (contrast index) must not overlap
        for x, y, role in spots:
            self.dot(surf, (box.x + x * box.w, box.y + y * box.h), r, role)

    def big_dot(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        """1筒: a large ornate medallion."""
        p = self.p
        c = (box.centerx, box.centery)
        r = min(box.w, box.h) * 0.49
        green, blue, red, inner = p.dot_green, p.dot_blue, p.dot_red, p.dot_inner
        _circle(surf, green, c, r)
        _circle(surf, inner, c, r * 0.92)
        for i in range(20):  # bead ring
            a = 2 * math.pi * i / 20
            _circle(
                surf,
                blue,
                (c[0] + math.cos(a) * r * 0.81, c[1] + math.sin(a) * r * 0.81),
                r * 0.085,
            )
        _circle(surf, green, c, r * 0.66)
        _circle(surf, inner, c, r * 0.59)
        for i in range(8):  # flower petals
            a = 2 * math.pi * (i + 0.5) / 8
            pc = (c[0] + math.cos(a) * r * 0.38, c[1] + math.sin(a) * r * 0.38)
            _ellipse(surf, red, pc, r * 0.17, r * 0.09, math.degrees(a))
        _circle(surf, blue, c, r * 0.24)
        _circle(surf, inner, c, r * 0.16)
        _circle(surf, red, c, r * 0.1)

    # 条 ------------------------------------------------------------------------------------
    def stick(
        self, surf: pygame.Surface, c: Point, length: float, width: float, role: str, tilt: float
    ) -> None:
        p = self.p
        red = role == "r"
        main = p.stick_red if red else p.stick_green
        dark = p.stick_red_dark if red else p.stick_green_dark
        mark = p.red_stick if red else p.green_stick
        w, L = max(3, round(width)), max(6, round(length))
        pad = round(w * 0.2)
        tmp = pygame.Surface((w + 2 * pad, L), pygame.SRCALPHA)
        x0 = pad
        rad = w // 2
        if mark == "outlined":  # contrast red: light body, heavy outline, hatched
            pygame.draw.rect(tmp, dark, (x0, 0, w, L), border_radius=rad)
            edge = max(2, round(w * 0.2))
            pygame.draw.rect(
                tmp, main, (x0 + edge, edge, w - 2 * edge, L - 2 * edge), border_radius=rad
            )
            for y in range(round(L * 0.12), round(L * 0.9), max(3, round(w * 0.45))):
                pygame.draw.line(
                    tmp, dark, (x0 + edge, y), (x0 + w - edge, y), max(1, round(w * 0.08))
                )
        else:
            pygame.draw.rect(tmp, dark, (x0, 0, w, L), border_radius=rad)
            edge = max(1, round(w * 0.12))
            pygame.draw.rect(
                tmp, main, (x0 + edge, edge, w - 2 * edge, L - 2 * edge), border_radius=rad
            )
            if mark == "classic":
                light = _lighter(main, 0.45)
                pygame.draw.rect(
                    tmp,
                    light,
                    (
                        x0 + round(w * 0.24),
                        round(L * 0.06),
                        max(1, round(w * 0.16)),
                        round(L * 0.88),
                    ),
                    border_radius=max(1, round(w * 0.08)),
                )
            # the centre vein
            pygame.draw.line(
                tmp,
                dark,
                (x0 + w // 2, round(L * 0.1)),
                (x0 + w // 2, round(L * 0.9)),
                max(1, round(w * 0.1)),
            )
            joint = (255, 255, 255) if mark == "solid" else dark
            for fy in (0.5,):
                _ellipse(tmp, dark, (x0 + w / 2, L * fy), w * 0.62, w * 0.2)
                _ellipse(
                    tmp,
                    joint if mark == "solid" else main,
                    (x0 + w / 2, L * fy),
                    w * 0.42,
                    w * 0.08,
                )
            # end caps
            pygame.draw.rect(
                tmp, dark, (x0 - pad // 2, 0, w + pad, max(2, round(w * 0.28))), border_radius=rad
            )
            pygame.draw.rect(
                tmp,
                dark,
                (x0 - pad // 2, L - max(2, round(w * 0.28)), w + pad, max(2, round(w * 0.28))),
                border_radius=rad,
            )
        if tilt:
            tmp = pygame.transform.rotate(tmp, tilt)
        surf.blit(tmp, tmp.get_rect(center=(round(c[0]), round(c[1]))))

    def bamboo(self, rank: int, surf: pygame.Surface, box: pygame.Rect) -> None:
        rows, sticks = _STICK_LAYOUTS[rank]
        gap = box.h * 0.05
        length = (box.h - gap * (rows - 1)) / rows
        width = box.w * (0.16 if rank != 8 else 0.145)
        for x, y, tilt, role in sticks:
            self.stick(surf, (box.x + x * box.w, box.y + y * box.h), length, width, role, tilt)

    def bird(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        """1条 幺鸡: a peacock-like bird facing left, tail fanned up behind it."""
        p = self.p

        def at(x: float, y: float) -> Point:
            return (box.x + x * box.w, box.y + y * box.h)

        u = box.w  # unit length
        # tail feathers, fanned from the rump to the upper right
        rump = at(0.56, 0.58)
        for i, ang in enumerate((-96, -76, -56, -36, -16)):
            a = math.radians(ang)
            length = u * (0.46 - 0.03 * abs(i - 2))
            tip = (rump[0] + math.cos(a) * length, rump[1] + math.sin(a) * length)
            mid = ((rump[0] + tip[0]) / 2, (rump[1] + tip[1]) / 2)
            _ellipse(surf, _darker(p.bird_tail, 0.25), mid, length / 2, u * 0.075, ang)
            _ellipse(surf, p.bird_tail, mid, length / 2 - u * 0.02, u * 0.05, ang)
            _circle(surf, p.bird_breast, tip, u * 0.07)
            _circle(surf, p.bird_accent, tip, u * 0.045)
        # legs and feet
        for lx in (0.4, 0.52):
            top, foot = at(lx, 0.7), at(lx - 0.02, 0.9)
            pygame.draw.line(surf, p.bird_beak, top, foot, max(2, round(u * 0.035)))
            for dx in (-0.07, 0.0, 0.06):
                pygame.draw.line(
                    surf, p.bird_beak, foot, at(lx - 0.02 + dx, 0.93), max(2, round(u * 0.028))
                )
        # branch it stands on
        pygame.draw.line(
            surf,
            _darker(p.bird_wing, 0.3),
            at(0.08, 0.93),
            at(0.92, 0.91),
            max(3, round(u * 0.045)),
        )
        # body, breast, wing
        _ellipse(surf, _darker(p.bird_body, 0.35), at(0.47, 0.6), u * 0.3, u * 0.2, -20)
        _ellipse(surf, p.bird_body, at(0.47, 0.6), u * 0.28, u * 0.18, -20)
        _ellipse(surf, p.bird_breast, at(0.36, 0.63), u * 0.13, u * 0.14, 10)
        wing = [at(0.42, 0.5), at(0.72, 0.47), at(0.82, 0.56), at(0.64, 0.7), at(0.47, 0.66)]
        pygame.draw.polygon(surf, p.bird_wing, wing)
        for k in range(3):
            y = 0.54 + 0.045 * k
            pygame.draw.line(
                surf,
                p.bird_body,
                at(0.5, y + 0.02),
                at(0.74 - 0.04 * k, y),
                max(1, round(u * 0.02)),
            )
        # neck and head
        _ellipse(surf, p.bird_body, at(0.32, 0.44), u * 0.09, u * 0.15, 20)
        head = at(0.28, 0.31)
        _circle(surf, _darker(p.bird_body, 0.35), head, u * 0.125)
        _circle(surf, p.bird_body, head, u * 0.11)
        crest = [at(0.24, 0.22), at(0.2, 0.12), at(0.28, 0.18), at(0.31, 0.1), at(0.33, 0.2)]
        pygame.draw.polygon(surf, p.bird_accent, crest)
        beak = [at(0.17, 0.29), at(0.04, 0.33), at(0.17, 0.35)]
        pygame.draw.polygon(surf, p.bird_beak, beak)
        eye = at(0.25, 0.3)
        _circle(surf, (255, 255, 255), eye, u * 0.04)
        _circle(surf, (10, 10, 10), eye, u * 0.022)
        # red cheek/wattle
        _ellipse(surf, p.bird_accent, at(0.21, 0.38), u * 0.03, u * 0.045)


# --- the tile renderer -------------------------------------------------------------------------


class TileArt:
    """All tile sprites at one width and face style, drawn on first use and cached.

    ``tile_w`` is the sprite width in pixels (shadow included); ``size`` is the full upright
    sprite, ``flat_size`` the lying one. ``face_rect``/``flat_face_rect`` locate the face
    inside a sprite, ``body_rect`` the tile without its shadow (for hit-testing and outlines).
    """

    def __init__(self, tile_w: int, style: str = "classic") -> None:
        if tile_w < 8:
            raise ValueError(f"tile width {tile_w} is too small: at least 8 pixels")
        self.tile_w = int(tile_w)
        self.style = style
        self.palette = tile_palette(style)
        w = self.tile_w
        self.pad = max(1, round(w * 0.06))  # shadow margin, right and bottom
        self.body_w = w - self.pad
        self.face_h = round(self.body_w * 1.34)
        self.depth = max(2, round(self.body_w * 0.2))
        self.flat_depth = max(2, round(self.body_w * 0.12))
        self.size = (w, self.face_h + self.depth + self.pad)
        self.flat_size = (w, self.face_h + self.flat_depth + self.pad)
        self.face_rect = pygame.Rect(0, 0, self.body_w, self.face_h)
        self.flat_face_rect = self.face_rect.copy()
        self.body_rect = pygame.Rect(0, 0, self.body_w, self.face_h + self.depth)
        self.flat_body_rect = pygame.Rect(0, 0, self.body_w, self.face_h + self.flat_depth)
        self.step = self.body_w  # distance between neighbouring tiles in a row
        self._ss = 4 if w < 40 else 3  # supersampling factor
        self._painter = _FacePainter(self.palette, self._ss)
        self._cache: dict[tuple[str, int, str], pygame.Surface] = {}
        self._blanks: dict[tuple[int, bool], tuple[pygame.Surface, pygame.Rect]] = {}
        self._shadows: dict[int, pygame.Surface] = {}
        self._turns: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}

    def __repr__(self) -> str:
        return f"TileArt({self.tile_w}, style={self.style!r})"

    # public sprites
    def face(self, kind: int, state: str = "normal") -> pygame.Surface:
        """The upright face of ``kind`` (0–26), for the player's own hand."""
        return self._sprite("face", kind, state)

    def flat_face(self, kind: int, state: str = "normal") -> pygame.Surface:
        """The face of a tile lying on the table (ponds, melds, won tiles)."""
        return self._sprite("flat", kind, state)

    def back(self, state: str = "normal") -> pygame.Surface:
        """An upright back, for the opponents' hands."""
        return self._sprite("back", -1, state)

    def flat_back(self, state: str = "normal") -> pygame.Surface:
        """A back lying on the table (the wall, concealed kongs)."""
        return self._sprite("flat_back", -1, state)

    def rotated(self, surface: pygame.Surface, quarter_turns: int) -> pygame.Surface:
        """``surface`` turned counter-clockwise by 90° × ``quarter_turns`` (cached)."""
        q = quarter_turns % 4
        if q == 0:
            return surface
        key = (id(surface), q)
        hit = self._turns.get(key)
        if hit is not None and hit[0] is surface:
            return hit[1]
        turned = pygame.transform.rotate(surface, 90 * q)
        if len(self._turns) >= _MAX_TURNS:  # callers may rotate throw-away surfaces
            self._turns.clear()
        self._turns[key] = (surface, turned)  # keeps ``surface`` alive, so ids stay unique
        return turned

    def warm(self) -> None:
        """Draw every sprite now (e.g. behind a loading screen) instead of on first use."""
        for kind in range(NUM_KINDS):
            self.face(kind)
            self.flat_face(kind)
        self.back()
        self.flat_back()

    # drawing
    def _sprite(self, what: str, kind: int, state: str) -> pygame.Surface:
        if state not in STATES:
            raise ValueError(f"unknown tile state {state!r}: expected one of {STATES}")
        if what in ("face", "flat") and not 0 <= kind < NUM_KINDS:
            raise ValueError(f"tile kind {kind} out of range 0-{NUM_KINDS - 1}")
        key = (what, kind, state)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if state == "normal":
            surf = self._draw(what, kind)
        else:
            base = self._sprite(what, kind, "normal")
            body = self.body_rect if what in ("face", "back") else self.flat_body_rect
            surf = _apply_state(base, state, body)
        surf = _display_format(surf)
        self._cache[key] = surf
        return surf

    def _draw(self, what: str, kind: int) -> pygame.Surface:
        flat = what in ("flat", "flat_back")
        depth = self.flat_depth if flat else self.depth
        is_back = what in ("back", "flat_back")
        painter: Painter | None = None
        if not is_back:

            def painter(surf: pygame.Surface, box: pygame.Rect) -> None:
                self._painter(kind, surf, box)

        body = self._draw_body(depth, is_back, painter, kind)
        if depth not in self._shadows:
            size = self.flat_size if flat else self.size
            body_rect = pygame.Rect(0, 0, self.body_w, self.face_h + depth)
            self._shadows[depth] = _shadow(size, body_rect, self.pad)
        out = self._shadows[depth].copy()
        out.blit(body, (0, 0))
        return out

    def _draw_body(
        self, depth: int, is_back: bool, painter: Painter | None, kind: int
    ) -> pygame.Surface:
        """The tile itself (no shadow), drawn at ``_ss``× and smooth-scaled down."""
        key = (depth, is_back)
        if key not in self._blanks:
            self._blanks[key] = self._draw_blank(depth, is_back)
        blank, face_in = self._blanks[key]
        canvas = blank.copy()
        if is_back:
            self._back_pattern(canvas, face_in)
        elif painter is not None:
            box = face_in.inflate(-round(face_in.w * 0.16), -round(face_in.h * 0.12))
            if self.palette.index is not None and self.tile_w >= _MIN_INDEX_W:
                # the corner digit takes the top band; the art keeps the rest
                index_bottom = self._index(canvas, face_in, kind)
                top = max(box.y, index_bottom + round(face_in.h * 0.02))
                box = pygame.Rect(box.x, top, box.w, box.bottom - top)
            painter(canvas, box)
        return pygame.transform.smoothscale(canvas, (self.body_w, self.face_h + depth))

    def _draw_blank(self, depth: int, is_back: bool) -> tuple[pygame.Surface, pygame.Rect]:
        """A tile with nothing on its face, supersampled (shared by every kind), and the
        rectangle of the face's inside."""
        s, p = self._ss, self.palette
        bw, fh, d = self.body_w * s, self.face_h * s, depth * s
        canvas = pygame.Surface((bw, fh + d), pygame.SRCALPHA)
        radius = round(bw * 0.14)
        line = s  # one final pixel
        if is_back:
            lower, upper = (p.ivory_side, p.ivory_side_dark), (p.back_side, p.back_side_dark)
            face_cols = (p.back_top, p.back_bottom)
            face_edge = p.back_edge
        else:
            lower, upper = (p.back_side, p.back_side_dark), (p.ivory_side, p.ivory_side_dark)
            face_cols = (p.face_top, p.face_bottom)
            face_edge = p.face_edge
        # outline, then the lower layer of the thickness, then the upper layer, then the face
        pygame.draw.rect(canvas, p.outline, canvas.get_rect(), border_radius=radius)
        inner = canvas.get_rect().inflate(-2 * line, -2 * line)
        canvas.blit(_rounded_gradient(inner.size, radius - line, lower[0], lower[1]), inner)
        upper_rect = pygame.Rect(line, line, bw - 2 * line, fh + round(d * 0.5) - line)
        canvas.blit(
            _rounded_gradient(upper_rect.size, radius - line, upper[0], upper[1]), upper_rect
        )
        face_rect = pygame.Rect(line, line, bw - 2 * line, fh - line)
        pygame.draw.rect(canvas, face_edge, face_rect, border_radius=radius - line)
        face_in = face_rect.inflate(-2 * line, -2 * line)
        canvas.blit(
            _rounded_gradient(face_in.size, radius - 2 * line, face_cols[0], face_cols[1]), face_in
        )
        # a soft gloss along the top of the face
        gloss = pygame.Surface((face_in.w, face_in.h // 5), pygame.SRCALPHA)
        for y in range(gloss.get_height()):
            a = round(60 * (1 - y / max(1, gloss.get_height())))
            pygame.draw.line(gloss, (255, 255, 255, a), (0, y), (gloss.get_width(), y))
        mask = pygame.Surface(face_in.size, pygame.SRCALPHA)
        pygame.draw.rect(
            mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius - 2 * line
        )
        gloss.blit(mask, (0, 0), area=gloss.get_rect(), special_flags=pygame.BLEND_RGBA_MIN)
        canvas.blit(gloss, face_in.topleft)
        return canvas, face_in

    def _back_pattern(self, canvas: pygame.Surface, face: pygame.Rect) -> None:
        """A faint inset border on the green back, like the bevel of a real tile."""
        p = self.palette
        inset = face.inflate(-round(face.w * 0.2), -round(face.w * 0.2))
        pygame.draw.rect(
            canvas,
            _lighter(p.back_top, 0.15),
            inset,
            width=max(1, self._ss),
            border_radius=round(face.w * 0.1),
        )

    def _index(self, canvas: pygame.Surface, face: pygame.Rect, kind: int) -> int:
        """Contrast style: the rank as a small digit in the top-left corner; returns its bottom.

        Never smaller than ~8 screen pixels, or it would be noise on small tiles."""
        assert self.palette.index is not None
        px = max(round(face.h * 0.16), 11 * self._ss)
        img = _glyph(str(rank_of(kind)), px, self.palette.index, True)
        pos = (face.x + round(face.w * 0.07), face.y + round(face.h * 0.035))
        canvas.blit(img, pos)
        return pos[1] + img.get_height()


# --- states, shadow, display format -----------------------------------------------------------


def _shadow(size: tuple[int, int], body: pygame.Rect, pad: int) -> pygame.Surface:
    """A transparent sprite with a blurred drop shadow under where ``body`` will be."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    shade = body.move(max(1, pad // 2), pad)
    pygame.draw.rect(surf, pal.SHADOW, shade, border_radius=max(1, round(body.w * 0.14)))
    if pad >= 2:
        surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2), repeat_edge_pixels=False)
    return surf


def highlight(
    surface: pygame.Surface,
    colour: Colour = pal.HIGHLIGHT,
    body: pygame.Rect | None = None,
) -> pygame.Surface:
    """A copy of a tile sprite, brightened and outlined in ``colour`` (selected tiles)."""
    out = surface.copy()
    rect = body if body is not None else out.get_bounding_rect()
    out.fill((24, 20, 6, 0), special_flags=pygame.BLEND_RGBA_ADD)
    width = max(2, round(rect.w * 0.07))
    pygame.draw.rect(out, colour, rect, width=width, border_radius=max(2, round(rect.w * 0.14)))
    return out


def grey_out(surface: pygame.Surface) -> pygame.Surface:
    """A copy of a tile sprite dimmed towards grey (tiles that cannot be played now)."""
    out = surface.copy()
    grey = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    grey.fill((*pal.GREY_TINT, 255))
    out.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    wash = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    wash.fill((60, 60, 60, 0))
    out.blit(wash, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


def _apply_state(base: pygame.Surface, state: str, body: pygame.Rect) -> pygame.Surface:
    if state == "selected":
        return highlight(base, pal.HIGHLIGHT, body)
    if state == "hint":
        return highlight(base, pal.HINT, body)
    if state == "latest":
        out = base.copy()
        w = max(2, round(body.w * 0.06))
        pygame.draw.rect(
            out, pal.POINTER, body, width=w, border_radius=max(2, round(body.w * 0.14))
        )
        return out
    if state == "greyed":
        return grey_out(base)
    return base


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when a window exists (blits get much faster)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


@functools.lru_cache(maxsize=32)
def get_tile_art(tile_w: int, style: str = "classic") -> TileArt:
    """The shared :class:`TileArt` for a width and style.

    The 32 most recently used (width, style) pairs are kept, so dragging the window through
    many sizes does not keep every old tile set in memory.
    """
    return TileArt(tile_w, style)


# --- other table pieces -----------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def draw_suit_badge(suit: int, size: int) -> pygame.Surface:
    """A round badge showing 万/筒/条 (suit 0/1/2), e.g. for the declared void (定缺)."""
    from engine.tiles import SUIT_NAMES_ZH

    s = 3
    big = size * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    c = (big / 2, big / 2)
    _circle(canvas, pal.GOLD_DARK, c, big / 2 - 1)
    _circle(canvas, pal.GOLD_LIGHT, c, big / 2 - s * 1.5)
    _circle(canvas, pal.GOLD, c, big / 2 - s * 2.5)
    _circle(canvas, (252, 246, 230), c, big * 0.4)
    colour = pal.BADGE_COLOURS[suit]
    img = _glyph(SUIT_NAMES_ZH[suit], round(big * 0.56), colour, True)
    _blit_fitted(
        canvas,
        img,
        pygame.Rect(0, 0, round(big * 0.56), round(big * 0.56)).move(
            round(big * 0.22), round(big * 0.22)
        ),
    )
    return _display_format(pygame.transform.smoothscale(canvas, (size, size)))


# pip positions on a 3×3 grid (0, 1, 2 each way)
_PIPS: dict[int, Sequence[tuple[int, int]]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


@functools.lru_cache(maxsize=64)
def draw_dice(value: int, size: int) -> pygame.Surface:
    """A die showing ``value`` (1–6), ``size`` pixels square; 1 and 4 have red pips."""
    if not 1 <= value <= 6:
        raise ValueError(f"a die shows 1-6, not {value}")
    s = 3
    big = size * s
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = round(big * 0.2)
    pygame.draw.rect(canvas, (120, 110, 96), canvas.get_rect(), border_radius=radius)
    canvas.blit(
        _rounded_gradient(
            (big - 2 * s, big - 2 * s), radius - s, pal.DICE_FACE, _darker(pal.DICE_FACE, 0.12)
        ),
        (s, s),
    )
    red = value in (1, 4)
    colour = pal.DICE_PIP_RED if red else pal.DICE_PIP
    pip_r = big * (0.16 if value == 1 else 0.085)
    for gx, gy in _PIPS[value]:
        c = (big * (0.25 + 0.25 * gx), big * (0.25 + 0.25 * gy))
        _circle(canvas, _darker(colour, 0.3), c, pip_r)
        _circle(canvas, colour, (c[0], c[1] - pip_r * 0.06), pip_r * 0.88)
    return _display_format(pygame.transform.smoothscale(canvas, (size, size)))


@functools.lru_cache(maxsize=16)
def draw_pointer(size: int) -> pygame.Surface:
    """A golden downward arrow ``size`` pixels wide, to mark the latest discard."""
    s = 3
    w, h = size * s, round(size * 0.8) * s
    canvas = pygame.Surface((w, h), pygame.SRCALPHA)
    outer = [(0, 0), (w, 0), (w / 2, h)]
    pygame.draw.polygon(canvas, pal.GOLD_DARK, outer)
    inset = 2.5 * s
    inner = [(inset * 1.7, inset), (w - inset * 1.7, inset), (w / 2, h - inset * 2.2)]
    pygame.draw.polygon(canvas, pal.POINTER, inner)
    shine = [(inset * 1.7, inset), (w / 2, inset), (w / 2, h - inset * 2.2)]
    pygame.draw.polygon(canvas, pal.GOLD_LIGHT, shine)
    return _display_format(pygame.transform.smoothscale(canvas, (size, max(1, h // s))))


def clear_caches() -> None:
    """Drop every cached sprite and glyph (tests; or to free memory after a big resize)."""
    get_tile_art.cache_clear()
    _glyph_master.cache_clear()
    draw_suit_badge.cache_clear()
    draw_dice.cache_clear()
    draw_pointer.cache_clear()
