"""A user's pass over the command-line tools (README "Command-line tools", "Bots", "Networked
tables"): every refusal is one line on stderr naming what is wrong, with exit status 2 —
argparse's own refusals too — and the help says what each flag takes. In-process calls of
each ``main(argv)``; no window opens (the game's flags are refused while parsing)."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import server.__main__ as server_main
from engine.cli import build_parser as engine_parser
from engine.cli import main as engine_main
from engine.rules import PRESETS
from game.__main__ import build_parser as game_parser
from game.__main__ import main as game_main
from game.__main__ import parse_args

ENGINE = "python -m engine"


def one_line(
    capsys: pytest.CaptureFixture[str], main: Callable[[list[str]], int], argv: Sequence[str]
) -> str:
    """Run ``main(argv)``: it must refuse with status 2 and exactly one line on stderr (no
    usage block, no traceback), which is returned."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's parser.error()
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    assert code == 2, (argv, code, err)
    assert out == "", out
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert not err.startswith("usage:"), err
    return err.rstrip("\n")


# --- python -m engine: argparse's refusals are one line as well ----------------------------


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        ([], f"{ENGINE}: error: a command is needed: one of score, analyze, simulate, "),
        (["bogus"], f"{ENGINE}: error: argument COMMAND: invalid choice: 'bogus'"),
        (["score", "--hand", "11m"], f"{ENGINE} score: error: the following arguments are"),
        (["simulate", "--games", "x"], f"{ENGINE} simulate: error: argument --games: invalid"),
        (["replay", "f.json", "--lang", "xx"], f"{ENGINE} replay: error: argument --lang: "),
        (["review", "f.json", "--bot", "random"], f"{ENGINE} review: error: argument --bot: "),
        (["audit", "--bot", "easy", "--field", "easy", "--kinds", "foo"], f"{ENGINE} audit: "),
        # a flag the command does not take: the command's name, not only the program's
        (["analyze", "--hand", "11m", "--set", "suits=ps"], f"{ENGINE} analyze: error: unrec"),
    ],
)
def test_engine_argparse_refusals_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    assert one_line(capsys, engine_main, argv).startswith(line)


# --- replay / review: the file is named whatever is wrong with it -----------------------------


@pytest.fixture
def one_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "replays"
    assert (
        engine_main(["simulate", "--games", "1", "--bots", "greedy", "--log-dir", str(folder)]) == 0
    )
    capsys.readouterr()
    return folder / "hand-000000.json"


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_damaged_replay_is_named(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    one_replay: Path,
    tmp_path: Path,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # short names: a long path is shortened in the message
    Path("cut.json").write_text(one_replay.read_text(encoding="utf-8")[:500], encoding="utf-8")
    line = one_line(capsys, engine_main, [command, "cut.json"])
    assert line.startswith(f"{ENGINE} {command}: error: 'cut.json': ") and "truncated" in line
    # a hand that plays out differently: which file, which step
    doc = json.loads(one_replay.read_text(encoding="utf-8"))
    doc["decisions"][5]["seat"] = (doc["decisions"][5]["seat"] + 1) % 4
    Path("tampered.json").write_text(json.dumps(doc), encoding="utf-8")
    line = one_line(capsys, engine_main, [command, "tampered.json"])
    assert line.startswith(f"{ENGINE} {command}: error: 'tampered.json': step 5: ")


@pytest.mark.parametrize("command", ["replay", "review"])
def test_an_empty_file_name_is_not_the_current_folder(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    line = one_line(capsys, engine_main, [command, ""])
    assert (
        line
        == f"{ENGINE} {command}: error: no replay file named: give the path of a replay JSON file"
    )


# --- score: a question the room cannot ask ------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (
            ["--rules", "liangren", "--hand", "123m456m789m234p55p", "--win", "5p"],
            "m (Characters) tiles are not in the wall of the liangren rules: its suits are "
            "p (Dots) and s (Bamboo)",
        ),
        (
            ["--set", "suits=ps", "--hand", "123p456p789p234s55s", "--melds", "P1m", "--win", "5s"],
            "m (Characters) tiles are not in the wall of the standard rules --set suits=ps",
        ),
        (
            ["--rules", "liangren", "--hand", "123p456p789p234s55s", "--win", "5s", "--void", "p"],
            "--void: the liangren rules have no declared void suit (定缺); leave --void out",
        ),
        (
            ["--rules", "chengdu", "--hand", "123m456m789m234p55p", "--win", "5p", "--void", "s"],
            "--void: the chengdu rules have no declared void suit",
        ),
    ],
)
def test_score_refuses_what_the_room_cannot_hold(
    capsys: pytest.CaptureFixture[str], flags: list[str], words: str
) -> None:
    assert words in one_line(capsys, engine_main, ["score", *flags])


