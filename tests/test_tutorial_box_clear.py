"""What the lesson's box and the rest of the screen leave each other: a notice at the top
(the last starts failed, the settings were damaged) lay over the box's words — notices keep
clear of ``TableScene.keep_clear`` only, and the lesson's overlay added nothing to it —, and
on the last step, while the others play the wall out, the box at the top lay over the top
player's outer discard rows, which fill then."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT
from tutorial_support import NOTICES, SIZES, play_one_frame, tutorial_table

from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene
from game.tutorial import STEPS

LAST = next(s for s in STEPS if s.until_over)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_notice_keeps_clear_of_the_lessons_box(size: tuple[int, int], lang: str) -> None:
    app, table, coach = tutorial_table(lang, size)
    app.step(DT)
    try:
        seen: set[str] = set()
        for _ in range(20000):
            step = coach.step
            if step is None or isinstance(app.stack.top, SettlementScene) or table.model.settled:
                break
            if step.key not in seen:  # each step's box, with one notice and with two
                seen.add(step.key)
                for count in (1, 2):
                    app.notices.shown.clear()
                    for message in NOTICES[:count]:
                        app.notices.add(message)
                    app.step(DT)
                    box = coach.keep_clear()[0]  # the box first, then the wall
                    assert box in table.keep_clear()
                    drawn = app.notices._rects
                    assert len(drawn) == count
                    assert not [r for r in drawn if r.colliderect(box)], (step.key, box, drawn)
                app.notices.shown.clear()
            play_one_frame(app, table, coach)
        assert seen >= {s.key for s in STEPS}
    finally:
        app.close()


def _pond_reach(table: TableScene, pos: int) -> pygame.Rect:
    """Everything the discards at screen position ``pos`` can cover, however many."""
    lay = table.layout
    reach = lay.pond_slot(pos, 0, 1)[0]
    for count in (lay.pond_cols * lay.pond_rows, 40, 200):
        for i in range(count):
            reach.union_ip(lay.pond_slot(pos, i, count)[0])
    return reach


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_last_steps_box_covers_no_discards(size: tuple[int, int], lang: str) -> None:
    """Frame by frame through the last step: the box is clear of every discard as it lies
    then, of wherever the other seats' discards could still go, and of the seats' tiles,
    panels and the status line (``TableScene.keep_clear`` but the box itself)."""
    app, table, coach = tutorial_table(lang, size)
    app.step(DT)
    try:
        lay = table.layout
        m = table.model
        watched = 0
        for _ in range(40000):
            if isinstance(app.stack.top, SettlementScene) or coach.step is None:
                break
            if coach.step is LAST and not m.settled:
                box = coach.keep_clear()[0]  # the box first, then the wall
                assert pygame.Rect(0, 0, lay.w, lay.h).contains(box)
                others = [r for r in table.keep_clear() if r != box]
                assert not [r for r in others if r.colliderect(box)], box
                for seat in range(m.players):
                    pos = lay.place(seat, m.bottom)
                    pond = m.view.seats[seat].pond
                    for i in range(len(pond)):
                        assert not lay.pond_slot(pos, i, len(pond))[0].colliderect(box)
                    if seat != m.human:  # the player has won: no more discards of theirs
                        assert not _pond_reach(table, pos).colliderect(box), (seat, box)
                watched += 1
            play_one_frame(app, table, coach)
        assert watched > 10 and isinstance(app.stack.top, SettlementScene)
    finally:
        app.close()
