"""复盘 in the replay viewer, by a player's hands: the keyboard reaches the review (↓ starts
it, then ↓/↑ go from mistake to mistake), a hand with nothing to decide has no strip to
click (a click there crashed the game), and a review that failed can be asked again."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from test_game_support import DT, post_click, post_key
from test_review import played

from engine.replay import record
from engine.review import HandReview, Verdict, review_hand
from engine.round import Round
from engine.rules import get_preset
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.review import ReviewJob
from game.table.review_panel import ReviewPanel
from game.table.scene import TableScene


class FinishedWorker:
    """A review worker that has the review ready when asked (or fails, ``review`` None)."""

    def __init__(self, review: HandReview | None) -> None:
        self.review = review
        self.asked = 0

    def submit(self, doc: object, seat: int, *_: object, **__: object) -> ReviewJob:
        self.asked += 1
        job = ReviewJob(f"job{self.asked}", seat)
        if self.review is None:
            job.error = "the review stopped; try again"
        else:
            job.review = self.review
            job.done = job.total = len(self.review.decisions)
        return job

    def poll(self) -> list[ReviewJob]:
        return []


def _with_mistakes(review: HandReview, steps: set[int]) -> HandReview:
    """``review`` with the decisions at ``steps`` (and only those) made small mistakes."""
    marked = [
        replace(d, verdict=Verdict.SMALL if d.step in steps else Verdict.AGREE)
        for d in review.decisions
    ]
    return replace(review, decisions=tuple(marked))


@pytest.fixture(scope="module")
def hand() -> tuple[dict, HandReview]:  # type: ignore[type-arg]
    doc = record(played(7))
    return doc, review_hand(doc, 0, budget=50)


@pytest.fixture
def viewer(hand: tuple[dict, HandReview]) -> Iterator[tuple[App, TableScene]]:  # type: ignore[type-arg]
    path = save_replay(hand[0], keep=5, human=0)
    assert path is not None
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        table = Navigator(app).watch_replay(path)
        app.step(DT)
        yield app, table
    finally:
        app.close()


def _panel(table: TableScene) -> ReviewPanel:
    panel = table.overlay(ReviewPanel)
    assert panel is not None
    return panel


def _press(app: App, key: int) -> None:
    post_key(key)
    app.step(DT)
    app.step(DT)


def test_down_starts_the_review_then_down_and_up_go_from_mistake_to_mistake(
    hand: tuple[dict, HandReview],  # type: ignore[type-arg]
    viewer: tuple[App, TableScene],
) -> None:
    """The Review and Next mistake buttons had no key: a keyboard player could watch a
    replay but never review it."""
    app, table = viewer
    steps = [d.step for d in hand[1].decisions]
    mistakes = [steps[1], steps[len(steps) // 2], steps[-1]]
    panel = _panel(table)
    worker = FinishedWorker(_with_mistakes(hand[1], set(mistakes)))
    panel.worker = worker  # type: ignore[assignment]
    _press(app, pygame.K_DOWN)
    assert worker.asked == 1 and panel.review is not None
    assert panel.controller.step == 0  # started: it does not move yet
    went = []
    for _ in range(len(mistakes) + 1):
        _press(app, pygame.K_DOWN)
        went.append(panel.controller.step)
    assert went == [*mistakes, mistakes[0]]  # the next one each time, round again at the end
    went = []
    for _ in range(len(mistakes) + 1):
        _press(app, pygame.K_UP)
        went.append(panel.controller.step)
    assert went == [mistakes[-1], mistakes[1], mistakes[0], mistakes[-1]]
    assert worker.asked == 1  # ↓ on a finished review is Next mistake, not a new review


def test_a_hand_with_no_decision_has_no_strip_to_click(
    hand: tuple[dict, HandReview],  # type: ignore[type-arg]
    viewer: tuple[App, TableScene],
) -> None:
    """A walk-out before the first decision is reviewed with no decisions: a click on the
    empty strip under 'You had no decision' raised ValueError (min of no marks)."""
    app, table = viewer
    panel = _panel(table)
    panel.worker = FinishedWorker(replace(hand[1], decisions=()))  # type: ignore[assignment]
    panel.start()
    app.step(DT)
    strip = panel.strip()
    post_click(strip.center)
    app.step(DT)
    app.step(DT)
    assert panel.controller.step == 0
    drawn: list[pygame.Rect] = []
    real = pygame.draw.rect

    def rect(
        surface: pygame.Surface, colour: object, r: object, *a: object, **kw: object
    ) -> object:
        drawn.append(pygame.Rect(r))  # type: ignore[arg-type]
        return real(surface, colour, r, *a, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(pygame.draw, "rect", rect)
        panel.draw(app.screen)
    assert strip not in drawn  # no strip drawn under the summary


def test_a_walk_out_before_the_first_decision_opens_and_reviews_to_nothing() -> None:
    rnd = Round.new(get_preset("standard"), 3, 0)
    rnd.leave(0)
    review = review_hand(record(rnd), 0, budget=50)
    assert review.decisions == ()  # the case the test above stands for


def test_a_failed_review_can_be_asked_again(viewer: tuple[App, TableScene]) -> None:
    """A review whose worker died said 'cannot be reviewed' with no button left: only
    closing the viewer and opening it again asked once more."""
    app, table = viewer
    panel = _panel(table)
    worker = FinishedWorker(None)
    panel.worker = worker  # type: ignore[assignment]
    panel.start()
    app.step(DT)
    assert panel.job is not None and panel.job.error is not None
    (again,) = [el for el, name in panel.buttons.items() if name == "start"]
    post_click(again.rect.center)
    app.step(DT)
    app.step(DT)
    assert worker.asked == 2
    _press(app, pygame.K_DOWN)  # and from the keyboard
    assert worker.asked == 3
