"""The replay viewer as a player uses it: the points after a jump to the end, the last move's
line with the hands face down, the review box's height along the hand, the left seat's
column off the window's edge and the callouts inside the table's part of the window."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from test_game_support import DT, post_key
from test_replay_viewer import played_hand

from engine.replay import record
from engine.round import EventKind
from engine.text import Narrator
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import TableScene
from game.ui.text import seat_label


@contextmanager
def _viewer(
    preset: str = "standard", size: tuple[int, int] = (1024, 640), lang: str = "en"
) -> Iterator[tuple[App, TableScene, ReplayControls, ReviewPanel]]:
    path = save_replay(record(played_hand(41, preset)), keep=5, human=0, hand_no=1, preset=preset)
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)
    try:
        viewer = Navigator(app).watch_replay(path)
        ctl, review = viewer.overlay(ReplayControls), viewer.overlay(ReviewPanel)
        assert isinstance(ctl, ReplayControls) and isinstance(review, ReviewPanel)
        app.step(DT)
        yield app, viewer, ctl, review
    finally:
        app.close()


@pytest.mark.parametrize("preset", ["standard", "modern_xueliu"])
def test_a_jump_to_the_end_shows_each_seats_points_counted_once(preset: str) -> None:
    """▶| and Page Down went to the end with the match's points at 0 and the hand's beside
    them: "0 pts (+5)" for a seat that won 5."""
    with _viewer(preset) as (app, viewer, ctl, _):
        post_key(pygame.K_PAGEDOWN)
        app.step(DT)
        rnd = ctl.controller.round
        assert rnd.is_over and app.stack.top is viewer  # no settlement opened again
        hand = [rnd.view(0).seats[s].points for s in range(rnd.players)]
        assert any(hand)
        assert [viewer.painter._match_total(s) for s in range(rnd.players)] == hand
        post_key(pygame.K_LEFT)  # one back: the hand is not over, its points are running
        app.step(DT)
        rnd = ctl.controller.round
        running = [rnd.view(0).seats[s].points for s in range(rnd.players)]
        assert [viewer.painter._match_total(s) for s in range(rnd.players)] == running


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_last_move_names_no_tile_another_seat_drew_while_the_hands_are_face_down(
    lang: str,
) -> None:
    """With Reveal off the line under the controls said "Bot 2 draws 1 Characters" while
    Bot 2's tiles lay face down; revealed, it names the tile again."""
    with _viewer(lang=lang) as (_app, _table, ctl, _):
        rnd = ctl.controller.round
        names = [seat_label(s, 0, lang, 4) for s in range(4)]
        words = Narrator(lang, names, you=0)
        checked = 0
        for n in range(1, ctl.controller.total):
            ctl.seek(n)
            last = next(
                ev
                for ev in reversed(ctl.controller.round.events)
                if ev.kind not in (EventKind.TURN, EventKind.PAYMENT, EventKind.DEAL)
            )
            if last.kind is not EventKind.DRAW or last.seat == 0 or ctl.controller.is_over:
                continue
            checked += 1
            named = words.event_line(last)
            # (the line tells the whole last decision: the discard before the draw)
            hidden = words.event_line(last.for_seat(0))
            assert hidden != named and ctl.last_line().endswith(hidden)
            assert named not in ctl.last_line()
            ctl.on_control("reveal")
            assert ctl.last_line().endswith(named)
            ctl.on_control("reveal")
        assert checked and rnd.players == 4


def _reviewed(review: ReviewPanel) -> None:
    """The review done at once (a small budget) as the worker would post it."""
    from engine.review import review_hand
    from game.review import ReviewJob

    done = review_hand(review.doc, review.seat, budget=50)
    review.job = ReviewJob("test", review.seat, review=done)
    review._build()


