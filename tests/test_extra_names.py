"""A win situation has one English name: where room is short (the calculator's chips, the
help's extras) it is the engine's name, the one the settlement and the calculator's own
result show, with only a leading "Win on" left off. "After a kong" (for "Win on a discard
after a kong", and a kong replacement is after a kong too), "Last tile" (for "Last tile of
the wall") and "Last copy" (for "Last unseen copy") were other words for the same thing.
The longer names still show whole, unsqueezed, at 1024×640."""

from __future__ import annotations

import itertools
import pathlib
import re

import pytest
from test_help import open_help, record_blits

from engine.patterns import EXTRA_BY_ID, EXTRAS
from game import i18n
from game.calculator import FLAG_EXTRAS
from game.fonts import get_font
from game.scenes.help_scene import HelpScene
from game.settings import TABLE_PRESETS
from game.ui.text import MIN_TEXT


def _short_names() -> list[tuple[str, str]]:
    """(key, extra id) of every name an extra has where room is short."""
    names = [(f"extra.short.{e.id}", e.id) for e in EXTRAS]
    return names + [(f"calc.flag.{flag}", extra) for flag, extra in FLAG_EXTRAS.items()]


@pytest.mark.parametrize(("key", "extra"), _short_names())
def test_a_short_name_is_the_engine_name_without_win_on(key: str, extra: str) -> None:
    e = EXTRA_BY_ID[extra]
    assert i18n.t(key, "zh") == e.zh
    short, full = i18n.t(key, "en"), e.en
    cut = re.sub(r"^Win on (an? )?", "", full)
    assert short == cut[:1].upper() + cut[1:], (key, short, full)


def test_the_settlement_says_what_the_calculator_says() -> None:
    """The names the settlement prints (the engine's) read as the chips' words, in order."""
    for flag, extra in FLAG_EXTRAS.items():
        chip = i18n.t(f"calc.flag.{flag}", "en").lower()
        assert chip in i18n.extra_name(extra, "en").lower(), (chip, extra)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_extras_strip_shows_every_name_whole_at_1024x640(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = open_help(home, lang, "gallery", (1024, 640))
    h.app.resize((1024, 640))
    h.pump()
    scene = h.top
    assert isinstance(scene, HelpScene)
    drawn = record_blits(monkeypatch)
    names = {i18n.t(f"extra.short.{e.id}", lang) for e in EXTRAS}
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        drawn.clear()
        h.pump()
        shown = {text: (size, rect, max_w) for text, size, rect, max_w in drawn if text in names}
        assert set(shown) == names, (preset, names - set(shown))
        for text, (size, rect, max_w) in shown.items():
            assert size >= MIN_TEXT
            assert max_w is not None and rect.w <= max_w
            assert get_font(size).size(text)[0] <= max_w, (preset, text, max_w)  # unsqueezed
        rects = sorted((rect for _, rect, _ in shown.values()), key=lambda r: r.x)
        for left, right in itertools.pairwise(rects):
            assert left.right < right.x, (preset, left, right)  # apart
