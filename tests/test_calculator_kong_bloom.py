"""引杠杠上花 in the fan calculator (RULES.md §6.1, ``kong_bloom_on_exposed``): under the
Chengdu rules a win on the replacement of an exposed kong is paid by the player who
discarded the kong's tile alone, as a discard win; the calculator said every player pays."""

from __future__ import annotations

import pathlib

import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.calculator_tab as calculator_tab
from engine.rules import get_preset
from engine.text import Narrator
from engine.tiles import parse_melds, parse_tiles
from game import i18n
from game.calculator import Calculator
from game.scenes.help_scene import HelpScene


def _bloom(melds: str) -> Calculator:
    calc = Calculator()
    for meld in parse_melds(melds):
        assert calc.add(meld.tile, meld.kind.value) is None
    hand = "123s456s789s55p" if "," not in melds else "456s789s55p"  # 11 or 8 tiles
    for kind in parse_tiles(hand):
        assert calc.add(kind) is None
    calc.set_flag("kong_replacement", True)
    return calc


@pytest.mark.parametrize(
    ("preset", "melds", "discarder_pays"),
    [
        ("chengdu", "K2p", True),
        ("chengdu", "A2p", False),
        ("chengdu", "A2p,K3s", True),  # the replacement follows the kong declared last
        ("chengdu", "K2p,A3s", False),
        ("standard", "K2p", False),  # self_drawn there: everyone pays
    ],
)
def test_who_pays_a_win_on_kong_replacement(preset: str, melds: str, discarder_pays: bool) -> None:
    rules = get_preset(preset)
    calc = _bloom(melds)
    _, _, result = calc.evaluate(rules)
    assert result is not None and result.win
    assert calc.bloom_paid_as_discard(rules) is discarder_pays
    last = list(Narrator("en").score_lines(result))[-1]
    assert last.startswith("The discarder pays" if discarder_pays else "Each player still in")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_result_says_the_discarder_pays_alone(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = MenuHarness(home, lang, (1280, 800))
    scene = HelpScene(h.ctx, tab="calc")
    h.stack.push(scene)
    h.pump()
    scene.set_preset("chengdu")
    scene.calc_tab.calc = _bloom("K2p")
    scene.rebuild()
    lines = record_texts(monkeypatch, calculator_tab)
    h.pump()
    drawn = [text for text, *_ in lines]
    words = "".join(drawn).replace(" ", "")
    assert i18n.t("calc.bloom_exposed", lang).replace(" ", "") in words, drawn
