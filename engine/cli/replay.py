"""``python -m engine replay``: re-execute a replay file and print its events and ledger."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import HelpFormatter, read_replay
from engine.quote import quote
from engine.replay import ReplayError, event_to_json, ledger_to_json, replay
from engine.round import EventKind
from engine.text import Narrator

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
Re-execute one hand from its replay file (docs/replay-format.md) through the rules engine
and print every event — deal, draws, discards, claims, wins, payments — then the ledger and
the final totals. The file must re-execute exactly: an illegal decision, a wall that its
seed does not shuffle, or a ledger that comes out differently is an error naming the step.
"""

EPILOG = """\
examples:
  python -m engine simulate --games 3 --bots greedy --log-dir /tmp/replays
  python -m engine replay /tmp/replays/hand-000000.json
  python -m engine replay /tmp/replays/hand-000001.json --lang en --no-turns
  python -m engine replay /tmp/replays/hand-000002.json --json

exit status: 0 when the file re-executes exactly, 2 when it is malformed or differs.
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "replay",
        help="re-execute a replay file and print its events",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="a replay JSON file")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh", help="event text language")
    parser.add_argument("--no-turns", action="store_true", help="leave out the turn markers")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    doc = read_replay(args.file)
    try:
        rnd = replay(doc)
    except ReplayError as exc:  # the hand plays out differently: which file, which step
        raise ReplayError(f"{quote(args.file)}: {exc}") from None
    totals = rnd.ledger.totals()
    if args.json:
        emit(
            {
                "file": args.file,
                "steps": len(rnd.decisions),
                "over": rnd.is_over,
                "reason": rnd.result.reason if rnd.result else None,
                "events": [event_to_json(e) for e in rnd.events],
                "ledger": ledger_to_json(rnd.ledger.entries),
                "totals": totals,
            }
        )
        return 0
    lang = args.lang
    words = Narrator(lang, players=rnd.players, notation=True)
    for ev in rnd.events:
        if args.no_turns and ev.kind is EventKind.TURN:
            continue
        print(words.event_line(ev))
    print()
    print("账目" if lang == "zh" else "Ledger")
    entries = rnd.ledger.entries  # a self-draw's reckoning on its first payment only
    for e, line in zip(entries, words.ledger_lines(entries), strict=True):
        pair = f"{words.seat(e.payer)} → {words.seat(e.payee)}"
        print(f"  {pair} {e.amount:>4}  {line}")
    sep = "，" if lang == "zh" else ", "
    print(
        ("合计：" if lang == "zh" else "Totals: ")
        + sep.join(f"{words.seat(s)} {t:+d}" for s, t in enumerate(totals))
    )
    return 0
