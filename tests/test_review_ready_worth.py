"""复盘 between two ready hands says what a win on each is worth — two discards that each
leave the hand ready on as many tiles read "as close to ready and as wide; the best is worth
more later in the hand" (最佳选择的期望得分更高), a 2.8-point mistake explained by nothing:
the best waited for 对对胡 at 4 points, the choice for a plain win at 2."""

from __future__ import annotations

from engine.bots import deal_in_risk, load_bot, plan_steps
from engine.replay import record
from engine.review import (
    DecisionPoint,
    ReviewedDecision,
    ReviewWords,
    Verdict,
    WhyKind,
    decision_points,
    explain,
)
from engine.round import Action, ActionKind, Round
from engine.rules import get_preset
from engine.scoring import win_values


def _richest(point: DecisionPoint, tile: int) -> int:
    counts = list(point.view.concealed)
    counts[tile] -= 1
    wins = win_values(counts, point.view.me.melds, point.view.rules, point.view.own_void)
    return max((r.points for _, r in wins), default=0)


def _two_ready_discards() -> tuple[DecisionPoint, int, int]:
    """A discard decision of seat 0 where two discards both leave the hand ready, on as many
    live tiles, with no pattern telling them apart, and wins of different worth."""
    from engine.review import RISKIER, _after_discard

    rules = get_preset("standard")
    for seed in range(400):
        rnd = Round.new(rules, seed, seed % 4)
        bots = [load_bot("greedy", seed * 10 + s) for s in range(4)]
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            legal = [a for a in rnd.legal_actions(seat) if a.item is None]
            rnd.apply(bots[seat].choose(rnd.view(seat), legal))
        for point in decision_points(record(rnd), 0):
            if point.phase != "turn":
                continue
            tiles = sorted({a.tile for a in point.legal if a.kind is ActionKind.DISCARD})
            ready = [k for k in tiles if k is not None and _after_discard(point.view, k)[0] == 0]
            for a in ready:
                for b in ready:
                    if (
                        _after_discard(point.view, a) == _after_discard(point.view, b)
                        and _richest(point, a) > _richest(point, b) > 0
                        and not plan_steps(point.view, a)
                        and not plan_steps(point.view, b)
                        and deal_in_risk(point.view)[b] - deal_in_risk(point.view)[a] < RISKIER
                    ):
                        return point, a, b
    raise AssertionError("no such hand in 400 seeds")


def test_two_ready_hands_are_told_apart_by_what_a_win_is_worth() -> None:
    point, best_tile, chosen_tile = _two_ready_discards()
    best = Action(ActionKind.DISCARD, 0, best_tile)
    chosen = Action(ActionKind.DISCARD, 0, chosen_tile)
    why = explain(DecisionPoint(point.step, point.phase, point.view, point.legal, chosen), best)
    assert why.kind is WhyKind.VALUE  # (the choice is no riskier: the search saw to that)
    assert (
        why.win_best == _richest(point, best_tile) > why.win_chosen == _richest(point, chosen_tile)
    )
    d = ReviewedDecision(point.step, "turn", chosen, best, 0.5, (), Verdict.SMALL, why)
    en, zh = ReviewWords("en").reason(d), ReviewWords("zh").reason(d)
    assert f"a win after the best play is worth {why.win_best} point" in en
    assert f"against {why.win_chosen} point" in en and "for yours" in en
    assert "worth more later" not in en
    assert f"最佳选择胡牌值 {why.win_best} 分，你的只值 {why.win_chosen} 分" in zh
    assert "期望得分更高" not in zh
    # two ready hands are both ready, not "as close to ready"
    assert en.startswith("both plays are ready") and zh.startswith("两种打法都听牌")
