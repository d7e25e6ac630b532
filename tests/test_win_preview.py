"""The Win button's preview (game/table/hints.py ``claim_preview``) says what the settlement
pays: the round puts the score of the seat's win on offer into its view (``win_score``), so
the situational extras — 杠上花, 杠上炮, 抢杠, 海底, 绝张, 天胡/地胡, 引杠杠上花 paid by the
discarder — are in the preview as they are in the ledger. It used to score the bare hand: the
tutorial's kong bloom previewed "each pays 3" and the settlement took 5."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import load_bot
from engine.round import Action, ActionKind, Round, Step, compose_wall
from engine.rules import RuleSet, get_preset
from engine.scoring import ScoreResult
from engine.settlement import WIN_REASONS, Reason
from engine.tiles import parse_tile, parse_tiles, to_counts
from game import i18n
from game.table.hints import claim_preview
from game.tutorial import STEPS, TutorialBot, tutorial_round
from server import codec
from server.protocol import ViewData, encode

AK = ActionKind


def _round(
    preset: str, hands: list[str], draws: str = "", overrides: list[str] | None = None
) -> Round:
    rules = get_preset(preset).with_overrides(overrides or [])
    wall = compose_wall([parse_tiles(h) for h in hands], parse_tiles(draws), 0)
    return Round.from_wall(rules, wall, 0, dice=(1, 1))


def _act(r: Round, seat: int, kind: ActionKind, tile: str | None = None) -> None:
    r.apply(Action(kind, seat, None if tile is None else parse_tile(tile)))


def _declare(r: Round, voids: str) -> None:
    for seat, ch in enumerate(voids):
        r.apply(Action(AK.DECLARE_VOID, seat, suit="mps".index(ch)))


# who pays a win, by its ledger reason: the preview's words for them
PAYER = {
    Reason.WIN_SELF_DRAWN: "each",
    Reason.WIN_DISCARD: "discarder",
    Reason.WIN_ROBBING_KONG: "robbed",
    Reason.WIN_KONG_BLOOM_DISCARDER: "kong_discarder",
}


def _words(score: ScoreResult, paid: Paid, lang: str) -> str:
    """The preview of a win scored ``score`` and paid as ``paid`` says."""
    assert score.pattern is not None
    name = i18n.pattern_name(score.pattern, lang)
    pays = i18n.t(f"preview.pays.{PAYER[paid.reason]}", lang, pts=paid.amount)
    if paid.transfer:
        pays += i18n.t("preview.transfer", lang)
    if score.fan is not None:
        return i18n.t("preview.win_fan", lang, pattern=name, fan=score.fan, pays=pays)
    return i18n.t("preview.win_pts", lang, pattern=name, pays=pays)


@dataclass(frozen=True)
class Paid:
    """How the settlement paid one win: what each payer paid, why, and whether a 呼叫转移
    line (the kong's income) went with it."""

    amount: int
    reason: Reason
    transfer: bool


def _answer_the_rest(r: Round) -> None:
    """Every other seat in the open claim window passes (or takes its forced win)."""
    while not r.is_over and r.step in (Step.CLAIM, Step.ROB):
        for seat in r.pending_seats():
            legal = r.legal_actions(seat)
            r.apply(next((a for a in legal if a.kind is AK.PASS), legal[0]))


def _win_and_settle(r: Round, seat: int) -> tuple[dict[str, str], ScoreResult, Paid]:
    """``seat`` takes its win on offer: the previews (zh, en; locally and as a friends'
    table client sees them, through the wire) before, and after the settlement the win's
    score and how it was paid."""
    view = r.view(seat)
    win = next(a for a in r.legal_actions(seat) if a.kind is AK.WIN)
    previews = {lang: claim_preview(view, win, lang) for lang in ("zh", "en")}
    wire = msgspec.json.decode(encode(codec.view_data(view)), type=ViewData)
    remote = codec.view_from_data(wire, r.rules)
    for lang, text in previews.items():
        assert claim_preview(remote, win, lang) == text, lang
    start, wins = len(r.ledger.entries), len(r.wins)
    r.apply(win)
    _answer_the_rest(r)
    record = next(w for w in r.wins[wins:] if w.seat == seat)
    mine = [
        e
        for e in r.ledger.entries[start:]
        if e.payee == seat and e.event_index == record.event_index
    ]
    paid = [e for e in mine if e.reason in WIN_REASONS]
    assert paid, "the win was paid by nobody"
    assert len({e.amount for e in paid}) == 1, paid  # each payer pays the same
    assert len({e.reason for e in paid}) == 1, paid
    if paid[0].reason is not Reason.WIN_SELF_DRAWN:
        assert len(paid) == 1, paid  # one payer: the discarder, the robbed, the kong's
    transfer = any(e.reason is Reason.KONG_TRANSFER for e in mine)
    return previews, record.score, Paid(paid[0].amount, paid[0].reason, transfer)


def _assert_preview_is_the_settlement(r: Round, seat: int, extra: str | None = None) -> Paid:
    previews, score, paid = _win_and_settle(r, seat)
    if extra is not None:
        assert extra in score.extras_dict, score.extras
    for lang, text in previews.items():
        assert text == _words(score, paid, lang), lang
    return paid


def test_the_tutorials_kong_bloom_previews_what_it_pays() -> None:
    """Step 7: 平胡 + 根 + 杠上花 = 3 fan, ×4, +1 自摸加底: each pays 5 (it showed 3)."""
    r = tutorial_round()
    bot = TutorialBot()
    expected = [s for s in STEPS if s.expect is not None]
    while True:
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        if seat != 0:
            r.apply(bot.choose(r.view(seat), legal))
            continue
        mine = next((a for a in legal if expected[0].matches(a)), None)
        if mine is None:
            r.apply(next((a for a in legal if a.kind is AK.PASS), legal[0]))
            continue
        if mine.kind is AK.WIN:
            break
        r.apply(mine)
        expected.pop(0)
    assert _assert_preview_is_the_settlement(r, 0, "gang_shang_hua").amount == 5


BLOOM_HANDS = [
    "123s456s789s7p1s2s3s9s",  # dealer discards 7p
    "777p123m456m789m5p",  # seat 1: exposed kong of 7p, replacement 5p wins
    "444s555s666s88p99p",
    "444m555m666m88p99p",
]


@pytest.mark.parametrize("option", ["self_drawn", "discarder_pays"])
def test_a_kong_bloom_self_draw_previews_what_it_pays(option: str) -> None:
    """引杠杠上花 paid by the kong's discarder alone (kong_bloom_on_exposed =
    discarder_pays) said "each pays 4": the preview says who pays."""
    r = _round("standard", BLOOM_HANDS, "5p", [f"kong_bloom_on_exposed={option}"])
    _declare(r, "msms")
    _act(r, 0, AK.DISCARD, "7p")
    _act(r, 1, AK.EXPOSED_KONG, "7p")
    # 平胡 + 根 (the kong) + 杠上花: 3 fan, ×4, +1 自摸加底 from each; paid by the
    # discarder alone as a discard win, ×4 and no 自摸加底
    view = r.view(1)
    win = next(a for a in r.legal_actions(1) if a.kind is AK.WIN)
    said = {lang: claim_preview(view, win, lang) for lang in ("zh", "en")}
    paid = _assert_preview_is_the_settlement(r, 1, "gang_shang_hua")
    assert paid.amount == {"self_drawn": 5, "discarder_pays": 4}[option]
    if option == "discarder_pays":  # one player pays, not each
        assert said == {
            "zh": "平胡 3番，放杠者一人付4分",
            "en": "Plain win, 3 fan: the kong's discarder alone pays 4",
        }
    else:
        assert said["en"].endswith("each pays 5") and said["zh"].endswith("每家付5分")


@pytest.mark.parametrize("transfer", [True, False])
def test_a_win_on_the_discard_after_a_kong_previews_what_it_pays(transfer: bool) -> None:
    """杠上炮 with 一炮多响: both winners' previews count the kong, and with 呼叫转移 on
    (kong_transfer) say that its income passes to the winner, a ledger line of its own."""
    hands = [
        "1111s234s567s88s5p6p",  # dealer: concealed kong of 1s, then discards 5p
        "123m456m789m34p99p",  # seat 1 waits 2p/5p
        "222p777p888p46p99s",  # seat 2 waits 5p
        "1234m567m88m13p99s",
    ]
    option = [f"kong_transfer={'on' if transfer else 'off'}"]
    r = _round("standard", hands, "1p", option)
    _declare(r, "msmp")
    _act(r, 0, AK.CONCEALED_KONG, "1s")
    _act(r, 0, AK.DISCARD, "5p")
    fork = _round("standard", hands, "1p", option)
    for action in r.decisions:
        fork.apply(action)
    _act(r, 2, AK.PASS)
    view = r.view(1)
    win = next(a for a in r.legal_actions(1) if a.kind is AK.WIN)
    said = claim_preview(view, win, "en")
    paid = _assert_preview_is_the_settlement(r, 1, "gang_shang_pao")
    assert paid.amount == 2 and paid.transfer == transfer  # 平胡 + 杠上炮
    tail = ", and the kong's income passes to you"
    assert said.startswith("Plain win, 2 fan: the discarder pays 2")
    assert said.endswith(tail) == transfer, said
    _act(fork, 1, AK.PASS)
    assert _assert_preview_is_the_settlement(fork, 2, "gang_shang_pao").transfer == transfer


def test_robbing_a_kong_previews_what_it_pays() -> None:
    hands = [
        "123m456m789m5p1p4p7p9p",  # dealer: discards 5p
        "123m456m789m55p1s2s",  # seat 1 pongs 5p, later adds the 4th
        "666p777p888p34p99p",  # seat 2 waits 2p/5p
        "123s234s345s678s9s",
    ]
    r = _round("standard", hands, "1p1p1p5p")
    _declare(r, "ssmm")
    _act(r, 0, AK.DISCARD, "5p")
    _act(r, 2, AK.PASS)
    _act(r, 1, AK.PONG, "5p")
    for seat, tile in ((1, "1s"), (2, "1p"), (3, "1p"), (0, "1p")):
        _act(r, seat, AK.DISCARD, tile)
        _answer_the_rest(r)
    _act(r, 1, AK.ADDED_KONG, "5p")
    assert r.view(2).claim_is_rob
    paid = _assert_preview_is_the_settlement(r, 2, "qiang_gang")
    assert paid.amount > 1 and paid.reason is Reason.WIN_ROBBING_KONG


def test_a_win_on_the_last_tile_previews_what_it_pays() -> None:
    """海底 (on with ``extra.hai_di``): seat 3 draws the wall's last tile, 9p, and discards
    it; seat 1, waiting on 9p alone, wins on it."""
    hands = [
        "1s3s5s7s9s2s4s6s8s1m3m9p9p5m",  # dealer: holds its void suit, never wins
        "123m456m789m111p9p",  # seat 1 waits on 9p only
        "1s3s5s7s9s2s4s6s8s2m4m6m8m",
        "1s3s5s7s9s2s4s6s8s1p3p5p7p",
    ]
    nine = parse_tile("9p")
    head = compose_wall([parse_tiles(h) for h in hands], [], 0)[:53]
    used = to_counts(head)
    free = [k for k in range(27) for _ in range(4 - used[k]) if k != nine]
    free.sort(key=lambda k: (k // 9 != 2, k))  # bamboo first: nobody can use it
    rules = get_preset("standard").with_overrides(["must_discard_void_first=off", "extra.hai_di=1"])
    r = Round.from_wall(rules, head + free + [nine], 0, dice=(1, 1))
    _declare(r, "ssss")
    while not (r.step is Step.CLAIM and 1 in r.pending_seats()):
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        drawn = r.view(seat).last_drawn
        r.apply(next((a for a in legal if a.kind is AK.DISCARD and a.tile == drawn), legal[0]))
    assert r.wall_remaining == 0 and r.view(1).claim_tile == nine
    assert _assert_preview_is_the_settlement(r, 1, "hai_di").amount > 1


# --- every win a bot is offered ------------------------------------------------------------

RULES = {
    "standard": ["extra.hai_di=1", "extra.jue_zhang=1", "kong_bloom_on_exposed=discarder_pays"],
    "jj": [],
    "chengdu": [],
    "modern_xueliu": [],
    "sanren_liangfang": ["extra.hai_di=1"],
    "liangren": [],
}


def _replayed(rules: RuleSet, seed: int, dealer: int, decisions: list[Action]) -> Round:
    fork = Round.new(rules, seed, dealer)
    for action in decisions:
        fork.apply(action)
    return fork


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), preset=st.sampled_from(sorted(RULES)))
def test_every_win_offered_previews_what_the_settlement_pays(seed: int, preset: str) -> None:
    rules = get_preset(preset).with_overrides(["items=off", *RULES[preset]])
    dealer = seed % rules.players
    r = Round.new(rules, seed, dealer)
    bots = [load_bot("efficiency", seed + s) for s in range(rules.players)]
    offers = 0
    while not r.is_over:
        seat = r.pending_seats()[0]
        for s in r.pending_seats():
            if any(a.kind is AK.WIN for a in r.legal_actions(s)):
                # the win taken on a copy of the round, whatever the bot does here
                fork = _replayed(rules, seed, dealer, list(r.decisions))
                _assert_preview_is_the_settlement(fork, s)
                offers += 1
            else:
                assert r.view(s).win_score is None  # no win on offer: nothing to preview
        r.apply(bots[seat].choose(r.view(seat), r.legal_actions(seat)))
    assert offers >= len(r.wins)  # every win taken was offered, and checked, first


def test_another_seats_view_at_a_friends_table_keeps_none_of_this_seats_secrets() -> None:
    """At a friends' table the game builds the other seats' views from its own (the server
    sends no one else's); it copied its own win on offer, items held and item results into
    them, as if every seat could win on the same tile and held the same items."""
    import dataclasses

    from game.net.driver import NetRound

    r = _round(
        "standard",
        [
            "123m456m789m234p55p",
            "123m456m789m6p7p8p9p",
            "1s2s3s4s5s6s7s8s9s1p1p1p2p",
            "2s3s4s5s6s7s8s9s3p3p3p4p4p",
        ],
    )
    _declare(r, "sssm")
    own = dataclasses.replace(r.view(0), inventory=(("qian_li_yan", 1),))
    assert own.win_score is not None  # the dealer's 14 tiles are a win (天胡)

    class Driver:
        view = own

    other = NetRound(Driver()).view(1)  # type: ignore[arg-type]
    assert other.seat == 1 and sum(other.concealed) == 0
    assert other.win_score is None and other.inventory == () and other.item_results == ()
    assert NetRound(Driver()).view(0) is own  # type: ignore[arg-type]
