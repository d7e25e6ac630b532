"""Argument types the build scripts share (one line and exit 2 on a bad one, never a
traceback)."""

from __future__ import annotations

import argparse
from pathlib import Path


def out_folder(text: str) -> Path:
    """An output folder: one that exists, or a path where one can be made (not a file)."""
    path = Path(text)
    above = next((p for p in (path, *path.parents) if p.exists()), Path("."))
    if not above.is_dir():
        raise argparse.ArgumentTypeError(f"{str(above)!r} is a file, not a folder")
    return path
