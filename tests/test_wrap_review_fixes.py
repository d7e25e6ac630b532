"""A hand's loss is its mistakes' loss: the review panel read "0 mistakes · loss 0.12 pts"
while every decision read "good" (differences under 0.1 on agreed decisions were added in).
The panel, the command line's summary, the log the match's end reads and the JSON agree;
the benchmark's finer measure (every decision's loss) stays ``total_loss``."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_game_support import DT
from test_review import played

from engine.actions import Action, ActionKind
from engine.replay import record
from engine.review import (
    SMALL_MISTAKE,
    HandReview,
    Option,
    ReviewedDecision,
    ReviewWords,
    Verdict,
    review_hand,
)
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.review import ReviewJob, ReviewSummary
from game.table import review_panel
from game.table.review_panel import ReviewPanel


def _decision(step: int, loss: float, verdict: Verdict) -> ReviewedDecision:
    best, other = Action(ActionKind.DISCARD, 0, 4), Action(ActionKind.DISCARD, 0, 13)
    options = (Option(best, 1.0), Option(other, 1.0 - loss))
    return ReviewedDecision(step, "turn", other, best, loss, options, verdict, None)


def _all_good(steps: list[int]) -> HandReview:
    """Every decision marked good, each a difference just under a mistake."""
    near = SMALL_MISTAKE * 0.6
    decisions = tuple(_decision(s, near, Verdict.AGREE) for s in steps)
    return HandReview(0, 4, "hard", 200, decisions)


def test_a_hand_of_good_decisions_loses_nothing_in_every_summary() -> None:
    review = _all_good([3, 7, 11])
    assert not review.mistakes
    assert review.total_loss > SMALL_MISTAKE  # the benchmark's measure still sees them
    assert review.mistakes_loss == 0
    assert review.summary()["mistakes_loss"] == 0
    assert "0.00 points in all" in ReviewWords("en").summary(review)
    assert "0 mistakes" in ReviewWords("en").summary(review)
    assert "期望损失共 0.00 分" in ReviewWords("zh").summary(review)
    assert ReviewSummary.of("k", review, {}).loss == 0  # what the match's end adds up


def test_a_hands_loss_is_the_sum_of_its_mistakes() -> None:
    good = _decision(1, 0.08, Verdict.AGREE)
    small = _decision(2, 0.3, Verdict.SMALL)
    big = _decision(5, 1.5, Verdict.BIG)
    review = HandReview(0, 4, "hard", 200, (good, small, big))
    assert review.mistakes_loss == pytest.approx(1.8)
    assert review.total_loss == pytest.approx(1.88)
    assert "expected loss 1.80 points in all" in ReviewWords("en").summary(review)
    assert ReviewSummary.of("k", review, {}).loss == pytest.approx(1.8)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_panel_reads_no_loss_beside_no_mistakes(
    lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    doc = record(played(3))
    real = review_hand(doc, 0, budget=50)
    steps = [d.step for d in real.decisions]
    assert steps
    review = dataclasses.replace(real, decisions=_all_good(steps).decisions)
    path = save_replay(doc, keep=5, human=0, hand_no=1)
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))
    drawn: list[str] = []
    blit = getattr(review_panel, "blit_text")  # noqa: B009 (the module's own import)

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return blit(surface, text, *args, **kwargs)

    monkeypatch.setattr(review_panel, "blit_text", spy)
    try:
        viewer = Navigator(app).watch_replay(path)
        app.step(DT)
        panel = viewer.overlay(ReviewPanel)
        assert panel is not None
        panel.job = ReviewJob("audit", 0, review=review)
        drawn.clear()
        app.step(DT)
    finally:
        app.close()
    summary = next(s for s in drawn if s.startswith(("准确率", "Accuracy")))
    assert ("失误 0" in summary) if lang == "zh" else ("0 mistakes" in summary), summary
    assert ("损失 0.00 分" in summary) if lang == "zh" else ("loss 0.00 pts" in summary), summary
