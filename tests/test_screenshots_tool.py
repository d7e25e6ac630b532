"""build_scripts/screenshots.py walks every screen through the game's own entry points and
posted events, and the same seed gives the same pictures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREENS = {
    "menu", "new_game", "shop", "stats", "settings", "help_rules", "help_gallery",
    "help_calc", "tutorial_intro", "tutorial_void", "table_qiankun", "table_void",
    "table_claim", "table_mid", "pause", "settlement", "pause_leave", "settlement_walkout",
    "match_end", "replays", "replay_viewer", "replay_review", "start", "friends", "host",
    "lobby_host", "table_3p_mid", "settlement_3p", "table_2p_mid", "settlement_2p",
}  # fmt: skip


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "screenshots_under_test", ROOT / "build_scripts" / "screenshots.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_screen_twice_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path / "home"))  # restored afterwards
    tool = _tool()
    for run in ("a", "b"):
        assert (
            tool.main(["--out", str(tmp_path / run), "--lang", "en", "--window", "1024x640"]) == 0
        )
    shots = {p.name.removesuffix("_1024x640_en.png") for p in (tmp_path / "a").glob("*.png")}
    assert shots == SCREENS
    # the replay list shows when each replay was saved; the friends' lobby, the room's
    # code (drawn at random by the server) and the port it listens on
    for name in SCREENS - {"replays", "lobby_host"}:
        a = pygame.image.load(str(tmp_path / "a" / f"{name}_1024x640_en.png"))
        b = pygame.image.load(str(tmp_path / "b" / f"{name}_1024x640_en.png"))
        assert a.get_size() == (1024, 640)
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), name


def test_out_is_where_the_pictures_go_from_the_command_line_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--docs --out DIR`` from the command line (argv None) wrote into docs/screenshots/:
    the flag was looked for in the argv passed, which the command line does not pass."""
    tool = _tool()
    went: list[Path] = []
    monkeypatch.setattr(tool, "run_docs", lambda out, seed: went.append(out) or 0)
    monkeypatch.setattr(tool, "run", lambda out, *rest: went.append(out) or 0)
    monkeypatch.setattr(sys, "argv", ["screenshots.py", "--docs", "--out", str(tmp_path)])
    tool.main()
    tool.main(["--docs"])
    monkeypatch.setattr(sys, "argv", ["screenshots.py"])
    tool.main()
    assert went == [tmp_path, ROOT / "docs" / "screenshots", ROOT / "screenshots"]
