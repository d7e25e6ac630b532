"""The statistics' number cards and points chart at the smallest window: every label, figure
and axis mark at least MIN_TEXT (12 px), unsqueezed, inside its panel and apart from the
others. At 1024×640 a card's title was drawn at 11 px, its "2/2" and the chart's marks at 10."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_stats_layout import Frame, home, longest_profile, open_stats, show

from game import i18n
from game.scenes.stats_scene import MIN_TEXT
from game.ui.text import render_text

__all__ = ["home"]  # the fixture, shared with test_stats_layout

CARDS = (
    "stats.coins",
    "stats.hands",
    "stats.matches",
    "stats.win_rate",
    "stats.self_draw_rate",
    "stats.deal_in_rate",
    "stats.streak",
)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_cards_and_the_points_chart_are_readable(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = open_stats(home, lang, size)
    profile = longest_profile(lang)
    s = profile.stats
    s.wins, s.self_draws, s.deal_ins = 34567, 12345, 23456
    s.longest_streak, s.current_streak, s.matches = 321, 123, 9876
    frame = show(h, profile, f"stats_cards_{lang}_{size[0]}x{size[1]}")
    window = h.screen.get_rect()
    for key in (*CARDS, "stats.history"):
        readable_and_apart(frame, frame.panel_of(i18n.t(key, lang)), window)
    streak = [d.text for d in frame.inside(frame.panel_of(i18n.t("stats.streak", lang)))]
    assert "321" in streak and any("123" in text for text in streak)
    history = [d.text for d in frame.inside(frame.panel_of(i18n.t("stats.history", lang)))]
    assert "+1,500" in history and "-1,500" in history


def readable_and_apart(frame: Frame, area: pygame.Rect, window: pygame.Rect) -> None:
    """Every text in ``area`` at least MIN_TEXT, unsqueezed, inside the panel and the window,
    its letters clear of every other text's (a figure's line box may reach into the title's
    leading: only ink counts)."""
    texts = frame.inside(area)
    assert texts
    inks = []
    for d in texts:
        assert d.size >= MIN_TEXT, f"{d.text!r} at {d.size} px"
        assert d.rect.size == d.natural, f"{d.text!r} squeezed to {d.rect.size}, is {d.natural}"
        assert area.contains(d.rect) and window.contains(d.rect), f"{d.text!r} at {d.rect}"
        ink = render_text(d.text, d.size, (255, 255, 255)).get_bounding_rect()
        inks.append((d.text, ink.move(d.rect.topleft)))
    for i, (a, ra) in enumerate(inks):
        for b, rb in inks[i + 1 :]:
            assert not ra.inflate(4, 4).colliderect(rb), f"{a!r} touches {b!r}"
