"""The window as a player sizes it: a size chosen in Settings fits the screen at once, a
window dragged to a new size is saved once the drag is over (keeping every other setting),
and a fullscreen window stays fullscreen through a resize event."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from shell_support import control, post_resize, settings_app
from test_game_support import DT

from game import app as app_module
from game.app import App
from game.nav import Navigator
from game.settings import Settings, load_settings, save_settings
from game.ui.controls import Choice


@pytest.fixture
def small_desktop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A real desktop of 1366×768 (the dummy driver has none: it keeps any size)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return (1366, 768)


# --- a size chosen in Settings fits the desktop at once ---------------------------------------


def test_a_window_size_chosen_in_settings_fits_the_desktop_at_once(
    home: pathlib.Path, small_desktop: tuple[int, int]
) -> None:
    """1920×1080 chosen on a 1366×768 screen opened a window larger than the screen (its
    title bar and edges off it); only the next start fitted it. It is fitted at once, as
    the start fits it, and the settings screen names the size in use."""
    app, _ = settings_app(home, Settings(lang="en", window=(1024, 640)))
    try:
        window = control(app, "window")
        assert isinstance(window, Choice)
        window.choose("1920x1080")
        app.step(DT)
        fitted = app_module.fit_to_screen((1920, 1080))
        assert fitted == (1366, 704)  # the margin for a task bar and the title bar
        assert app.size == fitted
        assert app.settings.window == fitted
        shown = control(app, "window")
        assert isinstance(shown, Choice) and shown.value == "1366x704"
    finally:
        app.close()


# --- a dragged window is saved; fullscreen stays fullscreen -----------------------------------


def test_a_dragged_window_is_saved_once_the_drag_is_over_keeping_every_other_setting(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window resized by dragging was saved only with the next change of another
    setting: quit before that, the next start opened at the old size. It is saved once the
    drag is over — once, not at each of the drag's events — and the save keeps what
    another window of the game wrote meanwhile (saves merge field by field)."""
    save_settings(Settings(lang="en", window=(1024, 640), tile_tracker=True), home)
    settings, _ = load_settings(home)
    saves: list[tuple[int, int]] = []
    real_save = save_settings

    def counted(s: Settings, directory: object = None) -> object:
        saves.append(tuple(s.window))
        return real_save(s, directory)  # type: ignore[arg-type]

    monkeypatch.setattr(app_module, "save_settings", counted, raising=False)
    app = App(settings, settings.window, data_dir=home)
    try:
        Navigator(app).main_menu()
        app.run(frames=2)
        other, _ = load_settings(home)  # another window of the game turns the music down
        other.music_volume = 0.2
        save_settings(other, home)
        for size in ((1100, 680), (1200, 740), (1300, 800)):  # the drag
            post_resize(size)
            app.step(DT)
        assert app.size == (1300, 800)
        assert saves == []  # not at every event of the drag
        assert load_settings(home)[0].window == (1024, 640)
        for _ in range(round(2.0 / DT)):  # the drag over: saved within two seconds
            app.step(DT)
        assert saves == [(1300, 800)]
        saved, _ = load_settings(home)
        assert saved.window == (1300, 800)
        assert saved.music_volume == 0.2 and saved.tile_tracker and saved.lang == "en"
    finally:
        app.close()
    assert saves == [(1300, 800)]  # nothing left to save at the close


def test_a_window_sized_just_before_quitting_is_saved_at_the_close(home: pathlib.Path) -> None:
    settings = Settings(lang="en", window=(1024, 640))
    app = App(settings, settings.window, data_dir=home)
    try:
        Navigator(app).main_menu()
        app.run(frames=2)
        post_resize((1240, 780))
        app.step(DT)
    finally:
        app.close()
    assert load_settings(home)[0].window == (1240, 780)


def test_a_fullscreen_window_stays_fullscreen_through_a_resize_event(
    home: pathlib.Path,
) -> None:
    """A resize event of another size in fullscreen (one from before the switch, the
    desktop's resolution changed) set a window of that size: the game left fullscreen
    while its settings still said fullscreen, and the settings' window took the size."""
    settings = Settings(lang="en", window=(1024, 640), fullscreen=True)
    app = App(settings, settings.window, data_dir=home)
    try:
        Navigator(app).main_menu()
        app.run(frames=2)
        desktop = pygame.display.get_desktop_sizes()[0]
        assert app.size == desktop
        post_resize((1280, 800))
        app.step(DT)
        app.step(DT)
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == desktop and app.settings.fullscreen
        assert app.settings.window == (1024, 640)
    finally:
        app.close()
