"""The short-handed rooms reach the table from every door: the command line, the new-game
screen, Quick play's saved choice (the variant is remembered) and a saved settings file."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.rules import PRESETS, get_preset
from game.__main__ import parse_args
from game.match_config import (
    MatchConfig,
    room_name,
    room_sentence,
    variant_key,
    variant_label,
)
from game.settings import TABLE_PRESETS, Settings, table_rules


def test_every_preset_is_offered_and_passes_the_table() -> None:
    assert set(TABLE_PRESETS) == set(PRESETS)
    for name in TABLE_PRESETS:
        assert table_rules(PRESETS[name]) is PRESETS[name]


@pytest.mark.parametrize(
    ("argv", "players", "suits"),
    [
        (["--rules", "sanren_liangfang"], 3, "ps"),
        (["--rules", "liangren", "--play"], 2, "ps"),
        (["--set", "players=3"], 3, "mps"),
        (["--rules", "liangren", "--set", "suits=m"], 2, "m"),
    ],
)
def test_the_command_line_seats_them(argv: list[str], players: int, suits: str) -> None:
    rules = parse_args(argv).rules_obj
    assert (rules.players, rules.suits) == (players, suits)


def test_a_room_too_small_for_its_players_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(["--set", "suits=m"])  # 36 tiles cannot deal four hands
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "36 tiles" in err and "4 players" in err


def test_quick_play_remembers_the_variant() -> None:
    saved = Settings.from_dict({"preset": "liangren", "overrides": ["suits=m", "cap_fan=4"]})
    assert saved.preset == "liangren"
    assert saved.overrides == ("suits=m", "cap_fan=4")
    rules = MatchConfig.quick(saved).rules()
    assert (rules.players, rules.suits, rules.cap_fan) == (2, "m", 4)
    again = Settings.from_dict(saved.to_dict())
    assert again.ruleset() == rules
    # seats and suits that only make a room together are kept in either order
    for overrides in (["suits=m", "players=2"], ["players=2", "suits=m"]):
        two = Settings.from_dict({"preset": "standard", "overrides": overrides})
        assert two.overrides == tuple(overrides) and two.ruleset().num_tiles == 36
    three = Settings.from_dict({"preset": "standard", "overrides": ["players=3"]})
    assert three.ruleset().players == 3 and three.ruleset().suits == "mps"


def test_each_room_has_a_name_and_a_sentence_in_both_languages() -> None:
    rooms = {
        ("sanren_liangfang", ()): ("三人两房", "3 players, 2 suits", 72),
        ("sanren_liangfang", ("suits=mps",)): ("三人三房", "3 players, 3 suits", 108),
        ("liangren", ()): ("两人两房", "2 players, 2 suits", 72),
        ("liangren", ("suits=m",)): ("两人一房", "2 players, 1 suit", 36),
        ("standard", ()): ("四人三房", "4 players, 3 suits", 108),
    }
    for (preset, overrides), (zh, en, tiles) in rooms.items():
        rules = get_preset(preset).with_overrides(list(overrides))
        assert room_name(rules, "zh") == zh and room_name(rules, "en") == en
        assert f"{tiles} 张" in room_sentence(rules, "zh")
        assert f"{tiles} tiles" in room_sentence(rules, "en")
    two = room_sentence(get_preset("liangren"), "en")
    assert two == "Two players, face to face; Dots and Bamboo: 72 tiles; no void suit."


def test_statistics_keep_each_table_apart() -> None:
    def key(preset: str, *overrides: str) -> str | None:
        return variant_key(get_preset(preset).with_overrides(list(overrides)))

    assert key("standard") == "standard" and key("standard", "cap_fan=4") == "standard"
    assert key("sanren_liangfang") == "sanren_liangfang"
    assert key("standard", "players=3") == "standard@3.3"
    assert key("liangren", "suits=m") == "liangren@2.1"
    assert variant_label("standard@3.3", "zh") == "标准血战 · 三人三房"
    assert variant_label("standard@3.3", "en") == "Standard · 3 players, 3 suits"
    assert variant_label("liangren@2.1", "zh") == "两人一房"
    assert variant_label("sanren_liangfang", "en") == "3 players, 2 suits"


def test_the_new_game_screen_seats_a_room_and_remembers_it(tmp_path: Path) -> None:
    from test_menus import open_menu

    from game.scenes.new_game import NewGameScene
    from game.settings import load_settings

    h = open_menu(tmp_path, lang="en")
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    assert [c.name for c in scene.controls if c.name.startswith("bot.")] == [
        "bot.1",
        "bot.2",
        "bot.3",
    ]
    h.choose("room", "3.3")  # 三人三房: all three suits, 定缺 as at four
    assert (scene.values["players"], scene.values["suits"]) == ("3", "mps")
    assert scene.values["declare_void"] == "on"
    assert [c.name for c in scene.controls if c.name.startswith("bot.")] == ["bot.1", "bot.2"]
    h.choose("room", "2.1")  # 两人一房: one suit, 清一色 worth nothing extra
    assert (scene.values["players"], scene.values["suits"]) == ("2", "m")
    assert scene.values["declare_void"] == "off" and scene.values["qing_yi_se_bonus"] == "off"
    assert [c.name for c in scene.controls if c.name.startswith("bot.")] == ["bot.1"]
    h.choose("bot.1", "hard")  # the one bot, across
    h.pump(2)  # the room's sentence and the bot row's place drawn
    h.click_control("start")
    assert h.names() == ["settings_changed", "start_match"]
    config = h.actions[-1][1]
    rules = config.rules()
    assert (rules.players, rules.num_tiles, rules.qing_yi_se_bonus) == (2, 36, False)
    assert config.bots[0] == "hard"  # seat 1, the bot across
    saved, _ = load_settings(tmp_path)
    assert saved.ruleset() == rules  # Quick play plays the same room again
    h.key(pygame.K_ESCAPE)
    h.click_control("new")
    again = h.top
    assert isinstance(again, NewGameScene) and again is not scene
    assert again.room() == "2.1" and again.room_choice.value == "2.1"
