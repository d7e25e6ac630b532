"""Hands per second of the round engine alone, with uniform random decisions.

Run ``python benchmarks/bench_round.py [--hands N] [--rules PRESET] [--set NAME=VALUE]
[--view]``. Each hand is ``Round.new(rules, seed)`` — at the preset's seats, four, three or
two — driven to the end by picking a uniformly random legal action of
the first pending seat; ``--view`` also builds that seat's ``PlayerView`` every decision, as
a bot-driven simulator does. Prints wall-clock and CPU rates (CPU is steadier on a busy
machine). The decision RNG is seeded, so the work is the same on every run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.round import Round
from engine.rules import PRESETS, RuleSet, get_preset


def play(rules: RuleSet, seed: int, with_view: bool) -> int:
    """One hand; returns the number of decisions."""
    r = Round.new(rules, seed)
    rng = random.Random(seed)
    n = 0
    while not r.is_over:
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        if with_view:
            r.view(seat)
        r.apply(legal[int(rng.random() * len(legal))])
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rules", default="all", help="a preset name, or 'all'")
    parser.add_argument("--view", action="store_true", help="build a PlayerView per decision")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="overrides",
        help="change a rule option, e.g. players=3 (repeatable)",
    )
    args = parser.parse_args()
    presets = sorted(PRESETS) if args.rules == "all" else [args.rules]
    rule_sets = {
        p: get_preset(p).with_overrides(args.overrides) if args.overrides else get_preset(p)
        for p in presets
    }
    for with_view in (False, True) if not args.view else (True,):
        for preset in presets:
            wall, cpu = time.perf_counter(), time.process_time()
            rules = rule_sets[preset]
            decisions = sum(play(rules, seed, with_view) for seed in range(args.hands))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            label = "with view" if with_view else "no view"
            print(
                f"{preset:17} {label:9} {args.hands / wall:7.0f} hands/s wall, "
                f"{args.hands / cpu:7.0f} hands/s CPU, {decisions / args.hands:5.1f} decisions/hand"
            )


if __name__ == "__main__":
    main()
