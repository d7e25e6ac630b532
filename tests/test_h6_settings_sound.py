"""The settings screen in the running game, as a player uses it: a volume dragged with the
mouse follows it and is saved on release, the fullscreen switch takes the window fullscreen
and back at once (and the next start opens as the last one left it)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import DT, post_click

from game.app import App
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings, load_settings, save_settings
from game.ui.controls import Control, Slider


def _settings_app(home: pathlib.Path, settings: Settings) -> tuple[App, SettingsScene]:
    """The game as ``python -m game`` starts it, the settings screen open over the menu."""
    app = App(settings, settings.window, data_dir=home)
    nav = Navigator(app)
    nav.main_menu()
    nav.settings()
    app.run(frames=2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def _control(app: App, name: str) -> Control:
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return next(c for c in scene.controls if c.name == name)


def _mouse(kind: int, pos: tuple[int, int]) -> None:
    if kind == pygame.MOUSEMOTION:
        event = pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    else:
        event = pygame.event.Event(kind, pos=pos, button=1)
    pygame.event.post(event)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_volume_dragged_follows_the_mouse_and_is_saved_on_release(
    home: pathlib.Path, size: tuple[int, int]
) -> None:
    """Every setting applied made the app lay every scene out again, the settings screen
    too: the slider under the press was replaced by a new one that knew of no drag. The
    knob stayed where it was pressed, the drag moved nothing and the release, never
    heard, saved nothing — the next start had the old volume back."""
    settings = Settings(lang="en", window=size, music_volume=0.5)
    app, _ = _settings_app(home, settings)
    try:
        slider = _control(app, "music_volume")
        assert isinstance(slider, Slider)
        track, y = slider._track(), slider.rect.centery
        start, end = track.x + track.w // 2, track.x + track.w // 10
        _mouse(pygame.MOUSEBUTTONDOWN, (start, y))
        app.step(DT)
        for i in range(1, 5):
            _mouse(pygame.MOUSEMOTION, (start + (end - start) * i // 4, y))
            app.step(DT)
        assert app.settings.music_volume == pytest.approx(0.1)  # the knob followed
        assert app.audio.music_volume == pytest.approx(0.1)  # and was heard at once
        _mouse(pygame.MOUSEBUTTONUP, (end, y))
        app.step(DT)
    finally:
        app.close()
    saved, _ = load_settings(home)
    assert saved.music_volume == pytest.approx(0.1)


def test_the_fullscreen_switch_takes_the_window_fullscreen_and_back_at_once(
    home: pathlib.Path,
) -> None:
    """The settings screen changes the app's own settings object before it tells the app:
    the app compared the new fullscreen with that same object's, saw no change and left the
    window as it was — the switch did nothing until the next start. Fullscreen is the
    desktop's size; switched off, the window is the saved size again; the screen is laid
    out for each."""
    settings = Settings(lang="zh", window=(1280, 800))
    app, _ = _settings_app(home, settings)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        post_click(_control(app, "fullscreen").rect.center)
        app.step(DT)
        assert app.settings.fullscreen
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == desktop
        scene = app.stack.top
        assert isinstance(scene, SettingsScene) and scene.size == desktop  # laid out anew
        post_click(_control(app, "fullscreen").rect.center)
        app.step(DT)
        assert not app.settings.fullscreen
        assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == (1280, 800) == scene.size
    finally:
        app.close()
    saved, _ = load_settings(home)
    assert not saved.fullscreen and saved.window == (1280, 800)


def test_a_game_saved_fullscreen_starts_fullscreen_at_the_desktop_size(
    home: pathlib.Path,
) -> None:
    """The next start opens fullscreen at the desktop's size, as the switch does (it asked
    for the saved window's size, which a real display meets by changing its resolution).
    A setting changed then sets no display mode: the app compared the saved window's size
    with the desktop's, and set the mode again at every change — at every move of a volume
    being dragged."""
    save_settings(Settings(lang="en", window=(1280, 800), fullscreen=True), home)
    settings, _ = load_settings(home)
    app, _ = _settings_app(home, settings)
    modes: list[tuple[object, ...]] = []
    set_mode = pygame.display.set_mode
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == desktop
        pygame.display.set_mode = lambda *a, **k: modes.append(a) or set_mode(*a, **k)
        post_click(_control(app, "mute").rect.center)
        app.step(DT)
        assert app.settings.mute and not modes
    finally:
        pygame.display.set_mode = set_mode
        app.close()
