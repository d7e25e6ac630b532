"""Animations of the table: tiles sliding, dice rolling, callouts, the turn glow.

An :class:`Animator` owns the running animations. ``update(dt)`` advances them (the only
place their state changes); ``draw(surface)`` paints them. *Blocking* animations make the
controller wait before the next move, so a discard visibly lands before the next draw.
A slot an animation is travelling to is *hidden* (``Animator.hides(key)``) so the table does
not draw the tile twice. Durations scale with the speed setting; ``instant`` skips them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import pygame

SPEEDS: dict[str, float] = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}
BOT_PACE: dict[str, float] = {"slow": 0.9, "normal": 0.45, "fast": 0.15, "instant": 0.0}
SPEED_ORDER = ("slow", "normal", "fast", "instant")

# Base durations in seconds at "normal" speed.
DUR_SLIDE = 0.22
DUR_DRAW = 0.16
DUR_CLAIM = 0.32
DUR_DICE = 0.9
DUR_DEAL = 1.1
DUR_CALLOUT = 1.1
DUR_WIN_CALLOUT = 1.8
DUR_PAYMENT = 1.6


def ease_out_cubic(p: float) -> float:
    return 1 - (1 - p) ** 3


def ease_out_back(p: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (p - 1) ** 3 + c1 * (p - 1) ** 2


def lerp(a: float, b: float, p: float) -> float:
    return a + (b - a) * p


@dataclass(eq=False)
class Anim:
    """Base animation: ``duration`` seconds, optionally ``blocking`` and hiding ``hides``."""

    duration: float
    blocking: bool = True
    hides: Hashable | None = None
    elapsed: float = 0.0
    delay: float = 0.0
    drawn_by_owner: bool = False  # the scene paints it itself (e.g. inside a layer)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the current frame (no state change)."""


@dataclass(eq=False)
class Slide(Anim):
    """A tile surface moving from ``start`` to ``end`` (top-left corners)."""

    surf: pygame.Surface | None = None
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    arc: float = 0.0  # pixels the path bulges upwards in the middle

    def draw(self, surface: pygame.Surface) -> None:
        if self.surf is None or not self.started:
            return
        p = ease_out_cubic(self.progress)
        x = lerp(self.start[0], self.end[0], p)
        y = lerp(self.start[1], self.end[1], p) - self.arc * math.sin(math.pi * p)
        surface.blit(self.surf, (round(x), round(y)))


