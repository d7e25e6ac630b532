"""The shop: buying with enough and with too few coins by clicking, the purchase saved and
read back, the six item pictures, and the note under rules without items."""

from __future__ import annotations

import pathlib
from typing import Any

import pygame
import pytest
from test_menus import FakeAutosave, MenuHarness, distinct_colours

import game.scenes.shop as shop
from game import i18n
from game import palette as pal
from game.item_art import draw_item
from game.profile import ITEM_IDS, ITEM_PRICES, STARTING_COINS, Profile, load_profile
from game.scenes.menu import MainMenuScene
from game.scenes.shop import SHOP_ORDER, ShopScene
from game.ui.draw import clear_caches
from game.ui.text import outlined_text


def open_shop(home: pathlib.Path, lang: str = "zh", profile: Profile | None = None) -> MenuHarness:
    h = MenuHarness(home, lang, profile=profile)
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    h.click_control("shop")
    assert isinstance(h.top, ShopScene)
    return h


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_buy_with_enough_coins_is_saved(home: pathlib.Path, lang: str) -> None:
    h = open_shop(home, lang)
    profile = h.ctx.profile
    assert profile.coins == STARTING_COINS
    h.click_control("buy.qian_kun")  # 500 coins: the first click asks
    assert profile.coins == STARTING_COINS and h.names() == []
    assert h.top.toast is not None and "500" in h.top.toast[0]
    h.pump(30)  # (a second click at once is the rest of a double click: test_shop_double_click)
    h.click_control("buy.qian_kun")  # the second buys
    assert profile.coins == STARTING_COINS - ITEM_PRICES["qian_kun"]
    assert profile.count("qian_kun") == 2
    assert h.names() == ["profile_changed"] and h.actions[0][1] is profile
    scene = h.top
    assert isinstance(scene, ShopScene)
    assert scene.toast is not None and str(profile.coins) in scene.toast[0].replace(",", "")
    h.shot(f"shop_bought_{lang}")
    saved, notice = load_profile(home)
    assert notice is None
    assert saved.coins == profile.coins and saved.count("qian_kun") == 2
    # keyboard: the click focused that Buy button; Enter buys again, then is refused
    assert scene.focused_name() == "buy.qian_kun"
    h.pump(30)
    h.key(pygame.K_RETURN)
    assert profile.coins == 500  # asked first, again
    h.pump(30)
    h.key(pygame.K_RETURN)
    assert profile.coins == 0 and profile.count("qian_kun") == 3
    h.pump(30)
    h.key(pygame.K_RETURN)
    assert profile.coins == 0 and profile.count("qian_kun") == 3
    assert scene.last is not None and not scene.last.ok
    # ←/→ walk the shelf, ↓ goes down a row
    h.key(pygame.K_HOME)
    scene.focus_named(f"buy.{SHOP_ORDER[0]}")
    h.key(pygame.K_DOWN)
    assert scene.focused_name() == f"buy.{SHOP_ORDER[3]}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_not_enough_coins_is_refused_nicely(home: pathlib.Path, lang: str) -> None:
    poor = Profile(coins=70)
    h = open_shop(home, lang, poor)
    scene = h.top
    assert isinstance(scene, ShopScene)
    assert not h.control("buy.tou_tian").enabled  # drawn as unavailable…
    h.click_control("buy.tou_tian")  # …but a click explains why
    assert poor.coins == 70 and poor.count("tou_tian") == 1
    assert scene.last is not None and not scene.last.ok and scene.last.short == 230
    assert scene.toast is not None and "230" in scene.toast[0]
    assert h.actions == []
    assert not (home / "profile.json").exists()  # nothing was saved
    h.shot(f"shop_refused_{lang}")
    h.click_control("buy.qian_li_yan")  # 60: affordable, bought at once (no question)
    assert poor.coins == 10 and poor.count("qian_li_yan") == 2
    assert not h.control("buy.qian_li_yan").enabled  # now too poor for anything


def test_purchases_survive_a_restart(home: pathlib.Path) -> None:
    h = open_shop(home)
    for item in ("shun_feng_er", "shun_feng_er", "jin_shou_zhi"):
        h.click_control(f"buy.{item}")
        h.pump(30)
    coins = h.ctx.profile.coins
    # a new session reads the profile from disk
    h2 = MenuHarness(home, "zh")
    h2.stack.push(ShopScene(h2.ctx))
    h2.pump()
    p = h2.ctx.profile
    assert p.coins == coins == STARTING_COINS - 2 * 80 - 200
    assert p.count("shun_feng_er") == 3 and p.count("jin_shou_zhi") == 2


def test_item_pictures_are_distinct() -> None:
    pygame.init()
    try:
        images = {item: draw_item(item, 96) for item in ITEM_IDS}
        raws = {pygame.image.tobytes(img, "RGBA") for img in images.values()}
        assert len(raws) == len(ITEM_IDS)
        for img in images.values():
            assert img.get_size() == (96, 96)
            assert distinct_colours(img) > 20
            assert img.get_at((0, 0)).a == 0  # round medallion, transparent corners
        with pytest.raises(ValueError, match="unknown item"):
            draw_item("nope", 32)
    finally:
        clear_caches()


def test_the_question_before_a_dear_buy_goes_with_its_words(home: pathlib.Path) -> None:
    """Once "click Buy again" had faded, any later click bought at once, unasked."""
    h = open_shop(home, "en")
    profile = h.ctx.profile
    h.click_control("buy.qian_kun")  # asks
    assert h.top.toast is not None
    h.pump(round(4.0 * 60))  # the question fades (3 s)
    assert h.top.toast is None
    h.click_control("buy.qian_kun")  # asks again, buys nothing
    assert profile.coins == STARTING_COINS and h.top.toast is not None
    h.pump(30)
    h.click_control("buy.qian_kun")  # now it buys
    assert profile.coins == STARTING_COINS - ITEM_PRICES["qian_kun"]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_note_on_items_off_stands_clear_of_the_title_and_the_cards(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    """Under rules without items (JJ) a note says where items work; it was drawn across the
    bottom of the title at every size."""
    drawn: dict[str, pygame.Rect] = {}
    blit = shop.blit_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn[text] = rect = blit(surface, text, *args, **kw)
        return rect

    monkeypatch.setattr(shop, "blit_text", record)
    h = MenuHarness(home, lang, size)
    h.app.settings.preset = "jj"
    scene = ShopScene(h.ctx)
    h.stack.push(scene)
    h.shot(f"shop_items_off_{lang}_{size[0]}x{size[1]}")
    note = drawn[i18n.t("shop.note_off", lang)]
    title = outlined_text(i18n.t("shop.title", lang), scene.px(34), pal.GOLD_LIGHT, (0, 0, 0))
    title_rect = title.get_rect(midtop=(scene.w // 2, scene.px(14)))
    assert not note.colliderect(title_rect), (note, title_rect)
    assert h.screen.get_rect().contains(note)
    for item, card in scene.cards.items():
        assert not note.colliderect(card), item
    h.app.settings.preset = "standard"  # items on: no note
    drawn.clear()
    h.pump()
    assert i18n.t("shop.note_off", lang) not in drawn
