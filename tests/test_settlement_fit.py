"""The settlement's panel is as tall as what it holds: a two-seat hand's short settlement is
not a panel the window's height with half of it empty, a 血流 hand's long one still fills
the window and scrolls, and whatever the height nothing it draws runs out of it."""

from __future__ import annotations

import random

import pygame
import pytest
from test_game_support import BlitRecorder, play_until_settlement, running_app

from game.app import App
from game.scenes.settlement import _MIN_PANEL_H, PANEL_FILL, SettlementScene

SHORT = ("liangren", 3)  # two seats, one win, two payments
LONG = ("modern_xueliu", 5)  # four seats, many wins and payments: more than a window


def _settled(app: App, seed: int) -> SettlementScene:
    play_until_settlement(app, random.Random(seed))
    st = app.stack.top
    assert isinstance(st, SettlementScene)
    return st


def _check_inside(app: App, st: SettlementScene) -> None:
    """The panel inside the window; the body's rows inside the view (or scrolled to); the
    title and the totals inside the panel, above the buttons; the buttons inside it."""
    rect = st._rect()
    assert app.screen.get_rect().contains(rect), rect
    view = st._view_rect().move(rect.topleft)
    assert rect.contains(view), (rect, view)
    body = st._laid_out()
    last = max(row.y + row.size[1] for row in body.rows)
    assert last <= body.height <= view.h + st.max_scroll
    lay = st.table.layout
    assert min(lay.px(_MIN_PANEL_H), lay.h - lay.px(70)) <= rect.h <= lay.h - lay.px(70)
    buttons = [el.rect for el in st.elements]
    assert buttons and all(rect.contains(b) for b in buttons)
    rec = BlitRecorder(app.screen.get_size())
    st._draw_panel(rec, rect)
    assert len(rec.blits) > 1 + 3 * st.ctl.rules.players
    for img, at in rec.blits:
        ink = img.get_bounding_rect().move(at.topleft)
        assert rect.contains(ink), (ink, rect)
        for b in buttons:  # the totals' column ends above the buttons
            assert not ink.colliderect(b), (ink, b)
    bottom = st._side(0, 0)[1]
    assert view.y + bottom <= view.bottom  # the totals' column counts in the panel's height


@pytest.mark.parametrize("window", [(1024, 640), (1280, 1024), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_short_settlements_panel_is_shorter_than_a_long_ones(
    window: tuple[int, int], lang: str
) -> None:
    heights = []
    for preset, seed in (SHORT, LONG):
        with running_app(
            preset=preset, seed=seed, bots=("greedy",) * 3, lang=lang, window=window
        ) as app:
            st = _settled(app, seed)
            _check_inside(app, st)
            rect = st._rect()
            assert rect.center == app.screen.get_rect().center
            heights.append((rect.h, st.max_scroll))
    (short, short_scroll), (long, long_scroll) = heights
    assert short_scroll == 0 and long_scroll > 0
    assert short < long <= window[1]
    if window[1] >= 1000:  # 1280×1024, 1920×1080: two seats' hands use well under the height
        assert short < window[1] * 3 // 4, heights


def test_the_panel_follows_the_window_and_the_language() -> None:
    with running_app(
        preset=SHORT[0], seed=SHORT[1], bots=("greedy",) * 3, lang="en", window=(1920, 1080)
    ) as app:
        st = _settled(app, SHORT[1])
        big = st._rect()
        app.resize((1024, 640))
        app.step(1 / 60)
        small = st._rect()
        assert small.h < big.h and small.w < big.w
        _check_inside(app, st)
        app.settings.lang = "zh"
        app.step(1 / 60)
        app.step(1 / 60)
        _check_inside(app, st)
        # drawn: the panel's fill reaches its foot, and nothing of it below
        screen = pygame.Surface(app.screen.get_size())
        st.draw(screen)
        rect = st._rect()
        lay = st.table.layout
        assert screen.get_at((rect.x + lay.px(40), rect.bottom - lay.px(8)))[:3] == PANEL_FILL[:3]
        below = (rect.x + lay.px(40), rect.bottom + lay.px(8))
        assert screen.get_at(below)[:3] != PANEL_FILL[:3]
