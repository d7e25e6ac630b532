"""The command line under bad input and awkward output streams: one line and exit 2 for
every malformed value, escapes on a stream that cannot encode Chinese, quiet when the
reader stops reading — never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (argv, out)
    assert err.count("\n") == 1 and err.startswith("python -m engine "), err
    assert "Traceback" not in err and len(err) < 400
    return err


@pytest.mark.parametrize(
    ("bots", "fragment"),
    [
        (".foo:X", "cannot be imported"),
        ("sys:exit", "sys.exit is not a class"),
        ("os:system", "is not a class"),
        ("no_such_pkg.mod:Bot", "cannot be imported"),
        ("engine.tiles:Meld", "Meld has no choose"),
        ("engine.bots:Bot", "cannot be built"),
        ("nonsense", "use one of random, greedy"),
        ("easy,normal", "1 or 4 comma-separated bots"),
    ],
)
def test_bad_bots_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], bots: str, fragment: str
) -> None:
    assert fragment in _one_line_error(capsys, "simulate", "--games", "1", "--bots", bots)
    if "," not in bots:
        err = _one_line_error(capsys, "tournament", "--challenger", bots, "--field", "easy")
        assert fragment in err


def test_a_plugin_bot_still_plays_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["simulate", "--games", "2", "--bots", "engine.bots.basic:GreedyBot", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out)["hands"] == 2


def test_log_dir_that_is_a_file_or_cannot_be_made(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    err = _one_line_error(capsys, "simulate", "--games", "1", "--log-dir", str(a_file))
    assert "is a file, not a folder" in err
    below_a_file = a_file / "replays"
    err = _one_line_error(capsys, "simulate", "--games", "1", "--log-dir", str(below_a_file))
    assert "cannot be written" in err
    err = _one_line_error(capsys, "simulate", "--games", "1", "--log-dir", "x" * 5000)
    assert "cannot be written" in err  # (a name too long; the message quotes 80 of it)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "10000000000000"],
        ["simulate", "--games", "-1"],
        ["simulate", "--games", "1", "--jobs", "1000"],
        ["tournament", "--challenger", "easy", "--field", "easy", "--walls", "100000000000"],
        ["tournament", "--challenger", "easy", "--field", "easy", "--walls", "0"],
        ["simulate", "--games", "9" * 4000],  # refused at once, not counted out
    ],
)
def test_counts_beyond_a_sane_maximum_are_refused_first(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    err = _one_line_error(capsys, *argv)
    assert "must be" in err


@pytest.mark.parametrize(
    "setting", ["cap_fan=100000000000000000000", "fan.ping_hu=1000000000000000", "base=0"]
)
def test_huge_rule_values_from_set_are_refused(
    capsys: pytest.CaptureFixture[str], setting: str
) -> None:
    err = _one_line_error(
        capsys, "score", "--set", setting, "--hand", "123m456m789m234p55p", "--win", "5p"
    )
    assert "an integer" in err


def _engine(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *argv],
        cwd=ROOT,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        check=False,
    )


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("replays")
    done = _engine("simulate", "--games", "1", "--bots", "greedy", "--log-dir", str(folder))
    assert done.returncode == 0, done.stderr
    return folder / "hand-000000.json"


def test_a_non_utf8_stream_gets_escapes_not_an_error(replay_file: Path) -> None:
    cp1252 = {"PYTHONIOENCODING": "cp1252"}
    text = _engine("replay", str(replay_file), env=cp1252)
    assert text.returncode == 0 and text.stderr == b"", text.stderr
    assert b"\\u53f7\\u4f4d" in text.stdout  # 号位, escaped
    utf8 = _engine("replay", str(replay_file), "--json")
    escaped = _engine("replay", str(replay_file), "--json", env=cp1252)
    assert escaped.returncode == 0 and escaped.stderr == b""
    assert escaped.stdout.isascii()
    assert json.loads(escaped.stdout) == json.loads(utf8.stdout.decode("utf-8"))
    score = _engine("score", "--hand", "123m456m789m234p55p", "--win", "5p", env=cp1252)
    assert score.returncode == 0 and json.loads(score.stdout)["explain"]["zh"][0] == "平胡 1番"


def test_piping_into_head_ends_quietly(replay_file: Path) -> None:
    for argv in (["replay", str(replay_file)], ["replay", str(replay_file), "--json"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "engine", *argv],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # as `| head -1` does
        err = proc.stderr.read()
        proc.wait(timeout=60)
        assert err == b"", err.decode("utf-8", "replace")
        assert proc.returncode in (0, 1)


def test_a_plugin_bot_plays_a_tournament_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "my_bots"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "mine.py").write_text(
        "from engine.bots.basic import GreedyBot\n\n\nclass Mine(GreedyBot):\n    pass\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["tournament", "--challenger", "my_bots.mine:Mine", "--field", "greedy"]
    code = main([*argv, "--walls", "1", "--seed", "3", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out)["hands"] == 4
    # the same bot as the field's: paired plays of one wall, zero advantage
    assert json.loads(out)["mean_diff"] == 0.0
