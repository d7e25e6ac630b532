"""A number in Chinese text keeps to the word before it and to its measure word: the
千里眼 answer broke "…约第 1 至 10 张有 / 2 张" at 1024×640 and 1920×1080, the count parted
from 有. English wraps as before (its numbers may start a line)."""

from __future__ import annotations

import itertools
import re

import pytest
from test_item_bar_fit import WINDOWS, table_bar

from engine.items import ItemResult
from engine.tiles import parse_tile
from game.fonts import get_font
from game.ui.text import wrap_text

# a line that starts with a number, or ends with one that has no measure word after it
_PARTED = re.compile(r"^[+\-−]?\d")
_DANGLING = re.compile(r"\d$")


def _answers(lang: str) -> list[str]:
    """千里眼's answers for three copies of 五筒 spread every way over walls of a few sizes."""
    out = []
    for sixths in itertools.combinations_with_replacement(range(6), 3):
        for remaining in (18, 37, 55, 70):
            result = ItemResult("qian_li_yan", 0, remaining, tile=parse_tile("5p"), sixths=sixths)
            out.append(result.describe(lang))
    return out


@pytest.mark.parametrize("window", WINDOWS)
def test_the_far_seeing_eyes_answer_never_parts_a_number_from_its_words(
    window: tuple[int, int],
) -> None:
    with table_bar(window, "zh") as bar:
        for result_text in _answers("zh"):
            bar.result_text = result_text
            lines = bar._result_lines(bar.layout.px(440) - bar.layout.px(28))
            assert "".join(lines).replace(" ", "") == result_text.replace(" ", "")
            for before, after in itertools.pairwise(lines):
                assert not _PARTED.match(after), lines
                assert not _DANGLING.search(before), lines


@pytest.mark.parametrize("size", [12, 16, 22])
def test_a_chinese_number_stays_with_the_word_before_and_the_unit_after(size: int) -> None:
    text = (
        "千里眼：牌墙里还有 3 张五筒：约第 1 至 10 张有 2 张，约第 29 至 37 张有 1 张；"
        "电脑2付 5 分，还有 3 个，共 2 家"
    )
    font = get_font(size, True)
    # from the widest run the glue keeps whole ("第 29 至 37 张": no break inside a range;
    # "电脑2付 5 分，": a bot's name, its number, the verb and the sum)
    widest = max(font.size(run)[0] for run in ("第 29 至 37 张", "电脑2付 5 分，"))
    for width in range(widest, 600, 3):
        lines = wrap_text(text, size, width, bold=True)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for before, after in itertools.pairwise(lines):
            assert not _PARTED.match(after), (width, lines)
            assert not _DANGLING.search(before), (width, lines)
            assert after[0] not in "张分个家", (width, lines)
        assert all(font.size(line)[0] <= width for line in lines), (width, lines)


def test_a_glued_number_wider_than_the_line_still_breaks() -> None:
    """The glue gives way rather than draw past the column: "有 2 张" alone is too wide."""
    font = get_font(16)
    width = font.size("有")[0] + 2
    lines = wrap_text("有 2 张", 16, width)
    assert "".join(lines).replace(" ", "") == "有2张" and len(lines) > 1


def test_english_numbers_may_still_start_a_line() -> None:
    """English is untouched: it may break before a number, as it always could."""
    text = "Bot 2 pays 5 points to Bot 3 and 12 points to you"
    width = get_font(16).size("Bot 2 pays")[0] + 2
    lines = wrap_text(text, 16, width)
    assert lines[0] == "Bot 2 pays" and lines[1].startswith("5 ")
    answer = ItemResult("qian_li_yan", 0, 55, tile=parse_tile("5p"), sixths=(0, 0, 4))
    narrow = get_font(16).size("Far-Seeing Eye: 3 copies of 5 Dots")[0] + 2
    assert any(_PARTED.match(line) for line in wrap_text(answer.describe("en"), 16, narrow))
