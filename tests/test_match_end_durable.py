"""The end of a match survives a crash at any step: its statistics are recorded exactly once.

At a match's last hand the game pays the hand into the profile, records the match (its
points and rank) and clears the autosave. It cleared the autosave first: a crash before the
profile's next save lost the match's entry, with nothing left to resume. The crash is
injected at each step in turn; the game is then started again from what is on disk.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_saves_settlement import PowerCut, _play_out

from engine.match import MatchState
from engine.rules import get_preset
from game.autosave import Autosave
from game.profile import STARTING_COINS, load_profile
from game.table import session as table_session_module
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, controller_from_doc
from game.table.session import TableSession

RULES = get_preset("standard")


def _one_hand_match_at_its_end(home: Path, seed: int) -> Controller:
    """A one-hand match whose hand has just been played out, autosaved as the table does."""
    session = MatchSession(hands=1, autosave=Autosave(home), directory=home, keep_replays=0)
    ctl = Controller(
        RULES,
        MatchState(rules=RULES, seed=seed),
        Seating(0, ("random",) * 4),
        table_session=TableSession.load(home, lang="en"),
    )
    session.start(ctl)
    ctl.match_session = session
    _play_out(ctl.round, random.Random(seed))
    session.after_action(ctl)  # the last action's autosave: the hand over, not yet recorded
    return ctl


def _restart(home: Path) -> Controller | None:
    """Start the game again: resume the autosave (if any) and finish its hand."""
    store = Autosave(home)
    doc = store.load()
    if doc is None:
        return None
    ctl = controller_from_doc(doc, MatchSession(autosave=store, directory=home, keep_replays=0))
    profile, _notice = load_profile(home)
    ctl.attach_profile(profile, home, "en")
    ctl.finish()
    return ctl


def _paid(ctl: Controller) -> int:
    report = ctl.hand_report
    assert report is not None
    return report.coins[0]


@pytest.mark.parametrize("seed", [5, 12])
def test_a_crash_at_the_profiles_save_of_the_match_end_loses_no_statistics(
    tmp_path, monkeypatch, seed
):
    ctl = _one_hand_match_at_its_end(tmp_path, seed)
    real_save = table_session_module.save_profile

    def cut_at_the_match(profile, directory=None):  # the save that holds the match's entry
        if profile.stats.matches:
            raise PowerCut
        return real_save(profile, directory)

    monkeypatch.setattr(table_session_module, "save_profile", cut_at_the_match)
    with pytest.raises(PowerCut):
        ctl.finish()
    monkeypatch.undo()
    paid = _paid(ctl)

    _restart(tmp_path)

    profile, _notice = load_profile(tmp_path)
    assert profile.stats.matches == 1 and len(profile.stats.match_points) == 1
    assert profile.stats.hands == 1 and profile.coins == STARTING_COINS + paid
    assert not Autosave(tmp_path).exists()


@pytest.mark.parametrize("seed", [5, 12])
def test_a_crash_at_the_autosaves_clearing_neither_counts_twice_nor_resumes(
    tmp_path, monkeypatch, seed
):
    ctl = _one_hand_match_at_its_end(tmp_path, seed)

    def cut(self):
        raise PowerCut

    monkeypatch.setattr(Autosave, "clear", cut)
    with pytest.raises(PowerCut):
        ctl.finish()
    monkeypatch.undo()
    paid = _paid(ctl)
    assert Autosave(tmp_path).path.exists()  # the crash left the finished match's save

    assert _restart(tmp_path) is None  # a finished match is not resumed

    profile, _notice = load_profile(tmp_path)
    assert profile.stats.matches == 1 and profile.stats.hands == 1
    assert profile.coins == STARTING_COINS + paid
    assert not Autosave(tmp_path).exists()  # and its save is gone


def test_the_end_of_a_match_reached_twice_is_recorded_once(tmp_path):
    """Resumed anyway (an older game's Continue, a profile read before the match ended), the
    last hand is not paid again and the match not counted again."""
    ctl = _one_hand_match_at_its_end(tmp_path, 7)
    doc = Autosave(tmp_path).load()
    assert doc is not None
    ctl.finish()
    paid = _paid(ctl)
    ctl.table_session.end_match(ctl.match)  # what the pause menu's Leave adds: nothing

    again = controller_from_doc(doc, MatchSession(directory=tmp_path, keep_replays=0))
    again.attach_profile(load_profile(tmp_path)[0], tmp_path, "en")
    again.finish()

    profile, _notice = load_profile(tmp_path)
    assert profile.stats.matches == 1 and profile.stats.hands == 1
    assert profile.coins == STARTING_COINS + paid
