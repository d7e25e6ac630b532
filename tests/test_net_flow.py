"""A networked table through what goes wrong between hands and on the way: "ready" only
when the player moves on from the settlement, a seat lost to the network that can be taken
back, a seat taken over by another game (the same data folder, or the same token), the
table offering nothing while the connection is down, and a player who sits down between
hands. A real game (App, Navigator, the table) against a real server on 127.0.0.1 at an
ephemeral port; a small relay in front of it stands for the player's network. Every wait
is for a state, with a hang guard; nothing is timed."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_net_game import frames, net_app
from test_net_names import room_of

from engine.actions import Phase
from game.app import App
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.nav import Navigator
from game.net.driver import NetDriver
from game.net.overlay import NetTableOverlay
from game.net.scenes import NetLobbyScene
from game.net.session import NetSession
from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene
from server.client import ConnectionLost, NetClient, Note, Ponged
from server.host import HostedServer
from server.scripted import QUICK_ROOM

DT = 1 / 60
LIMIT_S = 90.0  # a hang guard, not a time assertion
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def save_shot(surface: pygame.Surface, name: str) -> None:
    """Keep a screenshot for a person to look at (screenshots/, not compared)."""
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(surface, str(SHOTS / name))


class Outage:
    """A TCP relay on 127.0.0.1 in front of the server (a thread of its own): ``cut`` drops
    every connection through it and refuses new ones until ``restore`` — the player's
    network going down while the server runs on."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self.up = True
        self._links: set[asyncio.StreamWriter] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def __enter__(self) -> Outage:
        self._thread.start()
        assert self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()
            self._abort_all()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self.up:
            writer.transport.abort()
            return
        try:
            back_reader, back_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._links |= {writer, back_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except OSError:
                pass
            finally:
                dst.transport.abort()

        try:
            await asyncio.gather(pipe(reader, back_writer), pipe(back_reader, writer))
        finally:
            self._links -= {writer, back_writer}

    def _abort_all(self) -> None:
        for writer in list(self._links):
            writer.transport.abort()

    def cut(self) -> None:
        self.up = False
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._abort_all)

    def restore(self) -> None:
        self.up = True


