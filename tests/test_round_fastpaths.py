"""Hand-inlined hot paths draw exactly what the standard library would."""

from __future__ import annotations

import random

from engine.bots.basic import RandomBot
from engine.round.state import _shuffled_ids


def test_shuffled_ids_is_random_shuffle() -> None:
    for seed in range(300):
        a, b = random.Random(seed), random.Random(seed)
        ids = list(range(108))
        a.shuffle(ids)
        assert _shuffled_ids(b) == ids
        assert a.random() == b.random()  # the RNG is left in the same state


def test_random_bot_is_randrange() -> None:
    bot, rng = RandomBot(7), random.Random(7)
    for n in [*range(1, 40)] * 20:
        legal = list(range(n))
        assert bot.choose(None, legal) == rng.randrange(n)  # type: ignore[arg-type]
