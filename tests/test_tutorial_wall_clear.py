"""The lesson's box and the notices over it cover no wall and no hand: at 1024×640 two
notices (the last starts failed, the settings were damaged) lay over the top wall, the
intro's box lay over the top wall while the deal was still taking it, and the last step's
box (the others play the wall out) lay over the top of the bottom wall and the ends of the
side walls. Real frames, headless, at 1024×640, 1280×800 and 1920×1080 in both languages."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT
from tutorial_support import NOTICES, SIZES, play_one_frame, shown_box, tutorial_table

from engine.round import HAND_SIZE
from game.scenes.settlement import SettlementScene
from game.table.geometry import wall_ring
from game.table.scene import TableScene
from game.tutorial import STEPS


def _stack(table: TableScene, pos: int, stack: int) -> pygame.Rect:
    """A stack of the wall as drawn: its footprint and the upper tile raised above it."""
    lay = table.layout
    rect = lay.wall_stack_rect(pos, stack)
    return rect.union(rect.move(0, -lay.wall_lift))


def _whole_wall(table: TableScene) -> list[pygame.Rect]:
    """Every stack of the four walls, drawn or not."""
    lay = table.layout
    return [_stack(table, pos, s) for pos in range(4) for s in range(lay.wall_stacks[pos])]


def _standing_wall(table: TableScene) -> list[pygame.Rect]:
    """The stacks the table shows now (as ``Painter._wall_layer`` counts them): the deal
    takes its tiles in four steps."""
    lay, m = table.layout, table.model
    effects = table.painter.effects
    hidden = 0
    if effects.deal is not None:
        hidden = round((HAND_SIZE * m.players + 1) * (1 - effects.deal_fraction()))
    drawn = lay.tiles - m.view.wall_remaining - hidden
    ring = wall_ring(m.view.dice, lay.place(m.view.dealer, m.bottom), lay.wall_stacks)
    return [
        _stack(table, pos, stack)
        for g, (pos, stack) in enumerate(ring)
        if 2 - max(0, min(2, drawn - 2 * g)) > 0
    ]


def _hands(table: TableScene) -> list[pygame.Rect]:
    """Each seat's line of tiles as last drawn (the own hand too)."""
    return [r for r in table.painter.columns.values() if r.w and r.h]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_box_or_notice_covers_a_wall_or_a_hand(size: tuple[int, int], lang: str) -> None:
    """Every frame of the lesson: the box covers no stack of the wall still standing and no
    seat's tiles; at each step's first frame, with two notices, neither notice covers any
    stack of the wall (standing or not: the wall is whole at the start of every hand; at
    the last step, while the others play the wall out, any standing) nor a seat's tiles,
    and the box still covers none."""
    app, table, coach = tutorial_table(lang, size, "instant")
    try:
        app.step(DT)
        seen: set[str] = set()
        frames = 0
        for _ in range(40000):
            step = coach.step
            if step is None or isinstance(app.stack.top, SettlementScene) or table.model.settled:
                break
            box = shown_box(coach)
            tiles = _standing_wall(table) + _hands(table)
            assert not [r for r in tiles if r.colliderect(box)], (step.key, box)
            frames += 1
            if step.key not in seen and not table.animating:
                seen.add(step.key)
                for message in NOTICES:
                    app.notices.add(message)
                app.step(DT)
                drawn = app.notices._rects
                assert len(drawn) == 2
                # the last step's notices may take the top wall's place, long drawn then
                wall = _standing_wall(table) if step.until_over else _whole_wall(table)
                tiles = wall + _hands(table)
                for notice in drawn:
                    hit = [r for r in tiles if r.colliderect(notice)]
                    assert not hit, (step.key, notice, hit)
                box = shown_box(coach)
                assert not [r for r in _standing_wall(table) if r.colliderect(box)], step.key
                app.notices.shown.clear()
            play_one_frame(app, table, coach)
        assert seen >= {s.key for s in STEPS} and frames > 50
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_intros_box_covers_no_wall_while_the_deal_plays(
    size: tuple[int, int], lang: str
) -> None:
    """At the ordinary speeds the deal plays under the intro's words: the box leaves the
    wall's stacks showing, frame by frame, while they are dealt (the top wall first)."""
    app, table, coach = tutorial_table(lang, size, "normal")
    try:
        dealing = 0
        for _ in range(600):
            app.step(DT)
            if table.painter.effects.deal is None and not table.animating and dealing:
                break
            step = coach.step
            assert step is not None and step.key == "tutorial.intro"
            box = coach.message_rect(step.key)
            assert pygame.Rect(0, 0, *size).contains(box)
            hit = [r for r in _standing_wall(table) + _hands(table) if r.colliderect(box)]
            assert not hit, (box, hit)
            dealing += table.painter.effects.deal is not None
        assert dealing > 10
    finally:
        app.close()
