"""A friends' table's names at the match end: a name may be 24 characters, and one that
long ran over the points in the standings and over the next seat's name above the points
per hand. Each is cut short with an ellipsis to its column."""

from __future__ import annotations

import pytest
from test_game_support import (
    match_end_after_one_hand,
    record_texts,
    running_app,
)

import game.scenes.match_end as match_end

LONG = ["", "W" * 24, "麻" * 24, "Annabelle-Christophine-X"]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_long_names_keep_to_their_columns(
    lang: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=window, seed=2) as app:
        _, end = match_end_after_one_hand(app)
        end.ctl.seat_names = LONG  # type: ignore[attr-defined]
        end.reviews = []
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        rects = [(text, rect) for text, _size, rect, _w in drawn]
        names = [(t, r) for t, r in rects if t.startswith(("W", "麻", "Ann")) and len(t) <= 27]
        assert len(names) == 6  # three in the standings, three over the hands
        assert all(t.endswith(("...", "…")) for t, _ in names if t[0] in "W麻"), names
        for i, (a, ra) in enumerate(rects):
            for b, rb in rects[i + 1 :]:
                if (a, ra) in names or (b, rb) in names:
                    assert not ra.colliderect(rb), f"{a!r} {ra} on {b!r} {rb}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_best_hands_line_is_not_squeezed_by_a_long_name(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.text import render_text

    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        session, end = match_end_after_one_hand(app)
        end.ctl.seat_names = LONG  # type: ignore[attr-defined]
        win = {"seat": 1, "pattern": "qing_yi_se", "points": 16, "fan": 2, "self_drawn": True}
        session.log[0]["wins"] = [win]
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        (line, size, rect) = next(
            (t, s, r) for t, s, r, _w in drawn if t.startswith("WWW") and len(t) > 30
        )
        assert rect.size == render_text(line, size, (255, 255, 255)).get_size(), line
