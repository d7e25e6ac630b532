"""What changed at a networked table, told to the others once: :class:`RoomWatch`.

The server sends the room again whenever someone joins, drops, comes back, leaves or the host
role passes on (docs/net-protocol.md, ``room``); it does not say what changed. The lobby and
the table compare each room with the one seen before (:func:`room_news`) and tell the player
in a sentence — "Carl dropped; a bot plays for them until they are back", "Ann left; a bot
takes the seat", "You are the host now". One watch per session (:func:`watch`), shared by the
lobby and the table, so that a change is told once, by whichever screen is showing.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from game.i18n import t
from server.client import RoomInfo

__all__ = ["News", "RoomWatch", "news_text", "room_news", "watch"]

WARNING_KINDS = frozenset({"dropped", "dropped_seat", "left"})  # told in the warning colour


@dataclass(frozen=True)
class News:
    """One change: ``kind`` is dropped (dropped_seat: with no hand to play), back, left,
    joined, moved, host or host_you;
    ``name`` the player's name as the server sent it (shown through shown_name)."""

    kind: str
    name: str


def room_news(before: RoomInfo, after: RoomInfo, me: int | None) -> list[News]:
    """What changed from ``before`` to ``after`` that the player at seat ``me`` is told:
    the other players' comings and goings, and the host role passing on. A player is known
    by seat and name (the room shows no token)."""
    out: list[News] = []
    gone: list[str] = []
    came: list[str] = []
    for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=False)):
        if seat == me:
            continue
        old_name = old.name if old.human else None
        new_name = new.name if new.human else None
        if old_name is not None and new_name == old_name:
            if old.connected and not new.connected:
                # no hand in play: nothing for a bot to play, the seat waits for them
                between = after.phase in ("lobby", "over")
                out.append(News("dropped_seat" if between else "dropped", new_name))
            elif new.connected and not old.connected:
                out.append(News("back", new_name))
            continue
        if old_name is not None:
            gone.append(old_name)
        if new_name is not None:
            came.append(new_name)
    for name in gone:
        if name in came:  # the same name left one seat and took another: it moved
            came.remove(name)
            out.append(News("moved", name))
        else:
            out.append(News("left", name))
    out += [News("joined", name) for name in came]
    host = after.host
    if host is not None and host != before.host and host < len(after.seats):
        if host == me:
            out.append(News("host_you", ""))
        elif after.seats[host].human and after.seats[host].name is not None:
            out.append(News("host", after.seats[host].name or ""))
    return out


def news_text(news: News, lang: str, name: str | None = None) -> str:
    """``news`` in a sentence; ``name``: the player's name as shown (shortened to fit, a
    stand-in for what the font cannot draw), else as sent."""
    return t(f"net.news.{news.kind}", lang, name=news.name if name is None else name)


class RoomWatch:
    """The room last seen at one table; :meth:`take` says what changed since."""

    def __init__(self) -> None:
        self._room: RoomInfo | None = None
        self._me: int | None = None

    def take(self, room: RoomInfo | None, me: int | None) -> list[News]:
        """What changed since the last call: nothing the first time, at another room, or
        when this player changed seats (their old seat emptied: that is not news)."""
        if room is None:
            return []
        before, self._room = self._room, room
        was, self._me = self._me, me
        if before is None or before is room or room.code != before.code or me != was:
            return []
        return room_news(before, room, me)


_WATCHES: weakref.WeakKeyDictionary[object, RoomWatch] = weakref.WeakKeyDictionary()


def watch(session: object) -> RoomWatch:
    """The one watch of ``session`` (a NetSession): the lobby and the table share it."""
    found = _WATCHES.get(session)
    if found is None:
        found = _WATCHES[session] = RoomWatch()
    return found
