"""血流成河: a seat that wins again and again keeps every tile it shows in sight.

Each win's tile was set aside one by one, growing the seat's row or column both ways from
the middle of the table, and the layout kept room for the hand and melds only: a seat with
ten wins ran under the toolbar, the seat across's panel and the status line. Now the winning
tiles lie one a kind with how many ("×3"), and a seat's line keeps to the stretch the layout
leaves it, squeezed when it must. Checked with every seat at the most it showed in 28,000
self-played 血流 hands (18 wins over 7 kinds without melds, down to 3 wins with four) and
beyond, at every supported window, at four, three and two seats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from test_game_support import widest_toolbar_table

from engine.patterns import PATTERNS
from engine.tiles import Meld, MeldKind
from engine.views import SeatInfo
from game import i18n
from game.fonts import get_font
from game.table.geometry import Run, fit_runs, hand_slots, line_length, won_kinds
from game.table.layout import Layout
from game.table.scene import TableScene
from game.tile_art import get_tile_art

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
ROOMS = {  # 血流 (a winner plays on) at four, three and two seats
    4: ("modern_xueliu", ()),
    3: ("sanren_liangfang", ("mode=xueliu",)),
    2: ("liangren", ("mode=xueliu",)),
}
WINDOWS = [
    (1024, 640),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (1024, 768),
    (1024, 1000),
    (1900, 640),
]
# melds -> (wins, kinds won on): above the most any seat reached with that many melds in
# 20,000 four-seat and 4,000 three- and two-seat self-played 血流 hands of normal bots
# (18/7, 14/6, 11/5, 11/3, 3/1), and one past any of them
MOST = {0: (20, 8), 1: (16, 7), 2: (12, 6), 3: (12, 4), 4: (4, 2)}
BEYOND = (4, 30, 9)  # four kongs and thirty wins on nine kinds


@contextmanager
def _table(players: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableScene]:
    """A 血流 table of ``players`` with its widest toolbar (the player has won: Skip to
    result; every toggle on)."""
    preset, overrides = ROOMS[players]
    window = WINDOWS[0]
    with widest_toolbar_table(preset, overrides, lang, window, monkeypatch, seed=5) as t:
        assert t.ctl.rules.players == players
        yield t


class _Recorder(pygame.Surface):
    """A surface that notes where everything drawn on it went, blitted one at a time or
    many at once (``rects``)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else dest
        self.rects.append(source.get_rect(topleft=at))
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[no-untyped-def, override]
        rects = [self.blit(img, at) for img, at in blit_sequence]
        return rects if doreturn else None


def _wins(count: int, kinds: int, suits: tuple[int, ...]) -> tuple[int, ...]:
    """``count`` winning tiles on ``kinds`` kinds of the room's suits, in turn."""
    pool = [9 * suit + rank for suit in suits for rank in range(9)][:kinds]
    return tuple(pool[i % kinds] for i in range(count))


def _seat(info: SeatInfo, melds: int, wins: tuple[int, ...], revealed: bool) -> SeatInfo:
    """``info`` holding ``melds`` kongs (a kong's fourth tile sits across its line), its
    hand and drawn tile, and ``wins``; its hand face up if ``revealed``."""
    hand = 14 - 3 * melds
    kinds = (MeldKind.EXPOSED_KONG, MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG)
    return dataclasses.replace(
        info,
        hand_size=hand,
        melds=tuple(Meld(kinds[i % 3], 9 + i) for i in range(melds)),
        won=bool(wins),
        win_tiles=wins,
        revealed=tuple(sorted(18 + i % 9 for i in range(hand))) if revealed else None,
    )


def _longest_note(lang: str) -> str:
    """A seat note as long as one gets: "18 wins · <the longest pattern name> · 88 fan"."""
    head = i18n.t("seat.win_many", lang, n=18)
    name = max((i18n.pattern_name(p.id, lang) for p in PATTERNS), key=len)
    return f"{head} · {i18n.t('call.fan', lang, pattern=name, fan=88)}"


