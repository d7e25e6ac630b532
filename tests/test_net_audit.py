"""A fresh player's audit of the friends' table: what went wrong when the table was played as
players play it — over 127.0.0.1 at an ephemeral port (the ``hosted`` fixture), a bounded
number of connections, no time limits."""

from __future__ import annotations

import dataclasses
import http.server
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.i18n import t
from game.net.session import NetSession, parse_address
from server.client import NetClient
from server.host import HostedServer
from server.protocol import ErrorCode
from server.scripted import QUICK_ROOM, quick_config
from server.words import error_text

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


def test_a_full_server_says_so_and_the_client_does_not_hang() -> None:
    """A server that takes no more connections closes a new one before its welcome (1013).
    The client's network thread died of it with a traceback, and the game said nothing at
    all: its lobby read "Connecting…" for ever. Now the player is told the server is full."""
    config = dataclasses.replace(quick_config(), max_connections=1)
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=config).start()
    assert server.wait_ready(10), server.error
    assert server.url is not None
    first = NetClient(server.url).start()
    try:
        pump_until(lambda: first.state.connected, clients=(first,))  # the one connection
        session = NetSession(NetClient(server.url).start(), lang="en")
        try:
            session.join("Bob", code="ABC234")
            pump_until(lambda: session.lost is not None, session)
            assert session.lost is not None
            assert session.lost.text == error_text(ErrorCode.SERVER_FULL, "en")
        finally:
            session.close()
    finally:
        first.close()
        server.stop()


class _NotATable(http.server.BaseHTTPRequestHandler):
    # a connection that sends nothing is dropped after a few seconds: the server answers one
    # connection at a time, and shutdown() at the test's end waits for the one it reads
    timeout = 5

    def do_GET(self) -> None:  # a web page, not a WebSocket
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"hello")

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_address_that_is_not_a_table_server_is_not_said_to_be_silent(lang: str) -> None:
    """A web server's address typed by mistake answers; the player was told "Nobody answered
    at that address" — now that it is not a mahjong server there."""
    httpd = http.server.HTTPServer(("127.0.0.1", 0), _NotATable)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        port = httpd.server_address[1]
        session = NetSession(NetClient(f"ws://127.0.0.1:{port}").start(), lang=lang)
        try:
            session.join("Bob", code="ABC234")
            pump_until(lambda: session.lost is not None, session)
            assert session.lost is not None
            assert session.lost.text == t("net.foreign", lang)
            assert session.lost.text != t("net.refused", lang)
        finally:
            session.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("[::1]", "ws://[::1]:8765"),  # was refused: "That address cannot be used"
        ("[fe80::1]", "ws://[fe80::1]:8765"),
        ("wss://[::1]/", "wss://[::1]:8765"),
        ("[::1]:9000", "ws://[::1]:9000"),
        ("[]", None),
        ("[]:80", None),  # was taken, an address with no host
        ("[::1", None),
    ],
)
def test_an_ipv6_address_in_brackets_takes_the_default_port(typed: str, url: str | None) -> None:
    """The Join screen's address: an IPv6 address is written in brackets, and like any other
    address it may leave the port out."""
    assert parse_address(typed) == url


def test_a_table_of_rules_this_game_does_not_know_is_refused_and_its_seat_given_back(
    hosted: HostedServer,
) -> None:
    """A server of another game version may deal by a rule this game does not know (rules
    grow without the protocol changing). The joined seat could not be read: the game said
    "The server could not read that message." and then "Connecting…" for ever, while the
    server kept the seat taken. Now it is said to be another version, and the seat goes
    back to the table's bot."""
    assert hosted.url is not None and hosted.server is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", **QUICK_ROOM)  # type: ignore[arg-type]
        pump_until(lambda: host.state.code is not None, clients=(host,))
        code = host.state.code
        assert code is not None
        room = hosted.server.rooms[code]
        changed = threading.Event()

        def newer_rules() -> None:  # what a newer server's room would carry
            room._rules_data = {**room._rules_data, "fan.a_newer_pattern": 2}
            changed.set()

        assert hosted._loop is not None
        hosted._loop.call_soon_threadsafe(newer_rules)
        assert changed.wait(LIMIT_S)
        session = NetSession(NetClient(hosted.url).start(), lang="en")
        try:
            session.join("Zoë", code=code)
            pump_until(lambda: session.lost is not None, session)
            assert session.lost is not None
            assert session.lost.text == error_text(ErrorCode.UNSUPPORTED_VERSION, "en")
            assert not session.joined
            pump_until(lambda: sum(m is not None for m in room.members) == 1, clients=(host,))
            assert [m.name for m in room.members if m is not None] == ["Ann"]
        finally:
            session.close()
    finally:
        host.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_server_message_this_game_cannot_read_is_not_said_to_be_the_servers_fault(
    hosted: HostedServer, lang: str
) -> None:
    """What the server sent could not be read here (a newer server's message): the player
    read "The server could not read that message." — the server's refusal of one of ours.
    Now it is said that this game could not read the server's; the table goes on."""
    assert hosted.url is not None and hosted.server is not None
    session = NetSession(NetClient(hosted.url).start(), lang=lang)
    try:
        session.client.create_room("Zoë", **QUICK_ROOM)  # type: ignore[arg-type]
        pump_until(lambda: session.joined, session)
        sent = threading.Event()

        def garbage() -> None:
            assert hosted.server is not None
            for conn in hosted.server._conns:
                conn.send(b'{"type":"a_newer_message","version":2}')
            sent.set()

        assert hosted._loop is not None
        hosted._loop.call_soon_threadsafe(garbage)
        assert sent.wait(LIMIT_S)
        told: list[str] = []
        pump_until(
            lambda: bool(told.extend(p.text for p in session.take_problems()) or told), session
        )
        assert told == [t("net.unreadable", lang)]
        assert error_text(ErrorCode.BAD_MESSAGE, lang) not in told
        assert session.lost is None and session.joined
    finally:
        session.close()


def test_the_friends_screen_says_who_plays_a_dropped_players_seat() -> None:
    """'A player who drops is played by a bot': a bot plays the seat, not the player."""
    intro = t("net.intro", "en")
    assert "is played by a bot" not in intro
    assert "When a player drops, a bot plays their seat until they are back." in intro
