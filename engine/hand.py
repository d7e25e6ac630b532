"""Hand shape analysis: wins, shanten (向听), waits (听牌), discard advice, decompositions.

Shape only (RULES.md §4): (4 − melds) sets — pungs or runs within one suit — plus one pair,
or seven pairs (七对) with no melds, where four of a kind counts as two pairs (龙七对).
``void`` forbids every tile of that suit. The three-suit rule (缺一门) is scoring's job.

``counts`` is always the 27-long concealed count array (see :mod:`engine.tiles`) and
``melds`` the number of declared melds (a kong counts as one meld).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

NUM_KINDS = 27
_INF = 99


@dataclass(frozen=True, slots=True)
class Wait:
    """A tile that completes the hand and how many copies are still unseen."""

    kind: int
    unseen: int


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """The shanten after discarding ``discard``; ``waits`` only when that shanten is 0."""

    discard: int
    shanten: int
    waits: tuple[Wait, ...]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way a winning concealed shape splits into sets and eyes (将).

    ``sets`` holds ``(first kind, is_run)`` per concealed set, sorted; seven pairs have
    ``pair == -1``, ``sets == ()`` and ``seven_pairs`` set.
    """

    pair: int
    sets: tuple[tuple[int, bool], ...]
    seven_pairs: bool


# --- validation ----------------------------------------------------------------------


def _check(counts: Sequence[int], melds: int, void: int | None) -> int:
    """Validate a hand; return its tile count."""
    if len(counts) != NUM_KINDS:
        raise ValueError(f"counts must have {NUM_KINDS} entries, got {len(counts)}: {counts!r}")
    if not 0 <= melds <= 4:
        raise ValueError(f"melds must be 0-4, got {melds}")
    if void is not None and void not in (0, 1, 2):
        raise ValueError(f"void must be a suit 0-2 or None, got {void!r}")
    for c in counts:
        if not 0 <= c <= 4:
            raise ValueError(f"tile counts must be 0-4, got {list(counts)!r}")
    return sum(counts)


def _check_size(n: int, melds: int, sizes: tuple[int, ...], counts: Sequence[int]) -> None:
    if n not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise ValueError(
            f"a hand with {melds} melds must hold {want} concealed tiles, got {n}: {list(counts)!r}"
        )


# --- is_win --------------------------------------------------------------------------


def _sets_only(c: list[int], i: int = 0) -> bool:
    """Whether ``c`` (one suit or the whole hand) splits into pungs and runs."""
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, i)
        c[i] += 3
        if ok:
            return True
    if i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _reference_is_win(counts: Sequence[int], melds: int = 0, void: int | None = None) -> bool:
    """Naive recursive win test, kept as the cross-check and benchmark baseline."""
    c = list(counts)
    if sum(c) != 14 - 3 * melds:
        return False
    if void is not None and any(c[void * 9 : void * 9 + 9]):
        return False
    if melds == 0 and all(x % 2 == 0 for x in c):
        return True
    for k in range(NUM_KINDS):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(c)
            c[k] += 2
            if ok:
                return True
    return False


def is_win(counts: Sequence[int], melds: int = 0, void: int | None = None) -> bool:
    """Whether the concealed tiles plus ``melds`` declared melds form a winning shape."""
    return _reference_is_win(counts, melds, void)


# --- shanten -------------------------------------------------------------------------


def _suit_costs(key: bytes) -> tuple[int, ...]:
    """Fewest tiles to add to one suit's counts to hold k sets (+ p pair) inside it.

    Entry ``2 * k + p`` for k = 0..4 sets and p = 0/1 pair. The target may drop any of the
    suit's tiles and never uses a fifth copy of a kind. Dynamic programming over ranks: the
    state carries how many runs started one and two ranks back.
    """
    states: dict[tuple[int, int], list[int]] = {(0, 0): [0] + [_INF] * 9}
    for i in range(9):
        h = key[i]
        new: dict[tuple[int, int], list[int]] = {}
        for (a, b), vec in states.items():
            for pung in (0, 1):
                for pair in (0, 1):
                    fixed = a + b + 3 * pung + 2 * pair
                    if fixed > 4:
                        continue
                    max_runs = 4 - fixed if i <= 6 else 0
                    for runs in range(max_runs + 1):
                        need = fixed + runs
                        cost = need - h if need > h else 0
                        added = pung + runs
                        tgt = new.get((b, runs))
                        if tgt is None:
                            tgt = new[(b, runs)] = [_INF] * 10
                        for k in range(5 - added):
                            for p in range(2 - pair):
                                v = vec[2 * k + p]
                                if v >= _INF:
                                    continue
                                j = 2 * (k + added) + p + pair
                                if v + cost < tgt[j]:
                                    tgt[j] = v + cost
        states = new
    return tuple(states[(0, 0)])


_COST_CACHE: dict[bytes, tuple[int, ...]] = {}
_VOID_COSTS = (0,) + (_INF,) * 9


def _costs(key: bytes) -> tuple[int, ...]:
    got = _COST_CACHE.get(key)
    if got is None:
        got = _COST_CACHE[key] = _suit_costs(key)
    return got


