"""The easy, normal and hard bots: legal in self-play under every preset, sensible in
constructed positions, blind to hidden tiles; and the duplicate tournament runner."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from engine.bots import Bot, load_bot
from engine.bots._features import (
    Opponent,
    Table,
    deal_in_risk,
    hand_value,
    improvers,
    plans,
    steered_value,
    table_of,
    win_chance,
)
from engine.bots._plan import PlanBot
from engine.cli import main
from engine.hand import shanten
from engine.round import Action, ActionKind, Phase, Round, Step, compose_wall
from engine.rules import PRESETS, get_preset
from engine.simulate import SimStats, play_hand
from engine.tiles import parse_counts, parse_tile, parse_tiles
from engine.tournament import TournamentConfig, run_tournament
from engine.views import PlayerView

AK = ActionKind
LEVELS = ("easy", "normal", "hard")


def t(text: str) -> int:
    return parse_tile(text)


def make(hands: Sequence[str], draws: str = "", preset: str = "standard", seed: int = 0) -> Round:
    wall = compose_wall([parse_tiles(h) for h in hands], parse_tiles(draws), 0)
    return Round.from_wall(get_preset(preset), wall, 0, seed=seed, dice=(1, 1))


def declare(r: Round, voids: str) -> None:
    for seat, ch in enumerate(voids):
        r.apply(Action(AK.DECLARE_VOID, seat, suit="mps".index(ch)))


def pass_claims(r: Round) -> None:
    while not r.is_over and r.step in (Step.CLAIM, Step.ROB):
        for seat in r.pending_seats():
            r.apply(Action(AK.PASS, seat))


def tsumogiri(r: Round, turns: int) -> None:
    """Each turn the current seat discards the tile it drew (the dealer's first turn: the
    first legal discard); every claim is passed."""
    for _ in range(turns):
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        drawn = r.view(seat).last_drawn
        choice = next(
            (a for a in legal if a.kind is AK.DISCARD and a.tile == drawn),
            next(a for a in legal if a.kind is AK.DISCARD),
        )
        r.apply(choice)
        pass_claims(r)


def ask(level: str, r: Round, seat: int, seed: int = 0) -> Action:
    bot = load_bot(level, seed)
    legal = r.legal_actions(seat)
    choice = bot.choose(r.view(seat), legal)
    assert choice in legal
    return choice


# --- self-play: legal choices only ---------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_easy_self_play_is_legal(preset: str) -> None:
    rules = get_preset(preset)
    n = rules.players
    stats = SimStats(players=n)
    for hand in range(200):
        bots: list[Bot] = [load_bot("easy", 1000 * hand + s) for s in range(n)]
        play_hand(rules, hand, hand % n, bots, check=True, stats=stats, hand=hand)
    assert stats.violations == 0, stats.samples


@pytest.mark.parametrize("preset", list(PRESETS))
def test_mixed_table_self_play_is_legal(preset: str) -> None:
    """Every level at one table, seats rotating hand by hand."""
    rules = get_preset(preset)
    n = rules.players
    stats = SimStats(players=n)
    levels = ["normal", "hard", "easy", "normal"][:n]
    for hand in range(40):
        specs = levels[hand % n :] + levels[: hand % n]
        bots: list[Bot] = [load_bot(spec, 7 * hand + s) for s, spec in enumerate(specs)]
        play_hand(rules, 500 + hand, hand % n, bots, check=True, stats=stats, hand=hand)
    assert stats.violations == 0, stats.samples


# --- constructed positions -------------------------------------------------------------------

# Seat 0 (dealer) is ready on 5p/8p after discarding 1s; the others hold safe filler.
READY_HANDS = [
    "123m456m789m55p67p1s",
    "111s222s333s444s9m",
    "555s666s777s888s9m",
    "999s123p456p789p1p",
]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_self_drawn_win(level: str) -> None:
    r = make(READY_HANDS, "2m2m2m8p")
    declare(r, "sppm")
    r.apply(Action(AK.DISCARD, 0, t("1s")))
    pass_claims(r)
    tsumogiri(r, 3)
    assert r.pending_seats() == [0] and r.view(0).last_drawn == t("8p")
    assert ask(level, r, 0) == Action(AK.WIN, 0, t("8p"))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_big_discard_win(level: str) -> None:
    """清一色 (地胡 too) on the dealer's first discard: nothing better to wait for."""
    hands = [
        "555m666m777m11p2p3p8p",
        "123p456p789p34p99p",  # ready on 2p/5p, void m
        "345m678m999m55p66p",
        "222m333m444m888m2s",
    ]
    r = make(hands, "9s9s9s")
    declare(r, "smsp")
    r.apply(Action(AK.DISCARD, 0, t("2p")))
    assert 1 in r.pending_seats()
    assert ask(level, r, 1) == Action(AK.WIN, 1, t("2p"))


