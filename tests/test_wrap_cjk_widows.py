"""Chinese wrapping sets a paragraph as Chinese typesetting does: its last line never holds a
single character alone (a widow, 孤字: "拆掉了听牌，最佳选择仍听牌（虽然听的牌已经没有 / 了）"
read as a mistake) — one more character comes down from the line before — and no line
starts with a closing mark (避头尾), even where a space stood before the mark ("电脑2 碰了
，轮到你出牌" put "，" at the start of a line). English wraps as before."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.fonts import get_font
from game.ui.text import fit_text, wrap_text

CLOSING = "，。、；：？！）」』》”’"
REASONS = [
    "拆掉了听牌，最佳选择仍听牌（虽然听的牌已经没有了）",
    "同样接近听牌，你的有效牌更多（8 张对 6 张），但最佳选择离清一色更近（2 向听）",
    "两种打法都听牌，你的可胡的牌更多（1 张对 0 张），但最佳选择听的是清龙七对，胡了值 64 分，"
    "你的没有牌可胡",
    "你的打法听牌了，但只有 2 张可胡；最佳选择退一向听，有效牌 14 张",
]


def _starts_closed(line: str) -> bool:
    return line[:1] != "" and line[0] in CLOSING


def _widowed(line: str) -> bool:
    core = line.strip().rstrip(CLOSING)
    return len(core) == 1 and ord(core) >= 0x2E80


@pytest.mark.parametrize("text", REASONS)
@pytest.mark.parametrize("size", [12, 14])
def test_a_chinese_paragraph_never_ends_on_a_lone_character(text: str, size: int) -> None:
    font = get_font(size)
    widows = 0
    for width in range(font.size("听牌，最佳选择")[0], font.size(text)[0] + 1):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # all kept, in order
        assert all(font.size(line)[0] <= width for line in lines), (width, lines)
        widows += _widowed(lines[-1])
        assert len(lines) == 1 or not _widowed(lines[-1]), (width, lines)
    assert not widows


def test_the_line_before_gives_just_one_character() -> None:
    text = REASONS[0]
    font = get_font(14)
    width = font.size("拆掉了听牌，最佳选择仍听牌（虽然听的牌已经没有")[0] + 1
    assert wrap_text(text, 14, width) == ["拆掉了听牌，最佳选择仍听牌（虽然听的牌已经没", "有了）"]


@pytest.mark.parametrize(
    "text", ["电脑2 碰了 ，轮到你出牌。", "新的存档名是 save-2 。请记住它", "胡了 ！再来一局"]
)
@pytest.mark.parametrize("size", [12, 16])
def test_no_line_starts_with_a_closing_mark_even_after_a_space(text: str, size: int) -> None:
    font = get_font(size)
    for width in range(font.size("新的存")[0], font.size(text)[0] + 1):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert all(font.size(line)[0] <= width for line in lines), (width, lines)
        assert not any(_starts_closed(line) for line in lines), (width, lines)


_HANZI = "麻将胡牌打出听碰杠摸缺门清对"
# a hanzi with at most one mark closing after it: every piece is one or two glyphs wide
_PIECE = st.tuples(st.sampled_from(_HANZI), st.sampled_from(["", "，", "。", "）", "！"]))


@settings(max_examples=150, deadline=None)
@given(pieces=st.lists(_PIECE, min_size=1, max_size=60), glyphs=st.integers(6, 30))
def test_any_chinese_paragraph_keeps_its_characters_and_has_no_widow(
    pieces: list[tuple[str, str]], glyphs: int
) -> None:
    text = "".join(a + b for a, b in pieces)
    font = get_font(14)
    width = glyphs * font.size("麻")[0]  # six glyphs or more: a widow can always be avoided
    lines = wrap_text(text, 14, width)
    assert "".join(lines) == text
    assert all(font.size(line)[0] <= width for line in lines)
    assert not any(_starts_closed(line) for line in lines)
    assert len(lines) == 1 or not _widowed(lines[-1]), lines


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(st.sampled_from("麻将胡牌（「」）：，。、；？！ 12·-ab三条\n"), max_size=50),
    width=st.integers(1, 400),
    max_lines=st.integers(1, 4),
)
def test_any_text_still_wraps_in_finite_work_keeping_every_character(
    text: str, width: int, max_lines: int
) -> None:
    lines, size = fit_text(text, 16, width, max_lines=max_lines)
    assert 11 <= size <= 16
    assert "".join("".join(lines).split()) == "".join(text.split())
    # 避头尾 wherever the text put no space (nor a paragraph's start) before the mark
    if not re.search(f"(^|[\\s·])[{CLOSING}]", text):
        assert not any(_starts_closed(line) for line in lines), lines


_WORDS = st.sampled_from(["a", "I", "win", "the", "pong", "discard", "Characters", "ready"])


@settings(max_examples=100, deadline=None)
@given(words=st.lists(_WORDS, min_size=1, max_size=30), width=st.integers(60, 400))
def test_english_still_fills_each_line_greedily(words: list[str], width: int) -> None:
    """No widow rule in English: a short last word ("a") stays alone if it falls so."""
    font = get_font(14)
    expected: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if line and font.size(trial)[0] > width:
            expected.append(line)
            line = word
        else:
            line = trial
    expected.append(line)
    assert wrap_text(" ".join(words), 14, width) == expected


def test_a_file_name_still_goes_whole_to_its_line() -> None:
    text = "Your settings were damaged and kept as settings.json.corrupt-20261207T221530Z"
    for width in range(120, 500, 7):
        lines = wrap_text(text, 14, width)
        assert any("settings.json.corrupt-20261207T221530Z" in line for line in lines), lines
