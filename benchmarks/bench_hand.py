"""Calls per second of engine.hand next to its naive references, measured in one process.

Run ``python benchmarks/bench_hand.py [--hands N] [--seconds S]``. The sample is a fixed,
seeded set of random 13- and 14-tile hands dealt from a full wall (plus a set of winning
and ready hands, since random hands almost never are). "cold" is the first pass, which
fills the lazily built per-suit tables; "warm" repeats the same sample afterwards.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import hand

Counts = list[int]


def deal(rng: random.Random, size: int) -> Counts:
    """Random ``size`` tiles from a full 108-tile wall, as counts."""
    counts = [0] * 27
    for tile in rng.sample(range(108), size):
        counts[tile // 4] += 1
    return counts


def near_wins(rng: random.Random, n: int) -> tuple[list[Counts], list[Counts]]:
    """``n`` winning 14-tile hands and the ready 13-tile hands made by dropping a tile."""
    wins: list[Counts] = []
    while len(wins) < n:
        counts = [0] * 27
        for _ in range(4):
            suit = rng.randrange(3)
            if rng.random() < 0.6:
                r = rng.randrange(7)
                for k in range(3):
                    counts[9 * suit + r + k] += 1
            else:
                counts[9 * suit + rng.randrange(9)] += 3
        counts[rng.randrange(27)] += 2
        if max(counts) <= 4:
            wins.append(counts)
    ready = []
    for w in wins:
        c = list(w)
        c[rng.choice([k for k in range(27) if c[k]])] -= 1
        ready.append(c)
    return wins, ready


def rate(fn: Callable[[Counts], object], hands: Sequence[Counts], seconds: float) -> float:
    """Calls per second of ``fn`` over ``hands``: best pass within ``seconds`` (after one
    untimed warm-up pass), as timeit does, since other work on the machine only slows."""
    for h in hands:
        fn(h)
    best = float("inf")
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        for h in hands:
            fn(h)
        end = time.perf_counter()
        best = min(best, end - start)
        if end >= deadline:
            return len(hands) / best


def cold(fn: Callable[[Counts], object], hands: Sequence[Counts]) -> float:
    """Calls per second of a single first pass (tables get filled as it goes)."""
    start = time.perf_counter()
    for h in hands:
        fn(h)
    return len(hands) / (time.perf_counter() - start)


def ref_waits(counts: Counts) -> list[int]:
    out = []
    for k in range(27):
        if counts[k] < 4:
            counts[k] += 1
            if hand._reference_is_win(counts):
                out.append(k)
            counts[k] -= 1
    return out


def ref_discards(counts: Counts) -> list[tuple[int, int, list[int]]]:
    out = []
    for d in range(27):
        if counts[d]:
            counts[d] -= 1
            sh = hand._reference_shanten(counts)
            out.append((d, sh, ref_waits(counts) if sh == 0 else []))
            counts[d] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="random hands per size")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    h13 = [deal(rng, 13) for _ in range(args.hands)]
    h14 = [deal(rng, 14) for _ in range(args.hands)]
    wins, ready = near_wins(rng, 500)
    few13, few14 = h13[:200], h14[:60]  # the references are slow: a smaller slice
    s = args.seconds

    print(f"engine.hand benchmark, python {sys.version.split()[0]}, seed {args.seed}")
    print(f"{'function':<38}{'sample':<18}{'fast calls/s':>14}{'reference':>12}{'x':>8}")

    def row(name: str, sample: str, fast: float, ref: float | None) -> None:
        ref_txt = f"{ref:12,.0f}{fast / ref:8.0f}" if ref else f"{'':12}{'':8}"
        print(f"{name:<38}{sample:<18}{fast:14,.0f}{ref_txt}")

    t0 = time.perf_counter()
    row("is_win (cold: builds its table)", "14 random", cold(hand.is_win, h14), None)
    row("shanten (cold: fills tables)", "13 random", cold(hand.shanten, h13), None)
    row("shanten (cold: fills tables)", "14 random", cold(hand.shanten, h14), None)
    row("waits (cold)", "13 ready", cold(hand.waits, ready), None)
    row("analyze_discards (cold)", "14 random", cold(hand.analyze_discards, h14), None)
    row("analyze_discards (cold)", "14 winning", cold(hand.analyze_discards, wins), None)
    print(
        f"  cold passes took {time.perf_counter() - t0:.2f} s; tables now hold "
        f"{len(hand._INFO)} suit keys, {len(hand._TAIL_COSTS)} partial groups, "
        f"{len(hand._VECS)} distinct cost vectors, {len(hand._WIN_CODE)} win codes, "
        f"{len(hand._PAIR_SUM) + len(hand._BEST)} memoised combinations"
    )
    fresh13 = [deal(rng, 13) for _ in range(args.hands)]
    fresh14 = [deal(rng, 14) for _ in range(args.hands)]
    row("shanten (first sight, warm tables)", "13 new random", cold(hand.shanten, fresh13), None)
    row(
        "analyze_discards (first sight)",
        "14 new random",
        cold(hand.analyze_discards, fresh14),
        None,
    )
    print(f"  warm: best of repeated passes over the same sample for {s:g} s each")

    row("is_win", "14 random", rate(hand.is_win, h14, s), rate(hand._reference_is_win, h14, s))
    row("is_win", "14 winning", rate(hand.is_win, wins, s), rate(hand._reference_is_win, wins, s))
    row(
        "shanten (warm)",
        "13 random",
        rate(hand.shanten, h13, s),
        rate(hand._reference_shanten, few13, s),
    )
    row(
        "shanten (warm)",
        "14 random",
        rate(hand.shanten, h14, s),
        rate(hand._reference_shanten, few14, s),
    )
    row("waits", "13 random", rate(hand.waits, h13, s), rate(ref_waits, h13, s))
    row("waits", "13 ready", rate(hand.waits, ready, s), rate(ref_waits, ready, s))
    row(
        "analyze_discards",
        "14 random",
        rate(hand.analyze_discards, h14, s),
        rate(ref_discards, few14[:10], s),
    )
    row(
        "analyze_discards",
        "14 winning",
        rate(hand.analyze_discards, wins, s),
        rate(ref_discards, wins[:10], s),
    )


if __name__ == "__main__":
    main()
