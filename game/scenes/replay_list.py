"""牌谱 The list of kept replays: date, preset and the human's result, newest first. Click
one (or focus it and press Enter) to watch it in the replay viewer (the table over a
:class:`~game.table.replay.ReplayController`, opened by the navigator).
"""

from __future__ import annotations

import logging
from functools import partial

import pygame

from engine.replay import ReplayError
from game import i18n
from game import palette as pal
from game.input import InputEvent, InputKind
from game.replays import ReplayInfo, list_replays, replay_problem
from game.scenes.menu_base import MenuContext, MenuScene
from game.ui.controls import Button, Control, ScrollArea
from game.ui.draw import felt_background, panel
from game.ui.text import MIN_TEXT, blit_text, outlined_text

log = logging.getLogger(__name__)

__all__ = ["ReplayListScene"]


class ReplayListScene(MenuScene):
    """The kept replays, newest first; click one (or focus + Enter) to watch it."""

    def __init__(self, ctx: MenuContext) -> None:
        self.items: list[ReplayInfo] = list_replays(ctx.directory)
        self.scroll: ScrollArea | None = None
        super().__init__(ctx)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(self.size), (0, 0))
        title = outlined_text(self.t("replays.title"), self.px(34), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(self.w // 2, self.px(14))))
        self.draw_content(surface)
        area = self._list_rect()
        for c in self.controls:
            if not c.visible:
                continue
            if c.name == "back":
                c.draw(surface)
            elif area.colliderect(c.rect):
                # a row half scrolled out shows its part of the button with the rest of
                # the row (it was left without one), clipped to the list as the row is
                clip = surface.get_clip()
                surface.set_clip(area)
                c.draw(surface)
                surface.set_clip(clip)
        self.draw_toast(surface)

    def _list_rect(self) -> pygame.Rect:
        return pygame.Rect(self.px(60), self.px(118), self.w - self.px(120), self.h - self.px(160))

    def build(self) -> None:
        self.add_back_button()
        area = self._list_rect()
        row_h = self._row_h()
        if self.scroll is None:
            self.scroll = ScrollArea(area, len(self.items) * row_h)
        else:  # the same one, a drag of its bar in progress kept
            self.scroll.rect = pygame.Rect(area)
            self.scroll.content_h = len(self.items) * row_h
            self.scroll.scroll(0)
        bw = self.px(110)
        # clear of the scroll bar (ScrollArea.BAR_W at the list's right edge), which the
        # buttons reached at 1024x640
        right = area.right - ScrollArea.BAR_W - self.px(10)
        for i, _info in enumerate(self.items):
            y = area.y + i * row_h - self.scroll.offset
            rect = pygame.Rect(right - bw, y + self.px(7), bw, row_h - self.px(14))
            self.controls.append(
                Button(
                    rect,
                    self.t("replays.open"),
                    partial(self.open, i),
                    name=f"row{i}",
                    font_size=self.px(16),
                )
            )
        if self.focus < 0:
            self.focus_named("row0" if self.items else "back")

    def handle_first(self, ev: InputEvent) -> bool:
        # the wheel, Page Up/Down and the scroll bar (dragged, or its track clicked)
        if self.scroll is not None and self.scroll.handle(ev):
            self._focus_into_view()
            self.rebuild()
            return True
        if ev.kind in (
            InputKind.MOUSE_DOWN,
            InputKind.MOUSE_UP,
        ) and not self._list_rect().collidepoint(ev.pos):
            # a row scrolled out of the list is not drawn, and not to be clicked either
            # (a click on the felt beside the count note opened a hidden row's replay)
            return any(
                c.name.startswith("row") and c.rect.collidepoint(ev.pos) for c in self.controls
            )
        return False

    def _row_h(self) -> int:
        return self.px(50)

    def _rows_in_view(self) -> range:
        """The rows wholly inside the list at its scroll offset."""
        offset = self.scroll.offset if self.scroll is not None else 0
        row_h, height = self._row_h(), self._list_rect().h
        first = -(-offset // row_h)
        return range(first, min(len(self.items), (offset + height) // row_h))

    def _focus_into_view(self) -> None:
        """After a scroll (wheel, Page Up/Down, the bar) the focus goes along to the nearest
        row in view: left behind, Enter opened a replay scrolled out of sight."""
        name = self.focused_name()
        rows = self._rows_in_view()
        if name.startswith("row") and rows and int(name[3:]) not in rows:
            self.focus_named(f"row{min(max(int(name[3:]), rows[0]), rows[-1])}")

    def focus_moved(self, control: Control) -> None:
        """A row given the focus scrolls into view (in the list's own coordinates)."""
        if not control.name.startswith("row") or self.scroll is None:
            return
        i, row_h = int(control.name[3:]), self._row_h()
        before = self.scroll.offset
        self.scroll.reveal(i * row_h, (i + 1) * row_h)
        if self.scroll.offset != before:
            self.rebuild()

    def open(self, index: int) -> None:
        info = self.items[index]
        try:
            self.ctx.nav.watch_replay(info.path)
        except ReplayError as exc:
            log.warning("replay %s: %s", info.path, exc)
            self.show_toast(replay_problem(exc, self.lang, info.path), (255, 170, 140), 6.0)

    def result_text(self, info: ReplayInfo) -> str:
        """ "Won · +6 pts", "-1 pt" (a point is one point, won or lost)."""
        if info.left:
            key = "replays.left"
        elif info.won:
            key = "replays.won"
        elif info.reason == "wall_empty" and info.points == 0:
            key = "replays.drawn"
        else:
            key = "replays.result"
        return self.tn(key, abs(info.points), points=info.points)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        area = self._list_rect()
        panel(surface, area.inflate(px(16), px(16)))
        if not self.items:
            blit_text(
                surface,
                self.t("replays.empty" if self.ctx.settings.replays_kept else "replays.off"),
                px(20),
                pal.IVORY_TEXT,
                area.center,
                "center",
            )
            return
        heads = (
            (area.x + px(20), "replays.col.date"),
            (area.x + px(330), "replays.col.preset"),
            (area.x + px(610), "replays.col.result"),
        )
        for x, key in heads:
            blit_text(surface, self.t(key), px(16), pal.GOLD, (x, area.y - px(34)), bold=True)
        kept = self.ctx.settings.replays_kept
        note = self.tn("replays.count", kept, n=kept) if kept else self.t("replays.count.none")
        blit_text(
            surface,
            note,
            max(MIN_TEXT, px(14)),
            pal.UI_TEXT_DIM,
            (self.w - px(60), px(70)),
            "topright",
        )
        row_h = self._row_h()
        clip = surface.get_clip()
        surface.set_clip(area)
        offset = self.scroll.offset if self.scroll is not None else 0
        for i, info in enumerate(self.items):
            y = area.y + i * row_h - offset
            if y + row_h < area.y or y > area.bottom:
                continue
            if i % 2:
                stripe = pygame.Surface((area.w, row_h), pygame.SRCALPHA)
                stripe.fill((255, 255, 255, 14))
                surface.blit(stripe, (area.x, y))
            cy = y + row_h // 2
            date = info.saved.strftime("%Y-%m-%d %H:%M")
            hand = self.t("replays.hand", n=info.hand_no)
            blit_text(
                surface,
                f"{date}  ·  {hand}",
                px(18),
                pal.IVORY_TEXT,
                (area.x + px(20), cy),
                "midleft",
            )
            # a room this game does not know (a newer game's, an edited file): no key shown
            known = info.preset and i18n.has(f"preset.{info.preset}")
            preset = self.t(f"preset.{info.preset}") if known else "—"
            blit_text(surface, preset, px(18), pal.IVORY_TEXT, (area.x + px(330), cy), "midleft")
            colour = (
                (130, 230, 150)
                if info.points > 0
                else ((250, 140, 120) if info.points < 0 else pal.IVORY_TEXT)
            )
            blit_text(
                surface,
                self.result_text(info),
                px(18),
                colour,
                (area.x + px(610), cy),
                "midleft",
                True,
            )
        surface.set_clip(clip)
        if self.scroll is not None:
            self.scroll.draw_bar(surface)
