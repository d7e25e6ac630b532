"""The statistics screen with the longest names the game has (patterns, presets with their
rooms, a six-digit score): every name and number in the best hand, the patterns and the
per-preset table is drawn whole, at a readable size (never squeezed), inside its panel and the
window, clear of the bars and of every other text, in both languages at every common window size
(at 1280x720 and 1366x768 the table's text is 13 px, where a line in Latin letters is a pixel
taller than the font's line spacing: a preset's room overlapped its name). Each per-preset
row's texts sit inside the row's focus frame, and no other row's texts reach into it. A name that
still does not fit (a preset from a newer version) is cut short with an ellipsis and shown whole
under the pointer. Screenshots go to screenshots/ for a person to see.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from test_menus import FakeAutosave, MenuHarness

import game.scenes.stats_scene as stats_scene
from engine.patterns import PATTERNS
from engine.rules import PRESETS
from game import i18n
from game.fonts import get_font
from game.i18n import pattern_name
from game.match_config import variant_label
from game.profile import BestHand, PresetStats, Profile
from game.scenes.menu import MainMenuScene
from game.scenes.stats_scene import BAR_FILL, MIN_TEXT, StatsScene
from game.ui.controls import draw_focus_ring
from game.ui.draw import clear_caches

SIZES = [
    (1024, 640),
    (1280, 720),
    (1280, 800),
    (1366, 768),
    (1440, 900),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (1280, 1024),
]
ROOMS = ("4.2", "3.3", "3.2", "2.3", "2.2", "2.1")
NEWER = "grand_tournament_rules_from_a_newer_version"  # no name in this version: shown as is


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: pygame.Rect
    natural: tuple[int, int]  # the text's size in the font at ``size``, unsqueezed


@dataclass
class Frame:
    texts: list[Drawn]
    panels: list[pygame.Rect]
    bars: list[pygame.Rect]
    rings: list[pygame.Rect]  # the keyboard's focus frames, as asked for (before the gold edge)

    def panel_of(self, heading: str) -> pygame.Rect:
        head = next(d for d in self.texts if d.text == heading)
        return next(p for p in self.panels if p.contains(head.rect))

    def inside(self, area: pygame.Rect) -> list[Drawn]:
        return [d for d in self.texts if area.collidepoint(d.rect.center)]


@pytest.fixture
def home(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pathlib.Path]:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    clear_caches()
    yield tmp_path
    clear_caches()
    pygame.quit()


def width(text: str) -> int:
    return int(get_font(MIN_TEXT).size(text)[0])


def longest_profile(lang: str) -> Profile:
    """The pattern and preset names widest in ``lang`` win the most, so they head their lists;
    big numbers everywhere (a six-digit score, five-digit hands)."""
    patterns = sorted(PATTERNS, key=lambda p: -width(pattern_name(p.id, lang)))
    variants = list(PRESETS) + [
        f"{name}@{room}" for name, rules in PRESETS.items() if rules.players == 4 for room in ROOMS
    ]
    variants.sort(key=lambda key: -width(variant_label(key, lang)))
    keys = [*variants[:5], "custom", *variants[-2:]]
    per = {
        key: PresetStats(
            hands=98765 - 1000 * i,
            wins=34567 - 1000 * i,
            matches=900,
            match_wins=300,
            points=(-1) ** i * (123456 - 1000 * i),
        )
        for i, key in enumerate(keys)
    }
    p = Profile(coins=1_234_567)
    p.stats.hands = sum(s.hands for s in per.values())
    p.stats.wins = sum(s.wins for s in per.values())
    p.stats.patterns = {pat.id: 99999 - 1000 * i for i, pat in enumerate(patterns)}
    p.stats.per_preset = per
    p.stats.match_points = [(-1) ** i * 1500 for i in range(20)]
    # the longest best-hand line: a six-figure payment ("123,456 pts from each payer")
    best = BestHand("111222333m44455p", patterns[0].id, 24, -1, variants[0], paid=123456)
    p.stats.best_hand = best
    return p


def open_stats(home: pathlib.Path, lang: str, size: tuple[int, int]) -> MenuHarness:
    """The statistics, reached from the main menu by a click, in a ``size`` window."""
    h = MenuHarness(home, lang, size)
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    h.click_control("stats")
    assert isinstance(h.top, StatsScene)
    return h


def show(h: MenuHarness, profile: Profile, name: str | None) -> Frame:
    """One frame of the statistics for ``profile``, with what it drew written down."""
    frame = Frame([], [], [], [])
    blit, panel, rect = stats_scene.blit_text, stats_scene.panel, pygame.draw.rect
    ring = draw_focus_ring  # the scene's, as imported there

    def blit_text(surface: pygame.Surface, text: str, size: int, *args: Any, **kw: Any) -> Any:
        drawn = blit(surface, text, size, *args, **kw)
        bold = kw.get("bold", args[3] if len(args) > 3 else False)
        natural = get_font(max(11, size), bold).size(text)
        frame.texts.append(Drawn(text, size, pygame.Rect(drawn), natural))
        return drawn

    def record_panel(surface: pygame.Surface, area: pygame.Rect, *args: Any, **kw: Any) -> None:
        frame.panels.append(pygame.Rect(area))
        panel(surface, area, *args, **kw)

    def draw_rect(surface: pygame.Surface, colour: Any, area: Any, *args: Any, **kw: Any) -> Any:
        if tuple(colour)[:3] == BAR_FILL:
            frame.bars.append(pygame.Rect(area))
        return rect(surface, colour, area, *args, **kw)

    def draw_ring(surface: pygame.Surface, area: pygame.Rect, *args: Any, **kw: Any) -> None:
        frame.rings.append(pygame.Rect(area))
        ring(surface, area, *args, **kw)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stats_scene, "blit_text", blit_text)
        patch.setattr(stats_scene, "panel", record_panel)
        patch.setattr(pygame.draw, "rect", draw_rect)
        patch.setattr(stats_scene, "draw_focus_ring", draw_ring)
        h.ctx.profile = profile
        h.pump()
        for drawn in (frame.texts, frame.panels, frame.bars, frame.rings):
            drawn.clear()
        if name is None:
            h.pump()  # one frame, not kept
        else:
            h.shot(name)  # one frame, saved
    return frame


def squash(text: str) -> str:
    return "".join(ch for ch in text if ch not in " ·")


def check_readable_and_apart(frame: Frame, area: pygame.Rect, window: pygame.Rect) -> str:
    """Every text in ``area``: at least MIN_TEXT, unsqueezed, inside the panel and the window,
    a few pixels from every other text and from the bars. Returns the texts joined."""
    texts = frame.inside(area)
    for d in texts:
        assert d.size >= MIN_TEXT, f"{d.text!r} at {d.size} px"
        assert d.rect.size == d.natural, f"{d.text!r} squeezed to {d.rect.size}, is {d.natural}"
        assert area.contains(d.rect) and window.contains(d.rect), f"{d.text!r} at {d.rect}"
        for bar in frame.bars:
            assert not d.rect.colliderect(bar), f"{d.text!r} {d.rect} on a bar {bar}"
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            assert not a.rect.inflate(6, 0).colliderect(b.rect), f"{a.text!r} touches {b.text!r}"
    return squash("".join(d.text for d in texts))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_longest_names_are_drawn_whole_readable_and_apart(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = open_stats(home, lang, size)
    profile = longest_profile(lang)
    frame = show(h, profile, f"stats_longest_{lang}_{size[0]}x{size[1]}")
    window = h.screen.get_rect()
    t = i18n.t
    shown = {
        key: check_readable_and_apart(frame, frame.panel_of(t(key, lang)), window)
        for key in ("stats.best", "stats.items", "stats.patterns", "stats.per_preset")
    }
    for drawn in frame.texts:  # the names fit: nothing had to be cut short
        assert not drawn.text.endswith(("...", "…")), drawn.text
    best = profile.stats.best_hand
    assert best is not None
    assert squash(pattern_name(best.pattern, lang)) in shown["stats.best"]
    assert squash(variant_label(best.preset or "", lang)) in shown["stats.best"]
    assert "123,456" in shown["stats.best"]
    widest = max(profile.stats.patterns, key=lambda pid: width(pattern_name(pid, lang)))
    assert squash(pattern_name(widest, lang)) in shown["stats.patterns"]
    table = shown["stats.per_preset"]
    rows = sorted(profile.stats.per_preset.items(), key=lambda kv: -kv[1].hands)
    for key, ps in rows[:4]:  # the widest names, at the top: all of each, and all its numbers
        label = t("stats.preset.custom", lang) if key == "custom" else variant_label(key, lang)
        assert squash(label) + f"{ps.hands:,}{ps.wins:,}" in table, label
        assert f"{ps.points:+,d}" in table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_preset_row_keeps_its_texts_inside_its_frame(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """Row by row with ↓ (Tab from Back puts the cursor on the first): every text the focus
    frame touches is wholly inside it — a row's second line (its room) does not hang out of
    it, and the next row's name does not reach into it."""
    h = open_stats(home, lang, size)
    profile = longest_profile(lang)
    h.ctx.profile = profile
    h.pump()
    h.key(pygame.K_TAB)
    scene = h.top
    assert isinstance(scene, StatsScene) and scene.focused_name() == "presets"
    for i in range(len(profile.stats.per_preset)):
        assert scene.preset_rows.cursor == i
        # the first row's frame kept to look at; the others only checked
        frame = show(h, profile, f"stats_row_{lang}_{size[0]}x{size[1]}" if i == 0 else None)
        assert len(frame.rings) == 1, frame.rings
        row = frame.rings[0]
        touching = [d for d in frame.texts if d.rect.colliderect(row)]
        names = [d for d in touching if d.rect.x < row.x + row.w // 3]
        assert names, f"row {i}: no name in its frame {row}"
        for d in touching:
            assert row.contains(d.rect), f"row {i}: {d.text!r} {d.rect} out of its frame {row}"
        h.key(pygame.K_DOWN)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_name_too_long_for_its_column_is_cut_short_and_shown_whole_under_the_pointer(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = open_stats(home, lang, size)
    profile = longest_profile(lang)
    profile.stats.per_preset = {NEWER: PresetStats(hands=99999, wins=9999, points=-123456)}
    frame = show(h, profile, f"stats_newer_preset_{lang}_{size[0]}x{size[1]}")
    table = frame.panel_of(i18n.t("stats.per_preset", lang))
    check_readable_and_apart(frame, table, h.screen.get_rect())
    cut = next(d for d in frame.inside(table) if d.text.endswith("..."))
    assert NEWER.startswith(cut.text.removesuffix("...")) and len(cut.text) > 10
    assert not any(d.text == NEWER for d in frame.texts)

    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=cut.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    frame = show(h, profile, f"stats_newer_preset_tip_{lang}_{size[0]}x{size[1]}")
    tip = next(d for d in frame.texts if d.text == NEWER)
    assert tip.size >= MIN_TEXT and tip.rect.size == tip.natural
    assert h.screen.get_rect().contains(tip.rect)
