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


def test_a_save_during_the_run_writes_the_players_settings_not_the_flags(
    tmp_path: Path,
) -> None:
    """`--lang en --rules chengdu …` and then a toolbar toggle (which saves the settings):
    the file keeps the player's own language, window, room and speeds, with the toggle; a
    field the player changes in the game is saved as chosen."""
    saved = Settings(lang="zh", window=(1280, 800), speed="normal", preset="standard")
    save_settings(saved, tmp_path)
    flags = ["--lang", "en", "--speed", "instant", "--window", "1024x640", "--rules", "chengdu"]
    s = startup_settings(parse_args([*flags, "--bots", "easy", "--set", "cap_fan=4"]), saved)
    assert (s.lang, s.speed, s.preset, s.bots[0]) == ("en", "instant", "chengdu", "easy")
    s.tile_tracker = True  # a toolbar toggle …
    save_settings(s, tmp_path)  # … saves
    again, _ = load_settings(tmp_path)
    assert again.tile_tracker
    assert (again.lang, again.window, again.speed, again.bot_pace) == (
        "zh",
        (1280, 800),
        "normal",
        "normal",
    )
    assert (again.preset, again.overrides, again.bots) == ("standard", (), saved.bots)
    s.preset = "wiki"  # a new game started in another room
    save_settings(s, tmp_path)
    assert load_settings(tmp_path)[0].preset == "wiki"


def test_a_setting_chosen_on_the_settings_screen_is_saved_even_if_a_flag_set_it(
    tmp_path: Path, monkeypatch
) -> None:
    from game.app import App
    from game.nav import Navigator
    from game.scenes.settings_scene import SettingsScene

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    save_settings(Settings(lang="zh"), tmp_path)
    s = startup_settings(parse_args(["--lang", "en"]), load_settings(tmp_path)[0])
    app = App(s, (1024, 640))
    try:
        scene = SettingsScene(Navigator(app).ctx)
        scene.apply("lang", "en")  # English picked on the screen, as the flag had it
        assert load_settings(tmp_path)[0].lang == "en"
    finally:
        app.close()


def test_the_tables_speed_is_remembered_and_its_hints_switch_is_not(
    tmp_path: Path, monkeypatch
) -> None:
    """The toolbar's Speed is saved like its other toggles; switching the hints off at one
    table does not change "Hints on by default" when a later toggle saves."""
    from test_game_support import DT, running_app, table_of

    from game.table.buttons import ToolbarItem

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with running_app(speed="normal") as app:
        table = table_of(app)
        assert table is not None
        app.step(DT)
        table._on_toolbar(ToolbarItem.SPEED)  # normal → fast
        assert load_settings(tmp_path)[0].speed == app.settings.speed != "normal"
        table._on_toolbar(ToolbarItem.HINTS)  # off, for this table
        table._on_toolbar(ToolbarItem.TRACKER)  # a toggle that saves
        saved = load_settings(tmp_path)[0]
        assert saved.tile_tracker and saved.hints and not app.settings.hints
