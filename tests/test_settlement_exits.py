"""The settlement's buttons say what they do, wherever it opens: after a replay "Back to the
replay" and "Close" (they read "Next hand" and "Main menu" and did neither), after a hand of
a match "Next hand" (or "Final standings") and "Main menu"."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, play_until_settlement, post_click, running_app
from test_replay_viewer import played_hand

from engine.replay import record
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.scenes.replay_list import ReplayListScene
from game.scenes.settlement import SettlementScene
from game.table.match_session import MatchSession
from game.table.replay import ReplayControls
from game.table.scene import TableScene


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def labels(st: SettlementScene) -> dict[str, str]:
    return {what: el.text for el, what in st.elements.items()}


def button(st: SettlementScene, what: str) -> pygame.Rect:
    return next(el.rect for el, w in st.elements.items() if w == what)


def played_to_the_end(app: App, viewer: TableScene) -> SettlementScene:
    """Play the replay in ``viewer`` at the fastest speed until its settlement has buttons."""
    controls = viewer.overlay(ReplayControls)
    assert isinstance(controls, ReplayControls)
    controls.speed_index = 3
    controls.on_control("play")
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, SettlementScene) and top.elements:
            return top
        app.step(DT)
    raise AssertionError(app.stack.scenes)


@pytest.fixture
def kept() -> Path:
    path = save_replay(record(played_hand(21)), keep=5)
    assert path is not None
    return path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_replays_settlement_offers_the_replay_again_or_closing_the_viewer(
    lang: str, kept: Path
) -> None:
    """From the replay list: the first button goes back to the viewer at the end, the other
    closes the viewer as its own Close does (back to the list)."""
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))
    try:
        nav = Navigator(app)
        nav.main_menu()
        nav.replays()
        viewer = nav.watch_replay(kept)
        st = played_to_the_end(app, viewer)
        again, close = i18n.t("viewer.again", lang), i18n.t("viewer.close", lang)
        assert labels(st) == {"next": again, "menu": close}
        post_click(button(st, "next").center)  # pygame-gui presses it a frame later
        app.step(DT)
        app.step(DT)
        assert app.stack.top is viewer
        st = played_to_the_end(app, viewer)
        post_click(button(st, "menu").center)
        app.step(DT)
        app.step(DT)
        assert isinstance(app.stack.top, ReplayListScene)
    finally:
        app.close()


def test_the_review_of_a_hand_closes_back_to_its_settlement() -> None:
    """Review from a hand's settlement, watched to its end: Close goes back to the hand's
    own settlement (Next hand, Main menu and Review again)."""
    with running_app(lang="en", window=(1024, 640), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        hand = app.stack.top
        assert isinstance(hand, SettlementScene)
        assert labels(hand) == {"next": "Next hand", "menu": "Main menu", "review": "Review"}
        hand.press("review")
        viewer = app.stack.top
        assert isinstance(viewer, TableScene)
        app.step(DT)
        st = played_to_the_end(app, viewer)
        assert st is not hand
        assert labels(st) == {"next": "Back to the replay", "menu": "Close"}
        st.press("menu")
        app.step(DT)
        assert app.stack.top is hand
        assert labels(hand) == {"next": "Next hand", "menu": "Main menu", "review": "Review"}


def test_the_last_hands_settlement_leads_to_the_final_standings() -> None:
    with running_app(lang="zh", window=(1024, 640), seed=2) as app:
        session = app.stack.top.ctl.match_session  # type: ignore[union-attr]
        assert isinstance(session, MatchSession)
        session.hands = 1
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        assert labels(st) == {"next": "查看总分", "menu": "返回菜单", "review": "复盘"}
