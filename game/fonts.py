"""The game's one CJK font (a Noto Sans SC subset), cached per size and weight.

``get_font`` never raises for a missing or broken font file: it logs a warning once and
falls back to pygame's default font, so the game still starts (with tofu for hanzi). Only in
strict-assets mode (tests, smoke tests: ``game.resources.missing_asset``) is a missing font
of the game's own an error.
Nothing happens at import; ``pygame.font`` is initialised on first use.
"""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path
from typing import Any

import pygame

from game.resources import missing_asset, resource_path

__all__ = [
    "FONT_FILES",
    "clear_cache",
    "font_charset",
    "font_path",
    "get_font",
    "has_glyphs",
    "theme_data",
    "theme_path",
]

log = logging.getLogger(__name__)

FONT_FILES = {
    False: ("fonts", "NotoSansSC-Subset-Regular.otf"),
    True: ("fonts", "NotoSansSC-Subset-Bold.otf"),
}

_warned: set[str] = set()


def font_path(bold: bool = False) -> Path:
    """Path of the regular or bold subset font (for pygame-gui themes and for fontTools)."""
    return resource_path(*FONT_FILES[bold])


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def _warn_once(key: str, message: str, *args: object) -> None:
    if key not in _warned:
        _warned.add(key)
        log.warning(message, *args)


@functools.lru_cache(maxsize=64)  # each Font holds its own FreeType face (~1 MB)
def _load(path: Path, size: int) -> pygame.font.Font:
    _ensure_font_module()
    if not path.is_file():
        missing_asset(path)  # an error in strict mode (tests, smoke tests), else the fallback
    try:
        font = pygame.font.Font(path, size)
        font.render("A", True, (0, 0, 0))  # some corrupt files only fail on first use
        return font
    except (OSError, pygame.error, ValueError) as exc:
        _warn_once(
            str(path),
            "font %s could not be loaded (%s); using pygame's default font, hanzi may not show",
            path,
            exc,
        )
        return pygame.font.Font(None, size)


@functools.cache
def font_usable(path: Path) -> bool:
    """Whether ``path`` is a font this game can draw hanzi with: a file that opens and
    renders Latin and CJK text. A damaged font handed to pygame-gui crashed its loader
    thread (an empty one hung the start), so the theme only names fonts that pass."""
    if not path.is_file():
        return False
    try:
        if path.stat().st_size == 0:
            return False
        _ensure_font_module()
        font = pygame.font.Font(path, 16)
        font.render("Aa 麻将 血战到底", True, (0, 0, 0))
        font.size("电脑一二三")
    except (OSError, pygame.error, ValueError, RuntimeError):
        return False
    return True


def theme_font() -> dict[str, str]:
    """The CJK font as a pygame-gui theme font block, or no block at all (pygame-gui's own
    font) when a file is missing or damaged (:func:`font_usable`)."""
    regular, bold = font_path(False), font_path(True)
    if not (font_usable(regular) and font_usable(bold)):
        _warn_once(
            "theme-font", "font %s or %s is missing or damaged; using pygame-gui's", regular, bold
        )
        return {"name": GUI_FONT}
    return {"name": "noto_sans_sc", "regular_path": str(regular), "bold_path": str(bold)}


def get_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The CJK font at ``size`` pixels; the same object for the same arguments."""
    return _load(font_path(bold), max(1, int(size)))


@functools.cache
def font_charset(bold: bool = False) -> frozenset[str]:
    """Every character the font file maps to a glyph (empty if the file is missing/broken).

    Reads the cmap with fontTools when it is installed (tests, build scripts); otherwise
    returns an empty set, which callers treat as "unknown".
    """
    path = font_path(bold)
    try:
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
    except ImportError:  # a frozen build may leave fontTools out
        return frozenset()
    try:
        with TTFont(path, lazy=True) as font:
            cmap = font.getBestCmap() or {}
    except Exception as exc:  # fontTools raises many types for a corrupt file
        _warn_once(f"cmap:{path}", "cannot read the character map of %s: %s", path, exc)
        return frozenset()
    return frozenset(chr(cp) for cp in cmap)


def has_glyphs(text: str, bold: bool = False) -> bool:
    """True if every non-space character of ``text`` is in the font (False if unknown)."""
    charset = font_charset(bold)
    return bool(charset) and all(ch in charset for ch in text if not ch.isspace())


def clear_cache() -> None:
    """Forget loaded fonts (tests, or after ``pygame.quit()`` invalidated them)."""
    _load.cache_clear()
    font_charset.cache_clear()
    font_usable.cache_clear()
    _warned.clear()


def theme_path() -> Path:
    """``assets/theme.json``, the pygame-gui theme."""
    return resource_path("theme.json")


def theme_data() -> dict[str, Any]:
    """The pygame-gui theme as a dict with absolute font paths: pass it to ``UIManager``.

    ``theme.json`` names its fonts relative to the repository root (pygame-gui resolves them
    against the working directory, or ``sys._MEIPASS`` in a bundle); this rewrites them
    through :func:`resource_path` so the game can start from any directory. If a font file is
    missing, its paths are dropped (pygame-gui then uses its own font) and a warning logged.
    """
    path = theme_path()
    if not path.is_file():
        missing_asset(path)
        _warn_once("theme", "theme %s is missing; using a plain theme", path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:  # nested past the reader's depth: damaged, as a callers' ValueError
        raise ValueError(f"{path} is nested too deep to be a theme") from None
    if not isinstance(data, dict):  # every caller falls back to the plain theme on this
        raise ValueError(f"{path} is not a theme (a JSON object of elements)")
    for element in data.values():
        if not isinstance(element, dict) or "font" not in element:
            continue
        fonts = element["font"] if isinstance(element["font"], list) else [element["font"]]
        for font in fonts:
            for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if key in font:
                    font[key] = str(_asset_file(font[key]))
            named = [Path(font[k]) for k in _FONT_KEYS if k in font]
            if named and not all(font_usable(p) for p in named):
                missing = [p for p in named if not p.is_file()]
                if missing:
                    missing_asset(missing[0])
                _warn_once(
                    "theme-font", "theme font %s is missing or damaged; using pygame-gui's", font
                )
                for key in _FONT_KEYS:
                    font.pop(key, None)
                font["name"] = GUI_FONT
    return data


_FONT_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")
GUI_FONT = "noto_sans"  # the font pygame-gui ships with (Latin only): the fallback


def _asset_file(theme_relative: str) -> Path:
    """``assets/fonts/x.otf`` (as written in theme.json) to its real location."""
    parts = Path(theme_relative).parts
    if parts and parts[0] == "assets":
        parts = parts[1:]
    return resource_path(*parts)
