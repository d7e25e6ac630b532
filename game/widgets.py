"""Shared drawing and input helpers for the menu scenes (menu, new game, settings, stats,
help, shop): the felt background, panels, text, and a few self-drawn controls.

The controls are drawn with pygame, not pygame-gui, so every menu scene has one look and one
way of taking input: a scene keeps its controls in a list, passes each
:class:`game.input.InputEvent` to them and draws them.

:class:`MenuContext` is what every menu scene is built with: the settings, the storage folder,
the profile and the ``on_action(name, payload)`` hook through which scenes talk to the app.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import palette as pal
from game.fonts import get_font
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.profile import Profile, load_profile
from game.scenes.base import Scene
from game.settings import Settings
from game.storage import Notice

__all__ = [
    "BASE_H",
    "BASE_W",
    "Button",
    "Choice",
    "Control",
    "MenuContext",
    "MenuScene",
    "ScrollArea",
    "Segmented",
    "Slider",
    "Toggle",
    "blit_paragraph",
    "blit_text",
    "clear_caches",
    "coin_icon",
    "felt_background",
    "outlined_text",
    "panel",
    "render_text",
    "wrap_text",
]

BASE_W, BASE_H = 1280, 800
Colour = tuple[int, int, int]
ActionHook = Callable[[str, Any], None]

PANEL_BG = (12, 48, 34, 225)
PANEL_EDGE = (179, 138, 56)
ROW_ALT = (255, 255, 255, 10)
CHANGED = (246, 196, 80)
DISABLED_TEXT = (140, 132, 116)
DARK_TEXT = (36, 22, 8)


def _ignore(name: str, payload: Any) -> None:
    """The default hook: nobody listens."""


@dataclass
class MenuContext:
    """What every menu scene is built with.

    ``on_action(name, payload)`` is the one hook to the app; the names each scene sends are
    listed in :mod:`game.scenes.menu`. ``directory`` is the storage folder (None: the default,
    or ``$SICHUAN_MAHJONG_HOME``). The profile is loaded from there on first use unless given.
    """

    settings: Settings
    on_action: ActionHook = _ignore
    size: tuple[int, int] = (BASE_W, BASE_H)
    directory: str | Path | None = None
    _profile: Profile | None = field(default=None, repr=False)
    profile_notice: Notice | None = None  # what loading the profile has to tell the player

    @property
    def lang(self) -> str:
        return self.settings.lang

    @property
    def profile(self) -> Profile:
        """The player's profile: the one the app gave, else loaded from ``directory``."""
        if self._profile is None:
            self._profile, self.profile_notice = load_profile(self.directory)
        return self._profile

    @profile.setter
    def profile(self, value: Profile) -> None:
        self._profile = value

    def t(self, key: str, **fmt: object) -> str:
        return t(key, self.settings.lang, **fmt)

    def act(self, name: str, payload: Any = None) -> None:
        self.on_action(name, payload)


# --- text -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def render_text(text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``text`` in the game font (cached); never below 11 px, the smallest legible size."""
    return get_font(max(11, size), bold).render(text, True, colour)


@functools.lru_cache(maxsize=64)
def outlined_text(
    text: str, size: int, colour: Colour, outline: Colour, width: int = 2
) -> pygame.Surface:
    """Bold text with an outline and a soft drop shadow (titles)."""
    font = get_font(size, True)
    body = font.render(text, True, colour)
    edge = font.render(text, True, outline)
    w, h = body.get_width() + 2 * width + 4, body.get_height() + 2 * width + 4
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow = font.render(text, True, (0, 0, 0))
    shadow.set_alpha(110)
    out.blit(shadow, (width + 4, width + 4))
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width:
                out.blit(edge, (width + dx, width + dy))
    # a vertical gold gradient over the body
    grad = body.copy()
    top = pal.GOLD_LIGHT if colour == pal.GOLD_LIGHT else colour
    for y in range(grad.get_height()):
        t = y / max(1, grad.get_height() - 1)
        c = (
            round(top[0] + (pal.GOLD[0] - top[0]) * t * 0.8),
            round(top[1] + (pal.GOLD[1] - top[1]) * t * 0.8),
            round(top[2] + (pal.GOLD[2] - top[2]) * t * 0.8),
        )
        pygame.draw.line(grad, (*c, 255), (0, y), (grad.get_width(), y))
    grad.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(grad, (width, width))
    return out


