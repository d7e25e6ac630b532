"""engine.hand.improving_kinds: the kinds whose draw lowers a 3n+1 hand's shanten, checked
against adding each kind and calling shanten (random hands, every meld count and void)."""

from __future__ import annotations

import random

import pytest

from engine.hand import improving_kinds, shanten, shanten_and_improvers
from engine.tiles import parse_counts, parse_tiles


def brute(counts: list[int], melds: int, void: int | None) -> list[int]:
    sh = shanten(counts, melds, void)
    out: list[int] = []
    for k in range(27):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds, void) < sh:
            out.append(k)
        counts[k] -= 1
    return out


def random_hand(rng: random.Random, melds: int) -> list[int]:
    counts = [0] * 27
    for tile in rng.sample(range(108), 13 - 3 * melds):
        counts[tile // 4] += 1
    return counts


def test_matches_brute_force_on_random_hands() -> None:
    rng = random.Random(11)
    for _ in range(4000):
        melds = rng.randint(0, 4)
        counts = random_hand(rng, melds)
        void = rng.choice([None, 0, 1, 2])
        assert improving_kinds(counts, melds, void) == brute(counts, melds, void)


def test_matches_brute_force_on_one_suit_and_near_ready_hands() -> None:
    rng = random.Random(5)
    for _ in range(1500):
        melds = rng.randint(0, 2)
        suits = rng.sample(range(3), rng.randint(1, 2))
        pool = [k for k in range(27) if k // 9 in suits for _ in range(4)]
        counts = [0] * 27
        for k in rng.sample(pool, 13 - 3 * melds):
            counts[k] += 1
        void = rng.choice([None, *range(3)])
        assert improving_kinds(counts, melds, void) == brute(counts, melds, void)


def test_known_hands() -> None:
    # ready on 3m/6m: the waits are the improvers
    assert improving_kinds(parse_counts("45m 123p 456p 789p 11s")) == sorted(parse_tiles("3m 6m"))
    # four complete sets and a void tile: any kept tile makes a pair wait, even far away
    counts = parse_counts("111m 222m 333m 444m 5s")
    got = improving_kinds(counts, 0, 2)
    assert got == brute(counts, 0, 2)
    assert parse_tiles("9m")[0] in got and parse_tiles("5p")[0] in got
    # nothing of the void suit ever helps
    assert all(k // 9 != 2 for k in got)
    # a complete 14-tile shape is not a 3n+1 hand
    with pytest.raises(ValueError):
        improving_kinds(parse_counts("123m 456m 789m 123p 44p"))


def test_input_is_not_modified() -> None:
    counts = parse_counts("1112345678999m")
    before = list(counts)
    improving_kinds(counts, 0, None)
    assert counts == before


def test_shanten_and_improvers_is_shanten_plus_improving_kinds() -> None:
    rng = random.Random(23)
    for _ in range(3000):
        melds = rng.randint(0, 4)
        counts = random_hand(rng, melds)
        void = rng.choice([None, 0, 1, 2])
        want = (shanten(counts, melds, void), tuple(improving_kinds(counts, melds, void)))
        assert shanten_and_improvers(counts, melds, void) == want
        assert shanten_and_improvers(bytes(counts), melds, void) == want
        assert shanten_and_improvers(tuple(counts), melds, void) == want


@pytest.mark.parametrize(
    ("counts", "melds", "void"),
    [
        (bytes(parse_counts("123m 456m 789m 123p 44p")), 0, None),  # 14 tiles
        (bytes(parse_counts("123m 456m 789m 123p 4p")), 5, None),  # melds out of range
        (bytes(parse_counts("123m 456m 789m 123p 4p")), 0, 3),  # no such suit
        (bytes([5] + [0] * 26), 0, None),  # a fifth copy
        (bytes(26), 0, None),  # 26 kinds
        ([-1] + [1] * 13 + [0] * 13, 0, None),
    ],
)
def test_shanten_and_improvers_rejects_malformed_hands(
    counts: bytes | list[int], melds: int, void: int | None
) -> None:
    with pytest.raises(ValueError):
        shanten_and_improvers(counts, melds, void)
