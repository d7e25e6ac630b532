"""The table never waits for an input that cannot be given (issue: the table, finished).

Each test plays a fixed-seed hand with greedy bots up to the moment in question through the
public ``Round`` API, seats it at a running table and then drives the table with posted
events and frames only: a forced win (RULES.md §3.6) is made by the table with no 过 on
offer, a locked 血流成河 hand discards by itself, a winner may leave (§6.4) or skip to the
result, and the hand is settled either way.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from test_game_support import DT, post_key, running_app, table_of

from engine.round import Action, ActionKind, EventKind, Phase, Round
from engine.rules import get_preset
from engine.tiles import tile_name
from game.app import App
from game.scenes.pause import PauseScene
from game.scenes.settlement import SettlementScene
from game.table.anim import Callout
from game.table.bots import make_bot
from game.table.buttons import ToolbarItem, Wanted, wanted_buttons
from game.table.controller import Controller
from game.table.scene import TableScene

Stop = Callable[[Round], bool]


def play_to(
    preset: str,
    seed: int,
    stop: Stop,
    human_wins: bool = False,
    inventories: list[dict[str, int]] | None = None,
) -> Round:
    """Seed ``seed`` of ``preset`` played by greedy bots until ``stop`` holds; seat 0 takes
    a win only when it is its one legal move (or always, with ``human_wins``); items held
    (``inventories``) are never used."""
    rnd = Round.new(get_preset(preset), seed, 0, inventories=inventories)
    bots = {s: make_bot("greedy", seed * 4 + s) for s in range(4)}
    while not rnd.is_over and not stop(rnd):
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        if seat == 0 and human_wins and wins:
            rnd.apply(wins[0])
            continue
        if seat == 0 and len(legal) > 1:
            legal = [a for a in legal if a.kind is not ActionKind.WIN]
        rnd.apply(bots[seat].choose(rnd.view(seat), legal))
    assert not rnd.is_over, "the seed no longer reaches the moment the test needs"
    return rnd


def human_legal(rnd: Round) -> list[Action]:
    return rnd.legal_actions(0) if 0 in rnd.pending_seats() else []


def forced_win(on_discard: bool) -> Stop:
    def stop(rnd: Round) -> bool:
        legal = human_legal(rnd)
        forced = len(legal) == 1 and legal[0].kind is ActionKind.WIN
        return forced and (rnd.view(0).claim_tile is not None) == on_discard

    return stop


def seat(app: App, rnd: Round) -> TableScene:
    """``rnd`` at the app's table, as if the table had dealt it."""
    table = table_of(app)
    assert table is not None
    app.step(DT)
    if table.held:  # the 乾坤大挪移 question before the deal: not this hand
        post_key(pygame.K_ESCAPE)
        app.step(DT)
    assert not table.held
    ctl = table.ctl
    assert isinstance(ctl, Controller)
    ctl.cancel()
    ctl.round = rnd
    ctl.events = list(rnd.events)
    table.rewind()
    return table


def human_wins(rnd: Round) -> int:
    return sum(1 for e in rnd.events if e.kind is EventKind.WIN and e.seat == 0)


@pytest.mark.parametrize(("seed", "on_discard"), [(6, False), (7, True)])
def test_a_forced_win_offers_no_pass_and_is_made_by_the_table(seed: int, on_discard: bool) -> None:
    rnd = play_to("standard", seed, forced_win(on_discard))
    with running_app(seed=seed, speed="normal") as app:
        table = seat(app, rnd)
        for _ in range(120):
            app.step(DT)
            if table.model.legal:
                break
        targets = [target for _, target, _ in wanted_buttons(table.model)]
        assert targets and all(isinstance(t, Action) for t in targets)
        assert all(t.kind is ActionKind.WIN for t in targets)  # no 过, no dismiss
        assert Wanted.DISMISS not in targets
        status = table.model.status_text()
        assert status is not None and "胡" in status
        post_key(pygame.K_ESCAPE)  # Esc cannot put the only move away: it pauses
        app.step(DT)
        assert isinstance(app.stack.top, PauseScene)
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert app.stack.top is table
        for _ in range(240):
            if human_wins(rnd):
                break
            app.step(DT)
        assert human_wins(rnd) == 1  # the table won for the player, with its callout
        callouts = [a for a in table.animator._anims if isinstance(a, Callout)]
        assert callouts  # the win is called out as any win is


