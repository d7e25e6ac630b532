"""The item bar's result panel: what the human's own item told them (RULES.md §8).

Only the user sees it: 千里眼's tile and where its copies lie in the wall (sixths), 顺风耳's
next tile, the tile a 偷天换日 or 移花接木 gave turning over into the one it took, under the
result's words (:meth:`engine.items.ItemResult.describe`, in the player's language). It
opens with :meth:`ResultPanel.show_result`, closes by a click on it, Esc, or by itself after
:data:`RESULT_S`, and is re-worded when the language changes.

:class:`ResultPanel` is a part of :class:`~game.table.item_bar.ItemBar` (its base): the bar
hosts the state and the drawing helpers it shares with its other panels.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from engine.items import ItemResult
from game import palette as pal
from game.i18n import t
from game.table.layout import Layout
from game.ui.text import wrap_text

__all__ = ["FLIP_S", "RESULT_S", "ResultPanel"]

TileArtOf = Callable[[int], Any]  # width → the table's TileArt (face / flat_face / step)

RESULT_S = 12.0  # a result panel closes by itself after this long
FLIP_S = 0.6  # the given tile turns over into the taken one in this long
PANEL_BG = (18, 30, 40, 252)


class ResultPanel:
    """The result panel's content, geometry and drawing (a base of the item bar)."""

    # the bar's, used here
    layout: Layout
    lang: str
    tile_art: TileArtOf
    _txt: Callable[..., pygame.Surface]
    _icon: Callable[[str, int], pygame.Surface]
    _plate: Callable[..., None]

    result: ItemResult | None = None  # the panel's content (None: closed)
    result_text = ""
    result_age = 0.0

    def show_result(self, result: ItemResult) -> None:
        self.result = result
        self.result_text = result.describe(self.lang)
        self.result_age = 0.0

    def _result_top(self) -> int:
        """Where the result panel's top is (unless a tall one is pushed up from the bottom)."""
        return self.layout.center_box.top - self.layout.px(60)

    def _result_rect(self) -> pygame.Rect:
        """The result panel: its title row, its text lines, the tile row, the "OK" — each as
        tall as drawn (:meth:`_draw_result` steps by the same images)."""
        lay = self.layout
        w = lay.px(440)
        text_h = sum(img.get_height() + lay.px(6) for img in self._result_text())
        art_h = self._result_art_h()
        tiles_h = lay.px(8) + art_h if art_h else 0
        close_h = self._close_img().get_height()
        h = lay.px(48) + text_h + tiles_h + lay.px(8) + close_h + lay.px(6)
        box = pygame.Rect(0, 0, w, h)
        box.midtop = (lay.center[0], self._result_top())
        box.clamp_ip(pygame.Rect(0, 0, lay.w, lay.h))
        return box

    def _result_lines(self, width: int) -> list[str]:
        return wrap_text(self.result_text, self.layout.font_normal, width, bold=True)

    def _result_text(self) -> list[pygame.Surface]:
        """The result's lines as drawn (bold, wrapped inside the panel)."""
        lay = self.layout
        lines = self._result_lines(lay.px(440) - lay.px(28))
        return [self._txt(line, lay.font_normal, pal.IVORY_TEXT, True) for line in lines]

    def _close_img(self) -> pygame.Surface:
        return self._txt(t("items.close", self.lang), self.layout.font_small, pal.UI_TEXT_DIM)

    def _result_art(self) -> str | None:
        """What the panel shows under its text: "swap" (the given tile turning into the
        taken one), "next" (顺风耳's tile), "sixths" (千里眼's tile and the wall), or None."""
        res = self.result
        if res is None or res.tile is None:
            return None
        if res.item in ("tou_tian", "yi_hua"):
            return "swap" if res.given is not None else None
        return {"shun_feng_er": "next", "qian_li_yan": "sixths"}.get(res.item)

    def _result_art_h(self) -> int:
        """The height of the tile row under the text (0: none)."""
        art = self._result_art()
        if art is None:
            return 0
        lay = self.layout
        face_h = int(self.tile_art(lay.px(40)).face(0).get_height())
        if art == "swap":  # the arrow between the two tiles
            return max(face_h, self._txt("→", lay.font_big, pal.GOLD_LIGHT, True).get_height())
        return face_h

    def _draw_result(self, surface: pygame.Surface) -> None:
        assert self.result is not None
        lay = self.layout
        res = self.result
        box = self._result_rect()
        self._plate(surface, box, PANEL_BG)
        s = lay.px(34)
        surface.blit(self._icon(res.item, s), (box.x + lay.px(10), box.y + lay.px(8)))
        title = self._txt(t("items.result_title", self.lang), lay.font_small, pal.UI_TEXT_DIM)
        surface.blit(title, (box.x + lay.px(52), box.y + lay.px(16)))
        y = box.y + lay.px(48)
        for img in self._result_text():
            surface.blit(img, (box.x + lay.px(14), y))
            y += img.get_height() + lay.px(6)
        art = self.tile_art(lay.px(40))
        # the tile row: its tiles centred in it (the arrow between two may be the taller)
        mid = y + lay.px(8) + self._result_art_h() // 2
        kind = self._result_art()
        if kind == "swap" and res.given is not None and res.tile is not None:
            # the given tile turns over into the taken one
            p = min(1.0, self.result_age / FLIP_S)
            shown = res.given if p < 0.5 else res.tile
            face = art.face(shown, "selected" if p >= 0.5 else "normal")
            w = max(1, int(face.get_width() * abs(math.cos(p * math.pi))))
            flip = pygame.transform.smoothscale(face, (w, face.get_height()))
            given = art.face(res.given, "greyed")
            surface.blit(given, given.get_rect(midleft=(box.centerx - lay.px(90), mid)))
            arrow = self._txt("→", lay.font_big, pal.GOLD_LIGHT, True)
            surface.blit(arrow, arrow.get_rect(midleft=(box.centerx - lay.px(40), mid)))
            surface.blit(flip, flip.get_rect(center=(box.centerx + lay.px(40), mid)))
        elif kind == "next" and res.tile is not None:
            face = art.face(res.tile, "selected")
            surface.blit(face, face.get_rect(center=(box.centerx, mid)))
        elif kind == "sixths" and res.tile is not None:
            face = art.face(res.tile, "normal")
            surface.blit(face, face.get_rect(midleft=(box.x + lay.px(16), mid)))
            # the remaining wall in six segments, one dot per copy in each
            x0 = box.x + lay.px(30) + face.get_width()
            seg = (box.right - lay.px(16) - x0) // 6
            for i in range(6):
                r = pygame.Rect(x0 + i * seg, 0, seg - lay.px(4), lay.px(24))
                r.centery = mid
                n = res.sixths.count(i)
                pygame.draw.rect(
                    surface, (70, 130, 150) if n else (50, 60, 66), r, border_radius=lay.px(4)
                )
                if n:
                    count = self._txt(str(n), lay.font_small, pal.IVORY_TEXT, True)
                    surface.blit(count, count.get_rect(center=r.center))
        close = self._close_img()
        surface.blit(
            close, close.get_rect(bottomright=(box.right - lay.px(10), box.bottom - lay.px(6)))
        )

    def _relabel_result(self) -> None:
        """Word the open result again, in the language of the moment."""
        if self.result is not None:
            self.result_text = self.result.describe(self.lang)

    def _age_result(self, dt: float) -> None:
        if self.result is not None:
            self.result_age += dt
            if self.result_age > RESULT_S:
                self.result = None
