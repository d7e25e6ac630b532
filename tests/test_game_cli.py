"""Command line: flags, errors (exit status 2) and the --frames JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.__main__ import parse_args

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_flags_parse() -> None:
    args = parse_args(
        [
            "--demo",
            "--seed",
            "5",
            "--rules",
            "jj",
            "--set",
            "cap_fan=4",
            "--bots",
            "easy,normal,hard",
        ]
    )
    assert args.demo and args.seed == 5
    assert args.rules_obj.cap_fan == 4
    assert args.bots == ("easy", "normal", "hard")
    assert parse_args(["--window", "1024x640"]).window == (1024, 640)


@pytest.mark.parametrize(
    ("argv", "table"),
    [
        ([], False),
        (["--lang", "en", "--window", "1024x640", "--frames", "5"], False),
        (["--menu"], False),
        (["--play"], True),
        (["--demo"], True),
        (["--seed", "8"], True),
        (["--rules", "jj"], True),
        (["--set", "cap_fan=4"], True),
        (["--bots", "hard"], True),
    ],
)
def test_the_menu_opens_unless_a_table_flag_is_given(argv: list[str], table: bool) -> None:
    args = parse_args(argv)
    assert args.table is table
    assert args.rules == (argv[1] if argv[:1] == ["--rules"] else "standard")
    assert len(args.bots) == 3


def test_no_flags_open_the_main_menu(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    from game.app import App
    from game.scenes.menu import MainMenuScene

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    tops: list[object] = []
    real_run = App.run

    def run(self: App, *a: object, **k: object) -> object:
        tops.append(self.stack.top)
        return real_run(self, *a, **k)

    monkeypatch.setattr(App, "run", run)
    from game.__main__ import main

    assert main(["--frames", "2"]) == 0
    assert isinstance(tops[0], MainMenuScene)


@pytest.mark.parametrize(
    "argv",
    [
        ["--rules", "nope"],
        ["--set", "cap_fan=banana"],
        ["--set", "no_such_option=1"],
        ["--bots", "a,b"],
        ["--bots", "normal,normal,genius"],
        ["--window", "800x600"],
        ["--window", "big"],
        ["--lang", "fr"],
        ["--frames", "0"],
        ["--unknown"],
    ],
)
def test_bad_flags_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_frames_prints_one_json_line(tmp_path: object) -> None:
    shot = os.path.join(str(tmp_path), "shot.png")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "--demo",
            "--seed",
            "3",
            "--frames",
            "30",
            "--screenshot",
            shot,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    assert len(lines) == 1
    stats = json.loads(lines[0])
    assert stats["frames"] == 30
    assert {"frame_ms_median", "frame_ms_p99", "first_frame_ms"} <= set(stats)
    assert os.path.getsize(shot) > 10_000


def test_the_command_line_offers_every_level_the_table_plays() -> None:
    """--bots once listed five levels while the table (and the settings) played six."""
    from game import __main__ as cli
    from game.settings import BOT_LEVELS

    assert "efficiency" in cli.BOT_NAMES
    assert set(cli.BOT_NAMES) == set(BOT_LEVELS)
    assert cli._bot_problem("efficiency") is None
