"""Where full flushes count for nothing (``qing_yi_se_bonus`` off, 两人一房), Rules & help
shows the 清一色 patterns as absent, with what their examples score instead — the gallery
and the rulebook's pattern rows gave them their table's value ("Full flush 3 fan") though
the hand scores as the same hand without 清一色."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import MenuHarness

from engine.patterns import PATTERNS
from game.i18n import pattern_name
from game.scenes.help_scene import HelpScene

TWO_ONE = ("suits=m", "qing_yi_se_bonus=off")  # 两人一房 on the liangren preset


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_full_flush_patterns_are_absent_where_they_count_for_nothing(
    home: pathlib.Path, lang: str
) -> None:
    h = MenuHarness(home, lang, (1280, 800))
    h.ctx.settings.preset, h.ctx.settings.overrides = "liangren", TWO_ONE
    scene = HelpScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    assert not scene.rules.qing_yi_se_bonus
    for pattern in PATTERNS:
        label = scene.fan_label(pattern.id)
        if pattern.flush:
            assert label is None, pattern.id
        elif pattern.id in ("ping_hu", "dui_dui_hu", "qi_dui"):
            assert label is not None, pattern.id
    scene.set_section("patterns")
    rows = {name: value for name, value, _ in scene.section_rows()}
    absent = scene.t("help.absent")
    for pattern in PATTERNS:  # the rulebook's rows say the same
        shown = rows[pattern_name(pattern.id, lang)]
        assert (shown == absent) is (scene.fan_label(pattern.id) is None), pattern.id
    scene.set_preset("liangren")  # the preset itself: full flushes count
    assert scene.fan_label("qing_yi_se") is not None
