"""Random self-play over every preset, checking invariants at every step (like OpenSpiel's
random_sim_test): every tile of the wall accounted for (108, 72 or 36), a zero-sum ledger,
nothing the rules forbid, every pending seat has a legal action, every hand ends — at four,
three and two seats."""

from __future__ import annotations

import random

import pytest

from engine.round import Action, ActionKind, EventKind, IllegalActionError, Phase, Round
from engine.rules import PRESETS
from engine.tiles import MeldKind

HANDS_PER_PRESET = 260  # × 8 presets ≥ 2,000 hands
MAX_STEPS = 1_000


def _check_step(r: Round, seed: int) -> None:
    r.check_invariants()
    rules = r.rules
    pending = r.pending_seats()
    if r.is_over:
        assert pending == [] and r.result is not None
        return
    assert pending, (seed, r)
    for seat in range(r.players):
        legal = r.legal_actions(seat)
        assert bool(legal) == (seat in pending), (seed, seat, r)
        for a in legal:
            assert a.seat == seat
    for seat in range(r.players):
        void = r.void_of(seat)
        for m in r.melds_of(seat):
            if rules.declare_void and void is not None:
                assert m.suit != void, (seed, seat, m)
            if m.kind is not MeldKind.PONG:
                assert m.size == 4


def _check_win_events(r: Round, seed: int) -> None:
    rules = r.rules
    for e in r.events:
        if e.kind is EventKind.WIN:
            assert e.seat is not None and e.tile is not None and e.score is not None
            assert e.score.win
            melds = r.melds_of(e.seat)
            suits = {k // 9 for k in e.tiles} | {m.suit for m in melds}
            assert len(suits) <= 2, (seed, e)  # RULES.md §4 缺一门
            void = r.void_of(e.seat)
            if rules.declare_void:
                assert void not in suits, (seed, e)


def _play(preset: str, seed: int) -> Round:
    rules = PRESETS[preset]
    rng = random.Random(seed * 7 + 1)
    r = Round.new(rules, seed, dealer=seed % rules.players)
    _check_step(r, seed)
    for _ in range(MAX_STEPS):
        if r.is_over:
            break
        seat = rng.choice(r.pending_seats())
        legal = r.legal_actions(seat)
        assert legal == r.legal_actions(seat)  # deterministic
        action = rng.choice(legal)
        if action.kind is ActionKind.DISCARD and r.phase is Phase.PLAY:
            hand = r.hand_of(seat)
            void = r.void_of(seat)
            holds_void = void is not None and any(hand[void * 9 : void * 9 + 9])
            if rules.must_discard_void_first and holds_void:
                assert action.tile is not None and void is not None
                assert action.tile // 9 == void
            if rules.mode == "xueliu" and r.view(seat).seats[seat].won:
                # RULES.md §3.7: a locked hand discards the tile it just drew.
                assert action.tile == r.view(seat).last_drawn
        if action.kind in (ActionKind.PONG, ActionKind.EXPOSED_KONG, ActionKind.CONCEALED_KONG):
            void = r.void_of(seat)
            assert action.tile is not None
            assert not (rules.declare_void and void is not None and action.tile // 9 == void)
        if rng.random() < 0.02:
            bogus = Action(ActionKind.DISCARD, (seat + 1) % r.players, 0)
            if bogus not in r.legal_actions(bogus.seat):
                before = (len(r.events), r.pending_seats(), r.hand_of(bogus.seat))
                with pytest.raises(IllegalActionError):
                    r.apply(bogus)
                assert before == (len(r.events), r.pending_seats(), r.hand_of(bogus.seat))
        r.apply(action)
        _check_step(r, seed)
    assert r.is_over, (preset, seed, r)
    _check_win_events(r, seed)
    assert r.result is not None
    assert list(r.result.totals) == r.ledger.totals()
    assert r.events[-1].kind is EventKind.HAND_END
    assert [e.kind for e in r.events].count(EventKind.HAND_END) == 1
    return r


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_self_play_keeps_every_invariant(preset: str) -> None:
    wins = 0
    for seed in range(HANDS_PER_PRESET):
        r = _play(preset, seed)
        wins += len(r.wins)
    assert wins > 0  # random play does win now and then


def test_replaying_the_decisions_reproduces_the_hand() -> None:
    r = _play("modern_xueliu", 11)
    again = Round.new(r.rules, r.seed, dealer=r.dealer)
    for a in r.decisions:
        again.apply(a)
    assert again.events == r.events
    assert again.ledger.entries == r.ledger.entries