def _acceptance(counts: list[int], void: int, live: Sequence[int]) -> int:
    base = shanten(counts, 0, void)
    total = 0
    for k in range(27):
        if k // 9 == void or counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, 0, void) < base:
            total += live[k]
        counts[k] -= 1
    return total


def test_normal_discards_for_most_live_acceptance() -> None:
    """A textbook choice: the discard that keeps the lowest shanten and, among those, the
    most live tiles that improve the hand."""
    hands = [
        "234m678m13p57p99p5m1m",  # dealer, void s (no s held)
        "1111s2222s3333s4m",
        "4444s5556s7777s4m",
        "8888s9999s66s5m5m9p",
    ]
    r = make(hands)
    declare(r, "sppp")
    view = r.view(0)
    legal = r.legal_actions(0)
    choice = load_bot("normal", 0).choose(view, legal)
    live = [max(0, 4 - v) for v in view.visible]
    counts = list(view.concealed)
    scores = {}
    for a in legal:
        assert a.tile is not None
        counts[a.tile] -= 1
        scores[a.tile] = (shanten(counts, 0, 2), -_acceptance(counts, 2, live))
        counts[a.tile] += 1
    assert choice.tile is not None
    assert scores[choice.tile] == min(scores.values()), (choice, scores)


def _open_table(turns: float) -> Table:
    """Nothing seen yet (every kind fully live), ``turns`` own draws left in the wall."""
    return Table(get_preset("standard"), (4,) * 27, 80, turns, 1.8, 2.0, None)


@pytest.mark.parametrize(
    ("hand", "steer"),
    [
        ("1133m5577p99p248m", "qi_dui"),  # 七对 as close as the plain hand: worth 4x
        ("1133m557p234p689m", "plain"),  # 七对 a step further: not yet
    ],
)
def test_normal_steers_to_a_pattern_only_when_it_is_as_close(hand: str, steer: str) -> None:
    counts = list(parse_counts(hand))
    t = _open_table(12.0)
    ps = {p.name: p for p in plans(counts, (), t, 2)}
    assert "qi_dui" in ps and "plain" in ps
    p = ps[steer]
    chance = win_chance(p.shanten, p.accept, t.unseen, 6.0, t.ron, p.last_accept, p.speed, 1.0)
    assert steered_value(counts, (), t, 2, 6.0) == pytest.approx(chance * p.points * 2.0)


def test_normal_does_not_count_the_wall_but_hard_does() -> None:
    """The difference between the levels: hard's expected value falls as the wall runs out
    (and weighs a slow 七对 against a fast plain hand by it); normal's stays the same."""
    counts = list(parse_counts("1133m5577p99p248m"))
    early, late = _open_table(14.0), _open_table(3.0)
    assert steered_value(counts, (), early, 2, 6.0) == steered_value(counts, (), late, 2, 6.0)
    assert hand_value(counts, (), late, 2) < hand_value(counts, (), early, 2)
    assert hand_value(counts, (), early, 2, discount=0.75) < hand_value(counts, (), early, 2)


def test_hard_avoids_the_tile_a_void_makes_unsafe() -> None:
    """Seat 0 is ready either way (tanki on 9m or 9s). Seat 1 waits on 6m/9m; every
    opponent declared void in s, so 9s cannot deal in while 9m can. Hard's value model
    keeps 9m and throws an s tile (the normal bot weighs no danger). The club player's
    6m (two waits, 6s/9s) is within hard's club_margin of that, so the model is asked
    alone here."""
    from engine.bots.hard import HardBot

    hands = [
        "234m678m234s678s9m1p",
        "123m456m78m55p234p",
        "345p678p999p66p7p4m",
        "1789m33p44p88p12p5m",
    ]
    draws = "5s5s5s" + "2p" + "1s1s1s" + "6p" + "5s1s1m" + "9s"
    r = make(hands, draws)
    declare(r, "psss")
    r.apply(Action(AK.DISCARD, 0, t("1p")))
    pass_claims(r)
    tsumogiri(r, 11)
    assert r.pending_seats() == [0] and r.view(0).last_drawn == t("9s"), r
    model = HardBot(0)
    model.club_margin = None
    choice = model.choose(r.view(0), r.legal_actions(0))
    assert choice.kind is AK.DISCARD and choice.tile is not None
    assert choice.tile // 9 == 2  # an s tile: every opponent is void in s


