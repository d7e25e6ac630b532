"""The tournament's per-side statistics: deal-ins per discard made while not ready, the
mean points of a win, and --rules all."""

from __future__ import annotations

import json

import pytest

from engine.bots import load_bot
from engine.cli import main
from engine.hand import waits
from engine.round import ActionKind, EventKind, Round
from engine.rules import PRESETS, get_preset
from engine.simulate import derive_seed
from engine.tournament import (
    LATE_WALL,
    ReadinessLog,
    SideStats,
    TournamentConfig,
    _tally,
    run_tournament,
)


def test_unready_deal_ins_are_counted_per_discard_against_a_replay_of_the_hands() -> None:
    """Recount by hand: play hands with logged bots, then check each discard's readiness
    and each deal-in against the event log; the same for the late discards alone."""
    rules = get_preset("standard")
    side = SideStats()
    expected_discards = expected_hits = 0
    late_discards = late_hits = 0
    for hand in range(30):  # enough for deal-ins late in the wall
        bots = [ReadinessLog(load_bot("efficiency", derive_seed(5, hand, s))) for s in range(4)]
        rnd = Round.new(rules, derive_seed(5, hand), 0)
        ready_at: dict[int, bool] = {}  # discard event index -> ready after it
        late_at: dict[int, bool] = {}  # discard event index -> made with < LATE_WALL left
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            view = rnd.view(seat)
            action = bots[seat].choose(view, rnd.legal_actions(seat))
            rnd.apply(action)
            if action.kind is ActionKind.DISCARD and action.tile is not None and seat == 0:
                e = next(e for e in reversed(rnd.events) if e.kind is EventKind.DISCARD)
                after = list(view.concealed)
                after[action.tile] -= 1
                ready_at[e.index] = bool(waits(after, len(view.me.melds), view.own_void))
                late_at[e.index] = view.wall_remaining < LATE_WALL
        _tally(rnd, 0, side, bots[0])
        assert rnd.result is not None
        expected_discards += sum(1 for r in ready_at.values() if not r)
        late_discards += sum(1 for i, r in ready_at.items() if not r and late_at[i])
        hits = set()
        for w in rnd.result.wins:
            if w.from_seat == 0:
                last = max(i for i in ready_at if i < w.event_index)
                if not ready_at[last]:
                    hits.add(last)
        expected_hits += len(hits)
        late_hits += sum(1 for i in hits if late_at[i])
    assert side.unready_discards == expected_discards > late_discards > 0
    assert side.unready_deal_ins == expected_hits
    assert side.late_unready_discards == late_discards
    assert side.late_unready_deal_ins == late_hits > 0
    summary = side.summary()
    assert 0.0 <= summary["unready_deal_in_per_discard"] <= 1.0
    assert summary["late_unready_deal_in_per_discard"] == late_hits / late_discards


def test_mean_win_points_is_what_the_wins_collected() -> None:
    config = TournamentConfig("efficiency", "greedy", 3, 4, get_preset("standard"))
    res = run_tournament(config)
    for side in (res.challenger, res.field_side):
        assert side.wins > 0 and side.win_points >= side.wins  # a win collects at least 1
        assert side.summary()["mean_win_points"] == pytest.approx(side.win_points / side.wins)


def test_rules_all_plays_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--challenger", "efficiency", "--field", "greedy", "--walls", "1"]
    assert main([*args, "--rules", "all", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["rules"] for p in out["presets"]] == list(PRESETS)
    assert all(p["walls"] == 1 for p in out["presets"])
    assert main([*args, "--rules", "all"]) == 0
    text = capsys.readouterr().out
    assert all(name in text for name in PRESETS) and "deal-in/discard" in text
