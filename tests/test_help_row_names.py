"""Rules & help › the lists of names and values (a preset's options, the patterns and extras,
the items): every name is drawn at the list's size, never shrunk to fit its column — a long
one wraps onto a second line — and its value starts a clear gap after it. Capped at a fixed
column, 'Exposed kong replacement win' was drawn visibly smaller than the other names and ran
against its value 'As self-drawn' (1024x640 and 1920x1080).

What is drawn is read from the words the scene writes (its ``blit_text``), every row of the
list at once: the scroll area is made as tall as the list."""

from __future__ import annotations

import itertools
import pathlib

import pygame
import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.help_scene as help_scene
from game import palette as pal
from game.scenes.help_scene import HelpScene
from game.settings import TABLE_PRESETS
from game.ui.text import render_text

SIZES = [(1024, 640), (1920, 1080)]


def _rows_drawn(
    scene: HelpScene, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, str, list[tuple[str, pygame.Rect]], pygame.Rect]]:
    """(name, value, the name's lines as drawn, the value's rect) of each row of the list."""
    rows = [line.split("\t")[:2] for line, _, style in scene.text_lines if style == "row"]
    assert rows
    assert scene.text_scroll is not None
    area = scene.text_scroll.rect
    scene.text_scroll.rect = pygame.Rect(area.x, area.y, area.w, 10**6)  # every row drawn
    scene.text_scroll.offset = 0
    with monkeypatch.context() as m:
        drawn = record_texts(m, help_scene)
        scene.draw(pygame.Surface(scene.size))
    scene.text_scroll.rect = area
    out = []
    at = 0
    for name, value in rows:
        # the row's name: the lines drawn from here up to its value
        while not (drawn[at][0] and name.startswith(drawn[at][0])):
            at += 1
        lines = []
        while drawn[at][0] != value or not lines:
            lines.append((drawn[at][0], drawn[at][2]))
            at += 1
        out.append((name, value, lines, drawn[at][2]))
        at += 1
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("section", ["options", "patterns", "items"])
def test_every_name_is_drawn_whole_and_clear_of_its_value(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
    section: str,
) -> None:
    h = MenuHarness(home, lang, size)
    scene = HelpScene(h.ctx, tab="rules")
    h.stack.push(scene)
    h.pump()
    scene.set_section(section)
    px = scene.px
    checked = 0
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        for name, value, lines, value_at in _rows_drawn(scene, monkeypatch):
            joined = ("" if lang == "zh" else " ").join(text for text, _ in lines)
            assert joined == name, (preset, lines)
            for text, rect in lines:
                # at the list's size: the size the line has when rendered, not squeezed
                whole = render_text(text, px(16), pal.IVORY_TEXT, True).get_size()
                assert rect.size == whole, (
                    f"{text!r} drawn {rect.size}, not {whole} ({preset}, {size})"
                )
                gap = value_at.left - rect.right
                assert gap >= px(16), f"{text!r} is {gap} px from {value!r} ({preset}, {size})"
                assert value_at.top <= rect.top  # the value on the name's first line
            # one line above another, never overlapping
            for (_, upper), (_, lower) in itertools.pairwise(lines):
                assert lower.top >= upper.bottom - px(4)
            checked += 1
    assert checked
