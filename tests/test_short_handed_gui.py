"""The three- and two-seat tables played as the human through real pygame events: the seats
sit where ``engine.round.TABLE_PLACES`` puts them, the wall has the variant's tiles, and a
whole hand runs to its settlement and on to the next hand."""

from __future__ import annotations

import random

import pygame
import pytest
from test_game_support import (
    DT,
    human_input,
    play_until_settlement,
    post_click,
    post_key,
    running_app,
    table_of,
)

from engine.match import first_dealer
from engine.round import EventKind, table_place, wall_stacks
from game.app import App, Settings
from game.autosave import Autosave
from game.nav import Navigator
from game.replays import list_replays
from game.scenes.match_end import MatchEndScene
from game.scenes.settlement import SettlementScene
from game.table import anim
from game.table.layout import Layout
from game.table.match_session import MatchSession
from game.table.scene import TableKind, TableScene

ROOMS = [("sanren_liangfang", 3, 72, 4), ("liangren", 2, 72, 3)]


@pytest.mark.parametrize(("preset", "players", "tiles", "seed"), ROOMS)
def test_a_short_handed_hand_is_played_through_by_posted_events(
    preset: str, players: int, tiles: int, seed: int
) -> None:
    rng = random.Random(seed)
    with running_app(preset=preset, seed=seed) as app:
        table = table_of(app)
        assert table is not None
        lay = table.layout
        assert (lay.players, lay.tiles) == (players, tiles)
        assert lay.wall_stacks == wall_stacks(tiles)
        assert table.model.players == players
        # every seat at its place: three leave the top empty, two face each other
        places = sorted(lay.place(s, table.model.bottom) for s in range(players))
        assert places == sorted(table_place(s, 0, players) for s in range(players))
        assert places == ([0, 1, 3] if players == 3 else [0, 2])
        done = play_until_settlement(app, rng)
        rnd = table.ctl.round
        assert rnd.is_over
        assert {"click", "drag", "keys"} & set(done), done  # the human discarded by input
        discards = [e for e in rnd.events if e.kind is EventKind.DISCARD]
        assert {e.seat for e in discards} <= set(range(players))
        assert any(e.seat == 0 for e in discards)
        # tiles conserved on the table as the engine sees them: hands, melds, ponds, wall
        assert sum(len(rnd.view(s).tiles) for s in range(players)) <= tiles
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        for _ in range(3):
            app.step(DT)  # the settlement draws its rows for the table's seats
        assert len(table.ctl.match.points) == players
        assert sum(table.ctl.match.points) == 0  # zero-sum over the seats there are
        assert app.profile.stats.per_preset[preset].hands == 1  # statistics per variant
        settlement.next_hand()
        nxt = app.stack.top
        assert isinstance(nxt, TableScene) and nxt is not table
        assert nxt.ctl.hand_no == 2 and nxt.layout.players == players
        for _ in range(5):
            app.step(DT)


@pytest.mark.parametrize(("players", "tiles"), [(4, 108), (3, 72), (3, 108), (2, 72), (2, 36)])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_wall_ring_fits_the_tiles_and_stays_on_screen(
    players: int, tiles: int, size: tuple[int, int]
) -> None:
    from game.table.geometry import wall_ring

    lay = Layout.compute(*size, players, tiles)
    ring = wall_ring((3, 4), 0, lay.wall_stacks)
    assert len(ring) * 2 == tiles == lay.tiles
    screen = (0, 0, lay.w, lay.h)
    for pos, stack in ring:
        rect = lay.wall_stack_rect(pos, stack)
        assert rect.colliderect(screen) and rect.clip(screen) == rect
        assert not rect.colliderect(lay.center_box)


TABLES = [(3, 72), (3, 108), (2, 72), (2, 36)]
SIZES = [(1024, 640), (1280, 800), (1920, 1080), (1600, 640)]


def _places(players: int) -> list[int]:
    return sorted(table_place(s, 0, players) for s in range(players))


