"""Fit the danger table of engine/bots/_danger.py from self-play.

``python -m engine.bots.calibrate [--hands N] [--seed S] [--bots efficiency] [--write]``
plays N seeded hands (standard rules) and, for every discard and every opponent still in
play, notes the features the bots can see (:func:`engine.bots._danger.cell`) and whether
that opponent won on the discard. The table is each cell's deal-in frequency, shrunk
towards its readiness row's frequency (a cell with few samples borrows from its row).
``--write`` rewrites engine/bots/_danger.py; otherwise the table is printed.
"""

from __future__ import annotations

import argparse
import bisect
from pathlib import Path

from engine.bots import load_bot
from engine.bots._danger import CELLS, ROWS, cell, row_of
from engine.bots._features import live_counts
from engine.round import ActionKind, EventKind, Round
from engine.rules import get_preset
from engine.simulate import derive_seed

FMT_OFF, FMT_ON = "# fmt: off\n", "# fmt: on\n"

PRIOR = 30.0  # samples' worth of the row frequency in each cell (30 fitted held-out hands best)


def collect(hands: int, seed: int, bots: str) -> tuple[list[int], list[int]]:
    """(samples, deal-ins) per cell over ``hands`` self-play hands."""
    rules = get_preset("standard")
    n = [0] * CELLS
    hit = [0] * CELLS
    for hand in range(hands):
        players = [load_bot(bots, derive_seed(seed, hand, s)) for s in range(rules.players)]
        rnd = Round.new(rules, derive_seed(seed, hand), hand % rules.players)
        notes: list[tuple[int, int, int]] = []  # (discarder, opponent, cell) in discard order
        marks: list[tuple[int, int]] = []  # (discarder, notes index) per discard
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            legal = rnd.legal_actions(seat)
            view = rnd.view(seat)
            action = players[seat].choose(view, legal)
            if action.kind is ActionKind.DISCARD and action.tile is not None:
                live = live_counts(view)
                start = len(notes)
                for info in view.seats:
                    if info.seat != seat and not info.out:
                        notes.append((seat, info.seat, cell(view, info.seat, action.tile, live)))
                marks.append((start, len(notes)))
            rnd.apply(action)
        res = rnd.result
        assert res is not None
        discards = [e for e in rnd.events if e.kind is EventKind.DISCARD]
        if len(discards) != len(marks):
            continue
        index = [e.index for e in discards]
        won: set[tuple[int, int]] = set()  # (discard number, winner)
        for w in res.wins:
            if w.from_seat is None:
                continue
            i = bisect.bisect_left(index, w.event_index) - 1
            if i >= 0 and discards[i].seat == w.from_seat:
                won.add((i, w.seat))
        for i, (a, b) in enumerate(marks):
            for _, opp, c in notes[a:b]:
                n[c] += 1
                hit[c] += (i, opp) in won
    return n, hit


def fit(n: list[int], hit: list[int]) -> list[float]:
    rows_n = [0] * ROWS
    rows_hit = [0] * ROWS
    for c in range(CELLS):
        rows_n[row_of(c)] += n[c]
        rows_hit[row_of(c)] += hit[c]
    total = sum(hit) / max(1, sum(n))
    row_p = [(rows_hit[r] + 20 * total) / (rows_n[r] + 20) for r in range(ROWS)]
    return [(hit[c] + PRIOR * row_p[row_of(c)]) / (n[c] + PRIOR) for c in range(CELLS)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", default="efficiency")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    n, hit = collect(args.hands, args.seed, args.bots)
    table = fit(n, hit)
    print(f"{sum(n)} samples, {sum(hit)} deal-ins ({sum(hit) / max(1, sum(n)):.3%})")
    body = ",\n".join(
        "    " + ", ".join(f"{p:.5f}" for p in table[i : i + 8]) for i in range(0, CELLS, 8)
    )
    if args.write:
        path = Path(__file__).with_name("_danger.py")
        text = path.read_text(encoding="utf-8")
        head, _, rest = text.partition("TABLE: tuple[float, ...] = (")
        rest = rest.partition("\n")[2]
        _, _, tail = rest.partition("\n)\n")
        tail = tail.removeprefix(FMT_ON)
        note = (
            f"# Fitted by: python -m engine.bots.calibrate --hands {args.hands} "
            f"--seed {args.seed} --bots {args.bots} --write\n"
        )
        own = ("# Fitted by", FMT_OFF.strip())
        head = "\n".join(line for line in head.split("\n") if not line.startswith(own))
        # the table keeps its eight a line: `ruff format` is told to leave it as written
        path.write_text(
            head.rstrip("\n")
            + "\n\n\n"
            + note
            + FMT_OFF
            + "TABLE: tuple[float, ...] = (\n"
            + body
            + ",\n)\n"
            + FMT_ON
            + tail,
            encoding="utf-8",
        )
        print(f"wrote {path}")
    else:
        print(body)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
