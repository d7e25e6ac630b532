"""The public log of item uses (RULES.md §8: everyone sees who used what, never the result):
"电脑2使用了千里眼" / "Bot 2 used Far-Seeing Eye", the newest few drawn in the top left corner
of the table, above the left seat's panel."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.items import ITEMS
from game import palette as pal
from game.i18n import t
from game.table.layout import Layout
from game.ui.text import TextCache, wrap_text

__all__ = ["ItemLog", "item_name"]

KEPT = 40  # uses remembered
SHOWN = 6  # lines drawn at most


class ItemLog:
    """Who used which item this hand, oldest first, worded when shown (a language changed
    mid-hand rewords the whole log)."""

    def __init__(self) -> None:
        self._uses: list[tuple[int, str]] = []
        self._name_of: Callable[[int], str] = str

    def add(self, seat: int, item: str, name_of: Callable[[int], str]) -> None:
        """``seat`` used ``item``; ``name_of`` names the seats (the table's names)."""
        self._name_of = name_of
        self._uses = [*self._uses[-(KEPT - 1) :], (seat, item)]

    def lines(self, lang: str, last: int | None = None) -> list[str]:
        """The newest ``last`` lines (all of them by default), oldest first."""
        uses = self._uses if last is None else self._uses[max(0, len(self._uses) - last) :]
        return [
            t("items.used_by", lang, who=self._name_of(seat), item=item_name(item, lang))
            for seat, item in uses
        ]

    def rows(
        self, lay: Layout, lang: str, text: TextCache
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The newest lines as drawn in the top left corner: (image, where), each line in at
        most two rows, the second indented ("Bot 2 used Graft the" / "Blossom" read as two
        uses), as many as fit above the left seat's panel."""
        if not self._uses:
            return []
        x, y = lay.px(14), lay.px(84)
        width = (
            lay.panels[2].x - x - lay.px(12) if lay.panels[2].x > x + lay.px(60) else lay.px(180)
        )
        indent = lay.px(12)
        rows = [
            (text.get(part, lay.font_small, pal.UI_TEXT_DIM), indent if i else 0)
            for line in self.lines(lang, SHOWN)
            for i, part in enumerate(wrap_text(line, lay.font_small, width - indent)[:2])
        ]
        room = lay.panels[3].y - lay.px(8) - y  # the newest lines, above the left seat's panel
        while rows and sum(img.get_height() for img, _ in rows) > room:
            rows.pop(0)
        if rows and rows[0][1]:  # never a second row without its first
            rows.pop(0)
        out = []
        for img, dx in rows:
            out.append((img, (x + dx, y)))
            y += img.get_height()
        return out

    def draw(self, surface: pygame.Surface, lay: Layout, lang: str, text: TextCache) -> None:
        """The newest lines in the top left corner (:meth:`rows`)."""
        surface.blits(self.rows(lay, lang, text), doreturn=False)


def item_name(item: str, lang: str) -> str:
    """An item's name in ``lang``: 千里眼 / Far-Seeing Eye."""
    meta = ITEMS[item]
    return meta.name_zh if lang == "zh" else meta.name_en
