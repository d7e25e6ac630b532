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


def _random_win(rng: random.Random) -> tuple[list[int], int]:
    """A random winning hand in at most two suits: (counts, melds declared)."""
    while True:
        suits = rng.sample(range(3), 2)
        counts = [0] * 27
        melds = rng.randrange(5)
        if melds == 0 and rng.random() < 0.2:  # seven pairs
            for _ in range(7):
                counts[rng.choice(suits) * 9 + rng.randrange(9)] += 2
        else:
            for _ in range(4 - melds):
                base = rng.choice(suits) * 9
                if rng.random() < 0.5:
                    counts[base + rng.randrange(9)] += 3
                else:
                    r = base + rng.randrange(7)
                    for k in (r, r + 1, r + 2):
                        counts[k] += 1
            counts[rng.choice(suits) * 9 + rng.randrange(9)] += 2
        if max(counts) <= 4:
            return counts, melds


def test_suit_filter_never_rejects_a_win() -> None:
    """_suit_can_win only spares is_win calls: every suit of a winning hand passes it."""
    from engine.hand import is_win
    from engine.round.state import _suit_can_win

    rng = random.Random(5)
    for _ in range(3000):
        counts, melds = _random_win(rng)
        assert is_win(counts, melds)
        for base in (0, 9, 18):
            assert _suit_can_win(bytes(counts[base : base + 9])), counts
    # and it does reject: a lone tile, a gap, a pair too many
    for share in ("100000000", "101000000", "110000000", "200000001"):
        assert not _suit_can_win(bytes(int(c) for c in share))
    for share in ("000000000", "111000000", "111200000", "220022000"):
        assert _suit_can_win(bytes(int(c) for c in share))


def test_ready_hands_keep_a_complete_suit() -> None:
    """Round._ready_check skips win_values when neither kept suit passes the filter: a
    ready hand always has one that does (the suit its winning tile does not touch)."""
    from engine.hand import waits
    from engine.round.state import _KEPT_SUIT_BASES, _suit_can_win

    rng = random.Random(9)
    for _ in range(3000):
        counts, melds = _random_win(rng)
        void = next(s for s in range(3) if not any(counts[s * 9 : s * 9 + 9]))
        counts[rng.choice([k for k in range(27) if counts[k]])] -= 1  # 13 - 3 × melds
        assert waits(counts, melds, void)
        assert any(_suit_can_win(bytes(counts[b : b + 9])) for b in _KEPT_SUIT_BASES[void])
