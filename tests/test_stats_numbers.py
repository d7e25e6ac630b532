"""The statistics write every count as the coins are written: with thousands separators.
A long-played profile read 'Coins 987,654,321' beside 'Hands 123456' and '45678/123456', a
pattern won 10000 times and a history scale of +22212."""

from __future__ import annotations

import pytest
from test_game_support import DT, record_texts

import game.scenes.stats_scene as stats_scene
from game.app import App, Settings
from game.nav import Navigator
from game.profile import PresetStats, Profile
from game.scenes.stats_scene import StatsScene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_long_played_profiles_counts_have_thousands_separators(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = Profile()
    s = profile.stats
    profile.coins = 987_654_321
    s.hands, s.matches, s.wins, s.self_draws, s.deal_ins = 123_456, 15_432, 45_678, 12_345, 23_456
    s.longest_streak = s.current_streak = 1_234
    s.patterns["qing_yi_se"] = 10_000
    s.match_points = [22_212, -23_446]
    s.per_preset["standard"] = PresetStats(
        hands=12_345, wins=4_567, matches=1_234, match_wins=567, points=-123_456
    )
    app = App(Settings(lang=lang), (1920, 1080), profile=profile)
    try:
        scene = StatsScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        drawn = record_texts(monkeypatch, stats_scene)
        scene.draw_content(app.screen)
        texts = {text for text, *_ in drawn}
        for shown in (
            "987,654,321",
            "123,456",
            "15,432",
            "1,234",
            "45,678/123,456",
            "12,345/45,678",
            "23,456/123,456",
            "12,345",
            "4,567",
            "567/1,234",
            "-123,456",
            "10,000",  # wins with a pattern
            "+22,212",  # the history's scale
            "Σ -1,234",
        ):
            assert shown in texts, (shown, sorted(texts))
        assert not {"123456", "15432", "12345", "-123456"} & texts
    finally:
        app.close()
