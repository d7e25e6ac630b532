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
