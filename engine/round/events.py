"""Events of a hand (what the table animates) and its result."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING

from engine.scoring import ScoreResult
from engine.settlement import LedgerEntry
from engine.tiles import Meld, MeldKind, format_tile, format_tiles

if TYPE_CHECKING:
    from engine.items import ItemResult


class EventFlag(enum.StrEnum):
    """Flags of an event (stable values: replays store them).

    On WIN: how the hand was won — ``SELF_DRAWN``, ``KONG_BLOOM`` (杠上花), ``AFTER_KONG``
    (杠上炮), ``ROBBING_KONG`` (抢杠), ``LAST_TILE`` (海底), ``FIRST_TURN`` (天胡/地胡),
    ``MULTI`` (one of several winners on one tile), ``HAND_CONCEALED`` (血流成河: the winner
    plays on, so ``tiles`` — its hand with the winning tile — is shown to the winner only).
    On HAND_END: ``DRAWN`` (流局: the wall ran out and the §6.3 checks were made).
    """

    SELF_DRAWN = "self_drawn"
    KONG_BLOOM = "kong_bloom"
    AFTER_KONG = "after_kong"
    ROBBING_KONG = "robbing_kong"
    LAST_TILE = "last_tile"
    FIRST_TURN = "first_turn"
    MULTI = "multi"
    HAND_CONCEALED = "hand_concealed"
    DRAWN = "drawn"


class EndReason(enum.StrEnum):
    """Why a hand ended (``RoundResult.reason``, the HAND_END event's ``detail``)."""

    THREE_WON = "three_won"  # 血战到底 at four seats: three players have won
    # 血战到底 at three or two seats (docs/rules-short-handed.md): all but one have won — with
    # two players, the first win.
    ALL_BUT_ONE_WON = "all_but_one_won"
    FIRST_WIN = "first_win"  # mode single: the first win ends the hand
    WALL_EMPTY = "wall_empty"  # 流局 / the end of a 血流成河 hand
    LEFT = "left"  # a player quit (逃跑, RULES.md §6.4)


class EventKind(enum.Enum):
    DICE = "dice"  # dice
    DEAL = "deal"  # seat, tiles (hidden from others)
    EXCHANGE_CHOSEN = "exchange_chosen"  # seat (which tiles stays hidden)
    EXCHANGE = "exchange"  # seat receives tiles from from_seat; detail = direction
    VOID_CHOSEN = "void_chosen"  # seat (which suit stays hidden until the reveal)
    VOIDS_REVEALED = "voids_revealed"  # tiles = the void suits, one per seat
    TURN = "turn"  # seat whose turn begins
    DRAW = "draw"  # seat, tile (hidden from others); detail = "replacement" after a kong
    DISCARD = "discard"  # seat, tile
    PONG = "pong"  # seat, tile, from_seat, meld
    KONG_DECLARED = "kong_declared"  # seat, tile: an added kong that others may rob
    KONG = "kong"  # seat, tile, from_seat (exposed), meld (kind: A/B/K)
    WIN = "win"  # seat, tile, from_seat (None = self-drawn), score, flags, tiles = hand
    PAYMENT = "payment"  # entry
    LEAVE = "leave"  # seat quits (§6.4); its payments follow, then HAND_END (detail
    # LEAVE_AFTER_WIN: a seat that has won leaves, without payments, and the hand plays on)
    WALL_EMPTY = "wall_empty"  # 流局: the §6.3 payments (查花猪, 查大叫, 退税) follow
    HAND_END = "hand_end"  # always the last event; detail = EndReason; flag DRAWN for 流局
    ITEM_USED = "item_used"  # seat, detail = item id; item_result: the user's secret (§8)


LEAVE_AFTER_WIN = "after_win"
"""The ``detail`` of a LEAVE event by a seat that has already won: no penalty, the hand plays
on (RULES.md §6.4)."""

_HIDDEN_TILE_KINDS = frozenset({EventKind.DRAW, EventKind.DEAL, EventKind.EXCHANGE})


@dataclass(frozen=True)
class Event:
    """Something that happened, in order; ``index`` is its position in ``Round.events``.
    ``flags`` are :class:`EventFlag` s (how a WIN came about; DRAWN on HAND_END)."""

    kind: EventKind
    index: int
    seat: int | None = None
    tile: int | None = None
    from_seat: int | None = None
    tiles: tuple[int, ...] = ()
    meld: Meld | None = None
    score: ScoreResult | None = None
    flags: tuple[EventFlag, ...] = ()
    entry: LedgerEntry | None = None
    dice: tuple[int, int] | None = None
    detail: str | None = None
    item_result: ItemResult | None = None

    def __str__(self) -> str:
        """One log line in notation: ``#12 DISCARD seat=1 5p``."""
        parts = [f"#{self.index}", self.kind.name]
        if self.seat is not None:
            parts.append(f"seat={self.seat}")
        if self.tile is not None:
            parts.append(format_tile(self.tile))
        if self.from_seat is not None:
            parts.append(f"from={self.from_seat}")
        if self.meld is not None:
            parts.append(str(self.meld))
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        if self.dice is not None:
            parts.append(f"dice={self.dice[0]}+{self.dice[1]}")
        if self.score is not None:
            parts.append(f"{self.score.pattern} {self.score.points}")
        if self.entry is not None:
            parts.append(f"{self.entry.amount} ({self.entry.reason})")
        if self.flags:
            parts.append(",".join(self.flags))
        if self.detail is not None:
            parts.append(self.detail)
        return " ".join(parts)

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may see it: another seat's drawn, dealt or exchanged tiles
        and a 血流成河 winner's hand are blanked (tile None, tiles empty), and so is another
        seat's item result (RULES.md §8: "X used 千里眼", never the result)."""
        if self.kind is EventKind.ITEM_USED:
            return self if self.seat == seat else replace(self, item_result=None)
        if (
            self.kind is EventKind.WIN
            and EventFlag.HAND_CONCEALED in self.flags
            and self.seat != seat
        ):
            return replace(self, tiles=())
        if self.kind not in _HIDDEN_TILE_KINDS or self.seat == seat:
            return self
        if self.kind is EventKind.EXCHANGE and self.from_seat == seat:
            return self  # the giver knows what it gave
        return replace(self, tile=None, tiles=())


@dataclass(frozen=True, slots=True)
class WinRecord:
    """One win. ``from_seat`` is the discarder (or robbed player), None if self-drawn.
    ``shared``: a later winner on the same discard (一炮多响) — the tile is physically
    counted with the first winner only."""

    seat: int
    tile: int
    from_seat: int | None
    score: ScoreResult
    flags: tuple[EventFlag, ...]
    event_index: int
    shared: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.from_seat is None


def hand_at_win(events: Sequence[Event], win: WinRecord) -> tuple[list[int], list[Meld]] | None:
    """The winner's concealed tiles (the winning tile among them) and melds as they were at
    ``win``, from its WIN event and the melds made before it — in 血流成河 a winner plays on
    and may kong later (RULES.md §3.7), so its hand at the end is not the hand it won with.
    None when ``events`` do not hold that win (a networked seat's partial view)."""
    at = win.event_index
    ev = events[at] if 0 <= at < len(events) else None
    if (
        ev is None
        or ev.kind is not EventKind.WIN
        or (ev.seat, ev.tile) != (win.seat, win.tile)
        or win.tile not in ev.tiles
    ):
        return None
    melds: list[Meld] = []
    for e in events[:at]:
        if e.seat != win.seat or e.meld is None:
            continue
        if e.meld.kind is MeldKind.ADDED_KONG:  # the pong it grew from, in its place
            melds = [e.meld if m == Meld(MeldKind.PONG, e.meld.tile) else m for m in melds]
        elif e.kind in (EventKind.PONG, EventKind.KONG):
            melds.append(e.meld)
    return list(ev.tiles), melds


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How the hand ended.

    ``reason``: an :class:`EndReason` — ``THREE_WON`` (血战: three players won),
    ``ALL_BUT_ONE_WON`` (血战 at three or two seats),
    ``FIRST_WIN`` (single mode), ``WALL_EMPTY``, ``LEFT`` (a player quit, §6.4).
    ``drawn``: the wall ran out and the §6.3 checks ran (流局; in 血流成河 every hand ends
    that way). ``first_winners`` / ``first_win_from`` / ``first_deal_in`` are what dealer
    rotation needs (§7, engine/match.py ``HandOutcome``).
    """

    dealer: int
    wins: tuple[WinRecord, ...]
    drawn: bool
    reason: EndReason
    left_seat: int | None
    totals: tuple[int, ...]
    first_winners: tuple[int, ...]
    first_win_from: int | None
    first_deal_in: int | None

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won at least once, in order of first win."""
        seen: list[int] = []
        for w in self.wins:
            if w.seat not in seen:
                seen.append(w.seat)
        return tuple(seen)


# Events are built on the hot path without the frozen __init__ (views.fast_new).
_EVENT_DEFAULTS: dict[str, object] = {
    f.name: f.default for f in dataclass_fields(Event) if f.name not in ("kind", "index")
}


def _event(kind: EventKind, index: int, seat: int | None, tile: int | None) -> Event:
    """``Event(kind, index, seat, tile)`` built as ``fast_new`` would (the same dict,
    key order included), without the frozen ``__init__``: the fields go straight into the
    new instance's own dict (replacing its ``__dict__`` costs more)."""
    ev = _new(Event)
    values = ev.__dict__
    values.update(_EVENT_DEFAULTS)
    values["seat"] = seat
    values["tile"] = tile
    values["kind"] = kind
    values["index"] = index
    return ev


_new = object.__new__
