"""engine.round.hand_at_win: the hand a win was made with, read from the events — in 血流成河
a winner plays on and may meld later, so its hand at the end is not the hand it won with."""

from __future__ import annotations

from engine.bots import load_bot
from engine.round import EventKind, Round, hand_at_win
from engine.rules import get_preset


def _played(seed: int) -> Round:
    rules = get_preset("modern_xueliu")
    rnd = Round.new(rules, seed, seed % 4)
    bots = [load_bot("normal", seed * 4 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


def test_every_win_is_a_complete_hand_with_its_winning_tile_and_the_melds_made_before() -> None:
    later_melds = 0
    for seed in range(6):
        rnd = _played(seed)
        for win in rnd.wins:
            at = hand_at_win(rnd.events, win)
            assert at is not None
            tiles, melds = at
            assert win.tile in tiles
            assert len(tiles) + 3 * len(melds) == 14  # 13 tiles a seat, kongs count three
            made_before = [
                e.meld
                for e in rnd.events[: win.event_index]
                if e.seat == win.seat and e.kind in (EventKind.PONG, EventKind.KONG)
            ]
            # one meld a kind: an added kong stands where its pong was
            assert sorted(m.tile for m in melds) == sorted({m.tile for m in made_before if m})
            kongs = {m.tile for m in made_before if m and m.is_kong}
            assert {m.tile for m in melds if m.is_kong} == kongs
            later_melds += sum(
                1
                for e in rnd.events[win.event_index :]
                if e.seat == win.seat and e.kind in (EventKind.PONG, EventKind.KONG)
            )
    assert later_melds > 0  # the walls played do hold melds made after a win


def test_a_win_the_events_do_not_hold_is_none() -> None:
    rnd = _played(1)
    win = rnd.wins[0]
    assert hand_at_win(rnd.events[: win.event_index], win) is None
    assert hand_at_win([], win) is None
