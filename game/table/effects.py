"""What the table's events look and sound like: each :class:`~engine.round.Event` becomes a
sound and an animation (a tile sliding to a pond or a hand, the dice, the deal, a callout,
a payment floating off a panel).

:class:`EventEffects` is called with the events a change caused, *before* the model re-reads
the view: a discard then flies from the slot it left, a draw from the wall stack it came
from. Everything it starts lives in the :class:`~game.table.anim.Animator`; the dice and
the deal are kept here too, because the painter draws them inside the centre and the wall.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from engine.round import Event, EventFlag, EventKind
from game import i18n
from game import palette as pal
from game.audio import Audio
from game.table import anim
from game.table.driver import TableRound
from game.table.geometry import (
    anchor,
    hand_point,
    panel_rect,
    pond_point,
    wall_front_point,
    wall_ring,
)
from game.table.layout import MIN_FONT, Layout
from game.table.model import TableModel
from game.tile_art import TileArt, draw_dice
from game.ui.text import TextCache

__all__ = ["EVENT_SOUNDS", "EventEffects", "PaymentFloat", "score_line"]

EVENT_SOUNDS = {
    EventKind.DICE: "dice",
    EventKind.DRAW: "draw",
    EventKind.DISCARD: "discard",
    EventKind.PONG: "pong",
    EventKind.KONG: "kong",
    EventKind.WIN: "win",
}
Colour = tuple[int, int, int]


RECEIVED_MARK_S = 8.0  # seconds the three tiles received by 换三张 stay marked


def score_line(ev: Event, lang: str) -> str | None:
    """A win's pattern, first extras and value, for its callout."""
    score = ev.score
    if score is None or score.pattern is None:
        return None
    name = i18n.pattern_name(score.pattern, lang)
    extras = [i18n.extra_name(e, lang) for e, n in score.extras for _ in range(max(1, n))]
    if lang == "en":  # a name inside the line in lower case, as the settlement writes it
        extras = [extra[:1].lower() + extra[1:] for extra in extras]
    label = " + ".join([name, *extras[:3]])
    if score.fan is not None:
        return i18n.t("call.fan", lang, pattern=label, fan=score.fan)
    return i18n.tn("call.points", lang, score.value, pattern=label, points=score.value)


Ink = dict[int, tuple[pygame.Rect, ...]]  # each panel's texts and badges, by position


