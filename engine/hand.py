"""Hand shape analysis: wins, shanten (向听), waits (听牌), discard advice, decompositions.

Shape only (RULES.md §4): (4 − melds) sets — pungs or runs within one suit — plus one pair,
or seven pairs (七对) with no melds, where four of a kind counts as two pairs (龙七对).
``void`` forbids every tile of that suit. The three-suit rule (缺一门) is scoring's job.

``counts`` is always the 27-long concealed count array (see :mod:`engine.tiles`) and
``melds`` the number of declared melds (a kong counts as one meld).

Shanten here is exact: the fewest tiles to draw (each with a discard) until the hand is a
winning shape, minus one. A hand needs exactly as many draws as the nearest winning target
has tiles the hand lacks, so shanten = min over targets of |target − hand| − 1, with
targets that never hold a fifth copy of a kind (tiles already held count) nor a tile of
the void suit (so every void tile held must be replaced).

Speed comes from per-suit tables keyed by the suit's nine counts as ``bytes`` (a slice of
``bytes(counts)``): which suits are complete, the fewest tiles to add for k sets (+ pair)
in one suit, and the tiles that complete a suit. They are filled lazily on first use (no
work at import; filling is thread-safe) and combined across the three suits by min-plus
convolution, memoised on interned vector ids (only a few hundred distinct vectors occur).
``_reference_is_win`` and ``_reference_shanten`` are the slow, obviously-correct versions
the tests and ``benchmarks/bench_hand.py`` compare against.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

NUM_KINDS = 27
_INF = 99
_ZERO_SUIT = bytes(9)
_LOCK = threading.Lock()


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


def _hand_bytes(counts: Sequence[int], melds: int, void: int | None) -> bytes:
    """``bytes(counts)`` after checking the hand is well formed (tile counts 0–4)."""
    if len(counts) != NUM_KINDS:
        raise ValueError(f"counts must have {NUM_KINDS} entries, got {len(counts)}: {counts!r}")
    if not 0 <= melds <= 4:
        raise ValueError(f"melds must be 0-4, got {melds}")
    if void is not None and void not in (0, 1, 2):
        raise ValueError(f"void must be a suit 0-2 or None, got {void!r}")
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        b = b"\xff"
    if max(b) > 4:
        raise ValueError(f"tile counts must be 0-4, got {list(counts)!r}")
    return b


def _bad_size(counts: Sequence[int], melds: int, sizes: tuple[int, ...]) -> ValueError:
    want = " or ".join(str(s) for s in sizes)
    n = sum(counts)
    return ValueError(
        f"a hand with {melds} melds must hold {want} concealed tiles, got {n}: {list(counts)!r}"
    )


# --- per-suit tables -----------------------------------------------------------------

# is_win code of a suit key: ``std + (even << 10)``, where ``std`` is the suit's tile count
# if it splits into sets (+ one pair when the count is 2 mod 3) and ``even`` its tile count
# if every kind is held 0, 2 or 4 times; either is _NO when it does not. Three codes add up
# without carries, so one sum answers both "standard win?" and "seven pairs?".
_NO = 300
_MISS = _NO + (_NO << 10)
_WIN_CODE: dict[bytes, int] = {}

# Per suit key: (tile count, pairs (4 of a kind = 2), odd kinds, cost-vector id).
_INFO: dict[bytes, tuple[int, int, int, int]] = {}
# Cost vectors (see _suit_costs), interned so combinations can be memoised by small ints.
# Id 0 is the void suit's vector: it holds nothing in the target.
_VOID_ID = 0
_VECS: list[tuple[int, ...]] = [(0,) + (_INF,) * 9]
_VEC_ID: dict[tuple[int, ...], int] = {_VECS[0]: _VOID_ID}
_PAIR_SUM: dict[int, int] = {}  # v0 * _ID_SPAN + v1 -> id of the two suits' combined vector
_BEST: dict[int, int] = {}  # (w * _ID_SPAN + v) * 8 + sets -> fewest draws, standard shape
_ID_SPAN = 1 << 20
# Per suit key: the ranks (0–8) whose addition makes the suit complete (std part above).
_SUIT_WAITS: dict[bytes, tuple[int, ...]] = {}
# Per suit key: ((rank, child key, child info), ...) for each rank held, one tile removed.
_CHILDREN: dict[bytes, tuple[tuple[int, bytes, tuple[int, int, int, int]], ...]] = {}


def _suit_shapes() -> set[bytes]:
    """Every complete one-suit shape: up to 4 sets and at most one pair, no fifth copy."""
    blocks = [(r, r, r) for r in range(9)] + [(r, r + 1, r + 2) for r in range(7)]
    shapes: set[bytes] = set()
    for n_sets in range(5):
        for chosen in itertools.combinations_with_replacement(blocks, n_sets):
            base = [0] * 9
            for block in chosen:
                for r in block:
                    base[r] += 1
            if max(base) > 4:
                continue
            shapes.add(bytes(base))
            for r in range(9):
                if base[r] <= 2:
                    base[r] += 2
                    shapes.add(bytes(base))
                    base[r] -= 2
    return shapes


def _build_win_codes() -> None:
    """Fill _WIN_CODE in one step, so a reader on another thread never sees half of it."""
    std = {key: sum(key) for key in _suit_shapes()}
    even: dict[bytes, int] = {}
    for combo in itertools.product((0, 2, 4), repeat=9):
        if sum(combo) <= 14:
            even[bytes(combo)] = sum(combo)
    codes = {
        key: std.get(key, _NO) + (even.get(key, _NO) << 10) for key in std.keys() | even.keys()
    }
    _WIN_CODE.update(codes)


def _min_plus(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """Cost vectors of two disjoint groups combined: best split of k sets and p pairs."""
    out = [_INF] * 10
    for i in range(10):
        x = a[i]
        if x >= _INF:
            continue
        ki, pi = i >> 1, i & 1
        for j in range(10 - 2 * ki if pi == 0 else 9 - 2 * ki):
            if pi and j & 1:
                continue
            y = x + b[j]
            t = i + j
            if y < out[t]:
                out[t] = y
    return tuple(out)


# Adding whole sets/pairs that use none of the hand's tiles: 3 per set, 2 for the pair.
_FRESH = tuple(3 * (i >> 1) + 2 * (i & 1) for i in range(10))


def _tail_costs(key: bytes) -> tuple[int, ...]:
    """Cost vector of the ranks ``key[2:]`` of a tile group, given ``key[0]`` runs started
    two ranks before them and ``key[1]`` runs started one rank before (already counted).

    Entry ``2 * k + p``: the fewest tiles to add so that k more sets and p pairs, each using
    at least one tile of the group, fit with no fifth copy. Memoised on the whole key, so
    groups that end alike share the work; the vectors themselves are shared objects.
    """
    got = _TAIL_COSTS.get(key)
    if got is not None:
        return got
    a, b = key[0], key[1]
    if len(key) == 2:
        got = _VECS[_VOID_ID]  # nothing left: no sets, no pair, no cost
        _TAIL_COSTS[key] = got
        return got
    held = key[2]
    run_ok = len(key) >= 5 and bool(held or key[3] or key[4])
    rest = key[3:]
    out = [_INF] * 10
    for pung in (0, 1) if held else (0,):
        for pair in (0, 1) if held else (0,):
            fixed = a + b + 3 * pung + 2 * pair
            if fixed > 4:
                continue
            for runs in range(5 - fixed if run_ok else 1):
                step = 2 * (pung + runs) + pair
                if step >= 10:
                    continue
                need = fixed + runs
                cost = need - held if need > held else 0
                sub = _tail_costs(bytes((b, runs)) + rest)
                for j in range(0, 10 - step, 1 + pair):  # with the pair here: none later
                    v = sub[j] + cost
                    if v < out[j + step]:
                        out[j + step] = v
    vec = tuple([min(x, _INF) for x in out])
    got = _TAIL_SHARED.setdefault(vec, vec)
    _TAIL_COSTS[key] = got
    return got


_TAIL_COSTS: dict[bytes, tuple[int, ...]] = {}
_TAIL_SHARED: dict[tuple[int, ...], tuple[int, ...]] = {}


def _suit_costs(key: bytes) -> tuple[int, ...]:
    """Fewest tiles to add to one suit's counts so that k sets (+ p pair) fit inside it.

    Entry ``2 * k + p`` for k = 0..4 sets and p = 0/1 pair. The target may leave out any
    of the suit's tiles and never uses a fifth copy of a kind.

    Groups of tiles two or more empty ranks apart cannot share a set, so each group (with
    up to two free ranks either side) is solved once and memoised; sets touching no tile
    cost 3 (and the pair 2) and always fit, since a target holds at most 14 tiles.
    """
    vec = _FRESH
    i = 0
    while i < 9:
        if not key[i]:
            i += 1
            continue
        j = i
        while j + 1 < 9 and (key[j + 1] or (j + 2 < 9 and key[j + 2])):
            j += 1
        lo, hi = max(0, i - 2), min(8, j + 2)
        vec = _min_plus(vec, _tail_costs(bytes(2 + i - lo) + key[i : j + 1] + bytes(hi - j)))
        i = j + 1
    return vec


def _intern(vec: tuple[int, ...]) -> int:
    with _LOCK:  # ids must stay dense and unique even if two threads fill tables at once
        vid = _VEC_ID.get(vec)
        if vid is None:
            if len(_VECS) >= _ID_SPAN:  # a few hundred exist in practice; keys need < 2**20
                raise RuntimeError("engine.hand: too many distinct cost vectors")
            vid = _VEC_ID[vec] = len(_VECS)
            _VECS.append(vec)
    return vid


# The generated cost vectors of every suit key of at most 14 tiles (engine/_suit_table.py),
# decoded on first use: (vector id per base-5 index, 255 = none; interned id per vector id).
# Holds (b"", ()) if the module cannot be read: the costs are then computed as before.
_TABLE: list[tuple[bytes, tuple[int, ...]]] = []
_BASE5_DIGITS = bytes.maketrans(bytes(range(5)), b"01234")
_TABLE_SIZE = 5**9
_TABLE_NONE = 255
_HALF = bytes(i >> 1 for i in range(256))  # bytes.translate table: a count's pairs


def _load_table() -> None:
    ids = b""
    vids: tuple[int, ...] = ()
    try:
        import base64
        import lzma

        from engine import _suit_table
    except ImportError:  # a Python without lzma: compute instead
        pass
    else:
        try:
            ids = lzma.decompress(base64.b85decode(_suit_table.TABLE))
        except (ValueError, lzma.LZMAError):
            ids = b""
        if len(ids) == _TABLE_SIZE:
            vids = tuple([_intern(tuple(vec)) for vec in _suit_table.VECTORS])
        else:
            ids = b""
    with _LOCK:
        if not _TABLE:
            _TABLE.append((ids, vids))


def _table_costs(key: bytes) -> int | None:
    """Interned cost vector id of a valid suit key from the generated table, or None."""
    if not _TABLE:
        _load_table()
    ids, vids = _TABLE[0]
    if not ids:
        return None
    vid = ids[int(key[::-1].translate(_BASE5_DIGITS), 5)]
    return None if vid == _TABLE_NONE else vids[vid]


def _info(key: bytes) -> tuple[int, int, int, int]:
    """Table entry for one suit key, computed on first sight (the cost vector comes from
    the generated table when it has the key)."""
    got = _INFO.get(key)
    if got is None:
        if len(key) != 9 or max(key) > 4:
            raise ValueError(f"tile counts must be 0-4, got {list(key)!r} in one suit")
        pairs = sum(key.translate(_HALF))  # c >> 1 per kind, at C speed
        odd = sum(key.translate(_PARITY))  # c & 1 per kind
        vid = _table_costs(key)
        if vid is None:
            vid = _intern(_suit_costs(key))
        got = _INFO[key] = (sum(key), pairs, odd, vid)
    return got


def _pair_sum(v0: int, v1: int) -> int:
    """Interned min-plus sum of two suits' cost vectors (k sets, p pairs over both)."""
    wid = _intern(_min_plus(_VECS[v0], _VECS[v1]))
    _PAIR_SUM[v0 * _ID_SPAN + v1] = wid
    return wid


