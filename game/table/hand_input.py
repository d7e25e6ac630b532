"""The human's hand under the mouse and the keys: clicks, drags and keys become actions.

:class:`HandInput` reads one :class:`~game.input.InputEvent` and returns what it asks for:
an engine :class:`~engine.round.Action` to submit (a discard, a claim, 定缺, 换三张), a
:class:`TableIntent` for the scene (hints, 托管, speed, Esc with nothing to pass), or
None. On the way it moves what the hand shows in the model: the selection (←/→), the hover,
the tiles picked for 换三张, the tile being dragged.

Mouse: click a tile to discard it (a second click when the setting asks to confirm), or drag
it up onto the table. Keys (game.input): ←/→ select, Enter discards the selected tile,
confirms the three to swap or declares the suggested void suit, H win, K kong, P pong, Esc
passes.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from engine.round import Action, ActionKind, Phase
from game.input import Command, InputEvent, InputKind
from game.table.geometry import Pos
from game.table.layout import Layout
from game.table.model import KONG_KINDS, TableModel

__all__ = ["DRAG_THRESHOLD", "HandInput", "TableIntent"]

DRAG_THRESHOLD = 10  # pixels the mouse moves before a press becomes a drag


class TableIntent(enum.Enum):
    """What a key asks of the table itself rather than of the engine."""

    TOGGLE_HINTS = "toggle_hints"
    TOGGLE_AUTO = "toggle_auto"
    CYCLE_SPEED = "cycle_speed"
    CANCEL = "cancel"  # Esc with nothing to pass: put the claim buttons away, or pause


_INTENTS = {
    Command.TOGGLE_HINTS: TableIntent.TOGGLE_HINTS,
    Command.TOGGLE_AUTO: TableIntent.TOGGLE_AUTO,
    Command.CYCLE_SPEED: TableIntent.CYCLE_SPEED,
}


class HandInput:
    """The human's hand: mouse and keys in, actions and intents out."""

    def __init__(self, model: TableModel, confirm_discard: Callable[[], bool]) -> None:
        self.model = model
        self.confirm_discard = confirm_discard  # the setting: a second click discards
        self.press: tuple[int, Pos] | None = None  # (slot index, where the press began)
        self.moved = False  # the arrows moved the selection since the last Enter

    def release(self) -> None:
        """Forget a press or drag in progress (the table is covered)."""
        self.press = None
        self.model.drag = None

    def hover(self) -> None:
        """The slot under the mouse (none while dragging)."""
        m = self.model
        m.hover = None if m.drag is not None else m.slot_at(m.mouse)

    def handle(self, event: InputEvent, lay: Layout) -> Action | TableIntent | None:
        m = self.model
        kind = event.kind
        if kind is InputKind.MOUSE_MOVE:
            m.mouse = event.pos
            if self.press is not None and m.drag is None:
                px, py = self.press[1]
                moved = abs(event.pos[0] - px) + abs(event.pos[1] - py) > DRAG_THRESHOLD
                if moved and m.discard_for(self.press[0]) is not None:
                    m.drag = self.press[0]
            return None
        if kind is InputKind.MOUSE_DOWN and event.button == 1:
            m.mouse = event.pos
            idx = m.slot_at(event.pos)
            self.press = (idx, event.pos) if idx is not None else None
            m.drag = None
            return None
        if kind is InputKind.MOUSE_UP and event.button == 1:
            m.mouse = event.pos
            press, dragged = self.press, m.drag is not None
            self.release()
            if press is None:
                return None
            if dragged:
                if event.pos[1] < lay.hand_y - lay.px(20):
                    return self._discard(press[0])
                return None
            if m.slot_at(event.pos) == press[0]:
                return self._click(press[0])
            return None
        if kind is InputKind.COMMAND and event.command is not None:
            return self._command(event.command)
        return None

    def _command(self, cmd: Command) -> Action | TableIntent | None:
        m = self.model
        intent = _INTENTS.get(cmd)
        if intent is not None:
            return intent
        if cmd in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            if m.slots:
                step = -1 if cmd is Command.SELECT_LEFT else 1
                cur = m.selected if m.selected is not None else (len(m.slots) if step < 0 else -1)
                m.selected = (cur + step) % len(m.slots)
                self.moved = True
            return None
        if cmd is Command.CONFIRM:
            return self._confirm()
        if cmd is Command.WIN:
            return self._first(ActionKind.WIN)
        if cmd is Command.KONG:
            return self._first(*KONG_KINDS)
        if cmd is Command.PONG:
            return self._first(ActionKind.PONG)
        if cmd is Command.CANCEL:
            return self._first(ActionKind.PASS) or TableIntent.CANCEL
        return None

    def _first(self, *kinds: ActionKind, suit: int | None = None) -> Action | None:
        for a in self.model.legal:
            if a.kind in kinds and (suit is None or a.suit == suit):
                return a
        return None

    def _confirm(self) -> Action | None:
        """Enter: discard the selected tile. Before play, with the keyboard alone: 换三张 —
        Enter on a tile the arrows just moved to picks (or unpicks) it, Enter again swaps
        the three picked; 定缺 — Enter declares the suit of the tile the cursor is on (its
        button lit), with no cursor the suggested one (★)."""
        m = self.model
        phase = m.view.phase
        moved, self.moved = self.moved, False
        shown = m.selected if m.selected is not None and m.selected < len(m.slots) else None
        if phase is Phase.EXCHANGE:
            if moved and shown is not None and m.exchanging():
                m.toggle_pick(shown)
                return None
            return m.exchange_action()
        if phase is Phase.DECLARE_VOID:
            return self._first(ActionKind.DECLARE_VOID, suit=m.void_choice())
        if m.selected is not None:
            return self._discard(m.selected)
        return None

    def _click(self, idx: int) -> Action | None:
        m = self.model
        if m.exchanging():
            m.toggle_pick(idx)
            return None
        if self.confirm_discard() and m.selected != idx:
            m.selected = idx  # the setting asks for a second click to discard
            return None
        m.selected = idx
        return self._discard(idx)

    def _discard(self, idx: int) -> Action | None:
        action = self.model.discard_for(idx)
        if action is not None:
            self.model.selected = None
        return action
