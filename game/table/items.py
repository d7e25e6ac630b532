"""The item bar at the table (道具, RULES.md §8): the :class:`~game.table.item_bar.ItemBar`
as a table overlay, wired to the human's profile session.

:class:`ItemsOverlay` shows the session's notices, asks the 乾坤大挪移 question before a
fresh deal (holding the table until it is answered), applies the bar's finished choices
through the driver (a refusal comes back as a toast, the item kept) and feeds the bar each
refresh and every event.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import pygame

from engine.actions import Action, ActionKind
from engine.items import ItemRefusedError, Refusal
from engine.round import Event, EventKind, Round
from engine.round.items import refusal
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.profile import ITEM_IDS
from game.table.focus import FocusStop
from game.table.item_bar import BarOutput, ItemBar
from game.table.layout import Layout
from game.table.overlay import TableHost, TableOverlay
from game.table.session import TableSession, live_kinds
from game.ui.controls import draw_focus_ring

__all__ = ["ItemsOverlay"]

# the kind picker's arrows: the next kind, or the same number in the suit above or below
_PICK_STEPS = {
    Command.SELECT_LEFT: -1,
    Command.SELECT_RIGHT: 1,
    Command.SELECT_UP: -9,
    Command.SELECT_DOWN: 9,
}


class ItemsOverlay(TableOverlay):
    """The human's items, coin notices and the public item log."""

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.bar: ItemBar | None = None

    def attach(self, table: TableHost) -> None:
        super().attach(table)
        driver = table.driver
        human = table.model.human
        assert human is not None
        rules = driver.rules
        bar = self.bar = ItemBar(
            table.layout, table.lang, human, table.tile_art, table.ui, bool(rules.items)
        )
        session = self.session
        for line in session.pending_notices:
            bar.notice(line)
        session.pending_notices.clear()
        hand = driver.match.hand_index
        fresh = not driver.events and not self._round().decisions
        # not under 托管: nobody is there to answer (the question held the table for good)
        offer = fresh and not driver.qian_kun and not driver.auto
        if offer and session.may_offer_qian_kun(rules, hand):
            session.qian_kun_asked.add(hand)
            bar.open_qian_kun_prompt(session.profile.items.get("qian_kun", 0))

    def _round(self) -> Round:
        """The engine's hand: items come with a table session, which only an offline hand
        has (a networked one reads what the server sent, no wall and no decisions)."""
        rnd = self.table.driver.round
        assert isinstance(rnd, Round), "items at a table without the engine's hand"
        return rnd

    @property
    def holds(self) -> bool:
        return self.bar is not None and self.bar.blocking

    @property
    def takes_right_edge(self) -> bool:
        return self.bar is not None and self.bar.enabled

    def on_enter(self) -> None:
        if self.bar is not None:
            self.bar.show(True)

    def on_exit(self) -> None:
        if self.bar is not None:
            self.bar.show(False)

    def set_layout(self, layout: Layout) -> None:
        if self.bar is not None:
            self.bar.set_layout(layout)

    def relabel(self, lang: str) -> None:
        if self.bar is not None:
            self.bar.set_lang(lang)

    def focus_stops(self) -> Sequence[FocusStop]:
        """The six items, greyed or not (none while a pick or the prompt is open): a greyed
        one's tooltip says why it cannot be used now, as under the mouse, and Enter on it
        says so as a click does (nothing spent). Always six, so an item is always as many
        presses of Tab away."""
        bar = self.bar
        if bar is None or not bar.enabled or bar.mode or bar.prompt is not None:
            return ()
        return [
            FocusStop(("item", item), bar.slot_rect(item), partial(self._press, item))
            for item in ITEM_IDS
        ]

    def focused(self, key: object | None) -> None:
        if self.bar is not None and isinstance(key, tuple) and key[0] == "item":
            self.bar.hover = key[1]  # its tooltip says what it does, as under the mouse
            self.bar.hushed = None  # (a toast of an earlier press no longer hides it)
            self._focus_hover = True
        elif self.bar is not None and self._focus_hover:
            self.bar.hover = None
            self._focus_hover = False

    _focus_hover = False
    cursor = -1  # the kind picker's keyboard cursor (a kind; -1 none yet)

    def _press(self, item: str) -> None:
        assert self.bar is not None
        self.cursor = -1
        self._apply(self.bar.press(item))

    def handle_event(self, event: InputEvent) -> bool:
        if self.bar is None:
            return False
        if event.kind is InputKind.COMMAND and self._pick_by_key(event.command):
            return True
        out = self.bar.handle_event(event, self.table.model.kind_at)
        if out is None:
            return False
        self._apply(out)  # the bar's click, pick or prompt answer
        return True

    def _pick_by_key(self, cmd: Command | None) -> bool:
        """The keyboard in a pick: 偷天换日's and 移花接木's hand tile is the one ←/→ selected,
        given with Enter; in the kind picker the arrows move over the kinds, Enter picks."""
        bar = self.bar
        assert bar is not None
        m = self.table.model
        if bar.prompt is not None:
            return False
        if bar.mode == "give" and cmd is Command.CONFIRM:
            if m.selected is not None and m.selected < len(m.slots):
                self._apply(bar.give_tile(m.slots[m.selected].kind))
            return True  # (never a discard while the item waits for its tile)
        if bar.mode not in ("want", "kind"):
            return False
        kinds = bar.kinds
        if self.cursor not in kinds:
            self.cursor = kinds[0]
        step = _PICK_STEPS.get(cmd) if cmd is not None else None
        if step is not None:
            i = kinds.index(self.cursor)
            if abs(step) == 1:
                self.cursor = kinds[(i + step) % len(kinds)]
            elif self.cursor + step in kinds:  # the suit above or below, same number
                self.cursor += step
            bar.mouse = bar.kind_center(self.cursor)  # drawn as under the pointer
            return True
        if cmd is Command.CONFIRM:
            self._apply(bar.pick_kind(self.cursor))
            return True
        return False

    def _apply(self, out: BarOutput) -> None:
        assert self.bar is not None
        driver = self.table.driver
        if out.kind == "qian_kun":
            if out.accept and driver.redeal(True):  # same seed, the wall stacked (§8)
                used = [e for e in driver.round.events if e.kind is EventKind.ITEM_USED]
                self.table.show_events(used)
            return
        if out.kind != "use" or out.action is None:
            return
        try:
            events = driver.use_item(out.action)
        except ItemRefusedError as exc:
            self.bar.refused(out.action.item or "", exc.refusal)  # the item is kept
            return
        if events:
            self.table.show_events(events)

    def on_events(self, events: Sequence[Event]) -> None:
        if self.bar is not None:  # public log lines; the human's own results in a panel
            self.bar.on_events(events, self.table.seat_name, self.table.anchor)

    def on_resumed(self, events: Sequence[Event]) -> None:
        if self.bar is not None:  # the log again; no flights, no result panel of old
            self.bar.on_events(events, self.table.seat_name, quiet=True)

    def on_refresh(self) -> None:
        if self.bar is not None:
            driver = self.table.driver
            rnd, offered = self._round(), driver.human_items()
            self.bar.sync(self.table.model.view, offered, live_kinds(rnd), self._why(offered))

    def _why(self, offered: Sequence[Action]) -> dict[str, Refusal]:
        """The engine's reason for each item the human holds and may not use now (its
        moment: not the human's turn, a swap made this turn, …) — the tooltip says it."""
        rnd, human = self._round(), self.table.model.human
        if rnd.items is None or human is None:
            return {}
        out: dict[str, Refusal] = {}
        for item, _n in rnd.items.inventory(human):
            if self.table.driver.auto and not rnd.is_over:  # 托管 plays without items
                out[item] = Refusal("auto", "", "")
            elif not any(a.item == item for a in offered):
                why = refusal(rnd, Action(ActionKind.USE_ITEM, human, item=item))
                if why is not None:
                    out[item] = why
        return out

    _asked_for = 0.0  # seconds the 乾坤大挪移 question has been open

    def update(self, dt: float) -> None:
        bar = self.bar
        if bar is None:
            return
        if bar.blocking:
            # Nobody answers under 托管 (switched on while asked), and the turn timer gives
            # this question its time as it gives a move: then it is "not this hand", the
            # item kept — never a table held for good.
            driver = self.table.driver
            self._asked_for += dt
            timer = driver.turn_timer
            if driver.auto or 0 < timer <= self._asked_for:
                if not driver.auto:
                    bar.notice(t("items.qian_kun_timed_out", self.table.lang))
                self._apply(bar.decline())
        bar.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        bar = self.bar
        if bar is not None:
            bar.draw(surface)
            if bar.mode in ("want", "kind") and bar.prompt is None:
                kind = self.cursor if self.cursor in bar.kinds else bar.kinds[0]
                draw_focus_ring(surface, bar.kind_rect(kind), self.table.layout.px(4))
