"""A change of nothing is written "0" on every screen: the replay list wrote "Drawn · +0 pts"
and "Won · +0 pts", the statistics "+0" for a preset's points and "Σ +0" under the history,
while the match end and the settlement wrote "0". They all write through one formatter now
(game.ui.text.signed), thousands' commas included ("-1200 pts" on the replay list)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from test_game_support import DT, record_texts

import game.scenes.stats_scene as stats_scene
from game.app import App, Settings
from game.nav import Navigator
from game.profile import PresetStats, Profile
from game.replays import ReplayInfo
from game.scenes.replay_list import ReplayListScene
from game.scenes.stats_scene import StatsScene


def test_the_shared_formatter_signs_a_change_and_leaves_zero_bare() -> None:
    from game.ui.text import signed

    assert [signed(v) for v in (0, 1, -1, 1200, -30, 1_234_567)] == [
        "0",
        "+1",
        "-1",
        "+1,200",
        "-30",
        "+1,234,567",
    ]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            ["Drawn · 0 pts", "Won · 0 pts", "Walked out · 0 pts", "0 pts", "-1,200 pts"],
        ),
        ("zh", ["流局 · 0 分", "胡了 · 0 分", "逃跑 · 0 分", "0 分", "-1,200 分"]),
    ],
)
def test_the_replay_lists_zero_has_no_sign(lang: str, expected: list[str]) -> None:
    app = App(Settings(lang=lang), (1024, 640))
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        saved = datetime.datetime(2026, 12, 7)

        def said(points: int, won: bool, reason: str, left: bool = False) -> str:
            info = ReplayInfo(Path("x.json"), saved, "standard", 1, 0, points, won, reason, left)
            return scene.result_text(info)

        assert [
            said(0, False, "wall_empty"),
            said(0, True, "three_won"),
            said(0, False, "left", left=True),
            said(0, False, "three_won"),
            said(-1200, False, "three_won"),
        ] == expected
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_statistics_zero_has_no_sign(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    profile = Profile()
    s = profile.stats
    s.hands, s.matches, s.wins = 20, 2, 5
    s.match_points = [30, -30]  # the history sums to nothing
    s.per_preset["standard"] = PresetStats(hands=20, wins=5, matches=2, match_wins=1, points=0)
    app = App(Settings(lang=lang), (1920, 1080), profile=profile)
    try:
        scene = StatsScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        drawn = record_texts(monkeypatch, stats_scene)
        scene.draw_content(app.screen)
        texts = [text for text, *_ in drawn]
        assert "Σ 0" in texts and "Σ +0" not in texts, texts
        assert "+0" not in texts, texts  # the preset's points
        assert scene._preset_table(scene._panels()[-1]).rows[0].cells[-1] == "0"
    finally:
        app.close()
