"""A double click on Buy is one click: it bought two items (two charges for one intent), and
on an item of 300 coins or more its second half answered the question the first half asked
("click Buy again to confirm") before a word of it could be read — the confirmation that
guards the dear items did not guard them against the commonest slip. A click on Buy a while
later still buys (or confirms)."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_menus import MenuHarness

from game.profile import ITEM_PRICES, STARTING_COINS, load_profile
from game.scenes.shop import REPEAT_S, ShopScene


def _shop(home: pathlib.Path, lang: str) -> tuple[MenuHarness, ShopScene]:
    h = MenuHarness(home, lang)
    scene = ShopScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    return h, scene


def _double_click(h: MenuHarness, name: str) -> None:
    """Two clicks as a mouse sends a double click: both in the same frame."""
    pos = h.control(name).rect.center
    for _ in range(2):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    h.pump()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_double_click_buys_one_cheap_item(home: pathlib.Path, lang: str) -> None:
    h, _scene = _shop(home, lang)
    profile = h.ctx.profile
    _double_click(h, "buy.qian_li_yan")
    assert profile.coins == STARTING_COINS - ITEM_PRICES["qian_li_yan"]
    assert profile.count("qian_li_yan") == 2  # one held at the start, one bought
    saved, _ = load_profile(home)
    assert saved.coins == profile.coins and saved.count("qian_li_yan") == 2
    h.pump(round(REPEAT_S * 60) + 2)  # a deliberate second purchase, a moment later
    h.click_control("buy.qian_li_yan")
    assert profile.coins == STARTING_COINS - 2 * ITEM_PRICES["qian_li_yan"]
    assert profile.count("qian_li_yan") == 3


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_double_click_on_a_dear_item_only_asks(home: pathlib.Path, lang: str) -> None:
    h, scene = _shop(home, lang)
    profile = h.ctx.profile
    _double_click(h, "buy.tou_tian")
    assert profile.coins == STARTING_COINS and profile.count("tou_tian") == 1
    assert scene.armed == "tou_tian" and scene.toast is not None
    assert "300" in scene.toast[0]  # the question, still to be answered
    h.pump(round(REPEAT_S * 60) + 2)
    h.click_control("buy.tou_tian")  # read, then confirmed
    assert profile.coins == STARTING_COINS - ITEM_PRICES["tou_tian"]
    assert profile.count("tou_tian") == 2
