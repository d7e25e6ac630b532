"""What the friends' lobby (:class:`game.net.scenes.NetLobbyScene`) says and where it draws it:
a waiting room, not a list of lines.

:func:`lobby_words` gathers what the room says — its name, the room code and the addresses
friends need, the rules, the seats (:class:`SeatCard`), the notes; :func:`lobby_layout`
places them in a box sized to them: the code large in a tile of its own with Copy beside it
and the addresses next to it, the seats as cards round a table as the table draws them (this
player at the bottom, the next seats right, across and left in turn order; only the seats in
play), the rules above them and the notes under them. :func:`draw_lobby` draws that layout.

Not a scene: the lobby scene asks it, so the scene module stays a screen's controls.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

import pygame

from engine.match import standings
from engine.round.wall import table_place
from game import palette as pal
from game.net.forms import WARN, listed
from game.net.session import NetSession
from game.net.widgets import shown_name, table_name
from game.settings import TABLE_PRESETS
from game.ui.draw import panel
from game.ui.text import blit_text, elide, outlined_text, render_text, wrap_text
from server.client import RoomInfo

__all__ = [
    "LobbyLayout",
    "LobbyScreen",
    "LobbyWords",
    "SeatCard",
    "Text",
    "draw_lobby",
    "lobby_layout",
    "lobby_lines",
    "lobby_words",
]

Colour = tuple[int, int, int]
Line = tuple[str, Colour, bool]

_CARD_W = 290  # a seat's card, in the menus' 1280x800 pixels
_THREE_LINES = 76  # a card this tall has the status on a line of its own
_CODE_SIZE = 42  # the room code: what friends need, larger than anything else in the box
_BODY = 17  # the rules and the addresses
_BADGE_INK = (48, 30, 8)
_OPEN_FILL = (14, 40, 28)  # an open seat: darker, a dashed edge
_CARD_FILL = (22, 58, 40)
_MINE_FILL = (34, 78, 52)


class LobbyScreen(Protocol):
    """What the lobby's words and layout ask of the lobby scene."""

    session: NetSession

    @property
    def lang(self) -> str: ...

    @property
    def w(self) -> int: ...

    @property
    def h(self) -> int: ...

    def px(self, v: float) -> int: ...

    def t(self, key: str, **fmt: object) -> str: ...

    def tn(self, key: str, count: int, **fmt: object) -> str: ...

    def name_width(self) -> int: ...

    def seat_name_shown(self, name: str, width: int, bold: bool = False) -> str: ...


@dataclass(frozen=True)
class SeatCard:
    """One seat as the lobby shows it."""

    seat: int
    place: int  # where the table draws it: 0 bottom (this player), 1 right, 2 across, 3 left
    where: str  # its wind as the table names it, or its number before the first dealer
    name: str  # as the seat list says it: cut to :meth:`LobbyScreen.name_width`
    full_name: str  # drawable and whole: the card cuts it to its own width
    mine: bool
    host: bool
    away: bool  # a player whose connection dropped, until they are back
    open: bool  # a bot's seat before the match: a friend who joins sits there
    points: int | None  # of the match, once it has begun (None: sat down after it)
    rank: int | None  # in the final standings
    first: bool  # alone in first place, or sharing it with fewer than everyone


@dataclass(frozen=True)
class LobbyWords:
    """What the room says, in the order :func:`lobby_lines` lists it."""

    title: str
    code: str
    addresses: list[str]
    unannounced: bool  # friends will not find the table listed on the local network
    rules: str
    winners: Line | None  # the final standings' headline
    seats: list[SeatCard]  # in standings order once the match is over, else by seat
    notes: list[tuple[str, Colour]]


class Text(NamedTuple):
    """A line of text placed in the lobby: ``rect`` is where it is drawn."""

    text: str
    size: int
    colour: Colour
    bold: bool
    rect: pygame.Rect


