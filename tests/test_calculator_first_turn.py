"""The fan calculator says why First turn or Dealer changed nothing: they make 天胡 (the
dealer's self-drawn win with no melds) or 地胡 (a non-dealer's, no melds) and nothing else,
and a player who set them on a dealer's discard win, a hand with a pong, or under rules
without those patterns read a plain 平胡 with no word why."""

from __future__ import annotations

import pathlib

import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.calculator_tab as calculator_tab
from engine.rules import get_preset
from engine.tiles import parse_melds, parse_tiles
from game import i18n
from game.calculator import Calculator
from game.scenes.help_scene import HelpScene

HAND = "123s456s789s234p55p"


def _calc(hand: str, melds: str = "", **flags: bool) -> Calculator:
    calc = Calculator()
    for meld in parse_melds(melds):
        assert calc.add(meld.tile, meld.kind.value) is None
    for kind in parse_tiles(hand):
        assert calc.add(kind) is None
    for flag, value in flags.items():
        calc.set_flag(flag, value)
    return calc


@pytest.mark.parametrize(
    ("preset", "hand", "melds", "flags", "notes"),
    [
        ("standard", HAND, "", {"first_turn": True, "dealer": True, "self_drawn": True}, []),
        ("standard", HAND, "", {"first_turn": True}, []),  # 地胡
        ("standard", HAND, "", {"first_turn": True, "dealer": True}, ["calc.first_turn.hand"]),
        ("standard", "123s789s234p55p", "P4s", {"first_turn": True}, ["calc.first_turn.hand"]),
        ("jj", HAND, "", {"first_turn": True}, ["calc.first_turn.rules"]),
        ("standard", HAND, "", {"dealer": True}, ["calc.dealer"]),
        ("standard", HAND, "", {}, []),
    ],
)
def test_first_turn_and_dealer_say_why_they_changed_nothing(
    preset: str, hand: str, melds: str, flags: dict[str, bool], notes: list[str]
) -> None:
    rules = get_preset(preset)
    calc = _calc(hand, melds, **flags)
    _, _, result = calc.evaluate(rules)
    assert result is not None and result.win
    assert calc.first_turn_notes(rules, result) == notes


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_result_shows_the_note(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = MenuHarness(home, lang, (1280, 800))
    scene = HelpScene(h.ctx, tab="calc")
    h.stack.push(scene)
    h.pump()
    scene.calc_tab.calc = _calc(HAND, first_turn=True, dealer=True)  # a dealer's discard win
    scene.rebuild()
    lines = record_texts(monkeypatch, calculator_tab)
    h.pump()
    drawn = [text for text, *_ in lines]
    note = i18n.t("calc.first_turn.hand", lang)
    assert note.replace(" ", "") in "".join(drawn).replace(" ", ""), drawn  # wrapped, whole
