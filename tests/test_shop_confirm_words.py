"""The shop's question before a dear purchase names what works for the input that asked it:
'click Buy again' after a click, 'press Enter again' after Enter — it said 'click Buy again'
to keyboard players too. Either way the second press buys."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_menus import MenuHarness

from game.profile import ITEM_PRICES, STARTING_COINS
from game.scenes.shop import REPEAT_S, ShopScene

ASKED = {
    ("zh", "click"): "偷天换日要 300 游戏币：再点一次购买确认",
    ("en", "click"): "Steal the Sky costs 300 coins: click Buy again to confirm",
    ("zh", "key"): "偷天换日要 300 游戏币：再按一次回车确认",
    ("en", "key"): "Steal the Sky costs 300 coins: press Enter again to confirm",
}


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("how", ["click", "key"])
def test_the_question_names_the_input_used(home: pathlib.Path, lang: str, how: str) -> None:
    assert ITEM_PRICES["tou_tian"] == 300
    h = MenuHarness(home, lang)
    scene = ShopScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    profile = h.ctx.profile

    def press() -> None:
        if how == "click":
            h.click_control("buy.tou_tian")
        else:
            scene.focus_named("buy.tou_tian")
            h.key(pygame.K_RETURN)

    press()
    assert profile.coins == STARTING_COINS and scene.toast is not None
    assert scene.toast[0] == ASKED[(lang, how)]
    h.pump(round(REPEAT_S * 60) + 2)
    press()  # the question answered as it said
    assert profile.coins == STARTING_COINS - 300 and profile.count("tou_tian") == 2
