"""The menus' self-drawn controls: buttons, switches, segmented choices, drop-downs, sliders
and a scroll area.

They are drawn with pygame, not pygame-gui, so every menu screen has one look and one way
of taking input: a scene keeps its controls in a list, passes each
:class:`~game.input.InputEvent` to them (``handle`` says whether the control used it) and
draws them. The table's screens use pygame-gui buttons instead (one kind per family).

Every control a player clicks gives the click pygame-gui's buttons give: a button pressed,
a switch flipped, a choice made, a list opened, a slider let go (its volume heard at once),
a cell picked — by the mouse or by Enter and the arrow keys. The app says what that click
is (:func:`set_click_sound`); the sound follows the change, so a switch that unmutes the
game is heard and one that mutes it is not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import pygame

from game import palette as pal
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.ui.draw import BASE_H, PANEL_EDGE, gradient_rect
from game.ui.text import MIN_TEXT, blit_text, render_text

__all__ = [
    "CHANGED",
    "DARK_TEXT",
    "Button",
    "Choice",
    "Control",
    "Grid",
    "ScrollArea",
    "Segmented",
    "Slider",
    "Toggle",
    "clear_click_sound",
    "click",
    "draw_focus_ring",
    "set_click_sound",
]

Colour = tuple[int, int, int]

ROW_ALT = (255, 255, 255, 10)
CHANGED = (246, 196, 80)
DISABLED_TEXT = (140, 132, 116)
DARK_TEXT = (36, 22, 8)


_click_sound: Callable[[], object] | None = None


def set_click_sound(play: Callable[[], object] | None) -> None:
    """What every control calls when it is clicked: the app's click sound (None: nothing,
    as for a scene drawn without an app)."""
    global _click_sound
    _click_sound = play


def clear_click_sound(play: Callable[[], object]) -> None:
    """Forget ``play`` if it is the click sound (an app closing; a newer app keeps its own)."""
    if _click_sound == play:
        set_click_sound(None)


def click() -> None:
    """The click of a control used (see the module's docstring)."""
    if _click_sound is not None:
        _click_sound()


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 6) -> None:
    """The keyboard focus: a gold frame just outside ``rect``, the same on every screen."""
    pygame.draw.rect(surface, pal.GOLD_LIGHT, rect.inflate(6, 6), width=2, border_radius=radius + 3)


