"""``python -m engine audit``: a bot's decisions against their alternatives on the same wall."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.audit import KINDS, AuditConfig, format_table, run_audit
from engine.cli import emit
from engine.cli._common import (
    BOTS_HELP,
    HelpFormatter,
    add_wall_arguments,
    check_wall_arguments,
    read_rules,
)

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
Where a bot still loses points. Each wall is played as in a tournament (the bot in each seat
in turn, field bots in the others); in each play one decision of each kind is drawn —
discard, claim (pong / kong / pass), win (take it or play on), kong (declare it or not),
void (定缺), exchange (换三张) — and every alternative of it is played instead, the rest of
the hand by the same bots on the same wall. Printed per decision and alternative: how many
points the alternative scored more than the bot's own choice, on average, with a 95%
confidence interval; a row whose interval lies above zero (on 30 samples or more) is
marked: there the alternative wins. The alternatives of a discard are the bot's own second
and third choices (for bots that rank their actions), the efficiency bot's discard and the
safest tile by the fitted danger table.
"""

EPILOG = """\
examples:
  python -m engine audit --bot hard --field efficiency --walls 1000 --seed 2026 --jobs 2
  python -m engine audit --bot efficiency --field efficiency --walls 500 --kinds kong,win
  python -m engine audit --bot normal --field normal --walls 200 --rules chengdu --json
  python -m engine audit --bot hard --field efficiency --walls 300 --kinds discard --by-stage
"""


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(f"expected some of {','.join(KINDS)}, got {text!r}")
    return kinds


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "audit",
        help="a bot's decisions against their alternatives, replayed on the same wall",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--bot", required=True, metavar="BOT", help=f"the bot audited ({BOTS_HELP})"
    )
    add_wall_arguments(parser, "one play per seat each")
    parser.add_argument(
        "--kinds",
        type=_kinds,
        default=KINDS,
        metavar="K,K",
        help=f"the decisions audited, comma-separated (default: {','.join(KINDS)})",
    )
    parser.add_argument(
        "--by-stage",
        action="store_true",
        help="split every row by the wall left at the decision: early (40+), mid (20-39), late",
    )
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    rules = read_rules(args)
    check_wall_arguments(args, [rules], {args.bot, args.field})
    config = AuditConfig(
        args.bot, args.field, args.walls, args.seed, rules, args.kinds, args.by_stage
    )
    result = run_audit(config, jobs=args.jobs)
    if args.json:
        out = result.to_dict()
        out["overrides"] = list(args.overrides)
        emit(out)
    else:
        print(format_table(result))
    return 0
