"""Esc at a settlement does what it does at the table with nothing to pass: a match's opens
the pause menu (Esc there comes back to the result), a demo's ends the demo. It did
nothing; the next hand or the main menu would skip the result on a press too many (Esc
passes claims at the table)."""

from __future__ import annotations

import random

import pygame
from test_game_support import DT, play_until_settlement, post_key, running_app

from game.scenes.pause import PauseScene
from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene


def test_esc_at_a_matchs_settlement_opens_the_pause_menu_and_esc_comes_back() -> None:
    with running_app(lang="en", window=(1024, 640), seed=7) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        hand = st.ctl.hand_no
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene) and app.stack.scenes[-2] is st
        assert not pause.mid_hand()  # leaving from here is no walk-out
        post_key(pygame.K_ESCAPE)  # the pause menu's Esc resumes: the result, still there
        app.step(DT)
        app.step(DT)
        assert app.stack.top is st and set(st.elements.values()) == {"next", "menu", "review"}
        assert st.ctl.hand_no == hand
        post_key(pygame.K_RETURN)  # and the next hand as before
        app.step(DT)
        assert isinstance(app.stack.top, TableScene) and app.stack.top.driver.hand_no == hand + 1


def test_esc_at_a_demos_settlement_ends_the_demo_as_at_its_table() -> None:
    with running_app(demo=True, speed="fast", bots=("greedy",) * 3) as app:
        for _ in range(20000):
            if isinstance(app.stack.top, SettlementScene):
                break
            app.step(DT)
        assert isinstance(app.stack.top, SettlementScene)
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert not any(isinstance(s, SettlementScene | TableScene) for s in app.stack.scenes)
