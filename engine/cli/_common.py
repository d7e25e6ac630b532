"""Arguments and parsing shared by the subcommands."""

from __future__ import annotations

import argparse
import os
import tempfile
import unicodedata
from pathlib import Path

from engine.bots import BOT_NAMES, load_bot
from engine.quote import quote
from engine.replay import MAX_DOCUMENT_BYTES, ReplayError, loads
from engine.rules import PRESETS, RuleSet, get_preset
from engine.tiles import Meld, parse_counts, parse_melds, parse_suit

TILES_HELP = "tiles as digits + suit letter: 123m456p99s (m 万 characters, p 筒 dots, s 条 bamboo)"
MELDS_HELP = (
    "declared melds, comma-separated: P5p pong, K5p exposed kong, B5p added kong, "
    "A5p concealed kong (e.g. P5p,A9s)"
)
VOID_HELP = "your declared void suit (定缺): m, p or s"
BOTS_HELP = f"{', '.join(BOT_NAMES)} or package.module:Class"


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: a hanzi or full-width form takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _wrap(words: list[str], width: int, first: str, rest: str) -> list[str]:
    """``words`` filled greedily into lines of at most ``width`` columns (a word longer than
    that gets a line of its own), the first line led by ``first``, the others by ``rest``."""
    lines: list[str] = []
    line = ""
    for word in words:
        lead = rest if lines else first
        if line and display_width(f"{lead}{line} {word}") > width:
            lines.append(lead + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append((rest if lines else first) + line)
    return lines


class HelpFormatter(argparse.HelpFormatter):
    """Descriptions and epilogs written as paragraphs, refilled to the terminal's width: a
    line breaks where the width says, never mid-sentence where the source text happened to.
    A line starting ``* `` begins a list item (its indented lines continue it); any other
    indented line (an example command) is kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines: list[str] = []
        words: list[str] = []  # of the paragraph or list item being gathered
        in_item = False

        def flush() -> None:
            first, rest = (indent + "* ", indent + "  ") if in_item else (indent, indent)
            lines.extend(_wrap(words, width, first, rest))
            words.clear()

        for line in text.splitlines():
            if line.startswith("* "):
                flush()
                in_item = True
                words.extend(line[2:].split())
            elif in_item and line.startswith("  ") and line.strip():
                words.extend(line.split())
            elif not line.strip() or line[0].isspace():
                flush()
                in_item = False
                lines.append(indent + line if line.strip() else "")
            else:
                if in_item:
                    flush()
                    in_item = False
                words.extend(line.split())
        flush()
        return "\n".join(lines)


def count(n: int, noun: str) -> str:
    """``1 hand``, ``2 hands``: a number with its noun, singular for one."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def add_hand_arguments(parser: argparse.ArgumentParser, hand_help: str) -> None:
    parser.add_argument("--hand", required=True, metavar="TILES", help=hand_help)
    parser.add_argument("--melds", default="", metavar="MELDS", help=MELDS_HELP)
    parser.add_argument("--void", metavar="SUIT", help=VOID_HELP)


def read_hand(args: argparse.Namespace) -> tuple[list[int], list[Meld], int | None]:
    """The concealed counts, melds and void suit named by the common arguments."""
    counts = parse_counts(args.hand)
    melds = parse_melds(args.melds)
    void = None if args.void is None else parse_suit(args.void)
    return counts, melds, void


def add_rules_arguments(parser: argparse.ArgumentParser, set_examples: str = "cap_fan=4") -> None:
    """``--rules PRESET`` and repeatable ``--set NAME=VALUE`` (into ``args.overrides``)."""
    parser.add_argument(
        "--rules",
        default="standard",
        metavar="PRESET",
        help=f"rule preset: {', '.join(PRESETS)} (default: standard)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        dest="overrides",
        help=f"change one rule option, e.g. {set_examples} (repeatable)",
    )


def read_rules(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--rules`` with every ``--set`` override applied."""
    rules = get_preset(args.rules)
    if args.overrides:
        rules = rules.with_overrides(args.overrides)
    return rules


MAX_HANDS = 1_000_000
"""The most hands one ``simulate`` or ``tournament`` run plays (``--walls`` × 4): refused
beyond, before anything is allocated (a typo of a few zeros should not eat the memory)."""
MAX_JOBS = 64


def add_jobs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help=f"worker processes, 1-{MAX_JOBS} (default 1)",
    )


def check_count(name: str, value: int, low: int, high: int) -> None:
    """``--games`` / ``--walls`` / ``--jobs`` within ``low``–``high``, or a ValueError."""
    if not low <= value <= high:
        got = f"{value:,}" if abs(value) < 10**15 else "more"
        raise ValueError(f"{name} must be {low:,}-{high:,}, got {got}")


def check_log_dir(path: str) -> None:
    """``--log-dir``: a folder that exists or can be made, and can be written into; a
    ValueError naming it otherwise (before any hand is played)."""
    shown = repr(path) if len(path) <= 80 else repr(path[:77] + "...")
    if os.path.exists(path) and not os.path.isdir(path):
        raise ValueError(f"--log-dir {shown} is a file, not a folder")
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ValueError(f"--log-dir {shown} cannot be written: {reason}") from None


def add_wall_arguments(parser: argparse.ArgumentParser, plays: str) -> None:
    """What a duplicate run of bots over shuffled walls takes besides the bots it measures
    (``tournament``, ``audit``): ``--field``, ``--walls``, ``--seed``, the rules, ``--jobs``
    and ``--json``. ``plays``: what each wall gives, for ``--walls``'s help."""
    parser.add_argument(
        "--field", required=True, metavar="BOT", help=f"the other seats' bot ({BOTS_HELP})"
    )
    parser.add_argument(
        "--walls",
        type=int,
        default=100,
        metavar="N",
        help=f"walls ({plays}; default 100; walls × seats at most {MAX_HANDS:,})",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="master seed (default 0)")
    add_rules_arguments(parser)
    add_jobs_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def check_wall_arguments(args: argparse.Namespace, rulesets: list[RuleSet], bots: set[str]) -> None:
    """``--walls`` within what each of ``rulesets`` may play, ``--jobs`` within reason, and
    every bot loadable (:func:`check_bots`): a ValueError before anything is played."""
    for rules in rulesets:
        check_count("--walls", args.walls, 1, MAX_HANDS // rules.players)
    check_count("--jobs", args.jobs, 1, MAX_JOBS)
    check_bots(bots)


def check_bots(specs: set[str]) -> None:
    """Load each bot once, so a bad name fails here with the registry's message, not inside
    a worker process."""
    for spec in specs:
        load_bot(spec, 0, plugins=True)  # --bots: typed by the user, plug-ins allowed


def read_replay(name: str) -> dict[str, object]:
    """The replay document in file ``name``, or a one-line error (ReplayError/ValueError)."""
    if not name.strip():
        raise ValueError("no replay file named: give the path of a replay JSON file")
    path = Path(name)
    try:
        if path.stat().st_size > MAX_DOCUMENT_BYTES:
            raise ReplayError(f"{quote(name)} is too large for a replay document")
        data = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {quote(name)}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError(f"{quote(name)} is not a replay document (not UTF-8 text)") from None
    try:
        return loads(text)
    except ReplayError as exc:
        raise ReplayError(f"{quote(name)}: {exc}") from None
