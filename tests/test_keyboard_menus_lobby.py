"""The lobby under ``--play`` / ``--demo`` by keyboard: Tab, Shift+Tab and ←/→ walk its
buttons, ↑/↓ go to the row above or below, Enter presses the focused one (Play at first), Esc
goes to Quit as the main menu's does. Real key events through the app's frame; headless."""

from __future__ import annotations

import pygame
from test_game_support import DT, post_key

from game.app import App, Settings
from game.nav import Navigator


def test_the_lobby_walks_its_buttons_by_keyboard() -> None:
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        nav = Navigator(app)
        lobby = nav.lobby()
        app.step(DT)

        def press(key: int) -> None:
            post_key(key)
            app.step(DT)

        assert lobby.focus == ("play", "")
        press(pygame.K_TAB)
        assert lobby.focus == ("demo", "")
        press(pygame.K_LEFT)
        assert lobby.focus == ("play", "")
        # ↑ goes to the bot levels above, Enter picks the one focused
        press(pygame.K_UP)
        kind, level = lobby.focus
        assert kind == "level"
        press(pygame.K_RIGHT)
        _, level = lobby.focus
        press(pygame.K_RETURN)
        assert app.settings.bots == (level, level, level)
        # ↑ again: the rooms; → and Enter pick one
        press(pygame.K_UP)
        press(pygame.K_RIGHT)
        kind, room = lobby.focus
        assert kind == "preset" and room != app.settings.preset
        press(pygame.K_RETURN)
        assert app.settings.preset == room
        # Esc goes to Quit (as the main menu's does), Enter then quits
        press(pygame.K_ESCAPE)
        assert lobby.focus == ("quit", "")
        assert app.running
        press(pygame.K_RETURN)
        assert not app.running
    finally:
        app.close()