def _best(w: int, v: int, sets: int) -> int:
    """Fewest draws for ``sets`` sets + one pair given two combined suits and a third."""
    a, b = _VECS[w], _VECS[v]
    best = min(
        min(a[2 * k] + b[2 * (sets - k) + 1], a[2 * k + 1] + b[2 * (sets - k)])
        for k in range(sets + 1)
    )
    _BEST[(w * _ID_SPAN + v) * 8 + sets] = best
    return best


def _standard_draws(v0: int, v1: int, v2: int, sets: int) -> int:
    w = _PAIR_SUM.get(v0 * _ID_SPAN + v1)
    if w is None:
        w = _pair_sum(v0, v1)
    d = _BEST.get((w * _ID_SPAN + v2) * 8 + sets)
    return _best(w, v2, sets) if d is None else d


def _seven_pairs_draws(pairs: int, odd: int) -> int:
    """Fewest draws to seven pairs: an odd kind's next pair costs 1, any other pair 2."""
    short = 7 - pairs
    if short <= 0:
        return 0
    if short <= odd:
        return short
    return 2 * short - odd


def _suit_waits(key: bytes) -> tuple[int, ...]:
    """Ranks whose addition makes this suit complete (sets, or sets + pair)."""
    got = _SUIT_WAITS.get(key)
    if got is None:
        code = _WIN_CODE.get
        out = []
        for r in range(9):
            if (
                key[r] < 4
                and code(key[:r] + bytes((key[r] + 1,)) + key[r + 1 :], _MISS) & 1023 < _NO
            ):
                out.append(r)
        got = _SUIT_WAITS[key] = tuple(out)
    return got


