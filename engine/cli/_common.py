"""Arguments and parsing shared by the subcommands."""

from __future__ import annotations

import argparse

from engine.bots import BOT_NAMES, load_bot
from engine.rules import PRESETS, RuleSet, get_preset
from engine.tiles import Meld, parse_counts, parse_melds, parse_suit

TILES_HELP = "tiles as digits + suit letter: 123m456p99s (m 万 characters, p 筒 dots, s 条 bamboo)"
MELDS_HELP = (
    "declared melds, comma-separated: P5p pong, K5p exposed kong, B5p added kong, "
    "A5p concealed kong (e.g. P5p,A9s)"
)
VOID_HELP = "your declared void suit (定缺): m, p or s"
BOTS_HELP = f"{', '.join(BOT_NAMES)} or package.module:Class"


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


def check_bots(specs: set[str]) -> None:
    """Load each bot once, so a bad name fails here with the registry's message, not inside
    a worker process."""
    for spec in specs:
        load_bot(spec, 0)
