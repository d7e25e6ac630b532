"""The new-game screen as a player reads it: the Table box names the table the options make,
one the list does not offer too (四人两房 after Suits was set to Dots and Bamboo showed
"Four players, three suits"). Screenshots go to screenshots/ for a person to see."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import MenuHarness

from game import i18n
from game.fonts import get_font
from game.scenes.new_game import ROOMS, NewGameScene


def open_new_game(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> tuple[MenuHarness, NewGameScene]:
    h = MenuHarness(home, lang, size)
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    return h, scene


# --- the Table box --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "suits", "room"),
    [
        ("4", "mps", "4.3"),
        ("4", "ps", "4.2"),  # the audit's case: Dots and Bamboo at four
        ("4", "mp", "4.2"),
        ("4", "s", "4.1"),
        ("3", "ps", "3.2"),
        ("3", "mps", "3.3"),
        ("3", "m", "3.1"),
        ("2", "mps", "2.3"),
        ("2", "ms", "2.2"),
        ("2", "p", "2.1"),
    ],
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_box_names_the_table_the_options_make(
    home: pathlib.Path, lang: str, players: str, suits: str, room: str
) -> None:
    _, scene = open_new_game(home, lang, (1024, 640))
    scene.set_option("players", players)
    scene.set_option("suits", suits)
    box = scene.room_choice
    name = i18n.t(f"room.name.{room}", lang)
    want = name if room in ROOMS else i18n.t("new.room.custom", lang, room=name)
    assert box.value == room and box.label == want
    assert get_font(box.font_size).size(box.label)[0] <= box.rect.w - round(34 * box._scale())


def test_choosing_a_listed_table_leaves_the_custom_one(home: pathlib.Path) -> None:
    h, scene = open_new_game(home, "en", (1280, 800))
    scene.set_option("suits", "ps")  # four players, two suits: not on the list
    assert scene.room_choice.values == [*ROOMS, "4.2"]
    h.shot("new_game_custom_table_en")
    h.choose("room", "3.2")
    assert scene.room() == "3.2" and scene.values["suits"] == "ps"
    assert scene.room_choice.values == list(ROOMS)
    assert scene.room_choice.label == i18n.t("room.name.3.2", "en")
