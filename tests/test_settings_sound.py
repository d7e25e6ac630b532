"""The settings screen in the running game, as a player uses it: a volume dragged with the
mouse follows it and is saved on release, the fullscreen switch takes the window fullscreen
and back at once (and the next start opens as the last one left it), and a game without an
audio device says so once, over the screen, and plays on silent."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from shell_support import control, settings_app
from test_game_support import DT, post_click

from game.app import App
from game.audio import Audio
from game.i18n import t
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings, load_settings, save_settings
from game.ui.controls import Slider


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
    app, _ = settings_app(home, settings)
    try:
        slider = control(app, "music_volume")
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
    app, _ = settings_app(home, settings)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        post_click(control(app, "fullscreen").rect.center)
        app.step(DT)
        assert app.settings.fullscreen
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == desktop
        scene = app.stack.top
        assert isinstance(scene, SettingsScene) and scene.size == desktop  # laid out anew
        post_click(control(app, "fullscreen").rect.center)
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
    app, _ = settings_app(home, settings)
    modes: list[tuple[object, ...]] = []
    set_mode = pygame.display.set_mode
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == desktop
        pygame.display.set_mode = lambda *a, **k: modes.append(a) or set_mode(*a, **k)
        post_click(control(app, "mute").rect.center)
        app.step(DT)
        assert app.settings.mute and not modes
    finally:
        pygame.display.set_mode = set_mode
        app.close()


def test_no_audio_device_is_told_once_over_the_screen_and_the_game_plays_on(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no audio device the game ran silent and said so only in its log, which a
    player does not read. It says so once, over whatever screen shows, in both languages;
    the settings screen keeps its controls (saved for a device to come), says why under
    Mute and dims the volumes' figures."""

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    told: list[object] = []
    settings = Settings(lang="en", window=(1024, 640))
    app = App(settings, settings.window, data_dir=home)
    add = app.notices.add
    monkeypatch.setattr(app.notices, "add", lambda m, s=12.0: told.append(m) or add(m, s))
    try:
        nav = Navigator(app)
        nav.main_menu()
        app.run(frames=3)  # the music is asked for after the first frame
        for name in ("click", "discard", "win"):
            app.audio.play(name)
        nav.settings()
        app.run(frames=3)
        post_click(control(app, "mute").rect.center)  # muted and unmuted: nothing new
        app.step(DT)
        post_click(control(app, "mute").rect.center)
        app.step(DT)
        message = (t("set.no_audio", "zh"), t("set.no_audio", "en"))
        assert told == [message]
        assert "No audio device" in app.notices.texts("en")[0]
        scene = app.stack.top
        assert isinstance(scene, SettingsScene) and not scene.sound
        assert any(desc == "set.no_audio" for _, desc, *_ in scene.rows)
        assert not app.audio.available
    finally:
        app.close()


def test_a_device_that_goes_away_mid_game_is_told_once_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sound worked, then the device went away (unplugged headphones with no other
    output): the game falls silent and says so once, not at every sound after."""
    pygame.mixer.quit()
    audio = Audio()
    told: list[int] = []
    audio.on_silent = lambda: told.append(1)
    try:
        audio.play("discard")
        assert audio.available and not told

        class Gone:  # a loaded sound whose device is no more
            def set_volume(self, volume: float) -> None:
                pass

            def play(self) -> None:
                raise pygame.error("audio device lost")

        monkeypatch.setattr(audio, "_sounds", {n: Gone() for n in ("discard", "pong", "win")})
        for name in ("discard", "pong", "discard", "win"):
            audio.play(name)
        assert told == [1] and not audio.available
    finally:
        audio.close()
        pygame.mixer.quit()
