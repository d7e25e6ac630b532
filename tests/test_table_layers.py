"""The table's cached layers: the wall is drawn onto the felt (one opaque layer a frame),
the felt is kept across hands and drawn again for a new window size."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from test_game_support import (
    DT,
    BlitRecorder,
    human_input,
    post_key,
    record_cache,
    running_app,
    table_of,
)

from engine.round import ActionKind
from game.table.scene import TableScene
from game.ui.draw import felt


def _table(app: object) -> TableScene:
    scene = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(scene, TableScene)
    return scene


def test_the_wall_layer_is_the_felt_with_the_wall_on_it() -> None:
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3) as app:
        for _ in range(90):
            app.step(DT)
        painter = _table(app).painter
        layer = painter._wall_layer()
        cloth = painter.background()
        assert layer.get_size() == cloth.get_size() == app.screen.get_size()
        assert not layer.get_flags() & 0x00010000  # no per-pixel alpha: blitted as it is
        lay = painter.lay
        w, h = layer.get_size()
        # away from the wall the layer is the felt itself; on a wall stack it is not
        for x, y in ((3, 3), (w // 2, 2), (w - 4, h // 2), (lay.px(40), h - lay.px(20))):
            assert layer.get_at((x, y)) == cloth.get_at((x, y)), (x, y)
        stacks = [lay.wall_stack_rect(p, 0) for p in range(4)]
        assert any(layer.get_at(r.center) != cloth.get_at(r.center) for r in stacks)


def test_the_felt_is_kept_for_the_next_hand_and_made_again_for_a_new_size() -> None:
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3) as app:
        app.step(DT)
        painter = _table(app).painter
        first = painter.background()
        lay = painter.lay
        box = lay.center_box
        assert felt((lay.w, lay.h), lay.center, (box.w, box.h), lay.px(7)) is first
        app.resize((1024, 640))
        app.step(DT)
        painter = _table(app).painter
        again = painter.background()
        assert again is not first and again.get_size() == (1024, 640)
        assert painter._wall_layer().get_size() == (1024, 640)


def test_a_seat_panel_is_drawn_again_when_what_it_shows_changes() -> None:
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3, lang="zh") as app:
        for _ in range(30):
            app.step(DT)
        painter = _table(app).painter
        seats = painter.model.players
        assert sorted(painter._panels) == list(range(seats))  # one cached panel a seat
        before = {s: painter._panels[s] for s in range(seats)}
        painter.draw(pygame.Surface(app.screen.get_size()))
        # nothing changed at the seats: the very same surfaces are blitted again
        assert all(painter._panels[s][1] is before[s][1] for s in range(seats))
        app.settings.lang = "en"
        app.step(DT)
        for s in range(seats):
            key, img = painter._panels[s]
            assert "en" in key and img is not before[s][1]
            assert img.get_size() == before[s][1].get_size()


def test_a_new_table_has_its_felt_before_its_first_frame_in_the_windows_format() -> None:
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3) as app:
        painter = _table(app).painter
        assert painter._bg is not None  # made while the table was set up, not in frame 1
        cloth = painter.background()
        screen = app.screen
        assert (cloth.get_bitsize(), cloth.get_masks()) == (
            screen.get_bitsize(),
            screen.get_masks(),
        )


def test_a_seat_note_keeps_off_the_tiles_beside_its_panel() -> None:
    """A win note ("1st win · Pure one suit seven pairs · 5 fan") shrinks, then takes a
    second line, rather than reach over the side seats' tile columns or off the window."""
    for size in ((1024, 640), (1920, 1080)):
        with running_app(preset="standard", seed=3, bots=("greedy",) * 3, lang="en") as app:
            app.resize(size)
            app.step(DT)
            painter = _table(app).painter
            lay = painter.lay
            left_column = lay.opp_hand_origin(3, 1)[0]
            right_column = lay.opp_hand_origin(1, 1)[0] + lay.opp_h
            notes = (
                "Done",
                "1st win · Plain win · 1 fan",
                "2nd win · Seven pairs of one suit · 5 fan",
            )
            for pos, rect in enumerate(painter.model.panels):
                for note in notes:
                    box = painter.notes.box(note, rect, pos)
                    assert box.w <= painter.notes.room(rect, pos), (size, note, box, rect)
                    assert box.left >= 0 and box.right <= size[0], (size, note, box)
                    if pos == 3:
                        assert box.right <= left_column, (size, note, box)
                    if pos == 1:
                        assert box.left >= right_column, (size, note, box)
            lines, _ = painter.notes.lines(notes[2], painter.model.panels[0].w)
            assert lines[0] == "2nd win" and len(lines) <= 3


