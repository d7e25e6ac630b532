"""A payment ("+2" / "−1") rising off a seat's panel covers none of what the panel shows:
the name and a bot's level, the dealer's badge, the points and this hand's, the void, a
winner's "Won" and tiles (the rectangles the painter keeps: ``EventEffects.panel_ink``) —
it passed over a long points line and a winner's tiles, and over the level beside the
name."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_game_support import DT, running_app, table_of

from game.table.effects import PaymentFloat
from game.table.scene import TableScene


def _crowd(table: TableScene, won: tuple[int, ...], dealer: int) -> None:
    """Every panel as full as a hand makes it: long points with this hand's beside them, a
    void, and for ``won`` a "Won" pill with four winning tiles; ``dealer`` wears the badge."""
    model = table.model
    view = model.view
    seats = tuple(
        dataclasses.replace(
            info,
            points=-48 if n % 2 else 36,
            void=n % 3,
            won=n in won,
            win_tiles=(0, 9, 18, 26) if n in won else (),
        )
        for n, info in enumerate(view.seats)
    )
    model.view = dataclasses.replace(view, seats=seats, dealer=dealer)
    points = table.driver.match.points
    for n in range(len(seats)):
        points[n] = -12345 if n % 2 else 9876


def _float_rect(f: PaymentFloat, size: tuple[int, int]) -> pygame.Rect:
    """Where the float drew itself, alone on a clear layer."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    f.draw(layer)
    return layer.get_bounding_rect(min_alpha=1)


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("won", [(), (0, 1, 2, 3)], ids=["playing", "all_won"])
def test_payment_floats_cover_no_text_of_their_panel(
    lang: str, window: tuple[int, int], won: tuple[int, ...]
) -> None:
    bots = ("efficiency", "greedy", "hard")
    with running_app(window=window, lang=lang, speed="normal", bots=bots) as app:
        for _ in range(3):
            app.step(DT)
        table = table_of(app)
        assert table is not None
        model, lay = table.model, table.layout
        for dealer in range(model.players):
            _crowd(table, won, dealer)
            screen = pygame.Surface(window)
            table.draw(screen)  # the painter puts down the panels' ink
            ink = table.effects.panel_ink  # the painter's, as it drew the panels
            for seat in range(model.players):
                place = lay.place(seat, model.bottom)
                # the ink is real: the name and the points at least, the level for a bot
                assert len(ink[place]) >= 4 + (1 if model.levels[seat] else 0)
            start = len(table.animator._anims)
            for seat in range(model.players):
                table.effects._float_payment(lay, model, seat, -128 if seat % 2 else 64)
            floats = [a for a in table.animator._anims[start:] if isinstance(a, PaymentFloat)]
            assert len(floats) == model.players
            for tenth in range(11):  # from the start to the last faded frame
                for f in floats:
                    f.elapsed = f.delay + f.duration * min(0.99, tenth / 10)
                table.draw(screen)
                for f in floats:
                    rect = _float_rect(f, window)
                    assert rect.w and screen.get_rect().contains(rect)
                    hit = rect.collidelist(list(ink[f.place]))
                    assert hit < 0, (dealer, f.place, tenth, rect, ink[f.place][hit])
            for f in floats:
                table.animator._anims.remove(f)
