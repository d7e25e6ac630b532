"""Pictures of the six items (RULES.md §8), drawn in code like the tiles.

Each icon is a round medallion in the item's colour with its emblem: 千里眼 an eye, 顺风耳 an
ear with sound waves, 金手指 a golden pointing hand, 乾坤大挪移 a taiji swirl, 偷天换日 a sun
and a moon trading places, 移花接木 a blossoming branch. Drawn at 3× and smooth-scaled (the
anti-aliasing), cached per size.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import pygame

from game.profile import ITEM_IDS

__all__ = ["ITEM_COLOURS", "draw_item", "golden_pointer"]

Colour = tuple[int, int, int]
Point = tuple[float, float]

ITEM_COLOURS: dict[str, Colour] = {
    "qian_kun": (60, 60, 70),
    "tou_tian": (40, 56, 120),
    "yi_hua": (150, 60, 96),
    "qian_li_yan": (24, 104, 130),
    "shun_feng_er": (40, 120, 80),
    "jin_shou_zhi": (150, 36, 40),
}
_SS = 3


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _circle(s: pygame.Surface, c: Colour, p: Point, r: float, width: int = 0) -> None:
    if r >= 0.5:
        pygame.draw.circle(s, c, (round(p[0]), round(p[1])), round(r), width)


def _medallion(s: pygame.Surface, colour: Colour) -> None:
    """The round coin every icon sits on: gold rim, a radial glow in the item's colour."""
    size = s.get_width()
    c = (size / 2, size / 2)
    r = size / 2 - 2
    _circle(s, (120, 84, 24), c, r)
    _circle(s, (246, 214, 128), c, r * 0.96)
    _circle(s, (190, 146, 56), c, r * 0.9)
    inner = r * 0.86
    steps = 24
    for i in range(steps):
        t = i / steps
        _circle(
            s,
            _mix(_mix(colour, (255, 255, 255), 0.35), colour, t),
            (c[0], c[1]),
            inner * (1 - t * 0.55) if i else inner,
        )
    # darker lower half for depth
    shade = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(
        shade, (0, 0, 0, 50), (round(c[0]), round(c[1] + inner * 0.25)), round(inner * 0.8)
    )
    s.blit(shade, (0, 0))


def _eye(s: pygame.Surface, u: float, c: Point) -> None:
    """千里眼: an almond eye with a gold iris and rays."""
    cx, cy = c
    for i in range(12):  # rays
        a = 2 * math.pi * i / 12
        p1 = (cx + math.cos(a) * u * 0.36, cy + math.sin(a) * u * 0.3)
        p2 = (cx + math.cos(a) * u * 0.42, cy + math.sin(a) * u * 0.36)
        pygame.draw.line(s, (246, 214, 128), p1, p2, max(2, round(u * 0.025)))
    w, h = u * 0.62, u * 0.3
    top = [
        (cx - w / 2 + w * t, cy - math.sin(math.pi * t) * h / 2)
        for t in [i / 20 for i in range(21)]
    ]
    bottom = [
        (cx + w / 2 - w * t, cy + math.sin(math.pi * t) * h / 2)
        for t in [i / 20 for i in range(21)]
    ]
    pygame.draw.polygon(
        s,
        (30, 20, 10),
        [(x, y - u * 0.012) for x, y in top] + [(x, y + u * 0.012) for x, y in bottom],
    )
    pygame.draw.polygon(s, (252, 248, 236), top + bottom)
    _circle(s, (150, 100, 20), c, u * 0.13)
    _circle(s, (230, 180, 60), c, u * 0.11)
    _circle(s, (20, 16, 12), c, u * 0.06)
    _circle(s, (255, 255, 255), (cx - u * 0.035, cy - u * 0.035), u * 0.022)
    pygame.draw.lines(s, (30, 20, 10), False, top, max(2, round(u * 0.02)))