@dataclass
class LobbyLayout:
    box: pygame.Rect
    words: LobbyWords | None  # what it lays out (None: connecting)
    texts: list[Text] = field(default_factory=list)
    code_tile: pygame.Rect | None = None
    code: Text | None = None  # the room code, drawn large and spaced
    copy: pygame.Rect | None = None  # the Copy button
    address_tile: pygame.Rect | None = None
    table: pygame.Rect | None = None  # the felt: the table the seats' cards sit at
    compass: pygame.Rect | None = None  # the table's middle: each seat's wind toward it
    cards: dict[int, pygame.Rect] = field(default_factory=dict)  # by seat


# --- the words ---------------------------------------------------------------------------


def lobby_words(scene: LobbyScreen) -> LobbyWords | None:
    """What the room says; None before it is known (connecting)."""
    s = scene.session
    room = s.room
    if room is None:
        return None
    title = elide(
        table_name(room.name, room.owner, scene.lang), scene.px(19), scene.px(640), scene.lang, True
    )
    preset = scene.t(f"preset.{room.preset}") if room.preset in TABLE_PRESETS else room.preset
    rules = scene.tn("net.room_rules", room.hands, preset=preset, n=room.hands)
    seats = seat_cards(scene, room)
    winners = None
    if room.phase == "over" and any(c.points is not None for c in seats):
        winners = _winners(scene, room, seats)
    if room.phase == "lobby":
        wait = "net.wait_start_host" if s.is_host else "net.wait_start"
        wait += "_server" if s.opened and s.is_host else ""  # the address is theirs too
    elif room.phase == "over":
        wait = "net.over_host" if s.is_host else "net.over"
    else:
        wait = "net.wait_hand"
    notes = [(scene.t(wait), pal.UI_TEXT_DIM)]
    if s.opened and s.is_host:  # on a dedicated server: the table does not close with you
        notes.append((scene.t("net.server_leave"), pal.UI_TEXT_DIM))
    notes.append((scene.t("net.items_off"), pal.UI_TEXT_DIM))
    if s.retrying:
        notes.append((scene.t("net.reconnecting"), WARN))
    return LobbyWords(
        title=title,
        code=room.code,
        addresses=s.addresses(),
        unannounced=s.unannounced,
        rules=f"{rules} · {_timers(scene, room)}",
        winners=winners,
        seats=seats,
        notes=notes,
    )


def seat_cards(scene: LobbyScreen, room: RoomInfo) -> list[SeatCard]:
    """The seats: in standings order after the match (by the match's points), else by seat."""
    s = scene.session
    names = s.names()
    players = len(names)
    dealer = s.winds_dealer()
    # A player who sat down after the match ended has no points of it.
    played = {
        seat: room.points[seat]
        for seat, state in enumerate(room.seats[:players])
        if room.phase != "lobby" and state.played
    }
    over = room.phase == "over"
    places = dict((seat, place) for place, seat in standings(played)) if over else {}
    order = sorted(range(players), key=lambda x: (places.get(x, 9), x))
    me = s.seat if s.seat is not None else 0
    out = []
    for seat in order:
        name, state = names[seat], room.seats[seat]
        if dealer is None:  # the first dealer is not known yet: seats by number
            where = scene.t("net.seat_no", n=seat + 1)
        else:  # the winds the table shows (NetSession.winds_dealer)
            where = scene.t(f"net.wind.{(seat - dealer) % players}")
        mine = seat == s.seat
        full = name
        if state.human:  # a player: their name, even one the session calls a bot's
            full = shown_name(state.name or "")
            name = scene.seat_name_shown(state.name or "", scene.name_width(), mine)
        rank = places.get(seat)
        out.append(
            SeatCard(
                seat=seat,
                place=table_place(seat, me, players),
                where=where,
                name=name,
                full_name=full,
                mine=mine,
                host=seat == room.host,
                away=state.human and not state.connected and not mine,
                open=not state.human and room.phase == "lobby",
                points=played.get(seat),
                rank=rank,
                first=rank == 1 and len(set(played.values())) > 1,
            )
        )
    return out


