"""A fresh player's audit of the friends' table: what went wrong when the table was played as
players play it — over 127.0.0.1 at an ephemeral port (the ``hosted`` fixture), a bounded
number of connections, no time limits."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from game.net.session import NetSession
from server.client import NetClient
from server.host import HostedServer
from server.scripted import QUICK_ROOM

LIMIT_S = 60.0  # a hang guard, not a time assertion


def pump_until(
    done: Callable[[], bool], *sessions: NetSession, clients: tuple[NetClient, ...] = ()
) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "hang"
        for session in sessions:
            session.pump()
        for client in clients:
            client.poll()
        time.sleep(0.005)


def test_a_table_picked_again_from_the_local_list_gives_the_seat_back(
    tmp_path: Path, hosted: HostedServer
) -> None:
    """The game closed at a table joined from the local network's list, and the player picks
    the same table from the list again: back in the seat it held, not a second seat beside
    a seat of the same name that its bot plays for the rest of the match."""
    assert hosted.url is not None and hosted.server is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", **{**QUICK_ROOM, "announce": True})  # type: ignore[arg-type]
        pump_until(lambda: host.state.code is not None, clients=(host,))
        code = host.state.code
        assert code is not None
        ticket = hosted.server.rooms[code].ticket
        assert ticket is not None
        seat_file = tmp_path / "net-seat.json"
        first = NetSession(NetClient(hosted.url).start(), lang="en", seat_file=seat_file)
        first.join("Zoë", ticket=ticket)
        pump_until(lambda: first.joined, first)
        seat = first.seat
        first.drop()  # the window shut: the seat stays the player's
        again = NetSession(NetClient(hosted.url).start(), lang="en", seat_file=seat_file)
        try:
            again.join("zoë", ticket=ticket)  # the same name, any case
            pump_until(lambda: again.joined or again.lost is not None, again)
            assert again.lost is None and again.seat == seat
            room = hosted.server.rooms[code]
            names = [m.name for m in room.members if m is not None]
            assert sorted(names) == ["Ann", "Zoë"]
        finally:
            again.close()
    finally:
        host.close()
