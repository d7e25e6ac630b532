"""The tutorial at the table: the table scene with a step-by-step overlay.

:class:`TutorialTable` is the ordinary table over the tutorial's prepared round
(:mod:`game.tutorial`). Each step shows a message and waits: a message step for a click or
Enter, an action step for exactly the action it teaches (the tile or button to press is
highlighted; any other action is refused with a gentle note), the last for the hand to end.
The settlement closes the tutorial.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from engine.match import MatchState
from engine.round import Action, ActionKind
from game import palette as pal
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.scenes.settlement import SettlementScene
from game.scenes.table import TableScene
from game.table import anim
from game.tutorial import BOT_SPEC, STEPS, Step, tutorial_round, tutorial_rules
from game.ui.draw import panel
from game.ui.text import blit_paragraph, blit_text, wrap_text

if TYPE_CHECKING:
    from game.app import App
    from game.table.controller import Controller

__all__ = ["TutorialTable", "start_tutorial"]


def start_tutorial(app: App) -> TutorialTable:
    """Push the tutorial table (help menu, ``python -m game --tutorial``)."""
    from game.table.controller import Controller, Seating

    rules = tutorial_rules()
    match = MatchState(rules=rules, seed=0)
    pace = anim.BOT_PACE.get(app.settings.bot_pace, anim.BOT_PACE["normal"])
    ctl = Controller(rules, match, Seating(human=0, bots=(BOT_SPEC,) * 4), bot_pace=pace)
    ctl.round = tutorial_round(rules)
    ctl.events = list(ctl.round.events)  # dealt: nothing may deal this hand again
    table = TutorialTable(app, ctl)
    app.stack.push(table)
    return table


class _TutorialSettlement(SettlementScene):
    """The tutorial's settlement: a 'tutorial complete' banner; both buttons end it."""

    def update(self, dt: float) -> None:
        self.timer += dt

    def next_hand(self) -> None:
        self.to_menu()

    def to_menu(self) -> None:
        table = self.table
        if isinstance(table, TutorialTable):
            table.completed = True
        stack = self.stack
        if stack is None:
            return
        stack.pop()
        if stack.top is table:
            stack.pop()

    def _build(self) -> None:
        super()._build()
        for element, what in list(self.elements.items()):
            if what == "menu":  # one way out: Finish
                element.kill()
                del self.elements[element]
            else:
                element.set_text(t("tutorial.finish", self.lang))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.table.layout
        rect = self._rect()
        banner = pygame.Rect(rect.x + lay.px(24), 0, rect.w - lay.px(270), lay.px(64))
        banner.bottom = rect.bottom - lay.px(14)
        panel(surface, banner, fill=(60, 40, 10, 250), edge=pal.GOLD_LIGHT)
        inner = banner.inflate(-lay.px(24), -lay.px(14))
        blit_paragraph(surface, t("tutorial.done", self.lang), lay.px(17), pal.GOLD_LIGHT, inner)


