"""Notices over the table keep off the wall: at an ordinary table, mid-hand, two or three
notices (a sound device missing, the last starts failed, the settings damaged) went down
the middle under the hand across and lay over the top wall's standing stacks. And on the
tutorial's last step, while the others play the wall out, the two notices of a start lay
over the top player's outer discard rows as they filled. And the discards are kept clear
where there is room: three notices down the middle lay over the top player's first
discards with the sides free. Real frames, headless, at 1024×640, 1280×800 and 1920×1080
in both languages."""

from __future__ import annotations

import random

import pygame
import pytest
from shell_support import NO_AUDIO
from test_game_support import DT, human_input, play_until_human_discards, running_app, table_of
from test_tutorial_wall_clear import _standing_wall
from tutorial_support import NOTICES, SIZES, play_one_frame, tutorial_table

from game.app import App
from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene
from game.tutorial import STEPS

LAST = next(s for s in STEPS if s.until_over)


def _pond(table: TableScene, pos: int) -> list[pygame.Rect]:
    """The discards at screen position ``pos`` as they lie."""
    lay, m = table.layout, table.model
    seat = next(s for s in range(m.players) if lay.place(s, m.bottom) == pos)
    pond = m.view.seats[seat].pond
    return [lay.pond_slot(pos, i, len(pond))[0] for i in range(len(pond))]


