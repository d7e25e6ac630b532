"""复盘 says why another 换三张 or 定缺 was better — both read "the best leaves a better hand"
(最佳选择留下的手牌更好), which teaches nothing: which tiles to keep instead, how many tiles
each void leaves to throw away, how far from ready each hand is."""

from __future__ import annotations

from engine.bots import load_bot
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
from engine.tiles import suit_name, tiles_name


def _points(preset: str, seed: int) -> list[DecisionPoint]:
    rules = get_preset(preset)
    rnd = Round.new(rules, seed, 1)  # seat 0 is no dealer: thirteen tiles
    bots = [load_bot("greedy", seed + s) for s in range(rules.players)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.item is None]
        rnd.apply(bots[seat].choose(rnd.view(seat), legal))
    return list(decision_points(record(rnd), 0))


def _decided(point: DecisionPoint, chosen: Action, best: Action) -> ReviewedDecision:
    why = explain(DecisionPoint(point.step, point.phase, point.view, point.legal, chosen), best)
    return ReviewedDecision(point.step, point.phase, chosen, best, 0.5, (), Verdict.SMALL, why)


def test_an_exchange_names_the_tiles_to_keep_and_compares_the_hands_kept() -> None:
    point = next(p for p in _points("modern_xueliu", 11) if p.phase == "exchange")
    view = point.view
    options = [a for a in point.legal if a.kind is ActionKind.EXCHANGE_THREE]
    # the best keeps a pair the choice breaks: the choice's hand is further from ready
    pairs = [k for k in range(27) if view.concealed[k] >= 2]
    chosen = next(a for a in options if any(a.tiles.count(k) == 1 for k in pairs))
    ranked = sorted(options, key=lambda a: explain_steps(point, a))
    best = ranked[0]
    assert explain_steps(point, best) < explain_steps(point, chosen)
    d = _decided(point, chosen, best)
    assert d.why is not None and d.why.kind is WhyKind.EXCHANGE
    kept = [k for k in chosen.tiles if k not in best.tiles]
    for lang in ("en", "zh"):
        text = ReviewWords(lang).reason(d)
        assert "better hand" not in text and "更好" not in text
        assert tiles_name(kept, lang) in text
        assert ("closer to ready" in text) if lang == "en" else ("离听牌更近" in text)
        assert "0 step" not in text and "0 向听" not in text  # the kept hand is never "ready"


def explain_steps(point: DecisionPoint, action: Action) -> int:
    why = explain(DecisionPoint(point.step, point.phase, point.view, point.legal, action), action)
    return why.shanten_chosen


def test_a_void_says_how_many_tiles_each_suit_leaves_to_throw_away() -> None:
    point = next(p for p in _points("standard", 5) if p.phase == "declare_void")
    counts = point.view.concealed
    held = {s: sum(counts[s * 9 : s * 9 + 9]) for s in range(3)}
    few, many = min(held, key=held.get), max(held, key=held.get)
    assert held[few] < held[many]
    best = Action(ActionKind.DECLARE_VOID, 0, suit=few)
    chosen = Action(ActionKind.DECLARE_VOID, 0, suit=many)
    d = _decided(point, chosen, best)
    en, zh = ReviewWords("en").reason(d), ReviewWords("zh").reason(d)
    assert en == (
        f"voiding {suit_name(few, 'en')} leaves {held[few]} tile"
        + ("" if held[few] == 1 else "s")
        + f" to throw away; voiding {suit_name(many, 'en')} leaves {held[many]} tiles"
    )
    assert zh == (
        f"缺{suit_name(few, 'zh')}只需打掉 {held[few]} 张，缺{suit_name(many, 'zh')}要打掉 "
        f"{held[many]} 张"
    )
