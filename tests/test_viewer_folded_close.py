"""The replay viewer folded (Hide / Tab) still shows its way out: a Close button beside Show,
by mouse, and Esc still closing — in Chinese and English, inside the window and clear of the
right seat's column at 1024×640 and 1920×1080."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from test_game_support import DT, post_click, post_key

from engine.bots import load_bot
from engine.replay import record
from engine.round import Round
from engine.rules import get_preset
from game import i18n
from game.app import App, Settings
from game.fonts import get_font
from game.nav import Navigator
from game.replays import save_replay
from game.table.buttons import button_font
from game.table.replay import ReplayControls
from game.table.scene import TableScene


def _hand(seed: int) -> Round:
    rules = get_preset("standard")
    rnd = Round.new(rules, seed, seed % 4)
    bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


@contextmanager
def _folded_viewer(lang: str, window: tuple[int, int]) -> Iterator[tuple[App, ReplayControls]]:
    path = save_replay(record(_hand(41)), keep=5, human=0, hand_no=1, preset="standard")
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), window)
    try:
        viewer = Navigator(app).watch_replay(path)
        assert isinstance(viewer, TableScene)
        ctl = viewer.overlay(ReplayControls)
        assert isinstance(ctl, ReplayControls)
        app.step(DT)
        ctl.seek(20)
        post_key(pygame.K_TAB)  # Hide
        app.step(DT)
        app.step(DT)
        assert ctl.folded
        yield app, ctl
    finally:
        app.close()


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_folded_viewer_shows_close_beside_show(lang: str, window: tuple[int, int]) -> None:
    with _folded_viewer(lang, window) as (app, ctl):
        assert set(ctl.buttons.values()) == {"close", "unfold"}
        box, close, show = ctl.box(), ctl.button_rect("close"), ctl.button_rect("unfold")
        labels = {name: el.text for el, name in ctl.buttons.items()}
        assert labels == {
            "close": i18n.t("viewer.close", lang),
            "unfold": i18n.t("viewer.unfold", lang),
        }
        # both in the box, in the window, side by side, Show at the right end
        screen = app.screen.get_rect()
        assert screen.contains(box) and box.contains(close) and box.contains(show)
        assert close.right < show.left and close.centery == show.centery
        # each label fits its button
        font = get_font(button_font(ctl.table.layout), True)
        for name, rect in (("close", close), ("unfold", show)):
            assert font.size(labels[name])[0] < rect.w
        # the step counter keeps clear of Close, at a long hand's widest
        lay = ctl.table.layout
        step = i18n.t("viewer.step", lang, n=188, total=188)
        words = get_font(lay.px(15), True).size(step)[0]
        assert box.x + lay.px(12) + words < close.left
        # and the folded box still keeps clear of the right seat's column
        assert not box.colliderect(ctl.table.painter.columns[1])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_click_on_the_folded_close_leaves_the_viewer(lang: str) -> None:
    with _folded_viewer(lang, (1024, 640)) as (app, ctl):
        viewer = ctl.table
        assert app.stack.top is viewer
        post_click(ctl.button_rect("close").center)
        app.step(DT)
        app.step(DT)
        assert app.stack.top is not viewer and viewer not in app.stack.scenes


def test_esc_still_closes_the_folded_viewer() -> None:
    with _folded_viewer("en", (1920, 1080)) as (app, ctl):
        viewer = ctl.table
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        app.step(DT)
        assert viewer not in app.stack.scenes
