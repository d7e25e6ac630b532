"""The statistics' review-accuracy chart at the smallest window: its axis marks, caption and
empty-state text at least MIN_TEXT (12 px) — at 1024×640 they were drawn at 10 and 11."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import review_chart
from game.review import ReviewSummary
from game.ui.text import MIN_TEXT

PANEL = pygame.Rect(40, 300, 330, 180)  # about the statistics' panel at 1024×640


def _sizes(entries: list[ReviewSummary], lang: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    sizes: list[int] = []
    for name in ("blit_text", "blit_paragraph"):
        real = getattr(review_chart, name)

        def record(surface: Any, text: str, size: int, *a: Any, _real: Any = real, **k: Any) -> Any:
            sizes.append(size)
            drawn = _real(surface, text, size, *a, **k)
            if isinstance(drawn, pygame.Rect):  # clear of the panel's border ("100%" ran in)
                assert PANEL.inflate(-8, -8).contains(drawn), (text, drawn, PANEL)
            return drawn

        monkeypatch.setattr(review_chart, name, record)
    surface = pygame.Surface((1024, 640))
    scale = 1024 / 1280  # the game's px() at the smallest window

    def px(v: float) -> int:
        return round(v * scale)

    review_chart.draw_accuracy_chart(surface, PANEL, entries, lang, px)
    return sizes


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_accuracy_chart_is_readable_at_the_smallest_window(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    hands = [ReviewSummary(f"k{i}", i, 0.5 + i / 40, 0.5, 0.2, 12, 2) for i in range(12)]
    drawn = _sizes(hands, lang, monkeypatch)
    assert len(drawn) == 5 and min(drawn) >= MIN_TEXT  # title, three marks, the caption
    assert min(_sizes([], lang, monkeypatch)) >= MIN_TEXT  # the title and the empty line
