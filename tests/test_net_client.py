"""The game's side: a HostedServer on a thread (as "Host a table" starts it) and NetClients
driven the way the pygame loop will drive them — requests that return at once, poll() once a
"frame" — with the engine's own types coming out, the seat's replay, and a dropped
connection resumed on its own."""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.actions import Action
from engine.bots import load_bot
from engine.round import Event
from engine.views import PlayerView
from server.client import (
    ConnectionLost,
    HandSettled,
    MatchOver,
    NetClient,
    Note,
    Reconnected,
    SeatJoined,
    ServerError,
    TableUpdate,
    read_seat_replay,
)
from server.host import HostedServer
from server.protocol import ErrorCode
from server.scripted import QUICK_ROOM

LIMIT_S = 60.0  # hang guard


class Frames:
    """Clients polled in turn, as a frame loop would; bots play the seats."""

    def __init__(self, *clients: NetClient) -> None:
        self.clients = clients
        self.notes: dict[NetClient, list[Note]] = {c: [] for c in clients}
        self.bots = [load_bot("normal", i) for i in range(len(clients))]
        self.playing = {c: True for c in clients}

    def frame(self) -> None:
        for client, bot in zip(self.clients, self.bots, strict=True):
            self.notes[client] += client.poll()
            state = client.state
            if self.playing[client] and state.prompt is not None and state.view is not None:
                assert client.act(bot.choose(state.view, list(state.legal)))

    def until(self, done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + LIMIT_S
        while not done():
            assert time.monotonic() < deadline, "hang"
            self.frame()
            time.sleep(0.002)


def test_host_from_the_game_and_play_a_match_through_queues(hosted: HostedServer) -> None:
    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    guest = NetClient(hosted.url).start()
    frames = Frames(host, guest)
    try:
        rid = host.create_room("小明", preset="modern", hands=2, **QUICK_ROOM)
        frames.until(lambda: host.state.code is not None)
        joined = next(n for n in frames.notes[host] if isinstance(n, SeatJoined))
        assert joined.request == rid and joined.seat == 0 and joined.room.rules.exchange_three
        guest.join("Ann", code=joined.code.lower())
        frames.until(lambda: guest.state.seat is not None)
        host.start_match()
        frames.until(lambda: host.state.match_over is not None and guest.state.match_over)
        for client in (host, guest):
            notes = frames.notes[client]
            updates = [n for n in notes if isinstance(n, TableUpdate)]
            assert updates and all(isinstance(u.view, PlayerView) for u in updates)
            assert all(isinstance(e, Event) for u in updates for e in u.events)
            assert all(isinstance(a, Action) for u in updates for a in u.legal)
            assert [n.hand for n in notes if isinstance(n, HandSettled)] == [1, 2]
            assert not [n for n in notes if isinstance(n, ServerError)]
            state = client.state
            assert isinstance(state.match_over, MatchOver)
            assert state.match_over.points == state.settlements[-1].points
            # the seat's own record of a hand reads back to what it was shown
            doc, rules, events, settlement = read_seat_replay(client.seat_replay(2))
            assert doc.seat == state.seat and rules == state.room.rules
            assert events == state.hand_events[2]
            assert settlement == state.settlements[1]
        assert host.state.settlements == guest.state.settlements
    finally:
        host.close()
        guest.close()
    assert not host.running and not guest.running


def test_requests_answer_through_poll_and_act_refuses_what_is_not_legal(
    hosted: HostedServer,
) -> None:
    assert hosted.url is not None
    client = NetClient(hosted.url).start()
    frames = Frames(client)
    frames.playing[client] = False
    try:
        client.join("Ann", code="NOSUCH")
        frames.until(lambda: any(isinstance(n, ServerError) for n in frames.notes[client]))
        error = next(n for n in frames.notes[client] if isinstance(n, ServerError))
        assert error.code is ErrorCode.UNKNOWN_ROOM
        assert error.text("en") == "There is no table with that code; please check it."
        assert "房间" in error.text("zh")
        client.create_room("Ann", **QUICK_ROOM)
        frames.until(lambda: client.state.room is not None)
        client.start_match()
        frames.until(lambda: client.state.prompt is not None)
        legal = client.state.legal
        not_legal = Action(legal[0].kind, (legal[0].seat + 1) % 4, legal[0].tile)
        assert not client.act(not_legal)  # nothing sent
        assert client.act(legal[0])
        assert not client.act(legal[0])  # answered: wait for the next question
    finally:
        client.close()


def test_a_dropped_connection_is_resumed_on_its_own(hosted: HostedServer) -> None:
    assert hosted.url is not None and hosted.server is not None
    client = NetClient(hosted.url).start()
    frames = Frames(client)
    try:
        client.create_room("Ann", hands=1, **QUICK_ROOM)
        frames.until(lambda: client.state.room is not None)
        frames.playing[client] = False
        client.start_match()
        frames.until(lambda: client.state.prompt is not None)
        server = hosted.server
        room = server.rooms[client.state.code or ""]
        conn = room.members[0].link
        loop = hosted._loop
        assert loop is not None
        loop.call_soon_threadsafe(conn.ws.transport.abort)  # the network drops
        frames.until(lambda: any(isinstance(n, Reconnected) for n in frames.notes[client]))
        lost = [n for n in frames.notes[client] if isinstance(n, ConnectionLost)]
        assert lost and lost[0].retrying
        frames.playing[client] = True
        frames.until(lambda: client.state.match_over is not None)
        updates = [n for n in frames.notes[client] if isinstance(n, TableUpdate)]
        assert any(u.full and u.hand == 1 and len(u.events) > 2 for u in updates[1:])
        assert client.state.connected
    finally:
        client.close()


def test_a_client_whose_seat_is_resumed_elsewhere_stays_out(hosted: HostedServer) -> None:
    """Another connection resumes this seat with its token (the game opened twice on one
    data folder): the server closes this one with 4000 and it does not come back — else the
    two knocked each other off without end."""
    assert hosted.url is not None and hosted.server is not None
    first = NetClient(hosted.url).start()
    second = NetClient(hosted.url).start()
    frames = Frames(first, second)
    frames.playing = {first: False, second: False}
    try:
        first.create_room("Ann", hands=1, **QUICK_ROOM)
        frames.until(lambda: first.state.token is not None)
        code, token = first.state.code, first.state.token
        assert code is not None and token is not None
        second.resume(code, token)
        frames.until(lambda: any(isinstance(n, ConnectionLost) for n in frames.notes[first]))
        lost = next(n for n in frames.notes[first] if isinstance(n, ConnectionLost))
        assert lost.replaced and not lost.retrying
        frames.until(lambda: not first.running)  # its network thread ends: no resume
        assert not [n for n in frames.notes[first] if isinstance(n, Reconnected)]
        rid = second.ping()
        frames.until(
            lambda: any(getattr(n, "request_id", None) == rid for n in frames.notes[second])
        )
        assert second.state.seat == 0 and second.state.connected
        assert not [n for n in frames.notes[second] if isinstance(n, ConnectionLost)]
        member = hosted.server.rooms[code].members[0]
        assert member is not None and member.link is not None
    finally:
        first.close()
        second.close()


def test_a_burst_of_messages_is_paced_to_the_servers_rate_not_dropped() -> None:
    """The server drops a client's messages past its rate (10 a second, 30 at once); a move
    dropped so was never sent again, and a table with no turn timer waited for it for ever
    (托管 answers every prompt at once). The client sends no faster than the server's
    Welcome says it takes them."""
    from server.client import Ponged
    from server.scripted import quick_config

    hosted = HostedServer(
        host="127.0.0.1",
        port=0,
        announce=False,
        config=quick_config(rate_per_second=20.0, rate_burst=4, flood_close=1000),
    )
    hosted.start()
    assert hosted.wait_ready(10), hosted.error
    client = NetClient(hosted.url or "").start()
    frames = Frames(client)
    frames.playing[client] = False
    try:
        frames.until(lambda: client.state.connected)
        asked = [client.ping() for _ in range(16)]
        answered: set[int | None] = set()

        def all_back() -> bool:
            answered.update(n.request_id for n in frames.notes[client] if isinstance(n, Ponged))
            return answered >= set(asked)

        frames.until(all_back)
        refused = [n for n in frames.notes[client] if isinstance(n, ServerError)]
        assert not refused, refused
    finally:
        client.close()
        hosted.stop()