@pytest.mark.parametrize(("players", "tiles"), TABLES)
@pytest.mark.parametrize("size", SIZES)
def test_a_short_handed_centre_is_larger_and_keeps_its_parts_apart(
    players: int, tiles: int, size: tuple[int, int]
) -> None:
    import itertools

    import pygame

    lay = Layout.compute(*size, players, tiles)
    four = Layout.compute(*size)
    assert lay.pond_w > four.pond_w and lay.wall_w > four.wall_w  # the free seat's room used
    # a side seat's revealed hand and melds stay four-seat sized: its column reaches no further
    assert lay.open_w == four.pond_w == four.open_w
    screen = pygame.Rect(0, 0, *size)
    full = lay.pond_cols * lay.pond_rows
    assert full >= 18  # three seats discard about 11 each, two about 22, before rows squeeze
    ponds = {p: [lay.pond_slot(p, i, full)[0] for i in range(full)] for p in _places(players)}
    for rects in ponds.values():
        assert all(screen.contains(r) for r in rects)
        assert not any(r.colliderect(lay.center_box) for r in rects)
    for a, b in itertools.combinations(ponds, 2):
        assert not any(ra.colliderect(rb) for ra in ponds[a] for rb in ponds[b]), (a, b)
    pond_area = lay.center_box.unionall([r for rects in ponds.values() for r in rects])
    walls = [lay.wall_stack_rect(p, s) for p in range(4) for s in range(lay.wall_stacks[p])]
    assert not any(w.colliderect(pond_area) for w in walls)
    # the walls reach no further than the four-seat table's, so hands and panels keep clear
    ring = pygame.Rect(walls[0]).unionall(walls)
    four_walls = [four.wall_stack_rect(p, s) for p in range(4) for s in range(four.wall_stacks[p])]
    four_ring = pygame.Rect(four_walls[0]).unionall(four_walls)
    assert four_ring.inflate(4 * four.wall_lift, 4 * four.wall_lift).contains(ring)
    for p in _places(players):
        assert not lay.panels[p].colliderect(ring)


@pytest.mark.parametrize(("preset", "players"), [("sanren_liangfang", 3), ("liangren", 2)])
def test_a_short_handed_match_resumes_from_its_autosave(preset: str, players: int) -> None:
    rng = random.Random(5)
    with running_app(preset=preset, seed=19) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(3000):
            if len(table.ctl.round.decisions) >= 8 or table.ctl.is_over:
                break
            if app.stack.top is table:
                human_input(table, rng)
            app.step(DT)
        rnd = table.ctl.round
        decisions, view, match = list(rnd.decisions), rnd.view(0), table.ctl.match
        dealer, coins = match.dealer, list(match.coins)
        assert Autosave().exists() and len(decisions) >= 8
    app2 = App(Settings(speed="instant", bot_pace="instant"), (1280, 800))
    try:
        assert Navigator(app2).resume() is None
        resumed = app2.stack.top
        assert isinstance(resumed, TableScene)
        assert resumed.layout.players == players == resumed.ctl.match.players
        assert list(resumed.ctl.round.decisions) == decisions
        assert resumed.ctl.round.view(0) == view
        assert (resumed.ctl.match.dealer, resumed.ctl.match.coins) == (dealer, coins)
        assert not resumed.draws_dealer()  # resumed part-way: the dealer was shown already
        for _ in range(3):
            app2.step(DT)
    finally:
        app2.close()


def _one_hand_match(app: App) -> MatchSession:
    """The table's match made one hand long, played (for the human) to its settlement."""
    table = table_of(app)
    assert table is not None
    session = table.ctl.match_session
    assert isinstance(session, MatchSession)
    session.hands = 1
    play_until_settlement(app, random.Random(2))
    return session


