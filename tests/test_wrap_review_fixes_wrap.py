"""English wrapping keeps a number with its unit and a tile's name whole: at 1024×640 the
review panel's heading "… small mistake -0.13 pts" left "pts" alone on its second line, and
the options line could split "discard 1 / Dot". Chinese wraps as before (a number keeps to
the hanzi before it and its measure word)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from test_game_support import reviewing_replay
from test_review import played

from engine.actions import Action, ActionKind
from engine.review import Option, ReviewedDecision, Verdict
from engine.tiles import tile_name
from game.fonts import get_font
from game.ui.text import MIN_TEXT, wrap_text

UNITS = ("pts", "pt", "points", "fan", "coins", "px", "tiles", "Dot", "Dots", "Bamboo",
         "Character", "Characters")  # fmt: skip
# a line that ends with a number whose unit starts the next line
_NUMBER_END = re.compile(r"(?:^|\s)[+\-−(]?\d[\d.,]*%?$")


def _parted(lines: list[str]) -> list[tuple[str, str]]:
    return [
        (a, b)
        for a, b in itertools.pairwise(lines)
        if _NUMBER_END.search(a) and b.split(" ")[0].rstrip(",.;:)") in UNITS
    ]


@pytest.mark.parametrize("size", [12, 14, 18])
def test_an_english_number_keeps_its_unit_and_a_tile_name_stays_whole(size: int) -> None:
    text = (
        "Step 12 · discard 1 Dot · small mistake -0.13 pts. Options: discard 9 Bamboo +0.52 · "
        "pong 3 Characters -1.20; you pay 3 fan (2 coins) at 12 px"
    )
    font = get_font(size)
    for width in range(font.size("Characters -1.20")[0], font.size(text)[0] + 10, 2):
        lines = wrap_text(text, size, width)
        assert " ".join(lines).split() == text.split()
        assert not _parted(lines), (width, lines)
        assert all(font.size(line)[0] <= width for line in lines), (width, lines)


def test_english_numbers_without_a_unit_still_break_as_before() -> None:
    """Only a unit glues: "Bot 2 / pays" and "about draws / 1–10" may still break."""
    font = get_font(16)
    text = "Bot 2 pays 5 points to Bot 3"
    lines = wrap_text(text, 16, font.size("Bot 2 pays")[0] + 2)
    assert lines[0] == "Bot 2 pays" and lines[1].startswith("5 points")
    draws = "two about draws 1–10"
    assert wrap_text(draws, 16, font.size("two about draws")[0] + 2) == ["two about draws", "1–10"]


@pytest.mark.parametrize("size", [12, 16])
def test_chinese_wrapping_is_unchanged_by_the_english_units(size: int) -> None:
    text = "千里眼：牌墙里还有 3 张五筒：约第 1 至 10 张有 2 张，损失 0.13 分，共 3 番"
    font = get_font(size)
    for width in range(font.size("第 29 至 37 张")[0], font.size(text)[0], 3):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for _before, after in itertools.pairwise(lines):
            assert not re.match(r"^[+\-−]?\d", after), (width, lines)
            assert after[0] not in "张分番", (width, lines)


def _decision(chosen: int, best: int, loss: float, step: int) -> ReviewedDecision:
    mine, top = Action(ActionKind.DISCARD, 0, chosen), Action(ActionKind.DISCARD, 0, best)
    others = [Action(ActionKind.DISCARD, 0, k) for k in range(27) if k not in (chosen, best)]
    options = (Option(top, 0.4), Option(others[0], 0.3), Option(others[1], 0.2),
               Option(mine, 0.4 - loss))  # fmt: skip
    verdict = Verdict.BIG if loss >= 1 else Verdict.SMALL
    return ReviewedDecision(step, "turn", mine, top, loss, options, verdict, None)


def test_the_review_panels_lines_never_part_a_number_or_a_tile_at_1024x640(
    tmp_path: Path,
) -> None:
    with reviewing_replay(played(3), tmp_path, "en", (1024, 640)) as (_, panel, width):
        seen = 0
        for chosen, best, loss, step in itertools.product(
            (0, 8, 9, 17, 18, 26), (1, 10, 19), (0.13, 1.25), (5, 12, 104)
        ):
            d = _decision(chosen, best, loss, step)
            for ahead in (False, True):
                lines = panel.decision_lines(d, ahead, width)
                texts = [text for text, *_ in lines]
                assert not _parted(texts), texts
                for text, px, _, bold in lines:
                    assert px >= MIN_TEXT
                    assert get_font(px, bold).size(text)[0] <= width, (text, width)
                joined = " ".join(texts)
                for kind in (chosen, best):
                    assert tile_name(kind, "en") in joined, (kind, texts)
                seen += len(texts) > 1
        assert seen  # some headings and options lines did wrap
