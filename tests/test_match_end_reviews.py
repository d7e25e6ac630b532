"""The match's end shows this match's reviews only: they were found by the match's seed, so
a second match on the same seed showed the first one's too ("4 hands reviewed" after a
two-hand match). Each hand's log entry now keeps the key its review is kept under."""

from __future__ import annotations

import random
from pathlib import Path

from test_menus import MenuHarness

from engine.match import MatchState
from engine.replay import record
from engine.round import ActionKind, Round
from engine.rules import get_preset
from game.i18n import tn
from game.review import ReviewLog, ReviewSummary, hand_key
from game.review_chart import match_line
from game.scenes.match_end import MatchEndScene
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession
from game.table.session import TableSession

RULES = get_preset("standard")
SEED = 5


def play_out(rnd: Round, rng: random.Random) -> None:
    """Every seat plays random legal moves (never items), wins taken, until the hand ends."""
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        rnd.apply(wins[0] if wins else rng.choice(legal))


def play_match(home: Path, hands: int, moves: int) -> tuple[Controller, MatchSession, list[str]]:
    """A match of ``hands`` hands on SEED, its moves drawn from ``moves``; and the key each
    hand's review is kept under, as the game reviews it behind the next hand (nav's
    ``_review_in_background``: the hand's replay document, the human's seat)."""
    ctl = Controller(
        RULES,
        MatchState(rules=RULES, seed=SEED),
        Seating(0, ("random",) * 4),
        table_session=TableSession.load(home, lang="en"),
    )
    session = MatchSession(hands=hands)
    ctl.match_session = session
    rng = random.Random(moves)
    keys = []
    for hand in range(hands):
        if hand:
            ctl = ctl.next_hand()
        play_out(ctl.round, rng)
        ctl.finish()
        keys.append(hand_key(record(ctl.round), 0))
    assert session.over
    return ctl, session, keys


def reviewed(home: Path, key: str, hand_no: int, accuracy: float) -> None:
    """What the background review keeps for a hand (the match named by its seed)."""
    summary = ReviewSummary(key, hand_no, accuracy, accuracy, 1.0, 10, 1, "", str(SEED))
    ReviewLog(home).add(summary)


def test_a_match_on_a_seed_played_before_shows_only_its_own_reviews(home: Path) -> None:
    _ctl, _first, first_keys = play_match(home, hands=4, moves=1)
    for n, key in enumerate(first_keys, 1):
        reviewed(home, key, n, 0.5)
    ctl, second, keys = play_match(home, hands=2, moves=2)
    assert not set(keys) & set(first_keys)  # other moves: other hands
    reviewed(home, keys[0], 1, 0.9)  # the second match's first hand is reviewed so far
    h = MenuHarness(home, "en")
    end = MatchEndScene(h.ctx, ctl, second, lambda: None)
    assert [(e.key, e.hand_no) for e in end.reviews] == [(keys[0], 1)]
    one = tn("review.match", "en", 1, acc=90, loss="1.00", hands=1)
    assert match_line(end.reviews, "en") == one
    # the second hand's review comes in: both, and still none of the first match's
    reviewed(home, keys[1], 2, 0.8)
    end = MatchEndScene(h.ctx, ctl, second, lambda: None)
    assert [(e.key, e.hand_no) for e in end.reviews] == [(keys[0], 1), (keys[1], 2)]


def test_the_review_keys_ride_in_the_autosave(home: Path) -> None:
    """A match resumed from its autosave still finds its hands' reviews."""
    ctl, session, keys = play_match(home, hands=2, moves=3)
    reviewed(home, keys[1], 2, 0.7)
    resumed = MatchSession()
    resumed.load(session.to_dict())
    assert [e.get("review") for e in resumed.log] == keys
    h = MenuHarness(home, "en")
    end = MatchEndScene(h.ctx, ctl, resumed, lambda: None)
    assert [(e.key, e.hand_no) for e in end.reviews] == [(keys[1], 2)]


def test_a_log_from_before_the_keys_finds_its_reviews_by_seed_and_hand(home: Path) -> None:
    ctl, session, keys = play_match(home, hands=2, moves=4)
    for entry in session.log:
        entry.pop("review", None)  # as an older version logged the hands
    reviewed(home, keys[0], 1, 0.6)
    h = MenuHarness(home, "en")
    end = MatchEndScene(h.ctx, ctl, session, lambda: None)
    assert [(e.key, e.hand_no) for e in end.reviews] == [(keys[0], 1)]
