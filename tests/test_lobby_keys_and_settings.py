"""The small start screen (``python -m game --play``'s lobby) tells its own keys, not the
table's, and opens the Settings as the table's pause menu does; back from them, the lobby
speaks the language chosen there."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT

from game import i18n
from game.app import App, Settings
from game.input import Command, InputEvent, InputKind
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.scenes.start import StartScene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_hint_names_the_lobbys_keys(lang: str) -> None:
    hint = i18n.t("start.hint", lang)
    enter = "回车" if lang == "zh" else "Enter"
    for key in ("Tab", enter, "Esc", "F11"):
        assert key in hint, (lang, key)
    # the table's keys do nothing here: H win, K kong, P pong, drag a tile
    for table_word in (
        ("胡", "杠", "碰", "拖动") if lang == "zh" else ("win", "kong", "pong", "drag")
    ):
        assert table_word not in hint, (lang, table_word)


def test_the_keys_the_hint_names_work_in_the_lobby() -> None:
    app = App(Settings(lang="en"), (1024, 640))
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        assert lobby.focus == ("play", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.NEXT_FIELD))  # Tab
        assert lobby.focus == ("demo", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.SELECT_RIGHT))  # an arrow
        assert lobby.focus != ("demo", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.CANCEL))  # Esc goes to Quit
        assert lobby.focus == ("quit", "")
    finally:
        app.close()


def test_the_lobby_opens_the_settings_and_comes_back_in_their_language() -> None:
    app = App(Settings(lang="zh"), (1024, 640))
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        settings = next(el for el, what in lobby.elements.items() if what == ("settings", ""))
        assert settings.text == i18n.t("menu.settings", "zh")
        # the top-right column: Language, Settings, Quit, one under the other, in the window
        column = {what[0]: el.rect for el, what in lobby.elements.items()}
        assert column["lang"].bottom <= column["settings"].top < column["quit"].top
        assert column["quit"].bottom <= 640 and not column["quit"].colliderect(column["settings"])
        # keyboard: the Settings button is in the focus order, between Language and Quit
        lobby.focus = ("lang", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.NEXT_FIELD))
        assert lobby.focus == ("settings", "")
        lobby.handle_event(InputEvent(InputKind.COMMAND, Command.CONFIRM))
        app.step(DT)
        scene = app.stack.top
        assert isinstance(scene, SettingsScene)
        app.settings.lang = "en"  # as Settings' language switch leaves it
        for kind in (pygame.KEYDOWN, pygame.KEYUP):  # Esc: back
            pygame.event.post(
                pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            )
        app.step(DT)
        assert app.stack.top is lobby and isinstance(lobby, StartScene)
        labels = {what: el.text for el, what in lobby.elements.items()}
        assert labels[("settings", "")] == "Settings" and labels[("play", "")] == "Play"
    finally:
        app.close()
