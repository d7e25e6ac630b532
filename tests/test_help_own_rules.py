"""Rules & help shows the player's own rules (Quick play's: a preset with options changed in
New game) as an entry of their own, "Standard (3 changed)": they were shown under the bare
preset's name ("Standard" with a cap of 3, which Standard does not have), and once another
preset was chosen in the list they could not be had back."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import MenuHarness

from engine.rules import get_preset
from game.scenes.help_scene import HelpScene
from game.ui.controls import Choice

CHANGED = ("extra.hai_di=1", "cap_fan=3", "players=3")


def _help(home: pathlib.Path, lang: str, overrides: tuple[str, ...]) -> HelpScene:
    h = MenuHarness(home, lang, (1280, 800))
    h.ctx.settings.overrides = overrides
    scene = HelpScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    return scene


def _choice(scene: HelpScene) -> Choice:
    choice = next(c for c in scene.controls if c.name == "preset")
    assert isinstance(choice, Choice)
    return choice


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "Standard (3 changed)"), ("zh", "标准血战（已改 3 项）")]
)
def test_the_players_changed_rules_are_an_entry_of_their_own(
    home: pathlib.Path, lang: str, label: str
) -> None:
    scene = _help(home, lang, CHANGED)
    mine = get_preset("standard").with_overrides(list(CHANGED))
    choice = _choice(scene)
    assert choice.value == "mine" and choice.label == label
    assert scene.rules == mine and scene.rules_label() == label
    assert scene.extra_label("hai_di") != scene.t("help.extra_off")  # 海底 counts, as chosen
    scene.set_preset("standard")  # the preset itself: no cap, 海底 not counted
    assert scene.rules == get_preset("standard")
    assert scene.rules_label() == scene.t("preset.standard")
    assert scene.extra_label("hai_di") == scene.t("help.extra_off")
    scene.set_preset("mine")  # and back
    assert scene.rules == mine and _choice(scene).value == "mine"


def test_a_preset_as_it_is_has_no_entry_of_its_own(home: pathlib.Path) -> None:
    scene = _help(home, "en", ())
    assert "mine" not in _choice(scene).values
    assert _choice(scene).value == "standard"
    assert scene.rules_label() == "Standard"
