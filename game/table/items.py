"""The item bar at the table (道具, RULES.md §8): the :class:`~game.table.item_bar.ItemBar`
as a table overlay, wired to the human's profile session.

:class:`ItemsOverlay` shows the session's notices, asks the 乾坤大挪移 question before a
fresh deal (holding the table until it is answered), applies the bar's finished choices
through the driver (a refusal comes back as a toast, the item kept) and feeds the bar each
refresh and every event.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.items import ItemRefusedError
from engine.round import Event, EventKind
from game.i18n import t
from game.input import InputEvent
from game.table.item_bar import BarOutput, ItemBar
from game.table.layout import Layout
from game.table.overlay import TableHost, TableOverlay
from game.table.session import TableSession, live_kinds

__all__ = ["ItemsOverlay"]


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
        fresh = not driver.events and not driver.round.decisions
        # not under 托管: nobody is there to answer (the question held the table for good)
        offer = fresh and not driver.qian_kun and not driver.auto
        if offer and session.may_offer_qian_kun(rules, hand):
            session.qian_kun_asked.add(hand)
            bar.open_qian_kun_prompt(session.profile.items.get("qian_kun", 0))

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

    def handle_event(self, event: InputEvent) -> bool:
        if self.bar is None:
            return False
        out = self.bar.handle_event(event, self.table.model.kind_at)
        if out is None:
            return False
        self._apply(out)  # the bar's click, pick or prompt answer
        return True

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
            self.bar.sync(self.table.model.view, driver.human_items(), live_kinds(driver.round))

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
        if self.bar is not None:
            self.bar.draw(surface)
