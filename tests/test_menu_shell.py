"""The app's shell and its menus as a demanding player meets them: a window size the desktop
cannot show chosen twice, Esc at the tutorial's settlement, a notice over the main menu's
hints, the settings screen by the keyboard alone and a settings file that cannot be read."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import DT
from test_h10_support import control, settings_app

from game.settings import Settings
from game.ui.controls import Choice


@pytest.fixture
def small_desktop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A real desktop of 1366×768 (the dummy driver has none: it keeps any size)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return (1366, 768)


# --- a window size the desktop cannot show -------------------------------------------------


def test_a_size_too_large_chosen_again_still_names_the_size_in_use(
    home: pathlib.Path, small_desktop: tuple[int, int]
) -> None:
    """1920×1080 on a 1366×768 desktop opens at 1366×704 and the drop-down says so. Chosen
    once more, the window kept its size — nothing was laid out again, and the drop-down
    went on showing 1920 × 1080 over a 1366×704 window."""
    app, _ = settings_app(home, Settings(lang="en", window=(1024, 640)))
    try:
        for _ in range(2):
            window = control(app, "window")
            assert isinstance(window, Choice)
            window.choose("1920x1080")
            app.step(DT)
            assert app.size == (1366, 704)
            shown = control(app, "window")
            assert isinstance(shown, Choice) and shown.value == "1366x704"
    finally:
        app.close()
