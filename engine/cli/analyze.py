"""``python -m engine analyze``: how far from winning, what it waits on, what to discard."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import TILES_HELP, HelpFormatter, add_hand_arguments, count, read_hand
from engine.hand import Wait, analyze_discards, is_win, shanten, waits
from engine.tiles import (
    COPIES,
    NUM_KINDS,
    SUITS,
    Meld,
    format_counts,
    format_melds,
    format_tile,
    meld_counts,
    parse_counts,
    suit_of,
    tile_name,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.cli import Subparsers

DESCRIPTION = """\
Analyse a hand and print one JSON object: "shanten" (向听: -1 = already a win, 0 = ready
听牌, 1 = one tile away from ready, ...), and

* for a hand waiting for a tile (13 tiles, each meld counting 3): "waits", the tiles that
  complete it, each with how many copies are still unseen;
* for a hand about to discard (14 tiles): "win" and "discards", every possible discard with
  the shanten it leaves and, when that is ready, its waits — best first.

A hand must lack one suit to win (缺一门). With --void that suit is yours; without it the
analysis assumes the suit that leaves the hand closest to winning ("void_assumed": true).
"""

EPILOG = """\
examples:
  python -m engine analyze --hand 123m456m789m234p5p
  python -m engine analyze --hand 1112345678999m --visible 9m5m55p
  python -m engine analyze --hand 123m456m789m24p55p9s --void s
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "analyze",
        help="shanten, waits and discard advice for a hand",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    add_hand_arguments(parser, "your concealed tiles; " + TILES_HELP)
    parser.add_argument(
        "--visible",
        default="",
        metavar="TILES",
        help="tiles you can see elsewhere (discards, other players' melds): lowers the unseen "
        "counts",
    )
    parser.set_defaults(run=run)
    return parser


def _choose_void(counts: Sequence[int], melds: Sequence[Meld]) -> int | None:
    """The void suit that leaves the hand closest to winning; ties: fewest tiles of it."""
    meld_suits = {m.suit for m in melds}
    candidates = [s for s in range(3) if s not in meld_suits]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda s: (shanten(counts, len(melds), s), sum(counts[s * 9 : s * 9 + 9]), s),
    )


def _wait_json(wait: Wait) -> dict[str, object]:
    return {
        "tile": format_tile(wait.kind),
        "name_zh": tile_name(wait.kind, "zh"),
        "unseen": wait.unseen,
    }


def run(args: argparse.Namespace) -> int:
    counts, melds, void = read_hand(args)
    visible = parse_counts(args.visible)
    owned = [c + m for c, m in zip(counts, meld_counts(melds), strict=True)]
    for kind in range(NUM_KINDS):
        if owned[kind] + visible[kind] > COPIES:
            raise ValueError(
                f"{owned[kind] + visible[kind]} copies of {format_tile(kind)} between hand, melds "
                "and visible tiles: there are only 4"
            )
    n = sum(counts)
    sizes = (13 - 3 * len(melds), 14 - 3 * len(melds))
    if len(melds) > 4 or n not in sizes:
        raise ValueError(
            f"{count(n, 'concealed tile')} with {count(len(melds), 'meld')}: "
            f"hold {sizes[0]} (waiting for a tile) "
            f"or {sizes[1]} (about to discard), each meld counting 3"
        )
    assumed = void is None
    if assumed:
        void = _choose_void(counts, melds)
    if void is not None and any(suit_of(m.tile) == void for m in melds):
        raise ValueError(f"a meld of your void suit {SUITS[void]}: {format_melds(melds)}")
    # Own melds are face up: they count as seen for the unseen numbers.
    seen = [v + m for v, m in zip(visible, meld_counts(melds), strict=True)]
    out: dict[str, object] = {
        "hand": format_counts(counts),
        "melds": format_melds(melds),
        "void": None if void is None else SUITS[void],
        "void_assumed": assumed,
        "shanten": shanten(counts, len(melds), void),
    }
    if n == sizes[0]:
        out["waits"] = [
            _wait_json(Wait(k, max(0, COPIES - owned[k] - visible[k])))
            for k in waits(counts, len(melds), void)
            if owned[k] < COPIES
        ]
    else:
        out["win"] = is_win(counts, len(melds), void)
        out["discards"] = [
            {
                "discard": format_tile(option.discard),
                "shanten": option.shanten,
                "waits": [_wait_json(w) for w in option.waits if owned[w.kind] < COPIES],
                "unseen": sum(w.unseen for w in option.waits if owned[w.kind] < COPIES),
            }
            for option in analyze_discards(counts, len(melds), void, seen)
        ]
    emit(out)
    return 0
