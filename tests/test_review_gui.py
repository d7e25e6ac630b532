"""复盘 in the game: the background worker finishes headless and posts the review (process
and thread alike, the same review as the engine's), the replay viewer's panel reviews on a
click and jumps to the mistakes, the settlement's Review button opens the reviewed hand, the
log keeps each hand for the match end and the statistics' chart."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from test_game_support import (
    DT,
    play_until_settlement,
    post_click,
    record_texts,
    running_app,
    table_of,
)
from test_review import played, with_blunder

from engine.replay import record
from engine.review import DEFAULT_BUDGET, HandReview, review_hand
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.review import ReviewJob, ReviewLog, ReviewSummary, ReviewWorker, hand_key
from game.review_chart import match_line
from game.scenes.settlement import SettlementScene
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import TableKind, TableScene

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
WAIT_STEPS = 200_000  # polls (each after a short sleep) before a test gives up on a worker


def _wait(worker: ReviewWorker, job: ReviewJob) -> list[ReviewJob]:
    moved: list[ReviewJob] = []
    for _ in range(WAIT_STEPS):
        moved += worker.poll()
        if job.finished:
            return moved
        time.sleep(0.002)
    raise AssertionError("the review worker never answered")


@pytest.mark.parametrize("use_process", [True, False])
def test_worker_completes_headless_and_posts_the_engines_review(use_process: bool) -> None:
    doc = record(played(7))
    worker = ReviewWorker(use_process=use_process)
    seen: list[ReviewJob] = []
    try:
        job = worker.submit(doc, 0, budget=200, on_done=seen.append)
        assert worker.submit(doc, 0, budget=200) is job  # asked again: the same job
        moved = _wait(worker, job)
        assert job in moved and job.error is None and job.fraction == 1.0
        assert job.review == review_hand(doc, 0, budget=200)  # the same in any process
        assert seen == [job]  # told once, on the polling thread
        assert job.done == job.total == len(job.review.decisions)
        late: list[ReviewJob] = []
        worker.submit(doc, 0, budget=200, on_done=late.append)
        assert late == [job]  # a finished job tells a late listener at once
        other = worker.submit(doc, 5, budget=200)  # a seat the hand does not have
        _wait(worker, other)
        assert other.review is None and other.error is not None and "seats 0-3" in other.error
    finally:
        worker.close()


class _StartsAtOnce:
    """A thread that has run its target by the time ``start`` returns: the worker's start
    finishing at the worst moment, right after the request learnt it had not started."""

    def __init__(self, target: Callable[[], object], **_: object) -> None:
        self._target = target

    def start(self) -> None:
        self._target()


def test_a_request_made_while_the_worker_starts_is_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.review as review_module

    doc = record(played(7))
    worker = ReviewWorker(use_process=False)
    try:
        with monkeypatch.context() as patched:
            patched.setattr(review_module, "threading", SimpleNamespace(Thread=_StartsAtOnce))
            job = worker.submit(doc, 0, budget=50)
        _wait(worker, job)
        assert job.error is None and job.review == review_hand(doc, 0, budget=50)
    finally:
        worker.close()


def test_review_log_keeps_hands_and_survives_a_damaged_file(tmp_path: Path) -> None:
    doc = record(played(7))
    review = review_hand(doc, 0, budget=50)
    log = ReviewLog(tmp_path)
    key = hand_key(doc, 0, 50)
    log.add(ReviewSummary.of(key, review, {**doc, "meta": {"hand_no": 3}}, match="42"))
    log.add(ReviewSummary.of(key, review, doc))  # the viewer's copy keeps the match
    again = ReviewLog(tmp_path)
    assert [(e.key, e.hand_no, e.match) for e in again.entries] == [(key, 1, "42")]
    line = match_line(again.entries, "en")
    assert line is not None and f"{round(review.accuracy * 100)}%" in line
    assert line.endswith("lost in 1 hand"), line  # one hand, not "over 1 hands"
    assert (match_line(again.entries * 2, "en") or "").endswith("lost over 2 hands")
    (tmp_path / "reviews.json").write_text("{not json", encoding="utf-8")
    kept = ReviewLog(tmp_path).entries  # moved aside: the backup (the save before), or none
    assert [e.key for e in kept] in ([], [key])


def test_accuracy_chart_caption_counts_its_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The statistics' review chart says "The last hand" for one bar, "Last 2 hands" for
    two: never "Last 1 hands"."""
    import game.review_chart as chart

    doc = record(played(7))
    entry = ReviewSummary.of(hand_key(doc, 0, 50), review_hand(doc, 0, budget=50), doc)
    blits = record_texts(monkeypatch, chart)
    surface = pygame.Surface((400, 240))
    for entries, caption in (([entry], "The last hand"), ([entry, entry], "Last 2 hands")):
        blits.clear()
        chart.draw_accuracy_chart(surface, surface.get_rect(), entries, "en", lambda v: round(v))
        said = [text for text, *_ in blits]
        assert any(line.startswith(caption) for line in said), said


