"""A win in the seat's own turn is its self-draw, and the review says so: a best move of
taking a self-drawn win read "win on 5 Dots" / 胡五筒, the words of a win on another
player's discard."""

from __future__ import annotations

import pytest

from engine.actions import Action, ActionKind
from engine.review import ReviewWords
from engine.tiles import parse_tile

WIN = Action(ActionKind.WIN, seat=0, tile=parse_tile("5p"))


@pytest.mark.parametrize(
    ("lang", "turn", "claim"),
    [("en", "win by self-draw on 5 Dots", "win on 5 Dots"), ("zh", "自摸五筒", "胡五筒")],
)
def test_a_win_in_ones_own_turn_is_a_self_draw(lang: str, turn: str, claim: str) -> None:
    words = ReviewWords(lang, you=0)
    assert words.action(WIN, "turn") == turn
    assert words.action(WIN, "claim") == claim
    assert words.action(WIN, "rob") == claim
