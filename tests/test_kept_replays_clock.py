"""Kept replays when the clock is set back: the newest replay is the one just saved.

A replay's file name starts with the time it was saved, and the oldest names are pruned
first. With the clock set back (a wrong clock corrected, a dead CMOS battery) a new replay
got a name older than the ones kept: pruning deleted it at once, and a name it shared with
a kept one replaced that replay.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_replay_viewer import played_hand

from engine.replay import record
from game import replays

HAND = record(played_hand(1))
START = dt.datetime(2026, 5, 1, 12, 0, 0, tzinfo=dt.UTC)


def _clock(monkeypatch: pytest.MonkeyPatch, times: list[dt.datetime]) -> None:
    """Each save reads the next of ``times``."""
    queue = iter(times)
    monkeypatch.setattr(replays, "_now", lambda: next(queue))


def test_a_replay_saved_after_the_clock_went_back_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    minutes = [START + dt.timedelta(minutes=m) for m in range(3)]
    _clock(monkeypatch, [*minutes, START - dt.timedelta(days=400)])
    for n in range(3):
        replays.save_replay(HAND, keep=3, directory=tmp_path, hand_no=n + 1)
    newest = replays.save_replay(HAND, keep=3, directory=tmp_path, hand_no=4)
    assert newest is not None and newest.is_file()
    assert [i.hand_no for i in replays.list_replays(tmp_path)] == [4, 3, 2]


def test_a_replay_saved_at_the_same_instant_replaces_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _clock(monkeypatch, [START] * 3)
    for _ in range(3):  # hand 1 of three matches: one name, were it not for the order
        assert replays.save_replay(HAND, keep=10, directory=tmp_path, hand_no=1) is not None
    assert len(replays.list_replays(tmp_path)) == 3


@settings(max_examples=40, deadline=None)
@given(
    jumps=st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=12),
    keep=st.integers(1, 5),
)
def test_whatever_the_clock_does_the_newest_saves_are_kept_newest_first(
    tmp_path_factory: pytest.TempPathFactory, jumps: list[int], keep: int
) -> None:
    folder = tmp_path_factory.mktemp("replays")
    times, now = [], START
    for seconds in jumps:
        now += dt.timedelta(seconds=seconds)
        times.append(now)
    queue = iter(times)
    old = replays._now
    replays._now = lambda: next(queue)
    try:
        for n in range(len(jumps)):
            assert replays.save_replay(HAND, keep=keep, directory=folder, hand_no=n + 1) is not None
    finally:
        replays._now = old
    listed = [i.hand_no for i in replays.list_replays(folder)]
    assert listed == list(range(len(jumps), 0, -1))[:keep]
