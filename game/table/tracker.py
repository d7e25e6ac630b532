"""记牌器 the tile tracker: how many of each kind the player has not seen, as a panel the
table's painter puts under the left seat's panel (game/table/painter.py)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.tiles import suit_name
from game import i18n
from game import palette as pal
from game.table.layout import Layout
from game.ui.text import TextCache

__all__ = ["SUIT_COLOURS", "tracker_panel"]

SUIT_COLOURS = ((235, 95, 80), (110, 180, 245), (120, 210, 120))  # 万 red, 筒 blue, 条 green


def tracker_panel(
    lay: Layout, text: TextCache, lang: str, suits: Sequence[int], visible: Sequence[int]
) -> pygame.Surface:
    """The tracker: a row of 4 - visible per kept suit (a two-suit room has no Characters
    to count), under a row of ranks."""
    size = lay.font_small
    cell, row = lay.px(15), lay.px(21)
    label_w = lay.px(24)
    title = text.get(i18n.t("btn.tracker", lang), size, pal.GOLD_LIGHT, True)
    w = lay.px(12) + label_w + 9 * cell + lay.px(6)
    h = lay.px(8) + title.get_height() + lay.px(4) + (len(suits) + 1) * row + lay.px(4)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, (10, 20, 16, 200), out.get_rect(), border_radius=lay.px(8))
    pygame.draw.rect(out, pal.GOLD_DARK, out.get_rect(), width=1, border_radius=lay.px(8))
    out.blit(title, (lay.px(8), lay.px(6)))
    y0 = lay.px(8) + title.get_height() + lay.px(4)
    x0 = lay.px(8) + label_w
    for n in range(9):
        img = text.get(str(n + 1), size, pal.UI_TEXT_DIM)
        out.blit(img, img.get_rect(center=(x0 + n * cell + cell // 2, y0 + row // 2)))
    for line, suit in enumerate(suits, start=1):
        y = y0 + line * row
        badge = text.get(suit_name(suit, lang)[:1], size, SUIT_COLOURS[suit], True)
        out.blit(badge, badge.get_rect(midleft=(lay.px(8), y + row // 2)))
        for n in range(9):
            left = max(0, 4 - visible[suit * 9 + n])
            colour = pal.IVORY_TEXT if left else (90, 90, 90)
            img = text.get(str(left), size, colour, left > 0)
            out.blit(img, img.get_rect(center=(x0 + n * cell + cell // 2, y + row // 2)))
    return out
