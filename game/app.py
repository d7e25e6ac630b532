"""The application: the window, the clock, the pygame-gui manager, the scene stack and the
frame loop, and what every screen shares — the settings, the data folder, the player's
profile and the sound.

Screens are built and shown by the navigator (:mod:`game.nav`), which holds the app; the
app itself knows no scene but the stack's base class.
"""

from __future__ import annotations

import json
import logging
import statistics
import sys
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MethodType
from typing import Any

import pygame
import pygame_gui

from game import i18n, palette, storage
from game.audio import MIXER_SETTINGS, Audio
from game.fonts import clear_cache, font_path, font_usable, theme_data, theme_font
from game.input import Command, InputKind, translate
from game.profile import Profile, load_profile
from game.scenes.base import Scene, SceneStack
from game.settings import MIN_H, MIN_W, Settings, save_settings
from game.storage import Notice, NoticeKind
from game.ui.controls import Control, clear_click_sound, set_click_sound
from game.ui.draw import BASE_H, BASE_W, panel, window_icon
from game.ui.text import blit_text, render_text, wrap_text

_log = logging.getLogger(__name__)

__all__ = ["App", "Message", "Notices", "Settings", "stats_json"]

FPS = 60
#: A press this soon after a press that changed the screen, and this close to it, is the
#: second half of a double click: it is dropped, not sent to the new screen (a Back double
#: clicked opened About, which sits where Back was; Match end's Main menu, double clicked,
#: quit the game from the main menu's Quit).
DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_PX = 8
HEALTHY_FRAMES = 90  # frames after which a start counts as a good one (game.autosave)
#: A window resized by dragging is saved this long after the last resize event of the drag
#: (a drag sends dozens; the size the player let go of is the one written).
WINDOW_SAVE_DELAY = 1.0  # seconds

Message = Notice | tuple[str, str]
"""Something to tell the player: a storage notice, or a (Chinese, English) pair."""


@dataclass
class _Shown:
    message: Message
    left: float  # seconds


def _message_text(message: Message, lang: str) -> str:
    if isinstance(message, Notice):
        return message.text(lang)
    return message[0] if lang == "zh" else message[1]


#: notices' boxes, each with its lines of text
_Boxes = list[tuple[pygame.Rect, list[str]]]


