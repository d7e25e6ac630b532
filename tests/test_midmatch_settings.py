"""Settings changed over the paused table (pause menu → Settings → back) apply to the match:
at once when the table comes back, and in its next hands — all through real pygame events."""

from __future__ import annotations

import random

import pygame
from test_game_support import (
    DT,
    human_input,
    play_until_human_discards,
    play_until_settlement,
    post_click,
    post_key,
    running_app,
    table_of,
)

from game.app import App
from game.scenes.pause import PauseScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.settlement import SettlementScene
from game.table.anim import BOT_PACE
from game.table.items import ItemsOverlay
from game.table.scene import TableScene
from game.ui.controls import Segmented, Toggle


def _click(app: App, pos: tuple[int, int]) -> None:
    post_click(pos)
    app.step(DT)


def _change_in_pause_settings(app: App, table: TableScene, **choices: str | bool | int) -> None:
    """Esc → the pause menu's Settings → click each choice → Back → Esc (resume)."""
    rng = random.Random(3)
    items = table.overlay(ItemsOverlay)  # the item bar's 乾坤大挪移 question takes the first Esc
    if isinstance(items, ItemsOverlay) and items.holds:
        post_key(pygame.K_ESCAPE)
        app.step(DT)
    while table.model.claim_options() or table.animating:  # Esc would pass a claim first
        human_input(table, rng)
        app.step(DT)
    for _ in range(3):  # the item bar may take a first Esc (closing what it shows)
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        if app.stack.top is not table:
            break
    pause = app.stack.top
    assert isinstance(pause, PauseScene), app.stack.scenes
    _click(app, next(c.rect.center for c in pause.controls if c.name == "settings"))
    for name, value in choices.items():
        scene = app.stack.top
        assert isinstance(scene, SettingsScene), app.stack.scenes
        control = next(c for c in scene.controls if c.name == name)
        if isinstance(control, Segmented):
            _click(app, control.cell_of(str(value)).center)
        else:
            assert isinstance(control, Toggle)
            if control.value != value:
                _click(app, control.rect.center)
        assert getattr(app.settings, name) == value
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    _click(app, next(c.rect.center for c in scene.controls if c.name == "back"))
    assert app.stack.top is pause
    post_key(pygame.K_ESCAPE)  # Esc resumes
    app.step(DT)
    assert app.stack.top is table


def test_speeds_chosen_over_the_paused_table_apply_at_once_and_in_the_next_hand() -> None:
    with running_app(seed=5, speed="fast") as app:
        table = table_of(app)
        assert table is not None
        assert (table.animator.speed, table.driver.bot_pace) == ("fast", BOT_PACE["fast"])
        for _ in range(30):
            app.step(DT)
        _change_in_pause_settings(app, table, speed="slow", bot_pace="slow")
        assert table.animator.speed == "slow"
        assert table.driver.bot_pace == BOT_PACE["slow"]  # was the match's start: fast
        # the two rows apply apart (the toolbar's one button sets both)
        _change_in_pause_settings(app, table, speed="instant", bot_pace="normal")
        assert (table.animator.speed, table.driver.bot_pace) == ("instant", BOT_PACE["normal"])
        _change_in_pause_settings(app, table, bot_pace="instant")
        assert table.driver.bot_pace == BOT_PACE["instant"]
        play_until_settlement(app, random.Random(5))
        assert isinstance(app.stack.top, SettlementScene)
        post_key(pygame.K_RETURN)  # the next hand
        app.step(DT)
        nxt = table_of(app)
        assert nxt is not None and nxt is not table and nxt.driver.hand_no == 2
        assert (nxt.animator.speed, nxt.driver.bot_pace) == ("instant", BOT_PACE["instant"])


def test_hints_switched_over_the_paused_table_show_or_go_at_once() -> None:
    with running_app(seed=21) as app:
        table = table_of(app)
        assert table is not None and app.settings.hints
        play_until_human_discards(app, table, random.Random(1))
        assert table.model.hints is not None
        decisions = len(table.driver.round.decisions)
        _change_in_pause_settings(app, table, hints=False)
        assert table.model.hints is None  # not still shown until the next move
        _change_in_pause_settings(app, table, hints=True)
        assert table.model.hints is not None  # not still hidden until the next move
        assert len(table.driver.round.decisions) == decisions  # nobody moved meanwhile


def test_table_options_chosen_over_the_paused_table_reach_its_controller() -> None:
    with running_app(seed=6, preset="modern_xueliu") as app:
        table = table_of(app)
        assert table is not None
        for _ in range(30):
            app.step(DT)
        _change_in_pause_settings(app, table, auto_win=True, auto_discard=True, turn_timer=15)
        ctl = table.driver
        assert (ctl.auto_win, ctl.auto_discard, ctl.turn_timer) == (True, True, 15.0)
