"""The First dealer option names the player: its value "Seat 1" (1 号位) read as "Bot 1" to a
player whose table names the others Bot 1, Bot 2…; offline the player sits at seat 1, so the
value is "You (seat 1)" (你（1 号位）) on the New game screen and in the rulebook."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import MenuHarness

from game.scenes.help_scene import HelpScene
from game.scenes.new_game import NewGameScene


@pytest.mark.parametrize(("lang", "words"), [("zh", "你（1 号位）"), ("en", "You (seat 1)")])
def test_the_first_dealer_east_is_the_player(home: pathlib.Path, lang: str, words: str) -> None:
    h = MenuHarness(home, lang, (1280, 800))
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    assert scene.values["first_dealer"] == "east"
    assert scene.value_label("first_dealer", "east") == words
    h.stack.pop()
    help_scene = HelpScene(h.ctx)
    h.stack.push(help_scene)
    h.pump()
    assert help_scene.option_value_label("first_dealer") == words
