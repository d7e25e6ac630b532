"""Soak test: 10,000 self-play hands over all six presets with every invariant checked.

Run ``python benchmarks/soak.py [--hands N] [--jobs J] [--seed S]``. Hands are split evenly
over the presets; each preset cycles through greedy/random seatings so both bots meet every
rule set. Prints hands, hands/s and invariant violations per preset (with the first few
messages) and exits 1 if there was any violation.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules import PRESETS
from engine.simulate import SimConfig, derive_seed, simulate

SEATINGS = (
    ("greedy", "random", "greedy", "random"),
    ("random", "random", "random", "random"),
    ("greedy", "greedy", "random", "random"),
    ("greedy", "greedy", "greedy", "greedy"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    cells = len(PRESETS) * len(SEATINGS)
    share = [args.hands // cells + (i < args.hands % cells) for i in range(cells)]
    total_hands = total_violations = 0
    start = time.perf_counter()
    print(f"soak: {args.hands} hands, jobs {args.jobs}")
    for p, (name, rules) in enumerate(PRESETS.items()):
        hands = violations = 0
        seconds = 0.0
        samples: list[str] = []
        for s, bots in enumerate(SEATINGS):
            games = share[p * len(SEATINGS) + s]
            config = SimConfig(games, derive_seed(args.seed, p, s), rules, bots)
            stats, secs = simulate(config, jobs=args.jobs)
            hands += stats.hands + stats.aborted
            violations += stats.violations
            seconds += secs
            samples += [msg for _, msg in stats.samples]
        total_hands += hands
        total_violations += violations
        rate = hands / seconds
        print(f"  {name:<14}{hands:>6} hands {rate:8.0f} hands/s  violations {violations}")
        for msg in samples[:5]:
            print(f"      {msg}")
    elapsed = time.perf_counter() - start
    print(
        f"total {total_hands} hands in {elapsed:.1f} s ({total_hands / elapsed:.0f} hands/s), "
        f"invariant_violations: {total_violations}"
    )
    return 1 if total_violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
