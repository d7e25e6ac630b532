"""What the About screen shows: the version, the data folder and the licences of what ships.

No pygame here: a scene lays out :func:`about_info` and calls :func:`open_folder` from its
button. The licence texts are the files shipped next to the font and the sounds (found with
``resource_path``, so they are there in every install), plus the game's own MIT licence.
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.resources import missing_asset, resource_path
from game.storage import data_dir

__all__ = ["DIST_NAME", "AboutInfo", "Licence", "about_info", "game_version", "open_folder"]

DIST_NAME = "sichuan-mahjong"  # the name on PyPI and in pyproject.toml
_CHECKOUT = Path(__file__).resolve().parent.parent  # the repository, when run from one

_TEXTS = {
    "title": {"zh": "关于四川麻将", "en": "About Sichuan Mahjong"},
    "unknown": {"zh": "未知", "en": "unknown"},
    "game": {"zh": "本游戏", "en": "This game"},
    "game_licence": {"zh": "MIT 许可证", "en": "MIT License"},
    "font": {"zh": "字体 Noto Sans SC（子集）", "en": "Font: Noto Sans SC (a subset)"},
    "font_licence": {"zh": "SIL 开源字体许可证 1.1", "en": "SIL Open Font License 1.1"},
    "sounds": {"zh": "音效与音乐", "en": "Sound effects and music"},
    "sounds_licence": {"zh": "CC0 1.0（公有领域）", "en": "CC0 1.0 (public domain)"},
}


@dataclass(frozen=True)
class Licence:
    """One part of the game and the licence it comes under, with the licence's full text."""

    part: str  # what it covers, in the screen's language: "Font: Noto Sans SC (a subset)"
    name: str  # the licence: "SIL Open Font License 1.1"
    text: str  # the licence file as shipped ("" if the file is not there)


@dataclass(frozen=True)
class AboutInfo:
    title: str
    version: str
    data_folder: Path
    licences: tuple[Licence, ...]


def _text(key: str, lang: str) -> str:
    texts = _TEXTS[key]
    return texts.get(lang, texts["en"])


def _checkout_pyproject() -> dict[str, object] | None:
    """pyproject.toml's ``[project]`` table when the game runs from its own source checkout."""
    path = _CHECKOUT / "pyproject.toml"
    try:
        with path.open("rb") as f:
            project = tomllib.load(f).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return project if isinstance(project, dict) and project.get("name") == DIST_NAME else None


def game_version() -> str | None:
    """The game's version: the checkout's pyproject.toml when run from source (an editable
    install of another checkout may be on the path too), else the installed distribution's
    metadata (a wheel; the PyInstaller bundle carries a copy). None if neither is there."""
    project = _checkout_pyproject()
    if project is not None and isinstance(project.get("version"), str):
        return str(project["version"])
    try:
        return importlib.metadata.version(DIST_NAME)
    except importlib.metadata.PackageNotFoundError:
        return None


def _game_licence_text() -> str:
    """The MIT licence text: the copy in the installed metadata (a wheel), else the LICENSE
    beside the package (a source checkout; the PyInstaller bundle carries one there too)."""
    try:
        text = importlib.metadata.distribution(DIST_NAME).read_text("licenses/LICENSE")
    except importlib.metadata.PackageNotFoundError:
        text = None
    if text:
        return text
    try:
        return (_CHECKOUT / "LICENSE").read_text(encoding="utf-8")
    except OSError:
        return ""


def _shipped_text(*parts: str) -> str:
    path = resource_path(*parts)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        missing_asset(path)  # an error in strict mode (tests): the licences must ship
        return ""


def about_info(lang: str = "zh", data_folder: Path | None = None) -> AboutInfo:
    """Everything the About screen shows, in ``lang`` (``zh`` or ``en``)."""
    licences = (
        Licence(_text("game", lang), _text("game_licence", lang), _game_licence_text()),
        Licence(
            _text("font", lang), _text("font_licence", lang), _shipped_text("fonts", "OFL.txt")
        ),
        Licence(
            _text("sounds", lang),
            _text("sounds_licence", lang),
            _shipped_text("sounds", "LICENSE.txt"),
        ),
    )
    return AboutInfo(
        title=_text("title", lang),
        version=game_version() or _text("unknown", lang),
        data_folder=data_folder if data_folder is not None else data_dir(),
        licences=licences,
    )


def _opener(folder: Path, platform: str) -> list[str]:
    """The command that shows a folder in the platform's file manager."""
    if platform == "win32":
        return ["explorer", str(folder)]
    if platform == "darwin":
        return ["open", str(folder)]
    return ["xdg-open", str(folder)]  # Linux and the BSDs (freedesktop.org)


def _launch(command: Sequence[str]) -> object:
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, start_new_session=True)


def open_folder(
    folder: Path,
    platform: str = sys.platform,
    run: Callable[[Sequence[str]], object] = _launch,
) -> bool:
    """Show ``folder`` in the system's file manager (made first, so a new player's empty data
    folder opens too). False, never an exception, when that is impossible (no file manager,
    a folder that cannot be made)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        run(_opener(folder, platform))
    except OSError:
        return False
    return True
