"""Bad command-line input is one line on stderr and a non-zero exit, never a traceback:
``python -m server`` (and ``python -m game --server``) and the build scripts; and the
words of ``python -m engine``: one of a thing is singular, help text is filled to the width."""

from __future__ import annotations

import importlib
import itertools
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import server.__main__ as server_main

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))  # package_release imports its neighbours by plain name


def error_line(err: str) -> str:
    """The one line a refusal prints (after argparse's usage, when it prints one)."""
    assert "Traceback" not in err, err
    lines = [
        line for line in err.strip().splitlines() if not line.startswith(("usage:", " "))
    ]  # the usage's own lines: its first and the indented rest
    assert len(lines) == 1, err
    return lines[0]


def refused(
    capsys: pytest.CaptureFixture[str], main: Callable[[list[str]], int], argv: list[str]
) -> tuple[int, str]:
    """Run ``main(argv)`` in this process: its exit status and its one line of error."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's parser.error()
        code = exc.code if isinstance(exc.code, int) else 1
    assert code != 0
    return code, error_line(capsys.readouterr().err)


# --- python -m server -------------------------------------------------------------------------


class _MustNotStart:
    """Stands in for the server: a flag that should be refused must not get this far (the old
    code served on with ``--burst 0`` or ``--max-connections -1``, refusing every client)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    async def start(self) -> None:
        raise AssertionError("the server started")


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_main, "Server", _MustNotStart)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--port", "99999"], "argument --port: must be 0-65535"),
        (["--port", "-5"], "argument --port: must be 0-65535"),
        (["--port", "abc"], "argument --port: must be a whole number"),
        (["--max-connections", "-1"], "argument --max-connections: must be at least 1"),
        (["--max-rooms", "0"], "argument --max-rooms: must be at least 1"),
        (["--burst", "0"], "argument --burst: must be at least 1"),
        (["--rate", "0"], "argument --rate: must be a number above 0"),
        (["--rate", "nan"], "argument --rate: must be a number above 0"),
        (["--rate", "inf"], "argument --rate: must be a number above 0"),
        (["--idle-seconds", "0"], "argument --idle-seconds: must be a number above 0"),
        (["--idle-seconds", "-3"], "argument --idle-seconds: must be a number above 0"),
    ],
)
def test_server_refuses_flags_out_of_range(
    capsys: pytest.CaptureFixture[str], no_server: None, flags: list[str], words: str
) -> None:
    code, line = refused(capsys, server_main.main, flags)
    assert code == 2
    assert line.startswith("python -m server: error: ") and words in line


def test_server_takes_the_edges_of_each_range() -> None:
    edges = "--port 65535 --max-rooms 1 --max-connections 1 --burst 1 --rate 0.5 --idle-seconds 0.5"
    args = server_main.build_parser().parse_args(edges.split())
    assert (args.port, args.max_rooms, args.max_connections, args.burst) == (65535, 1, 1, 1)
    assert (args.rate, args.idle_seconds) == (0.5, 0.5)
    assert server_main.build_parser().parse_args(["--port", "0"]).port == 0  # any free port


def test_server_log_file_that_cannot_be_opened(
    capsys: pytest.CaptureFixture[str], no_server: None, tmp_path: Path
) -> None:
    code, line = refused(capsys, server_main.main, ["--log-file", str(tmp_path)])
    assert code == 2
    assert line.startswith("python -m server: error: cannot open --log-file ")
    assert str(tmp_path) in line


def test_server_port_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, line = refused(capsys, server_main.main, ["--host", "127.0.0.1", "--port", str(port)])
    assert code == 2
    assert line.startswith(f"python -m server: error: cannot listen on 127.0.0.1:{port}: ")
    assert "bind" not in line  # the reason once, not asyncio's sentence around it
    # nothing of this run stays on the server's logger: a handler left on it wrote to the
    # closed stream whenever a later server in the process logged ('Logging error')
    import logging

    from server.logs import LOGGER_NAME

    assert logging.getLogger(LOGGER_NAME).handlers == []


