"""The table: wall, ponds, hands, melds, seat panels, hints, claim buttons, animations.

Everything on screen comes from one :class:`~engine.views.PlayerView` (the bottom seat's),
so another seat's concealed tiles can never be drawn by accident. ``update`` advances the
controller and the animations and rebuilds the cheap per-frame geometry; ``draw`` only
paints. The felt and the wall are rendered into cached layers (the wall again only when a
tile leaves it); tiles are cached sprites from ``game.tile_art``; text renders are cached.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from engine.hand import analyze_discards, shanten, waits
from engine.round import Action, ActionKind, Event, EventKind, Phase
from engine.scoring import HandError, WinContext, score_hand
from engine.tiles import Meld, MeldKind, suit_of, tile_name
from engine.views import PlayerView
from game import i18n
from game import palette as pal
from game.audio import SOUND_NAMES
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.scenes.base import Scene
from game.table import anim
from game.table.controller import warm_engine
from game.table.item_bar import BarOutput, ItemBar, golden_pointer
from game.table.layout import WALL_STACKS, Layout, position_of
from game.tile_art import draw_dice, draw_pointer, draw_suit_badge, get_tile_art
from game.ui.text import SEATS, TextCache, button_width, seat_label

if TYPE_CHECKING:
    from game.app import App
    from game.table.controller import Controller

WINDS = ("seat.east", "seat.south", "seat.west", "seat.north")
DRAG_THRESHOLD = 10
EVENT_SOUNDS = {
    EventKind.DICE: "dice",
    EventKind.DRAW: "draw",
    EventKind.DISCARD: "discard",
    EventKind.PONG: "pong",
    EventKind.KONG: "kong",
    EventKind.WIN: "win",
}
KONG_KINDS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.EXPOSED_KONG)


@dataclass(frozen=True, slots=True)
class HandSlot:
    """One tile of the bottom hand on screen."""

    index: int
    kind: int
    rect: pygame.Rect
    drawn: bool  # the tile just drawn, shown apart


@dataclass(frozen=True, slots=True)
class Hints:
    """What the helper says about the bottom hand right now."""

    line: str  # shanten or "ready", one line
    per_discard: dict[int, str]  # discard kind -> what it would leave
    waits: tuple[tuple[int, int, str], ...] = ()  # when ready: (kind, unseen copies, value)


class TableScene(Scene):
    """One hand at the table."""

    opaque = True
    interactive = True  # someone plays here: Hints and Auto (托管) in the toolbar, turn prompts

    def __init__(self, app: App, controller: Controller) -> None:
        super().__init__()
        self.app = app
        self.ctl = controller
        self.human = controller.seating.human
        self.bottom = self.human if self.human is not None else 0
        self.text = TextCache()
        self.animator = anim.Animator(app.settings.speed)
        self.layout = Layout.compute(*app.size)
        self.items: ItemBar | None = (
            None  # the item bar, coin notices, item log (game.table.item_bar)
        )
        self._attach_items()
        self.view: PlayerView = controller.round.view(self.bottom)
        self.time = 0.0
        self.mouse = (0, 0)
        self.hover: int | None = None
        self.selected: int | None = None
        self.press: tuple[int, tuple[int, int]] | None = None  # (slot index, press pos)
        self.dragging = False
        self.slots: list[HandSlot] = []
        self.legal: list[Action] = []
        self.exchange_pick: list[int] = []  # slot indices
        self.dismissed: tuple[Any, ...] | None = None
        self.buttons: dict[Any, Action | str] = {}
        self._button_sig: tuple[Any, ...] | None = None
        self.toolbar: dict[Any, str] = {}
        self.hints: Hints | None = None
        self._hint_key: tuple[Any, ...] | None = None
        self.last_discard: tuple[int, int] | None = None  # (seat, pond index)
        self.end_wait = 0.0
        self.settled = False
        self._bg: pygame.Surface | None = None
        self._wall: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._deal_anim: anim.Anim | None = None
        self._dice_anim: anim.DiceRoll | None = None
        self.hand_no = controller.hand_no  # fixed: the match counts on once the hand is settled
        self.end_hands: dict[int, tuple[int, ...]] = {}
        self.leave_armed_until = -1.0  # Menu pressed once mid-hand: a second press leaves
        self._plates: dict[tuple[tuple[int, int], bool], pygame.Surface] = {}
        self._warm_tasks: Iterator[Callable[[], object]] | None = None
        self._warm()
        self._play_events(controller.round.events)
        self._refresh()

    # --- items and coins (game.table.item_bar, game.table.session) ------------------------------

    def _attach_items(self) -> None:
        """The human's profile session (coins, items) and the item bar; before the deal,
        the 乾坤大挪移 question when one is held."""
        from game.table.session import attach

        lang = self.app.settings.lang
        directory = getattr(self.app, "data_directory", None)
        session = attach(self.ctl, directory, lang, getattr(self.app, "profile", None))
        if session is None or self.human is None:
            return
        rules = self.ctl.rules
        self.items = ItemBar(self.layout, lang, self.human, self.tile_art, bool(rules.items))
        for line in session.pending_notices:
            self.items.notice(line)
        session.pending_notices.clear()
        hand = self.ctl.match.hand_index
        fresh = not self.ctl.events and not self.ctl.round.decisions
        if fresh and not self.ctl.qian_kun and session.may_offer_qian_kun(rules, hand):
            session.qian_kun_asked.add(hand)
            self.items.open_qian_kun_prompt(session.profile.items.get("qian_kun", 0))

    def _seat_name(self, seat: int) -> str:
        session = self.ctl.table_session
        if session is not None and seat != self.human:
            return str(session.bot_name(seat))
        return seat_label(seat, self.human, self.lang)

    def _hand_kind_at(self, pos: tuple[int, int]) -> int | None:
        idx = self._slot_at(pos)
        return self.slots[idx].kind if idx is not None and idx < len(self.slots) else None

    def _on_item_output(self, out: BarOutput) -> None:
        from engine.items import ItemRefusedError

        assert self.items is not None
        if out.kind == "qian_kun":
            if out.accept and self.ctl.redeal(True):  # same seed, the wall stacked (§8)
                self._play_events(
                    [e for e in self.ctl.round.events if e.kind is EventKind.ITEM_USED]
                )
                self._refresh()
            return
        if out.kind != "use" or out.action is None:
            return
        try:
            events = self.ctl.use_item(out.action)
        except ItemRefusedError as exc:
            self.items.refused(out.action.item or "", exc.refusal)  # the item is kept
            return
        if events:
            self._play_events(events)
            self._refresh()

    def _warm(self) -> None:
        """Queue every sprite this layout uses, to be rendered a few per frame (no spikes,
        no long wait before the first frame)."""
        lay = self.layout
        tasks: list[Callable[[], object]] = []
        load_one = getattr(self.app.audio, "_sound", None)  # one effect per task, if offered
        if load_one is not None:
            tasks += [partial(load_one, name) for name in SOUND_NAMES]
        else:
            tasks.append(self.app.audio.preload)
        for width in (lay.opp_w, lay.wall_w, lay.pond_w, lay.meld_w):
            art = self.tile_art(width)  # backs first: the deal shows them before any face
            tasks += [art.back if width == lay.opp_w else art.flat_back]
        hand = self.tile_art(lay.hand_w)
        tasks += [partial(hand.face, kind) for kind in range(27)]
        for width in (lay.pond_w, lay.meld_w, lay.badge_tile_w):
            art = self.tile_art(width)
            tasks += [partial(art.flat_face, kind) for kind in range(27)]
        self._warm_tasks = iter(tasks)
        warm_engine()  # once per process, ~0.05-0.1 s: better before the first frame than a stutter
        self._warm_fonts()
        # The 万 faces load the art's glyph fonts (tens of ms each): do them before the first
        # frame, so the per-frame warming left over is a steady fraction of a millisecond.
        for width in (lay.hand_w, lay.pond_w, lay.meld_w, lay.badge_tile_w):
            art = self.tile_art(width)
            for kind in range(9):
                (art.face if width == lay.hand_w else art.flat_face)(kind)

    def _warm_fonts(self) -> None:
        """Load the table's few font sizes now: every frame needs them from the first."""
        lay = self.layout
        for size in (lay.font_small, lay.font_normal, lay.font_big):
            get_font(size, True)
        get_font(lay.font_small, False)

    def _run_warm_tasks(self, budget_s: float = 0.003) -> None:
        if self._warm_tasks is None:
            return
        end = time.perf_counter() + budget_s
        for task in self._warm_tasks:
            task()
            if time.perf_counter() > end:
                return
        self._warm_tasks = None

    # --- lifecycle ------------------------------------------------------------------------

    def on_enter(self) -> None:
        self._build_toolbar()
        self._button_sig = None

    def on_exit(self) -> None:
        self._kill_buttons()
        for el in self.toolbar:
            el.kill()
        self.toolbar.clear()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout.compute(*size)
        if self.items is not None:
            self.items.set_layout(self.layout)
        self._bg = None
        self._wall = None
        self._warm()
        self._refresh()
        if self.stack is not None and self.stack.top is self:
            for el in self.toolbar:
                el.kill()
            self.toolbar.clear()
            self._build_toolbar()
            self._kill_buttons()

    @property
    def lang(self) -> str:
        return self.app.settings.lang

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        if self.items is not None:
            out = self.items.handle_event(event, self._hand_kind_at)
            if out is not None:  # the item bar's click, pick or prompt answer
                self._on_item_output(out)
                return
        if event.kind is InputKind.MOUSE_MOVE:
            self.mouse = event.pos
            if self.press is not None and not self.dragging:
                px, py = self.press[1]
                if abs(event.pos[0] - px) + abs(event.pos[1] - py) > DRAG_THRESHOLD:
                    self.dragging = self._discard_for(self.press[0]) is not None
            return
        if event.kind is InputKind.MOUSE_DOWN and event.button == 1:
            self.mouse = event.pos
            idx = self._slot_at(event.pos)
            self.press = (idx, event.pos) if idx is not None else None
            self.dragging = False
            return
        if event.kind is InputKind.MOUSE_UP and event.button == 1:
            self.mouse = event.pos
            press, dragging = self.press, self.dragging
            self.press, self.dragging = None, False
            if press is None:
                return
            if dragging:
                if event.pos[1] < self.layout.hand_y - self.layout.px(20):
                    self._discard_slot(press[0])
                return
            if self._slot_at(event.pos) == press[0]:
                self._click_slot(press[0])
            return
        if event.kind is InputKind.UI_BUTTON:
            self._on_button(event.element)
            return
        if event.kind is InputKind.COMMAND and event.command is not None:
            self._on_command(event.command)

    def _on_command(self, cmd: Command) -> None:
        if cmd is Command.TOGGLE_AUTO:
            self._toggle_auto()
        elif cmd is Command.TOGGLE_HINTS:
            self.app.settings.hints = not self.app.settings.hints
            self._hint_key = None
            self._update_hints()
            self._rebuild_toolbar()
        elif cmd is Command.CYCLE_SPEED:
            self._cycle_speed()
        elif cmd in (Command.SELECT_LEFT, Command.SELECT_RIGHT):
            if self.slots:
                step = -1 if cmd is Command.SELECT_LEFT else 1
                cur = (
                    self.selected
                    if self.selected is not None
                    else (len(self.slots) if step < 0 else -1)
                )
                self.selected = (cur + step) % len(self.slots)
        elif cmd is Command.CONFIRM:
            self._confirm()
        elif cmd is Command.WIN:
            self._act_first(ActionKind.WIN)
        elif cmd is Command.KONG:
            self._act_first(*KONG_KINDS)
        elif cmd is Command.PONG:
            self._act_first(ActionKind.PONG)
        elif cmd is Command.CANCEL and not self._act_first(ActionKind.PASS):
            if self._claim_options() and self.dismissed != self._button_sig:
                self.dismissed = self._button_sig
            else:
                self._open_pause()  # Esc with nothing to pass: the pause menu

    def _confirm(self) -> None:
        phase = self.view.phase
        if phase is Phase.EXCHANGE:
            self._submit_exchange()
        elif phase is Phase.DECLARE_VOID:
            self._act_first(ActionKind.DECLARE_VOID, suit=self._suggested_void())
        elif self.selected is not None:
            self._discard_slot(self.selected)

    def _act_first(self, *kinds: ActionKind, suit: int | None = None) -> bool:
        for a in self.legal:
            if a.kind in kinds and (suit is None or a.suit == suit):
                self._submit(a)
                return True
        return False

    def _submit(self, action: Action) -> None:
        events = self.ctl.submit(action)
        if events:
            self._play_events(events)
            self.exchange_pick.clear()
            self.dismissed = None
            self._refresh()

    def _slot_at(self, pos: tuple[int, int]) -> int | None:
        for slot in reversed(self.slots):
            if slot.rect.collidepoint(pos):
                return slot.index
        return None

    def _discard_for(self, idx: int | None) -> Action | None:
        if idx is None or idx >= len(self.slots):
            return None
        kind = self.slots[idx].kind
        for a in self.legal:
            if a.kind is ActionKind.DISCARD and a.tile == kind:
                return a
        return None

    def _click_slot(self, idx: int) -> None:
        if self.view.phase is Phase.EXCHANGE and self._legal_of(ActionKind.EXCHANGE_THREE):
            if idx in self.exchange_pick:
                self.exchange_pick.remove(idx)
            else:
                kind = self.slots[idx].kind
                picks = [
                    i for i in self.exchange_pick if suit_of(self.slots[i].kind) == suit_of(kind)
                ]
                self.exchange_pick = [*picks, idx][-3:]
            return
        if self.app.settings.confirm_discard and self.selected != idx:
            self.selected = idx  # the setting asks for a second click to discard
            return
        self.selected = idx
        self._discard_slot(idx)

    def _discard_slot(self, idx: int) -> None:
        action = self._discard_for(idx)
        if action is not None:
            self.selected = None
            self._submit(action)

    def _legal_of(self, *kinds: ActionKind) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    def _submit_exchange(self) -> None:
        picked = tuple(
            sorted(self.slots[i].kind for i in self.exchange_pick if i < len(self.slots))
        )
        for a in self._legal_of(ActionKind.EXCHANGE_THREE):
            if tuple(sorted(a.tiles)) == picked:
                self._submit(a)
                return

    def _suggested_void(self) -> int:
        counts = [0, 0, 0]
        for k in self.view.tiles:
            counts[suit_of(k)] += 1
        return min(range(3), key=lambda s: (counts[s], s))

    def _suggest_exchange(self) -> list[int]:
        by_suit: dict[int, list[int]] = {0: [], 1: [], 2: []}
        for slot in self.slots:
            by_suit[suit_of(slot.kind)].append(slot.index)
        options = [s for s in range(3) if len(by_suit[s]) >= 3]
        if not options:
            return []
        suit = min(options, key=lambda s: (len(by_suit[s]), s))
        return by_suit[suit][:3]

    def _toggle_auto(self) -> None:
        if self.human is None:
            return
        self.ctl.auto = not self.ctl.auto
        self._rebuild_toolbar()

    def _cycle_speed(self) -> None:
        order = anim.SPEED_ORDER
        speed = order[(order.index(self.app.settings.speed) + 1) % len(order)]
        self.app.settings.speed = speed
        self.app.settings.bot_pace = speed
        self.animator.speed = speed
        self.ctl.bot_pace = anim.BOT_PACE[speed]
        self._rebuild_toolbar()

    # --- buttons (pygame-gui) -------------------------------------------------------------

    def _on_button(self, element: Any) -> None:
        if element in self.toolbar:
            what = self.toolbar[element]
            if what == "hints":
                self._on_command(Command.TOGGLE_HINTS)
            elif what == "auto":
                self._toggle_auto()
            elif what == "speed":
                self._cycle_speed()
            elif what == "menu" and self.stack is not None:
                self._menu_pressed()
            return
        target = self.buttons.get(element)
        if target is None:
            return
        if isinstance(target, Action):
            self._submit(target)
        elif target == "dismiss":
            self.dismissed = self._button_sig
        elif target == "exchange":
            self._submit_exchange()

    def _menu_pressed(self) -> None:
        """The pause menu (game.scenes.pause): resume, settings, rules, leave — leaving
        mid-hand asks first and settles a walk-out (逃跑, RULES.md §6.4). A demo just ends."""
        if self.human is None:
            self.ctl.cancel()
            if self.stack is not None:
                self.stack.pop()
            return
        self._open_pause()

    def _open_pause(self) -> None:
        from game.scenes.pause import PauseScene

        if self.stack is not None and self.stack.top is self and not self.settled:
            self.dragging = False
            self.press = None
            self.stack.push(PauseScene(self.app, self))

    def _build_toolbar(self) -> None:
        if self.toolbar:
            return
        lay = self.layout
        items: list[tuple[str, str]] = []
        if self.human is not None and self.interactive:
            hints = self.app.settings.hints
            items.append(("hints", i18n.t("btn.hints", self.lang) + (" ✓" if hints else "")))
            items.append(("auto", i18n.t("btn.auto", self.lang) + (" ✓" if self.ctl.auto else "")))
        speed = i18n.t("speed." + self.app.settings.speed, self.lang)
        items.append(("speed", f"{i18n.t('btn.speed', self.lang)}:{speed}"))
        items.append(("menu", i18n.t("btn.menu", self.lang)))
        h, gap = lay.px(32), lay.px(6)
        widths = [button_width(label) for _, label in items]
        x = lay.toolbar.right - sum(widths) - gap * (len(items) - 1)
        for (what, label), w in zip(items, widths, strict=True):
            rect = pygame.Rect(x, lay.toolbar.y, w, h)
            el = pygame_gui.elements.UIButton(rect, label, manager=self.app.ui)
            self.toolbar[el] = what
            x += w + gap

    def _rebuild_toolbar(self) -> None:
        for el in self.toolbar:
            el.kill()
        self.toolbar.clear()
        self._build_toolbar()

    def _kill_buttons(self) -> None:
        for el in self.buttons:
            el.kill()
        self.buttons.clear()
        self._button_sig = None

    def _claim_options(self) -> list[Action]:
        return [a for a in self.legal if a.kind in (ActionKind.WIN, ActionKind.PONG, *KONG_KINDS)]

    def _wanted_buttons(self) -> list[tuple[str, Action | str, bool]]:
        """(label, target, highlighted) for the buttons that should show now."""
        lang = self.lang
        phase = self.view.phase
        if phase is Phase.DECLARE_VOID and self._legal_of(ActionKind.DECLARE_VOID):
            best = self._suggested_void()
            out: list[tuple[str, Action | str, bool]] = []
            for a in self._legal_of(ActionKind.DECLARE_VOID):
                assert a.suit is not None
                label = i18n.t("btn.suit", lang, suit=_suit_short(a.suit, lang))
                if a.suit == best:
                    label += " ★"
                out.append((label, a, a.suit == best))
            return out
        if phase is Phase.EXCHANGE and self._legal_of(ActionKind.EXCHANGE_THREE):
            return [(i18n.t("btn.confirm", lang), "exchange", True)]
        claims = self._claim_options()
        if not claims:
            return []
        out = []
        kongs = [a for a in claims if a.kind in KONG_KINDS]
        for a in claims:
            if a.kind is ActionKind.WIN:
                out.append((i18n.t("btn.win", lang), a, True))
        for a in kongs:
            label = i18n.t("btn.kong", lang)
            if len(kongs) > 1 and a.tile is not None:
                label += " " + tile_name(a.tile, lang)
            out.append((label, a, False))
        for a in claims:
            if a.kind is ActionKind.PONG:
                out.append((i18n.t("btn.pong", lang), a, False))
        passes = self._legal_of(ActionKind.PASS)
        out.append((i18n.t("btn.pass", lang), passes[0] if passes else "dismiss", False))
        return out

    def _sync_buttons(self) -> None:
        wanted = self._wanted_buttons()
        sig = (tuple((label, t) for label, t, _ in wanted), self.lang, self.layout.w, self.layout.h)
        if sig == self.dismissed:
            wanted, sig = [], ("dismissed", *sig)
        if sig == self._button_sig:
            return
        self._kill_buttons()
        self._button_sig = sig
        if not wanted:
            return
        lay = self.layout
        h, gap = lay.px(46), lay.px(10)
        widths = [max(lay.px(84), button_width(label, 22)) for label, _, _ in wanted]
        x = lay.buttons.right - sum(widths) - gap * (len(wanted) - 1)
        for (label, target, strong), w in zip(wanted, widths, strict=True):
            rect = pygame.Rect(x, lay.buttons.bottom - h, w, h)
            el = pygame_gui.elements.UIButton(
                rect,
                label,
                manager=self.app.ui,
                object_id=pygame_gui.core.ObjectID(
                    class_id="@action_button" if strong else "@big_button",
                    object_id="#claim",
                ),
            )
            self.buttons[el] = target
            x += w + gap

    # --- events -> animations -------------------------------------------------------------

    def _anchor(self, seat: int) -> tuple[int, int]:
        """Where callouts for ``seat`` pop up."""
        lay = self.layout
        cx, cy = lay.center
        pos = position_of(seat, self.bottom)
        hx, hy = lay.ring_half
        if pos == 0:
            return cx, lay.hand_y - lay.px(70)
        if pos == 2:
            return cx, cy - hy + lay.px(40)
        if pos == 1:
            return cx + hx + lay.px(30), cy
        return cx - hx - lay.px(30), cy

    def _hand_point(self, seat: int) -> tuple[int, int]:
        lay = self.layout
        pos = position_of(seat, self.bottom)
        if pos == 0:
            return lay.hand_x + 6 * lay.hand_w, lay.hand_y
        x, y = lay.opp_hand_origin(pos, 13)
        if pos == 2:
            return x - 6 * lay.opp_w, y
        return x, y + (6 * lay.opp_step if pos == 3 else -6 * lay.opp_step)

    def _play_events(self, events: Sequence[Event]) -> None:
        lay = self.layout
        lang = self.lang
        if self.items is not None:  # public log lines; the human's own results in a panel
            self.items.on_events(events, self._seat_name, self._anchor)
        wins = [e for e in events if e.kind is EventKind.WIN]
        for ev in events:
            kind = ev.kind
            sound = EVENT_SOUNDS.get(kind)
            if kind is EventKind.WIN and ev.from_seat is None:
                sound = "self_draw"
            if sound is not None and (kind is not EventKind.DRAW or ev.seat == self.bottom):
                self.app.audio.play(sound)
            if kind is EventKind.DICE and ev.dice is not None:
                size = lay.px(24)
                rect = pygame.Rect(0, 0, size * 2 + lay.px(6), size)
                rect.midtop = (lay.center[0], lay.center[1] + lay.px(23))
                self._dice_anim = anim.DiceRoll(
                    duration=anim.DUR_DICE,
                    values=ev.dice,
                    rect=rect,
                    drawer=_blit_die,
                    drawn_by_owner=True,
                )
                self.animator.add(self._dice_anim)
            elif kind is EventKind.DEAL:
                if self._deal_anim is None:
                    self._deal_anim = self.animator.add(
                        anim.Anim(duration=anim.DUR_DEAL, delay=anim.DUR_DICE, hides="deal")
                    )
            elif kind is EventKind.DISCARD and ev.seat is not None and ev.tile is not None:
                self._animate_discard(ev.seat, ev.tile)
            elif kind is EventKind.DRAW and ev.seat is not None:
                pos = position_of(ev.seat, self.bottom)
                surf = self.tile_art(lay.wall_w).flat_back()
                start = self._wall_front_point()
                end = self._hand_point(ev.seat)
                if pos == 0:
                    end = (lay.hand_x + 14 * lay.hand_w, lay.hand_y)
                self.animator.add(
                    anim.Slide(
                        duration=anim.DUR_DRAW, surf=surf, start=start, end=end, blocking=False
                    )
                )
            elif kind in (EventKind.PONG, EventKind.KONG) and ev.seat is not None:
                key = "call.pong" if kind is EventKind.PONG else "call.kong"
                self._callout(ev.seat, i18n.t(key, lang), None, (255, 226, 120))
                if ev.from_seat is not None and ev.tile is not None:
                    start = self._pond_point(ev.from_seat)
                    self.animator.add(
                        anim.Slide(
                            duration=anim.DUR_CLAIM,
                            surf=self.tile_art(lay.pond_w).flat_face(ev.tile),
                            start=start,
                            end=self._hand_point(ev.seat),
                            blocking=False,
                        )
                    )
            elif kind is EventKind.WIN and ev.seat is not None:
                flags = set(ev.flags)
                if "robbing_kong" in flags:
                    title = i18n.t("call.rob_kong", lang)
                elif ev.from_seat is None:
                    title = i18n.t("call.self_draw", lang)
                else:
                    title = i18n.t("call.win", lang)
                self._callout(ev.seat, title, _score_line(ev, lang), (255, 120, 90), big=True)
            elif kind is EventKind.EXCHANGE and ev.seat == self.bottom and ev.detail:
                key = "table.exchange_dir." + ev.detail
                if i18n.has(key):
                    self._callout_center(i18n.t(key, lang), None)
            elif kind is EventKind.PAYMENT and ev.entry is not None:
                self._float_payment(ev.entry.payee, ev.entry.amount)
                self._float_payment(ev.entry.payer, -ev.entry.amount)
            elif kind is EventKind.HAND_END and "drawn" in ev.flags and not self.ctl.round.wins:
                self._callout_center(i18n.t("call.drawn", lang), None)
        if len(wins) > 1 and wins[0].from_seat is not None:
            self._callout_center(i18n.t("call.multi_win", lang), None)

    def _float_payment(self, seat: int, amount: int) -> None:
        lay = self.layout
        rect = self._panel_rect(position_of(seat, self.bottom))
        colour = (120, 230, 140) if amount > 0 else (250, 130, 110)
        img = self.text.outlined(f"{amount:+d}", lay.font_normal, colour, (20, 20, 20))
        pos = (rect.right - lay.px(40), rect.centery)
        self.animator.add(
            anim.FloatText(
                duration=anim.DUR_PAYMENT, text=img, pos=pos, blocking=False, rise=lay.px(30)
            )
        )

    def _animate_discard(self, seat: int, tile: int) -> None:
        lay = self.layout
        pos = position_of(seat, self.bottom)
        index = len(self.ctl.round.view(self.bottom).seats[seat].pond) - 1
        rect, rot = lay.pond_slot(pos, index, index + 1)
        art = self.tile_art(lay.pond_w)
        surf = art.rotated(art.flat_face(tile), rot // 90)
        start: tuple[int, int] = self._hand_point(seat)
        if pos == 0:
            for slot in self.slots:
                if slot.kind == tile:
                    start = slot.rect.topleft
                    if slot.drawn:
                        break
        self.animator.add(
            anim.Slide(
                duration=anim.DUR_SLIDE,
                surf=surf,
                start=start,
                end=rect.topleft,
                hides=("pond", seat, index),
                arc=lay.px(18),
            )
        )
        self.last_discard = (seat, index)

    def _pond_point(self, seat: int) -> tuple[int, int]:
        pond = self.view.seats[seat].pond
        pos = position_of(seat, self.bottom)
        rect, _ = self.layout.pond_slot(pos, max(0, len(pond) - 1), len(pond))
        return rect.topleft

    def _wall_front_point(self) -> tuple[int, int]:
        drawn = 108 - self.view.wall_remaining
        g = self._stack_of(drawn)
        if g is None:
            return self.layout.center
        pos, stack = g
        return self.layout.wall_stack_rect(pos, stack).topleft

    def _callout(
        self,
        seat: int,
        title: str,
        sub: str | None,
        colour: tuple[int, int, int],
        big: bool = False,
    ) -> None:
        lay = self.layout
        size = lay.font_big
        text = self.text.outlined(title, size, colour, (60, 20, 10))
        sub_s = self.text.get(sub, lay.font_normal, pal.IVORY_TEXT, True) if sub else None
        self.animator.add(
            anim.Callout(
                duration=anim.DUR_WIN_CALLOUT if big else anim.DUR_CALLOUT,
                text=text,
                sub=sub_s,
                pos=self._anchor(seat),
                colour=colour,
            )
        )

    def _callout_center(self, title: str, sub: str | None) -> None:
        lay = self.layout
        text = self.text.outlined(title, lay.font_big, (255, 200, 90), (60, 20, 10))
        self.animator.add(
            anim.Callout(duration=anim.DUR_WIN_CALLOUT, text=text, pos=lay.center, delay=0.3)
        )

    # --- update ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        # more warming while only the dice roll, less once tiles move
        self._run_warm_tasks(0.006 if self._dice_anim is not None else 0.003)
        if self.items is None or not self.items.blocking:  # the deal waits for the prompt
            self.animator.update(dt)
        if self._deal_anim is not None and self._deal_anim.done:
            self._deal_anim = None
        if self._dice_anim is not None and self._dice_anim.done:
            self._dice_anim = None
        if self.items is not None:
            self.items.update(dt)
        blocked = self.animator.blocking or (self.items is not None and self.items.blocking)
        events = self.ctl.update(dt, hold=blocked)
        if events:
            self._play_events(events)
            self._refresh()
        else:
            self.legal = self._human_legal()  # 托管 may have been switched off
        if self.ctl.is_over and not self.settled:
            if not self.animator.blocking:
                self.end_wait += dt
            if self.end_wait >= 0.6 * max(0.25, self.animator.factor) or self.animator.factor == 0:
                self._open_settlement()
        self._sync_buttons()
        self._update_hover()

    def _open_settlement(self) -> None:
        from game.scenes.settlement import SettlementScene

        self.settled = True
        self._kill_buttons()
        self.app.audio.play("settlement")
        if self.stack is not None:
            self.stack.push(SettlementScene(self.app, self))

    def _update_hover(self) -> None:
        self.hover = None if self.dragging else self._slot_at(self.mouse)

    def _refresh(self) -> None:
        """Re-read the view and recompute the bottom hand's geometry and the hints."""
        self.view = self.ctl.round.view(self.bottom)
        if self.ctl.is_over and not self.end_hands:
            # the hand is over: every hand is laid face up (a seat's own view shows its tiles)
            self.end_hands = {s: tuple(self.ctl.round.view(s).tiles) for s in range(SEATS)}
        self.legal = self._human_legal()
        self.slots = self._layout_hand()
        if self.items is not None:
            from game.table.session import live_kinds

            self.items.sync(self.view, self.ctl.human_items(), live_kinds(self.ctl.round))
        if self.selected is not None and self.selected >= len(self.slots):
            self.selected = None
        if (
            self.view.phase is Phase.EXCHANGE
            and self._legal_of(ActionKind.EXCHANGE_THREE)
            and not self.exchange_pick
        ):
            self.exchange_pick = self._suggest_exchange()
        self._update_hints()

    def _human_legal(self) -> list[Action]:
        """The human's choices, offered only once the dice, the deal and callouts are done."""
        if self.items is not None and self.items.blocking:
            return []  # the 乾坤大挪移 question comes first
        return [] if self.animator.blocking else self.ctl.human_legal()

    def _layout_hand(self) -> list[HandSlot]:
        view = self.view
        lay = self.layout
        me = view.seats[self.bottom]
        tiles = list(me.revealed) if me.revealed is not None else list(view.tiles)
        drawn = view.last_drawn if me.revealed is None else None
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
        step = self.tile_art(lay.hand_w).step
        slots: list[HandSlot] = []
        x = lay.hand_x
        for i, k in enumerate(tiles):
            slots.append(HandSlot(i, k, pygame.Rect(x, lay.hand_y, step, lay.hand_h), False))
            x += step
        if drawn is not None:
            x += lay.px(14)
            slots.append(
                HandSlot(len(tiles), drawn, pygame.Rect(x, lay.hand_y, step, lay.hand_h), True)
            )
        return slots

    def _update_hints(self) -> None:
        view = self.view
        shown = self.human is not None and self.interactive and self.app.settings.hints
        if not shown or view.phase is not Phase.PLAY:
            self.hints = None
            return
        me = view.seats[self.bottom]
        if me.won and me.revealed is not None:
            self.hints = None
            return
        key = (view.concealed, len(me.melds), view.own_void, view.visible)
        if key == self._hint_key:
            return
        self._hint_key = key
        self.hints = compute_hints(view, self.lang)

    # --- drawing --------------------------------------------------------------------------

    def tile_art(self, width: int) -> Any:
        """The tile sprites at ``width`` in the player's tile style (classic / contrast)."""
        return get_tile_art(width, self.app.settings.tile_style)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(self._background(), (0, 0))
        surface.blit(self._wall_layer(), (0, 0))
        self._draw_center(surface)
        for seat in range(SEATS):
            self._draw_pond(surface, seat)
        for seat in range(SEATS):
            if position_of(seat, self.bottom) != 0:
                self._draw_opponent(surface, seat)
        if self.items is None or not self.items.blocking:  # no peek at the hand before
            self._draw_own(surface)  # the 乾坤大挪移 answer
        for seat in range(SEATS):
            self._draw_panel(surface, seat)
        self._draw_status(surface)
        self._draw_info(surface)
        self.animator.draw(surface)
        if self.items is not None:
            self.items.draw(surface)
        if self.dragging and self.press is not None and self.press[0] < len(self.slots):
            slot = self.slots[self.press[0]]
            img = self.tile_art(lay.hand_w).face(slot.kind, "selected")
            surface.blit(
                img, (self.mouse[0] - img.get_width() // 2, self.mouse[1] - img.get_height() // 2)
            )

    def _background(self) -> pygame.Surface:
        if self._bg is not None:
            return self._bg
        lay = self.layout
        w, h = lay.w, lay.h
        # radial felt: concentric ellipses from the dark edge to the light centre, painted at
        # an eighth of the size and smooth-scaled up (soft gradient, a fraction of the cost)
        sw, sh = max(8, w // 8), max(8, h // 8)
        small = pygame.Surface((sw, sh))
        small.fill(pal.FELT_DARK)
        steps = 28
        cx, cy = lay.center[0] * sw // w, lay.center[1] * sh // h
        for i in range(steps):
            p = i / (steps - 1)
            col = tuple(
                round(pal.FELT_DARK[c] + (pal.FELT_LIGHT[c] - pal.FELT_DARK[c]) * p**1.4)
                for c in range(3)
            )
            rw = int(sw * 1.25 * (1 - p) + lay.center_box.w * sw / w * p)
            rh = int(sh * 1.25 * (1 - p) + lay.center_box.h * sh / h * p)
            pygame.draw.ellipse(small, col, pygame.Rect(cx - rw // 2, cy - rh // 2, rw, rh))
        bg = pygame.transform.smoothscale(small, (w, h))
        # subtle felt grain: darker every third line
        for y in range(0, h, 3):
            bg.fill((8, 8, 8), pygame.Rect(0, y, w, 1), special_flags=pygame.BLEND_RGB_SUB)
        # wooden rim
        rim = lay.px(7)
        pygame.draw.rect(bg, pal.WOOD_DARK, bg.get_rect(), width=rim + 2)
        pygame.draw.rect(bg, pal.WOOD, bg.get_rect().inflate(-4, -4), width=rim - 2)
        pygame.draw.rect(bg, pal.GOLD_DARK, bg.get_rect().inflate(-2 * rim, -2 * rim), width=1)
        self._bg = bg.convert() if pygame.display.get_surface() else bg
        return self._bg

    # wall ------------------------------------------------------------------------------

    def _ring(self) -> list[tuple[int, int]]:
        """The 54 stacks in drawing order: from the break point, clockwise (RULES.md §2)."""
        view = self.view
        total = sum(view.dice)
        dealer_pos = position_of(view.dealer, self.bottom)
        side = (dealer_pos + total - 1) % SEATS
        order = [0, 3, 2, 1]  # clockwise on screen: bottom, left, top, right
        ring: list[tuple[int, int]] = []
        start_i = order.index(side)
        for j in range(SEATS):
            pos = order[(start_i + j) % SEATS]
            ring.extend((pos, s) for s in range(WALL_STACKS[pos]))
        skip = min(view.dice) % WALL_STACKS[side]
        return ring[skip:] + ring[:skip]

    def _stack_of(self, tile_index: int) -> tuple[int, int] | None:
        ring = self._ring()
        g = tile_index // 2
        return ring[g] if g < len(ring) else None

    def _wall_layer(self) -> pygame.Surface:
        view = self.view
        deal = self._deal_anim
        dealt_hidden = 0
        if deal is not None:
            dealt_hidden = round(53 * (1 - self._deal_fraction()))
        drawn = 108 - view.wall_remaining - dealt_hidden
        key = (drawn, view.dice, view.dealer, self.layout.w, self.layout.h)
        if self._wall is not None and self._wall[0] == key:
            return self._wall[1]
        lay = self.layout
        if self._wall is not None and self._wall[1].get_size() == (lay.w, lay.h):
            layer = self._wall[1]  # reuse the layer: clearing beats allocating 4 MB
            layer.fill((0, 0, 0, 0))
        else:
            layer = pygame.Surface((lay.w, lay.h), pygame.SRCALPHA)
            if pygame.display.get_surface():
                layer = layer.convert_alpha()
        art = self.tile_art(lay.wall_w)
        ring = self._ring()
        pieces: list[tuple[int, int, pygame.Surface]] = []
        for g, (pos, stack) in enumerate(ring):
            left = 2 - max(0, min(2, drawn - 2 * g))
            if left <= 0:
                continue
            rect = lay.wall_stack_rect(pos, stack)
            surf = art.rotated(art.flat_back(), pos)  # a quarter turn per seat position
            for layer_i in range(left):
                lift = layer_i * lay.wall_lift
                pieces.append((rect.y - lift, rect.x, surf))
        for y, x, surf in sorted(pieces, key=lambda p: (p[0], p[1])):
            layer.blit(surf, (x, y))
        self._draw_break_marker(layer, ring[0])
        self._wall = (key, layer)
        return layer

    def _draw_break_marker(self, layer: pygame.Surface, first: tuple[int, int]) -> None:
        """A small gold arrow on the outer side of the stack where drawing began (开门)."""
        lay = self.layout
        pos, stack = first
        rect = lay.wall_stack_rect(pos, stack)
        r = lay.px(6)
        gap = lay.px(5)
        cx, cy = rect.center
        if pos == 0:
            tip, base = (cx, rect.bottom + gap), (0, 1)
        elif pos == 2:
            tip, base = (cx, rect.y - lay.wall_lift - gap), (0, -1)
        elif pos == 1:
            tip, base = (rect.right + gap, cy), (1, 0)
        else:
            tip, base = (rect.x - gap, cy), (-1, 0)
        bx, by = tip[0] + base[0] * 2 * r, tip[1] + base[1] * 2 * r
        side = (base[1] * r, base[0] * r)
        points = [tip, (bx + side[0], by + side[1]), (bx - side[0], by - side[1])]
        pygame.draw.polygon(layer, pal.GOLD, points)
        pygame.draw.polygon(layer, pal.GOLD_DARK, points, width=1)

    # centre -----------------------------------------------------------------------------

    def _draw_center(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.view
        box = lay.center_box
        pygame.draw.rect(surface, (10, 40, 30), box.move(3, 4), border_radius=lay.px(14))
        pygame.draw.rect(surface, (18, 34, 30), box, border_radius=lay.px(14))
        pygame.draw.rect(surface, pal.GOLD_DARK, box, width=2, border_radius=lay.px(14))
        # turn indicator: a glowing bar on the current seat's side
        if view.phase is Phase.PLAY:
            pos = position_of(view.current, self.bottom)
            glow = 150 + int(90 * (0.5 + 0.5 * math.sin(self.time * 5)))
            thick = lay.px(8)
            inner = box.inflate(-lay.px(10), -lay.px(10))
            bars = {
                0: pygame.Rect(inner.x + thick, inner.bottom - thick, inner.w - 2 * thick, thick),
                2: pygame.Rect(inner.x + thick, inner.y, inner.w - 2 * thick, thick),
                1: pygame.Rect(inner.right - thick, inner.y + thick, thick, inner.h - 2 * thick),
                3: pygame.Rect(inner.x, inner.y + thick, thick, inner.h - 2 * thick),
            }
            pygame.draw.rect(
                surface, (glow, min(255, glow + 40), 90), bars[pos], border_radius=thick // 2
            )
        # winds
        for seat in range(SEATS):
            pos = position_of(seat, self.bottom)
            wind = i18n.t(WINDS[(seat - view.dealer) % SEATS], self.lang)
            current = seat == view.current and view.phase is Phase.PLAY
            colour = pal.GOLD_LIGHT if current else pal.UI_TEXT_DIM
            img = self.text.get(wind, lay.font_normal, colour, True)
            off = box.w // 2 - lay.px(26)
            cx, cy = box.center
            centre = {0: (cx, cy + off), 1: (cx + off, cy), 2: (cx, cy - off), 3: (cx - off, cy)}[
                pos
            ]
            surface.blit(img, img.get_rect(center=centre))
        # wall count and hand number
        n = self.text.get(str(view.wall_remaining), lay.font_big, pal.GOLD_LIGHT, True)
        ink = n.get_bounding_rect()  # place the digits by their ink, not the font's line box
        surface.blit(n, (box.centerx - ink.centerx, box.centery + lay.px(2) - ink.bottom))
        small = self.text.get(
            i18n.t("table.wall_label", self.lang),
            lay.font_small,
            pal.UI_TEXT_DIM,
        )
        surface.blit(small, small.get_rect(midtop=(box.centerx, box.centery + lay.px(3))))
        if self._dice_anim is not None:
            self._dice_anim.draw(surface)
        else:
            size = lay.px(22)
            a, b = view.dice
            y = box.centery + lay.px(24)
            surface.blit(draw_dice(a, size), (box.centerx - size - lay.px(3), y))
            surface.blit(draw_dice(b, size), (box.centerx + lay.px(3), y))

    # ponds ------------------------------------------------------------------------------

    def _draw_pond(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        pond = self.view.seats[seat].pond
        if not pond:
            return
        pos = position_of(seat, self.bottom)
        art = self.tile_art(lay.pond_w)
        claim = self.view.claim_from == seat and self.view.claim_tile is not None
        n = len(pond)
        items = []
        for i, pt in enumerate(pond):
            if self.animator.hides(("pond", seat, i)):
                continue
            rect, rot = lay.pond_slot(pos, i, n)
            latest = self.last_discard == (seat, i)
            state = (
                "greyed"
                if pt.claimed
                else ("latest" if latest or (claim and i == n - 1) else "normal")
            )
            items.append((rect, art.rotated(art.flat_face(pt.tile, state), rot // 90)))
        # nearer rows (further down the screen) overlap the ones behind them
        for rect, img in sorted(items, key=lambda it: (it[0].y, it[0].x)):
            surface.blit(img, rect.topleft)
        if self.last_discard is not None and self.last_discard[0] == seat:
            i = self.last_discard[1]
            if i < n and not self.animator.hides(("pond", seat, i)) and not pond[i].claimed:
                rect, _ = lay.pond_slot(pos, i, n)
                golden = self.view.seats[seat].golden  # 金手指 (RULES.md §8, cosmetic)
                ptr = golden_pointer(lay.px(28)) if golden else draw_pointer(lay.px(16))
                bob = int(4 * math.sin(self.time * 6))
                surface.blit(ptr, ptr.get_rect(midbottom=(rect.centerx, rect.y - 2 + bob)))

    # hands ------------------------------------------------------------------------------

    def _deal_fraction(self) -> float:
        """How much of the deal has landed: four tiles a round, three rounds, then the last
        one (RULES.md §2), so the wall and the hands change in four steps."""
        if self._deal_anim is None:
            return 1.0
        return min(4, int(self._deal_anim.progress * 4.999)) / 4

    def _deal_count(self, size: int) -> int:
        if self._deal_anim is None:
            return size
        return min(size, math.ceil(size * self._deal_fraction()))

    def _draw_own(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.view
        me = view.seats[self.bottom]
        art = self.tile_art(lay.hand_w)
        discard_turn = bool(self._legal_of(ActionKind.DISCARD))
        discardable = {a.tile for a in self._legal_of(ActionKind.DISCARD)}
        exchange = view.phase is Phase.EXCHANGE and bool(self._legal_of(ActionKind.EXCHANGE_THREE))
        shown = self._deal_count(len(self.slots))
        hover_kind: int | None = None
        claim_tile = view.claim_tile if self._claim_options() else None
        for slot in self.slots[:shown]:
            if self.dragging and self.press is not None and slot.index == self.press[0]:
                continue
            state = "normal"
            lift = 0
            if exchange:
                if slot.index in self.exchange_pick:
                    state, lift = "selected", lay.px(16)
            elif discard_turn:
                if slot.kind not in discardable:
                    state = "greyed"
                elif slot.index == self.hover or slot.index == self.selected:
                    state, lift = "selected", lay.px(12)
                    hover_kind = slot.kind
            if claim_tile is not None and slot.kind == claim_tile:
                state = "hint"  # the tiles a pong or kong would use
            surface.blit(art.face(slot.kind, state), (slot.rect.x, slot.rect.y - lift))
        # winning tiles set aside, then melds, to the right of the hand
        x = (self.slots[-1].rect.right if self.slots else lay.hand_x) + lay.px(24)
        mart = self.tile_art(lay.meld_w)
        y = lay.h - lay.px(14) - mart.flat_size[1]
        for k in me.win_tiles:
            surface.blit(mart.flat_face(k, "hint"), (x, y))
            x += mart.step
        if me.win_tiles:
            x += lay.px(12)
        for meld in me.melds:
            x = self._draw_meld_row(surface, meld, x, y, lay.meld_w) + lay.px(10)
        if hover_kind is not None and self.hints is not None:
            self._draw_tooltip(surface, hover_kind)

    def _draw_meld_row(
        self, surface: pygame.Surface, meld: Meld, x: int, y: int, width: int
    ) -> int:
        """A meld lying face up, left to right; a kong's fourth tile sits on the middle one."""
        art = self.tile_art(width)
        step = art.step
        concealed = meld.kind is MeldKind.CONCEALED_KONG
        for i in range(3):
            img = art.flat_back() if concealed else art.flat_face(meld.tile)
            surface.blit(img, (x + i * step, y))
        if meld.is_kong:
            surface.blit(
                art.flat_face(meld.tile), (x + step, y - art.flat_depth - max(3, width // 6))
            )
        return x + 3 * step

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        info = self.view.seats[seat]
        pos = position_of(seat, self.bottom)
        revealed = info.revealed if info.revealed is not None else self.end_hands.get(seat)
        count = len(revealed) if revealed is not None else info.hand_size
        count = self._deal_count(count)
        if pos == 2:
            self._draw_top(surface, info, revealed, count)
            return
        # side columns: tiles run along y; pos 1 bottom->top, pos 3 top->bottom
        q = 1 if pos == 1 else 3
        direction = -1 if pos == 1 else 1
        mart = self.tile_art(lay.pond_w)
        fart = self.tile_art(lay.pond_w)
        hand_step = fart.step if revealed is not None else lay.opp_step
        span = count * hand_step + lay.px(14) + len(info.win_tiles) * mart.step
        span += len(info.melds) * (3 * mart.step + lay.px(8))
        x, _ = lay.opp_hand_origin(pos, max(count, 1))
        cy = lay.center[1]
        y0 = cy + span // 2 - hand_step if pos == 1 else cy - span // 2
        items: list[tuple[int, int, pygame.Surface]] = []
        if revealed is not None:
            for i, k in enumerate(revealed[:count]):
                img = fart.rotated(fart.flat_face(k), q)
                items.append((y0 + direction * i * hand_step, x, img))
        else:
            art = self.tile_art(lay.opp_w)
            img = art.rotated(art.back(), q)
            for i in range(count):
                items.append((y0 + direction * i * hand_step, x, img))
        end = y0 + (direction * count * hand_step if direction > 0 else -(count - 1) * hand_step)
        for yy, xx, img in sorted(items, key=lambda it: it[0]):
            surface.blit(img, (xx, yy))
        # melds continue past the hand (the owner's right side)
        step = mart.step
        yy = end + direction * lay.px(14)
        for k in info.win_tiles:
            img = mart.rotated(mart.flat_face(k, "hint"), q)
            surface.blit(img, (x, yy if direction > 0 else yy - img.get_height()))
            yy += direction * step
        for meld in info.melds:
            yy += direction * lay.px(8)
            for i in range(3):
                concealed = meld.kind is MeldKind.CONCEALED_KONG
                base = mart.flat_back() if concealed else mart.flat_face(meld.tile)
                img = mart.rotated(base, q)
                surface.blit(img, (x, yy if direction > 0 else yy - img.get_height()))
                if meld.is_kong and i == 1:
                    top = mart.rotated(mart.flat_face(meld.tile), q)
                    surface.blit(
                        top,
                        (
                            x - lay.px(5),
                            (yy if direction > 0 else yy - img.get_height()) - lay.px(3),
                        ),
                    )
                yy += direction * step

    def _draw_top(
        self, surface: pygame.Surface, info: Any, revealed: tuple[int, ...] | None, count: int
    ) -> None:
        lay = self.layout
        _, y = lay.opp_hand_origin(2, max(count, 1))
        mstep = self.tile_art(lay.pond_w).step
        hand_step = (
            self.tile_art(lay.pond_w).step
            if revealed is not None
            else self.tile_art(lay.opp_w).step
        )
        span = count * hand_step + lay.px(8) + len(info.win_tiles) * mstep
        span += len(info.melds) * (3 * mstep + lay.px(8))
        x0 = lay.center[0] + span // 2 - hand_step
        if revealed is not None:
            art = self.tile_art(lay.pond_w)
            step = art.step
            for i, k in enumerate(revealed[:count]):
                img = art.rotated(art.flat_face(k), 2)
                surface.blit(img, (x0 - i * step, y))
            x_end = x0 - count * step
        else:
            art = self.tile_art(lay.opp_w)
            step = art.step
            back = art.back()
            for i in range(count):
                surface.blit(back, (x0 - i * step, y))
            x_end = x0 - count * step
        mart = self.tile_art(lay.pond_w)
        x = x_end + hand_step - mstep - lay.px(8)
        for k in info.win_tiles:
            surface.blit(mart.rotated(mart.flat_face(k, "hint"), 2), (x, y))
            x -= mstep
        for meld in info.melds:
            x -= lay.px(8)
            for i in range(3):
                concealed = meld.kind is MeldKind.CONCEALED_KONG
                base = mart.flat_back() if concealed else mart.flat_face(meld.tile)
                surface.blit(mart.rotated(base, 2), (x, y))
                if meld.is_kong and i == 1:
                    surface.blit(mart.rotated(mart.flat_face(meld.tile), 2), (x, y + lay.px(6)))
                x -= mstep

    # panels -----------------------------------------------------------------------------

    def _panel_rect(self, pos: int) -> pygame.Rect:
        """The seat panel at screen position ``pos``: the right seat's sits level with its
        column unless the item bar takes that edge."""
        lay = self.layout
        if pos == 1 and (self.items is None or not self.items.enabled):
            return lay.panel_right_free
        return lay.panels[pos]

    def _draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        view = self.view
        info = view.seats[seat]
        pos = position_of(seat, self.bottom)
        rect = self._panel_rect(pos)
        current = seat == view.current and view.phase is Phase.PLAY and not self.ctl.is_over
        surface.blit(self._panel_plate(rect.size, current), rect.topleft)
        pad = lay.px(10)
        # line 1: wind + name (+ level)
        wind = i18n.t(WINDS[(seat - view.dealer) % SEATS], self.lang)
        name = self._seat_name(seat)
        wimg = self.text.get(wind, lay.font_normal, pal.GOLD_LIGHT, True)
        surface.blit(wimg, (rect.x + pad, rect.y + pad - 2))
        nimg = self.text.get(name, lay.font_normal, pal.IVORY_TEXT, True)
        nx = rect.x + pad + wimg.get_width() + lay.px(8)
        surface.blit(nimg, (nx, rect.y + pad - 2))
        level = self._level_label(seat)
        if level:
            limg = self.text.get(level, lay.font_small, pal.UI_TEXT_DIM)
            surface.blit(limg, (nx + nimg.get_width() + lay.px(6), rect.y + pad + lay.px(2)))
        # dealer badge (top right)
        if seat == view.dealer:
            r = lay.px(13)
            centre = (rect.right - pad - r, rect.y + pad + r - 2)
            pygame.draw.circle(surface, (176, 32, 32), centre, r)
            pygame.draw.circle(surface, pal.GOLD_LIGHT, centre, r, width=2)
            d = self.text.get(
                i18n.t("seat.dealer", self.lang), lay.font_small, (255, 240, 210), True
            )
            surface.blit(d, d.get_rect(center=centre))
        # line 2: points (match total and this hand)
        # once the settlement has recorded the hand, the match total already holds it
        total = self.ctl.match.points[seat] + (0 if self.settled else info.points)
        colour = (
            (120, 230, 140)
            if info.points > 0
            else ((250, 130, 110) if info.points < 0 else pal.IVORY_TEXT)
        )
        pts = i18n.t("seat.points", self.lang, points=total)
        pimg = self.text.get(pts, lay.font_normal, pal.IVORY_TEXT, True)
        surface.blit(pimg, (rect.x + pad, rect.y + pad + lay.px(26)))
        if info.points:
            dimg = self.text.get(f"({info.points:+d})", lay.font_small, colour, True)
            surface.blit(
                dimg, (rect.x + pad + pimg.get_width() + lay.px(6), rect.y + pad + lay.px(28))
            )
        # line 3: void badge, win marker + tile
        y3 = rect.bottom - pad - lay.px(24)
        x3 = rect.x + pad
        void = (
            info.void if info.void is not None else (view.own_void if seat == self.bottom else None)
        )
        if void is not None:
            badge = draw_suit_badge(void, lay.px(24))
            surface.blit(badge, (x3, y3))
            vl = self.text.get(i18n.t("seat.void", self.lang), lay.font_small, pal.UI_TEXT_DIM)
            surface.blit(vl, (x3 + badge.get_width() + lay.px(3), y3 + lay.px(3)))
            x3 += badge.get_width() + vl.get_width() + lay.px(10)
        if info.won:
            r = lay.px(13)
            centre = (x3 + r, y3 + r - 1)
            pygame.draw.circle(surface, (200, 40, 40), centre, r)
            h = self.text.get(
                i18n.t("seat.won_badge", self.lang), lay.font_small, (255, 236, 200), True
            )
            surface.blit(h, h.get_rect(center=centre))
            x3 += 2 * r + lay.px(4)
            art = self.tile_art(lay.badge_tile_w)
            for k in info.win_tiles[-4:]:
                img = art.flat_face(k)
                surface.blit(img, (x3, rect.bottom - pad - img.get_height() + lay.px(3)))
                x3 += art.step
        if self.human is not None and seat == self.human and self.ctl.auto:
            a = self.text.get(
                i18n.t("table.auto_on", self.lang), lay.font_small, (255, 200, 120), True
            )
            surface.blit(a, (rect.right - pad - a.get_width(), rect.bottom - pad - a.get_height()))

    def _draw_info(self, surface: pygame.Surface) -> None:
        """Hand number and rules, in the free top-left corner."""
        lay = self.layout
        x, y = lay.px(20), lay.px(16)
        title = self.text.get(
            i18n.t("table.hand_no", self.lang, n=self.hand_no),
            lay.font_normal,
            pal.GOLD_LIGHT,
            True,
        )
        surface.blit(title, (x, y))
        preset = self.ctl.rules.preset_name
        if preset and i18n.has("preset." + preset):
            label = self.text.get(
                i18n.t("preset." + preset, self.lang), lay.font_small, pal.UI_TEXT_DIM
            )
            surface.blit(label, (x, y + title.get_height() + lay.px(2)))

    def _panel_plate(self, size: tuple[int, int], current: bool) -> pygame.Surface:
        """The translucent rounded plate behind a seat panel (gold edge on the current seat)."""
        key = (size, current)
        plate = self._plates.get(key)
        if plate is None:
            radius = self.layout.px(12)
            plate = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (14, 24, 20, 215), plate.get_rect(), border_radius=radius)
            border = pal.GOLD_LIGHT if current else pal.GOLD_DARK
            width = 3 if current else 1
            pygame.draw.rect(plate, border, plate.get_rect(), width=width, border_radius=radius)
            self._plates[key] = plate
        return plate

    def _level_label(self, seat: int) -> str:
        if self.human is not None and seat == self.human:
            return ""
        level = self.ctl.seating.bots[seat]
        return i18n.t("bot." + level, self.lang) if i18n.has("bot." + level) else level

    # status, hints ----------------------------------------------------------------------

    def _status_text(self) -> str | None:
        view = self.view
        lang = self.lang
        if self.time <= self.leave_armed_until and not self.ctl.is_over:
            return i18n.t("table.leave_confirm", lang)
        if self.human is None or not self.interactive or self.ctl.is_over:
            return None
        if self.ctl.auto:
            return i18n.t("table.auto_on", lang)
        if view.phase is Phase.EXCHANGE:
            if self._legal_of(ActionKind.EXCHANGE_THREE):
                return i18n.t("table.pick_three", lang)
            return i18n.t("table.waiting", lang)
        if view.phase is Phase.DECLARE_VOID:
            if self._legal_of(ActionKind.DECLARE_VOID):
                return i18n.t("table.pick_void", lang)
            return i18n.t("table.waiting", lang)
        if self._legal_of(ActionKind.DISCARD):
            if view.void_first:
                return i18n.t("table.void_first", lang)
            return i18n.t("table.your_turn", lang)
        claims = self._claim_options()
        if claims and view.claim_tile is not None:
            names = {
                ActionKind.WIN: "act.win",
                ActionKind.PONG: "act.pong",
                ActionKind.EXPOSED_KONG: "act.kong",
                ActionKind.ADDED_KONG: "act.kong",
                ActionKind.CONCEALED_KONG: "act.kong",
            }
            whats = list(dict.fromkeys(i18n.t(names[a.kind], lang) for a in claims))
            return i18n.t(
                "table.claim",
                lang,
                tile=tile_name(view.claim_tile, lang),
                what=i18n.t("table.or", lang).join(whats),
            )
        return None

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        x = lay.hand_x
        y = lay.hint_y
        status = self._status_text()
        if status:
            img = self.text.get(status, lay.font_normal, pal.GOLD_LIGHT, True)
            self._plate(surface, img, (x, y))
            x += img.get_width() + lay.px(26)
        if self.hints is not None and self.hints.line:
            self._draw_hint_strip(surface, x, y)
        # the claimed tile, big, just left of the claim buttons (the right seat's panel is above)
        view = self.view
        if view.claim_tile is not None and self._claim_options():
            art = self.tile_art(lay.hand_w)
            img = art.face(view.claim_tile, "selected")
            left = min((int(el.rect.x) for el in self.buttons), default=lay.buttons.right)
            bx = left - img.get_width() - lay.px(12)
            by = lay.buttons.bottom - img.get_height()
            surface.blit(img, (bx, by))

    def _draw_hint_strip(self, surface: pygame.Surface, x: int, y: int) -> None:
        """Shanten, or when ready each winning tile as a small tile with copies left and value."""
        assert self.hints is not None
        lay = self.layout
        line = self.text.get(self.hints.line, lay.font_small, pal.HINT, True)
        items: list[tuple[pygame.Surface, pygame.Surface]] = []
        art = self.tile_art(lay.badge_tile_w)
        for kind, left, value in self.hints.waits:
            label = i18n.t("hint.wait_left", self.lang, left=left) + (
                f" · {value}" if value else ""
            )
            colour = pal.IVORY_TEXT if left else pal.UI_TEXT_DIM
            state = "normal" if left else "greyed"
            items.append((art.flat_face(kind, state), self.text.get(label, lay.font_small, colour)))
        width = line.get_width() + sum(t.get_width() + i.get_width() + lay.px(12) for t, i in items)
        mid = y + lay.px(1) + line.get_height() // 2
        height = max([line.get_height(), *(t.get_height() for t, _ in items)])
        box = pygame.Rect(0, 0, width + lay.px(16), height + lay.px(6))
        box.midleft = (x - lay.px(8), mid)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=box.h // 2)
        surface.blit(plate, box.topleft)
        surface.blit(line, line.get_rect(midleft=(x, mid)))
        cx = x + line.get_width() + lay.px(8)
        for tile, text in items:
            surface.blit(tile, tile.get_rect(midleft=(cx, mid)))
            cx += tile.get_width() + lay.px(2)
            surface.blit(text, text.get_rect(midleft=(cx, mid)))
            cx += text.get_width() + lay.px(10)

    def _plate(self, surface: pygame.Surface, img: pygame.Surface, pos: tuple[int, int]) -> None:
        lay = self.layout
        rect = img.get_rect(topleft=pos).inflate(lay.px(16), lay.px(6))
        plate = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, (0, 0, 0, 120), plate.get_rect(), border_radius=rect.h // 2)
        surface.blit(plate, rect.topleft)
        surface.blit(img, pos)

    def _draw_tooltip(self, surface: pygame.Surface, kind: int) -> None:
        assert self.hints is not None
        text = self.hints.per_discard.get(kind)
        if not text:
            return
        lay = self.layout
        img = self.text.get(text, lay.font_small, pal.IVORY_TEXT)
        slot = next((s for s in self.slots if s.index in (self.hover, self.selected)), None)
        if slot is None:
            return
        rect = img.get_rect(midbottom=(slot.rect.centerx, slot.rect.y - lay.px(20)))
        rect.clamp_ip(pygame.Rect(0, 0, lay.w, lay.h))
        box = rect.inflate(lay.px(14), lay.px(8))
        pygame.draw.rect(surface, (16, 26, 36), box, border_radius=lay.px(6))
        pygame.draw.rect(surface, pal.HINT, box, width=1, border_radius=lay.px(6))
        surface.blit(img, rect)


# --- helpers -------------------------------------------------------------------------------


def _suit_short(suit: int, lang: str) -> str:
    from engine.tiles import suit_name

    return suit_name(suit, lang)


def _blit_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    surface.blit(draw_dice(value, rect.h), rect.topleft)


def _score_line(ev: Event, lang: str) -> str | None:
    score = ev.score
    if score is None or score.pattern is None:
        return None
    name = i18n.pattern_name(score.pattern, lang)
    extras = [i18n.extra_name(e, lang) for e, n in score.extras for _ in range(max(1, n))]
    label = " + ".join([name, *extras[:3]])
    if score.fan is not None:
        return i18n.t("call.fan", lang, pattern=label, fan=score.fan)
    return i18n.t("call.points", lang, pattern=label, points=score.value)


def _wait_value(view: PlayerView, kind: int, lang: str) -> str:
    me = view.seats[view.seat]
    counts = list(view.concealed)
    counts[kind] += 1
    try:
        res = score_hand(
            WinContext(
                concealed=tuple(counts),
                melds=tuple(me.melds),
                win_tile=kind,
                void=view.own_void,
                dealer=view.dealer == view.seat,
            ),
            view.rules,
        )
    except HandError:
        return ""
    if not res.win:
        return ""
    if res.fan is not None:
        return i18n.t("hint.fan", lang, n=res.fan)
    return i18n.t("hint.pts", lang, n=res.value)


def compute_hints(view: PlayerView, lang: str) -> Hints:
    """Shanten or waits of the bottom hand, and per candidate discard what it leaves."""
    me = view.seats[view.seat]
    melds = len(me.melds)
    counts = list(view.concealed)
    n = sum(counts)
    public = [view.visible[k] - counts[k] for k in range(len(counts))]
    per: dict[int, str] = {}
    void = view.own_void if view.rules.declare_void else None
    try:
        if n % 3 == 2:
            options = analyze_discards(counts, melds, void, public)
            best = min((o.shanten for o in options), default=9)
            for o in options:
                head = i18n.t("hint.if_discard", lang, tile=tile_name(o.discard, lang))
                if o.shanten == 0 and o.waits:
                    items = " ".join(
                        i18n.t("hint.wait_item", lang, tile=tile_name(w.kind, lang), left=w.unseen)
                        for w in o.waits
                    )
                    per[o.discard] = head + i18n.t("hint.waits", lang) + " " + items
                elif o.shanten <= 0:
                    per[o.discard] = head + i18n.t("hint.no_waits", lang)
                else:
                    per[o.discard] = head + i18n.t("hint.shanten", lang, n=o.shanten)
            line = i18n.t("hint.ready", lang) if best <= 0 else i18n.t("hint.shanten", lang, n=best)
            return Hints(line, per)
        sh = shanten(counts, melds, void)
        if sh > 0:
            return Hints(i18n.t("hint.shanten", lang, n=sh), per)
        found = tuple(
            (k, max(0, 4 - view.visible[k]), _wait_value(view, k, lang))
            for k in waits(counts, melds, void)
        )
        return Hints(i18n.t("hint.ready_waits", lang), per, found)
    except ValueError:
        return Hints("", per)
