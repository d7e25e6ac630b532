"""The winning patterns list the most won that fit their panel; when some do not fit, the
panel says how many are listed of how many (at 1024x640 eleven of forty were shown and the
others went unmentioned)."""

from __future__ import annotations

import pytest
from test_game_support import DT, record_texts

import game.scenes.stats_scene as stats_scene
from engine.patterns import PATTERNS
from game import i18n
from game.app import App, Settings
from game.i18n import pattern_name
from game.nav import Navigator
from game.profile import Profile
from game.scenes.stats_scene import StatsScene


def _patterns_drawn(lang: str, size: tuple[int, int], count: int, monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    profile = Profile()
    profile.stats.hands = profile.stats.wins = 10_000
    for i, p in enumerate(PATTERNS[:count]):
        profile.stats.patterns[p.id] = 1000 - i
    app = App(Settings(lang=lang), size, profile=profile)
    try:
        scene = StatsScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        drawn = record_texts(monkeypatch, stats_scene)
        scene.draw_content(app.screen)
        return [text for text, *_ in drawn]
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_patterns_that_do_not_fit_are_counted(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    total = len(PATTERNS)
    texts = _patterns_drawn(lang, (1024, 640), total, monkeypatch)
    names = {pattern_name(p.id, lang) for p in PATTERNS}
    shown = sum(1 for text in texts if text in names)
    assert 0 < shown < total
    assert i18n.t("stats.patterns_top", lang, n=shown, total=total) in texts


def test_no_count_when_every_pattern_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _patterns_drawn("en", (1920, 1080), 3, monkeypatch)
    assert not any(text.startswith("Top ") for text in texts)
