"""The friends' screens' text fields (a name, an address, a room code) click as every other
control of the menus does (game.ui.controls.click): a click on the field, and Enter running
its next step; typing does not. They were silent while the buttons beside them clicked."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.input import Command, InputEvent, InputKind
from game.net.widgets import TextField
from game.ui.controls import clear_click_sound, set_click_sound


@pytest.fixture
def clicks() -> Iterator[list[str]]:
    heard: list[str] = []

    def play() -> None:
        heard.append("click")

    set_click_sound(play)
    try:
        yield heard
    finally:
        clear_click_sound(play)


def test_a_click_on_the_field_and_enter_in_it_click(clicks: list[str]) -> None:
    submitted: list[str] = []
    field = TextField(
        pygame.Rect(10, 10, 200, 40), "", name="code", on_submit=lambda: submitted.append("go")
    )
    assert field.handle(InputEvent(InputKind.MOUSE_DOWN, pos=field.rect.center, button=1))
    assert field.focused and clicks == ["click"]
    field.handle(InputEvent(InputKind.TEXT, text="ABC234"))  # typing is heard as nothing
    assert field.value == "ABC234" and clicks == ["click"]
    field.command(Command.CONFIRM)  # Enter: the screen's next step, as a button's press
    field.end_frame()
    assert submitted == ["go"] and clicks == ["click", "click"]


def test_a_click_beside_the_field_is_not_its_click(clicks: list[str]) -> None:
    field = TextField(pygame.Rect(10, 10, 200, 40))
    assert not field.handle(InputEvent(InputKind.MOUSE_DOWN, pos=(400, 400), button=1))
    assert clicks == []
