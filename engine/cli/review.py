"""``python -m engine review``: 复盘 — one seat's decisions in a replay, weighed by a bot."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from engine.cli import emit
from engine.cli._common import HelpFormatter, read_replay
from engine.quote import quote
from engine.replay import ReplayError
from engine.review import (
    DEFAULT_BUDGET,
    REVIEW_BOTS,
    ReviewWords,
    check_budget,
    players_of,
    review_hand,
    review_seat,
)

if TYPE_CHECKING:
    from engine.cli import Subparsers

DESCRIPTION = """\
Review one hand from its replay file (docs/replay-format.md): at every decision of the seat
(换三张, 定缺, each discard and kong, each pong/kong/win or pass) the strongest bot values
every legal action from what the seat could see then, in expected points. Prints the
mistakes (--all: every decision) — the choice, the points it lost against the best action, the
best action and why — then the hand's summary: decisions, accuracy (no mistake), agreement with the
best, the expected loss and the three costliest mistakes. The same file, seat and budget give
the same review. See docs/review.md.
"""

EPILOG = f"""\
examples:
  python -m engine simulate --games 3 --bots normal --log-dir /tmp/replays
  python -m engine review /tmp/replays/hand-000000.json
  python -m engine review /tmp/replays/hand-000001.json --seat 2 --lang en
  python -m engine review /tmp/replays/hand-000002.json --budget 200 --json

--seat counts from 0 as the file does (the text calls seat 0 "Seat 1"); the default is the
human's seat of a replay kept by the game, else 0. --budget is rollouts per decision
(default {DEFAULT_BUDGET}); more thinks longer and varies less.

exit status: 0 for a reviewed hand, 2 when the file is missing, malformed or does not
re-execute, or the seat is not at the table.
"""


def add_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "review",
        help="复盘: weigh one seat's decisions in a replay file",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("file", metavar="REPLAY", help="a replay JSON file")
    parser.add_argument("--seat", type=int, metavar="N", help="the seat to review (0-3)")
    parser.add_argument(
        "--budget",
        type=int,
        default=DEFAULT_BUDGET,
        metavar="ROLLOUTS",
        help=f"rollouts per decision (default {DEFAULT_BUDGET})",
    )
    parser.add_argument(
        "--bot",
        choices=REVIEW_BOTS,
        help="the bot that weighs the decisions (default: the strongest that can: "
        + ", ".join(REVIEW_BOTS)
        + ")",
    )
    parser.add_argument("--lang", choices=("zh", "en"), default="zh", help="text language")
    parser.add_argument("--all", action="store_true", help="also list the agreed decisions")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    check_budget(args.budget)
    doc = read_replay(args.file)
    try:
        players = players_of(doc)
    except ReplayError as exc:
        raise ReplayError(f"{quote(args.file)}: {exc}") from None
    seat = review_seat(doc) if args.seat is None else args.seat
    if not 0 <= seat < players:
        raise ValueError(f"--seat {seat}: this hand has seats 0-{players - 1}")
    review = review_hand(doc, seat, bot=args.bot, budget=args.budget)
    words = ReviewWords(args.lang, players=players)
    if args.json:
        emit({"file": args.file, **review.to_json(words)})
        return 0
    zh = args.lang == "zh"
    for d in review.decisions:
        if args.all or not d.agrees:
            step = f"第 {d.step} 步" if zh else f"step {d.step}"
            print(f"{step:>9}  {words.line(d)}")
    if review.decisions and not review.mistakes and not args.all:
        print("没有失误" if zh else "No mistakes")
    print()
    print(words.summary(review))
    worst = review.costliest()
    if worst:
        print("最大的失误：" if zh else "Costliest mistakes:")
        for d in worst:
            step = f"第 {d.step} 步" if zh else f"step {d.step}"
            loss = words.points(d.loss)
            best = words.action(d.best)
            if zh:
                print(f"  {step}：{words.action(d.chosen)}，损失 {loss}，应{best}")
            else:
                print(f"  {step}: {words.action(d.chosen)} lost {loss}; best: {best}")
    return 0
