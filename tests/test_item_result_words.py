"""An item's result in words (engine.items.ItemResult.describe), zh and en."""

from __future__ import annotations

from engine.items import ItemResult
from engine.tiles import parse_tile


def test_a_graft_that_draws_its_own_kind_back_says_so() -> None:
    # 移花接木's random tile may be of the kind given: "2 Characters swapped for 2 Characters"
    # read as nothing happened
    two = parse_tile("2m")
    same = ItemResult("yi_hua", 0, 50, tile=two, given=two)
    assert same.describe("en") == "Graft the Blossom: gave 2 Characters, drew 2 Characters back"
    assert same.describe("zh") == "移花接木：换出二万，又摸回一张二万"
    other = ItemResult("yi_hua", 0, 50, tile=parse_tile("6m"), given=two)
    assert other.describe("en") == "Graft the Blossom: 2 Characters swapped for 6 Characters"
    assert other.describe("zh") == "移花接木：二万换成了六万"