def seat_line(scene: LobbyScreen, card: SeatCard) -> Line:
    """A seat as one line of text: "1st  East  Ann (you) · host  +7 pts"."""
    status = " · " + scene.t("net.seat_away") if card.away else ""
    you = scene.t("net.you") if card.mine else ""
    host = scene.t("net.is_host") if card.host else ""
    pts = "" if card.points is None else "  " + _points(scene, card.points)
    rank = "" if card.rank is None else scene.t(f"end.place.{card.rank}") + "  "
    colour = WARN if card.away else pal.GOLD_LIGHT if card.first else pal.IVORY_TEXT
    text = f"{rank}{card.where}  {card.name}{you}{host}{status}{pts}"
    return (text, colour, card.mine or card.first)


def lobby_lines(scene: LobbyScreen) -> list[Line]:
    """What the lobby says, top to bottom: (text, colour, bold) — the words of the screen
    as lines, what a reader of the screen (and the tests) go by. A player whose connection
    dropped is marked, in the warning colour, until they are back."""
    words = lobby_words(scene)
    if words is None:
        return [(scene.t("net.connecting"), pal.IVORY_TEXT, False)]
    out: list[Line] = [
        (words.title, pal.GOLD_LIGHT, True),
        (scene.t("net.room_code", code=words.code), pal.GOLD_LIGHT, True),
    ]
    out += [(scene.t("net.address_is", address=a), pal.IVORY_TEXT, False) for a in words.addresses]
    if words.unannounced:  # the host asked for it, and friends will not find it listed
        out.append((scene.t("net.unannounced"), WARN, False))
    out.append((words.rules, pal.IVORY_TEXT, False))
    if words.winners is not None:
        out.append(words.winners)
    out += [seat_line(scene, card) for card in words.seats]
    out += [(text, colour, False) for text, colour in words.notes]
    return out


def _points(scene: LobbyScreen, points: int) -> str:
    """Signed, as the settlement and the match's end show them."""
    shown = f"{points:+d}" if points else "0"
    return scene.tn("net.points", abs(points), n=shown)


def _timers(scene: LobbyScreen, room: RoomInfo) -> str:
    """The table's turn timer (or none) and its pause between hands, as the host chose
    them: a friend who joins knows whether the table waits for them."""
    turn = room.turn_seconds
    said = scene.t("net.room_turn", n=f"{turn:g}") if turn else scene.t("net.room_turn_off")
    return f"{said} · " + scene.t("net.room_settle", n=f"{room.settle_seconds:g}")


def _winners(scene: LobbyScreen, room: RoomInfo, seats: list[SeatCard]) -> Line:
    """The standings' headline: who won the match, who share first place, or that
    everyone finished level."""
    s = scene.session
    names = s.names()
    ranked = [c for c in seats if c.rank is not None]
    first = sorted(c.seat for c in ranked if c.rank == 1)
    if len(first) == len(ranked) and len(ranked) > 1:
        return (scene.t("net.all_level"), pal.GOLD_LIGHT, True)
    shown = []
    for seat in first:
        if seat == s.seat:
            shown.append(scene.t("seat.you"))
        elif room.seats[seat].human:
            shown.append(scene.seat_name_shown(names[seat], scene.name_width(), True))
        else:
            shown.append(names[seat])
    key = "net.winner_you" if first == [s.seat] else "net.winner"
    if len(first) > 1:
        key = "net.joint_winners"
    return (scene.t(key, names=listed(shown, scene.lang)), pal.GOLD_LIGHT, True)