def _ear(s: pygame.Surface, u: float, c: Point) -> None:
    """顺风耳: an ear with three sound arcs beside it."""
    cx, cy = c[0] - u * 0.08, c[1]
    skin, dark = (246, 206, 160), (150, 96, 60)
    rect = pygame.Rect(0, 0, round(u * 0.34), round(u * 0.5))
    rect.center = (round(cx), round(cy))
    pygame.draw.ellipse(s, dark, rect.inflate(round(u * 0.03), round(u * 0.03)))
    pygame.draw.ellipse(s, skin, rect)
    lobe = pygame.Rect(0, 0, round(u * 0.16), round(u * 0.16))
    lobe.midbottom = (round(cx - u * 0.02), round(cy + u * 0.3))
    pygame.draw.ellipse(s, skin, lobe)
    # the inner fold
    inner = rect.inflate(-round(u * 0.12), -round(u * 0.16)).move(round(u * 0.02), -round(u * 0.02))
    pygame.draw.arc(s, dark, inner, math.radians(-60), math.radians(200), max(2, round(u * 0.035)))
    pygame.draw.arc(
        s,
        dark,
        inner.inflate(-round(u * 0.1), -round(u * 0.14)).move(0, round(u * 0.03)),
        math.radians(40),
        math.radians(250),
        max(2, round(u * 0.03)),
    )
    for i, r in enumerate((0.16, 0.25, 0.34)):
        arc = pygame.Rect(0, 0, round(u * r * 2), round(u * r * 2))
        arc.center = (round(cx + u * 0.1), round(cy))
        col = _mix((255, 250, 220), (246, 214, 128), i / 2)
        pygame.draw.arc(s, col, arc, math.radians(-40), math.radians(40), max(2, round(u * 0.03)))


def _finger(s: pygame.Surface, u: float, c: Point) -> None:
    """金手指: a golden hand pointing up-right with its index finger."""
    gold, light, dark = (232, 182, 60), (255, 236, 160), (140, 92, 20)
    cx, cy = c
    canvas = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    # drawn upright (finger up), then rotated
    palm = pygame.Rect(0, 0, round(u * 0.3), round(u * 0.28))
    palm.midtop = (round(cx), round(cy - u * 0.02))
    finger = pygame.Rect(0, 0, round(u * 0.09), round(u * 0.34))
    finger.midbottom = (round(cx - u * 0.09), palm.top + round(u * 0.06))
    thumb = pygame.Rect(0, 0, round(u * 0.2), round(u * 0.08))
    thumb.midright = (palm.left + round(u * 0.05), palm.top + round(u * 0.1))
    for shape, radius in (
        (palm, round(u * 0.07)),
        (finger, round(u * 0.045)),
        (thumb, round(u * 0.04)),
    ):
        pygame.draw.rect(
            canvas, dark, shape.inflate(round(u * 0.03), round(u * 0.03)), border_radius=radius + 2
        )
    for shape, radius in (
        (palm, round(u * 0.07)),
        (finger, round(u * 0.045)),
        (thumb, round(u * 0.04)),
    ):
        pygame.draw.rect(canvas, gold, shape, border_radius=radius)
    # curled fingers
    for i in range(3):
        knuckle = pygame.Rect(0, 0, round(u * 0.085), round(u * 0.12))
        knuckle.midtop = (round(cx + u * 0.0 + i * u * 0.085), palm.top - round(u * 0.03))
        pygame.draw.rect(
            canvas,
            dark,
            knuckle.inflate(round(u * 0.02), round(u * 0.02)),
            border_radius=round(u * 0.04),
        )
        pygame.draw.rect(canvas, gold, knuckle, border_radius=round(u * 0.04))
    # shine
    pygame.draw.rect(
        canvas,
        light,
        (finger.x + round(u * 0.018), finger.y + round(u * 0.04), round(u * 0.025), round(u * 0.2)),
        border_radius=round(u * 0.012),
    )
    pygame.draw.rect(
        canvas,
        light,
        (palm.x + round(u * 0.04), palm.y + round(u * 0.1), round(u * 0.03), round(u * 0.12)),
        border_radius=round(u * 0.015),
    )
    # cuff
    cuff = pygame.Rect(0, 0, round(u * 0.32), round(u * 0.08))
    cuff.midtop = (palm.centerx, palm.bottom - round(u * 0.01))
    pygame.draw.rect(canvas, (180, 40, 40), cuff, border_radius=round(u * 0.02))
    pygame.draw.rect(
        canvas, dark, cuff, width=max(1, round(u * 0.012)), border_radius=round(u * 0.02)
    )
    turned = pygame.transform.rotate(canvas, -25)
    # sparkles
    s.blit(turned, turned.get_rect(center=(round(cx), round(cy))))
    for dx, dy, r in ((0.26, -0.26, 0.05), (0.32, -0.08, 0.03), (0.1, -0.36, 0.03)):
        _sparkle(s, (cx + dx * u, cy + dy * u), r * u)


