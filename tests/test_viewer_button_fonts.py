"""The replay viewer's buttons carry the table's button font at every window size: at
2560x1440 they kept the theme's size, small labels in big buttons."""

from __future__ import annotations

import pytest
from test_game_support import DT
from test_replay_viewer import played_hand

from engine.replay import record
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.buttons import button_font
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel


@pytest.mark.parametrize("window", [(1024, 640), (2560, 1440)])
def test_the_viewers_buttons_take_the_tables_button_font(window: tuple[int, int]) -> None:
    path = save_replay(record(played_hand(41)), keep=5, human=0, hand_no=1, preset="standard")
    assert path is not None
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), window)
    try:
        viewer = Navigator(app).watch_replay(path)
        app.step(DT)
        want = f"#button_font_{button_font(viewer.layout)}"
        elements = []
        for kind in (ReplayControls, ReviewPanel):
            overlay = viewer.overlay(kind)
            if overlay is not None:
                elements += list(overlay.buttons)
        assert elements
        assert all(e.most_specific_combined_id.endswith(want) for e in elements), [
            e.most_specific_combined_id for e in elements
        ]
    finally:
        app.close()
