"""The simulator's deferred view (bots with ``reads_view = False``): same values as
``Round.view``, a plain PlayerView once read, and no silent stale reads."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.round import Round
from engine.rules import get_preset
from engine.simulate import _deferred_view
from engine.views import PlayerView


def test_deferred_view_equals_round_view() -> None:
    rnd = Round.new(get_preset("standard"), 5, 0)
    for _ in range(40):
        for seat in range(4):
            lazy, real = _deferred_view(rnd, seat), rnd.view(seat)
            assert lazy.visible == real.visible
            assert type(lazy) is PlayerView
            assert lazy == real and repr(lazy) == repr(real) and hash(lazy) == hash(real)
            assert replace(lazy) == real
        seat = rnd.pending_seats()[0]
        rnd.apply(rnd.legal_actions(seat)[-1])
        if rnd.is_over:
            break


def test_deferred_view_read_late_raises() -> None:
    rnd = Round.new(get_preset("standard"), 5, 0)
    lazy = _deferred_view(rnd, 0)
    seat = rnd.pending_seats()[0]
    rnd.apply(rnd.legal_actions(seat)[0])
    with pytest.raises(RuntimeError, match="moved on"):
        _ = lazy.seat
