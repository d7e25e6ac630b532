"""The table scene: one hand on screen, put together from the table package's parts.

:class:`TableScene` owns a :class:`~game.table.model.TableModel` (what is shown), the
:class:`~game.table.painter.TablePainter` (draws it, never changes it), the
:class:`~game.table.effects.EventEffects` (events become sounds and animations), the
:class:`~game.table.hand_input.HandInput` (clicks and keys become actions), the pygame-gui
:mod:`~game.table.buttons` and a list of :class:`~game.table.overlay.TableOverlay`\\ s (the
item bar, the replay controls, a lesson). It drives a
:class:`~game.table.driver.TableDriver` — the match's controller, or a replay — and asks
its :class:`TableNav` (the navigator) for the pause menu, the settlement and the way out.

``update`` advances the overlays, the animations and the driver and re-reads the model
after each change; ``draw`` only paints. Everything on screen comes from one
:class:`~engine.views.PlayerView` (the bottom seat's).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Protocol, TypeVar

import pygame
import pygame_gui

from engine.round import Action, ActionKind, Event, EventKind, Phase
from game import i18n
from game.app import App
from game.audio import SOUND_NAMES
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.scenes.base import Scene
from game.settings import save_settings
from game.table import anim
from game.table.bots import warm_engine
from game.table.buttons import ClaimButtons, Toolbar, ToolbarItem, Wanted
from game.table.driver import TableDriver
from game.table.effects import EventEffects
from game.table.focus import FocusStop, TableFocus
from game.table.geometry import Pos, anchor, hand_slots, panel_rect, wall_ring
from game.table.hand_input import HandInput, TableIntent
from game.table.hints import compute_hints
from game.table.items import ItemsOverlay
from game.table.layout import POSITIONS, Layout, viewer_layout
from game.table.model import TableModel
from game.table.overlay import TableOverlay
from game.table.painter import TablePainter
from game.table.tutorial_coach import TutorialCoach
from game.tile_art import TileArt, get_tile_art
from game.ui.text import TextCache, signed

__all__ = ["TableKind", "TableNav", "TableScene"]

#: The events of a hand nobody has acted in yet: the table shows them (the dice, the deal).
#: Any other event means a hand resumed part-way (TableScene._resume).
_DEALING = frozenset({EventKind.DICE, EventKind.DEAL, EventKind.TURN, EventKind.DRAW})

OverlayT = TypeVar("OverlayT", bound=TableOverlay)
WALK_OUT_BASES = 16  # RULES.md §6.4: 16 × base to each player who has not won


class TableKind(enum.Enum):
    """What the table is for; each kind differs only in the properties below."""

    PLAY = "play"  # a match (a demo when nobody sits at the bottom)
    REPLAY = "replay"  # a recorded hand: nobody plays
    TUTORIAL = "tutorial"  # the guided first hand

    @property
    def interactive(self) -> bool:
        """Someone plays here: Hints and Auto in the toolbar, the turn prompts."""
        return self is not TableKind.REPLAY

    @property
    def uses_profile(self) -> bool:
        """The human's coins and items take part (the item bar, the settlement's coins)."""
        return self is TableKind.PLAY

    @property
    def auto_play(self) -> bool:
        """托管 may be switched on."""
        return self is TableKind.PLAY

    @property
    def shows_levels(self) -> bool:
        """The seat panels name each bot's level (the tutorial's bots are the lesson's)."""
        return self is not TableKind.TUTORIAL

    @property
    def menu_pauses(self) -> bool:
        """The Menu button opens the pause menu, as Esc does; else it leaves the table at
        once (a replay: its viewer is behind it). The tutorial pauses too: a player who
        clicked Menu to reach Settings lost the lesson."""
        return self is not TableKind.REPLAY

    @property
    def walks_out(self) -> bool:
        """Leaving mid-hand is a walk-out (逃跑, RULES.md §6.4): a match's hand, not the
        lesson's."""
        return self is TableKind.PLAY


class TableNav(Protocol):
    """What the table asks of the navigator."""

    def pause(self, table: TableScene) -> None:
        """Open the pause menu over ``table``."""

    def settle(self, table: TableScene) -> None:
        """The hand is over: open the settlement over ``table``."""

    def leave(self, table: TableScene) -> None:
        """Close ``table`` and what is open over it."""


