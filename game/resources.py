"""Finding the game's files (font, theme, sounds, licences) wherever the game runs.

The repository keeps them in its top-level ``assets/``. Built distributions carry the same
folder as package data of ``game``: a wheel (``pip``/``pipx install``) installs it as
``game/assets/`` (``setup.py`` maps ``assets/`` there), and the PyInstaller bundle lays it out
at the same place under ``sys._MEIPASS``. So :func:`assets_dir` asks ``importlib.resources``
for ``game/assets`` first (wheel, bundle) and only then looks beside the package (a source
checkout, which is also what an editable install runs from).

Every module asks :func:`resource_path` for its files, so this is the one place that knows.

A file of the game's own that is missing means a broken install or a packaging mistake.
Loaders call :func:`missing_asset` before they fall back (pygame's font, no sound): players
keep a playable game, while with ``SICHUAN_MAHJONG_STRICT_ASSETS=1`` (the test suite, the smoke
tests, CI's wheel check) the same call raises :class:`MissingAssetError`, so the mistake fails
the run instead of hiding in a log line.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
from pathlib import Path

__all__ = [
    "ENV_STRICT",
    "MissingAssetError",
    "assets_dir",
    "missing_asset",
    "resource_path",
    "strict_assets",
]

ENV_STRICT = "SICHUAN_MAHJONG_STRICT_ASSETS"
_PACKAGE = "game"


class MissingAssetError(Exception):
    """A file the game ships is not where the game looks for it (raised in strict mode only)."""


@functools.cache  # asked for every font lookup: importlib.resources is too slow per frame
def assets_dir() -> Path:
    """The folder holding the assets: ``game/assets`` of an installed package or a PyInstaller
    bundle, else ``<checkout>/assets`` beside the ``game`` package."""
    installed = importlib.resources.files(_PACKAGE) / "assets"
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "assets"


def resource_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``resource_path("fonts", "NotoSansSC-Subset-Regular.otf")``.

    The path is returned whether or not the file exists; callers decide what a missing file
    means (fonts fall back to pygame's default font, for instance) and tell
    :func:`missing_asset` about it.
    """
    return assets_dir().joinpath(*parts)


def strict_assets() -> bool:
    """Whether a missing asset is an error (``SICHUAN_MAHJONG_STRICT_ASSETS`` set, not ``0``)."""
    return os.environ.get(ENV_STRICT, "").strip() not in ("", "0")


def missing_asset(path: Path) -> None:
    """Called by a loader that found no file at ``path``, before it falls back.

    In strict mode, raises :class:`MissingAssetError` if ``path`` lies in :func:`assets_dir`
    (the game's own files). Other paths (a folder a caller chose, a test's temporary folder)
    and non-strict runs return at once: the caller logs and carries on.
    """
    if not strict_assets():
        return
    assets = assets_dir().resolve()
    target = Path(path).resolve()
    if target == assets or target.is_relative_to(assets):
        raise MissingAssetError(
            f"{path} is missing: the game ships it in {assets}, so this install or build is "
            f"incomplete ({ENV_STRICT} is set, which makes this an error)"
        )
