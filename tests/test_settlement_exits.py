"""The settlement's buttons say what they do, wherever it opens: after a replay "Back to the
replay" and "Close" (they read "Next hand" and "Main menu" and did neither), after a hand of
a match "Next hand" (or "Final standings") and "Main menu"."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, play_until_settlement, post_click, post_key, running_app
from test_replay_viewer import played_hand

from engine.replay import record
from game import i18n
from game import palette as pal
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.routes import Route
from game.scenes.match_end import MatchEndScene
from game.scenes.menu import MainMenuScene
from game.scenes.new_game import NewGameScene
from game.scenes.pause import PauseScene
from game.scenes.replay_list import ReplayListScene
from game.scenes.settlement import SettlementScene
from game.scenes.start import StartScene
from game.table.match_session import MatchSession
from game.table.replay import ReplayControls
from game.table.scene import TableScene


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


def _focused_ring(app: App, st: SettlementScene, what: str) -> bool:
    """Whether the focus ring (game.ui.controls.draw_focus_ring) shows round ``what``."""
    app.step(DT)
    rect = button(st, what)
    return tuple(app.screen.get_at((rect.left - 2, rect.centery))[:3]) == tuple(pal.GOLD_LIGHT)


def _tab(shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(
            pygame.event.Event(kind, key=pygame.K_TAB, mod=mod, unicode="", scancode=0)
        )


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tab_reaches_every_button_and_enter_presses_the_focused_one(lang: str) -> None:
    """Only Enter (the next hand) and scrolling worked: Review and Main menu took the mouse.
    Tab / Shift+Tab walk the buttons left to right with the focus ring round the one
    focused; Enter presses it; Esc leaves nobody's table."""
    with running_app(lang=lang, window=(1024, 640), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        app.step(DT)
        assert not any(_focused_ring(app, st, w) for w in ("review", "menu", "next"))
        seen = []
        for _ in range(4):
            _tab()
            app.step(DT)
            assert st.focus is not None and _focused_ring(app, st, st.focus)
            seen.append(st.focus)
        assert seen == ["review", "menu", "next", "review"]  # as they stand, round the row
        _tab(shift=True)
        app.step(DT)
        assert st.focus == "next"
        _tab(shift=True)
        app.step(DT)
        assert st.focus == "menu" and _focused_ring(app, st, "menu")
        # Esc (it passes a claim at the table) leaves nobody's table: it opens the pause
        # menu, as at the table with nothing to pass, and Esc there comes back
        for _ in range(3):
            post_key(pygame.K_ESCAPE)
            app.step(DT)
            assert isinstance(app.stack.top, PauseScene) and app.stack.scenes[-2] is st
            post_key(pygame.K_ESCAPE)
            app.step(DT)
        assert app.stack.top is st and st.focus == "menu"
        _tab(shift=True)
        app.step(DT)
        assert st.focus == "review"
        post_key(pygame.K_RETURN)  # the focused button: Review, not the next hand
        app.step(DT)
        viewer = app.stack.top
        assert isinstance(viewer, TableScene) and viewer is not st.table
        assert st.ctl.hand_no == st.hand_no  # no next hand was dealt


def test_space_presses_the_focused_button_and_enter_alone_is_the_next_hand() -> None:
    with running_app(lang="en", window=(1920, 1080), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        table = st.table
        _tab()
        _tab()
        app.step(DT)
        assert st.focus == "menu"
        post_key(pygame.K_SPACE)
        app.step(DT)
        assert st.stack is None and not any(s is table for s in app.stack.scenes)  # left
    with running_app(lang="en", window=(1024, 640), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        hand = st.hand_no
        post_key(pygame.K_RETURN)  # nothing focused: the next hand, as before
        app.step(DT)
        assert st.stack is None
        nxt = app.stack.top
        assert isinstance(nxt, TableScene) and nxt.driver.hand_no == hand + 1


def _from_new_game(app: App) -> TableScene:
    """A match started as a player starts one: Main menu → New game → Start."""
    nav = Navigator(app)
    nav.main_menu()
    nav.go(Route.NEW)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    new_game.start()
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize(("hands", "window"), [(None, (1024, 640)), (1, (1920, 1080))])
def test_main_menu_after_a_hand_or_a_match_is_the_main_menu(
    hands: int | None, window: tuple[int, int]
) -> None:
    """A match started from New game: the settlement's (``hands`` None) and the match end's
    (a one-hand match) Main menu (返回主菜单) led back into the New game screen."""
    settings = Settings(lang="en", speed="instant", bot_pace="instant", seed=7)
    settings.bots = ("random",) * 3
    app = App(settings, window)
    try:
        table = _from_new_game(app)
        session = table.ctl.match_session
        assert isinstance(session, MatchSession)
        session.hands = hands
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene) and labels(st)["menu"] == "Main menu"
        if hands is None:
            post_click(button(st, "menu").center)
            app.step(DT)
            app.step(DT)
        else:
            assert labels(st)["next"] == "Final standings"
            post_key(pygame.K_RETURN)
            app.step(DT)
            end = app.stack.top
            assert isinstance(end, MatchEndScene)
            end.to_menu()
        assert [type(s) for s in app.stack.scenes] == [MainMenuScene]
    finally:
        app.close()


def test_main_menu_from_a_table_the_lobby_opened_is_the_lobby() -> None:
    """``--play``: no main menu below, the lobby is the menu."""
    with running_app(lang="en", window=(1024, 640), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        st.press("menu")
        assert [type(s) for s in app.stack.scenes] == [StartScene]
