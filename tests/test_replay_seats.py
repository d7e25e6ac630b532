"""Kept replays and whose seat they show: a file naming a seat its hand does not have opens
at seat 0 (it crashed the game from the list)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_game_support import DT
from test_replay_viewer import played_hand

from engine.replay import record
from game.app import App, Settings
from game.nav import Navigator
from game.replays import list_replays, save_replay
from game.scenes.replay_list import ReplayListScene
from game.table.review_panel import ReviewPanel


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    return tmp_path


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
