"""A question over the screen below it, with two answers: :class:`ConfirmScene`.

The menus ask it before something that cannot be taken back — a new match while another is
still in progress (its hand counts as a walk-out, RULES.md §6.4). The safe answer has the
focus; Esc answers neither and goes back to the screen below.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import palette as pal
from game.scenes.menu_base import MenuContext, MenuScene
from game.ui.controls import answer_buttons
from game.ui.draw import dim_layer, panel
from game.ui.text import blit_paragraph, outlined_text

__all__ = ["ConfirmScene"]


class ConfirmScene(MenuScene):
    """``title`` and ``body`` (string keys, ``body`` formatted with ``fields``); ``keep`` is
    the safe answer (focused), ``go`` the other. Each closes the question first."""

    opaque = False

    def __init__(
        self,
        ctx: MenuContext,
        title: str,
        body: str,
        keep: tuple[str, Callable[[], object]],
        go: tuple[str, Callable[[], object]],
        **fields: object,
    ) -> None:
        self.title, self.body, self.fields = title, body, fields
        self.keep, self.go = keep, go
        super().__init__(ctx)

    def _box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.px(640), self.px(330))
        box.center = (self.w // 2, self.h // 2)
        return box

    def build(self) -> None:
        box = self._box()
        self.controls += answer_buttons(
            box,
            self.px,
            (self.t(self.keep[0]), partial(self.answer, "keep"), "keep"),
            (self.t(self.go[0]), partial(self.answer, "go"), "go"),
        )
        if self.focus < 0:
            self.focus_named("keep")

    def answer(self, name: str) -> None:
        stack = self.stack
        if stack is not None and stack.top is self:
            stack.pop()
        (self.keep if name == "keep" else self.go)[1]()

    def close(self) -> None:  # Esc / Back: neither answer
        stack = self.stack
        if stack is not None and stack.top is self:
            stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_layer(surface.get_size(), 150), (0, 0))
        box = self._box()
        panel(surface, box, fill=(16, 52, 36, 240))
        title = outlined_text(self.t(self.title), self.px(30), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + self.px(22))))
        rect = pygame.Rect(
            box.x + self.px(34), box.y + self.px(82), box.w - self.px(68), box.h - self.px(170)
        )
        blit_paragraph(surface, self.t(self.body, **self.fields), self.px(18), pal.IVORY_TEXT, rect)
        for c in self.controls:
            if c.visible:
                c.draw(surface)
        self.draw_toast(surface)
