"""The shop's messages and the menus' other counts say what they count: "Balance: 61 coins",
"230 coins short" (they read "Balance 61" and "230 short"), one coin singular, in both
languages; and no count in the menus' table reads as a bare number or a wrong plural."""

from __future__ import annotations

import pathlib
import re

import pytest
from test_menus import FakeAutosave, MenuHarness

import game.scenes.stats_scene as stats_scene
from game import i18n
from game.profile import ITEM_PRICES, Profile
from game.scenes.menu import MainMenuScene
from game.scenes.shop import CONFIRM_PRICE, ShopScene
from game.strings import menus


def open_shop(home: pathlib.Path, lang: str, coins: int) -> tuple[MenuHarness, ShopScene]:
    h = MenuHarness(home, lang, profile=Profile(coins=coins))
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    h.click_control("shop")
    scene = h.top
    assert isinstance(scene, ShopScene)
    return h, scene


def toast(scene: ShopScene) -> str:
    assert scene.toast is not None
    return scene.toast[0]


# (coins held, item bought, what the toast says in English, in Chinese)
BOUGHT = [
    (121, "qian_li_yan", "Balance: 61 coins", "余额 61 游戏币"),
    (61, "qian_li_yan", "Balance: 1 coin", "余额 1 游戏币"),
    (60, "qian_li_yan", "Balance: 0 coins", "余额 0 游戏币"),
    (1260, "qian_li_yan", "Balance: 1,200 coins", "余额 1,200 游戏币"),
]


@pytest.mark.parametrize(("coins", "item", "en", "zh"), BOUGHT)
def test_a_purchase_says_the_balance_in_coins(
    home: pathlib.Path, coins: int, item: str, en: str, zh: str
) -> None:
    for lang, words in (("en", en), ("zh", zh)):
        h, scene = open_shop(home, lang, coins)
        h.click_control(f"buy.{item}")
        assert h.ctx.profile.count(item) == 2  # bought (the new profile held one)
        said = toast(scene)
        assert i18n.t(f"item.{item}", lang) in said
        assert said.endswith(words), said


# (coins held, item, shortfall as the toast says it, in English and Chinese)
SHORT = [
    (70, "tou_tian", "Not enough coins: 230 coins short", "还差 230 游戏币"),
    (59, "qian_li_yan", "Not enough coins: 1 coin short", "还差 1 游戏币"),
    (0, "qian_kun", "Not enough coins: 500 coins short", "还差 500 游戏币"),
]


@pytest.mark.parametrize(("coins", "item", "en", "zh"), SHORT)
def test_too_few_coins_says_how_many_coins_short(
    home: pathlib.Path, coins: int, item: str, en: str, zh: str
) -> None:
    for lang, words in (("en", en), ("zh", zh)):
        h, scene = open_shop(home, lang, coins)
        h.click_control(f"buy.{item}")
        assert h.ctx.profile.coins == coins  # nothing bought
        assert toast(scene).endswith(words), toast(scene)


def test_a_shortfall_of_thousands_has_its_separator(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _h, scene = open_shop(home, "en", 0)
    monkeypatch.setitem(ITEM_PRICES, "qian_li_yan", 1230)
    scene.buy("qian_li_yan")
    assert toast(scene) == "Not enough coins: 1,230 coins short"


STREAKS = [
    (1, "current: 1 win", "当前连胡 1 局"),
    (0, "current: 0 wins", "当前连胡 0 局"),
    (3, "current: 3 wins", "当前连胡 3 局"),
]


def stats_texts(home: pathlib.Path, lang: str, profile: Profile) -> list[str]:
    """The words one frame of the statistics draws for ``profile``."""
    h = MenuHarness(home, lang, profile=profile)
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    drawn: list[str] = []
    blit = stats_scene.blit_text

    def record(surface: object, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return blit(surface, text, *args, **kw)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stats_scene, "blit_text", record)
        h.click_control("stats")
        h.pump()
    return drawn


@pytest.mark.parametrize(("streak", "en", "zh"), STREAKS)
def test_the_current_streak_says_what_it_counts(
    home: pathlib.Path, streak: int, en: str, zh: str
) -> None:
    """The streak card's line read "now 0": now it says the wins it counts."""
    for lang, words in (("en", en), ("zh", zh)):
        profile = Profile()
        profile.stats.hands = 10
        profile.stats.current_streak = streak
        profile.stats.longest_streak = 4
        drawn = stats_texts(home, lang, profile)
        assert words in drawn, drawn


# A count before a plural noun: an English string with one has a singular form (".one")
# unless the count can never be one.
PLURAL_COUNT = re.compile(r"\{(\w+)\} (coins|hands|matches|wins|tiles|pts|players|points)\b")
NEVER_ONE = {
    "room.tiles": "a wall has 36 tiles or more",
    "shop.confirm": f"only a price of {CONFIRM_PRICE} coins or more asks",
    "new.too_few_tiles": "a wall of tiles for at least two players",
    "new.too_few_tiles.one": "one suit: 36 tiles, at least two players",
}


def test_every_count_in_the_menus_has_its_singular() -> None:
    missing = []
    for key, (_zh, en) in menus.STRINGS.items():
        if key.endswith(".one") and key not in NEVER_ONE:
            continue
        if PLURAL_COUNT.search(en) and f"{key}.one" not in menus.STRINGS and key not in NEVER_ONE:
            missing.append((key, en))
    assert not missing, missing


def test_no_count_in_the_menus_stands_bare() -> None:
    """A number filled in alone after a label and nothing else ("Balance {coins}", "now {n}")
    says nothing of what it counts; "Label: {n}" (a value under its label) and a unit after
    it do. The known bare ones are gone."""
    for key in ("shop.bought", "shop.short", "stats.streak_now"):
        zh, en = menus.STRINGS[key]
        assert re.search(r"\{\w+\} (coins?|wins?)\b", en), (key, en)
        assert re.search(r"\{\w+\} (游戏币|局)", zh), (key, zh)
    for key in ("common.coins", "shop.price"):  # never used: "1 coins" waiting to be shown
        assert key not in menus.STRINGS
