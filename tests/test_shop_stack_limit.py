"""The shop's stack limit: a player holds at most MAX_HELD (99) of one item. There was no
limit at all — a rich purse bought thousands, and the table's item bar drew '×100000' out
past its icons. At the limit the Buy is greyed, a click says why, and nothing is charged."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import MenuHarness

from game import i18n
from game.profile import ITEM_PRICES, Profile, load_profile
from game.scenes.shop import MAX_HELD, REPEAT_S, ShopScene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_buying_stops_at_the_stack_limit(home: pathlib.Path, lang: str) -> None:
    profile = Profile(coins=10_000, items={"qian_li_yan": MAX_HELD - 1})
    h = MenuHarness(home, lang, profile=profile)
    scene = ShopScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    assert MAX_HELD == 99
    assert h.control("buy.qian_li_yan").enabled
    h.click_control("buy.qian_li_yan")  # the 99th
    assert profile.count("qian_li_yan") == MAX_HELD
    assert profile.coins == 10_000 - ITEM_PRICES["qian_li_yan"]
    assert not h.control("buy.qian_li_yan").enabled  # greyed at the limit
    coins = profile.coins
    h.pump(round(REPEAT_S * 60) + 2)
    h.click_control("buy.qian_li_yan")  # a click on it explains
    assert profile.count("qian_li_yan") == MAX_HELD and profile.coins == coins
    assert scene.last is not None and not scene.last.ok
    assert scene.toast is not None
    assert scene.toast[0] == i18n.t("shop.full", lang, n=MAX_HELD)
    assert "99" in scene.toast[0]
    saved, _ = load_profile(home)  # the 99th was saved, nothing since
    assert saved.count("qian_li_yan") == MAX_HELD and saved.coins == coins
    # the other items are still for sale
    h.pump(round(REPEAT_S * 60) + 2)
    h.click_control("buy.shun_feng_er")
    assert profile.count("shun_feng_er") == 1
