"""复盘 words as a strong player reads them: a reason never says what the position does not
show (as close to ready, as wide) — the choice closer to ready is a step back by the best
(退向听); two ready hands are compared by what they wait on (听 N 张); a claim's reason
follows what it did to the distance from ready; Sichuan has no 吃; a self-draw declined is
not "waiting for a self-draw"; a kong is named as a kong."""

from __future__ import annotations

import pytest
from test_review import played

from engine.replay import record
from engine.review import (
    ReviewedDecision,
    ReviewWords,
    Verdict,
    Why,
    WhyKind,
    _after_discard,
    decision_points,
    explain,
)
from engine.round import Action, ActionKind


def _decision(why: Why, chosen: Action, best: Action, phase: str = "turn") -> ReviewedDecision:
    return ReviewedDecision(1, phase, chosen, best, 0.5, (), Verdict.SMALL, why)


def _discard(tile: int) -> Action:
    return Action(ActionKind.DISCARD, 0, tile)


def _reasons(why: Why, phase: str = "turn", chosen: Action | None = None,
             best: Action | None = None) -> tuple[str, str]:  # fmt: skip
    d = _decision(why, chosen or _discard(4), best or _discard(5), phase)
    return ReviewWords("zh").reason(d), ReviewWords("en").reason(d)


def test_every_discard_reason_says_only_what_the_shapes_show() -> None:
    """Over every pair of discards (the choice, another) of the seat's turns in real hands,
    the reason's claims hold: "as close to ready" only when both leave the same shanten, "as
    wide" only with as many live tiles, and a choice closer to ready is never called slower.
    The choice closer to ready and narrower is the best's step back (退向听)."""
    seen: set[WhyKind] = set()
    for seed in range(1, 7):
        doc = record(played(seed, bots="easy"))
        for point in decision_points(doc, 0):
            chosen = point.chosen
            if chosen.kind is not ActionKind.DISCARD or chosen.tile is None:
                continue
            sc, tc = _after_discard(point.view, chosen.tile)
            for alt in point.legal:
                if alt.kind is not ActionKind.DISCARD or alt.tile in (None, chosen.tile):
                    continue
                why = explain(point, alt)
                seen.add(why.kind)
                sb, tb = _after_discard(point.view, alt.tile)
                assert (why.shanten_chosen, why.shanten_best) == (sc, sb)
                zh, en = _reasons(why, chosen=chosen, best=alt)
                if "as close to ready" in en or "同样接近听牌" in zh:
                    assert sc == sb, (en, zh, why)
                if "as wide" in en or "有效牌一样多" in zh:
                    assert tc == tb, (en, zh, why)
                if sc < sb and why.kind is not WhyKind.SAFER:
                    assert why.kind in (WhyKind.STEP_BACK, WhyKind.VALUE), why
                    assert "closer" in en or "ready" in en, en
                    if why.kind is WhyKind.STEP_BACK:
                        assert tc < tb and "退" in zh and "back" in en
    assert WhyKind.STEP_BACK in seen, seen


def test_a_choice_closer_to_ready_is_not_called_as_close() -> None:
    why = Why(WhyKind.VALUE, 2, 3, 7, 43)
    zh, en = _reasons(why)
    assert "同样接近听牌" not in zh and "as close" not in en
    assert en == "yours is closer to ready, but the best play is worth more later in the hand"
    ready = Why(WhyKind.VALUE, 0, 1, 3, 11, pattern="qing_yi_se", pattern_steps=1)
    zh, en = _reasons(ready)
    assert zh == "你的打法已经听牌，但最佳选择离清一色更近（1 向听）"
    assert en == "yours is ready, but the best play keeps you closer to full flush (1 step away)"


def test_a_wider_choice_is_not_called_as_wide() -> None:
    zh, en = _reasons(Why(WhyKind.VALUE, 0, 0, 3, 2))
    assert "有效牌一样多" not in zh and "as wide" not in en
    assert "3 张对 2 张" in zh and "more tiles (3 against 2)" in en


@pytest.mark.parametrize(
    ("sc", "sb", "tc", "tb", "zh", "en"),
    [
        (2, 3, 7, 43, "你的打法 2 向听，但有效牌只有 7 张；最佳选择退一向听，有效牌 43 张",
         "yours is 2 steps from ready, but only 7 tiles improve it; the best play takes a "
         "step back so that 43 tiles improve it"),
        (0, 1, 2, 26, "你的打法听牌了，但只有 2 张可胡；最佳选择退一向听，有效牌 26 张",
         "yours is ready, but waits on only 2 tiles; the best play takes a step back so that "
         "26 tiles improve it"),
    ],
)  # fmt: skip
def test_a_step_back_is_said_as_one(sc: int, sb: int, tc: int, tb: int, zh: str, en: str) -> None:
    assert _reasons(Why(WhyKind.STEP_BACK, sc, sb, tc, tb)) == (zh, en)


