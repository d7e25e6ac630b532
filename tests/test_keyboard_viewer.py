"""The replay viewer's buttons by keyboard: Page Up / Page Down go to the start and the end
(|◀ and ▶| had no key), H reveals every hand (明牌) and hides them again. Headless."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_key
from test_review import played

from engine.replay import record
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.replay import ReplayControls


def test_page_keys_jump_to_either_end_and_h_reveals_the_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    path = save_replay(record(played(7)), keep=5, human=0)
    assert path is not None
    app = App(Settings(lang="zh", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        table = Navigator(app).watch_replay(path)
        app.step(DT)
        controls = table.overlay(ReplayControls)
        assert controls is not None
        ctl = controls.controller

        def press(key: int) -> None:
            post_key(key)
            app.step(DT)
            app.step(DT)

        press(pygame.K_PAGEDOWN)
        assert ctl.step == ctl.total
        press(pygame.K_PAGEUP)
        assert ctl.step == 0
        press(pygame.K_RIGHT)
        assert ctl.step == 1
        assert not controls.reveal
        press(pygame.K_h)
        assert controls.reveal
        press(pygame.K_h)
        assert not controls.reveal
    finally:
        app.close()
