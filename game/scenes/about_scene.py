"""The About screen: the version, where the saves and settings live (with a button that opens
the folder), what each file there keeps, and the licences of the game, the font and the
sounds. What it shows comes from :func:`game.about.about_info`; the button calls
:func:`game.about.open_folder`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game import palette as pal
from game.about import AboutInfo, Licence, about_info, open_folder
from game.fonts import get_font
from game.scenes.menu_base import MenuContext, MenuScene
from game.storage import data_dir
from game.ui.controls import Button
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_text, wrap_text

__all__ = ["AboutScene"]

_RED = (255, 170, 140)
# every file the game keeps in the folder: a player who opens it finds nothing unexplained
_FILES = (
    "about.file.profile",
    "about.file.settings",
    "about.file.autosave",
    "about.file.replays",
    "about.file.reviews",
    "about.file.net",
)
_CREDIT_KEYS = ("about.credit.game", "about.credit.font", "about.credit.sounds")


def _first_line_with(text: str, *marks: str) -> str:
    """The first line of a licence text holding one of ``marks`` (its copyright line)."""
    for line in text.splitlines():
        if any(mark in line for mark in marks):
            return line.strip()
    return ""


class AboutScene(MenuScene):
    """Version, data folder (and a button to open it) and licences, in zh or en."""

    title_key = "about.title"

    def __init__(self, ctx: MenuContext, opener: Callable[[Path], bool] = open_folder) -> None:
        self.opener = opener
        self._info: tuple[str, AboutInfo] | None = None
        super().__init__(ctx)

    @property
    def folder(self) -> Path:
        return data_dir(self.ctx.directory)

    @property
    def info(self) -> AboutInfo:
        if self._info is None or self._info[0] != self.lang:
            self._info = (self.lang, about_info(self.lang, self.folder))
        return self._info[1]

    # --- building -----------------------------------------------------------------------

    def build(self) -> None:
        self.add_back_button()
        rect = self._folder_rect()
        button_w = self.px(200)
        self.open_button = Button(
            pygame.Rect(
                rect.right - button_w - self.px(18), rect.y + self.px(16), button_w, self.px(40)
            ),
            self.t("about.open_folder"),
            self.open,
            name="open_folder",
            style="primary",
            font_size=self.px(17),
        )
        self.controls.append(self.open_button)
        if self.focus < 0:
            self.focus_named("open_folder")

    def open(self) -> None:
        """Show the data folder in the system's file manager; say so when impossible."""
        if self.opener(self.folder):
            self.show_toast(self.t("about.opened"), pal.GOLD_LIGHT, 3.0)
        else:
            self.show_toast(self.t("about.open_failed", folder=str(self.folder)), _RED, 8.0)

    # --- layout -------------------------------------------------------------------------

    def _column(self) -> tuple[int, int]:
        width = min(self.w - 2 * self.px(40), self.px(1080))
        return (self.w - width) // 2, width

    def _folder_rect(self) -> pygame.Rect:
        x, width = self._column()
        return pygame.Rect(x, self.px(112), width, self.px(124 + 24 * len(_FILES)))

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        info = self.info
        cx = self.w // 2
        version = self.t("about.version", version=info.version)
        blit_text(surface, version, px(18), pal.IVORY_TEXT, (cx, px(70)), "midtop", True)
        self._draw_folder(surface, self._folder_rect())
        x, width = self._column()
        top = self._folder_rect().bottom + px(16)
        blit_text(surface, self.t("about.licences"), px(18), pal.GOLD_LIGHT, (x, top), bold=True)
        gap = px(14)
        n = len(info.licences)
        cw = (width - (n - 1) * gap) // n
        card_top = top + px(34)
        height = max(px(150), self.h - card_top - px(30))
        for i, (licence, key) in enumerate(zip(info.licences, _CREDIT_KEYS, strict=True)):
            card = pygame.Rect(x + i * (cw + gap), card_top, cw, height)
            self._draw_licence(surface, card, licence, key)

    def _draw_folder(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        panel(surface, rect)
        left = rect.x + px(18)
        blit_text(
            surface,
            self.t("about.folder"),
            px(18),
            pal.GOLD_LIGHT,
            (left, rect.y + px(16)),
            bold=True,
        )
        path_w = self.open_button.rect.x - left - px(16)
        blit_text(
            surface,
            str(self.folder),
            px(16),
            pal.IVORY_TEXT,
            (left, rect.y + px(46)),
            max_w=path_w,
        )
        y = rect.y + px(84)
        for key in _FILES:
            blit_text(
                surface, self.t(key), px(15), pal.UI_TEXT_DIM, (left, y), max_w=rect.w - px(36)
            )
            y += px(24)
        blit_text(
            surface,
            self.t("about.damage"),
            px(15),
            pal.IVORY_TEXT,
            (left, y + px(2)),
            max_w=rect.w - px(36),
        )

    def _draw_licence(
        self, surface: pygame.Surface, rect: pygame.Rect, licence: Licence, key: str
    ) -> None:
        px = self.px
        panel(surface, rect)
        inner = rect.w - px(28)
        y = rect.y + px(14)
        for line in wrap_text(licence.part, px(17), inner, True):
            blit_text(surface, line, px(17), pal.GOLD_LIGHT, (rect.x + px(14), y), bold=True)
            y += px(24)
        y += px(4)
        for line in wrap_text(licence.name, px(16), inner, True):
            blit_text(surface, line, px(16), pal.IVORY_TEXT, (rect.x + px(14), y), bold=True)
            y += px(23)
        y += px(6)
        credit = _first_line_with(licence.text, "©", "Copyright") if key != _CREDIT_KEYS[2] else ""
        texts = [credit] if credit else []
        texts.append(self.t(key))
        for text in texts:
            small = max(MIN_TEXT, px(14))
            for line in wrap_text(text, small, inner, False):
                if y + px(20) > rect.bottom - px(8):
                    return
                pos = (rect.x + px(14), y)
                blit_text(surface, line, small, pal.UI_TEXT_DIM, pos, max_w=inner)
                y += max(px(20), round(small * 1.45))
            y += px(4)
        # the licence itself, as far as the card goes (the full text ships beside the files)
        y += px(4)
        pygame.draw.line(surface, pal.GOLD_DARK, (rect.x + px(14), y), (rect.right - px(14), y))
        y += px(8)
        size = max(MIN_TEXT, px(12))
        step = round(size * 1.35)
        lines: list[tuple[str, int]] = []  # each line, and the gap after it
        for paragraph in licence.text.split("\n\n"):
            text = " ".join(paragraph.split())
            if not text or text == credit:
                continue
            wrapped = wrap_text(text, size, inner, False)
            lines += [
                (line, step // 3 if i == len(wrapped) - 1 else 0) for i, line in enumerate(wrapped)
            ]
        bottom = rect.bottom - px(8)
        fits, at = 0, y
        while fits < len(lines) and at + step <= bottom:
            at += step + lines[fits][1]
            fits += 1
        shown = lines[:fits]
        if fits < len(lines) and shown:  # cut where the card ends, and say so
            shown[-1] = (_with_ellipsis(shown[-1][0], size, inner), 0)
        for line, gap in shown:
            blit_text(surface, line, size, (150, 170, 150), (rect.x + px(14), y), max_w=inner)
            y += step + gap


def _with_ellipsis(line: str, size: int, width: int) -> str:
    """``line`` and " …" in ``width`` at ``size``: words come off its end until they fit
    (added to a full line, the mark squeezed the whole line under the readable size)."""
    font = get_font(size)
    words = line.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words) + " …"
