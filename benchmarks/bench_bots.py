"""Decision latency of each bot level, and self-play throughput.

Run ``python benchmarks/bench_bots.py [--decisions N] [--levels easy,normal,hard]
[--rules PRESET] [--hands N]``. For each level, four bots of that level play seeded hands
until N decisions with a real choice (more than one legal action) have been timed; the
script prints the median, p90, p99 and max of those decisions in milliseconds. Then it
plays ``--hands`` hands of four ``normal`` bots in one process (one core) and prints hands
per second. The first hands fill lazily built tables (engine.hand, the bots' caches); the
warm-up hands before timing are not counted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import Bot, load_bot
from engine.round import Round
from engine.rules import RuleSet, get_preset
from engine.simulate import play_hand


def time_decisions(level: str, rules: RuleSet, wanted: int, warmup: int) -> list[float]:
    """Milliseconds per decision (only decisions with a choice), over seeded hands."""
    times: list[float] = []
    hand = 0
    while len(times) < wanted:
        bots: list[Bot] = [load_bot(level, 100 * hand + s) for s in range(4)]
        r = Round.new(rules, 10_000 + hand, hand % 4)
        while not r.is_over:
            seat = r.pending_seats()[0]
            legal = r.legal_actions(seat)
            view = r.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal)
            elapsed = (time.perf_counter() - start) * 1000.0
            if len(legal) > 1 and hand >= warmup:
                times.append(elapsed)
            r.apply(action)
        hand += 1
    return times[:wanted]


def percentile(sorted_values: list[float], q: float) -> float:
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


def throughput(level: str, rules: RuleSet, hands: int, warmup: int) -> float:
    for hand in range(warmup):
        play_hand(rules, 50_000 + hand, 0, [load_bot(level, s) for s in range(4)], check=False)
    start = time.process_time()
    for hand in range(hands):
        bots: list[Bot] = [load_bot(level, 10 * hand + s) for s in range(4)]
        play_hand(rules, hand, hand % 4, bots, check=False)
    return hands / (time.process_time() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--hands", type=int, default=300, help="hands for the throughput run")
    parser.add_argument("--warmup", type=int, default=20, help="hands played before timing")
    args = parser.parse_args()
    rules = get_preset(args.rules)
    print(f"decision latency, rules {args.rules}, {args.decisions} decisions with a choice")
    print(f"{'level':<8}{'median':>10}{'p90':>10}{'p99':>10}{'max':>10}   (ms)")
    for level in args.levels.split(","):
        times = sorted(time_decisions(level, rules, args.decisions, args.warmup))
        print(
            f"{level:<8}{statistics.median(times):>10.3f}{percentile(times, 0.9):>10.3f}"
            f"{percentile(times, 0.99):>10.3f}{times[-1]:>10.3f}"
        )
    if args.hands > 0:
        rate = throughput("normal", rules, args.hands, args.warmup)
        print(
            f"throughput: 4 normal bots, {args.hands} hands, one core: "
            f"{rate:.1f} hands/s (CPU time)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