def _is_wide(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels: Latin text breaks at spaces,
    CJK text between any two characters (never before closing punctuation). Cached."""
    return list(_wrap(text, max(11, size), width, bold))


@functools.lru_cache(maxsize=512)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    font = get_font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        tokens: list[str] = []
        word = ""
        for ch in para:
            if _is_wide(ch):
                if word:
                    tokens.append(word)
                    word = ""
                if ch in "，。、；：！？）」』》" and tokens:
                    tokens[-1] += ch
                else:
                    tokens.append(ch)
            elif ch == " ":
                tokens.append(word + " ")
                word = ""
            else:
                word += ch
        if word:
            tokens.append(word)
        line = ""
        for tok in tokens:
            trial = line + tok
            if line and font.size(trial.rstrip())[0] > width:
                lines.append(line.rstrip())
                line = tok.lstrip()
            else:
                line = trial
        lines.append(line.rstrip())
    return tuple(lines)


def blit_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[int, int],
    anchor: str = "topleft",
    bold: bool = False,
    max_w: int | None = None,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos``; shrunk to ``max_w`` if wider."""
    img = render_text(text, size, colour, bold)
    if max_w is not None and img.get_width() > max_w > 0:
        scale = max_w / img.get_width()
        img = pygame.transform.smoothscale(img, (max_w, max(1, round(img.get_height() * scale))))
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def blit_paragraph(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    rect: pygame.Rect,
    line_gap: float = 1.35,
    bold: bool = False,
) -> int:
    """Wrapped text inside ``rect`` (clipped); returns the height used."""
    y = rect.y
    step = round(size * line_gap)
    for line in wrap_text(text, size, rect.w, bold):
        if y + step > rect.bottom + step // 3:
            break
        surface.blit(render_text(line, size, colour, bold), (rect.x, y))
        y += step
    return y - rect.y


# --- backgrounds and panels --------------------------------------------------------------


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


def _gradient_rect(
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


# --- controls ---------------------------------------------------------------------------


class Control:
    r"""A self-drawn control: a rectangle that takes :class:`~game.input.InputEvent`\ s and
    draws itself."""

    def __init__(self, rect: pygame.Rect, name: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.name = name
        self.enabled = True
        self.visible = True
        self.focused = False
        self.hovered = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle(self, ev: InputEvent) -> bool:
        """React to ``ev``; True if it was used (then nothing under this control sees it)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Control):
    """A wooden button with a gold edge; ``primary`` buttons are gold. ``on_click`` runs on
    a left click (press and release inside) or Enter while focused; a disabled button
    ignores clicks unless ``clickable_disabled`` (the shop explains why it cannot buy)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], None] | None = None,
        *,
        name: str = "",
        style: str = "normal",
        font_size: int = 18,
        selected: bool = False,
        icon: pygame.Surface | None = None,
    ) -> None:
        super().__init__(rect, name)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.font_size = font_size
        self.selected = selected
        self.icon = icon
        self.clickable_disabled = False
        self._pressed = False

    def activate(self) -> None:
        if (self.enabled or self.clickable_disabled) and self.on_click is not None:
            self.on_click()

    def handle(self, ev: InputEvent) -> bool:
        if not self.visible:
            return False
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.rect.collidepoint(ev.pos)
            return False
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self._pressed = True
            return True
        if ev.kind is InputKind.MOUSE_UP and ev.button == 1:
            was, self._pressed = self._pressed, False
            if was and self.rect.collidepoint(ev.pos):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, min(10, r.h // 4))
        lit = self.hovered or self.focused
        if not self.enabled:
            top, bottom, edge, text = (58, 46, 36), (42, 32, 24), (90, 74, 48), DISABLED_TEXT
        elif self.style == "primary" or self.selected:
            top, bottom = (
                ((252, 226, 150), (196, 150, 60)) if lit else ((232, 196, 106), (176, 134, 50))
            )
            edge, text = (255, 240, 184), DARK_TEXT
        elif self.style == "ghost":
            top, bottom = ((30, 96, 66), (18, 70, 48)) if lit else ((20, 74, 52), (12, 56, 38))
            edge, text = (150, 120, 60) if not lit else pal.GOLD_LIGHT, pal.IVORY_TEXT
        else:
            top, bottom = ((140, 92, 52), (90, 54, 28)) if lit else ((112, 72, 40), (66, 38, 20))
            edge, text = (pal.GOLD_LIGHT if lit else (179, 138, 56)), pal.IVORY_TEXT
        shadow = r.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=radius)
        _gradient_rect(surface, r, top, bottom, radius)
        pygame.draw.rect(surface, edge, r, width=2 if lit else 1, border_radius=radius)
        if self.focused:
            pygame.draw.rect(
                surface, pal.GOLD_LIGHT, r.inflate(6, 6), width=2, border_radius=radius + 3
            )
        label = render_text(self.label, self.font_size, text, True)
        if label.get_width() > r.w - 12:
            scale = (r.w - 12) / label.get_width()
            label = pygame.transform.smoothscale(
                label, (r.w - 12, max(1, round(label.get_height() * scale)))
            )
        if self.icon is not None:
            gap = 8
            total = self.icon.get_width() + gap + label.get_width()
            x = r.centerx - total // 2
            surface.blit(self.icon, self.icon.get_rect(midleft=(x, r.centery)))
            surface.blit(
                label, label.get_rect(midleft=(x + self.icon.get_width() + gap, r.centery))
            )
        else:
            surface.blit(label, label.get_rect(center=r.center))


