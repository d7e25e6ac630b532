"""Follow-ups on the friends' table's connection: seat replays are never written over, the
host whose game cannot reach its own table is told what happened (not to check an address
it never typed), and a server message the codec cannot read is skipped, not a dead
connection. Over 127.0.0.1 at an ephemeral port, bounded, no time limits."""

from __future__ import annotations

import http.server
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine.rules import get_preset
from game.i18n import t
from game.net.session import NetSession
from server.client import (
    NetClient,
    Note,
    Ponged,
    RoomInfo,
    RoomUpdated,
    TableState,
    _Decoder,
)
from server.host import HostedServer
from server.protocol import RoomChanged, SeatStateData, encode
from server.scripted import QUICK_ROOM

LIMIT_S = 60.0  # a hang guard, not a time assertion


def pump_until(done: Callable[[], bool], session: NetSession) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "hang"
        session.pump()
        time.sleep(0.005)


# --- 2. a seat replay is never written over -------------------------------------------------


class _Client:
    """What keep_replay reads of the client: the room code and a hand as the seat saw it."""

    url = "ws://127.0.0.1:1"

    def __init__(self) -> None:
        self.state = TableState(connected=True, code="ABC234", seat=0)
        self.match = "first"

    def seat_replay(self, hand: int) -> bytes:
        return f'{{"match": "{self.match}", "hand": {hand}}}'.encode()

    def poll(self) -> list[object]:
        return []


def _room(phase: str, hand: int) -> RoomInfo:
    rules = get_preset("standard").with_overrides({"items": False})
    seats = tuple(
        SeatStateData(
            seat=s, human=s == 0, name="Ming" if s == 0 else None, bot="normal",
            connected=s == 0, auto=False, ready=False,
        )
        for s in range(4)
    )  # fmt: skip
    return RoomInfo(
        code="ABC234", name="", owner="Ming", host=0, preset="standard", rules=rules,
        hands=1, phase=phase, hand=hand, dealer=0, points=(0,) * 4, seats=seats,
        turn_seconds=15.0, grace_seconds=3.0, bot_delay=0.6, settle_seconds=30.0,
        announce=False,
    )  # fmt: skip


def test_play_again_keeps_the_last_matchs_replays(tmp_path: Path) -> None:
    """Each hand is kept as this seat saw it, named "{code}-hand{NN}.json": after Play again
    the new match's hand 1 was written over the last match's hand 1, and so on. Each match's
    hands are named by their match now, and no replay is written over."""
    client = _Client()
    session = NetSession(client, lang="en", replay_dir=tmp_path)  # type: ignore[arg-type]
    session._note(RoomUpdated(_room("lobby", 0)))
    session._note(RoomUpdated(_room("playing", 1)))
    first = session.keep_replay(1)
    session._note(RoomUpdated(_room("over", 1)))
    client.match = "second"
    session._note(RoomUpdated(_room("playing", 1)))  # Play again, within the same second
    second = session.keep_replay(1)
    assert first is not None and second is not None and first != second
    kept = {p.name: p.read_text() for p in tmp_path.glob("*.json")}
    assert sorted(kept.values()) == [
        '{"match": "first", "hand": 1}',
        '{"match": "second", "hand": 1}',
    ]
    assert all(name.startswith("ABC234-") and "-hand01" in name for name in kept)
    again = session.keep_replay(1)  # the same match's hand kept twice: a third file
    assert again is not None and len(list(tmp_path.glob("*.json"))) == 3


# --- 6. the host's game cannot reach its own table -----------------------------------------


class _NotATable(http.server.BaseHTTPRequestHandler):
    # a connection that sends nothing is dropped after a few seconds: the server answers one
    # connection at a time, and shutdown() at the test's end waits for the one it reads
    timeout = 5

    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"hello")

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("answer", ["nothing", "another_program"])
def test_a_host_whose_game_cannot_reach_its_table_is_not_sent_to_check_an_address(
    lang: str, answer: str
) -> None:
    """The table listened, but the host's own connection to it failed (the port answered
    with another program, or with nothing: a firewall). The host read "Nobody answered at
    that address; please check it and its port" (or "…not a mahjong server…") — about an
    address they never typed. They are told what happened and what to do."""
    httpd: http.server.HTTPServer | None = None
    if answer == "another_program":
        httpd = http.server.HTTPServer(("127.0.0.1", 0), _NotATable)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        port = httpd.server_address[1]
    else:
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    hosted = HostedServer(host="127.0.0.1", port=0, announce=False).start()
    session = NetSession.hosting(
        hosted, lambda url: NetClient(f"ws://127.0.0.1:{port}").start(), lang=lang
    )
    try:
        pump_until(lambda: session.lost is not None, session)
        assert session.lost is not None
        assert session.lost.text == t("net.host_unreachable", lang, port=hosted.port)
        assert session.lost.text not in (t("net.refused", lang), t("net.foreign", lang))
    finally:
        session.close()
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()


# --- 9. a message the codec cannot read -----------------------------------------------------


def test_a_message_the_codec_cannot_read_is_skipped_not_a_dead_connection(
    hosted: HostedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message that passes the schema but makes the codec raise (a ValueError, a
    KeyError…) ended the connection: the client reconnected, and again. It is unreadable
    like any bad message: skipped, told once, and the table goes on on the same
    connection."""
    real = _Decoder.room

    def room(self: _Decoder, data: object) -> RoomInfo:
        if getattr(data, "name", "") == "boom":  # what this codec cannot make sense of
            raise KeyError("boom")
        return real(self, data)  # type: ignore[arg-type]

    monkeypatch.setattr(_Decoder, "room", room)
    assert hosted.url is not None and hosted.server is not None
    session = NetSession(NetClient(hosted.url).start(), lang="en")
    try:
        session.client.create_room("Zoë", **QUICK_ROOM)  # type: ignore[arg-type]
        pump_until(lambda: session.joined, session)
        code = session.code
        assert code is not None
        room = hosted.server.rooms[code]
        sent = threading.Event()

        def unreadable() -> None:
            data = msgspec.structs.replace(room.room_data(), name="boom")
            for conn in list(hosted.server._conns):  # type: ignore[union-attr]
                for _ in range(3):
                    conn.send(encode(RoomChanged(room=data)))
            sent.set()

        assert hosted._loop is not None
        hosted._loop.call_soon_threadsafe(unreadable)
        assert sent.wait(LIMIT_S)
        heard: list[Note] = []
        original = session._note

        def note(n: Note) -> None:
            heard.append(n)
            original(n)

        session._note = note  # type: ignore[method-assign]
        rid = session.client.ping()  # answered after the three: they were all read by then
        pump_until(
            lambda: (
                session.drops > 0  # the connection ended over it
                or any(isinstance(n, Ponged) and n.request_id == rid for n in heard)
            ),
            session,
        )
        told: list[str] = []
        told.extend(p.text for p in session.take_problems())
        assert session.drops == 0 and not session.retrying and session.lost is None
        assert told == [t("net.unreadable", "en")]  # once, for the three
        assert session.joined and session.room is not None and session.room.name != "boom"
    finally:
        session.close()