def test_hard_plays_the_club_players_discard_when_the_lookahead_agrees() -> None:
    """The dealer's opening 14, void s: the normal (and efficiency) bot throws the lone
    terminal 9p; hard's own model prefers 2m by a hair (0.275 against 0.263 expected
    points), but one draw ahead 9p is worth more (0.366 against 0.357), so hard throws 9p
    too; with a margin of 1% or none the club player is not asked and the model decides."""
    from engine.bots._features import table_of, working_void
    from engine.bots.hard import HardBot

    r = make(["2449m1223357779p", "2233466m3688p16s", "6m1344566p34799s", "788m179p1234689s"])
    declare(r, "ssmp")
    view, legal = r.view(0), r.legal_actions(0)
    club = Action(AK.DISCARD, 0, t("9p"))
    assert ask("normal", r, 0) == club
    assert ask("hard", r, 0) == club
    for margin in (0.01, None):
        model = HardBot(0)
        model.club_margin = margin
        assert model.choose(view, legal) == Action(AK.DISCARD, 0, t("2m"))
    ahead = HardBot(0).lookahead(
        view,
        view.concealed,
        view.me.melds,
        (Action(AK.DISCARD, 0, t("2m")), club),
        table_of(view),
        working_void(view),
    )
    assert ahead[1] > ahead[0]


def test_hard_keeps_its_own_discard_when_the_lookahead_prefers_it() -> None:
    """Sixteen discards into the hand (void s), 144668m11333669p: the normal bot breaks the
    triplet (3p); hard's model prefers 9p, with 3p close behind (within 20%), and one draw
    ahead — every next draw, then the best discard — 9p's hand is worth half as much
    again, so hard keeps 9p; without the lookahead it takes the club player's word."""
    from engine.bots._features import table_of, working_void
    from engine.bots.hard import HardBot

    hands = ["14468m133669p567s", "11257m128p12358s", "23589m246889p14s", "349m1469p227889s"]
    draws = "4p9s7392p6s6m6s3p1538s7m1p679m3s59m7s7p6s48m3s48p94s2m5p2s5m4s5p7s37m9s7p1s2p4s5p"
    r = make(hands, draws + "68m7p3m5p5s21m")
    declare(r, "spsm")
    tsumogiri(r, 16)
    view, legal = r.view(0), r.legal_actions(0)
    assert view.concealed == tuple(parse_counts("144668m11333669p"))
    own, club = Action(AK.DISCARD, 0, t("9p")), Action(AK.DISCARD, 0, t("3p"))
    assert ask("normal", r, 0) == club
    bot = HardBot(0)
    ranked = dict(bot.evaluate(view, legal))
    assert ranked[club] >= 0.8 * ranked[own]  # the club's word would once have held
    ahead = bot.lookahead(
        view, view.concealed, view.me.melds, (own, club), table_of(view), working_void(view)
    )
    assert ahead[0] > 1.4 * ahead[1]
    assert bot.choose(view, legal) == own
    bot.club_lookahead = False
    assert bot.choose(view, legal) == club


def test_lookahead_counts_the_self_draw_a_ready_hand_makes() -> None:
    """A ready hand's lookahead: each winning draw is worth the win's points from every
    other player in play (+ 自摸加底's base each), with its chance of being drawn; any other
    draw is thrown back, leaving the hand as it was."""
    from engine.bots._features import plans, table_of, working_void
    from engine.bots.hard import HardBot

    r = make(["1112345678999m5p", "1111s2222s3333s4m", "4444s5556s7777s4m", "8888s9999s66s5m5m9p"])
    declare(r, "sppp")
    view = r.view(0)
    bot, tb, void = HardBot(0), table_of(view), working_void(view)
    lone = Action(AK.DISCARD, 0, t("5p"))  # leaves 1112345678999m: ready on every m
    counts = list(view.concealed)
    counts[t("5p")] -= 1
    (ready,) = [p for p in plans(counts, view.me.melds, tb, void) if p.name == "ready"]
    win = ready.points * 3 + 3 * view.rules.base  # standard: 自摸加底 adds a base
    live_m = sum(tb.live[:9])
    p_win = live_m / tb.unseen
    # Any other draw goes straight back (the nine-sided wait is worth keeping): the hand
    # as it is, valued with one draw less left.
    later = dataclasses.replace(tb, turns=tb.turns - 1)
    stay = bot.value(counts, view.me.melds, later, void)
    (ahead,) = bot.lookahead(view, view.concealed, view.me.melds, (lone,), tb, void)
    assert ahead == pytest.approx(p_win * win + (1 - p_win) * stay)


