"""复盘 figures on the menus' screens: the statistics' accuracy chart over the last reviewed
hands and the match end's per-hand accuracy (read from :class:`game.review.ReviewLog`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import palette as pal
from game.fonts import get_font
from game.i18n import t, tn
from game.review import ReviewSummary
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_paragraph, blit_text

__all__ = [
    "CHART_HANDS",
    "accuracy_colour",
    "draw_accuracy_chart",
    "match_line",
    "review_accuracy",
]

CHART_HANDS = 30  # the chart's last N reviewed hands


def accuracy_colour(accuracy: float) -> tuple[int, int, int]:
    if accuracy >= 0.9:
        return (120, 220, 140)
    if accuracy >= 0.75:
        return (245, 190, 90)
    return (245, 110, 95)


def review_accuracy(entries: Sequence[ReviewSummary]) -> int | None:
    """The accuracy of ``entries`` taken together, in percent: the share of all their
    decisions that were good — what "accuracy over 2 hands" says, a hand of 20 decisions
    counting for more than one of 2 — or None when they hold no decision. The match's end
    and the statistics' chart both say this one figure (the chart took the hands' plain
    mean, and the same two hands read 92% at the match's end and 95% in Statistics)."""
    decisions = sum(e.decisions for e in entries if e.decisions > 0)
    if not decisions:
        return None
    agreed = sum(round(e.accuracy * e.decisions) for e in entries if e.decisions > 0)
    return round(100 * agreed / decisions)


def match_line(entries: Sequence[ReviewSummary], lang: str) -> str | None:
    """复盘：准确率 85%，共损失 3.20 分（5 手） — the match's reviewed hands with a decision
    of the player's, or None."""
    entries = [e for e in entries if e.decisions]
    acc = review_accuracy(entries)
    if acc is None:
        return None
    loss = f"{sum(e.loss for e in entries):.2f}"
    return tn("review.match", lang, len(entries), acc=acc, loss=loss, hands=len(entries))


def draw_accuracy_chart(
    surface: pygame.Surface,
    rect: pygame.Rect,
    entries: Sequence[ReviewSummary],
    lang: str,
    px: Callable[[float], int],
) -> None:
    """A panel with the accuracy of each of the last reviewed hands as bars (0-100%) and
    their accuracy together (:func:`review_accuracy`, as the match's end says it); a
    friendly line while there are none."""
    panel(surface, rect)
    pos = (rect.x + px(16), rect.y + px(12))
    blit_text(surface, t("review.chart", lang), px(18), pal.GOLD_LIGHT, pos, bold=True)
    shown = list(entries)[-CHART_HANDS:]
    if not shown:
        inner = rect.inflate(-px(40), -px(60)).move(0, px(16))
        size = max(MIN_TEXT, px(14))
        blit_paragraph(surface, t("review.chart_empty", lang), size, pal.UI_TEXT_DIM, inner)
        return
    # the marks' column as wide as "100%" at its size (at 1024×640 it ran into the border),
    # and room under the chart for the caption's line
    mark = max(MIN_TEXT, px(12))
    cap = max(MIN_TEXT, px(13))
    left = max(px(46), px(16) + get_font(mark).size("100%")[0] + px(6))
    below = max(px(84), px(54) + cap + px(16))
    chart = pygame.Rect(rect.x + left, rect.y + px(54), rect.w - left - px(20), rect.h - below)
    for v in (1.0, 0.5, 0.0):
        y = chart.bottom - round(v * chart.h)
        pygame.draw.line(surface, (70, 110, 86), (chart.x, y), (chart.right, y), 1)
        blit_text(surface, f"{round(v * 100)}%", mark, pal.UI_TEXT_DIM, (chart.x - px(6), y),
                  "midright")  # fmt: skip
    slot = chart.w / max(len(shown), 10)
    bw = max(2, round(slot * 0.6))
    for i, e in enumerate(shown):
        h = max(1, round(e.accuracy * chart.h))
        bar = pygame.Rect(chart.x + round(slot * i + (slot - bw) / 2), chart.bottom - h, bw, h)
        pygame.draw.rect(surface, accuracy_colour(e.accuracy), bar, border_radius=2)
    acc = review_accuracy(shown)
    acc = round(100 * shown[-1].accuracy) if acc is None else acc  # (no decision: 100%)
    caption = tn("review.chart_last", lang, len(shown), n=len(shown), acc=acc)
    blit_text(surface, caption, cap, pal.UI_TEXT_DIM, (chart.centerx, rect.bottom - px(8)),
              "midbottom")  # fmt: skip
