"""The generated per-suit cost table (engine/_suit_table.py) agrees with engine.hand's own
cost computation, and the engine still works when the table cannot be read."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import hand


def _sample_keys(n: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    keys = [bytes(9), bytes([4, 4, 4, 2, 0, 0, 0, 0, 0]), bytes([1] * 9), bytes([0] * 8 + [4])]
    while len(keys) < n:
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(counts) <= 14:
            keys.append(bytes(counts))
    return keys


def test_table_matches_computed_costs() -> None:
    for key in _sample_keys(3000, 1):
        vid = hand._table_costs(key)
        assert vid is not None, list(key)
        assert hand._VECS[vid] == hand._suit_costs(key), list(key)


def test_table_has_no_entry_beyond_fourteen_tiles() -> None:
    assert hand._table_costs(bytes([4, 4, 4, 3, 0, 0, 0, 0, 0])) is None


def test_every_small_suit_is_in_the_table() -> None:
    for counts in itertools.product(range(3), repeat=9):
        if sum(counts) <= 14:
            assert hand._table_costs(bytes(counts)) is not None


def test_shanten_without_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unreadable table means computing, with the same answers."""
    rng = random.Random(7)
    hands = []
    for _ in range(200):
        tiles = rng.sample(range(108), 14)
        counts = [0] * 27
        for t in tiles:
            counts[t // 4] += 1
        hands.append(counts)
    expected = [hand.shanten(c[:]) for c in hands]
    monkeypatch.setattr(hand, "_TABLE", [(b"", ())])
    monkeypatch.setattr(hand, "_INFO", {})
    monkeypatch.setattr(hand, "_CHILDREN", {})
    assert [hand.shanten(c[:]) for c in hands] == expected
    assert [hand._reference_shanten(c) for c in hands[:20]] == expected[:20]


def test_best_discard_is_the_first_allowed_analyze_discards_option() -> None:
    rng = random.Random(3)
    for n in range(400):
        melds = n % 3
        tiles = rng.sample(range(108), 14 - 3 * melds)
        counts = [0] * 27
        for t in tiles:
            counts[t // 4] += 1
        void = rng.choice((None, 0, 1, 2))
        visible = [rng.randint(0, 4 - c) for c in counts]
        allowed = [rng.random() < 0.6 for _ in range(27)]
        options = hand.analyze_discards(counts, melds, void, visible)
        first = next((o.discard for o in options if allowed[o.discard]), None)
        assert hand.best_discard(counts, melds, void, visible, allowed) == first
        assert hand.best_discard(counts, melds, void, None, [True] * 27) == (
            hand.analyze_discards(counts, melds, void)[0].discard
        )
