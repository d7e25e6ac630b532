"""The keyboard's way to the table's buttons: Tab / Shift+Tab walk a focus ring over what the
mouse can press — the claim row (a second kong among two, Pass), the item bar's items, the
toolbar (Skip to result, Auto-win, Tracker …) — and Enter or Space presses the one in focus.
←/→ (the hand's keys) and Esc give the keyboard back to the hand; with nothing in focus the
table's keys are as before (Enter discards the selected tile).

A stop is named by what it presses (an engine action, a toolbar item, an item's id), not by
its pygame-gui element: the buttons are made again on every change, and the focus stays on
the same thing when they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.input import Command, InputEvent, InputKind
from game.ui.controls import draw_focus_ring

__all__ = ["FocusStop", "TableFocus"]


@dataclass(frozen=True)
class FocusStop:
    """One place the focus can be: ``key`` names it, ``rect`` is where it is drawn,
    ``press`` is what Enter does there."""

    key: object
    rect: pygame.Rect
    press: Callable[[], None]


class TableFocus:
    """Which of the table's buttons has the keyboard focus (None: the hand has the keys)."""

    def __init__(self) -> None:
        self.key: object | None = None

    def current(self, stops: Sequence[FocusStop]) -> FocusStop | None:
        return next((s for s in stops if s.key == self.key), None)

    def handle(self, event: InputEvent, stops: Sequence[FocusStop]) -> bool:
        """The focus's answer to a key; False when the hand (or the table) should have it."""
        if event.kind is not InputKind.COMMAND:
            return False
        cmd = event.command
        if cmd in (Command.NEXT_FIELD, Command.PREV_FIELD):
            if stops:
                keys = [s.key for s in stops]
                step = 1 if cmd is Command.NEXT_FIELD else -1
                if self.key in keys:
                    i = keys.index(self.key) + step
                    # past either end the focus goes back to the hand
                    self.key = keys[i] if 0 <= i < len(keys) else None
                else:
                    self.key = keys[0] if step > 0 else keys[-1]
            return True
        stop = self.current(stops)
        if stop is None:
            self.key = None  # what it was on went away (the claim was answered)
            return False
        if cmd is Command.CONFIRM:
            stop.press()
            return True
        if cmd is Command.CANCEL:
            self.key = None
            return True
        if cmd in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            self.key = None  # back to the hand; the arrow moves its selection too
        return False

    def draw(self, surface: pygame.Surface, stops: Sequence[FocusStop], radius: int) -> None:
        stop = self.current(stops)
        if stop is not None:
            draw_focus_ring(surface, stop.rect, radius)
