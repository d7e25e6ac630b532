"""Sound that cannot be: a pygame built without its mixer starts silent and says so once,
and a muted game's settings screen does not open the audio device to ask whether it has one
(a muted game never opens it: game.audio)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from shell_support import NO_AUDIO, control, settings_app
from test_game_support import DT, post_click

from game.app import App
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings


class _MissingMixer:
    """What pygame puts in place of a mixer it could not import (its ``MissingModule``)."""

    def __bool__(self) -> bool:
        return False

    def __getattr__(self, name: str) -> object:
        raise NotImplementedError("mixer module not available (ImportError: no SDL_mixer)")


def _no_pre_init(error: type[Exception]) -> object:
    def pre_init(*args: object, **kwargs: object) -> None:
        raise error("no mixer")

    return pre_init


@pytest.mark.parametrize("kind", ["missing module", "no attribute", "pygame error"])
def test_a_pygame_without_its_mixer_starts_silent_and_says_so_once(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """``pygame.mixer.pre_init`` raised (NotImplementedError from pygame's stand-in for a
    mixer it could not load, AttributeError, pygame.error) and the game did not start."""
    if kind == "missing module":
        monkeypatch.setattr(pygame, "mixer", _MissingMixer())
    elif kind == "no attribute":
        monkeypatch.setattr(pygame, "mixer", object())
    else:
        monkeypatch.setattr(pygame.mixer, "pre_init", _no_pre_init(pygame.error))
        monkeypatch.setattr(pygame.mixer, "init", _no_pre_init(pygame.error))
    settings = Settings(lang="en", window=(1024, 640))
    app = App(settings, settings.window, data_dir=home)
    try:
        nav = Navigator(app)
        nav.main_menu()
        app.run(frames=3)  # the music is asked for after the first frame
        for name in ("click", "discard"):
            app.audio.play(name)
        nav.settings()
        app.run(frames=2)
        assert not app.audio.available
        assert app.notices.texts("en") == [NO_AUDIO[1]]
        scene = app.stack.top
        assert isinstance(scene, SettingsScene) and not scene.sound
    finally:
        app.close()


def test_the_settings_screen_of_a_muted_game_does_not_open_the_audio_device(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settings screen asked whether sound plays by opening the device, in a muted game
    too. It asks what is known; unmuted there with no device, the game says so, once, and
    the screen says why under Mute."""
    opened: list[object] = []

    def no_device(*args: object, **kwargs: object) -> None:
        opened.append(args)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app, scene = settings_app(home, Settings(lang="en", window=(1024, 640), mute=True))
    try:
        app.run(frames=2)
        assert opened == [] and app.audio.available and scene.sound
        assert not app.notices
        post_click(control(app, "mute").rect.center)  # unmuted: the music would play
        app.step(DT)
        assert len(opened) == 1
        assert app.notices.texts("en") == [NO_AUDIO[1]]
        scene = app.stack.top
        assert isinstance(scene, SettingsScene) and not scene.sound
        assert any(desc == "set.no_audio" for _, desc, *_ in scene.rows)
    finally:
        app.close()
