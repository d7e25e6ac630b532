"""Kept replays and whose seat they show: a file naming a seat its hand does not have opens
at seat 0 (it crashed the game from the list), and the list says "Walked out" only for the
seat that walked out."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_game_support import DT
from test_replay_viewer import played_hand

from engine.bots import load_bot
from engine.replay import record
from engine.round import Round
from engine.rules import get_preset
from game.app import App, Settings
from game.nav import Navigator
from game.replays import list_replays, save_replay
from game.scenes.replay_list import ReplayListScene
from game.table.review_panel import ReviewPanel


@pytest.fixture
def app() -> Iterator[App]:
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        yield app
    finally:
        app.close()


def _kept(doc: dict, human: int | None) -> Path:  # type: ignore[type-arg]
    path = save_replay(doc, keep=10, human=human, hand_no=1)
    assert path is not None
    return path


@pytest.mark.parametrize(("preset", "human"), [("liangren", 3), ("sanren_liangfang", 3)])
def test_a_seat_the_hand_does_not_have_opens_at_seat_0(app: App, preset: str, human: int) -> None:
    """``meta.human`` 3 in a two- or three-seat hand (an edited file; the format allows
    0-3): the viewer asked the round for seat 3's view and the ValueError, which is no
    ReplayError, went past the list's notice and closed the game."""
    doc = record(played_hand(5, preset))
    path = _kept(doc, 0)
    kept = json.loads(path.read_text(encoding="utf-8"))
    kept["meta"]["human"] = human
    path.write_text(json.dumps(kept), encoding="utf-8")
    (info,) = list_replays()
    assert info.human is None and info.points == doc["result"]["totals"][0]
    nav = Navigator(app)
    nav.replays()
    scene = app.stack.top
    assert isinstance(scene, ReplayListScene)
    scene.open(0)
    app.step(DT)
    table = app.stack.top
    assert table is not scene and table.bottom == 0  # type: ignore[attr-defined]
    panel = table.overlay(ReviewPanel)  # type: ignore[attr-defined]
    assert panel is not None and panel.seat == 0  # the seat shown is the seat reviewed


def _walked_out(seat: int) -> dict:  # type: ignore[type-arg]
    """A hand of normal bots where ``seat`` walks out after a few decisions."""
    rnd = Round.new(get_preset("standard"), 11, 0)
    bots = [load_bot("normal", s) for s in range(4)]
    while len(rnd.decisions) < 12:
        s = rnd.pending_seats()[0]
        rnd.apply(bots[s].choose(rnd.view(s), rnd.legal_actions(s)))
    rnd.leave(seat)
    return record(rnd)


def test_the_list_says_walked_out_only_for_the_seat_that_walked_out(app: App) -> None:
    """Another player's walk-out read 'Walked out · +16 pts' on your line, with the
    penalty you were paid."""
    doc = _walked_out(2)
    _kept(doc, 0)
    _kept(doc, 2)
    scene = ReplayListScene(Navigator(app).ctx)
    by_seat = {info.human: scene.result_text(info) for info in scene.items}
    totals = doc["result"]["totals"]
    assert by_seat[2] == f"Walked out · {totals[2]:+d} pts"
    assert by_seat[0] == f"{totals[0]:+d} pts" and "Walked out" not in by_seat[0]


@pytest.mark.parametrize(
    ("preset", "names"),
    [("liangren", ["Bot 1", "You"]), ("sanren_liangfang", ["Bot 2", "You", "Bot 1"])],
)
def test_the_other_seats_are_counted_round_the_tables_own_seats(
    app: App, preset: str, names: list[str]
) -> None:
    """A networked two-seat hand kept from seat 1: the other player is Bot 1, not Bot 3
    (the names were counted round four seats whatever the table)."""
    doc = record(played_hand(5, preset))
    path = _kept(doc, 1)
    table = Navigator(app).watch_replay(path)
    assert [table.model.seat_name(s) for s in range(len(names))] == names  # type: ignore[attr-defined]
    panel = table.overlay(ReviewPanel)  # type: ignore[attr-defined]
    assert panel is not None and list(panel.words().narrator.names) == names
