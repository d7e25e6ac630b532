"""The settings scene: language, window size and fullscreen, animation speed, bot pace;
sound and music volume, mute; at the table: hints, confirm-before-discard, 自动胡 (auto win),
自动摸打 (auto discard once won), the tile tracker (记牌器) and the turn timer; the tile face
style (with a preview of both styles).

Every change is applied to ``ctx.settings`` at once, saved (``game.settings.save_settings``)
and announced with ``settings_changed(settings)`` so the app can apply it live; a volume
slider announces while dragging and saves on release.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game import palette as pal
from game.input import InputEvent, InputKind
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import (
    LANGUAGES,
    REPLAYS_KEPT_CHOICES,
    SPEEDS,
    TILE_STYLES,
    TURN_TIMERS,
    save_settings,
)
from game.tile_art import get_tile_art
from game.ui.controls import Choice, Control, Segmented, Slider, Toggle
from game.ui.draw import panel
from game.ui.text import blit_text, wrap_text

__all__ = ["WINDOW_SIZES", "SettingsScene"]

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
)
_PREVIEW_KINDS = (4, 10, 18, 24)  # 5万, 2筒, 幺鸡, 7条: every suit's colours
# A description under a label is never drawn below this (10 px at 1024×640 was unreadable):
# where it does not fit beside its control at that size it wraps, and its row grows.
DESC_MIN_PX = 12


def _balanced(text: str, size: int, width: int) -> list[str]:
    """``text`` wrapped to ``width``, its lines made as even as that many lines allow (no
    last word left alone on a line of its own)."""
    lines = wrap_text(text, size, width)
    narrower = width
    while len(lines) > 1 and narrower > 40:
        trial = wrap_text(text, size, narrower - 8)
        if len(trial) > len(lines):
            break
        lines, narrower = trial, narrower - 8
    return lines


class SettingsScene(MenuScene):
    """Change the player's settings; applied live and saved."""

    title_key = "set.title"

    def __init__(self, ctx: MenuContext) -> None:
        self.rows: list[tuple[str, str, Control, pygame.Rect]] = []  # key, desc key, control, row
        self.desc_lines: dict[str, list[str]] = {}  # label key → its description's lines
        self.panels: list[tuple[pygame.Rect, str]] = []
        self.style_cells: dict[str, pygame.Rect] = {}
        # the game can play sound: no audio device found missing (asked at each build; a
        # muted game never opens the device, so a missing one is found when a sound is first
        # to be heard — unmuted here, the screen is built again to say so)
        self.sound = True
        super().__init__(ctx)

    # --- changes ------------------------------------------------------------------------

    def apply(self, field: str, value: Any, save: bool = True) -> None:
        """Set ``field`` to ``value``, save it as chosen and have the game apply it. The
        game may take another value — a window larger than the desktop is fitted to it
        (:meth:`game.app.App.apply_display`) — and the screen is built again to show it: a
        size fitted to the one already in use changed no window, nothing was laid out
        again, and the drop-down went on naming the size chosen (1920 × 1080) over the
        window it could not have."""
        s = self.ctx.settings
        setattr(s, field, value)
        s.run_only.pop(field, None)  # chosen here: saved as chosen, whatever the flags said
        if save and save_settings(s, self.ctx.directory) is not None:
            # the change's answer: why (the folder, the disk) is the app's notice, told once
            # over every screen — the toast repeated it ("Settings not saved: Your settings
            # could not be saved: the save folder…") under the notice saying the same
            self.show_toast(self.t("set.save_failed"), (255, 140, 120), 5.0)
        self.ctx.nav.settings_changed(s)
        found = save and self.ctx.nav.sound_available() != self.sound  # not under a drag
        adjusted = getattr(s, field) != value  # the game took another value than chosen
        if field in ("lang", "tile_style", "fullscreen") or found or adjusted:
            self.rebuild()

    # --- building -----------------------------------------------------------------------

    def build(self) -> None:
        self.add_back_button()
        px = self.px
        s = self.ctx.settings
        self.rows = []
        self.panels = []
        self.desc_lines = {}
        gap = px(20)
        pw = (self.w - 2 * px(24) - gap) // 2
        seg_w = px(250)

        sizes = list(WINDOW_SIZES)
        w, h = s.window
        if (w, h) not in sizes:
            sizes.append((w, h))
        size_values = [f"{w}x{h}" for w, h in sizes]
        speed_labels = [self.t(f"set.speed.{v}") for v in SPEEDS]

        def toggle(name: str, on: bool) -> Toggle:
            rect = pygame.Rect(0, 0, px(64), px(30))
            return Toggle(rect, on, lambda v: self.apply(name, v), name=name)

        def segmented(
            name: str,
            values: Sequence[str],
            labels: list[str],
            current: str,
            size: int = 15,
            convert: Callable[[str], Any] = str,
        ) -> Segmented:
            return Segmented(
                pygame.Rect(0, 0, seg_w, px(34)),
                values,
                labels,
                current,
                lambda v: self.apply(name, convert(v)),
                name=name,
                font_size=px(size),
            )

        def slider(name: str, value: float) -> Slider:
            rect = pygame.Rect(0, 0, seg_w, px(30))
            return Slider(rect, value, lambda v, final: self.apply(name, v, final), name=name)

        timer_values = [str(v) for v in TURN_TIMERS]
        timer_labels = [
            self.t("set.timer.off") if v == 0 else self.t("set.timer.s", n=v) for v in TURN_TIMERS
        ]
        timer = segmented("turn_timer", timer_values, timer_labels, str(s.turn_timer), 14, int)
        # A count set in the settings file that is not one of the choices stays on offer.
        counts = [str(n) for n in sorted({*REPLAYS_KEPT_CHOICES, s.replays_kept})]
        kept = segmented("replays_kept", counts, counts, str(s.replays_kept), convert=int)
        window = Choice(
            pygame.Rect(0, 0, seg_w, px(34)),
            size_values,
            [v.replace("x", " × ") for v in size_values],
            f"{s.window[0]}x{s.window[1]}",
            self._set_window,
            name="window",
            font_size=px(16),
            screen_h=self.h,
        )
        # a fullscreen window is the desktop's size: the window's size is greyed out (a size
        # chosen there changed nothing to be seen), and kept for leaving fullscreen
        window.enabled = not s.fullscreen
        lang_labels = [self.t(f"set.lang.{v}") for v in LANGUAGES]
        style_labels = [self.t(f"set.style.{v}") for v in TILE_STYLES]
        Rows = list[tuple[str, str, Control]]
        game_rows: Rows = [
            ("set.lang", "", segmented("lang", LANGUAGES, lang_labels, s.lang, 16)),
            ("set.window", "", window),
            ("set.fullscreen", "set.fullscreen.desc", toggle("fullscreen", s.fullscreen)),
            ("set.speed", "", segmented("speed", SPEEDS, speed_labels, s.speed)),
            ("set.bot_pace", "", segmented("bot_pace", SPEEDS, speed_labels, s.bot_pace)),
            ("set.replays_kept", "set.replays_kept.desc", kept),
        ]
        self.sound = self.ctx.nav.sound_available()
        sound_rows: Rows = [
            ("set.sound", "", slider("sound_volume", s.sound_volume)),
            ("set.music", "", slider("music_volume", s.music_volume)),
            # no audio device: the sliders move (kept for a device to come), nothing sounds —
            # said under Mute, and their figures are dimmed as when muted
            (
                "set.mute",
                "" if self.sound else "set.no_audio",
                toggle("mute", s.mute),
            ),
        ]
        table_rows: Rows = [
            ("set.hints", "set.hints.desc", toggle("hints", s.hints)),
            ("set.confirm", "set.confirm.desc", toggle("confirm_discard", s.confirm_discard)),
            ("set.auto_win", "set.auto_win.desc", toggle("auto_win", s.auto_win)),
            ("set.auto_discard", "set.auto_discard.desc", toggle("auto_discard", s.auto_discard)),
            ("set.tracker", "set.tracker.desc", toggle("tile_tracker", s.tile_tracker)),
            ("set.timer", "set.timer.desc", timer),
        ]
        tile_rows: Rows = [
            (
                "set.style",
                "set.style.desc",
                segmented("tile_style", TILE_STYLES, style_labels, s.tile_style),
            ),
        ]
        title_h, sec_gap, preview_h = px(42), px(10), px(112)
        # A row with a description under its label wants more height than a plain one.
        want_desc, want_plain = px(56), px(44)
        columns = [
            (px(24), [("set.section.game", game_rows, 0), ("set.section.sound", sound_rows, 0)]),
            (
                px(24) + pw + gap,
                [("set.section.table", table_rows, 0), ("set.section.tiles", tile_rows, preview_h)],
            ),
        ]

        def fixed(sections: list[tuple[str, Rows, int]]) -> int:
            return sum(title_h + px(8) + more for _, _, more in sections) + sec_gap * (
                len(sections) - 1
            )

        # each description wrapped beside its control (the text has the row but for the
        # control and the gaps drawn around it): one more line, a taller row
        desc_size, desc_step = self.desc_font()
        row_w = pw - px(32)
        for _, sections in columns:
            for key, desc, ctl in (row for _, rows, _ in sections for row in rows):
                if desc:
                    text_w = row_w - px(4) - ctl.rect.w - px(20)
                    self.desc_lines[key] = _balanced(self.t(desc), desc_size, text_w)

        def wants(sections: list[tuple[str, Rows, int]]) -> list[int]:
            return [
                want_desc + (len(self.desc_lines[key]) - 1) * desc_step if desc else want_plain
                for _, rows, _ in sections
                for key, desc, _ in rows
            ]

        # Both columns as tall as the taller one needs (or the window allows), centred
        # under the title; each column's rows share its height by what they want.
        room = self.h - px(84) - px(24)
        ph = min(room, max(fixed(sec) + sum(wants(sec)) for _, sec in columns))
        top = max(px(84), (self.h - ph) // 2 + px(24))
        preview_top = 0
        for x, sections in columns:
            heights = wants(sections)
            scale = (ph - fixed(sections)) / sum(heights)
            heights = [int(hgt * scale) for hgt in heights]
            heights[-1] += ph - fixed(sections) - sum(heights)  # both columns end level
            y = top
            n = 0
            for title, rows, more in sections:
                height = title_h + px(8) + sum(heights[n : n + len(rows)]) + more
                rect = pygame.Rect(x, y, pw, height)
                self.panels.append((rect, title))
                ry = rect.y + title_h
                for key, desc, ctl in rows:
                    r = pygame.Rect(rect.x + px(16), ry, rect.w - px(32), heights[n] - px(4))
                    ry += heights[n]
                    n += 1
                    ctl.rect.midright = (r.right - px(4), r.centery)
                    self.rows.append((key, desc, ctl, r))
                    self.controls.append(ctl)
                if more:
                    preview_top = ry + px(4)
                    right = rect
                y = rect.bottom + sec_gap
        # the tile-style preview under its row: both styles, the chosen one framed
        cell_w = (right.w - px(32) - px(16)) // 2
        self.style_cells = {
            style: pygame.Rect(
                right.x + px(16) + i * (cell_w + px(16)), preview_top, cell_w, preview_h - px(8)
            )
            for i, style in enumerate(TILE_STYLES)
        }
        if self.focus < 0:
            self.focus_named("back")

    def on_resize(self, size: tuple[int, int]) -> None:
        """Laid out again only when the window's size changed. The app laid every scene
        out again at every setting applied, a volume's move too: the rebuild made a new
        slider under the drag, which knew of no drag — the knob stopped at the press, and
        the release, never heard, saved nothing."""
        if tuple(size) != tuple(self.size):
            super().on_resize(size)

    def on_exit(self) -> None:
        """Left (Esc, Back) with a volume still held by the mouse: the level it was dragged
        to is saved as a release saves it — it was heard, and lost at the next start."""
        for c in self.controls:
            if isinstance(c, Slider) and c.dragging:
                c.dragging = False
                self.apply(c.name, c.value)
        super().on_exit()

    def update(self, dt: float) -> None:
        """Fullscreen switched from the keyboard (F11, Alt+Enter: the app's) while this
        screen shows: its switch follows — a window of the same size is not laid out again."""
        super().update(dt)
        shown = next((c for c in self.controls if c.name == "fullscreen"), None)
        if isinstance(shown, Toggle) and shown.value != self.ctx.settings.fullscreen:
            self.rebuild()

    def desc_font(self) -> tuple[int, int]:
        """The descriptions' font size and line step: never below :data:`DESC_MIN_PX`."""
        size = max(DESC_MIN_PX, self.px(13))
        return size, round(size * 1.3)

    def _set_window(self, value: str) -> None:
        w, h = (int(v) for v in value.split("x"))
        self.apply("window", (w, h))

    def handle_first(self, ev: InputEvent) -> bool:
        # a click on a style preview chooses that style
        if ev.kind is InputKind.MOUSE_DOWN and ev.button == 1:
            for style, cell in self.style_cells.items():
                if cell.collidepoint(ev.pos) and style != self.ctx.settings.tile_style:
                    self.apply("tile_style", style)
                    return True
        return False

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        for rect, title in self.panels:
            panel(surface, rect)
            blit_text(
                surface,
                self.t(title),
                px(19),
                pal.GOLD_LIGHT,
                (rect.x + px(18), rect.y + px(14)),
                bold=True,
            )
        for i, (key, desc, ctl, r) in enumerate(self.rows):
            if i % 2:
                band = pygame.Surface(r.size, pygame.SRCALPHA)
                band.fill((255, 255, 255, 9))
                surface.blit(band, r)
            text_w = ctl.rect.x - r.x - px(20)
            if desc:
                lines = self.desc_lines.get(key) or [self.t(desc)]
                desc_size, step = self.desc_font()
                label_h = round(px(17) * 1.25)
                top = r.centery - (label_h + len(lines) * step) // 2
                blit_text(
                    surface,
                    self.t(key),
                    px(17),
                    pal.IVORY_TEXT,
                    (r.x + px(8), top + label_h // 2),
                    "midleft",
                    True,
                    text_w,
                )
                for i, line in enumerate(lines):
                    blit_text(
                        surface,
                        line,
                        desc_size,
                        pal.UI_TEXT_DIM,
                        (r.x + px(8), top + label_h + i * step + step // 2),
                        "midleft",
                        max_w=text_w,
                    )
            else:
                blit_text(
                    surface,
                    self.t(key),
                    px(17),
                    pal.IVORY_TEXT,
                    (r.x + px(8), r.centery),
                    "midleft",
                    True,
                    text_w,
                )
            if isinstance(ctl, Slider):
                heard = self.sound and not self.ctx.settings.mute
                pct = f"{round(ctl.value * 100)}%"
                blit_text(
                    surface,
                    pct,
                    px(15),
                    pal.GOLD_LIGHT if heard else pal.UI_TEXT_DIM,
                    (ctl.rect.x - px(10), r.centery),
                    "midright",
                )
        current = self.ctx.settings.tile_style
        for style, cell in self.style_cells.items():
            chosen = style == current
            fill = (40, 30, 18, 200) if chosen else (0, 0, 0, 60)
            panel(surface, cell, fill=fill, edge=pal.GOLD_LIGHT if chosen else (90, 80, 60))
            blit_text(
                surface,
                self.t(f"set.style.{style}"),
                px(16),
                pal.GOLD_LIGHT if chosen else pal.UI_TEXT_DIM,
                (cell.centerx, cell.y + px(12)),
                "midtop",
                True,
            )
            tw = min(px(56), (cell.w - px(20)) // len(_PREVIEW_KINDS) - px(2))
            tw = max(8, min(tw, (cell.h - px(44) - px(6)) * 3 // 4))  # tiles stand inside
            art = get_tile_art(tw, style)
            total = art.step * len(_PREVIEW_KINDS)
            x = cell.centerx - total // 2
            y = cell.y + px(44)
            for kind in _PREVIEW_KINDS:
                surface.blit(art.face(kind), (x, y))
                x += art.step
            if chosen:
                blit_text(
                    surface,
                    "✓",
                    px(22),
                    pal.GOLD_LIGHT,
                    (cell.right - px(12), cell.y + px(8)),
                    "topright",
                    True,
                )
