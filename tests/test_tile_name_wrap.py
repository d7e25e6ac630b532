"""A tile's Chinese name is never split across lines: the wrap broke between any two hanzi,
so a verb and the tile after it could end a line at the numeral ("打一 / 条", "第四张一 /
万"). The numeral and its suit (一条, 九筒, 五万) and 幺鸡 now share a line, as a number and
its measure word already did; 避头尾 and the rest of the wrap are as they were."""

from __future__ import annotations

import itertools

import pygame
import pytest

from engine.tiles import tile_name_zh
from game import i18n
from game.fonts import get_font
from game.ui.text import wrap_text

_CLOSING = "，。、；：！？）」』》”’"
_OPENING = "（「『《“‘"
NAMES = [tile_name_zh(kind) for kind in range(27)]  # 一万…九万, 一筒…九筒, 幺鸡, 二条…九条


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.init()


def _split_names(lines: list[str]) -> list[tuple[str, str]]:
    """Line ends that cut a tile's name in two (the numeral at the end, the suit next)."""
    return [(a, b) for a, b in itertools.pairwise(lines) if a and b and a[-1] + b[0] in NAMES]


@pytest.mark.parametrize("size", [12, 16])
def test_a_discarded_tile_keeps_its_name_whole(size: int) -> None:
    font = get_font(size)
    for name in NAMES:
        text = "打" + name
        width = font.size("打" + name[0])[0]  # room for the verb and the numeral only
        lines = wrap_text(text, size, width)
        assert lines == ["打", name], (name, lines)


def _texts() -> list[str]:
    """The game's Chinese texts that name a tile, with every tile's name filled in, and the
    tutorial's lines that name one as written."""
    keys = [k for k in i18n.all_keys() if "{tile}" in i18n.t(k, "zh")]
    assert keys
    out = [i18n.t(k, "zh", tile=name, left=3, what="碰", n=2) for k in keys for name in NAMES]
    out += [i18n.t(k, "zh") for k in i18n.all_keys() if k.startswith("tutorial.")]
    out += ["第四张一万！点“杠”", "「幺鸡」，再打九筒。"]
    return out


@pytest.mark.parametrize("size", [12, 15, 18])
def test_no_line_ends_inside_a_tiles_name(size: int) -> None:
    font = get_font(size)
    for text in _texts():
        full = font.size(text)[0]
        for width in range(2 * size, min(full, 40 * size) + 1, 3):
            lines = wrap_text(text, size, width)
            assert not _split_names(lines), (text, width, lines)
            # every character kept (a "\n" is a line end of its own), 避头尾 kept
            assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
            assert not any(line[:1] in _CLOSING for line in lines[1:]), (text, width, lines)
            assert not any(line[-1:] in _OPENING for line in lines), (text, width, lines)


def test_what_is_not_a_tiles_name_wraps_as_before() -> None:
    size = 16
    width = get_font(size).size("打一")[0]
    assert wrap_text("打一张", size, width) == ["打一", "张"]  # a numeral and 张 may part
    assert wrap_text("一鸡", size, width) == ["一鸡"]  # fits: nothing to split
    assert wrap_text("打「一条」", size, get_font(size).size("打「一")[0]) == ["打", "「一条」"]
    assert wrap_text("一条，二条", size, get_font(size).size("一条，")[0]) == ["一条，", "二条"]


@pytest.mark.parametrize("size", [12, 16])
def test_a_bot_seats_name_is_never_split(size: int) -> None:
    """The ledger's "…，电 / 脑1付 3 分": a bot seat's name 电脑N shares a line."""
    names = [f"电脑{n}" for n in range(1, 4)]  # the table's names of its bot seats
    text = "（平胡 1番 + 自摸加底 1），" + "，".join(f"{name}付 3 分" for name in names)
    font = get_font(size)
    for width in range(font.size("电脑1付")[0], font.size(text)[0], 3):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        assert not [a for a in lines if a.endswith("电")], (width, lines)


@pytest.mark.parametrize("size", [12, 16])
def test_a_bot_seats_english_name_keeps_its_number(size: int) -> None:
    """The viewer's void summary wrapped "…, Characters for Bot / 2, …"."""
    text = "Void suits: Bamboo for you, Dots for Bot 1, Characters for Bot 2, Bamboo for Bot 3"
    font = get_font(size)
    for width in range(font.size("Characters")[0], font.size(text)[0], 3):
        lines = wrap_text(text, size, width)
        assert " ".join(lines) == text
        assert not [line for line in lines if line.endswith("Bot")], (width, lines)
