"""How to add something to the table: a :class:`TableOverlay` (a panel, a prompt, a lesson).

The table scene keeps a list of overlays and calls each hook in list order; the defaults
do nothing, so an overlay overrides only what it needs. The item bar
(:mod:`game.table.items`), the replay viewer's controls (:mod:`game.table.replay`) and the
tutorial's lessons (:mod:`game.table.tutorial_coach`) are overlays; so will be a claim
preview or a tile tracker. An overlay sees the table through :class:`TableHost` — the
model, the layout, the driver and a few verbs — and never the scene's insides.

Order of a frame: ``update`` (before the table's own: an overlay may step a replay), then
the table draws, then each overlay's ``draw``. Input: ``handle_event`` first, in list
order; True stops the event there. The human's actions pass ``allows`` (False refuses one,
e.g. not the move a lesson teaches) and each overlay hears ``on_submitted`` after it was
applied, ``on_events`` for every change (the table's effects have started) and
``on_refresh`` after the model re-read the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame
import pygame_gui

from engine.round import Action, Event
from game.input import InputEvent
from game.table.driver import TableDriver
from game.table.focus import FocusStop
from game.table.geometry import Pos
from game.table.layout import Layout
from game.table.model import TableModel
from game.tile_art import TileArt

__all__ = ["TableHost", "TableOverlay"]


class TableHost(Protocol):
    """The table as its overlays see it."""

    @property
    def model(self) -> TableModel: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def driver(self) -> TableDriver: ...

    @property
    def lang(self) -> str: ...

    @property
    def ui(self) -> pygame_gui.UIManager: ...

    @property
    def animating(self) -> bool:
        """Blocking animations are playing (the next move waits for them)."""
        ...

    def tile_art(self, width: int) -> TileArt: ...

    def show_events(self, events: Sequence[Event]) -> None:
        """Play the effects of ``events`` (the driver applied them) and re-read the view."""
        ...

    def rewind(self) -> None:
        """The driver jumped (a replay seek): drop the animations and cached layers, re-read."""
        ...

    def claim_rect(self, action: Action) -> pygame.Rect | None:
        """Where the claim-row button for ``action`` is, if shown."""
        ...

    def seat_name(self, seat: int) -> str: ...

    @property
    def tile_hint_box(self) -> pygame.Rect | None:
        """The hovered hand tile's hint box as drawn this frame (None: no hint shown)."""
        ...

    def anchor(self, seat: int) -> Pos:
        """Where callouts for ``seat`` pop up."""
        ...

    def leave(self) -> None:
        """Close the table (back to where it was opened from)."""
        ...


class TableOverlay:
    """Something the table hosts on top of itself. Subclasses override what they need."""

    table: TableHost

    def attach(self, table: TableHost) -> None:
        """Called once, when the table takes the overlay."""
        self.table = table

    @property
    def holds(self) -> bool:
        """True while a modal question must be answered first: nothing is dealt or played
        and the hand stays hidden (乾坤大挪移 before the deal)."""
        return False

    @property
    def takes_right_edge(self) -> bool:
        """True when the overlay sits at the right edge (the right seat's panel moves)."""
        return False

    def panel_rect(self, pos: int, rect: pygame.Rect) -> pygame.Rect:
        """Where the seat panel at screen position ``pos`` goes (``rect``: the table's choice)."""
        return rect

    def keep_clear(self) -> Sequence[pygame.Rect]:
        """What of the overlay a notice (``App.notices``) must not cover."""
        return ()

    def on_enter(self) -> None:
        """The table is on top again (build pygame-gui elements here)."""

    def on_exit(self) -> None:
        """The table is covered or closed (kill pygame-gui elements here)."""

    def set_layout(self, layout: Layout) -> None:
        """The window changed size."""

    def relabel(self, lang: str) -> None:
        """The language changed (the settings over the table): texts kept from before it
        are made again in ``lang``."""

    def handle_event(self, event: InputEvent) -> bool:
        """An input event; True when it was the overlay's (nothing else sees it)."""
        return False

    def focus_stops(self) -> Sequence[FocusStop]:
        """The overlay's buttons the table's Tab focus walks (game.table.focus), in order."""
        return ()

    def focused(self, key: object | None) -> None:
        """The table's keyboard focus moved to the stop named ``key`` (None: the hand)."""

    def allows(self, action: Action) -> bool:
        """Whether the human's ``action`` may be submitted now."""
        return True

    def allows_putting_away(self) -> bool:
        """Whether the claim buttons may be put away now (Esc, or Pass in one's own turn,
        to discard instead)."""
        return True

    def on_submitted(self, action: Action) -> None:
        """The human's ``action`` was applied."""

    def on_events(self, events: Sequence[Event]) -> None:
        """New events of the hand (the table's effects have started)."""

    def on_resumed(self, events: Sequence[Event]) -> None:
        """The table opened on a hand resumed part-way (an autosave, a network seat taken
        back): its past ``events``, to be known without their effects."""

    def on_refresh(self) -> None:
        """The model re-read the view."""

    def on_settle(self) -> None:
        """The hand is over: the settlement opens over the table."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (before the table's own update)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint over the table; must not change game state."""
