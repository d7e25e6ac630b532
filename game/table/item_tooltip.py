"""The item bar's tooltip (道具栏, RULES.md §8): what an item does, when it may be used, and
why it cannot be used now — none left, the player has won, or the engine's reason for this
moment (not the player's turn, a swap already made this turn, …)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.items import Refusal
from game import palette as pal
from game.i18n import t
from game.table.item_log import item_name
from game.table.layout import Layout
from game.ui.text import TextCache, wrap_text

__all__ = ["click_words", "draw_tooltip", "refusal_words", "unusable_reason"]

_WHY_TEXT = (255, 150, 130)
# the engine's refusals of an item's moment (engine/round/items.py) in the table's words:
# "Steal the Sky is used on your own turn only" under the name it had just given
_WHY_KEYS = frozenset(
    {"not_your_turn", "swap_used", "already_golden", "wall_empty", "forced_win", "before_deal"}
    | {"auto"}  # the table's own: 托管 plays the hand, and never with items
)


def refusal_words(refusal: Refusal, lang: str) -> str:
    """Why the engine will not take an item now, as the player reads it (a sentence)."""
    if refusal.code in _WHY_KEYS:
        return t(f"items.why.{refusal.code}", lang)
    if refusal.code == "won":
        return t("items.won", lang)
    text = refusal.zh if lang == "zh" else refusal.en
    return text[:1].upper() + text[1:]


def click_words(item: str, refusal: Refusal, lang: str) -> str:
    """The toast of a click on ``item`` held but refused at this moment: "偷天换日：现在不是你的
    回合" / "Steal the Sky: it is not your turn now"."""
    words = refusal_words(refusal, lang)
    if lang != "zh":
        words = words[:1].lower() + words[1:]
    return t("items.cannot", lang, item=item_name(item, lang), why=words)


def unusable_reason(
    usable: bool, held: int, won: bool, lang: str, refusal: Refusal | None = None
) -> str | None:
    """Why an item cannot be used now (the tooltip's last line), or None if it can: ×0 says
    where more come from rather than "not usable now"; ``refusal``, the engine's reason for
    this moment, says what the moment lacks."""
    if usable:
        return None
    if not held:
        return t("items.none_left", lang)
    if won:
        return t("items.won", lang)
    return refusal_words(refusal, lang) if refusal is not None else t("items.not_now", lang)


def draw_tooltip(
    surface: pygame.Surface,
    lay: Layout,
    lang: str,
    text: TextCache,
    item: str,
    held: int,
    why: str | None,
    slot: pygame.Rect,
    plate: Callable[[pygame.Surface, pygame.Rect], None],
) -> None:
    """The tooltip of ``item`` (``held`` of it; ``why`` not usable, or None) left of its
    ``slot``, drawn on ``plate``."""
    width = lay.px(300)
    # the shop's and the rulebook's words: the engine's own description starts with when
    # the item is used, which the tooltip's "When:" line then said again
    desc = t(f"item.desc.{item}", lang)
    when = t("items.when", lang, when=t(f"item.when.{item}", lang))
    imgs = [text.get(f"{item_name(item, lang)}  ×{held}", lay.font_normal, pal.GOLD_LIGHT, True)]
    imgs += [text.get(line, lay.font_small) for line in wrap_text(desc, lay.font_small, width)]
    imgs.append(text.get(when, lay.font_small, pal.UI_TEXT_DIM))
    if why is not None:
        imgs.append(text.get(why, lay.font_small, _WHY_TEXT))
    h = sum(i.get_height() + lay.px(2) for i in imgs) + lay.px(16)
    box = pygame.Rect(0, 0, width + lay.px(20), h)
    box.midright = (slot.left - lay.px(14), slot.centery)
    box.clamp_ip(pygame.Rect(0, 0, lay.w, lay.h))
    plate(surface, box)
    y = box.y + lay.px(8)
    for img in imgs:
        surface.blit(img, (box.x + lay.px(10), y))
        y += img.get_height() + lay.px(2)
