"""Host a table on a dedicated server (python -m server) from the game: the Host screen asks
where the table runs — on this computer, as before, or on a server at the address typed —
and opens the room there with the same create_room the game's own server gets. Before, "Host
a table" always started a server inside the game, and nobody could get a room code on a
dedicated server but a program using server.client, though the README, the Host screen's
note and the server's start-up words sent players there.

Everything talks to 127.0.0.1 on ephemeral ports; every wait is bounded by a frame count
(a hang guard: no time is asserted)."""

from __future__ import annotations

import http.server
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from test_game_support import DT
from test_net_game import net_app_asked
from test_net_keyboard import key, type_text

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import HostScene, NetLobbyScene
from game.net.session import NetSession
from server.__main__ import START_TEXT
from server.client import NetClient
from server.host import HostedServer
from server.protocol import ErrorCode
from server.scripted import quick_config
from server.words import error_text

FRAMES = 4000  # a hang guard: each frame sleeps a little, so this is a few tens of seconds


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


@pytest.fixture
def server() -> Iterator[HostedServer]:
    """A dedicated server on this computer (the one python -m server runs), 127.0.0.1 only."""
    hosted = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    hosted.start()
    assert hosted.wait_ready(30) and hosted.port, hosted.error
    try:
        yield hosted
    finally:
        hosted.stop()


def until(app: App, done: Callable[[], bool]) -> None:
    for _ in range(FRAMES):
        if done():
            return
        app.step(DT)
        time.sleep(0.005)
    raise AssertionError("not reached")


def poll(client: NetClient, done: Callable[[], bool]) -> None:
    for _ in range(FRAMES):
        client.poll()
        if done():
            return
        time.sleep(0.005)
    raise AssertionError("not reached")


def host_screen(app: App) -> HostScene:
    nav = Navigator(app)
    nav.main_menu()
    host = HostScene(nav.ctx)
    app.stack.push(host)
    app.step(DT)
    return host


def on_a_server(app: App, host: HostScene, address: str) -> None:
    """Choose "On a server" and type ``address``, by keyboard (the focus starts on Open)."""
    assert host.focused_name() == "go"
    key(app, pygame.K_TAB, shift=True)
    key(app, pygame.K_TAB, shift=True)
    assert host.focused_name() == "where"
    key(app, pygame.K_RIGHT)
    assert host.on_server and host.focused_name() == "where"
    names = [getattr(c, "name", "") for c in host.controls]
    assert "server" in names and "announce" not in names  # the address takes its row
    key(app, pygame.K_TAB)
    assert host.focused_name() == "server"
    type_text(app, address)


class _Foreign(http.server.BaseHTTPRequestHandler):
    """A web server's answer to anything (501): not a mahjong server. A connection that
    sends nothing is dropped after a few seconds rather than read from for ever."""

    timeout = 5


def told(host: HostScene) -> str | None:
    return None if host.toast is None else host.toast[0]