def _keep_clear(table: TableScene, lang: str) -> dict[str, list[pygame.Rect]]:
    """What no seat's tiles may lie under, by name."""
    lay = table.layout
    m = table.model
    places = {lay.place(seat, m.bottom) for seat in range(m.players)}
    note = _longest_note(lang)
    seats = [(pos, m.panels[pos]) for pos in sorted(places)]
    if 1 in places:  # the right seat's panel with and without the item bar
        seats += [(1, lay.panels[1]), (1, lay.panel_right_free)]
    panels = [rect for _, rect in seats]
    notes = [table.painter.notes.box(note, rect, pos) for pos, rect in seats]
    # the status pill and the hint strip beside it (painter._draw_status), out to the edge
    line_h = get_font(lay.font_normal, True).get_linesize()
    hint_tile = get_tile_art(lay.badge_tile_w).flat_size[1]
    strip_h = max(line_h, hint_tile) + lay.px(6)
    top = min(lay.hint_y - lay.px(3), lay.hint_y + lay.px(1) + line_h // 2 - strip_h // 2)
    status = pygame.Rect(lay.hand_x - lay.px(8), top, lay.w, lay.hand_y - top)
    # the claim buttons, and the claimed tile big at their left
    face = get_tile_art(lay.hand_w).face(0)
    claimed = pygame.Rect(0, 0, face.get_width(), face.get_height())
    claimed.bottomright = (lay.buttons.x - lay.px(12), lay.buttons.bottom)
    toolbar = [lay.toolbar, *(pygame.Rect(el.rect) for el in table.toolbar.buttons)]
    return {
        "toolbar": toolbar,
        "item bar": [lay.item_bar],
        "panel": panels,
        "seat note": notes,
        "status line": [status],
        "claim buttons": [lay.buttons, claimed.union(lay.buttons)],
        "wall": [
            lay.wall_stack_rect(pos, s).inflate(0, 2 * lay.wall_lift)
            for pos in range(4)
            for s in range(lay.wall_stacks[pos])
        ],
    }


def _lines(table: TableScene, melds: int, wins: int, kinds: int, revealed: bool) -> dict:
    """Every seat at ``melds``, ``wins`` on ``kinds``: what the painter draws of each
    seat's line (the bottom seat's past its hand), by screen position."""
    m = table.model
    lay = table.layout
    suits = table.ctl.rules.kept_suits
    won = _wins(wins, kinds, suits)
    seats = tuple(_seat(info, melds, won, revealed) for info in m.view.seats)
    m.view = dataclasses.replace(m.view, seats=seats)
    m.end_hands = {}
    own = [9 * suits[0] + i % 9 for i in range(13 - 3 * melds)]
    m.slots = hand_slots(lay, table.tile_art(lay.hand_w).step, own, own[0])
    out: dict[int, list[pygame.Rect]] = {}
    for seat in range(m.players):
        pos = lay.place(seat, m.bottom)
        rec = _Recorder((lay.w, lay.h))
        if pos == 0:
            table.painter._draw_own(rec)
            out[pos] = rec.rects[len(m.slots) :]  # past the hand: won tiles, counts, melds
        else:
            table.painter._draw_opponent(rec, seat)
            out[pos] = rec.rects
    return out


def _cases() -> Iterator[tuple[int, int, int, bool]]:
    for melds, (wins, kinds) in MOST.items():
        for revealed in (False, True):
            yield melds, wins, kinds, revealed
    yield (*BEYOND, True)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [4, 3, 2])
