"""A swap item (偷天换日 / 移花接木, RULES.md §8) in a pong's turn within the last four tiles
(最后四张, RULES.md §3.6).

A pong's turn brings no tile from the wall, so the ponger's "last draw" flag was the one of
its draw in an earlier turn, and a swap there kept it: the tile the swap took from a wall of
four or fewer tiles — one of the last four — could be won or passed at will, and the discard
after it could be passed by a seat it completed. The swap takes its tile from the wall and
stands for the turn's draw (engine/round/items.py), so it is a draw of the last four when the
wall holds at most four tiles: the win is forced, for the swapper and on its discard.
"""

from __future__ import annotations

from collections import Counter

from engine.items import ITEM_IDS, item_action
from engine.round import Action, ActionKind, Round, Step, compose_wall
from engine.rules import RuleSet, get_preset
from engine.tiles import NUM_KINDS, parse_tile, parse_tiles

AK = ActionKind

HANDS = [
    "123p456p789p2s3s4s6s7s",  # the dealer; opens with the 7s
    "123m456m789m8s9s9s5s",  # pongs a 9s; 5s for 8s then completes the hand
    "111s222s333s44s7m8m",  # ready on 6m / 9m
    "5p5p6p6p7p7p8p8p1m1m2m2m3m",
]
NINE_S, EIGHT_S = parse_tile("9s"), parse_tile("8s")
LIVE = 108 - 53  # 55 tiles left after the deal
LATE_DISCARD = 50  # seat 3 draws the last 9s with 5 tiles left and throws it: 4 are left


def _rules() -> RuleSet:
    rules = get_preset("standard").with_overrides({"declare_void": False})
    assert rules.items and rules.last_four_forced
    return rules


def _draws() -> list[int]:
    """The live wall: leftovers in order, but the fourth 9s drawn by seat 3 as the 51st draw
    (5 tiles left before it), and an 8s among the last four."""
    used = Counter(k for h in HANDS for k in parse_tiles(h))
    rest = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
    rest.remove(NINE_S)
    rest.remove(EIGHT_S)
    draws = [*rest[:LATE_DISCARD], NINE_S, rest[LATE_DISCARD], EIGHT_S, *rest[LATE_DISCARD + 1 :]]
    assert len(draws) == LIVE
    return draws


def _to_the_pong() -> Round:
    """Each seat throws the tile it drew and passes every claim, until seat 1 may pong seat
    3's 9s with four tiles left; seat 1 pongs. Seat 1's own last draw was with 7 tiles left."""
    r = Round.from_wall(
        _rules(),
        compose_wall(HANDS, _draws(), 0),
        0,
        dice=(1, 1),
        inventories=[dict.fromkeys(ITEM_IDS, 1)] * 4,
    )
    r.apply(Action(AK.DISCARD, 0, parse_tile("7s")))
    while True:
        seat = r.pending_seats()[0]
        legal = [a for a in r.legal_actions(seat) if a.kind is not AK.USE_ITEM]
        pong = Action(AK.PONG, 1, NINE_S)
        if seat == 1 and pong in legal:
            assert r.wall_remaining == 4 and r.current == 3
            r.apply(pong)
            return r
        if r.wall_remaining <= 4:  # only seat 3's draw of the 9s, with 5 left before it
            assert r.step is Step.TURN and seat == 3 and r.events[-1].tile == NINE_S
        if r.step is Step.TURN:
            drawn = r.events[-1].tile
            assert drawn is not None
            r.apply(Action(AK.DISCARD, seat, drawn))
        else:
            r.apply(Action(AK.PASS, seat))


def _moves(r: Round, seat: int) -> list[Action]:
    return [a for a in r.legal_actions(seat) if a.kind is not AK.USE_ITEM]


def test_a_swap_in_a_pongs_turn_in_the_last_four_forces_the_win_it_completes() -> None:
    r = _to_the_pong()
    assert [a.kind for a in _moves(r, 1)] == [AK.DISCARD] * len(_moves(r, 1))
    assert EIGHT_S in r._live_wall()
    r.apply(item_action(1, "tou_tian", give=parse_tile("5s"), want=EIGHT_S))
    # §3.6: the 8s was taken from a wall of four tiles, one of the last four: no choice.
    assert _moves(r, 1) == [Action(AK.WIN, 1, EIGHT_S)]


def test_the_discard_after_such_a_swap_is_a_last_four_discard() -> None:
    r = _to_the_pong()
    assert r._live_wall() == parse_tiles("8s8s8s9s")
    r.apply(item_action(1, "tou_tian", give=parse_tile("5s"), want=NINE_S))
    assert AK.WIN not in {a.kind for a in _moves(r, 1)}  # (an added kong of the 9s, discards)
    r.apply(Action(AK.DISCARD, 1, parse_tile("9m")))
    # seat 2 waits on 9m; seat 1's last take from the wall was one of the last four (§3.6)
    assert _moves(r, 2) == [Action(AK.WIN, 2, parse_tile("9m"))]
