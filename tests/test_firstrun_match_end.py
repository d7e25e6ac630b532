"""A newcomer's first match end: its best hand says what its number is. "Plain win · 3 pts"
read as the winner's take, while the statistics showed the same hand as "+11 pts that hand":
the line now names the fan and that the points are what each payer paid."""

from __future__ import annotations

import pytest
from test_game_support import (
    match_end_after_one_hand,
    record_texts,
    running_app,
)

import game.scenes.match_end as match_end
from game import i18n


@pytest.mark.parametrize(
    ("lang", "fan_word", "payer"), [("en", "fan", "from each payer"), ("zh", "番", "每家付")]
)
def test_the_best_hand_names_its_fan_and_who_pays_its_points(
    lang: str, fan_word: str, payer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        session, end = match_end_after_one_hand(app)
        best = session.best_hand()
        assert best is not None, "seed 2's hand has a win"
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        pattern = i18n.pattern_name(best["pattern"], lang)
        line = next(text for text, *_ in drawn if pattern in text and "·" in text)
        assert f"{best['fan']}{' ' if lang == 'en' else ''}{fan_word}" in line, line
        assert payer in line and str(best["points"]) in line, line