def _rows(table: TableScene, pos: int) -> list[pygame.Rect]:
    """The rows the discards at ``pos`` have reached, each as wide as its six places."""
    lay = table.layout
    count = len(_pond(table, pos))
    rows = -(-count // lay.pond_cols)
    out = []
    for row in range(rows):
        places = range(row * lay.pond_cols, (row + 1) * lay.pond_cols)
        slots = [lay.pond_slot(pos, i, count)[0] for i in places]
        out.append(slots[0].unionall(slots[1:]))
    return out


def _covered(app: App, table: TableScene) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """Each notice with what it covers of the wall as drawn and of the rest the table and
    its buttons keep clear (``App._keep_clear``: the hands, panels, labels, buttons)."""
    keep = _standing_wall(table) + app._keep_clear()
    return [(box, r) for box in app.notices._rects for r in keep if box.colliderect(r)]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("count", [2, 3])
def test_notices_mid_hand_cover_no_wall(size: tuple[int, int], lang: str, count: int) -> None:
    """At the player's first discard (the top wall still standing), and again some turns
    later: the notices cover no standing stack of the wall, and nothing else the table
    keeps clear."""
    with running_app(window=size, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        rng = random.Random(5)
        play_until_human_discards(app, table, rng)
        for message in [NO_AUDIO, *NOTICES][:count]:
            app.notify(message, 1000.0)
        for turn in range(4):
            app.step(DT)
            assert len(app.notices._rects) == count
            assert _standing_wall(table)
            assert not _covered(app, table), (turn, _covered(app, table))
            screen = app.screen.get_rect()
            assert all(screen.contains(box) for box in app.notices._rects)
            human_input(table, rng)  # a discard, and the others' turns
            play_until_human_discards(app, table, rng)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_last_steps_notices_cover_no_discards(size: tuple[int, int], lang: str) -> None:
    """Frame by frame through the last step, the two notices of a start up: neither covers
    a row the top player's discards have reached, another seat's discards, a standing
    stack of the wall, or what the table keeps clear — the lesson's box too."""
    app, table, coach = tutorial_table(lang, size)
    app.step(DT)
    try:
        watched = top_discards = 0
        for _ in range(40000):
            if isinstance(app.stack.top, SettlementScene) or coach.step is None:
                break
            if coach.step is LAST and not table.model.settled and not table.animating:
                if not app.notices:
                    for message in NOTICES:
                        app.notices.add(message, 1000.0)
                    app.step(DT)
                assert len(app.notices._rects) == len(NOTICES)
                ponds = _rows(table, 2) + [r for pos in (1, 3, 0) for r in _pond(table, pos)]
                hit = [(box, r) for box in app.notices._rects for r in ponds if box.colliderect(r)]
                assert not hit, hit
                assert not _covered(app, table), _covered(app, table)
                watched += 1
                top_discards = len(_pond(table, 2))
            play_one_frame(app, table, coach)
        # the top player's pond grew into its outer rows under the notices' old place
        assert watched > 10 and top_discards > 2 * table.layout.pond_cols
    finally:
        app.close()


def test_a_notice_covers_what_is_rather_kept_clear_only_where_nothing_else_is_free() -> None:
    """Of the places clear of ``keep_clear`` the notices take the one covering least of
    ``rather_clear`` (the table's discards), not the first: the first free place, top
    right, lay over them."""
    from game.app import Notices

    pygame.init()
    surface = pygame.Surface((1024, 640))
    discards = [pygame.Rect(600, 0, 424, 200)]  # over the top right corner
    notices = Notices()
    notices.add(NO_AUDIO)
    notices.draw(surface, "en", [], discards)
    (box,) = notices._rects
    assert box.collidelist(discards) == -1
    toolbar = [pygame.Rect(0, 0, 1024, 60)]  # where they are everywhere: over them, never
    notices.draw(surface, "en", toolbar, [pygame.Rect(0, 0, 1024, 640)])  # over the rest
    (box,) = notices._rects
    assert box.collidelist(toolbar) == -1


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_notices_mid_hand_keep_off_the_discards_where_there_is_room(lang: str) -> None:
    """At 1024×640, nine discards into the hand, three notices down the middle (under the
    hand across and the top wall) lay over the top player's first discards, with room free
    of them down both sides in Chinese. In English there is none: they cover a discard or
    two there, and still no wall, hand or panel."""
    with running_app(window=(1024, 640), lang=lang, preset="standard") as app:
        table = table_of(app)
        assert table is not None
        rng = random.Random(3)
        for _ in range(3000):
            if table.model.view.wall_remaining <= 45 or table.model.settled:
                break
            if app.stack.top is table:
                human_input(table, rng)
            app.step(DT)
        for message in [NO_AUDIO, *NOTICES]:
            app.notify(message, 1000.0)
        app.step(DT)
        assert len(app.notices._rects) == 3 and not _covered(app, table)
        lay, m = table.layout, table.model
        discards = [r for seat in range(m.players) for r in _pond(table, lay.place(seat, m.bottom))]
        assert len(discards) >= 9
        covered = [r for box in app.notices._rects for r in discards if box.colliderect(r)]
        if lang == "zh":  # in English, no place clear of the wall and hands is free of them
            assert covered == [], covered


def test_a_notice_stays_where_it_appeared_until_something_it_must_not_cover_comes_under() -> None:
    """A notice is placed when it appears and stays there: a discard landing under it (what
    it would rather keep clear) or the wall's stacks below it being drawn no longer send it
    jumping about the table while the player reads it; a button or a hand coming under it
    (what it must keep clear) does move it."""
    from game.app import Notices

    pygame.init()
    surface = pygame.Surface((1024, 640))
    notices = Notices()
    notices.add(NO_AUDIO)
    notices.draw(surface, "en", [], [])
    (first,) = notices._rects
    notices.draw(surface, "en", [], [first.inflate(40, 40)])  # a discard lands under it
    assert notices._rects == [first]
    notices.draw(surface, "en", [], [])  # the stacks under it go: it does not climb
    assert notices._rects == [first]
    notices.draw(surface, "en", [first.inflate(4, 4)], [])  # a button comes up under it
    (moved,) = notices._rects
    assert not moved.colliderect(first.inflate(4, 4))
    notices.add(NO_AUDIO[::-1])  # another notice: the two are placed afresh, together
    notices.draw(surface, "en", [], [])
    assert len(notices._rects) == 2
