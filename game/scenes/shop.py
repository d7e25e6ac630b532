"""The shop: the six items of RULES.md §8 with their pictures, descriptions and prices
(``game.profile.ITEM_PRICES``), bought with coins through :meth:`game.profile.Profile.buy`.

A purchase is saved at once (``save_profile``) and announced with ``profile_changed``; a
refusal (too few coins) says how many coins are missing and changes nothing.
"""

from __future__ import annotations

from functools import partial

import pygame

from game import palette as pal
from game.fonts import get_font
from game.i18n import other_lang, t
from game.input import Command, InputEvent, InputKind
from game.item_art import draw_item
from game.profile import ITEM_IDS, ITEM_PRICES, BuyResult, save_profile
from game.scenes.menu_base import Colour, MenuContext, MenuScene
from game.ui.controls import Button, Control
from game.ui.draw import coin_icon, panel
from game.ui.text import MIN_TEXT, blit_paragraph, blit_text, render_text, wrap_text

__all__ = ["SHOP_ORDER", "ShopScene"]

# Cheapest first, as a shop shelf reads.
SHOP_ORDER: tuple[str, ...] = tuple(sorted(ITEM_IDS, key=lambda i: ITEM_PRICES[i]))
_RED = (255, 140, 120)


CONFIRM_PRICE = 300  # coins: a purchase this dear asks once before it is made
# A second click on the same Buy this soon after the last is the rest of a double click, not
# another purchase: it bought a second item, and on a dear one answered its own question
# ("click Buy again to confirm") before it could be read. (An OS's double-click time is
# about half a second; a deliberate second purchase comes later.)
REPEAT_S = 0.4
# The most of one item a player may hold, as a shop's stack limit: the table's item bar has
# room for two digits in an item's count, and nobody needs a hundred of one item.
MAX_HELD = 99


