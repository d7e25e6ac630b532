"""``python -m engine score``: is this a win, and what does it pay? (RULES.md §4-§5)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import (
    TILES_HELP,
    HelpFormatter,
    add_hand_arguments,
    add_rules_arguments,
    read_hand,
    read_rules,
)
from engine.rules import RuleSet
from engine.scoring import ScoreResult, WinContext, bloom_paid_as_discard, score_hand
from engine.text import Narrator
from engine.tiles import SUIT_NAMES_EN, SUITS, Meld, parse_tile, suit_of

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
Score one winning hand under a rule preset and print one JSON object.

On a win: "pattern" (the single highest pattern), "extras" (roots 根 and situational
extras, with counts), "fan" (before the cap) and "multiplier" (after it) — both null in the
additive points model — "points" (what each paying player pays, in points, 自摸加底 included)
and "explain" (the reckoning line by line in Chinese and English). Otherwise "win" is false
and "reason" says why: three_suits (a hand must lack one suit, 缺一门), void_tile (a tile of
your declared void suit) or not_complete.
"""

EPILOG = """\
examples:
  python -m engine score --rules standard --hand 123m456m789m234p55p --win 5p
  python -m engine score --rules jj --hand 123p456p789p234p99p --win 9p --self-drawn
  python -m engine score --rules chengdu --hand 123m345m234p66p --melds P2p --win 6p
  python -m engine score --rules wiki --set extra.hai_di=1 --hand 11m33m44m66m55p88p77m \\
      --win 7m --last-tile

exit status: 0 for any well-formed question (also when it is not a win); 2 for malformed
input (bad notation, wrong tile count, winning tile not in the hand, unknown option).
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "score",
        help="score a winning hand",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    add_rules_arguments(parser, "cap_fan=4, fan.jiang_dui=off, extra.hai_di=1")
    add_hand_arguments(parser, "your concealed tiles, including the winning tile; " + TILES_HELP)
    parser.add_argument("--win", required=True, metavar="TILE", help="the winning tile, e.g. 5p")
    how = parser.add_argument_group("how the hand was won (default: on another player's discard)")
    how.add_argument("--self-drawn", action="store_true", help="自摸: you drew the winning tile")
    how.add_argument(
        "--kong-replacement",
        action="store_true",
        help="杠上花: won on the replacement tile after your kong (implies --self-drawn); the "
        "kong is the last one of --melds — under kong_bloom_on_exposed=discarder_pays "
        "(chengdu) one made on a discard (K) is paid by that kong's discarder alone (引杠杠上花)",
    )
    how.add_argument(
        "--after-kong",
        action="store_true",
        help="杠上炮: won on the discard a player made right after its kong",
    )
    how.add_argument("--robbing-kong", action="store_true", help="抢杠: robbed an added kong")
    how.add_argument(
        "--last-tile", action="store_true", help="海底: the last tile of the wall (or its discard)"
    )
    how.add_argument(
        "--last-copy",
        action="store_true",
        help="绝张: the other three copies of the winning tile are all shown on the table",
    )
    how.add_argument(
        "--first-turn",
        action="store_true",
        help="before your first discard, nobody has ponged or konged (天胡/地胡)",
    )
    how.add_argument("--dealer", action="store_true", help="you are the dealer (庄家)")
    parser.set_defaults(run=run)
    return parser


def result_json(result: ScoreResult) -> dict[str, object]:
    """The JSON object the command prints for one result."""
    explain = {lang: list(Narrator(lang).score_lines(result)) for lang in ("zh", "en")}
    if not result.win:
        return {"win": False, "reason": result.reason, "explain": explain}
    return {
        "win": True,
        "pattern": result.pattern,
        "extras": result.extras_dict,
        "fan": result.fan,
        "multiplier": result.multiplier,
        "points": result.points,
        "explain": explain,
    }


def check_room(
    rules: RuleSet, tiles: list[int], melds: list[Meld], void: int | None, room: str
) -> None:
    """A ValueError for a question ``room`` (``the liangren rules``) cannot ask: a tile of a
    suit its wall does not hold (两人两房 has no 万), or a declared void suit where 定缺 is
    not played. ``tiles``: the kinds of the hand and the winning tile."""
    used = {suit_of(k) for k in tiles} | {m.suit for m in melds}
    for suit in sorted(used - set(rules.kept_suits)):
        kept = [f"{SUITS[s]} ({SUIT_NAMES_EN[s]})" for s in rules.kept_suits]
        suits = f"suit is {kept[0]}" if len(kept) == 1 else f"suits are {' and '.join(kept)}"
        raise ValueError(
            f"{SUITS[suit]} ({SUIT_NAMES_EN[suit]}) tiles are not in the wall of {room}: "
            f"its {suits}"
        )
    if void is not None and not rules.declares_void:
        raise ValueError(f"--void: {room} have no declared void suit (定缺); leave --void out")


def run(args: argparse.Namespace) -> int:
    rules = read_rules(args)
    counts, melds, void = read_hand(args)
    win_tile = parse_tile(args.win)
    room = f"the {args.rules} rules" + "".join(f" --set {o}" for o in args.overrides)
    tiles = [k for k, n in enumerate(counts) if n] + [win_tile]
    check_room(rules, tiles, melds, void, room)
    ctx = WinContext(
        concealed=tuple(counts),
        melds=tuple(melds),
        win_tile=win_tile,
        self_drawn=args.self_drawn,  # score_hand: --kong-replacement (杠上花) is self-drawn
        kong_replacement=args.kong_replacement,
        paid_as_discard=bloom_paid_as_discard(melds, args.kong_replacement, rules),
        after_kong=args.after_kong,
        robbing_kong=args.robbing_kong,
        last_tile=args.last_tile,
        last_copy=args.last_copy,
        first_turn=args.first_turn,
        dealer=args.dealer,
        void=void,
    )
    emit(result_json(score_hand(ctx, rules)))
    return 0