class Notices:
    """What the player must be told about their saved data — a file restored from its
    backup, a save the disk refused, a clean start after failed ones — drawn by the app over
    every screen (the table too) until it times out or is clicked away. Shown in the
    language of the moment; the same message twice is shown once. At most :data:`MAX` at a
    time: the others wait their turn (a fourth pushed the first out unseen).

    Where: in the first of :data:`PLACES` that covers none of what the screen asks to keep
    clear (its title, its buttons), else in the one that covers least. Drawn centred at the
    top they lay over every menu's title ("Settings") and the settlement's; the top right
    corner, under a third of the window wide, is free on most screens; the table's toolbar
    there sends them left of it where the toolbar is long (three seats, no hand across), down
    its right side where no seat sits there (two seats), else down the middle under the hand
    across, over the wall (``TableScene.keep_clear``). Where the whole top is taken (the main
    menu: its title across the middle, the coins in the corner) they go down the right side
    to the first room free ("under"), not into a bottom corner over the keyboard's hints;
    where the new player's tip fills the right side, down the left; where three long ones
    fit down neither, down both ("sides"). Before the left and both sides were places, the
    last resort was the top left corner, over the end of the title and its fan of tiles."""

    SECONDS = 12.0
    MAX = 3
    #: (across, down): across "right", "centre", "third" (centred a third of the way
    #: across), "left" or "sides" (the first down the left, the others down the right;
    #: "under" only); down "top", "bottom" or "under" (from the top down, below what
    #: they would cover there).
    PLACES = (
        ("right", "top"),
        ("centre", "top"),
        ("third", "top"),
        ("right", "under"),
        ("right", "bottom"),
        ("left", "bottom"),
        ("left", "top"),
        ("centre", "bottom"),
        ("centre", "under"),  # the four-seat table: its whole top and both sides taken
        ("left", "under"),  # the main menu with the new player's tip down its right side
        ("sides", "under"),  # … and notices too long for the left alone
    )
    CORNER_WIDTH = 0.3  # a notice in a corner is at most this part of the window wide

    def __init__(self) -> None:
        self.shown: list[_Shown] = []
        self.waiting: list[_Shown] = []
        self._rects: list[pygame.Rect] = []
        #: the last placement: (texts, window, its cover of keep_clear, boxes and lines)
        self._placed: tuple[list[str], tuple[int, int], int, _Boxes] | None = None

    def __bool__(self) -> bool:
        return bool(self.shown)

    def add(self, message: Message, seconds: float = SECONDS) -> None:
        for item in (*self.shown, *self.waiting):
            if item.message == message:
                item.left = max(item.left, seconds)
                return
        self.waiting.append(_Shown(message, seconds))
        self._next()

    def _next(self) -> None:
        while self.waiting and len(self.shown) < self.MAX:
            self.shown.append(self.waiting.pop(0))

    def texts(self, lang: str) -> list[str]:
        return [_message_text(item.message, lang) for item in self.shown]

    def update(self, dt: float) -> None:
        for item in self.shown:
            item.left -= dt
        self.shown = [item for item in self.shown if item.left > 0]
        self._next()

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a notice closes it (and goes no further)."""
        for rect, item in zip(self._rects, list(self.shown), strict=False):
            if rect.collidepoint(pos):
                self.shown.remove(item)
                self._next()
                return True
        return False

    def draw(
        self,
        surface: pygame.Surface,
        lang: str,
        keep_clear: Sequence[pygame.Rect] = (),
        rather_clear: Sequence[pygame.Rect] = (),
    ) -> None:
        """The notices shown, where they cover least of ``keep_clear`` (see the class); of
        such places, the one covering least of ``rather_clear``, what they may cover where
        nothing else is free: the table's discards (down the middle, under the hand across
        and the top wall, three lay over the top player's first discards at 1024×640 where
        down the sides was free). "Under" below those too is a place of its own."""
        self._rects = []
        if not self.shown:
            return
        w, h = surface.get_size()
        scale = min(w / BASE_W, h / BASE_H)
        size = max(13, round(18 * scale))
        pad = max(8, round(14 * scale))
        step = round(size * 1.4)
        texts = [_message_text(item.message, lang) for item in self.shown]
        boxes = self._kept(texts, (w, h), keep_clear)
        if boxes is None:
            boxes = self._place(texts, (w, h), size, pad, step, keep_clear, rather_clear)
        for box, lines in boxes:
            panel(surface, box, fill=(28, 14, 8, 240), edge=(236, 150, 96))
            for i, line in enumerate(lines):
                pos = (box.centerx, box.y + pad // 2 + i * step)
                blit_text(surface, line, size, (255, 226, 196), pos, "midtop", True)
            self._rects.append(box)

    def _kept(
        self, texts: list[str], window: tuple[int, int], keep_clear: Sequence[pygame.Rect]
    ) -> _Boxes | None:
        """The last placement, while the same notices show in the same window and it covers
        no more of ``keep_clear`` than when it was chosen: a notice stays where the player
        saw it appear, not moving when a discard lands under it or the wall's stacks below
        it are drawn, only when a button or a hand comes to lie under it."""
        if self._placed is None:
            return None
        placed_texts, placed_window, cover, boxes = self._placed
        if placed_texts != texts or placed_window != window:
            return None
        now = sum(_overlap(box, rect) for box, _ in boxes for rect in keep_clear)
        return boxes if now <= cover else None

    def _place(
        self,
        texts: list[str],
        window: tuple[int, int],
        size: int,
        pad: int,
        step: int,
        keep_clear: Sequence[pygame.Rect],
        rather_clear: Sequence[pygame.Rect],
    ) -> _Boxes:
        """The notices' boxes at the best of :data:`PLACES` (see :meth:`draw`), kept for
        the next frames (:meth:`_kept`)."""
        w, h = window
        best: tuple[tuple[int, int], _Boxes] | None = None
        clears = [keep_clear, [*keep_clear, *rather_clear]] if rather_clear else [keep_clear]
        for place in self.PLACES:
            for clear in clears:
                boxes = self._layout(texts, (w, h), place, size, pad, step, clear)
                if boxes is None:
                    continue  # "under" without the room: no place at all
                cover = (
                    sum(_overlap(box, rect) for box, _ in boxes for rect in keep_clear),
                    sum(_overlap(box, rect) for box, _ in boxes for rect in rather_clear),
                )
                if best is None or cover < best[0]:
                    best = (cover, boxes)
            if best is not None and best[0] == (0, 0):
                break
        assert best is not None
        self._placed = (texts, window, best[0][0], best[1])
        return best[1]

    def _layout(
        self,
        texts: list[str],
        window: tuple[int, int],
        place: tuple[str, str],
        size: int,
        pad: int,
        step: int,
        keep_clear: Sequence[pygame.Rect] = (),
    ) -> _Boxes | None:
        """The notices' boxes and lines at ``place``: the first nearest the window's edge
        (at "under", the first below what they would cover of ``keep_clear`` higher up;
        None when they cover something wherever they go down: a place only where it is
        free, for the others to be weighed as before)."""
        w, h = window
        across, down = place
        if across == "sides":  # the first down the left side, the others down the right
            args = (size, pad, step, keep_clear)
            for split in range(len(texts) - 1, 0, -1):
                first = self._layout(texts[:split], window, ("left", down), *args)
                rest = self._layout(texts[split:], window, ("right", down), *args)
                if first is not None and rest is not None:
                    return first + rest
            return None
        margin = max(6, round(12 * min(w / BASE_W, h / BASE_H)))
        if across == "centre":
            text_w = min(w - 4 * pad, 900)
        else:
            text_w = round(w * self.CORNER_WIDTH) - 2 * pad
        out: list[tuple[pygame.Rect, list[str]]] = []
        for text in texts:
            lines = wrap_text(text, size, text_w, True)
            width = max(
                render_text(line, size, palette.IVORY_TEXT, True).get_width() for line in lines
            )
            box = pygame.Rect(0, 0, width + 2 * pad, len(lines) * step + pad)
            if across == "centre":
                box.centerx = w // 2
            elif across == "third":
                box.centerx = w // 3
            elif across == "right":
                box.right = w - margin
            else:
                box.x = margin
            out.append((box, lines))
        if down == "bottom":
            y = h - margin
            for box, _ in out:
                box.bottom = y
                y = box.y - pad // 2
            return out
        y = margin
        while True:
            end = y
            for box, _ in out:
                box.y = end
                end = box.bottom + pad // 2
            hit = [r for r in keep_clear for box, _ in out if box.colliderect(r)]
            if down != "under" or not hit:
                return out
            below = max(r.bottom for r in hit) + pad // 2
            if below <= y or below + end - y > h - margin:
                return None  # no room free below
            y = below


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The area two rectangles share."""
    both = a.clip(b)
    return both.w * both.h


