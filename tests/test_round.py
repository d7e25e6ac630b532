"""Scenario tests for the round engine, each on an explicit wall (RULES.md §2–§7)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from engine.round import (
    LEAVE_AFTER_WIN,
    Action,
    ActionKind,
    EventKind,
    IllegalActionError,
    Phase,
    Round,
    Step,
    compose_wall,
    exchange_direction,
    exchange_target,
)
from engine.rules import RuleSet, get_preset
from engine.settlement import WIN_REASONS, ReadyFacts, Reason, RefundFacts
from engine.text import Narrator
from engine.tiles import Meld, MeldKind, format_tile, parse_tile, parse_tiles, to_counts

AK = ActionKind


def t(text: str) -> int:
    return parse_tile(text)


def make(
    preset: str,
    hands: list[str],
    draws: str = "",
    *,
    dealer: int = 0,
    dice: tuple[int, int] = (1, 1),
    overrides: Iterable[str] = (),
) -> Round:
    """A round dealing ``hands`` (by seat, the dealer's 14 tiles) and then ``draws``."""
    rules = get_preset(preset)
    overrides = list(overrides)
    if overrides:
        rules = rules.with_overrides(overrides)
    wall = compose_wall([parse_tiles(h) for h in hands], parse_tiles(draws), dealer)
    return Round.from_wall(rules, wall, dealer, dice=dice)


def declare(r: Round, voids: str) -> None:
    """Each seat declares its void suit: ``"sspm"`` = seat 0 s, seat 1 s, ..."""
    for seat, ch in enumerate(voids):
        r.apply(Action(AK.DECLARE_VOID, seat, suit="mps".index(ch)))


def act(r: Round, seat: int, kind: ActionKind, tile: str | None = None) -> list[object]:
    return list(r.apply(Action(kind, seat, None if tile is None else t(tile))))


def kinds(r: Round, seat: int) -> list[tuple[ActionKind, int | None]]:
    return [(a.kind, a.tile) for a in r.legal_actions(seat)]


def pass_claims(r: Round) -> None:
    """Every seat in an open claim window passes."""
    while not r.is_over and r.step in (Step.CLAIM, Step.ROB):
        for seat in r.pending_seats():
            r.apply(Action(AK.PASS, seat))


def discard(r: Round, seat: int, tile: str, *, claims: bool = False) -> None:
    """``seat`` discards ``tile``; unless ``claims``, every claim on it is passed."""
    assert r.step is Step.TURN and r.pending_seats() == [seat], r
    act(r, seat, AK.DISCARD, tile)
    if not claims:
        pass_claims(r)


def autoplay(r: Round, stop: Callable[[Round], bool] = lambda r: False) -> None:
    """Discard the drawn tile every turn (the first legal discard on the dealer's opening
    turn) and pass every claim, until ``stop`` or the end; forced wins are taken."""
    while not r.is_over and not stop(r):
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        if r.step is Step.TURN:
            drawn = r.view(seat).last_drawn
            choice = next(
                (a for a in legal if a.kind is AK.DISCARD and a.tile == drawn),
                next((a for a in legal if a.kind is AK.DISCARD), legal[0]),
            )
        else:
            choice = next((a for a in legal if a.kind is AK.PASS), legal[0])
        r.apply(choice)


def totals(r: Round) -> list[int]:
    return r.ledger.totals()


# --- wall, deal, exchange, void ------------------------------------------------------------

BASE_HANDS = [
    "123m456m789m1p3s4s5s6s",  # dealer: declares p, holds 1p
    "123m456m789m99s6s7s",
    "123p456p789p11s4s5s",
    "234p567p89p1s22s33s",
]
EXCHANGE_HANDS = [
    "111m222m333m444p99s",
    "555m666m777m555p6p",
    "888m999m111p222p3p",
    "123s456s789s333p4p",
]


def test_compose_wall_deals_the_given_hands_and_draws() -> None:
    hands = BASE_HANDS
    r = make("standard", hands, "5p6p")
    for seat, h in enumerate(hands):
        assert r.hand_of(seat) == to_counts(parse_tiles(h))
    assert r.wall_remaining == 108 - 53
    assert r.phase is Phase.DECLARE_VOID
    assert sorted(r.pending_seats()) == [0, 1, 2, 3]
    assert r.tile_census() == 108


def test_wall_must_hold_four_of_each_kind() -> None:
    with pytest.raises(ValueError, match="108 tiles"):
        Round.from_wall(get_preset("standard"), [0] * 108)


def test_new_is_deterministic_given_a_seed() -> None:
    a = Round.new(get_preset("standard"), seed=42)
    b = Round.new(get_preset("standard"), seed=42)
    assert a.wall_ids == b.wall_ids and a.dice == b.dice
    assert sorted(a.wall_ids) == list(range(108))
    assert a.wall_ids != Round.new(get_preset("standard"), seed=43).wall_ids


@pytest.mark.parametrize(
    ("dice", "direction", "target_of_0"),
    [((1, 2), "across", 2), ((1, 3), "clockwise", 3), ((1, 1), "counter_clockwise", 1)],
)
def test_exchange_three_directions(dice: tuple[int, int], direction: str, target_of_0: int) -> None:
    assert exchange_direction(dice) == direction
    assert exchange_target(0, direction) == target_of_0
    hands = EXCHANGE_HANDS
    r = make("modern", hands, dice=dice)
    assert r.phase is Phase.EXCHANGE and r.exchange_dir == direction
    before = [r.hand_of(s) for s in range(4)]
    given = {}
    for seat in range(4):
        legal = r.legal_actions(seat)
        assert all(len({k // 9 for k in a.tiles}) == 1 for a in legal)
        choice = legal[0]
        given[seat] = choice.tiles
        r.apply(choice)
    assert r.phase is Phase.DECLARE_VOID
    for seat in range(4):
        giver = next(s for s in range(4) if exchange_target(s, direction) == seat)
        expect = list(before[seat])
        for k in given[seat]:
            expect[k] -= 1
        for k in given[giver]:
            expect[k] += 1
        assert r.hand_of(seat) == expect
    exchanges = [e for e in r.events if e.kind is EventKind.EXCHANGE]
    assert len(exchanges) == 4
    # the receiver and the giver see the tiles, the others don't
    ev = exchanges[0]
    assert ev.for_seat(ev.seat or 0).tiles and ev.for_seat(ev.from_seat or 0).tiles
    other = next(s for s in range(4) if s not in (ev.seat, ev.from_seat))
    assert ev.for_seat(other).tiles == ()


def test_exchange_rejects_mixed_suits() -> None:
    hands = EXCHANGE_HANDS
    r = make("modern", hands)
    with pytest.raises(IllegalActionError, match="one suit"):
        r.apply(Action(AK.EXCHANGE_THREE, 0, tiles=(t("1m"), t("1m"), t("4p"))))


def test_declare_void_is_secret_until_all_declared_then_void_first() -> None:
    hands = BASE_HANDS
    r = make("standard", hands)
    r.apply(Action(AK.DECLARE_VOID, 0, suit=1))
    assert [e.kind for e in r.events[-1:]] == [EventKind.VOID_CHOSEN]
    assert r.view(1).seats[0].void is None  # not revealed yet
    assert r.view(0).own_void == 1
    for seat, suit in ((1, 1), (2, 0), (3, 0)):
        r.apply(Action(AK.DECLARE_VOID, seat, suit=suit))
    assert r.events[-2].kind is EventKind.VOIDS_REVEALED
    assert r.events[-2].tiles == (1, 1, 0, 0)
    assert r.view(3).seats[0].void == 1
    # RULES.md §3.2: the dealer holds 1p of its void suit: only that may be discarded.
    assert r.phase is Phase.PLAY and r.pending_seats() == [0]
    assert kinds(r, 0) == [(AK.DISCARD, t("1p"))]
    assert r.view(0).void_first


def test_without_must_discard_void_first_any_tile_may_go() -> None:
    hands = BASE_HANDS
    r = make("wiki", hands)
    declare(r, "ppmm")
    assert len(kinds(r, 0)) == 14 - 0 and (AK.DISCARD, t("9m")) in kinds(r, 0)


def test_cannot_pong_the_void_suit() -> None:
    hands = [BASE_HANDS[0], "123m456m789m11p7s8s", BASE_HANDS[2], BASE_HANDS[3]]
    r = make("standard", hands, "9s")
    declare(r, "ppmm")
    # seat 1 holds 11p but declared p: no pong of 1p.
    act(r, 0, AK.DISCARD, "1p")
    assert r.step is Step.TURN and r.current == 1  # nobody could claim it


# --- illegal actions -----------------------------------------------------------------------


def _snapshot(r: Round) -> tuple[object, ...]:
    return (
        repr(r),
        len(r.events),
        len(r.ledger),
        len(r.decisions),
        r.pending_seats(),
        [r.legal_actions(s) for s in range(4)],
        [r.hand_of(s) for s in range(4)],
        r.view(0),
    )


def test_illegal_action_names_the_action_and_leaves_state_unchanged() -> None:
    hands = BASE_HANDS
    r = make("standard", hands)
    declare(r, "ppmm")
    snap = _snapshot(r)
    with pytest.raises(IllegalActionError, match=r"DISCARD seat=0 9m.*void suit"):
        act(r, 0, AK.DISCARD, "9m")
    with pytest.raises(IllegalActionError, match="not in the hand"):
        act(r, 0, AK.DISCARD, "9p")
    with pytest.raises(IllegalActionError, match="need not act"):
        act(r, 2, AK.DISCARD, "1p")
    with pytest.raises(IllegalActionError, match="may now only"):
        act(r, 0, AK.PONG, "1p")
    assert _snapshot(r) == snap
    assert isinstance(IllegalActionError("x"), ValueError)


# --- claims --------------------------------------------------------------------------------


def test_pong_then_must_discard_and_turn_continues_from_claimer() -> None:
    hands = BASE_HANDS
    r = make("wiki", hands)
    declare(r, "ppsm")
    # 5s: seat 3 holds none, seat 1 holds none; 3s: seat 3 holds 33s and declared m
    act(r, 0, AK.DISCARD, "3s")
    assert r.pending_seats() == [3]
    assert kinds(r, 3) == [(AK.PONG, t("3s")), (AK.PASS, None)]
    act(r, 3, AK.PONG, "3s")
    assert r.current == 3 and r.melds_of(3) == (Meld(MeldKind.PONG, t("3s")),)
    assert all(a.kind is AK.DISCARD for a in r.legal_actions(3))
    assert r.view(0).seats[0].pond[0].claimed
    discard(r, 3, "2s")
    assert r.current == 0 and r.pending_seats() == [0]  # turn order continues after seat 3


def test_concealed_kong_pays_two_from_each_and_draws_a_replacement() -> None:
    hands = ["1111m456m789m23p3s4s", "22m3m456m789m99s6s7s", BASE_HANDS[2], BASE_HANDS[3]]
    r = make("wiki", hands, "6p")
    declare(r, "sssm")
    assert (AK.CONCEALED_KONG, t("1m")) in kinds(r, 0)
    act(r, 0, AK.CONCEALED_KONG, "1m")
    assert totals(r) == [6, -2, -2, -2]
    draw = r.events[-1]
    assert draw.kind is EventKind.DRAW and draw.tile == t("6p") and draw.detail == "replacement"
    assert draw.for_seat(1).tile is None
    assert r.pending_seats() == [0]


# --- robbing a kong (抢杠胡, RULES.md §3.4) -------------------------------------------------


ROB_HANDS = [
    "123m456m789m5p1p4p7p9p",  # dealer: discards 5p
    "123m456m789m55p1s2s",  # seat 1 pongs 5p, later adds the 4th
    "666p777p888p34p99p",  # seat 2 waits 2p/5p
    "123s234s345s678s9s",  # seat 3
]


def test_robbing_an_added_kong() -> None:
    # draws: seat 2, seat 3, dealer, seat 1 (the 4th 5p)
    r = make("standard", ROB_HANDS, "1p1p1p5p")
    declare(r, "ssmm")
    act(r, 0, AK.DISCARD, "5p")
    assert r.pending_seats() == [1, 2]
    act(r, 2, AK.PASS)  # seat 2 declines the win on 5p (过手胡 until its next draw)
    act(r, 1, AK.PONG, "5p")
    discard(r, 1, "1s")
    discard(r, 2, "1p")
    discard(r, 3, "1p")
    discard(r, 0, "1p")
    assert r.view(1).last_drawn == t("5p")
    assert (AK.ADDED_KONG, t("5p")) in kinds(r, 1)
    act(r, 1, AK.ADDED_KONG, "5p")
    assert r.events[-1].kind is EventKind.KONG_DECLARED
    assert r.step is Step.ROB and r.pending_seats() == [2]
    assert r.view(2).claim_tile == t("5p") and r.view(2).claim_is_rob
    assert kinds(r, 2) == [(AK.WIN, t("5p")), (AK.PASS, None)]
    act(r, 2, AK.WIN, "5p")
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.seat == 2 and win.from_seat == 1 and "robbing_kong" in win.flags
    assert win.score is not None and ("qiang_gang", 1) in win.score.extras
    # the kong is void: no kong payments, seat 1 keeps a pong, pays as a discarder
    assert not r.ledger.by_reason(Reason.KONG_ADDED)
    assert r.melds_of(1) == (Meld(MeldKind.PONG, t("5p")),)
    (entry,) = r.ledger.by_reason(Reason.WIN_ROBBING_KONG)
    assert (entry.payer, entry.payee, entry.amount) == (1, 2, win.score.points)
    assert r.tile_census() == 108
    assert r.current == 3  # next seat in play after the robber


def test_declined_rob_lets_the_added_kong_stand() -> None:
    r = make("standard", ROB_HANDS, "1p1p1p5p")
    declare(r, "ssmm")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 2, AK.PASS)
    act(r, 1, AK.PONG, "5p")
    for seat, tile in ((1, "1s"), (2, "1p"), (3, "1p"), (0, "1p")):
        discard(r, seat, tile)
    act(r, 1, AK.ADDED_KONG, "5p")
    act(r, 2, AK.PASS)
    assert r.melds_of(1) == (Meld(MeldKind.ADDED_KONG, t("5p")),)
    assert [e.amount for e in r.ledger.by_reason(Reason.KONG_ADDED)] == [1, 1, 1]


def test_a_concealed_kong_can_never_be_robbed() -> None:
    hands = [
        "123m456m789m2p1p4p7p9p",
        "123m456m789m555p1s",  # seat 1 draws the 4th 5p
        "666p777p888p34p99p",  # seat 2 waits on 5p
        "123s234s345s678s9s",
    ]
    r = make("standard", hands, "5p")
    declare(r, "ssmm")
    discard(r, 0, "1p")
    assert (AK.CONCEALED_KONG, t("5p")) in kinds(r, 1)
    act(r, 1, AK.CONCEALED_KONG, "5p")
    assert r.step is Step.TURN and r.pending_seats() == [1]  # no rob window
    assert not any(e.kind is EventKind.KONG_DECLARED for e in r.events)


# --- 一炮多响 with 杠上炮 (RULES.md §6.1) ------------------------------------------------------


MULTI_HANDS = [
    "1111s234s567s88s5p6p",  # dealer: concealed kong of 1s, then discards 5p
    "123m456m789m34p99p",  # seat 1 waits 2p/5p
    "222p777p888p46p99s",  # seat 2 waits 5p
    "1234m567m88m13p99s",  # seat 3
]


def test_multiple_winners_on_a_discard_after_a_kong_each_get_the_kong_income() -> None:
    r = make("standard", MULTI_HANDS, "1p")
    declare(r, "msmp")
    act(r, 0, AK.CONCEALED_KONG, "1s")
    assert totals(r) == [6, -2, -2, -2]
    act(r, 0, AK.DISCARD, "5p")
    assert r.pending_seats() == [1, 2]
    act(r, 1, AK.WIN, "5p")
    assert not r.ledger.by_reason(Reason.WIN_DISCARD)  # resolved when all have answered
    act(r, 2, AK.WIN, "5p")
    wins = [e for e in r.events if e.kind is EventKind.WIN]
    assert [w.seat for w in wins] == [1, 2]
    for w in wins:
        assert w.from_seat == 0 and {"after_kong", "multi"} <= set(w.flags)
        assert w.score is not None and ("gang_shang_pao", 1) in w.score.extras
        assert w.score.points == 2  # 平胡 1 + 杠上炮 1 = 2 fan → ×2
    transfers = r.ledger.by_reason(Reason.KONG_TRANSFER)
    assert [(e.payer, e.payee, e.amount) for e in transfers] == [(0, 1, 6), (0, 2, 6)]
    assert totals(r) == [6 - 16, 2 + 6 - 2, 2 + 6 - 2, -2]
    assert sum(totals(r)) == 0
    assert r.tile_census() == 108
    # play continues after the last winner (seat 2): seat 3 draws
    assert r.current == 3 and r.pending_seats() == [3]
    assert r.view(3).seats[1].out and r.view(3).seats[1].revealed is not None


def test_single_mode_ends_at_the_first_wins() -> None:
    r = make("chengdu", MULTI_HANDS, "9m")
    assert r.phase is Phase.PLAY  # chengdu: no 定缺
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    act(r, 2, AK.WIN, "5p")
    assert r.is_over and r.result is not None
    assert r.result.reason == "first_win" and r.result.winners == (1, 2)
    assert r.result.first_winners == (1, 2) and r.result.first_win_from == 0
    assert r.events[-1].kind is EventKind.HAND_END
    assert r.pending_seats() == [] and r.legal_actions(3) == []
    with pytest.raises(IllegalActionError, match="over"):
        act(r, 3, AK.PASS)


def test_win_beats_pong() -> None:
    hands = [
        "1111s234s567s88s5p6p",
        "123m456m789m34p99p",  # seat 1 can win on 5p
        "55p777p888p46p99s1m",  # seat 2 can pong 5p
        "1234m567m88m13p99s",
    ]
    r = make("standard", hands, "9m")
    declare(r, "msmp")
    act(r, 0, AK.DISCARD, "5p")
    assert kinds(r, 2) == [(AK.PONG, t("5p")), (AK.PASS, None)]
    act(r, 2, AK.PONG, "5p")
    act(r, 1, AK.WIN, "5p")
    assert r.melds_of(2) == ()
    assert [e.seat for e in r.events if e.kind is EventKind.WIN] == [1]


# --- 过手胡 (RULES.md §3.5) ------------------------------------------------------------------


PASSED_HANDS = [
    "123p456p789p11p5s6s7s",  # dealer
    "11123456789m55p",  # seat 1 waits 1m (with a root, 2 fan) and 4m (1 fan)
    "4m4m123s456s789s22s",  # seat 2
    "1m4m7p7p8p8p2p2p3p3p5p6p9p",  # seat 3
]


def _to_seat3_discard(preset: str, seat2_tile: str, overrides: Iterable[str] = ()) -> Round:
    r = make(preset, PASSED_HANDS, "9p9s2p7s", overrides=overrides)
    declare(r, "msps")
    discard(r, 0, "5s")
    discard(r, 1, "9p")
    act(r, 2, AK.DISCARD, seat2_tile)
    assert r.pending_seats() == [1]
    act(r, 1, AK.PASS)  # declines the win
    return r


def test_passed_win_unless_higher_blocks_an_equal_win() -> None:
    r = _to_seat3_discard("standard", "4m")
    assert r.view(1).blocked_value == 1
    act(r, 3, AK.DISCARD, "4m")  # the same 1-fan win: blocked
    assert 1 not in r.pending_seats()


def test_passed_win_unless_higher_allows_a_higher_win() -> None:
    r = _to_seat3_discard("standard", "4m")
    act(r, 3, AK.DISCARD, "1m")  # 2 fan > 1 fan declined
    assert kinds(r, 1)[0] == (AK.WIN, t("1m"))


def test_passed_win_same_tile_blocks_only_that_tile() -> None:
    r = _to_seat3_discard("wiki", "4m")
    assert r.view(1).blocked_tiles == (t("4m"),)
    act(r, 3, AK.DISCARD, "4m")
    assert 1 not in r.pending_seats()
    r = _to_seat3_discard("wiki", "4m")
    act(r, 3, AK.DISCARD, "1m")
    assert kinds(r, 1)[0] == (AK.WIN, t("1m"))


def test_passed_win_block_ends_at_own_next_draw() -> None:
    r = _to_seat3_discard("standard", "4m")
    discard(r, 3, "2p")
    discard(r, 0, "7s")
    assert r.view(1).blocked_value is None and r.current == 1


# --- last four tiles (RULES.md §3.6) ---------------------------------------------------------


LAST_FOUR_HANDS = [
    "1s3s5s7s9s2s4s6s8s1m3m5m7m9m",  # dealer: holds its void suit, can never win
    "123m456m789m111p9p",  # seat 1 waits on 9p only
    "1s3s5s7s9s2s4s6s8s2m4m6m8m",
    "1s3s5s7s9s2s4s6s8s1p3p5p7p",
]


def _last_four_round(position: int, overrides: Iterable[str] = ()) -> Round:
    hands = [parse_tiles(h) for h in LAST_FOUR_HANDS]
    head = compose_wall(hands, [], 0)[:53]
    nine = t("9p")
    # every other free tile is a bamboo tile or something nobody can use; 9p only at the end
    used = to_counts(head)
    free = [k for k in range(27) for _ in range(4 - used[k]) if k != nine]
    free.sort(key=lambda k: (k // 9 != 2, k))
    tail = [*free[: position - 53], nine, *free[position - 53 :]]
    tail += [nine] * (55 - len(tail))
    rules = get_preset("standard").with_overrides(["must_discard_void_first=off", *overrides])
    r = Round.from_wall(rules, head + tail, 0, dice=(1, 1))
    declare(r, "ssss")
    return r


@pytest.mark.parametrize("position", [104, 105])
def test_last_four_forced_win(position: int) -> None:
    r = _last_four_round(position)
    autoplay(r, stop=lambda r: 1 in r.pending_seats() and r.wall_remaining <= 4)
    assert r.legal_actions(1) == [Action(AK.WIN, 1, t("9p"))]
    r = _last_four_round(position, ["last_four_forced=off"])
    autoplay(r, stop=lambda r: 1 in r.pending_seats() and r.wall_remaining <= 4)
    assert len(r.legal_actions(1)) > 1


# --- 引杠杠上花 (RULES.md §6.1 kong_bloom_on_exposed) ------------------------------------------


BLOOM_HANDS = [
    "123s456s789s7p1s2s3s9s",  # dealer discards 7p
    "777p123m456m789m5p",  # seat 1: exposed kong of 7p, replacement 5p wins
    "444s555s666s88p99p",
    "444m555m666m88p99p",
]


@pytest.mark.parametrize(
    ("option", "reason", "payers"),
    [
        ("self_drawn", Reason.WIN_SELF_DRAWN, [0, 2, 3]),
        ("discarder_pays", Reason.WIN_KONG_BLOOM_DISCARDER, [0]),
    ],
)
def test_kong_bloom_after_an_exposed_kong(option: str, reason: str, payers: list[int]) -> None:
    r = make("standard", BLOOM_HANDS, "5p", overrides=[f"kong_bloom_on_exposed={option}"])
    declare(r, "msms")
    act(r, 0, AK.DISCARD, "7p")
    assert kinds(r, 1) == [(AK.EXPOSED_KONG, t("7p")), (AK.PONG, t("7p")), (AK.PASS, None)]
    act(r, 1, AK.EXPOSED_KONG, "7p")
    (kong,) = r.ledger.by_reason(Reason.KONG_EXPOSED)
    assert (kong.payer, kong.payee, kong.amount) == (0, 1, 2)
    assert kinds(r, 1)[0] == (AK.WIN, t("5p"))
    act(r, 1, AK.WIN, "5p")
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert "kong_bloom" in win.flags and win.score is not None
    assert ("gang_shang_hua", 1) in win.score.extras
    entries = r.ledger.by_reason(reason)
    assert [e.payer for e in entries] == payers
    assert all(e.amount == win.score.points for e in entries)


# --- winners leave (RULES.md §6.1 last bullet) ------------------------------------------------


def test_winners_do_not_pay_for_later_kongs() -> None:
    hands = [
        "123s456s789s5p1s2s3s9s",  # dealer discards 5p
        "123m456m789m7p8p9p5p",  # seat 1 wins on it
        "2222p333p444p66p7p",  # seat 2: concealed kong of 2p on its turn
        "444m555m666m88p99p",
    ]
    r = make("standard", hands, "9s")
    declare(r, "msss")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    assert r.current == 2  # seat 2 drew
    act(r, 2, AK.CONCEALED_KONG, "2p")
    kong = r.ledger.by_reason(Reason.KONG_CONCEALED)
    assert sorted(e.payer for e in kong) == [0, 3]
    assert all(e.payee == 2 and e.amount == 2 for e in kong)


# --- drawn hand (RULES.md §6.3) -------------------------------------------------------------


DRAWN_HANDS = [
    "22m4m6m99m22p44p66p7p1s",  # dealer: declares s, keeps 1s to the end → flower pig
    "1111m3m5m7m9m1s3s5s7s9s",  # seat 1: concealed kong of 1m, never ready
    "234m567m888m34p99p",  # seat 2: ready on 2p/5p — 平胡 1 fan
    "111p23p567p888p99p",  # seat 3: ready on 1p (清一色 + root, ×8) and 4p (清一色, ×4)
]


def _drawn_round(overrides: Iterable[str] = ()) -> Round:
    rules_over = ["must_discard_void_first=off", "last_four_forced=off", *overrides]
    hands = [parse_tiles(h) for h in DRAWN_HANDS]
    head = compose_wall(hands, [], 0)[:53]
    used = to_counts(head)
    # Draws nobody can use: bamboo tiles first (nobody keeps them), then the rest.
    free = [k for k in range(27) for _ in range(4 - used[k])]
    free.sort(key=lambda k: (k // 9 != 2, k))
    r = Round.from_wall(get_preset("standard").with_overrides(rules_over), head + free, 0)
    declare(r, "spss")
    return r


def _play_drawn_hand(r: Round) -> None:
    act(r, 0, AK.DISCARD, "9m")
    pass_claims(r)
    assert (AK.CONCEALED_KONG, t("1m")) in kinds(r, 1)
    act(r, 1, AK.CONCEALED_KONG, "1m")
    autoplay(r)


def test_drawn_hand_pig_not_ready_ready_and_refund_to_payers() -> None:
    r = _drawn_round()
    _play_drawn_hand(r)
    assert r.is_over and r.result is not None and r.result.drawn
    assert r.result.reason == "wall_empty" and not r.wins
    kinds_seen = [e.kind for e in r.events]
    wall_empty = kinds_seen.index(EventKind.WALL_EMPTY)
    assert kinds_seen[-1] is EventKind.HAND_END and "drawn" in r.events[-1].flags
    assert all(e.event_index == wall_empty for e in r.ledger.entries[3:])  # after the kong
    pig = r.ledger.by_reason(Reason.FLOWER_PIG)
    assert [(e.payer, e.payee, e.amount) for e in pig] == [(0, 1, 16), (0, 2, 16), (0, 3, 16)]
    not_ready = r.ledger.by_reason(Reason.NOT_READY)
    assert [(e.payer, e.payee) for e in not_ready] == [(1, 2), (1, 3)]
    v2, v3 = (e.amount for e in not_ready)
    assert v2 == 1  # 平胡
    assert v3 == 8  # 清一色 + root (max over the waits)
    refund = r.ledger.by_reason(Reason.KONG_REFUND)
    assert sorted((e.payer, e.payee, e.amount) for e in refund) == [(1, 0, 2), (1, 2, 2), (1, 3, 2)]
    assert totals(r) == [-48, 16 - v2 - v3, 16 + v2, 16 + v3]


def test_drawn_hand_refund_to_ready_players_in_equal_shares() -> None:
    r = _drawn_round(["refund_to=ready"])
    _play_drawn_hand(r)
    refund = r.ledger.by_reason(Reason.KONG_REFUND)
    assert sorted((e.payer, e.payee, e.amount) for e in refund) == [(1, 2, 3), (1, 3, 3)]
    assert sum(totals(r)) == 0


def test_drawn_hand_pay_ready_min() -> None:
    r = _drawn_round(["pay_ready=min"])
    _play_drawn_hand(r)
    v3_min = r.ledger.by_reason(Reason.NOT_READY)[1].amount
    r = _drawn_round()
    _play_drawn_hand(r)
    v3_max = r.ledger.by_reason(Reason.NOT_READY)[1].amount
    assert v3_min < v3_max


# --- 血流成河 (RULES.md §3.7) ----------------------------------------------------------------


def test_xueliu_winner_stays_in_with_a_locked_hand_and_wins_again() -> None:
    hands = [
        "123s456s789s5p1s2s3s9s",  # dealer discards 5p
        "123m456m789m34p99p",  # seat 1 waits 2p/5p
        "444s555s666s77p8p6p",
        "444m555m666m88p99p",
    ]
    # draws: seat 2, seat 3, dealer (2p); then seat 2, seat 3, dealer, seat 1 (7s)
    r = make("modern_xueliu", hands, "1p1p2p1p2m2m7s", overrides=["exchange_three=off"])
    declare(r, "msms")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    assert not r.is_over and r.current == 2
    assert r.view(0).seats[1].won and not r.view(0).seats[1].out
    assert r.view(0).seats[1].revealed is None  # plays on with a concealed hand
    win_event = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win_event.for_seat(0).tiles == () and win_event.for_seat(1).tiles
    assert sum(r.hand_of(1)) == 13
    discard(r, 2, "1p")
    discard(r, 3, "1p")
    act(r, 0, AK.DISCARD, "2p")
    assert kinds(r, 1) == [(AK.WIN, t("2p")), (AK.PASS, None)]  # no pong for a locked hand
    act(r, 1, AK.WIN, "2p")
    assert r.view(0).seats[1].win_tiles == (t("5p"), t("2p"))
    assert r.current == 2
    # seat 1's next own turn: it may only discard the tile it drew (7s)
    autoplay(r, stop=lambda r: r.current == 1 and r.step is Step.TURN)
    assert kinds(r, 1) == [(AK.DISCARD, t("7s"))]
    autoplay(r)
    assert r.result is not None and r.result.reason == "wall_empty"
    assert r.tile_census() == 108 and sum(totals(r)) == 0
    # the winner's locked hand is ready at the end: it never pays a §6.3 check
    checks = (Reason.NOT_READY, Reason.FLOWER_PIG, Reason.KONG_REFUND)
    assert all(e.payer != 1 for e in r.ledger.entries if e.reason in checks)


# --- leaving (RULES.md §6.4) ------------------------------------------------------------------


def test_leaving_mid_hand_settles_at_once() -> None:
    hands = [
        "1111s234s567s88s5p6p",
        "123m456m789m34p99p",
        "222p777p888p46p99s",
        "1234m567m88m13p99s",
    ]
    r = make("standard", hands, "9m")
    declare(r, "msmp")
    act(r, 0, AK.CONCEALED_KONG, "1s")
    events = r.leave(2)
    assert events[0].kind is EventKind.LEAVE and events[-1].kind is EventKind.HAND_END
    assert r.is_over and r.result is not None and r.result.reason == "left"
    assert r.result.left_seat == 2
    penalty = r.ledger.by_reason(Reason.LEAVE_PENALTY)
    assert [(e.payer, e.payee, e.amount) for e in penalty] == [(2, 0, 16), (2, 1, 16), (2, 3, 16)]
    assert not r.ledger.by_reason(Reason.LEAVE_READY)  # more than 4 tiles left
    assert totals(r) == [6 + 16, -2 + 16, -2 - 48, -2 + 16]
    assert r.decisions[-1] == Action(AK.LEAVE, 2)


def test_leaving_in_the_last_four_pays_ready_players_their_hand() -> None:
    r = _drawn_round()
    act(r, 0, AK.DISCARD, "9m")
    pass_claims(r)
    autoplay(r, stop=lambda r: r.wall_remaining <= 4)
    r.leave(1)
    paid = {e.payee: e.amount for e in r.ledger.by_reason(Reason.LEAVE_READY)}
    assert set(paid) == {2, 3} and paid[2] == 1
    assert sum(totals(r)) == 0


# --- 天胡 / 地胡 ------------------------------------------------------------------------------


def test_tian_hu_dealer_wins_on_its_opening_tiles() -> None:
    hands = [
        "123m456m789m234p55p",
        "123s456s789s11p2p3p",
        "123s456s789s33p4p5p",
        "11s22s33s44s7p8p9p66p",
    ]
    r = make("standard", hands)
    declare(r, "smmm")
    legal = r.legal_actions(0)
    # the dealer's 14th tile (跳牌) stands for its draw: it is the winning tile
    assert legal[0] == Action(AK.WIN, 0, t("5p")) and r.view(0).last_drawn == t("5p")
    r.apply(legal[0])
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.score is not None and win.score.pattern == "tian_hu"
    assert "first_turn" in win.flags and "self_drawn" in win.flags
    assert [e.payer for e in r.ledger.by_reason(Reason.WIN_SELF_DRAWN)] == [1, 2, 3]


def test_di_hu_on_the_dealers_first_discard() -> None:
    hands = [
        "123s456s789s2p5p7s8s9s",
        "123m456m789m34p99p",
        "123s456s789s33p4p7p",
        "11s22s33s44s7p8p9p66p",
    ]
    r = make("standard", hands)
    declare(r, "msmm")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.score is not None and win.score.pattern == "di_hu"
    assert "first_turn" in win.flags


def test_no_di_hu_after_a_pong() -> None:
    hands = [
        "123s456s889s7s66p55p",  # dealer discards 7s
        "123s456s789s33p4p7p",
        "77s11s234p678p5p99p",  # seat 2 pongs 7s, discards 5p
        "123m456m789m34p99p",  # seat 3 wins on 5p before its first discard
    ]
    r = make("standard", hands)
    declare(r, "mmms")
    act(r, 0, AK.DISCARD, "7s")
    act(r, 2, AK.PONG, "7s")
    act(r, 2, AK.DISCARD, "5p")
    assert r.pending_seats() == [3, 0]
    act(r, 3, AK.WIN, "5p")
    act(r, 0, AK.PASS)
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.score is not None and win.score.pattern == "ping_hu"
    assert "first_turn" not in win.flags


def test_events_for_hides_other_seats_draws() -> None:
    r = Round.new(get_preset("chengdu"), seed=3)
    r.apply(next(a for a in r.legal_actions(0) if a.kind is AK.DISCARD))
    pass_claims(r)
    draw = next(e for e in reversed(r.events) if e.kind is EventKind.DRAW)
    assert draw.tile is not None
    seen = [e for e in r.events_for(0) if e.kind is EventKind.DRAW]
    assert seen[-1].tile is None
    deals = [e for e in r.events_for(1) if e.kind is EventKind.DEAL]
    assert [bool(e.tiles) for e in deals] == [False, True, False, False]


def test_view_has_public_state_only() -> None:
    r = Round.new(get_preset("standard"), seed=5)
    for seat in range(4):
        r.apply(r.legal_actions(seat)[0])
    v = r.view(2)
    assert v.seat == 2 and v.phase is Phase.PLAY and v.current == 0
    assert sum(v.concealed) == 13 and len(v.tiles) == 13 and v.last_drawn is None
    assert [s.hand_size for s in v.seats] == [14, 13, 13, 13]
    assert sum(v.visible) == 13 and sum(v.public) == 0
    assert v.rules == get_preset("standard")
    assert isinstance(v.rules, RuleSet)


# --- kong payment options (RULES.md §6.2) ------------------------------------------------------


def test_drizzle_and_exposed_kong_pay_options() -> None:
    r = make(
        "standard",
        BLOOM_HANDS,
        "5p",
        overrides=["drizzle=on", "exposed_kong_pay=1", "kong_bloom_on_exposed=self_drawn"],
    )
    declare(r, "msms")
    act(r, 0, AK.DISCARD, "7p")
    act(r, 1, AK.EXPOSED_KONG, "7p")
    exposed = r.ledger.by_reason(Reason.KONG_EXPOSED)
    drizzle = r.ledger.by_reason(Reason.KONG_DRIZZLE)
    assert [(e.payer, e.amount) for e in exposed] == [(0, 1)]
    assert [(e.payer, e.amount) for e in drizzle] == [(2, 1), (3, 1)]


@pytest.mark.parametrize("immediate", [True, False])
def test_added_kong_immediate_pays_only_on_the_turn_the_fourth_was_drawn(immediate: bool) -> None:
    # wiki has added_kong_immediate on; seat 1 draws the 4th 5p, keeps it a turn, then adds it
    opt = "on" if immediate else "off"
    r = make("wiki", ROB_HANDS, "1p1p1p5p", overrides=[f"added_kong_immediate={opt}"])
    declare(r, "ssmm")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 2, AK.PASS)
    act(r, 1, AK.PONG, "5p")
    for seat, tile in ((1, "1s"), (2, "1p"), (3, "1p"), (0, "1p"), (1, "2s")):
        discard(r, seat, tile)
    autoplay(r, stop=lambda r: r.current == 1 and r.step is Step.TURN)
    act(r, 1, AK.ADDED_KONG, "5p")
    pass_claims(r)  # seat 2 may rob; it passes
    assert r.melds_of(1) == (Meld(MeldKind.ADDED_KONG, t("5p")),)
    paid = r.ledger.by_reason(Reason.KONG_ADDED)
    assert len(paid) == (0 if immediate else 3)


def test_kong_declared_right_after_the_draw_pays_under_added_kong_immediate() -> None:
    r = make("wiki", ROB_HANDS, "1p1p1p5p")
    declare(r, "ssmm")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 2, AK.PASS)
    act(r, 1, AK.PONG, "5p")
    for seat, tile in ((1, "1s"), (2, "1p"), (3, "1p"), (0, "1p")):
        discard(r, seat, tile)
    act(r, 1, AK.ADDED_KONG, "5p")
    pass_claims(r)
    assert [e.payer for e in r.ledger.by_reason(Reason.KONG_ADDED)] == [0, 2, 3]


def test_an_added_kong_after_another_kong_on_the_same_turn_still_pays() -> None:
    # RULES.md §6.2: "pays only if declared on the turn the 4th tile was drawn". Seat 1 draws
    # its 4th 5p, declares a concealed kong of 2m first (its replacement is now the latest
    # draw), then adds the 5p: the same turn, so it pays.
    hands = [
        "345m678m789m5p2s3s4s9s",
        "2222m9m55p123p789p",
        "123s456s789s11s4m5m",
        "3s5s7s9s2s4s6s8s8s1p3p7p9p",
    ]
    r = make("wiki", hands, "7m8m9m5p6m4s")
    declare(r, "ssps")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.PONG, "5p")
    discard(r, 1, "9m")
    for seat in (2, 3, 0):
        discard(r, seat, format_tile(r.view(seat).last_drawn))
    assert r.view(1).last_drawn == t("5p")
    act(r, 1, AK.CONCEALED_KONG, "2m")
    assert r.view(1).last_drawn == t("6m")  # the replacement
    act(r, 1, AK.ADDED_KONG, "5p")
    pass_claims(r)
    assert [e.payer for e in r.ledger.by_reason(Reason.KONG_ADDED)] == [0, 2, 3]


def test_three_winners_end_a_xuezhan_hand() -> None:
    hands = [*MULTI_HANDS[:3], "123m456m789m2s3s99s"]  # seat 3 waits 1s/4s
    r = make("standard", hands, "1p4s")
    declare(r, "msmp")
    act(r, 0, AK.CONCEALED_KONG, "1s")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    act(r, 2, AK.WIN, "5p")
    assert r.current == 3 and r.view(3).last_drawn == t("4s")
    act(r, 3, AK.WIN, "4s")
    assert r.is_over and r.result is not None
    assert r.result.reason == "three_won" and r.result.winners == (1, 2, 3)
    assert not r.result.drawn and r.result.first_winners == (1, 2)
    # the self-drawn winner is paid by the only player still in: the dealer
    assert [e.payer for e in r.ledger.by_reason(Reason.WIN_SELF_DRAWN)] == [0]
    assert sum(totals(r)) == 0 and r.tile_census() == 108


def test_a_view_does_not_depend_on_other_seats_hidden_tiles() -> None:
    """White-box: change another seat's concealed tiles (same count) and rebuild the view —
    nothing in it may change."""
    rng = random.Random(4)
    checked = 0
    for seed in range(30):
        r = Round.new(get_preset("standard"), seed=seed)
        while not r.is_over:
            seat = r.pending_seats()[0]
            if r.phase is Phase.PLAY and rng.random() < 0.1:
                other = (seat + 2) % 4
                hand = r._hands[other]
                held = [k for k in range(27) if hand[k]]
                free = [k for k in range(27) if hand[k] < 4]
                if held and r.view(seat).seats[other].revealed is None:
                    before = r.view(seat)
                    a, b = rng.choice(held), rng.choice(free)
                    hand[a] -= 1
                    hand[b] += 1
                    r._info = [None] * 4
                    after = r.view(seat)
                    hand[b] -= 1
                    hand[a] += 1
                    r._info = [None] * 4
                    assert after == before
                    checked += 1
            r.apply(rng.choice(r.legal_actions(seat)))
    assert checked > 50


DEAD_WAIT_HANDS = [
    "999p1s3s5s7s9s2s4s6s8s1m3m",  # dealer: discards its three 9p; flower pig (void s)
    "1s3s5s7s9s2s4s6s8s2m4m6m8m",  # seat 1: flower pig
    "123m456m789m111p9p",  # seat 2: waits on 9p only — a dead wait once 999p is discarded
    "1p3p5p7p2m4m6m8m1m3m5m7m9m",  # seat 3: not ready, no void tile
]


def _dead_wait_round(preset: str, overrides: Iterable[str]) -> Round:
    hands = [parse_tiles(h) for h in DEAD_WAIT_HANDS]
    head = compose_wall(hands, [], 0)[:53]
    used = to_counts(head)
    free = [k for k in range(27) for _ in range(4 - used[k])]
    free.sort(key=lambda k: (k // 9 != 2, k))
    rules = get_preset(preset).with_overrides(
        ["must_discard_void_first=off", "last_four_forced=off", *overrides]
    )
    r = Round.from_wall(rules, head + free, 0)
    declare(r, "ssss")
    for _ in range(3):
        autoplay(r, stop=lambda r: r.current == 0 and r.step is Step.TURN)
        act(r, 0, AK.DISCARD, "9p")
        pass_claims(r)
    autoplay(r)
    return r


@pytest.mark.parametrize("dead_counts", [True, False])
def test_dead_wait_counts(dead_counts: bool) -> None:
    r = _dead_wait_round("standard", [f"dead_wait_counts={'on' if dead_counts else 'off'}"])
    assert r.result is not None and r.result.drawn
    not_ready = [(e.payer, e.payee) for e in r.ledger.by_reason(Reason.NOT_READY)]
    assert not_ready == ([(3, 2)] if dead_counts else [])


def test_pig_penalty_cap_in_wiki() -> None:
    r = _dead_wait_round("wiki", [])
    pig = r.ledger.by_reason(Reason.FLOWER_PIG)
    assert {e.amount for e in pig} == {8}  # 满格 ×8 (cap_fan 4)
    assert sorted({e.payer for e in pig}) == [0, 1]


def test_compose_wall_takes_notation_and_events_print_in_notation() -> None:
    assert compose_wall(BASE_HANDS, "5p6p") == compose_wall(
        [parse_tiles(h) for h in BASE_HANDS], parse_tiles("5p6p")
    )
    with pytest.raises(ValueError, match="wrong counts"):
        compose_wall(["1111m" + BASE_HANDS[0][5:], *BASE_HANDS[1:]], "1m")
    r = Round.from_wall(get_preset("wiki"), compose_wall(BASE_HANDS), 0, dice=(3, 4))
    assert str(r.events[0]) == "#0 DICE seat=0 dice=3+4"
    declare(r, "ppmm")
    act(r, 0, AK.DISCARD, "1p")
    assert str(next(e for e in r.events if e.kind is EventKind.DISCARD)).endswith(
        "DISCARD seat=0 1p"
    )


def test_two_players_rob_the_same_kong() -> None:
    hands = [*ROB_HANDS[:3], "123s456s789s46p99s"]  # seat 3 waits on 5p too
    r = make("standard", hands, "1p1p1p5p")
    declare(r, "ssmm")
    act(r, 0, AK.DISCARD, "5p")
    assert r.pending_seats() == [1, 2, 3]
    act(r, 2, AK.PASS)
    act(r, 3, AK.PASS)
    act(r, 1, AK.PONG, "5p")
    for seat, tile in ((1, "1s"), (2, "1p"), (3, "1p"), (0, "1p")):
        discard(r, seat, tile)
    act(r, 1, AK.ADDED_KONG, "5p")
    assert r.pending_seats() == [2, 3]
    act(r, 3, AK.WIN, "5p")
    act(r, 2, AK.WIN, "5p")
    wins = [e for e in r.events if e.kind is EventKind.WIN]
    assert [w.seat for w in wins] == [2, 3]
    assert all({"robbing_kong", "multi"} <= set(w.flags) for w in wins)
    robbed = r.ledger.by_reason(Reason.WIN_ROBBING_KONG)
    assert [(e.payer, e.payee) for e in robbed] == [(1, 2), (1, 3)]
    assert r.tile_census() == 108 and r.current == 0  # next after the last robber
    r.check_invariants()


# --- the rulebook's clauses, each worked out by hand on a stacked wall --------------------------
# (RULES.md §3.6, §5.1 绝张, §6.1 引杠杠上花 and 呼叫转移, §6.3 steps 2-4, §6.4)


@pytest.mark.parametrize(
    ("preset", "self_drawn_pays", "discarder_pays"),
    [
        # 平胡 1 + 根 (the 7p kong) 1 + 杠上花 1 = 3 fan, ×4; self-drawn adds 自摸加底 1
        ("standard", 5, 4),
        # jj's 自摸 +1 fan: 4 fan ×8 self-drawn; paid by the discarder it is 3 fan ×4
        ("jj", 8, 4),
    ],
)
def test_kong_bloom_paid_by_the_discarder_is_valued_as_a_discard_win(
    preset: str, self_drawn_pays: int, discarder_pays: int
) -> None:
    """RULES.md §6.1: with discarder_pays the kong tile's discarder pays alone "as for a
    discard win": neither 自摸加底 nor 自摸加番 applies, 杠上花 still counts."""
    for option, expected, payers in (
        ("self_drawn", self_drawn_pays, [0, 2, 3]),
        ("discarder_pays", discarder_pays, [0]),
    ):
        r = make(preset, BLOOM_HANDS, "5p", overrides=[f"kong_bloom_on_exposed={option}"])
        declare(r, "msms")
        act(r, 0, AK.DISCARD, "7p")
        act(r, 1, AK.EXPOSED_KONG, "7p")
        act(r, 1, AK.WIN, "5p")
        (win,) = r.wins
        assert win.score.extras_dict.get("gang_shang_hua") == 1
        wins = [e for e in r.ledger.entries if e.reason in WIN_REASONS]
        assert [(e.payer, e.amount) for e in wins] == [(p, expected) for p in payers], option
        if option == "discarder_pays":
            assert not win.score.self_drawn and win.score.self_draw_bonus == 0
            assert "zi_mo" not in win.score.extras_dict
            assert wins[0].reason is Reason.WIN_KONG_BLOOM_DISCARDER


REFUND_HANDS = [
    "1m3m4m6m99m22p44p66p7p1s",  # dealer: declares s, keeps 1s (a flower pig); discards 1m, 3m
    "111m333m5m7m9m1s3s5s7s",  # seat 1: exposed kongs of 1m and 3m, never ready
    "456m567m888m34p99p",  # seat 2: ready on 2p/5p
    "111p23p567p888p99p",  # seat 3: ready on 1p/4p
]


def _two_kongs_then_drawn(overrides: Iterable[str]) -> Round:
    rules = get_preset("standard").with_overrides(
        ["must_discard_void_first=off", "last_four_forced=off", "exposed_kong_pay=1", *overrides]
    )
    head = compose_wall([parse_tiles(h) for h in REFUND_HANDS], [], 0)[:53]
    used = to_counts(head)
    free = sorted(
        (k for k in range(27) for _ in range(4 - used[k])), key=lambda k: (k // 9 != 2, k)
    )
    r = Round.from_wall(rules, head + free, 0)
    declare(r, "spss")
    act(r, 0, AK.DISCARD, "1m")
    act(r, 1, AK.EXPOSED_KONG, "1m")
    autoplay(r, stop=lambda r: r.current == 0 and r.step is Step.TURN)
    act(r, 0, AK.DISCARD, "3m")
    act(r, 1, AK.EXPOSED_KONG, "3m")
    autoplay(r)
    assert r.result is not None and r.result.drawn
    return r


def test_refund_to_ready_adds_up_the_refunders_kong_income_first() -> None:
    """RULES.md §6.3 step 3, refund_to = "ready": seat 1's two kongs earned 1 each
    (exposed_kong_pay=1); the whole 2 is split once between the two ready players, 1 each
    (kong by kong, 1 // 2 would give them nothing)."""
    r = _two_kongs_then_drawn(["refund_to=ready"])
    kongs = r.ledger.by_reason(Reason.KONG_EXPOSED)
    assert [(e.payer, e.payee, e.amount) for e in kongs] == [(0, 1, 1), (0, 1, 1)]
    refunds = r.ledger.by_reason(Reason.KONG_REFUND)
    assert [(e.payer, e.payee, e.amount) for e in refunds] == [(1, 2, 1), (1, 3, 1)]
    facts = refunds[0].facts
    assert isinstance(facts, RefundFacts) and facts.shared
    assert [k.tile for k in facts.kongs] == [t("1m"), t("3m")]
    words = Narrator("en").ledger_line(refunds[0])
    assert "exposed kong of 1 Character and exposed kong of 3 Characters" in words
    # refund_to = "payers": each payment goes back to its payer
    r = _two_kongs_then_drawn([])
    refunds = r.ledger.by_reason(Reason.KONG_REFUND)
    assert [(e.payer, e.payee, e.amount) for e in refunds] == [(1, 0, 1), (1, 0, 1)]


def test_jue_zhang_needs_the_other_three_copies_on_the_table() -> None:
    """RULES.md §5.1 绝张: the other three copies all shown (ponds, melds); copies in the
    winner's own hand do not count."""
    # seat 1 waits 6p/9p: the dealer's 9p is ponged (three shown), seat 1 draws the last one
    hands = [
        "123s456s789s9p1s2s3s5p",
        "123m456m789m78p55p",
        "444s555s666s99p7p6p",
        "444m555m666m88p23p",
    ]
    for value, extras in (("1", {"jue_zhang": 1, "zi_mo": 1}), ("off", {"zi_mo": 1})):
        r = make("standard", hands, "1m1m9p", overrides=[f"extra.jue_zhang={value}"])
        declare(r, "msms")
        act(r, 0, AK.DISCARD, "9p")
        act(r, 1, AK.PASS)
        act(r, 2, AK.PONG, "9p")
        discard(r, 2, "7p")
        discard(r, 3, "1m")
        discard(r, 0, "1m")
        act(r, 1, AK.WIN, "9p")
        assert r.wins[0].score.extras_dict == extras
    # seat 1 holds a pair of 9p: one 9p in a pond and the last one drawn is no 绝张
    hands[1], hands[2] = "123m456m789m11p99p", "444s555s666s88p7p6p"
    r = make("standard", hands, "9p", overrides=["extra.jue_zhang=1"])
    declare(r, "msms")
    act(r, 0, AK.DISCARD, "9p")
    act(r, 1, AK.PASS)
    act(r, 1, AK.WIN, "9p")
    assert r.wins[0].score.extras_dict == {"zi_mo": 1}


def _late_round(position: int, dealer: int, overrides: Iterable[str] = ()) -> Round:
    """LAST_FOUR_HANDS with ``dealer`` dealing (seat 1 always waits on 9p) and the one free
    9p at wall ``position``."""
    others = iter(LAST_FOUR_HANDS[2:])
    hands = [
        LAST_FOUR_HANDS[0] if s == dealer else LAST_FOUR_HANDS[1] if s == 1 else next(others)
        for s in range(4)
    ]
    head = compose_wall([parse_tiles(h) for h in hands], [], dealer)[:53]
    nine = t("9p")
    used = to_counts(head)
    free = [k for k in range(27) for _ in range(4 - used[k]) if k != nine]
    free.sort(key=lambda k: (k // 9 != 2, k))
    tail = [*free[: position - 53], nine, *free[position - 53 :]]
    tail += [nine] * (55 - len(tail))
    rules = get_preset("standard").with_overrides(["must_discard_void_first=off", *overrides])
    r = Round.from_wall(rules, head + tail, dealer, dice=(1, 1))
    declare(r, "ssss")
    return r


def _to_seat1(r: Round) -> None:
    """Play on until seat 1 may win (on the 9p)."""
    autoplay(r, stop=lambda r: any(a.kind is AK.WIN for a in r.legal_actions(1)))


@pytest.mark.parametrize(
    ("position", "dealer", "forced"),
    [
        # seat 1 draws 9p itself: with 5 tiles left before the draw it is not one of the
        # last four, with 1 left it is (dealer 2: seat 1 draws positions 103, 107)
        (103, 2, False),
        (107, 2, True),
        # seat 3 draws 9p with 5 left and discards it: not forced; seat 0 draws it with 4
        # left and discards it: forced (dealer 0: seat 3 draws 103, seat 0 draws 104)
        (103, 0, False),
        (104, 0, True),
    ],
)
def test_last_four_are_the_draws_from_a_wall_of_four_or_fewer(
    position: int, dealer: int, forced: bool
) -> None:
    """RULES.md §3.6: the last four are the tiles drawn while the wall held at most 4 before
    the draw; a win on one of them (self-drawn, or discarded by the player who drew it) is
    forced."""
    r = _late_round(position, dealer)
    _to_seat1(r)
    legal = r.legal_actions(1)
    assert legal[0] == Action(AK.WIN, 1, t("9p"))
    assert (legal == [legal[0]]) is forced, (r.wall_remaining, legal)


def test_last_four_forcing_follows_the_discarders_last_draw() -> None:
    """RULES.md §3.6: a discard forces a win when the discarder's last draw was one of the
    last four — not when the discarder has ponged since a draw made earlier."""
    hands = [
        "1s3s5s7s9s2s4s6s8s1m3m5m7m9m",  # dealer (seat 0)
        "123m456m789m111p9p",  # seat 1 waits on 9p
        "1s3s5s7s9s2s4s6s8s22m6m9p",  # seat 2: pongs 2m, then discards its 9p
        "1s3s5s7s9s2s4s6s8s1p3p5p7p",
    ]
    head = compose_wall([parse_tiles(h) for h in hands], [], 0)[:53]
    used = to_counts(head)
    two, nine = t("2m"), t("9p")
    free = [k for k in range(27) for _ in range(4 - used[k]) if k not in (two, nine)]
    free.sort(key=lambda k: (k // 9 != 2, k))
    # seat 2 last draws at position 102 (6 left before the draw), seat 1 draws 2m at 105 (3 left)
    rules = get_preset("standard").with_overrides(["must_discard_void_first=off"])
    r = Round.from_wall(rules, [*head, *free, two, nine, nine], 0, dice=(1, 1))
    declare(r, "ssss")
    autoplay(r, stop=lambda r: r.current == 1 and r.view(1).last_drawn == two)
    assert r.wall_remaining == 2
    act(r, 1, AK.DISCARD, "2m")
    act(r, 2, AK.PONG, "2m")
    act(r, 2, AK.DISCARD, "9p")
    assert r.legal_actions(1) == [Action(AK.WIN, 1, nine), Action(AK.PASS, 1)]


@pytest.mark.parametrize("transfer", [True, False])
def test_kong_transfer_option(transfer: bool) -> None:
    """RULES.md §6.1 呼叫转移 (option kong_transfer): on, the kong's income goes to the
    winner of the discard right after it; off, there is no transfer but 杠上炮 still
    counts."""
    r = make("standard", MULTI_HANDS, "1p", overrides=[f"kong_transfer={transfer}"])
    declare(r, "msmp")
    act(r, 0, AK.CONCEALED_KONG, "1s")
    act(r, 0, AK.DISCARD, "5p")
    act(r, 1, AK.WIN, "5p")
    act(r, 2, AK.WIN, "5p")
    for w in r.wins:
        assert w.score.extras_dict == {"gang_shang_pao": 1} and w.score.points == 2
    transfers = [(e.payer, e.payee, e.amount) for e in r.ledger.by_reason(Reason.KONG_TRANSFER)]
    assert transfers == ([(0, 1, 6), (0, 2, 6)] if transfer else [])
    assert totals(r) == ([6 - 16, 6, 6, -2] if transfer else [6 - 4, 0, 0, -2])
    assert get_preset("chengdu").kong_transfer is False  # RULES.md §9


def test_kong_transfer_off_leaves_the_kong_to_be_refunded() -> None:
    """With kong_transfer off the kong keeps its income, so 退税 returns it when its owner
    ends not ready (§6.3 step 3); a transferred kong's income is gone and is not refunded."""
    for transfer, refunded in (("off", [(0, 1, 2), (0, 2, 2), (0, 3, 2)]), ("on", [])):
        r = make("standard", MULTI_HANDS, "1p", overrides=[f"kong_transfer={transfer}"])
        declare(r, "msmp")
        act(r, 0, AK.CONCEALED_KONG, "1s")
        act(r, 0, AK.DISCARD, "5p")
        act(r, 1, AK.WIN, "5p")
        act(r, 2, AK.WIN, "5p")
        autoplay(r)
        assert r.result is not None and r.result.reason == "wall_empty"
        refunds = r.ledger.by_reason(Reason.KONG_REFUND)
        assert [(e.payer, e.payee, e.amount) for e in refunds] == refunded, transfer


def test_dead_wait_off_values_the_ready_hand_over_its_live_tiles() -> None:
    """RULES.md §6.3 step 2, dead_wait_counts off: seat 3 waits on 1p (清一色 + root, ×8)
    and 4p (清一色, ×4); the last 1p ends in a pond, so with the rule off it is paid ×4."""
    for dead_counts, value in (("on", 8), ("off", 4)):
        r = _drawn_round([f"dead_wait_counts={dead_counts}"])
        _play_drawn_hand(r)
        assert r.view(3).public[t("1p")] == 1  # with its three in hand: all four seen
        paid = {e.payee: e.amount for e in r.ledger.by_reason(Reason.NOT_READY)}
        assert paid[3] == value, dead_counts


def test_kong_refund_reaches_a_payer_that_has_won_since() -> None:
    """RULES.md §6.3 step 3 (refund_to payers): the refund goes back to every payer, also to
    one that has won since the kong."""
    r = _drawn_round()
    act(r, 0, AK.DISCARD, "9m")
    pass_claims(r)
    act(r, 1, AK.CONCEALED_KONG, "1m")  # paid 2 each by seats 0, 2 and 3
    autoplay(r, stop=lambda r: r.current == 0 and r.step is Step.TURN)
    act(r, 0, AK.DISCARD, "2p")
    act(r, 2, AK.WIN, "2p")
    assert r.view(0).seats[2].won
    autoplay(r)
    assert r.result is not None and r.result.drawn
    refunds = r.ledger.by_reason(Reason.KONG_REFUND)
    assert sorted((e.payer, e.payee, e.amount) for e in refunds) == [
        (1, 0, 2),
        (1, 2, 2),
        (1, 3, 2),
    ]


def _xueliu_drawn(overrides: Iterable[str]) -> Round:
    """DRAWN_HANDS under modern_xueliu: seat 3 wins on the dealer's 4p, then the wall runs
    out with nobody else winning."""
    rules = get_preset("modern_xueliu").with_overrides(
        ["exchange_three=off", "must_discard_void_first=off", "last_four_forced=off", *overrides]
    )
    head = compose_wall([parse_tiles(h) for h in DRAWN_HANDS], [], 0)[:53]
    used = to_counts(head)
    free = sorted(
        (k for k in range(27) for _ in range(4 - used[k])), key=lambda k: (k // 9 != 2, k)
    )
    r = Round.from_wall(rules, head + free, 0)
    declare(r, "spss")
    act(r, 0, AK.DISCARD, "4p")
    act(r, 3, AK.WIN, "4p")
    autoplay(r)
    assert r.result is not None and r.result.drawn and len(r.wins) == 1
    return r


@pytest.mark.parametrize("pay_ready", ["max", "min"])
def test_xueliu_drawn_hand_counts_a_winner_ready_at_its_best_value(pay_ready: str) -> None:
    """RULES.md §6.3 step 4: in 血流成河 every seat takes part in steps 1-3; a seat that has
    won is ready with its best win value (seat 3: 1p, 清一色 3 + 根 + 门清 = 5 fan, ×16 —
    not 4p's ×8, even under pay_ready=min), is never a pig and never pays."""
    r = _xueliu_drawn([f"pay_ready={pay_ready}"])
    pig = r.ledger.by_reason(Reason.FLOWER_PIG)
    assert [(e.payer, e.payee) for e in pig] == [(0, 1), (0, 2), (0, 3)]  # the winner too
    not_ready = {e.payee: e for e in r.ledger.by_reason(Reason.NOT_READY)}
    assert not_ready[3].payer == 1 and not_ready[3].amount == 16
    facts = not_ready[3].facts
    assert isinstance(facts, ReadyFacts) and facts.tile == t("1p")
    assert not_ready[2].amount == 2  # 平胡 + 门清, either wait
    checks = (Reason.NOT_READY, Reason.FLOWER_PIG, Reason.KONG_REFUND)
    assert all(e.payer != 3 for e in r.ledger.entries if e.reason in checks)


def test_a_winner_leaves_without_penalty_and_the_hand_plays_on() -> None:
    """RULES.md §6.4: a player who has already won may leave without any penalty; its
    winnings stand and the hand is played out and settled as usual."""
    for preset, extra in (("standard", []), ("modern_xueliu", ["exchange_three=off"])):
        r = make(preset, MULTI_HANDS, "1p", overrides=extra)
        declare(r, "msmp")
        act(r, 0, AK.DISCARD, "5p")
        act(r, 1, AK.WIN, "5p")
        act(r, 2, AK.WIN, "5p")
        before = list(r.ledger.entries)
        events = r.leave(1)
        assert [e.kind for e in events] == [EventKind.LEAVE]
        assert events[0].detail == LEAVE_AFTER_WIN
        assert r.ledger.entries == before and not r.is_over
        assert Narrator("en").event_line(events[0]) == "Seat 2 leaves after winning (no penalty)"
        autoplay(r)  # the caller plays seat 1 on (血流成河: within its locked hand)
        assert r.result is not None and r.result.reason in ("wall_empty", "three_won")
        assert r.result.left_seat is None
        assert not r.ledger.by_reason(Reason.LEAVE_PENALTY)
        assert r.decisions.count(Action(AK.LEAVE, 1)) == 1
