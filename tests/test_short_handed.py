"""The three- and two-seat rooms (issue 15, docs/rules-short-handed.md), rule by rule on
stacked walls: 三人两房 (3 seats, 筒 + 条, 72 tiles), 三人三房 (3 seats, 108), 两人两房
(2 seats, 72) and 两人一房 (2 seats, one suit, 36)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine.match import (
    DRAW_FIRST_DEALER,
    HandOutcome,
    MatchState,
    first_dealer,
    next_dealer,
)
from engine.round import (
    Action,
    ActionKind,
    EndReason,
    EventKind,
    Phase,
    Round,
    Step,
    compose_wall,
    deal_order,
    exchange_direction,
    exchange_target,
    table_place,
    wall_ids,
    wall_stacks,
)
from engine.rules import PRESETS, RuleSet, UnknownOptionError, get_preset
from engine.scoring import WinContext, score_hand
from engine.settlement import Reason
from engine.tiles import parse_counts, parse_tile, parse_tiles

AK = ActionKind


def t(text: str) -> int:
    return parse_tile(text)


def three(**options: object) -> RuleSet:
    """三人两房 without 换三张 (so the deal is what the test stacked)."""
    return get_preset("sanren_liangfang").with_overrides({"exchange_three": False, **options})


def two(**options: object) -> RuleSet:
    return get_preset("liangren").with_overrides({"exchange_three": False, **options})


def make(
    rules: RuleSet,
    hands: Sequence[str],
    draws: str = "",
    dealer: int = 0,
    dice: tuple[int, int] = (1, 1),
) -> Round:
    wall = compose_wall(hands, draws, dealer, suits=rules.suits)
    return Round.from_wall(rules, wall, dealer, seed=0, dice=dice)


def act(r: Round, seat: int, kind: ActionKind, tile: str | None = None) -> None:
    action = Action(kind, seat, None if tile is None else t(tile))
    assert action in r.legal_actions(seat), (action, r.legal_actions(seat))
    r.apply(action)
    r.check_invariants()


def pass_claims(r: Round) -> None:
    while not r.is_over and r.step in (Step.CLAIM, Step.ROB):
        for seat in r.pending_seats():
            r.apply(Action(AK.PASS, seat))


def paid(r: Round, reason: Reason) -> list[tuple[int, int, int]]:
    return [(e.payer, e.payee, e.amount) for e in r.ledger.entries if e.reason == reason]


# Seat 1 waits on 2s/5s (123p456p789s + 2345s), seat 2 on 6p (111p222p333s444s + 6p); the
# dealer's tiles help nobody. Every test first plays one round of harmless discards (9p, then
# 8s and 7s drawn and discarded), so that no win is a 地胡 (RULES.md §5.1).
S1 = "123p456p789s234s5s"
S2 = "111p222p333s444s6p"
DEALER = "9p77p88p33p5p66s7s8s99s"
OPENING = "8s7s"  # seat 1's and seat 2's first draws


def opening_round(r: Round) -> None:
    """The dealer discards 9p, seats 1 and 2 discard what they draw (8s, 7s): nobody can
    claim any of them."""
    act(r, 0, AK.DISCARD, "9p")
    for seat in range(1, r.players):
        assert r.pending_seats() == [seat], r.pending_seats()
        act(r, seat, AK.DISCARD, "8s" if seat == 1 else "7s")
    assert r.current == 0


# --- the wall, the deal, the seats ---------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "tiles", "seats"),
    [
        (get_preset("sanren_liangfang"), 72, 3),  # 三人两房
        (get_preset("standard").with_overrides(["players=3"]), 108, 3),  # 三人三房
        (get_preset("liangren"), 72, 2),  # 两人两房
        (get_preset("liangren").with_overrides(["suits=m"]), 36, 2),  # 两人一房
    ],
)
def test_each_room_deals_13_and_the_dealer_14_from_its_wall(
    rules: RuleSet, tiles: int, seats: int
) -> None:
    for seed in range(5):
        r = Round.new(rules, seed, dealer=seed % seats)
        assert r.players == seats and r.num_tiles == tiles == rules.num_tiles
        assert sorted(r.wall_ids) == wall_ids(rules.suits)  # a permutation of its tiles
        assert r.wall_remaining == tiles - 13 * seats - 1
        sizes = [sum(r.hand_of(s)) for s in range(seats)]
        assert sizes == [14 if s == seed % seats else 13 for s in range(seats)]
        view = r.view(0)
        assert len(view.seats) == seats and view.wall_remaining == r.wall_remaining
        assert r.tile_census() == tiles
        kept = set(rules.suits)
        assert all("mps"[k // 9] in kept for s in range(seats) for k in r.view(s).tiles)
        with pytest.raises(ValueError, match=f"seat must be 0-{seats - 1}"):
            r.view(seats)


def test_the_deal_order_and_table_places_of_each_seat_count() -> None:
    assert len(deal_order(0, 3)) == 40 and len(deal_order(1, 2)) == 27
    assert deal_order(2, 3)[:4] == [2] * 4 and deal_order(2, 3)[-1] == 2
    # three players leave the seat across empty; two sit across from each other
    assert [table_place(s, 0, 3) for s in range(3)] == [0, 1, 3]
    assert [table_place(s, 2, 3) for s in range(3)] == [1, 3, 0]
    assert [table_place(s, 1, 2) for s in range(2)] == [2, 0]
    assert [table_place(s, 0, 4) for s in range(4)] == [0, 1, 2, 3]
    # the wall's four sides of two-high stacks
    assert wall_stacks(108) == (14, 13, 14, 13)
    assert wall_stacks(72) == (9, 9, 9, 9)
    assert wall_stacks(36) == (5, 4, 5, 4)


def test_walls_of_the_wrong_suits_or_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="wrong counts: 1m×1"):
        compose_wall([DEALER, "1m" + S1[:-2], S2], suits="ps")
    with pytest.raises(ValueError, match="a wall has 72 tiles, four of each kind of ps"):
        Round.from_wall(three(), compose_wall([DEALER, S1, S2], suits="mps"))
    with pytest.raises(ValueError, match="hands: one per player"):
        compose_wall([DEALER], suits="ps")
    with pytest.raises(UnknownOptionError, match="too few to deal 4 players"):
        get_preset("standard").with_overrides(["suits=m"])
    with pytest.raises(UnknownOptionError, match="too few to deal 3 players"):
        get_preset("sanren_liangfang").with_overrides(["suits=1"])
    with pytest.raises(ValueError, match="dealer must be a seat 0-2"):
        Round.new(three(), 1, dealer=3)


def test_suits_read_as_letters_in_any_order_or_as_a_count() -> None:
    base = get_preset("standard")
    assert base.with_overrides(["suits=sp"]).suits == "ps"
    assert base.with_overrides({"suits": 2}).suits == "ps"  # 万 removed, as the apps do
    assert base.with_overrides(["suits=3"]).suits == "mps"
    assert get_preset("liangren").with_overrides(["suits=1"]).suits == "m"
    assert get_preset("liangren").with_overrides(["suits=s"]).kept_suits == (2,)
    with pytest.raises(UnknownOptionError, match="valid: mps, mp, ms, ps, m, p, s; or 3"):
        base.with_overrides(["suits=mpx"])
    with pytest.raises(UnknownOptionError, match="an integer 2-4"):
        base.with_overrides(["players=1"])


def test_the_presets_and_players_on_any_preset() -> None:
    sanren, liangren = PRESETS["sanren_liangfang"], PRESETS["liangren"]
    assert (sanren.players, sanren.suits, sanren.mode, sanren.cap_fan) == (3, "ps", "xuezhan", 5)
    assert (liangren.players, liangren.suits) == (2, "ps")
    modern = PRESETS["modern"]
    for name in ("fan_table", "extra_table", "self_draw_bonus", "exchange_three"):
        assert getattr(sanren, name) == getattr(modern, name)  # the modern tables
    assert not sanren.declares_void and sanren.first_dealer == "random"
    for preset in ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu"):
        rules = PRESETS[preset].with_overrides(["players=3"])
        assert rules.players == 3 and rules.declares_void == PRESETS[preset].declare_void
    # 定缺 needs three suits: with two the declaration is skipped whatever the option says
    assert not get_preset("standard").with_overrides(["suits=ps"]).declares_void


# --- no 定缺, no void needed to win; who pays; when 血战到底 ends ------------------------------


def test_two_suit_rooms_skip_the_void_declaration() -> None:
    r = make(three(), [DEALER, S1, S2], OPENING)
    assert r.phase is Phase.PLAY and r.pending_seats() == [0]
    assert not any(e.kind is EventKind.VOIDS_REVEALED for e in r.events)
    assert all(r.void_of(s) is None and r.view(s).own_void is None for s in range(3))
    assert not any(a.kind is AK.DECLARE_VOID for a in r.legal_actions(0))


def test_a_discard_win_is_paid_by_the_discarder_alone_and_the_next_seat_plays_on() -> None:
    r = make(three(), [DEALER, S1, S2], OPENING + "5s")
    opening_round(r)
    act(r, 0, AK.DISCARD, "5s")
    assert r.pending_seats() == [1]
    assert r.legal_actions(1) == [Action(AK.WIN, 1, t("5s")), Action(AK.PASS, 1)]
    act(r, 1, AK.WIN, "5s")  # 123p456p789s 234s 55s: both suits, no void to lack
    (win,) = r.wins
    assert win.score.pattern == "ping_hu" and win.score.extras_dict == {"men_qing": 1}
    assert paid(r, Reason.WIN_DISCARD) == [(0, 1, 2)]  # 2 fan ×2, from the discarder only
    assert not r.is_over and r.current == 2  # 血战到底: the seat after the winner draws
    assert r.view(0).seats[1].won and r.view(0).seats[1].revealed is not None


def test_a_self_draw_is_paid_by_every_player_still_in_and_two_wins_of_three_end_it() -> None:
    r = make(three(), [DEALER, S1, S2], OPENING + "1s5s6p")
    opening_round(r)
    act(r, 0, AK.DISCARD, "1s")
    act(r, 1, AK.WIN, "5s")  # self-drawn: 2 fan ×2 + 自摸加底 1 from each of the two others
    assert paid(r, Reason.WIN_SELF_DRAWN) == [(0, 1, 3), (2, 1, 3)]
    act(r, 2, AK.WIN, "6p")  # 对对胡 2 + 门清 1 = 3 fan ×4 + 1; seat 1 has won: seat 0 alone
    assert paid(r, Reason.WIN_SELF_DRAWN)[2:] == [(0, 2, 5)]
    assert r.is_over and r.result is not None
    assert r.result.reason is EndReason.ALL_BUT_ONE_WON  # all but one have won
    assert r.result.totals == (-8, 6, 2)
    assert r.events[-1].detail == "all_but_one_won"


def test_two_players_the_first_win_ends_the_hand() -> None:
    r = make(two(), [DEALER, S1], "8s5s")
    act(r, 0, AK.DISCARD, "9p")
    act(r, 1, AK.DISCARD, "8s")
    act(r, 0, AK.DISCARD, "5s")
    act(r, 1, AK.WIN, "5s")
    assert r.is_over and r.result is not None and r.result.reason is EndReason.ALL_BUT_ONE_WON
    assert r.result.totals == (-2, 2) and r.result.first_winners == (1,)


def test_one_discard_two_winners_at_three_seats_each_paid_by_the_discarder() -> None:
    # 一炮多响: seats 1 and 2 both wait on 5s; with two players it cannot happen (one other).
    s2 = "111p222p333s44s55s"  # 111p222p333s + 44s55s: 4s or 5s
    r = make(three(), [DEALER, S1, s2], OPENING + "5s")
    opening_round(r)
    act(r, 0, AK.DISCARD, "5s")
    act(r, 1, AK.WIN, "5s")
    act(r, 2, AK.WIN, "5s")
    assert [(w.seat, w.from_seat, w.shared) for w in r.wins] == [(1, 0, False), (2, 0, True)]
    assert paid(r, Reason.WIN_DISCARD) == [(0, 1, 2), (0, 2, 4)]  # 对对胡 + 门清: 3 fan ×4
    assert r.is_over and r.result is not None and r.result.reason is EndReason.ALL_BUT_ONE_WON
    outcome = HandOutcome(0, r.result.first_winners, r.result.first_win_from)
    assert next_dealer(three(), outcome, random.Random(0)) == 0  # 点炮者坐庄


# --- 点炮不可平胡: discard_min_fan -------------------------------------------------------------

PLAIN = {"extra.men_qing": None, "extra.zhong_zhang": None}  # a 平胡 with nothing on top


def test_discard_min_fan_refuses_a_plain_win_on_a_discard_but_never_a_self_draw() -> None:
    r = make(three(**PLAIN, discard_min_fan=True), [DEALER, S1, S2], OPENING + "5s5s")
    opening_round(r)
    act(r, 0, AK.DISCARD, "5s")
    assert r.pending_seats() == [1] and r.step is Step.TURN  # no claim: seat 1 draws
    assert r.view(1).last_drawn == t("5s")
    assert Action(AK.WIN, 1, t("5s")) in r.legal_actions(1)  # the same hand self-drawn wins
    # off (the default), the discard win is offered
    r = make(three(**PLAIN), [DEALER, S1, S2], OPENING + "5s")
    opening_round(r)
    act(r, 0, AK.DISCARD, "5s")
    assert Action(AK.WIN, 1, t("5s")) in r.legal_actions(1)


def test_discard_min_fan_counts_a_root() -> None:
    rules = three(**PLAIN, discard_min_fan=True)
    rooted = "1111p23p789s234s5s"  # 111p 123p 789s 234s + 5s: 平胡 with one root
    r = make(rules, [DEALER, rooted, "22p444p666p333s44s"], OPENING + "5s")
    opening_round(r)
    act(r, 0, AK.DISCARD, "5s")
    act(r, 1, AK.WIN, "5s")
    assert r.wins[0].score.extras_dict == {"gen": 1}


def test_discard_min_fan_counts_a_kong_just_before() -> None:
    rules = three(**PLAIN, discard_min_fan=True)
    r = make(rules, ["7777p88p33p5p66s5s8s9s", S1, S2], "9p")
    act(r, 0, AK.CONCEALED_KONG, "7p")  # (a kong: no 地胡 any more)
    act(r, 0, AK.DISCARD, "5s")
    act(r, 1, AK.WIN, "5s")  # 杠上炮
    assert r.wins[0].score.extras_dict == {"gang_shang_pao": 1}


def test_discard_min_fan_counts_robbing_a_kong() -> None:
    rules = three(**PLAIN, discard_min_fan=True)
    s1 = "123p456p789s34s99p"  # waits 2s/5s, holds no 2s
    dealer = "2s2s1s3s6s8s9s7p8p9p6p3p2p4p"
    s2 = "2s1p5p7p8p1s4s5s6s7s9s3p6p"
    r = make(rules, [dealer, s1, s2], "8p7p1p4p2s")
    act(r, 0, AK.DISCARD, "1s")
    act(r, 1, AK.DISCARD, "8p")
    act(r, 2, AK.DISCARD, "2s")
    assert r.pending_seats() == [0]  # seat 1's plain 平胡 on it is not offered; a pong is
    act(r, 0, AK.PONG, "2s")
    act(r, 0, AK.DISCARD, "9s")
    act(r, 1, AK.DISCARD, "1p")
    act(r, 2, AK.DISCARD, "4p")
    act(r, 0, AK.ADDED_KONG, "2s")  # the fourth 2s: seat 1 may rob it (平胡 + 抢杠)
    assert r.pending_seats() == [1] and r.step is Step.ROB
    act(r, 1, AK.WIN, "2s")
    assert r.wins[0].score.extras_dict == {"qiang_gang": 1}
    assert paid(r, Reason.WIN_ROBBING_KONG) == [(0, 1, 2)]


# --- settlement at the wall's end ------------------------------------------------------------


def test_a_drawn_hand_checks_readiness_and_two_suits_have_no_flower_pig() -> None:
    # Seat 1 waits on 9p alone (seat 2 holds the other three); the others are not ready, and
    # every seat discards what it draws until the wall is empty.
    rules = three(last_four_forced=False)
    s1 = "123p456p789s234s9p"
    s2 = "9p9p9p1p3s5s7s2p4p6p8p1s5s"
    dealer = "1p2p3p4p5p6p7p8p 1s2s3s5s6s7s".replace(" ", "")
    r = make(rules, [dealer, s1, s2])
    while not r.is_over:
        pass_claims(r)
        if r.is_over:
            break
        seat = r.current
        drawn = r.view(seat).last_drawn
        legal = [a for a in r.legal_actions(seat) if a.kind is AK.DISCARD]
        choice = next((a for a in legal if a.tile == drawn), legal[-1])
        r.apply(choice)
        r.check_invariants()
    assert r.result is not None and r.result.drawn and r.result.reason is EndReason.WALL_EMPTY
    assert paid(r, Reason.FLOWER_PIG) == []  # two suits: nobody can hold three
    ready = paid(r, Reason.NOT_READY)
    assert ready and {payee for _, payee, _ in ready} == {1}
    assert {payer for payer, _, _ in ready} == {0, 2}
    assert r.tile_census() == 72


def test_three_players_three_suits_declare_voids_and_keep_the_flower_pig() -> None:
    rules = get_preset("standard").with_overrides(["players=3"])
    r = Round.new(rules, 4, dealer=1)
    assert r.phase is Phase.DECLARE_VOID and r.pending_seats() == [0, 1, 2]
    for seat in range(3):
        r.apply(Action(AK.DECLARE_VOID, seat, suit=seat))
    (reveal,) = [e for e in r.events if e.kind is EventKind.VOIDS_REVEALED]
    assert reveal.tiles == (0, 1, 2)
    assert r.phase is Phase.PLAY and r.current == 1
    # a seat still holding its void suit at the wall's end is a pig; random play to the end
    rng = random.Random(4)
    while not r.is_over:
        seat = r.pending_seats()[0]
        r.apply(rng.choice(r.legal_actions(seat)))
        r.check_invariants()
    assert r.tile_census() == 108


def test_kongs_and_leaving_pay_the_other_two_at_three_seats() -> None:
    r = make(three(), ["7777p88p33p5p66s5s8s9s", S1, S2], draws="9p")
    act(r, 0, AK.CONCEALED_KONG, "7p")
    assert paid(r, Reason.KONG_CONCEALED) == [(1, 0, 2), (2, 0, 2)]
    r.leave(2)  # 逃跑: 16 × base to each other player in the hand
    assert paid(r, Reason.LEAVE_PENALTY) == [(2, 0, 16), (2, 1, 16)]
    assert r.result is not None and sum(r.result.totals) == 0


# --- 换三张 at three and two seats ------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dice", "direction", "targets"),
    [
        (3, (1, 1), "clockwise", [2, 0, 1]),  # even: to the previous seat
        (3, (1, 2), "counter_clockwise", [1, 2, 0]),  # odd: to the next seat
        (2, (3, 4), "across", [1, 0]),
        (4, (1, 2), "across", [2, 3, 0, 1]),  # four seats: as before (sum mod 3)
    ],
)
def test_exchange_directions(
    players: int, dice: tuple[int, int], direction: str, targets: list[int]
) -> None:
    assert exchange_direction(dice, players) == direction
    assert [exchange_target(s, direction, players) for s in range(players)] == targets


def test_an_exchange_at_three_seats_moves_three_tiles_each_way_round() -> None:
    rules = get_preset("sanren_liangfang")
    r = make(rules, [DEALER, S1, S2], dice=(2, 3))  # odd: counter-clockwise, to the next seat
    assert r.phase is Phase.EXCHANGE and r.exchange_dir == "counter_clockwise"
    picks = {0: "77p8p", 1: "789s", 2: "111p"}
    for seat, tiles in picks.items():
        r.apply(Action(AK.EXCHANGE_THREE, seat, tiles=tuple(parse_tiles(tiles))))
    got = {e.seat: (e.from_seat, e.tiles) for e in r.events if e.kind is EventKind.EXCHANGE}
    assert got == {
        1: (0, tuple(parse_tiles("77p8p"))),
        2: (1, tuple(parse_tiles("789s"))),
        0: (2, tuple(parse_tiles("111p"))),
    }
    assert r.phase is Phase.PLAY and r.tile_census() == 72


# --- 两人一房: 清一色 worth nothing extra ---------------------------------------------------------


def test_qing_yi_se_bonus_off_scores_a_one_suit_hand_without_the_flush() -> None:
    on = get_preset("liangren").with_overrides(["suits=m"])
    off = on.with_overrides(["qing_yi_se_bonus=off"])
    cases = [
        ("123m456m789m123m55m", "5m", "qing_yi_se", "ping_hu"),
        ("111m222m333m444m55m", "5m", "qing_dui", "dui_dui_hu"),
        ("11m22m33m44m55m66m77m", "7m", "qing_qi_dui", "qi_dui"),
    ]
    for hand, win, flush, plain in cases:
        ctx = WinContext(tuple(parse_counts(hand)), (), t(win))
        assert score_hand(ctx, on).pattern == flush
        assert score_hand(ctx, off).pattern == plain
        assert score_hand(ctx, off).fan == score_hand(ctx, on).fan - 2  # 清 adds 2 (3 vs 1 …)
    ctx = WinContext(tuple(parse_counts("123m456m789m123p55p")), (), t("5p"))
    assert score_hand(ctx, off).pattern == "ping_hu"  # a two-suit hand: nothing changes


def test_a_one_suit_room_plays_to_its_end_on_36_tiles() -> None:
    rules = get_preset("liangren").with_overrides(["suits=m", "qing_yi_se_bonus=off"])
    for seed in range(20):
        r = Round.new(rules, seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not r.is_over:
            seat = r.pending_seats()[0]
            r.apply(rng.choice(r.legal_actions(seat)))
            r.check_invariants()
        assert r.result is not None and r.tile_census() == 36
        for w in r.wins:
            assert not w.score.pattern or not w.score.pattern.startswith("qing_")


# --- the first dealer, then the first winner ---------------------------------------------


def test_the_first_dealer_is_drawn_from_the_seed_then_the_first_winner_deals() -> None:
    rules = get_preset("sanren_liangfang")
    dealers = [first_dealer(rules, seed) for seed in range(60)]
    assert set(dealers) == {0, 1, 2}
    assert dealers == [first_dealer(rules, seed) for seed in range(60)]  # the same every time
    assert {first_dealer(get_preset("standard"), seed) for seed in range(20)} == {0}  # east
    match = MatchState(rules, seed=7)
    assert match.dealer == first_dealer(rules, 7) and match.points == [0, 0, 0]
    assert MatchState(rules, seed=7, dealer=DRAW_FIRST_DEALER).dealer == match.dealer
    assert MatchState(get_preset("modern"), seed=7).dealer == 0  # four-seat presets: seat 0
    with pytest.raises(ValueError, match="dealer must be a seat 0-1"):
        MatchState(get_preset("liangren"), seed=1, dealer=2)
    match.dealer = 1
    match.record(HandOutcome(1, (2,), None, None))  # seat 2 won first (self-drawn)
    assert match.dealer == 2
    dice = get_preset("liangren").with_overrides(["next_dealer=dice"])
    assert {next_dealer(dice, HandOutcome(0), random.Random(s)) for s in range(40)} == {0, 1}


# --- items work the same --------------------------------------------------------------------


def test_items_at_a_three_seat_table() -> None:
    rules = get_preset("sanren_liangfang")
    inventory = {"qian_kun": 1, "qian_li_yan": 1, "shun_feng_er": 1}
    r = Round.new(rules, 3, inventories=[inventory] * 3, qian_kun=[1])
    (used,) = [e for e in r.events if e.kind is EventKind.ITEM_USED]
    assert used.item_result is not None and used.item_result.suit in rules.kept_suits
    assert r.tile_census() == 72
    with pytest.raises(ValueError, match=r"inventories: one per seat \(3\), got 4"):
        Round.new(rules, 3, inventories=[inventory] * 4)


# --- replays, views, simulate and tournaments at N seats -----------------------------------


def test_an_explicit_three_seat_wall_replays_as_version_4() -> None:
    from engine.replay import dumps, loads, record, replay

    r = make(three(), [DEALER, S1, S2], OPENING + "1s5s6p")
    opening_round(r)
    act(r, 0, AK.DISCARD, "1s")
    act(r, 1, AK.WIN, "5s")
    act(r, 2, AK.WIN, "6p")
    doc = loads(dumps(record(r)))
    assert doc["version"] == 4 and doc["wall_source"] == "explicit"
    assert len(parse_tiles(doc["wall"])) == 72 and doc["rules"]["players"] == 3
    assert len(doc["result"]["totals"]) == 3
    again = replay(doc)
    assert again.events == r.events and again.ledger.entries == r.ledger.entries
    seeded = Round.new(get_preset("liangren"), 12, dealer=1)
    while not seeded.is_over:
        seat = seeded.pending_seats()[0]
        seeded.apply(seeded.legal_actions(seat)[-1])
    doc = record(seeded)
    assert doc["wall_source"] == "seed" and replay(doc).events == seeded.events


def test_a_view_counts_no_unseen_tile_of_a_suit_the_wall_lacks() -> None:
    r = make(three(), [DEALER, S1, S2], OPENING)
    view = r.view(1)
    assert [view.unseen(k) for k in range(9)] == [0] * 9  # no 万 in the wall
    assert view.unseen(t("5s")) == 3 and view.unseen(t("9p")) == 4  # own 5s; 9p hidden
    four = Round.new(get_preset("standard"), 1).view(0)
    assert four.unseen(0) == 4 - four.visible[0]


def test_simulate_and_tournaments_play_one_bot_per_seat() -> None:
    from engine.simulate import SimConfig, simulate
    from engine.tournament import TournamentConfig, run_tournament

    rules = get_preset("sanren_liangfang")
    with pytest.raises(ValueError, match="need 3 bots, one per seat, got 4"):
        SimConfig(4, 1, rules, ("greedy",) * 4)
    stats, _ = simulate(SimConfig(24, 3, rules, ("greedy", "random", "easy")))
    assert stats.violations == 0 and stats.hands == 24 and len(stats.seats) == 3
    assert sum(s.points for s in stats.seats) == 0
    result = run_tournament(TournamentConfig("greedy", "random", 4, 5, get_preset("liangren")))
    assert result.hands == 8 and result.failures == 0  # each wall once per seat: twice
    assert result.challenger.seat_hands == 8 == result.field_side.seat_hands
