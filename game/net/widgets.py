"""A one-line text field for the menus (an address, a room code, a name): :class:`TextField`.

It is a focusable control like the menus' buttons: Tab / Shift+Tab (and ↑/↓) bring the
keyboard focus to it, a click too, and while it has the focus it takes typed characters
(:attr:`~game.input.InputKind.TEXT` events) at its caret; ←/→ move the caret, Backspace
takes back the character before it, Delete the one after it, and Enter runs
``on_submit`` (the screen's next step: the next field, Join, Open the table). ``allowed``
filters what may be typed (``on_refuse`` hears what it kept out) and ``limit`` caps the
length. Drawn like the other self-drawn controls, with their focus ring, and heard like them
(:func:`game.ui.controls.click`): a click on the field, and Enter running ``on_submit``, give
the app's click; typing does not.

A player's name is seen by everyone at the table in the game's font, a subset that cannot
draw every character (not every traditional hanzi, no emoji): :func:`name_char_ok` is what
a name field lets through, and :func:`shown_name` is how a name from the server is shown — a
character the font cannot draw as "?", never as an empty box.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pygame

from game import palette as pal
from game.fonts import font_charset, get_font
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.ui.controls import Control, click, draw_focus_ring
from game.ui.text import render_text

__all__ = [
    "STAND_IN",
    "TextField",
    "can_draw",
    "copy_text",
    "name_char_ok",
    "shown_name",
    "table_name",
]

STAND_IN = "?"  # shown for a character of a name that the font cannot draw

# What a name may not hold: controls, format characters, surrogates, private use, unassigned,
# line and paragraph separators (the server's rule: server.protocol.name_problem).
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def can_draw(ch: str) -> bool:
    """Whether the game's font (regular and bold) has a glyph for ``ch``. True when its
    character map cannot be read (no fontTools): then nothing is known to be missing."""
    if ch == " ":
        return True
    regular, bold = font_charset(False), font_charset(True)  # each read once, cached
    return (not regular or ch in regular) and (not bold or ch in bold)


def name_char_ok(ch: str) -> bool:
    """Whether ``ch`` may be typed into a name: a visible character the font draws."""
    return unicodedata.category(ch) not in _INVISIBLE and can_draw(ch)


def shown_name(name: str) -> str:
    """A name from the server as the screens show it: invisible characters left out, each
    one the font cannot draw as :data:`STAND_IN`, and a name with nothing visible left
    (from another client or server) as :data:`STAND_IN` alone, never as nothing."""
    out = "".join(
        ch if can_draw(ch) else STAND_IN
        for ch in name
        if unicodedata.category(ch) not in _INVISIBLE
    )
    return out if out.strip() else STAND_IN


def table_name(name: str, owner: str, lang: str) -> str:
    """A table's name as this player reads it: the name it was given, as typed; else after
    the player who opened it, in this player's language ("小明的牌桌" / "Ann's table") —
    not in the opener's, which the room never carries."""
    if name.strip():
        return shown_name(name)
    return t("net.room_of", lang, name=shown_name(owner))


def copy_text(text: str) -> bool:
    """Put ``text`` on the system clipboard (pygame.scrap, SDL's clipboard); False when
    there is none to put it on — no window, a system without one, a pygame without scrap —
    so that the screen says it could not copy rather than that it did."""
    scrap = getattr(pygame, "scrap", None)
    if scrap is None or not pygame.display.get_init() or pygame.display.get_surface() is None:
        return False
    try:
        scrap.put_text(text)
        return bool(scrap.has_text()) and scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError, OSError):
        return False


# Keys that are letters while typing: H, K, P and T are the table's win, kong, pong and
# auto-play, and come as commands beside the typed letter (which the field takes).
_LETTER_COMMANDS = (Command.WIN, Command.KONG, Command.PONG, Command.TOGGLE_AUTO)


