"""``python -m engine``: command-line tools over the rules engine.

Each subcommand is one module in this package with ``add_parser(subparsers)`` (registering
its parser and ``set_defaults(run=run)``) and ``run(args) -> int``. To add a subcommand,
write the module and append its name to :data:`SUBCOMMANDS`.

Exit codes: 0 for any well-formed question (a non-win included), 2 for malformed input
(bad notation, wrong tile count, unknown option) with a one-line message on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from typing import TypeAlias

    Subparsers: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

SUBCOMMANDS: list[str] = [
    "score",
    "analyze",
    "simulate",
    "replay",
    "tournament",
]
"""Module names under ``engine.cli``, in the order ``--help`` lists them."""

PROG = "python -m engine"


class Subcommand(Protocol):
    def add_parser(self, subparsers: Subparsers) -> argparse.ArgumentParser: ...

    def run(self, args: argparse.Namespace) -> int: ...


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="四川麻将 · 血战到底 rules engine on the command line.",
        epilog="Tiles are written 123m456p789s (m 万, p 筒, s 条); melds P5p,K5p,B5p,A5p. "
        f"Run '{PROG} COMMAND --help' for each command.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        module: Subcommand = importlib.import_module(f"{__name__}.{name}")
        module.add_parser(subparsers)
    return parser


def emit(obj: object) -> None:
    """Print one JSON object (UTF-8, Chinese as is) on stdout."""
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout.encoding.lower() != "utf-8":
        sys.stdout.reconfigure(encoding="utf-8")
    print(json.dumps(obj, ensure_ascii=False, indent=2))


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m engine`` with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except ValueError as exc:  # the engine's malformed-input errors are all ValueErrors
        message = " ".join(str(exc).split())
        print(f"{PROG} {args.command}: error: {message}", file=sys.stderr)
        return 2
    return code
