"""The decision audit (engine/audit.py): replays are faithful, alternatives are what they say,
a bad decision is found, and the command line answers as the other tools do."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from engine.audit import (
    KINDS,
    MIN_SAMPLES,
    AuditConfig,
    _Player,
    alternatives,
    audit_wall,
    decision_kind,
    format_table,
    run_audit,
    wall_stage,
)
from engine.bots import load_bot
from engine.cli import main
from engine.round import Action, ActionKind
from engine.rules import get_preset
from engine.simulate import derive_seed, play_hand
from engine.views import PlayerView

STANDARD = get_preset("standard")


def _play(seat: int, player: _Player, seed: int = 5, wall: int = 0) -> int:
    bots = [
        player if s == seat else load_bot("efficiency", derive_seed(seed, wall, s))
        for s in range(4)
    ]
    rnd = play_hand(STANDARD, derive_seed(seed, wall), 0, bots, check=True)
    assert rnd is not None and rnd.result is not None
    return rnd.result.totals[seat]


def test_forcing_the_bots_own_choice_replays_the_hand_exactly() -> None:
    """The replay is the original play up to the decision: forcing the action the bot chose
    there gives the same hand, to the point, for every decision of every kind."""
    seed_of_bot = derive_seed(5, 0, 2)
    first = _Player(load_bot("hard", seed_of_bot))
    points = _play(2, first)
    assert first.seen.get("discard"), "a hand has discard decisions"
    for kind, seen in first.seen.items():
        for index in (0, len(seen) - 1):
            chosen = seen[index][2]
            again = _Player(load_bot("hard", seed_of_bot), kind, index, chosen)
            assert _play(2, again) == points
            assert [a for _, _, a in again.seen[kind]] == [a for _, _, a in seen]


def test_alternatives_differ_from_the_choice_and_are_legal() -> None:
    player = _Player(load_bot("hard", 11))
    _play(1, player, seed=11)
    spare = load_bot("hard", 11)
    checked = 0
    for kind, seen in player.seen.items():
        for view, legal, chosen in seen:
            for action, labels in alternatives(kind, spare, view, legal, chosen):
                assert action != chosen and action in legal and labels
                checked += 1
    assert checked > 10


def _view_and_legal(kind: str) -> tuple[PlayerView, Sequence[Action], Action]:
    player = _Player(load_bot("efficiency", 3))
    for seed in range(3, 40):
        player = _Player(load_bot("efficiency", seed))
        _play(0, player, seed=seed)
        if player.seen.get(kind):
            return player.seen[kind][0]
    raise AssertionError(f"no {kind} decision in 37 hands")


def test_decision_kinds() -> None:
    view, legal, _ = _view_and_legal("void")
    assert decision_kind(view, legal) == "void"
    assert all(a.kind is ActionKind.DECLARE_VOID for a in legal)
    view, legal, _ = _view_and_legal("discard")
    assert decision_kind(view, legal) == "discard" and view.claim_tile is None
    view, legal, _ = _view_and_legal("claim")
    assert view.claim_tile is not None
    assert {a.kind for a in legal} & {ActionKind.PONG, ActionKind.EXPOSED_KONG}
    # one option is no decision
    assert decision_kind(view, [legal[0]]) is None


def test_the_exchange_alternatives_are_the_bots_three_from_the_other_suits() -> None:
    modern = get_preset("modern")
    player = _Player(load_bot("hard", 2))
    bots = [player, *(load_bot("efficiency", s) for s in (1, 2, 3))]
    play_hand(modern, 2, 0, bots, check=True)
    ((view, legal, chosen),) = player.seen["exchange"]
    assert decision_kind(view, legal) == "exchange"
    alts = alternatives("exchange", load_bot("hard", 2), view, legal, chosen)
    suits = [a.tiles[0] // 9 for a, _ in alts]
    assert chosen.tiles[0] // 9 not in suits and len(set(suits)) == len(suits) >= 1
    for action, labels in alts:
        assert labels == ("another suit",) and action in legal
        assert len({k // 9 for k in action.tiles}) == 1


def test_the_void_alternatives_are_the_two_other_suits() -> None:
    view, legal, chosen = _view_and_legal("void")
    alts = alternatives("void", load_bot("efficiency", 0), view, legal, chosen)
    assert sorted(a.suit for a, _ in alts if a.suit is not None) == sorted(
        {0, 1, 2} - {chosen.suit}
    )


class _NeverWins:
    """The efficiency bot, except that it plays on rather than win."""

    def __init__(self, seed: int = 0) -> None:
        self.inner = load_bot("efficiency", seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        rest = [a for a in legal if a.kind is not ActionKind.WIN]
        return self.inner.choose(view, rest or legal)


def test_the_audit_finds_a_bot_that_never_wins() -> None:
    """A bot that turns down every win loses points there: the audit's "win" alternative
    scores more, its interval above zero (a fixed computation on fixed walls)."""
    config = AuditConfig(f"{__name__}:_NeverWins", "efficiency", 12, 1, STANDARD, ("win",))
    result = run_audit(config)
    row = result.rows[("win", "win")]
    assert row.n >= MIN_SAMPLES
    assert row.mean - row.half_width > 0 and row.alternative_wins
    assert row.better > row.worse
    assert "the alternative wins" in format_table(result)


def test_the_audit_is_reproducible_and_counts_what_it_samples() -> None:
    config = AuditConfig("normal", "efficiency", 2, 7, STANDARD)
    one, two = audit_wall(config, 1), audit_wall(config, 1)
    assert one.to_dict()["rows"] == two.to_dict()["rows"]
    assert one.plays == 4
    for kind in KINDS:
        assert one.sampled.get(kind, 0) <= min(one.plays, one.decisions.get(kind, 0))
    assert one.sampled["void"] == 4  # every play declares a void, with two other suits
    assert one.rows[("void", "another suit")].n == 8


def test_bad_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="kinds"):
        AuditConfig("hard", "efficiency", 1, 0, STANDARD, ("discard", "bluff"))
    with pytest.raises(ValueError, match="walls"):
        AuditConfig("hard", "efficiency", 0, 0, STANDARD)


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["audit", "--bot", "efficiency", "--field", "efficiency", "--walls", "1"]
    assert main([*argv, "--kinds", "void,claim", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["plays"] == 4 and out["rules"] == "standard"
    assert {r["kind"] for r in out["rows"]} <= {"void", "claim"}
    assert set(out["decisions_per_hand"]) == {"void", "claim"}
    assert main(argv) == 0
    assert "decisions a hand" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--kinds", "bluff"])
    assert exc.value.code == 2
    capsys.readouterr()
    for bad in (["--walls", "0"], ["--jobs", "0"]):
        assert main([*argv, *bad]) == 2
        assert "must be" in capsys.readouterr().err
    assert main(["audit", "--bot", "nobody", "--field", "efficiency"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_rows_split_by_stage_add_up_to_the_whole() -> None:
    whole = audit_wall(AuditConfig("efficiency", "efficiency", 1, 4, STANDARD, ("discard",)), 0)
    split = audit_wall(
        AuditConfig("efficiency", "efficiency", 1, 4, STANDARD, ("discard",), by_stage=True), 0
    )
    for (_, label), row in whole.rows.items():
        parts = [r for r in split.rows.values() if r.label.rpartition(" ")[0] == label]
        assert {r.label.rpartition(" ")[2] for r in parts} <= {"early", "mid", "late"}
        assert sum(r.n for r in parts) == row.n
        assert sum(r.total for r in parts) == pytest.approx(row.total)
    assert wall_stage(55) == "early" and wall_stage(20) == "mid" and wall_stage(19) == "late"