def _same_review(shown: HandReview, engine: HandReview) -> None:
    """The worker posted the whole review: every decision, choice and option, each value as
    the engine gives it here (to 0.01: the bots' values in a process that has run a table
    differ in the fourth decimal from a fresh one's — reported, engine/bots)."""
    assert [(d.step, d.chosen) for d in shown.decisions] == [
        (d.step, d.chosen) for d in engine.decisions
    ]
    for a, b in zip(shown.decisions, engine.decisions, strict=True):
        assert {o.action for o in a.options} == {o.action for o in b.options}
        for o in a.options:
            assert o.value == pytest.approx(b.value_of(o.action), abs=0.01)


def _app(lang: str, size: tuple[int, int] = (1280, 800)) -> App:
    return App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)


def _finish(app: App, panel: ReviewPanel) -> None:
    for _ in range(WAIT_STEPS):
        app.step(DT)
        if panel.job is not None and panel.job.finished:
            app.step(DT)
            return
        time.sleep(0.002)
    raise AssertionError("the review never finished")


@pytest.mark.parametrize(("lang", "size"), [("zh", (1280, 800)), ("en", (1024, 640))])
def test_viewer_reviews_on_a_click_marks_decisions_and_jumps_to_mistakes(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    found = next(f for f in (with_blunder(s) for s in range(1, 60)) if f is not None)
    doc, step = found
    path = save_replay(doc, keep=5, human=0, hand_no=2)
    assert path is not None
    app = _app(lang, size)
    try:
        viewer = Navigator(app).watch_replay(path)
        app.step(DT)
        panel = viewer.overlay(ReviewPanel)
        assert panel is not None and panel.job is None
        assert viewer.overlays.index(panel) < viewer.overlays.index(
            viewer.overlay(ReplayControls)  # type: ignore[arg-type]
        )  # it sees clicks before the viewer's controls take them all
        (start,) = panel.buttons
        post_click(start.rect.center)
        app.step(DT)
        app.step(DT)
        assert panel.job is not None
        _finish(app, panel)
        review = panel.review
        assert review is not None
        _same_review(review, review_hand(doc, 0, budget=DEFAULT_BUDGET))
        bad = next(d for d in review.decisions if d.step == step)
        assert not bad.agrees
        # Next mistake: the position before each mistake in turn
        (nxt,) = panel.buttons
        first = review.mistakes[0]
        post_click(nxt.rect.center)
        app.step(DT)
        app.step(DT)
        assert viewer.driver.step == first.step  # type: ignore[attr-defined]
        panel.jump(step)
        app.step(DT)
        assert panel.current() == bad and viewer.driver.step == step  # type: ignore[attr-defined]
        # a click on the strip jumps to the decision under it
        strip = panel.strip()
        post_click((panel._strip_x(review.decisions[0].step), strip.centery))
        app.step(DT)
        assert viewer.driver.step == review.decisions[0].step  # type: ignore[attr-defined]
        panel.jump(step)
        for _ in range(3):
            app.step(DT)
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"review_viewer_{lang}_{size[0]}.png"))
        # the finished review is kept for the statistics
        log = ReviewLog()
        assert [e.key for e in log.entries] == [panel.job.key]  # type: ignore[union-attr]
        assert log.entries[0].hand_no == 2
    finally:
        app.close()


def test_settlement_review_button_opens_the_hand_reviewed() -> None:
    with running_app(lang="en") as app:
        table = table_of(app)
        assert table is not None
        play_until_settlement(app, random.Random(3))
        settle = app.stack.top
        assert isinstance(settle, SettlementScene) and settle.exits.on_review is not None
        button = next(el for el, what in settle.elements.items() if what == "review")
        post_click(button.rect.center)
        app.step(DT)
        app.step(DT)
        viewer = app.stack.top
        assert isinstance(viewer, TableScene) and viewer.kind is TableKind.REPLAY
        panel = viewer.overlay(ReviewPanel)
        assert panel is not None and panel.job is not None  # started at once
        _finish(app, panel)
        assert panel.review is not None and panel.review.seat == 0
        _same_review(panel.review, review_hand(panel.doc, 0))
        # the hand was also reviewed in the background for the match's figures
        seed = str(table.driver.match.seed)
        entries = [e for e in ReviewLog().entries if e.match == seed]
        assert [e.key for e in entries] == [panel.job.key]  # type: ignore[union-attr]
        viewer.leave()
        app.step(DT)
        assert app.stack.top is settle


def test_a_hand_with_nothing_to_decide_is_not_counted_as_a_perfect_one(tmp_path: Path) -> None:
    """A walk-out before the first decision was reviewed as "no mistakes, well played" and
    drew a 100% bar in the statistics and the match's accuracy."""
    from dataclasses import replace

    doc = record(played(7))
    played_entry = ReviewSummary.of(hand_key(doc, 0, 50), review_hand(doc, 0, budget=50), doc)
    played_entry = replace(played_entry, match="9", hand_no=1)
    empty = replace(played_entry, key="other", hand_no=2, accuracy=1.0, decisions=0, mistakes=0)
    log = ReviewLog(tmp_path)
    log.add(played_entry)
    log.add(empty)
    assert log.recent(10) == [played_entry]  # the chart's bars
    assert [(e.match, e.hand_no) for e in log.entries] == [("9", 1), ("9", 2)]  # both kept
    line = match_line(log.entries, "en")
    assert line is not None and line.endswith("lost in 1 hand")
    assert f"{round(played_entry.accuracy * 100)}%" in line
    assert match_line([empty], "en") is None
