"""牌谱 The replay list and the replay viewer.

:class:`ReplayListScene` lists the kept replays (date, preset, the human's result), newest
first. :class:`ReplayViewer` is the table itself in a read-only mode: a
:class:`ReplayController` stands in for the game controller (no bots, no input reaches the
engine) and holds the :class:`~engine.round.Round` at step N, rebuilt by replaying the first
N decisions of the document (:func:`engine.replay.replay`). Forward steps apply the next
decision and animate like play; backward steps and jumps rebuild. It plays at a chosen
speed, can reveal every hand, and shows the settlement at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from engine.match import HandOutcome, MatchState
from engine.replay import ReplayError, action_from_json, describe_event, replay
from engine.round import Action, Event, EventKind, Round
from engine.settlement import seat_name
from game import palette as pal
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.replays import ReplayInfo, list_replays, load_replay
from game.scenes.menu_base import MenuContext, MenuScene
from game.scenes.settlement import SettlementScene
from game.scenes.table import TableScene
from game.table import anim
from game.ui.controls import Button, ScrollArea
from game.ui.draw import panel
from game.ui.text import SEATS, blit_text, seat_label

if TYPE_CHECKING:
    from game.app import App

__all__ = ["ReplayController", "ReplayListScene", "ReplayViewer", "open_replay_file"]

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # decisions per second


class ReplayController:
    """The table's controller for a replay: the round at ``step``, no bots, no human input."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = dict(doc)
        raw = doc.get("decisions")
        if not isinstance(raw, list):
            raise ReplayError("decisions must be a list")
        self.decisions: list[Action] = [action_from_json(d, i) for i, d in enumerate(raw)]
        replay(self.doc)  # the whole hand must re-execute before anything is shown
        meta = doc.get("meta") if isinstance(doc.get("meta"), Mapping) else {}
        human = meta.get("human", 0)  # type: ignore[union-attr]
        hand_no = meta.get("hand_no", 1)  # type: ignore[union-attr]
        from game.table.controller import Seating

        self.seating = Seating(human=human if isinstance(human, int) else 0, bots=("",) * 4)
        self._hand_no = hand_no if isinstance(hand_no, int) else 1
        self.step = 0
        self.round: Round = self.round_at(0)
        self.rules = self.round.rules
        self.match = MatchState(rules=self.rules, seed=int(doc.get("seed", 0)))
        self.match.dealer = self.round.dealer
        self.events: list[Event] = list(self.round.events)
        self.outcome: HandOutcome | None = None
        self.error: str | None = None
        self.auto = False
        self.bot_pace = 0.0
        self.match_session = None
        self.table_session = None  # no profile, coins or items in a replay
        self.delta: list[int] | None = None  # set once the settlement records the hand
        self.qian_kun = False

    @property
    def total(self) -> int:
        return len(self.decisions)

    def round_at(self, n: int) -> Round:
        """The round after the first ``n`` decisions, replayed from the document."""
        return replay({**self.doc, "decisions": self.doc["decisions"][:n]}, check_result=False)

    def seek(self, n: int) -> None:
        n = max(0, min(self.total, n))
        self.round = self.round_at(n)
        self.step = n
        self.events = list(self.round.events)
        self.outcome = None
        self.delta = None
        self.match = MatchState(rules=self.rules, seed=self.match.seed, dealer=self.round.dealer)

    def forward(self) -> list[Event]:
        """Apply the next decision; its events (empty at the end)."""
        if self.step >= self.total:
            return []
        events = list(self.round.apply(self.decisions[self.step]))
        self.step += 1
        self.events.extend(events)
        return events

    # --- what the table and the settlement ask of a controller ------------------------------

    @property
    def hand_no(self) -> int:
        return self._hand_no

    @property
    def is_over(self) -> bool:
        return bool(self.round.is_over)

    def is_bot(self, seat: int) -> bool:
        return True

    def human_to_act(self) -> bool:
        return False

    def human_legal(self) -> list[Action]:
        return []

    def submit(self, action: Action) -> list[Event]:
        return []

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        return []

    def leave(self) -> list[Event]:
        return []

    def cancel(self) -> None:
        pass

    def finish(self) -> list[int]:
        """The settlement records the hand: into a scratch match of this one hand."""
        from game.table.controller import Controller

        if self.outcome is None:
            self.outcome = Controller._outcome(self)  # type: ignore[arg-type]
            self.delta = self.match.record(self.outcome)
            return self.delta
        return [0] * SEATS

    def next_hand(self) -> ReplayController:
        return self

    def human_items(self) -> list[Action]:
        return []

    def redeal(self, qian_kun: bool) -> bool:
        return False


