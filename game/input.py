"""The one place where pygame events become game input.

``translate(event)`` turns a raw pygame event into an :class:`InputEvent` (or None when the
game does not care about it); every scene and control reads only these. Keyboard bindings
live here and nowhere else. At the table: ←/→ select a tile, Enter/Space discard it, H win,
K kong, P pong, Esc pass, T auto-play (托管), F1 hints, F2 animation speed, Tab / Shift+Tab
the focus over the table's buttons (game.table.focus). In the menus:
↑/↓ and Tab / Shift+Tab move the focus, ←/→ change the focused switch, choice or slider (else
move the focus too), Enter/Space activates or opens a drop-down, Esc goes back, Page Up/Down
and the wheel scroll, Backspace (or Delete) takes back the calculator's last tile or, on its
hand, the tile under the cursor. Ctrl+Q quits anywhere; F11 or Alt+Enter switches fullscreen
on or off anywhere.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame
import pygame_gui

__all__ = ["KEY_COMMANDS", "Command", "InputEvent", "InputKind", "translate"]


class Command(enum.Enum):
    """What a key asks for; each screen gives it its meaning there."""

    SELECT_LEFT = "select_left"  # ←
    SELECT_RIGHT = "select_right"  # →
    SELECT_UP = "select_up"  # ↑: menus move the focus
    SELECT_DOWN = "select_down"  # ↓
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    NEXT_FIELD = "next_field"  # Tab
    PREV_FIELD = "prev_field"  # Shift+Tab: the menus move the focus back
    BACK = "back"  # Backspace: the calculator's last tile; the replay viewer closes
    DELETE = "delete"  # Delete: in the calculator as Backspace, in a text field forwards
    CONFIRM = "confirm"  # Enter / Space: discard the selected tile, activate, confirm
    CANCEL = "cancel"  # Esc: pass at the table, back in the menus, cancel a pick
    WIN = "win"
    KONG = "kong"
    PONG = "pong"
    TOGGLE_AUTO = "toggle_auto"
    TOGGLE_HINTS = "toggle_hints"
    CYCLE_SPEED = "cycle_speed"
    TOGGLE_FULLSCREEN = "toggle_fullscreen"  # F11 / Alt+Enter: the app's, on every screen
    QUIT = "quit"


class InputKind(enum.Enum):
    COMMAND = "command"
    MOUSE_DOWN = "mouse_down"
    MOUSE_UP = "mouse_up"
    MOUSE_MOVE = "mouse_move"
    WHEEL = "wheel"  # mouse wheel: ``wheel`` steps (> 0 scrolls up), ``pos`` the pointer
    UI_BUTTON = "ui_button"  # a pygame-gui button was pressed
    RESIZE = "resize"
    TEXT = "text"  # typed characters (``text``): a text field takes them
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class InputEvent:
    kind: InputKind
    command: Command | None = None
    pos: tuple[int, int] = (0, 0)
    button: int = 0  # mouse button: 1 left, 2 middle, 3 right
    element: object = None  # the pygame-gui element for UI_BUTTON
    size: tuple[int, int] = (0, 0)  # RESIZE: the new window size
    wheel: int = 0  # WHEEL: steps, > 0 scrolls up
    text: str = ""  # TEXT: what was typed


KEY_COMMANDS: dict[int, Command] = {
    pygame.K_LEFT: Command.SELECT_LEFT,
    pygame.K_RIGHT: Command.SELECT_RIGHT,
    pygame.K_RETURN: Command.CONFIRM,
    pygame.K_KP_ENTER: Command.CONFIRM,
    pygame.K_SPACE: Command.CONFIRM,
    pygame.K_h: Command.WIN,
    pygame.K_k: Command.KONG,
    pygame.K_p: Command.PONG,
    pygame.K_ESCAPE: Command.CANCEL,
    pygame.K_t: Command.TOGGLE_AUTO,
    pygame.K_F1: Command.TOGGLE_HINTS,
    pygame.K_F2: Command.CYCLE_SPEED,
    pygame.K_UP: Command.SELECT_UP,
    pygame.K_DOWN: Command.SELECT_DOWN,
    pygame.K_PAGEUP: Command.PAGE_UP,
    pygame.K_PAGEDOWN: Command.PAGE_DOWN,
    pygame.K_TAB: Command.NEXT_FIELD,
    pygame.K_BACKSPACE: Command.BACK,
    pygame.K_DELETE: Command.DELETE,
}

_WHEEL_BUTTONS = (4, 5)  # pygame 2 also reports a wheel step as these; MOUSEWHEEL counts


def translate(event: pygame.event.Event) -> InputEvent | None:
    """The game input for one pygame event, or None."""
    etype = event.type
    if etype == pygame.QUIT:
        return InputEvent(InputKind.QUIT)
    if etype == pygame.KEYDOWN:
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            return InputEvent(InputKind.COMMAND, Command.QUIT)
        if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            return InputEvent(InputKind.COMMAND, Command.PREV_FIELD)
        if event.key == pygame.K_F11 or (
            event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT
        ):  # (Alt+Enter is no Enter: it discarded at the table, pressed the focused button)
            return InputEvent(InputKind.COMMAND, Command.TOGGLE_FULLSCREEN)
        command = KEY_COMMANDS.get(event.key)
        return InputEvent(InputKind.COMMAND, command) if command else None
    if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if event.button in _WHEEL_BUTTONS:
            return None
        kind = InputKind.MOUSE_DOWN if etype == pygame.MOUSEBUTTONDOWN else InputKind.MOUSE_UP
        return InputEvent(kind, pos=_pos(event), button=event.button)
    if etype == pygame.MOUSEMOTION:
        return InputEvent(InputKind.MOUSE_MOVE, pos=_pos(event))
    if etype == pygame.MOUSEWHEEL:
        return InputEvent(InputKind.WHEEL, pos=_pointer(), wheel=int(event.y))
    if etype == pygame_gui.UI_BUTTON_PRESSED:
        return InputEvent(InputKind.UI_BUTTON, element=event.ui_element)
    if etype == pygame.TEXTINPUT:
        return InputEvent(InputKind.TEXT, text=str(event.text))
    if etype == pygame.VIDEORESIZE:
        return InputEvent(InputKind.RESIZE, size=(event.w, event.h))
    return None


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return int(x), int(y)


def _pointer() -> tuple[int, int]:
    """Where the mouse is (a wheel event does not say); scenes that track the pointer from
    motion events use their own."""
    if not pygame.display.get_init():
        return (0, 0)
    x, y = pygame.mouse.get_pos()
    return int(x), int(y)
