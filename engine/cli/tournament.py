"""``python -m engine tournament``: duplicate 1-vs-3 matches between two bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import (
    BOTS_HELP,
    MAX_HANDS,
    MAX_JOBS,
    add_rules_arguments,
    check_bots,
    check_count,
    read_rules,
)
from engine.tournament import TournamentConfig, format_table, run_tournament

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
How much better one bot plays than another, as points per hand with a 95% confidence
interval. Duplicate 1-vs-3: each wall is played four times, the challenger in each seat in
turn with three field bots (in the short-handed rooms — --rules sanren_liangfang, liangren,
--set players=3 — once per seat: 1-vs-2 or 1-vs-1); the bot in each seat is seeded per wall
and seat, so the plays of a wall are paired. Points are zero-sum, so the challenger's mean
points per hand is its advantage. Also printed for both sides: win rate, deal-in rate,
self-draw rate, mean fan of a win (points in the points model), and hands per second.
"""

EPILOG = """\
examples:
  python -m engine tournament --challenger normal --field easy --walls 50 --seed 1
  python -m engine tournament --challenger hard --field normal --walls 2500 --jobs 2 --json
  python -m engine tournament --challenger greedy --field random --walls 20 --rules chengdu
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "tournament",
        help="duplicate 1-vs-3 tournament: a challenger bot against a field bot",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--challenger", required=True, metavar="BOT", help=f"the bot measured ({BOTS_HELP})"
    )
    parser.add_argument("--field", required=True, metavar="BOT", help="the other seats' bot")
    parser.add_argument(
        "--walls", type=int, default=100, metavar="N", help="walls (one hand per seat each)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed")
    add_rules_arguments(parser)
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    rules = read_rules(args)
    check_count("--walls", args.walls, 1, MAX_HANDS // rules.players)
    check_count("--jobs", args.jobs, 1, MAX_JOBS)
    check_bots({args.challenger, args.field})
    config = TournamentConfig(args.challenger, args.field, args.walls, args.seed, rules)
    result = run_tournament(config, jobs=args.jobs)
    if args.json:
        out = result.to_dict()
        out["rules"] = args.rules
        out["overrides"] = list(args.overrides)
        emit(out)
    else:
        print(format_table(result))
    return 0