class _ViewerSettlement(SettlementScene):
    """The settlement at the end of a replay: both buttons go back to the viewer."""

    def update(self, dt: float) -> None:
        self.timer += dt  # no automatic next hand

    def next_hand(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def to_menu(self) -> None:
        if self.stack is not None:
            self.stack.pop()
            if self.stack.top is self.table:
                self.stack.pop()


class ReplayViewer(TableScene):
    """The table scene over a :class:`ReplayController`, with playback controls."""

    interactive = False  # nobody plays a replay: no Hints, Auto (托管) or turn prompts

    def __init__(self, app: App, controller: ReplayController) -> None:
        self.playing = False
        self.speed_index = 1
        self.reveal = False
        self.timer = 0.0
        self.controls: list[Button] = []
        super().__init__(app, controller)  # type: ignore[arg-type]
        self.rctl = controller
        self._refresh()

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    # --- controls --------------------------------------------------------------------------

    def _controls_rect(self) -> pygame.Rect:
        lay = self.layout
        # where the claim buttons go in play: a replay has none
        # two rows of buttons and a line of text, clear of the bottom wall and pond
        rect = pygame.Rect(0, 0, lay.px(420), lay.px(116))
        rect.bottomright = (lay.w - lay.px(12), lay.hand_y - lay.px(12))
        return rect

    def _build_controls(self) -> None:
        lay = self.layout
        lang = self.lang
        box = self._controls_rect()
        h = lay.px(34)
        y = box.y + lay.px(8)
        specs: list[tuple[str, str, int]] = [
            ("start", "viewer.start", 44),
            ("back", "viewer.back", 44),
            ("play", "viewer.pause" if self.playing else "viewer.play", 86),
            ("fwd", "viewer.fwd", 44),
            ("end", "viewer.end", 44),
            ("speed", "viewer.speed", 64),
            ("reveal", "viewer.reveal", 82),
            ("close", "viewer.close", 74),
        ]
        self.controls = []
        x = box.x + lay.px(8)
        for name, key, width in specs:
            if name == "reveal":  # the second row
                x, y = box.x + lay.px(8), y + h + lay.px(6)
            w = lay.px(width)
            label = t(key, lang, speed=f"{self.speed:g}")
            button = Button(
                pygame.Rect(x, y, w, h),
                label,
                partial(self.on_control, name),
                name=name,
                font_size=lay.px(16),
                selected=(name == "reveal" and self.reveal),
            )
            self.controls.append(button)
            x += w + lay.px(6)

    def on_control(self, name: str) -> None:
        ctl = self.rctl
        if name == "start":
            self.seek(0)
        elif name == "back":
            self.seek(ctl.step - 1)
        elif name == "fwd":
            self.step_forward()
        elif name == "end":
            self.seek(ctl.total)
        elif name == "play":
            if ctl.step >= ctl.total:
                self.seek(0)
            self.playing = not self.playing
            self.timer = 0.0
        elif name == "speed":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        elif name == "reveal":
            self.reveal = not self.reveal
            self._reveal_hands()
        elif name == "close":
            self.close()
        self._build_controls()

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    # --- stepping --------------------------------------------------------------------------

    def step_forward(self) -> None:
        events = self.rctl.forward()
        if events:
            self._play_events(events)
            self._refresh()
        if self.rctl.step >= self.rctl.total:
            self.playing = False

    def seek(self, n: int) -> None:
        """Jump to step ``n``: the round is rebuilt; animations are dropped."""
        self.rctl.seek(n)
        self.animator = anim.Animator(self.app.settings.speed)
        self._deal_anim = None
        self._dice_anim = None
        self.end_hands = {}
        self.settled = self.rctl.is_over  # jumping to the end does not reopen the settlement
        self.end_wait = 0.0
        self._wall = None
        self.last_discard = None
        self._refresh()

    def _refresh(self) -> None:
        super()._refresh()
        if hasattr(self, "rctl"):
            self._reveal_hands()

    def _reveal_hands(self) -> None:
        rnd = self.ctl.round
        if self.reveal and not rnd.is_over:
            self.end_hands = {s: tuple(rnd.view(s).tiles) for s in range(SEATS) if s != self.bottom}
        elif not rnd.is_over:
            self.end_hands = {}

    # --- the table's hooks -------------------------------------------------------------------

    def on_enter(self) -> None:
        super().on_enter()
        self._build_controls()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._build_controls()

    def _menu_pressed(self) -> None:
        self.close()

    def _attach_items(self) -> None:
        """A replay touches no profile: no item bar, no coins."""

    def _toggle_auto(self) -> None:
        pass

    def _open_settlement(self) -> None:
        self.settled = True
        self.playing = False
        self._kill_buttons()
        if self.stack is not None:
            self.stack.push(_ViewerSettlement(self.app, self))

    def handle_event(self, event: InputEvent) -> None:
        for c in self.controls:
            if c.handle(event):
                return
        if event.kind is InputKind.COMMAND:
            cmd = event.command
            if cmd is Command.SELECT_LEFT:
                self.on_control("back")
            elif cmd is Command.SELECT_RIGHT:
                self.on_control("fwd")
            elif cmd is Command.CONFIRM:
                self.on_control("play")
            elif cmd in (Command.CANCEL, Command.BACK):
                self.close()
            elif cmd is Command.CYCLE_SPEED:
                self.on_control("speed")
            return
        if event.kind is InputKind.UI_BUTTON:
            super().handle_event(event)  # the table's toolbar (speed, menu)

    def update(self, dt: float) -> None:
        if self.playing and not self.animator.blocking:
            self.timer += dt
            if self.timer >= 1.0 / self.speed:
                self.timer = 0.0
                self.step_forward()
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        lang = self.lang
        box = self._controls_rect()
        panel(surface, box, fill=(10, 30, 22, 215))
        for c in self.controls:
            c.draw(surface)
        ctl = self.rctl
        close = next(c for c in self.controls if c.name == "close")
        step = t("viewer.step", lang, n=ctl.step, total=ctl.total)
        at = (close.rect.right + lay.px(14), close.rect.centery)
        blit_text(surface, step, lay.px(15), pal.GOLD_LIGHT, at, "midleft", True)
        last = self._last_line()
        y = box.bottom - lay.px(26)
        blit_text(
            surface,
            last,
            lay.px(14),
            pal.IVORY_TEXT,
            (box.x + lay.px(10), y),
            max_w=box.w - lay.px(20),
        )

    def _last_line(self) -> str:
        """What the last decision did, in words (the engine's event description)."""
        lang = self.lang
        for ev in reversed(self.ctl.round.events):
            if ev.kind in (EventKind.TURN, EventKind.PAYMENT, EventKind.DEAL):
                continue
            if ev.kind is EventKind.DRAW and self.rctl.step == 0:
                break
            text = describe_event(ev, lang)
            for seat in range(SEATS):  # the engine's "Seat 2" as the table names it
                text = text.replace(seat_name(seat, lang), seat_label(seat, self.human, lang))
            if lang == "en":  # "You discards" reads wrong: the verbs after You, and "your"
                for wrong, right in _YOU_EN:
                    text = text.replace(wrong, right)
            return text
        return t("viewer.begin", lang)


# the engine's English lines name a seat in the third person; the human is "You"
_YOU_EN = (
    ("You's", "your"),
    ("You is ", "You are "),
    *(
        (f"You {verb}s", f"You {verb}")
        for verb in ("deal", "get", "draw", "discard", "pong", "add", "win")
    ),
)


def open_replay_file(app: App, path: str) -> ReplayViewer:
    """Push the viewer for the replay in ``path`` (``python -m game --replay FILE``);
    raises :class:`ReplayError` when the file is not a good replay."""
    viewer = ReplayViewer(app, ReplayController(load_replay(path)))
    app.stack.push(viewer)
    return viewer


class ReplayListScene(MenuScene):
    """The kept replays, newest first; click one (or focus + Enter) to watch it."""

    def __init__(self, ctx: MenuContext, app: App) -> None:
        self.app = app
        self.items: list[ReplayInfo] = list_replays(ctx.directory)
        self.scroll: ScrollArea | None = None
        super().__init__(ctx)

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.draw import felt_background
        from game.ui.text import outlined_text

        surface.blit(felt_background(self.size), (0, 0))
        title = outlined_text(self.t("replays.title"), self.px(34), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(self.w // 2, self.px(14))))
        self.draw_content(surface)
        for c in self.controls:
            if c.visible and (c.name == "back" or self._row_visible(c.rect)):
                c.draw(surface)
        self.draw_toast(surface)

    def _list_rect(self) -> pygame.Rect:
        return pygame.Rect(self.px(60), self.px(118), self.w - self.px(120), self.h - self.px(160))

    def _row_visible(self, rect: pygame.Rect) -> bool:
        return self._list_rect().contains(rect)

    def build(self) -> None:
        self.add_back_button()
        area = self._list_rect()
        row_h = self.px(50)
        offset = self.scroll.offset if self.scroll is not None else 0
        self.scroll = ScrollArea(area, len(self.items) * row_h)
        self.scroll.offset = min(offset, self.scroll.max_offset)
        bw = self.px(110)
        for i, _info in enumerate(self.items):
            y = area.y + i * row_h - self.scroll.offset
            rect = pygame.Rect(
                area.right - bw - self.px(10), y + self.px(7), bw, row_h - self.px(14)
            )
            self.controls.append(
                Button(
                    rect,
                    self.t("replays.open"),
                    partial(self.open, i),
                    name=f"row{i}",
                    font_size=self.px(16),
                )
            )
        if self.focus < 0:
            self.focus_named("row0" if self.items else "back")

    def handle_first(self, ev: InputEvent) -> bool:
        if self.scroll is not None and ev.kind is InputKind.WHEEL and self.scroll.handle(ev):
            self.rebuild()
            return True
        return False

    def move_focus(self, delta: int) -> None:
        super().move_focus(delta)
        name = self.focused_name()
        if name.startswith("row") and self.scroll is not None:
            i = int(name[3:])
            row_h = self.px(50)
            area = self._list_rect()
            before = self.scroll.offset
            self.scroll.reveal(area.y + i * row_h, area.y + (i + 1) * row_h)
            if self.scroll.offset != before:
                self.rebuild()

    def open(self, index: int) -> None:
        info = self.items[index]
        try:
            viewer = ReplayViewer(self.app, ReplayController(load_replay(info.path)))
        except ReplayError as exc:
            self.show_toast(self.t("replays.bad", error=str(exc)[:120]), (255, 170, 140), 6.0)
            return
        if self.stack is not None:
            self.stack.push(viewer)

    def result_text(self, info: ReplayInfo) -> str:
        if info.reason == "left":
            return self.t("replays.left", points=info.points)
        if info.won:
            return self.t("replays.won", points=info.points)
        if info.reason == "wall_empty" and info.points == 0:
            return self.t("replays.drawn", points=info.points)
        return self.t("replays.result", points=info.points)

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        area = self._list_rect()
        panel(surface, area.inflate(px(16), px(16)))
        if not self.items:
            blit_text(
                surface, self.t("replays.empty"), px(20), pal.IVORY_TEXT, area.center, "center"
            )
            return
        heads = (
            (area.x + px(20), "replays.col.date"),
            (area.x + px(330), "replays.col.preset"),
            (area.x + px(610), "replays.col.result"),
        )
        for x, key in heads:
            blit_text(surface, self.t(key), px(16), pal.GOLD, (x, area.y - px(34)), bold=True)
        note = self.t("replays.count", n=self.ctx.settings.replays_kept)
        blit_text(surface, note, px(14), pal.UI_TEXT_DIM, (self.w - px(60), px(70)), "topright")
        row_h = px(50)
        clip = surface.get_clip()
        surface.set_clip(area)
        offset = self.scroll.offset if self.scroll is not None else 0
        for i, info in enumerate(self.items):
            y = area.y + i * row_h - offset
            if y + row_h < area.y or y > area.bottom:
                continue
            if i % 2:
                stripe = pygame.Surface((area.w, row_h), pygame.SRCALPHA)
                stripe.fill((255, 255, 255, 14))
                surface.blit(stripe, (area.x, y))
            cy = y + row_h // 2
            date = info.saved.strftime("%Y-%m-%d %H:%M")
            hand = self.t("replays.hand", n=info.hand_no)
            blit_text(
                surface,
                f"{date}  ·  {hand}",
                px(18),
                pal.IVORY_TEXT,
                (area.x + px(20), cy),
                "midleft",
            )
            preset = self.t(f"preset.{info.preset}") if info.preset else "—"
            blit_text(surface, preset, px(18), pal.IVORY_TEXT, (area.x + px(330), cy), "midleft")
            colour = (
                (130, 230, 150)
                if info.points > 0
                else ((250, 140, 120) if info.points < 0 else pal.IVORY_TEXT)
            )
            blit_text(
                surface,
                self.result_text(info),
                px(18),
                colour,
                (area.x + px(610), cy),
                "midleft",
                True,
            )
        surface.set_clip(clip)
        if self.scroll is not None:
            self.scroll.draw_bar(surface)
