"""The table's toolbar (Hints, Auto win, Auto discard, Auto, Tracker, Speed, Menu, and Skip to
result once the player has won) covers nothing it should not. Its buttons grew leftwards
with no limit: at 1024x1000 "Skip to result" hid the top seat's Void and Won, at 1024x640
its win note and, at a table of two, the third row of its pond. Now, in every room and
window and in both languages, with every button the table may show, no toolbar button
covers the top seat's panel, note, hand row, wall or any row its pond can reach, nor the
right seat's panel, note, column or the item bar."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from test_game_support import widest_toolbar_table

from engine.patterns import PATTERNS
from game import i18n
from game.fonts import get_font
from game.match_config import room_name
from game.table.buttons import ToolbarItem
from game.table.layout import Layout, toolbar_rows
from game.table.scene import TableScene
from game.tile_art import get_tile_art

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
# 血流 (Auto discard, and a winner plays on: Skip to result) at four, three and two seats
ROOMS = {4: (), 3: ("players=3", "suits=ps"), 2: ("players=2", "suits=ps")}
WINDOWS = [
    (1024, 640),
    (1280, 800),
    (1366, 768),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
    (1024, 1000),
    (1024, 768),
    (1900, 640),
    (2560, 640),
]
LONGEST = set(ToolbarItem)


@contextmanager
def _table(players: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableScene]:
    """A 血流 table of ``players`` whose toolbar shows every button it may."""
    overrides = ROOMS[players]
    with widest_toolbar_table("modern_xueliu", overrides, lang, WINDOWS[0], monkeypatch) as t:
        assert t.ctl.rules.players == players
        yield t


def _at(table: TableScene, size: tuple[int, int]) -> Layout:
    table.app.resize(size)  # the table lays itself out again and rebuilds its toolbar
    shown = set(table.toolbar.buttons.values())
    assert shown == LONGEST, shown
    return table.layout


def _shot(table: TableScene, name: str) -> None:
    """The table as it is (drawn, not stepped: the hand stays where it is)."""
    app = table.app
    app.stack.draw(app.screen)
    app.ui.update(0.0)
    app.ui.draw_ui(app.screen)
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


def _longest_note(lang: str) -> str:
    """A seat note as long as one gets: "4th win · <the longest pattern name> · 88 fan"."""
    head = i18n.t("seat.win_order", lang, n="四" if lang == "zh" else "4th")
    name = max((i18n.pattern_name(p.id, lang) for p in PATTERNS), key=len)
    return f"{head} · {i18n.t('call.fan', lang, pattern=name, fan=88)}"


def _top_row(lay: Layout) -> pygame.Rect:
    """The top seat's row as the painter lays it out (centred), at its widest: fourteen
    tiles, or four melds and what is left; never narrower than the layout's 14 tiles."""
    hand_step = get_tile_art(lay.opp_w).step
    meld_step = get_tile_art(lay.open_w).step
    span = max(
        (14 - 3 * m) * hand_step + lay.px(8) + m * (3 * meld_step + lay.px(8)) for m in range(5)
    )
    span = max(span, 14 * lay.opp_w)
    row = pygame.Rect(0, lay.px(16), span, lay.opp_h + lay.px(6))  # a kong's top tile
    row.centerx = lay.center[0]
    return row


