"""The table's item bar (道具栏, RULES.md §8): the six items, their pickers and panels.

A self-contained component the table hosts when the rules have ``items`` on. The host feeds
it each refresh (:meth:`ItemBar.sync`: the human's view, the item actions the engine offers
now, the kinds with a live copy), passes every input event to :meth:`ItemBar.handle_event`
first, shows new events through :meth:`ItemBar.on_events`, and draws it last. The bar
never touches the round: a finished choice comes back as a :class:`BarOutput` holding a
complete ``USE_ITEM`` action (or the answer to the 乾坤大挪移 prompt) for the host to apply;
a refusal goes back in through :meth:`ItemBar.refused` and shows as a toast.

Controls: click an item; 偷天换日 then asks for a hand tile and a kind (27-kind picker, kinds
with no live copy greyed), 移花接木 for a hand tile, 千里眼 for a kind; 顺风耳 and 金手指 act at
once; asked again before the wall changes (a double click), 千里眼 about the same kind and
顺风耳 show their answer again and cost nothing. Right-click or Esc cancels a pick. Results
show in a panel only the user sees (its geometry and drawing: game/table/item_result.py);
every use adds a public log line ("X used 千里眼").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from engine.items import ITEMS, ItemResult, Refusal, item_action
from engine.round import Action, ActionKind, Event, EventKind
from engine.tiles import NUM_KINDS, tile_name
from engine.views import PlayerView
from game import palette as pal
from game.fonts import get_font
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.item_art import draw_item, golden_pointer
from game.profile import ITEM_IDS
from game.table.buttons import button_font, scaled_id
from game.table.item_log import ItemLog, item_name
from game.table.item_result import PANEL_BG, ResultPanel
from game.table.item_tooltip import click_words, draw_tooltip, unusable_reason
from game.table.layout import Layout
from game.ui.draw import dim_layer
from game.ui.text import TextCache, button_width, fit_text, wrap_text

__all__ = ["BarOutput", "ItemBar"]

Pos = tuple[int, int]
TileArtOf = Callable[[int], Any]  # width → the table's TileArt (face / flat_face / step)

TOAST_S = 3.5
FLY_S = 0.7
TOGGLE_S = 0.4  # an item clicked again this soon after its pick opened: a double click
# 千里眼 and 顺风耳 only read the live wall: their answer stands until it changes, by a draw
# or by a swap item (乾坤大挪移 before the deal, 偷天换日, 移花接木 — anybody's)
_INFO_ITEMS = ("qian_li_yan", "shun_feng_er")
_WALL_ITEMS = frozenset({"qian_kun", "tou_tian", "yi_hua"})
_PANEL_BG = PANEL_BG
_TOAST_BG = (90, 24, 24, 235)
_TOAST_TEXT = (255, 236, 220)
_NOTE_TEXT = (255, 160, 140)
_DISABLED_TINT = (0, 0, 0, 150)


@dataclass(frozen=True)
class BarOutput:
    """What the bar asks the host to do: ``use`` an item (``action`` is complete), answer
    the 乾坤大挪移 prompt (``qian_kun``: accept or not), or nothing (``none``: the event was
    the bar's own)."""

    kind: str  # "use" | "qian_kun" | "none"
    action: Action | None = None
    accept: bool = False


_NONE = BarOutput("none")


class ItemBar(ResultPanel):
    """The item bar with its pickers, result panel, refusal toasts, pre-deal prompt and log."""

    def __init__(
        self,
        layout: Layout,
        lang: str,
        human: int,
        tile_art: TileArtOf,
        ui: pygame_gui.UIManager,
        enabled: bool = True,
    ) -> None:
        self.enabled = enabled  # False: items are off — only notices (toasts) and the log
        self.ui = ui  # the prompt's and the picker's buttons are pygame-gui's, like the table's
        self.shown = True  # False while the table is covered: no buttons on screen
        self._buttons: dict[pygame_gui.elements.UIButton, str] = {}  # "yes" | "no" | "cancel"
        self._buttons_for: tuple[object, ...] | None = None
        self.layout = layout
        self.lang = lang
        self.human = human
        self.tile_art = tile_art
        self.counts: dict[str, int] = {}
        self.offered: set[str] = set()
        self.why: dict[str, Refusal] = {}  # the engine's reason each item held is not offered
        self.live: frozenset[int] = frozenset(range(NUM_KINDS))
        # the kinds the picker offers: those of the suits in the wall (三人两房 and 两人
        # have two: asking 千里眼 about a Characters tile there would waste the item)
        self.kinds: tuple[int, ...] = tuple(range(NUM_KINDS))
        self.won = False
        self.golden = False
        self.mode: str | None = None  # "give" | "want" | "kind" (a pick in progress)
        self.picking: str | None = None  # the item being set up
        self.picked_at = 0.0  # when (``time``) its pick opened
        self.give: int | None = None  # 偷天换日: the hand tile chosen
        self.prompt: int | None = None  # 乾坤大挪移 prompt open: how many are held
        # the human's 千里眼 / 顺风耳 answers the wall still bears out, by (item, kind asked):
        # asking again shows the answer again instead of spending another item
        self._known: dict[tuple[str, int | None], ItemResult] = {}
        self.toasts: list[tuple[str, float]] = []
        # the public log: who used what, (seat, item), worded when drawn (in the language of
        # the moment: the settings may change it mid-hand)
        self.item_log = ItemLog()
        self.hover: str | None = None
        self.hushed: str | None = None  # a greyed item clicked: no tooltip over its toast
        self.mouse: Pos = (0, 0)
        self.time = 0.0
        self._fly: list[tuple[str, Pos, Pos, float]] = []  # item, from, to, age
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._text = TextCache()

    # --- what the host tells the bar ------------------------------------------------------

    def set_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.sync_buttons()

    def show(self, shown: bool) -> None:
        """The table is on top (True) or covered (False): the buttons come and go with it."""
        self.shown = shown
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """The prompt's Use / Not-this-hand buttons, or the picker's Cancel, when open."""
        open_ = "prompt" if self.prompt is not None else self.mode
        sig = (open_ if self.shown else None, self.prompt, self.lang, self.layout.w, self.layout.h)
        if sig == self._buttons_for:
            return
        for element in self._buttons:
            kill: Callable[[], None] = element.kill  # pygame-gui's, unannotated there
            kill()
        self._buttons.clear()
        self._buttons_for = sig
        wanted: list[tuple[str, pygame.Rect, str]] = []
        if self.shown and self.prompt is not None:
            yes, no = self._prompt_buttons()
            wanted = [("yes", yes, "items.qk_yes"), ("no", no, "items.qk_no")]
        elif self.shown and self.mode in ("want", "kind"):
            wanted = [("cancel", self._picker_rects()["cancel"], "items.cancel")]
        for name, rect, key in wanted:
            element = pygame_gui.elements.UIButton(
                rect,
                t(key, self.lang),
                manager=self.ui,
                object_id=scaled_id(  # gold: the suggested answer
                    self.ui, button_font(self.layout), "@gold_button" if name == "yes" else None
                ),
            )
            self._buttons[element] = name

    def sync(
        self,
        view: PlayerView,
        item_legal: Sequence[Action],
        live: Collection[int] | None = None,
        why: Mapping[str, Refusal] | None = None,
    ) -> None:
        """The human's ``view``, the USE_ITEM actions offered now (``legal_actions`` of the
        human seat, pending or not), the kinds with a live copy (偷天换日 picker), and the
        engine's refusal of each item held and not offered (``why``)."""
        self.why = dict(why or {})
        self.counts = dict(view.inventory)
        kept = view.rules.kept_suits
        self.kinds = tuple(k for k in range(NUM_KINDS) if k // 9 in kept)
        self.offered = {
            a.item for a in item_legal if a.kind is ActionKind.USE_ITEM and a.item is not None
        }
        me = view.seats[self.human]
        self.won = bool(me.won)
        self.golden = bool(me.golden)
        if live is not None:
            self.live = frozenset(live)
        self._known = {  # a draw, another hand: the wall is not the one they read
            key: res
            for key, res in self._known.items()
            if res.wall_remaining == view.wall_remaining
        }
        if self.picking is not None and self.picking not in self.offered:
            self.cancel()  # the moment passed (turn over, item gone)

    def open_qian_kun_prompt(self, held: int) -> None:
        """Ask "use 乾坤大挪移 this hand?" (before the deal); blocks the table until answered."""
        self.prompt = held
        self.sync_buttons()

    @property
    def blocking(self) -> bool:
        """A modal prompt is open: the host holds the hand until it is answered."""
        return self.prompt is not None

    def usable(self, item: str) -> bool:
        return item in self.offered and self.counts.get(item, 0) > 0

    def refused(self, item: str, refusal: Refusal) -> None:
        """The engine refused a use (the item is kept): a toast in the player's language."""
        why = refusal.zh if self.lang == "zh" else refusal.en
        self.toasts.append(
            (t("items.refused", self.lang, item=item_name(item, self.lang), why=why), 0)
        )
        self.toasts = self.toasts[-3:]

    def notice(self, text: str) -> None:
        """A toast for anything else the player must know (a bot replaced, …)."""
        self.toasts.append((text, 0.0))
        self.toasts = self.toasts[-3:]

    def on_events(
        self,
        events: Sequence[Event],
        name_of: Callable[[int], str],
        anchor: Callable[[int], Pos] | None = None,
        *,
        quiet: bool = False,
    ) -> None:
        """New events of the hand: each ITEM_USED gets a public log line and a short
        animation; the human's own results open the result panel (others' are never read).
        ``quiet``: past events of a resumed hand, the log lines only."""
        for e in events:
            if e.kind is EventKind.DRAW or (
                e.kind is EventKind.ITEM_USED and e.detail in _WALL_ITEMS
            ):
                self._known.clear()
            if e.kind is not EventKind.ITEM_USED or e.detail not in ITEMS or e.seat is None:
                continue
            item = e.detail
            result = e.item_result
            if e.seat == self.human and result is not None and item in _INFO_ITEMS:
                self._known[(item, result.tile if item == "qian_li_yan" else None)] = result
            self.item_log.add(e.seat, item, name_of)
            if quiet:
                continue
            start: Pos | None = None
            if e.seat == self.human:
                start = (self.slot_rect(item).centerx, self.slot_rect(item).centery)
            elif anchor is not None:
                start = anchor(e.seat)
            if start is not None:
                self._fly.append((item, start, self.layout.center, 0.0))
            if e.seat == self.human and e.item_result is not None:
                self.show_result(e.item_result)

    @property
    def log(self) -> list[str]:
        """The public log's lines, oldest first: "电脑2使用了千里眼" / "Bot 2 used …"."""
        return self.item_log.lines(self.lang)

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` from now on: the log, the result panel, the buttons and prompts."""
        if lang == self.lang:
            return
        self.lang = lang
        self._relabel_result()
        self.sync_buttons()

    def cancel(self) -> None:
        self.mode = self.picking = None
        self.give = None
        self.sync_buttons()

    # --- input ----------------------------------------------------------------------------

    def handle_event(
        self, event: InputEvent, hand_kind_at: Callable[[Pos], int | None]
    ) -> BarOutput | None:
        """The bar's answer to one input event, or None when the event is not the bar's
        (the host handles it). ``hand_kind_at(pos)`` is the kind of the human's hand tile
        under ``pos`` (or None)."""
        kind = event.kind
        if kind is InputKind.MOUSE_MOVE:
            self.mouse = event.pos
            self.hover = self._item_at(event.pos)
            self.hushed = self.hushed if self.hushed == self.hover else None
            return None
        if kind is InputKind.UI_BUTTON:
            button = next((n for el, n in self._buttons.items() if el is event.element), None)
            if button == "cancel":
                self.cancel()
                return _NONE
            if button is not None:
                return self._answer(button == "yes")
            return None
        if kind is InputKind.COMMAND:
            if event.command is Command.CANCEL and (
                self.mode or self.result or self.prompt is not None
            ):
                if self.prompt is not None:
                    return self._answer(False)
                if self.mode:
                    self.cancel()
                else:
                    self.result = None
                return _NONE
            if event.command is Command.CONFIRM and self.prompt is not None:
                return self._answer(True)
            return _NONE if self.prompt is not None else None
        if kind not in (InputKind.MOUSE_DOWN, InputKind.MOUSE_UP):
            return None
        pos = event.pos
        self.mouse = pos
        if self.prompt is not None:
            return _NONE  # the prompt's buttons answer it (or Enter / Esc)
        if event.button == 3:
            if self.mode and kind is InputKind.MOUSE_UP:
                self.cancel()
            return _NONE if self.mode else None
        if event.button != 1:
            return None
        if self.mode in ("want", "kind"):
            if kind is InputKind.MOUSE_UP:
                return self._pick_kind(pos)
            return _NONE
        if self.mode == "give":
            if kind is InputKind.MOUSE_UP:
                item = self._item_at(pos)
                if item is not None:  # another item (or the same: cancel)
                    return self._click_item(item)
                given = hand_kind_at(pos)
                if given is not None:
                    return self.give_tile(given)
            return _NONE
        if self.result is not None and self._result_rect().collidepoint(pos):
            if kind is InputKind.MOUSE_UP:
                self.result = None
            return _NONE
        item = self._item_at(pos)
        if item is None:
            return None
        if kind is InputKind.MOUSE_UP:
            return self._click_item(item)
        return _NONE

    def decline(self) -> BarOutput:
        """The 乾坤大挪移 question answered "not this hand" for the player (托管, the turn
        timer)."""
        return self._answer(False)

    def _answer(self, accept: bool) -> BarOutput:
        """The 乾坤大挪移 question answered."""
        self.prompt = None
        self.sync_buttons()
        return BarOutput("qian_kun", accept=accept)

    def press(self, item: str) -> BarOutput:
        """``item`` pressed (a click, or Enter on the keyboard's focus)."""
        return self._click_item(item)

    def _click_item(self, item: str) -> BarOutput:
        if self.picking == item:  # again: cancels — not the second half of a double click
            if self.time - self.picked_at >= TOGGLE_S:
                self.cancel()
            return _NONE
        self.cancel()
        if not self.usable(item):
            if self.counts.get(item) and not self.won and item in self.why:  # say why
                self.notice(click_words(item, self.why[item], self.lang))
                self.hushed = item  # its tooltip would cover the toast until the mouse leaves
            return _NONE
        h = self.human
        if item in ("tou_tian", "yi_hua", "qian_li_yan"):
            # the last answer closes: left open, it showed round the picker's edges
            self.result = None
        if item in ("tou_tian", "yi_hua"):
            self.picking, self.mode, self.picked_at = item, "give", self.time
            return _NONE
        if item == "qian_li_yan":
            self.picking, self.mode, self.picked_at = item, "kind", self.time
            self.sync_buttons()
            return _NONE
        if item == "shun_feng_er":
            return self._ask(item, None) or BarOutput("use", item_action(h, item))
        return BarOutput("use", item_action(h, item))

    def _ask(self, item: str, kind: int | None) -> BarOutput | None:
        """An answer already known (the wall unchanged since: a double click, a second
        look) shows again and costs nothing; None: the item must be used."""
        known = self._known.get((item, kind))
        if known is None:
            return None
        self.show_result(known)
        return _NONE

    def give_tile(self, given: int) -> BarOutput:
        """The hand tile of kind ``given`` chosen for 偷天换日 or 移花接木 (``mode`` "give")."""
        item = self.picking
        assert item is not None
        if item == "yi_hua":
            self.cancel()
            return BarOutput("use", item_action(self.human, item, give=given))
        self.give, self.mode = given, "want"
        self.sync_buttons()
        return _NONE

    def _pick_kind(self, pos: Pos) -> BarOutput:
        rects = self._picker_rects()
        return next((self.pick_kind(k) for k in self.kinds if rects[k].collidepoint(pos)), _NONE)

    def pick_kind(self, k: int) -> BarOutput:
        """Kind ``k`` chosen in the open picker (``mode`` "want" or "kind")."""
        item = self.picking
        assert item is not None
        if item == "tou_tian":
            # a kind with no live copy is refused by the engine (toast, item kept)
            give = self.give
            self.cancel()
            return BarOutput("use", item_action(self.human, item, give=give, want=k))
        self.cancel()
        return self._ask(item, k) or BarOutput("use", item_action(self.human, item, kind=k))

    # --- time -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.sync_buttons()
        self.time += dt
        self.toasts = [(t, age + dt) for t, age in self.toasts if age + dt < TOAST_S]
        self._fly = [(i, a, b, age + dt) for i, a, b, age in self._fly if age + dt < FLY_S]
        self._age_result(dt)

    # --- geometry -------------------------------------------------------------------------

    def _icon_size(self) -> int:
        return self.layout.px(48)

    def slot_rect(self, item: str) -> pygame.Rect:
        lay = self.layout
        s = self._icon_size()
        gap, pad = lay.px(10), lay.px(6)
        i = ITEM_IDS.index(item)
        return pygame.Rect(lay.item_bar.x + pad, lay.item_bar.y + pad + i * (s + gap), s, s)

    def bar_rect(self) -> pygame.Rect:
        first, last = self.slot_rect(ITEM_IDS[0]), self.slot_rect(ITEM_IDS[-1])
        pad = self.layout.px(6)
        return first.union(last).inflate(2 * pad, 2 * pad)

    def slot_center(self, item: str) -> Pos:
        """Where the item's icon is (tests click there)."""
        c = self.slot_rect(item).center
        return (int(c[0]), int(c[1]))

    def _item_at(self, pos: Pos) -> str | None:
        if not self.enabled:
            return None
        for item in ITEM_IDS:
            if self.slot_rect(item).collidepoint(pos):
                return item
        return None

    def _picker_rects(self) -> dict[Any, pygame.Rect]:
        lay = self.layout
        tw = lay.px(40)
        step = tw + lay.px(4)
        th = self.tile_art(tw).face(0).get_height()
        cols = 9
        rows = sorted({k // cols for k in self.kinds})  # a row a suit in the wall
        w = cols * step + lay.px(28)
        # the title wraps inside the box ("Steal the Sky: giving 2 Characters — which kind
        # do you want?" ran past it in English)
        lines = len(self._picker_title(w))
        title_bottom = lay.px(10) + (lines - 1) * self._title_step() + self._title_h()
        head = max(lay.px(40), lay.px(14) + lines * self._title_step(), title_bottom + lay.px(4))
        if self.picking == "tou_tian":  # the greyed kinds' note sits between title and tiles
            head += self._note_img().get_height() + lay.px(6)
        h = head + len(rows) * (th + lay.px(6)) + lay.px(52)
        box = pygame.Rect(0, 0, w, h)
        box.center = lay.center
        rects: dict[Any, pygame.Rect] = {"box": box}
        for k in self.kinds:
            r, c = rows.index(k // cols), k % cols
            rects[k] = pygame.Rect(
                box.x + lay.px(14) + c * step, box.y + head + r * (th + lay.px(6)), tw, th
            )
        cancel = pygame.Rect(0, 0, lay.px(110), lay.px(34))
        cancel.midbottom = (box.centerx, box.bottom - lay.px(10))
        rects["cancel"] = cancel
        return rects

    def _picker_title(self, box_w: int) -> list[str]:
        return wrap_text(
            self.status_line() or "", self.layout.font_normal, box_w - self.layout.px(24), True
        )

    def _title_step(self) -> int:
        return self.layout.font_normal + self.layout.px(6)

    def _title_h(self) -> int:
        """The height of one line of the picker's title as drawn."""
        return get_font(self.layout.font_normal, True).get_height()

    def _note_img(self) -> pygame.Surface:
        """偷天换日's note on a greyed kind: "none left in the wall"."""
        return self._txt(t("items.no_live", self.lang), self.layout.font_small, _NOTE_TEXT)

    def kind_rect(self, kind: int) -> pygame.Rect:
        return pygame.Rect(self._picker_rects()[kind])

    def kind_center(self, kind: int) -> Pos:
        """Where ``kind`` is in the open kind picker (tests click there)."""
        c = self.kind_rect(kind).center
        return (int(c[0]), int(c[1]))

    def _toast_plates(self) -> list[tuple[pygame.Surface, pygame.Rect, float]]:
        """The toasts' lines with their plates and ages, oldest first: stacked up from just
        above the result panel (or the picker, or where the panel opens), so a refusal never
        lies over the answer it came with. The older toasts with no room left are not shown."""
        lay = self.layout
        ceiling = self._result_top()
        if self.result is not None:
            ceiling = min(ceiling, self._result_rect().top)
        if self.mode in ("want", "kind"):
            ceiling = min(ceiling, self._picker_rects()["box"].top)
        bottom = ceiling - lay.px(8)
        shown: list[tuple[pygame.Surface, pygame.Rect, float]] = []
        for text, age in reversed(self.toasts):  # the newest nearest the panel
            lines = wrap_text(text, lay.font_normal, lay.px(560), bold=True)
            plates = []
            for line in reversed(lines):
                img = self._txt(line, lay.font_normal, _TOAST_TEXT, True)
                plate = img.get_rect().inflate(lay.px(28), lay.px(12))
                plate.midbottom = (lay.w // 2, bottom)
                bottom = plate.top - lay.px(4)
                plates.append((img, plate, age))
            if not plates or plates[-1][1].top < lay.px(8):
                break
            shown += plates
        return shown[::-1]

    def _prompt_text(self) -> tuple[pygame.Surface, list[str]]:
        """The prompt's title (shrunk until it fits the box) and its wrapped body lines."""
        lay = self.layout
        room = lay.px(560) - lay.px(84) - lay.px(16)
        size = lay.font_big
        title = self._txt(t("items.qk_title", self.lang), size, pal.GOLD_LIGHT, True)
        while title.get_width() > room and size > lay.font_normal:
            size -= 2
            title = self._txt(t("items.qk_title", self.lang), size, pal.GOLD_LIGHT, True)
        text = (
            t("items.qk_ask", self.lang, n=self.prompt or 0) + "\n" + t("items.qk_desc", self.lang)
        )
        return title, wrap_text(text, lay.font_normal, room)

    def _prompt_rect(self) -> pygame.Rect:
        lay = self.layout
        title, lines = self._prompt_text()
        line_h = round(lay.font_normal * 1.45)
        text_h = lay.px(18) + title.get_height() + lay.px(8) + len(lines) * line_h
        box = pygame.Rect(0, 0, lay.px(560), max(lay.px(250), text_h + lay.px(90)))
        box.center = lay.center
        return box

    def _prompt_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        lay = self.layout
        box = self._prompt_rect()
        labels = (t("items.qk_yes", self.lang), t("items.qk_no", self.lang))
        w, h = (
            max(lay.px(150), *(button_width(label, button_font(lay)) for label in labels)),
            lay.px(42),
        )
        yes = pygame.Rect(0, 0, w, h)
        no = pygame.Rect(0, 0, w, h)
        yes.bottomright = (box.centerx - lay.px(10), box.bottom - lay.px(18))
        no.bottomleft = (box.centerx + lay.px(10), box.bottom - lay.px(18))
        return yes, no

    def prompt_button(self, accept: bool) -> Pos:
        """Where the prompt's Use / Not-this-hand button is (tests click there)."""
        c = self._prompt_buttons()[0 if accept else 1].center
        return (int(c[0]), int(c[1]))

    # --- drawing --------------------------------------------------------------------------

    def _txt(
        self, text: str, size: int, colour: Sequence[int] = pal.IVORY_TEXT, bold: bool = False
    ) -> pygame.Surface:
        return self._text.get(text, size, colour, bold)

    def _icon(self, item: str, size: int) -> pygame.Surface:
        img = self._icons.get((item, size))
        if img is None:
            img = self._icons[(item, size)] = draw_item(item, size)
        return img

    def status_line(self) -> str | None:
        """What the bar is waiting for, for the host's status strip (or None)."""
        if self.picking is None:
            return None
        name = item_name(self.picking, self.lang)
        if self.mode == "give":
            return t("items.pick_give", self.lang, item=name)
        if self.mode == "want" and self.give is not None:
            return t("items.pick_want", self.lang, item=name, tile=tile_name(self.give, self.lang))
        return t("items.pick_kind", self.lang, item=name)

    def draw(self, surface: pygame.Surface) -> None:
        if self.enabled:
            self._draw_bar(surface)
        self.item_log.draw(surface, self.layout, self.lang, self._text)
        self._draw_fly(surface)
        if self.result is not None:
            self._draw_result(surface)
        if self.mode == "give":
            self._draw_pick_hint(surface)
        if self.mode in ("want", "kind"):
            self._draw_picker(surface)
        self._draw_toasts(surface)
        if self.prompt is not None:
            self._draw_prompt(surface)
        elif self.hover is not None and self.mode is None and self.hover != self.hushed:
            self._draw_tooltip(surface, self.hover)

    def _plate(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        fill: Sequence[int],
        border: Sequence[int] | None = pal.GOLD,
    ) -> None:
        lay = self.layout
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, fill, plate.get_rect(), border_radius=lay.px(10))
        if border is not None:
            pygame.draw.rect(
                plate, border, plate.get_rect(), width=max(1, lay.px(2)), border_radius=lay.px(10)
            )
        surface.blit(plate, rect.topleft)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        lay = self.layout
        self._plate(surface, self.bar_rect(), (0, 0, 0, 110), None)
        s = self._icon_size()
        for item in ITEM_IDS:
            rect = self.slot_rect(item)
            n = self.counts.get(item, 0)
            on = self.usable(item)
            if self.picking == item:
                glow = 0.5 + 0.5 * math.sin(self.time * 7)
                pygame.draw.circle(
                    surface,
                    (255, 220, 120),
                    rect.center,
                    s // 2 + lay.px(5) + int(2 * glow),
                    width=lay.px(3),
                )
            elif on and self.hover == item:
                pygame.draw.circle(
                    surface, pal.GOLD_LIGHT, rect.center, s // 2 + lay.px(3), width=lay.px(2)
                )
            icon = self._icon(item, s)
            if not on:
                icon = icon.copy()
                shade = pygame.Surface((s, s), pygame.SRCALPHA)
                pygame.draw.circle(shade, _DISABLED_TINT, (s // 2, s // 2), s // 2)
                icon.blit(shade, (0, 0))
            surface.blit(icon, rect.topleft)
            colour = pal.GOLD_LIGHT if n else pal.UI_TEXT_DIM
            badge = self._txt(f"×{n}", lay.font_small, colour, True)
            br = badge.get_rect(bottomright=(rect.right + lay.px(4), rect.bottom + lay.px(4)))
            pygame.draw.rect(
                surface, (20, 20, 20), br.inflate(lay.px(6), 0), border_radius=lay.px(6)
            )
            surface.blit(badge, br)
        if self.golden:
            ptr = golden_pointer(lay.px(18))
            r = self.slot_rect("jin_shou_zhi")
            surface.blit(ptr, ptr.get_rect(midright=(r.left - lay.px(4), r.centery)))

    def _draw_tooltip(self, surface: pygame.Surface, item: str) -> None:
        held = self.counts.get(item, 0)
        why = unusable_reason(self.usable(item), held, self.won, self.lang, self.why.get(item))
        slot = self.slot_rect(item)
        draw_tooltip(surface, self.layout, self.lang, self._text, item, held, why, slot, self._tip)

    def _tip(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._plate(surface, rect, _PANEL_BG)

    def _draw_fly(self, surface: pygame.Surface) -> None:
        s = self._icon_size()
        for item, a, b, age in self._fly:
            p = min(1.0, age / FLY_S)
            e = 1 - (1 - p) ** 3
            x = a[0] + (b[0] - a[0]) * e
            y = a[1] + (b[1] - a[1]) * e - math.sin(p * math.pi) * s
            size = max(4, int(s * (1 + 0.6 * math.sin(p * math.pi))))
            icon = self._icon(item, size)
            glow = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            pygame.draw.circle(glow, (255, 230, 140, int(120 * (1 - p))), (size, size), size)
            surface.blit(glow, glow.get_rect(center=(int(x), int(y))))
            icon.set_alpha(int(255 * (1 - p * p)))
            surface.blit(icon, icon.get_rect(center=(int(x), int(y))))
            icon.set_alpha(255)

    def _draw_pick_hint(self, surface: pygame.Surface) -> None:
        text = self.status_line()
        if not text:
            return
        lay = self.layout
        # over the status strip just above the hand (the wall and ponds stay visible), left
        # of the turn's buttons (自摸, 杠): in English the one line ran on under them
        room = lay.buttons.left - lay.px(24) - lay.hand_x
        lines, size = fit_text(text, lay.font_normal, room, max_lines=2, bold=True)
        imgs = [self._txt(line, size, pal.GOLD_LIGHT, True) for line in lines]
        step = get_font(size, True).get_linesize()
        top = lay.hint_y - (len(imgs) - 1) * step  # the last line on the strip, others above
        rect = pygame.Rect(lay.hand_x, top, max(img.get_width() for img in imgs), 0)
        rect.h = (len(imgs) - 1) * step + imgs[-1].get_height()
        self._plate(surface, rect.inflate(lay.px(24), lay.px(12)), (24, 20, 12, 250))
        for i, img in enumerate(imgs):
            surface.blit(img, (rect.x, top + i * step))

    def _draw_picker(self, surface: pygame.Surface) -> None:
        lay = self.layout
        rects = self._picker_rects()
        box = rects["box"]
        self._plate(surface, box, _PANEL_BG)
        for i, line in enumerate(self._picker_title(box.w)):
            head = self._txt(line, lay.font_normal, pal.GOLD_LIGHT, True)
            at = (box.centerx, box.y + lay.px(10) + i * self._title_step())
            surface.blit(head, head.get_rect(midtop=at))
        art = self.tile_art(rects[self.kinds[0]].w)
        hover_kind = None
        for k in self.kinds:
            dead = self.picking == "tou_tian" and (k not in self.live or k == self.give)
            r = rects[k]
            if r.collidepoint(self.mouse) and not dead:
                hover_kind = k
            state = "greyed" if dead else ("selected" if hover_kind == k else "normal")
            surface.blit(art.face(k, state), r.topleft)
        # its Cancel button is pygame-gui's (sync_buttons), drawn over this
        for k in self.kinds:  # the greyed kinds say why when hovered
            if (
                rects[k].collidepoint(self.mouse)
                and self.picking == "tou_tian"
                and k not in self.live
            ):
                tip = self._note_img()
                tr = tip.get_rect(midbottom=(rects[k].centerx, rects[k].y - lay.px(2)))
                plate = tr.inflate(lay.px(8), lay.px(4))
                inside = plate.clamp(box.inflate(-lay.px(4), -lay.px(4)))  # the end columns
                tr.move_ip(inside.x - plate.x, 0)
                pygame.draw.rect(surface, (20, 20, 20), inside, border_radius=lay.px(4))
                surface.blit(tip, tr)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        for img, plate, age in self._toast_plates():
            a = 1.0 if age < TOAST_S - 0.5 else max(0.0, (TOAST_S - age) / 0.5)
            self._plate(surface, plate, (*_TOAST_BG[:3], int(_TOAST_BG[3] * a)), (230, 120, 100))
            surface.blit(img, img.get_rect(center=plate.center))

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(dim_layer((lay.w, lay.h), 120), (0, 0))
        box = self._prompt_rect()
        self._plate(surface, box, _PANEL_BG)
        icon = self._icon("qian_kun", lay.px(56))
        surface.blit(icon, (box.x + lay.px(16), box.y + lay.px(16)))
        tx = box.x + lay.px(84)
        title, lines = self._prompt_text()
        surface.blit(title, (tx, box.y + lay.px(18)))
        y = box.y + lay.px(18) + title.get_height() + lay.px(8)
        for line in lines:
            img = self._txt(line, lay.font_normal)
            surface.blit(img, (tx, y))
            y += round(lay.font_normal * 1.45)
        # the Use / Not-this-hand buttons are pygame-gui's (sync_buttons), drawn over this
