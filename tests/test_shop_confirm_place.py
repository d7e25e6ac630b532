"""The shop's question before a dear purchase ('Heaven and Earth Shift costs 500 coins: click
Buy again to confirm') covers nothing of the card it asks about: drawn over the card's
heading, it hid the item's title, its name in the other script and its 'When:' line — what
the player was asked to confirm (1024x640 and 1920x1080, both languages).

Where the question is drawn is found from the pixels: the shop drawn with it and again
without it, the same frame otherwise. The card's words are found from what the shop writes."""

from __future__ import annotations

import pathlib

import numpy as np
import pygame
import pytest
from test_game_support import record_texts
from test_shop_toast_clear import _shop

import game.scenes.shop as shop
from game import i18n
from game.i18n import other_lang
from game.profile import ITEM_PRICES
from game.scenes.shop import CONFIRM_PRICE, SHOP_ORDER, ShopScene

SIZES = [(1024, 640), (1920, 1080)]
DEAR = [item for item in SHOP_ORDER if ITEM_PRICES[item] >= CONFIRM_PRICE]


def _pixels(scene: ShopScene) -> np.ndarray:
    surface = pygame.Surface(scene.size)
    scene.draw(surface)
    return pygame.surfarray.array3d(surface)


def _hit(mask: np.ndarray, rect: pygame.Rect) -> bool:
    rect = rect.clip(pygame.Rect(0, 0, mask.shape[0], mask.shape[1]))
    return bool(mask[rect.left : rect.right, rect.top : rect.bottom].any())


def _heading(
    scene: ShopScene, item: str, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, pygame.Rect]]:
    """The card's title, its name in the other script and its 'When:' lines, as drawn."""
    card = scene.cards[item]
    with monkeypatch.context() as m:
        texts = record_texts(m, shop)
        _pixels(scene)
    lang = scene.lang
    title = i18n.t(f"item.{item}", lang)
    when = i18n.t("shop.when", lang) + i18n.t(f"item.when.{item}", lang)
    found = [
        (text, rect)
        for text, _, rect, _ in texts
        if card.contains(rect) and (text == title or (text and text in when))
    ]
    assert found and found[0][0] == title, found
    assert "".join(t for t, _ in found[1:]).replace(" ", "") == when.replace(" ", ""), found
    # the other script's name is drawn with render_text: beside or under the title
    other = i18n.t(f"item.{item}", other_lang(lang))
    size = shop.render_text(other, scene.px(15), (0, 0, 0)).get_size()
    first_when = found[1][1]
    beside = pygame.Rect(found[0][1].right, found[0][1].y, size[0] + scene.px(12), found[0][1].h)
    under = pygame.Rect(
        found[0][1].x, found[0][1].bottom, size[0], first_when.y - found[0][1].bottom
    )
    return [*found, (other, beside.union(under))]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("by_key", [False, True], ids=["click", "enter"])
def test_the_question_covers_nothing_of_the_card_it_asks_about(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
    by_key: bool,
) -> None:
    assert DEAR
    h = _shop(home, lang, size, 100_000)
    scene = h.stack.top
    assert isinstance(scene, ShopScene)
    px = scene.px
    for item in DEAR:
        heading = _heading(scene, item, monkeypatch)
        h.pump(30)  # (not a double click)
        if by_key:
            scene.focus_named(f"buy.{item}")
            h.key(pygame.K_RETURN)
        else:
            h.click_control(f"buy.{item}")
        assert scene.armed == item and scene.toast is not None
        asked = scene.toast
        with_it = _pixels(scene)
        scene.toast = None
        without = _pixels(scene)
        scene.toast = asked
        question = (with_it != without).any(axis=2)
        assert question.any(), "the question is not drawn"
        covered = [text for text, rect in heading if _hit(question, rect)]
        assert not covered, f"{asked[0]!r} covers {covered} at {size}"
        # nothing inside the card at all, down to its Buy button (with its focus ring): the
        # picture, the description, the price and the count stay in sight too
        card = scene.cards[item]
        inside = pygame.Rect(card.x, card.y, card.w, card.h - px(8))
        assert not _hit(question, inside), f"{asked[0]!r} is drawn inside {item}'s card"
        # whole on the screen
        xs, ys = np.nonzero(question)
        assert xs.min() >= 0 and ys.min() >= 0
        assert xs.max() < size[0] - px(4) and ys.max() < size[1] - px(4)
        scene.toast = None  # the question goes with its words: the next item asks anew
        h.pump()
        assert scene.armed is None
