"""Hands per second of bot self-play on one core (engine.simulate).

Run ``python benchmarks/bench_simulate.py [--hands N] [--rules PRESET|all] [--set NAME=VALUE]
[--check]``.
Prints, for greedy bots (target >= 400 hands/s at four seats) and random bots (target >= 1,500
hands/s), one per seat of the preset (three in ``sanren_liangfang``, two in ``liangren``),
hands per second by wall clock and by CPU time of this process (other work on the machine
slows the first, not the second). Invariant checks are off unless ``--check``: this
measures the engine and the bots. A warm-up hand set fills engine.hand's lazy tables first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.rules import PRESETS, RuleSet, get_preset
from engine.simulate import SimConfig, simulate

TARGETS = {"greedy": 400, "random": 1500}


def measure(rules: RuleSet, bot: str, hands: int, check: bool, seed: int) -> tuple[float, float]:
    config = SimConfig(hands, seed, rules, (bot,) * rules.players, check=check)
    cpu = time.process_time()
    stats, wall = simulate(config)
    cpu = time.process_time() - cpu
    if stats.violations:
        print(f"  ({stats.violations} invariant violations!)")
    return stats.hands / wall, stats.hands / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per measurement")
    parser.add_argument("--rules", default="standard", help="a preset, or 'all'")
    parser.add_argument("--check", action="store_true", help="with invariant checks")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="overrides",
        help="change a rule option, e.g. players=3 (repeatable)",
    )
    parser.add_argument("--warmup", type=int, default=400, help="warm-up hands (greedy)")
    args = parser.parse_args()
    presets = list(PRESETS) if args.rules == "all" else [args.rules]
    rule_sets = {
        p: get_preset(p).with_overrides(args.overrides) if args.overrides else get_preset(p)
        for p in presets
    }
    for rules in rule_sets.values():
        measure(rules, "greedy", args.warmup, False, 10_000)
    mode = "checks on" if args.check else "checks off"
    print(f"self-play, one core, {args.hands} hands each, {mode}")
    for preset, rules in rule_sets.items():
        for bot, target in TARGETS.items():
            wall, cpu = measure(rules, bot, args.hands, args.check, 1)
            mark = "ok" if cpu >= target else "below target"
            seats = f"{rules.players} {bot}"
            print(
                f"  {preset:<17}{seats:<10}{wall:8.0f} hands/s wall {cpu:8.0f} hands/s CPU"
                f"   target {target:>5}  {mark}"
            )


if __name__ == "__main__":
    main()