@pytest.mark.parametrize("app", [("en", (1024, 640)), ("zh", (1920, 1080))], indirect=True)
def test_the_host_opens_a_table_on_a_dedicated_server(app: App, server: HostedServer) -> None:
    lang = app.settings.lang
    host = host_screen(app)
    type_name = "Ann"
    host.focus_named("name")
    type_text(app, type_name)
    host.focus_named("go")
    on_a_server(app, host, f"127.0.0.1:{server.port}")
    key(app, pygame.K_RETURN)  # Enter after the address opens the table
    lobby = app.stack.top
    assert isinstance(lobby, NetLobbyScene)
    session = lobby.session
    until(app, lambda: session.joined)
    assert session.hosted is None  # no server was started in the game
    assert server.server is not None and list(server.server.rooms) == [session.code]
    room, seat = session.room, session.seat
    assert room is not None and seat is not None and session.is_host
    assert room.seats[seat].name == type_name
    said = [text for text, _, _ in lobby.lines()]
    code = session.code
    assert code and t("net.room_code", lang, code=code) in said
    # the address to give friends: this computer's, for a server on it typed as 127.0.0.1
    addresses = [x for x in said if x.startswith(t("net.address_is", lang, address=""))]
    assert addresses and all(x.endswith(f":{server.port}") for x in addresses)
    assert t("net.wait_start_host_server", lang) in said
    assert t("net.server_leave", lang) in said  # leaving does not close it: said
    # a friend joins with the address and the room code
    friend = NetClient(f"ws://127.0.0.1:{server.port}", reconnect=False).start()
    try:
        friend.join("Bob", code=code.lower())
        poll(friend, lambda: friend.state.seat is not None)
        until(app, lambda: sum(s.human for s in (session.room or room).seats) == 2)
        # the host leaves: not asked (the table is not theirs to close), and the table plays
        # on by the server's rules: the friend is its host now, the host's seat a bot's
        assert not lobby.hosts_others
        lobby.close()
        app.step(DT)
        assert app.stack.top is host and told(host) is None
        friend_seat = friend.state.seat

        def friend_hosts() -> bool:
            r = friend.state.room
            return r is not None and r.host == friend_seat and not r.seats[0].human

        poll(friend, friend_hosts)
        assert list(server.server.rooms) == [code]  # still open
    finally:
        friend.close()
    # what was typed stays for the next try
    assert host.on_server and host.server_value == f"127.0.0.1:{server.port}"


@pytest.mark.parametrize("app", [("en", (1024, 640)), ("zh", (1024, 640))], indirect=True)
def test_every_failure_is_said_on_the_host_screen(app: App) -> None:
    lang = app.settings.lang
    host = host_screen(app)
    on_a_server(app, host, "")
    names = [getattr(c, "name", "") for c in host.controls]
    # nothing typed, or not an address: said, nothing opened, the focus on the address
    for typed, why in (("", "net.host_no_address"), ("not an address", "net.bad_address")):
        field = host.server_field
        assert field is not None
        field.value = typed
        host.focus_named("go")
        key(app, pygame.K_RETURN)
        assert app.stack.top is host and told(host) == t(why, lang)
        assert host.focused_name() == "server"
    assert [getattr(c, "name", "") for c in host.controls] == names

    def opened_and_back(address: str) -> str | None:
        host.toast = None
        assert host.server_field is not None
        host.server_field.value = address
        host.host()
        assert isinstance(app.stack.top, NetLobbyScene)
        until(app, lambda: app.stack.top is host)
        return told(host)

    # nobody answers: a port nothing listens on
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    assert opened_and_back(f"127.0.0.1:{free}") == t("net.refused", lang)
    # something that is not a mahjong server answers
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Foreign)
    web.daemon_threads = True  # closing it never waits on a connection the game left open
    thread = threading.Thread(target=web.serve_forever, daemon=True)
    thread.start()
    try:
        assert opened_and_back(f"127.0.0.1:{web.server_address[1]}") == t("net.foreign", lang)
    finally:
        web.shutdown()
        web.server_close()
    # a server with no room for another table
    full = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config(max_rooms=0))
    full.start()
    try:
        assert full.wait_ready(30) and full.port
        said = opened_and_back(f"127.0.0.1:{full.port}")
        assert said == error_text(ErrorCode.SERVER_FULL, lang)
        assert full.server is not None and not full.server.rooms
    finally:
        full.stop()
    for scene in app.stack.scenes:  # every lobby closed its session on the way back
        assert not isinstance(getattr(scene, "session", None), NetSession)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_words_send_players_to_host_on_a_server(lang: str) -> None:
    """The Host screen's note, the server's start-up words: the way they point exists."""
    where = t("net.where.server", lang)
    assert where in t("net.host_note", lang)
    assert "--server" in t("net.host_note", lang)
    how = START_TEXT["how"][0 if lang == "zh" else 1]
    assert t("net.host", lang) in how and where in how and t("net.join", lang) in how
    leave = t("net.host_note_server", lang)
    # the server's rules for a host who leaves (server/room.py): the table plays on
    assert ("plays on" in leave and "host" in leave) if lang == "en" else "照常进行" in leave
