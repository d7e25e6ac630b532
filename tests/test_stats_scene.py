"""The statistics screen as a player reads it: the best hand's value in the unit of the rules
it was won under (fan, or points, singular for one). Screenshots go to screenshots/ for a
person to see."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from test_menus import MenuHarness

import game.scenes.stats_scene as stats_scene
from game.i18n import pattern_name
from game.profile import BestHand, Profile
from game.scenes.stats_scene import StatsScene


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


def best_line(texts: list[tuple[str, int, pygame.Rect]], pattern: str, lang: str) -> str:
    name = pattern_name(pattern, lang)
    return next(t for t, _, _ in texts if t.startswith(name))


@pytest.mark.parametrize(
    ("preset", "fan", "points", "en", "zh"),
    [
        # Chengdu scores in points (RULES.md §5.2), at its own table or a changed one
        ("chengdu", 4, 4, "4 pts · +4 pts that hand", "4分 · 该局 +4 分"),
        ("chengdu@3.3", 4, 4, "4 pts · +4 pts that hand", "4分 · 该局 +4 分"),
        ("chengdu@2.1", 1, 1, "1 pt · +1 pt that hand", "1分 · 该局 +1 分"),
        ("chengdu", 1, -2, "1 pt · -2 pts that hand", "1分 · 该局 -2 分"),
        # the fan presets, at a changed table too; a custom set has no preset: fan
        ("standard", 1, 1, "1 fan · +1 pt that hand", "1番 · 该局 +1 分"),
        ("standard@3.3", 4, 8, "4 fan · +8 pts that hand", "4番 · 该局 +8 分"),
        (None, 2, 2, "2 fan · +2 pts that hand", "2番 · 该局 +2 分"),
    ],
    ids=lambda v: "" if isinstance(v, str) and " " in v else str(v),  # the texts: too long
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_best_hand_is_in_the_unit_of_its_rules(
    home: pathlib.Path,
    texts: list[tuple[str, int, pygame.Rect]],
    lang: str,
    preset: str | None,
    fan: int,
    points: int,
    en: str,
    zh: str,
) -> None:
    p = Profile()
    p.stats.best_hand = BestHand("123p456p789p234p55p", "qing_yi_se", fan, points, preset)
    h = open_stats(home, lang, (1280, 800), p)
    texts.clear()
    h.shot(f"stats_best_{preset}_{fan}_{lang}")
    assert (en if lang == "en" else zh) in best_line(texts, "qing_yi_se", lang)
