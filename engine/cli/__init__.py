"""``python -m engine``: command-line tools over the rules engine.

Each subcommand is one module in this package with ``add_parser(subparsers)`` (registering
its parser and ``set_defaults(run=run)``) and ``run(args) -> int``. To add a subcommand,
write the module and append its name to :data:`SUBCOMMANDS`. Its parser takes
``formatter_class=HelpFormatter`` (engine/cli/_common.py): the description and epilog are
written as paragraphs and refilled to the terminal's width.

Exit codes: 0 for any well-formed question (a non-win included), 2 for malformed input
(bad notation, wrong tile count, unknown option, a bad ``--bots`` or ``--log-dir``) or a
file that cannot be read or written, with a one-line message on stderr — never a traceback.
Output to a stream that cannot encode Chinese (a Windows console, ``PYTHONIOENCODING=cp1252``)
falls back to backslash escapes (JSON stays the same JSON); output cut short by the reader
(``| head``) ends quietly.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, Protocol

if TYPE_CHECKING:
    from typing import TypeAlias

    Subparsers: TypeAlias = "argparse._SubParsersAction[ArgumentParser]"

SUBCOMMANDS: list[str] = [
    "score",
    "analyze",
    "simulate",
    "replay",
    "tournament",
    "audit",
    "review",
    "rules",
]
"""Module names under ``engine.cli``, in the order ``--help`` lists them."""

PROG = "python -m engine"


class Subcommand(Protocol):
    def add_parser(self, subparsers: Subparsers) -> argparse.ArgumentParser: ...

    def run(self, args: argparse.Namespace) -> int: ...


class ArgumentParser(argparse.ArgumentParser):
    """A refused flag is one line — ``python -m engine score: error: …`` — and exit status 2,
    as every other malformed input is: argparse's own usage block before it is left out
    (``--help`` shows it). The subcommands' parsers are of this class too (argparse makes
    them of the parent's class)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog=PROG,
        description="四川麻将 · 血战到底 rules engine on the command line.",
        epilog="Tiles are written 123m456p789s (m 万, p 筒, s 条); melds P5p,K5p,B5p,A5p. "
        f"Run '{PROG} COMMAND --help' for each command.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module: Subcommand = importlib.import_module(f"{__name__}.{name}")
        module.add_parser(subparsers)
    return parser


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """``argv`` parsed; a missing command names the commands, and a flag the command does
    not take is refused by the command's parser (its name in the message)."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        parser.error(f"a command is needed: one of {', '.join(SUBCOMMANDS)}")
    if extra:
        (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        sub.choices[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _speaks_unicode(stream: object) -> bool:
    """Whether ``stream`` encodes every character (a UTF encoding)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def emit(obj: object) -> None:
    """Print one JSON object on stdout: Chinese as is where the stream encodes it, else as
    backslash-u escapes (the same JSON value either way)."""
    print(json.dumps(obj, ensure_ascii=not _speaks_unicode(sys.stdout), indent=2))


def _escape_what_cannot_be_encoded() -> None:
    """Text on a stream that cannot encode Chinese is written with backslash escapes
    instead of failing half way (a valid replay is never called malformed for it)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and not _speaks_unicode(stream):
            stream.reconfigure(errors="backslashreplace")


def _error(command: str, message: str) -> int:
    message = " ".join(message.split())
    print(f"{PROG} {command}: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m engine`` with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    _escape_what_cannot_be_encoded()
    args = parse(argv)
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped reading (``| head``): end quietly, as the Python docs advise —
        # point stdout at devnull so that the flush at exit does not complain again.
        with contextlib.suppress(OSError, ValueError):  # (no real stdout: nothing to do)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except ValueError as exc:  # the engine's malformed-input errors are all ValueErrors
        return _error(args.command, str(exc))
    except OSError as exc:  # a file or folder that cannot be read or written
        where = f" {exc.filename!r}" if exc.filename else ""
        return _error(args.command, f"{exc.strerror or exc}{where}")
    except KeyboardInterrupt:
        return 130
    return code