def _init_pygame() -> str | None:
    """``pygame.init()`` but for the mixer, which would open the audio device at pygame's
    44100 Hz even in a muted game: :class:`~game.audio.Audio` opens it on the first sound to
    be heard, with the game's :data:`~game.audio.MIXER_SETTINGS`. Returns why there can be
    no sound at all (a pygame built without its mixer), else None: the game starts silent.

    Why not init the other modules one by one: only ``pygame.init()`` starts SDL's timer
    (``pygame.time.get_ticks`` is 0 without it) and marks pygame initialised. It imports
    each module it starts by name, and passes over one whose import fails; ``None`` in
    ``sys.modules`` makes that import fail, for that moment only.
    """
    no_mixer = None
    try:  # should anything else open the mixer: at the same rate
        pygame.mixer.pre_init(*MIXER_SETTINGS)
    except (NotImplementedError, AttributeError, pygame.error) as exc:
        no_mixer = f"no mixer in this pygame ({exc}); the game runs silently"
    mixer = sys.modules.get("pygame.mixer")
    sys.modules["pygame.mixer"] = None  # type: ignore[assignment]
    try:
        pygame.init()
    finally:
        if mixer is None:
            del sys.modules["pygame.mixer"]
        else:
            sys.modules["pygame.mixer"] = mixer
    return no_mixer


