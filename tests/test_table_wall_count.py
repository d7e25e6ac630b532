"""The centre box's wall count reads as English at every count: '1 tile left', not
'1 tiles left'."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_game_support import DT, record_cache, running_app, table_of


@pytest.mark.parametrize(
    ("left", "label"), [(1, "tile left"), (2, "tiles left"), (0, "tiles left")]
)
def test_the_wall_count_says_tile_or_tiles(
    monkeypatch: pytest.MonkeyPatch, left: int, label: str
) -> None:
    with running_app(lang="en", preset="jj") as app:  # no items: no question before the deal
        table = table_of(app)
        assert table is not None
        for _ in range(90):  # past the deal
            app.step(DT)
        m = table.model
        m.view = dataclasses.replace(m.view, wall_remaining=left)
        asked = record_cache(monkeypatch, table.painter.text)
        table.painter._draw_center(pygame.Surface(app.screen.get_size()))
        assert str(left) in asked and label in asked