def test_every_seat_keeps_its_won_tiles_in_sight(
    players: int, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every tile and count of every seat's line lies inside the window, under none of
    the toolbar, the item bar, a panel or its note, the status line, the claim buttons
    or the wall, and apart from the other seats' lines."""
    with _table(players, lang, monkeypatch) as table:
        problems: list[str] = []
        for size in WINDOWS:
            table.app.resize(size)
            screen = pygame.Rect(0, 0, *size)
            clear = _keep_clear(table, lang)
            for melds, wins, kinds, revealed in _cases():
                case = f"{size} melds={melds} wins={wins}/{kinds} revealed={revealed}"
                lines = _lines(table, melds, wins, kinds, revealed)
                for pos, rects in lines.items():
                    assert rects or not wins, (case, pos)
                    for rect in rects:
                        if not screen.contains(rect):
                            problems.append(f"{case}: seat at {pos}: {rect} off the window")
                        for name, keep in clear.items():
                            hit = rect.collidelist(keep)
                            if hit != -1:
                                problems.append(
                                    f"{case}: seat at {pos}: {rect} under the {name} {keep[hit]}"
                                )
                for a, b in ((a, b) for a in lines for b in lines if a < b):
                    for rect in lines[a]:
                        if rect.collidelist(lines[b]) != -1:
                            problems.append(f"{case}: the lines at {a} and {b} cross at {rect}")
            if size in ((1024, 640), (1920, 1080)):
                _lines(table, 1, *MOST[1], False)
                _shot(table, f"xueliu_lines_{players}p_{lang}_{size[0]}x{size[1]}")
        assert not problems, "\n".join(problems[:40])


def _shot(table: TableScene, name: str) -> None:
    """The table with every seat as ``_lines`` left it, and the toolbar (drawn, not
    stepped; without the overlays, so no question covers the hands)."""
    app = table.app
    table.model.hides_hand = False
    table.painter.draw(app.screen)
    app.ui.update(0.0)
    app.ui.draw_ui(app.screen)
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize(
    ("wins", "kinds"),
    [
        ((), []),
        ((5,), [(5, 1)]),
        ((5, 12, 5, 5, 12, 3), [(5, 3), (12, 2), (3, 1)]),  # in the order first won
    ],
)
def test_won_tiles_lie_one_a_kind(wins: tuple[int, ...], kinds: list[tuple[int, int]]) -> None:
    assert won_kinds(wins) == kinds


def test_a_line_that_fits_keeps_its_steps() -> None:
    runs = [Run(3, 10, 12, 5, rank=0), Run(2, 10, 11, 5, rank=2)]
    assert fit_runs(runs, 4, 2, 100) == [[0, 10, 20], [36, 46]]
    assert line_length(runs, fit_runs(runs, 4, 2, 100)) == 57


def test_a_long_line_squeezes_the_backs_first_then_the_gaps_then_the_won_tiles() -> None:
    backs, won = Run(5, 10, 12, 6, rank=0), Run(3, 10, 10, 5, rank=2)  # 90 long unsqueezed
    assert fit_runs([backs, won], 8, 2, 76) == [[0, 6, 12, 18, 24], [44, 54, 64]]
    assert fit_runs([backs, won], 8, 2, 60) == [[0, 6, 12, 18, 24], [38, 44, 50]]


@pytest.mark.parametrize("room", [0, 7, 20, 33])
def test_a_line_past_every_least_still_fits_its_room(room: int) -> None:
    runs = [Run(4, 10, 12, 6, rank=0), Run(9, 10, 10, 5, rank=2), Run(3, 10, 10, 7, rank=3)]
    offsets = fit_runs(runs, 8, 2, room)
    assert line_length(runs, offsets) <= max(room, 12)
    flat = [o for run in offsets for o in run]
    assert flat == sorted(flat)  # still in order


@pytest.mark.parametrize("size", WINDOWS)
@pytest.mark.parametrize("players", [4, 3, 2])
def test_each_line_has_room_for_a_hand_of_melds_and_a_won_tile(
    size: tuple[int, int], players: int
) -> None:
    """The stretch kept for each side column and the top row holds, unsqueezed, fourteen
    tiles or four melds and the rest, and one kind won on."""
    lay = Layout.compute(*size, players=players)
    step = get_tile_art(lay.open_w).step
    back = get_tile_art(lay.opp_w).step
    for pos, hand_step in ((1, lay.opp_step), (2, back), (3, lay.opp_step)):
        first, last = lay.lines[pos]
        longest = max(
            (14 - 3 * m) * hand_step + lay.px(8) + m * (3 * step + lay.px(8)) for m in range(5)
        )
        assert last - first >= longest + step + lay.px(8), (pos, lay.lines[pos], longest)
