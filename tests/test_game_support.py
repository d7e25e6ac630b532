"""Shared helpers for the headless GUI tests (imported by tests/test_game_*.py; no tests here)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.replay import record
from engine.round import ActionKind, Round
from game.app import App, Settings
from game.match_config import MatchConfig
from game.nav import Navigator
from game.replays import save_replay
from game.scenes.match_end import MatchEndScene
from game.scenes.settlement import SettlementScene
from game.table.match_session import MatchSession
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import TableScene

DT = 1 / 60


@contextmanager
def running_app(
    *,
    window: tuple[int, int] = (1280, 800),
    lang: str = "zh",
    preset: str = "standard",
    demo: bool = False,
    seed: int = 7,
    speed: str = "instant",
    bots: tuple[str, str, str] = ("random", "random", "random"),
) -> Iterator[App]:
    """An App with the table already open over the lobby (as ``python -m game --play`` does),
    closed afterwards; the table's ``nav`` is the app's navigator."""
    settings = Settings(
        lang=lang, preset=preset, demo=demo, seed=seed, speed=speed, bot_pace=speed, bots=bots
    )
    app = App(settings, window)
    nav = Navigator(app)
    nav.lobby()
    nav.start_match(MatchConfig.quick(settings), demo=demo)
    try:
        yield app
    finally:
        app.close()


@contextmanager
def widest_toolbar_table(
    preset: str,
    overrides: tuple[str, ...],
    lang: str,
    window: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    seed: int = 11,
) -> Iterator[TableScene]:
    """A table (``preset`` with ``overrides``: 血流 at any number of seats) whose toolbar
    shows every button it may — the player has won (Skip to result), every toggle on."""
    settings = Settings(
        lang=lang,
        preset=preset,
        overrides=overrides,
        seed=seed,
        speed="instant",
        bot_pace="instant",
        bots=("random", "random", "random"),
    )
    app = App(settings, window)
    try:
        nav = Navigator(app)
        nav.lobby()
        nav.start_match(MatchConfig.quick(settings))
        table = table_of(app)
        assert table is not None
        s = app.settings
        s.hints = s.auto_win = s.auto_discard = s.tile_tracker = True
        table.ctl.auto = True
        monkeypatch.setattr(table.ctl, "human_won", lambda: True)
        yield table
    finally:
        app.close()


def table_of(app: App) -> TableScene | None:
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene
    return None


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def human_input(table: TableScene, rng: random.Random) -> str | None:
    """Post one real input event choosing a legal move for the human; returns what it did."""
    legal = table.ctl.human_legal()
    if not legal or table.animating:
        return None
    kinds = {a.kind for a in legal}
    if ActionKind.DECLARE_VOID in kinds or ActionKind.EXCHANGE_THREE in kinds:
        post_key(pygame.K_RETURN)
        return "confirm"
    if ActionKind.WIN in kinds:
        post_key(pygame.K_h)
        return "win"
    if ActionKind.DISCARD in kinds:
        tiles = {a.tile for a in legal if a.kind is ActionKind.DISCARD}
        slots = [s for s in table.model.slots if s.kind in tiles]
        slot = rng.choice(slots)
        how = rng.random()
        if how < 0.6:
            post_click(slot.rect.center)
            return "click"
        if how < 0.8:
            post_drag(slot.rect.center, (slot.rect.centerx, slot.rect.y - 150))
            return "drag"
        # keyboard: walk the selection to the slot, then Enter
        table.model.selected = None
        for _ in range(slot.index + 1):
            post_key(pygame.K_RIGHT)
        post_key(pygame.K_RETURN)
        return "keys"
    if ActionKind.PONG in kinds and rng.random() < 0.5:
        post_key(pygame.K_p)
        return "pong"
    kongs = {ActionKind.EXPOSED_KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG}
    if kinds & kongs and rng.random() < 0.5:
        post_key(pygame.K_k)
        return "kong"
    post_key(pygame.K_ESCAPE)
    return "pass"


def play_until_human_discards(
    app: App, table: TableScene, rng: random.Random, max_frames: int = 3000
) -> None:
    """Step the table, answering the human's earlier choices (void, claims) with
    ``human_input``, until the human must discard and no animation blocks input."""
    for _ in range(max_frames):
        app.step(DT)
        legal = table.ctl.human_legal()
        if any(a.kind.name == "DISCARD" for a in legal) and not table.animating:
            return
        if legal:
            human_input(table, rng)


def play_until_settlement(app: App, rng: random.Random, max_frames: int = 6000) -> list[str]:
    """Step the app, acting for the human, until the settlement scene shows with its buttons
    (they come a frame after its panel)."""
    done: list[str] = []
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, SettlementScene) and top.elements:
            return done
        table = table_of(app)
        assert table is not None
        what = human_input(table, rng) if app.stack.top is table else None
        if what:
            done.append(what)
        app.step(DT)
    raise AssertionError(f"no settlement after {max_frames} frames; inputs: {done[-20:]}")


def settle_first_hand(app: App, hands: int, seed: int) -> MatchSession:
    """The open table's match cut to ``hands`` hands, its first hand played to the
    settlement (``play_until_settlement`` with ``random.Random(seed)``)."""
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.ctl.match_session
    assert isinstance(session, MatchSession)
    session.hands = hands
    play_until_settlement(app, random.Random(seed))
    return session


def match_end_after_one_hand(app: App) -> tuple[MatchSession, MatchEndScene]:
    """The open table's match cut to one hand, played (seed 2) through its settlement to
    the match's end: the session and the end's screen."""
    session = settle_first_hand(app, hands=1, seed=2)
    post_key(pygame.K_RETURN)
    app.step(DT)
    end = app.stack.top
    assert isinstance(end, MatchEndScene)
    return session, end


@contextmanager
def watching_replay(
    hand: Round | dict[str, Any], directory: Path, lang: str, size: tuple[int, int]
) -> Iterator[tuple[App, TableScene, ReplayControls]]:
    """``hand`` (a round, or its replay document) saved as a replay in ``directory`` (seat 0
    the player's) and open in the replay viewer, one frame in: the app, the viewer's table
    and its controls."""
    doc = record(hand) if isinstance(hand, Round) else hand
    path = save_replay(doc, keep=5, directory=directory, human=0)
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)
    try:
        viewer = Navigator(app).watch_replay(path)
        controls = viewer.overlay(ReplayControls)
        assert isinstance(controls, ReplayControls)
        app.step(DT)
        yield app, viewer, controls
    finally:
        app.close()


@contextmanager
def reviewing_replay(
    hand: Round | dict[str, Any], directory: Path, lang: str, size: tuple[int, int]
) -> Iterator[tuple[App, ReviewPanel, int]]:
    """``hand`` open in the replay viewer (:func:`watching_replay`): the app, the viewer's
    review panel and the width its lines are laid out in."""
    with watching_replay(hand, directory, lang, size) as (app, viewer, _):
        panel = viewer.overlay(ReviewPanel)
        assert panel is not None
        yield app, panel, panel.box().w - panel.table.layout.px(20)


def record_texts(
    monkeypatch: pytest.MonkeyPatch, module: object
) -> list[tuple[str, int, pygame.Rect, int | None]]:
    """(text, size, rect, max_w) of every line ``module`` draws with its ``blit_text`` from
    now on (the list grows as it draws; clear it to start again)."""
    drawn: list[tuple[str, int, pygame.Rect, int | None]] = []
    real = module.blit_text  # type: ignore[attr-defined]

    def record(surface: pygame.Surface, text: str, size: int, *a: object, **kw: object) -> object:
        rect = real(surface, text, size, *a, **kw)
        max_w = kw.get("max_w", a[4] if len(a) > 4 else None)
        drawn.append((text, size, rect, max_w))  # type: ignore[arg-type]
        return rect

    monkeypatch.setattr(module, "blit_text", record)
    return drawn


def record_cache(monkeypatch: pytest.MonkeyPatch, cache: object) -> list[str]:
    """The words asked of a text cache (``TextCache.get``) from now on, in order."""
    asked: list[str] = []
    real = cache.get  # type: ignore[attr-defined]

    def get(text: str, *args: object, **kw: object) -> pygame.Surface:
        asked.append(text)
        return real(text, *args, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(cache, "get", get)
    return asked


class BlitRecorder(pygame.Surface):
    """A surface that notes every blit: what was drawn and where (``blits``)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else dest
        self.blits.append((source, source.get_rect(topleft=at)))
        return super().blit(source, dest, area, special_flags)