class Control:
    r"""A self-drawn control: a rectangle that takes :class:`~game.input.InputEvent`\ s and
    draws itself. A ``focusable`` one can hold the menus' keyboard focus and then hears the
    keys no one else took through :meth:`command`."""

    focusable: ClassVar[bool] = False

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

    def command(self, command: Command) -> bool:
        """A key pressed while this control has the keyboard focus; True if it used it (else
        the scene moves the focus or goes back)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Control):
    """A wooden button with a gold edge; ``primary`` buttons are gold. ``on_click`` runs on
    a left click (press and release inside) or Enter while focused; a disabled button
    ignores clicks unless ``clickable_disabled`` (the shop explains why it cannot buy)."""

    focusable = True

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], object] | None = None,
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
        self.font_size = max(MIN_TEXT, font_size)  # never under the readable size
        self.selected = selected
        self.icon = icon
        self.clickable_disabled = False
        self._pressed = False

    def activate(self) -> None:
        if (self.enabled or self.clickable_disabled) and self.on_click is not None:
            self.on_click()
            click()

    def command(self, command: Command) -> bool:
        if command is Command.CONFIRM:
            self.activate()
            return True
        return False

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
        gradient_rect(surface, r, top, bottom, radius)
        pygame.draw.rect(surface, edge, r, width=2 if lit else 1, border_radius=radius)
        if self.focused:
            draw_focus_ring(surface, r, radius)
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


Answer = tuple[str, Callable[[], object], str]  # a button's label, what it does, its name


def answer_buttons(
    box: pygame.Rect, px: Callable[[float], int], safe: Answer, risky: Answer, width: int = 270
) -> list[Button]:
    """A question's two answers side by side at the foot of its ``box``: the safe one
    (Stay, Keep playing) on the left in the primary style, the one that cannot be taken back
    on the right — the leave, walk-out and close questions all lay them out so."""
    bh, gap = px(48), px(12)
    y = box.bottom - px(24) - bh
    left, right = pygame.Rect(0, y, px(width), bh), pygame.Rect(0, y, px(width), bh)
    left.right = box.centerx - gap // 2
    right.left = box.centerx + gap // 2
    return [
        Button(rect, label, act, name=name, style=style, font_size=px(19))
        for rect, (label, act, name), style in ((left, safe, "primary"), (right, risky, "normal"))
    ]


class Toggle(Control):
    """An on/off switch; ``on_change(value)`` after a click, Enter (flips it), ← (off) or →
    (on) — the knob goes the arrow's way."""

    focusable = True

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
        click()

    def command(self, command: Command) -> bool:
        if command not in (Command.CONFIRM, Command.SELECT_LEFT, Command.SELECT_RIGHT):
            return False
        on = not self.value if command is Command.CONFIRM else command is Command.SELECT_RIGHT
        if self.enabled and on != self.value:
            self.activate()
        return True

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
        if self.focused:
            draw_focus_ring(surface, track, track.h // 2)
        knob_r = track.h // 2 - 3
        cx = track.right - track.h // 2 if on else track.left + track.h // 2
        pygame.draw.circle(surface, (0, 0, 0), (cx + 1, track.centery + 2), knob_r)
        pygame.draw.circle(surface, (250, 244, 226), (cx, track.centery), knob_r)
        mark = "✓" if on else ""
        if mark:
            size = max(MIN_TEXT, knob_r)
            blit_text(surface, mark, size, (30, 120, 70), (cx, track.centery), "center", True)


class _OneOf(Control):
    """One value out of ``values`` (shown as ``labels``); ``on_change`` hears each new one.
    The labels are never drawn under MIN_TEXT, whatever ``font_size`` asks."""

    focusable = True

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
        self.font_size = max(MIN_TEXT, font_size)
        self._hover = -1

    def choose(self, value: str) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def index(self) -> int:
        """Where the value is among ``values`` (-1: a value not on offer)."""
        return self.values.index(self.value) if self.value in self.values else -1


class Segmented(_OneOf):
    """A row of mutually exclusive choices (language, speed, bot level…); with the focus,
    ←/→ step through them (round the ends) and Enter takes the next.

    The cells share the width equally; where a long label would not fit its share ("Concealed
    kong" beside "Pong"), each cell is as wide as its label needs and the room left over is
    shared out, so no label is squeezed while the row has room for them all."""

    PAD = 10  # px: a cell's width beyond its label's (the selected cell's inset, a margin)
    _edges_cache: tuple[tuple[int, int, tuple[str, ...]], list[int]] | None = None

    def _edges(self) -> list[int]:
        """The cells' left edges and the row's right edge, as offsets from its left."""
        key = (self.rect.w, self.font_size, tuple(self.labels))
        if self._edges_cache is not None and self._edges_cache[0] == key:
            return self._edges_cache[1]
        n, w = len(self.values), self.rect.w
        font = get_font(self.font_size, True)  # the selected label is bold: the wider
        need = [font.size(label)[0] + self.PAD for label in self.labels]
        if max(need) <= w // n or sum(need) > w:
            edges = [w * i // n for i in range(n + 1)]
        else:
            spare = w - sum(need)
            edges = [0]
            for i, width in enumerate(need):
                edges.append(edges[-1] + width + spare * (i + 1) // n - spare * i // n)
        self._edges_cache = (key, edges)
        return edges

    def cell(self, i: int) -> pygame.Rect:
        edges = self._edges()
        x0, x1 = self.rect.x + edges[i], self.rect.x + edges[i + 1]
        return pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h)

    def cell_of(self, value: str) -> pygame.Rect:
        return self.cell(self.values.index(value))

    def step(self, delta: int) -> None:
        i = (self.index() + delta) % len(self.values)
        self.choose(self.values[i])

    def command(self, command: Command) -> bool:
        if command not in (Command.CONFIRM, Command.SELECT_LEFT, Command.SELECT_RIGHT):
            return False
        if self.enabled:
            self.step(-1 if command is Command.SELECT_LEFT else 1)
            click()
        return True

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
                    click()  # the chosen cell too: the press was heard
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = max(4, r.h // 4)
        pygame.draw.rect(surface, (10, 40, 28), r, border_radius=radius)
        for i, (v, label) in enumerate(zip(self.values, self.labels, strict=True)):
            c = self.cell(i).inflate(-4, -4)
            if v == self.value:
                gradient_rect(surface, c, (240, 206, 120), (186, 142, 56), radius - 1)
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
        if self.focused:
            draw_focus_ring(surface, r, radius)


class Choice(_OneOf):
    """A drop-down: a box showing the current value; a click or Enter opens a list over the
    scene, ←/→ step to the value before or after without opening it.

    The open list is drawn by :meth:`draw_popup` (the scene calls it last so it lies on top)
    and takes every event before any other control (:meth:`handle` returns True while open):
    a click or Enter chooses, ↑/↓ (Page Up/Down: the ends) move the highlight, Esc and Tab
    close it unchanged."""

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

    def open_list(self) -> None:
        """Open the list, the current value highlighted."""
        if self.enabled and self.values:
            self.open = True
            self._hover = max(0, self.index())

    def command(self, command: Command) -> bool:
        if command is Command.CONFIRM:
            if self.enabled and self.values:
                self.open_list()
                click()
            return True
        if command in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            i = self.index() + (1 if command is Command.SELECT_RIGHT else -1)
            if self.enabled and 0 <= i < len(self.values):
                self.choose(self.values[i])
                click()
            return True
        return False

    def _open_command(self, command: Command | None) -> None:
        """A key while the list is open."""
        n = len(self.values)
        if command in (Command.SELECT_UP, Command.SELECT_DOWN):
            step = 1 if command is Command.SELECT_DOWN else -1
            self._hover = (self._hover + step) % n if 0 <= self._hover < n else max(0, self.index())
        elif command in (Command.PAGE_UP, Command.PAGE_DOWN):
            self._hover = 0 if command is Command.PAGE_UP else n - 1
        elif command is Command.CONFIRM and 0 <= self._hover < n:
            self.choose(self.values[self._hover])
            click()
        elif command in (Command.CONFIRM, Command.CANCEL, Command.NEXT_FIELD, Command.PREV_FIELD):
            self.open = False

    def handle(self, ev: InputEvent) -> bool:
        if self.open:
            if ev.kind is InputKind.MOUSE_MOVE:  # off the list the highlight stays put
                self._hover = next(
                    (i for i in range(len(self.values)) if self.item_rect(i).collidepoint(ev.pos)),
                    self._hover,
                )
                return True
            if ev.kind is InputKind.MOUSE_DOWN:
                for i, v in enumerate(self.values):
                    if self.item_rect(i).collidepoint(ev.pos):
                        self.choose(v)
                        click()
                        return True
                self.open = False
                return True
            if ev.kind is InputKind.COMMAND:
                self._open_command(ev.command)
                return True
            return ev.kind in (InputKind.MOUSE_UP, InputKind.WHEEL)
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos) and self.enabled:
            self.open_list()
            if self.open:
                click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        k = self._scale()
        lit = self.enabled and (self.hovered or self.focused or self.open)
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
            pal.IVORY_TEXT if self.enabled else DISABLED_TEXT,  # greyed out: it cannot open
            (r.x + round(10 * k), r.centery),
            "midleft",
            max_w=r.w - round(34 * k),
        )
        ax, ay = r.right - round(16 * k), r.centery
        dx, up, down = round(6 * k), round(3 * k), round(4 * k)
        arrow = [(ax - dx, ay - up), (ax + dx, ay - up), (ax, ay + down)]
        pygame.draw.polygon(surface, pal.GOLD if self.enabled else DISABLED_TEXT, arrow)
        if self.focused and not self.open:
            draw_focus_ring(surface, r)

    def _scale(self) -> float:
        """The arrow's and the insets' size, grown with the font (the controls are laid out
        in scaled pixels; these were fixed pixels, tiny at 4K). 1 at the 16 px base size."""
        return max(1.0, self.font_size / 16)

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
                (ir.x + round(10 * self._scale()), ir.centery),
                "midleft",
                max_w=ir.w - round(16 * self._scale()),
            )
        pygame.draw.rect(surface, pal.GOLD, whole, width=1, border_radius=6)
        if 0 <= self._hover < len(self.values):  # what Enter would choose: framed
            pygame.draw.rect(
                surface, pal.GOLD_LIGHT, self.item_rect(self._hover), width=2, border_radius=5
            )


