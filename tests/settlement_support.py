"""Helpers of the settlement tests (test_settlement_*.py and others; no tests here): a
hand the bots play out, its settlement at the end of its replay, the body's rows as rectangles."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
from test_game_support import DT, play_until_settlement, running_app

from engine.bots import load_bot
from engine.replay import record
from engine.round import Round
from engine.rules import get_preset
from engine.settlement import Reason
from game.app import App, Settings
from game.nav import Navigator
from game.scenes.settlement import SettlementScene
from game.table.replay import ReplayControls


def played(preset: str, seed: int, bot: str = "greedy") -> Round:
    """A hand of ``preset`` the ``bot`` bots play out from ``seed``."""
    rules = get_preset(preset)
    rnd = Round.new(rules, seed, 0)
    bots = [load_bot(bot, seed * 10 + s) for s in range(rules.players)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


def hand_with(preset: str, reason: Reason, tries: int = 1000) -> Round:
    """A hand the greedy bots play out under ``preset`` with a payment for ``reason``."""
    for seed in range(1, tries):
        rnd = played(preset, seed)
        if any(e.reason is reason for e in rnd.ledger.entries):
            return rnd
    raise AssertionError(f"no {reason} in {preset}")


@contextmanager
def settled(rnd: Round, tmp: Path, lang: str, window: tuple[int, int]) -> Iterator[SettlementScene]:
    """``rnd``'s settlement at the end of its replay, its body laid out."""
    path = tmp / "hand.json"
    path.write_text(json.dumps(record(rnd)), encoding="utf-8")
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), window)
    try:
        viewer = Navigator(app).watch_replay(path)
        controls = viewer.overlay(ReplayControls)
        assert isinstance(controls, ReplayControls)
        app.step(DT)
        controls.seek(controls.controller.total - 1)
        controls.step_forward()
        for _ in range(3000):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        app.step(DT)
        yield st
    finally:
        app.close()


def rects(st: SettlementScene) -> list[pygame.Rect]:
    return [pygame.Rect((row.x, row.y), row.size) for row in st._laid_out().rows]


@contextmanager
def two_seat_settlement(lang: str) -> Iterator[SettlementScene]:
    """The settlement of a two-seat hand (liangren, seed 3) the greedy bots play to its end,
    in ``lang``; its hand's delta is known."""
    with running_app(preset="liangren", seed=3, bots=("greedy",) * 3, lang=lang) as app:
        play_until_settlement(app, random.Random(3))
        st = app.stack.top
        assert isinstance(st, SettlementScene) and st.ctl.delta is not None
        yield st