class Toggle(Control):
    """An on/off switch; ``on_change(value)`` after a click."""

    def __init__(
        self,
        rect: pygame.Rect,
        value: bool,
        on_change: Callable[[bool], None] | None = None,
        *,
        name: str = "",
    ) -> None:
        super().__init__(rect, name)
        self.value = value
        self.on_change = on_change

    def activate(self) -> None:
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, ev: InputEvent) -> bool:
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos) and self.enabled:
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        track = pygame.Rect(0, 0, min(r.w, round(r.h * 1.9)), r.h)
        track.midright = r.midright
        on = self.value
        colour = (46, 160, 96) if on else (70, 58, 48)
        pygame.draw.rect(surface, colour, track, border_radius=track.h // 2)
        pygame.draw.rect(
            surface,
            pal.GOLD_LIGHT if (self.hovered or self.focused) else pal.GOLD_DARK,
            track,
            width=2,
            border_radius=track.h // 2,
        )
        knob_r = track.h // 2 - 3
        cx = track.right - track.h // 2 if on else track.left + track.h // 2
        pygame.draw.circle(surface, (0, 0, 0), (cx + 1, track.centery + 2), knob_r)
        pygame.draw.circle(surface, (250, 244, 226), (cx, track.centery), knob_r)
        mark = "✓" if on else ""
        if mark:
            blit_text(
                surface, mark, max(10, knob_r), (30, 120, 70), (cx, track.centery), "center", True
            )


class _OneOf(Control):
    """One value out of ``values`` (shown as ``labels``); ``on_change`` hears each new one."""

    def __init__(
        self,
        rect: pygame.Rect,
        values: Sequence[str],
        labels: Sequence[str],
        value: str,
        on_change: Callable[[str], None] | None = None,
        *,
        name: str = "",
        font_size: int = 16,
    ) -> None:
        super().__init__(rect, name)
        self.values = list(values)
        self.labels = list(labels)
        self.value = value
        self.on_change = on_change
        self.font_size = font_size
        self._hover = -1

    def choose(self, value: str) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)


class Segmented(_OneOf):
    """A row of mutually exclusive choices (language, speed, bot level…)."""

    def cell(self, i: int) -> pygame.Rect:
        n = len(self.values)
        x0 = self.rect.x + self.rect.w * i // n
        x1 = self.rect.x + self.rect.w * (i + 1) // n
        return pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h)

    def cell_of(self, value: str) -> pygame.Rect:
        return self.cell(self.values.index(value))

    def step(self, delta: int) -> None:
        i = (self.values.index(self.value) + delta) % len(self.values)
        self.choose(self.values[i])

    def handle(self, ev: InputEvent) -> bool:
        if ev.kind is InputKind.MOUSE_MOVE:
            self._hover = next(
                (i for i in range(len(self.values)) if self.cell(i).collidepoint(ev.pos)), -1
            )
            return False
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos) and self.enabled:
            for i, v in enumerate(self.values):
                if self.cell(i).collidepoint(ev.pos):
                    self.choose(v)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = max(4, r.h // 4)
        pygame.draw.rect(surface, (10, 40, 28), r, border_radius=radius)
        for i, (v, label) in enumerate(zip(self.values, self.labels, strict=True)):
            c = self.cell(i).inflate(-4, -4)
            if v == self.value:
                _gradient_rect(surface, c, (240, 206, 120), (186, 142, 56), radius - 1)
                colour: Colour = DARK_TEXT
            else:
                if i == self._hover:
                    pygame.draw.rect(surface, (34, 100, 70), c, border_radius=radius - 1)
                colour = pal.IVORY_TEXT
            blit_text(
                surface, label, self.font_size, colour, c.center, "center", v == self.value, c.w - 6
            )
        edge = pal.GOLD_LIGHT if self.focused else PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=radius)


