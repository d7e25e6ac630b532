"""Where the lesson's box goes: it covered the right seat's face-down tiles at 1920×1080 (and
at 1024×640 and 1280×800), top right across that seat's column. It now sits at the top,
under the top player's row, and covers nothing the table keeps clear (``TableScene.
keep_clear``: each seat's panel, note and tiles, the hand's labels, the own hand and its
status line), nor the table's middle or a discard while the lesson's moves are made."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT
from tutorial_support import SIZES, answer, shown_box, tutorial_table

from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene
from game.table.tutorial_coach import TutorialCoach
from game.tutorial import STEPS


def _covered(table: TableScene, box: pygame.Rect) -> list[pygame.Rect]:
    lay = table.layout
    own = table.overlay(TutorialCoach)
    mine = own.keep_clear() if own is not None else []  # the box itself, kept from notices
    keep = [*(r for r in table.keep_clear() if r not in mine), lay.center_box, lay.toolbar]
    return [r for r in keep if r.colliderect(box)]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_step_of_the_lesson_covers_what_the_table_keeps_clear(
    size: tuple[int, int], lang: str
) -> None:
    app, table, coach = tutorial_table(lang, size)
    app.step(DT)
    try:
        lay = table.layout
        keys = [k for step in STEPS for k in (step.key, step.wait_key) if k is not None]
        for key in keys:
            box = coach.message_rect(key)
            assert pygame.Rect(0, 0, lay.w, lay.h).contains(box), (key, box)
            assert not _covered(table, box), (key, box, _covered(table, box))
            # clear of the right seat's column however long it grows (it runs up and down)
            assert box.right < table.painter.columns[1].left, (key, box)
    finally:
        app.close()


@pytest.mark.parametrize(("size", "lang"), [((1024, 640), "en"), ((1920, 1080), "zh")])
def test_the_box_covers_no_tiles_while_the_lesson_is_played(
    size: tuple[int, int], lang: str
) -> None:
    """Frame by frame through the lesson as taught: the drawn box is clear of every seat's
    tiles as drawn then (the right seat's column longer with a meld), and of each discard
    until the last step, where the others play the wall out."""
    app, table, coach = tutorial_table(lang, size)
    app.step(DT)
    try:
        lay = table.layout
        checked = 0
        for _ in range(20000):
            if isinstance(app.stack.top, SettlementScene):
                break
            app.step(DT)
            step = coach.step
            if step is None:
                break
            m = table.model
            if not m.settled:
                box = shown_box(coach)
                key = step.key
                assert not _covered(table, box), (key, _covered(table, box))
                if not step.until_over:
                    for seat in range(m.players):
                        pond = m.view.seats[seat].pond
                        pos = lay.place(seat, m.bottom)
                        for i in range(len(pond)):
                            tile, _ = lay.pond_slot(pos, i, len(pond))
                            assert not tile.colliderect(box), (key, seat, i)
                checked += 1
            answer(table, coach)
        assert isinstance(app.stack.top, SettlementScene) and checked > 50
    finally:
        app.close()
