"""The review panel as a player reads it at 1024×640 and 1920×1080, in both languages: every
line of a decision fits the box at 12 px or more without being squeezed, and a mistake's
expected points show the choice's value beside the best's (so the loss can be read off)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_support import DT, reviewing_replay
from test_review import played

from engine.replay import record
from engine.review import review_hand
from game.fonts import get_font
from game.review import ReviewJob
from game.ui.text import MIN_TEXT


@pytest.fixture(scope="module")
def reviewed() -> tuple[dict, object]:  # type: ignore[type-arg]
    """A hand of an ``easy`` seat 0 with mistakes whose choice is not among the two best."""
    for seed in range(1, 30):
        doc = record(played(seed, bots="easy"))
        review = review_hand(doc, 0, budget=200)
        low = [d for d in review.mistakes if d.chosen not in [o.action for o in d.options[:2]]]
        if len(low) >= 2:
            return doc, review
    raise AssertionError("no hand of seeds 1-29 had two mistakes ranked third or lower")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_decision_lines_fit_unsqueezed_and_show_the_choices_value(
    reviewed: tuple[dict, object],  # type: ignore[type-arg]
    lang: str,
    size: tuple[int, int],
    tmp_path: Path,
) -> None:
    doc, review = reviewed
    with reviewing_replay(doc, tmp_path, lang, size) as (app, panel, _):
        panel.job = ReviewJob("audit", 0, review=review)  # type: ignore[arg-type]
        app.step(DT)
        width = panel.box().w - panel.table.layout.px(20)
        words = panel.words()
        for d in review.decisions:  # type: ignore[attr-defined]
            for ahead in (False, True):
                lines = panel.decision_lines(d, ahead, width)
                for text, px, _, bold in lines:
                    assert px >= MIN_TEXT, (text, px)
                    assert get_font(px, bold).size(text)[0] <= width, (text, px, width)
                if d.agrees:
                    continue
                options = "".join(text for text, *_ in lines[-2:])
                mine = f"{words.action(d.chosen)} {d.value_of(d.chosen):+.2f}"
                best = f"{words.action(d.best)} {d.options[0].value:+.2f}"
                assert mine.replace(" ", "") in options.replace(" ", ""), (mine, options)
                assert best.replace(" ", "") in options.replace(" ", ""), (best, options)
        for d in review.mistakes:  # type: ignore[attr-defined]
            panel.jump(d.step)
            app.step(DT)
            box = panel.box()
            assert box.bottom <= size[1] and box.right <= size[0]
            lines = panel.decision_lines(d, False, width)
            room = box.bottom - (panel.strip().bottom + panel.table.layout.px(8))
            assert len(lines) * panel.table.layout.px(18) <= room + panel.table.layout.px(2)
