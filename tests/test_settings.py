"""Settings: defaults, a lenient per-field reader, and a save/load round trip."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.rules import get_preset
from game.settings import Settings, load_settings, save_settings, settings_store, system_language
from game.storage import NoticeKind


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "zh_CN.UTF-8"}, "zh"),  # "C" says nothing; look further
        ({"LANGUAGE": "zh-Hans"}, "zh"),
        ({"LANG": "Chinese (Simplified)_China.936"}, "zh"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_system_language(env, lang):
    assert system_language(env) == lang


def test_defaults():
    s = Settings(lang="zh")
    assert s.hints is True and s.mute is False and s.confirm_discard is False
    assert s.speed == "normal" and s.bot_pace == "normal" and s.tile_style == "classic"
    assert s.preset == "standard" and s.overrides == () and s.bots == ("normal",) * 3
    assert s.ruleset() == get_preset("standard")
    assert s.lang in ("zh", "en")


def test_round_trip(tmp_path):
    s = Settings(
        lang="en",
        window=(1600, 900),
        fullscreen=True,
        speed="fast",
        bot_pace="instant",
        sound_volume=0.25,
        music_volume=0.0,
        mute=True,
        hints=False,
        tile_style="contrast",
        confirm_discard=True,
        replays_kept=7,
        preset="jj",
        overrides=("cap_fan=4", "fan.qi_dui=2"),
        bots=("easy", "normal", "hard"),
        demo=True,
        seed=42,
    )
    assert save_settings(s, tmp_path) is None
    loaded, notice = load_settings(tmp_path)
    assert notice is None
    assert loaded == dataclasses.replace(s, demo=False, seed=None)  # session-only fields
    assert loaded.ruleset().cap_fan == 4 and loaded.ruleset().fan_of("qi_dui") == 2
    saved = json.loads(settings_store(tmp_path).path.read_text(encoding="utf-8"))["data"]
    assert "demo" not in saved and "seed" not in saved


def test_first_run_gives_defaults_quietly(tmp_path):
    settings, notice = load_settings(tmp_path)
    assert notice is None and settings == Settings(lang=settings.lang)


def test_each_bad_field_falls_back_alone(caplog):
    data = {
        "lang": "fr",
        "window": [1280],
        "fullscreen": "yes",
        "speed": "ludicrous",
        "bot_pace": "fast",  # good
        "sound_volume": 3,
        "music_volume": 0.3,  # good
        "mute": 1,
        "hints": False,  # good
        "tile_style": None,
        "confirm_discard": True,  # good
        "replays_kept": -1,
        "preset": "nope",
        "overrides": "cap_fan=4",
        "bots": ["normal", "hard"],
        "from_the_future": {"x": 1},
    }
    s = Settings.from_dict(data)
    d = Settings(lang=s.lang)
    assert s.lang == system_language()  # default
    assert (s.window, s.fullscreen, s.speed) == (d.window, d.fullscreen, d.speed)
    assert (s.sound_volume, s.mute, s.tile_style) == (d.sound_volume, d.mute, d.tile_style)
    assert (s.replays_kept, s.preset, s.overrides, s.bots) == (
        d.replays_kept,
        d.preset,
        d.overrides,
        d.bots,
    )
    assert s.bot_pace == "fast" and s.music_volume == 0.3
    assert s.hints is False and s.confirm_discard is True
    assert "sound_volume" in caplog.text


@pytest.mark.parametrize("weird", [None, 3, "x", [], {"bots": None}, {"window": {"w": 1}}])
def test_from_dict_never_raises(weird):
    data = weird if isinstance(weird, dict) else {"lang": weird, "bots": weird}
    assert isinstance(Settings.from_dict(data), Settings)


def test_bad_overrides_are_dropped_one_by_one():
    s = Settings.from_dict(
        {"preset": "wiki", "overrides": ["cap_fan=3", "no_such=1", "fan.qi_dui=banana"]}
    )
    assert s.preset == "wiki" and s.overrides == ("cap_fan=3",)


def test_saved_bots_are_registered_levels_only():
    # a file may not make the game import code: a plug-in class name takes the default
    s = Settings.from_dict({"bots": ["hard", "random", "mybots.smart:SmartBot"]})
    assert s.bots == ("normal",) * 3
    assert Settings.from_dict({"bots": ["hard", "x; rm", "easy"]}).bots == ("normal",) * 3
    assert Settings.from_dict({"bots": ["hard", "random", "easy"]}).bots == (
        "hard",
        "random",
        "easy",
    )


def test_bad_fields_are_named_to_the_player_in_words(tmp_path):
    settings_store(tmp_path).save({"speed": "warp", "sound_volume": 7, "mute": 1, "x": 2})
    settings, notice = load_settings(tmp_path)
    assert settings.speed == "normal" and settings.sound_volume == 0.8 and settings.mute is False
    assert notice is not None and notice.kind is NoticeKind.FIELDS_RESET
    assert "Animation speed, Sound volume, Mute" in notice.text("en")
    assert "动画速度、音效音量、静音" in notice.text("zh")
    assert "sound_volume" not in notice.text("en") + notice.text("zh")
    # written back repaired: the next start says nothing (it said the same at every start)
    again, quiet = load_settings(tmp_path)
    assert quiet is None and again == settings


def test_damaged_settings_file_loads_backup_with_notice(tmp_path):
    save_settings(Settings(lang="en", speed="slow"), tmp_path)
    save_settings(Settings(lang="en", speed="fast"), tmp_path)
    settings_store(tmp_path).path.write_text("\x00\x00", encoding="utf-8")
    settings, notice = load_settings(tmp_path)
    assert settings.speed == "slow"
    assert notice is not None and notice.kind is NoticeKind.RESTORED_FROM_BACKUP


def test_settings_with_wrong_data_types_load_defaults_without_crashing(tmp_path):
    store = settings_store(tmp_path)
    store.save({"lang": ["zh"], "speed": {"a": 1}, "window": "big"})
    settings, notice = load_settings(tmp_path)
    # a valid document with bad values: per-field defaults, and the player is told which
    assert notice is not None and notice.kind is NoticeKind.FIELDS_RESET
    assert settings.speed == "normal" and settings.window == (1280, 800)


@pytest.mark.parametrize(
    ("saved", "window"),
    [
        ([800, 600], (1024, 640)),  # both below: the smallest window there is
        ([1600, 500], (1600, 640)),  # each side on its own
        ([10, 10], (1024, 640)),
        ([0, -5], (1024, 640)),
        ([1024, 640], (1024, 640)),
        ([1920, 1080], (1920, 1080)),
    ],
)
def test_a_saved_window_below_the_smallest_is_the_smallest(tmp_path, saved, window):
    from game.settings import MIN_H, MIN_W  # the one smallest window (--window's too)

    assert (MIN_W, MIN_H) == (1024, 640)
    store = settings_store(tmp_path)
    store.save({**Settings(lang="en", speed="fast").to_dict(), "window": saved})
    settings, notice = load_settings(tmp_path)
    assert settings.window == window and settings.speed == "fast"
    assert notice is None  # what the game would open anyway: nothing to tell
    # written back as read: the file says what the game opens and the settings show
    assert json.loads(store.path.read_text(encoding="utf-8"))["data"]["window"] == list(window)


def test_the_settings_screen_shows_the_window_a_small_saved_size_opens(tmp_path):
    from test_settings_screen import _open_settings

    from game.app import App

    store = settings_store(tmp_path)
    store.save({**Settings(lang="en").to_dict(), "window": [800, 600]})
    settings, _ = load_settings(tmp_path)
    app = App(settings, settings.window, data_dir=tmp_path)
    try:
        scene = _open_settings(app)
        shown = next(c for c in scene.controls if c.name == "window")
        assert app.size == (1024, 640)
        assert shown.label == "1024 × 640"  # was "800 × 600" over a 1024 × 640 window
    finally:
        app.close()