def _children(key: bytes) -> tuple[tuple[int, bytes, tuple[int, int, int, int]], ...]:
    """For each rank held in this suit: the suit with one of those tiles removed."""
    got = _CHILDREN.get(key)
    if got is None:
        out = []
        for r in range(9):
            if key[r]:
                child = key[:r] + bytes((key[r] - 1,)) + key[r + 1 :]
                out.append((r, child, _info(child)))
        got = _CHILDREN[key] = tuple(out)
    return got


# --- is_win --------------------------------------------------------------------------


def _sets_only(c: list[int], i: int = 0) -> bool:
    """Whether ``c`` (the whole hand) from index ``i`` on splits into pungs and runs."""
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
    """Naive recursive win test: try every pair, then peel sets off the lowest tile."""
    c = list(counts)
    if sum(c) != 14 - 3 * melds or any(x > 4 for x in c):
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
    """Whether the concealed tiles plus ``melds`` declared melds form a winning shape.

    A hand of the wrong size is simply not a win; ``counts`` of the wrong length raise.
    """
    b = bytes(counts)
    if len(b) != NUM_KINDS:
        raise ValueError(f"counts must have {NUM_KINDS} entries, got {len(b)}: {counts!r}")
    code = _WIN_CODE.get
    if not _WIN_CODE:
        _build_win_codes()
    s = code(b[:9], _MISS) + code(b[9:18], _MISS) + code(b[18:], _MISS)
    if (s & 1023) != 14 - 3 * melds and (melds or s >> 10 != 14):
        return False
    if not 0 <= melds <= 4:
        raise ValueError(f"melds must be 0-4, got {melds}")
    return void is None or b[9 * void : 9 * void + 9] == _ZERO_SUIT