def test_a_long_seat_note_wraps_rather_than_shrink_below_the_readable_size() -> None:
    """At 1024×640 a long win note was shrunk to 11 px to keep to two lines."""
    from game.ui.text import MIN_TEXT

    with running_app(preset="standard", seed=3, bots=("greedy",) * 3, lang="en") as app:
        app.resize((1024, 640))
        app.step(DT)
        painter = _table(app).painter
        note = "2nd win · Full-flush dragon seven pairs · 6 fan · self-drawn"
        for rect in painter.model.panels:
            lines, size = painter.notes.lines(note, rect.w)
            assert size >= MIN_TEXT, (lines, size)
            assert "".join(lines).replace(" ", "") == note.replace(" ", "").replace("·", "", 1)


def test_the_claim_buttons_keep_clear_of_the_seat_notes() -> None:
    """At 1024×640 the right seat's note ("1st win · Plain win · 1 fan") sat where Win / Pass
    show: the row of buttons now ends left of a note that reaches down into it."""
    for preset in ("standard", "sanren_liangfang"):
        with running_app(
            window=(1024, 640), preset=preset, seed=7, bots=("greedy",) * 3, lang="en"
        ) as app:
            rng = random.Random(7)
            both = 0
            for _ in range(4000):
                table = table_of(app)
                if table is None or app.stack.top is not table:
                    break
                shown = [pygame.Rect(el.rect) for el in table.buttons.buttons]
                boxes = table.painter.notes.boxes()
                # every button is in the window, to be pressed (the first try of this moved
                # the void choice off the window, left of the bottom seat's "Choosing…")
                assert all(app.screen.get_rect().contains(r) for r in shown), (preset, shown)
                if shown and boxes:
                    both += 1
                    assert not any(r.colliderect(b) for r in shown for b in boxes), preset
                if rng.random() < 0.3:  # a slow player: the buttons stay a while
                    human_input(table, rng)
                app.step(DT)
            assert both > 0, preset  # the hand did offer buttons while a seat had a note


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("wins", [1, 4])
def test_a_won_seats_panel_keeps_its_void_won_and_tiles_inside(lang: str, wins: int) -> None:
    """ "Void: Characters", "Won" and the winning tiles ran past a panel's right edge at
    1024×640: English falls back to the suit badge, and only the tiles that fit are shown."""
    with running_app(window=(1024, 640), seed=3, bots=("greedy",) * 3, lang=lang) as app:
        app.step(DT)
        painter = _table(app).painter
        m = painter.model
        lay = painter.lay
        seats = list(m.view.seats)
        seats[1] = dataclasses.replace(
            seats[1], void=0, won=True, win_tiles=(10, 11, 12, 13)[:wins]
        )
        m.view = dataclasses.replace(m.view, seats=tuple(seats))
        size = m.panels[1].size
        panel = painter._render_panel(1, size, False)
        plate = painter._panel_plate(size, False)
        pad = lay.px(10)
        line3 = range(size[1] - pad - lay.px(26), size[1] - lay.px(3))
        for x in range(size[0] - pad + 1, size[0] - lay.px(4)):  # the right margin
            for y in line3:
                assert panel.get_at((x, y)) == plate.get_at((x, y)), (x, y)