def _sparkle(s: pygame.Surface, p: Point, r: float) -> None:
    x, y = p
    pts = [
        (x, y - r),
        (x + r * 0.25, y - r * 0.25),
        (x + r, y),
        (x + r * 0.25, y + r * 0.25),
        (x, y + r),
        (x - r * 0.25, y + r * 0.25),
        (x - r, y),
        (x - r * 0.25, y - r * 0.25),
    ]
    pygame.draw.polygon(s, (255, 246, 200), pts)


def _taiji(s: pygame.Surface, u: float, c: Point) -> None:
    """乾坤大挪移: a taiji (yin-yang) swirl with a turning arrow ring."""
    cx, cy = c
    r = u * 0.26
    light, dark = (250, 244, 226), (24, 22, 28)
    _circle(s, (200, 170, 90), c, r + u * 0.02)
    _circle(s, light, c, r)
    # the dark half: right half-disc plus the top small disc, minus the bottom small disc
    half = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(half, dark, (round(cx), round(cy)), round(r))
    pygame.draw.rect(half, (0, 0, 0, 0), (0, 0, round(cx), s.get_height()))
    s.blit(half, (0, 0))
    _circle(s, dark, (cx, cy - r / 2), r / 2)
    _circle(s, light, (cx, cy + r / 2), r / 2)
    _circle(s, light, (cx, cy - r / 2), r * 0.14)
    _circle(s, dark, (cx, cy + r / 2), r * 0.14)
    # a ring of arrows turning around it
    ring = u * 0.37
    width = max(2, round(u * 0.03))
    for start in (0, 180):
        rect = pygame.Rect(0, 0, round(ring * 2), round(ring * 2))
        rect.center = (round(cx), round(cy))
        a0, a1 = math.radians(start + 20), math.radians(start + 150)
        pygame.draw.arc(s, (246, 214, 128), rect, a0, a1, width)
        tip_a = a1
        tip = (cx + math.cos(tip_a) * ring, cy - math.sin(tip_a) * ring)
        back = (cx + math.cos(tip_a - 0.25) * ring, cy - math.sin(tip_a - 0.25) * ring)
        nx, ny = (tip[0] - back[0]), (tip[1] - back[1])
        px_, py_ = -ny, nx
        pygame.draw.polygon(
            s,
            (246, 214, 128),
            [
                (tip[0] + nx * 0.6, tip[1] + ny * 0.6),
                (back[0] + px_ * 0.7, back[1] + py_ * 0.7),
                (back[0] - px_ * 0.7, back[1] - py_ * 0.7),
            ],
        )