def _lowest_ink(review: ReviewPanel, lay_px: int) -> tuple[pygame.Rect, int]:
    """The review's box and the lowest row inside it that something is drawn on."""
    from game.table.replay import BOX_FILL

    box = review.box()
    surface = pygame.Surface((review.table.layout.w, review.table.layout.h))
    surface.fill(BOX_FILL)
    review.draw(surface)
    inner = box.inflate(-2 * lay_px, -2 * lay_px)
    for y in range(inner.bottom - 1, inner.top, -1):
        if any(surface.get_at((x, y))[:3] != BOX_FILL[:3] for x in range(inner.x, inner.right)):
            return box, y
    return box, inner.top


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_review_box_keeps_one_height_with_no_empty_rows_under_its_longest_decision(
    size: tuple[int, int], lang: str
) -> None:
    """Once reviewed the box was five lines tall for any hand: at 1920×1080 a hand whose
    decisions take three lines left two empty rows under every one of them."""
    with _viewer("standard", size, lang) as (_app, viewer, ctl, review):
        _reviewed(review)
        lay = viewer.layout
        heights, lowest = set(), 0
        for step in range(ctl.controller.total + 1):
            ctl.seek(step)
            box, ink = _lowest_ink(review, lay.px(6))
            heights.add(box.h)
            lowest = max(lowest, ink - box.y)
        assert len(heights) == 1, heights  # it does not jump as one steps
        room = heights.pop() - lowest
        assert room <= lay.px(18) + lay.px(8), (room, lowest)  # one line's room at most


def test_the_reviews_words_are_never_under_the_readable_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long heading shrank to 11 px and a long reason to 10 to keep to two lines at
    1024×640 (a reason of three clauses, as a longer wording would make); they take
    another line instead."""
    import game.table.review_panel as review_panel
    from engine.review import ReviewWords
    from game.ui.text import MIN_TEXT

    said = ReviewWords.reason
    monkeypatch.setattr(ReviewWords, "reason", lambda self, d: "; ".join([said(self, d)] * 2))

    sizes: list[tuple[int, str]] = []
    from game.ui.text import blit_text as blit

    def record_size(surface, text, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        sizes.append((size, text))
        return blit(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(review_panel, "blit_text", record_size)
    for lang in ("en", "zh"):
        with _viewer("standard", (1024, 640), lang) as (_app, viewer, ctl, review):
            _reviewed(review)
            surface = pygame.Surface((viewer.layout.w, viewer.layout.h))
            for step in range(ctl.controller.total + 1):
                ctl.seek(step)
                review.draw(surface)
    assert sizes and min(sizes)[0] >= MIN_TEXT, min(sizes)


SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 3])
def test_the_left_seats_column_stands_clear_of_the_wood_rim(
    size: tuple[int, int], players: int
) -> None:
    """At 1024×640 the left seat's column began 6 px inside the rim (12 from the edge);
    it is as far in as the panels are, and more. The right seat's stays left of the
    viewer's column, and the play table is laid out as before (test_game_layout)."""
    from game.table.layout import viewer_layout

    lay = viewer_layout(*size, players, 108)
    rim = max(6, round(8 * min(size[0] / 1280, size[1] / 800)))  # game.ui.draw.felt_background
    assert lay.opp_hand_origin(3, 1)[0] - rim >= lay.px(16)
    assert lay.opp_hand_origin(1, 1)[0] + lay.opp_h + lay.px(8) <= lay.side.x


@pytest.mark.parametrize("size", SIZES)
def test_the_viewers_callouts_keep_off_its_column_and_stand_by_the_left_seat(
    size: tuple[int, int],
) -> None:
    """A callout was kept right of where the left seat's panel stood at a played table —
    pushed over the pond, though in the viewer that panel is at the top left — and left
    of the item column, so a long score line at the right seat ran under the review. Then
    it was let out to the rim, over the left seat's own column."""
    from game.table.anim import Callout
    from game.table.geometry import anchor
    from game.table.layout import viewer_layout

    lay = viewer_layout(*size, 4, 108)
    title = pygame.Surface((lay.px(130), lay.font_big))
    line = pygame.Surface((lay.px(460), lay.font_normal))  # a 血流 win of many fan
    right = Callout(duration=1.0, text=title, sub=line, pos=anchor(lay, 1))
    right.fit(lay.callout_bounds)
    assert not right.full_plate().colliderect(lay.side)
    left = Callout(duration=1.0, text=title, pos=anchor(lay, 3))
    left.fit(lay.callout_bounds)
    # by the left seat's wall: moved right only as far as its column needs (a plate over the
    # seat's own tiles hid them), and still on the left seat's side of the table
    column_right = lay.opp_hand_origin(3, 13)[0] + lay.opp_h
    plate = left.full_plate()
    assert plate.left >= column_right
    assert plate.left <= column_right + lay.px(16)
    assert left.pos[0] < lay.center[0]
