"""reviews.json written before a hand's loss was its mistakes' alone (4a5fe35).

Such a file stored every decision's small differences as the hand's loss: a hand of no
mistakes added 0.12 points to the loss the match's end shows. With no mistake the loss is
exactly 0, so it is read as 0; a hand with mistakes keeps its stored figure (the file has no
per-decision losses to recount it from).
"""

from __future__ import annotations

from game.review import ReviewLog
from game.review_chart import match_line
from game.storage import JsonStore


def entry(key: str, hand_no: int, loss: float, mistakes: int) -> dict[str, object]:
    return {
        "key": key,
        "hand_no": hand_no,
        "accuracy": 1.0 - mistakes / 10,
        "agreement": 0.6,
        "loss": loss,
        "decisions": 10,
        "mistakes": mistakes,
        "saved": "",
        "match": "42",
    }


def test_an_older_hand_of_no_mistakes_reads_as_no_loss(tmp_path):
    hands = [entry("a", 1, 0.12, 0), entry("b", 2, 1.5, 2)]
    JsonStore("reviews", directory=tmp_path, fsync=False).save({"hands": hands})

    log = ReviewLog(tmp_path)

    assert [(e.key, e.loss) for e in log.entries] == [("a", 0.0), ("b", 1.5)]
    assert match_line(log.entries, "en") == (
        "Review: accuracy 90%, 1.50 points lost over 2 hands"  # was 1.62
    )
    assert (match_line(log.entries[:1], "en") or "").endswith("0.00 points lost in 1 hand")