def test_game_server_flag_refuses_a_bad_port(
    capsys: pytest.CaptureFixture[str], no_server: None
) -> None:
    from game.__main__ import main as game_main

    code, line = refused(capsys, game_main, ["--server", "--port", "99999"])
    assert code == 2 and "must be 0-65535" in line


def test_python_m_server_bad_port_is_one_line() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "server", "--port", "-5"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a hang guard: the refusal comes before anything listens
    )
    assert out.returncode == 2
    assert "must be 0-65535" in error_line(out.stderr)


def test_server_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        server_main.main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert "``" not in text
    assert "The headless dedicated server" in text
    flat = " ".join(text.split())
    assert "--max-connections N clients connected at once; more are refused (default 4000)" in flat
    assert "--idle-seconds S a room nobody is connected to closes after this long" in flat


# --- build scripts -------------------------------------------------------------------------


def load_script(name: str) -> ModuleType:
    return importlib.import_module(name)  # build_scripts/ is on sys.path (above)


def run_script(
    capsys: pytest.CaptureFixture[str], name: str, argv: Sequence[str]
) -> tuple[int, str]:
    return refused(capsys, load_script(name).main, list(argv))


def test_make_icon_bad_tile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, line = run_script(capsys, "make_icon", ["--tile", "12x", "--out", str(tmp_path)])
    assert code == 2
    assert ": error: argument --tile: " in line and "'12x'" in line
    assert not any(tmp_path.iterdir())


