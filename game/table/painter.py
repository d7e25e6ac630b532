"""The table's painter: everything on the felt, drawn from the model and never changing it.

:class:`TablePainter` paints one frame of a :class:`~game.table.model.TableModel`: the felt
and the wall (cached layers, the wall again only when a tile leaves it), the centre box,
the ponds, the hands and melds, the seat panels, the status and hint strip, then the
running animations. Tiles are cached sprites from :mod:`game.tile_art`, text renders are
cached in the scene's :class:`~game.ui.text.TextCache`. Overlays (the item bar, a lesson,
the replay controls) draw after it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from engine.round import HAND_SIZE, Action, ActionKind, Phase
from engine.tiles import Meld, MeldKind, suit_name
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.item_art import golden_pointer
from game.match_config import room_name, variant_key
from game.table import anim
from game.table.effects import EventEffects
from game.table.geometry import Run, fit_runs, line_length, wall_ring, won_kinds
from game.table.hints import claim_preview
from game.table.hover_box import draw_claim_preview, draw_tile_hint
from game.table.layout import Layout, count_font
from game.table.model import TableModel
from game.table.seat_notes import SeatNotes
from game.table.strips import draw_hint_strip, draw_plate, preview_image
from game.table.tracker import SUIT_COLOURS, tracker_panel
from game.table.wall_art import draw_break_marker
from game.tile_art import TileArt, draw_dice, draw_pointer, draw_suit_badge
from game.ui.draw import felt
from game.ui.text import MIN_TEXT, TextCache, elide, fit_text, wrap_to_lines

__all__ = ["TablePainter"]

_Blits = list[tuple[pygame.Surface, tuple[int, int]]]
WINDS = ("seat.east", "seat.south", "seat.west", "seat.north")


def _bounds(blits: _Blits) -> pygame.Rect | None:
    """The rect that holds every one of ``blits``."""
    rects = [img.get_rect(topleft=at) for img, at in blits]
    return rects[0].unionall(rects[1:]) if rects else None


class TablePainter:
    """Paints the table of ``model``; keeps only render caches of its own."""

    def __init__(
        self,
        model: TableModel,
        effects: EventEffects,
        text: TextCache,
        tile_art: Callable[[int], TileArt],
        lay: Layout,
    ) -> None:
        self.model = model
        self.effects = effects
        self.text = text
        self.tile_art = tile_art
        self.lay = lay
        self.claim_left = lay.buttons.right  # the left edge of the claim buttons shown
        self._bg: pygame.Surface | None = None
        self._wall: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.wall_stacks: list[pygame.Rect] = []  # the wall's stacks standing, as drawn
        self.pond_rects: list[pygame.Rect] = []  # the discards as they lie, as drawn
        self._plates: dict[tuple[tuple[int, int], bool], pygame.Surface] = {}
        self._panels: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}
        self._panel_marks: dict[int, tuple[pygame.Rect, ...]] = {}  # its words on each panel
        self._tracker: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.notes = SeatNotes(model, text, lay)  # what stays under each seat's panel
        self.claim_hover: tuple[Action, pygame.Rect] | None = None  # the claim button hovered
        self._preview: tuple[tuple[object, ...], pygame.Surface | None] | None = None
        self.preview_box: pygame.Rect | None = None  # the claim preview as last drawn
        self._tooltip_kind: int | None = None
        self.status_boxes: list[pygame.Rect] = []  # the status line's and hints' plates, drawn
        self.tooltip_box: pygame.Rect | None = None  # the hovered tile's hint, as last drawn
        self.labels: list[pygame.Rect] = []  # the hand's number and room, the tracker: drawn
        self.columns: dict[int, pygame.Rect] = {}  # each seat's line of tiles as last drawn
        self._counts: dict[tuple[int, int], pygame.Surface] = {}  # "×3" badges by count, size
        # each seat's line past its hand by position: (what it shows, blits, their bounds)
        self._lines: dict[int, tuple[tuple[object, ...], _Blits, pygame.Rect | None]] = {}

    @property
    def anims(self) -> anim.Animator:
        return self.effects.animator

    def set_layout(self, lay: Layout) -> None:
        """A new window size: every cached layer is drawn again."""
        self.lay = lay
        self._bg = None
        self._wall = None
        self._plates.clear()
        self._panels.clear()
        self._tracker = None
        self._counts.clear()
        self._lines.clear()
        self.notes = SeatNotes(self.model, self.text, lay)

    def forget_wall(self) -> None:
        """The wall changed other than by a draw (the replay viewer jumped)."""
        self._wall = None

    def draw(self, surface: pygame.Surface) -> None:
        """The table and its animations (overlays and the dragged tile come after)."""
        m = self.model
        self._tooltip_kind, self.tooltip_box = None, None  # the hovered tile's hint, if any
        self.labels, self.pond_rects = [], []
        surface.blit(self._wall_layer(), (0, 0))  # the felt with the wall on it: one opaque blit
        self._draw_center(surface)
        for seat in range(m.players):
            self._draw_pond(surface, seat)
        for seat in range(m.players):
            if self.lay.place(seat, m.bottom) != 0:
                self._draw_opponent(surface, seat)
        if not m.hides_hand:  # no peek at the hand before the 乾坤大挪移 answer
            self._draw_own(surface)
        for seat in range(m.players):
            self._draw_panel(surface, seat)
        self._draw_status(surface)
        self._draw_info(surface)
        if m.tracker and m.human is not None and not m.hides_hand:
            self._draw_tracker(surface)
        if self._tooltip_kind is not None and m.hints is not None and not m.hides_hand:
            self._draw_tooltip(surface, self._tooltip_kind)
        self.anims.draw(surface)

    def _draw_tracker(self, surface: pygame.Surface) -> None:
        """记牌器: how many of each kind the player has not seen (4 - visible), one row per
        suit, under the left seat's panel; drawn again only when a count changes."""
        m = self.model
        lay = self.lay
        visible = tuple(m.view.visible)
        key = (visible, m.lang, lay.w, lay.h)
        if self._tracker is None or self._tracker[0] != key:
            self._tracker = (key, self._tracker_panel(visible))
        panel = self._tracker[1]
        left = m.panels[3] if len(m.panels) > 3 else pygame.Rect(lay.px(12), lay.px(300), 0, 0)
        y = left.bottom + lay.px(10)
        # the seat at the left place, if the room has one (a two-seat table does not)
        seat = next((s for s in range(m.players) if lay.place(s, m.bottom) == 3), None)
        note = self.notes.note(seat) if seat is not None else None
        if note is not None:  # under the left seat's note
            y = self.notes.box(note, left, 3).bottom + lay.px(6)
        self.labels.append(surface.blit(panel, (left.x, y)))

    def _tracker_panel(self, visible: tuple[int, ...]) -> pygame.Surface:
        m = self.model
        return tracker_panel(self.lay, self.text, m.lang, m.driver.rules.kept_suits, visible)

    def draw_drag(self, surface: pygame.Surface) -> None:
        """The tile being dragged, under the pointer."""
        m = self.model
        if m.drag is None or m.drag >= len(m.slots):
            return
        slot = m.slots[m.drag]
        img = self.tile_art(self.lay.hand_w).face(slot.kind, "selected")
        surface.blit(img, (m.mouse[0] - img.get_width() // 2, m.mouse[1] - img.get_height() // 2))

    def _deal_count(self, m: TableModel, size: int) -> int:
        if self.effects.deal is None:
            return size
        return min(size, math.ceil(size * self.effects.deal_fraction()))

    def background(self) -> pygame.Surface:
        """The felt of this layout (built on first use, then kept)."""
        if self._bg is None:
            lay = self.lay
            box = lay.center_box
            self._bg = felt((lay.w, lay.h), lay.center, (box.w, box.h), lay.px(7))
        return self._bg

    # wall ------------------------------------------------------------------------------

    def _wall_layer(self) -> pygame.Surface:
        m = self.model
        view = m.view
        deal = self.effects.deal
        dealt_hidden = 0
        if deal is not None:
            dealt = HAND_SIZE * m.players + 1
            dealt_hidden = round(dealt * (1 - self.effects.deal_fraction()))
        drawn = self.lay.tiles - view.wall_remaining - dealt_hidden
        key = (drawn, view.dice, view.dealer, self.lay.w, self.lay.h)
        if self._wall is not None and self._wall[0] == key:
            return self._wall[1]
        lay = self.lay
        # The wall is drawn onto a copy of the felt, so a frame starts with one opaque blit
        # rather than the felt plus a window-sized alpha layer (at 2560x1440 the alpha blit
        # alone was a quarter of the frame).
        bg = self.background()
        if self._wall is not None and self._wall[1].get_size() == (lay.w, lay.h):
            layer = self._wall[1]  # reuse the layer: copying into it beats allocating 15 MB
            layer.blit(bg, (0, 0))
        else:
            layer = bg.copy()
        art = self.tile_art(lay.wall_w)
        ring = wall_ring(m.view.dice, lay.place(m.view.dealer, m.bottom), lay.wall_stacks)
        pieces: list[tuple[int, int, pygame.Surface]] = []
        self.wall_stacks = []
        for g, (pos, stack) in enumerate(ring):
            left = 2 - max(0, min(2, drawn - 2 * g))
            if left <= 0:
                continue
            rect = lay.wall_stack_rect(pos, stack)
            self.wall_stacks.append(rect.union(rect.move(0, (1 - left) * lay.wall_lift)))
            surf = art.rotated(art.flat_back(), pos)  # a quarter turn per seat position
            for layer_i in range(left):
                lift = layer_i * lay.wall_lift
                pieces.append((rect.y - lift, rect.x, surf))
        for y, x, surf in sorted(pieces, key=lambda p: (p[0], p[1])):
            layer.blit(surf, (x, y))
        draw_break_marker(layer, lay, ring[0])
        self._wall = (key, layer)
        return layer

    # centre -----------------------------------------------------------------------------

    def _draw_center(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = self.lay
        view = m.view
        box = lay.center_box
        pygame.draw.rect(surface, (10, 40, 30), box.move(3, 4), border_radius=lay.px(14))
        pygame.draw.rect(surface, (18, 34, 30), box, border_radius=lay.px(14))
        pygame.draw.rect(surface, pal.GOLD_DARK, box, width=2, border_radius=lay.px(14))
        # turn indicator: a glowing bar on the current seat's side
        if view.phase is Phase.PLAY:
            pos = self.lay.place(view.current, m.bottom)
            glow = 150 + int(90 * (0.5 + 0.5 * math.sin(m.time * 5)))
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
        for seat in range(m.players):
            pos = self.lay.place(seat, m.bottom)
            wind = i18n.t(WINDS[(seat - view.dealer) % m.players], m.lang)
            current = seat == view.current and view.phase is Phase.PLAY
            colour = pal.GOLD_LIGHT if current else pal.UI_TEXT_DIM
            img = self.text.get(wind, lay.font_normal, colour, True)
            off_x, off_y = box.w // 2 - lay.px(26), box.h // 2 - lay.px(26)
            cx, cy = box.center
            centre = {0: (cx, cy + off_y), 1: (cx + off_x, cy), 2: (cx, cy - off_y)}.get(
                pos, (cx - off_x, cy)
            )
            surface.blit(img, img.get_rect(center=centre))
        # wall count and hand number
        left = view.wall_remaining
        if m.hides_hand:
            left = view.rules.num_tiles  # a question before the deal: the wall is whole
        elif self.effects.deal is not None:  # the tiles not dealt yet are still in the wall
            left += round((HAND_SIZE * m.players + 1) * (1 - self.effects.deal_fraction()))
        n = self.text.get(str(left), lay.font_big, pal.GOLD_LIGHT, True)
        ink = n.get_bounding_rect()  # place the digits by their ink, not the font's line box
        surface.blit(n, (box.centerx - ink.centerx, box.centery + lay.px(2) - ink.bottom))
        small = self.text.get(
            i18n.tn("table.wall_label", m.lang, left),
            lay.font_small,
            pal.UI_TEXT_DIM,
        )
        surface.blit(small, small.get_rect(midtop=(box.centerx, box.centery + lay.px(3))))
        if self.effects.dice is not None:
            self.effects.dice.draw(surface)
        else:
            size = lay.px(22)
            a, b = view.dice
            y = box.centery + lay.px(24)
            surface.blit(draw_dice(a, size), (box.centerx - size - lay.px(3), y))
            surface.blit(draw_dice(b, size), (box.centerx + lay.px(3), y))

    # ponds ------------------------------------------------------------------------------

    def _draw_pond(self, surface: pygame.Surface, seat: int) -> None:
        m = self.model
        lay = self.lay
        pond = m.view.seats[seat].pond
        if not pond:
            return
        pos = self.lay.place(seat, m.bottom)
        art = self.tile_art(lay.pond_w)
        claim = m.view.claim_from == seat and m.view.claim_tile is not None
        n = len(pond)
        items = []
        for i, pt in enumerate(pond):
            rect, rot = lay.pond_slot(pos, i, n)
            self.pond_rects.append(rect)  # (one flying there too: it lands under a hint)
            if self.anims.hides(("pond", seat, i)):
                continue
            latest = m.last_discard == (seat, i)
            state = (
                "greyed"
                if pt.claimed
                else ("latest" if latest or (claim and i == n - 1) else "normal")
            )
            items.append((rect, art.rotated(art.flat_face(pt.tile, state), rot // 90)))
        # nearer rows (further down the screen) overlap the ones behind them
        for rect, img in sorted(items, key=lambda it: (it[0].y, it[0].x)):
            surface.blit(img, rect.topleft)
        if m.last_discard is not None and m.last_discard[0] == seat:
            i = m.last_discard[1]
            if i < n and not self.anims.hides(("pond", seat, i)) and not pond[i].claimed:
                rect, _ = lay.pond_slot(pos, i, n)
                golden = m.view.seats[seat].golden  # 金手指 (RULES.md §8, cosmetic)
                ptr = golden_pointer(lay.px(28)) if golden else draw_pointer(lay.px(16))
                bob = int(4 * math.sin(m.time * 6))
                surface.blit(ptr, ptr.get_rect(midbottom=(rect.centerx, rect.y - 2 + bob)))

    # hands ------------------------------------------------------------------------------

    def _draw_own(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = self.lay
        view = m.view
        me = view.seats[m.bottom]
        art = self.tile_art(lay.hand_w)
        discard_turn = bool(m.legal_of(ActionKind.DISCARD))
        discardable = {a.tile for a in m.legal_of(ActionKind.DISCARD)}
        exchange = view.phase is Phase.EXCHANGE and bool(m.legal_of(ActionKind.EXCHANGE_THREE))
        shown = self._deal_count(m, len(m.slots))
        hover_kind: int | None = None
        claim_tile = view.claim_tile if m.claim_options() else None
        received = list(m.received) if m.time < m.received_until else []
        tag_floor = get_font(lay.font_normal, True).get_height() + lay.px(5)
        for slot in m.slots[:shown]:
            if slot.index == m.drag:
                continue
            new = slot.kind in received  # 换三张: one of the three tiles just received
            if new:
                received.remove(slot.kind)
            state = "normal"
            lift = 0
            if exchange:
                if slot.index in m.exchange_pick:
                    state, lift = "selected", lay.px(16)
                elif slot.index == m.selected:  # the keyboard's cursor (Enter picks it)
                    state = "selected"
            elif view.phase is Phase.DECLARE_VOID and slot.index == m.selected:
                state = "selected"  # the keyboard's cursor: Enter declares its suit void
            elif discard_turn:
                if slot.kind not in discardable:
                    state = "greyed"  # the keys' cursor on it (it may not go) lifts it a little
                    lift = lay.px(6) if slot.index == m.selected else 0
                elif slot.index == m.hover or slot.index == m.selected:
                    state, lift = "selected", lay.px(12)
                    hover_kind = slot.kind
            if claim_tile is not None and slot.kind == claim_tile:
                state = "hint"  # the tiles a pong or kong would use
            surface.blit(art.face(slot.kind, state), (slot.rect.x, slot.rect.y - lift))
            if new:
                tag = self.text.get(
                    i18n.t("table.received", m.lang), lay.font_small, (16, 30, 48), True
                )
                box = tag.get_rect(midbottom=(slot.rect.centerx, slot.rect.y - lift - lay.px(2)))
                # below the status line's plate (_plate), on the tile's top edge if need be
                box.top = max(box.top, lay.hint_y + tag_floor)
                pygame.draw.rect(
                    surface,
                    (120, 200, 255),
                    box.inflate(lay.px(8), lay.px(2)),
                    border_radius=lay.px(5),
                )
                surface.blit(tag, box)
        # winning tiles set aside (one a kind, with how many), then melds, right of the hand
        start = (m.slots[-1].rect.right if m.slots else lay.hand_x) + lay.px(24)
        key = (self.tile_art(lay.meld_w), start, me.win_tiles, me.melds)  # (its style too)
        cached = self._lines.get(0)
        if cached is None or cached[0] != key:
            cached = self._lines[0] = (key, *self._own_line(start, me.win_tiles, me.melds))
        surface.blits(cached[1], doreturn=False)
        if cached[2] is not None:
            self.columns[0] = cached[2]
        self._tooltip_kind = hover_kind  # drawn last, over the status line and the panels

    def _own_line(
        self, start: int, win_tiles: tuple[int, ...], melds: tuple[Meld, ...]
    ) -> tuple[_Blits, pygame.Rect | None]:
        """The bottom seat's tiles past its hand from ``start``: the kinds it won on, then
        its melds, up to the window's edge (what to blit where, and the whole's rect)."""
        lay = self.lay
        art = self.tile_art(lay.meld_w)
        y = lay.h - lay.px(14) - art.flat_size[1]
        kinds = won_kinds(win_tiles)
        runs = self._set_aside(kinds, melds, art.step, art.flat_size[0])
        offsets = fit_runs(runs, lay.px(10), lay.px(3), lay.lines[0][1] - start)
        out: _Blits = []
        for (kind, n), off in zip(kinds, offsets[0], strict=True):
            img = art.flat_face(kind, "hint")
            out.append((img, (start + off, y)))
            if n > 1:  # above the tile
                tile = img.get_rect(topleft=(start + off, y))
                out.append(self._count(n, midbottom=(tile.centerx, tile.y)))
        for meld, offs in zip(melds, offsets[1:], strict=True):
            concealed = meld.kind is MeldKind.CONCEALED_KONG
            img = art.flat_back() if concealed else art.flat_face(meld.tile)
            out += [(img, (start + off, y)) for off in offs]
            if meld.is_kong:  # the fourth tile on the middle one
                lift = art.flat_depth + max(3, lay.meld_w // 6)
                out.append((art.flat_face(meld.tile), (start + offs[1], y - lift)))
        return out, _bounds(out)

    @staticmethod
    def _set_aside(
        kinds: list[tuple[int, int]], melds: tuple[Meld, ...], step: int, size: int
    ) -> list[Run]:
        """A seat's face-up tiles past its hand as runs along its line: the kinds it won on,
        which squeeze before its melds, then each meld."""
        least = max(1, size * 45 // 100)  # a won tile still shows its number
        runs = [Run(len(kinds), step, size, least, rank=2)]
        runs += [Run(3, step, size, size * 7 // 10, rank=3) for _ in melds]
        return runs

    def _count(self, n: int, **at: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
        """The "×3" of a tile won on three times, and where it goes by ``at`` (``midtop=``)."""
        size = count_font(self.lay.px)
        key = (n, size)
        badge = self._counts.get(key)
        if badge is None:
            lay = self.lay
            text = self.text.get(f"×{n}", size, (255, 240, 210), True)
            badge = pygame.Surface(
                (text.get_width() + lay.px(8), text.get_height()), pygame.SRCALPHA
            )
            box = badge.get_rect()
            pygame.draw.rect(badge, (176, 32, 32), box, border_radius=box.h // 2)
            pygame.draw.rect(badge, pal.GOLD_LIGHT, box, width=1, border_radius=box.h // 2)
            badge.blit(text, text.get_rect(center=box.center))
            self._counts[key] = badge
        return badge, badge.get_rect(**at).topleft

    def _draw_opponent(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent's hand (backs, or face up once revealed), then the kinds it won on,
        then its melds: a row along the top, a column at either side (laid out again only
        when one of them changes)."""
        m = self.model
        info = m.view.seats[seat]
        pos = self.lay.place(seat, m.bottom)
        revealed = info.revealed if info.revealed is not None else m.end_hands.get(seat)
        count = len(revealed) if revealed is not None else info.hand_size
        count = self._deal_count(m, count)
        key = (self.tile_art(self.lay.open_w), count, revealed, info.win_tiles, info.melds)
        cached = self._lines.get(pos)
        if cached is None or cached[0] != key:
            line = self._opponent_line(pos, count, revealed, info.win_tiles, info.melds)
            cached = self._lines[pos] = (key, *line)
        surface.blits(cached[1], doreturn=False)
        if cached[2] is not None:
            self.columns[pos] = cached[2]

    def _opponent_line(
        self,
        pos: int,
        count: int,
        revealed: tuple[int, ...] | None,
        win_tiles: tuple[int, ...],
        melds: tuple[Meld, ...],
    ) -> tuple[_Blits, pygame.Rect | None]:
        """What to blit where for the opponent at ``pos``, and the whole's rect: its line in
        the stretch the layout keeps clear for it (``Layout.lines``), centred on the table
        where it can be, squeezed to fit when it must (:func:`fit_runs`)."""
        lay = self.lay
        q = pos  # quarter turns: each seat's tiles face it (right 1, top 2, left 3)
        top = pos == 2
        oart = self.tile_art(lay.open_w)
        size = oart.flat_size[0]  # a face-up tile's length along the line, turned
        if revealed is not None:
            hand = [oart.rotated(oart.flat_face(k), q) for k in revealed[:count]]
            # at the hand's end: squeezed with the won tiles, both faces the table reads
            hand_run = Run(count, oart.step, size, size * 7 // 10, rank=2)
        else:
            bart = self.tile_art(lay.opp_w)
            back = bart.back() if top else bart.rotated(bart.back(), q)
            hand = [back] * count
            along = bart.size[0]
            hand_run = Run(count, bart.step if top else lay.opp_step, along, along // 2, rank=0)
        kinds = won_kinds(win_tiles)
        runs = [hand_run, *self._set_aside(kinds, melds, oart.step, size)]
        first, last = lay.lines[pos]
        offsets = fit_runs(runs, lay.px(8), lay.px(3), last - first)
        length = line_length(runs, offsets)
        middle = lay.center[0] if top else lay.center[1]
        begin = max(first, min(middle - length // 2, last - length))
        x, y = lay.opp_hand_origin(pos, 1)
        across = y if top else x

        def at(offset: int, run: Run) -> tuple[int, int]:
            """Top-left of a tile ``offset`` along the owner's left-to-right."""
            if pos == 3:  # top to bottom
                return across, begin + offset
            along = begin + length - offset - run.size  # right to left, bottom to top
            return (along, across) if top else (across, along)

        spots = [at(off, hand_run) for off in offsets[0]]
        # the hand's tiles overlap: the lower ones in front
        out = sorted(zip(hand, spots, strict=True), key=lambda it: it[1][1])
        gap = lay.px(2)
        for (kind, n), off in zip(kinds, offsets[1], strict=True):
            img = oart.rotated(oart.flat_face(kind, "hint"), q)
            tile = img.get_rect(topleft=at(off, runs[1]))
            out.append((img, tile.topleft))
            if n > 1:  # beside the tile, towards the table's centre
                if pos == 1:
                    out.append(self._count(n, midright=(tile.x - gap, tile.centery)))
                elif pos == 3:
                    out.append(self._count(n, midleft=(tile.right + gap, tile.centery)))
                else:
                    out.append(self._count(n, midtop=(tile.centerx, tile.bottom - lay.px(3))))
        for meld, run, offs in zip(melds, runs[2:], offsets[2:], strict=True):
            concealed = meld.kind is MeldKind.CONCEALED_KONG
            img = oart.rotated(oart.flat_back() if concealed else oart.flat_face(meld.tile), q)
            spots = [at(off, run) for off in offs]
            out += [(img, xy) for xy in spots]
            if meld.is_kong:  # the fourth tile on the middle one
                x, y = spots[1]
                kong = oart.rotated(oart.flat_face(meld.tile), q)
                out.append((kong, (x, y + lay.px(6)) if top else (x - lay.px(5), y - lay.px(3))))
        return out, _bounds(out)

    # panels -----------------------------------------------------------------------------

    def _draw_panel(self, surface: pygame.Surface, seat: int) -> None:
        m = self.model
        lay = self.lay
        view = m.view
        pos = self.lay.place(seat, m.bottom)
        rect = m.panels[pos]
        current = seat == view.current and view.phase is Phase.PLAY and not m.driver.is_over
        if current:  # whose turn: a pulsing ring round the seat, with the centre's bar
            pulse = 0.5 + 0.5 * math.sin(m.time * 5)
            ring = rect.inflate(lay.px(8), lay.px(8))
            colour = (200 + int(55 * pulse), 190 + int(50 * pulse), 90)
            width = max(2, lay.px(3))
            pygame.draw.rect(surface, colour, ring, width=width, border_radius=lay.px(15))
        key = self._panel_key(seat, rect.size, current)
        cached = self._panels.get(seat)
        if cached is None or cached[0] != key:
            cached = (key, self._render_panel(seat, rect.size, current))
            self._panels[seat] = cached
        surface.blit(cached[1], rect.topleft)
        marks = self._panel_marks.get(seat, ())  # a payment rising off it keeps clear of them
        self.effects.panel_ink[pos] = tuple(r.move(rect.topleft) for r in marks)
        note = self.notes.note(seat)
        if note is not None:
            self.notes.draw(surface, note, rect, pos)

    def _panel_key(self, seat: int, size: tuple[int, int], current: bool) -> tuple[object, ...]:
        """Everything a seat panel shows: it is drawn again only when one of these changes."""
        m = self.model
        view = m.view
        info = view.seats[seat]
        total = self._match_total(seat)
        void = info.void if info.void is not None else (view.own_void if seat == m.bottom else None)
        auto = m.human is not None and seat == m.human and m.driver.auto
        return (
            size,
            current,
            m.lang,
            (seat - view.dealer) % m.players,
            m.seat_name(seat),
            m.levels[seat],
            total,
            info.points,
            void,
            info.won,
            tuple(info.win_tiles[-4:]),
            auto,
        )

    def _match_total(self, seat: int) -> int:
        """The seat's match points with this hand's: the hand's are added until the match
        has recorded it — once the settlement opens, or at once after a walk-out (the
        controller records that hand before its settlement shows; counted twice, the
        human's panel read −92 for the −46 it lost, for the frames before the settlement)."""
        m = self.model
        recorded = m.settled or getattr(m.driver, "delta", None) is not None
        return m.driver.match.points[seat] + (0 if recorded else m.view.seats[seat].points)

    def _render_panel(self, seat: int, size: tuple[int, int], current: bool) -> pygame.Surface:
        """A seat panel on its plate: wind, name, level, dealer badge, points, void, wins
        (cached by :meth:`_panel_key`: a dozen texts and badges a seat, every frame, were a
        tenth of a frame at 2560x1440); where on it each went is kept (``_panel_marks``)."""
        m = self.model
        lay = self.lay
        view = m.view
        info = view.seats[seat]
        surface = self._panel_plate(size, current).copy()
        rect = surface.get_rect()
        ink: list[pygame.Rect] = []

        def put(img: pygame.Surface, at: tuple[int, int]) -> None:  # its letters' bounds kept
            surface.blit(img, at)
            ink.append(img.get_bounding_rect().move(at))

        pad = lay.px(10)
        # line 1: wind + name (+ level)
        wind = i18n.t(WINDS[(seat - view.dealer) % m.players], m.lang)
        name = m.seat_name(seat)
        wimg = self.text.get(wind, lay.font_normal, pal.GOLD_LIGHT, True)
        put(wimg, (rect.x + pad, rect.y + pad - 2))
        nx = rect.x + pad + wimg.get_width() + lay.px(8)
        # the name keeps clear of the dealer badge; a long one (a friend's, up to 24
        # characters) is cut short with an ellipsis to leave room for the word after it (a
        # bot's level, a friend's "reconnecting…": while it shows, a long name may keep only
        # its first letters), which goes only where not even one letter would be left
        r = lay.px(13)
        room = rect.right - pad - nx - (2 * r + lay.px(6) if seat == view.dealer else 0)
        nimg = self.text.get(name, lay.font_normal, pal.IVORY_TEXT, True)
        level = m.levels[seat]
        limg = self.text.get(level, lay.font_small, pal.UI_TEXT_DIM) if level else None
        name_room = room - (limg.get_width() + lay.px(6) if limg is not None else 0)
        if limg is not None and nimg.get_width() > name_room and name_room < lay.font_normal:
            limg, name_room = None, room
        if nimg.get_width() > name_room:
            short = elide(name, lay.font_normal, name_room, m.lang, bold=True)
            nimg = self.text.get(short, lay.font_normal, pal.IVORY_TEXT, True)
        put(nimg, (nx, rect.y + pad - 2))
        if limg is not None:
            put(limg, (nx + nimg.get_width() + lay.px(6), rect.y + pad + lay.px(2)))
        # dealer badge (top right)
        if seat == view.dealer:
            centre = (rect.right - pad - r, rect.y + pad + r - 2)
            ink.append(pygame.draw.circle(surface, (176, 32, 32), centre, r))
            pygame.draw.circle(surface, pal.GOLD_LIGHT, centre, r, width=2)
            d = self.text.get(i18n.t("seat.dealer", m.lang), lay.font_small, (255, 240, 210), True)
            surface.blit(d, d.get_rect(center=centre))
        # line 2: points (match total and this hand)
        # once the settlement has recorded the hand, the match total already holds it
        total = self._match_total(seat)
        colour = (
            (120, 230, 140)
            if info.points > 0
            else ((250, 130, 110) if info.points < 0 else pal.IVORY_TEXT)
        )
        pts = i18n.tn("seat.points", m.lang, abs(total), points=total)
        pimg = self.text.get(pts, lay.font_normal, pal.IVORY_TEXT, True)
        put(pimg, (rect.x + pad, rect.y + pad + lay.px(26)))
        if info.points:
            dimg = self.text.get(f"({info.points:+d})", lay.font_small, colour, True)
            put(dimg, (rect.x + pad + pimg.get_width() + lay.px(6), rect.y + pad + lay.px(28)))
        # line 3: void badge, win marker + tile
        y3 = rect.bottom - pad - lay.px(24)
        x3 = rect.x + pad
        void = info.void if info.void is not None else (view.own_void if seat == m.bottom else None)
        won = None
        if info.won:
            won = self.text.get(
                i18n.t("seat.won_badge", m.lang), lay.font_small, (255, 236, 200), True
            )
        art = self.tile_art(lay.badge_tile_w)
        pill_w = max(lay.px(26), won.get_width() + lay.px(12)) if won is not None else 0
        # 托管 at the line's right end: what goes before it keeps clear ("Void: BamAuto-play on")
        auto = None
        if m.human is not None and seat == m.human and m.driver.auto:
            # the short word where the long one leaves no room for the void badge and "Won"
            least = rect.x + pad + (pill_w + lay.px(4) if won is not None else 0)
            if void is not None:
                word = self.text.get(i18n.t("seat.void", m.lang), lay.font_small, pal.UI_TEXT_DIM)
                void_w = word.get_width()
                least += lay.px(24) + lay.px(3) + void_w + lay.px(8)
            for key in ("table.auto_on", "table.auto_short"):
                auto = self.text.get(i18n.t(key, m.lang), lay.font_small, (255, 200, 120), True)
                if least + auto.get_width() + lay.px(6) <= rect.right - pad:
                    break
        right = rect.right - pad - (auto.get_width() + lay.px(6) if auto is not None else 0)
        label = None
        if void is not None and m.lang != "zh":
            # English: the suit in words ("Void: Dots"), in its colour; where that leaves no
            # room for "Won" and a winning tile ("Void: Characters" is most of the panel),
            # the badge the Chinese table shows, with the word "Void"
            label = self.text.get(
                i18n.t("seat.void_suit", m.lang, suit=suit_name(void, m.lang)),
                lay.font_small,
                SUIT_COLOURS[void],
                True,
            )
            need = label.get_width() + (lay.px(8) + pill_w + lay.px(4) + art.step if won else 0)
            if x3 + need > right:
                label = None
        if void is not None and label is None:
            badge = draw_suit_badge(void, lay.px(24))
            put(badge, (x3, y3))
            vl = self.text.get(i18n.t("seat.void", m.lang), lay.font_small, pal.UI_TEXT_DIM)
            put(vl, (x3 + badge.get_width() + lay.px(3), y3 + lay.px(3)))
            x3 += badge.get_width() + lay.px(3) + vl.get_width() + lay.px(8)
        elif label is not None:
            put(label, (x3, y3 + lay.px(3)))
            x3 += label.get_width() + lay.px(8)
        if won is not None:
            pill = pygame.Rect(x3, y3 - 1, pill_w, lay.px(26))
            ink.append(pygame.draw.rect(surface, (200, 40, 40), pill, border_radius=pill.h // 2))
            surface.blit(won, won.get_rect(center=pill.center))
            x3 = pill.right + lay.px(4)
            # the latest winning tiles (血流: up to four), as many as the panel holds
            room = max(0, (right - x3) // art.step)
            for k in info.win_tiles[-min(4, room) :] if room else ():
                img = art.flat_face(k)
                put(img, (x3, rect.bottom - pad - img.get_height() + lay.px(3)))
                x3 += art.step
        if auto is not None:
            at = (rect.right - pad - auto.get_width(), rect.bottom - pad - auto.get_height())
            put(auto, at)
        self._panel_marks[seat] = tuple(ink)
        return surface

    def _draw_info(self, surface: pygame.Surface) -> None:
        """Hand number and rules, in the free top-left corner."""
        m = self.model
        lay = self.lay
        x, y = lay.px(20), lay.px(16)
        title = self.text.get(
            i18n.t("table.hand_no", m.lang, n=m.hand_no),
            lay.font_normal,
            pal.GOLD_LIGHT,
            True,
        )
        self.labels.append(surface.blit(title, (x, y)))
        rules = m.driver.rules
        preset = rules.preset_name
        if preset and i18n.has("preset." + preset):
            words = i18n.t("preset." + preset, m.lang)
            if variant_key(rules) != preset:  # seats or suits changed: name the room
                words = room_name(rules, m.lang)
            label = self.text.get(words, lay.font_small, pal.UI_TEXT_DIM)
            self.labels.append(surface.blit(label, (x, y + title.get_height() + lay.px(2))))

    def _panel_plate(self, size: tuple[int, int], current: bool) -> pygame.Surface:
        """The translucent rounded plate behind a seat panel (gold edge on the current seat)."""
        key = (size, current)
        plate = self._plates.get(key)
        if plate is None:
            radius = self.lay.px(12)
            plate = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (14, 24, 20, 215), plate.get_rect(), border_radius=radius)
            border = pal.GOLD_LIGHT if current else pal.GOLD_DARK
            width = 3 if current else 1
            pygame.draw.rect(plate, border, plate.get_rect(), width=width, border_radius=radius)
            self._plates[key] = plate
        return plate

    # status, hints ----------------------------------------------------------------------

    def _draw_status(self, surface: pygame.Surface) -> None:
        m = self.model
        lay = self.lay
        x = lay.hand_x
        y = lay.hint_y
        status = m.status_text()
        left = m.driver.turn_left() if status and m.legal else None
        self.status_boxes = []
        if status:
            if left is not None:  # the turn timer: whole seconds, red for the last five
                status += "  " + i18n.t("table.timer", m.lang, n=math.ceil(left))
            colour = pal.GOLD_LIGHT if left is None or left > 5 else (255, 120, 100)
            x += self._draw_status_lines(surface, status, colour, (x, y)) + lay.px(26)
        if m.hints is not None and m.hints.line:
            right = lay.hand_x + self.status_room()  # where the status line stops too
            strip = draw_hint_strip(
                surface, lay, self.text, self.tile_art, m.hints, m.lang, (x, y), right
            )
            self.status_boxes += [strip] if strip is not None else []
        # the claimed tile, big, just left of the claim buttons (the right seat's panel is above)
        view = m.view
        if view.claim_tile is not None and m.claim_options():
            art = self.tile_art(lay.hand_w)
            img = art.face(view.claim_tile, "selected")
            left = self.claim_left
            bx = left - img.get_width() - lay.px(12)
            by = lay.buttons.bottom - img.get_height()
            surface.blit(img, (bx, by))
        self.preview_box = None
        if self.claim_hover is not None and m.legal:
            self._draw_claim_preview(surface, *self.claim_hover)

    def status_room(self) -> int:
        """How wide the status line may be: from the hand's left to the turn's buttons (and
        the claimed tile shown left of them), or to the window's margin when none shows."""
        lay = self.lay
        right = min(self.claim_left, lay.w - lay.px(10))
        view = self.model.view
        if view.claim_tile is not None and self.model.claim_options():
            right -= self.tile_art(lay.hand_w).face(view.claim_tile).get_width() + lay.px(12)
        return right - lay.px(24) - lay.hand_x

    def status_lines(self, status: str) -> tuple[list[str], int]:
        """The status line as drawn: on one line, a pixel or two smaller if need be, else on
        two — three beside the widest row of buttons (Win, three kongs, Pass) — never under
        :data:`MIN_TEXT`: a long English line ran on under the buttons."""
        size, room = self.lay.font_normal, self.status_room()
        shrink = min(2, max(0, size - MIN_TEXT))
        lines, fitted = fit_text(status, size, room, 2, shrink, bold=True)
        if any(get_font(fitted, True).size(line)[0] > room for line in lines):
            lines, fitted = wrap_to_lines(status, size, room, 3, size - shrink, bold=True)
        return lines, fitted

    def _draw_status_lines(
        self, surface: pygame.Surface, status: str, colour: pal.Colour, at: tuple[int, int]
    ) -> int:
        """The status at ``at`` (its last line there, a second above it) on its plate; its
        width."""
        lines, size = self.status_lines(status)
        imgs = [self.text.get(line, size, colour, True) for line in lines]
        step = get_font(size, True).get_linesize()
        x, y = at
        top = y - (len(imgs) - 1) * step
        width = max(img.get_width() for img in imgs)
        box = pygame.Rect(x, top, width, (len(imgs) - 1) * step + imgs[-1].get_height())
        self.status_boxes.append(draw_plate(surface, self.lay, box, len(imgs)))
        for i, img in enumerate(imgs):
            surface.blit(img, (x, top + i * step))
        return width

    def _draw_claim_preview(self, surface: pygame.Surface, action: Action, at: pygame.Rect) -> None:
        """What the hovered 胡 / 碰 / 杠 would give, just above the claim row, clear of the
        seats' panels and tiles; a long one wraps (:attr:`preview_box` is where it went)."""
        m = self.model
        lay = self.lay
        key = (action, m.view.concealed, m.lang, lay.w, lay.h)
        if self._preview is None or self._preview[0] != key:
            words = claim_preview(m.view, action, m.lang)
            self._preview = (key, preview_image(lay, self.text, words))
        img = self._preview[1]
        if img is None:
            return
        top = at.y
        if m.view.claim_tile is not None:  # above the claimed tile shown left of the row
            top = min(top, lay.buttons.bottom - self.tile_art(lay.hand_w).face(0).get_height())
        bottomright = (lay.buttons.right, top - lay.px(10))
        self.preview_box = draw_claim_preview(
            surface, lay, img, bottomright, self.preview_keep_clear()
        )

    def preview_keep_clear(self) -> list[pygame.Rect]:
        """What the claim preview never covers: each seat's panel and note, and each seat's
        line of tiles as last drawn (血流成河's won tiles run down to the claim row)."""
        m = self.model
        places = [self.lay.place(seat, m.bottom) for seat in range(m.players)]
        keep = [m.panels[pos] for pos in places if pos < len(m.panels)]
        keep += self.notes.boxes()
        keep += [self.columns[pos] for pos in places if pos in self.columns]
        return keep

    def _draw_tooltip(self, surface: pygame.Surface, kind: int) -> None:
        """The hint of the hand's tile under the pointer (or the keys' cursor), above it or
        clear of the tiles in play (:func:`draw_tile_hint`): above the tile, it lay over the
        bottom wall's standing stacks at every size, worst at 3 and 2 seats."""
        m = self.model
        assert m.hints is not None
        text = m.hints.per_discard.get(kind)
        slot = next((s for s in m.slots if s.index in (m.hover, m.selected)), None)
        if not text or slot is None:
            return
        img = self.text.get(text, self.lay.font_small, pal.IVORY_TEXT)
        keep, ponds = self.tooltip_keep_clear(), self.pond_rects
        box = draw_tile_hint(surface, self.lay, img, slot.rect, self.status_boxes, keep, ponds)
        self.tooltip_box = box

    def tooltip_keep_clear(self) -> list[pygame.Rect]:
        """What the hand's tile hint never covers where it can help it: the wall's standing
        stacks, the hand (a tile risen too), the seats' panels, notes and tiles, the labels,
        the status line and hints, the buttons and the item column."""
        m, lay = self.model, self.lay
        rise = lay.px(16)
        keep = [*self.wall_stacks, *self.preview_keep_clear(), *self.labels, *self.status_boxes]
        keep += [s.rect.union(s.rect.move(0, -rise)) for s in m.slots]
        keep.append(pygame.Rect(self.claim_left, lay.buttons.y, lay.w, lay.buttons.h))
        return keep + [lay.toolbar] + ([lay.item_bar] if m.item_bar else [])
