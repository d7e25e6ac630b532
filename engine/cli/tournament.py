"""``python -m engine tournament``: duplicate 1-vs-3 matches between two bots."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import (
    BOTS_HELP,
    HelpFormatter,
    add_wall_arguments,
    check_wall_arguments,
    count,
    read_rules,
)
from engine.rules import PRESETS
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
self-draw rate, mean fan of a win (points in the points model), mean points a win
collects, deal-ins per discard that left the discarder's hand not ready (over the whole
hand, and over the discards made with fewer than 24 tiles in the wall), and hands per
second. --rules all plays the same walls under every preset in turn (--set applies to
each), with a summary line per preset at the end.
"""

EPILOG = """\
examples:
  python -m engine tournament --challenger normal --field easy --walls 50 --seed 1
  python -m engine tournament --challenger hard --field normal --walls 2500 --jobs 2 --json
  python -m engine tournament --challenger greedy --field random --walls 20 --rules chengdu
  python -m engine tournament --challenger hard --field efficiency --walls 200 --rules all
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "tournament",
        help="duplicate 1-vs-3 tournament: a challenger bot against a field bot",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--challenger", required=True, metavar="BOT", help=f"the bot measured ({BOTS_HELP})"
    )
    add_wall_arguments(parser, "one hand per seat each")
    for action in parser._actions:  # --rules also takes "all"
        if action.dest == "rules":
            action.help = f"rule preset: {', '.join(PRESETS)}, or all of them (default: standard)"
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    names = list(PRESETS) if args.rules == "all" else [args.rules]
    rulesets = []
    for name in names:
        args.rules = name
        rulesets.append(read_rules(args))
    args.rules = "all" if len(names) > 1 else names[0]
    check_wall_arguments(args, rulesets, {args.challenger, args.field})
    results = []
    for rules in rulesets:
        config = TournamentConfig(args.challenger, args.field, args.walls, args.seed, rules)
        result = run_tournament(config, jobs=args.jobs)
        results.append(result)
        if not args.json:
            print(format_table(result))
            if len(names) > 1:
                print()
    if args.json:
        outs = []
        for name, result in zip(names, results, strict=True):
            out = result.to_dict()
            out["rules"] = name
            out["overrides"] = list(args.overrides)
            outs.append(out)
        emit(outs[0] if len(outs) == 1 else {"presets": outs})
    elif len(names) > 1:
        walls = count(args.walls, "wall")
        print(f"{args.challenger} vs {args.field}, {walls}, seed {args.seed}:")
        for name, result in zip(names, results, strict=True):
            lo, hi = result.ci95
            print(f"  {name:<18}{result.mean_diff:+.3f} (95% CI {lo:+.3f} .. {hi:+.3f})")
    return 0
