"""The settlement of a 血流成河 hand scrolls (wheel, keys, drag) and hides no line; every
hand is laid open at its end."""

from __future__ import annotations

import random

import pygame
from test_game_support import DT, play_until_settlement, post_key, running_app

from game.scenes.settlement import SettlementScene


def test_a_long_xueliu_settlement_scrolls_by_wheel_keys_and_drag() -> None:
    with running_app(preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang="en") as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        app.step(DT)
        rnd = st.ctl.round
        assert len(rnd.wins) > 4 and len(rnd.ledger.entries) > 10  # more than one screen
        assert st.max_scroll > 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
        app.step(DT)
        wheel = st.scroll
        assert wheel > 0
        post_key(pygame.K_PAGEDOWN)
        app.step(DT)
        assert st.scroll > wheel
        for _ in range(40):
            post_key(pygame.K_DOWN)
        app.step(DT)
        assert st.scroll == st.max_scroll  # the end is reachable: the hands, the last line
        view = st._view_rect().move(st._rect().topleft)
        start = view.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        end = (start[0], start[1] + view.h // 3)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        app.step(DT)
        assert st.scroll == st.max_scroll - view.h // 3  # dragged down: back up the list
        post_key(pygame.K_PAGEUP)
        post_key(pygame.K_PAGEUP)
        post_key(pygame.K_PAGEUP)
        post_key(pygame.K_PAGEUP)
        app.step(DT)
        assert st.scroll == 0


def test_the_scrolled_body_stays_under_the_title_and_nothing_shows_through() -> None:
    with running_app(
        preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang="zh", window=(1920, 1080)
    ) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        app.step(DT)
        assert st.max_scroll > 0
        rect = st._rect()
        view = st._view_rect().move(rect.topleft)
        title_bottom = rect.y + st.table.layout.px(18) + st._title().get_height()
        assert view.y >= title_bottom  # the body starts under the title, not over its foot
        above = pygame.Rect(rect.x, rect.y + rect.h // 8, rect.w, view.y - rect.y - rect.h // 8)
        shots = []
        for scroll, ground in ((0, (0, 0, 0)), (st.max_scroll // 2, (0, 0, 0)), (7, (255,) * 3)):
            st.scroll_to(scroll)
            surface = pygame.Surface((1920, 1080))
            surface.fill(ground)
            st.draw(surface)
            shots.append(surface)
        # the title band is the same whatever the scroll and whatever is behind the panel
        bands = [pygame.image.tobytes(s.subsurface(above), "RGB") for s in shots]
        assert bands[0] == bands[1] == bands[2]
        # and the body itself hides the table: the same rows on black and on white
        st.scroll_to(7)
        black = pygame.Surface((1920, 1080))
        st.draw(black)
        body = [pygame.image.tobytes(s.subsurface(view), "RGB") for s in (black, shots[2])]
        assert body[0] == body[1]


def test_the_settlement_keeps_the_dimmed_table_until_the_window_or_the_language_changes() -> None:
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3, lang="en") as app:
        play_until_settlement(app, random.Random(4))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        app.step(DT)
        assert st.opaque and app.stack.visible() == [st]  # the table is no longer drawn
        table = app.stack.scenes[-2]
        fresh = pygame.Surface(app.screen.get_size())
        table.draw(fresh)
        assert st._backdrop is not None
        kept = st._backdrop[1]
        w, h = fresh.get_size()
        for x, y in ((w // 2, 3), (4, h // 2), (w - 5, h - 5), (w // 7, h // 9)):
            want = [c * 115 // 255 for c in fresh.get_at((x, y))[:3]]
            got = kept.get_at((x, y))[:3]
            assert all(abs(g - c) <= 1 for g, c in zip(got, want, strict=True)), (x, y)
        app.settings.lang = "zh"
        assert not st.opaque  # the table is drawn once more, in Chinese
        app.step(DT)
        assert st.opaque and st._backdrop is not None and st._backdrop[0][2] == "zh"
        app.resize((1280, 800))
        assert not st.opaque
        app.step(DT)
        assert st.opaque and st._backdrop is not None
        assert st._backdrop[1].get_size() == (1280, 800)
        assert st._body is not None  # rendered again for the new size, a frame after the panel
