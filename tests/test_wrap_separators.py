"""A "·" between the parts of a line ends the line it follows and never starts one, in English
and Chinese: the review heading wrapped "Step 12 · discard 1 Dot / · small mistake …". A
signed value ending a part stays with the words before it: the options line could leave
"+1.42" apart from "3 Dots" it belongs to. A number keeps its unit, Chinese its 避头尾, as
before."""

from __future__ import annotations

import itertools
import re

import pytest

from game.fonts import get_font
from game.ui.text import wrap_text

ENGLISH = (
    "Step 12 · discard 1 Dot · small mistake -0.13 pts",
    "Expected points: discard 3 Dots +1.42 · discard 1 Bamboo +1.15 · pong 9 Characters -0.20",
    "Void suit · void tiles first · doubling fan · self-draw +base",
)
CHINESE = (
    "第 12 步 · 打一筒 · 小失误 损失 0.13 分",
    "各选择期望得分： 打三筒 +1.42 · 打一条 +1.15 · 碰九万 -0.20",
    "胡牌：补的六筒正好凑成 234万·678筒·99筒！点“胡”（或按 H 键）——杠上开花，翻倍！",
)
_VALUE = re.compile(r"[+\-−]\d[\d.,]*")


def _widths(text: str, size: int) -> range:
    """From a little over the widest piece that must share a line (a tile's name with its
    value) to the whole text."""
    font = get_font(size)
    return range(font.size("9 Characters -0.20 ·")[0], font.size(text)[0] + 8, 3)


@pytest.mark.parametrize("size", [12, 14, 16])
@pytest.mark.parametrize("text", ENGLISH + CHINESE)
def test_a_separator_never_starts_a_line(text: str, size: int) -> None:
    font = get_font(size)
    for width in _widths(text, size):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(font.size(line)[0] <= width for line in lines), (width, lines)
        assert not any(line.startswith("·") for line in lines), (width, lines)


@pytest.mark.parametrize("size", [12, 13, 14])
def test_an_options_value_stays_with_its_tile(size: int) -> None:
    text = ENGLISH[1]
    options = re.findall(r"(\d \w+|\d \w+ \w+) ([+\-−]\d\.\d\d)", text)
    assert len(options) == 3
    for width in _widths(text, size):
        lines = wrap_text(text, size, width)
        for tile, value in options:
            assert any(f"{tile} {value}" in line for line in lines), (width, lines)
        assert not any(_VALUE.match(line) for line in lines[1:]), (width, lines)


@pytest.mark.parametrize("size", [12, 14, 16])
def test_chinese_keeps_its_numbers_and_measure_words(size: int) -> None:
    for text in CHINESE:
        for width in _widths(text, size):
            lines = wrap_text(text, size, width)
            for line in lines[1:]:
                assert line[0] not in "，。、；：！？）」』》”’分番张局", (width, lines)
            for before, after in itertools.pairwise(lines):
                assert not re.match(r"[+\-−]?\d", after) or before.endswith("·"), (width, lines)
