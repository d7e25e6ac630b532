"""A whole hand played as the human through real pygame mouse and keyboard events."""

from __future__ import annotations

import random

import pytest
from test_game_support import (
    DT,
    play_until_human_discards,
    play_until_settlement,
    running_app,
    table_of,
)

from game.scenes.settlement import SettlementScene
from game.table.buttons import ToolbarItem
from game.table.scene import TableScene


@pytest.mark.parametrize(("preset", "seed"), [("standard", 11), ("modern", 5), ("chengdu", 3)])
def test_human_plays_a_whole_hand_with_mouse_and_keys(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    with running_app(preset=preset, seed=seed) as app:
        table = table_of(app)
        assert table is not None and table.model.human == 0
        start_events = len(table.ctl.round.events)
        done = play_until_settlement(app, rng)
        assert table.ctl.is_over
        assert len(table.ctl.round.events) > start_events + 20  # the engine advanced
        assert {"click", "drag", "keys"} & set(done), done  # the human discarded by input
        human_discards = [
            e for e in table.ctl.round.events if e.kind.name == "DISCARD" and e.seat == 0
        ]
        assert human_discards
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        for _ in range(3):
            app.step(DT)  # the overlay draws over the table without errors
        settlement.next_hand()
        nxt = app.stack.top
        assert isinstance(nxt, TableScene) and nxt is not table
        assert nxt.ctl.hand_no == 2
        assert nxt.ctl.round.dealer == table.ctl.match.dealer


def test_keyboard_only_discards_the_selected_tile() -> None:
    with running_app(seed=21) as app:
        table = table_of(app)
        assert table is not None
        play_until_human_discards(app, table, random.Random(1))
        legal = table.ctl.human_legal()
        discardable = {a.tile for a in legal if a.kind.name == "DISCARD"}
        assert discardable
        target = next(s for s in table.model.slots if s.kind in discardable)
        import pygame
        from test_game_support import post_key

        table.model.selected = None
        for _ in range(target.index + 1):
            post_key(pygame.K_RIGHT)
        post_key(pygame.K_RETURN)
        pond_before = len(table.model.view.seats[0].pond)
        app.step(DT)
        assert len(table.ctl.round.view(0).seats[0].pond) == pond_before + 1
        assert table.ctl.round.view(0).seats[0].pond[-1].tile == target.kind


def test_main_menu_quick_play_opens_the_table(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame
    from test_game_support import post_key

    from game.app import App, Settings
    from game.nav import Navigator

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"))
    try:
        Navigator(app).main_menu()
        app.step(DT)
        post_key(pygame.K_RETURN)  # Quick play has the focus
        for _ in range(5):
            app.step(DT)
        table = table_of(app)
        assert table is not None and table.model.human == 0
        assert app.stack.top is table
    finally:
        app.close()


def test_a_bot_that_never_answers_does_not_stall_the_table() -> None:
    from game.table.controller import Controller

    with running_app(demo=True, seed=4) as app:
        table = table_of(app)
        assert table is not None
        ctl = table.ctl
        assert isinstance(ctl, Controller)

        class Silent:
            generation = 0

            def submit(self, *args: object) -> None:
                pass

            def poll(self) -> list[object]:
                return []

        ctl.runner = Silent()  # type: ignore[assignment]
        ctl.bot_timeout = 0.0
        before = len(ctl.round.events)
        for _ in range(200):
            app.step(DT)
        assert len(ctl.round.events) > before + 10  # first legal moves keep it going
        assert ctl.error is not None and "no answer" in ctl.error


def test_confirm_discard_setting_needs_a_second_click() -> None:
    from test_game_support import post_click

    with running_app(seed=21) as app:
        app.settings.confirm_discard = True
        table = table_of(app)
        assert table is not None
        play_until_human_discards(app, table, random.Random(1))
        tiles = {a.tile for a in table.ctl.human_legal() if a.kind.name == "DISCARD"}
        slot = next(s for s in table.model.slots if s.kind in tiles)
        pond = len(table.ctl.round.view(0).seats[0].pond)
        post_click(slot.rect.center)
        app.step(DT)
        assert len(table.ctl.round.view(0).seats[0].pond) == pond  # only selected
        assert table.model.selected == slot.index
        post_click(slot.rect.center)
        app.step(DT)
        assert len(table.ctl.round.view(0).seats[0].pond) == pond + 1


def test_menu_then_leave_mid_hand_settles_a_walk_out() -> None:
    from test_game_support import post_click

    from game.scenes.pause import PauseScene

    with running_app(seed=8) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(5):
            app.step(DT)
        menu = table.toolbar.rect_of(ToolbarItem.MENU)
        assert menu is not None
        post_click(menu.center)  # the pause menu opens; nothing is settled yet
        app.step(DT)  # pygame-gui turns the click into a button press for the next frame
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene) and not table.ctl.is_over
        pause.choose("leave")  # mid-hand: asks first
        assert pause.confirming and not table.ctl.is_over
        pause.confirm_leave()
        for _ in range(240):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert table.ctl.is_over
        assert isinstance(app.stack.top, SettlementScene)
        reasons = {e.reason for e in table.ctl.round.ledger.entries}
        assert "leave_penalty" in reasons
        assert table.ctl.round.ledger.totals()[0] < 0


def test_hints_toggle_with_f1() -> None:
    import pygame
    from test_game_support import human_input, post_key

    with running_app(seed=21) as app:
        table = table_of(app)
        assert table is not None
        rng = random.Random(1)
        for _ in range(3000):
            app.step(DT)
            if table.model.view.phase.name == "PLAY" and table.model.hints is not None:
                break
            if table.ctl.human_legal():
                human_input(table, rng)
        assert table.model.hints is not None and table.model.hints.line
        post_key(pygame.K_F1)
        app.step(DT)
        assert table.model.hints is None and not app.settings.hints
        post_key(pygame.K_F1)
        app.step(DT)
        assert table.model.hints is not None and app.settings.hints


def test_esc_puts_own_turn_claims_away_then_pauses() -> None:
    """In one's own turn a kong has no Pass to press: the first Esc puts the claim buttons
    away, the second (nothing left to pass) opens the pause menu."""
    import pygame
    from test_game_support import post_key

    from engine.round import ActionKind, Round, compose_wall
    from game.scenes.pause import PauseScene

    hands = [
        "1111m234m567p789p5s",
        "666m777m888m999m5m",
        "111p222p333p444p6s",
        "111s222s333s444s7s",
    ]
    with running_app(preset="chengdu", seed=3) as app:  # no void to declare, no items
        table = table_of(app)
        assert table is not None
        ctl = table.ctl
        ctl.round = Round.from_wall(ctl.rules, compose_wall(hands, "9s8s", dealer=0), 0, seed=1)
        table.refresh()
        for _ in range(30):
            app.step(DT)
        kong = next(a for a in ctl.human_legal() if a.kind is ActionKind.CONCEALED_KONG)
        assert not any(a.kind is ActionKind.PASS for a in ctl.human_legal())
        assert table.claim_rect(kong) is not None
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert app.stack.top is table and table.claim_rect(kong) is None  # put away
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert isinstance(app.stack.top, PauseScene)
        assert not ctl.round.view(0).seats[0].melds  # nothing was played


def test_two_tables_on_one_seed_never_share_a_bot() -> None:
    """The bots' worker keeps a bot per key: keyed by the match seed, a second table on the
    same seed (the tutorial after a match, a --seed played again) was handed the first
    table's bot objects — another level, or state already used — and played differently."""
    from engine.match import MatchState
    from engine.rules import get_preset
    from game.table.controller import Controller, Seating

    rules = get_preset("standard")
    first = Controller(rules, MatchState(rules=rules, seed=11), Seating(0, ("random",) * 4))
    again = Controller(rules, MatchState(rules=rules, seed=11), Seating(0, ("hard",) * 4))
    assert all(first._key(seat) != again._key(seat) for seat in range(4))
    assert first._key(1) == first._key(1)  # one bot per hand and seat within a table