@pytest.mark.parametrize(
    ("n", "zh", "en"),
    [
        (1, "只听 1 张，最佳选择听 3 张",
         "you wait on only 1 tile; the best play waits on 3 tiles"),
        (0, "你听的牌已经没有了，最佳选择还能胡 3 张",
         "every tile you wait on is gone; the best play waits on 3 tiles"),
    ],
)  # fmt: skip
def test_two_ready_hands_are_compared_by_their_waits(n: int, zh: str, en: str) -> None:
    assert _reasons(Why(WhyKind.FEWER_TILES, 0, 0, n, 3)) == (zh, en)


def test_a_ready_hand_kept_on_dead_waits_is_not_said_to_have_0_tiles() -> None:
    zh, en = _reasons(Why(WhyKind.BREAKS_READY, 1, 0, 0, 0))
    assert "0 张" not in zh and "0 tiles" not in en
    assert "听牌" in zh and "ready" in en


def test_sichuan_claims_have_no_chow_and_deal_ins_are_dian_pao() -> None:
    words = ReviewWords("zh")
    assert words.phase("claim") == "碰杠胡"
    zh, _ = _reasons(Why(WhyKind.SAFER, 1, 1, 5, 5, risk_chosen=0.3, risk_best=0.1))
    assert "点炮" in zh and "放炮" not in zh


def test_a_declined_self_draw_is_not_waiting_for_a_self_draw() -> None:
    win, play = Action(ActionKind.WIN, 0, 4), _discard(4)
    zh, en = _reasons(Why(WhyKind.TOOK_WIN), "turn", chosen=win, best=play)
    assert "自摸" not in zh and "self-draw" not in en
    assert en == "playing on for a bigger win is worth 0.50 points more on average"
    zh, en = _reasons(Why(WhyKind.PASSED_WIN), "turn", chosen=play, best=win)
    assert zh == "这里应该自摸，自摸期望多得 0.50 分"
    zh, en = _reasons(Why(WhyKind.TOOK_WIN), "claim", chosen=win, best=Action(ActionKind.PASS, 0))
    assert "自摸" in zh and "self-draw" in en  # passing a discard: a self-draw may come


def test_a_claims_reason_follows_its_distance_from_ready() -> None:
    pong, kong, pass_ = (Action(ActionKind.PONG, 0, 3), Action(ActionKind.EXPOSED_KONG, 0, 3),
                         Action(ActionKind.PASS, 0))  # fmt: skip
    zh, en = _reasons(Why(WhyKind.BAD_CLAIM, 2, 1), "claim", chosen=pong, best=pass_)
    assert en == "the pong of 4 Characters gets you no closer to ready" and "并没有" in zh
    zh, en = _reasons(Why(WhyKind.BAD_CLAIM, 0, 0), "claim", chosen=pong, best=pass_)
    assert en.startswith("you are ready already") and "已经听牌" in zh
    zh, en = _reasons(Why(WhyKind.BAD_CLAIM, 1, 2), "claim", chosen=pong, best=pass_)
    assert en == (
        "the pong of 4 Characters gets you closer to ready, but passing is worth 0.50 points "
        "more on average"
    )
    zh, en = _reasons(Why(WhyKind.BAD_CLAIM, 1, 1), "claim", chosen=kong, best=pong)
    assert en == "a pong of 4 Characters is worth 0.50 points more on average"
    assert "spoils" not in en
    zh, en = _reasons(Why(WhyKind.MISSED_CLAIM, 2, 1), "claim", chosen=pass_, best=pong)
    assert en == "a pong of 4 Characters would bring you closer to ready" and "更近" in zh


def test_a_claim_is_explained_with_the_shanten_after_each_answer() -> None:
    """explain() measures a claim: the shanten after the choice and after the best, as the
    engine counts them (a pong with its discard to come, a pass keeping the hand)."""
    from engine.hand import shanten

    measured = 0
    for seed in range(1, 9):
        doc = record(played(seed, bots="easy"))
        for point in decision_points(doc, 0):
            if point.phase != "claim":
                continue
            view = point.view
            melds = len(view.me.melds)
            for alt in point.legal:
                if alt == point.chosen or alt.kind is ActionKind.WIN:
                    continue
                if point.chosen.kind is ActionKind.WIN:
                    continue
                why = explain(point, alt)
                for action, got in ((point.chosen, why.shanten_chosen), (alt, why.shanten_best)):
                    counts = list(view.concealed)
                    if action.kind is ActionKind.PASS:
                        want = shanten(counts, melds, view.own_void)
                    else:
                        assert action.tile is not None
                        counts[action.tile] -= 2 if action.kind is ActionKind.PONG else 3
                        want = shanten(counts, melds + 1, view.own_void)
                    assert got == want
                    measured += 1
    assert measured > 0


def test_a_kong_is_named() -> None:
    kong, play = Action(ActionKind.CONCEALED_KONG, 0, 13), _discard(4)
    zh, en = _reasons(Why(WhyKind.KONG), chosen=play, best=kong)
    assert (zh, en) == (
        "这个杠应该开，开杠期望多得 0.50 分",
        "declaring this kong is worth 0.50 points more on average",
    )
    zh, en = _reasons(Why(WhyKind.KONG), chosen=kong, best=play)
    assert (zh, en) == (
        "这个杠不该开，不开期望多得 0.50 分",
        "holding this kong back is worth 0.50 points more on average",
    )