def _sun_moon(s: pygame.Surface, u: float, c: Point) -> None:
    """偷天换日: a sun and a crescent moon with two arrows swapping them."""
    cx, cy = c
    sun = (cx - u * 0.17, cy - u * 0.12)
    for i in range(12):
        a = 2 * math.pi * i / 12
        pygame.draw.line(
            s,
            (255, 190, 60),
            (sun[0] + math.cos(a) * u * 0.12, sun[1] + math.sin(a) * u * 0.12),
            (sun[0] + math.cos(a) * u * 0.17, sun[1] + math.sin(a) * u * 0.17),
            max(2, round(u * 0.025)),
        )
    _circle(s, (230, 120, 30), sun, u * 0.105)
    _circle(s, (255, 200, 70), sun, u * 0.09)
    moon = (cx + u * 0.17, cy + u * 0.13)
    _circle(s, (250, 240, 200), moon, u * 0.12)
    bg = _mix(ITEM_COLOURS["tou_tian"], (255, 255, 255), 0.1)
    _circle(s, bg, (moon[0] + u * 0.06, moon[1] - u * 0.04), u * 0.1)
    for x, y, r in ((0.3, -0.25, 0.02), (0.2, -0.32, 0.015), (-0.3, 0.25, 0.018)):
        _sparkle(s, (cx + x * u, cy + y * u), r * u * 2)
    # swap arrows: one arcs over the top right, one under the bottom left
    width = max(2, round(u * 0.03))
    col = (246, 214, 128)
    for a_from, a_to, head in ((100, 10, 10), (280, 190, 190)):
        rect = pygame.Rect(0, 0, round(u * 0.5), round(u * 0.5))
        rect.center = (round(cx), round(cy))
        pygame.draw.arc(s, col, rect, math.radians(a_to), math.radians(a_from), width)
        a = math.radians(head)
        tip = (cx + math.cos(a) * u * 0.25, cy - math.sin(a) * u * 0.25)
        d = u * 0.05
        pygame.draw.polygon(
            s,
            col,
            [
                (tip[0] - d, tip[1]),
                (tip[0] + d, tip[1]),
                (tip[0], tip[1] + d * (1.3 if head < 90 else -1.3)),
            ],
        )


