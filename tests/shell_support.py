"""Shared helpers for the tests of the app's shell (the window, notices, sound and settings
tests; no tests here)."""

from __future__ import annotations

import pathlib

import pygame

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings
from game.ui.controls import Control

NO_AUDIO = (t("set.no_audio", "zh"), t("set.no_audio", "en"))


def settings_app(home: pathlib.Path, settings: Settings) -> tuple[App, SettingsScene]:
    """The game as ``python -m game`` starts it, the settings screen open over the menu."""
    app = App(settings, settings.window, data_dir=home)
    nav = Navigator(app)
    nav.main_menu()
    nav.settings()
    app.run(frames=2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def control(app: App, name: str) -> Control:
    """The settings screen's control ``name``."""
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return next(c for c in scene.controls if c.name == name)


def post_resize(size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