def poll_until(client: NetClient, done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "hang"
        client.poll()
        time.sleep(0.005)


def host_room(url: str, **room: object) -> tuple[NetClient, str]:
    """Ann hosts a table (her seat played by its bot: 托管); the client and the room code."""
    host = NetClient(url).start()
    host.create_room("Ann", **{**QUICK_ROOM, **room})  # type: ignore[arg-type]
    poll_until(host, lambda: host.state.code is not None)
    host.set_auto(True)
    assert host.state.code is not None
    return host, host.state.code


def round_trip(app: App, session: NetSession) -> None:
    """Whatever this game sent before has reached the server: a ping sent after it is
    answered (a connection's messages are handled in order)."""
    heard: list[Note] = []
    original = session._note

    def note(n: Note) -> None:
        heard.append(n)
        original(n)

    def answered() -> bool:
        session.pump()  # (the settlement's screen does not: nobody reads the table there)
        return any(isinstance(n, Ponged) and n.request_id == rid for n in heard)

    session._note = note  # type: ignore[method-assign]
    rid = session.client.ping()
    try:
        frames(app, answered, play=False)
    finally:
        del session._note


def test_ready_is_said_when_the_player_presses_next_not_when_the_result_opens(
    home: Path, hosted: HostedServer
) -> None:
    """The settlement stays open as long as the player reads it: the server is not told
    "ready" (which deals the next hand, whose questions then time out unseen) before Next."""
    assert hosted.url is not None and hosted.server is not None
    host, code = host_room(hosted.url, hands=2, settle_seconds=600.0)
    try:
        with net_app() as app:
            nav = Navigator(app)
            nav.main_menu()
            session = nav.join_table(hosted.url, "Bob", code=code).session
            frames(app, lambda: session.joined)
            host.start_match()
            frames(app, lambda: isinstance(app.stack.top, SettlementScene), also=host.poll)
            settlement = app.stack.top
            assert isinstance(settlement, SettlementScene)
            for _ in range(30):  # the player reads on
                app.step(DT)
            round_trip(app, session)
            room = hosted.server.rooms[code]
            seat = session.seat
            assert seat is not None
            assert (room.phase, room.hand_no) == ("between", 1)
            bob = room.members[seat]
            assert bob is not None and not bob.ready, "ready before Next was pressed"
            save_shot(app.screen, "net_settlement_reading_en.png")
            # Enter is Next: now the server hears it (the host, 托管, is not ready: no deal)
            settlement.handle_event(InputEvent(InputKind.COMMAND, command=Command.CONFIRM))
            assert isinstance(app.stack.top, NetLobbyScene), app.stack.scenes  # no deal yet
            poll_until(
                host, lambda: host.state.room is not None and host.state.room.seats[seat].ready
            )
    finally:
        host.close()


def test_a_seat_lost_to_the_network_is_taken_back_by_joining_again(
    home: Path, hosted: HostedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's network is out for longer than the client tries (shortened here): back
    on the menu, the seat is still theirs on the server, and joining again with the same
    name and code sits them back in it (the remembered seat was forgotten, and the table
    said it was full, or gave a second seat)."""
    monkeypatch.setattr("server.client._BACKOFF", (0.05, 0.05))  # gives up at once
    assert hosted.port is not None and hosted.url is not None and hosted.server is not None
    host, code = host_room(hosted.url, hands=4, bot_delay=0.05, grace_seconds=0.2)
    try:
        with Outage(hosted.port) as network, net_app() as app:
            nav = Navigator(app)
            menu = nav.main_menu()
            session = nav.join_table(network.url, "Bob", code=code).session
            frames(app, lambda: session.joined)
            seat = session.seat
            host.start_match()
            frames(app, lambda: isinstance(app.stack.top, TableScene), also=host.poll)
            network.cut()
            frames(app, lambda: app.stack.top is menu, play=False, also=host.poll)
            assert menu.toast is not None and menu.toast[0] == t("net.lost", "en")
            network.restore()
            room = hosted.server.rooms[code]
            held = room.members[seat] if seat is not None else None
            assert held is not None and held.name == "Bob"  # the server keeps it for him
            again = nav.join_table(network.url, "Bob", code=code).session
            frames(app, lambda: again.joined or again.lost is not None, also=host.poll)
            assert again.lost is None and again.seat == seat
            assert again.names().count("Bob") == 1
            again.close()  # Leave: now the seat is given up, and forgotten
            assert again.seat_file is not None and not again.seat_file.exists()
    finally:
        host.close()


def test_the_server_gone_is_not_said_to_leave_a_bot_in_the_seat() -> None:
    """When nobody answers any more, the client cannot tell a stopped server from its own
    network: the notice says both, and how to get back (it said a bot plays the seat on)."""
    for lang in ("en", "zh"):
        text = t("net.lost", lang)
        assert ("may have stopped" in text) if lang == "en" else ("可能已关闭" in text)


def test_a_game_whose_seat_is_taken_over_elsewhere_does_not_take_it_back(
    home: Path, hosted: HostedServer
) -> None:
    """Two games on one data folder, the same name: the second sits in the first one's seat
    (the same player opened the game again). The first is told so, in words, and stays out
    — before, each resumed the seat from the other without end."""
    assert hosted.url is not None and hosted.server is not None
    host, code = host_room(hosted.url, hands=4)
    try:
        with net_app() as first, net_app() as second:
            nav = Navigator(first)
            menu = nav.main_menu()
            one = nav.join_table(hosted.url, "Bob", code=code).session
            frames(first, lambda: one.joined)
            two = Navigator(second).join_table(hosted.url, "bob ", code=code).session
            frames(second, lambda: two.joined)
            assert two.seat == one.seat  # the same player: the seat taken back
            frames(first, lambda: first.stack.top is menu, play=False)
            assert menu.toast is not None and menu.toast[0] == t("net.replaced", "en")
            assert one.lost is not None and not one.retrying
            deadline = time.monotonic() + LIMIT_S
            while one.client.running:  # its network thread ends: no resume comes
                assert time.monotonic() < deadline, "the replaced game tries to come back"
                time.sleep(0.01)
            round_trip(second, two)
            room = hosted.server.rooms[code]
            names = [m.name if m else None for m in room.members]
            assert names.count("Bob") == 1
            bob = room.members[names.index("Bob")]
            assert bob is not None and bob.link is not None  # the second game holds it
            assert two.lost is None
    finally:
        host.close()


def test_two_games_on_one_data_folder_with_different_names_get_a_seat_each(
    home: Path, hosted: HostedServer
) -> None:
    """The second game typed "Carl": it sits down as Carl (it resumed Bob's remembered seat
    and sat as "Bob (you)"), and each game finds its own seat again after a restart."""
    assert hosted.url is not None and hosted.server is not None
    host, code = host_room(hosted.url, hands=4)
    try:
        with net_app() as first, net_app() as second:
            bob = Navigator(first).join_table(hosted.url, "Bob", code=code).session
            frames(first, lambda: bob.joined)
            carl = Navigator(second).join_table(hosted.url, "Carl", code=code).session
            frames(second, lambda: carl.joined)
            assert carl.seat != bob.seat
            round_trip(first, bob)
            assert not bob.retrying and bob.lost is None
            names = [m.name if m else None for m in hosted.server.rooms[code].members]
            assert sorted(n for n in names if n) == ["Ann", "Bob", "Carl"]
            seats = {"Bob": bob.seat, "Carl": carl.seat}
            bob.drop()  # both windows shut: the seats stay theirs
            carl.drop()
        with net_app() as again:
            nav = Navigator(again)
            for name in ("Carl", "Bob"):
                back = nav.join_table(hosted.url, name, code=code).session
                frames(again, lambda: back.joined or back.lost is not None)  # noqa: B023
                assert back.seat == seats[name], name
    finally:
        host.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_is_offered_while_the_connection_is_down(
    home: Path, hosted: HostedServer, lang: str
) -> None:
    """While reconnecting the question's buttons go (a choice could not be sent) and the
    turn timer is not shown; once the seat is back the question is asked again, and the
    answer gets through."""
    assert hosted.port is not None and hosted.url is not None
    # no stand-in while away: the question waits for the player
    host, code = host_room(hosted.url, hands=1, turn_seconds=600.0, grace_seconds=600.0)
    try:
        with Outage(hosted.port) as network, net_app(lang=lang) as app:
            nav = Navigator(app)
            nav.main_menu()
            session = nav.join_table(network.url, "Bob", code=code).session
            frames(app, lambda: session.joined)
            host.start_match()

            def asked() -> bool:
                top = app.stack.top
                return (
                    isinstance(top, TableScene)
                    and not top.animating
                    and bool(top.driver.human_legal())
                )

            frames(app, asked, play=False, also=host.poll)
            table = app.stack.top
            assert isinstance(table, TableScene)
            driver = table.driver
            assert isinstance(driver, NetDriver)
            overlay = table.overlay(NetTableOverlay)
            assert overlay is not None
            timer = max(t("net.timer", lang, n=600).split("600"), key=len)  # its words
            assert any(timer in text for text, _ in overlay.lines())
            offered = driver.human_legal()
            network.cut()
            frames(app, lambda: session.retrying, play=False)
            for _ in range(5):
                app.step(DT)
            assert driver.human_legal() == []
            assert driver.deadline_left(time.monotonic()) is None
            # still this seat's to choose: not "waiting for the others" as if it had chosen
            assert driver.view.seat in driver.round.pending_seats() or (
                driver.view.phase not in (Phase.EXCHANGE, Phase.DECLARE_VOID)
            )
            assert table.model.status_text() != t("table.waiting", lang)
            lines = [text for text, _ in overlay.lines()]
            assert t("net.reconnecting", lang) in lines
            assert not any(timer in text for text in lines), lines
            answered = session.client.state.answered
            table.submit(offered[0])  # a click on where a button was: nothing is sent
            assert session.client.state.answered == answered
            save_shot(app.screen, f"net_reconnecting_{lang}.png")
            network.restore()
            frames(app, lambda: not session.retrying and asked(), play=False)
            before = len(driver.events)
            table.submit(driver.human_legal()[0])
            frames(app, lambda: len(driver.events) > before, play=False)
    finally:
        host.close()


def test_a_player_who_sits_down_between_hands_waits_for_the_next_deal(
    home: Path, hosted: HostedServer
) -> None:
    """Joining after a hand ended and before the next: the hand just played is not shown as
    the joiner's own ("You pay 2" for a hand a bot played); the lobby waits for the deal,
    and the table opens on the next hand."""
    assert hosted.url is not None and hosted.server is not None
    host, code = host_room(hosted.url, hands=2, settle_seconds=600.0)
    try:
        host.start_match()
        poll_until(host, lambda: bool(host.state.settlements))  # hand 1 over; nobody ready
        with net_app() as app:
            nav = Navigator(app)
            nav.main_menu()
            lobby = nav.join_table(hosted.url, "Carl", code=code)
            session = lobby.session
            frames(app, lambda: session.joined and bool(session.client.state.settlements))
            for _ in range(10):
                app.step(DT)
            assert app.stack.top is lobby  # not the table of hand 1, nor its result
            assert t("net.wait_hand", "en") in [text for text, _, _ in lobby.lines()]
            save_shot(app.screen, "net_joined_between_en.png")
            host.ready()
            frames(app, lambda: isinstance(app.stack.top, TableScene), play=False, also=host.poll)
            table = app.stack.top
            assert isinstance(table, TableScene) and table.driver.hand_no == 2
    finally:
        host.close()


def test_a_lost_connection_voids_the_questions_still_waiting() -> None:
    """Updates received before a drop but not yet on the table keep their events and lose
    their question: the resumed connection's full update asks again."""
    from engine.round import Round
    from engine.rules import get_preset
    from server.client import TableUpdate

    rnd = Round.new(get_preset("standard"), 3, 0)
    session = NetSession(NetClient("ws://127.0.0.1:9"), lang="en")  # never started
    legal = tuple(rnd.legal_actions(0))
    session._note(TableUpdate(1, True, tuple(rnd.events), rnd.view(0), legal, 4, 9.0, False))
    session._note(ConnectionLost("gone", retrying=True))
    waiting = session.next_update()
    assert waiting is not None and waiting.events == tuple(rnd.events)
    assert waiting.prompt is None and waiting.deadline_at is None
    assert waiting.legal == legal  # what was asked: the seat is still to choose
    assert session.retrying and session.drops == 1


def test_the_seat_file_keeps_a_seat_until_it_is_really_given_up(tmp_path: Path) -> None:
    """Each seat is remembered with the name it sat down with; Leave forgets it only when
    the server could hear it (connected), and a table lost to the network keeps it."""
    from server.client import Connected, SeatJoined
    from server.protocol import Limits

    url = "ws://127.0.0.1:9"
    seat_file = tmp_path / "net-seat.json"

    def seated(name: str, seat: int, token: str, *, online: bool) -> NetSession:
        """A session (its client never started) told it sits at ``seat`` as ``name``."""
        session = NetSession(NetClient(url), lang="en", seat_file=seat_file)
        names: list[str | None] = ["Ann", None, None, None]
        names[seat] = name
        notes: list[Note] = [SeatJoined("ABC234", seat, token, room_of(names), None)]
        if online:
            notes.insert(0, Connected("test", Limits(4096, 65536, 10.0, 30)))
        for note in notes:
            session.client.state.fold(note)
            session._note(note)
        return session

    bob = seated("Bob", 1, "b" * 22, online=False)
    carl = seated("Carl", 2, "c" * 22, online=True)
    probe = NetSession(NetClient(url), lang="en", seat_file=seat_file)
    assert probe._saved_token("abc234", "bob") == "b" * 22  # case does not matter
    assert probe._saved_token("ABC234", "Carl") == "c" * 22
    assert probe._saved_token("ABC234", "Dan") is None  # another name joins anew
    bob.close()  # Leave with the connection down: the server still holds Bob's seat
    assert probe._saved_token("ABC234", "Bob") == "b" * 22
    carl.close()  # Leave, heard by the server: the seat is given up and forgotten
    assert probe._saved_token("ABC234", "Carl") is None
    assert probe._saved_token("ABC234", "Bob") == "b" * 22
    lost = seated("Bob", 1, "b" * 22, online=True)
    lost._note(ConnectionLost("nobody answers", retrying=False))
    assert lost.lost is not None and lost.lost.text == t("net.lost", "en")
    lost.close()  # the table closes on the lost connection: not a Leave
    assert probe._saved_token("ABC234", "Bob") == "b" * 22
