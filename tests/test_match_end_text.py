"""The match end's every line is readable at the smallest window: no text under the table's
smallest size (12 px), in either language, while its hands are still being reviewed."""

from __future__ import annotations

import pytest
from test_game_support import (
    match_end_after_one_hand,
    record_texts,
    running_app,
)

import game.scenes.match_end as match_end
from game.table.layout import MIN_FONT


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_line_of_the_match_end_is_at_least_the_smallest_size(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        _, end = match_end_after_one_hand(app)
        end.reviews = []  # the hand's review not in yet: "Reviewing…" in its column
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        pending = match_end.i18n.t("review.match_pending", lang)
        assert any(text == pending for text, *_ in drawn)
        small = [(text, size) for text, size, *_ in drawn if size < MIN_FONT]
        assert not small, small
