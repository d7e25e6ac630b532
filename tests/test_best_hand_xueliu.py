"""In 血流成河 the player may win a hand more than once; Statistics remembers the hand by its
biggest win, ranked as the match's end ranks wins (game.profile.best_hand_rank), not by the
first: a later, bigger win of the same hand never reached the best hand."""

from __future__ import annotations

import random
from pathlib import Path

from test_coins_flow import _controller, _play_out

from engine.rules import get_preset
from game.profile import best_hand_rank, load_profile

SEED = 327  # a 血流 hand, played at random, where seat 0 wins four times, the second the best


def test_the_best_hand_of_a_bloody_river_hand_is_its_biggest_win(tmp_path: Path) -> None:
    rules = get_preset("modern_xueliu")
    ctl = _controller(tmp_path, rules, seed=SEED)
    _play_out(ctl.round, random.Random(SEED))
    mine = [w for w in ctl.round.wins if w.seat == 0]
    ranks = [best_hand_rank(w.score.points, w.score.value, rules.model) for w in mine]
    assert len(mine) >= 2 and max(ranks) > ranks[0]  # the case: a later win is bigger
    biggest = mine[ranks.index(max(ranks))]
    ctl.finish()
    best = load_profile(tmp_path)[0].stats.best_hand
    assert best is not None
    assert best.paid == biggest.score.points
    assert best.win_tile is not None and best.fan == biggest.score.value
