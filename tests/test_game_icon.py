"""The window's icon and the packaged game's file icon are one picture, drawn by one
function (game.ui.draw.window_icon): build_scripts/make_icon.py asks it for its 1024 px
master instead of drawing its own copy, which had drifted (a shadow the window lacked)."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from engine.tiles import parse_tile
from game.ui import draw

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))
import make_icon


def test_the_build_script_draws_with_the_windows_function(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[int, int, str]] = []
    picture = pygame.Surface((make_icon.MASTER_SIZE, make_icon.MASTER_SIZE), pygame.SRCALPHA)

    def spy(size: int = 64, tile: int = draw.ICON_TILE, style: str = "classic") -> pygame.Surface:
        asked.append((size, tile, style))
        return picture

    monkeypatch.setattr(draw, "window_icon", spy)
    assert make_icon.render_master("1s") is picture
    assert make_icon.render_master("5m", "contrast") is picture
    assert asked == [
        (make_icon.MASTER_SIZE, draw.ICON_TILE, "classic"),
        (make_icon.MASTER_SIZE, parse_tile("5m"), "contrast"),
    ]


def test_the_file_icon_is_the_window_icon_large() -> None:
    """Pixel for pixel: the master the build writes is window_icon at 1024 px."""
    master = make_icon.render_master()
    same = draw.window_icon(make_icon.MASTER_SIZE)
    assert pygame.image.tobytes(master, "RGBA") == pygame.image.tobytes(same, "RGBA")
    small = draw.window_icon(64)
    assert small.get_size() == (64, 64)
    assert small.get_at((0, 0)).a == 0 and small.get_at((32, 32)).a == 255  # rounded, filled