@dataclass(eq=False)
class Callout(Anim):
    """Big text (碰! 杠! 胡!) popping up at ``pos`` with an optional smaller second line."""

    text: pygame.Surface | None = None
    sub: pygame.Surface | None = None
    pos: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = (255, 210, 80)
    _scaled: dict[int, pygame.Surface] = field(default_factory=dict)

    def _frame(self, scale: float) -> pygame.Surface | None:
        if self.text is None:
            return None
        key = round(scale * 20)
        surf = self._scaled.get(key)
        if surf is None:
            w, h = self.text.get_size()
            surf = pygame.transform.smoothscale(
                self.text, (max(1, int(w * key / 20)), max(1, int(h * key / 20)))
            )
            self._scaled[key] = surf
        return surf

    def _plate(self, rect: pygame.Rect) -> pygame.Rect:
        """The rounded plate behind the text ``rect`` (and the second line under it)."""
        plate = rect.inflate(rect.w // 3, rect.h // 5)
        if self.sub is not None:
            plate.h += self.sub.get_height() + 6
            if self.sub.get_width() + 24 > plate.w:
                plate.w = self.sub.get_width() + 24
                plate.centerx = rect.centerx
        return plate

    def full_plate(self) -> pygame.Rect:
        """The plate as it stands once the callout has popped up to full size."""
        text = self.text.get_rect() if self.text is not None else pygame.Rect(0, 0, 0, 0)
        text.center = self.pos
        return self._plate(text)

    def fit(self, bounds: pygame.Rect) -> None:
        """Move ``pos`` so the full-size plate lies inside ``bounds`` (centred on it where it
        is wider), before the callout shows: it pops up in place and never slides."""
        plate = self.full_plate()
        fitted = plate.clamp(bounds)
        self.pos = (self.pos[0] + fitted.x - plate.x, self.pos[1] + fitted.y - plate.y)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started:
            return
        p = self.progress
        scale = 0.4 + 0.6 * ease_out_back(min(1.0, p / 0.25))
        alpha = 255 if p < 0.75 else int(255 * (1 - (p - 0.75) / 0.25))
        surf = self._frame(max(0.1, scale))
        if surf is None:
            return
        rect = surf.get_rect(center=self.pos)
        plate = self._plate(rect)
        plate_surf = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(
            plate_surf,
            (20, 12, 8, min(200, alpha)),
            plate_surf.get_rect(),
            border_radius=plate.h // 3,
        )
        pygame.draw.rect(
            plate_surf,
            (*self.colour, alpha),
            plate_surf.get_rect(),
            width=3,
            border_radius=plate.h // 3,
        )
        surface.blit(plate_surf, plate.topleft)
        surf.set_alpha(alpha)
        surface.blit(surf, rect)
        if self.sub is not None:
            self.sub.set_alpha(alpha)
            surface.blit(self.sub, self.sub.get_rect(midtop=(rect.centerx, rect.bottom + 2)))


@dataclass(eq=False)
class FloatText(Anim):
    """A small text (a payment, "+4") rising and fading from ``pos`` (its centre)."""

    text: pygame.Surface | None = None
    pos: tuple[int, int] = (0, 0)
    rise: int = 36

    def draw(self, surface: pygame.Surface) -> None:
        if self.text is None or not self.started:
            return
        p = self.progress
        alpha = 255 if p < 0.6 else int(255 * (1 - (p - 0.6) / 0.4))
        self.text.set_alpha(alpha)
        y = self.pos[1] - int(self.rise * ease_out_cubic(p))
        surface.blit(self.text, self.text.get_rect(center=(self.pos[0], y)))


DiceDrawer = Callable[[pygame.Surface, pygame.Rect, int], None]


@dataclass(eq=False)
class DiceRoll(Anim):
    """Two dice tumbling in ``rect`` and settling on ``values``."""

    values: tuple[int, int] = (1, 1)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 60, 30))
    drawer: DiceDrawer | None = None  # e.g. blits game.tile_art.draw_dice

    def faces(self) -> tuple[int, int]:
        if self.progress >= 0.8:
            return self.values
        tick = int(self.elapsed * 14)
        return (tick * 5 + 2) % 6 + 1, (tick * 7 + 4) % 6 + 1

    def draw(self, surface: pygame.Surface) -> None:
        if self.drawer is None:
            return
        size = self.rect.h
        a, b = self.faces()
        wobble = 0 if self.progress >= 0.8 else int(4 * math.sin(self.elapsed * 30))
        self.drawer(surface, pygame.Rect(self.rect.x, self.rect.y + wobble, size, size), a)
        self.drawer(
            surface, pygame.Rect(self.rect.right - size, self.rect.y - wobble, size, size), b
        )


class Animator:
    """The running animations; scaled by the speed setting."""

    def __init__(self, speed: str = "normal") -> None:
        self.speed = speed
        self._anims: list[Anim] = []

    @property
    def factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    def add(self, anim: Anim) -> Anim:
        anim.duration *= self.factor
        anim.delay *= self.factor
        if anim.duration > 0 or anim.delay > 0:
            self._anims.append(anim)
        return anim

    def clear(self) -> None:
        self._anims.clear()

    @property
    def blocking(self) -> bool:
        return any(a.blocking for a in self._anims)

    @property
    def active(self) -> bool:
        return bool(self._anims)

    def hides(self, key: Hashable) -> bool:
        return any(a.hides == key for a in self._anims)

    def update(self, dt: float) -> None:
        if not self._anims:
            return
        for anim in self._anims:
            anim.update(dt)
        self._anims = [a for a in self._anims if not a.done]

    def draw(self, surface: pygame.Surface) -> None:
        for anim in self._anims:
            if not anim.drawn_by_owner:
                anim.draw(surface)