# --- the layout --------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _balanced(text: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` in as few lines as :func:`wrap_text` gives it at ``width``, wrapped at the
    narrowest width that keeps to them: a centred paragraph's lines of a length, its last
    not a word or two left alone ("…并列" / "第一", three long names sharing first place).
    Cached: drawn every frame."""
    lines = wrap_text(text, size, width, bold)
    if len(lines) < 2:
        return tuple(lines)
    lo, hi = width // len(lines), width  # no narrower than the text shared out evenly
    while lo < hi:
        mid = (lo + hi) // 2
        if len(wrap_text(text, size, mid, bold)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return tuple(wrap_text(text, size, hi, bold))


def _centred(
    scene: LobbyScreen, text: str, size: int, colour: Colour, bold: bool, rect: pygame.Rect, y: int
) -> tuple[list[Text], int]:
    """``text`` wrapped to ``rect``'s width (:func:`_balanced`), each line centred in it from
    ``y``: (lines, the y under them)."""
    out = []
    step = round(size * 1.35)  # or the font's own line height, if taller
    h = 0
    for line in _balanced(text, size, rect.w, bold):
        w, h = render_text(line, size, colour, bold).get_size()
        out.append(Text(line, size, colour, bold, pygame.Rect(rect.centerx - w // 2, y, w, h)))
        y += max(step, h)
    return out, y - max(step, h) + h if out else y


def lobby_layout(scene: LobbyScreen, copy_label: str) -> LobbyLayout:
    """Where everything goes, sized to what the room says: set closer when it says much (three
    addresses, the unannounced table, a winners' line, the connection down) so that the box
    stays above Start (Play again)."""
    words = lobby_words(scene)  # asked once: the addresses are read from the system
    for tight in (0, 1, 2):  # 2: wider, closer, the smaller lines a pixel or two smaller
        layout = _layout(scene, words, copy_label, tight)
        if layout.box.bottom <= scene.h - scene.px(160):
            break
    return layout


def _layout(
    scene: LobbyScreen, words: LobbyWords | None, copy_label: str, tight: int
) -> LobbyLayout:
    px = scene.px
    box = pygame.Rect(0, 0, px(780 if tight > 1 else 720), px(120))
    box.midtop = (scene.w // 2, px(70 if tight > 1 else 80))
    small = px(15 if tight > 1 else 16)  # the warnings and the notes
    layout = LobbyLayout(box, words)
    pad = px((20, 14, 10)[tight])
    gap = px((12, 6, 3)[tight])
    inner = box.inflate(-2 * pad, 0)
    y = box.y + pad
    if words is None:
        texts, y = _centred(
            scene, scene.t("net.connecting"), px(19), pal.IVORY_TEXT, False, inner, y
        )
        layout.texts += texts
        box.h = y + pad - box.y
        return layout
    texts, y = _centred(scene, words.title, px(21), pal.GOLD_LIGHT, True, inner, y)
    layout.texts += texts
    y = _header(scene, layout, words, inner, y + gap, copy_label)
    if words.unannounced:
        texts, y = _centred(scene, scene.t("net.unannounced"), small, WARN, False, inner, y + gap)
        layout.texts += texts
    texts, y = _centred(scene, words.rules, px(_BODY), pal.IVORY_TEXT, False, inner, y + gap)
    layout.texts += texts
    if words.winners is not None:
        text, colour, bold = words.winners
        texts, y = _centred(scene, text, px(20 - tight), colour, bold, inner, y + gap)
        layout.texts += texts
    y = _seats(scene, layout, words.seats, inner, y + gap, tight)
    y += gap
    for text, colour in words.notes:
        texts, y = _centred(scene, text, small, colour, False, inner, y)
        layout.texts += texts
        y += px((4, 2, 0)[tight])
    box.h = y + pad - box.y
    return layout


def _header(
    scene: LobbyScreen,
    layout: LobbyLayout,
    words: LobbyWords,
    inner: pygame.Rect,
    y: int,
    copy_label: str,
) -> int:
    """The room code's tile (the code large, Copy beside it) and, beside it, the addresses'.
    Returns the y under them."""
    px = scene.px
    copy_w = max(px(84), render_text(copy_label, px(16), pal.UI_TEXT, True).get_width() + px(28))
    # the code's tile as wide as the code and Copy need; the addresses' takes the rest, and
    # the code is set a little smaller if that would leave the addresses too little
    for code_size in range(px(_CODE_SIZE), px(30), -1):
        code_img = _code_image(words.code, code_size, px(2))
        spread = code_img.get_width() + px(14) + copy_w
        if inner.w - (spread + 2 * px(14)) - px(12) >= px(250):
            break
    half = spread + 2 * px(14) if words.addresses else inner.w
    code_tile = pygame.Rect(inner.x, y, half, px(84))
    label = scene.t("net.lobby.code_label")
    lw, lh = render_text(label, px(14), pal.UI_TEXT_DIM, True).get_size()
    layout.texts.append(
        Text(label, px(14), pal.UI_TEXT_DIM, True, pygame.Rect(inner.x + px(14), y + px(8), lw, lh))
    )
    left = code_tile.x + px(14) if words.addresses else code_tile.centerx - spread // 2
    code_rect = code_img.get_rect(topleft=(left, y + px(8) + lh))
    layout.code = Text(words.code, code_size, pal.GOLD_LIGHT, True, code_rect)
    layout.copy = pygame.Rect(0, 0, copy_w, px(36))
    layout.copy.midleft = (code_rect.right + px(14), code_rect.centery)
    code_tile.h = max(code_tile.h, code_rect.bottom + px(6) - y, layout.copy.bottom + px(8) - y)
    layout.code_tile = code_tile
    bottom = code_tile.bottom
    if words.addresses:
        tile = pygame.Rect(code_tile.right + px(12), y, inner.right - code_tile.right - px(12), 0)
        key = "net.lobby.address_label"
        label = scene.tn(key, len(words.addresses))
        lw, lh = render_text(label, px(14), pal.UI_TEXT_DIM, True).get_size()
        at = pygame.Rect(tile.x + px(14), y + px(8), lw, lh)
        layout.texts.append(Text(label, px(14), pal.UI_TEXT_DIM, True, at))
        ay = at.bottom + px(4)
        size = px(_BODY) if len(words.addresses) < 3 else px(16)
        for address in words.addresses:
            for line in wrap_text(address, size, tile.w - px(28)):
                w, h = render_text(line, size, pal.IVORY_TEXT).get_size()
                rect = pygame.Rect(tile.x + px(14), ay, w, h)
                layout.texts.append(Text(line, size, pal.IVORY_TEXT, False, rect))
                ay += h  # the font's own line height: lines that touch, never overlap
        tile.h = max(code_tile.h, ay + px(8) - y)
        code_tile.h = tile.h
        layout.address_tile = tile
        bottom = tile.bottom
    return bottom


def _seats(
    scene: LobbyScreen,
    layout: LobbyLayout,
    seats: list[SeatCard],
    inner: pygame.Rect,
    y: int,
    tight: int,
) -> int:
    """The table and its seats: the felt as wide as the box, each seat's card on it at its
    edge as the table places the seats — this player's at the bottom, the right and left
    seats on its sides, the seat across at the top (at three seats nobody sits across:
    the side seats take the top row) — and in its middle, each seat's wind toward it.
    Returns the y under the felt."""
    px = scene.px
    edge = px((12, 10, 8)[tight])  # felt round the cards
    middle = px(84)  # the table's middle, between the side seats
    w = min(px(_CARD_W), (inner.w - 2 * edge - middle) // 2)
    # three lines (the wind and badges, the name, a status); set close, the status goes
    # beside the name
    h = px(_THREE_LINES) if tight < 2 and any(_status(scene, c) for c in seats) else px(56)
    gap = px((8, 6, 4)[tight])
    places = {c.place for c in seats}
    sides = bool(places & {1, 3})
    felt = pygame.Rect(inner.x, y, inner.w, 0)
    top = felt.y + edge  # the seat across; at three seats nobody sits there: no row
    mid_top = top + h + gap if 2 in places else top
    mid = pygame.Rect(0, mid_top, 0, h if sides else px(64))  # the middle row
    bottom = mid.bottom + gap
    felt.h = bottom + h + edge - felt.y
    for card in seats:
        rect = pygame.Rect(0, 0, w, h)
        if card.place == 3:
            rect.midleft = (felt.x + edge, mid.centery)
        elif card.place == 1:
            rect.midright = (felt.right - edge, mid.centery)
        else:
            rect.midtop = (felt.centerx, top if card.place == 2 else bottom)
        layout.cards[card.seat] = rect
    layout.table = felt
    mid.w = felt.w - 2 * (edge + w + px(6)) if sides else w
    mid.centerx = felt.centerx
    _compass(scene, layout, seats, mid)
    return felt.bottom


def _compass(
    scene: LobbyScreen, layout: LobbyLayout, seats: list[SeatCard], room: pygame.Rect
) -> None:
    """The table's middle, as an automatic table's: each seat's wind on the side it sits,
    the dealer's (东) lit. Not before the first dealer is known (the seats are numbered)."""
    dealer = scene.session.winds_dealer()
    if dealer is None:
        return
    px = scene.px
    winds = {c.seat: (c.seat - dealer) % len(seats) for c in seats}
    marks = {seat: scene.t(f"net.lobby.wind_mark.{wind}") for seat, wind in winds.items()}
    for size in range(px(16), px(11) - 1, -1):  # smaller where the table is set closer
        sizes = [render_text(m, size, pal.GOLD_LIGHT, True).get_size() for m in marks.values()]
        char_w, char_h = max(w for w, _ in sizes), max(h for _, h in sizes)
        reach = char_w + px(2)  # a side's mark clear of the marks above and below it
        side = 2 * reach + max(char_w, char_h) + px(4)
        if side <= min(room.w, room.h):
            break
    else:
        return  # no room for it
    box = pygame.Rect(0, 0, side, side)
    box.center = room.center
    layout.compass = box
    towards = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}  # by place: down, right, up, left
    for card in seats:
        mark = marks[card.seat]
        colour = pal.GOLD_LIGHT if winds[card.seat] == 0 else pal.UI_TEXT_DIM
        img = render_text(mark, size, colour, True)
        dx, dy = towards[card.place]
        rect = img.get_rect(center=(box.centerx + dx * reach, box.centery + dy * reach))
        layout.texts.append(Text(mark, size, colour, True, rect))


