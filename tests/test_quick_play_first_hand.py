"""A brand-new player's Quick play opens on the deal: the starting kit holds one 乾坤大挪移,
and the first screen of the first game was a question about it ("Use Heaven and Earth Shift
this hand?") before the player had seen a hand or the item bar. The question comes from the
player's second hand on."""

from __future__ import annotations

import pathlib

from test_game_support import DT, table_of

from game.app import App
from game.nav import Navigator
from game.profile import Profile, save_profile
from game.settings import Settings
from game.table.items import ItemsOverlay


def _quick_play(home: pathlib.Path) -> tuple[App, object]:
    """The main menu's Quick play on the default settings (Standard: items on)."""
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1280, 800))
    nav = Navigator(app)
    nav.lobby()
    nav.quick_play()
    for _ in range(3):
        app.step(DT)
    table = table_of(app)
    assert table is not None
    items = table.overlay(ItemsOverlay)
    assert isinstance(items, ItemsOverlay) and items.bar is not None
    return app, items.bar


def test_a_new_players_first_hand_is_dealt_without_the_item_question(
    home: pathlib.Path,
) -> None:
    app, bar = _quick_play(home)
    try:
        assert Profile().items["qian_kun"] == 1  # the starting kit holds one
        assert bar.prompt is None and not bar.blocking  # type: ignore[attr-defined]
        assert bar.enabled  # type: ignore[attr-defined]  # the items are there, in the bar
    finally:
        app.close()


def test_a_player_who_has_played_a_hand_is_asked(home: pathlib.Path) -> None:
    profile = Profile()
    profile.stats.hands = 1
    save_profile(profile, home)
    app, bar = _quick_play(home)
    try:
        assert bar.prompt == 1 and bar.blocking  # type: ignore[attr-defined]
    finally:
        app.close()
