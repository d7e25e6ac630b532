"""A one-line text field for the menus (an address, a room code, a name): :class:`TextField`.

It takes typed characters (:attr:`~game.input.InputKind.TEXT` events) while focused — a click
focuses it — Backspace takes the last one back; ``allowed`` filters what may be typed and
``limit`` caps the length. Drawn like the other self-drawn controls.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import palette as pal
from game.input import Command, InputEvent, InputKind
from game.ui.controls import Control
from game.ui.text import render_text

__all__ = ["TextField"]


class TextField(Control):
    """A line of text; ``value`` is what it holds."""

    def __init__(
        self,
        rect: pygame.Rect,
        value: str = "",
        *,
        name: str = "",
        placeholder: str = "",
        limit: int = 64,
        allowed: Callable[[str], bool] | None = None,
        font_size: int = 18,
    ) -> None:
        super().__init__(rect, name)
        self.value = value[:limit]
        self.placeholder = placeholder
        self.limit = limit
        self.allowed = allowed
        self.font_size = font_size
        self.editing = False

    def type(self, text: str) -> None:
        for ch in text:
            if len(self.value) >= self.limit:
                break
            if ch.isprintable() and (self.allowed is None or self.allowed(ch)):
                self.value += ch

    def handle(self, ev: InputEvent) -> bool:
        if not self.visible:
            return False
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
            return False
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1:
            self.editing = self.hit(ev.pos)
            return self.editing
        if not self.editing:
            return False
        if ev.kind is InputKind.TEXT:
            self.type(ev.text)
            return True
        if ev.kind is InputKind.COMMAND:
            if ev.command is Command.BACK:
                self.value = self.value[:-1]
                return True
            if ev.command in (
                Command.CONFIRM,  # Space is typed too
                Command.WIN,
                Command.KONG,
                Command.PONG,
                Command.TOGGLE_AUTO,
            ):
                return True  # letters are typed, not commands, while editing
            if ev.command in (Command.CANCEL, Command.NEXT_FIELD):
                self.editing = False
                return ev.command is Command.CANCEL
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        active = self.editing or self.focused
        pygame.draw.rect(surface, (20, 16, 10), r, border_radius=6)
        edge = pal.GOLD_LIGHT if active else (pal.GOLD if self.hovered else pal.GOLD_DARK)
        pygame.draw.rect(surface, edge, r, width=2, border_radius=6)
        pad = max(6, r.h // 4)
        text = self.value or self.placeholder
        colour = pal.IVORY_TEXT if self.value else pal.UI_TEXT_DIM
        img = render_text(text, self.font_size, colour)
        clip = surface.get_clip()
        inner = r.inflate(-2 * pad, -4)
        surface.set_clip(inner.clip(clip) if clip else inner)
        x = inner.x if img.get_width() <= inner.w else inner.right - img.get_width()
        surface.blit(img, img.get_rect(midleft=(x, r.centery)))
        if self.editing:
            cx = min(inner.right - 2, x + (img.get_width() if self.value else 0) + 2)
            pygame.draw.line(surface, pal.GOLD_LIGHT, (cx, r.y + pad), (cx, r.bottom - pad), 2)
        surface.set_clip(clip)
