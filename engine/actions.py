"""Actions and phases of a hand: what a seat may do (RULES.md §3).

The vocabulary that bots, the game and the round share — kept outside the ``engine.round``
package so that anything may name an action or a phase without importing the round machinery
(``engine.round`` re-exports every name).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.tiles import (
    SUITS,
    format_tile,
    format_tiles,
)


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
        parts = [self.kind.name, f"seat={self.seat}"]
        if self.tile is not None:
            parts.append(format_tile(self.tile))
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        if self.suit is not None:
            parts.append(f"suit={SUITS[self.suit]}")
        if self.item is not None:
            parts.append(f"item={self.item}")
        return "Action(" + " ".join(parts) + ")"

    __repr__ = __str__
