"""The match end's points per hand add up to each seat's total: a match longer than the rows
that fit showed only its last hands (a twelve-hand match at 1024x640: hands 5-12) under
totals their rows did not make. The hands before them are summed in a first row."""

from __future__ import annotations

import pytest
from test_game_support import (
    match_end_after_one_hand,
    record_texts,
    running_app,
)

import game.scenes.match_end as match_end
from game import i18n


def _number(text: str) -> int:
    return int(text.replace("★", "").replace(",", "").strip())


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_seats_column_of_hands_adds_up_to_its_total(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        session, end = match_end_after_one_hand(app)
        # a twelve-hand match: each hand's points to one seat from the next
        log = []
        for n in range(12):
            totals = [0, 0, 0, 0]
            totals[n % 4], totals[(n + 1) % 4] = n + 1, -(n + 1)
            log.append({"hand_no": n + 1, "wins": [], "totals": totals})
        session.log = log
        session.start_points = [0, 0, 0, 0]
        match = end.ctl.match
        match.points = [sum(e["totals"][s] for e in log) for s in range(4)]
        end.reviews = []
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        texts = [(text, rect) for text, _size, rect, _w in drawn]
        heading = i18n.t("end.per_hand", lang)
        top = next(rect for text, rect in texts if text == heading).bottom
        names = [end.name(seat) for seat in range(4)]
        # the columns: each seat's name over its figures, right-aligned under it
        columns = {
            seat: next(rect for text, rect in texts if text == name and rect.y > top).right
            for seat, name in enumerate(names)
        }
        first = i18n.t("end.hands_range", lang, first=1, last=5)
        assert first in [text for text, _ in texts]
        for seat, right in columns.items():
            figures = [
                _number(text)
                for text, rect in texts
                if rect.right == right and rect.y > top + 20 and text not in names
            ]
            assert len(figures) == 8  # hands 1-5 in one row, then 6-12
            assert sum(figures) == match.points[seat], (seat, figures)