def _far_hand_view() -> tuple[Round, PlayerView]:
    """The dealer's opening 14 tiles, far from ready (void s, no s held)."""
    hands = [
        "159m269m159p378p4p2m",
        "1111s2222s3333s4m",
        "4444s5556s7777s4m",
        "8888s9999s66s5m5m9p",
    ]
    r = make(hands)
    declare(r, "sppp")
    return r, r.view(0)


def _ranked(level: str, view: PlayerView, opps: list[Opponent], turns: float) -> list[int]:
    bot = load_bot(level, 0)
    assert isinstance(bot, PlanBot)
    # The opponents here are made up, not in the view: the hand-made danger model reads
    # them (the fitted table reads the view's ponds and melds: test_bots_defence.py).
    bot.fitted = False  # type: ignore[attr-defined]
    t = dataclasses.replace(table_of(view), turns=turns)
    legal = [a for a in bot_legal(view) if a.kind is AK.DISCARD]
    counts = list(view.concealed)
    use = opps if bot.opponents(view) or level == "hard" else []
    ranked = bot.discard_values(view, counts, view.me.melds, legal, t, 2, use)
    return [a.tile for _, a in ranked if a.tile is not None]


def bot_legal(view: PlayerView) -> list[Action]:
    return [Action(AK.DISCARD, view.seat, k) for k in range(27) if view.concealed[k]]


def test_hard_folds_against_a_big_ready_hand() -> None:
    """Far from ready, late in the wall, against an opponent certainly ready with a big
    one-suit hand in p (void m), hard throws an m tile (safe: its void); normal, which
    plays the efficiency bot's discards, keeps to efficiency."""
    _, view = _far_hand_view()
    big = Opponent(1, 0.95, 0, (0.0, 1.0, 0.0), frozenset(), 8.0)
    hard_first = _ranked("hard", view, [big], 3.0)[0]
    assert hard_first // 9 == 0, hard_first
    # by efficiency alone the hand throws a p tile (1p): hard gives that up
    assert _ranked("hard", view, [], 3.0)[0] // 9 == 1
    # normal reads no danger: it throws the efficiency bot's p tile
    choice = load_bot("normal", 0).choose(view, bot_legal(view))
    assert choice.tile is not None and choice.tile // 9 == 1


def test_deal_in_risk_grows_with_value_and_skips_safe_tiles() -> None:
    from engine.bots._features import wait_shape_weight

    live = tuple([3] * 27)
    weak = Opponent(1, 0.6, 0, (0.0, 0.5, 0.5), frozenset(), 1.2)
    strong = Opponent(1, 0.6, 0, (0.0, 0.9, 0.1), frozenset(), 8.0)
    tile = t("5p")
    assert wait_shape_weight(tile, live) > 0
    assert deal_in_risk(tile, [strong], live) > 4 * deal_in_risk(tile, [weak], live)
    # its void suit and a tile it just passed on are safe
    assert deal_in_risk(t("5m"), [strong], live) == 0.0
    passed = Opponent(1, 0.6, 0, (0.0, 0.9, 0.1), frozenset({tile}), 8.0)
    assert deal_in_risk(tile, [passed], live) == 0.0


#: Seat 1 is ready on 7p (closed wait) with 55p as the eyes; seat 0 throws 5p.
_READY_ON_7P = (
    "123s456s789s5p11m2m3m",
    "123m456m789m55p68p",
    "234s5567s99s1p2p3p4p",
    "999m12m666p777p88s",
)
#: Seat 1 is ready for 七对 on 9p; seat 0 throws 8p.
_SEVEN_PAIRS = (
    "123s456s9s8p11m4m5m7p7p",
    "112233m556688p9p",
    "234s567s99s1p2p3p4p7m",
    "678m789s1s2s3s5s6s44s",
)