class Choice(_OneOf):
    """A drop-down: a box showing the current value; a click opens a list over the scene.

    The open list is drawn by :meth:`draw_popup` (the scene calls it last so it lies on top)
    and takes clicks before any other control (:meth:`handle` returns True while open)."""

    def __init__(
        self,
        rect: pygame.Rect,
        values: Sequence[str],
        labels: Sequence[str],
        value: str,
        on_change: Callable[[str], None] | None = None,
        *,
        name: str = "",
        font_size: int = 15,
        screen_h: int = BASE_H,
    ) -> None:
        super().__init__(rect, values, labels, value, on_change, name=name, font_size=font_size)
        self.screen_h = screen_h
        self.open = False

    @property
    def label(self) -> str:
        return (
            self.labels[self.values.index(self.value)] if self.value in self.values else self.value
        )

    def item_rect(self, i: int) -> pygame.Rect:
        h = self.rect.h
        n = len(self.values)
        top = self.rect.bottom + 2
        if top + n * h > self.screen_h - 8:  # open upwards when there is no room below
            top = max(8, self.rect.top - 2 - n * h)
        return pygame.Rect(self.rect.x, top + i * h, self.rect.w, h)

    def choose(self, value: str) -> None:
        self.open = False
        super().choose(value)

    def handle(self, ev: InputEvent) -> bool:
        if self.open:
            if ev.kind is InputKind.MOUSE_MOVE:
                self._hover = next(
                    (i for i in range(len(self.values)) if self.item_rect(i).collidepoint(ev.pos)),
                    -1,
                )
                return True
            if ev.kind is InputKind.MOUSE_DOWN:
                for i, v in enumerate(self.values):
                    if self.item_rect(i).collidepoint(ev.pos):
                        self.choose(v)
                        return True
                self.open = False
                return True
            if ev.command is Command.CANCEL:
                self.open = False
                return True
            return ev.kind in (InputKind.MOUSE_UP, InputKind.WHEEL)
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos) and self.enabled:
            self.open = True
            self._hover = self.values.index(self.value) if self.value in self.values else -1
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        lit = self.hovered or self.focused or self.open
        pygame.draw.rect(surface, (10, 40, 28), r, border_radius=6)
        pygame.draw.rect(
            surface,
            pal.GOLD_LIGHT if lit else PANEL_EDGE,
            r,
            width=2 if lit else 1,
            border_radius=6,
        )
        blit_text(
            surface,
            self.label,
            self.font_size,
            pal.IVORY_TEXT,
            (r.x + 10, r.centery),
            "midleft",
            max_w=r.w - 34,
        )
        ax, ay = r.right - 16, r.centery
        pygame.draw.polygon(surface, pal.GOLD, [(ax - 6, ay - 3), (ax + 6, ay - 3), (ax, ay + 4)])

    def draw_popup(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        whole = self.item_rect(0).unionall([self.item_rect(i) for i in range(len(self.values))])
        pygame.draw.rect(surface, (0, 0, 0), whole.move(3, 4), border_radius=6)
        pygame.draw.rect(surface, (20, 30, 24), whole, border_radius=6)
        for i, (v, label) in enumerate(zip(self.values, self.labels, strict=True)):
            ir = self.item_rect(i)
            if v == self.value:
                pygame.draw.rect(surface, (190, 150, 64), ir.inflate(-4, -2), border_radius=4)
                colour: Colour = DARK_TEXT
            elif i == self._hover:
                pygame.draw.rect(surface, (31, 107, 72), ir.inflate(-4, -2), border_radius=4)
                colour = pal.IVORY_TEXT
            else:
                colour = pal.IVORY_TEXT
            blit_text(
                surface,
                label,
                self.font_size,
                colour,
                (ir.x + 10, ir.centery),
                "midleft",
                max_w=ir.w - 16,
            )
        pygame.draw.rect(surface, pal.GOLD, whole, width=1, border_radius=6)


class Slider(Control):
    """A 0–1 slider; ``on_change(value, final)`` while dragging (final False) and on release."""

    def __init__(
        self,
        rect: pygame.Rect,
        value: float,
        on_change: Callable[[float, bool], None] | None = None,
        *,
        name: str = "",
    ) -> None:
        super().__init__(rect, name)
        self.value = value
        self.on_change = on_change
        self.dragging = False

    def _set_from(self, x: int, final: bool) -> None:
        track = self.rect.inflate(-16, 0)
        self.value = min(1.0, max(0.0, (x - track.x) / max(1, track.w)))
        self.value = round(self.value * 20) / 20  # 5 % steps
        if self.on_change is not None:
            self.on_change(self.value, final)

    def nudge(self, delta: float) -> None:
        self.value = min(1.0, max(0.0, round((self.value + delta) * 20) / 20))
        if self.on_change is not None:
            self.on_change(self.value, True)

    def handle(self, ev: InputEvent) -> bool:
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos) and self.enabled:
            self.dragging = True
            self._set_from(ev.pos[0], False)
            return True
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
            if self.dragging:
                self._set_from(ev.pos[0], False)
                return True
        if ev.kind is InputKind.MOUSE_UP and self.dragging:
            self.dragging = False
            self._set_from(ev.pos[0], True)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        track = self.rect.inflate(-16, 0)
        bar = pygame.Rect(track.x, track.centery - 4, track.w, 8)
        pygame.draw.rect(surface, (10, 40, 28), bar, border_radius=4)
        filled = bar.copy()
        filled.w = round(bar.w * self.value)
        if filled.w > 0:
            _gradient_rect(surface, filled, (246, 214, 128), (190, 150, 64), 4)
        pygame.draw.rect(surface, PANEL_EDGE, bar, width=1, border_radius=4)
        kx = track.x + round(track.w * self.value)
        lit = self.hovered or self.focused or self.dragging
        pygame.draw.circle(surface, (0, 0, 0), (kx + 1, bar.centery + 2), 10)
        pygame.draw.circle(surface, pal.GOLD_LIGHT if lit else pal.GOLD, (kx, bar.centery), 10)
        pygame.draw.circle(surface, (120, 84, 30), (kx, bar.centery), 10, width=1)


