"""The lobby: pick a rules preset and the bots' level, then play or watch a demo.

The small start screen ``python -m game --play`` / ``--demo`` opens under the table (where
the table's Menu button leads); the main menu (:mod:`game.scenes.menu`) is the full one.
Language, Settings, Rules & help and Quit sit at the top right. Keyboard (the hint at the
foot says it): Tab / Shift+Tab and ←/→ walk the buttons, ↑/↓ go to the row above or below,
Enter or Space presses the focused one (Play at first), Esc goes to Quit as the main menu's
does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame
import pygame_gui

from game import i18n
from game import palette as pal
from game.app import App
from game.input import Command, InputEvent, InputKind
from game.match_config import MatchConfig
from game.routes import Route
from game.scenes.base import Scene
from game.settings import TABLE_PRESETS, save_settings
from game.table.buttons import button_font, scaled_id
from game.table.controller import BOT_LEVELS
from game.table.layout import Layout
from game.tile_art import get_tile_art
from game.ui.controls import draw_focus_ring
from game.ui.text import BUTTON_FONT, TextCache, button_width

__all__ = ["LobbyNav", "StartScene"]

# every room the table seats, four to a row: the six of RULES.md §9 and the two
# short-handed rooms (三人两房, 两人两房), as New game offers them
PRESETS = TABLE_PRESETS
COLUMNS = 4
ROWS = -(-len(PRESETS) // COLUMNS)
BIG_FONT = 22  # the theme's @big_button and @action_button size (assets/theme.json)
LEVELS = ("easy", "normal", "hard")


class LobbyNav(Protocol):
    """What the lobby asks of the navigator."""

    def new_match(self, config: MatchConfig, *, demo: bool = False) -> object: ...

    def go(self, route: Route) -> object: ...


class StartScene(Scene):
    opaque = True

    def __init__(self, app: App, nav: LobbyNav) -> None:
        super().__init__()
        self.app = app
        self.nav = nav
        self.text = TextCache()
        self.elements: dict[pygame_gui.elements.UIButton, tuple[str, str]] = {}
        self.layout = Layout.compute(*app.size)
        self._bg: pygame.Surface | None = None
        level = app.settings.bots[0]
        self.level = level if level in BOT_LEVELS else "normal"
        # the button the keyboard is on, as its (kind, value); a click leaves it where it is,
        # so Enter still plays after the mouse picked a room
        self.focus: tuple[str, str] = ("play", "")

    # --- starting a match -----------------------------------------------------------------

    def start_game(self, demo: bool = False) -> None:
        """A match with the preset and bots chosen here (a demo: four bots)."""
        self.nav.new_match(MatchConfig.quick(self.app.settings), demo=demo)

    # --- UI -------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self._build()

    def on_exit(self) -> None:
        self._kill()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.compute(*size)
        self._bg = None
        if self.stack is not None and self.stack.top is self:
            self._kill()
            self._build()

    def _kill(self) -> None:
        for el in self.elements:
            kill: Callable[[], None] = el.kill  # pygame-gui's, unannotated there
            kill()
        self.elements.clear()

    def _button(
        self,
        rect: pygame.Rect,
        label: str,
        what: tuple[str, str],
        selected: bool = False,
        style: str | None = None,
    ) -> None:
        # the label grows with the window as the button does (the theme's size is 1280x800's)
        base = BIG_FONT if style is not None else BUTTON_FONT
        font = scaled_id(self.app.ui, button_font(self.layout, base), style)
        el = pygame_gui.elements.UIButton(rect, label, manager=self.app.ui, object_id=font)
        if selected:
            select: Callable[[], None] = el.select  # pygame-gui's, unannotated there
            select()
        self.elements[el] = what

    def _build(self) -> None:
        lay = self.layout
        lang = self.app.settings.lang
        cx = lay.w // 2
        labels = [i18n.t("preset." + name, lang) for name in PRESETS]
        bw = max(lay.px(200), *(button_width(label, button_font(lay)) for label in labels))
        bh, gap = lay.px(44), lay.px(14)
        top = lay.px(300)
        for i, name in enumerate(PRESETS):
            row, col = divmod(i, COLUMNS)
            rect = pygame.Rect(0, 0, bw, bh)
            row_w = COLUMNS * bw + (COLUMNS - 1) * gap
            rect.topleft = (cx - row_w // 2 + col * (bw + gap), top + row * (bh + gap))
            self._button(
                rect,
                i18n.t("preset." + name, lang),
                ("preset", name),
                name == self.app.settings.preset,
            )
        top += ROWS * (bh + gap) + lay.px(64)
        lw = lay.px(120)
        for i, level in enumerate(LEVELS):
            rect = pygame.Rect(0, 0, lw, bh)
            rect.topleft = (cx - (3 * lw + 2 * gap) // 2 + i * (lw + gap), top)
            self._button(rect, i18n.t("bot." + level, lang), ("level", level), level == self.level)
        top += bh + lay.px(46)
        pw = lay.px(220)
        play = pygame.Rect(0, 0, pw, lay.px(56))
        play.midtop = (cx - pw // 2 - gap // 2, top)
        self._button(play, i18n.t("start.play", lang), ("play", ""), style="@action_button")
        demo = play.move(pw + gap, 0)
        self._button(demo, i18n.t("start.demo", lang), ("demo", ""), style="@big_button")
        # the top-right column: the language, the settings (sound, window, speed…) and the
        # rules & help the table's pause menu also opens — the lobby is the menu of a
        # ``--play`` run — and Quit; as wide as its longest label ("Rules & help")
        column = (
            ("lang", "start.lang"),
            ("settings", "menu.settings"),
            ("help", "menu.help"),
            ("quit", "start.quit"),
        )
        sw = max(
            lay.px(110), *(button_width(i18n.t(key, lang), button_font(lay)) for _, key in column)
        )
        small = pygame.Rect(0, 0, sw, lay.px(36))
        small.topright = (lay.w - lay.px(16), lay.px(16))
        for kind, key in column:
            self._button(small, i18n.t(key, lang), (kind, ""))
            small = small.move(0, small.h + lay.px(8))

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        if event.kind is InputKind.COMMAND and event.command is not None:
            self.on_command(event.command)
            return
        if event.kind is not InputKind.UI_BUTTON:
            return
        what = next((w for el, w in self.elements.items() if el is event.element), None)
        if what is not None:
            self.choose(what)

    def on_command(self, command: Command) -> None:
        if command is Command.CONFIRM:
            self.choose(self.focus)
        elif command is Command.CANCEL:
            self.focus = ("quit", "")
        elif command in (Command.NEXT_FIELD, Command.SELECT_RIGHT):
            self.move_focus(1)
        elif command in (Command.PREV_FIELD, Command.SELECT_LEFT):
            self.move_focus(-1)
        elif command in (Command.SELECT_UP, Command.SELECT_DOWN):
            self.focus_row(1 if command is Command.SELECT_DOWN else -1)

    def move_focus(self, step: int) -> None:
        """The next (``step`` 1) or previous button, in the order they are laid out."""
        order = list(self.elements.values())
        if order:
            i = order.index(self.focus) if self.focus in order else -step
            self.focus = order[(i + step) % len(order)]

    def focus_row(self, step: int) -> None:
        """The nearest button in the row below (``step`` 1) or above (-1), if any."""
        rects = {what: el.rect for el, what in self.elements.items()}
        here = rects.get(self.focus)
        if here is None:
            return
        beyond = [w for w, r in rects.items() if (r.centery - here.centery) * step > 0]
        if beyond:
            self.focus = min(
                beyond,
                key=lambda w: (
                    abs(rects[w].centery - here.centery),
                    abs(rects[w].centerx - here.centerx),
                ),
            )

    def choose(self, what: tuple[str, str]) -> None:
        """Press the button ``what`` (its kind and value)."""
        kind, value = what
        settings = self.app.settings
        if kind == "preset":
            settings.preset = value
            settings.overrides = ()
        elif kind == "level":
            self.level = value
            settings.bots = (value, value, value)
        elif kind == "play":
            self.start_game()
            return
        elif kind == "demo":
            self.start_game(demo=True)
            return
        elif kind == "lang":
            # the player's language from now on, as Settings' switch makes it: it was this
            # run's only (the next start spoke the old one, unless another change saved it)
            settings.lang = i18n.other_lang(settings.lang)
            settings.run_only.pop("lang", None)  # chosen here: saved as chosen
            save_settings(settings, self.app.data_dir)  # a refusal is told by the app
            self.app.apply_settings(settings)  # the window's title too
        elif kind == "settings":
            self.nav.go(Route.SETTINGS)  # back to the lobby rebuilds it (on_enter)
            return
        elif kind == "help":
            self.nav.go(Route.HELP)  # as the pause menu's Rules & help; back: rebuilt too
            return
        elif kind == "quit":
            self.nav.go(Route.QUIT)
            return
        self._kill()
        self._build()

    # --- drawing --------------------------------------------------------------------------

    def _background(self) -> pygame.Surface:
        if self._bg is None:
            lay = self.layout
            bg = pygame.Surface((lay.w, lay.h))
            for y in range(0, lay.h, 4):
                p = y / lay.h
                col = tuple(
                    round(pal.FELT_LIGHT[c] * (1 - p) + pal.FELT_DARK[c] * p) for c in range(3)
                )
                pygame.draw.rect(bg, col, (0, y, lay.w, 4))
            rim = lay.px(8)
            pygame.draw.rect(bg, pal.WOOD, bg.get_rect(), width=rim)
            pygame.draw.rect(bg, pal.GOLD_DARK, bg.get_rect().inflate(-2 * rim, -2 * rim), width=1)
            art = get_tile_art(lay.px(58))
            kinds = (0, 4, 13, 18, 26)
            for i, k in enumerate(kinds):
                img = pygame.transform.rotozoom(art.face(k), (2 - i) * 9, 1.0)
                bg.blit(img, img.get_rect(center=(lay.w // 2 + (i - 2) * lay.px(62), lay.px(74))))
            self._bg = bg
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        lang = self.app.settings.lang
        surface.blit(self._background(), (0, 0))
        cx = lay.w // 2
        title = self.text.outlined(
            i18n.t("app.title", lang), lay.px(56), pal.GOLD_LIGHT, (60, 30, 10)
        )
        surface.blit(title, title.get_rect(midtop=(cx, lay.px(130))))
        sub = self.text.get(i18n.t("start.subtitle", lang), lay.px(22), pal.IVORY_TEXT)
        surface.blit(sub, sub.get_rect(midtop=(cx, lay.px(218))))
        label = self.text.get(i18n.t("start.rules", lang), lay.px(20), pal.GOLD, True)
        surface.blit(label, label.get_rect(midbottom=(cx, lay.px(292))))
        desc = i18n.t("preset.desc." + self.app.settings.preset, lang)
        d = self.text.get(desc, lay.px(17), pal.UI_TEXT_DIM)
        surface.blit(d, d.get_rect(midtop=(cx, lay.px(300) + ROWS * lay.px(58) - lay.px(4))))
        label = self.text.get(i18n.t("start.bots", lang), lay.px(20), pal.GOLD, True)
        surface.blit(
            label, label.get_rect(midbottom=(cx, lay.px(300) + ROWS * lay.px(58) + lay.px(58)))
        )
        hint = self.text.get(i18n.t("start.hint", lang), lay.px(15), pal.UI_TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(cx, lay.h - lay.px(22))))
        focused = next((el for el, what in self.elements.items() if what == self.focus), None)
        if focused is not None:  # under the pygame-gui button, the frame just outside it
            draw_focus_ring(surface, focused.rect, lay.px(8))
