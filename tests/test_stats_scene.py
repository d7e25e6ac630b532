"""The statistics screen as a player reads it: the best hand's value in the unit of the rules
it was won under (fan, or points, singular for one), and every row of the per-preset table
reachable, by the wheel or Page Down, when they do not all fit (at 1024×640 the last rows were
never drawn). Screenshots go to screenshots/ for a person to see."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from test_menus import MenuHarness

import game.scenes.stats_scene as stats_scene
from game import i18n
from game.__main__ import PRESET_NAMES
from game.i18n import pattern_name
from game.match_config import variant_label
from game.profile import BestHand, Profile
from game.scenes.stats_scene import MIN_TEXT, StatsScene

SIZES = [(1024, 640), (1920, 1080)]
# every rules preset, two changed rooms and a custom set: more rows than fit at 1024×640
PRESET_KEYS = (*PRESET_NAMES, "standard@3.3", "liangren@2.1", None)


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int, pygame.Rect]]]:
    """What the statistics draw with ``blit_text``: (text, size, where)."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    blit = stats_scene.blit_text

    def record(surface: pygame.Surface, text: str, size: int, *args: Any, **kw: Any) -> Any:
        rect = blit(surface, text, size, *args, **kw)
        drawn.append((text, size, pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(stats_scene, "blit_text", record)
    yield drawn


def open_stats(home: pathlib.Path, lang: str, size: tuple[int, int], p: Profile) -> MenuHarness:
    h = MenuHarness(home, lang, size, profile=p)
    h.stack.push(StatsScene(h.ctx))
    h.pump()
    return h


def many_presets() -> Profile:
    p = Profile()
    for i in range(40):
        key = PRESET_KEYS[i % len(PRESET_KEYS)]
        p.record_hand(won=i % 3 != 0, pattern="ping_hu", fan=1, points=i % 7 - 3, preset=key)
    return p


def row_name(key: str | None, lang: str) -> str:
    """The first line a preset's row shows: its name, or the preset's before its room."""
    label = i18n.t("stats.preset.custom", lang) if key is None else variant_label(key, lang)
    return label.partition(" · ")[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("how", ["wheel", "page_down"])
def test_every_preset_row_can_be_scrolled_to(
    home: pathlib.Path,
    texts: list[tuple[str, int, pygame.Rect]],
    lang: str,
    size: tuple[int, int],
    how: str,
) -> None:
    h = open_stats(home, lang, size, many_presets())
    scene = h.top
    assert isinstance(scene, StatsScene)
    table = scene._panels()[-1]
    seen: set[str] = set()
    for _ in range(12):
        texts.clear()
        h.pump()
        rows = [(t, s, r) for t, s, r in texts if table.colliderect(r)]
        for text, px, rect in rows:  # whole rows, in the panel, readable
            assert table.contains(rect), (text, rect, table)
            assert px >= MIN_TEXT, (text, px)
        seen |= {t for t, _, _ in rows}
        if how == "wheel":
            h.wheel(table.center)
        else:
            h.key(pygame.K_PAGEDOWN)
    h.shot(f"stats_presets_{how}_end_{lang}_{size[0]}x{size[1]}")
    missing = [key for key in PRESET_KEYS if row_name(key, lang) not in seen]
    assert not missing, f"rows never shown: {missing}"


def test_the_table_scrolls_only_when_its_rows_do_not_fit(
    home: pathlib.Path, texts: list[tuple[str, int, pygame.Rect]]
) -> None:
    p = Profile()
    p.record_hand(won=True, pattern="ping_hu", fan=1, points=1, preset="standard")
    h = open_stats(home, "en", (1024, 640), p)
    scene = h.top
    assert isinstance(scene, StatsScene)
    assert scene.preset_scroll.max_offset == 0
    h.wheel(scene._panels()[-1].center)
    assert scene.preset_scroll.offset == 0
    h.ctx.profile = many_presets()  # a profile with more rows: the list scrolls now
    h.pump()
    assert scene.preset_scroll.max_offset > 0


def best_line(texts: list[tuple[str, int, pygame.Rect]], pattern: str, lang: str) -> str:
    name = pattern_name(pattern, lang)
    return next(t for t, _, _ in texts if t.startswith(name))


@pytest.mark.parametrize(
    ("preset", "model", "fan", "paid", "en", "zh"),
    [
        # Chengdu scores in points (RULES.md §5.2), at its own table or a changed one
        ("chengdu", None, 4, 4, "4 pts · 4 pts from each payer", "4分 · 每家付 4 分"),
        ("chengdu@3.3", None, 4, 4, "4 pts · 4 pts from each payer", "4分 · 每家付 4 分"),
        ("chengdu@2.1", None, 1, 1, "1 pt · 1 pt from each payer", "1分 · 每家付 1 分"),
        # the fan presets, at a changed table too; a custom set has no preset: fan
        ("standard", None, 1, 1, "1 fan · 1 pt from each payer", "1番 · 每家付 1 分"),
        ("standard@3.3", None, 4, 8, "4 fan · 8 pts from each payer", "4番 · 每家付 8 分"),
        (None, None, 2, 2, "2 fan · 2 pts from each payer", "2番 · 每家付 2 分"),
        # the model it was won under, where kept, wins over the preset's: a standard table
        # switched to points (the preset's name is kept), Chengdu switched to fan
        ("standard", "points", 3, 3, "3 pts · 3 pts from each payer", "3分 · 每家付 3 分"),
        ("chengdu", "fan", 2, 4, "2 fan · 4 pts from each payer", "2番 · 每家付 4 分"),
        (None, "points", 1, 1, "1 pt · 1 pt from each payer", "1分 · 每家付 1 分"),
    ],
    ids=lambda v: "" if isinstance(v, str) and " " in v else str(v),  # the texts: too long
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_best_hand_is_in_the_unit_of_its_rules(
    home: pathlib.Path,
    texts: list[tuple[str, int, pygame.Rect]],
    lang: str,
    preset: str | None,
    model: str | None,
    fan: int,
    paid: int,
    en: str,
    zh: str,
) -> None:
    p = Profile()
    hand = BestHand("123p456p789p234p55p", "qing_yi_se", fan, paid, preset, model, paid)
    p.stats.best_hand = hand
    h = open_stats(home, lang, (1280, 800), p)
    texts.clear()
    h.shot(f"stats_best_{preset}_{model}_{fan}_{lang}")
    assert (en if lang == "en" else zh) in best_line(texts, "qing_yi_se", lang)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_pattern_this_game_does_not_know_shows_no_id(
    home: pathlib.Path, texts: list[tuple[str, int, pygame.Rect]], lang: str
) -> None:
    """A pattern id from a newer game or a hand-edited profile stays in the file but is not
    drawn: the patterns card and the best hand showed the id itself ('future_pattern')."""
    p = Profile()
    p.stats.patterns.update({"ping_hu": 3, "future_pattern": 9})
    p.stats.best_hand = BestHand("123p456p789p234p55p", "future_pattern", 9, 512, "standard")
    h = open_stats(home, lang, (1280, 800), p)
    texts.clear()
    h.pump()
    drawn = [t for t, _, _ in texts]
    assert not [t for t in drawn if "future" in t], drawn
    assert pattern_name("ping_hu", lang) in drawn  # the known pattern keeps its row
    assert p.stats.patterns["future_pattern"] == 9  # and the file keeps what it does not show
