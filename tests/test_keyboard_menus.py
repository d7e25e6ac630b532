"""Everything in the menus can be done with the keyboard alone: every switch, choice and
slider takes the focus (Tab, Shift+Tab, ↑/↓) and ←/→ change it; New game's table drop-down,
bot rows, Match length, Items and every rule option among them (the list scrolls to the
focused row); an open drop-down answers ↑/↓, Enter, Esc and Tab. Real key events are posted
through the app's frame; headless."""

from __future__ import annotations

import pathlib

import pygame
from test_menus import MenuHarness, open_menu

from game import palette as pal
from game.scenes.help_scene import HelpScene
from game.scenes.new_game import NewGameScene
from game.scenes.settings_scene import SettingsScene
from game.ui.controls import Choice


def shift_tab(h: MenuHarness) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        event = pygame.event.Event(kind, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="")
        pygame.event.post(event)
    h.pump()


def tab_to(h: MenuHarness, name: str) -> None:
    """Press Tab until ``name`` has the focus (at most once round the screen)."""
    scene = h.top
    assert isinstance(scene, (NewGameScene, SettingsScene, HelpScene))
    for _ in range(len(scene.focus_order()) + 1):
        if scene.focused_name() == name:
            return
        h.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reaches {name!r} (stuck on {scene.focused_name()!r})")


def open_new_game(home: pathlib.Path) -> tuple[MenuHarness, NewGameScene]:
    h = open_menu(home, "en")
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    return h, scene


def test_new_game_tab_reaches_every_control_and_arrows_change_them(home: pathlib.Path) -> None:
    h, scene = open_new_game(home)
    seen = set()
    for _ in range(len(scene.focus_order())):
        h.key(pygame.K_TAB)
        seen.add(scene.focused_name())
    expected = {"room", "bot.1", "bot.2", "bot.3", "hands", "items", "reset", "start"}
    expected |= {f"option.{name}" for name in scene.row_controls}
    assert expected <= seen
    # a bot row: →/← change its level, drawn with the focus frame
    tab_to(h, "bot.2")
    h.key(pygame.K_RIGHT)
    assert scene.bots[1] == "hard"
    h.key(pygame.K_LEFT)
    h.key(pygame.K_LEFT)
    assert scene.bots[1] == "easy"
    h.pump()
    rect = h.control("bot.2").rect
    assert h.screen.get_at((rect.centerx, rect.y - 3))[:3] == pal.GOLD_LIGHT
    # Shift+Tab goes back one; Enter on the Items switch flips it, not Start
    h.key(pygame.K_TAB)
    shift_tab(h)
    assert scene.focused_name() == "bot.2"
    tab_to(h, "items")
    h.key(pygame.K_RETURN)
    assert scene.values["items"] == "off"
    assert h.names() == []  # no match started
    # Enter opens Match length; ↓ and Enter choose the next length
    tab_to(h, "hands")
    h.key(pygame.K_RETURN)
    hands = h.control("hands")
    assert hands.open
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RETURN)
    assert not hands.open and hands.value == hands.values[hands.values.index("8") + 1]


def test_new_game_focused_option_row_scrolls_into_view(home: pathlib.Path) -> None:
    h, scene = open_new_game(home)
    assert scene.scroll is not None and scene.scroll.offset == 0
    name = "fan.qing_long_qi_dui"  # near the end of the list
    tab_to(h, f"option.{name}")
    row = scene.row_controls[name]
    assert scene.scroll.offset > 0
    assert row.visible and scene.scroll.rect.contains(row.rect)
    # ↓/↑ move the focus row by row (they used to scroll the list instead)
    h.key(pygame.K_UP)
    assert scene.focused_name() == "option.fan.qing_yao_jiu"
    h.key(pygame.K_DOWN)
    assert scene.focused_name() == f"option.{name}"
    # Enter opens the row's drop-down, ↓ + Enter choose the next value
    before = scene.values[name]
    h.key(pygame.K_RETURN)
    row = scene.row_controls[name]
    assert isinstance(row, Choice) and row.open
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RETURN)
    assert scene.values[name] == row.values[row.values.index(before) + 1]
    # a switch row: → on, ← off; the wheel scrolls it away, a key brings it back
    tab_to(h, "option.exchange_three")
    h.key(pygame.K_LEFT)
    assert scene.values["exchange_three"] == "off"
    h.key(pygame.K_RIGHT)
    assert scene.values["exchange_three"] == "on"
    for _ in range(8):
        h.wheel(scene.scroll.rect.center)
    assert not scene.row_controls["exchange_three"].visible
    h.key(pygame.K_LEFT)
    assert scene.values["exchange_three"] == "off"
    assert scene.row_controls["exchange_three"].visible


def test_an_open_drop_down_answers_the_keyboard(home: pathlib.Path) -> None:
    h = open_menu(home, "en")
    h.click_control("settings")
    assert isinstance(h.top, SettingsScene)
    tab_to(h, "window")
    h.key(pygame.K_RETURN)
    window = h.control("window")
    assert window.open
    two_down = window.values.index(window.value) + 2
    h.key(pygame.K_DOWN)
    h.key(pygame.K_DOWN)
    h.shot("keyboard_settings_window_open_en")
    # the highlighted item is framed (what Enter would choose)
    item = window.item_rect(two_down)
    assert h.screen.get_at((item.x, item.centery))[:3] == pal.GOLD_LIGHT
    h.key(pygame.K_RETURN)
    assert not window.open
    chosen = tuple(int(v) for v in window.values[two_down].split("x"))
    assert h.ctx.settings.window == chosen
    # Esc and Tab close it unchanged; Esc then leaves the screen as before
    window = h.control("window")
    for close in (pygame.K_ESCAPE, pygame.K_TAB):
        h.key(pygame.K_RETURN)
        assert window.open
        h.key(pygame.K_DOWN)
        h.key(close)
        assert not window.open
        assert h.ctx.settings.window == chosen
        assert isinstance(h.top, SettingsScene)
        tab_to(h, "window")
