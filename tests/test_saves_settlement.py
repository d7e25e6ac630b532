"""Settlement is a transaction: a crash at any write of a hand's end pays the hand exactly once.

The end of a hand writes the profile (coins, items, statistics and the hand's id), the
hand's replay and the autosave, each by renames. A power cut is injected at every rename of
that path in turn; the game is then started again from what is on disk, the autosave
resumed and the hand finished: the profile holds the hand once — never twice, never lost.
"""

from __future__ import annotations

import contextlib
import os
import random
from pathlib import Path

import pytest

from engine.match import MatchState
from engine.round import ActionKind, Round
from engine.rules import get_preset
from game.autosave import Autosave
from game.profile import STARTING_COINS, load_profile
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, controller_from_doc
from game.table.session import TableSession

RULES = get_preset("standard")


class PowerCut(BaseException):
    """The machine stops: nothing after this runs (not an Exception: nothing catches it)."""


def _play_out(rnd: Round, rng: random.Random) -> None:
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        rnd.apply(wins[0] if wins else rng.choice(legal))


def _match_at_hand_end(home: Path, seed: int) -> Controller:
    """A match whose first hand has just ended, autosaved as the table saves it."""
    session = MatchSession(hands=8, autosave=Autosave(home), directory=home)
    ctl = Controller(
        RULES,
        MatchState(rules=RULES, seed=seed),
        Seating(0, ("random",) * 4),
        table_session=TableSession.load(home),
    )
    session.start(ctl)
    ctl.match_session = session
    _play_out(ctl.round, random.Random(seed))
    session.after_action(ctl)  # the last action's autosave: the hand over, not yet recorded
    return ctl


def _resume_and_finish(home: Path) -> tuple[list[int], Controller | None]:
    """Start again from the disk: resume the autosave (if any) and finish its hand."""
    store = Autosave(home)
    doc = store.load()
    if doc is None or doc.get("hand") is None:
        return [0, 0, 0, 0], None
    ctl = controller_from_doc(doc, MatchSession(autosave=store, directory=home))
    profile, _notice = load_profile(home)
    ctl.attach_profile(profile, home, "en")
    return ctl.finish(), ctl


def _renames_at_hand_end(home: Path, seed: int, monkeypatch: pytest.MonkeyPatch) -> int:
    ctl = _match_at_hand_end(home, seed)
    calls = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append(b), real(a, b))[1])
    ctl.finish()
    monkeypatch.setattr(os, "replace", real)
    return len(calls)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_power_cut_at_any_write_of_a_hand_end_pays_the_hand_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    reference = tmp_path / "reference"
    renames = _renames_at_hand_end(reference, seed, monkeypatch)
    paid, _notice = load_profile(reference)
    assert renames >= 4 and paid.stats.hands == 1
    real = os.replace
    for cut in range(renames + 1):
        home = tmp_path / f"cut{cut}"
        ctl = _match_at_hand_end(home, seed)
        count = [0]

        def replace(src: object, dst: object, *, _count: list[int] = count, _at: int = cut) -> None:
            if _count[0] == _at:
                raise PowerCut
            _count[0] += 1
            real(src, dst)

        monkeypatch.setattr(os, "replace", replace)
        with contextlib.suppress(PowerCut):
            ctl.finish()
        monkeypatch.setattr(os, "replace", real)
        _resume_and_finish(home)  # the next start: Continue, and the hand's end again
        profile, _notice = load_profile(home)
        why = f"power cut at rename {cut} of {renames}"
        assert profile.stats.hands == 1, why
        assert profile.coins == paid.coins, why
        assert profile.stats.coins == paid.coins - STARTING_COINS, why
        assert profile.items == paid.items, why


def test_resuming_a_hand_already_paid_pays_nothing_and_keeps_the_match_going(
    tmp_path: Path,
) -> None:
    ctl = _match_at_hand_end(tmp_path, 5)
    session = ctl.table_session
    assert session is not None
    match_id = ctl.match_session.match_id  # type: ignore[union-attr]
    ctl.table_session.after_hand(ctl.round, ctl.match, [0, 0, 0, 0], match_id)  # paid, killed
    paid = load_profile(tmp_path)[0]
    _delta, resumed = _resume_and_finish(tmp_path)
    assert resumed is not None and resumed.match.hand_index == 1  # the match goes on
    again = load_profile(tmp_path)[0]
    assert again.coins == paid.coins and again.stats.hands == paid.stats.hands == 1
    assert resumed.match.coins[0] == again.coins
