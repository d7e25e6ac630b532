"""Finding asset files, from a source checkout and from inside a PyInstaller bundle.

Every module asks :func:`resource_path` for its files, so that the one place that knows
where ``assets/`` lives is this one.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["assets_dir", "resource_path"]


def assets_dir() -> Path:
    """The ``assets/`` directory: ``sys._MEIPASS/assets`` in a PyInstaller bundle (one-file or
    one-folder), else ``<repo>/assets`` next to the ``game`` package."""
    bundle_root = getattr(sys, "_MEIPASS", None)
    if bundle_root is not None:
        return Path(bundle_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def resource_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``resource_path("fonts", "NotoSansSC-Subset-Regular.otf")``.

    The path is returned whether or not the file exists; callers decide what a missing file
    means (fonts fall back to pygame's default font, for instance).
    """
    return assets_dir().joinpath(*parts)