def _ui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """pygame-gui's manager with the game's theme; a theme.json pygame-gui cannot take (a
    block of the wrong shape) gives the plain theme instead of a failed start."""
    try:
        return pygame_gui.UIManager(size, _theme())
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        _log.warning("theme not usable (%s); using the plain theme", exc)
        return pygame_gui.UIManager(size, _plain_theme())


def _theme() -> str | dict[str, Any]:
    """assets/theme.json (font paths made absolute), else a minimal theme with the CJK font."""
    try:
        return theme_data()
    except (OSError, ValueError, TypeError):
        return _plain_theme()


def _plain_theme() -> dict[str, Any]:
    """A minimal theme with the CJK font (when it is usable)."""
    font = {**theme_font(), "size": "18"}
    return {
        "defaults": {
            "font": font,
            "colours": {
                "normal_bg": "#5c341c",
                "hovered_bg": "#86522c",
                "disabled_bg": "#3a2a20",
                "selected_bg": "#b8862c",
                "active_bg": "#d4aa4e",
                "normal_text": "#f6eed6",
                "hovered_text": "#ffffff",
                "selected_text": "#1e1208",
                "disabled_text": "#8a7a6a",
                "normal_border": "#d4aa4e",
                "hovered_border": "#f6d680",
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8"},
        }
    }


SCREEN_MARGIN = (0, 64)  # room for a task bar and the window's title bar


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made no larger than the desktop (a ``--window`` or saved size from a bigger
    monitor), never below the table's minimum. Headless drivers have no real screen: the
    size is kept as asked (screenshots at any size)."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return size
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops:
        return size
    dw, dh = desktops[0]
    w = min(size[0], dw - SCREEN_MARGIN[0])
    h = min(size[1], dh - SCREEN_MARGIN[1])
    return (max(MIN_W, w), max(MIN_H, h))


class App:
    """Owns the window and runs scenes until the stack empties or the frame limit.

    ``data_dir`` is the folder of the settings, the profile, the autosave and the replays
    (None: :func:`game.storage.data_dir`'s default, or ``$SICHUAN_MAHJONG_HOME``). The
    profile is loaded from there on first use (:attr:`profile`); the menus and the table
    share that one object, so neither saves over the other's changes.
    """

    settings: Settings
    data_dir: Path | None
    profile_notice: Notice | None  # what loading the profile has to tell the player, once
    screen: pygame.Surface
    ui: pygame_gui.UIManager
    audio: Audio
    stack: SceneStack
    launch: float  # perf_counter() when the program started (first-frame timing)

    def __init__(
        self,
        settings: Settings,
        window: tuple[int, int] = (1280, 800),
        *,
        data_dir: str | Path | None = None,
        profile: Profile | None = None,
    ) -> None:
        self.launch = time.perf_counter()
        self.settings = settings
        self.data_dir = Path(data_dir) if data_dir is not None else None
        self._profile = profile
        self.profile_notice = None
        no_mixer = _init_pygame()
        pygame.display.set_caption(i18n.t("app.title", settings.lang))
        asked = (max(MIN_W, window[0]), max(MIN_H, window[1]))
        size = fit_to_screen(asked)
        if size != asked:
            self._fit_settings_window(size)
        self.screen = pygame.display.set_mode(
            (0, 0) if settings.fullscreen else size, self._display_flags(settings.fullscreen)
        )
        self._fullscreen = settings.fullscreen  # what the window is (the settings may change)
        pygame.display.set_icon(window_icon())  # the game's own, not pygame's
        size = self.screen.get_size()
        self.ui = _ui_manager(size)
        # the mixer opens on the first sound to be heard; the music loop starts after the
        # first frame (run), so the window shows before the audio device is opened
        self.audio = Audio.from_settings(settings)
        self.audio.on_silent = self._sound_off
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []
        self.first_frame_ms: float | None = None
        self.frames = 0
        self.notices = Notices()
        if no_mixer is not None:
            self.audio.silence(no_mixer)  # told once, over the first screen
        self._clicked = False  # this frame's input gave its click already
        set_click_sound(self._click)  # the menus' own controls click as pygame-gui's do
        self._window_save_in: float | None = None  # seconds to a dragged size's save
        self._last_press: tuple[int, tuple[int, int], object] | None = None  # ms, pos, top
        self._drop_release = False  # the release of a dropped press goes too
        if not (font_usable(font_path(False)) and font_usable(font_path(True))):
            damaged = "app.font_damaged"
            self.notify((i18n.t(damaged, "zh"), i18n.t(damaged, "en")), 20.0)
        self.on_healthy: Callable[[], None] | None = None  # called after HEALTHY_FRAMES
        self._failing: set[str] = set()  # documents whose last save failed (told once)
        # what must be shut before the process ends (a hosted table: its friends are told at
        # once, not after their client's 20 s of reconnecting)
        self._closers: list[Callable[[], Callable[[], None] | None]] = []  # (weak) references
        storage.set_save_listener(self._save_result)

    def _fit_settings_window(self, size: tuple[int, int]) -> None:
        """The asked window was larger than the desktop and opens at ``size``: the settings
        say so, for the settings screen to show the size in use and a save to write it, not
        a size this desktop cannot show. A ``--window`` flag's size is this run's alone: the
        saved size it stands in for is written back, fitted too."""
        s = self.settings
        flagged = s.run_only.get("window")
        s.window = size
        if flagged is not None:
            s.run_only["window"] = (size, fit_to_screen(flagged[1]))

    def on_close(self, close: Callable[[], None]) -> None:
        """Call ``close`` when the app closes (the window shut, the loop over); it must be
        safe to call after it already ran. A bound method is held weakly: the friends'
        table registers each session's ``drop``, and a session long over stayed in memory
        until the game quit; what nothing else holds any more has nothing to close."""
        self._closers = [c for c in self._closers if c() is not None]
        if isinstance(close, MethodType):
            self._closers.append(weakref.WeakMethod(close))
        else:
            self._closers.append(lambda: close)

    def _sound_off(self) -> None:
        """No audio device (or it went away): the game plays on silent and says so, once."""
        self.notify((i18n.t("set.no_audio", "zh"), i18n.t("set.no_audio", "en")), 8.0)

    def notify(self, message: Message | None, seconds: float = Notices.SECONDS) -> None:
        """Tell the player ``message`` over whatever screen is showing (None: nothing)."""
        if message is not None:
            self.notices.add(message, seconds)

    def _save_result(self, name: str, notice: Notice | None) -> None:
        """Every save of every document: a failure is told once (the game keeps trying and
        says so); after a save that works again, a new failure is told again."""
        if notice is None:
            self._failing.discard(name)
        elif notice.kind is NoticeKind.SAVE_FAILED and name not in self._failing:
            self._failing.add(name)
            self.notify(notice, 20.0)

    @property
    def profile(self) -> Profile:
        """The player's profile (coins, items, statistics), loaded on first use; a damaged
        file is set aside and the player is told (:attr:`notices`)."""
        if self._profile is None:
            self._profile, self.profile_notice = load_profile(self.data_dir)
            self.notify(self.profile_notice)
        return self._profile

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def quit(self) -> None:
        self.running = False

    @staticmethod
    def _display_flags(fullscreen: bool) -> int:
        return pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE

    def apply_settings(self, settings: Settings) -> None:
        """The player changed (and saved) ``settings``: window, sound and title at once."""
        self.apply_display(settings)
        self.settings = settings
        self.audio.apply_settings(settings)
        pygame.display.set_caption(i18n.t("app.title", settings.lang))

    def apply_display(self, settings: Settings) -> None:
        """Window size and fullscreen from the settings screen, applied at once — when they
        changed. ``settings`` is the app's own object, changed already: the fullscreen it
        held was the new one, so the switch did nothing until the next start; the window's
        own state is kept apart (``_fullscreen``). A fullscreen window is the desktop's size,
        not the saved window's. Nothing changed, nothing is laid out again (a volume dragged
        over the paused table laid every scene out at each move of the mouse). A size larger
        than the desktop is fitted to it at once, as at the start (it opened larger than the
        screen until the next start), and the settings say the size in use."""
        asked = (max(MIN_W, settings.window[0]), max(MIN_H, settings.window[1]))
        size = fit_to_screen(asked)
        self.settings = settings
        if size != asked:
            self._fit_settings_window(size)
        if settings.fullscreen == self._fullscreen and (settings.fullscreen or size == self.size):
            return
        try:
            self.screen = pygame.display.set_mode(
                (0, 0) if settings.fullscreen else size, self._display_flags(settings.fullscreen)
            )
            self._fullscreen = settings.fullscreen
        except pygame.error:  # the display refused: keep the window we have
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
            self._fullscreen = False
            settings.fullscreen = False  # the switch says what the window is
        self.ui.set_window_resolution(self.size)
        self.stack.resize(self.size)

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter, on every screen: fullscreen on or off as the settings' switch
        sets it, and saved as it is (a refusal to save is told by the save listener)."""
        settings = self.settings
        settings.fullscreen = not self._fullscreen
        settings.run_only.pop("fullscreen", None)
        self.apply_display(settings)
        save_settings(settings, self.data_dir)

    def resize(self, size: tuple[int, int]) -> None:
        """The player resized the window: the settings' window size follows, and is saved
        :data:`WINDOW_SAVE_DELAY` after the drag's last event (it was saved only with the
        next change of another setting: a game quit before that opened at the old size).
        A fullscreen window stays fullscreen at the size it has — a resize event there (the
        desktop's resolution changed; one from before the switch, of the window's old
        size) set a window of that size, and the game left fullscreen while its settings
        still said fullscreen."""
        if self._fullscreen:
            self.screen = pygame.display.get_surface() or self.screen
            size = self.screen.get_size()
        else:
            size = (max(MIN_W, size[0]), max(MIN_H, size[1]))
            if size != self.screen.get_size():
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            if size != tuple(self.settings.window):
                self.settings.window = size
                self.settings.run_only.pop("window", None)  # sized by hand: saved as sized
                self._window_save_in = WINDOW_SAVE_DELAY
        self.ui.set_window_resolution(size)
        self.stack.resize(size)

    def _save_window(self, dt: float) -> None:
        """Save a dragged window's size once the drag is over (:meth:`resize`). Saves merge
        field by field (:func:`game.settings.save_settings`): what the settings screen or
        another window wrote is kept; a failure is told by the save listener."""
        if self._window_save_in is None:
            return
        self._window_save_in -= dt
        if self._window_save_in <= 0:
            self._window_save_in = None
            save_settings(self.settings, self.data_dir)

    def _click(self) -> None:
        """The click of a button pressed, a switch flipped, a choice made (pygame-gui's and
        the menus' own, :mod:`game.ui.controls`), at the effects' volume, silent when
        muted: one a frame, so a press that both fire is heard once."""
        if not self._clicked:
            self._clicked = True
            self.audio.play("click")

    def _second_click(self, pos: tuple[int, int]) -> bool:
        """This press is the second half of a double click whose first half changed the
        screen (:data:`DOUBLE_CLICK_MS`)."""
        now = pygame.time.get_ticks()
        last, self._last_press = self._last_press, (now, pos, self.stack.top)
        if last is None:
            return False
        at, where, top = last
        return (
            now - at <= DOUBLE_CLICK_MS
            and abs(pos[0] - where[0]) <= DOUBLE_CLICK_PX
            and abs(pos[1] - where[1]) <= DOUBLE_CLICK_PX
            and top is not self.stack.top
        )

    def process_events(self) -> None:
        self._clicked = False
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
                if self._second_click(event.pos):
                    self._drop_release = True
                    continue
            elif event.type == pygame.MOUSEBUTTONUP and self._drop_release:
                self._drop_release = False
                continue
            if (
                event.type == pygame.MOUSEBUTTONDOWN
                and self.notices
                and self.notices.click(event.pos)
            ):
                continue  # a click that closes a notice is not also a click below it
            consumed = self.ui.process_events(event)
            if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                continue  # a click on a pygame-gui button is not also a click on the table
            inp = translate(event)
            if inp is None:
                continue
            if inp.kind is InputKind.QUIT or inp.command is Command.QUIT:
                self.quit()
                continue
            if inp.command is Command.TOGGLE_FULLSCREEN:
                self.toggle_fullscreen()
                continue
            if inp.kind is InputKind.UI_BUTTON:
                self._click()
            if inp.kind is InputKind.RESIZE:
                self.resize(inp.size)
                continue
            self.stack.handle_event(inp)

    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        self.process_events()
        self.stack.update(dt)
        self.ui.update(dt)
        self.notices.update(dt)
        self._save_window(dt)
        self.stack.draw(self.screen)
        self.ui.draw_ui(self.screen)
        if self.notices:
            top = self.stack.top
            rather = top.rather_clear() if isinstance(top, Scene) else []
            self.notices.draw(self.screen, self.settings.lang, self._keep_clear(), rather)
        pygame.display.flip()

    def _keep_clear(self) -> list[pygame.Rect]:
        """What a notice must not cover on the screen showing: the buttons (pygame-gui's,
        the table's and the settlement's; the menus' own controls) and what the screen asks
        to keep clear (:meth:`Scene.keep_clear`: a menu's title)."""
        rects = [
            pygame.Rect(element.rect)
            for element in self.ui.get_sprite_group().sprites()
            if isinstance(element, pygame_gui.elements.UIButton) and element.visible
        ]
        top = self.stack.top
        controls = getattr(top, "controls", ())
        rects += [c.rect for c in controls if isinstance(c, Control) and c.visible]
        if isinstance(top, Scene):
            rects += top.keep_clear()  # a menu's title, the main menu's coins
        return rects

    def run(self, frames: int | None = None, screenshot: str | None = None) -> dict[str, Any]:
        """Run the loop; with ``frames``, stop after that many and return timing stats."""
        dt = 1.0 / FPS
        while self.running and self.stack:
            start = time.perf_counter()
            self.step(dt)
            end = time.perf_counter()
            self.frames += 1
            if self.first_frame_ms is None:
                self.first_frame_ms = (end - self.launch) * 1000
                self.audio.play_music()  # loops on every screen; silent while muted
            self.frame_times.append((end - start) * 1000)
            if self.frames == HEALTHY_FRAMES and self.on_healthy is not None:
                self.on_healthy()
            if frames is not None and self.frames >= frames:
                break
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
        if screenshot:
            Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, screenshot)
        return self.stats()

    def stats(self) -> dict[str, Any]:
        times = sorted(self.frame_times[1:] or self.frame_times or [0.0])
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        return {
            "frames": self.frames,
            "frame_ms_median": round(statistics.median(times), 3),
            "frame_ms_p99": round(p99, 3),
            "frame_ms_max": round(times[-1], 3),
            "first_frame_ms": round(self.first_frame_ms or 0.0, 1),
            "window": list(self.size),
        }

    def close(self) -> None:
        if self._window_save_in is not None:  # a window sized just before quitting
            self._window_save_in = None
            save_settings(self.settings, self.data_dir)
        clear_click_sound(self._click)
        for ref in reversed(self._closers):
            close = ref()
            if close is None:
                continue
            try:
                close()
            except Exception:  # one that fails must not keep the others open
                _log.exception("closing %r", close)
        self._closers.clear()
        storage.set_save_listener(None)
        self.audio.close()
        clear_cache()
        pygame.quit()


def stats_json(stats: dict[str, Any]) -> str:
    return json.dumps(stats, ensure_ascii=False, sort_keys=True)
