"""The 换入 / New tags over the three tiles 换三张 brought in stay clear of the status line.

At every window the tag sat a few pixels up into the plate of the line above the hand
("轮到你出牌", "Your turn: discard a tile"), covering the bottom of its words.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, post_key, running_app, table_of

from engine.round import ActionKind
from game.fonts import get_font
from game.table.items import ItemsOverlay

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
TAG_FILL = (120, 200, 255)  # the tag's plate (painter._draw_own)


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_the_received_tags_stay_below_the_status_plate(
    window: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with running_app(preset="modern_xueliu", window=window, seed=7) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(600):
            bar = table.overlay(ItemsOverlay).bar if table.overlay(ItemsOverlay) else None
            if bar is not None and bar.prompt:  # the 乾坤大挪移 question: not now
                post_click(bar.prompt_button(False))
            if any(a.kind is ActionKind.EXCHANGE_THREE for a in table.model.legal):
                break
            app.step(DT)
        else:
            pytest.fail("no 换三张 for the human")
        post_key(pygame.K_RETURN)  # the suggested three
        m = table.model
        for _ in range(600):
            app.step(DT)
            if m.received and m.time < m.received_until and m.status_text():
                break
        else:
            pytest.fail("no tiles received")
        app.step(DT)
        lay = table.layout
        screen = app.screen
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(screen, str(SHOTS / f"table_received_tags_{window[0]}.png"))
        plate_bottom = lay.hint_y + get_font(lay.font_normal, True).get_height() + lay.px(3)
        left = m.slots[0].rect.left
        right = m.slots[-1].rect.right
        tops = [
            y
            for x in range(left, right)
            for y in range(lay.hint_y - lay.px(30), m.slots[0].rect.top)
            if tuple(screen.get_at((x, y)))[:3] == TAG_FILL
        ]
        assert tops, "no tag drawn"
        assert min(tops) >= plate_bottom
