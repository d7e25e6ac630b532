"""engine.hand properties (Hypothesis) and a brute-force cross-check of shanten.

The brute force lists every winning target explicitly and takes the nearest one, so it
shares no code or idea with the per-suit tables beyond the definition of shanten:
the fewest tiles to draw (each with a discard) to hold a winning shape, minus one.
"""

import itertools
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import hand
from engine.hand import analyze_discards, decompositions, is_win, shanten, waits

Counts = list[int]
voids = st.sampled_from([None, None, 0, 1, 2])


def counts_of(tiles: list[int]) -> Counts:
    counts = [0] * 27
    for t in tiles:
        counts[t // 4] += 1
    return counts


def random_hand(size: int, pool: int = 108) -> st.SearchStrategy[Counts]:
    """``size`` distinct physical tiles among the first ``pool`` (so at most 4 per kind)."""
    return st.lists(st.integers(0, pool - 1), min_size=size, max_size=size, unique=True).map(
        counts_of
    )


@st.composite
def near_win(draw: st.DrawFn, melds: int, drop: int) -> Counts:
    """A winning shape for ``melds`` melds with a few tiles swapped, then ``drop`` removed."""
    counts = [0] * 27
    if melds == 0 and draw(st.booleans()):  # seven pairs, 龙七对 allowed
        for _ in range(7):
            counts[draw(st.sampled_from([k for k in range(27) if counts[k] <= 2]))] += 2
    else:
        for _ in range(4 - melds):
            runs = [k for k in range(27) if k % 9 <= 6 and max(counts[k : k + 3]) <= 3]
            if draw(st.booleans()):
                r = draw(st.sampled_from(runs))
                for k in range(r, r + 3):
                    counts[k] += 1
            else:
                counts[draw(st.sampled_from([k for k in range(27) if counts[k] <= 1]))] += 3
        counts[draw(st.sampled_from([k for k in range(27) if counts[k] <= 2]))] += 2
    for _ in range(draw(st.integers(0, 2))):
        out = draw(st.sampled_from([k for k in range(27) if counts[k]]))
        into = draw(st.sampled_from([k for k in range(27) if counts[k] < 4]))
        counts[out] -= 1
        counts[into] += 1
    for _ in range(drop):
        counts[draw(st.sampled_from([k for k in range(27) if counts[k]]))] -= 1
    return counts


@st.composite
def any_hand(draw: st.DrawFn, extra: int | None = None) -> tuple[Counts, int]:
    """(counts, melds) of size 14 − 3·melds − extra (extra 0 or 1, drawn when None)."""
    melds = draw(st.integers(0, 4))
    drop = draw(st.integers(0, 1)) if extra is None else extra
    if draw(st.booleans()):
        return draw(near_win(melds, drop)), melds
    return draw(random_hand(14 - 3 * melds - drop)), melds


# --- brute force -----------------------------------------------------------------------


@cache
def targets(sets: int, void: int | None) -> list[tuple[tuple[int, int], ...]]:
    """Every winning shape of ``sets`` sets + a pair avoiding ``void``, as (kind, count)s."""
    kinds = [k for k in range(27) if void is None or k // 9 != void]
    blocks = [(k, k, k) for k in kinds] + [(k, k + 1, k + 2) for k in kinds if k % 9 <= 6]
    out = []
    for chosen in itertools.combinations_with_replacement(blocks, sets):
        for pair in kinds:
            w = [0] * 27
            w[pair] += 2
            for block in chosen:
                for k in block:
                    w[k] += 1
            if max(w) <= 4:
                out.append(tuple((k, c) for k, c in enumerate(w) if c))
    return out


def brute_shanten(counts: Counts, melds: int, void: int | None) -> int:
    """Nearest standard target by exhaustion (only feasible for 1 or 2 sets)."""
    return min(sum(max(0, c - counts[k]) for k, c in w) for w in targets(4 - melds, void)) - 1


def brute_seven_pairs(counts: Counts, void: int | None) -> int:
    """Seven pairs shanten by trying 0, 1 or 2 pairs on every held kind."""
    allowed = [k for k in range(27) if void is None or k // 9 != void]
    held = [k for k in allowed if counts[k]]
    empty = len(allowed) - len(held)
    best = 99
    for take in itertools.product(range(3), repeat=len(held)):
        rest = 7 - sum(take)
        if 0 <= rest <= 2 * empty:
            cost = sum(max(0, 2 * t - counts[k]) for t, k in zip(take, held, strict=True))
            best = min(best, cost + 2 * rest)
    return best - 1


@settings(max_examples=200, deadline=None)
@given(melds=st.just(3), extra=st.integers(0, 1), void=voids, data=st.data())
def test_shanten_matches_brute_force_one_set(
    melds: int, extra: int, void: int | None, data: st.DataObject
) -> None:
    counts = data.draw(st.one_of(near_win(melds, extra), random_hand(5 - extra)))
    assert shanten(counts, melds, void) == brute_shanten(counts, melds, void)


@settings(max_examples=60, deadline=None)
@given(extra=st.integers(0, 1), void=voids, data=st.data())
def test_shanten_matches_brute_force_two_sets(
    extra: int, void: int | None, data: st.DataObject
) -> None:
    # Few kinds in play so that fifth-copy limits and void tiles come up often.
    counts = data.draw(st.one_of(near_win(2, extra), random_hand(8 - extra, pool=48)))
    assert shanten(counts, 2, void) == brute_shanten(counts, 2, void)


@settings(max_examples=100, deadline=None)
@given(extra=st.integers(0, 1), void=voids, data=st.data())
def test_shanten_with_no_melds_matches_brute_force_seven_pairs(
    extra: int, void: int | None, data: st.DataObject
) -> None:
    # Tiles from 7 kinds at most keep the seven-pairs brute force small.
    counts = data.draw(random_hand(14 - extra, pool=28))
    standard = hand._reference_shanten(counts, 0, void, seven_pairs=False)
    assert shanten(counts, 0, void) == min(standard, brute_seven_pairs(counts, void))


# --- properties ------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(hand_melds=any_hand(), void=voids)
def test_shanten_matches_reference(hand_melds: tuple[Counts, int], void: int | None) -> None:
    counts, melds = hand_melds
    assert shanten(counts, melds, void) == hand._reference_shanten(counts, melds, void)


@settings(max_examples=300, deadline=None)
@given(hand_melds=any_hand(extra=0), void=voids)
def test_shanten_is_minus_one_iff_win(hand_melds: tuple[Counts, int], void: int | None) -> None:
    counts, melds = hand_melds
    win = is_win(counts, melds, void)
    assert win == hand._reference_is_win(counts, melds, void)
    assert (shanten(counts, melds, void) == -1) == win
    if void is None:
        assert bool(decompositions(counts, melds)) == win


@settings(max_examples=200, deadline=None)
@given(hand_melds=any_hand(extra=1), void=voids)
def test_waits_are_exactly_the_winning_draws(
    hand_melds: tuple[Counts, int], void: int | None
) -> None:
    counts, melds = hand_melds
    expected = []
    for k in range(27):
        if counts[k] < 4:
            counts[k] += 1
            if is_win(counts, melds, void):
                expected.append(k)
            counts[k] -= 1
    assert waits(counts, melds, void) == expected
    assert (shanten(counts, melds, void) == 0) == bool(expected)


@settings(max_examples=150, deadline=None)
@given(hand_melds=any_hand(extra=1), void=voids)
def test_a_draw_lowers_shanten_by_at_most_one(
    hand_melds: tuple[Counts, int], void: int | None
) -> None:
    counts, melds = hand_melds
    before = shanten(counts, melds, void)
    for k in range(27):
        if counts[k] < 4:
            counts[k] += 1
            assert before - 1 <= shanten(counts, melds, void) <= before
            counts[k] -= 1


@settings(max_examples=150, deadline=None)
@given(hand_melds=any_hand(extra=0), void=voids)
def test_a_discard_raises_shanten_by_at_most_one_and_discards_agree(
    hand_melds: tuple[Counts, int], void: int | None
) -> None:
    counts, melds = hand_melds
    before = shanten(counts, melds, void)
    visible = [(3 * k) % 5 for k in range(27)]
    options = analyze_discards(counts, melds, void, visible)
    assert sorted(o.discard for o in options) == [k for k in range(27) if counts[k]]
    assert min(o.shanten for o in options) == max(before, 0)
    for o in options:
        counts[o.discard] -= 1
        assert o.shanten == shanten(counts, melds, void)
        assert before <= o.shanten <= before + 1
        expected = waits(counts, melds, void) if o.shanten == 0 else []
        counts[o.discard] += 1
        assert [w.kind for w in o.waits] == expected
        assert all(w.unseen == max(0, 4 - counts[w.kind] - visible[w.kind]) for w in o.waits)
    keys = [(o.shanten, -sum(w.unseen for w in o.waits), o.discard) for o in options]
    assert keys == sorted(keys)


@settings(max_examples=150, deadline=None)
@given(hand_melds=any_hand(extra=0))
def test_decompositions_rebuild_the_hand(hand_melds: tuple[Counts, int]) -> None:
    counts, melds = hand_melds
    found = decompositions(counts, melds)
    assert len(found) == len(set(found))
    for d in found:
        if d.seven_pairs:
            assert melds == 0 and all(c % 2 == 0 for c in counts)
            continue
        rebuilt = [0] * 27
        rebuilt[d.pair] += 2
        assert len(d.sets) == 4 - melds
        assert list(d.sets) == sorted(d.sets)
        for first, is_run in d.sets:
            for k in (first, first + 1, first + 2) if is_run else (first,) * 3:
                rebuilt[k] += 1
        assert rebuilt == counts


def _reference_decompositions(counts: Counts, melds: int) -> list[tuple[int, tuple[object, ...]]]:
    """Every pair, then every way the whole rest peels into sets (no per-suit split)."""
    if sum(counts) != 14 - 3 * melds:
        return []
    c = list(counts)
    found: set[tuple[int, tuple[object, ...]]] = set()
    for p in range(27):
        if c[p] >= 2:
            c[p] -= 2
            for split in hand._set_splits(c, 0):
                found.add((p, tuple(sorted(split))))
            c[p] += 2
    out = sorted(found)
    if melds == 0 and all(x % 2 == 0 for x in c):
        out.append((-1, ()))
    return out


@settings(max_examples=300, deadline=None)
@given(hand_melds=any_hand(extra=0))
def test_decompositions_match_whole_hand_reference(hand_melds: tuple[Counts, int]) -> None:
    counts, melds = hand_melds
    got = [(d.pair, d.sets) for d in decompositions(counts, melds)]
    assert got == _reference_decompositions(counts, melds)
