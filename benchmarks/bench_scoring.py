"""Calls per second of engine.scoring on a fixed, seeded sample of winning and ready hands.

Run ``python benchmarks/bench_scoring.py [--hands N] [--seconds S]``. Winning hands are
built from random sets in at most two suits (so they pass 缺一门), a third of them seven
pairs; ``score_hand`` scores each as a discard win under ``standard`` and ``chengdu``, and
``best_win_value`` (查大叫) values the ready hands made by dropping one tile.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules import PRESETS
from engine.scoring import WinContext, best_win_value, score_hand

Counts = list[int]


def winning_hands(rng: random.Random, n: int) -> list[Counts]:
    """``n`` winning 14-tile concealed hands in at most two suits."""
    out: list[Counts] = []
    while len(out) < n:
        suits = rng.sample(range(3), 2)
        counts = [0] * 27
        if rng.random() < 1 / 3:
            for _ in range(7):
                counts[9 * rng.choice(suits) + rng.randrange(9)] += 2
        else:
            for _ in range(4):
                base = 9 * rng.choice(suits)
                if rng.random() < 0.6:
                    r = rng.randrange(7)
                    for k in range(3):
                        counts[base + r + k] += 1
                else:
                    counts[base + rng.randrange(9)] += 3
            counts[9 * rng.choice(suits) + rng.randrange(9)] += 2
        if max(counts) <= 4:
            out.append(counts)
    return out


def rate(fn: Callable[[Counts], object], hands: Sequence[Counts], seconds: float) -> float:
    for h in hands:
        fn(h)
    calls = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for h in hands:
            fn(h)
        calls += len(hands)
    return calls / elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    rng = random.Random(20261129)
    wins = winning_hands(rng, args.hands)
    ready = []
    for w in wins:
        c = list(w)
        c[rng.choice([k for k in range(27) if c[k]])] -= 1
        ready.append(c)

    def scorer(preset: str) -> Callable[[Counts], object]:
        rules = PRESETS[preset]

        def score(h: Counts) -> object:
            tile = next(k for k in range(27) if h[k])
            return score_hand(WinContext(tuple(h), (), tile), rules)

        return score

    rows = [
        ("score_hand standard", scorer("standard"), wins),
        ("score_hand chengdu", scorer("chengdu"), wins),
        ("best_win_value standard", lambda h: best_win_value(h, [], PRESETS["standard"]), ready),
    ]
    for name, fn, sample in rows:
        print(f"{name:26s} {rate(fn, sample, args.seconds):10.0f} calls/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