def test_a_three_seat_match_ends_with_three_standings() -> None:
    with running_app(preset="sanren_liangfang", seed=2) as app:
        table = table_of(app)
        session = _one_hand_match(app)
        assert session.over and len(session.log) == 1
        assert len(session.log[0]["totals"]) == 3 and "coins" in session.log[0]
        post_key(pygame.K_RETURN)
        app.step(DT)
        end = app.stack.top
        assert isinstance(end, MatchEndScene)
        for _ in range(3):
            app.step(DT)  # standings and the per-hand table drawn for three seats
        assert end.session.coin_changes(list(end.ctl.match.coins), True) is not None
        button = next(c.rect for c in end.controls if c.name == "new")
        post_click(button.center)
        app.step(DT)
        again = app.stack.top
        assert isinstance(again, TableScene) and again is not table
        assert again.ctl.rules == table.ctl.rules and again.layout.players == 3


@pytest.mark.parametrize(("lang", "seed"), [("zh", 0), ("en", 0), ("en", 5)])
def test_the_first_hand_shows_the_dice_choosing_the_dealer(lang: str, seed: int) -> None:
    with running_app(preset="sanren_liangfang", seed=seed, speed="normal", lang=lang) as app:
        table = table_of(app)
        assert table is not None
        ctl = table.ctl
        drawn = first_dealer(ctl.rules, ctl.match.seed)
        assert ctl.match.dealer == ctl.round.dealer == drawn
        assert table.draws_dealer()
        callouts = [a for a in table.animator._anims if isinstance(a, anim.Callout)]
        assert len(callouts) == 1 and callouts[0].sub is not None
        assert not callouts[0].blocking  # the deal and the play go on under it
        want = {
            ("zh", True): "你坐庄",
            ("en", True): "You deal",
            ("zh", False): f"{table.seat_name(drawn)}坐庄",
            ("en", False): f"{table.seat_name(drawn)} deals",
        }[(lang, drawn == 0)]
        assert table.dealer_line() == want
        for _ in range(5):
            app.step(DT)


def test_no_dealer_dice_on_an_east_first_dealer_a_later_hand_or_a_replay() -> None:
    with running_app(preset="standard", seed=3, speed="normal") as app:
        table = table_of(app)
        assert table is not None and table.ctl.rules.first_dealer == "east"
        assert not table.draws_dealer() and table.ctl.round.dealer == 0
        assert not [a for a in table.animator._anims if isinstance(a, anim.Callout)]
    rng = random.Random(2)
    with running_app(preset="sanren_liangfang", seed=5) as app:
        table = table_of(app)
        assert table is not None and table.draws_dealer()
        play_until_settlement(app, rng)
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        settlement.next_hand()
        nxt = app.stack.top
        assert isinstance(nxt, TableScene) and nxt.ctl.hand_no == 2
        assert not nxt.draws_dealer()  # the next dealer is the first winner's seat (§7)
        saved = list_replays(app.data_dir)
        assert saved and saved[0].hand_no == 1
        viewer = table.nav.watch_replay(saved[0].path)
        assert viewer.kind is TableKind.REPLAY and not viewer.draws_dealer()
        assert viewer.ctl.round.dealer == table.ctl.round.dealer  # the replay carries it


@pytest.mark.parametrize(
    ("preset", "window"),
    [("standard", (1024, 640)), ("standard", (1280, 800)), ("standard", (1920, 1080)),
     ("sanren_liangfang", (1024, 640))],
)  # fmt: skip
def test_the_match_end_of_a_full_eight_hand_match_fits_its_window(
    preset: str, window: tuple[int, int]
) -> None:
    """After the default eight hands, New match and Main menu lay below the window's edge."""
    with running_app(preset=preset, seed=2, window=window) as app:
        session = _one_hand_match(app)
        first = session.log[0]
        session.log[:] = [{**first, "hand_no": n} for n in range(1, 9)]
        post_key(pygame.K_RETURN)
        app.step(DT)
        end = app.stack.top
        assert isinstance(end, MatchEndScene)
        screen = pygame.Rect(0, 0, *app.size)
        assert all(screen.contains(c.rect) for c in end.controls), [c.rect for c in end.controls]
        box = end._box()
        assert screen.contains(box)
        assert all(c.rect.top > box.bottom for c in end.controls)
        app.step(DT)
