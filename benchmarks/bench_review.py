"""Seconds per hand of a 复盘 review (engine.review) at a budget, and the reviewers' sanity.

Run ``python benchmarks/bench_review.py [--hands N] [--budget ROLLOUTS] [--bot NAME]``: plays
N hands of ``normal`` bots (seed fixed), keeps their replays in a temporary folder and times
the review of seat 0 of each (one core; CPU seconds of this process beside wall clock, as
other work on the machine slows the second). Target: at most 3 s per hand at the default
budget (engine.review.DEFAULT_BUDGET).

``--sanity N`` instead plays N hands with each of ``easy``, ``normal`` and ``hard`` in seat 0
(three ``normal`` bots in the others) and prints the mean expected loss of seat 0 per
decision and per hand for each: a reviewer worth its salt finds easy > normal > hard.
``--jobs`` reviews on that many processes (the results do not depend on it).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.replay import loads
from engine.review import DEFAULT_BUDGET, review_hand, strongest_bot
from engine.rules import get_preset
from engine.simulate import SimConfig, simulate


def play(folder: str, hands: int, seat0: str, seed: int, rules: str) -> list[Path]:
    config = SimConfig(
        hands, seed, get_preset(rules), (seat0, "normal", "normal", "normal"), log_dir=folder
    )
    simulate(config)
    return sorted(Path(folder).glob("hand-*.json"))[:hands]


def _review(job: tuple[str, str, int]) -> tuple[int, float, float]:
    path, bot, budget = job
    doc = loads(Path(path).read_text(encoding="utf-8"))
    cpu = time.process_time()
    review = review_hand(doc, 0, bot=bot, budget=budget)
    return len(review.decisions), review.total_loss, time.process_time() - cpu


def review_all(
    paths: list[Path], bot: str, budget: int, jobs: int
) -> list[tuple[int, float, float]]:
    work = [(str(p), bot, budget) for p in paths]
    if jobs <= 1:
        return [_review(w) for w in work]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_review, work, chunksize=4)


def speed(args: argparse.Namespace, bot: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = play(folder, args.hands + 1, "normal", args.seed, args.rules)
        _review((str(paths[0]), bot, args.budget))  # warm: lookup tables, imports
        start = time.perf_counter()
        rows = review_all(paths[1:], bot, args.budget, 1)
        wall = time.perf_counter() - start
    cpu = [r[2] for r in rows]
    decisions = sum(r[0] for r in rows)
    n = len(rows)
    print(
        f"review by {bot}, budget {args.budget} rollouts, {n} hands of normal bots "
        f"({args.rules}), seat 0: {decisions / n:.1f} decisions per hand"
    )
    print(
        f"  seconds per hand: wall {wall / n:.3f}, CPU mean {statistics.mean(cpu):.3f}, "
        f"median {statistics.median(cpu):.3f}, max {max(cpu):.3f}"
    )


def sanity(args: argparse.Namespace, bot: str) -> None:
    out: dict[str, dict[str, float]] = {}
    for player in ("easy", "normal", "hard"):
        with tempfile.TemporaryDirectory() as folder:
            paths = play(folder, args.sanity, player, args.seed, args.rules)
            rows = review_all(paths, bot, args.budget, args.jobs)
        losses = [r[1] for r in rows]
        decisions = sum(r[0] for r in rows)
        per_hand = statistics.mean(losses)
        half = 1.96 * statistics.stdev(losses) / math.sqrt(len(losses))
        out[player] = {
            "hands": len(rows),
            "loss_per_decision": sum(losses) / decisions,
            "loss_per_hand": per_hand,
            "ci95_per_hand": half,
        }
        print(
            f"{player:>7} in seat 0: {len(rows)} hands, {decisions} decisions, loss per "
            f"decision {sum(losses) / decisions:.4f}, per hand {per_hand:.3f} ± {half:.3f}",
            flush=True,
        )
    print(json.dumps({"bot": bot, "budget": args.budget, "seed": args.seed, **out}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="hands to time")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="rollouts/decision")
    parser.add_argument("--bot", default=None, help="the reviewer (default: the strongest)")
    parser.add_argument("--rules", default="standard", help="a preset")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sanity", type=int, default=0, metavar="N", help="hands per bot")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --sanity")
    args = parser.parse_args()
    bot = args.bot or strongest_bot()
    if args.sanity:
        sanity(args, bot)
    else:
        speed(args, bot)


if __name__ == "__main__":
    main()