def _right_column(lay: Layout) -> pygame.Rect:
    """The right seat's column at its longest: fourteen tiles, or melds and the rest."""
    meld_step = get_tile_art(lay.pond_w).step
    column = max(
        (14 - 3 * m) * lay.opp_step + lay.px(14) + m * (3 * meld_step + lay.px(8)) for m in range(5)
    )
    x, _ = lay.opp_hand_origin(1, 14)
    return pygame.Rect(x - lay.px(5), lay.center[1] - column // 2, lay.opp_h + lay.px(5), column)


def _info_corner(table: TableScene) -> pygame.Rect:
    """The hand number and the room's name, top left (painter._draw_info)."""
    lay = table.layout
    title = get_font(lay.font_normal, True).size(i18n.t("table.hand_no", table.lang, n=88))
    rules = get_font(lay.font_small).size(room_name(table.ctl.rules, table.lang))
    return pygame.Rect(lay.px(20), lay.px(16), max(title[0], rules[0]), title[1] + rules[1])


def _keep_clear(table: TableScene, lang: str) -> dict[str, list[pygame.Rect]]:
    """What the toolbar must leave uncovered, by name."""
    lay = table.layout
    places = {lay.place(seat, table.model.bottom) for seat in range(lay.players)}
    notes = table.painter.notes
    note = _longest_note(lang)
    panels = table.model.panels
    areas: dict[str, list[pygame.Rect]] = {
        "info corner": [_info_corner(table)],
        "item bar": [lay.item_bar],
        "top wall": [
            lay.wall_stack_rect(2, s).inflate(0, 2 * lay.wall_lift)
            for s in range(lay.wall_stacks[2])
        ],
    }
    if 2 in places:
        areas["top panel"] = [panels[2]]
        areas["top note"] = [notes.box(note, panels[2], 2)]
        areas["top row"] = [_top_row(lay)]
        # however many discards: past a few rows a pond squeezes its rows, so its reach
        # stops growing; forty is more than any pond gets
        areas["top pond"] = [lay.pond_slot(2, i, n)[0] for n in range(1, 41) for i in range(n)]
    if 1 in places:
        right = [panels[1], lay.panel_right_free]
        areas["right panel"] = right
        areas["right note"] = [notes.box(note, rect, 1) for rect in right]
        areas["right column"] = [_right_column(lay)]
    return areas


def _check(table: TableScene, lang: str) -> list[str]:
    """Every overlap of a toolbar button with what it must leave uncovered, in words."""
    lay = table.layout
    screen = pygame.Rect(0, 0, lay.w, lay.h)
    out = []
    buttons = {what: pygame.Rect(el.rect) for el, what in table.toolbar.buttons.items()}
    for what, rect in buttons.items():
        if not screen.contains(rect):
            out.append(f"{what.value} {rect} off the window")
        for name, rects in _keep_clear(table, lang).items():
            hit = rect.collidelist(rects)
            if hit != -1:
                out.append(f"{what.value} {rect} covers the {name} {rects[hit]}")
    for (a, ra), (b, rb) in itertools.combinations(buttons.items(), 2):
        if ra.colliderect(rb):
            out.append(f"{a.value} {ra} overlaps {b.value} {rb}")
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_longest_toolbar_covers_nothing_at_any_window(
    players: int, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _table(players, lang, monkeypatch) as table:
        problems = []
        for size in WINDOWS:
            lay = _at(table, size)
            problems += [f"{size}: {p}" for p in _check(table, lang)]
            problems += [  # where the layout kept room for it (the item bar goes under it)
                f"{size}: {el.text} {el.rect} outside {lay.toolbar}"
                for el in table.toolbar.buttons
                if not lay.toolbar.contains(el.rect)
            ]
            if size in ((1024, 640), (1920, 1080), (1024, 1000)):
                _shot(table, f"toolbar_{players}p_{lang}_{size[0]}x{size[1]}")
        assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_switching_a_toolbar_button_moves_none_of_the_others(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A toggle is as wide on as off and Speed at every speed, and Skip to result comes
    and goes at the end of the last row: a click moves no button from under the pointer."""
    with _table(4, lang, monkeypatch) as table:
        for size in ((1024, 640), (1920, 1080)):
            _at(table, size)
            before = {what: pygame.Rect(el.rect) for el, what in table.toolbar.buttons.items()}
            for item in (
                ToolbarItem.HINTS,
                ToolbarItem.AUTO_WIN,
                ToolbarItem.AUTO_DISCARD,
                ToolbarItem.TRACKER,
                ToolbarItem.SPEED,
                ToolbarItem.SPEED,
            ):
                table._on_toolbar(item)  # (each rebuilds the toolbar, as a click does)
                now = {what: pygame.Rect(el.rect) for el, what in table.toolbar.buttons.items()}
                assert now == before, (size, item)
            monkeypatch.setattr(table.ctl, "human_won", lambda: False)
            table._build_toolbar()
            now = {what: pygame.Rect(el.rect) for el, what in table.toolbar.buttons.items()}
            assert ToolbarItem.SKIP not in now
            assert now == {k: v for k, v in before.items() if k is not ToolbarItem.SKIP}
            monkeypatch.setattr(table.ctl, "human_won", lambda: True)


@pytest.mark.parametrize(
    ("widths", "room", "rows"),
    [
        ([50, 50, 50], 170, [[0, 1, 2]]),  # gaps of 10: just fits
        ([50, 50, 50], 169, [[1, 2], [0]]),  # the last ones keep the top row
        ([100, 30, 30, 100], 150, [[2, 3], [0, 1]]),
        ([300, 50], 200, [[1], [0]]),  # wider than the room: a row of its own
        ([], 100, []),
    ],
)
def test_toolbar_rows_fill_from_the_end(
    widths: list[int], room: int, rows: list[list[int]]
) -> None:
    assert [list(r) for r in toolbar_rows(widths, room, 10)] == rows
