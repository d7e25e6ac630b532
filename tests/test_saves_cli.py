"""The game's command line refuses bad input in one line (status 2) and never imports a bot
by name; the window is fitted to the screen."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import app as app_module
from game.__main__ import parse_args


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--bots", ".foo:X"], "plug-in bot"),
        (["--bots", "sys:exit"], "plug-in bot"),
        (["--bots", "os:system,normal,normal"], "plug-in bot"),
        (["--bots", "wizard"], "unknown bot 'wizard'"),
        (["--bots", "easy,hard"], "one or three levels"),
        (["--rules", "liangren", "--bots", "easy,hard"], "needs one level"),
        (["--rules", "sanren_liangfang", "--bots", "a,b,c,d"], "one or two levels"),
        (["--seed", "-3"], "seed from 0"),
        (["--seed", "1" * 40], "seed from 0"),
        (["--frames", "0"], "from 1 to"),
        (["--window", "big"], "WIDTHxHEIGHT"),
        (["--set", "cap_fan=" + "9" * 30], "cap_fan"),
    ],
)
def test_bad_flags_exit_2_with_one_line(argv, says, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("python -m game: error: ") and says in err


@pytest.mark.parametrize(
    ("argv", "bots"),
    [
        (["--bots", "hard"], ("hard", "hard", "hard")),
        (["--rules", "liangren", "--bots", "hard"], ("hard", "hard", "hard")),
        (["--rules", "sanren_liangfang", "--bots", "hard,easy"], ("hard", "easy", "easy")),
        (["--rules", "sanren_liangfang", "--bots", "hard,easy,normal"], ("hard", "easy", "normal")),
    ],
)
def test_bots_take_one_level_or_one_per_bot_seat(argv, bots) -> None:
    # a short-handed room seats the first (players - 1) of the three levels the table keeps
    assert parse_args(argv).bots == bots


def test_a_plug_in_bot_is_never_imported(capsys, monkeypatch) -> None:
    import importlib

    imported: list[str] = []
    real = importlib.import_module
    monkeypatch.setattr(importlib, "import_module", lambda n, *a: imported.append(n) or real(n))
    with pytest.raises(SystemExit):
        parse_args(["--bots", "antigravity:Fly"])
    assert "antigravity" not in imported


def test_screenshot_must_be_a_file(tmp_path: Path, capsys) -> None:
    for target in (str(tmp_path), str(tmp_path) + "/"):
        with pytest.raises(SystemExit) as exc:
            parse_args(["--screenshot", target])
        assert exc.value.code == 2
        assert "is a folder" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    with pytest.raises(SystemExit):
        parse_args(["--screenshot", str(blocker / "shot.png")])
    assert "is a file, not a folder" in capsys.readouterr().err
    assert parse_args(["--screenshot", str(tmp_path / "new" / "shot.png")]).screenshot


def test_the_window_is_fitted_to_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert app_module.fit_to_screen((1920, 1080)) == (1366, 768 - 64)
    assert app_module.fit_to_screen((1280, 700)) == (1280, 700)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(800, 600)])
    assert app_module.fit_to_screen((1920, 1080)) == (1024, 640)  # never below the minimum
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    assert app_module.fit_to_screen((1920, 1080)) == (1920, 1080)  # headless: as asked