class TutorialTable(TableScene):
    """The table with the lesson's overlay; ``index`` is the current step of :data:`STEPS`."""

    def __init__(self, app: App, controller: Controller) -> None:
        self.index = 0
        self.completed = False
        self.refused = 0.0  # seconds left of the "not this one" note
        super().__init__(app, controller)

    @property
    def step(self) -> Step | None:
        return STEPS[self.index] if self.index < len(STEPS) else None

    def expected_action(self) -> Action | None:
        """The legal action the current step waits for, once it is offered."""
        step = self.step
        if step is None or step.expect is None:
            return None
        return next((a for a in self.legal if step.matches(a)), None)

    def advance(self) -> None:
        self.index += 1
        self.refused = 0.0

    # --- gating the player's actions ---------------------------------------------------------

    def _submit(self, action: Action) -> None:
        step = self.step
        if step is not None and step.matches(action):
            super()._submit(action)
            self.advance()
            return
        self.refused = 2.5

    def _toggle_auto(self) -> None:
        pass  # 托管 would play the lesson for the player

    def _attach_items(self) -> None:
        """The tutorial touches no profile: no items, no coins, no statistics."""

    def _level_label(self, seat: int) -> str:
        return ""  # the bots are the lesson's, not a level

    def _menu_pressed(self) -> None:
        self.ctl.cancel()
        if self.stack is not None:
            self.stack.pop()

    def handle_event(self, event: InputEvent) -> None:
        step = self.step
        if step is not None and step.expect is None and not step.until_over:
            confirm = event.kind is InputKind.COMMAND and event.command is Command.CONFIRM
            click = event.kind is InputKind.MOUSE_UP and event.button == 1
            if confirm or click:
                self.advance()
            if event.kind is not InputKind.UI_BUTTON:
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.refused = max(0.0, self.refused - dt)
        super().update(dt)

    def _open_settlement(self) -> None:
        self.settled = True
        self._kill_buttons()
        self.app.audio.play("settlement")
        if self.stack is not None:
            self.stack.push(_TutorialSettlement(self.app, self))

    # --- the overlay ---------------------------------------------------------------------------

    def highlight_rect(self) -> pygame.Rect | None:
        """Where the player should click for the current step: a hand tile or a button."""
        action = self.expected_action()
        if action is None:
            return None
        if action.kind is ActionKind.DISCARD:
            slot = next((s for s in reversed(self.slots) if s.kind == action.tile), None)
            return slot.rect.copy() if slot is not None else None
        for element, target in self.buttons.items():
            if isinstance(target, Action) and target == action:
                return pygame.Rect(element.rect)
        return None

    def message_rect(self, key: str) -> pygame.Rect:
        """The lesson's box: top right, under the toolbar and the top hand, between the top
        player's pond and the window edge, so it hides no discards (the tutorial has no item
        bar there)."""
        lay = self.layout
        left = lay.center_box.right + lay.px(24)
        width = min(lay.w - lay.px(12) - left, lay.px(640))
        size = lay.px(17)
        lines = len(wrap_text(t(key, self.lang), size, width - lay.px(32)))
        box = pygame.Rect(0, 0, width, lay.px(66) + round(lines * size * 1.35))
        top = max(lay.toolbar.bottom, lay.px(16) + lay.opp_h) + lay.px(10)  # under the top hand
        box.topright = (lay.w - lay.px(12), top)
        return box

    def _panel_rect(self, pos: int) -> pygame.Rect:
        """The right seat's panel goes under the tallest lesson box, so no step covers it."""
        rect = super()._panel_rect(pos)
        if pos != 1:
            return rect
        sig = (self.layout.w, self.layout.h, self.lang)
        if getattr(self, "_lowest", (None, 0))[0] != sig:
            keys = [k for step in STEPS for k in (step.key, step.wait_key) if k is not None]
            bottom = max(self.message_rect(k).bottom for k in keys) + self.layout.px(10)
            self._lowest = (sig, bottom)
        return rect.move(0, max(0, self._lowest[1] - rect.y))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        step = self.step
        if step is None or self.settled:  # the settlement shows over the table now
            return
        lay = self.layout
        lang = self.lang
        offered = step.expect is None or self.expected_action() is not None
        key = step.key if offered or step.wait_key is None else step.wait_key
        box = self.message_rect(key)
        size = lay.px(17)
        panel(surface, box, fill=(30, 22, 8, 235), edge=pal.GOLD_LIGHT)
        head = t("tutorial.progress", lang, n=self.index + 1, total=len(STEPS))
        blit_text(
            surface, head, lay.px(14), pal.GOLD, (box.x + lay.px(16), box.y + lay.px(10)), bold=True
        )
        body = pygame.Rect(box.x + lay.px(16), box.y + lay.px(34), box.w - lay.px(32), box.h)
        blit_paragraph(surface, t(key, lang), size, pal.IVORY_TEXT, body)
        foot: str | None = None
        if step.expect is None and not step.until_over:
            foot = t("tutorial.continue", lang)
        if self.refused > 0:
            foot = t("tutorial.try_again", lang)
        if foot:
            colour = (255, 170, 130) if self.refused > 0 else pal.GOLD_LIGHT
            blit_text(
                surface,
                foot,
                lay.px(14),
                colour,
                (box.right - lay.px(16), box.bottom - lay.px(10)),
                "bottomright",
                True,
            )
        target = self.highlight_rect()
        if target is not None:
            pulse = 0.5 + 0.5 * math.sin(self.time * 6.0)
            ring = target.inflate(lay.px(10), lay.px(10))
            colour = (255, round(200 + 55 * pulse), 80)
            pygame.draw.rect(surface, colour, ring, width=max(3, lay.px(4)), border_radius=8)
            arrow_y = ring.y - lay.px(8)
            tip = (ring.centerx, arrow_y)
            pts = [
                tip,
                (tip[0] - lay.px(12), tip[1] - lay.px(18)),
                (tip[0] + lay.px(12), tip[1] - lay.px(18)),
            ]
            pygame.draw.polygon(surface, colour, pts)