def locked_discard(rnd: Round) -> bool:
    legal = human_legal(rnd)
    return rnd.view(0).seats[0].won and len(legal) == 1 and legal[0].kind is ActionKind.DISCARD


def test_a_locked_xueliu_hand_discards_its_drawn_tile_by_itself() -> None:
    rnd = play_to("modern_xueliu", 3, locked_discard, human_wins=True)
    with running_app(preset="modern_xueliu", seed=3) as app:
        table = seat(app, rnd)
        drawn = rnd.view(0).last_drawn
        pond = len(rnd.view(0).seats[0].pond)
        app.step(DT)
        assert table.model.status_text() is not None
        for _ in range(120):
            if len(rnd.view(0).seats[0].pond) > pond:
                break
            app.step(DT)
        assert rnd.view(0).seats[0].pond[pond].tile == drawn


def won_and_playing(rnd: Round) -> bool:
    return rnd.view(0).seats[0].won and not rnd.is_over


def test_a_winner_who_leaves_has_the_hand_played_out_and_settled() -> None:
    rnd = play_to("standard", 3, won_and_playing, human_wins=True)
    with running_app(seed=3) as app:
        table = seat(app, rnd)
        app.step(DT)
        coins_before = app.profile.coins
        hands_before = app.profile.stats.hands
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert not pause.mid_hand()  # no walk-out question: a winner leaves freely
        pause.choose("leave")
        app.step(DT)
        ctl = table.ctl
        assert rnd.is_over and ctl.delta is not None
        assert any(e.kind is EventKind.LEAVE for e in rnd.events)
        assert app.profile.stats.hands == hands_before + 1
        assert app.profile.coins == coins_before + ctl.delta[0]
        assert table_of(app) is None


def test_skip_to_result_plays_the_rest_at_once_and_opens_the_settlement() -> None:
    rnd = play_to("standard", 3, won_and_playing, human_wins=True)
    with running_app(seed=3) as app:
        table = seat(app, rnd)
        app.step(DT)
        app.step(DT)
        rect = table.toolbar.rect_of(ToolbarItem.SKIP)
        assert rect is not None
        from test_game_support import post_click

        post_click(rect.center)
        for _ in range(30):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert rnd.is_over
        assert isinstance(app.stack.top, SettlementScene)


def free_win(rnd: Round) -> bool:
    legal = human_legal(rnd)
    return any(a.kind is ActionKind.WIN for a in legal) and len(legal) > 1


def test_auto_win_takes_a_win_that_could_be_passed() -> None:
    rnd = play_to("standard", 3, free_win)
    with running_app(seed=3) as app:
        app.settings.auto_win = True
        table = seat(app, rnd)
        table.on_enter()  # the table reads 自动胡 from the settings
        for _ in range(120):
            if human_wins(rnd):
                break
            app.step(DT)
        assert human_wins(rnd) == 1


def must_discard(rnd: Round) -> bool:
    legal = human_legal(rnd)
    return len([a for a in legal if a.kind is ActionKind.DISCARD]) > 1


def test_the_turn_timer_makes_the_move_when_time_runs_out() -> None:
    rnd = play_to("standard", 0, must_discard)
    with running_app(seed=0) as app:
        app.settings.turn_timer = 10
        table = seat(app, rnd)
        table.on_enter()
        pond = len(rnd.view(0).seats[0].pond)
        app.step(DT)
        left = table.ctl.turn_left()
        assert left is not None and 9 < left <= 10
        for _ in range(int(9 / DT)):
            app.step(DT)
        assert len(rnd.view(0).seats[0].pond) == pond  # still the player's to choose
        assert not any("Time's up" in n for n in app.notices.texts("en"))
        for _ in range(int(2 / DT)):
            app.step(DT)
        assert len(rnd.view(0).seats[0].pond) == pond + 1  # the bot's move, made in time
        # and the player is told it was not theirs
        assert any("Time's up" in n for n in app.notices.texts("en"))
        assert any("时间到" in n for n in app.notices.texts("zh"))


def last_void_tile(rnd: Round) -> bool:
    legal = [a for a in human_legal(rnd) if a.kind is not ActionKind.USE_ITEM]
    return (
        not rnd.view(0).seats[0].won
        and len(legal) == 1
        and legal[0].kind is ActionKind.DISCARD
        and rnd.view(0).void_first
    )


