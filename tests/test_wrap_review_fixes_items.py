"""千里眼 with no copy left reads as its other answers do: "no 1 Bamboo left in the wall"
read as a typo beside "2 copies of 5 Dots left in the wall"."""

from __future__ import annotations

import pytest

from engine.items import ItemResult
from engine.tiles import parse_tile


@pytest.mark.parametrize("tile", ["1s", "5p", "9m"])
def test_the_far_seeing_eye_with_none_left_says_no_copies(tile: str) -> None:
    none = ItemResult("qian_li_yan", 0, 40, tile=parse_tile(tile), sixths=())
    some = ItemResult("qian_li_yan", 0, 40, tile=parse_tile(tile), sixths=(1, 1))
    kind_en = some.describe("en").split(" copies of ")[1].split(" left in the wall")[0]
    assert none.describe("en") == f"Far-Seeing Eye: no copies of {kind_en} left in the wall"
    kind_zh = some.describe("zh").split("张")[1].split("，")[0]
    assert none.describe("zh") == f"千里眼：牌墙里已经没有{kind_zh}了"