def _status(scene: LobbyScreen, card: SeatCard) -> tuple[str, Colour] | None:
    """A card's third line: away, the match's points, or an open seat's wait."""
    if card.away:
        return (scene.t("net.seat_away"), WARN)
    if card.points is not None:
        return (_points(scene, card.points), pal.GOLD_LIGHT if card.first else pal.IVORY_TEXT)
    if card.open:  # a bot sits there for now: its name muted, and who may take its place
        return (scene.t("net.lobby.open_seat"), pal.GOLD)
    return None


@functools.lru_cache(maxsize=32)
def _code_image(code: str, size: int, spacing: int) -> pygame.Surface:
    """The room code, outlined, its characters spaced apart so that it reads at a glance.
    Cached (drawn every frame): not to be drawn on."""
    glyphs = [outlined_text(ch, size, pal.GOLD_LIGHT, (60, 30, 10)) for ch in code]
    width = sum(g.get_width() for g in glyphs) + spacing * max(0, len(glyphs) - 1)
    height = max((g.get_height() for g in glyphs), default=size)
    img = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        img.blit(glyph, (x, 0))
        x += glyph.get_width() + spacing
    return img


# --- drawing -----------------------------------------------------------------------------


def draw_lobby(surface: pygame.Surface, scene: LobbyScreen, layout: LobbyLayout) -> None:
    px = scene.px
    panel(surface, layout.box)
    for tile in (layout.code_tile, layout.address_tile):
        if tile is not None:
            pygame.draw.rect(surface, (10, 34, 24), tile, border_radius=px(8))
            pygame.draw.rect(surface, pal.GOLD_DARK, tile, width=1, border_radius=px(8))
    if layout.code is not None:
        code = layout.code
        surface.blit(_code_image(code.text, code.size, px(2)), code.rect)
    if layout.table is not None:
        pygame.draw.rect(surface, pal.FELT, layout.table, border_radius=px(18))
        pygame.draw.rect(surface, pal.GOLD_DARK, layout.table, width=2, border_radius=px(18))
    if layout.compass is not None:
        pygame.draw.rect(surface, pal.FELT_DARK, layout.compass, border_radius=px(8))
        pygame.draw.rect(surface, pal.GOLD_DARK, layout.compass, width=1, border_radius=px(8))
    words = layout.words
    for card in words.seats if words is not None else []:
        rect = layout.cards.get(card.seat)
        if rect is not None:
            _draw_card(surface, scene, card, rect)
    for text in layout.texts:
        blit_text(surface, text.text, text.size, text.colour, text.rect.topleft, bold=text.bold)


