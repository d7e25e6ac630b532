"""The tutorial at the table: the lesson's steps as an overlay on the ordinary table.

:class:`TutorialCoach` runs over the tutorial's prepared round (:mod:`game.tutorial`). Each
step shows a message and waits: a message step for a click or Enter, an action step for
exactly the action it teaches (the tile or button to press is highlighted; any other action
is refused with a gentle note), the last for the hand to end. The settlement closes the
tutorial (:attr:`completed`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from engine.round import Action, ActionKind, Event, EventKind
from game import palette as pal
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.table.geometry import wall_ring
from game.table.overlay import TableOverlay
from game.tutorial import STEPS, Step
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_paragraph, blit_text, wrap_text

__all__ = ["TutorialCoach"]

# the keys of the step that watches the others play on to the end
_WATCHING = frozenset(k for s in STEPS if s.until_over for k in (s.key, s.wait_key) if k)

REFUSED_S = 2.5  # how long the "not this one" note shows
LIFT = 12  # how far a hovered or selected hand tile rises (game/table/painter.py, 1280×800)
# the buttons whose preview (game/table/hints.py claim_preview) shows above them on hover
_PREVIEWED = frozenset(
    {
        ActionKind.WIN,
        ActionKind.PONG,
        ActionKind.EXPOSED_KONG,
        ActionKind.CONCEALED_KONG,
        ActionKind.ADDED_KONG,
    }
)


@dataclass(frozen=True)
class _Box:
    """The lesson's box: where, its words' size, and whether "Tutorial n/8" heads it."""

    rect: pygame.Rect
    size: int
    head: bool = True


class TutorialCoach(TableOverlay):
    """The lesson over the table; ``index`` is the current step of :data:`STEPS`."""

    def __init__(self) -> None:
        self.index = 0
        self.completed = False
        self.refused = 0.0  # seconds left of the "not this one" note
        self.arrow_box: pygame.Rect | None = None  # where the arrow was last drawn
        self.dealing = False  # the deal plays: the whole wall shows, being taken

    @property
    def step(self) -> Step | None:
        return STEPS[self.index] if self.index < len(STEPS) else None

    def expected_action(self) -> Action | None:
        """The legal action the current step waits for, once it is offered."""
        step = self.step
        if step is None or step.expect is None:
            return None
        return next((a for a in self.table.model.legal if step.matches(a)), None)

    def advance(self) -> None:
        self.index += 1
        self.refused = 0.0

    # --- gating the player's actions ----------------------------------------------------

    def allows(self, action: Action) -> bool:
        # a move on a message step (the intro's Void Bamboo button is on the table while it
        # is read) ends the reading, as a click on it would: the move is judged by the step
        # it belongs to — refused before, with "follow the highlight" and nothing highlighted
        while self.step is not None and self._is_message(self.step):
            self.advance()
        step = self.step
        if step is not None and step.matches(action):
            return True
        self.refused = REFUSED_S
        return False

    def allows_putting_away(self) -> bool:
        # the lesson's Kong or Win is its button: put away (Esc, or Pass to discard), it
        # would not come back, and every discard is refused — a dead end for a player who
        # only clicks; the buttons stay, with the "follow the highlight" note
        action = self.expected_action()
        if action is not None and action.kind is not ActionKind.DISCARD:
            self.refused = REFUSED_S
            return False
        return True

    def enter_action(self) -> Action | None:
        """What Enter does at a Pong, Kong or Win step: press the highlighted button. The
        lesson's steps before went on with Enter, and here it did nothing (the hand's Enter
        discards a selected tile: refused). At a discard step with no tile selected, Enter
        throws the highlighted one: it did nothing there, and a player on the keyboard, who
        had gone on with Enter from the first message, was left with no word of the arrows
        (the steps now name them too); a tile the arrows selected is the player's choice."""
        action = self.expected_action()
        if action is None:
            return None
        if action.kind is ActionKind.DISCARD:
            return action if self.table.model.selected is None else None
        if action.kind not in _PREVIEWED or self.table.claim_rect(action) is None:
            return None
        return action

    def on_submitted(self, action: Action) -> None:
        self.advance()

    @staticmethod
    def _is_message(step: Step) -> bool:
        """A step that only asks to be read (click or Enter goes on)."""
        return step.expect is None and not step.until_over

    def handle_event(self, event: InputEvent) -> bool:
        step = self.step
        if step is not None and self._is_message(step):
            confirm = event.kind is InputKind.COMMAND and event.command is Command.CONFIRM
            click = event.kind is InputKind.MOUSE_UP and event.button == 1
            if confirm or click:
                self.advance()
            cancel = event.kind is InputKind.COMMAND and event.command is Command.CANCEL
            # the toolbar still works, and Esc still pauses (a keyboard player's way out)
            return event.kind is not InputKind.UI_BUTTON and not cancel
        return False

    def on_events(self, events: Sequence[Event]) -> None:
        if any(e.kind is EventKind.DEAL for e in events):
            self.dealing = True  # until its animation is over (``update``)

    def update(self, dt: float) -> None:
        self.refused = max(0.0, self.refused - dt)
        if self.dealing and not self.table.animating:
            self.dealing = False

    # --- where things go ----------------------------------------------------------------

    def highlight_rect(self) -> pygame.Rect | None:
        """Where the player should click for the current step: a hand tile or a button."""
        action = self.expected_action()
        if action is None:
            return None
        if action.kind is ActionKind.DISCARD:
            m = self.table.model
            slot = next((s for s in reversed(m.slots) if s.kind == action.tile), None)
            if slot is None:
                return None
            if slot.index in (m.hover, m.selected):  # risen: the ring takes the whole tile
                return slot.rect.union(slot.rect.move(0, -self.table.layout.px(LIFT)))
            return slot.rect.copy()
        return self.table.claim_rect(action)

    def tile_hint_box(self) -> pygame.Rect | None:
        """Where a hand tile's hint line (what discarding it leaves) shows this frame, as the
        table drew it under this overlay (``Painter.tooltip_box``: above the tile, or clear
        of the wall and the tiles in play); None when there is none."""
        box = self.table.tile_hint_box
        return None if box is None else box.copy()

    def message_rect(self, key: str) -> pygame.Rect:
        """Where the lesson's box goes for the words of ``key`` (:meth:`_box`)."""
        return self._box(key).rect

    def wall_rects(self, standing: bool = True) -> list[pygame.Rect]:
        """The wall's stacks as drawn (the upper tile raised): those still standing — all
        of them while the deal plays, which takes them in steps — or, with ``standing``
        False, every stack, drawn or not."""
        lay = self.table.layout
        m = self.table.model
        ring = wall_ring(m.view.dice, lay.place(m.view.dealer, m.bottom), lay.wall_stacks)
        drawn = 0 if self.dealing or not standing else lay.tiles - m.view.wall_remaining
        out = []
        for g, (pos, stack) in enumerate(ring):
            if drawn - 2 * g >= 2:
                continue  # both tiles of the stack are gone
            rect = lay.wall_stack_rect(pos, stack)
            out.append(rect.union(rect.move(0, -lay.wall_lift)))
        return out

    def _box(self, key: str) -> _Box:
        """The lesson's box: at the top, under the top player's row, between the top
        player's panel and the right player's column — over no seat's tiles, panel or note
        (the right column ran under it at the top right), and above the table's middle, so
        the discards it may reach are the top player's outer rows, which the lesson's hand
        never fills before its last step (that step's box goes below: ``_watch_box``).
        Beside the toolbar where that leaves it shorter, else under it, wider. That place
        is the top wall's, which the lesson's deal takes whole; while the deal plays the
        box goes below the top wall instead (``_inside_box``), over the empty ponds."""
        text = t(key, self.table.lang)
        if key in _WATCHING:
            watch = self._watch_box(text)
            if watch is not None:
                return watch
        box = self._top_box(text)
        walls = self.wall_rects()
        if box.collidelist(walls) >= 0:
            inside = self._inside_box(text)
            if inside.collidelist(walls) < 0:
                return _Box(inside, self.table.layout.px(17))
        return _Box(box, self.table.layout.px(17))

    def _top_box(self, text: str) -> pygame.Rect:
        lay = self.table.layout
        gap, pad, size = lay.px(12), lay.px(32), lay.px(17)
        left = lay.panels[2].right + gap
        reach = lay.ring_half[0] + lay.wall_h + lay.px(lay.column_gap)  # Layout.column_reach
        right = lay.center[0] + reach - gap  # the right seat's column is beyond
        top = lay.px(16) + lay.opp_h + lay.px(10)  # under the top player's row
        spans = [(top, min(right, lay.toolbar.left - gap))]
        if lay.toolbar.left - gap < right:  # or under the toolbar, as wide as the room is
            spans.append((max(top, lay.toolbar.bottom + lay.px(10)), right))
        boxes = []
        for y, end in spans:
            width = max(lay.px(240), min(end - left, lay.px(640)))
            lines = len(wrap_text(text, size, width - pad))
            box = pygame.Rect(0, y, width, lay.px(66) + round(lines * size * 1.35))
            box.centerx = (left + end) // 2
            boxes.append(box)
        return min(boxes, key=lambda b: (b.bottom, -b.w))

    def _inside_box(self, text: str) -> pygame.Rect:
        """Inside the wall, under its top side and between its left and right sides, as
        wide as they leave: where the ponds will be, empty while the tiles are dealt."""
        lay = self.table.layout
        gap, pad, size = lay.px(12), lay.px(32), lay.px(17)
        width = min(2 * (lay.ring_half[0] - gap), lay.px(640))
        lines = len(wrap_text(text, size, width - pad))
        box = pygame.Rect(0, 0, width, lay.px(66) + round(lines * size * 1.35))
        box.midtop = (lay.center[0], lay.center[1] - lay.ring_half[1] + gap)
        return box

    def _watch_box(self, text: str) -> _Box | None:
        """The last step's box, while the others play the wall out: at the top it lay over
        the top player's outer discard rows, which fill then (there is no room above them:
        they reach the wall). Below the own discards instead — the player has won and
        discards no more —, above the bottom wall (it lay over that wall's top and the side
        walls' ends: its tiles are still being drawn) and between the side walls. That room
        is short: the words take the largest size that fits there, down to the small one
        (12 px at 1024×640), without the "Tutorial 8/8" line if need be. None where nothing
        fits (the box goes to the top)."""
        lay = self.table.layout
        m = self.table.model
        gap, pad = lay.px(12), lay.px(32)
        top = lay.center_box.bottom
        if m.human is not None:
            pond = m.view.seats[m.human].pond
            pos = lay.place(m.human, m.bottom)
            for i in range(len(pond)):
                top = max(top, lay.pond_slot(pos, i, len(pond))[0].bottom)
        top += gap
        wall_top = lay.center[1] + lay.ring_half[1] - lay.wall_lift  # the bottom wall's
        bottom = min(wall_top, lay.hint_y - lay.px(8)) - gap  # and the status line's band
        width = min(2 * (lay.ring_half[0] - gap), lay.px(640))  # between the side walls
        small = max(MIN_TEXT, lay.px(14))
        for size in range(lay.px(17), small - 1, -1):
            lines = len(wrap_text(text, size, width - pad))
            for head in (True, False):
                high = (lay.px(48) if head else lay.px(28)) + lines * round(size * 1.35)
                if top + high <= bottom:
                    box = pygame.Rect(0, top, width, high)
                    box.centerx = lay.center[0]
                    return _Box(box, size, head)
        return None

    def _shown_key(self, step: Step) -> str:
        """The step's words, or its "wait" words while its move is not offered yet."""
        offered = step.expect is None or self.expected_action() is not None
        return step.key if offered or step.wait_key is None else step.wait_key

    def keep_clear(self) -> list[pygame.Rect]:
        """The lesson's box as drawn, first: a notice at the top (the last starts failed,
        the settings were damaged) lay over its words. Then the wall, every stack of it
        (it is whole at the start of the hand, when those notices come): two notices lay
        over the top wall at 1024×640. But for the last step, while the others play the
        wall out, only the box: the table keeps the standing stacks clear, and the top
        wall's place, drawn by then, is the room notices have above the top player's
        discards (kept below the whole wall, they lay over its outer rows as they filled)."""
        step = self.step
        if step is None or self.table.model.settled:
            return []
        key = self._shown_key(step)
        if key in _WATCHING:
            return [self.message_rect(key)]
        return [self.message_rect(key), *self.wall_rects(standing=False)]

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        step = self.step
        table = self.table
        if step is None or table.model.settled:  # the settlement shows over the table now
            return
        lay = table.layout
        lang = table.lang
        key = self._shown_key(step)
        plan = self._box(key)
        box = plan.rect
        small = max(MIN_TEXT, lay.px(14))  # at 1024×640 px(14) is 11
        panel(surface, box, fill=(30, 22, 8, 235), edge=pal.GOLD_LIGHT)
        words_y = lay.px(14)
        if plan.head:
            head = t("tutorial.progress", lang, n=self.index + 1, total=len(STEPS))
            at = (box.x + lay.px(16), box.y + lay.px(10))
            blit_text(surface, head, small, pal.GOLD, at, bold=True)
            words_y = lay.px(34)
        body = pygame.Rect(box.x + lay.px(16), box.y + words_y, box.w - lay.px(32), box.h)
        blit_paragraph(surface, t(key, lang), plan.size, pal.IVORY_TEXT, body)
        foot: str | None = None
        if self._is_message(step):
            foot = t("tutorial.continue", lang)
        if self.refused > 0:
            foot = t("tutorial.try_again", lang)
        if foot:
            colour = (255, 170, 130) if self.refused > 0 else pal.GOLD_LIGHT
            blit_text(
                surface,
                foot,
                small,
                colour,
                (box.right - lay.px(16), box.bottom - lay.px(10)),
                "bottomright",
                True,
            )
        target = self.highlight_rect()
        self.arrow_box = None
        if target is not None:
            pulse = 0.5 + 0.5 * math.sin(table.model.time * 6.0)
            ring = target.inflate(lay.px(10), lay.px(10))
            colour = (255, round(200 + 55 * pulse), 80)
            pygame.draw.rect(surface, colour, ring, width=max(3, lay.px(4)), border_radius=8)
            pts = self._arrow(ring)
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            arrow = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            hint = self.tile_hint_box()
            if hint is not None and hint.colliderect(arrow):
                # the hint line shows just above the hand, where the arrow would lie on its
                # words ("Discard 1 Bamboo: 1 away from ready"); the pointer or the keys are
                # on the hand already, and the ring still marks the tile. Only there: the
                # pointer left on the hand after the 7 Characters' discard took the arrow
                # from the Kong button, well clear of the hint
                return
            pygame.draw.polygon(surface, colour, pts)
            self.arrow_box = arrow

    def _arrow(self, ring: pygame.Rect) -> list[tuple[int, int]]:
        """The arrow at the highlight: above it, pointing down — but right above a claim
        button is where its preview (what the 胡 / 杠 would pay or leave) shows once the
        pointer is on it, so there the arrow points from the left. In a claim window the
        claimed tile lies left of the buttons and the preview goes higher, above that tile:
        the arrow stays above the button."""
        lay = self.table.layout
        m = self.table.model
        action = self.expected_action()
        if action is not None and action.kind in _PREVIEWED and m.view.claim_tile is None:
            tip = (ring.x - lay.px(8), ring.centery)
            return [
                tip,
                (tip[0] - lay.px(18), tip[1] - lay.px(12)),
                (tip[0] - lay.px(18), tip[1] + lay.px(12)),
            ]
        tip = (ring.centerx, ring.y - lay.px(8))
        return [
            tip,
            (tip[0] - lay.px(12), tip[1] - lay.px(18)),
            (tip[0] + lay.px(12), tip[1] - lay.px(18)),
        ]
