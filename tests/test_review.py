"""复盘 review (engine/review.py, ``python -m engine review``): deterministic, a deliberately
bad discard is a mistake with its loss and the best move, agreed moves lose nothing, the JSON
schema, every preset, the replay untouched, one-line errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.bots import load_bot
from engine.cli import main
from engine.hand import shanten
from engine.replay import dumps, record
from engine.review import (
    BIG_MISTAKE,
    SMALL_MISTAKE,
    ReviewWords,
    Verdict,
    WhyKind,
    decision_points,
    review_hand,
    strongest_bot,
)
from engine.round import Action, ActionKind, Round
from engine.rules import PRESETS, get_preset

BUDGET = 200  # rollouts: enough to weigh close discards, quick in a test


def played(seed: int, preset: str = "standard", bots: str = "normal") -> Round:
    """A whole hand of four bots (engine only)."""
    rules = get_preset(preset)
    rnd = Round.new(rules, seed, seed % rules.players)
    players = [load_bot(bots, seed * 4 + s) for s in range(rules.players)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        rnd.apply(players[seat].choose(rnd.view(seat), legal))
    return rnd


def _after(rnd: Round, seat: int, tile: int) -> int:
    counts = list(rnd.view(seat).concealed)
    counts[tile] -= 1
    return shanten(counts, len(rnd.view(seat).me.melds), rnd.view(seat).own_void)


def with_blunder(seed: int) -> tuple[dict, int] | None:  # type: ignore[type-arg]
    """Seat 0 plays ``normal`` but, the first time it could stay ready, throws a tile that
    breaks its ready hand; the hand's document and that decision's step."""
    rules = get_preset("standard")
    rnd = Round.new(rules, seed, 0)
    players = [load_bot("normal", seed * 4 + s) for s in range(4)]
    step = None
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        action = players[seat].choose(rnd.view(seat), legal)
        if step is None and seat == 0 and action.kind is ActionKind.DISCARD:
            discards = [a for a in legal if a.kind is ActionKind.DISCARD]
            keeps = [a for a in discards if _after(rnd, 0, a.tile or 0) == 0]
            breaks = [a for a in discards if _after(rnd, 0, a.tile or 0) >= 1]
            if keeps and breaks:
                step = len(rnd.decisions)
                action = max(breaks, key=lambda a: (_after(rnd, 0, a.tile or 0), a.tile or 0))
        rnd.apply(action)
    return (record(rnd), step) if step is not None else None


@pytest.fixture(scope="module")
def blunder() -> tuple[dict, int]:  # type: ignore[type-arg]
    for seed in range(1, 60):
        found = with_blunder(seed)
        if found is not None:
            return found
    raise AssertionError("no hand of seeds 1-59 let seat 0 break a ready hand")


def test_the_strongest_bot_reviews() -> None:
    assert strongest_bot() == "hard"


def test_review_of_a_fixed_replay_is_deterministic() -> None:
    doc = record(played(7))
    first = review_hand(doc, 0, budget=BUDGET)
    again = review_hand(json.loads(dumps(doc)), 0, budget=BUDGET)
    assert first.decisions  # the seat had decisions to weigh
    assert first == again
    assert first.to_json() == again.to_json()
    # a decision weighed alone is weighed the same (its bot's seed is its own)
    from engine.review import review_point

    points = list(decision_points(doc, 0))
    alone = review_point(points[-1], doc["seed"], bot="hard", budget=BUDGET)
    assert alone == first.decisions[-1]


def test_a_deliberately_bad_discard_is_flagged_with_its_loss_and_the_best_move(
    blunder: tuple[dict, int],  # type: ignore[type-arg]
) -> None:
    doc, step = blunder
    review = review_hand(doc, 0, budget=BUDGET)
    d = next(d for d in review.decisions if d.step == step)
    assert d.verdict in (Verdict.SMALL, Verdict.BIG)
    assert d.loss >= SMALL_MISTAKE
    assert d.best.kind is ActionKind.DISCARD and d.best != d.chosen
    assert d.why is not None and d.why.kind is WhyKind.BREAKS_READY
    assert d.why.shanten_best == 0 and d.why.shanten_chosen >= 1
    assert d in review.mistakes and d in review.costliest(len(review.decisions))
    assert review.accuracy < 1.0 and review.total_loss >= d.loss
    # the words name both tiles, the loss and why, and no internal id
    for lang, needle in (("zh", "听牌"), ("en", "ready")):
        line = ReviewWords(lang, you=0).line(d)
        assert needle in line
        assert "breaks_ready" not in line and "discard(" not in line
    zh = ReviewWords("zh").line(d)
    assert f"{d.loss:.2f}" in zh
    from engine.tiles import tile_name

    assert d.best.tile is not None and d.chosen.tile is not None
    assert tile_name(d.best.tile, "zh") in zh and tile_name(d.chosen.tile, "zh") in zh
    en = ReviewWords("en", you=0).line(d)
    assert tile_name(d.best.tile, "en") in en and "your ready hand" in en


def test_agreed_decisions_lose_nothing_and_every_option_is_valued(
    blunder: tuple[dict, int],  # type: ignore[type-arg]
) -> None:
    doc, _ = blunder
    review = review_hand(doc, 0, budget=BUDGET)
    points = {p.step: p for p in decision_points(doc, 0)}
    assert [d.step for d in review.decisions] == sorted(points)
    for d in review.decisions:
        values = [o.value for o in d.options]
        assert values == sorted(values, reverse=True)
        assert d.best == d.options[0].action
        assert {o.action for o in d.options} == set(points[d.step].legal)
        if d.chosen == d.best:
            assert d.loss == 0.0 and d.verdict is Verdict.AGREE and d.why is None
        assert d.loss == pytest.approx(max(0.0, values[0] - (d.value_of(d.chosen) or 0.0)))
        if d.verdict is Verdict.BIG:
            assert d.loss >= BIG_MISTAKE


def test_json_has_one_object_per_decision_and_a_summary(
    blunder: tuple[dict, int],  # type: ignore[type-arg]
) -> None:
    doc, step = blunder
    out = review_hand(doc, 0, budget=BUDGET).to_json(ReviewWords("en", you=0))
    assert set(out) == {"seat", "bot", "budget", "decisions", "summary"}
    assert (out["seat"], out["bot"], out["budget"]) == (0, "hard", BUDGET)
    for row in out["decisions"]:
        assert {"step", "phase", "chosen", "best", "loss", "verdict", "reason", "options"} <= set(
            row
        )
        assert row["phase"] in ("exchange", "declare_void", "turn", "claim", "rob")
        assert row["verdict"] in ("agree", "small", "big")
        assert all({"action", "value", "text"} <= set(o) for o in row["options"])
        assert row["best"] == {k: v for k, v in row["options"][0].items() if k != "value"}
    bad = next(r for r in out["decisions"] if r["step"] == step)
    assert bad["reason"] == "breaks_ready" and bad["loss"] > 0
    assert "ready" in bad["reason_text"]
    summary = out["summary"]
    assert summary["decisions"] == len(out["decisions"])
    assert 0 <= summary["accuracy"] < 1 and 0 <= summary["agreement"] < 1
    assert step in summary["costliest"] and len(summary["costliest"]) <= 3


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_replays_of_every_preset_can_be_reviewed_and_stay_unchanged(preset: str) -> None:
    doc = record(played(3, preset, "greedy"))
    before = copy.deepcopy(doc)
    players = get_preset(preset).players
    for seat in range(players):
        review = review_hand(doc, seat, budget=20)
        assert review.players == players and review.seat == seat
        assert all(d.chosen.seat == seat for d in review.decisions)
    assert doc == before


def test_items_and_leaving_are_not_weighed() -> None:
    doc = record(played(11))
    legal_kinds = {a.kind for p in decision_points(doc, 1) for a in p.legal}
    assert ActionKind.USE_ITEM not in legal_kinds and ActionKind.LEAVE not in legal_kinds
    assert all(len(p.legal) > 1 for p in decision_points(doc, 1))


def test_bad_seat_bot_and_budget_are_value_errors() -> None:
    doc = record(played(5))
    with pytest.raises(ValueError, match="seats 0-3"):
        review_hand(doc, 4)
    with pytest.raises(ValueError, match="budget"):
        review_hand(doc, 0, budget=0)
    with pytest.raises(ValueError, match="cannot value positions"):
        review_hand(doc, 0, bot="greedy")
    liangren = record(played(5, "liangren", "greedy"))
    with pytest.raises(ValueError, match="seats 0-1"):
        review_hand(liangren, 2)


# --- the command line -------------------------------------------------------------------


def _file(tmp_path: Path, doc: dict) -> str:  # type: ignore[type-arg]
    path = tmp_path / "hand.json"
    path.write_text(dumps(doc), encoding="utf-8")
    return str(path)


def test_cli_reviews_a_file_in_text_and_json(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    blunder: tuple[dict, int],  # type: ignore[type-arg]
) -> None:
    doc, step = blunder
    name = _file(tmp_path, doc)
    assert main(["review", name, "--budget", str(BUDGET), "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == "" and data["file"] == name and data["seat"] == 0
    assert any(r["step"] == step and r["verdict"] != "agree" for r in data["decisions"])
    assert main(["review", name, "--budget", str(BUDGET), "--lang", "en"]) == 0
    text, _ = capsys.readouterr()
    assert f"step {step}" in text and "Costliest mistakes:" in text and "accuracy" in text
    assert main(["review", name, "--budget", str(BUDGET), "--seat", "2"]) == 0
    zh, _ = capsys.readouterr()
    assert "3号位" in zh and "准确率" in zh


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, [], "cannot read"),
        (b"\x00\xff garbage", [], "not a replay document"),
        (b'{"format": "sichuan-mahjong-replay", "version": 4}', [], "missing field"),
        ("good", ["--seat", "4"], "--seat 4: this hand has seats 0-3"),
        ("good", ["--seat", "-1"], "--seat -1"),
        ("good", ["--budget", "0"], "budget must be"),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: bytes | str | None,
    args: list[str],
    message: str,
) -> None:
    path = tmp_path / "hand.json"
    if content == "good":
        path.write_text(dumps(record(played(5, bots="greedy"))), encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    assert main(["review", str(path), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("python -m engine review: error: ") and message in err


def test_cli_a_replay_that_does_not_re_execute_names_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = record(played(5, bots="greedy"))
    doc["decisions"][6] = {"seat": 3, "action": "win", "tile": "1m"}
    assert main(["review", _file(tmp_path, doc)]) == 2
    _, err = capsys.readouterr()
    assert "step 6" in err and err.count("\n") == 1


def test_words_have_no_internal_ids() -> None:
    doc = record(played(9))
    review = review_hand(doc, 0, budget=20)
    for lang in ("zh", "en"):
        words = ReviewWords(lang, you=0)
        lines = [words.line(d) for d in review.decisions] + [words.summary(review)]
        for d in review.decisions:
            lines += [words.action(o.action) for o in d.options]
        text = "\n".join(lines)
        for internal in ("_", "Action(", "ActionKind", "None"):
            assert internal not in text
    one = Action(ActionKind.EXCHANGE_THREE, 0, tiles=(3, 4, 5))
    assert ReviewWords("en").action(one) == "pass on 4, 5 and 6 Characters"


def test_equal_shapes_are_told_apart_by_risk_or_by_the_bigger_hand() -> None:
    """Two discards as close to ready and as wide: the review says the choice was the
    riskier tile (with both risks) or that the best keeps a bigger pattern nearer — and the
    facts it names are the bots' own readings of the position."""
    from engine.bots import deal_in_risk, plan_steps
    from engine.review import RISKIER, _after_discard, explain

    kinds: dict[WhyKind, int] = {}
    for seed in range(1, 9):
        doc = record(played(seed))
        for point in decision_points(doc, 0):
            chosen = point.chosen
            if chosen.kind is not ActionKind.DISCARD or chosen.tile is None:
                continue
            view = point.view
            shape = _after_discard(view, chosen.tile)
            for alt in point.legal:
                if alt.kind is not ActionKind.DISCARD or alt.tile in (None, chosen.tile):
                    continue
                if _after_discard(view, alt.tile) != shape:
                    continue
                why = explain(point, alt)
                said = SimpleNamespace(why=why, best=alt)  # what ReviewWords.reason reads
                kinds[why.kind] = kinds.get(why.kind, 0) + 1
                risk = deal_in_risk(view)
                assert why.risk_chosen == risk[chosen.tile] and why.risk_best == risk[alt.tile]
                if why.kind is WhyKind.SAFER:
                    assert why.risk_chosen - why.risk_best >= RISKIER
                    zh, en = ReviewWords("zh").reason(said), ReviewWords("en").reason(said)  # type: ignore[arg-type]
                    assert f"{why.risk_chosen:.2f}" in zh and f"{why.risk_best:.2f}" in en
                    continue
                assert why.kind is WhyKind.VALUE
                if why.pattern:
                    nearer = plan_steps(view, alt.tile)[why.pattern]
                    assert nearer == why.pattern_steps
                    assert nearer < plan_steps(view, chosen.tile).get(why.pattern, 99)
                    en = ReviewWords("en").reason(said)  # type: ignore[arg-type]
                    assert "_" not in en and "closer to" in en
    assert kinds.get(WhyKind.SAFER, 0) > 0 and kinds.get(WhyKind.VALUE, 0) > 0, kinds


@pytest.mark.parametrize(
    ("n", "best", "said", "after"),
    [
        (1, 8, "only 1 tile improves", "after the best play, 8 tiles do"),
        (3, 8, "only 3 tiles improve", "after the best play, 8 tiles do"),
        # not "only 0 tiles improve"
        (0, 1, "no tile improves", "after the best play, 1 tile does"),
    ],
)
def test_fewer_tiles_reads_as_english(n: int, best: int, said: str, after: str) -> None:
    from types import SimpleNamespace

    from engine.review import Why

    why = Why(WhyKind.FEWER_TILES, 1, 1, n, best)
    action = Action(ActionKind.DISCARD, 0, 5)
    text = ReviewWords("en").reason(SimpleNamespace(why=why, best=action))  # type: ignore[arg-type]
    assert said in text and after in text and "only 0" not in text
    zh = ReviewWords("zh").reason(SimpleNamespace(why=why, best=action))  # type: ignore[arg-type]
    assert "只有 0" not in zh and f"最佳选择有 {best} 张" in zh
