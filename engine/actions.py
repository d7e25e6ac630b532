"""Actions and phases of a hand: what a seat may do (RULES.md §3).

The vocabulary that bots, the game and the round share — kept outside the ``engine.round``
package so that anything may name an action or a phase without importing the round machinery
(``engine.round`` re-exports every name).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.quote import quote
from engine.tiles import (
    NUM_KINDS,
    SUITS,
    format_tile,
    format_tiles,
)

SEATS = 4
_MAX_TILES = 14  # no action names more tiles than a hand holds


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names the action and the reason.
    Nothing changes when it is raised."""


class Phase(enum.Enum):
    """Where the hand is. PLAY covers turns, claim windows and kong robbing."""

    EXCHANGE = "exchange"  # 换三张 (RULES.md §3.1)
    DECLARE_VOID = "declare_void"  # 定缺 (§3.2)
    PLAY = "play"
    ENDED = "ended"


class Step(enum.Enum):
    """Sub-state of :attr:`Phase.PLAY`."""

    TURN = "turn"  # the current seat holds 3n+2 tiles: win, kong or discard
    CLAIM = "claim"  # other seats may win on, pong or kong the last discard
    ROB = "rob"  # other seats may rob an added kong (抢杠, §3.4)
    NONE = "none"  # not in play


class ActionKind(enum.Enum):
    EXCHANGE_THREE = "exchange_three"  # tiles = three kinds of one suit
    DECLARE_VOID = "declare_void"  # suit = 0, 1, 2
    DISCARD = "discard"  # tile
    PONG = "pong"  # tile (the discard)
    EXPOSED_KONG = "exposed_kong"  # tile (the discard)
    CONCEALED_KONG = "concealed_kong"  # tile
    ADDED_KONG = "added_kong"  # tile
    WIN = "win"  # tile (the winning tile)
    PASS = "pass"  # decline every claim
    USE_ITEM = "use_item"  # item (id), tile / tiles per item (engine/items.py, RULES.md §8)
    LEAVE = "leave"  # 逃跑 (§6.4): never listed as legal; apply() accepts it like leave()


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. Tiles are kinds 0–26."""

    kind: ActionKind
    seat: int
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    suit: int | None = None
    item: str | None = None

    def __str__(self) -> str:
        """``Action(DISCARD seat=0 5p)`` in tile notation; a value that is no tile, suit or
        seat is shown as it is (``tile=-1``), never as a tile it is not, and cut short."""
        kind = self.kind.name if isinstance(self.kind, ActionKind) else f"kind={quote(self.kind)}"
        seat = self.seat if _is_int(self.seat) and 0 <= self.seat < SEATS else quote(self.seat)
        parts = [kind, f"seat={seat}"]
        if self.tile is not None:
            parts.append(
                format_tile(self.tile) if _is_kind(self.tile) else f"tile={quote(self.tile)}"
            )
        if self.tiles:
            tiles = self.tiles
            ok = isinstance(tiles, tuple) and len(tiles) <= _MAX_TILES and all(map(_is_kind, tiles))
            parts.append(format_tiles(tiles) if ok else f"tiles={quote(tiles)}")
        if self.suit is not None:
            ok = _is_int(self.suit) and 0 <= self.suit < len(SUITS)
            parts.append(f"suit={SUITS[self.suit] if ok else quote(self.suit)}")
        if self.item is not None:
            item = self.item
            plain = isinstance(item, str) and item.isidentifier() and len(item) <= 40
            parts.append(f"item={item if plain else quote(item, 40)}")
        return "Action(" + " ".join(parts) + ")"

    __repr__ = __str__


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_kind(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_KINDS


def check_action(action: object) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is an :class:`Action` whose every
    value is in range — an :class:`ActionKind`, a seat 0–3, tile kinds 0–26, a suit 0–2, an
    item id that is a string. Legality now is the round's business; this is only what any
    action must be (the round calls it before reading the values; a server may call it on
    what a client sent)."""
    if not isinstance(action, Action):
        raise IllegalActionError(f"not an action: {quote(action)}")
    if not isinstance(action.kind, ActionKind):
        raise IllegalActionError(f"{action}: the kind must be an ActionKind")
    if not (_is_int(action.seat) and 0 <= action.seat < SEATS):
        raise IllegalActionError(f"{action}: the seat must be 0-3")
    if action.tile is not None and not _is_kind(action.tile):
        raise IllegalActionError(f"{action}: the tile must be a tile kind 0-26")
    tiles = action.tiles
    if not isinstance(tiles, tuple) or len(tiles) > _MAX_TILES or not all(map(_is_kind, tiles)):
        raise IllegalActionError(f"{action}: tiles must be at most 14 tile kinds 0-26")
    if action.suit is not None and not (_is_int(action.suit) and 0 <= action.suit < len(SUITS)):
        raise IllegalActionError(f"{action}: the suit must be 0-2 (m, p, s)")
    if action.item is not None and not isinstance(action.item, str):
        raise IllegalActionError(f"{action}: the item must be an item id")