def test_make_icon_unknown_style(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, line = run_script(capsys, "make_icon", ["--style", "nope", "--out", str(tmp_path)])
    assert code == 2
    assert "argument --style" in line and "'nope'" in line and "classic" in line


def test_make_icon_out_is_a_folder_not_a_file_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--out x/icon.png`` used to make a folder named icon.png with the icons inside."""
    target = tmp_path / "x" / "icon.png"
    code, line = run_script(capsys, "make_icon", ["--out", str(target)])
    assert code == 2 and "argument --out" in line and "folder" in line
    assert not target.exists()


def test_make_icon_help_calls_out_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script("make_icon").main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--out DIR folder to write icon.png" in text


def test_make_icon_out_is_an_existing_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "taken").write_text("x")
    code, line = run_script(capsys, "make_icon", ["--out", str(tmp_path / "taken")])
    assert code == 2 and "is a file, not a folder" in line


@pytest.mark.parametrize("width", ["0", "-5", "7", "100000"])
def test_tile_sheet_bad_width(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, width: str
) -> None:
    out = tmp_path / "sheet.png"
    code, line = run_script(capsys, "tile_sheet", ["--width", width, "--out", str(out)])
    assert code == 2 and ": error: argument --width: " in line
    assert not out.exists()


def test_tile_sheet_out_is_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, line = run_script(capsys, "tile_sheet", ["--out", str(tmp_path)])
    assert code == 2 and "is a folder" in line


def test_tile_sheet_out_under_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    code, line = run_script(capsys, "tile_sheet", ["--out", str(tmp_path / "taken" / "t.png")])
    assert code == 2 and "is a file, not a folder" in line


def test_make_sounds_out_is_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("x")
    code, line = run_script(capsys, "make_sounds", ["--out", str(tmp_path / "taken")])
    assert code == 2
    assert ": error: argument --out: " in line
    assert "is a file, not a folder" in line


def test_package_release_checksums_of_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["--checksums", str(tmp_path / "none"), "--dist", str(tmp_path / "no-dist")]
    code, line = run_script(capsys, "package_release", argv)
    assert code == 2 and "argument --checksums" in line and "no folder" in line


def test_package_release_checksums_of_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "taken").write_text("x")
    code, line = run_script(capsys, "package_release", ["--checksums", str(tmp_path / "taken")])
    assert code == 2 and "is a file, not a folder" in line


def test_subset_font_missing_source(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["--source-dir", str(tmp_path / "none"), "--out-dir", str(tmp_path / "fonts")]
    code, line = run_script(capsys, "subset_font", argv)
    assert code == 2
    assert ": error: " in line and "NotoSansSC-Regular.otf" in line
    assert not (tmp_path / "fonts").exists()


def test_subset_font_damaged_source(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "licenses").mkdir(parents=True)
    for name in ("NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf", "licenses/NotoSans-LICENSE.txt"):
        (source / name).write_bytes(b"not a font")
    argv = ["--source-dir", str(source), "--out-dir", str(tmp_path / "fonts")]
    code, line = run_script(capsys, "subset_font", argv)
    assert code == 1 and ": error: " in line


# --- python -m engine: its words -------------------------------------------------------------


def engine_out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    from engine.cli import main as engine_main

    assert engine_main(argv) == 0
    return capsys.readouterr().out


def test_simulate_one_hand_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    first = engine_out(capsys, ["simulate", "--games", "1"]).splitlines()[0]
    assert first.startswith("1 hand, seed 0"), first


def test_tournament_one_wall_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--challenger", "easy", "--field", "easy", "--walls", "1"]
    first = engine_out(capsys, argv).splitlines()[0]
    assert "1 wall x 4 seats = 4 hands" in first, first


def test_audit_one_wall_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["audit", "--bot", "easy", "--field", "easy", "--walls", "1", "--kinds", "void"]
    first = engine_out(capsys, argv).splitlines()[0]
    assert ", 1 wall, " in first, first


def test_analyze_one_tile_one_meld_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli import main as engine_main

    assert engine_main(["analyze", "--hand", "1m", "--melds", "P2m"]) == 2
    line = error_line(capsys.readouterr().err)
    assert "error: 1 concealed tile with 1 meld: " in line, line


def _prose_runs(help_text: str) -> list[list[str]]:
    """The description's and the epilog's paragraphs and list items, as runs of lines that
    are filled together (not the usage, not the options, not the indented example commands)."""
    lines = help_text.splitlines()
    start = lines.index("") + 1  # after the usage
    options = next(i for i in range(start, len(lines)) if lines[i].endswith(":"))
    after = next(
        (i for i in range(options + 1, len(lines)) if lines[i] and not lines[i][0].isspace()),
        len(lines),
    )
    runs: list[list[str]] = []
    current: list[str] = []
    for line in [*lines[start:options], "", *lines[after:]]:
        in_item = bool(current) and current[0].startswith("* ")
        if line.startswith("* ") or (line and not line[0].isspace() and in_item):
            runs.append(current)
            current = [line]
        elif line.startswith("  ") and in_item:
            current.append(line)
        elif not line or line[0].isspace():
            runs.append(current)
            current = []
        else:
            current.append(line)
    runs.append(current)
    return [run for run in runs if run]


SUBCOMMANDS = ["score", "analyze", "simulate", "replay", "tournament", "audit", "review"]


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_engine_help_is_filled_to_the_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, columns: int
) -> None:
    """Every prose line of a subcommand's help is as full as the terminal allows: no break in
    mid-sentence where the source text was wrapped by hand ('with a / 95% confidence
    interval', 'sums to / zero'), none past the edge. Example commands stay as written."""
    from engine.cli import main as engine_main
    from engine.cli._common import display_width

    monkeypatch.setenv("COLUMNS", str(columns))
    width = columns - 2  # argparse keeps two columns free
    with pytest.raises(SystemExit) as exit_:
        engine_main([command, "--help"])
    assert exit_.value.code == 0
    runs = _prose_runs(capsys.readouterr().out)
    assert runs
    for run in runs:
        for line in run:
            assert display_width(line) <= width, line
        for line, following in itertools.pairwise(run):
            next_word = following.split()[0]
            assert display_width(line) + 1 + display_width(next_word) > width, (line, following)
