"""Monkey test: thousands of random clicks and keys must never raise."""

from __future__ import annotations

import random

import pygame
from test_game_support import DT, running_app

KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_h,
    pygame.K_k,
    pygame.K_p,
    pygame.K_ESCAPE,
    pygame.K_t,
    pygame.K_F1,
    pygame.K_F2,
    pygame.K_a,
)


def test_five_thousand_random_clicks_and_keys() -> None:
    rng = random.Random(2026)
    with running_app(seed=13, preset="modern") as app:
        app.quit = lambda: None  # type: ignore[method-assign]  # the Quit button must not end the run
        w, h = app.size
        for _ in range(5200):
            r = rng.random()
            if r < 0.45:
                pos = (rng.randrange(w), rng.randrange(h))
                # bias clicks towards the bottom of the screen, where the hand and buttons are
                if rng.random() < 0.5:
                    pos = (pos[0], h - rng.randrange(160))
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
                pygame.event.post(
                    pygame.event.Event(
                        pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))
                    )
                )
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            elif r < 0.9:
                key = rng.choice(KEYS)
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
                )
            elif r < 0.902:
                size = rng.choice(((1024, 640), (1280, 800), (1100, 700)))
                pygame.event.post(
                    pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
                )
            app.step(DT)
            w, h = app.size
            if not app.stack:
                break
        assert app.stack, "the scene stack emptied"
