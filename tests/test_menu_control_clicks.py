"""Every control of the menus gives the click pygame-gui's buttons give — a button, a
switch, a segmented choice, a drop-down, a slider let go — at the effects' volume, not when
muted, and one click for a press both kinds hear."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pygame
import pygame_gui
import pytest
from shell_support import control, settings_app
from test_game_support import DT, post_click, post_key

from game.app import App
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings
from game.ui.controls import Choice, Segmented, Slider, Toggle


class _Sound:
    """A loaded effect that counts its plays and remembers the volume it was played at."""

    def __init__(self) -> None:
        self.plays: list[float] = []
        self.volume = 1.0

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def play(self) -> None:
        self.plays.append(self.volume)


@pytest.fixture
def clicking(home: pathlib.Path) -> Iterator[tuple[App, _Sound]]:
    settings = Settings(lang="en", window=(1280, 800), sound_volume=0.6)
    app, _ = settings_app(home, settings)
    click = _Sound()
    app.audio._sounds["click"] = click  # type: ignore[assignment]
    try:
        yield app, click
    finally:
        app.close()


def test_every_kind_of_menu_control_gives_the_click(clicking: tuple[App, _Sound]) -> None:
    """Only pygame-gui's buttons (the table's, the settlement's) clicked: the menus' own
    buttons, switches, segmented choices, drop-downs and sliders were silent."""
    app, click = clicking

    def heard(after: int) -> None:
        app.step(DT)
        assert len(click.plays) == after

    hints = control(app, "hints")
    assert isinstance(hints, Toggle)
    post_click(hints.rect.center)
    heard(1)
    speed = control(app, "speed")
    assert isinstance(speed, Segmented)
    post_click(speed.cell_of("fast").center)
    heard(2)
    window = control(app, "window")
    assert isinstance(window, Choice)
    post_click(window.rect.center)  # opens the list
    heard(3)
    post_key(pygame.K_ESCAPE)  # closes it: nothing chosen, nothing pressed
    heard(3)
    volume = control(app, "sound_volume")
    assert isinstance(volume, Slider)
    post_click(volume._track().midleft)  # let go at 0: nothing to hear
    heard(3)
    assert app.settings.sound_volume == 0.0
    post_click(volume._track().center)  # let go at half: the click at half the volume
    heard(4)
    assert click.plays[-1] == pytest.approx(0.5)
    assert app.settings.sound_volume == 0.5
    post_key(pygame.K_RIGHT)  # the focused slider a step up, by the keyboard
    heard(5)
    back = control(app, "back")
    post_click(back.rect.center)
    heard(6)
    assert not isinstance(app.stack.top, SettingsScene)


def test_a_switch_that_mutes_is_not_heard_and_one_that_unmutes_is(
    clicking: tuple[App, _Sound],
) -> None:
    app, click = clicking
    post_click(control(app, "mute").rect.center)
    app.step(DT)
    assert app.settings.mute and click.plays == []
    post_click(control(app, "mute").rect.center)
    app.step(DT)
    assert not app.settings.mute and click.plays == [pytest.approx(0.6)]


def test_a_press_heard_by_both_kinds_of_button_clicks_once(
    clicking: tuple[App, _Sound],
) -> None:
    """A pygame-gui button pressed and a control used in the same frame: one click, not
    two sounds on top of each other."""
    app, click = clicking
    button = pygame.Rect(0, 0, 10, 10)  # a pygame-gui button the settings screen knows not
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    post_click(control(app, "hints").rect.center)
    app.step(DT)
    assert len(click.plays) == 1
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.step(DT)
    assert len(click.plays) == 2
