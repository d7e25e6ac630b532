"""The screens a menu can go to, by name, and what a menu scene may ask of the navigator.

Scenes never import each other: a button asks the navigator (:class:`game.nav.Navigator`,
the one implementation of :class:`MenuNav`) to go somewhere, and the navigator builds the
scene and pushes it. The names of the main menu's buttons are the routes' values.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Protocol

from game.match_config import MatchConfig
from game.profile import Profile
from game.settings import Settings

__all__ = ["MenuNav", "Route"]


class Route(enum.StrEnum):
    """A screen (or an act) reached without arguments."""

    CONTINUE = "continue"  # the autosaved match, at the exact position
    QUICK = "quick"  # a match with the last choices (Quick play)
    NEW = "new"  # the new-game screen: rules, bots, length
    SHOP = "shop"
    STATS = "stats"
    REPLAYS = "replays"  # the list of kept replays
    HELP = "help"  # rules & help: the rulebook, the gallery, the calculator
    SETTINGS = "settings"
    TUTORIAL = "tutorial"  # the guided first hand
    ABOUT = "about"  # version, licences, where the saves live
    FRIENDS = "friends"  # play with friends: host a table or join one
    HOST = "host"  # host a networked table
    JOIN = "join"  # join a networked table
    QUIT = "quit"
    MAIN_MENU = "main_menu"
    LOBBY = "lobby"  # the small start screen under ``--play`` / ``--demo``


class MenuNav(Protocol):
    """What a menu scene asks of the navigator."""

    def go(self, route: Route) -> object:
        """Open the screen of ``route`` (or do its act: quit, continue, quick play)."""

    def new_match(self, config: MatchConfig) -> object:
        """A new match with ``config`` (New game's Start); with a match still in progress it
        asks first."""

    def watch_replay(self, path: Path) -> object:
        """The replay viewer on ``path``; raises ``engine.replay.ReplayError`` if it is not
        a good replay (nothing is opened)."""

    def settings_changed(self, settings: Settings) -> None:
        """The player changed (and saved) ``settings``: apply them to the running game."""

    def profile_changed(self, profile: Profile) -> None:
        """The profile changed and was saved (a purchase)."""

    def table_open(self) -> bool:
        """Whether a table (a match, a friends' table, a replay or the guided first hand) is
        open under the screen asking, paused."""

    def sound_available(self) -> bool:
        """Whether the game can play sound (False: no audio device opened; it plays silent)."""
