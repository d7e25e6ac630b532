"""The shop's answer to a Buy (bought, the question before a dear item, too few coins, not
saved) covers none of a card's picture, price or count, and no button. It lay across the top
of the item's card, over the left half of its round picture, at every window size.

Where the answer is drawn is found from the pixels: the shop drawn with the answer and again
without it, the same frame otherwise. The pictures are found the same way (drawn, and drawn
blank); the price and the count from the words the shop writes."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import numpy as np
import pygame
import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.shop as shop
from game import i18n
from game.profile import ITEM_PRICES, Profile
from game.scenes.shop import CONFIRM_PRICE, SHOP_ORDER, ShopScene
from game.storage import Notice, NoticeKind
from game.ui.controls import Button

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
RICH = 100_000
DISK_FULL = Notice(NoticeKind.SAVE_FAILED, "profile", None, "x", ("磁盘已满", "the disk is full"))


def _pixels(scene: ShopScene) -> np.ndarray:
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return pygame.surfarray.array3d(surface)


def _box(mask: np.ndarray) -> pygame.Rect | None:
    """The smallest rect holding every True of ``mask`` (indexed [x, y]), None if none."""
    xs, ys = np.nonzero(mask)
    if len(xs) == 0:
        return None
    x, y = int(xs.min()), int(ys.min())
    return pygame.Rect(x, y, int(xs.max()) + 1 - x, int(ys.max()) + 1 - y)


def _hit(mask: np.ndarray, rect: pygame.Rect) -> bool:
    rect = rect.clip(pygame.Rect(0, 0, mask.shape[0], mask.shape[1]))
    return bool(mask[rect.left : rect.right, rect.top : rect.bottom].any())


def _icons(scene: ShopScene, monkeypatch: pytest.MonkeyPatch) -> dict[str, pygame.Rect]:
    """Each card's picture: where the shop drawn with blank pictures differs from it drawn."""
    drawn = _pixels(scene)
    with monkeypatch.context() as m:
        m.setattr(shop, "draw_item", lambda item, size: pygame.Surface((size, size)).convert())
        blank = _pixels(scene)
    differs = (drawn != blank).any(axis=2)
    icons = {}
    for item, card in scene.cards.items():
        inside = np.zeros_like(differs)
        inside[card.left : card.right, card.top : card.bottom] = True
        box = _box(differs & inside)
        assert box is not None, f"no picture found in {item}'s card"
        icons[item] = box
    return icons


def _keep_clear(
    scene: ShopScene, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, pygame.Rect]]:
    """(what, where) of each card's picture, price (with its coin) and count, and every
    button with room for its focus ring."""
    for item, icon in _icons(scene, monkeypatch).items():
        yield f"{item}'s picture", icon
    with monkeypatch.context() as m:
        texts = record_texts(m, shop)
        _pixels(scene)
    lang = scene.lang
    for item, card in scene.cards.items():
        price = f"{ITEM_PRICES[item]:,}"
        n = scene.ctx.profile.count(item)
        owned = {i18n.t(key, lang, n=n) for key in ("shop.owned", "shop.owned_full")}
        found = [r for text, _, r, _ in texts if card.contains(r) and text in {price, *owned}]
        assert len(found) == 2, f"{item}'s price and count not found"
        row = found[0].union(found[1])
        yield f"{item}'s price", row.union(pygame.Rect(card.x, row.y, 1, row.h))
    for c in scene.controls:
        if isinstance(c, Button) and c.visible:
            yield f"the {c.name} button", c.rect.inflate(scene.px(8), scene.px(8))


def _check_answer(scene: ShopScene, keep: list[tuple[str, pygame.Rect]]) -> None:
    assert scene.toast is not None and scene.toast_item is not None
    said = scene.toast
    with_it = _pixels(scene)
    scene.toast = None
    without = _pixels(scene)
    scene.toast = said
    answer = (with_it != without).any(axis=2)
    box = _box(answer)
    assert box is not None, "the answer is not drawn"
    assert pygame.Rect((0, 0), scene.size).contains(box)
    covered = [what for what, rect in keep if _hit(answer, rect)]
    assert not covered, f"{said[0]!r} covers {covered} at {scene.size} ({box})"


def _shop(home: pathlib.Path, lang: str, size: tuple[int, int], coins: int) -> MenuHarness:
    h = MenuHarness(home, lang, size, profile=Profile(coins=coins))
    h.stack.push(ShopScene(h.ctx))
    h.pump()
    return h


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("saved", [True, False], ids=["saved", "not_saved"])
def test_a_purchases_answer_covers_no_picture_price_or_button(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
    saved: bool,
) -> None:
    if not saved:  # the longest answer: bought, but the disk said no
        monkeypatch.setattr(shop, "save_profile", lambda profile, directory: DISK_FULL)
    h = _shop(home, lang, size, RICH)
    scene = h.top
    assert isinstance(scene, ShopScene)
    keep = list(_keep_clear(scene, monkeypatch))
    for item in SHOP_ORDER:
        h.pump(30)  # (not a double click)
        h.click_control(f"buy.{item}")
        if ITEM_PRICES[item] >= CONFIRM_PRICE:  # the question first
            assert scene.armed == item
            _check_answer(scene, keep)
            h.pump(30)
            h.click_control(f"buy.{item}")
        assert scene.last is not None and scene.last.ok and scene.last.item_id == item
        keep = list(_keep_clear(scene, monkeypatch))  # the counts changed
        _check_answer(scene, keep)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_refusals_answer_covers_no_picture_price_or_button(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    h = _shop(home, lang, size, 0)
    scene = h.top
    assert isinstance(scene, ShopScene)
    keep = list(_keep_clear(scene, monkeypatch))
    for item in SHOP_ORDER:
        h.pump(30)
        h.click_control(f"buy.{item}")
        assert scene.last is not None and not scene.last.ok and scene.last.item_id == item
        _check_answer(scene, keep)
