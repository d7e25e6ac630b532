"""Until the table has its three- and two-seat layouts, the game keeps the short-handed
rooms out in one place (game/settings.py: TABLE_PRESETS, HIDDEN_OPTIONS, table_rules) —
the engine and the server play them already (issue 15)."""

from __future__ import annotations

import pytest

from engine.rules import PRESETS, UnknownOptionError
from game.__main__ import parse_args
from game.match_config import MatchConfig
from game.settings import HIDDEN_OPTIONS, TABLE_PRESETS, Settings, table_rules


def test_the_game_offers_the_four_seat_presets_only() -> None:
    assert TABLE_PRESETS == ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu")
    assert set(PRESETS) - set(TABLE_PRESETS) == {"sanren_liangfang", "liangren"}
    assert {"players", "suits"} <= HIDDEN_OPTIONS
    for name in TABLE_PRESETS:
        assert table_rules(PRESETS[name]) is PRESETS[name]


@pytest.mark.parametrize(
    "argv",
    [
        ["--rules", "sanren_liangfang"],
        ["--rules", "liangren", "--play"],
        ["--set", "players=3"],
        ["--rules", "modern", "--set", "suits=ps"],
    ],
)
def test_the_command_line_refuses_them_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "coming soon" in err and "four players" in err


def test_a_four_seat_option_of_the_new_ones_still_works() -> None:
    args = parse_args(["--set", "discard_min_fan=on", "--set", "first_dealer=random"])
    assert args.rules_obj.discard_min_fan and args.rules_obj.first_dealer == "random"


def test_match_configs_and_saved_settings_refuse_or_drop_them() -> None:
    with pytest.raises(UnknownOptionError, match="coming soon"):
        MatchConfig("sanren_liangfang").rules()
    with pytest.raises(UnknownOptionError, match="coming soon"):
        MatchConfig("standard", ("players=2",)).rules()
    saved = Settings.from_dict({"preset": "liangren", "overrides": ["players=3", "cap_fan=4"]})
    assert saved.preset == "standard"  # an unknown preset falls back to the default
    assert saved.overrides == ("cap_fan=4",)  # and an override the table cannot play is dropped
    assert saved.ruleset().players == 4
