"""Leaving a match costs what RULES.md §6.4 says, whichever way the player leaves: the pause
menu's Leave, or closing the window and leaving the saved match from New game."""

from __future__ import annotations

from pathlib import Path

from test_game_support import DT, post_click, running_app, table_of

from engine.rules import get_preset
from game.app import App, Settings
from game.autosave import Autosave
from game.nav import Navigator
from game.profile import STARTING_COINS, Profile, load_profile, save_profile
from game.scenes.confirm import ConfirmScene
from game.scenes.pause import PauseScene
from game.table.items import ItemsOverlay
from game.table.scene import WALK_OUT_BASES, TableScene

RULES = get_preset("standard")
# what a walk-out at the deal costs: the penalty to each of the three others (§6.4) in coins
WALK_OUT_COINS = 3 * WALK_OUT_BASES * RULES.base * RULES.coins_per_point


def _at_the_deal(app: App) -> TableScene:
    """The first hand just dealt, the 乾坤大挪移 question asked, nobody has acted."""
    table = table_of(app)
    assert table is not None
    app.step(DT)
    items = table.overlay(ItemsOverlay)
    assert isinstance(items, ItemsOverlay) and items.holds
    assert not table.ctl.round.decisions
    return table


def _played(home: Path) -> None:
    """A player who has played a hand: 乾坤大挪移 is asked at the deal (not at a new
    player's first), which holds the table there."""
    played = Profile()
    played.stats.hands = 1
    save_profile(played, home)


def _second_start() -> App:
    return App(Settings(speed="instant", bot_pace="instant", lang="en"), (1280, 800))


def test_the_pause_menu_and_a_restart_both_count_leaving_at_the_deal_as_a_walk_out(
    home: Path,
) -> None:
    """The pause menu's Leave at the deal is a walk-out (the hand is dealt). The autosave
    held no hand until the first action, so closing the window at that moment and leaving
    the match from New game cost nothing — the same moment priced two ways."""
    _played(home)
    with running_app(seed=4, lang="en", bots=("normal",) * 3) as app:
        table = _at_the_deal(app)
        table.nav.pause(table)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        pause.choose("leave")
        assert pause.confirming  # walk out?
    with running_app(seed=4, lang="en", bots=("normal",) * 3) as app:
        _at_the_deal(app)  # ... and the window is closed here
    assert Autosave().exists()
    app2 = _second_start()
    try:
        menu = Navigator(app2).main_menu()
        app2.step(DT)
        menu.choose("quick")
        app2.step(DT)
        ask = app2.stack.top
        assert isinstance(ask, ConfirmScene)
        assert "walk-out" in ask.t(ask.body, **ask.fields)
        post_click(next(c for c in ask.controls if c.name == "go").rect.center)
        app2.step(DT)
        app2.step(DT)
    finally:
        app2.close()
    profile = load_profile()[0]
    assert profile.coins == STARTING_COINS - WALK_OUT_COINS
    assert profile.stats.hands == 2  # the one played before, and the walk-out


def test_continue_after_closing_at_the_deal_deals_the_same_hand_and_asks_again(
    home: Path,
) -> None:
    """Closed at the first hand's deal, the match was gone (no save before the first
    action): Continue said there was nothing to continue."""
    _played(home)
    with running_app(seed=4, lang="en", bots=("normal",) * 3) as app:
        table = _at_the_deal(app)
        tiles = table.ctl.round.view(0).tiles
    app2 = _second_start()
    try:
        menu = Navigator(app2).main_menu()
        app2.step(DT)
        menu.choose("continue")
        app2.step(DT)
        again = _at_the_deal(app2)  # the question is asked again, nobody has acted
        assert again.ctl.round.view(0).tiles == tiles
        assert again.ctl.table_session is not None
        assert again.ctl.table_session.profile.coins == STARTING_COINS
    finally:
        app2.close()