@pytest.mark.parametrize("window", [(1280, 800), (1920, 1080)])
def test_the_void_choice_stays_put_while_the_bots_choose(window: tuple[int, int]) -> None:
    """When the right seat's note went from "Choosing…" to "Ready" the 定缺 row moved 15 px:
    its buttons were made anew, and a click in progress on 缺筒 was lost."""
    with running_app(window=window, preset="modern_xueliu", seed=5, bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        rows: list[tuple[object, ...]] = []
        notes: set[tuple[int, int]] = set()
        for _ in range(900):  # the player thinks; the bots declare meanwhile
            app.step(DT)
            if table.held:  # 乾坤大挪移 asked: not this hand
                post_key(pygame.K_ESCAPE)
                continue
            if table.model.legal_of(ActionKind.EXCHANGE_THREE) and not table.animating:
                post_key(pygame.K_RETURN)  # 换三张: the three suggested
                continue
            targets = tuple(table.buttons.buttons.values())
            if not targets or not all(getattr(t, "suit", None) is not None for t in targets):
                continue
            els = tuple(id(el) for el in table.buttons.buttons)
            if not rows or rows[-1] != els:
                rows.append(els)
            notes.update(b.size for b in table.painter.notes.boxes())
        assert rows, "no void choice shown"
        assert len(notes) > 1  # the notes did change while it showed
        assert len(rows) == 1  # one row, never rebuilt


@pytest.mark.parametrize("window", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize("won", [False, True])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_auto_play_on_keeps_clear_of_the_void_and_the_wins(
    lang: str, won: bool, window: tuple[int, int]
) -> None:
    """ "Void: BamAuto-play on": the 托管 note was drawn over the void label of its line."""
    from game import i18n

    with running_app(window=window, seed=3, bots=("greedy",) * 3, lang=lang) as app:
        app.step(DT)
        table = _table(app)
        painter = table.painter
        m = painter.model
        seats = list(m.view.seats)
        seats[0] = dataclasses.replace(
            seats[0], void=2, won=won, win_tiles=(10, 11, 12, 13) if won else ()
        )
        m.view = dataclasses.replace(m.view, seats=tuple(seats))
        table.driver.auto = True
        size = m.panels[0].size
        plate = painter._panel_plate(size, False)

        class Plate:
            def copy(self) -> BlitRecorder:
                out = BlitRecorder(size)
                out.blit(plate, (0, 0))
                return out

        painter._panel_plate = lambda size, current: Plate()  # type: ignore[method-assign,assignment,return-value]
        panel = painter._render_panel(0, size, False)
        assert isinstance(panel, BlitRecorder)
        notes = [
            painter.text.get(i18n.t(key, lang), painter.lay.font_small, (255, 200, 120), True)
            for key in ("table.auto_on", "table.auto_short")
        ]
        (at,) = [r for s, r in panel.blits if any(s is n for n in notes)]
        auto = next(s for s, r in panel.blits if r == at)
        line3 = [r for s, r in panel.blits[1:] if s is not auto and r.bottom > at.top]
        assert line3 and not any(r.colliderect(at) for r in line3), (at, line3)


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren", "standard"])
def test_the_tile_tracker_counts_only_the_rooms_suits(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two-suit rooms' 记牌器 had a Characters row: "4 4 4 …" of tiles not in the wall."""
    from engine.tiles import suit_name

    with running_app(
        window=(1280, 800), preset=preset, seed=3, bots=("greedy",) * 3, lang="en"
    ) as app:
        app.step(DT)
        painter = _table(app).painter
        asked = record_cache(monkeypatch, painter.text)
        painter._tracker_panel((0,) * 27)
        rules = painter.model.driver.rules
        badges = [suit_name(s, "en")[:1] for s in range(3)]
        shown = [b for b in badges if b in asked]
        assert shown == [badges[s] for s in rules.kept_suits]


def test_the_status_line_does_not_say_waiting_while_the_deal_hides_your_own_choice() -> None:
    """For the whole deal the line read "Waiting for the others…" while the seat's own chip
    said "Choosing…": it was this seat's 换三张 that was asked."""
    from game import i18n

    with running_app(preset="modern", seed=5, speed="normal", bots=("greedy",) * 3) as app:
        table = _table(app)
        waiting = i18n.t("table.waiting", "zh")
        seen: list[str | None] = []
        for _ in range(900):
            app.step(DT)
            if table.held:
                post_key(pygame.K_ESCAPE)
                continue
            seen.append(table.model.status_text())
            if table.model.legal:
                break
        assert table.model.legal  # the choice came, after the deal
        assert waiting not in seen


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_the_void_choice_stands_over_the_new_tiles_tags(window: tuple[int, int]) -> None:
    """After 换三张 the received tiles wear a "New" tag over the hand; the 定缺 buttons sat
    on it at 1024×640."""
    from game.fonts import get_font

    with running_app(window=window, preset="modern", seed=5, bots=("greedy",) * 3) as app:
        table = _table(app)
        for _ in range(900):
            app.step(DT)
            if table.held:
                post_key(pygame.K_ESCAPE)
            elif table.model.legal_of(ActionKind.EXCHANGE_THREE) and not table.animating:
                post_key(pygame.K_RETURN)
            elif table.buttons.buttons and table.model.legal_of(ActionKind.DECLARE_VOID):
                break
        assert table.model.received and table.model.time < table.model.received_until
        lay = table.layout
        tags_top = lay.hand_y - lay.px(2) - get_font(lay.font_small, True).get_linesize()
        rows = [pygame.Rect(el.rect) for el in table.buttons.buttons]
        assert rows and all(r.bottom <= tags_top - lay.px(2) for r in rows), (rows, tags_top)
