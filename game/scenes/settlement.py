"""The settlement scene: over the finished table, every win and every point explained.

Shows each win (the winner's hand, pattern, extras and fan or points), every ledger line
(who paid whom, how much and why, in the chosen language), each seat's hand and match
totals, and who deals next. Opening it records the hand in the match (``finish``). Its two
buttons do what the navigator gave it (:class:`SettlementExits`): after a hand of a match,
the next hand (in a demo it starts by itself) or the main menu; after a replay, back to the
viewer; after the tutorial, one Finish button under a banner.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame
import pygame_gui

from engine.round import WinRecord
from engine.settlement import LedgerEntry
from engine.text import Narrator
from game import i18n
from game import palette as pal
from game.app import App
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.scenes.base import Scene
from game.table.buttons import button_font, scaled_id
from game.table.driver import TableDriver
from game.table.layout import Layout
from game.tile_art import TileArt
from game.ui.draw import panel as draw_panel
from game.ui.text import TextCache, blit_paragraph, seat_label

__all__ = ["SettledTable", "SettlementExits", "SettlementScene"]

DEMO_AUTO_NEXT = 6.0  # seconds before a demo deals the next hand
_SCROLL_KEYS = (Command.SELECT_UP, Command.SELECT_DOWN, Command.PAGE_UP, Command.PAGE_DOWN)
PANEL_FILL = (24, 18, 14, 255)  # the settlement panel behind the title, body and totals
_DIM = (115, 115, 115)  # × 115/255: what a black veil of alpha 140 leaves of the table


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width``: at the last space when there is
    one (English), else between any two characters (Chinese)."""
    lines: list[str] = []
    current = ""
    for ch in text:
        if current and font.size(current + ch)[0] > width:
            cut = current.rfind(" ")
            if cut > 0:
                lines.append(current[:cut])
                current = current[cut + 1 :]
            else:
                lines.append(current)
                current = ""
            if ch == " " and not current:
                continue
        current += ch
    if current:
        lines.append(current)
    return lines


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
    """What the settlement's buttons do. ``on_menu`` None: one button only (``next_key``
    names it); ``auto_next``: a demo deals the next hand by itself; ``banner_key``: a line
    over the buttons (the tutorial's "complete")."""

    on_next: Callable[[], object]
    on_menu: Callable[[], object] | None
    next_key: str = "btn.next_hand"
    auto_next: bool = False
    banner_key: str | None = None
    on_review: Callable[[], object] | None = None  # 复盘: the hand in the viewer, reviewed


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
        self.timer = 0.0
        self._panel: tuple[tuple[int, int, str], pygame.Surface] | None = None
        self._body: pygame.Surface | None = None  # the scrolling part: wins, ledger, hands
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
        return self.app.settings.lang

    def name(self, seat: int) -> str:
        names = getattr(self.ctl, "seat_names", None)  # a networked table's players
        if names and seat != self.ctl.seating.human and seat < len(names) and names[seat]:
            return str(names[seat])
        return seat_label(seat, self.ctl.seating.human, self.lang)

    def words(self) -> Narrator:
        """The engine's sentences with this table's names (你 / You for the human seat)."""
        names = [self.name(s) for s in range(self.ctl.rules.players)]
        return Narrator(self.lang, names, you=self.ctl.seating.human)

    # --- lifecycle ------------------------------------------------------------------------

    def on_enter(self) -> None:
        self._build()

    def on_exit(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements.clear()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.table.on_resize(size)
        self._panel = None
        self._body = None
        self._backdrop = None
        self.on_exit()
        self._build()

    def _rect(self) -> pygame.Rect:
        lay = self.table.layout
        rect = pygame.Rect(0, 0, min(lay.w - lay.px(60), lay.px(1040)), lay.h - lay.px(70))
        rect.center = (lay.w // 2, lay.h // 2)
        return rect

    def _build(self) -> None:
        lay = self.table.layout
        rect = self._rect()
        w, h = lay.px(170), lay.px(48)
        font = scaled_id(self.app.ui, button_font(lay))
        nxt = pygame.Rect(0, 0, w, h)
        nxt.bottomright = (rect.right - lay.px(24), rect.bottom - lay.px(18))
        el = pygame_gui.elements.UIButton(
            nxt, i18n.t(self.exits.next_key, self.lang), manager=self.app.ui, object_id=font
        )
        self.elements[el] = "next"
        if self.exits.on_menu is None:
            return
        menu = nxt.move(-(w + lay.px(12)), 0)
        el = pygame_gui.elements.UIButton(
            menu, i18n.t("btn.back_to_menu", self.lang), manager=self.app.ui, object_id=font
        )
        self.elements[el] = "menu"
        if self.exits.on_review is not None:
            review = menu.move(-(w + lay.px(12)), 0)
            el = pygame_gui.elements.UIButton(
                review, i18n.t("review.button", self.lang), manager=self.app.ui, object_id=font
            )
            self.elements[el] = "review"

    # --- input / update -------------------------------------------------------------------

    def handle_event(self, event: InputEvent) -> None:
        lay = self.table.layout
        step = lay.font_small * 3
        if event.kind is InputKind.COMMAND and event.command is Command.CONFIRM:
            self.next_hand()
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
            if what == "next":
                self.next_hand()
            elif what == "menu":
                self.to_menu()
            elif what == "review" and self.exits.on_review is not None:
                self.exits.on_review()

    def update(self, dt: float) -> None:
        self.timer += dt
        # The body is rendered here, a frame after the panel opened (draw skips it until
        # then): the buttons, the backdrop and the frame of the panel fill the first frame,
        # and doing the body in it too made that frame 80-100 ms at 2560x1440.
        self._content()
        if self.exits.auto_next and self.timer >= self._auto_next_s():
            self.next_hand()

    @property
    def max_scroll(self) -> int:
        return max(0, self._content().get_height() - self._view_rect().h)

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
        key = (lay.w, lay.h, self.lang)
        if self._panel is None or self._panel[0] != key:
            self._panel = (key, self._render_panel())
        if self.opaque:
            assert self._backdrop is not None
            surface.blit(self._backdrop[1], (0, 0))
        else:  # the stack has just drawn the table here: dim it by 140/255, as a black veil
            # of that alpha would, but in place (no window-sized alpha surface to make)
            surface.fill(_DIM, special_flags=pygame.BLEND_RGB_MULT)
            self._backdrop = (self._backdrop_key(), surface.copy())
        rect = self._rect()
        surface.blit(self._panel[1], rect.topleft)
        view = self._view_rect().move(rect.topleft)
        body = self._body  # None for a frame: rendered by the next update (see there)
        if body is not None and body.get_width() == view.w:
            self._draw_body(surface, view, body)
        if self.exits.auto_next:
            left = max(0, int(self._auto_next_s() - self.timer) + 1)
            img = self.text.get(
                i18n.t("settle.auto_next", self.lang, n=left), lay.font_small, pal.UI_TEXT_DIM
            )
            rect = self._rect()
            surface.blit(img, (rect.x + lay.px(24), rect.bottom - lay.px(44)))
        if self.exits.banner_key is not None:
            self._draw_banner(surface, self.exits.banner_key)

    def _draw_body(self, surface: pygame.Surface, view: pygame.Rect, body: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))  # the body never draws over the title or totals
        surface.blit(body, view, pygame.Rect(0, self.scroll, view.w, view.h))
        if self.scroll > 0:
            self._draw_top_edge(surface, view)
        surface.set_clip(clip)
        if self.max_scroll:
            self._draw_scrollbar(surface, view, body.get_height())

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
        rect = self._rect()
        pad = lay.px(24)
        top = pad - lay.px(6) + self._title().get_height() + lay.px(8)
        col2 = rect.w - pad - lay.px(250)
        return pygame.Rect(pad, top, col2 - pad - lay.px(16), rect.h - lay.px(80) - top)

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

    def _render_panel(self) -> pygame.Surface:
        """The frame of the settlement: title and the totals column (they never scroll)."""
        lay = self.table.layout
        lang = self.lang
        rect = self._rect()
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        # opaque: nothing of the table shows through the title or the scrolled body
        pygame.draw.rect(panel, PANEL_FILL, panel.get_rect(), border_radius=lay.px(18))
        pygame.draw.rect(panel, pal.GOLD, panel.get_rect(), width=2, border_radius=lay.px(18))
        pad = lay.px(24)
        y = pad - lay.px(6)
        title = self._title()
        panel.blit(title, title.get_rect(midtop=(rect.w // 2, y)))
        col2 = rect.w - pad - lay.px(250)
        y = self._view_rect().y
        head2 = self.text.get(i18n.t("settle.totals", lang), lay.font_normal, pal.GOLD, True)
        panel.blit(head2, (col2, y))
        self._totals(panel, col2, y + head2.get_height() + lay.px(4))
        return panel

    def _content(self) -> pygame.Surface:
        if self._body is None or self._body.get_width() != self._view_rect().w:
            self._body = self._render_body()
        return self._body

    def _render_body(self) -> pygame.Surface:
        """Every win, every ledger line and all four hands, one under the other (scrolls)."""
        lay = self.table.layout
        lang = self.lang
        view = self._view_rect()
        width = view.w
        round_ = self.ctl.round
        art = self.table.tile_art(lay.pond_w)
        line_h = lay.font_small + lay.px(6)
        entries = list(round_.ledger.entries)
        explained = [self._explain_lines(e, width - lay.px(20) - lay.px(190)) for e in entries]
        tile_h = art.flat_size[1]
        heads = 3 * (lay.font_normal * 2 + lay.px(30))
        height = heads + len(round_.wins) * (tile_h + lay.font_normal * 2 + lay.px(12))
        height += (sum(len(lines) for lines in explained) + 2) * line_h
        height += self.ctl.rules.players * (tile_h + lay.px(6)) + lay.font_normal * 2
        body = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        head = self.text.get(i18n.t("settle.winners", lang), lay.font_normal, pal.GOLD, True)
        body.blit(head, (0, y))
        y += head.get_height() + lay.px(4)
        wins = list(round_.wins)
        if not wins:
            img = self.text.get(
                i18n.t("settle.no_winner", lang), lay.font_normal, pal.IVORY_TEXT, True
            )
            body.blit(img, (lay.px(10), y))
            y += img.get_height() + lay.px(6)
        for w in wins:
            y = self._win_row(body, w, 0, y, art) + lay.px(4)
        y += lay.px(6)
        pygame.draw.line(body, pal.GOLD_DARK, (0, y), (width, y))
        y += lay.px(8)
        head = self.text.get(i18n.t("settle.ledger", lang), lay.font_normal, pal.GOLD, True)
        body.blit(head, (0, y))
        y += head.get_height() + lay.px(4)
        if not entries:
            img = self.text.get(i18n.t("settle.empty", lang), lay.font_small, pal.UI_TEXT_DIM)
            body.blit(img, (lay.px(10), y))
            y += line_h
        for e, lines in zip(entries, explained, strict=True):
            self._ledger_line(body, e, lay.px(10), y, lines)
            y += len(lines) * line_h
        y += lay.px(10)
        pygame.draw.line(body, pal.GOLD_DARK, (0, y), (width, y))
        y += lay.px(8)
        head = self.text.get(i18n.t("settle.hands", lang), lay.font_normal, pal.GOLD, True)
        body.blit(head, (0, y))
        y += head.get_height() + lay.px(6)
        for seat in range(self.ctl.rules.players):
            y = self._hand_row(body, seat, y, art) + lay.px(6)
        return body.subsurface((0, 0, width, min(body.get_height(), y + lay.px(8)))).copy()

    def _hand_row(self, panel: pygame.Surface, seat: int, y: int, art: TileArt) -> int:
        """``seat``'s hand laid open (RULES.md: every hand is shown at the end, a concealed
        kong with its tile), its melds and winning tiles, for checking 查大叫 lines."""
        lay = self.table.layout
        view = self.ctl.round.view(seat)
        info = view.seats[seat]
        name = self.text.get(self.name(seat), lay.font_normal, pal.IVORY_TEXT, True)
        panel.blit(name, (lay.px(10), y + lay.px(4)))
        tx = lay.px(130)
        tiles = list(info.revealed) if info.revealed is not None else list(view.tiles)
        for k in tiles:
            panel.blit(art.flat_face(k), (tx, y))
            tx += art.step
        tx += lay.px(10)
        for meld in info.melds:
            for _ in range(4 if meld.is_kong else 3):
                panel.blit(art.flat_face(meld.tile), (tx, y))
                tx += art.step
            tx += lay.px(6)
        for k in info.win_tiles:
            panel.blit(art.flat_face(k, "hint"), (tx, y))
            tx += art.step
        return y + art.flat_size[1]

    def _win_row(self, panel: pygame.Surface, win: WinRecord, x: int, y: int, art: TileArt) -> int:
        lay = self.table.layout
        lang = self.lang
        name = self.text.get(self.name(win.seat), lay.font_normal, pal.IVORY_TEXT, True)
        panel.blit(name, (x + lay.px(10), y + lay.px(8)))
        how = (
            i18n.t("settle.self_drawn", lang)
            if win.from_seat is None
            else i18n.t("settle.from", lang, name=self.name(win.from_seat))
        )
        himg = self.text.get(how, lay.font_small, pal.UI_TEXT_DIM)
        panel.blit(himg, (x + lay.px(10), y + lay.px(34)))
        tx = x + lay.px(130)
        info = self.ctl.round.view(win.seat).seats[win.seat]
        tiles = (
            list(info.revealed)
            if info.revealed is not None
            else list(self.ctl.round.view(win.seat).tiles)
        )
        for k in tiles:
            panel.blit(art.flat_face(k), (tx, y))
            tx += art.step
        tx += lay.px(6)
        panel.blit(art.flat_face(win.tile, "hint"), (tx, y))
        tx += art.step + lay.px(10)
        for meld in info.melds:
            for _ in range(4 if meld.is_kong else 3):
                panel.blit(art.flat_face(meld.tile), (tx, y))  # 暗杠 shown at the end
                tx += art.step
            tx += lay.px(6)
        desc = self.words().score_summary(win.score)
        dimg = self.text.get(desc, lay.font_normal, pal.GOLD_LIGHT, True)
        panel.blit(dimg, (x + lay.px(130), y + art.flat_size[1] + lay.px(2)))
        return y + art.flat_size[1] + dimg.get_height() + lay.px(4)

    def _explain_lines(self, e: LedgerEntry, width: int) -> list[str]:
        """The reason and the engine's explanation, wrapped to ``width`` pixels."""
        lang = self.lang
        reason = i18n.t("reason." + e.reason, lang) if i18n.has("reason." + e.reason) else e.reason
        explain = self.words().ledger_line(e)
        return wrap_text(f"{reason} — {explain}", get_font(self.table.layout.font_small), width)

    def _ledger_line(
        self, panel: pygame.Surface, e: LedgerEntry, x: int, y: int, lines: list[str]
    ) -> None:
        lay = self.table.layout
        lang = self.lang
        line = i18n.t("settle.line", lang, payer=self.name(e.payer), payee=self.name(e.payee))
        img = self.text.get(line, lay.font_small, pal.IVORY_TEXT, True)
        panel.blit(img, (x, y))
        amount = i18n.t(
            "settle.amount.one" if e.amount == 1 else "settle.amount", lang, amount=e.amount
        )
        aimg = self.text.get(amount, lay.font_small, pal.GOLD_LIGHT, True)
        panel.blit(aimg, (x + lay.px(175) - aimg.get_width(), y))
        line_h = lay.font_small + lay.px(6)
        for i, text in enumerate(lines):
            rimg = self.text.get(text, lay.font_small, pal.UI_TEXT_DIM)
            panel.blit(rimg, (x + lay.px(190), y + 1 + i * line_h))

    def _totals(self, panel: pygame.Surface, x: int, y: int) -> None:
        lay = self.table.layout
        lang = self.lang
        hdr = self.text.get(i18n.t("settle.hand_total", lang), lay.font_small, pal.UI_TEXT_DIM)
        panel.blit(hdr, (x + lay.px(100), y))
        hdr2 = self.text.get(i18n.t("settle.match", lang), lay.font_small, pal.UI_TEXT_DIM)
        panel.blit(hdr2, (x + lay.px(180), y))
        y += hdr.get_height() + lay.px(4)
        for s in range(self.ctl.rules.players):
            name = self.text.get(self.name(s), lay.font_normal, pal.IVORY_TEXT, True)
            panel.blit(name, (x, y))
            v = self.hand_totals[s]
            colour = (120, 230, 140) if v > 0 else ((250, 130, 110) if v < 0 else pal.IVORY_TEXT)
            img = self.text.get(f"{v:+d}", lay.font_normal, colour, True)
            panel.blit(img, (x + lay.px(100), y))
            tot = self.text.get(
                str(self.ctl.match.points[s]), lay.font_normal, pal.IVORY_TEXT, True
            )
            panel.blit(tot, (x + lay.px(180), y))
            y += name.get_height() + lay.px(6)
        dealer = self.ctl.match.dealer
        nd = self.text.get(
            i18n.t("settle.next_dealer", lang, name=self.name(dealer)),
            lay.font_small,
            pal.GOLD_LIGHT,
        )
        panel.blit(nd, (x, y + lay.px(6)))
        session, delta, human = self.ctl.table_session, self.ctl.delta, self.ctl.seating.human
        if session is not None and delta is not None and human is not None:
            # the human's coins this hand and the balance (RULES.md §6.5, game.table.session)
            n = delta[human]
            line = i18n.t("coins.change", lang, sign="+" if n >= 0 else "-", n=abs(n))
            line += " " + i18n.t("coins.balance", lang, n=session.profile.coins)
            colour = (120, 230, 140) if n > 0 else ((250, 130, 110) if n < 0 else pal.GOLD_LIGHT)
            img = self.text.get(line, lay.font_small, colour, True)
            panel.blit(img, (x, y + lay.px(10) + nd.get_height()))
