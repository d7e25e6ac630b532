"""The saved settings are what a plain start uses; command-line flags override them for one run."""

import json
import subprocess
import sys
from pathlib import Path

from game.__main__ import parse_args, startup_settings
from game.settings import Settings, load_settings, save_settings


def test_saved_settings_are_the_starting_point(tmp_path: Path) -> None:
    saved = Settings(
        lang="en", window=(1440, 900), speed="slow", hints=False, tile_style="contrast"
    )
    save_settings(saved, tmp_path)
    loaded, notice = load_settings(tmp_path)
    assert notice is None
    s = startup_settings(parse_args([]), loaded)
    assert (s.lang, s.window, s.speed, s.hints, s.tile_style) == (
        "en",
        (1440, 900),
        "slow",
        False,
        "contrast",
    )
    assert s.preset == loaded.preset and s.bots == loaded.bots


def test_flags_override_for_this_run_only(tmp_path: Path) -> None:
    saved = Settings(lang="en", window=(1440, 900), preset="jj", speed="slow")
    args = parse_args(["--lang", "zh", "--window", "1024x640", "--rules", "wiki", "--demo"])
    s = startup_settings(args, saved)
    assert (s.lang, s.window, s.preset, s.demo, s.speed) == (
        "zh",
        (1024, 640),
        "wiki",
        True,
        "fast",
    )
    assert saved.lang == "en" and saved.preset == "jj"  # the saved settings are not changed


def test_a_plain_start_uses_the_saved_language_and_window(tmp_path: Path) -> None:
    save_settings(Settings(lang="en", window=(1100, 700)), tmp_path)
    env = {
        "SICHUAN_MAHJONG_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PATH": "",
    }
    out = subprocess.run(
        [sys.executable, "-m", "game", "--frames", "3"],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=120,
        check=True,
    )
    stats = json.loads(out.stdout.strip().splitlines()[-1])
    assert stats["window"] == [1100, 700]


def test_a_damaged_settings_file_still_starts(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{ not json", encoding="utf-8")
    loaded, notice = load_settings(tmp_path)
    assert notice is not None
    s = startup_settings(parse_args([]), loaded)
    assert s.window == (1280, 800)
