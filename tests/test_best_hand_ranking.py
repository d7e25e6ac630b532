"""One meaning of "best hand": the match's end and Statistics rank wins alike.

The match's end ranked the match's wins by what each payer paid; Statistics ranked by fan and,
on equal fan, by the hand's net for the player (others' kongs and wins included, negative for
many a win). Under a fan cap or 自摸加底 the two named different hands for the same wins, and a
tie went to the hand whose net was larger. Both now call :func:`game.profile.best_hand_rank`:
what each payer paid, then fan; a record saved before ``paid`` was kept stands in with its fan
at base 1.

The wins are scored by the engine under the standard rules with ``cap_fan = 3`` (×4 at most a
payer, 自摸加底 on top) and handed to each side as the table hands them: the match's log keeps
``ScoreResult.points`` and ``.fan`` (MatchSession.after_finish), the profile ``.value`` as fan
and ``.points`` as paid (TableSession._record_hand)."""

from __future__ import annotations

from typing import Any

import game.profile as profile_mod
from engine.rules import get_preset
from engine.scoring import ScoreResult, WinContext, score_hand
from engine.tiles import parse_counts, parse_tile
from game.profile import BestHand, Profile, merge_profiles
from game.table.match_session import MatchSession

RULES = get_preset("standard").with_overrides({"cap_fan": 3})
PRESET = RULES.preset_name

# (hand, winning tile, self-drawn): pattern, fan → what each payer pays under the cap
QING_QI_DUI = ("11223344556677m", "7m", False)  # 清七对 5 fan, capped: 4 from the discarder
QING_QI_DUI_2 = ("11223344556699m", "9m", False)  # the same, another hand
QING_DUI = ("11122233344455m", "5m", False)  # 清对 4 fan, capped: 4
QING_YI_SE_ZIMO = ("123m123m456m789m99m", "9m", True)  # 清一色 3 fan self-drawn: 4 + 1 from each


def _score(hand: tuple[str, str, bool]) -> ScoreResult:
    tiles, win, self_drawn = hand
    ctx = WinContext(tuple(parse_counts(tiles)), (), parse_tile(win), self_drawn=self_drawn)
    score = score_hand(ctx, RULES)
    assert score.win
    return score


def _played(hands: list[tuple[tuple[str, str, bool], int]]) -> tuple[MatchSession, Profile]:
    """A match in which seat 0 (the player) won each of ``hands`` in turn, its net for the
    hand beside it: the match's log and the player's profile, as the table fills them."""
    session = MatchSession(autosave=None, keep_replays=0)
    profile = Profile()
    for n, (hand, net) in enumerate(hands, start=1):
        score = _score(hand)
        win: dict[str, Any] = {
            "seat": 0,
            "pattern": score.pattern,
            "points": score.points,
            "fan": score.fan,
            "self_drawn": score.self_drawn,
        }
        session.log.append({"hand_no": n, "wins": [win], "totals": [net, 0, 0, -net]})
        profile.record_hand(
            won=True,
            self_drawn=score.self_drawn,
            pattern=score.pattern,
            fan=score.value,
            points=net,
            preset=PRESET,
            tiles=hand[0],
            model=RULES.model,
            paid=score.points,
            win_tile=hand[1],
        )
    return session, profile


def _agree(session: MatchSession, profile: Profile) -> tuple[int, BestHand]:
    """The hand number the match's end names and the profile's best hand, checked to be the
    same win (its pattern, fan and payment)."""
    at_end, kept = session.best_hand(), profile.stats.best_hand
    assert at_end is not None and kept is not None
    assert (at_end["pattern"], at_end["fan"], at_end["points"]) == (
        kept.pattern,
        kept.fan,
        kept.paid,
    )
    return at_end["hand_no"], kept


def test_the_win_that_pays_most_is_the_best_hand_at_the_match_end_and_in_statistics() -> None:
    """A 5-fan 清七对 on a discard pays 4 under the cap; a self-drawn 3-fan 清一色 pays 4 + 1
    from each payer: the bigger win. Statistics kept the 5-fan hand (×16 uncapped) while the
    match's end named the 清一色."""
    qqd, qys = _score(QING_QI_DUI), _score(QING_YI_SE_ZIMO)
    assert (qqd.fan, qqd.points) == (5, 4) and (qys.fan, qys.points) == (3, 5)
    for order in (
        [(QING_QI_DUI, 8), (QING_YI_SE_ZIMO, 15)],
        [(QING_YI_SE_ZIMO, 15), (QING_QI_DUI, 8)],
    ):
        session, profile = _played(order)
        hand_no, kept = _agree(session, profile)
        assert kept.pattern == "qing_yi_se" and kept.paid == 5 and kept.fan == 3
        assert order[hand_no - 1][0] is QING_YI_SE_ZIMO


