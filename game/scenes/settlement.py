"""The settlement scene: over the finished table, every win and every point explained.

Shows each win (the winner's hand, pattern, extras and fan or points), every ledger line
(who paid whom, how much and why, in the chosen language), each seat's hand and match
totals, and who deals next; the scrolling body's rows are laid out and drawn by
:mod:`game.scenes.settlement_body`. Opening it records the hand in the match (``finish``).
Its two buttons do what the navigator gave it (:class:`SettlementExits`): after a hand of a
match, the next hand (in a demo it starts by itself) or the main menu; after a replay, back
to the replay or close the viewer; after the tutorial, one Finish button under a banner. Tab
and Shift+Tab (or ←/→) bring the keyboard focus to a button, Enter or Space presses it; with
no button focused Enter is the next hand. Esc does what the navigator says
(``SettlementExits.on_cancel``): after a hand of a match, as at the table with nothing to
pass, it opens the pause menu — never the next hand nor the menu, as Esc passes claims at
the table and a press too many must neither skip the result nor leave the table.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

import pygame
import pygame_gui

from engine.round import WinRecord
from engine.settlement import LedgerEntry
from engine.text import Narrator
from engine.tiles import Meld
from game import i18n
from game import palette as pal
from game.app import App
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.net.widgets import shown_name
from game.scenes.base import Scene
from game.scenes.settlement_body import Body, Columns, SettlementBody
from game.table.buttons import button_font, scaled_id
from game.table.driver import TableDriver
from game.table.layout import BASE_W, Layout
from game.tile_art import TileArt
from game.ui.controls import draw_focus_ring
from game.ui.draw import panel as draw_panel
from game.ui.text import TextCache, blit_paragraph, elide, seat_label, signed

__all__ = ["SettledTable", "SettlementExits", "SettlementScene"]

DEMO_AUTO_NEXT = 6.0  # seconds before a demo deals the next hand
_SCROLL_KEYS = (Command.SELECT_UP, Command.SELECT_DOWN, Command.PAGE_UP, Command.PAGE_DOWN)
_FOCUS_KEYS = (Command.NEXT_FIELD, Command.PREV_FIELD, Command.SELECT_RIGHT, Command.SELECT_LEFT)
PANEL_FILL = (24, 18, 14, 255)  # the settlement panel behind the title, body and totals
_DIM = (115, 115, 115)  # × 115/255: what a black veil of alpha 140 leaves of the table
# Rows of the body rendered ahead of need per update, past those in view (they are drawn
# as they scroll in, so this only keeps a scroll from doing them all in one frame).
_PREFETCH_S = 0.004
_SIDE_W = 250  # the totals' column, right of the body (px at 1280×800)
_FOOT = 80  # under the body and the totals: the buttons' strip (px at 1280×800)
_MIN_PANEL_H = 400  # the panel's least height (px at 1280×800), the window allowing


class SettledTable(Protocol):
    """The finished table the settlement lies over."""

    @property
    def layout(self) -> Layout: ...

    @property
    def driver(self) -> TableDriver: ...

    @property
    def speed_factor(self) -> float: ...

    def tile_art(self, width: int) -> TileArt: ...

    def on_resize(self, size: tuple[int, int]) -> None: ...


@dataclass(frozen=True)
class SettlementExits:
    """What the settlement's buttons do and say. ``on_menu`` None: one button only
    (``next_key`` names it); ``menu_key`` names the other (a replay's closes the viewer);
    ``auto_next``: a demo deals the next hand by itself; ``banner_key``: a line over the
    buttons (the tutorial's "complete")."""

    on_next: Callable[[], object]
    on_menu: Callable[[], object] | None
    next_key: str = "btn.next_hand"
    menu_key: str = "btn.back_to_menu"
    auto_next: bool = False
    banner_key: str | None = None
    on_review: Callable[[], object] | None = None  # 复盘: the hand in the viewer, reviewed
    #: Asked once the hand is recorded: True when ``on_next`` leads to the match's end (the
    #: last hand, a walk-out, a seat out of coins); the button then says so.
    final: Callable[[], bool] | None = None
    #: What Esc does (None: nothing, the tutorial's). A match's opens the pause menu, as
    #: Esc does at the table with nothing to pass; a demo's ends it, as at its table; a
    #: replay's goes back to its viewer, whose Esc closes it.
    on_cancel: Callable[[], object] | None = None


class SettlementScene(Scene):
    def __init__(self, app: App, table: SettledTable, exits: SettlementExits) -> None:
        super().__init__()
        self.app = app
        self.table = table
        self.exits = exits
        self.ctl = table.driver
        self.text = TextCache()
        self.hand_totals = self.ctl.round.ledger.totals()
        self.hand_no = self.ctl.hand_no
        self.ctl.finish()  # records the hand in the match: totals and the next dealer
        self.elements: dict[pygame_gui.elements.UIButton, str] = {}
        # the button the keyboard is on ("next", "menu", "review"), None until Tab; kept
        # by name while the buttons are made again (a resize, a language)
        self.focus: str | None = None
        self.timer = 0.0
        self._built = False  # the buttons: made by an update (see ``update``)
        self._body: Body | None = None  # the scrolling part: wins, ledger, hands, laid out
        self._layout: SettlementBody | None = None  # what lays it out and draws its rows
        self.scroll = 0  # pixels of the body scrolled past the top of its view
        self._drag: tuple[int, int] | None = None  # (pointer y, scroll) when a drag began
        # The table under the settlement, drawn and dimmed once (see ``opaque``).
        self._backdrop: tuple[tuple[int, int, str], pygame.Surface] | None = None

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Whether the table below may go undrawn. Only the top scene updates, so the table
        does not change while the settlement is open: its first frame is kept, dimmed, and
        stands in for it (drawing the table again every frame cost a third of a frame at
        2560x1440). A new window size or language draws the table once more."""
        return self._backdrop is not None and self._backdrop[0] == self._backdrop_key()

    def _backdrop_key(self) -> tuple[int, int, str]:
        lay = self.table.layout
        return (lay.w, lay.h, self.lang)

    @property
    def lang(self) -> str:
        # Settings.lang's Literal is built from a tuple, which mypy reads as Any
        lang: str = self.app.settings.lang
        return lang

    def name(self, seat: int, *, next_hand: bool = False) -> str:
        """As the table calls the seat (TableModel.seat_name): a bot that went broke in this
        hand keeps its old name for the hand's lines ("Bot 1"), and the one replacing it
        gets its new number for the next hand's (``next_hand``: "next dealer: Bot 4"). A
        friend's name shows as the table shows it (what the font cannot draw as "?")."""
        if seat == self.ctl.seating.human:
            return seat_label(seat, seat, self.lang, self.ctl.rules.players)
        names = getattr(self.ctl, "seat_names", None)  # a networked table's players
        if names and seat < len(names) and names[seat]:
            return shown_name(str(names[seat]))
        session = getattr(self.ctl, "table_session", None)  # offline: the table's bots
        if session is not None:
            report = getattr(self.ctl, "hand_report", None)
            for replaced, old, _ in report.replaced if report is not None and not next_hand else ():
                if replaced == seat:  # went broke in this hand: a new bot sits down next
                    return str(old)
            return str(session.bot_name(seat, self.lang))
        return seat_label(seat, self.ctl.seating.human, self.lang, self.ctl.rules.players)

    def words(self) -> Narrator:
        """The engine's sentences with this table's names (你 / You for the human seat)."""
        names = [self.name(s) for s in range(self.ctl.rules.players)]
        return Narrator(self.lang, names, you=self.ctl.seating.human)

    # --- lifecycle ------------------------------------------------------------------------

    def on_enter(self) -> None:
        """The buttons come with an update: the next one when the settlement is woken again
        (the same frame), the second one when a table opens it (see ``update``)."""

    def on_exit(self) -> None:
        for el in self.elements:
            kill: Callable[[], None] = el.kill  # pygame-gui's, unannotated there
            kill()
        self.elements.clear()
        self._built = False

    def on_resize(self, size: tuple[int, int]) -> None:
        """A new window size (or a setting applied): everything is laid out again. The
        buttons are made again at once only when the settlement is on top; under another
        scene (the review's viewer) they wait for the update that wakes it (see ``update``),
        so none of them shows or takes a click over that scene."""
        self.table.on_resize(size)
        self._body = None
        self._backdrop = None
        self.on_exit()
        if self.stack is not None and self.stack.top is self:
            self._build()

    def _rect(self) -> pygame.Rect:
        """The panel, centred, as tall as what it holds (the title, the body or the totals'
        column, the buttons' strip) within ``_MIN_PANEL_H`` and the window less a margin (a
        longer body scrolls); the body is laid out for it if it is not."""
        lay = self.table.layout
        body = self._laid_out()
        most = lay.h - lay.px(70)
        need = self._view_top() + max(body.height, body.side) + lay.px(_FOOT)
        rect = pygame.Rect(0, 0, self._panel_w(), min(most, max(lay.px(_MIN_PANEL_H), need)))
        rect.center = (lay.w // 2, lay.h // 2)
        return rect

    def _panel_w(self) -> int:
        """1040 px at most (at 1280×800) in a window of 16:10 or narrower; a wider window
        (its layout's scale set by its height, the table leaves room at the sides) gives
        the panel three pixels for each it is wider, up to the window less a margin and
        1600 px: at 1920×1080 the body then has room for its payments in a column of their
        own (``SettlementBody.arranged``), where one column scrolled a plain hand's hands."""
        lay = self.table.layout
        wider = max(0, lay.w - lay.px(BASE_W))
        return min(lay.w - lay.px(60), lay.px(1040) + 3 * wider, lay.px(1600))

    @cached_property
    def deals_on(self) -> bool:
        """Another hand follows this one: only then is its next dealer named (after the last
        hand, a walk-out, the tutorial or a replay, "Next dealer" named a hand never dealt)."""
        final = self.exits.final is not None and self.exits.final()
        return self.exits.next_key == "btn.next_hand" and not final

    def _build(self) -> None:
        self._built = True
        lay = self.table.layout
        rect = self._rect()
        size = button_font(lay)
        font = scaled_id(self.app.ui, size)
        final = self.exits.final is not None and self.exits.final()
        keys = {"next": "btn.final" if final else self.exits.next_key}
        if self.exits.on_menu is not None:
            keys["menu"] = self.exits.menu_key
            if self.exits.on_review is not None:
                keys["review"] = "review.button"
        right = rect.right - lay.px(24)
        for what, key in keys.items():  # right to left: Next, then Main menu, then Review
            label = i18n.t(key, self.lang)
            # as wide as the label needs ("Back to the replay"), never narrower than 170
            w = max(lay.px(170), get_font(size, True).size(label)[0] + lay.px(30))
            at = pygame.Rect(0, 0, w, lay.px(48))
            at.bottomright = (right, rect.bottom - lay.px(18))
            el = pygame_gui.elements.UIButton(at, label, manager=self.app.ui, object_id=font)
            self.elements[el] = what
            right = at.left - lay.px(12)

    # --- input / update -------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        lay = self.table.layout
        step = lay.font_small * 3
        if event.kind is InputKind.COMMAND and event.command is Command.CONFIRM:
            self.press(self.focus or "next")
        elif event.kind is InputKind.COMMAND and event.command is Command.CANCEL:
            if self.exits.on_cancel is not None and self.stack is not None:
                self.exits.on_cancel()
        elif event.kind is InputKind.COMMAND and event.command in _FOCUS_KEYS:
            forward = event.command in (Command.NEXT_FIELD, Command.SELECT_RIGHT)
            self.move_focus(1 if forward else -1)
        elif event.kind is InputKind.COMMAND and event.command in _SCROLL_KEYS:
            page = self._view_rect().h - step
            by = {
                Command.SELECT_UP: -step,
                Command.SELECT_DOWN: step,
                Command.PAGE_UP: -page,
                Command.PAGE_DOWN: page,
            }[event.command]
            self.scroll_by(by)
        elif event.kind is InputKind.WHEEL:
            self.scroll_by(-event.wheel * step)
        elif event.kind is InputKind.MOUSE_DOWN and event.button == 1:
            view = self._view_rect().move(self._rect().topleft)
            if view.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
        elif event.kind is InputKind.MOUSE_MOVE and self._drag is not None:
            y0, s0 = self._drag
            self.scroll_to(s0 - (event.pos[1] - y0))
        elif event.kind is InputKind.MOUSE_UP:
            self._drag = None
        elif event.kind is InputKind.UI_BUTTON:
            what = next((w for el, w in self.elements.items() if el is event.element), None)
            if what is not None:
                self.press(what)

    def press(self, what: str) -> None:
        """Press the button ``what`` ("next", "menu" or "review")."""
        if what == "next":
            self.next_hand()
        elif what == "menu":
            self.to_menu()
        elif what == "review" and self.exits.on_review is not None:
            self.exits.on_review()

    def move_focus(self, step: int) -> None:
        """The keyboard focus to the button right (``step`` 1) or left (-1) of the focused
        one, round the row; from none, the leftmost (or the rightmost)."""
        order = [w for el, w in sorted(self.elements.items(), key=lambda item: item[0].rect.x)]
        if order:
            i = order.index(self.focus) if self.focus in order else -1 if step > 0 else 0
            self.focus = order[(i + step) % len(order)]

    def update(self, dt: float) -> None:
        """Opening is spread over frames, so none of them is slow at any window size: the
        frame the table opens it dims the table; the first update lays out the body and
        renders what is in view, and the panel (as tall as the body) is drawn with it; the
        second makes the buttons (pygame-gui draws each in several states, slowly at a size
        it has not drawn before); the rest of the body follows a few rows a frame, or as it
        scrolls into view."""
        self.timer += dt
        self._tell_timeouts()
        body = self._body
        if self._built and (body is None or body.key != self._body_key()):
            self.on_exit()  # laid out anew (a language): the buttons follow the panel's foot
        if self._built or body is None or body.key != self._body_key():
            self._prefetch(_PREFETCH_S)  # lays the body out first if it is not
        else:
            self._build()
        if self.exits.auto_next and self.timer >= self._auto_next_s():
            self.next_hand()

    def _tell_timeouts(self) -> None:
        """At a friends' table: a move the server's turn timer made for the player that the
        table could not tell (it opened this screen first, or the player's own move was
        refused as too late after it had: NetDriver.take_untold_timeouts) is told here — the
        result shown is not the one the player chose, and nothing said why."""
        take = getattr(self.ctl, "take_untold_timeouts", None)
        if take is not None and take():
            said = (i18n.t("settle.timed_out", "zh"), i18n.t("settle.timed_out", "en"))
            self.app.notify(said, 6.0)  # longer than over the table: the result is read

    @property
    def max_scroll(self) -> int:
        """How far the body scrolls: none when every row is in view (a scroll that would
        show only the margin under the last hand drew a scrollbar for a few pixels)."""
        body, h = self._laid_out(), self._view_rect().h
        return 0 if all(r.y + r.size[1] <= h for r in body.rows) else max(0, body.height - h)

    @property
    def body_ready(self) -> bool:
        """Whether every row of the body has been rendered (tests)."""
        return self._body is not None and self._body.ready

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(self.max_scroll, int(y)))

    def scroll_by(self, dy: int) -> None:
        self.scroll_to(self.scroll + dy)

    def _auto_next_s(self) -> float:
        return DEMO_AUTO_NEXT * max(0.3, self.table.speed_factor)

    def next_hand(self) -> None:
        """The next hand (or what stands for it: back to the viewer, the tutorial's end)."""
        if self.stack is not None:
            self.exits.on_next()

    def to_menu(self) -> None:
        if self.stack is not None:
            (self.exits.on_menu or self.exits.on_next)()

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        if self.opaque:
            assert self._backdrop is not None
            surface.blit(self._backdrop[1], (0, 0))
        else:  # the stack has just drawn the table here: dim it by 140/255, as a black veil
            # of that alpha would, but in place (no window-sized alpha surface to make)
            surface.fill(_DIM, special_flags=pygame.BLEND_RGB_MULT)
            self._backdrop = (self._backdrop_key(), surface.copy())
        body = self._body  # laid out by the first update (see there)
        if body is None or body.key != self._body_key():
            return  # the opening frame: the panel, as tall as the body, comes with it
        rect = self._rect()
        self._draw_panel(surface, rect)
        self._draw_body(surface, self._view_rect().move(rect.topleft), body)
        if self.exits.auto_next:
            left = max(0, int(self._auto_next_s() - self.timer) + 1)
            img = self.text.get(
                i18n.t("settle.auto_next", self.lang, n=left), lay.font_small, pal.UI_TEXT_DIM
            )
            surface.blit(img, (rect.x + lay.px(24), rect.bottom - lay.px(44)))
        if self.exits.banner_key is not None:
            self._draw_banner(surface, self.exits.banner_key)
        focused = next((el for el, what in self.elements.items() if what == self.focus), None)
        if focused is not None:  # under the pygame-gui button, the frame just outside it
            draw_focus_ring(surface, focused.rect, lay.px(8))

    def _draw_body(self, surface: pygame.Surface, view: pygame.Rect, body: Body) -> None:
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))  # the body never draws over the title or totals
        top = view.y - self.scroll
        for row in body.showing(self.scroll, view.h):
            surface.blit(row.render(), (view.x + row.x, top + row.y))
        if self.scroll > 0:
            self._draw_top_edge(surface, view)
        surface.set_clip(clip)
        if self.max_scroll:
            self._draw_scrollbar(surface, view, body.height)

    def _draw_banner(self, surface: pygame.Surface, key: str) -> None:
        lay = self.table.layout
        rect = self._rect()
        banner = pygame.Rect(rect.x + lay.px(24), 0, rect.w - lay.px(270), lay.px(64))
        banner.bottom = rect.bottom - lay.px(14)
        draw_panel(surface, banner, fill=(60, 40, 10, 250), edge=pal.GOLD_LIGHT)
        inner = banner.inflate(-lay.px(24), -lay.px(14))
        blit_paragraph(surface, i18n.t(key, self.lang), lay.px(17), pal.GOLD_LIGHT, inner)

    def _view_rect(self) -> pygame.Rect:
        """Where the scrolling body shows, inside the panel: under the title, left of the
        totals, above the buttons."""
        lay = self.table.layout
        top = self._view_top()
        return pygame.Rect(lay.px(24), top, self._view_w(), self._rect().h - lay.px(_FOOT) - top)

    def _view_top(self) -> int:
        """Where the body and the totals' column start in the panel: under the title."""
        lay = self.table.layout
        return lay.px(24) - lay.px(6) + self._title().get_height() + lay.px(8)

    def _view_w(self) -> int:
        """The body's width: the panel's, less its margins and the totals' column (it does
        not depend on the panel's height, which depends on the body laid out to it)."""
        lay = self.table.layout
        pad = lay.px(24)
        return self._panel_w() - pad - lay.px(_SIDE_W) - pad - lay.px(16)

    def _title(self) -> pygame.Surface:
        """本局结算 · 第 N 局 (its height sets where the body starts)."""
        lay = self.table.layout
        lang = self.lang
        return self.text.outlined(
            i18n.t("settle.title", lang) + " · " + i18n.t("table.hand_no", lang, n=self.hand_no),
            lay.font_big,
            pal.GOLD_LIGHT,
            (50, 25, 10),
        )

    def _draw_top_edge(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """A scrolled body fades in under a rule at its top, so a row cut there reads as
        scrolled away, not as part of the title."""
        lay = self.table.layout
        fade = lay.px(18)
        strip = pygame.Surface((view.w, fade), pygame.SRCALPHA)
        for y in range(fade):
            alpha = 255 * (fade - y) // fade
            pygame.draw.line(strip, (*PANEL_FILL[:3], alpha), (0, y), (view.w, y))
        surface.blit(strip, view.topleft)
        pygame.draw.line(surface, pal.GOLD, view.topleft, (view.right - 1, view.y), 1)

    def _draw_scrollbar(self, surface: pygame.Surface, view: pygame.Rect, total: int) -> None:
        lay = self.table.layout
        track = pygame.Rect(view.right + lay.px(4), view.y, lay.px(6), view.h)
        pygame.draw.rect(surface, (60, 50, 40), track, border_radius=track.w // 2)
        h = max(lay.px(24), track.h * view.h // max(1, total))
        y = track.y + (track.h - h) * self.scroll // max(1, self.max_scroll)
        pygame.draw.rect(surface, pal.GOLD, (track.x, y, track.w, h), border_radius=track.w // 2)

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The frame of the settlement: title and the totals column (they never scroll),
        drawn in place each frame (a panel-sized surface cost more to make and to blit)."""
        lay = self.table.layout
        # opaque: nothing of the table shows through the title or the scrolled body
        pygame.draw.rect(surface, PANEL_FILL, rect, border_radius=lay.px(18))
        pygame.draw.rect(surface, pal.GOLD, rect, width=2, border_radius=lay.px(18))
        pad = lay.px(24)
        title = self._title()
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + pad - lay.px(6))))
        col2 = rect.x + rect.w - pad - lay.px(_SIDE_W)
        self._totals(surface, col2, rect.y + self._view_top())

    def _body_key(self) -> tuple[int, str]:
        return (self._view_w(), self.lang)

    def _rows(self) -> SettlementBody:
        """The body's layout for the view's width and the language (made anew for others)."""
        if self._layout is None or self._layout.key != self._body_key():
            self._layout = SettlementBody.arranged(self, self._view_w())
        return self._layout

    def _laid_out(self) -> Body:
        if self._body is None or self._body.key != self._body_key():
            self._body = self._rows().lay_out(self._side(0, 0)[1])
        return self._body

    def _prefetch(self, budget_s: float) -> None:
        """Render the rows in view, then the others in order while ``budget_s`` lasts."""
        end = time.perf_counter() + budget_s
        body = self._laid_out()
        for row in body.showing(self.scroll, self._view_rect().h):
            row.render()
        for row in body.rows:
            if time.perf_counter() > end:
                return
            row.render()

    # the body's parts (game.scenes.settlement_body) for the current width and language

    def _columns(self) -> Columns:
        return self._rows().columns

    def _win_texts(self, win: WinRecord) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface]:
        return self._rows().win_texts(win)

    def _discarder(self, seat: int, width: int) -> str:
        return self._rows().discarder(seat, width)

    def _win_row(self, panel: pygame.Surface, win: WinRecord, x: int, y: int, art: TileArt) -> int:
        return self._rows().win_row(panel, win, x, y, art)

    def _hand_row(self, panel: pygame.Surface, seat: int, y: int, art: TileArt) -> int:
        return self._rows().hand_row(panel, seat, y, art)

    def _hand_at_win(self, win: WinRecord) -> tuple[list[int], list[Meld]]:
        return self._rows().hand_at_win(win)

    def _explain_lines(self, e: LedgerEntry, width: int) -> list[str]:
        return self._rows().explain_lines(e, width)

    # --- the totals' column ---------------------------------------------------------------

    def _totals(self, panel: pygame.Surface, x: int, y: int) -> int:
        """The totals' column drawn on ``panel`` from ``(x, y)`` (see ``_side``); its bottom."""
        placed, bottom = self._side(x, y)
        for img, at in placed:
            panel.blit(img, at)
        return bottom

    def _side(self, x: int, y: int) -> tuple[list[tuple[pygame.Surface, pygame.Rect]], int]:
        """The totals' column from ``(x, y)``: each text and where it goes, and the column's
        bottom (the panel's height counts it). Under its heading, name, this hand and the
        match, one seat a line: the two numbers right-aligned under their headings after the
        widest name, a name too long for the column (it ends at the panel's inner edge) cut
        short, as is the next dealer's; then the next dealer and the human's coins."""
        lay = self.table.layout
        lang = self.lang
        placed: list[tuple[pygame.Surface, pygame.Rect]] = []

        def put(img: pygame.Surface, **at: tuple[int, int]) -> pygame.Rect:
            placed.append((img, img.get_rect(**at)))
            return placed[-1][1]

        width = lay.px(_SIDE_W)  # to the panel's inner edge
        head = self.text.get(i18n.t("settle.totals", lang), lay.font_normal, pal.GOLD, True)
        y = put(head, topleft=(x, y)).bottom + lay.px(4)
        seats = range(self.ctl.rules.players)
        big, small, gap = get_font(lay.font_normal, True), get_font(lay.font_small), lay.px(12)
        heads = (i18n.t("settle.hand_total", lang), i18n.t("settle.match", lang))
        # both signed, as the match end shows the match's points; no change is "0"
        hand = [signed(self.hand_totals[s]) for s in seats]
        match = [signed(self.ctl.match.points[s]) for s in seats]
        hand_w = max(small.size(heads[0])[0], *(big.size(v)[0] for v in hand))
        match_w = max(small.size(heads[1])[0], *(big.size(v)[0] for v in match))
        room = width - hand_w - match_w - 2 * gap
        names = [elide(self.name(s), lay.font_normal, room, lang, True) for s in seats]
        name_w = max(min(room, lay.px(80)), *(big.size(n)[0] for n in names))
        hand_r = x + name_w + gap + hand_w
        match_r = hand_r + gap + match_w
        put(self.text.get(heads[0], lay.font_small, pal.UI_TEXT_DIM), topright=(hand_r, y))
        hdr = put(self.text.get(heads[1], lay.font_small, pal.UI_TEXT_DIM), topright=(match_r, y))
        y = hdr.bottom + lay.px(4)
        for s in seats:
            v = self.hand_totals[s]
            colour = (120, 230, 140) if v > 0 else ((250, 130, 110) if v < 0 else pal.IVORY_TEXT)
            for text, tint, at in ((hand[s], colour, hand_r), (match[s], pal.IVORY_TEXT, match_r)):
                put(self.text.get(text, lay.font_normal, tint, True), topright=(at, y))
            name = self.text.get(names[s], lay.font_normal, pal.IVORY_TEXT, True)
            y = put(name, topleft=(x, y)).bottom + lay.px(6)
        bottom = y - lay.px(6)  # the last line's foot
        below = lay.px(6)  # where the coins line goes
        if self.deals_on:
            said = i18n.t("settle.next_dealer", lang, name="")
            room = width - small.size(said)[0] - 1  # (the 1: kerning where the name joins)
            dealer = self.name(self.ctl.match.dealer, next_hand=True)
            dealer = elide(dealer, lay.font_small, room, lang)
            nd = self.text.get(
                i18n.t("settle.next_dealer", lang, name=dealer), lay.font_small, pal.GOLD_LIGHT
            )
            bottom = put(nd, topleft=(x, y + lay.px(6))).bottom
            below = lay.px(10) + nd.get_height()
        session, delta, human = self.ctl.table_session, self.ctl.delta, self.ctl.seating.human
        if session is not None and delta is not None and human is not None:
            # the human's coins this hand and the balance (RULES.md §6.5, game.table.session)
            n = delta[human]
            # as every screen writes a change and a sum: "+1,200", none "0"; "12,000"
            line = i18n.t("coins.change", lang, n=signed(n))
            balance = i18n.t("coins.balance", lang, n=f"{session.profile.coins:,}")
            line += balance if balance.startswith("（") else " " + balance  # 全角: its own gap
            colour = (120, 230, 140) if n > 0 else ((250, 130, 110) if n < 0 else pal.GOLD_LIGHT)
            img = self.text.get(line, lay.font_small, colour, True)
            bottom = put(img, topleft=(x, y + below)).bottom
        return placed, bottom
