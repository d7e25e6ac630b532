"""The base of every menu screen: :class:`MenuContext` (what a menu scene is built with) and
:class:`MenuScene` (felt, title, a list of controls with keyboard focus, pop-ups, toasts).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game import palette as pal
from game.i18n import t, tn
from game.input import Command, InputEvent, InputKind
from game.profile import Profile, load_profile
from game.routes import MenuNav
from game.scenes.base import Scene
from game.settings import Settings
from game.storage import Notice
from game.ui.controls import Button, Choice, Control
from game.ui.draw import BASE_H, BASE_W, felt_background, panel
from game.ui.text import blit_text, outlined_text, render_text, wrap_text

__all__ = ["MenuContext", "MenuScene"]

Colour = tuple[int, int, int]


@dataclass
class MenuContext:
    """What every menu scene is built with: the settings, the navigator (every button that
    leads elsewhere asks it, :class:`game.routes.MenuNav`), the window size, the data folder
    (None: the default, or ``$SICHUAN_MAHJONG_HOME``) and the profile — the app's, else
    loaded from there on first use.
    """

    settings: Settings
    nav: MenuNav
    size: tuple[int, int] = (BASE_W, BASE_H)
    directory: str | Path | None = None
    _profile: Profile | None = field(default=None, repr=False)
    profile_notice: Notice | None = None  # what loading the profile has to tell the player

    @property
    def lang(self) -> str:
        # Settings.lang's Literal is built from a tuple, which mypy reads as Any
        lang: str = self.settings.lang
        return lang

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

    def tn(self, key: str, count: int, **fmt: object) -> str:
        return tn(key, self.settings.lang, count, **fmt)


class MenuScene(Scene):
    """A full-screen menu scene: felt background, a title bar with a back button, a list of
    controls with keyboard focus, and pop-ups drawn last.

    Subclasses implement :meth:`build` (create ``self.controls`` for the current size and
    language) and may extend :meth:`draw_content`, :meth:`on_command` and :meth:`handle_first`.
    ``focus_order`` lists the controls ↑/↓ and Tab move through (default: every visible, enabled
    focusable control — buttons, switches, choices, sliders); the focused one hears the keys
    first (:meth:`game.ui.controls.Control.command`)."""

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
        # Settings.lang's Literal is built from a tuple, which mypy reads as Any
        lang: str = self.ctx.settings.lang
        return lang

    def t(self, key: str, **fmt: object) -> str:
        return self.ctx.t(key, **fmt)

    def tn(self, key: str, count: int, **fmt: object) -> str:
        return self.ctx.tn(key, count, **fmt)

    # --- lifecycle ----------------------------------------------------------------------

    def build(self) -> None:
        """Create the controls for the current size and language."""

    def rebuild(self) -> None:
        """Build again; the focus stays on the control of the same name, and where that one
        is gone or disabled (the tip closed, Continue with no match left) goes where it goes
        when the screen opens — not to whatever control took the old one's place in order."""
        focused = self.focused_name()
        self.controls = []
        self.build()
        if focused:
            self.focus_named(focused)
            if self.focused_name() != focused:
                self.focus = -1
                self.controls = []
                self.build()

    def on_enter(self) -> None:
        self.rebuild()

    def on_exit(self) -> None:
        """Covered (a question over it, another screen): no control of this one looks
        focused or hovered — a frame under a dialog is on a button the keys cannot reach.
        The focus itself is kept; :meth:`on_enter` shows it again."""
        for c in self.controls:
            c.focused = c.hovered = False

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.ctx.size = size
        self.rebuild()

    def close(self) -> None:
        """Leave this scene (back to the one below)."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

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
        return [c for c in self.controls if c.focusable and c.enabled and c.visible]

    def focused_control(self) -> Control | None:
        order = self.focus_order()
        return order[self.focus] if 0 <= self.focus < len(order) else None

    def focused_name(self) -> str:
        control = self.focused_control()
        return control.name if control is not None else ""

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
        for c in (*self.controls, *order):
            c.focused = False
        if 0 <= self.focus < len(order):
            order[self.focus].focused = True
            self.focus_moved(order[self.focus])

    def focus_moved(self, control: Control) -> None:
        """The keyboard focus is on ``control`` now (a scrolling list scrolls it into view)."""

    def activate_focused(self) -> bool:
        """Enter on the focused control (press, flip, open); False if nothing took it."""
        control = self.focused_control()
        return control is not None and control.command(Command.CONFIRM)

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
        """A key no control took: the focused control first (Enter presses, flips or opens
        it; ←/→ change a switch, choice or slider), else ↑/←/Shift+Tab and ↓/→/Tab move the
        focus, Esc closes the scene."""
        control = self.focused_control()
        if control is not None and control.command(command):
            return
        if command in (Command.SELECT_UP, Command.SELECT_LEFT, Command.PREV_FIELD):
            self.move_focus(-1)
        elif command in (Command.SELECT_DOWN, Command.SELECT_RIGHT, Command.NEXT_FIELD):
            self.move_focus(1)
        elif command is Command.CANCEL:
            self.close()

    def update(self, dt: float) -> None:
        if self.toast is not None:
            text, colour, left = self.toast
            self.toast = (text, colour, left - dt) if left - dt > 0 else None

    # --- drawing ------------------------------------------------------------------------

    def _title(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The menu's title, centred at the top, and where it goes (None: no title)."""
        if not self.title_key:
            return None
        title = outlined_text(self.t(self.title_key), self.px(34), pal.GOLD_LIGHT, (60, 30, 10))
        return title, title.get_rect(midtop=(self.w // 2, self.px(14)))

    def keep_clear(self) -> list[pygame.Rect]:
        """The title: a notice centred at the top covered every menu's ('Settings', 设置)."""
        title = self._title()
        return [] if title is None else [title[1]]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(self.size), (0, 0))
        title = self._title()
        if title is not None:
            surface.blit(*title)
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
