"""Decision latency of each bot level, and self-play throughput.

Run ``python benchmarks/bench_bots.py [--decisions N] [--levels easy,normal,hard]
[--rules PRESET] [--hands N]``. For each level, four bots of that level play seeded hands
until N decisions with a real choice (more than one legal action) have been timed; the
script prints the median, p90, p99 and max of those decisions in milliseconds, and the
garbage collections that ran while timing (count, longest pause, total). ``--freeze``
(the default) moves everything built during the warm-up out of the collector's sight
(``gc.freeze()``), as a long-running table should; ``--no-freeze`` measures without. Then it
plays ``--hands`` hands of four ``normal`` bots in one process (one core) and prints hands
per second. The first hands fill lazily built tables (engine.hand, the bots' caches); the
warm-up hands before timing are not counted.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import Bot, load_bot
from engine.round import Round
from engine.rules import RuleSet, get_preset
from engine.simulate import play_hand


class GcPauses:
    """Durations of the garbage collections that run while it listens (gc.callbacks)."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._start = 0.0
        self.listening = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        elif self.listening:
            self.pauses.append((time.perf_counter() - self._start) * 1000.0)


def time_decisions(
    level: str, rules: RuleSet, wanted: int, warmup: int, freeze: bool, gcs: GcPauses
) -> list[float]:
    """Milliseconds per decision (only decisions with a choice), over seeded hands."""
    times: list[float] = []
    hand = 0
    gcs.pauses.clear()
    while len(times) < wanted:
        if hand == warmup:
            if freeze:
                gc.collect()
                gc.freeze()
            gcs.listening = True
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
    gcs.listening = False
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
    parser.add_argument("--levels", default="easy,efficiency,normal,hard")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--hands", type=int, default=300, help="hands for the throughput run")
    parser.add_argument("--warmup", type=int, default=20, help="hands played before timing")
    parser.add_argument(
        "--freeze",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="gc.freeze() after the warm-up (default: on)",
    )
    args = parser.parse_args()
    rules = get_preset(args.rules)
    gcs = GcPauses()
    gc.callbacks.append(gcs)
    print(
        f"decision latency, rules {args.rules}, {args.decisions} decisions with a choice, "
        f"gc.freeze after warm-up: {'yes' if args.freeze else 'no'}"
    )
    print(
        f"{'level':<12}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}   (ms)"
        f"{'GCs':>7}{'longest':>9}{'total':>9}   (ms)"
    )
    for level in args.levels.split(","):
        times = sorted(time_decisions(level, rules, args.decisions, args.warmup, args.freeze, gcs))
        p = gcs.pauses
        print(
            f"{level:<12}{statistics.median(times):>9.3f}{percentile(times, 0.9):>9.3f}"
            f"{percentile(times, 0.99):>9.3f}{times[-1]:>9.3f}        "
            f"{len(p):>7}{max(p, default=0.0):>9.2f}{sum(p):>9.1f}"
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