def _standard_draws(counts: Sequence[int], melds: int, void: int | None) -> int:
    """Fewest tiles to draw to reach a standard winning shape (min |target − hand|)."""
    b = bytes(counts)
    vecs = [_VOID_COSTS if s == void else _costs(b[9 * s : 9 * s + 9]) for s in range(3)]
    sets = 4 - melds
    best = _INF
    for k0 in range(sets + 1):
        for k1 in range(sets - k0 + 1):
            k2 = sets - k0 - k1
            for pair_suit in range(3):
                total = 0
                for s, k in enumerate((k0, k1, k2)):
                    total += vecs[s][2 * k + (s == pair_suit)]
                best = min(best, total)
    return best


def _seven_pairs_draws(counts: Sequence[int], void: int | None) -> int:
    """Fewest draws to seven pairs (4 of a kind = two pairs): 0/1/2 per missing pair."""
    pairs = odd = 0
    for k, c in enumerate(counts):
        if void is not None and k // 9 == void:
            continue
        pairs += c // 2
        odd += c & 1
    short = 7 - pairs
    if short <= 0:
        return 0
    return min(short, odd) + 2 * max(0, short - odd)


def shanten(counts: Sequence[int], melds: int = 0, void: int | None = None) -> int:
    """Tiles away from winning (向听数): −1 complete, 0 ready (听牌), and so on.

    Exact: the fewest draws (each with a discard) that reach a winning shape, minus one.
    Targets never hold a fifth copy of a kind and never a tile of the ``void`` suit, so
    every void tile held costs a draw to replace. Works for 3n+1 and 3n+2 sized hands.
    """
    n = _check(counts, melds, void)
    _check_size(n, melds, (13 - 3 * melds, 14 - 3 * melds), counts)
    draws = _standard_draws(counts, melds, void)
    if melds == 0:
        draws = min(draws, _seven_pairs_draws(counts, void))
    return draws - 1


# --- waits and discards --------------------------------------------------------------


def waits(counts: Sequence[int], melds: int = 0, void: int | None = None) -> list[int]:
    """The kinds that would complete a 3n+1 hand, sorted; kinds held four times excluded."""
    n = _check(counts, melds, void)
    _check_size(n, melds, (13 - 3 * melds,), counts)
    out: list[int] = []
    c = list(counts)
    for k in range(NUM_KINDS):
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_win(c, melds, void):
            out.append(k)
        c[k] -= 1
    return out


def analyze_discards(
    counts: Sequence[int],
    melds: int = 0,
    void: int | None = None,
    visible: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """Each distinct discard of a 3n+2 hand with its resulting shanten and waits, best first.

    ``unseen`` of a wait is 4 − copies in this hand (the discard included: it goes face up)
    − ``visible[kind]``, clamped at 0. Order: lowest shanten, most unseen wait tiles, kind.
    """
    n = _check(counts, melds, void)
    _check_size(n, melds, (14 - 3 * melds,), counts)
    if visible is not None and len(visible) != NUM_KINDS:
        raise ValueError(f"visible must have {NUM_KINDS} entries, got {len(visible)}")
    seen = visible if visible is not None else [0] * NUM_KINDS
    c = list(counts)
    options: list[DiscardOption] = []
    for d in range(NUM_KINDS):
        if not c[d]:
            continue
        c[d] -= 1
        sh = shanten(c, melds, void)
        ws: tuple[Wait, ...] = ()
        if sh == 0:
            ws = tuple(Wait(k, max(0, 4 - counts[k] - seen[k])) for k in waits(c, melds, void))
        c[d] += 1
        options.append(DiscardOption(d, sh, ws))
    options.sort(key=lambda o: (o.shanten, -sum(w.unseen for w in o.waits), o.discard))
    return options


# --- decompositions ------------------------------------------------------------------


def _set_splits(c: list[int], i: int) -> list[list[tuple[int, bool]]]:
    """Every way ``c`` from index ``i`` on splits into sets (lowest tile first)."""
    while i < NUM_KINDS and c[i] == 0:
        i += 1
    if i == NUM_KINDS:
        return [[]]
    out: list[list[tuple[int, bool]]] = []
    if c[i] >= 3:
        c[i] -= 3
        out.extend([(i, False), *rest] for rest in _set_splits(c, i))
        c[i] += 3
    if i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        out.extend([(i, True), *rest] for rest in _set_splits(c, i))
        for j in (i, i + 1, i + 2):
            c[j] += 1
    return out


def decompositions(counts: Sequence[int], melds: int = 0) -> list[Decomposition]:
    """Every distinct way the concealed tiles split as a winning shape; [] if not a win.

    Standard splits come first (by pair, then sets), then seven pairs when that applies too.
    """
    n = _check(counts, melds, None)
    if n != 14 - 3 * melds:
        return []
    c = list(counts)
    found: set[Decomposition] = set()
    for p in range(NUM_KINDS):
        if c[p] >= 2:
            c[p] -= 2
            for split in _set_splits(c, 0):
                found.add(Decomposition(p, tuple(sorted(split)), False))
            c[p] += 2
    out = sorted(found, key=lambda d: (d.pair, d.sets))
    if melds == 0 and all(x % 2 == 0 for x in c):
        out.append(Decomposition(-1, (), True))
    return out


__all__ = [
    "Decomposition",
    "DiscardOption",
    "Wait",
    "analyze_discards",
    "decompositions",
    "is_win",
    "shanten",
    "waits",
]
