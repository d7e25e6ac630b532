"""An unknown --set NAME is refused in one line that lists the valid ones (RULES.md §9.1),
the closest names first as a guess, and names the command that shows their values
(``python -m engine rules``) — ``python -m game`` had cut the list at 300 characters, in the
middle of a name. ``python -m engine rules`` lists every option, its value and what it
takes; each line it prints is a --set that gives the same rules back."""

from __future__ import annotations

import json

import pytest
from test_cli_audit import one_line

from engine.cli import main as engine_main
from engine.rules import OPTION_INFO, PRESETS, closest_options, get_preset
from game.__main__ import parse_args

OPTIONS = (
    "valid: mode, exchange_three, declare_void, must_discard_void_first, model, passed_win, "
    "last_four_forced, kong_bloom_on_exposed, exposed_kong_pay, kong_transfer, pay_ready, "
    "refund_to, pig_penalty, next_dealer, cap_fan, self_draw_bonus, drizzle, "
    "added_kong_immediate, dead_wait_counts, items, bots_use_items, base, coins_per_point, "
    "players, suits, discard_min_fan, qing_yi_se_bonus, first_dealer, fan.<pattern>, "
    "extra.<extra>"
)
POINTER = f"{OPTIONS} ('python -m engine rules' shows each one's values)"


def _game(argv: list[str]) -> int:
    parse_args(argv)
    return 0


@pytest.mark.parametrize(
    ("command", "override", "line"),
    [
        (
            ["simulate"],
            "bogus=1",
            f"python -m engine simulate: error: unknown option 'bogus'; {POINTER}",
        ),
        (
            ["score", "--hand", "123m456m789m234p55p", "--win", "5p"],
            "cap_fn=4",
            "python -m engine score: error: unknown option 'cap_fn'; did you mean 'cap_fan'? "
            + POINTER,
        ),
        (
            ["rules"],
            "hai_di=1",
            "python -m engine rules: error: unknown option 'hai_di'; did you mean "
            f"'extra.hai_di'? {POINTER}",
        ),
    ],
)
def test_the_engine_refuses_an_unknown_name_in_one_line_listing_the_valid_ones(
    capsys: pytest.CaptureFixture[str], command: list[str], override: str, line: str
) -> None:
    assert one_line(capsys, engine_main, [*command, "--set", override]) == line


def test_the_game_refuses_it_whole_not_cut_short(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, _game, ["--set", "exchange3=on"])
    assert line == (
        "python -m game: error: unknown option 'exchange3'; did you mean 'exchange_three'? "
        + POINTER
    )


@pytest.mark.parametrize(
    ("name", "close"),
    [
        ("Mode", ("mode",)),  # not 'model' as well
        ("fan.jiang_du", ("fan.jiang_dui",)),
        ("qing_yi_se", ("fan.qing_yi_se",)),  # a pattern by its bare id
        ("kong_tranfer", ("kong_transfer",)),
        ("player", ("players",)),
        ("colour", ()),
    ],
)
def test_the_closest_names(name: str, close: tuple[str, ...]) -> None:
    assert closest_options(name) == close


def test_a_known_name_with_a_bad_value_still_lists_its_values() -> None:
    with pytest.raises(ValueError, match="valid: xuezhan, single, xueliu"):
        get_preset("standard").with_overrides(["mode=fast"])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_list_names_every_option_and_each_line_sets_it_back(
    capsys: pytest.CaptureFixture[str], preset: str
) -> None:
    assert engine_main(["rules", "--rules", preset]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    head, *lines = out.splitlines()
    assert head == f"{len(OPTION_INFO)} options, values under --rules {preset}:"
    rows = [line.split(maxsplit=2) for line in lines]
    assert [row[0] for row in rows] == list(OPTION_INFO)
    rules = PRESETS[preset]
    assert rules.with_overrides([f"{name}={value}" for name, value, _ in rows]) == rules


def test_the_list_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["rules", "--rules", "jj", "--set", "cap_fan=4", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    options = {o["name"]: o for o in doc["options"]}
    assert doc["preset"] == "jj" and list(options) == list(OPTION_INFO)
    assert options["cap_fan"]["value"] == 4 and options["cap_fan"]["takes"] == (
        "none, an integer 1-16"
    )
    assert options["mode"]["zh"].startswith("血战到底")