class TableScene(Scene):
    """One hand at the table."""

    opaque = True

    def __init__(
        self,
        app: App,
        driver: TableDriver,
        nav: TableNav,
        kind: TableKind = TableKind.PLAY,
        overlays: Sequence[TableOverlay] = (),
    ) -> None:
        super().__init__()
        self.app = app
        self._driver = driver
        self.nav = nav
        self.kind = kind
        human = driver.seating.human
        self.bottom = human if human is not None else 0
        self.text = TextCache()
        self.animator = anim.Animator(app.settings.speed)
        self._layout = self._compute_layout(app.size)
        self.effects = EventEffects(self.animator, app.audio, self.text, self.tile_art)
        self.buttons = ClaimButtons(app.ui)
        self.toolbar = Toolbar(app.ui)
        self.overlays: list[TableOverlay] = []
        session = None
        if kind.uses_profile and human is not None:
            session = driver.attach_profile(app.profile, app.data_dir, app.settings.lang)
        view = driver.round.view(self.bottom)
        self._model = TableModel(
            driver=driver,
            bottom=self.bottom,
            human=human,
            interactive=kind.interactive,
            view=view,
            hand_no=driver.hand_no,
            levels=tuple(self._level(seat) for seat in range(driver.rules.players)),
            lang=app.settings.lang,
        )
        self.painter = TablePainter(
            self._model, self.effects, self.text, self.tile_art, self._layout
        )
        self.hand = HandInput(self._model, lambda: self.app.settings.confirm_discard)
        self.focus = TableFocus()  # Tab: the keyboard on the table's buttons
        self.end_wait = 0.0
        self._toolbar_key: tuple[object, ...] = ()
        self._sync_settings()
        self._hint_key: tuple[object, ...] | None = None
        self._timeouts_told = getattr(driver, "timeouts", 0)
        self._warm_tasks: Iterator[Callable[[], object]] | None = None
        if session is not None:
            self.add_overlay(ItemsOverlay(session))
        for overlay in overlays:
            self.add_overlay(overlay)
        self._warm()
        events = driver.round.events
        if any(e.kind not in _DEALING for e in events):
            self._resume(events)
        else:
            self.show_events(events)  # the dice and the deal
        if self.draws_dealer():
            self.effects.dealer_callout(self._layout, self.dealer_line(), self.lang)

    def draws_dealer(self) -> bool:
        """The dice chose this match's first dealer and the table is about to show it: the
        first hand of a match whose rules draw the first dealer (``first_dealer = random``),
        no tile discarded or claimed yet. A replay, or a hand resumed part-way, carries its
        dealer and says nothing."""
        d = self._driver
        view = self._model.view  # a networked table knows the hand only by its view
        untouched = not any(s.pond or s.melds for s in view.seats)
        return (
            self.kind is TableKind.PLAY
            and d.rules.first_dealer == "random"
            and d.hand_no == 1
            and untouched
        )

    def dealer_line(self) -> str:
        """Who the dice made dealer: 你坐庄 / You deal, or 电脑2坐庄 / Bot 2 deals."""
        dealer = self._model.view.dealer
        if dealer == self._model.human:
            return i18n.t("call.dealer_you", self.lang)
        return i18n.t("call.dealer_is", self.lang, name=self._model.seat_name(dealer))

    def add_overlay(self, overlay: TableOverlay) -> None:
        """Host ``overlay`` (after the ones already there: it sees input later, draws on top)."""
        overlay.attach(self)
        self.overlays.append(overlay)

    def overlay(self, cls: type[OverlayT]) -> OverlayT | None:
        """The first overlay of type ``cls``, if hosted."""
        return next((o for o in self.overlays if isinstance(o, cls)), None)

    # --- what overlays and the navigator read (game.table.overlay.TableHost) -------------

    @property
    def model(self) -> TableModel:
        return self._model

    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def driver(self) -> TableDriver:
        return self._driver

    @property
    def ctl(self) -> TableDriver:
        """The driver (the match's controller, or a replay's)."""
        return self._driver

    @property
    def lang(self) -> str:
        # Settings.lang's Literal is built from a tuple, which mypy reads as Any
        lang: str = self.app.settings.lang
        return lang

    @property
    def ui(self) -> pygame_gui.UIManager:
        return self.app.ui

    @property
    def animating(self) -> bool:
        return self.animator.blocking

    @property
    def held(self) -> bool:
        """An overlay asks a question first (乾坤大挪移): nothing is dealt or played."""
        return any(o.holds for o in self.overlays)

    @property
    def speed_factor(self) -> float:
        """How long animations take at the speed setting (0: instant)."""
        return self.animator.factor

    def tile_art(self, width: int) -> TileArt:
        """The tile sprites at ``width`` in the player's tile style (classic / contrast)."""
        return get_tile_art(width, self.app.settings.tile_style)

    def claim_rect(self, action: Action) -> pygame.Rect | None:
        return self.buttons.rect_of(action)

    def seat_name(self, seat: int) -> str:
        return self._model.seat_name(seat)

    @property
    def tile_hint_box(self) -> pygame.Rect | None:
        return self.painter.tooltip_box

    def anchor(self, seat: int) -> Pos:
        return anchor(self._layout, self._layout.place(seat, self.bottom))

    def _resume(self, events: Sequence[Event]) -> None:
        """A hand resumed part-way shows as it stands: its past events' sounds, callouts,
        slides and the deal were all played at once over the table (58 sounds and 9
        callouts for a 血流 hand three wins in). Only the latest discard keeps its mark."""
        for overlay in self.overlays:
            overlay.on_resumed(events)
        self.refresh()
        last = next((e for e in reversed(events) if e.kind is EventKind.DISCARD), None)
        if last is not None and last.seat is not None:
            pond = self._model.view.seats[last.seat].pond
            if pond and pond[-1].tile == last.tile and not pond[-1].claimed:  # not claimed
                self._model.last_discard = (last.seat, len(pond) - 1)

    def show_events(self, events: Sequence[Event]) -> None:
        """Play the effects of ``events`` (the driver applied them) and re-read the view."""
        if events:
            for overlay in self.overlays:
                overlay.on_events(events)
            self.effects.play(events, self._model, self._layout, self._driver.round)
        self.refresh()

    def rewind(self) -> None:
        """The driver jumped (a replay seek): drop the animations and cached layers."""
        self.animator = anim.Animator(self.app.settings.speed)
        self.effects.reset(self.animator)
        m = self._model
        m.end_hands = {}
        m.settled = self._driver.is_over  # jumping to the end does not reopen the settlement
        m.last_discard = None
        m.received_until = 0.0  # the 换三张 marks belong to the moment of the swap
        self.end_wait = 0.0
        self.painter.forget_wall()
        self.refresh()

    def refresh(self) -> None:
        """Re-read the view and recompute the bottom hand's slots, the hints, the panels."""
        m = self._model
        m.reread()
        if getattr(self._driver, "seat_names", None) is not None:  # friends come and go
            m.levels = tuple(self._level(seat) for seat in range(self._driver.rules.players))
        m.hides_hand = self.held
        m.item_bar = any(o.takes_right_edge for o in self.overlays)
        m.panels = tuple(self._panel_rect(pos) for pos in range(POSITIONS))
        m.legal = self._human_legal()
        tiles, drawn = m.hand_tiles()
        m.slots = hand_slots(self._layout, self.tile_art(self._layout.hand_w).step, tiles, drawn)
        for overlay in self.overlays:
            overlay.on_refresh()
        m.settle_slots()
        self._update_hints()

    def _compute_layout(self, size: tuple[int, int]) -> Layout:
        """The table's layout at ``size`` for this table's seats and wall; a replay's keeps a
        column of its own for the viewer's review and controls, which covered the right
        seat's tiles and wall when they lay over the play layout."""
        rules = self._driver.rules
        if self.kind is TableKind.REPLAY:
            return viewer_layout(size[0], size[1], rules.players, rules.num_tiles)
        return Layout.compute(size[0], size[1], rules.players, rules.num_tiles)

    def _panel_rect(self, pos: int) -> pygame.Rect:
        rect = panel_rect(self._layout, pos, self._model.item_bar)
        for overlay in self.overlays:
            rect = overlay.panel_rect(pos, rect)
        return rect

    def keep_clear(self) -> list[pygame.Rect]:
        """What a notice (``App.notices``) must not cover at the table beyond its buttons:
        each seat's panel, its note and its line of tiles — the hidden hand across the
        table too, where a notice at the top centre lay over it —, the item column, the
        hand's number and room, the tracker, the own hand with the status line above it,
        and the wall's standing stacks: under the hand across, two or three notices lay
        over the top wall."""
        lay = self._layout
        keep = self.painter.preview_keep_clear() + self.painter.labels
        if self._model.item_bar:
            keep.append(lay.item_bar)
        band = lay.hint_y - lay.px(8)
        keep.append(pygame.Rect(lay.hand_x, band, lay.w - lay.hand_x, lay.h - band))
        keep += self.standing_wall()
        return keep + [rect for overlay in self.overlays for rect in overlay.keep_clear()]

    def rather_clear(self) -> list[pygame.Rect]:
        """What a notice covers only where nothing else is free: the discards as they lie,
        and the middle's count of tiles left. Down the middle, under the hand across and the
        top wall, three notices lay over the top player's first row at 1024×640."""
        lay, m = self._layout, self._model
        out = [lay.center_box]
        for seat in range(m.players):
            pos, count = lay.place(seat, m.bottom), len(m.view.seats[seat].pond)
            out += [lay.pond_slot(pos, i, count)[0] for i in range(count)]
        return out

    def standing_wall(self) -> list[pygame.Rect]:
        """The wall's stacks still standing, as drawn (the upper tile raised); every stack
        while the deal plays, which takes them in steps (a notice would climb at each)."""
        lay, m = self._layout, self._model
        dealing = self.effects.deal is not None
        drawn = 0 if dealing else lay.tiles - m.view.wall_remaining
        ring = wall_ring(m.view.dice, lay.place(m.view.dealer, m.bottom), lay.wall_stacks)
        out = []
        for g, (pos, stack) in enumerate(ring):
            if drawn - 2 * g < 2:  # a tile of the stack is left
                rect = lay.wall_stack_rect(pos, stack)
                out.append(rect.union(rect.move(0, -lay.wall_lift)))
        return out

    def _human_legal(self) -> list[Action]:
        """The human's choices, offered only once the dice, the deal and callouts are done."""
        if self.held:
            return []  # the 乾坤大挪移 question comes first
        return [] if self.animator.blocking else self._driver.human_legal()

    def _relabel(self) -> None:
        """The language changed mid-hand (the settings over the table): the seats' names and
        levels, the hint line and the item bar speak the new one from the next frame."""
        m = self._model
        m.lang = self.lang
        m.levels = tuple(self._level(seat) for seat in range(self._driver.rules.players))
        session = getattr(self._driver, "table_session", None)
        if session is not None:
            session.lang = self.lang
        self._update_hints()
        for overlay in self.overlays:
            overlay.relabel(self.lang)

    def _level(self, seat: int) -> str:
        if not self.kind.shows_levels or seat == self._driver.seating.human:
            return ""
        names = getattr(self._driver, "seat_names", None)
        if names and seat < len(names) and names[seat]:
            return ""  # a friend at a networked table (its stand-in bot's level is not theirs)
        level = self._driver.seating.bots[seat]
        key = "bot." + level
        return i18n.t(key, self.app.settings.lang) if i18n.has(key) else level

    # --- what the pause menu uses ---------------------------------------------------------

    def mid_hand(self) -> bool:
        """Leaving now is a walk-out: the human still plays this hand of a match (leaving a
        tutorial or a demo never is: it asked "walk out? 16 points to each…" and settled
        the lesson as a walk-out under "Tutorial complete!")."""
        return self.kind.walks_out and self._driver.human_mid_hand()

    @property
    def walk_out_penalty(self) -> int:
        """What a walk-out costs to each player who has not won (RULES.md §6.4)."""
        return WALK_OUT_BASES * self._driver.rules.base

    @property
    def autosaves(self) -> bool:
        session = self._driver.match_session
        return session is not None and session.saves

    @property
    def hosts_others(self) -> bool:
        """A friends' table this game hosts, with someone else at it: leaving closes it."""
        return bool(getattr(self._driver, "hosts_others", False))

    @property
    def plays_on(self) -> bool:
        """The table goes on under the pause menu (a friends' table: the server's)."""
        return bool(getattr(self._driver, "plays_on", False))

    def walk_out(self) -> None:
        """逃跑 (RULES.md §6.4): settle the hand now; the table then shows the settlement."""
        self.show_events(self._driver.walk_out())

    def leave(self) -> None:
        """Close the table (back to where it was opened from). A human who has won leaves
        without penalty (RULES.md §6.4): the rest of the hand is played out by bots and
        settled at once, so its coins and statistics count."""
        if self._driver.human_won():
            self._driver.leave_after_win()
            self._tell_paid_after_win()
        self._driver.cancel()
        self.nav.leave(self)

    def _tell_paid_after_win(self) -> None:
        """What the hand left after one's win paid, over the screen below (no settlement
        shows it: the main menu's coins just changed)."""
        report = getattr(self._driver, "hand_report", None)
        human = self._model.human
        if report is None or human is None:
            return
        coins = signed(report.coins[human])
        told = tuple(i18n.t("table.left.won", lang, coins=coins) for lang in ("zh", "en"))
        self.app.notify((told[0], told[1]))

    def skip_to_result(self) -> None:
        """Once the human has won: the rest of the hand is played at once (bots at every
        seat) and the settlement opens."""
        if not self._driver.human_won():
            return
        events = self._driver.play_out()
        for overlay in self.overlays:
            overlay.on_events(events)
        self.animator = anim.Animator(self.app.settings.speed)
        self.effects.reset(self.animator)
        self.painter.forget_wall()
        self.refresh()
        self._build_toolbar()

    def _save_settings(self) -> None:
        """A toolbar toggle is remembered like the settings screen's (a failed save only
        loses the remembering; the table goes on)."""
        save_settings(self.app.settings, self.app.data_dir)
        self._build_toolbar()

    def _sync_settings(self) -> None:
        """The table follows the settings (the settings screen over the paused table may
        have changed them): the animation speed, the bots' pace (the next hand's controller
        takes this one's), 自动胡 / 自动摸打 and the turn timer. A replay's or a networked
        table's driver paces no bots and ignores its pace."""
        settings = self.app.settings
        self.animator.speed = settings.speed
        self._driver.bot_pace = anim.BOT_PACE[settings.bot_pace]
        if self.kind.auto_play:
            self._driver.auto_win = settings.auto_win
            self._driver.auto_discard = settings.auto_discard
            self._driver.turn_timer = float(settings.turn_timer)

    # --- warming ----------------------------------------------------------------------------

    def _warm(self) -> None:
        """Queue every sprite this layout uses, to be rendered a few per frame (no spikes,
        no long wait before the first frame)."""
        lay = self._layout
        tasks: list[Callable[[], object]] = [partial(self.app.audio.load, n) for n in SOUND_NAMES]
        for width in (lay.opp_w, lay.wall_w, lay.pond_w, lay.meld_w):
            art = self.tile_art(width)  # backs first: the deal shows them before any face
            tasks += [art.back if width == lay.opp_w else art.flat_back]
        hand = self.tile_art(lay.hand_w)
        tasks += [partial(hand.face, kind) for kind in range(27)]
        for width in (lay.pond_w, lay.meld_w, lay.badge_tile_w):
            art = self.tile_art(width)
            tasks += [partial(art.flat_face, kind) for kind in range(27)]
        self._warm_tasks = iter(tasks)
        warm_engine()  # once per process: better before the first frame than a stutter
        for size in (lay.font_small, lay.font_normal, lay.font_big):
            get_font(size, True)  # the table's few font sizes: every frame needs them
        get_font(lay.font_small, False)
        # The felt (cached per window size, 50 ms at 2560x1440) before the first frame of
        # the first hand at a size; the next hands find it made.
        self.painter.background()
        # The 万 faces load the art's glyph fonts (tens of ms each): do them before the first
        # frame, so the per-frame warming left over is a steady fraction of a millisecond.
        for width in (lay.hand_w, lay.pond_w, lay.meld_w, lay.badge_tile_w):
            art = self.tile_art(width)
            for kind in range(9):
                (art.face if width == lay.hand_w else art.flat_face)(kind)

    def _run_warm_tasks(self, budget_s: float) -> None:
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
        self._sync_settings()
        self._hint_key = None  # hints may have been switched on or off: shown (or not) now
        self._update_hints()
        if not self._model.settled:
            self._build_toolbar()
        # else woken as its settlement closes: the next hand's table usually replaces it at
        # once and builds its own, so its toolbar waits for an update (see there)
        self.buttons.kill()  # rebuilt by the next update
        for overlay in self.overlays:
            overlay.on_enter()

    def on_exit(self) -> None:
        self.buttons.kill()
        self.toolbar.kill()
        self.hand.release()
        for overlay in self.overlays:
            overlay.on_exit()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._layout = self._compute_layout(size)
        self.painter.set_layout(self._layout)
        for overlay in self.overlays:
            overlay.set_layout(self._layout)
        self._warm()
        self.refresh()
        if self.stack is not None and self.stack.top is self:
            self._build_toolbar()
            self.buttons.kill()

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        for overlay in self.overlays:
            if overlay.handle_event(event):
                return
        if event.kind is InputKind.UI_BUTTON:
            self._on_button(event.element)
            return
        was = self.focus.key
        taken = self.focus.handle(event, self.focus_stops())
        if self.focus.key != was:
            for overlay in self.overlays:
                overlay.focused(self.focus.key)
        if taken:
            return
        if event.kind is InputKind.COMMAND and event.command is Command.CONFIRM:
            lesson = self.overlay(TutorialCoach)
            action = lesson.enter_action() if lesson is not None else None
            if action is not None:  # Enter presses the lesson's highlighted button
                self.submit(action)
                return
        what = self.hand.handle(event, self._layout)
        if isinstance(what, TableIntent):
            self._on_intent(what)
        elif what is not None:
            self.submit(what)

    def submit(self, action: Action) -> None:
        """The human's ``action``, if every overlay allows it (a lesson may not)."""
        if not all(overlay.allows(action) for overlay in self.overlays):
            return
        events = self._driver.submit(action)
        if events:
            self._model.exchange_pick.clear()
            self.buttons.reset()
            self.show_events(events)
        for overlay in self.overlays:
            overlay.on_submitted(action)

    def focus_stops(self) -> list[FocusStop]:
        """What the Tab focus walks (game.table.focus): the claim row, the overlays' buttons
        (the items), the toolbar — none while the table is covered."""
        if self.stack is not None and self.stack.top is not self:
            return []
        stops = [
            FocusStop(("claim", target), pygame.Rect(el.rect), partial(self._on_button, el))
            for el, target in self.buttons.buttons.items()
        ]
        for overlay in self.overlays:
            stops.extend(overlay.focus_stops())
        toolbar = [  # as the rows read: left to right, the top row first
            FocusStop(what, pygame.Rect(el.rect), partial(self._on_toolbar, what))
            for el, what in self.toolbar.buttons.items()
        ]
        return stops + sorted(toolbar, key=lambda s: (s.rect.y, s.rect.x))

    def _focused(self) -> tuple[Action, pygame.Rect] | None:
        """The claim button the Tab focus is on, and where: its preview shows, as under the
        pointer (what a 胡 / 碰 / 杠 would give was the mouse's alone)."""
        key = self.focus.key
        if isinstance(key, tuple) and key[0] == "claim" and isinstance(key[1], Action):
            rect = self.buttons.rect_of(key[1])
            return (key[1], rect) if rect is not None else None
        return None

    def _on_button(self, element: object) -> None:
        item = self.toolbar.item(element)
        if item is not None:
            self._on_toolbar(item)
            return
        target = self.buttons.target(element)
        if target is Wanted.DISMISS:
            self._put_buttons_away()
        elif target is Wanted.EXCHANGE:
            action = self._model.exchange_action()
            if action is not None:
                self.submit(action)
        elif isinstance(target, Action):
            self.submit(target)

    def _on_toolbar(self, item: ToolbarItem) -> None:
        if item is ToolbarItem.HINTS:
            self._on_intent(TableIntent.TOGGLE_HINTS)
        elif item is ToolbarItem.AUTO:
            self._on_intent(TableIntent.TOGGLE_AUTO)
        elif item is ToolbarItem.SPEED:
            self._on_intent(TableIntent.CYCLE_SPEED)
        elif item is ToolbarItem.AUTO_WIN:
            self.app.settings.auto_win = not self.app.settings.auto_win
            self._sync_settings()
            self._save_settings()
        elif item is ToolbarItem.AUTO_DISCARD:
            self.app.settings.auto_discard = not self.app.settings.auto_discard
            self._sync_settings()
            self._save_settings()
        elif item is ToolbarItem.TRACKER:
            self.app.settings.tile_tracker = not self.app.settings.tile_tracker
            self._save_settings()
        elif item is ToolbarItem.SKIP:
            self.skip_to_result()
        elif item is ToolbarItem.MENU and self.stack is not None:
            self._menu_pressed()

    def _on_intent(self, intent: TableIntent) -> None:
        settings = self.app.settings
        if intent is TableIntent.TOGGLE_HINTS:
            # for this table only: the settings screen's "Hints on by default" is what is
            # saved (a later save — a toolbar toggle — writes that back, not this)
            saved = settings.run_only.get("hints", (None, settings.hints))[1]
            settings.hints = not settings.hints
            settings.run_only["hints"] = (settings.hints, saved)
            self._hint_key = None
            self._update_hints()
            self._build_toolbar()
        elif intent is TableIntent.TOGGLE_AUTO:
            if self._model.human is None or not self.kind.auto_play:
                return
            self._driver.auto = not self._driver.auto
            self._build_toolbar()
        elif intent is TableIntent.CYCLE_SPEED:
            order = anim.SPEED_ORDER
            speed = order[(order.index(settings.speed) + 1) % len(order)]
            settings.speed = speed
            settings.bot_pace = speed
            self._sync_settings()
            # remembered like the other toolbar toggles (the one button sets both speeds,
            # as its label says)
            for name in ("speed", "bot_pace"):
                settings.run_only.pop(name, None)
            self._save_settings()
        elif intent is TableIntent.CANCEL:
            passable = self._model.legal_of(ActionKind.PASS, ActionKind.DISCARD)
            if self._model.claim_options() and passable and not self.buttons.hidden:
                self._put_buttons_away()  # Esc puts the claim buttons away first
            elif self.animating and any(
                a.kind is ActionKind.PASS for a in self._driver.human_legal()
            ):
                pass  # a claim is offered, its row not shown yet (the discard still slides)
            else:
                self._open_pause()  # Esc with nothing to pass: the pause menu

    def _put_buttons_away(self) -> None:
        if all(overlay.allows_putting_away() for overlay in self.overlays):
            self.buttons.dismiss()

    def _menu_pressed(self) -> None:
        """The pause menu — leaving mid-hand asks first and settles a walk-out (逃跑, RULES.md
        §6.4); the tutorial's is left without a question. A demo and a replay just end."""
        if self._model.human is None or not self.kind.menu_pauses:
            self.leave()
            return
        self._open_pause()

    def _open_pause(self) -> None:
        if self.stack is not None and self.stack.top is self and not self._model.settled:
            self.hand.release()
            self.nav.pause(self)

    def _toolbar_state(self) -> tuple[object, ...]:
        s, m = self.app.settings, self._model
        won = m.human is not None and not self._driver.is_over and m.view.seats[m.human].won
        return (won, s.auto_win, s.auto_discard, s.tile_tracker, s.hints)

    def _build_toolbar(self) -> None:
        lang = self.lang
        settings = self.app.settings
        self._toolbar_key = self._toolbar_state()
        items: list[tuple[ToolbarItem, str]] = []

        def toggle(what: ToolbarItem, key: str, on: bool) -> None:
            items.append((what, i18n.t(key, lang) + (" ✓" if on else "")))

        if self._model.human is not None and self.kind.interactive:
            if self._driver.human_won():
                items.append((ToolbarItem.SKIP, i18n.t("btn.skip", lang)))
            toggle(ToolbarItem.HINTS, "btn.hints", settings.hints)
            if self.kind.auto_play:  # (the tutorial's moves are the lesson: none of these)
                toggle(ToolbarItem.AUTO_WIN, "btn.auto_win", settings.auto_win)
                if self._driver.rules.mode == "xueliu":
                    toggle(ToolbarItem.AUTO_DISCARD, "btn.auto_discard", settings.auto_discard)
                toggle(ToolbarItem.AUTO, "btn.auto", self._driver.auto)
            toggle(ToolbarItem.TRACKER, "btn.tracker", settings.tile_tracker)
        speed = i18n.t("speed." + settings.speed, lang)
        items.append((ToolbarItem.SPEED, i18n.t("btn.speed", lang, speed=speed)))
        if self.kind.menu_pauses:  # a replay's way out is its viewer's Close (Esc), not a Menu
            items.append((ToolbarItem.MENU, i18n.t("btn.menu", lang)))
        self.toolbar.build(self._layout, items)

    # --- update ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for overlay in self.overlays:
            overlay.update(dt)
        m = self._model
        m.time += dt
        if m.lang != self.lang:
            self._relabel()
        timeouts = getattr(self._driver, "timeouts", 0)
        if timeouts != self._timeouts_told:  # the turn timer ran out: a bot moved for you
            self._timeouts_told = timeouts
            self.app.notify((i18n.t("table.timed_out", "zh"), i18n.t("table.timed_out", "en")), 3.0)
        m.tracker = self.kind.interactive and self.app.settings.tile_tracker
        # more warming while only the dice roll, less once tiles move
        self._run_warm_tasks(0.006 if self.effects.dice is not None else 0.003)
        held = self.held
        if not held:  # the deal waits for the prompt
            self.animator.update(dt)
        self.effects.update()
        blocked = self.animator.blocking or held
        events = self._driver.update(dt, hold=blocked)
        if events:
            self.show_events(events)
        else:
            was, m.legal = m.legal, self._human_legal()  # 托管 may have been switched off
            if m.legal != was:  # 换三张 offered only now (after the deal, a prompt): the
                m.settle_slots()  # three suggested are picked, Enter alone swaps them
            m.hides_hand = held
        if self._driver.is_over and not m.settled:
            if not self.animator.blocking:
                self.end_wait += dt
            factor = self.animator.factor
            if self.end_wait >= 0.6 * max(0.25, factor) or factor == 0:
                self._open_settlement()
        on_top = self.stack is not None and self.stack.top is self  # not once it settled
        if on_top and (not self.toolbar.built or self._toolbar_state() != self._toolbar_key):
            self._build_toolbar()
        self.buttons.sync(m, self._layout, self.painter.notes.boxes())
        self.hand.hover()

    def _open_settlement(self) -> None:
        self._model.settled = True
        self.buttons.kill()
        if self.kind is TableKind.TUTORIAL and self.app.settings.tutorial_tip:
            # the lesson is done: the main menu stops pointing a new player to it (a failed
            # save only brings the tip back at the next start)
            self.app.settings.tutorial_tip = False
            save_settings(self.app.settings, self.app.data_dir)
        if self.kind is not TableKind.REPLAY:
            self.app.audio.play("settlement")
        for overlay in self.overlays:
            overlay.on_settle()
        if self.stack is not None:
            self.nav.settle(self)

    def _update_hints(self) -> None:
        m = self._model
        view = m.view
        shown = m.human is not None and self.kind.interactive and self.app.settings.hints
        if not shown or view.phase is not Phase.PLAY:
            m.hints = None
            return
        me = view.seats[self.bottom]
        if me.won and me.revealed is not None:
            m.hints = None
            return
        key = (view.concealed, len(me.melds), view.own_void, view.visible, self.lang)
        if key == self._hint_key:
            return
        self._hint_key = key
        m.hints = compute_hints(view, self.lang)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._model.lang != self.lang:  # changed in the settings over the paused table,
            self._relabel()  # which shows under the pause menu: it speaks the new one at once
        self.painter.claim_left = self.buttons.left_edge(self._layout)
        self.painter.claim_hover = self.buttons.action_at(self._model.mouse) or self._focused()
        self.painter.draw(surface)
        for overlay in self.overlays:
            overlay.draw(surface)
        self.focus.draw(surface, self.focus_stops(), self._layout.px(8))
        self.painter.draw_drag(surface)