def _offered(hands: Sequence[str], voids: str, tile: str) -> Round:
    """Seat 0 throws ``tile`` after 定缺; seat 1 may pong it."""
    r = make(hands)
    declare(r, voids)
    r.apply(Action(AK.DISCARD, 0, t(tile)))
    assert 1 in r.pending_seats()
    assert Action(AK.PONG, 1, t(tile)) in r.legal_actions(1)
    return r


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_declines_a_pong_that_breaks_a_ready_hand(level: str) -> None:
    """Ponging 5p leaves no pair."""
    r = _offered(_READY_ON_7P, "psms", "5p")
    assert ask(level, r, 1) == Action(AK.PASS, 1)


def test_hard_passes_a_pong_that_trades_seven_pairs_for_a_plain_hand() -> None:
    """Ponging 8p keeps the hand ready (plain, on 5p/6p, more live tiles), so the
    efficiency rule takes it; the hard bot's value model sees a 七对 worth four times the
    plain win and passes (HardBot.pong_less)."""
    from engine.bots.hard import HardBot

    r = _offered(_SEVEN_PAIRS, "psmp", "8p")
    pong = Action(AK.PONG, 1, t("8p"))
    assert ask("efficiency", r, 1) == pong
    assert ask("hard", r, 1) == Action(AK.PASS, 1)
    rule_only = HardBot(0)
    rule_only.pong_less = 0.0  # the efficiency rule alone
    assert rule_only.choose(r.view(1), r.legal_actions(1)) == pong


#: Seat 1 holds 333m beside 1m, 5m and 789m, one step from ready; seat 0 throws the fourth 3m.
_KONG_COSTS_ACCEPTANCE = (
    "123s456s789s11m2m3m5m",
    "13335789m23489p",
    "234s5567s99s1p2p3p4p",
    "999m12m666p777p88s",
)


def test_hard_takes_an_exposed_kong_that_costs_acceptance() -> None:
    """The kong keeps the hand one step from ready but with fewer live tiles to get there,
    so the efficiency rule declines it; the hard bot claims as the club player does
    (HardBot.claim_rule: a kong may cost up to a step), for the kong's 刮风 income paid at
    once (found by the decision audit, docs/bots.md)."""
    r = make(_KONG_COSTS_ACCEPTANCE)
    declare(r, "psms")
    r.apply(Action(AK.DISCARD, 0, t("3m")))
    kong = Action(AK.EXPOSED_KONG, 1, t("3m"))
    assert kong in r.legal_actions(1)
    counts = list(r.view(1).concealed)
    assert shanten(counts, 0, 2) == 1
    counts[t("3m")] -= 3
    assert shanten(counts, 1, 2) == 1
    assert ask("efficiency", r, 1) == Action(AK.PASS, 1)
    assert ask("normal", r, 1) == kong
    assert ask("hard", r, 1) == kong


def test_easy_pongs_eagerly() -> None:
    r = _offered(_READY_ON_7P, "psms", "5p")
    assert ask("easy", r, 1) == Action(AK.PONG, 1, t("5p"))


# --- no peeking ----------------------------------------------------------------------------


def _scrambled(seed: int) -> Round:
    """Seat 0's 14 tiles fixed; everything else shuffled by ``seed``."""
    mine = parse_tiles("123m456m79m2p3p5p8p9s1s")
    pool = [k for k in range(27) for _ in range(4)]
    for k in mine:
        pool.remove(k)
    random.Random(seed).shuffle(pool)
    hands = [mine, pool[:13], pool[13:26], pool[26:39]]
    wall = compose_wall(hands, (), 0, rest=pool[39:])
    return Round.from_wall(get_preset("standard"), wall, 0, seed=0, dice=(2, 3))


@pytest.mark.parametrize("level", LEVELS)
def test_bots_decide_from_their_view_only(level: str) -> None:
    rounds = [_scrambled(s) for s in range(4)]
    # void declaration (seat 0 decides first, before anything else is known)
    views = [r.view(0) for r in rounds]
    assert all(v == views[0] for v in views)
    picks = {
        load_bot(level, 5).choose(v, r.legal_actions(0)) for v, r in zip(views, rounds, strict=True)
    }
    assert len(picks) == 1
    for r in rounds:
        r.apply(Action(AK.DECLARE_VOID, 0, suit=2))
        for seat in (1, 2, 3):
            r.apply(Action(AK.DECLARE_VOID, seat, suit=2))
    # the first discard: other hands differ, the views do not (voids are all s)
    views = [r.view(0) for r in rounds]
    assert views[0].phase is Phase.PLAY
    assert all(v == views[0] for v in views)
    picks = {
        load_bot(level, 5).choose(v, r.legal_actions(0)) for v, r in zip(views, rounds, strict=True)
    }
    assert len(picks) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices(level: str) -> None:
    rules = get_preset("modern")
    games = []
    for _ in range(2):
        bots: list[Bot] = [load_bot(level, s) for s in range(4)]
        r = play_hand(rules, 11, 0, bots, check=False)
        assert r is not None
        games.append(r.decisions)
    assert games[0] == games[1]


