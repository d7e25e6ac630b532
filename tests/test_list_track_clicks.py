"""A scroll bar's track pressed turns a page, and is heard as every control's press is: the
replay list's and the statistics' per-preset table's were silent while their buttons
clicked."""

from __future__ import annotations

import pygame
from test_game_support import DT, post_click
from test_replay_list_problems import played_hand

from engine.replay import record
from game.app import App, Settings
from game.nav import Navigator
from game.profile import PresetStats, Profile
from game.replays import save_replay
from game.scenes.replay_list import ReplayListScene
from game.scenes.stats_scene import StatsScene
from game.ui import controls


def _below_the_bar(bar: pygame.Rect, bottom: int) -> tuple[int, int]:
    return (bar.centerx, (bar.bottom + bottom) // 2)


def test_the_replay_lists_track_clicks() -> None:
    doc = record(played_hand(5))
    for n in range(32):
        save_replay(doc, keep=50, hand_no=n + 1)
    app = App(Settings(lang="en"), (1024, 640))
    heard: list[int] = []
    try:
        controls.set_click_sound(lambda: heard.append(1))
        scene = ReplayListScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        assert scene.scroll is not None
        bar = scene.scroll.bar_rect()
        assert bar is not None
        post_click(_below_the_bar(bar, scene.scroll.rect.bottom))
        app.step(DT)
        assert scene.scroll.offset > 0 and heard == [1]
        assert isinstance(app.stack.top, ReplayListScene)
    finally:
        app.close()


def test_the_per_preset_tables_track_clicks() -> None:
    profile = Profile()
    profile.stats.hands = 100
    for n, room in enumerate(("4.2", "3.3", "3.2", "2.3", "2.2", "2.1", "4.3")):
        for preset in ("standard", "chengdu", "jj"):
            profile.stats.per_preset[f"{preset}@{room}"] = PresetStats(hands=n + 1)
    app = App(Settings(lang="en"), (1024, 640), profile=profile)
    heard: list[int] = []
    try:
        controls.set_click_sound(lambda: heard.append(1))
        scene = StatsScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        scroll = scene.preset_scroll
        bar = scroll.bar_rect()
        assert bar is not None  # more rows than fit at 1024x640
        post_click(_below_the_bar(bar, scroll.rect.bottom))
        app.step(DT)
        assert scroll.offset > 0 and heard == [1]
    finally:
        app.close()
