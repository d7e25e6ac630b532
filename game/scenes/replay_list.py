"""牌谱 The list of kept replays: date, preset and the human's result, newest first. Click
one (its row or its Watch button; or focus it and press Enter) to watch it in the replay
viewer (the table over a :class:`~game.table.replay.ReplayController`, opened by the
navigator). A replay that cannot be watched says why on its row, and its button deletes it
(pressed twice: Delete, then Confirm).
"""

from __future__ import annotations

import dataclasses
import logging
from functools import partial

import pygame

from engine.replay import ReplayError
from game import i18n
from game import palette as pal
from game.input import InputEvent, InputKind
from game.replays import ReplayInfo, delete_replay, list_replays, prune, replay_problem
from game.scenes.menu_base import MenuContext, MenuScene
from game.ui.controls import Button, Control, ScrollArea, click
from game.ui.draw import felt_background, panel
from game.ui.text import MIN_TEXT, blit_text, outlined_text, signed

log = logging.getLogger(__name__)

__all__ = ["ReplayListScene"]

_PROBLEM = (250, 170, 130)  # a replay that cannot be watched: its reason, its toast


class ReplayListScene(MenuScene):
    """The kept replays, newest first; click one (or focus + Enter) to watch it."""

    def __init__(self, ctx: MenuContext) -> None:
        kept = ctx.settings.replays_kept
        if kept > 0:  # lowered in Settings since the last hand was kept: as the note says
            prune(kept, ctx.directory)
        self.items: list[ReplayInfo] = list_replays(ctx.directory)
        self.scroll: ScrollArea | None = None
        self.confirm: int | None = None  # the row whose Delete was pressed once
        self._pressed_row: int | None = None  # a row pressed by the mouse, not let go yet
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
        for i, info in enumerate(self.items):
            y = area.y + i * row_h - self.scroll.offset
            rect = pygame.Rect(right - bw, y + self.px(7), bw, row_h - self.px(14))
            if info.problem is None:
                label, action = self.t("replays.open"), partial(self.open, i)
            else:  # nothing to watch: the button deletes it, asked twice
                key = "replays.confirm" if self.confirm == i else "replays.delete"
                label, action = self.t(key), partial(self.delete, i)
            self.controls.append(Button(rect, label, action, name=f"row{i}", font_size=self.px(16)))
        if self.focus < 0:
            self.focus_named("row0" if self.items else "back")

    def handle_first(self, ev: InputEvent) -> bool:
        # the wheel, Page Up/Down and the scroll bar (dragged, or its track clicked)
        before = self.scroll.offset if self.scroll is not None else 0
        if self.scroll is not None and self.scroll.handle(ev):
            if ev.kind is InputKind.MOUSE_DOWN and self.scroll.offset != before:
                click()  # the bar's track pressed: a page, heard as every control's press
            self._focus_into_view()
            self.rebuild()
            return True
        if ev.kind not in (InputKind.MOUSE_DOWN, InputKind.MOUSE_UP) or ev.button != 1:
            return False
        if not self._list_rect().collidepoint(ev.pos):
            # a row scrolled out of the list is not drawn, and not to be clicked either
            # (a click on the felt beside the count note opened a hidden row's replay)
            self._pressed_row = None
            return any(
                c.name.startswith("row") and c.rect.collidepoint(ev.pos) for c in self.controls
            )
        if any(c.name.startswith("row") and c.rect.collidepoint(ev.pos) for c in self.controls):
            return False  # its button's own click
        # the rest of a row is clicked as its button is (pressed and let go on it), and
        # heard as every control is: it gave no sound, and only the button opened it
        row = self._row_at(ev.pos)
        if ev.kind is InputKind.MOUSE_DOWN:
            self._pressed_row = row
            return row is not None
        pressed, self._pressed_row = self._pressed_row, None
        if row is None or row != pressed:
            return pressed is not None
        self.focus_named(f"row{row}")
        self.choose(row)
        click()
        return True

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        """The row under ``pos`` in the list (not its scroll bar's strip), if any."""
        area = self._list_rect()
        if not area.collidepoint(pos) or pos[0] >= area.right - ScrollArea.BAR_W:
            return None
        offset = self.scroll.offset if self.scroll is not None else 0
        i = (pos[1] - area.y + offset) // self._row_h()
        return i if 0 <= i < len(self.items) else None

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

    def choose(self, index: int) -> None:
        """A row clicked: its replay watched, or why it cannot be and what its button does."""
        info = self.items[index]
        if info.problem is None:
            self.open(index)
            return
        why = replay_problem(ReplayError("", info.problem), self.lang, info.path)
        self.show_toast(f"{why}\n{self.t('replays.delete_hint')}", _PROBLEM, 6.0)

    def open(self, index: int) -> None:
        info = self.items[index]
        self.confirm = None
        try:
            self.ctx.nav.watch_replay(info.path)
        except ReplayError as exc:  # changed since the list was made: it says so from now on
            log.warning("replay %s: %s", info.path, exc)
            self.items[index] = dataclasses.replace(info, problem=exc.kind)
            self.rebuild()
            self.show_toast(replay_problem(exc, self.lang, info.path), _PROBLEM, 6.0)

    def delete(self, index: int) -> None:
        """Delete a replay that cannot be watched: the first press asks (the button reads
        Confirm), the second deletes the file and its row."""
        info = self.items[index]
        if self.confirm != index:
            self.confirm = index
            self.rebuild()
            self.show_toast(self.t("replays.delete_ask"), _PROBLEM, 6.0)
            return
        self.confirm = None
        if not delete_replay(info.path):
            log.warning("replay %s: could not be deleted", info.path)
            self.show_toast(self.t("replays.delete_failed"), _PROBLEM, 6.0)
            return
        del self.items[index]
        self.rebuild()
        if not self.focused_name():  # the last row went: the one above it, or Back
            self.focus_named(f"row{len(self.items) - 1}" if self.items else "back")
        self.show_toast(self.t("replays.deleted"))

    def _why_w(self) -> int:
        """How wide a row's reason may run: from the rules column to its button."""
        area = self._list_rect()
        return area.right - ScrollArea.BAR_W - self.px(10) - self.px(110) - self.px(350) - area.x

    def result_text(self, info: ReplayInfo) -> str:
        """ "Won · +6 pts", "-1 pt" (a point is one point, won or lost), "Drawn · 0 pts" (a
        zero has no sign, as at the match end: it read "+0")."""
        if info.left:
            key = "replays.left"
        elif info.won:
            key = "replays.won"
        elif info.reason == "wall_empty" and info.points == 0:
            key = "replays.drawn"
        else:
            key = "replays.result"
        return self.tn(key, abs(info.points), points=signed(info.points))

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
            # every other row striped; the one under the pointer lit: the whole row clicks
            lit = self.pointer is not None and self._row_at(self.pointer) == i
            if i % 2 or lit:
                stripe = pygame.Surface((area.w, row_h), pygame.SRCALPHA)
                stripe.fill((255, 255, 255, 34 if lit else 14))
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
            if info.problem is not None:  # why it cannot be watched, across the other columns
                key = f"replays.problem.{info.problem}"
                why = self.t(key if i18n.has(key) else "replays.problem.damaged")
                at = (area.x + px(330), cy)
                blit_text(surface, why, px(18), _PROBLEM, at, "midleft", max_w=self._why_w())
                continue
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