def _blossom(s: pygame.Surface, u: float, c: Point) -> None:
    """移花接木: a plum branch with five-petal blossoms, one grafted on."""
    cx, cy = c
    bark, bark_light = (92, 56, 32), (140, 92, 52)
    width = max(3, round(u * 0.05))
    main = [
        (cx - u * 0.3, cy + u * 0.26),
        (cx - u * 0.08, cy + u * 0.06),
        (cx + u * 0.08, cy - u * 0.04),
        (cx + u * 0.3, cy - u * 0.24),
    ]
    pygame.draw.lines(s, bark, False, main, width)
    pygame.draw.line(s, bark, main[1], (cx - u * 0.02, cy - u * 0.24), max(2, width - 2))
    pygame.draw.line(s, bark, main[2], (cx + u * 0.28, cy + u * 0.06), max(2, width - 2))
    pygame.draw.lines(s, bark_light, False, [(x + 1, y - 1) for x, y in main], max(1, width // 3))
    # the graft: a small band where the new twig joins
    pygame.draw.circle(s, (200, 170, 90), (round(main[2][0]), round(main[2][1])), round(u * 0.035))
    for (bx, by), r, col in (
        ((cx - u * 0.02, cy - u * 0.26), 0.085, (250, 170, 190)),
        ((cx + u * 0.28, cy + u * 0.06), 0.075, (255, 200, 214)),
        ((cx + u * 0.3, cy - u * 0.25), 0.07, (250, 170, 190)),
        ((cx - u * 0.2, cy + u * 0.2), 0.06, (255, 210, 222)),
        ((cx + u * 0.06, cy + u * 0.02), 0.05, (250, 170, 190)),
    ):
        rr = u * r
        for i in range(5):
            a = 2 * math.pi * i / 5 - math.pi / 2
            _circle(
                s,
                _mix(col, (160, 40, 80), 0.3),
                (bx + math.cos(a) * rr * 0.62, by + math.sin(a) * rr * 0.62),
                rr * 0.55,
            )
            _circle(s, col, (bx + math.cos(a) * rr * 0.6, by + math.sin(a) * rr * 0.6), rr * 0.48)
        _circle(s, (255, 220, 90), (bx, by), rr * 0.3)
        _circle(s, (200, 60, 60), (bx, by), rr * 0.12)


_EMBLEMS: dict[str, Callable[[pygame.Surface, float, Point], None]] = {
    "qian_li_yan": _eye,
    "shun_feng_er": _ear,
    "jin_shou_zhi": _finger,
    "qian_kun": _taiji,
    "tou_tian": _sun_moon,
    "yi_hua": _blossom,
}


@functools.lru_cache(maxsize=64)
def draw_item(item_id: str, size: int) -> pygame.Surface:
    """The icon of ``item_id`` (one of ``game.profile.ITEM_IDS``), ``size`` pixels square."""
    if item_id not in ITEM_IDS:
        raise ValueError(f"unknown item {item_id!r}; valid: {', '.join(ITEM_IDS)}")
    big = max(8, size) * _SS
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    _medallion(canvas, ITEM_COLOURS[item_id])
    _EMBLEMS[item_id](canvas, float(big), (big / 2, big / 2))
    out = pygame.transform.smoothscale(canvas, (size, size))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return out.convert_alpha()
    return out


@functools.lru_cache(maxsize=8)
def golden_pointer(size: int) -> pygame.Surface:
    """金手指: a golden hand pointing down, ``size`` pixels wide — the discard pointer of a
    seat whose SeatInfo.golden is on (cosmetic)."""
    ss = 3
    w = size * ss
    h = round(size * 1.25) * ss
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    gold, light, dark = (236, 186, 60), (255, 238, 168), (130, 86, 18)
    # glow
    for r, a in ((0.5, 45), (0.4, 70)):
        pygame.draw.circle(s, (255, 220, 110, a), (w // 2, int(h * 0.55)), int(w * r))
    palm = pygame.Rect(0, 0, int(w * 0.62), int(h * 0.34))
    palm.midtop = (w // 2, int(h * 0.1))
    finger = pygame.Rect(0, 0, int(w * 0.2), int(h * 0.5))
    finger.midtop = (palm.right - int(w * 0.16), palm.bottom - int(h * 0.08))
    cuff = pygame.Rect(0, 0, int(w * 0.7), int(h * 0.1))
    cuff.midbottom = (w // 2, palm.top + int(h * 0.04))
    knuckles = [
        pygame.Rect(
            palm.x + int(w * 0.02) + i * int(w * 0.13),
            palm.bottom - int(h * 0.1),
            int(w * 0.15),
            int(h * 0.1),
        )
        for i in range(3)
    ]
    for shape, rad in ((palm, w // 6), (finger, w // 10), *((k, w // 16) for k in knuckles)):
        pygame.draw.rect(s, dark, shape.inflate(ss * 3, ss * 3), border_radius=rad + ss)
    for shape, rad in ((palm, w // 6), (finger, w // 10), *((k, w // 16) for k in knuckles)):
        pygame.draw.rect(s, gold, shape, border_radius=rad)
    for k in knuckles[:-1]:  # the gaps between the curled fingers
        pygame.draw.line(s, dark, (k.right, k.y + ss), (k.right, k.bottom - ss), ss)
    shine = pygame.Rect(finger.x + ss * 2, finger.y + ss * 4, max(ss, finger.w // 4), finger.h // 2)
    pygame.draw.rect(s, light, shine, border_radius=ss * 2)
    pygame.draw.rect(s, (180, 40, 40), cuff, border_radius=ss * 3)
    pygame.draw.rect(s, dark, cuff, width=ss, border_radius=ss * 3)
    out = pygame.transform.smoothscale(s, (size, h // ss))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return out.convert_alpha()
    return out