class Slider(Control):
    """A 0–1 slider; ``on_change(value, final)`` while dragging (final False) and on release;
    with the focus ←/→ move it a step."""

    focusable = True

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
        track = self._track()
        self.value = min(1.0, max(0.0, (x - track.x) / max(1, track.w)))
        self.value = round(self.value * 20) / 20  # 5 % steps
        if self.on_change is not None:
            self.on_change(self.value, final)

    def nudge(self, delta: float) -> None:
        self.value = min(1.0, max(0.0, round((self.value + delta) * 20) / 20))
        if self.on_change is not None:
            self.on_change(self.value, True)
        click()

    def command(self, command: Command) -> bool:
        if command in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            self.nudge(0.05 if command is Command.SELECT_RIGHT else -0.05)
            return True
        return False

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
            click()  # let go: the effects heard at their new volume
            return True
        return False

    def _scale(self) -> float:
        """The bar and the knob grow with the control's height (30 px at the base size):
        fixed pixels left a thin bar and a small knob on a 4K window."""
        return max(1.0, self.rect.h / 30)

    def _track(self) -> pygame.Rect:
        """Where the knob's centre runs: the rect less a knob's room at each end."""
        return self.rect.inflate(-2 * round(8 * self._scale()), 0)

    def draw(self, surface: pygame.Surface) -> None:
        k = self._scale()
        radius, half = round(10 * k), round(4 * k)
        track = self._track()
        bar = pygame.Rect(track.x, track.centery - half, track.w, 2 * half)
        pygame.draw.rect(surface, (10, 40, 28), bar, border_radius=half)
        filled = bar.copy()
        filled.w = round(bar.w * self.value)
        if filled.w > 0:
            gradient_rect(surface, filled, (246, 214, 128), (190, 150, 64), half)
        pygame.draw.rect(surface, PANEL_EDGE, bar, width=1, border_radius=half)
        if self.focused:
            draw_focus_ring(surface, self.rect, self.rect.h // 2)
        kx = track.x + round(track.w * self.value)
        lit = self.hovered or self.focused or self.dragging
        pygame.draw.circle(surface, (0, 0, 0), (kx + 1, bar.centery + round(2 * k)), radius)
        pygame.draw.circle(surface, pal.GOLD_LIGHT if lit else pal.GOLD, (kx, bar.centery), radius)
        pygame.draw.circle(surface, (120, 84, 30), (kx, bar.centery), radius, width=1)


class Grid(Control):
    """Cells the scene draws itself (the fan calculator's tile picker and its hand),
    ``columns`` to a row:
    a click on one, or Enter, picks it (``on_pick(index)``). With the focus the arrow keys
    move a cursor over them, drawn as the focus frame; ↑/↓ past the first or last row leave
    the grid."""

    focusable = True

    def __init__(
        self,
        cells: Sequence[pygame.Rect],
        columns: int,
        on_pick: Callable[[int], None],
        *,
        cursor: int = 0,
        name: str = "",
    ) -> None:
        super().__init__(pygame.Rect(cells[0]).unionall(list(cells)), name)
        self.cells = [pygame.Rect(c) for c in cells]
        self.columns = columns
        self.on_pick = on_pick
        self.cursor = min(max(0, cursor), len(self.cells) - 1)

    def command(self, command: Command) -> bool:
        if command is Command.CONFIRM:
            self.on_pick(self.cursor)
            click()
            return True
        if command in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            step = 1 if command is Command.SELECT_RIGHT else -1
            self.cursor = (self.cursor + step) % len(self.cells)
            return True
        if command in (Command.SELECT_UP, Command.SELECT_DOWN):
            i = self.cursor + (self.columns if command is Command.SELECT_DOWN else -self.columns)
            if 0 <= i < len(self.cells):
                self.cursor = i
                return True
        return False

    def handle(self, ev: InputEvent) -> bool:
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.visible:
            for i, cell in enumerate(self.cells):
                if cell.collidepoint(ev.pos):
                    self.cursor = i
                    self.on_pick(i)
                    click()
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.focused:
            draw_focus_ring(surface, self.cells[self.cursor])


class ScrollArea:
    """Vertical scrolling for a list drawn by the scene: ``offset`` pixels scrolled, a
    draggable scroll bar on the right, the wheel and Page Up/Down."""

    BAR_W = 10  # the bar's strip at the right edge of ``rect`` (the bar, and a 2 px gap)

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
        track = pygame.Rect(self.rect.right - self.BAR_W, self.rect.y, self.BAR_W - 2, self.rect.h)
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
