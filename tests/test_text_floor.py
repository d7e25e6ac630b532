"""No word a player must read is drawn under MIN_TEXT (12 px) at the smallest window, on any
menu screen, in either language: every text drawn through ``blit_text`` (at its size, or
squeezed into its ``max_w``) or a :class:`~game.ui.text.TextCache` is measured while each
screen is opened, its lists scrolled through: the start screen, the main menu, New game,
Settings, the help's three tabs (a hand in the calculator), the shop with items bought, the
statistics and the replays after a hand, About (its licence card squeezed a URL and a line cut
short with " …"), the pause menu over a table, a settlement and
the match end. At 1024×640 the new game's explanations, the help gallery's notes, the shop's
"When:" lines, "Esc resumes" and the settings' choices ("10 s", "Instant") were drawn at 11 px.
Screenshots go to screenshots/ (text_floor_*.png) for a person to look at."""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from test_game_support import DT, post_key, settle_first_hand

import game
import game.ui.text as text_module
from game.app import App
from game.fonts import get_font
from game.match_config import MatchConfig
from game.nav import Navigator
from game.scenes.help_scene import HelpScene
from game.scenes.match_end import MatchEndScene
from game.scenes.pause import PauseScene
from game.scenes.settlement import SettlementScene
from game.scenes.start import StartScene
from game.settings import Settings
from game.strings.menus import RULE_SECTIONS
from game.table.scene import TableScene
from game.ui.controls import Button, ScrollArea
from game.ui.text import MIN_TEXT, TextCache, render_text

SHOTS = pathlib.Path(__file__).resolve().parent.parent / "screenshots"
WINDOW = (1024, 640)


@dataclass(frozen=True)
class Small:
    where: str  # the game's file:line that drew it
    text: str
    size: float  # as drawn, after squeezing


def _where() -> str:
    for frame in reversed(traceback.extract_stack()[:-2]):
        path = pathlib.Path(frame.filename)
        if "game" in path.parts and path.name != "text.py":
            return f"{'/'.join(path.parts[path.parts.index('game') :])}:{frame.lineno}"
    return "?"


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[Small]]:
    """Every text drawn under MIN_TEXT from now on: ``blit_text`` in every game module that
    imported it, and ``TextCache.get``."""
    found: set[Small] = set()
    real_blit = text_module.blit_text

    def blit_text(
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Any,
        pos: tuple[int, int],
        anchor: str = "topleft",
        bold: bool = False,
        max_w: int | None = None,
    ) -> pygame.Rect:
        shown = float(max(11, size))  # render_text's own floor
        natural = render_text(text, size, colour, bold).get_width()
        if max_w is not None and natural > max_w > 0:
            shown *= max_w / natural
        if round(shown, 1) < MIN_TEXT and text.strip():
            found.add(Small(_where(), text, round(shown, 1)))
        return real_blit(surface, text, size, colour, pos, anchor, bold, max_w)

    real_get = TextCache.get

    def get(self: TextCache, text: str, size: int, *args: Any, **kw: Any) -> pygame.Surface:
        if size < MIN_TEXT and text.strip():
            found.add(Small(_where(), text, size))
        return real_get(self, text, size, *args, **kw)

    real_render = text_module.render_text

    def render(text: str, size: int, *args: Any, **kw: Any) -> pygame.Surface:
        if size < MIN_TEXT and text.strip():
            found.add(Small(_where(), text, size))
        return real_render(text, size, *args, **kw)

    for info in pkgutil.walk_packages(game.__path__, "game."):
        module = importlib.import_module(info.name)
        if getattr(module, "blit_text", None) is real_blit:
            monkeypatch.setattr(module, "blit_text", blit_text)
        if module is not text_module and getattr(module, "render_text", None) is real_render:
            monkeypatch.setattr(module, "render_text", render)
    monkeypatch.setattr(TextCache, "get", get)
    yield found


def _scroll_areas(scene: object) -> list[ScrollArea]:
    return [v for v in vars(scene).values() if isinstance(v, ScrollArea)]


