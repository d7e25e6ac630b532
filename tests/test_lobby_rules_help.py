"""The small start screen (``python -m game --play``'s lobby) opens Rules & help as the
table's pause menu does, by mouse and keyboard; Esc there comes back to the lobby, in the
lobby's language."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest
from test_game_support import DT

from game import i18n
from game.app import App, Settings
from game.input import Command, InputEvent, InputKind
from game.nav import Navigator
from game.scenes.help_scene import HelpScene
from game.scenes.start import StartScene
from game.table.buttons import button_font
from game.table.layout import Layout
from game.ui.text import button_width


def _esc() -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(
            pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        )


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_column_holds_rules_and_help_in_the_window(
    lang: str, size: tuple[int, int]
) -> None:
    app = App(Settings(lang=lang), size)
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        rects = {what[0]: el.rect for el, what in lobby.elements.items()}
        labels = {what[0]: el.text for el, what in lobby.elements.items()}
        assert labels["help"] == i18n.t("menu.help", lang)
        # Language, Settings, Rules & help, Quit: one under the other, none overlapping
        column = [rects[k] for k in ("lang", "settings", "help", "quit")]
        for upper, lower in pairwise(column):
            assert upper.bottom <= lower.top and upper.right == lower.right
        assert column[-1].bottom <= size[1] and column[0].right <= size[0]
        # its label fits its button ("Rules & help" is the column's longest)
        lay = Layout.compute(*size)
        assert rects["help"].w >= button_width(labels["help"], button_font(lay))
        # the column keeps clear of the rooms' buttons under it
        for what, rect in rects.items():
            if what not in ("lang", "settings", "help", "quit"):
                assert not rect.colliderect(rects["help"]), what
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_keyboard_reaches_rules_and_help_and_esc_comes_back(lang: str) -> None:
    app = App(Settings(lang=lang), (1024, 640))
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        lobby.focus = ("settings", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.NEXT_FIELD))  # Tab
        assert lobby.focus == ("help", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.NEXT_FIELD))
        assert lobby.focus == ("quit", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.PREV_FIELD))  # Shift+Tab
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.CONFIRM))  # Enter
        app.step(DT)
        assert isinstance(app.stack.top, HelpScene)
        _esc()
        app.step(DT)
        assert app.stack.top is lobby and isinstance(lobby, StartScene)
        labels = {what: el.text for el, what in lobby.elements.items()}
        assert labels[("help", "")] == i18n.t("menu.help", lang)
        assert labels[("play", "")] == i18n.t("start.play", lang)
    finally:
        app.close()


def test_a_click_on_rules_and_help_opens_it() -> None:
    app = App(Settings(lang="en"), (1920, 1080))
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        button = next(el for el, what in lobby.elements.items() if what == ("help", ""))
        lobby.handle_event(InputEvent(InputKind.UI_BUTTON, element=button))
        app.step(DT)
        assert isinstance(app.stack.top, HelpScene)
        assert lobby.focus == ("play", "")  # a click leaves the keyboard's button where it was
    finally:
        app.close()
