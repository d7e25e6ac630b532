"""The history's sum ("Σ +5,276,211") keeps clear of the heading beside it: at 1024×640 a
seven-digit sum ran into "Points in recent matches". Where the two do not fit on one line the
sum goes under the heading and the chart makes room; no word in the panel runs into another
(the lowest of seven-digit marks reached the caption under the chart as well)."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, record_texts

import game.scenes.stats_scene as stats_scene
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.profile import PresetStats, Profile
from game.scenes.stats_scene import StatsScene


def _big_profile() -> Profile:
    profile = Profile()
    s = profile.stats
    profile.coins = 987_654_321
    s.hands, s.matches, s.wins, s.self_draws, s.deal_ins = 123_456, 15_432, 45_678, 12_345, 23_456
    s.match_points = [4_222_212, -3_446_000, 2_999_999, 0, 1_500_000]  # Σ +5,276,211
    s.per_preset["standard"] = PresetStats(
        hands=12_345, wins=4_567, matches=1_234, match_wins=567, points=5_276_211
    )
    return profile


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("window", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_seven_digit_sum_keeps_clear_of_the_heading(
    lang: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(Settings(lang=lang), window, profile=_big_profile())
    try:
        scene = StatsScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        drawn = record_texts(monkeypatch, stats_scene)
        scene.draw_content(app.screen)
        hist = scene._panels()[2]
        panel = pygame.Rect(hist.x, hist.y, hist.w, (hist.h - scene.px(14)) // 2)
        inside = [(text, rect) for text, _s, rect, _w in drawn if panel.colliderect(rect)]
        texts = [text for text, _ in inside]
        assert "Σ +5,276,211" in texts and "+4,222,212" in texts and "-3,446,000" in texts
        heading = i18n.t("stats.history", lang)
        assert heading in texts
        for text, rect in inside:
            assert panel.contains(rect), (text, rect, panel)
        for i, (a, ra) in enumerate(inside):
            for b, rb in inside[i + 1 :]:
                assert not ra.colliderect(rb), f"{a!r} {ra} runs into {b!r} {rb}"
    finally:
        app.close()
