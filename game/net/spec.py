"""What Host a table asks for (:class:`HostSpec`) and the choices the Host screen offers."""

from __future__ import annotations

from dataclasses import dataclass

from game.match_config import DEFAULT_HANDS
from game.net.session import DEFAULT_PORT

__all__ = ["HAND_CHOICES", "SETTLE_CHOICES", "TURN_CHOICES", "HostSpec"]

HAND_CHOICES = (1, 4, 8, 16)  # a networked match has a length (the server takes 1-64)
# The host's timers, in seconds (the server takes 0-600 of each). The turn timer: after it
# the seat's bot answers; 0, none — friends wait for each other (a dropped player's seat is
# still played by its bot). The pause between hands: the next hand starts after it, or as
# soon as every connected player has pressed Next.
TURN_CHOICES = (0, 10, 15, 30, 60)
SETTLE_CHOICES = (10, 30, 60)


@dataclass(frozen=True)
class HostSpec:
    """What Host a table asks for."""

    name: str
    preset: str = "standard"
    hands: int = DEFAULT_HANDS
    bots: str = "normal"  # the level of every seat without a player
    announce: bool = True  # on the local network
    host: str = "0.0.0.0"  # where the server listens: every interface, for friends
    port: int = DEFAULT_PORT  # tried first; taken: any free port
    bot_delay: float = 0.6  # seconds a bot waits before each move, so people can follow
    turn_seconds: float = 15.0  # the turn timer (0: none); the host picks of TURN_CHOICES
    settle_seconds: float = 30.0  # between hands, unless everyone is ready (SETTLE_CHOICES)
    # a dedicated server's WebSocket URL (python -m server): the room is opened there, with
    # the same create_room, and lives by its rules; None: a server in this game (host, port)
    server: str | None = None
