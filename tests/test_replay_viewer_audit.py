"""The replay viewer as a player uses it: the points after a jump to the end, the last move's
line with the hands face down, the review box's height along the hand, the left seat's
column off the window's edge and the callouts inside the table's part of the window."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from test_game_support import DT, post_key

from engine.bots import load_bot
from engine.replay import record
from engine.round import EventKind, Round
from engine.rules import get_preset
from engine.text import Narrator
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import TableScene
from game.ui.text import seat_label


def _played(preset: str, seed: int = 41) -> Round:
    rules = get_preset(preset)
    rnd = Round.new(rules, seed, seed % rules.players)
    bots = [load_bot("greedy", seed * 4 + s) for s in range(rules.players)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


@contextmanager
def _viewer(
    preset: str = "standard", size: tuple[int, int] = (1024, 640), lang: str = "en"
) -> Iterator[tuple[App, TableScene, ReplayControls, ReviewPanel]]:
    path = save_replay(record(_played(preset)), keep=5, human=0, hand_no=1, preset=preset)
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
            assert ctl.last_line() == words.event_line(last.for_seat(0)) != named
            ctl.on_control("reveal")
            assert ctl.last_line() == named
            ctl.on_control("reveal")
        assert checked and rnd.players == 4
