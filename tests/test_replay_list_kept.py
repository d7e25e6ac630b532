"""The replay list keeps to the number Settings keeps: lowered from 50 to 3, the list went on
showing every replay under 'Only the latest 3 hands are kept' until the next hand was saved."""

from __future__ import annotations

from test_game_support import DT
from test_replay_list_problems import played_hand

from engine.replay import record
from game.app import App, Settings
from game.nav import Navigator
from game.replays import replays_dir, save_replay
from game.scenes.replay_list import ReplayListScene


def test_the_list_keeps_the_newest_as_many_as_settings_say() -> None:
    doc = record(played_hand(5))
    for n in range(5):
        save_replay(doc, keep=50, hand_no=n + 1)
    app = App(Settings(lang="en", replays_kept=3), (1024, 640))
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        assert [i.hand_no for i in scene.items] == [5, 4, 3]
        assert len(list(replays_dir().iterdir())) == 3
    finally:
        app.close()


def test_none_kept_leaves_the_kept_ones_and_says_new_hands_are_not_kept() -> None:
    from game import i18n

    doc = record(played_hand(5))
    for n in range(2):
        save_replay(doc, keep=50, hand_no=n + 1)
    app = App(Settings(lang="en", replays_kept=0), (1024, 640))
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        assert len(scene.items) == 2  # nothing deleted: 0 stops keeping new ones
        assert "New hands" in i18n.t("replays.count.none", "en")
    finally:
        app.close()
