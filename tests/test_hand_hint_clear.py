"""The hint of the own hand's tile under the pointer keeps off the tiles still in play: drawn
just above its tile, it lay over the bottom wall's standing stacks at 1024×640, 1280×800
and 1920×1080 (English, and Chinese at 1920×1080), at most tiles of the hand at the 3- and
2-seat tables. Now it covers no standing stack, no tile of a hand or meld line, no panel,
and here, where the felt has room, no discard either; it stays in the window. Real frames,
headless, every tile of the hand hovered at the first discard and a few turns on (melds
by then), at four, three and two seats, in both languages."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, human_input, play_until_human_discards, running_app, table_of
from test_tutorial_wall_clear import _standing_wall

from game.app import App
from game.table.hover_box import place_tile_hint
from game.table.scene import TableScene

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
ROOMS = {4: "standard", 3: "sanren_liangfang", 2: "liangren"}


def _hover(app: App, table: TableScene, index: int) -> pygame.Rect | None:
    """The pointer on the hand's tile ``index``; its hint's box as drawn (None: no hint,
    the tile may not go now)."""
    slot = table.model.slots[index]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=slot.rect.center, rel=(0, 0)))
    app.step(DT)
    app.step(DT)
    assert table.model.hover == index
    return table.painter.tooltip_box


def _tiles_and_panels(table: TableScene) -> list[pygame.Rect]:
    """Every seat's panel and line of tiles as drawn, and the own hand's tiles (risen)."""
    m, lay = table.model, table.layout
    out = [r for r in table.painter.columns.values() if r.w and r.h]
    out += [m.panels[lay.place(seat, m.bottom)] for seat in range(m.players)]
    return out + [s.rect.union(s.rect.move(0, -lay.px(16))) for s in m.slots]


def _discards(table: TableScene) -> list[pygame.Rect]:
    m, lay = table.model, table.layout
    out = []
    for seat in range(m.players):
        pos, count = lay.place(seat, m.bottom), len(m.view.seats[seat].pond)
        out += [lay.pond_slot(pos, i, count)[0] for i in range(count)]
    return out


@pytest.mark.parametrize("players", [4, 3, 2])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_tiles_hint_covers_no_tile_in_play(
    size: tuple[int, int], lang: str, players: int
) -> None:
    with running_app(window=size, lang=lang, preset=ROOMS[players]) as app:
        table = table_of(app)
        assert table is not None
        app.settings.hints = True  # as the toolbar's Hints switches them on
        rng = random.Random(5)
        play_until_human_discards(app, table, rng)
        melds = shown = 0
        for turn in range(4):
            m = table.model
            assert m.hints is not None  # on since the start: the table's refresh made them
            wall = _standing_wall(table)
            assert wall
            for index in range(len(m.slots)):
                box = _hover(app, table, index)
                if box is None:
                    continue
                shown += 1
                where = (turn, index, box)
                assert app.screen.get_rect().contains(box), where
                assert box.collidelist(wall) == -1, (where, box.collidelistall(wall))
                assert box.collidelist(_tiles_and_panels(table)) == -1, where
                assert box.collidelist(_discards(table)) == -1, where
                if turn in (0, 3) and index in (0, len(m.slots) // 2, len(m.slots) - 1):
                    SHOTS.mkdir(exist_ok=True)
                    name = f"hand_hint_{players}_{lang}_{size[0]}_{turn}_{index}.png"
                    pygame.image.save(app.screen, str(SHOTS / name))
            melds += len(m.view.seats[m.bottom].melds)
            human_input(table, rng)  # a discard, and the others' turns
            play_until_human_discards(app, table, rng)
        assert shown > 10 and melds  # hints were drawn, with melds beside the hand too


def test_a_hint_over_a_stack_goes_above_it_or_beside_the_discards() -> None:
    """Placement alone: over a stack it goes above it; where that is a discard, beside it
    (free felt) rather than over it; where nothing is free it covers least of the stacks."""
    bounds = pygame.Rect(0, 0, 400, 300)
    hint = pygame.Rect(150, 200, 100, 20)
    stack = pygame.Rect(100, 190, 200, 40)
    above = place_tile_hint(hint, [stack], [], bounds, 4)
    assert above == hint.move(0, stack.top - 4 - hint.bottom)
    discard = pygame.Rect(140, 150, 120, 36)
    beside = place_tile_hint(hint, [stack], [discard], bounds, 4)
    assert beside.collidelist([stack, discard]) == -1 and bounds.contains(beside)
    assert beside.bottom <= stack.top  # still above the wall, near its tile
    everywhere = pygame.Rect(0, 0, 400, 300)
    stuck = place_tile_hint(hint, [everywhere], [], bounds, 4)
    assert bounds.contains(stuck)