def test_equal_payments_go_to_more_fan_never_to_the_larger_net() -> None:
    """清对 (4 fan) and 清七对 (5 fan) both pay the capped 4: the 清七对 is the better hand
    though the 清对 came first and its hand netted more — the match's end kept the earlier
    one. On equal payment and fan the earlier stays, whatever the later hand's net: Statistics
    took the later one for its larger net."""
    session, profile = _played([(QING_DUI, 12), (QING_QI_DUI, -3)])
    hand_no, kept = _agree(session, profile)
    assert (hand_no, kept.pattern, kept.fan, kept.points) == (2, "qing_qi_dui", 5, -3)

    session, profile = _played([(QING_QI_DUI, -3), (QING_QI_DUI_2, 20)])
    hand_no, kept = _agree(session, profile)
    assert (hand_no, kept.tiles, kept.points) == (1, QING_QI_DUI[0], -3)
    # the ranking itself has no place for the net
    lost, gained = (BestHand("", "qing_qi_dui", 5, net, PRESET, "fan", 4) for net in (-3, 20))
    assert profile_mod.best_rank(lost) == profile_mod.best_rank(gained)


def _old_doc(fan: int, net: int, preset: str = "standard") -> dict[str, Any]:
    """A profile saved before ed0f216: its best hand has no ``paid``, no ``win_tile``, no
    model."""
    doc = Profile().to_dict()
    doc["stats"]["hands"] = doc["stats"]["wins"] = 1
    doc["stats"]["best_hand"] = {
        "tiles": "11123456789999m",
        "pattern": "qing_yi_se",
        "fan": fan,
        "points": net,
        "preset": preset,
    }
    return doc


def test_an_old_best_hand_without_paid_ranks_by_its_fan_not_its_net() -> None:
    """An old 3-fan record counts as ×4 a payer (its fan at base 1), never by its net of 20:
    a self-drawn 3-fan win paying 5 a payer replaces it (it stayed for its larger net); a
    5-fan old record (×16) outranks it and is kept exactly as saved."""
    p = Profile.from_dict(_old_doc(3, 20))
    old = p.stats.best_hand
    assert old is not None and (old.paid, old.win_tile, old.points) == (None, None, 20)
    p.record_hand(
        won=True, self_drawn=True, pattern="qing_yi_se", fan=3, points=-1, preset=PRESET, paid=5
    )
    assert p.stats.best_hand is not None and (p.stats.best_hand.paid, p.stats.best_hand.points) == (
        5,
        -1,
    )

    p = Profile.from_dict(_old_doc(5, -4))
    saved = p.stats.best_hand
    p.record_hand(
        won=True, self_drawn=True, pattern="qing_yi_se", fan=3, points=30, preset=PRESET, paid=5
    )
    assert p.stats.best_hand == saved  # not rewritten: no paid made up, its net as it was
    assert Profile.from_dict(p.to_dict()).stats.best_hand == saved
    rank = profile_mod.best_hand_rank
    assert rank(None, 3, "fan") == (4, 4)
    assert rank(5, 3, "fan") == (5, 4)
    assert rank(None, 8, "points") == (8, 8)  # an old Chengdu record: its points
    assert rank(None, None, "fan") == (0, 0)


def test_merging_an_old_best_hand_with_a_new_one_keeps_the_better_whole() -> None:
    """Another game saved a profile whose best hand is an old record (no paid) while this
    game won a new one: the merge ranks them as record_hand does and keeps the better
    record as it is, the other untouched; on a tie the other game's stays."""
    base = Profile().to_dict()

    def ours_with(fan: int, paid: int, net: int) -> dict[str, Any]:
        p = Profile()
        p.record_hand(
            won=True,
            self_drawn=True,
            pattern="qing_yi_se",
            fan=fan,
            points=net,
            preset=PRESET,
            paid=paid,
        )
        return p.to_dict()

    theirs = Profile.from_dict(_old_doc(3, 20)).to_dict()  # ×4, a net of 20
    better = ours_with(3, 5, -1)  # 5 from each payer, a net of -1
    merged = Profile.from_dict(merge_profiles(base, better, theirs)).stats.best_hand
    assert merged == BestHand("", "qing_yi_se", 3, -1, PRESET, None, 5, None)

    tie = ours_with(3, 4, -1)  # ×4 with 4 paid: the old record's rank, (4, 4)
    merged = Profile.from_dict(merge_profiles(base, tie, theirs)).stats.best_hand
    assert merged == Profile.from_dict(theirs).stats.best_hand
    assert merged is not None and (merged.paid, merged.points) == (None, 20)

    stronger = Profile.from_dict(_old_doc(5, -4)).to_dict()  # ×16
    merged = Profile.from_dict(merge_profiles(base, better, stronger)).stats.best_hand
    assert merged == Profile.from_dict(stronger).stats.best_hand