class TextField(Control):
    """A line of text; ``value`` is what it holds, ``caret`` where typing goes in."""

    focusable = True

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
        on_submit: Callable[[], object] | None = None,
        on_refuse: Callable[[str], object] | None = None,
    ) -> None:
        """``on_refuse``: told the characters of a typed text that ``allowed`` (or their
        being invisible) kept out, so that the screen can say why."""
        super().__init__(rect, name)
        self.limit = limit
        self.value = value
        self.placeholder = placeholder
        self.allowed = allowed
        self.font_size = font_size
        self.on_submit = on_submit
        self.on_refuse = on_refuse
        self._enter = False  # Enter or Space pressed this frame (see end_frame)

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, text: str) -> None:
        self._value = text[: self.limit]
        self.caret = len(self._value)

    @property
    def editing(self) -> bool:
        """Typed characters go in: the field has the keyboard focus."""
        return self.focused and self.visible and self.enabled

    def type(self, text: str) -> None:
        """Put ``text`` in at the caret, what ``allowed`` lets through, up to ``limit``;
        ``on_refuse`` hears what was kept out."""
        refused = ""
        for ch in text:
            if len(self._value) >= self.limit:
                break
            if ch.isprintable() and (self.allowed is None or self.allowed(ch)):
                at = min(self.caret, len(self._value))
                self._value = self._value[:at] + ch + self._value[at:]
                self.caret = at + 1
            else:
                refused += ch
        if refused and self.on_refuse is not None:
            self.on_refuse(refused)

    def command(self, command: Command) -> bool:
        if not self.editing:
            return False
        at = min(self.caret, len(self._value))
        if command is Command.BACK:
            if at > 0:
                self._value = self._value[: at - 1] + self._value[at:]
                self.caret = at - 1
            return True
        if command is Command.DELETE:  # forwards, as in any text field
            self._value = self._value[:at] + self._value[at + 1 :]
            self.caret = at
            return True
        if command in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            step = 1 if command is Command.SELECT_RIGHT else -1
            self.caret = max(0, min(len(self._value), at + step))
            return True
        if command is Command.CONFIRM:
            self._enter = True
            return True
        # letters are typed, not commands; Tab, ↑/↓ and Esc are the screen's
        return command in _LETTER_COMMANDS

    def end_frame(self) -> None:
        """After a frame's input: an Enter pressed in the field runs ``on_submit``.

        Enter and Space are one command (:data:`game.input.KEY_COMMANDS`); Space also types a
        space, a TEXT event that follows its key in the same frame. So a CONFIRM with no
        typed text after it was Enter. (Text that an input method commits with Enter or Space
        does not submit either.)"""
        enter, self._enter = self._enter, False
        if enter and self.editing and self.on_submit is not None:
            self.on_submit()
            click()  # as a button pressed by Enter: after its change

    def handle(self, ev: InputEvent) -> bool:
        if not self.visible:
            return False
        if ev.kind is InputKind.MOUSE_MOVE:
            self.hovered = self.hit(ev.pos)
            return False
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1 and self.hit(ev.pos):
            self.focused = True  # the scene moves its focus here (a click focuses a control)
            self.caret = self._caret_at(ev.pos[0])
            click()  # as every control of the menus when clicked (it was silent)
            return True
        if ev.kind is InputKind.TEXT and self.editing:
            self._enter = False  # that key was Space, not Enter
            self.type(ev.text)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------

    def _inner(self) -> pygame.Rect:
        """Where the text goes."""
        pad = max(6, self.rect.h // 4)
        return self.rect.inflate(-2 * pad, -4)

    def _text_x(self) -> int:
        """Where the text starts: at the left, or shifted left so that the caret shows."""
        inner = self._inner()
        font = get_font(max(11, self.font_size))
        caret_px = font.size(self._value[: min(self.caret, len(self._value))])[0]
        return min(inner.x, inner.right - 2 - caret_px)

    def _caret_at(self, x: int) -> int:
        """The caret position nearest the pixel column ``x``."""
        font = get_font(max(11, self.font_size))
        left = self._text_x()
        widths = [font.size(self._value[:i])[0] for i in range(len(self._value) + 1)]
        return min(range(len(widths)), key=lambda i: abs(left + widths[i] - x))

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (20, 16, 10), r, border_radius=6)
        edge = pal.GOLD_LIGHT if self.focused else (pal.GOLD if self.hovered else pal.GOLD_DARK)
        pygame.draw.rect(surface, edge, r, width=2, border_radius=6)
        if self.focused:
            draw_focus_ring(surface, r, 6)
        inner = self._inner()
        clip = surface.get_clip()
        surface.set_clip(inner.inflate(4, 0).clip(clip) if clip else inner)
        if self._value:
            x = self._text_x()
            img = render_text(self._value, self.font_size, pal.IVORY_TEXT)
            surface.blit(img, img.get_rect(midleft=(x, r.centery)))
        else:
            x = inner.x
            img = render_text(self.placeholder, self.font_size, pal.UI_TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(x, r.centery)))
        if self.editing:  # the caret: after the text typed before it, else before the hint
            font = get_font(max(11, self.font_size))
            cx = x + font.size(self._value[: min(self.caret, len(self._value))])[0] + 1
            cx = cx if self._value else x - 2
            top, bottom = r.y + max(6, r.h // 4), r.bottom - max(6, r.h // 4)
            pygame.draw.line(surface, pal.GOLD_LIGHT, (cx, top), (cx, bottom), 2)
        surface.set_clip(clip)
