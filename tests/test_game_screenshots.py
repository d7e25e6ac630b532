"""Screenshots of the table at the two reference sizes in both languages.

They are checked for real content (many colours, busy regions everywhere a table has
things) and saved to screenshots/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import DT, running_app, table_of

OUT = pathlib.Path(__file__).resolve().parent.parent / "screenshots"


def _distinct_colours(surface: pygame.Surface) -> int:
    small = pygame.transform.scale(surface, (surface.get_width() // 2, surface.get_height() // 2))
    raw = pygame.image.tobytes(small, "RGB")
    return len({raw[i : i + 3] for i in range(0, len(raw), 3)})


def _busy_cells(surface: pygame.Surface, grid: int = 6) -> int:
    """How many cells of a grid are not (nearly) one flat colour."""
    w, h = surface.get_size()
    busy = 0
    for gx in range(grid):
        for gy in range(grid):
            cell = surface.subsurface(
                pygame.Rect(gx * w // grid, gy * h // grid, w // grid, h // grid)
            )
            if _distinct_colours(cell) > 40:
                busy += 1
    return busy


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("window", [(1280, 800), (1024, 640)])
def test_table_screenshot_has_real_content(window: tuple[int, int], lang: str) -> None:
    with running_app(window=window, lang=lang, seed=3, preset="standard") as app:
        table = table_of(app)
        assert table is not None
        table.ctl.auto = True  # let a bot play the human's seat for a while: a mid-game table
        for _ in range(3000):
            app.step(DT)
            if table.model.view.wall_remaining <= 26 or table.ctl.is_over:
                break
        assert not table.ctl.is_over
        table.ctl.auto = False
        for _ in range(5):
            app.step(DT)
        shot = app.screen.copy()
    OUT.mkdir(exist_ok=True)
    pygame.image.save(shot, OUT / f"table_{window[0]}x{window[1]}_{lang}.png")
    assert shot.get_size() == window
    assert _distinct_colours(shot) > 800
    assert _busy_cells(shot) >= 20  # tiles, panels and text spread over the whole table


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_settlement_and_start_screenshots(lang: str) -> None:
    import random

    from test_game_support import play_until_settlement

    with running_app(lang=lang, seed=9) as app:
        play_until_settlement(app, random.Random(2))
        for _ in range(3):
            app.step(DT)
        settle = app.stack.top
        assert settle is not None
        settle_shot = app.screen.copy()
        settle.to_menu()  # type: ignore[attr-defined]
        for _ in range(3):
            app.step(DT)
        start_shot = app.screen.copy()
    OUT.mkdir(exist_ok=True)
    pygame.image.save(settle_shot, OUT / f"settlement_{lang}.png")
    pygame.image.save(start_shot, OUT / f"start_{lang}.png")
    assert _distinct_colours(settle_shot) > 500
    assert _distinct_colours(start_shot) > 300
