"""The title screen and main menu.

Buttons: Continue (only when there is a match to continue), Quick play, New game, Play with
friends, Shop, Statistics, Replays, Rules & help, Settings, Quit, and About in the corner. ↑/↓
(or ←/→, Tab) move the focus, Enter activates, Esc focuses Quit; the mouse hovers and clicks.

The menu looks at the autosave as Continue would (:meth:`Autosave.resumable`: read, the hand
replayed) on the frame after each build, not when pressed: a damaged save is set aside at
once (kept as ``autosave.json.corrupt-…``), Continue greys out and the player is told, once.
Not in the build itself: under ``--continue`` the table opens over the menu before its
first frame, and resuming tells what it found there.

Each button is a :class:`~game.routes.Route` of the same name: choosing one asks the
navigator (``MenuContext.nav``) to go there, so the main menu imports no other scene.

A new player — no hand played, no match to continue, the tutorial neither finished nor its
tip closed (``Settings.tutorial_tip``) — finds a tip beside the column pointing to the
guided first hand, with Play the tutorial and No thanks.
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from game import palette as pal
from game.autosave import Autosave
from game.fonts import get_font
from game.input import Command
from game.routes import Route
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import Settings, save_settings
from game.tile_art import draw_dice, get_tile_art
from game.ui.controls import Button
from game.ui.draw import coin_icon, panel
from game.ui.text import (
    MIN_TEXT,
    blit_paragraph,
    blit_text,
    outlined_text,
    render_text,
    wrap_text,
)

__all__ = ["MENU_ITEMS", "MainMenuScene"]

MENU_ITEMS: tuple[Route, ...] = (
    Route.CONTINUE,
    Route.QUICK,
    Route.NEW,
    Route.FRIENDS,
    Route.SHOP,
    Route.STATS,
    Route.REPLAYS,
    Route.HELP,
    Route.SETTINGS,
    Route.QUIT,
)
_DISMISS = "tutorial_dismiss"  # the tip's No thanks (no route: it closes the tip)
# The tiles fanned under the title: 一万, 五筒, 幺鸡, 九条, 八万 — one of each suit and the bird.
_TITLE_TILES = (0, 13, 18, 26, 7)
_WARN = (255, 190, 140)  # a toast about a damaged file, as Continue's (game.nav)


class MainMenuScene(MenuScene):
    """The title and the main menu."""

    def __init__(self, ctx: MenuContext, autosave: Autosave | None = None) -> None:
        self.autosave = autosave if autosave is not None else Autosave(ctx.directory)
        self._art_cache: tuple[tuple[int, int, str], pygame.Surface] | None = None
        self._decor_cache: tuple[tuple[int, int, str], pygame.Surface] | None = None
        self._continuable: bool | None = None  # what the last look at the autosave found
        self._offered = False  # whether the last build offered Continue
        self._look = True  # look at it on the next frame (after each build)
        super().__init__(ctx)

    # --- building -----------------------------------------------------------------------

    def can_continue(self) -> bool:
        """Whether Continue is offered: there is an autosave, and the last look at it
        (:meth:`look_at_autosave`) found a match to continue."""
        try:
            there = self.autosave.exists()
        except OSError:
            return False
        return there and self._continuable is not False

    def look_at_autosave(self) -> None:
        """Read the autosave as Continue would (again only when its files changed): a damaged
        one is set aside and the player told, as Continue tells it; Continue and the new
        player's tip follow what was found."""
        try:
            found = self.autosave.resumable()
        except OSError:  # the folder itself cannot be looked at: nothing to continue
            found = False
        notice = self.autosave.notice
        if notice is not None:
            self.show_toast(notice.text(self.lang), _WARN, 8.0)
        self._continuable = found
        if found != self._offered:  # built on an older answer
            self.rebuild()
        self._look = False

    def update(self, dt: float) -> None:
        if self._look:
            self.look_at_autosave()
        super().update(dt)

    def build(self) -> None:
        self._look = True
        bw, bh = self.px(300), self.px(42)
        gap = self.px(7)
        top = self.px(288)
        x = self.w // 2 - bw // 2
        can_continue = self._offered = self.can_continue()
        for i, name in enumerate(MENU_ITEMS):
            rect = pygame.Rect(x, top + i * (bh + gap), bw, bh)
            style = "primary" if name == ("continue" if can_continue else "quick") else "normal"
            button = Button(
                rect,
                self.t(f"menu.{name}"),
                partial(self.choose, name),
                name=name,
                style=style,
                font_size=self.px(20),
            )
            if name == "continue":
                button.enabled = can_continue
            self.controls.append(button)
        self._build_tip()  # after Quit, before About: ↓ from Quit reaches it
        about = Route.ABOUT  # a small button in the corner: the column is full
        rect = pygame.Rect(self.px(24), self.px(22), self.px(120), self.px(40))
        label = self.t(f"menu.{about}")
        self.controls.append(
            Button(rect, label, partial(self.choose, about), name=about, font_size=self.px(17))
        )
        if self.focus < 0:
            self.focus_named("continue" if can_continue else "quick")
        else:
            self._apply_focus()

    # --- the first-run tip ---------------------------------------------------------------

    def shows_tip(self) -> bool:
        """A new player: the tutorial neither finished nor its tip closed, no hand played
        and no match to continue."""
        new = self.ctx.profile.stats.hands == 0 and not self.can_continue()
        return self.ctx.settings.tutorial_tip and new

    def tip_box(self) -> pygame.Rect | None:
        """The tip's card: right of the column, level with its top, over the dice."""
        if not self.shows_tip():
            return None
        left = self.w // 2 + self.px(190)
        width = min(self.px(340), self.w - self.px(24) - left)
        lines = len(wrap_text(self.t("menu.tip.body"), self._tip_size(), width - self.px(32)))
        body = round(lines * self._tip_size() * 1.35)
        return pygame.Rect(left, self.px(288), width, self.px(16 + 28 + 8 + 14 + 38 + 16) + body)

    def _tip_size(self) -> int:
        return max(MIN_TEXT, self.px(15))

    def _build_tip(self) -> None:
        box = self.tip_box()
        if box is None:
            return
        pad, gap, bh = self.px(16), self.px(10), self.px(38)
        inner = box.w - 2 * pad
        play = pygame.Rect(box.x + pad, box.bottom - pad - bh, (inner - gap) * 3 // 5, bh)
        later = pygame.Rect(play.right + gap, play.y, box.right - pad - play.right - gap, bh)
        size = self.px(16)
        self.controls.append(
            Button(
                play,
                self.t("menu.tutorial"),
                partial(self.choose, Route.TUTORIAL),
                name=Route.TUTORIAL,
                style="primary",
                font_size=size,
            )
        )
        self.controls.append(
            Button(
                later,
                self.t("menu.tutorial_dismiss"),
                self.close_tip,
                name=_DISMISS,
                font_size=size,
            )
        )

    def close_tip(self) -> None:
        """No thanks: the tip is gone for good (the tutorial stays under Rules & help)."""
        self.ctx.settings.tutorial_tip = False
        notice = save_settings(self.ctx.settings, self.ctx.directory)
        self.focus = -1
        self.rebuild()
        if notice is not None:  # the disk refused: gone for now, back at the next start
            self.show_toast(notice.text(self.lang), (255, 190, 140), 8.0)

    def _draw_tip(self, surface: pygame.Surface) -> None:
        box = self.tip_box()
        if box is None:
            return
        panel(surface, box, fill=(30, 22, 8, 225), edge=pal.GOLD_LIGHT)
        pad = self.px(16)
        title = (box.x + pad, box.y + pad)
        blit_text(surface, self.t("menu.tip.title"), self.px(20), pal.GOLD_LIGHT, title, bold=True)
        body = pygame.Rect(box.x + pad, box.y + pad + self.px(36), box.w - 2 * pad, box.h)
        blit_paragraph(surface, self.t("menu.tip.body"), self._tip_size(), pal.IVORY_TEXT, body)

    # --- lifecycle ----------------------------------------------------------------------

    def on_enter(self) -> None:
        self.rebuild()  # language or the autosave may have changed while we were covered
        self.ctx.profile  # noqa: B018 - load it now, so a damaged file is reported here
        notice = self.ctx.profile_notice
        if notice is not None:  # a damaged profile was moved aside: say so once
            self.show_toast(notice.text(self.lang), (255, 190, 140), 8.0)
            self.ctx.profile_notice = None

    # --- actions ------------------------------------------------------------------------

    def choose(self, name: str) -> None:
        """The button ``name`` (a :class:`~game.routes.Route` value) was chosen."""
        self.ctx.nav.go(Route(name))

    def on_command(self, command: Command) -> None:
        if command is Command.CANCEL:
            self.focus_named("quit")
        else:
            super().on_command(command)

    def close(self) -> None:
        self.focus_named("quit")

    def toast_bottom(self) -> int:
        return self.px(130)  # over the title tiles, never over the buttons

    # --- drawing ------------------------------------------------------------------------

    def _title_art(self) -> pygame.Surface:
        """The fanned tiles under the title (cached per size and style)."""
        key = (self.w, self.h, self.ctx.settings.tile_style)
        if self._art_cache is not None and self._art_cache[0] == key:
            return self._art_cache[1]
        art = get_tile_art(self.px(64), self.ctx.settings.tile_style)
        w, h = self.px(520), self.px(150)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        n = len(_TITLE_TILES)
        for i, kind in enumerate(_TITLE_TILES):
            angle = (n // 2 - i) * 13
            img = pygame.transform.rotozoom(art.face(kind), angle, 1.0)
            a = math.radians((i - n // 2) * 13)
            cx = w // 2 + round(math.sin(a) * self.px(260))
            cy = self.px(290) - round(math.cos(a) * self.px(220))
            surf.blit(img, img.get_rect(center=(cx, cy)))
        self._art_cache = (key, surf)
        return surf

    def _decor(self) -> pygame.Surface:
        """Pieces lying on the felt either side of the menu: a short wall and two dice."""
        key = (self.w, self.h, self.ctx.settings.tile_style)
        if self._decor_cache is not None and self._decor_cache[0] == key:
            return self._decor_cache[1]
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        art = get_tile_art(self.px(40), self.ctx.settings.tile_style)
        row = pygame.Surface(
            (art.step * 5 + art.pad, art.flat_size[1] + self.px(10)), pygame.SRCALPHA
        )
        for i in range(5):
            row.blit(art.flat_back(), (i * art.step, self.px(10)))
            row.blit(art.flat_back(), (i * art.step, 0))
        wall = pygame.transform.rotozoom(row, 8, 1.0)
        surf.blit(wall, wall.get_rect(center=(self.w // 2 - self.px(380), self.h - self.px(230))))
        face = pygame.transform.rotozoom(art.flat_face(4), -14, 1.0)
        surf.blit(face, face.get_rect(center=(self.w // 2 - self.px(330), self.h - self.px(130))))
        for value, (dx, dy, angle) in zip((5, 3), ((380, 220, 17), (440, 262, -9)), strict=True):
            die = pygame.transform.rotozoom(draw_dice(value, self.px(44)), angle, 1.0)
            surf.blit(die, die.get_rect(center=(self.w // 2 + self.px(dx), self.h - self.px(dy))))
        self._decor_cache = (key, surf)
        return surf

    def _header(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The fanned tiles, then the gold title over their lower edge, then the subtitle:
        each with where it goes."""
        cx = self.w // 2
        art = self._title_art()
        title = outlined_text(self.t("menu.title"), self.px(68), pal.GOLD_LIGHT, (70, 34, 10), 3)
        sub = outlined_text(self.t("menu.subtitle"), self.px(26), pal.IVORY_TEXT, (40, 20, 8), 2)
        return [
            (art, art.get_rect(midtop=(cx, self.px(4)))),
            (title, title.get_rect(midtop=(cx, self.px(128)))),
            (sub, sub.get_rect(midtop=(cx, self.px(222)))),
        ]

    def _coins_text(self) -> str:
        n = self.ctx.profile.coins
        return self.tn("menu.coins", n, n=f"{n:,}")

    def keep_clear(self) -> list[pygame.Rect]:
        """The title, its tiles, the subtitle with its rules and the coins in the corner: a
        notice put at the top right covered the end of "Sichuan Mahjong" and the coins.
        Then the keyboard's hint in the bottom right corner (where the notices went next),
        what the focused button does in the bottom left, and the new player's tip."""
        rects = [rect for _, rect in self._header()]
        rects[-1] = rects[-1].inflate(2 * self.px(108), 0)  # the gold rules either side
        font = get_font(self.px(18), True)
        w = font.size(self._coins_text())[0] + self.px(30)  # and the coin before it
        rects.append(pygame.Rect(self.w - self.px(30) - w, self.px(22), w, self.px(30)))
        rects.append(self._hint()[1])
        name = self._described()
        if name:
            rects.append(self._desc(name)[1])
        tip = self.tip_box()
        if tip is not None:
            rects.append(tip)
        return rects

    def draw_content(self, surface: pygame.Surface) -> None:
        cx = self.w // 2
        surface.blit(self._decor(), (0, 0))
        for image, rect in self._header():
            surface.blit(image, rect)
        sub = self._header()[-1][1]
        # thin gold rules either side of the subtitle
        sw = sub.w // 2 + self.px(18)
        for sign in (-1, 1):
            x0 = cx + sign * sw
            x1 = cx + sign * (sw + self.px(90))
            yy = sub.centery
            pygame.draw.line(surface, pal.GOLD_DARK, (x0, yy), (x1, yy), 2)
            pygame.draw.circle(surface, pal.GOLD, (x1, yy), 3)
        # the coins in the corner
        pos = (self.w - self.px(30), self.px(26))
        text = blit_text(
            surface, self._coins_text(), self.px(18), pal.GOLD_LIGHT, pos, "topright", True
        )
        icon = coin_icon(self.px(22))
        surface.blit(icon, icon.get_rect(midright=(text.x - self.px(8), text.centery)))
        self._draw_tip(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        name = self._described()
        if name:
            surface.blit(*self._desc(name))
        surface.blit(*self._hint())

    def _described(self) -> str:
        """The button whose use is told in the corner: the hovered, else the focused one —
        none while a question or another screen covers the menu (its focus does not show
        then, nor what it does)."""
        if self.stack is not None and self.stack.top is not self:
            return ""
        return next((c.name for c in self.controls if c.hovered), "") or self.focused_name()

    def _hint(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The keyboard's hint in the bottom right corner, and where it goes."""
        hint = render_text(self.t("menu.hint"), max(MIN_TEXT, self.px(14)), pal.UI_TEXT_DIM)
        return hint, hint.get_rect(bottomright=(self.w - self.px(24), self.h - self.px(14)))

    def _quick_text(self) -> str:
        """What Quick play starts: the rules, the match's length and the bots who sit down.
        A player who set nothing up (the defaults: a new player) reads it as a sentence;
        "Last setup" told a new player of a setup never made."""
        s = self.ctx.settings
        try:
            players = s.ruleset().players
        except ValueError:  # a bad saved option: Quick play says so when pressed
            players = 4
        levels = s.bots[: players - 1]  # a room of two or three seats the first bots only
        if len(set(levels)) == 1:
            level = self.t(f"bot.{levels[0]}")
            bots = self.tn("menu.bots.same", len(levels), n=len(levels), level=level)
        else:
            bots = self.t("menu.bots.mixed", levels="/".join(self.t(f"bot.{b}") for b in levels))
        n = s.hands
        length = self.tn("new.hands", n, n=n) if n else self.t("length.until_out")
        preset = self.t(f"preset.{s.preset}")
        if s.overrides:  # the player's own rules: a preset with options changed
            preset = self.t("help.mine", preset=preset, n=len(s.overrides))
        key = "menu.desc.quick.new" if self._nothing_set_up() else "menu.desc.quick"
        return self.t(key, preset=preset, length=length, bots=bots)

    def _nothing_set_up(self) -> bool:
        """Whether Quick play would start the game's own first setup (Standard, 8 hands, three
        Normal bots): nothing chosen in New game, or that very setup chosen."""
        s, first = self.ctx.settings, Settings()
        return (s.preset, s.overrides, s.bots, s.hands) == (
            first.preset,
            first.overrides,
            first.bots,
            first.hands,
        )

    @staticmethod
    def _lines(text: str, size: int, width: int) -> list[str]:
        """``text`` in lines no wider than ``width``, broken at its " · " first (a part such
        as "bots Hard/Hard/Efficiency" stays whole when it fits a line)."""
        font = get_font(size)
        lines: list[str] = []
        for part in text.split(" · "):
            joined = f"{lines[-1]} · {part}" if lines else part
            if lines and font.size(joined)[0] <= width:
                lines[-1] = joined
            else:
                lines += wrap_text(part, size, width)
        return lines

    def _desc(self, name: str) -> tuple[pygame.Surface, pygame.Rect]:
        if name == "quick":
            text = self._quick_text()
        elif name == "continue" and not self.can_continue():
            text = self.t("menu.desc.continue_none")
        else:
            text = self.t(f"menu.desc.{name}")
        # in the corner left of the column, wrapped upwards: a long last setup ran under Quit
        size = max(MIN_TEXT, self.px(15))
        width = self.w // 2 - self.px(150) - self.px(16) - self.px(24)
        parts = self._lines(text, size, width)
        lines = [render_text(line, size, pal.UI_TEXT_DIM) for line in parts]
        step = round(size * 1.3)
        img = pygame.Surface(
            (
                max(line.get_width() for line in lines),
                step * (len(lines) - 1) + lines[-1].get_height(),
            ),
            pygame.SRCALPHA,
        )
        for i, line in enumerate(lines):
            img.blit(line, (0, i * step))
        return img, img.get_rect(bottomleft=(self.px(24), self.h - self.px(14)))
