"""The match length chosen on the New game screen is remembered, as its preset, options and
bots are: reopening the screen shows it, Quick play plays it, it is saved in the settings
(field by field with what is on disk), and a damaged stored length falls back to 8 hands."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import FakeAutosave, MenuHarness

from game.match_config import DEFAULT_HANDS, MatchConfig
from game.scenes.menu import MainMenuScene
from game.scenes.new_game import NewGameScene
from game.settings import Settings, load_settings, save_settings, settings_store


def menu_with(home: pathlib.Path, settings: Settings) -> MenuHarness:
    """The main menu of a game started with ``settings`` (as read at the start)."""
    h = MenuHarness(home, settings.lang)
    h.app.settings = settings
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    return h


def new_game(h: MenuHarness) -> NewGameScene:
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    return scene


@pytest.mark.parametrize(("choice", "hands"), [("16", 16), ("None", None), ("1", 1)])
def test_the_length_chosen_is_shown_again_and_played_by_quick_play(
    home: pathlib.Path, choice: str, hands: int | None
) -> None:
    h = menu_with(home, load_settings(home)[0])
    scene = new_game(h)
    assert scene.hands == DEFAULT_HANDS  # a first run: eight hands
    h.choose("hands", choice)
    h.click_control("start")
    started = h.actions[-1][1]
    assert isinstance(started, MatchConfig) and started.hands == hands
    # back on the menu (the match is not played here): New game shows the length chosen
    h.stack.pop()
    h.pump()
    again = new_game(h)
    assert again.hands == hands
    assert h.control("hands").value == choice
    h.click_control("back")
    # Quick play is the New game screen's last choice again: its length too
    h.click_control("quick")
    quick = h.actions[-1][1]
    assert isinstance(quick, MatchConfig)
    assert quick == started
    # and after a restart, read back from the disk
    saved, notice = load_settings(home)
    assert notice is None and saved.hands == hands
    h2 = menu_with(home, saved)
    assert new_game(h2).hands == hands
    assert MatchConfig.quick(saved).hands == hands


@pytest.mark.parametrize("stored", [7, 0, -8, "16", True, 16.0, [16], {"n": 16}])
def test_a_damaged_stored_length_falls_back_to_eight_hands_and_is_named(
    home: pathlib.Path, stored: object
) -> None:
    good = Settings(lang="en", preset="jj", hands=16).to_dict()
    assert settings_store(home).save({**good, "hands": stored}) is None
    settings, notice = load_settings(home)
    assert settings.hands == DEFAULT_HANDS
    assert settings.preset == "jj"  # the other fields read as they were
    assert notice is not None and "hands" in notice.detail
    assert "Quick play" in notice.text("en")
    assert MatchConfig.quick(settings).hands == DEFAULT_HANDS
    h = menu_with(home, settings)
    assert new_game(h).hands == DEFAULT_HANDS
    assert h.control("hands").value == str(DEFAULT_HANDS)


def test_until_out_of_coins_is_stored_as_such_not_as_the_default(home: pathlib.Path) -> None:
    settings = load_settings(home)[0]
    settings.hands = None
    assert save_settings(settings, home) is None
    data = settings_store(home).peek()
    assert data is not None and "hands" in data and data["hands"] is None
    assert load_settings(home)[0].hands is None


def test_a_length_saved_by_one_window_is_kept_by_another_saving_other_fields(
    home: pathlib.Path,
) -> None:
    """Saves merge field by field with the disk: the window that did not touch the length
    keeps the other one's, and the one that chose it keeps it over an older value."""
    first, _ = load_settings(home)
    second, _ = load_settings(home)
    first.hands = 16
    assert save_settings(first, home) is None
    second.lang = "zh" if second.lang == "en" else "en"
    assert save_settings(second, home) is None
    saved = load_settings(home)[0]
    assert saved.hands == 16 and saved.lang == second.lang
    second.hands = 4  # now the second window chooses a length: its choice wins
    assert save_settings(second, home) is None
    assert load_settings(home)[0].hands == 4


@pytest.mark.parametrize(
    ("lang", "hands", "said"),
    [
        ("en", 16, "16 hands"),
        ("en", 1, "1 hand ·"),
        ("en", None, "Until you run out of coins"),
        ("zh", 4, "4 局"),
    ],
)
def test_quick_plays_description_names_the_length_it_plays(
    home: pathlib.Path, lang: str, hands: int | None, said: str
) -> None:
    """Quick play plays the remembered length; its line under the menu named only the preset
    and the bots."""
    h = menu_with(home, Settings(lang=lang))
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    menu.ctx.settings = Settings(lang=lang, hands=hands)  # as the New game screen left it
    shown = menu._quick_text()
    assert said in shown and "{" not in shown


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_last_setup_stays_clear_of_the_menus_column(home: pathlib.Path, lang: str) -> None:
    """With the length in it, the line ran under Quit at 1024x640; it wraps upwards instead."""
    h = MenuHarness(home, lang, (1024, 640))
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    menu.ctx.settings = Settings(
        lang=lang, hands=None, preset="modern_xueliu", bots=("hard", "hard", "efficiency")
    )
    img, rect = menu._desc("quick")
    assert img.get_height() > menu.px(15) * 1.5  # two lines
    assert rect.left >= 0 and rect.bottom <= 640
    for control in menu.controls:
        assert not rect.colliderect(control.rect), control.name