def test_the_last_void_tile_goes_by_itself_and_the_line_says_why() -> None:
    """With one void-suit tile left under 先打缺门 it is the hand's only move: the table
    throws it after a beat and says so — not that the player has won (the line of a
    血流 winner's drawn tile, which it used to show)."""
    for seed in range(40):
        rnd = play_to("standard", seed, last_void_tile)
        if not rnd.is_over:
            break
    else:
        raise AssertionError("no hand of seeds 0-39 left seat 0 one void tile to throw")
    tile = human_legal(rnd)[0].tile
    assert tile is not None
    with running_app(seed=seed, lang="en") as app:
        table = seat(app, rnd)
        app.step(DT)
        status = table.model.status_text() or ""
        assert tile_name(tile, "en") in status and "for you" in status and "won" not in status
        pond = len(rnd.view(0).seats[0].pond)
        for _ in range(120):
            if len(rnd.view(0).seats[0].pond) > pond:
                break
            app.step(DT)
        assert rnd.view(0).seats[0].pond[pond].tile == tile


def test_an_item_on_offer_leaves_the_last_void_tile_to_the_player() -> None:
    """The last void tile is the only discard, but 偷天换日 could swap it away first: with an
    item on offer that is a choice, so the table waits for the player."""
    held = [{"tou_tian": 1}, {}, {}, {}]
    for seed in range(40):
        rnd = play_to("standard", seed, last_void_tile, inventories=held)
        if not rnd.is_over:
            break
    else:
        raise AssertionError("no hand of seeds 0-39 left seat 0 one void tile to throw")
    assert any(a.kind is ActionKind.USE_ITEM for a in human_legal(rnd))
    with running_app(seed=seed, lang="en") as app:
        table = seat(app, rnd)
        pond = len(rnd.view(0).seats[0].pond)
        for _ in range(180):  # three seconds: far past the table's beat
            app.step(DT)
        assert len(rnd.view(0).seats[0].pond) == pond  # still the player's move
        assert "for you" not in (table.model.status_text() or "")


def test_swap_three_and_the_void_can_be_chosen_with_the_keyboard_alone() -> None:
    """换三张: ←/→ to a tile and Enter picks or unpicks it, Enter again swaps the three (the
    keyboard could only take the suggested three); 定缺: ←/→ to a tile and Enter declares its
    suit (only the suggested ★ suit could be taken)."""
    from engine.tiles import suit_of

    with running_app(preset="modern", seed=4) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(600):
            if table.held:  # the 乾坤大挪移 question before the deal: not this time
                post_key(pygame.K_ESCAPE)
            app.step(DT)
            if table.model.exchanging() and not table.animating:
                break
        m = table.model
        assert m.exchanging()
        suggested = list(m.exchange_pick)
        # a suit other than the suggested one, with at least three tiles
        counts = {s: [sl.index for sl in m.slots if suit_of(sl.kind) == s] for s in range(3)}
        suit = next(s for s, idx in counts.items() if len(idx) >= 3 and idx[0] not in suggested)
        chosen = counts[suit][:3]
        for target in chosen:
            m.selected = None
            for _ in range(target + 1):
                post_key(pygame.K_RIGHT)
            post_key(pygame.K_RETURN)
            app.step(DT)
            # Confirm shows only for three of one suit (it looked ready with two)
            assert bool(table.buttons.buttons) == (len(m.exchange_pick) == 3)
        assert sorted(m.exchange_pick) == sorted(chosen)
        kinds = sorted(m.slots[i].kind for i in chosen)
        post_key(pygame.K_RETURN)  # no arrow since: swap these three
        app.step(DT)
        assert any(
            d.kind is ActionKind.EXCHANGE_THREE and d.seat == 0 and sorted(d.tiles) == kinds
            for d in table.ctl.round.decisions
        )
        for _ in range(600):
            app.step(DT)
            if m.view.phase is Phase.DECLARE_VOID and m.legal and not table.animating:
                break
        assert m.view.phase is Phase.DECLARE_VOID
        star = m.suggested_void()
        other = next(sl for sl in m.slots if suit_of(sl.kind) != star)
        m.selected = None
        for _ in range(other.index + 1):
            post_key(pygame.K_RIGHT)
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert table.ctl.round.view(0).own_void == suit_of(other.kind)
