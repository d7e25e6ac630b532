"""Leaving a saved match from the main menu (New game over a saved match, "leave it") records
the match once, whatever the moment the game stops.

The match's entry goes into the statistics before the autosave is cleared, under the match's
id, so that a restart which finds the autosave of a recorded match drops it. Leaving from the
menu recorded it under no id: a stop before the autosave went resumed the match, and leaving
it again counted it twice.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_saves_settlement import PowerCut, _play_out

from engine.match import MatchState
from engine.rules import get_preset
from game.app import App, Settings
from game.autosave import Autosave
from game.nav import Navigator
from game.profile import load_profile
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession
from game.table.session import TableSession

RULES = get_preset("standard")


def _saved_between_hands(home: Path, seed: int) -> None:
    """A match of two hands, its first played and paid: the autosave waits for the second."""
    session = MatchSession(hands=2, autosave=Autosave(home), directory=home, keep_replays=0)
    ctl = Controller(
        RULES,
        MatchState(rules=RULES, seed=seed),
        Seating(0, ("random",) * 4),
        table_session=TableSession.load(home, lang="en"),
    )
    session.start(ctl)
    ctl.match_session = session
    _play_out(ctl.round, random.Random(seed))
    session.after_action(ctl)
    ctl.finish()
    assert not session.over and Autosave(home).exists()


def _leave_from_the_menu(home: Path) -> None:
    app = App(Settings(lang="en"), (1024, 640), data_dir=home)
    try:
        Navigator(app).abandon_saved_match()
    finally:
        app.close()


@pytest.mark.parametrize("seed", [3, 8])
def test_a_match_left_from_the_menu_is_counted_once_across_a_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    _saved_between_hands(tmp_path, seed)

    def cut(self: Autosave) -> None:
        raise PowerCut

    monkeypatch.setattr(Autosave, "clear", cut)
    with pytest.raises(PowerCut):
        _leave_from_the_menu(tmp_path)
    monkeypatch.undo()
    assert load_profile(tmp_path)[0].stats.matches == 1  # recorded before the stop

    _leave_from_the_menu(tmp_path)  # the next start: the save of a recorded match

    profile, _notice = load_profile(tmp_path)
    assert profile.stats.matches == 1 and len(profile.stats.match_points) == 1
    assert profile.stats.hands == 1
    assert not Autosave(tmp_path).exists()
