"""Dealer rotation (RULES.md §7) and coins (§6.5)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.match import HandOutcome, MatchState, Transfer, next_dealer, settle_coins
from engine.rules import get_preset

RNG = random.Random(0)


def rules(next_dealer_option: str):
    return get_preset("standard").with_overrides([f"next_dealer={next_dealer_option}"])


@pytest.mark.parametrize(
    ("option", "outcome", "expected"),
    [
        ("first_winner", HandOutcome(dealer=0, first_winners=(2,), first_win_from=1), 2),
        ("first_winner", HandOutcome(dealer=0, first_winners=(3,)), 3),  # self-drawn
        # 一炮多响 → 点炮者坐庄
        ("first_winner", HandOutcome(dealer=0, first_winners=(2, 3), first_win_from=1), 1),
        ("first_winner", HandOutcome(dealer=2), 2),  # 流局连庄
        ("discarder", HandOutcome(dealer=0, first_winners=(2,), first_deal_in=3), 3),
        ("discarder", HandOutcome(dealer=0, first_winners=(2,)), 2),  # only self-draws
        ("discarder", HandOutcome(dealer=1), 1),
    ],
)
def test_next_dealer(option: str, outcome: HandOutcome, expected: int) -> None:
    assert next_dealer(rules(option), outcome, RNG) == expected


def test_dice_rotation_is_seeded_and_covers_every_seat() -> None:
    r = rules("dice")
    seen = {next_dealer(r, HandOutcome(dealer=0), random.Random(i)) for i in range(200)}
    assert seen == {0, 1, 2, 3}
    a = [next_dealer(r, HandOutcome(dealer=1), random.Random(7)) for _ in range(3)]
    assert len(set(a)) == 1


def test_full_payment_moves_net_points_times_coins_per_point() -> None:
    transfers = [Transfer(1, 0, 4), Transfer(2, 0, 4), Transfer(3, 0, 4), Transfer(0, 2, 1)]
    assert settle_coins([100, 100, 100, 100], transfers, 6) == [66, -24, -18, -24]


def test_coin_short_loser_pays_all_it_has_split_in_proportion() -> None:
    # Seat 3 owes 3 points to seat 0 and 1 point to seat 1 (×6 coins = 18 + 6) but has 10.
    transfers = [Transfer(3, 0, 3), Transfer(3, 1, 1)]
    delta = settle_coins([50, 50, 50, 10], transfers, 6)
    # 10 shared 3:1 → 7.5 and 2.5 floored to 7 and 2, remainder 1 to the largest claim.
    assert delta == [8, 2, 0, -10]


def test_loser_at_zero_pays_nothing() -> None:
    delta = settle_coins([5, 0, 5, 5], [Transfer(1, 0, 2), Transfer(1, 2, 2)], 6)
    assert delta == [0, 0, 0, 0]


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 40)), max_size=12),
    st.lists(st.integers(0, 300), min_size=4, max_size=4),
    st.integers(1, 10),
)
def test_coins_are_zero_sum_and_nobody_goes_below_zero(
    raw: list[tuple[int, int, int]], coins: list[int], cpp: int
) -> None:
    """RULES.md §6.5 as a clearing between pairs of seats: zero-sum; no seat ever ends
    below zero (a winner paid short may itself be short for what it owes a third seat); a
    seat is never paid more by a debtor than it was owed nor pays more than it owes; with
    coins enough everywhere, everyone moves by its net points."""
    transfers = [Transfer(a, b, n) for a, b, n in raw if a != b]
    delta = settle_coins(coins, transfers, cpp)
    assert sum(delta) == 0
    net = HandOutcome(dealer=0, transfers=tuple(transfers)).net_points()
    flows = [[0] * 4 for _ in range(4)]
    for t in transfers:
        flows[t.payer][t.payee] += t.amount
    owed_to = [sum(max(0, flows[o][s] - flows[s][o]) for o in range(4)) * cpp for s in range(4)]
    owes = [sum(max(0, flows[s][o] - flows[o][s]) for o in range(4)) * cpp for s in range(4)]
    for seat in range(4):
        assert coins[seat] + delta[seat] >= 0
        assert -owes[seat] - coins[seat] <= delta[seat] <= owed_to[seat]
        if net[seat] < 0 and owed_to[seat] == 0:  # a loser nobody owes: all it has, at most
            assert delta[seat] == -min(-net[seat] * cpp, coins[seat])
    if all(c >= 300 * 12 * 10 for c in coins):
        assert delta == [n * cpp for n in net]


def test_a_winner_paid_short_never_goes_below_zero() -> None:
    """Seat 2 (1 coin) won a point net: 24 coins owed it by seats 0 and 3, 18 it owed seat
    1. Seat 0 had 4 coins for its 42: seat 2 was charged a share of the whole shortfall —
    more than seat 0 owed it — and ended at −8, then was replaced as broke. Now it pays
    seat 1 what it has and receives, and ends at 0; seat 0 pays all its 4 coins."""
    ledger = [(3, 1, 2), (0, 1, 3), (2, 1, 3), (3, 1, 3), (0, 2, 2), (3, 2, 2), (0, 3, 2)]
    coins = [4, 1006, 1, 1006]
    delta = settle_coins(coins, [Transfer(*t) for t in ledger], 6)
    assert sum(delta) == 0 and delta[0] == -4
    assert [c + d for c, d in zip(coins, delta, strict=True)][2] == 0


def test_match_state_records_points_coins_and_rotation() -> None:
    m = MatchState(rules=get_preset("standard"), seed=42, coins=[60] * 4, use_coins=True)
    seeds = {m.hand_seed(i) for i in range(50)}
    assert len(seeds) == 50
    outcome = HandOutcome(
        dealer=0,
        first_winners=(2,),
        first_win_from=3,
        first_deal_in=3,
        transfers=(Transfer(3, 2, 16),),
    )
    delta = m.record(outcome)
    assert delta == [0, 0, 60, -60]
    assert m.points == [0, 0, 16, -16]
    assert m.coins == [60, 60, 120, 0]
    assert m.dealer == 2 and m.hand_index == 1
    assert m.out_seats() == [3]
    m.replace_seat(3, 60)
    assert m.out_seats() == []