@dataclass(eq=False)
class PaymentFloat(anim.FloatText):
    """A payment ("+2") rising off its seat's panel, placed from that panel as the table
    shows it at each frame (``TableModel.panels``), its size and offsets scaled as the
    panel's height is: the settlement keeps the table's frame under it, floats and all,
    and draws it once more at a new window size — the numbers stayed where the old panels
    were. ``panel`` and ``font``: the panel and the text's size it was made for.

    It rises where the panel shows nothing (``ink``: where the painter last put the panel's
    texts, badges and tiles): from the last line's right end up to the points' when that is
    clear, else the free spot nearest to it, rising less if the room is short, else just
    off the panel — it rose over a long points line, a bot's level beside the name and a
    winner's tiles."""

    model: TableModel | None = None
    place: int = 0  # the seat's place at the table: its panel's index
    cache: TextCache | None = None
    label: str = ""
    colour: Colour = (255, 255, 255)
    panel: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 1, 1))
    font: int = MIN_FONT
    ink: Ink | None = None  # EventEffects.panel_ink, as the painter last drew the panels
    # the last spot (centre x, start y, rise), what it was found for and on which panel
    _spot: tuple[tuple[object, ...], pygame.Rect, tuple[int, int, int]] | None = field(
        default=None, repr=False
    )

    def draw(self, surface: pygame.Surface) -> None:
        if not self.started or (text := self._text()) is None:
            return
        x, y, rise = self.spot(text)
        p = self.progress  # rising and fading as FloatText does
        text.set_alpha(255 if p < 0.6 else int(255 * (1 - (p - 0.6) / 0.4)))
        y -= int(rise * anim.ease_out_cubic(p))
        surface.blit(text, text.get_rect(center=(x, y)))

    def _now(self) -> pygame.Rect:
        """The panel as the table shows it now."""
        panels = self.model.panels if self.model is not None else ()
        return panels[self.place] if self.place < len(panels) else self.panel

    def _text(self) -> pygame.Surface | None:
        now, was = self._now(), self.panel
        if now.h == was.h or self.cache is None:
            return self.text
        size = max(MIN_FONT, round(self.font * now.h / max(1, was.h)))
        return self.cache.outlined(self.label, size, self.colour, (20, 20, 20))

    def spot(self, text: pygame.Surface) -> tuple[int, int, int]:
        """Where ``text`` rises: its centre x, its start y and how far it rises — a path on
        which its letters (not the blank above and under them) keep off the panel's ink at
        every frame; found again only when the panel moved or what it shows changed, and
        kept then if still clear."""
        now, was = self._now(), self.panel
        size = text.get_size()
        k = now.h / max(1, was.h)
        ink = tuple(r for r in (self.ink or {}).get(self.place, ()) if r.colliderect(now))
        key = (tuple(now), size, tuple(tuple(r) for r in ink))
        if self._spot is not None and self._spot[0] == key:
            return self._spot[2]
        w, h = size
        glyphs = text.get_bounding_rect()  # the letters within the text's surface
        # where it was made to rise: from the last line's right end up to the points'
        x = now.right - round((was.right - self.pos[0]) * k)
        y = now.centery + round((self.pos[1] - was.centery) * k)
        rise = round(self.rise * k)
        inner = now.inflate(-4, -4)  # inside the plate's edge

        def clear(cx: int, cy: int, r: int) -> bool:
            top = cy - h // 2 + glyphs.y
            path = pygame.Rect(cx - w // 2 + glyphs.x, top - r, glyphs.w, glyphs.h + r)
            # (a hair apart from the words beside it: touching, they read as one)
            return inner.contains(path) and path.inflate(4, 2).collidelist(ink) < 0

        found: tuple[int, int, int] | None = None
        if self._spot is not None and self._spot[0][1] == size:  # the old spot, if still clear
            _, old, (ox, oy, r) = self._spot
            ox, oy = ox + now.right - old.right, oy + now.bottom - old.bottom
            if clear(ox, oy, r):
                found = (ox, oy, r)
        if found is None and clear(x, y, rise):
            found = (x, y, rise)
        if found is None:  # the free spot nearest that path: the full rise first, then less
            # (its letters' box against an edge of the panel or of a word: where a spot opens)
            dx, dy = glyphs.x - w // 2, glyphs.y - h // 2  # the letters' corner from the centre
            lefts = {inner.x, inner.right - glyphs.w}
            lefts |= {r.right + 3 for r in ink} | {r.x - 3 - glyphs.w for r in ink}
            for rise_here in (rise, rise * 2 // 3, rise // 3, 0):
                tall = glyphs.h + rise_here
                tops = {inner.y, inner.bottom - tall}
                tops |= {r.bottom + 2 for r in ink} | {r.y - 2 - tall for r in ink}
                spots = [
                    (left - dx, top + rise_here - dy)
                    for left in lefts
                    for top in tops
                    if clear(left - dx, top + rise_here - dy, rise_here)
                ]
                if spots:
                    cx, cy = min(spots, key=lambda s: (abs(s[0] - x) + abs(s[1] - y), s))
                    found = (cx, cy, rise_here)
                    break
        if found is None:  # no room on the panel: just over it, or under it at the top
            gap = max(2, round(4 * k))
            above = now.top - gap - h // 2
            below = now.bottom + gap + h // 2 + rise
            found = (x, above if above - rise - h // 2 >= 0 else below, rise)
        self._spot = (key, now.copy(), found)
        return found


def _blit_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    surface.blit(draw_dice(value, rect.h), rect.topleft)


class EventEffects:
    """Sounds and animations of the table's events."""

    def __init__(
        self,
        animator: anim.Animator,
        audio: Audio,
        text: TextCache,
        tile_art: Callable[[int], TileArt],
    ) -> None:
        self.animator = animator
        self.audio = audio
        self.text = text
        self.tile_art = tile_art
        # where each seat's panel shows its words, badges and tiles, by position: the
        # painter's, as it last drew them; read by the payments rising off the panels
        self.panel_ink: Ink = {}
        self.deal: anim.Anim | None = None  # the deal landing in four steps
        self.dice: anim.DiceRoll | None = None  # drawn by the painter in the centre box

    def reset(self, animator: anim.Animator) -> None:
        """Drop everything running (the replay viewer jumped)."""
        self.animator = animator
        self.deal = None
        self.dice = None

    def update(self) -> None:
        if self.deal is not None and self.deal.done:
            self.deal = None
        if self.dice is not None and self.dice.done:
            self.dice = None

    def deal_fraction(self) -> float:
        """How much of the deal has landed: four tiles a round, three rounds, then the last
        one (RULES.md §2), so the wall and the hands change in four steps."""
        if self.deal is None:
            return 1.0
        return min(4, int(self.deal.progress * 4.999)) / 4

    # --- events -------------------------------------------------------------------------

    def play(
        self, events: Sequence[Event], model: TableModel, lay: Layout, rnd: TableRound
    ) -> None:
        """Start the effects of ``events`` (the model still shows the position before them;
        ``rnd`` is the round after them)."""
        lang = model.lang
        bottom = model.bottom
        wins = [e for e in events if e.kind is EventKind.WIN]
        for ev in events:
            kind = ev.kind
            sound = EVENT_SOUNDS.get(kind)
            if kind is EventKind.WIN and ev.from_seat is None:
                sound = "self_draw"
            if sound is not None and (kind is not EventKind.DRAW or ev.seat == bottom):
                self.audio.play(sound)
            if kind is EventKind.DICE and ev.dice is not None:
                size = lay.px(24)
                rect = pygame.Rect(0, 0, size * 2 + lay.px(6), size)
                rect.midtop = (lay.center[0], lay.center[1] + lay.px(23))
                self.dice = anim.DiceRoll(
                    duration=anim.DUR_DICE,
                    values=ev.dice,
                    rect=rect,
                    drawer=_blit_die,
                    drawn_by_owner=True,
                )
                self.animator.add(self.dice)
            elif kind is EventKind.DEAL:
                if self.deal is None:
                    self.deal = self.animator.add(
                        anim.Anim(duration=anim.DUR_DEAL, delay=anim.DUR_DICE, hides="deal")
                    )
            elif kind is EventKind.DISCARD and ev.seat is not None and ev.tile is not None:
                self._discard(ev.seat, ev.tile, model, lay, rnd)
            elif kind is EventKind.DRAW and ev.seat is not None:
                pos = lay.place(ev.seat, bottom)
                surf = self.tile_art(lay.wall_w).flat_back()
                view = model.view
                ring = wall_ring(view.dice, lay.place(view.dealer, bottom), lay.wall_stacks)
                start = wall_front_point(lay, ring, view.wall_remaining)
                end = hand_point(lay, pos)
                if pos == 0:
                    end = (lay.hand_x + 14 * lay.hand_w, lay.hand_y)
                self.animator.add(
                    anim.Slide(
                        duration=anim.DUR_DRAW, surf=surf, start=start, end=end, blocking=False
                    )
                )
            elif kind in (EventKind.PONG, EventKind.KONG) and ev.seat is not None:
                key = "call.pong" if kind is EventKind.PONG else "call.kong"
                self.callout(lay, anchor(lay, lay.place(ev.seat, bottom)), i18n.t(key, lang))
                if ev.from_seat is not None and ev.tile is not None:
                    pond = model.view.seats[ev.from_seat].pond
                    start = pond_point(lay, lay.place(ev.from_seat, bottom), len(pond))
                    self.animator.add(
                        anim.Slide(
                            duration=anim.DUR_CLAIM,
                            surf=self.tile_art(lay.pond_w).flat_face(ev.tile),
                            start=start,
                            end=hand_point(lay, lay.place(ev.seat, bottom)),
                            blocking=False,
                        )
                    )
            elif kind is EventKind.WIN and ev.seat is not None:
                if EventFlag.ROBBING_KONG in ev.flags:
                    title = i18n.t("call.rob_kong", lang)
                elif ev.from_seat is None:
                    title = i18n.t("call.self_draw", lang)
                else:
                    title = i18n.t("call.win", lang)
                where = anchor(lay, lay.place(ev.seat, bottom))
                self.callout(lay, where, title, score_line(ev, lang), (255, 120, 90), big=True)
            elif kind is EventKind.EXCHANGE and ev.seat == bottom and ev.detail:
                key = "table.exchange_dir." + ev.detail
                if i18n.has(key):
                    self.callout_center(lay, i18n.t(key, lang))
                if ev.tiles:  # marked in the hand for a while (after the callout)
                    model.received = tuple(ev.tiles)
                    model.received_until = model.time + RECEIVED_MARK_S
            elif kind is EventKind.PAYMENT and ev.entry is not None:
                self._float_payment(lay, model, ev.entry.payee, ev.entry.amount)
                self._float_payment(lay, model, ev.entry.payer, -ev.entry.amount)
            elif kind is EventKind.HAND_END and EventFlag.DRAWN in ev.flags and not rnd.wins:
                self.callout_center(lay, i18n.t("call.drawn", lang))
        if len(wins) > 1 and wins[0].from_seat is not None:
            self.callout_center(lay, i18n.t("call.multi_win", lang))

    def _discard(
        self, seat: int, tile: int, model: TableModel, lay: Layout, rnd: TableRound
    ) -> None:
        if seat == model.bottom:
            model.received_until = 0.0  # the 换三张 marks go with the first discard
        pos = lay.place(seat, model.bottom)
        index = len(rnd.view(model.bottom).seats[seat].pond) - 1
        rect, rot = lay.pond_slot(pos, index, index + 1)
        art = self.tile_art(lay.pond_w)
        surf = art.rotated(art.flat_face(tile), rot // 90)
        start = hand_point(lay, pos)
        if pos == 0:
            for slot in model.slots:
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
        model.last_discard = (seat, index)

    def _float_payment(self, lay: Layout, model: TableModel, seat: int, amount: int) -> None:
        place = lay.place(seat, model.bottom)
        panels = model.panels
        rect = panels[place] if place < len(panels) else panel_rect(lay, place, model.item_bar)
        colour = (120, 230, 140) if amount > 0 else (250, 130, 110)
        img = self.text.outlined(f"{amount:+d}", lay.font_normal, colour, (20, 20, 20))
        self.animator.add(
            PaymentFloat(
                duration=anim.DUR_PAYMENT,
                text=img,
                # from the panel's last line up to its points, at the right: risen to the
                # name's line it lay over the dealer's badge there (庄 / D)
                pos=(rect.right - lay.px(40), rect.bottom - lay.px(18)),
                blocking=False,
                rise=lay.px(20),
                model=model,
                place=place,
                cache=self.text,
                label=f"{amount:+d}",
                colour=colour,
                panel=rect.copy(),
                font=lay.font_normal,
                ink=self.panel_ink,
            )
        )

    def callout(
        self,
        lay: Layout,
        pos: tuple[int, int],
        title: str,
        sub: str | None = None,
        colour: Colour = (255, 226, 120),
        big: bool = False,
    ) -> None:
        """Big text (碰! 杠! 胡!) popping up at ``pos``, with an optional second line."""
        text = self.text.outlined(title, lay.font_big, colour, (60, 20, 10))
        sub_s = self.text.get(sub, lay.font_normal, pal.IVORY_TEXT, True) if sub else None
        call = anim.Callout(
            duration=anim.DUR_WIN_CALLOUT if big else anim.DUR_CALLOUT,
            text=text,
            sub=sub_s,
            pos=pos,
            colour=colour,
        )
        call.fit(lay.callout_bounds)
        self.animator.add(call)

    def dealer_callout(self, lay: Layout, sub: str, lang: str) -> None:
        """掷骰定庄 over the centre once the dice have rolled: who deals the match's first
        hand (option ``first_dealer = random``). It does not hold up the play."""
        text = self.text.outlined(
            i18n.t("call.dealer_dice", lang), lay.font_big, (255, 226, 120), (60, 20, 10)
        )
        self.animator.add(
            anim.Callout(
                duration=anim.DUR_WIN_CALLOUT,
                delay=anim.DUR_DICE,
                blocking=False,
                text=text,
                sub=self.text.get(sub, lay.font_normal, pal.IVORY_TEXT, True),
                pos=lay.center,
            )
        )

    def callout_center(self, lay: Layout, title: str) -> None:
        text = self.text.outlined(title, lay.font_big, (255, 200, 90), (60, 20, 10))
        self.animator.add(
            anim.Callout(duration=anim.DUR_WIN_CALLOUT, text=text, pos=lay.center, delay=0.3)
        )


def deal_count(size: int, fraction: float) -> int:
    """How many of ``size`` tiles have landed when ``fraction`` of the deal has."""
    return min(size, math.ceil(size * fraction))
