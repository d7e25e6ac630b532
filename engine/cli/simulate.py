"""``python -m engine simulate``: bot self-play with invariant checks and per-seat statistics."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from engine.cli import emit
from engine.cli._common import (
    BOTS_HELP,
    MAX_HANDS,
    MAX_JOBS,
    HelpFormatter,
    add_jobs_argument,
    add_rules_arguments,
    check_bots,
    check_count,
    check_log_dir,
    count,
    read_rules,
)
from engine.simulate import MATCH_HANDS, SimConfig, simulate, summary

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = f"""\
Play N hands between bots, one per seat (four, or three or two in the short-handed rooms:
--rules sanren_liangfang, liangren, --set players=3), and print per-seat statistics: mean
points per hand with a 95% confidence interval, win rate, self-draw rate, deal-in rate,
flower-pig and not-ready rates (paid at a drawn hand), kongs per hand, hands per second and
invariant violations.

Every step is checked unless --no-check: every tile accounted for (108, 72 or 36), the
ledger sums to zero, nothing the rules forbid is offered (void-suit melds, a win holding a
void tile), every pending seat has a legal action and every bot picks a legal one, every
hand ends. Hands come in matches of {MATCH_HANDS} with the dealer rotating (RULES.md §7); each
hand's seed is derived from --seed, so the numbers do not depend on --jobs.
"""

EPILOG = """\
examples:
  python -m engine simulate --games 200 --seed 1 --rules standard --bots greedy,random,greedy,random
  python -m engine simulate --games 200 --rules modern --set cap_fan=4 --jobs 2 --json
  python -m engine simulate --games 20 --bots random --log-dir /tmp/replays

exit status: 0 when no invariant was violated, 1 when one was, 2 for malformed input
(unknown preset, option or bot).
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "simulate",
        help="bot self-play with invariant checks and statistics",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        metavar="N",
        help=f"hands to play, 1-{MAX_HANDS:,} (default 100)",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    add_rules_arguments(parser)
    parser.add_argument(
        "--bots",
        default="greedy",
        metavar="B1,B2,B3,B4",
        help=f"bots by seat ({BOTS_HELP}), one per seat; one name is used for every seat "
        "(default: greedy)",
    )
    add_jobs_argument(parser)
    parser.add_argument(
        "--log-dir", metavar="DIR", help="write each hand's replay JSON into DIR (hand-N.json)"
    )
    parser.add_argument(
        "--no-check", action="store_true", help="skip the invariant checks (raw speed)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
    return parser


def parse_bots(text: str, players: int = 4) -> tuple[str, ...]:
    """``"greedy"`` → a greedy bot in every seat; ``"a,b,c,d"`` → one per seat (``players``
    of them). Checks each loads."""
    specs = tuple(s.strip() for s in text.split(",") if s.strip())
    if len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise ValueError(
            f"--bots needs 1 or {players} comma-separated bots ({players} seats), "
            f"got {len(specs)}: {text!r}"
        )
    check_bots(set(specs))
    return specs


def run(args: argparse.Namespace) -> int:
    check_count("--games", args.games, 1, MAX_HANDS)
    check_count("--jobs", args.jobs, 1, MAX_JOBS)
    rules = read_rules(args)
    if args.log_dir is not None:
        check_log_dir(args.log_dir)
    config = SimConfig(
        games=args.games,
        seed=args.seed,
        rules=rules,
        bots=parse_bots(args.bots, rules.players),
        check=not args.no_check,
        log_dir=args.log_dir,
    )
    stats, seconds = simulate(config, jobs=args.jobs)
    out = summary(config, stats, seconds)
    out["rules"] = args.rules
    out["overrides"] = list(args.overrides)
    out["jobs"] = args.jobs
    if args.json:
        emit(out)
    else:
        print(format_summary(out))
    return 1 if stats.violations else 0


def format_summary(out: dict[str, Any]) -> str:
    """The summary as an aligned table (the default, non-JSON output)."""
    rules = str(out["rules"]) + "".join(f" --set {o}" for o in out["overrides"])
    lines = [
        f"{count(out['hands'], 'hand')}, seed {out['seed']}, rules {rules}, "
        f"{out['hands_per_second']} hands/s ({out['seconds']} s, jobs {out['jobs']}"
        f"{', no checks' if not out['checks'] else ''})",
        f"drawn hands {float(out['drawn_rate']):.1%}, "
        f"{out['decisions_per_hand']} decisions per hand",
        "",
        f"{'seat':<5}{'bot':<10}{'points/hand':>18}{'win':>8}{'self':>8}{'deal-in':>9}"
        f"{'pig':>7}{'no-ready':>10}{'kongs':>7}",
    ]
    for s in out["seats"]:
        pts = f"{s['mean_points']:+.2f} ± {s['ci95']:.2f}"
        lines.append(
            f"{s['seat'] + 1:<5}{s['bot']:<10}{pts:>18}{s['win_rate']:>8.1%}"
            f"{s['self_draw_rate']:>8.1%}{s['deal_in_rate']:>9.1%}{s['flower_pig_rate']:>7.1%}"
            f"{s['not_ready_rate']:>10.1%}{s['kongs_per_hand']:>7.2f}"
        )
    lines.append("")
    lines.append(f"invariant_violations: {out['invariant_violations']}")
    for msg in out["violations"]:
        lines.append(f"  {msg}")
    return "\n".join(lines)