# --- shanten -------------------------------------------------------------------------


def _reference_shanten(
    counts: Sequence[int], melds: int = 0, void: int | None = None, *, seven_pairs: bool = True
) -> int:
    """Naive exact shanten: one memoised search over all 27 kinds for the nearest target.

    The target is built kind by kind (how many pungs, runs and pairs start here); the cost
    is the tiles it needs beyond the hand. No per-suit tables, no combination step.
    ``seven_pairs=False`` leaves seven pairs out (tests check that part separately).
    """
    h = list(counts)
    sets_needed = 4 - melds

    @cache
    def search(i: int, a: int, b: int, sets: int, pair: int) -> int:
        # a runs started at i-2 and b at i-1 still need kind i; sets/pair still to place.
        if i == NUM_KINDS:
            return 0 if sets == 0 and pair == 0 else _INF
        forbidden = void is not None and i // 9 == void
        best = _INF
        for pung in range(min(1, sets) + 1):
            for eyes in range(pair + 1):
                for runs in range(sets - pung + 1 if i % 9 <= 6 else 1):
                    need = a + b + 3 * pung + 2 * eyes + runs
                    if need > 4 or (forbidden and need):
                        continue
                    rest = search(i + 1, b, runs, sets - pung - runs, pair - eyes)
                    best = min(best, max(0, need - h[i]) + rest)
        return best

    draws = search(0, 0, 0, sets_needed, 1)
    if melds == 0 and seven_pairs:
        allowed = [c for k, c in enumerate(h) if void is None or k // 9 != void]

        @cache
        def pairs(i: int, left: int) -> int:
            # Kind i takes 0, 1 or 2 of the seven pairs (0, 2 or 4 copies).
            if left == 0:
                return 0
            if i == len(allowed):
                return _INF
            return min(
                max(0, 2 * t - allowed[i]) + pairs(i + 1, left - t) for t in range(min(2, left) + 1)
            )

        draws = min(draws, pairs(0, 7))
    return draws - 1


def shanten(counts: Sequence[int], melds: int = 0, void: int | None = None) -> int:
    """Tiles away from winning (向听数): −1 complete, 0 ready (听牌), and so on.

    Exact: the fewest draws (each with a discard) that reach a winning shape, minus one.
    Targets never hold a fifth copy of a kind and never a tile of the ``void`` suit, so
    every void tile held costs a draw to replace. Works for 3n+1 and 3n+2 sized hands.
    """
    b = bytes(counts)
    if len(b) != NUM_KINDS or not 0 <= melds <= 4:
        _hand_bytes(counts, melds, void)
    i0 = _INFO.get(b[:9]) or _info(b[:9])
    i1 = _INFO.get(b[9:18]) or _info(b[9:18])
    i2 = _INFO.get(b[18:]) or _info(b[18:])
    n = i0[0] + i1[0] + i2[0]
    if n != 14 - 3 * melds and n != 13 - 3 * melds:
        raise _bad_size(counts, melds, (13 - 3 * melds, 14 - 3 * melds))
    if void is None:
        draws = _standard_draws(i0[3], i1[3], i2[3], 4 - melds)
        if melds == 0:
            seven = _seven_pairs_draws(i0[1] + i1[1] + i2[1], i0[2] + i1[2] + i2[2])
            if seven < draws:
                draws = seven
        return draws - 1
    infos = [i0, i1, i2]
    if void not in (0, 1, 2):
        _hand_bytes(counts, melds, void)
    vids = [_VOID_ID if s == void else infos[s][3] for s in range(3)]
    draws = _standard_draws(vids[0], vids[1], vids[2], 4 - melds)
    if melds == 0:
        kept = [infos[s] for s in range(3) if s != void]
        seven = _seven_pairs_draws(kept[0][1] + kept[1][1], kept[0][2] + kept[1][2])
        draws = min(draws, seven)
    return draws - 1


# --- waits and discards --------------------------------------------------------------


# bytes.translate table: a count's parity, to find odd kinds at C speed.
_PARITY = bytes(i & 1 for i in range(256))


def _waits_of(keys: Sequence[bytes], melds: int, void: int | None, odd_kind: int) -> list[int]:
    """Waits of a 3n+1 hand given its three suit keys (size already checked).

    ``odd_kind`` is the hand's only kind held an odd number of times, or −1.
    """
    if void is not None and keys[void] != _ZERO_SUIT:
        return []  # one more tile cannot clear the void suit
    code = _WIN_CODE.get
    std = [code(k, _MISS) & 1023 < _NO for k in keys]
    out: list[int] = []
    for s in range(3):
        if s != void and std[s - 1] and std[s - 2]:
            out.extend(9 * s + r for r in _suit_waits(keys[s]))
    # Seven pairs: 13 tiles wait on their only odd kind (a 3rd copy makes 4 = two pairs).
    if melds == 0 and odd_kind >= 0 and odd_kind not in out:
        out.append(odd_kind)
        out.sort()
    return out


def _odd_kind(b: bytes) -> int:
    """The only kind held an odd number of times in the 27 counts ``b``, or −1."""
    parity = b.translate(_PARITY)
    return parity.index(1) if parity.count(1) == 1 else -1


def waits(counts: Sequence[int], melds: int = 0, void: int | None = None) -> list[int]:
    """The kinds that would complete a 3n+1 hand, sorted; kinds held four times excluded."""
    b = _hand_bytes(counts, melds, void)
    if sum(b) != 13 - 3 * melds:
        raise _bad_size(counts, melds, (13 - 3 * melds,))
    if not _WIN_CODE:
        _build_win_codes()
    return _waits_of((b[:9], b[9:18], b[18:]), melds, void, _odd_kind(b))


_WAIT_OBJECTS: list[Wait] = []  # Wait(k, u) at 5 * k + u, shared: they are immutable


def _wait(kind: int, unseen: int) -> Wait:
    """``Wait(kind, unseen)`` with unseen clamped at 0, reusing the 135 common objects."""
    if unseen < 0:
        unseen = 0
    if unseen > 4:
        return Wait(kind, unseen)  # visible had negative counts: keep the caller's numbers
    if not _WAIT_OBJECTS:
        _WAIT_OBJECTS.extend([Wait(k, u) for k in range(NUM_KINDS) for u in range(5)])
    return _WAIT_OBJECTS[5 * kind + unseen]


_NO_WAITS: tuple[int, ...] = ()


def _discard_rows(
    b: bytes, melds: int, void: int | None, seen: Sequence[int], allowed: Sequence[object] | None
) -> list[tuple[int, int, int, Sequence[int]]]:
    """``(shanten, −unseen wait tiles, discard, wait kinds)`` for each distinct discard of
    the checked 3n+2 hand ``b`` (only kinds ``k`` with ``allowed[k]`` truthy, if given);
    waits only when that shanten is 0. Unseen counts as in :func:`analyze_discards`."""
    if not _WIN_CODE:
        _build_win_codes()
    keys = [b[:9], b[9:18], b[18:]]
    infos = [_INFO.get(k) or _info(k) for k in keys]
    vids = [_VOID_ID if s == void else infos[s][3] for s in range(3)]
    kept = [s for s in range(3) if s != void]
    pairs = sum([infos[s][1] for s in kept])
    odd = sum([infos[s][2] for s in kept])
    sets = 4 - melds
    rows: list[tuple[int, int, int, Sequence[int]]] = []
    v0, v1, v2 = vids
    for s in range(3):
        info = infos[s]
        base = 9 * s
        key = keys[s]
        children = _CHILDREN.get(key) or _children(key)
        # A void-suit discard leaves the (void) cost vectors as they are.
        void_draws = _standard_draws(v0, v1, v2, sets) if s == void else 0
        for r, child, cinfo in children:
            d = base + r
            if allowed is not None and not allowed[d]:
                continue
            if s == void:
                draws = void_draws
            elif s == 0:
                draws = _standard_draws(cinfo[3], v1, v2, sets)
            elif s == 1:
                draws = _standard_draws(v0, cinfo[3], v2, sets)
            else:
                draws = _standard_draws(v0, v1, cinfo[3], sets)
            child_odd = odd if s == void else odd - info[2] + cinfo[2]
            if melds == 0:
                child_pairs = pairs if s == void else pairs - info[1] + cinfo[1]
                seven = _seven_pairs_draws(child_pairs, child_odd)
                if seven < draws:
                    draws = seven
            if draws == 1:
                ks = list(keys)
                ks[s] = child
                odd_kind = -1
                if child_odd == 1 and melds == 0:
                    odd_kind = _odd_kind(ks[0] + ks[1] + ks[2])
                ws = _waits_of(ks, melds, void, odd_kind)
                unseen = sum([u for k in ws if (u := 4 - b[k] - seen[k]) > 0])
                rows.append((0, -unseen, d, ws))
            else:
                rows.append((draws - 1, 0, d, _NO_WAITS))
    return rows


def _checked_discard_hand(
    counts: Sequence[int], melds: int, void: int | None, visible: Sequence[int] | None
) -> bytes:
    b = _hand_bytes(counts, melds, void)
    if sum(b) != 14 - 3 * melds:
        raise _bad_size(counts, melds, (14 - 3 * melds,))
    if visible is not None and len(visible) != NUM_KINDS:
        raise ValueError(f"visible must have {NUM_KINDS} entries, got {len(visible)}")
    return b


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
    b = _checked_discard_hand(counts, melds, void, visible)
    seen = visible if visible is not None else bytes(NUM_KINDS)
    rows = _discard_rows(b, melds, void, seen, None)
    rows.sort(key=lambda row: row[:3])
    return [
        DiscardOption(d, sh, tuple([_wait(k, 4 - b[k] - seen[k]) for k in ws]))
        for sh, _, d, ws in rows
    ]


def best_discard(
    counts: Sequence[int],
    melds: int,
    void: int | None,
    visible: Sequence[int] | None,
    allowed: Sequence[object],
) -> int | None:
    """The first discard of :func:`analyze_discards` ``(counts, melds, void, visible)``
    whose kind ``k`` has ``allowed[k]`` truthy, or None — without building the others'
    waits (the greedy bot's question, asked every turn)."""
    b = _checked_discard_hand(counts, melds, void, visible)
    seen = visible if visible is not None else bytes(NUM_KINDS)
    rows = _discard_rows(b, melds, void, seen, allowed)
    return min(rows)[2] if rows else None


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


def _suit_splits(key: bytes) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Every way one suit's nine counts split into sets (ranks 0–8; none: ``()``),
    memoised: runs never cross suits, so a hand's splits are the products of its suits'."""
    got = _SPLITS.get(key)
    if got is None:
        c = [*key, *bytes(NUM_KINDS - 9)]
        got = _SPLITS[key] = tuple(tuple(split) for split in _set_splits(c, 0))
    return got


_SPLITS: dict[bytes, tuple[tuple[tuple[int, bool], ...], ...]] = {}


def decompositions(counts: Sequence[int], melds: int = 0) -> list[Decomposition]:
    """Every distinct way the concealed tiles split as a winning shape; [] if not a win.

    Standard splits come first (by pair, then sets), then seven pairs when that applies too,
    so scoring can pick the split that scores best.
    """
    b = _hand_bytes(counts, melds, None)
    if sum(b) != 14 - 3 * melds:
        return []
    keys = [b[:9], b[9:18], b[18:]]
    found: set[Decomposition] = set()
    # Sets hold multiples of three, so the pair lies in the one suit whose size is 2 mod 3
    # and every other suit must split into sets on its own.
    sizes = [sum(k) % 3 for k in keys]
    if sorted(sizes) == [0, 0, 2]:
        s = sizes.index(2)
        per = [_suit_splits(k) for k in keys]
        if all(per[t] for t in range(3) if t != s):
            key = keys[s]
            for r in range(9):
                if key[r] < 2:
                    continue
                ks = list(keys)
                ks[s] = key[:r] + bytes((key[r] - 2,)) + key[r + 1 :]
                per[s] = _suit_splits(ks[s])
                for a in per[0]:
                    for m in per[1]:
                        for z in per[2]:
                            sets = [
                                *a,
                                *[(k + 9, run) for k, run in m],
                                *[(k + 18, run) for k, run in z],
                            ]
                            found.add(Decomposition(9 * s + r, tuple(sorted(sets)), False))
    out = sorted(found, key=lambda d: (d.pair, d.sets))
    if melds == 0 and all(x % 2 == 0 for x in b):
        out.append(Decomposition(-1, (), True))
    return out


# --- improving draws ------------------------------------------------------------------

_PLUS_ONE = tuple(bytes((c + 1,)) for c in range(4))
# Per suit: a 9-bit rank mask -> the kinds of those ranks, in order.
_MASK_KINDS = tuple(
    tuple(tuple(9 * s + r for r in range(9) if m >> r & 1) for m in range(512)) for s in range(3)
)


def improving_kinds(counts: Sequence[int], melds: int = 0, void: int | None = None) -> list[int]:
    """The kinds whose draw lowers the shanten of a 3n+1 hand (有效牌), sorted.

    Exact (the same as adding each kind and calling :func:`shanten`), but a drawn tile
    changes one suit only, so each kind costs a few per-suit table look-ups against the
    other two suits' combined costs. Kinds held four times and kinds of the ``void`` suit
    never lower shanten and are not listed.
    """
    return list(shanten_and_improvers(counts, melds, void)[1])


def shanten_and_improvers(
    counts: Sequence[int], melds: int = 0, void: int | None = None
) -> tuple[int, tuple[int, ...]]:
    """``(shanten(counts, melds, void), tuple(improving_kinds(counts, melds, void)))`` of a
    3n+1 hand in one pass: the bots ask both of every hand they look at."""
    if type(counts) is bytes and len(counts) == NUM_KINDS and max(counts) <= 4:
        b = counts  # the bots' cache keys: already checked
        if not 0 <= melds <= 4 or (void is not None and void not in (0, 1, 2)):
            _hand_bytes(counts, melds, void)  # raises with the reason
    else:
        b = _hand_bytes(counts, melds, void)
    k0, k1, k2 = b[:9], b[9:18], b[18:]
    get = _INFO.get
    i0 = get(k0) or _info(k0)
    i1 = get(k1) or _info(k1)
    i2 = get(k2) or _info(k2)
    if i0[0] + i1[0] + i2[0] != 13 - 3 * melds:
        raise _bad_size(counts, melds, (13 - 3 * melds,))
    v0 = _VOID_ID if void == 0 else i0[3]
    v1 = _VOID_ID if void == 1 else i1[3]
    v2 = _VOID_ID if void == 2 else i2[3]
    sets = 4 - melds
    # Each suit against the other two combined (min-plus sums commute): which ranks of a
    # suit help depends only on its key, that vector and the seven-pairs counts.
    pair_sum = _PAIR_SUM.get
    w01 = pair_sum(v0 * _ID_SPAN + v1)
    if w01 is None:
        w01 = _pair_sum(v0, v1)
    draws = _BEST.get((w01 * _ID_SPAN + v2) * 8 + sets)
    if draws is None:
        draws = _best(w01, v2, sets)
    seven = melds == 0
    pairs = odd = 0
    if seven:
        if void != 0:
            pairs += i0[1]
            odd += i0[2]
        if void != 1:
            pairs += i1[1]
            odd += i1[2]
        if void != 2:
            pairs += i2[1]
            odd += i2[2]
        sp = _seven_pairs_draws(pairs, odd)
        if sp < draws:
            draws = sp
    memo = _SUIT_IMPROVERS.get
    out: tuple[int, ...] = ()
    if void != 0:
        w = pair_sum(v1 * _ID_SPAN + v2)
        if w is None:
            w = _pair_sum(v1, v2)
        key = (k0, w, sets, pairs - i0[1], odd - i0[2]) if seven else (k0, w, sets)
        mask = memo(key)
        if mask is None:
            mask = _SUIT_IMPROVERS[key] = _suit_improvers(k0, i0, w, sets, draws, pairs, odd, seven)
        out = _MASK_KINDS[0][mask]
    if void != 1:
        w = pair_sum(v0 * _ID_SPAN + v2)
        if w is None:
            w = _pair_sum(v0, v2)
        key = (k1, w, sets, pairs - i1[1], odd - i1[2]) if seven else (k1, w, sets)
        mask = memo(key)
        if mask is None:
            mask = _SUIT_IMPROVERS[key] = _suit_improvers(k1, i1, w, sets, draws, pairs, odd, seven)
        if mask:
            out += _MASK_KINDS[1][mask]
    if void != 2:
        key = (k2, w01, sets, pairs - i2[1], odd - i2[2]) if seven else (k2, w01, sets)
        mask = memo(key)
        if mask is None:
            mask = _SUIT_IMPROVERS[key] = _suit_improvers(
                k2, i2, w01, sets, draws, pairs, odd, seven
            )
        if mask:
            out += _MASK_KINDS[2][mask]
    return draws - 1, out


# (suit key, other suits' vector id, sets[, other pairs, other odd kinds]) -> mask of the
# ranks that help. Self-play adds ~100 keys a hand, few of them ever asked again, so the
# memo starts over at _MEMO_LIMIT keys (~100 MB) instead of growing for good.
_SUIT_IMPROVERS: dict[tuple[object, ...], int] = {}
_MEMO_LIMIT = 500_000
# Per suit key: the suits one more tile makes, grouped by what the tables see of them:
# ((cost-vector id, pairs, odd kinds, rank mask), ...). Ranks held four times are left out.
_GROWN: dict[bytes, tuple[tuple[int, int, int, int], ...]] = {}


_POW5 = tuple(5**r for r in range(9))


def _grown(key: bytes) -> tuple[tuple[int, int, int, int], ...]:
    got = _GROWN.get(key)
    if got is None:
        if not _TABLE:
            _load_table()
        ids, vids = _TABLE[0]
        _, pairs, odd, _ = _INFO.get(key) or _info(key)
        # The generated table is indexed by the counts as base-5 digits (rank 0 lowest), so
        # one more tile of rank r is 5**r further on; its pairs and odd kinds follow.
        idx = int(key[::-1].translate(_BASE5_DIGITS), 5) if ids else 0
        groups: dict[tuple[int, int, int], int] = {}
        for r in range(9):
            cnt = key[r]
            if cnt >= 4:
                continue
            vid = ids[idx + _POW5[r]] if ids else _TABLE_NONE
            if vid == _TABLE_NONE:
                new = key[:r] + _PLUS_ONE[cnt] + key[r + 1 :]
                ni = _INFO.get(new) or _info(new)
                g = (ni[3], ni[1], ni[2])
            elif cnt & 1:
                g = (vids[vid], pairs + 1, odd - 1)
            else:
                g = (vids[vid], pairs, odd + 1)
            groups[g] = groups.get(g, 0) | 1 << r
        got = _GROWN[key] = tuple((v, p, o, m) for (v, p, o), m in groups.items())
    return got


def _suit_improvers(
    old: bytes,
    oi: tuple[int, int, int, int],
    w: int,
    sets: int,
    draws: int,
    pairs: int,
    odd: int,
    seven: bool,
) -> int:
    """Mask of the ranks of one suit whose addition lowers ``draws`` (see
    :func:`improving_kinds`).

    Ranks whose addition gives suits alike to the tables (the same cost vector, pairs and
    odd kinds: e.g. every rank far from the held tiles) are decided together."""
    if len(_SUIT_IMPROVERS) >= _MEMO_LIMIT:  # the caller stores the answer next
        _SUIT_IMPROVERS.clear()
    base = w * _ID_SPAN
    best = _BEST.get
    mask = 0
    other_pairs = pairs - oi[1]
    other_odd = odd - oi[2]
    for vid, npairs, nodd, ranks in _GROWN.get(old) or _grown(old):
        d = best((base + vid) * 8 + sets)
        if d is None:
            d = _best(w, vid, sets)
        if d < draws or (
            seven and _seven_pairs_draws(other_pairs + npairs, other_odd + nodd) < draws
        ):
            mask |= ranks
    return mask


__all__ = [
    "Decomposition",
    "DiscardOption",
    "Wait",
    "analyze_discards",
    "decompositions",
    "improving_kinds",
    "is_win",
    "shanten",
    "shanten_and_improvers",
    "waits",
]