class ShopScene(MenuScene):
    """Buy items with coins."""

    title_key = "shop.title"

    def __init__(self, ctx: MenuContext) -> None:
        self.cards: dict[str, pygame.Rect] = {}
        self.last: BuyResult | None = None
        self.armed: str | None = None  # an expensive item clicked once: the next click buys
        self.toast_item: str | None = None  # the card the toast answers in
        # each card's heading (its name, the other script's, "When:"), as last drawn: where
        # the card's answer goes
        self.heads: dict[str, pygame.Rect] = {}
        self.clock = 0.0  # seconds on this screen (update's dt)
        self.clicked: dict[str, float] = {}  # item → when its Buy was last clicked
        self.by_key = False  # the last press was a key's (Enter), not the mouse's
        super().__init__(ctx)

    @property
    def items_off(self) -> bool:
        """The rules the player last chose leave items out: a note says where items work."""
        return not self.ctx.settings.ruleset().items

    def build(self) -> None:
        self.add_back_button()
        px = self.px
        top, bottom = px(84), self.h - px(136)
        if self.items_off:  # a line for the note between the cards and the inventory
            bottom -= px(12)
        cols, rows = 3, 2
        gap = px(16)
        cw = (self.w - 2 * px(24) - (cols - 1) * gap) // cols
        ch = (bottom - top - (rows - 1) * gap) // rows
        coins = self.ctx.profile.coins
        self.cards = {}
        for i, item in enumerate(SHOP_ORDER):
            r, c = divmod(i, cols)
            card = pygame.Rect(px(24) + c * (cw + gap), top + r * (ch + gap), cw, ch)
            self.cards[item] = card
            button = Button(
                pygame.Rect(card.right - px(130), card.bottom - px(54), px(114), px(40)),
                self.t("shop.buy"),
                partial(self._buy_clicked, item),
                name=f"buy.{item}",
                style="primary",
                font_size=px(18),
            )
            full = self.ctx.profile.count(item) >= MAX_HELD
            button.enabled = coins >= ITEM_PRICES[item] and not full
            button.clickable_disabled = True  # a click explains the refusal
            self.controls.append(button)
        if self.focus < 0:
            self.focus_named(f"buy.{SHOP_ORDER[0]}")

    def draw_toast(self, surface: pygame.Surface) -> None:
        """The answer to a purchase sits in that item's card, over its heading right of the
        picture (the answer names the item), as tall as the heading or as the answer needs:
        the picture, the price, the count and the Buy button stay in sight. (Across the top
        of the card it covered the left half of the picture at every window size.) The
        question before a dear purchase goes under the card (:meth:`_draw_question`)."""
        if self.toast is None or self.toast_item is None:
            super().draw_toast(surface)
            return
        card = self.cards.get(self.toast_item)
        head = self.heads.get(self.toast_item)
        if card is None or head is None:
            return
        text, colour, _ = self.toast
        px = self.px
        # a line's step as the font spaces it: at 1024×640 a second line ("Balance: …
        # coins") ran onto the box's edge
        step = max(px(22), get_font(px(16), True).get_linesize())
        if self.armed is not None and self.armed == self.toast_item:
            self._draw_question(surface, card, head, text, colour, step)
            return
        box = pygame.Rect(head.x - px(8), card.y + px(10), 0, 0)
        box.w = card.right - px(8) - box.x
        # down to the description's end at most: the price and the Buy button are under it
        # (as many lines as that holds: a save that failed stopped mid-sentence at two)
        most = card.bottom - px(62) - box.y
        room = max(1, (most - px(10)) // step)
        lines = wrap_text(text, px(16), box.w - px(16), True)[:room]
        box.h = min(most, max(px(10) + len(lines) * step, head.bottom + px(4) - box.y))
        # opaque: the heading under it showed through around the answer's words
        panel(surface, box, fill=(20, 16, 10, 255), edge=colour, radius=8)
        y = box.centery - len(lines) * step // 2
        for i, line in enumerate(lines):
            pos = (box.centerx, y + i * step)
            blit_text(surface, line, px(16), colour, pos, "midtop", True)

    def _draw_question(
        self,
        surface: pygame.Surface,
        card: pygame.Rect,
        head: pygame.Rect,
        text: str,
        colour: Colour,
        step: int,
    ) -> None:
        """The question before a dear purchase hangs under the card, from its Buy button,
        right of the picture column: the card asked about stays whole in sight (its name,
        'When:', description, price and count). Over the card's heading, as the answers
        are, it hid the very item it asked about. Under the bottom row it lies over the
        inventory strip, as wide as the card; under a card of the top row, over the heading
        of the card below, clear of that card's picture."""
        px = self.px
        top = card.bottom + px(8)
        most = self.h - px(8) - top
        under = pygame.Rect(card.x, top, card.w, most)
        # as wide as the card over the inventory; right of the pictures over a card below
        below = any(other.colliderect(under) for other in self.cards.values())
        box = pygame.Rect((head.x if below else card.x + px(16)) - px(8), top, 0, 0)
        box.w = card.right - px(8) - box.x
        room = max(1, (most - px(10)) // step)
        lines = wrap_text(text, px(16), box.w - px(16), True)[:room]
        box.h = min(most, px(10) + len(lines) * step)
        button = next((c.rect for c in self.controls if c.name == f"buy.{self.toast_item}"), box)
        tip_x = max(box.x + px(16), min(button.centerx, box.right - px(16)))
        tip = [
            (tip_x - px(8), box.y + 1),
            (tip_x, card.bottom - px(2)),
            (tip_x + px(8), box.y + 1),
        ]
        panel(surface, box, fill=(20, 16, 10, 255), edge=colour, radius=8)
        pygame.draw.polygon(surface, (20, 16, 10), tip)
        pygame.draw.lines(surface, colour, False, tip, 2)
        y = box.centery - len(lines) * step // 2
        for i, line in enumerate(lines):
            blit_text(surface, line, px(16), colour, (box.centerx, y + i * step), "midtop", True)

    def handle_first(self, ev: InputEvent) -> bool:
        # which input pressed Buy, so its question names what works: a click or Enter
        if ev.kind is InputKind.COMMAND:
            self.by_key = True
        elif ev.kind in (InputKind.MOUSE_DOWN, InputKind.MOUSE_UP):
            self.by_key = False
        return False

    def focus_order(self) -> list[Control]:
        # disabled Buy buttons stay reachable: Enter on one explains why it cannot buy
        return [c for c in self.controls if isinstance(c, Button) and c.visible]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.armed is not None and self.toast is None:
            # the question went with its words: a later click asks again, never buys unseen
            self.armed = None

    def _buy_clicked(self, item: str) -> None:
        """Buy ``item``; one of CONFIRM_PRICE coins or more asks first (a second click). A
        click within REPEAT_S of the last on the same Buy does nothing (a double click)."""
        last = self.clicked.get(item)
        if last is not None and self.clock - last < REPEAT_S:
            return
        self.clicked[item] = self.clock
        price = ITEM_PRICES[item]
        if price >= CONFIRM_PRICE and self.armed != item and self.ctx.profile.coins >= price:
            self.armed = item
            self.toast_item = item
            name = self.t(f"item.{item}")
            again = self.t("shop.again.key" if self.by_key else "shop.again.click")
            ask = self.t("shop.confirm", item=name, price=f"{price:,}", again=again)
            self.show_toast(ask, pal.GOLD_LIGHT)
            return
        self.armed = None
        self.buy(item)

    def buy(self, item: str) -> BuyResult:
        profile = self.ctx.profile
        if profile.count(item) >= MAX_HELD:  # refused before anything is charged
            self.toast_item = item
            self.show_toast(self.t("shop.full", n=MAX_HELD), _RED)
            held = profile.count(item)
            self.last = BuyResult(False, item, ITEM_PRICES[item], profile.coins, held)
            return self.last
        result = profile.buy(item)
        self.last = result
        self.toast_item = item
        name = self.t(f"item.{item}")
        if not result.ok:
            short = result.short
            self.show_toast(self.tn("shop.short", short, n=f"{short:,}"), _RED)
            return result
        notice = save_profile(profile, self.ctx.directory)
        if notice is not None:
            # (why: the app's notice, over every screen, at the first save that fails)
            self.show_toast(self.t("shop.save_failed", item=name), _RED, 5.0)
        else:
            coins = result.coins
            self.show_toast(self.tn("shop.bought", coins, item=name, coins=f"{coins:,}"))
        self.ctx.nav.profile_changed(profile)
        self.rebuild()
        return result

    def on_command(self, command: Command) -> None:
        order = self.focus_order()
        if command in (Command.SELECT_UP, Command.SELECT_DOWN) and order:
            # move between the rows of the grid (buttons are in grid order after Back)
            name = self.focused_name()
            if name.startswith("buy."):
                i = SHOP_ORDER.index(name[4:]) + (3 if command is Command.SELECT_DOWN else -3)
                if 0 <= i < len(SHOP_ORDER):
                    self.focus_named(f"buy.{SHOP_ORDER[i]}")
                    return
        super().on_command(command)

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        profile = self.ctx.profile
        # balance, top right
        bal = render_text(f"{profile.coins:,}", px(26), pal.GOLD_LIGHT, True)
        br = bal.get_rect(topright=(self.w - px(30), px(22)))
        icon = coin_icon(px(28))
        surface.blit(icon, icon.get_rect(midright=(br.x - px(8), br.centery)))
        surface.blit(bal, br)
        blit_text(
            surface,
            self.t("shop.balance"),
            px(15),
            pal.UI_TEXT_DIM,
            (br.x - px(44), br.centery),
            "midright",
        )
        small_coin = coin_icon(px(20))
        for item, card in self.cards.items():
            owned = profile.count(item)
            affordable = profile.coins >= ITEM_PRICES[item]
            panel(surface, card)
            isz = min(px(104), card.h - px(70))
            pic = draw_item(item, isz)
            pr = pic.get_rect(topleft=(card.x + px(14), card.y + px(14)))
            surface.blit(pic, pr)
            tx = pr.right + px(14)
            nr = blit_text(
                surface,
                self.t(f"item.{item}"),
                px(22),
                pal.GOLD_LIGHT,
                (tx, card.y + px(16)),
                bold=True,
                max_w=card.right - tx - px(12),
            )
            # the name in the other script too: beside it when it fits, else under it
            other = render_text(t(f"item.{item}", other_lang(self.lang)), px(15), pal.UI_TEXT_DIM)
            if nr.right + px(10) + other.get_width() <= card.right - px(12):
                surface.blit(other, other.get_rect(midleft=(nr.right + px(10), nr.centery + px(2))))
            else:
                surface.blit(other, (tx, nr.bottom + px(2)))
                nr = nr.union(other.get_rect(topleft=(tx, nr.bottom + px(2))))
            # when it may be used: wrapped under the name (squeezed onto one line it was 11 px
            # at 1024×640), the description under that
            when = self.t("shop.when") + self.t(f"item.when.{item}")
            size = max(MIN_TEXT, px(14))
            y = nr.bottom + px(6)
            for line in wrap_text(when, size, card.right - tx - px(12)):
                y = blit_text(surface, line, size, (170, 210, 180), (tx, y)).bottom
            self.heads[item] = pygame.Rect(tx, nr.y, card.right - tx - px(12), y - nr.y)
            top = y + px(8)
            desc = pygame.Rect(tx, top, card.right - tx - px(14), card.bottom - px(62) - top)
            blit_paragraph(surface, self.t(f"item.desc.{item}"), px(15), pal.IVORY_TEXT, desc, 1.4)
            # price and count along the bottom
            py = card.bottom - px(34)
            surface.blit(small_coin, small_coin.get_rect(midleft=(card.x + px(18), py)))
            colour = pal.GOLD_LIGHT if affordable else _RED
            price = blit_text(
                surface,
                f"{ITEM_PRICES[item]:,}",
                px(22),
                colour,
                (card.x + px(44), py),
                "midleft",
                True,
            )
            blit_text(
                surface,
                self.t("shop.owned_full" if owned >= MAX_HELD else "shop.owned", n=owned),
                px(16),
                pal.IVORY_TEXT,
                (price.right + px(24), py),
                "midleft",
            )
        # the inventory strip
        strip = pygame.Rect(px(24), self.h - px(118), self.w - px(48), px(92))
        panel(surface, strip, fill=(30, 20, 12, 220))
        blit_text(
            surface,
            self.t("shop.inventory"),
            px(18),
            pal.GOLD_LIGHT,
            (strip.x + px(18), strip.centery),
            "midleft",
            True,
        )
        x = strip.x + px(150)
        slot = (strip.right - px(20) - x) // len(ITEM_IDS)
        for item in ITEM_IDS:
            n = profile.count(item)
            pic = draw_item(item, px(56))
            if n == 0:
                pic = pic.copy()
                pic.fill((90, 90, 90, 255), special_flags=pygame.BLEND_RGBA_MULT)
            r = pic.get_rect(midleft=(x, strip.centery))
            surface.blit(pic, r)
            size = max(MIN_TEXT, px(13))
            step = max(px(15), size + 2)
            lines = wrap_text(self.t(f"item.{item}"), size, slot - r.w - px(12))[:2]
            top = r.centery - px(12) - (step // 2 if len(lines) > 1 else 0)
            colour = pal.IVORY_TEXT if n else pal.UI_TEXT_DIM
            blit_text(surface, f"×{n}", px(20), colour, (r.right + px(6), top), "midleft", True)
            for j, line in enumerate(lines):
                pos = (r.right + px(6), top + px(22) + j * step)
                blit_text(surface, line, size, pal.UI_TEXT_DIM, pos, "midleft")
            x += slot
        if self.items_off:  # over the inventory, clear of the title (it was drawn across it)
            cards = max(card.bottom for card in self.cards.values())
            pos = (self.w // 2, (cards + strip.y) // 2)
            note = self.t("shop.note_off")
            blit_text(surface, note, max(MIN_TEXT, px(14)), pal.UI_TEXT_DIM, pos, "center")
