"""The statistics by keyboard: a preset's name cut short was shown whole only under the pointer,
so a keyboard player could never read it. The per-preset table takes the focus (Tab or ↓ from
Back), ↑/↓ move a cursor over its rows — drawn as the focus frame, scrolling the list to it —
and the row under it shows its whole name in the tip, the pointer nowhere near."""

from __future__ import annotations

import pathlib
from typing import Any

import pygame
import pytest
from test_menus import MenuHarness
from test_stats_layout import NEWER
from test_stats_scene import PRESET_KEYS, many_presets, open_stats, row_name

import game.scenes.stats_scene as stats_scene
from game.profile import PresetStats, Profile
from game.scenes.stats_scene import MIN_TEXT, StatsScene

SIZES = [(1024, 640), (1920, 1080)]


class Frame:
    """What one frame drew: texts (text, size, where) and focus frames."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, int, pygame.Rect]] = []
        self.rings: list[pygame.Rect] = []
        blit, ring = stats_scene.blit_text, stats_scene.draw_focus_ring

        def record(surface: pygame.Surface, text: str, size: int, *a: Any, **kw: Any) -> Any:
            rect = blit(surface, text, size, *a, **kw)
            self.texts.append((text, size, pygame.Rect(rect)))
            return rect

        def record_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 6) -> None:
            self.rings.append(pygame.Rect(rect))
            ring(surface, rect, radius)

        monkeypatch.setattr(stats_scene, "blit_text", record)
        monkeypatch.setattr(stats_scene, "draw_focus_ring", record_ring)

    def draw(self, h: MenuHarness) -> None:
        self.texts.clear()
        self.rings.clear()
        h.pump()


def newer_profile() -> Profile:
    p = Profile()
    p.stats.per_preset = {
        "standard": PresetStats(hands=50, wins=20, points=30),
        NEWER: PresetStats(hands=9, wins=1, points=-12),
    }
    return p


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_focused_row_shows_its_name_cut_short_whole(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    frame = Frame(monkeypatch)
    h = open_stats(home, lang, size, newer_profile())
    scene = h.top
    assert isinstance(scene, StatsScene) and scene.focused_name() == "back"
    frame.draw(h)
    assert not any(text == NEWER for text, *_ in frame.texts)  # cut short, no tip yet
    assert frame.rings == []  # the Back button draws its own focus
    h.key(pygame.K_TAB)
    assert scene.focused_name() == "presets" and scene.preset_rows.cursor == 0
    frame.draw(h)
    assert len(frame.rings) == 1 and not any(text == NEWER for text, *_ in frame.texts)
    first = frame.rings[0]
    h.key(pygame.K_DOWN)  # the second row: the newer preset's, cut short
    frame.draw(h)
    assert len(frame.rings) == 1 and frame.rings[0].y > first.y
    tip = [(size_, rect) for text, size_, rect in frame.texts if text == NEWER]
    assert len(tip) == 1, "the focused row's whole name is not shown"
    assert tip[0][0] >= MIN_TEXT and h.screen.get_rect().contains(tip[0][1])
    assert scene.pointer is None
    h.shot(f"stats_keys_tip_{lang}_{size[0]}x{size[1]}")
    h.key(pygame.K_DOWN)  # past the last row: the focus goes on, round to Back
    assert scene.focused_name() == "back"
    frame.draw(h)
    assert frame.rings == [] and not any(text == NEWER for text, *_ in frame.texts)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_cursor_scrolls_the_table_to_every_row(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """At 1024×640 the rows do not all fit (in English): ↓ row by row brings each into
    view, framed."""
    frame = Frame(monkeypatch)
    h = open_stats(home, lang, (1024, 640), many_presets())
    scene = h.top
    assert isinstance(scene, StatsScene)
    assert scene.preset_scroll.max_offset > 0 or lang == "zh"
    table = scene._panels()[-1]
    h.key(pygame.K_DOWN)
    assert scene.focused_name() == "presets"
    seen: set[str] = set()
    for i in range(len(PRESET_KEYS)):
        assert scene.preset_rows.cursor == i
        frame.draw(h)
        assert len(frame.rings) == 1 and table.contains(frame.rings[0])
        ring = frame.rings[0]
        seen |= {text for text, _, rect in frame.texts if ring.contains(rect)}
        h.key(pygame.K_DOWN)
    missing = [key for key in PRESET_KEYS if row_name(key, lang) not in seen]
    assert not missing, f"rows never framed: {missing}"
    assert scene.focused_name() == "back"
    # Page Up with the table focused scrolls it and keeps the cursor on a row in view
    h.key(pygame.K_UP)
    assert scene.focused_name() == "presets"
    assert scene.preset_rows.cursor == len(PRESET_KEYS) - 1
    h.key(pygame.K_PAGEUP)
    frame.draw(h)
    assert len(frame.rings) == 1 and table.contains(frame.rings[0])


def test_a_new_profile_has_no_rows_to_focus(home: pathlib.Path) -> None:
    h = open_stats(home, "en", (1024, 640), Profile())
    scene = h.top
    assert isinstance(scene, StatsScene)
    h.key(pygame.K_TAB)
    assert scene.focused_name() == "back"