def _draw_card(
    surface: pygame.Surface, scene: LobbyScreen, card: SeatCard, rect: pygame.Rect
) -> None:
    """A seat: its wind and badges, the name, a line under it (away, points, or the wait
    of an open seat)."""
    px = scene.px
    radius = px(10)
    fill = _OPEN_FILL if card.open else _MINE_FILL if card.mine else _CARD_FILL
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if card.open:
        _dashed_rect(surface, pal.GOLD_DARK, rect, px(8))
    else:
        edge = WARN if card.away else pal.GOLD_LIGHT if card.mine or card.first else pal.GOLD_DARK
        pygame.draw.rect(surface, edge, rect, width=2 if card.mine else 1, border_radius=radius)
    pad = px(12)
    right = rect.right - pad
    badges = []
    if card.mine:
        badges.append((scene.t("net.lobby.badge_you"), pal.GOLD_LIGHT))
    if card.host:
        badges.append((scene.t("net.lobby.badge_host"), pal.GOLD))
    for badge, colour in reversed(badges):
        img = render_text(badge, px(13), _BADGE_INK, True)
        pill = pygame.Rect(0, 0, img.get_width() + px(12), img.get_height() + px(2))
        pill.topright = (right, rect.y + px(7))
        pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))
        right = pill.x - px(6)
    where = (
        card.where if card.rank is None else f"{scene.t(f'end.place.{card.rank}')} · {card.where}"
    )
    where = elide(where, px(15), right - rect.x - pad, scene.lang, True)
    at = (rect.x + pad, rect.y + px(7))
    title = blit_text(surface, where, px(15), pal.GOLD_LIGHT, at, bold=True)
    name_w = rect.w - 2 * pad
    status = _status(scene, card)
    if card.open and status is not None and rect.h < px(_THREE_LINES):
        # set close, on two lines: the bot's name beside the wind, and the line under it
        # says who takes the seat — whole, not cut to half the card beside the name
        x = title.right + px(8)
        bot = elide(card.full_name, px(15), rect.right - pad - x, scene.lang)
        blit_text(surface, bot, px(15), pal.UI_TEXT_DIM, (x, rect.y + px(7)))
        text = elide(status[0], px(15), name_w, scene.lang)
        blit_text(surface, text, px(15), status[1], (rect.x + pad, rect.y + px(31)))
        return
    if status is not None:
        text, colour = status
        if rect.h >= px(_THREE_LINES):  # a line of its own under the name
            text = elide(text, px(15), rect.w - 2 * pad, scene.lang)
            blit_text(surface, text, px(15), colour, (rect.x + pad, rect.y + px(51)))
        else:  # beside the name, at the right: the name gives way
            text = elide(text, px(15), (rect.w - 2 * pad) // 2, scene.lang)
            at = (rect.right - pad, rect.y + px(29))
            name_w -= blit_text(surface, text, px(15), colour, at, "topright").w + px(8)
    name_colour = pal.UI_TEXT_DIM if card.open else WARN if card.away else pal.IVORY_TEXT
    name = elide(card.full_name, px(18), name_w, scene.lang, card.mine)
    blit_text(surface, name, px(18), name_colour, (rect.x + pad, rect.y + px(27)), bold=card.mine)


def _dashed_rect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, dash: int) -> None:
    """An open seat's edge: dashes, as a place kept free."""
    r = rect.inflate(-2, -2)
    for x in range(r.x, r.right, 2 * dash):
        end = min(x + dash, r.right)
        pygame.draw.line(surface, colour, (x, r.y), (end, r.y), 2)
        pygame.draw.line(surface, colour, (x, r.bottom), (end, r.bottom), 2)
    for y in range(r.y, r.bottom, 2 * dash):
        end = min(y + dash, r.bottom)
        pygame.draw.line(surface, colour, (r.x, y), (r.x, end), 2)
        pygame.draw.line(surface, colour, (r.right, y), (r.right, end), 2)
