"""Self-play with invariant checks (simulate) and the ``simulate`` CLI."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine import simulate as sim
from engine.cli import main
from engine.replay import loads, replay
from engine.round import Action
from engine.rules import PRESETS, get_preset
from engine.simulate import SimConfig, derive_seed, play_hand, run_matches, simulate, summary
from engine.views import PlayerView

# Random self-play, RULES.md invariants at every step (OpenSpiel's random_sim_test). Four
# random bots reach odd corners (kongs, robbing, pigs); one greedy seat reaches wins.
SELF_PLAY = [
    (preset, bots, games)
    for preset in sorted(PRESETS)
    for bots, games in (
        (("random", "random", "random", "random"), 300),
        (("greedy", "random", "random", "random"), 48),
    )
]


@pytest.mark.parametrize(("preset", "bots", "games"), SELF_PLAY)
def test_self_play_keeps_every_invariant(preset: str, bots: tuple[str, ...], games: int) -> None:
    rules = get_preset(preset)
    bots = bots[: rules.players]  # one per seat: four, or three or two (issue 15)
    config = SimConfig(games, derive_seed(17, len(preset)), rules, bots)
    stats, _ = simulate(config)
    assert stats.samples == [] and stats.violations == 0
    assert stats.hands == games and stats.aborted == 0


def test_self_play_covers_at_least_2000_hands() -> None:
    assert sum(games for _, _, games in SELF_PLAY) >= 2000


class IllegalBot:
    """Always discards 1m, legal or not."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Any) -> Action:
        return Action(legal[0].kind.__class__.DISCARD, view.seat, 0)


def test_an_illegal_choice_is_a_violation_not_a_crash() -> None:
    config = SimConfig(3, 1, get_preset("standard"), ("tests.test_simulate:IllegalBot",) * 4)
    stats = run_matches(config, [0])
    assert stats.violations == 3 and stats.aborted == 3 and stats.hands == 0
    assert "chose Action(DISCARD seat=" in stats.samples[0][1]


def test_a_hand_that_does_not_end_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim, "STEP_CAP", 10)
    stats = sim.SimStats()
    assert (
        play_hand(get_preset("standard"), 1, 0, [sim.load_bot("random", 0)] * 4, stats=stats)
        is None
    )
    assert stats.violations == 1 and "no end after 10 decisions" in stats.samples[0][1]


def test_statistics_are_consistent() -> None:
    config = SimConfig(40, 5, get_preset("jj"), ("greedy", "random", "greedy", "random"))
    stats, seconds = simulate(config)
    out = summary(config, stats, seconds)
    assert sum(s.points for s in stats.seats) == 0
    seats = out["seats"]
    assert [s["bot"] for s in seats] == list(config.bots)
    for s in seats:
        for key in ("win_rate", "self_draw_rate", "deal_in_rate", "flower_pig_rate"):
            assert 0 <= s[key] <= 1
        assert s["self_draw_rate"] <= s["win_rate"]
        assert s["ci95"] >= 0
    assert seats[0]["win_rate"] > seats[1]["win_rate"]  # greedy beats random


# --- CLI -----------------------------------------------------------------------------------


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code = main(["simulate", *argv, "--json"])
    out, err = capsys.readouterr()
    assert err == ""
    return code, json.loads(out)


TIMING = ("seconds", "hands_per_second", "jobs")


def numbers(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in out.items() if k not in TIMING}


def test_cli_json_fields_and_determinism(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--games",
        "20",
        "--seed",
        "4",
        "--rules",
        "modern",
        "--bots",
        "greedy,random,random,random",
    ]
    code, out = run_json(capsys, *argv)
    assert code == 0
    for key in ("hands", "hands_per_second", "invariant_violations", "seats", "seed", "rules"):
        assert key in out
    assert out["hands"] == 20 and out["invariant_violations"] == 0 and len(out["seats"]) == 4
    rates = ("win_rate", "self_draw_rate", "deal_in_rate", "flower_pig_rate", "not_ready_rate")
    assert {"mean_points", "ci95", "kongs_per_hand", *rates} <= set(out["seats"][0])
    assert numbers(run_json(capsys, *argv)[1]) == numbers(out)
    other = run_json(capsys, *argv[:3], "5", *argv[4:])[1]
    assert numbers(other) != numbers(out)


def test_cli_jobs_do_not_change_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "36", "--seed", "8", "--rules", "wiki", "--bots", "random"]
    one = run_json(capsys, *argv, "--jobs", "1")[1]
    two = run_json(capsys, *argv, "--jobs", "2")[1]
    assert numbers(one) == numbers(two) and one["hands"] == 36


def test_cli_text_output_set_and_log_dir(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(["simulate", "--games", "3", "--seed", "2", "--rules", "chengdu",
                 "--set", "cap_fan=3", "--bots", "greedy", "--log-dir", str(tmp_path)])  # fmt: skip
    out, _ = capsys.readouterr()
    assert code == 0
    assert "invariant_violations: 0" in out and "--set cap_fan=3" in out
    files = sorted(tmp_path.glob("hand-*.json"))
    assert [f.name for f in files] == ["hand-000000.json", "hand-000001.json", "hand-000002.json"]
    for f in files:
        doc = loads(f.read_text(encoding="utf-8"))
        assert doc["rules"]["cap_fan"] == 3
        assert replay(doc).is_over


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--bots", "random,greedy"], "1 or 4"),
        (["--bots", "nope"], "unknown bot 'nope'"),
        (["--rules", "vegas"], "vegas"),
        (["--set", "cap_fan=lots"], "cap_fan"),
        (["--games", "-1"], "--games"),
    ],
)
def test_cli_malformed_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    assert main(["simulate", "--games", "1", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and fragment in err and err.count("\n") == 1


def test_replay_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert (
        main(["simulate", "--games", "1", "--bots", "greedy", "--log-dir", str(tmp_path), "--json"])
        == 0
    )
    capsys.readouterr()
    path = str(tmp_path / "hand-000000.json")
    assert main(["replay", path]) == 0
    text, _ = capsys.readouterr()
    assert "掷骰" in text and "合计：" in text
    assert main(["replay", path, "--lang", "en", "--no-turns"]) == 0
    text, _ = capsys.readouterr()
    assert "Totals: " in text and "— Seat" not in text
    assert main(["replay", path, "--json"]) == 0
    out = json.loads(capsys.readouterr()[0])
    assert out["events"][0]["kind"] == "dice" and sum(out["totals"]) == 0
    (tmp_path / "bad.json").write_text('{"format": "x"}', encoding="utf-8")
    assert main(["replay", str(tmp_path / "bad.json")]) == 2
    assert "format must be" in capsys.readouterr()[1]
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize("name", ["simulate", "replay"])
def test_help_examples_run(capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    module = importlib.import_module(f"engine.cli.{name}")
    text = module.EPILOG.replace("/tmp/replays", str(tmp_path))
    examples = [line.split()[3:] for line in text.splitlines() if "python -m engine" in line]
    assert examples
    for argv in examples:
        assert main(argv) == 0, argv
        assert capsys.readouterr()[1] == ""
