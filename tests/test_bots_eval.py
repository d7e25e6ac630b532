"""The Evaluator protocol of the efficiency, normal and hard bots (engine/bots/__init__.py):
every legal action valued, best first, choose() playing the first, deterministic for the
same seed, view and budget — also when the clock jumps."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

import pytest

from engine.bots import Evaluator, load_bot
from engine.bots._features import without_items
from engine.round import Action, ActionKind
from engine.rules import get_preset
from engine.simulate import derive_seed, play_hand
from engine.views import PlayerView

EVALUATORS = ("efficiency", "normal", "hard")


class Checked:
    """Plays as ``name`` and, at every decision, checks evaluate() against choose() and a
    twin bot of the same seed; keeps the decisions."""

    def __init__(self, name: str, seed: int, budget: int | None = None) -> None:
        bot, twin = load_bot(name, seed), load_bot(name, seed)
        assert isinstance(bot, Evaluator) and isinstance(twin, Evaluator)
        self.bot: Evaluator = bot
        self.twin: Evaluator = twin
        self.budget = budget
        self.decisions: list[tuple[int, ActionKind, int | None, float]] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        ranked = self.bot.evaluate(view, legal, budget=self.budget)
        offered = list(without_items(legal))
        assert sorted(map(repr, (a for a, _ in ranked))) == sorted(map(repr, offered))
        values = [v for _, v in ranked]
        assert all(a >= b for a, b in itertools.pairwise(values)), values
        assert ranked == self.twin.evaluate(view, legal, budget=self.budget)
        if self.budget is None:
            assert self.bot.choose(view, legal) == ranked[0][0]
        best = ranked[0][0]
        self.decisions.append((view.wall_remaining, best.kind, best.tile, ranked[0][1]))
        return best


@pytest.mark.parametrize("name", EVALUATORS)
@pytest.mark.parametrize("preset", ["standard", "chengdu", "sanren_liangfang", "liangren"])
def test_evaluate_ranks_every_legal_action_and_choose_plays_the_first(
    name: str, preset: str
) -> None:
    rules = get_preset(preset)
    decisions = 0
    for hand in range(3):
        bots = [Checked(name, derive_seed(7, hand, s)) for s in range(rules.players)]
        rnd = play_hand(rules, derive_seed(7, hand), 0, bots)
        assert rnd is not None and rnd.result is not None
        decisions += sum(len(b.decisions) for b in bots)
    assert decisions > 30


def test_values_are_expected_points_of_this_seat() -> None:
    """A ready hand is worth more than one far from ready; a win on offer is worth its
    points; values are in points (a few per hand), not in arbitrary units."""
    rules = get_preset("standard")
    bots = [Checked("normal", derive_seed(3, s)) for s in range(4)]
    rnd = play_hand(rules, derive_seed(3, 0), 0, bots)
    assert rnd is not None
    values = [v for b in bots for *_, v in b.decisions]
    assert max(values) < 200 and min(values) > -50
    wins = [v for b in bots for _, k, _, v in b.decisions if k is ActionKind.WIN]
    assert all(v >= 1.0 for v in wins)


def _play_wall(budget: int | None) -> list[tuple[int, ActionKind, int | None, float]]:
    rules = get_preset("standard")
    bots = [Checked("hard", derive_seed(11, s), budget) for s in range(4)]
    play_hand(rules, derive_seed(11, 0), 0, bots, check=False)
    return [d for b in bots for d in b.decisions]


def test_hard_is_the_same_however_the_clock_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same seed, positions and budget: the same decisions with the clock jumping a second
    at every reading (a slow machine), as with the real one."""
    calm = _play_wall(48)
    ticks = [0.0]

    def jumping() -> float:
        ticks[0] += 1.0
        return ticks[0]

    monkeypatch.setattr(time, "perf_counter", jumping)
    monkeypatch.setattr(time, "monotonic", jumping)
    monkeypatch.setattr(time, "time", jumping)
    slow = _play_wall(48)
    assert slow == calm
    assert len(calm) > 40


def test_budget_is_search_effort() -> None:
    """Budget 0 turns the Monte Carlo off; a bigger budget may decide differently, never
    illegally, and repeats itself."""
    a = _play_wall(0)
    b = _play_wall(96)
    assert a and b
    assert _play_wall(96) == b