class ScrollArea:
    """Vertical scrolling for a list drawn by the scene: ``offset`` pixels scrolled, a
    draggable scroll bar on the right, the wheel and Page Up/Down."""

    def __init__(self, rect: pygame.Rect, content_h: int = 0) -> None:
        self.rect = pygame.Rect(rect)
        self.content_h = content_h
        self.offset = 0
        self._drag: tuple[int, int] | None = None

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.rect.h)

    def scroll(self, dy: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def reveal(self, top: int, bottom: int) -> None:
        """Scroll so that content rows ``top``–``bottom`` are visible."""
        if top < self.offset:
            self.offset = max(0, top)
        elif bottom > self.offset + self.rect.h:
            self.scroll(bottom - self.offset - self.rect.h)

    def bar_rect(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        track = pygame.Rect(self.rect.right - 10, self.rect.y, 8, self.rect.h)
        h = max(30, round(track.h * self.rect.h / self.content_h))
        y = track.y + round((track.h - h) * self.offset / self.max_offset)
        return pygame.Rect(track.x, y, track.w, h)

    def handle(self, ev: InputEvent) -> bool:
        if ev.kind is InputKind.WHEEL and self.rect.collidepoint(ev.pos):
            self.scroll(-ev.wheel * 60)
            return True
        if ev.command in (Command.PAGE_UP, Command.PAGE_DOWN):
            self.scroll((self.rect.h - 40) * (1 if ev.command is Command.PAGE_DOWN else -1))
            return True
        bar = self.bar_rect()
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and bar is not None:
            track = pygame.Rect(self.rect.right - 14, self.rect.y, 16, self.rect.h)
            if bar.inflate(8, 0).collidepoint(ev.pos):
                self._drag = (ev.pos[1], self.offset)
                return True
            if track.collidepoint(ev.pos):
                self.scroll((self.rect.h - 40) * (1 if ev.pos[1] > bar.centery else -1))
                return True
        if ev.kind is InputKind.MOUSE_MOVE and self._drag is not None and bar is not None:
            y0, off0 = self._drag
            span = max(1, self.rect.h - bar.h)
            self.offset = max(
                0, min(self.max_offset, off0 + (ev.pos[1] - y0) * self.max_offset // span)
            )
            return True
        if ev.kind is InputKind.MOUSE_UP and self._drag is not None:
            self._drag = None
            return True
        return False

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar_rect()
        if bar is None:
            return
        track = pygame.Rect(bar.x, self.rect.y, bar.w, self.rect.h)
        pygame.draw.rect(surface, (8, 34, 24), track, border_radius=4)
        pygame.draw.rect(surface, pal.GOLD if self._drag else PANEL_EDGE, bar, border_radius=4)


# --- the base of every menu scene ---------------------------------------------------------


class MenuScene(Scene):
    """A full-screen menu scene: felt background, a title bar with a back button, a list of
    controls with keyboard focus, and pop-ups drawn last.

    Subclasses implement :meth:`build` (create ``self.controls`` for the current size and
    language) and may extend :meth:`draw_content`, :meth:`on_command` and :meth:`handle_first`.
    ``focus_order`` lists the controls ↑/↓ move through (default: every enabled Button)."""

    opaque = True
    title_key = ""

    def __init__(self, ctx: MenuContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.size = ctx.size
        self.controls: list[Control] = []
        self.focus = -1
        self.back_button: Button | None = None
        self.toast: tuple[str, Colour, float] | None = None  # text, colour, seconds left
        self.pointer: tuple[int, int] | None = None  # last mouse position seen
        self.build()

    # --- geometry -----------------------------------------------------------------------

    @property
    def w(self) -> int:
        return self.size[0]

    @property
    def h(self) -> int:
        return self.size[1]

    @property
    def scale(self) -> float:
        return min(self.w / BASE_W, self.h / BASE_H)

    def px(self, v: float) -> int:
        return max(1, round(v * self.scale))

    @property
    def lang(self) -> str:
        return self.ctx.settings.lang

    def t(self, key: str, **fmt: object) -> str:
        return self.ctx.t(key, **fmt)

    # --- lifecycle ----------------------------------------------------------------------

    def build(self) -> None:
        """Create the controls for the current size and language."""

    def rebuild(self) -> None:
        focused = self.focused_name()
        self.controls = []
        self.build()
        if focused:
            self.focus_named(focused)

    def on_enter(self) -> None:
        self.rebuild()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.ctx.size = size
        self.rebuild()

    def close(self) -> None:
        """Leave this scene (back to the one below)."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        else:
            self.ctx.act("back", self)

    def add_back_button(self) -> Button:
        rect = pygame.Rect(self.px(24), self.px(22), self.px(120), self.px(40))
        self.back_button = Button(
            rect, "‹ " + self.t("common.back"), self.close, name="back", font_size=self.px(17)
        )
        self.controls.append(self.back_button)
        return self.back_button

    def show_toast(self, text: str, colour: Colour = pal.GOLD_LIGHT, seconds: float = 3.0) -> None:
        self.toast = (text, colour, seconds)

    # --- focus --------------------------------------------------------------------------

    def focus_order(self) -> list[Control]:
        return [c for c in self.controls if isinstance(c, Button) and c.enabled and c.visible]

    def focused_name(self) -> str:
        order = self.focus_order()
        if 0 <= self.focus < len(order):
            return order[self.focus].name
        return ""

    def focus_named(self, name: str) -> None:
        order = self.focus_order()
        for i, c in enumerate(order):
            if c.name == name:
                self.focus = i
        self._apply_focus()

    def move_focus(self, delta: int) -> None:
        order = self.focus_order()
        if not order:
            return
        self.focus = (
            (self.focus + delta) % len(order)
            if self.focus >= 0
            else (0 if delta > 0 else len(order) - 1)
        )
        self._apply_focus()

    def _apply_focus(self) -> None:
        order = self.focus_order()
        for c in self.controls:
            c.focused = False
        if 0 <= self.focus < len(order):
            order[self.focus].focused = True

    def activate_focused(self) -> bool:
        order = self.focus_order()
        if 0 <= self.focus < len(order):
            c = order[self.focus]
            if isinstance(c, Button | Toggle):
                c.activate()
                return True
        return False

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        ev = event
        # the wheel scrolls what is under the pointer: the last position a mouse event gave
        if ev.kind in (InputKind.MOUSE_MOVE, InputKind.MOUSE_DOWN, InputKind.MOUSE_UP):
            self.pointer = ev.pos
        elif ev.kind is InputKind.WHEEL and self.pointer is not None:
            ev = dataclasses.replace(ev, pos=self.pointer)
        # an open drop-down takes everything
        for c in self.controls:
            if isinstance(c, Choice) and c.open:
                c.handle(ev)
                return
        if ev.kind is InputKind.MOUSE_DOWN:
            for c in self.controls:
                if isinstance(c, Choice):
                    c.open = False
        if self.handle_first(ev):
            return
        for c in list(self.controls):
            if c.visible and c.handle(ev):
                if ev.kind is InputKind.MOUSE_DOWN:
                    order = self.focus_order()
                    if c in order:
                        self.focus = order.index(c)
                        self._apply_focus()
                return
        if ev.kind is InputKind.COMMAND and ev.command is not None:
            self.on_command(ev.command)

    def handle_first(self, ev: InputEvent) -> bool:
        """Scene-specific handling before the controls see ``ev``; True if used."""
        return False

    def on_command(self, command: Command) -> None:
        """A key no control took: ↑/← and ↓/→/Tab move the focus, Enter activates the
        focused control, Esc closes the scene."""
        if command in (Command.SELECT_UP, Command.SELECT_LEFT):
            self.move_focus(-1)
        elif command in (Command.SELECT_DOWN, Command.SELECT_RIGHT, Command.NEXT_FIELD):
            self.move_focus(1)
        elif command is Command.CONFIRM:
            self.activate_focused()
        elif command is Command.CANCEL:
            self.close()

    def update(self, dt: float) -> None:
        if self.toast is not None:
            text, colour, left = self.toast
            self.toast = (text, colour, left - dt) if left - dt > 0 else None

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(self.size), (0, 0))
        if self.title_key:
            title = outlined_text(self.t(self.title_key), self.px(34), pal.GOLD_LIGHT, (60, 30, 10))
            surface.blit(title, title.get_rect(midtop=(self.w // 2, self.px(14))))
        self.draw_content(surface)
        for c in self.controls:
            if c.visible:
                c.draw(surface)
        self.draw_overlay(surface)
        for c in self.controls:
            if isinstance(c, Choice):
                c.draw_popup(surface)
        self.draw_toast(surface)

    def draw_toast(self, surface: pygame.Surface) -> None:
        """The toast message, if any, wrapped in a dark box near the bottom."""
        if self.toast is None:
            return
        text, colour, _ = self.toast
        size = self.px(18)
        lines = wrap_text(text, size, self.w - self.px(160), True)
        step = round(size * 1.4)
        width = max(render_text(line, size, colour, True).get_width() for line in lines)
        box = pygame.Rect(0, 0, width + self.px(36), len(lines) * step + self.px(16))
        box.midbottom = (self.w // 2, self.toast_bottom())
        panel(surface, box, fill=(20, 16, 10, 235), edge=pal.GOLD)
        for i, line in enumerate(lines):
            pos = (box.centerx, box.y + self.px(8) + i * step)
            blit_text(surface, line, size, colour, pos, "midtop", True)

    def toast_bottom(self) -> int:
        """Where the bottom of the toast message goes."""
        return self.h - self.px(24)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Everything but the controls (drawn under them)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over the controls, under drop-down lists and the toast."""


def clear_caches() -> None:
    """Forget every cached text, title and background (tests; or after ``pygame.quit()``,
    which invalidates the fonts they were drawn with), with the fonts, tiles and items."""
    from game import fonts, item_art, tile_art

    render_text.cache_clear()
    outlined_text.cache_clear()
    _panel_body.cache_clear()
    _wrap.cache_clear()
    coin_icon.cache_clear()
    _gradient_surface.cache_clear()
    felt_background.cache_clear()
    item_art.draw_item.cache_clear()
    tile_art.clear_caches()
    fonts.clear_cache()
