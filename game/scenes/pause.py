"""The pause menu over the table (Esc / the table's Menu button).

Resume, Settings (the settings scene), Rules & help (the help scene) and Leave. Leaving in
the middle of a hand asks first, then settles the hand as a walk-out (逃跑, RULES.md §6.4:
``Controller.walk_out`` → ``Round.leave``); the table then shows the settlement and the
match ends. Leaving between hands (or after the human has won) keeps the autosave, so the
main menu's Continue resumes the match. The table is a :class:`PauseTarget`: the pause menu
uses nothing else of it.

A friends' table does not pause (:attr:`PauseTarget.plays_on`): the server plays on, and the
turn timer runs. The menu says so — it said "Paused / Esc resumes" while the others played
and the timer played the player's turn — and its first button goes back to the table.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

import pygame

from game import palette as pal
from game.routes import Route
from game.scenes.menu_base import MenuContext, MenuScene
from game.ui.controls import Button, answer_buttons
from game.ui.draw import dim_layer, panel
from game.ui.text import MIN_TEXT, blit_paragraph, blit_text, outlined_text

__all__ = ["PauseScene", "PauseTarget"]

ITEMS = ("resume", "settings", "rules", "leave")


class PauseTarget(Protocol):
    """What the pause menu needs of the table under it."""

    def mid_hand(self) -> bool:
        """Leaving now is a walk-out: the human still plays this hand."""
        ...

    @property
    def walk_out_penalty(self) -> int:
        """What a walk-out costs to each player who has not won."""
        ...

    @property
    def autosaves(self) -> bool: ...

    @property
    def hosts_others(self) -> bool:
        """The table runs in this game and others play at it: leaving closes it for all."""
        ...

    @property
    def plays_on(self) -> bool:
        """The table goes on under the menu (a networked one: the server's turn timer)."""
        ...

    def walk_out(self) -> None:
        """逃跑: settle the hand now (the table shows the settlement)."""

    def leave(self) -> None:
        """Close the table between hands (back to the menu)."""


class PauseScene(MenuScene):
    """A dimmed overlay with the pause buttons; ``confirming`` while asking about leaving:
    ``asking`` says what — ``walk_out`` (逃跑, RULES.md §6.4) or ``host`` (the table this game
    hosts for friends closes for everyone)."""

    opaque = False

    def __init__(self, ctx: MenuContext, table: PauseTarget) -> None:
        self.table = table
        self.confirming = False
        self.asking = "walk_out"
        super().__init__(ctx)

    # --- state ---------------------------------------------------------------------------

    def mid_hand(self) -> bool:
        """Whether leaving now is a walk-out: the human is still playing this hand."""
        return self.table.mid_hand()

    def penalty(self) -> int:
        return self.table.walk_out_penalty  # RULES.md §6.4 16 × base to each un-won player

    # --- building ------------------------------------------------------------------------

    def plays_on(self) -> bool:
        return self.table.plays_on

    def _box(self) -> pygame.Rect:
        w = self.px(620 if self.confirming else 460 if self.plays_on() else 380)
        h = self.px(330 if self.confirming else 420 if self.plays_on() else 380)
        box = pygame.Rect(0, 0, w, h)
        box.center = (self.w // 2, self.h // 2)
        return box

    def build(self) -> None:
        box = self._box()
        bw, bh, gap = self.px(280), self.px(48), self.px(12)
        if self.confirming:
            yes = "pause.host.yes" if self.asking == "host" else "pause.confirm.yes"
            self.controls += answer_buttons(
                box,
                self.px,
                (self.t("pause.confirm.no"), self.cancel_leave, "no"),
                (self.t(yes), self.confirm_leave, "yes"),
                width=250,
            )
            self.focus_named("no")
            return
        top = box.y + self.px(86)
        for i, name in enumerate(ITEMS):
            rect = pygame.Rect(0, top + i * (bh + gap), bw, bh)
            rect.centerx = box.centerx
            key = "net.pause.resume" if name == "resume" and self.plays_on() else f"pause.{name}"
            self.controls.append(
                Button(
                    rect,
                    self.t(key),
                    partial(self.choose, name),
                    name=name,
                    style="primary" if name == "resume" else "normal",
                    font_size=self.px(20),
                )
            )
        if self.focus < 0:
            self.focus_named("resume")

    # --- actions -------------------------------------------------------------------------

    def choose(self, name: str) -> None:
        if name == "resume":
            self.resume()
        elif name == "settings":
            self.ctx.nav.go(Route.SETTINGS)
        elif name == "rules":
            self.ctx.nav.go(Route.HELP)
        elif name == "leave":
            self.leave()

    def resume(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def leave(self) -> None:
        """Leave the table: ask first when it is a walk-out, or when it closes the table for
        the friends this game hosts; else straight back to the menu."""
        asking = "walk_out" if self.mid_hand() else "host" if self.table.hosts_others else None
        if asking is not None:
            self.confirming, self.asking = True, asking
            self.focus = -1
            self.rebuild()
            return
        self.resume()
        self.table.leave()

    def cancel_leave(self) -> None:
        self.confirming = False
        self.focus = -1
        self.rebuild()
        self.focus_named("resume")

    def confirm_leave(self) -> None:
        """逃跑 (RULES.md §6.4): settle the hand now; the table shows the settlement. Or the
        host's yes: close the table and leave."""
        self.resume()
        if self.asking == "host":
            self.table.leave()
        else:
            self.table.walk_out()

    def close(self) -> None:  # Esc / Back
        if self.confirming:
            self.cancel_leave()
        else:
            self.resume()

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_layer(surface.get_size(), 150), (0, 0))
        box = self._box()
        panel(surface, box, fill=(16, 52, 36, 240))
        key = "net.pause.title" if self.plays_on() else "pause.title"
        if self.confirming:
            key = "pause.host.title" if self.asking == "host" else "pause.confirm.title"
        title = outlined_text(self.t(key), self.px(32), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + self.px(22))))
        if self.confirming:
            if self.asking == "host":
                body = self.t("pause.host.body")
            else:
                body = self.t("pause.confirm.body", penalty=self.penalty())
            rect = pygame.Rect(
                box.x + self.px(34), box.y + self.px(86), box.w - self.px(68), box.h - self.px(180)
            )
            blit_paragraph(surface, body, self.px(18), pal.IVORY_TEXT, rect)
        elif self.plays_on():  # under the buttons: the table goes on meanwhile
            top = box.y + self.px(86) + len(ITEMS) * self.px(60) + self.px(6)
            rect = pygame.Rect(
                box.x + self.px(28), top, box.w - self.px(56), box.bottom - top - self.px(12)
            )
            text = self.t("net.pause.hint")
            blit_paragraph(surface, text, max(MIN_TEXT, self.px(15)), pal.IVORY_TEXT, rect)
        else:
            note = self.t("pause.saved") if self.app_saves() else self.t("pause.hint")
            blit_text(
                surface,
                note,
                max(MIN_TEXT, self.px(14)),
                pal.UI_TEXT_DIM,
                (box.centerx, box.bottom - self.px(14)),
                "midbottom",
            )
        for c in self.controls:
            if c.visible:
                c.draw(surface)
        self.draw_toast(surface)

    def app_saves(self) -> bool:
        return self.table.autosaves