def squeezed_buttons(scene: object) -> set[Small]:
    """The visible buttons of ``scene`` whose label is drawn under MIN_TEXT: asked smaller,
    or squeezed into the button (a :class:`Button` draws its label with ``render_text``,
    then shrinks it to the button's width less 12 px)."""
    out: set[Small] = set()
    for control in getattr(scene, "controls", ()):
        if isinstance(control, Button) and control.visible and control.label.strip():
            wide = get_font(max(11, control.font_size), True).size(control.label)[0]
            shown = max(11, control.font_size) * min(1.0, (control.rect.w - 12) / wide)
            if round(shown, 1) < MIN_TEXT:
                where = f"{type(scene).__module__}: button {control.name!r}"
                out.add(Small(where, control.label, round(shown, 1)))
    return out


def show(app: App, name: str, frames: int = 2) -> set[Small]:
    """A few frames of the top scene, then each of its scrolled lists from top to bottom
    (half a view at a time); a screenshot of the first frame. Its buttons squeezed under
    MIN_TEXT."""
    for _ in range(frames):
        app.step(DT)
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"text_floor_{name}.png"))
    scene = app.stack.top
    for area in _scroll_areas(scene):
        while area.offset < area.max_offset:
            area.scroll(max(1, area.rect.h // 2))
            app.step(DT)
    scroll_to = getattr(scene, "scroll_to", None)  # the settlement's own scrolling
    if isinstance(scene, SettlementScene) and callable(scroll_to):
        for y in range(0, scene.max_scroll + 1, max(1, WINDOW[1] // 3)):
            scroll_to(y)
            app.step(DT)
    return squeezed_buttons(scene)


def open_menu(app: App, nav: Navigator, name: str, lang: str) -> set[Small]:
    """The navigator's way to screen ``name``; what :func:`show` found there; back."""
    getattr(nav, name)()
    found = show(app, f"{name}_{lang}")
    app.stack.pop()
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_menu_text_is_under_the_floor(lang: str, small: set[Small], home: pathlib.Path) -> None:
    settings = Settings(lang=lang, seed=2, speed="instant", bot_pace="instant")
    settings.bots = ("random", "random", "random")
    app = App(settings, WINDOW)
    try:
        nav = Navigator(app)
        nav.lobby()
        small |= show(app, f"start_{lang}")
        nav.start_match(MatchConfig.quick(settings))
        table = app.stack.top
        assert isinstance(table, TableScene)
        nav.pause(table)
        assert isinstance(app.stack.top, PauseScene)
        small |= show(app, f"pause_{lang}")
        app.stack.pop()
        settle_first_hand(app, hands=1, seed=2)  # a settlement, a replay, some history
        small |= show(app, f"settlement_{lang}")
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert isinstance(app.stack.top, MatchEndScene)
        small |= show(app, f"match_end_{lang}")
        while not isinstance(app.stack.top, StartScene):
            app.stack.pop()
        nav.main_menu()
        small |= show(app, f"menu_{lang}")
        for item in ("qian_li_yan", "qian_li_yan", "shun_feng_er"):  # more in the inventory
            assert app.profile.buy(item).ok
        for name in ("new_game", "settings", "stats", "replays", "shop", "about"):
            small |= open_menu(app, nav, name, lang)
        nav.help()
        scene = app.stack.top
        assert isinstance(scene, HelpScene)
        for section in (*RULE_SECTIONS, "options"):
            scene.set_section(section)
            small |= show(app, f"help_rules_{section}_{lang}", frames=1)
        scene.set_tab("gallery")
        small |= show(app, f"help_gallery_{lang}")
        scene.set_tab("calc")
        calc = scene.calc_tab.calc
        assert calc.add(9, "P") is None  # a pong, under it its name
        for kind in (0, 0, 0, 0, 1, 2, 3, 3, 3, 5, 5):  # 111m 123m 444m 66m: a root
            assert calc.add(kind) is None
        for flag in ("self_drawn", "kong_replacement", "last_tile"):
            calc.set_flag(flag, True)
        scene.rebuild()
        small |= show(app, f"help_calc_{lang}")
    finally:
        app.close()
    assert not small, "\n".join(
        f"{s.where}: {s.text!r} at {s.size} px" for s in sorted(small, key=lambda s: s.where)
    )
