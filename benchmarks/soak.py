"""Soak test: 10,000 self-play hands with every invariant checked at every step.

Run ``python benchmarks/soak.py [--hands N] [--jobs J] [--seed S] [--short-handed | --all]``.
By default the hands are split evenly over the six four-seat presets; ``--short-handed``
plays the three- and two-seat rooms instead (docs/rules-short-handed.md: 三人两房, 三人三房,
两人两房, 两人一房, and 三人两房 with 点炮不可平胡), ``--all`` both. Each room cycles through
greedy/random seatings so both bots meet every rule set. Prints hands, hands/s and invariant
violations per room (with the first few messages) and exits 1 if there was any violation.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules import PRESETS, RuleSet, get_preset
from engine.simulate import SimConfig, derive_seed, simulate

SEATINGS = (
    ("greedy", "random", "greedy", "random"),
    ("random", "random", "random", "random"),
    ("greedy", "greedy", "random", "random"),
    ("greedy", "greedy", "greedy", "greedy"),
)

FOUR_SEATS: dict[str, RuleSet] = {
    name: rules for name, rules in PRESETS.items() if rules.players == 4
}
SHORT_HANDED: dict[str, RuleSet] = {
    "sanren_liangfang": get_preset("sanren_liangfang"),
    "sanren_sanfang": get_preset("standard").with_overrides(["players=3"]),
    "liangren": get_preset("liangren"),
    "liangren_yifang": get_preset("liangren").with_overrides(["suits=m", "qing_yi_se_bonus=off"]),
    "sanren_min_fan": get_preset("sanren_liangfang").with_overrides(["discard_min_fan=on"]),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--short-handed", action="store_true", help="the 3- and 2-seat rooms")
    which.add_argument("--all", action="store_true", help="four-seat presets and short rooms")
    args = parser.parse_args()
    rooms = dict(FOUR_SEATS)
    if args.short_handed:
        rooms = dict(SHORT_HANDED)
    elif args.all:
        rooms.update(SHORT_HANDED)
    cells = len(rooms) * len(SEATINGS)
    share = [args.hands // cells + (i < args.hands % cells) for i in range(cells)]
    total_hands = total_violations = 0
    start = time.perf_counter()
    print(f"soak: {args.hands} hands, jobs {args.jobs}")
    for p, (name, rules) in enumerate(rooms.items()):
        hands = violations = 0
        seconds = 0.0
        samples: list[str] = []
        for s, bots in enumerate(SEATINGS):
            games = share[p * len(SEATINGS) + s]
            # (the four-seat presets keep their seeds of before: p is their index)
            seed = derive_seed(args.seed, p if name in FOUR_SEATS else 100 + p, s)
            config = SimConfig(games, seed, rules, bots[: rules.players])
            stats, secs = simulate(config, jobs=args.jobs)
            hands += stats.hands + stats.aborted
            violations += stats.violations
            seconds += secs
            samples += [msg for _, msg in stats.samples]
        total_hands += hands
        total_violations += violations
        rate = hands / seconds if seconds > 0 else 0.0
        tiles = f"{rules.players} seats, {rules.num_tiles} tiles"
        print(
            f"  {name:<18}{tiles:<20}{hands:>6} hands {rate:8.0f} hands/s  violations {violations}"
        )
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
