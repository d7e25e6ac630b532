"""复盘 The review along a replay: :class:`ReviewPanel`, an overlay of the replay viewer.

Its Review button starts the review of the bottom seat's decisions on the background
worker (:func:`game.review.review_worker`) and shows a progress bar; the frames never wait.
Once done, the panel shows the hand's accuracy and loss, a strip with one mark per decision
(green: agreed, amber: a small mistake, red: a big one; a click jumps there), the decision
at or after the viewer's step — the choice, the loss, the best action and why, the options
with their values — and, on the bottom hand, the best tile and the chosen one. Next mistake
jumps to the position before the next mistake. From the keyboard, ↓ is the panel's button
(Review, then Next mistake) and ↑ goes to the mistake before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame
import pygame_gui

from engine.review import HandReview, ReviewedDecision, ReviewWords, Verdict, review_seat
from engine.round import ActionKind
from game import palette as pal
from game.i18n import t, tn
from game.input import Command, InputEvent, InputKind
from game.palette import Colour
from game.review import ReviewJob, ReviewLog, ReviewSummary, ReviewWorker, review_worker
from game.table.buttons import button_font, scaled_id
from game.table.layout import Layout
from game.table.overlay import TableOverlay
from game.table.replay import (
    BOX_FILL,
    CONTROLS_H,
    ReplayController,
    ReplayControls,
    text_px,
)
from game.ui.draw import panel
from game.ui.text import (
    MIN_TEXT,
    blit_text,
    button_width,
    render_text,
    seat_label,
    wrap_text,
    wrap_unsqueezed,
)

__all__ = ["VERDICT_COLOURS", "ReviewPanel"]

VERDICT_COLOURS = {
    Verdict.AGREE: (120, 220, 140),
    Verdict.SMALL: (245, 190, 90),
    Verdict.BIG: (245, 110, 95),
}


class ReviewPanel(TableOverlay):
    """The review of a replayed hand, beside the viewer's controls. ``auto_start``: begin
    at once (the settlement's Review button); ``log``: where finished reviews are kept;
    ``controls``: the viewer's, whose Hide puts this panel away too (the marks on the
    bottom hand stay)."""

    def __init__(
        self,
        controller: ReplayController,
        *,
        worker: ReviewWorker | None = None,
        log: ReviewLog | None = None,
        auto_start: bool = False,
        controls: ReplayControls | None = None,
    ) -> None:
        self.controller = controller
        self.controls = controls
        self._hidden = False
        self.doc: Mapping[str, Any] = controller.doc
        human = controller.seating.human  # the bottom seat, a seat of the hand
        self.seat = human if human is not None else review_seat(self.doc)
        self.worker = worker
        self.log = log
        self.auto_start = auto_start
        self.job: ReviewJob | None = None
        self._logged = False
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        self._lines_key: tuple[int, int, str, float] | None = None
        self._lines = 1

    # --- state ----------------------------------------------------------------------------

    @property
    def hidden(self) -> bool:
        """Put away with the viewer's controls (their Hide)."""
        return self.controls is not None and self.controls.folded

    @property
    def review(self) -> HandReview | None:
        return None if self.job is None else self.job.review

    def start(self) -> None:
        """Ask the worker for the review (the same hand again is the same job)."""
        worker = self.worker if self.worker is not None else review_worker()
        self.worker = worker
        self.job = worker.submit(self.doc, self.seat)
        self._build()

    def current(self) -> ReviewedDecision | None:
        """The reviewed decision at the viewer's step or the next one after it."""
        review = self.review
        if review is None:
            return None
        step = self.controller.step
        return next((d for d in review.decisions if d.step >= step), None)

    def next_mistake(self) -> ReviewedDecision | None:
        review = self.review
        if review is None:
            return None
        step = self.controller.step
        later = [d for d in review.mistakes if d.step > step]
        if not later:
            later = list(review.mistakes)  # round again from the start
        return later[0] if later else None

    def previous_mistake(self) -> ReviewedDecision | None:
        review = self.review
        if review is None:
            return None
        step = self.controller.step
        earlier = [d for d in review.mistakes if d.step < step]
        if not earlier:
            earlier = list(review.mistakes)  # round again from the end
        return earlier[-1] if earlier else None

    def jump(self, step: int) -> None:
        """The position just before decision ``step``."""
        self.controller.seek(step)
        self.table.rewind()

    # --- geometry -------------------------------------------------------------------------

    def box(self) -> pygame.Rect:
        """At the head of the viewer's column (``Layout.side``), above its controls and as
        wide, as tall as what it shows (:meth:`content_height`): the intro before the
        review, the progress bar, or the summary and the decision at the viewer's step."""
        lay = self.table.layout
        side = lay.side
        gap = lay.px(6)
        top, right, width = side.y, side.right, side.w
        bottom = side.bottom - lay.px(CONTROLS_H) - gap
        height = min(self.content_height(width), max(lay.px(60), bottom - top))
        rect = pygame.Rect(0, top, width, height)
        rect.right = right
        return rect

    def content_height(self, width: int) -> int:
        """How tall the box must be ``width`` wide for what it shows now. Once reviewed, as
        tall as this hand's longest decision as drawn (:meth:`decision_lines`): stepping
        through the hand does not make it jump, and a hand of short decisions leaves no
        rows of empty box under them."""
        lay = self.table.layout
        lang = self.table.lang
        job = self.job
        if job is None or job.error is not None:
            text = t("review.intro" if job is None else "review.failed", lang)
            lines = len(wrap_text(text, text_px(lay, 14), width - lay.px(20)))
            return lay.px(40) + lines * lay.px(19) + lay.px(6)
        if job.review is None:
            return lay.px(66)  # the title and the progress bar
        if not job.review.decisions:
            return lay.px(60)  # the title and "nothing to decide"
        return lay.px(74) + self._most_lines(job.review, width) * lay.px(18) + lay.px(8)

    def _most_lines(self, review: HandReview, width: int) -> int:
        """The lines of the longest of ``review``'s decisions in a box ``width`` wide, shown
        at it or ahead of it (at least the one line after the last)."""
        lay = self.table.layout
        key = (id(review), width, self.table.lang, lay.scale)
        if self._lines_key != key:
            inner = width - lay.px(20)
            self._lines_key = key
            self._lines = max(
                1,
                *(
                    len(self.decision_lines(d, ahead, inner))
                    for d in review.decisions
                    for ahead in (False, True)
                ),
            )
        return self._lines

    def strip(self) -> pygame.Rect:
        lay = self.table.layout
        box = self.box()
        return pygame.Rect(box.x + lay.px(10), box.y + lay.px(56), box.w - lay.px(20), lay.px(10))

    def _strip_x(self, step: int) -> int:
        strip = self.strip()
        total = max(1, self.controller.total)
        return strip.x + round(strip.w * step / total)

    # --- pygame-gui -----------------------------------------------------------------------

    def _build(self) -> None:
        self._kill()
        self._hidden = self.hidden
        if not hasattr(self, "table") or self._hidden:
            return
        lay = self.table.layout
        lang = self.table.lang
        box = self.box()
        h = lay.px(30)
        name, key = ("start", "review.button")  # again after a failure: try again
        if self.job is not None and self.job.error is None:
            if self.review is None or not self.review.mistakes:
                return
            name, key = ("next", "review.next")
        label = t(key, lang)
        size = button_font(lay)  # grown and shrunk with the window, as the controls' are
        w = max(lay.px(90), button_width(label, size) + lay.px(16))
        rect = pygame.Rect(box.right - lay.px(8) - w, box.y + lay.px(6), w, h)
        element = pygame_gui.elements.UIButton(
            rect, label, manager=self.table.ui, object_id=scaled_id(self.table.ui, size)
        )
        self.buttons[element] = name

    def _kill(self) -> None:
        for element in self.buttons:
            kill: Callable[[], None] = element.kill  # pygame-gui's, unannotated there
            kill()
        self.buttons.clear()

    def on_enter(self) -> None:
        if self.auto_start and self.job is None:
            self.start()
        else:
            self._build()

    def on_exit(self) -> None:
        self._kill()

    def set_layout(self, layout: Layout) -> None:
        if self.buttons or self.job is not None or self._hidden:
            self._build()

    # --- input and time -------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> bool:
        if event.kind is InputKind.UI_BUTTON:
            name = next((n for el, n in self.buttons.items() if el is event.element), None)
            if name == "start":
                self.start()
                return True
            if name == "next":
                self._go(self.next_mistake())
                return True
            return False
        if event.kind is InputKind.COMMAND:
            # the keyboard's way to the buttons: ↓ reviews, then goes to the next mistake,
            # ↑ to the one before (the viewer's controls take ←/→, Space, Tab and Esc)
            if event.command is Command.SELECT_DOWN:
                if self.job is None or self.job.error is not None:
                    self.start()
                else:
                    self._go(self.next_mistake())
                return True
            if event.command is Command.SELECT_UP:
                self._go(self.previous_mistake())
                return True
            return False
        if (
            event.kind is InputKind.MOUSE_DOWN
            and event.pos is not None
            and self.review is not None
            and self.review.decisions  # no marks to go to: the strip is not drawn
            and not self.hidden
        ):
            strip = self.strip().inflate(0, self.table.layout.px(12))
            if strip.collidepoint(event.pos):
                x = event.pos[0]
                d = min(self.review.decisions, key=lambda d: abs(self._strip_x(d.step) - x))
                self.jump(d.step)
                return True
        return False

    def _go(self, decision: ReviewedDecision | None) -> None:
        if decision is not None:
            self.jump(decision.step)

    def update(self, dt: float) -> None:
        if self.hidden != self._hidden:  # the controls' Hide or Show was pressed
            self._build()
        if self.job is None or self.worker is None:
            return
        if not self.job.finished:
            self.worker.poll()
            if self.job.finished:
                self._build()
        if self.job.review is not None and not self._logged:
            self._logged = True
            meta = self.doc.get("meta")
            human = meta.get("human") if isinstance(meta, Mapping) else None
            yours = isinstance(human, int) and human == self.seat  # a demo's bots: not yours
            if self.log is not None and yours:
                self.log.add(ReviewSummary.of(self.job.key, self.job.review, self.doc))

    # --- drawing --------------------------------------------------------------------------

    def words(self) -> ReviewWords:
        human = self.table.model.human
        players = self.table.model.players
        names = [seat_label(s, human, self.table.lang, players) for s in range(players)]
        # the loss stands beside each verdict: the reasons never say it again
        return ReviewWords(self.table.lang, names, you=human, players=players, loss_shown=True)

    def draw(self, surface: pygame.Surface) -> None:
        if self.hidden:
            if self.review is not None:
                self._draw_tiles(surface)  # the marks on the bottom hand stay
            return
        lay = self.table.layout
        lang = self.table.lang
        box = self.box()
        panel(surface, box, fill=BOX_FILL)
        x = box.x + lay.px(10)
        title_y = box.y + lay.px(21)
        title = blit_text(
            surface, t("review.title", lang), lay.px(17), pal.GOLD_LIGHT, (x, title_y),
            "midleft", True,
        )  # fmt: skip
        tx = title.right + lay.px(10)
        job = self.job
        if job is None:  # what the button does, under the title, at a readable size
            y, width = box.y + lay.px(40), box.w - lay.px(20)
            for line in wrap_text(t("review.intro", lang), text_px(lay, 14), width):
                blit_text(surface, line, text_px(lay, 14), pal.IVORY_TEXT, (x, y), max_w=width)
                y += lay.px(19)
            return
        if job.error is not None:  # under the title: the Review button is back beside it
            text = t("review.failed", lang)  # (the engine's message is for the log, in English)
            y, width = box.y + lay.px(40), box.w - lay.px(20)
            for line in wrap_text(text, text_px(lay, 14), width):
                blit_text(surface, line, text_px(lay, 14), (250, 140, 120), (x, y), max_w=width)
                y += lay.px(19)
            return
        review = job.review
        if review is None:
            self._draw_progress(surface, job, tx, title_y)
            return
        self._draw_summary(surface, review, x, box.y + lay.px(44))
        if review.decisions:  # the summary says there was none: no empty strip to click
            self._draw_strip(surface, review)
        self._draw_decision(surface, review)
        self._draw_tiles(surface)

    def _draw_progress(self, surface: pygame.Surface, job: ReviewJob, x: int, y: int) -> None:
        lay = self.table.layout
        lang = self.table.lang
        box = self.box()
        text = (
            t("review.running", lang, done=job.done, total=job.total)
            if job.total
            else t("review.starting", lang)
        )
        blit_text(surface, text, text_px(lay, 14), pal.IVORY_TEXT, (x, y), "midleft")
        bar = pygame.Rect(box.x + lay.px(10), box.y + lay.px(42), box.w - lay.px(20), lay.px(14))
        pygame.draw.rect(surface, (30, 50, 40), bar, border_radius=lay.px(6))
        fill = bar.copy()
        fill.w = round(bar.w * job.fraction)
        if fill.w > 0:
            pygame.draw.rect(surface, pal.GOLD, fill, border_radius=lay.px(6))
        pygame.draw.rect(surface, pal.GOLD_DARK, bar, width=1, border_radius=lay.px(6))

    def _draw_summary(self, surface: pygame.Surface, review: HandReview, x: int, y: int) -> None:
        lay = self.table.layout
        lang = self.table.lang
        box = self.box()
        if not review.decisions:
            text = t("review.none", lang)
        else:
            n = len(review.mistakes)
            text = tn(
                "review.summary",
                lang,
                n,
                acc=round(review.accuracy * 100),
                mistakes=n,
                loss=f"{review.mistakes_loss:.2f}",  # the mistakes', as counted beside it
            )
        blit_text(surface, text, text_px(lay, 14), pal.IVORY_TEXT, (x, y), "midleft",
                  max_w=box.right - lay.px(10) - x)  # fmt: skip

    def _draw_strip(self, surface: pygame.Surface, review: HandReview) -> None:
        lay = self.table.layout
        strip = self.strip()
        pygame.draw.rect(surface, (30, 50, 40), strip, border_radius=lay.px(4))
        w = max(2, lay.px(4))
        for d in review.decisions:
            mark = pygame.Rect(0, strip.y, w, strip.h)
            mark.centerx = self._strip_x(d.step)
            pygame.draw.rect(surface, VERDICT_COLOURS[d.verdict], mark)
        cx = self._strip_x(self.controller.step)
        pygame.draw.polygon(
            surface,
            pal.GOLD_LIGHT,
            [(cx, strip.bottom + 1), (cx - lay.px(5), strip.bottom + lay.px(8)),
             (cx + lay.px(5), strip.bottom + lay.px(8))],
        )  # fmt: skip

    def decision_lines(
        self, d: ReviewedDecision, ahead: bool, width: int
    ) -> list[tuple[str, int, Colour, bool]]:
        """Decision ``d`` as drawn ``width`` wide, line by line (text, size, colour, bold):
        the step, the choice and its verdict; unless it agreed, its loss beside the verdict,
        the best action and why (the loss not said again); the options. Never under
        :data:`MIN_TEXT` nor squeezed narrower than it is — a long heading, reason or
        options line takes another line (at 1024×640 they shrank to 11 and 10 px to keep
        to two, then a reason and the exchange's options were squeezed to keep to three and
        two); the box grows with its longest decision."""
        lay = self.table.layout
        lang = self.table.lang
        size = text_px(lay, 14)
        words = self.words()
        head = t("review.step", lang, n=d.step) + " · " + words.action(d.chosen, d.phase)
        if ahead:
            head = t("review.ahead", lang, what=head)
        colour = VERDICT_COLOURS[d.verdict]
        if d.agrees:
            head += " · " + t("review.agree", lang)
        else:
            verdict = t("review." + d.verdict.value, lang)
            head += f" · {verdict} " + t("review.loss", lang, loss=f"{d.loss:.2f}")
        lines, fitted = wrap_unsqueezed(head, size, width, 2, max(MIN_TEXT, size - 1), bold=True)
        out = [(line, fitted, colour, True) for line in lines]
        if not d.agrees:
            best = t("review.best", lang, action=words.action(d.best, d.phase))
            reason = f"{best} — {words.reason(d)}"
            lines, fitted = wrap_unsqueezed(reason, size, width, 3, max(MIN_TEXT, size - 2))
            out += [(line, fitted, pal.IVORY_TEXT, False) for line in lines]
        small = text_px(lay, 13)
        # as many options as fit on one line unshrunk (squeezed into the box, the line was
        # under 12 px at 1024×640); a choice that was not the best (a mistake, or one agreed
        # under 0.1 behind) always shows beside the best, on more lines if need be
        for n in (3, 2, 1) if d.is_best else (3, 2):
            shown = [
                f"{words.action(o.action, d.phase)} {o.value:+.2f}" for o in d.shown_options(n)
            ]
            gap = "" if lang == "zh" else " "  # after "：", as Chinese sets it, no space
            text = t("review.options", lang) + gap + " · ".join(shown)
            if render_text(text, small, pal.UI_TEXT_DIM).get_width() <= width:
                break
        lines, fitted = wrap_unsqueezed(text, small, width, 2, MIN_TEXT)
        out += [(line, fitted, pal.UI_TEXT_DIM, False) for line in lines]
        return out

    def _draw_decision(self, surface: pygame.Surface, review: HandReview) -> None:
        lay = self.table.layout
        lang = self.table.lang
        box = self.box()
        x = box.x + lay.px(10)
        w = box.w - lay.px(20)
        y = self.strip().bottom + lay.px(8)
        line_h = lay.px(18)
        d = self.current()
        if d is None and not review.decisions:
            return  # the summary says there was nothing to decide: no "well played" under it
        if d is None:  # past the last decision: its one line in the middle of the room
            key = "review.no_mistakes" if not review.mistakes else "review.done_all"
            at = (x, (y + box.bottom - lay.px(8)) // 2)
            size = text_px(lay, 14)
            blit_text(surface, t(key, lang), size, pal.UI_TEXT_DIM, at, "midleft", max_w=w)
            return
        lines = self.decision_lines(d, d.step > self.controller.step, w)
        for n, (text, size, colour, bold) in enumerate(lines):
            if n and y + line_h > box.bottom - lay.px(2):
                break  # a window too short for the whole box: the heading at least
            blit_text(surface, text, size, colour, (x, y), max_w=w, bold=bold)
            y += line_h

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        """At the position of a reviewed discard: the best tile framed green, the chosen one
        red, on the bottom hand."""
        d = self.current()
        if d is None or d.step != self.controller.step or d.agrees:
            return
        lay = self.table.layout
        lang = self.table.lang
        slots = self.table.model.slots
        marks = ((d.best, VERDICT_COLOURS[Verdict.AGREE], "review.best_tile"),
                 (d.chosen, VERDICT_COLOURS[Verdict.BIG], "review.your_tile"))  # fmt: skip
        for action, colour, key in marks:
            if action.tile is None or action.kind is not ActionKind.DISCARD:
                continue
            slot = next((s for s in reversed(slots) if s.kind == action.tile), None)
            if slot is None:
                continue
            rect = slot.rect.inflate(lay.px(4), lay.px(4))
            pygame.draw.rect(surface, colour, rect, width=max(2, lay.px(3)),
                             border_radius=lay.px(5))  # fmt: skip
            blit_text(surface, t(key, lang), text_px(lay, 13), colour,
                      (rect.centerx, rect.y - lay.px(2)), "midbottom", True)  # fmt: skip