def test_score_in_a_two_suit_room_still_scores(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--rules", "liangren", "--hand", "123p456p789p234s55s", "--win", "5s"]
    assert engine_main(argv) == 0
    assert json.loads(capsys.readouterr().out)["win"] is True


def test_simulate_refuses_zero_hands(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, engine_main, ["simulate", "--games", "0"])
    assert line == f"{ENGINE} simulate: error: --games must be 1-1,000,000, got 0"


# --- the help says what each flag takes -----------------------------------------------------


def _help(command: str) -> str:
    (sub,) = (a for a in engine_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return " ".join(sub.choices[command].format_help().split())


@pytest.mark.parametrize("command", ["score", "simulate", "tournament", "audit"])
def test_engine_help_names_every_preset(command: str) -> None:
    assert f"--rules PRESET rule preset: {', '.join(PRESETS)}" in _help(command)


def test_engine_help_gives_ranges_and_bots() -> None:
    bots = "random, greedy, easy, efficiency, normal, hard or package.module:Class"
    for command in ("tournament", "audit"):
        text = _help(command)
        assert f"--field BOT the other seats' bot ({bots})" in text
        assert "--jobs J worker processes, 1-64 (default 1)" in text
        assert "default 100; walls × seats at most 1,000,000" in text
    assert "--games N hands to play, 1-1,000,000 (default 100)" in _help("simulate")


# --- python -m server (and python -m game --server) -----------------------------------------


@pytest.mark.parametrize(
    ("main", "argv", "line"),
    [
        (server_main.main, ["--port", "x"], "python -m server: error: argument --port: must be"),
        (server_main.main, ["--bogus"], "python -m server: error: unrecognized arguments: --bogus"),
        (game_main, ["--server", "--log-level", "loud"], "python -m game --server: error: "),
    ],
)
def test_server_refusals_are_one_line(
    capsys: pytest.CaptureFixture[str],
    main: Callable[[list[str]], int],
    argv: list[str],
    line: str,
) -> None:
    assert one_line(capsys, main, argv).startswith(line)


def test_server_help_explains_the_log_level(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(server_main.build_parser().format_help().split())
    assert "--log-level {debug,info,warning,error} the least important log line" in text


# --- python -m game ---------------------------------------------------------------------------


def _parse(argv: list[str]) -> int:
    parse_args(argv)
    return 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # an empty name was taken for the default and dealt a match
        (["--rules", ""], "unknown preset ''; valid: standard, jj, "),
        (["--bots", ""], "--bots: unknown bot ''; valid: random, greedy, "),
        # SDL shrank it to 16384x16384 with a warning, and every frame was drawn at that size
        (["--window", "99999x99999"], "window '99999x99999' is larger than 16384x16384"),
        (["--window", "1024x16385"], "is larger than 16384x16384"),
        # one of each pair was dropped without a word
        (["--play", "--menu"], "argument --menu: not allowed with argument --play"),
        (["--demo", "--tutorial"], "argument --tutorial: not allowed with argument --demo"),
        (["--play", "--replay", "x.json"], "argument --replay: not allowed with argument --play"),
        (["--demo", "--continue"], "argument --continue: not allowed with argument --demo"),
        (["--play", "--about"], "argument --about: not allowed with argument --play"),
    ],
)
def test_game_refuses_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    line = one_line(capsys, _parse, argv)
    assert line.startswith("python -m game: error: ") and words in line


def test_game_takes_the_largest_window_and_the_menu_with_table_flags() -> None:
    assert parse_args(["--window", "16384x16384"]).window == (16384, 16384)
    args = parse_args(["--menu", "--rules", "jj"])  # the menu, Quick play under jj
    assert args.menu and args.rules == "jj"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc takes no files")
def test_game_screenshot_where_no_file_can_be_made(capsys: pytest.CaptureFixture[str]) -> None:
    """The frames were played and the save then failed with a traceback (mkdir in /proc)."""
    line = one_line(capsys, _parse, ["--screenshot", "/proc/no-such-folder/shot.png"])
    assert "argument --screenshot: cannot save '/proc/no-such-folder/shot.png'" in line


def test_game_help_says_where_the_window_size_comes_from() -> None:
    text = " ".join(game_parser().format_help().split())
    assert "default: 1280x800" not in text  # the saved setting is the default
    assert "--window WxH window size, 1024x640 to 16384x16384, fitted to the screen" in text
    assert "--frames N exit after N frames and print one JSON line of frame timings" in text
    assert f"--rules PRESET rule preset: {', '.join(PRESETS)} (default: standard)" in text


# --- build_scripts/screenshots.py -------------------------------------------------------------


def _screenshots_main() -> Callable[[list[str]], int]:
    spec = importlib.util.spec_from_file_location(
        "screenshots_audited",
        Path(__file__).resolve().parent.parent / "build_scripts" / "screenshots.py",
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main: Callable[[list[str]], int] = module.main
    return main


def test_screenshots_refuses_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    main = _screenshots_main()
    prog = "python build_scripts/screenshots.py: error: "
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    out = ["--out", str(tmp_path / "shots")]
    for argv, words in (
        # a traceback once the first picture was to be written
        (["--out", str(blocker)], f"--out {str(blocker)!r} is a file, not a folder"),
        (["--out", str(blocker / "under")], f"--out {str(blocker / 'under')!r} cannot be written"),
        # "invalid _windows value: 'abc'"
        ([*out, "--window", "abc"], "argument --window: expected WIDTHxHEIGHT like 1280x800"),
        # the game's parser refused these once a window was open, in the game's name
        ([*out, "--window", "0x0"], "argument --window: window '0x0' is smaller than 1024x640"),
        ([*out, "--lang", "en,xx"], "argument --lang: unknown language 'xx'; valid: zh, en"),
        ([*out, "--seed", "-1"], "argument --seed: expected a seed from 0 to "),
    ):
        line = one_line(capsys, main, argv)
        assert line.startswith(prog) and words in line, line