# --- internals -------------------------------------------------------------------------------


def test_improvers_match_the_public_shanten() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        melds = rng.randint(0, 3)
        counts = [0] * 27
        for tile in rng.sample(range(108), 13 - 3 * melds):
            counts[tile // 4] += 1
        void = rng.choice([None, 0, 1, 2])
        sh = shanten(counts, melds, void)
        want = []
        for k in range(27):
            if counts[k] < 4:
                counts[k] += 1
                if shanten(counts, melds, void) < sh:
                    want.append(k)
                counts[k] -= 1
        assert improvers(bytes(counts), melds, void) == (sh, bytes(want))


# --- tournaments -----------------------------------------------------------------------------


def test_tournament_is_paired_zero_sum_and_job_independent() -> None:
    config = TournamentConfig("greedy", "random", 3, 9, get_preset("standard"))
    one = run_tournament(config, jobs=1)
    assert one.hands == 12 and one.failures == 0
    # zero-sum: the challenger's points are the field's with the sign flipped
    assert one.challenger.points == -one.field_side.points
    assert one.mean_diff == pytest.approx(sum(one.wall_means) / 3)
    lo, hi = one.ci95
    assert lo <= one.mean_diff <= hi
    two = run_tournament(config, jobs=2)
    assert two.wall_means == one.wall_means


def test_tournament_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code = main(
        ["tournament", "--challenger", "easy", "--field", "random", "--walls", "2", "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 8
    assert len(out["ci95"]) == 2 and out["ci95"][0] <= out["mean_diff"] <= out["ci95"][1]
    assert {"win_rate", "deal_in_rate", "self_draw_rate", "mean_win_fan"} <= set(
        out["challenger_stats"]
    )


def test_tournament_cli_rejects_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--challenger", "nobody", "--field", "easy", "--walls", "1"])
    assert code == 2
    assert "nobody" in capsys.readouterr().err


def test_the_example_bot_in_the_docs_plays_legally(tmp_path: object) -> None:
    """docs/bots.md promises a complete bot a player can copy: it must play legal hands."""
    import importlib.util
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text("utf-8")
    code = text.split('```python\n"""Wins when')[1].split("```")[0]
    assert isinstance(tmp_path, Path)
    path = tmp_path / "mybot.py"
    path.write_text('"""Wins when' + code, "utf-8")
    spec = importlib.util.spec_from_file_location("mybot_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stats = SimStats()
    for hand, preset in enumerate(PRESETS):
        bots: list[Bot] = [module.TileCounter(hand), load_bot("easy", 1), load_bot("easy", 2)]
        bots.append(module.TileCounter(hand + 9))
        play_hand(get_preset(preset), hand, 0, bots, check=True, stats=stats, hand=hand)
    assert stats.violations == 0, stats.samples


@pytest.mark.parametrize("level", LEVELS)
def test_item_uses_listed_after_the_play_are_left_alone(level: str) -> None:
    """With items on, USE_ITEM actions follow the others in ``legal``; the play bots leave
    them to engine.bots.items_policy and still answer with a play (here: the win)."""
    r = make(READY_HANDS, "2m2m2m8p")
    declare(r, "sppm")
    r.apply(Action(AK.DISCARD, 0, t("1s")))
    pass_claims(r)
    tsumogiri(r, 3)
    legal = [*r.legal_actions(0), Action(AK.USE_ITEM, 0, item="qian_li_yan")]
    assert load_bot(level, 0).choose(r.view(0), legal) == Action(AK.WIN, 0, t("8p"))
    only_win = [Action(AK.WIN, 0, t("8p")), Action(AK.USE_ITEM, 0, item="shun_feng_er")]
    assert load_bot(level, 0).choose(r.view(0), only_win) == only_win[0]
