"""The game's networked tables, headless: a real game (App, Navigator, the table scene) against
a real server on 127.0.0.1 at an ephemeral port — hosting from the game, joining a table by
its room code, the hand played through to its settlement with bots in the other seats, and
what happens when a seat leaves, the server goes away, or the address or code is wrong."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import cast

import pygame
import pytest
from test_game_support import record_cache, running_app, table_of

from engine.round import ActionKind, Round
from engine.rules import get_preset
from game.app import App, Settings
from game.i18n import t
from game.nav import Navigator
from game.net.driver import NetDriver
from game.net.overlay import NetTableOverlay
from game.net.scenes import HostSpec, JoinScene, NetLobbyScene
from game.net.session import NetSession, parse_address
from game.scenes.menu import MainMenuScene
from game.scenes.settlement import SettlementScene
from game.storage import JsonStore
from game.table.scene import TableScene
from game.ui.text import render_text
from server.client import (
    ConnectionLost,
    NetClient,
    Reconnected,
    RoomInfo,
    RoomUpdated,
    SeatJoined,
    TableUpdate,
    read_seat_replay,
)
from server.host import HostedServer
from server.protocol import ErrorCode, SeatStateData
from server.scripted import QUICK_ROOM
from server.words import close_text, error_text

DT = 1 / 60
LIMIT_S = 90.0  # a hang guard, not a time assertion
QUICK_HOST = {"host": "127.0.0.1", "port": 0, "announce": False, "bot_delay": 0.0}
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def save_shot(surface: pygame.Surface, name: str) -> None:
    """Keep a screenshot for a person to look at (screenshots/, not compared)."""
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(surface, str(SHOTS / name))


@contextmanager
def net_app(size: tuple[int, int] = (1280, 800), lang: str = "en") -> Iterator[App]:
    """An app at instant speed (English by default); every table session it opened closed
    after."""
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)
    try:
        yield app
    finally:
        for scene in app.stack.scenes:
            session = getattr(scene, "session", None)
            if isinstance(session, NetSession):
                session.close()
        app.close()


def net_app_asked(
    request: pytest.FixtureRequest, size: tuple[int, int] = (1024, 640), lang: str = "en"
) -> AbstractContextManager[App]:
    """:func:`net_app` for a fixture parametrized indirectly with ``(lang, size)``; without
    a parameter, ``lang`` and ``size``. (The data folder is the test's own: conftest.)"""
    lang, size = getattr(request, "param", (lang, size))
    return net_app(size, lang)


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request, (1280, 800)) as app:
        yield app


def frames(
    app: App, done: Callable[[], bool], *, play: bool = True, also: Callable[[], object] = list
) -> None:
    """Step the game until ``done``; with ``play`` the human answers every question with
    its first discard (else its first legal action) — whatever the table offers, through the
    table; ``also`` runs each frame (the other clients' polls)."""
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "hang"
        app.step(DT)
        also()
        top = app.stack.top
        if play and isinstance(top, TableScene) and not top.animating:
            legal = top.driver.human_legal()
            if legal:
                discard = [a for a in legal if a.kind is ActionKind.DISCARD]
                top.submit((discard or legal)[0])
        time.sleep(0.001)


def poll_until(
    client: NetClient, done: Callable[[], bool] = lambda: False, *, hear: tuple[type, ...] = ()
) -> list[object]:
    """Poll ``client`` until ``done()``, or until it delivered one of the kinds in ``hear``;
    what it delivered meanwhile, in order."""
    deadline = time.monotonic() + LIMIT_S
    heard: list[object] = []
    while not done() and not any(isinstance(m, hear) for m in heard):
        assert time.monotonic() < deadline, "hang"
        heard.extend(client.poll())
        time.sleep(0.005)
    return heard


def test_host_a_table_and_play_the_match_to_its_end(app: App) -> None:
    import socket

    nav = Navigator(app)
    nav.main_menu()
    with socket.socket() as taken:  # the port the table wants is in use: it takes another
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        wanted = taken.getsockname()[1]
        spec = HostSpec(name="小明", hands=1, settle_seconds=0.0, **{**QUICK_HOST, "port": wanted})
        lobby = nav.host_table(spec)
        session = lobby.session
        assert app.stack.top is lobby and not session.joined  # at once: "connecting"
        frames(app, lambda: session.joined)
    assert session.hosted is not None and session.hosted.port not in (None, wanted)
    room = session.room
    assert room is not None and session.is_host and session.seat == 0
    assert (room.name, room.owner) == ("", "小明")  # each player's game words it
    assert any(text == "小明's table" for text, _, _ in lobby.lines())
    assert [s.human for s in room.seats] == [True, False, False, False]  # bots until friends
    assert any(session.code in text for text, _, _ in lobby.lines())
    assert session.addresses()  # where friends reach it
    session.client.start_match()
    settled: list[tuple[int, list[int]]] = []

    def over() -> bool:
        top = app.stack.top
        if isinstance(top, SettlementScene):
            assert isinstance(top.ctl, NetDriver)
            settled.append((top.hand_no, list(top.hand_totals)))
            top.exits.on_next()
        return session.match_over is not None and app.stack.top is lobby

    frames(app, over)
    first_match = list(settled)
    assert [h for h, _ in first_match] == [1]
    # the lobby shows the finished match's points beside the seats that played it
    east = next(text for text, _, _ in lobby.lines() if "  East  小明" in text)
    assert east.endswith(("pts", "pt")), east
    session.client.start_match()  # Play again: a new match at the same table
    settled.clear()
    frames(app, lambda: isinstance(app.stack.top, TableScene))
    frames(app, over)
    server_hands = session.client.state.settlements
    assert [h for h, _ in settled] == [1]
    # the settlement shown is the server's, hand by hand
    assert [totals for _, totals in settled] == [list(s.totals) for s in server_hands]
    assert session.match_over is not None
    assert session.match_over.points == server_hands[-1].points
    # each hand kept as this seat saw it: each match's hand 1, named by its match (Play
    # again's wrote over the first match's), the newest last
    folder = session.replay_dir
    kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns) if folder else []
    assert len({p.name for p in kept}) == 2
    assert all(re.fullmatch(rf"{session.code}-[0-9-]+-hand01(-2)?\.json", p.name) for p in kept)
    doc, _, events, settlement = read_seat_replay(kept[-1].read_bytes())
    assert doc.seat == 0 and settlement == server_hands[0]
    assert events == session.client.state.hand_events[1]
    lobby.close()
    assert session.closed and app.stack.top is not lobby


def test_join_by_room_code_play_a_hand_and_leave_mid_hand(app: App, hosted: HostedServer) -> None:
    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=2, **{**QUICK_ROOM, "settle_seconds": 30.0})
        poll_until(host, lambda: host.state.code is not None)
        code = host.state.code
        nav = Navigator(app)
        nav.main_menu()
        address = hosted.url.removeprefix("ws://")
        url = parse_address(address)
        assert url == hosted.url
        lobby = nav.join_table(url, "Bob", code=code.lower())  # case does not matter
        session = lobby.session
        frames(app, lambda: session.joined)
        assert session.seat == 1 and not session.is_host
        host.set_auto(True)  # the host's seat plays itself: this test watches the guest
        host.start_match()
        table: list[TableScene] = []

        def at_settlement() -> bool:
            host.poll()
            top = app.stack.top
            if isinstance(top, TableScene):
                table[:1] = [top]
            return isinstance(top, SettlementScene)

        frames(app, at_settlement)
        scene = table[0]
        driver = scene.driver
        assert isinstance(driver, NetDriver) and driver.seating.human == 1
        assert scene.overlay(NetTableOverlay) is not None
        assert driver.human_items() == [] and scene.model.seat_name(0) == "Ann"  # no items
        # the other hands never reached this client: at the end they stay face down
        assert set(scene.model.end_hands) <= {1}
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        assert settlement.name(0) == "Ann"
        frames(app, lambda: bool(host.poll()) or bool(host.state.settlements), play=False)
        first = host.state.settlements[0]
        assert list(settlement.hand_totals) == list(first.totals)  # every client the same
        settlement.exits.on_next()  # ready: the next hand starts once the host is ready too
        host.ready()

        def second_hand() -> bool:
            host.poll()
            top = app.stack.top
            return isinstance(top, TableScene) and top.driver.hand_no == 2

        frames(app, second_hand)
        second = app.stack.top
        assert isinstance(second, TableScene)
        # leaving mid-hand gives the seat up: the server's bot plays it on for the others
        second.leave()
        assert session.closed
        assert isinstance(app.stack.top, MainMenuScene)
        deadline = time.monotonic() + LIMIT_S
        while not host.state.settlements or host.state.settlements[-1].hand < 2:
            assert time.monotonic() < deadline, "the host's hand stopped"
            host.poll()
            time.sleep(0.005)
        room = host.state.room
        assert room is not None and not room.seats[1].human
    finally:
        host.close()


def test_a_table_the_server_closes_goes_back_to_the_menu_with_a_notice(
    app: App, hosted: HostedServer
) -> None:
    assert hosted.url is not None
    nav = Navigator(app)
    menu = nav.main_menu()
    # the game hosts on the hosted server's port through its own client: join by code
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=4, **{**QUICK_ROOM, "bot_delay": 0.05})
        poll_until(host, lambda: host.state.code is not None)
        lobby = nav.join_table(hosted.url, "Bob", code=host.state.code)
        frames(app, lambda: lobby.session.joined)
        host.start_match()
        frames(app, lambda: isinstance(app.stack.top, TableScene))
        hosted.stop()  # the server shuts down mid-hand
        frames(app, lambda: app.stack.top is menu, play=False)
        assert lobby.session.closed
        assert menu.toast is not None and menu.toast[0] == close_text("shutdown", "en")
    finally:
        host.close()


def test_refused_and_wrong_code_say_why_on_the_menu(app: App, hosted: HostedServer) -> None:
    assert hosted.url is not None
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)  # no multicast in this test
    app.stack.push(join)
    nav.join_table(hosted.url, "Bob", code="NOSUCH")
    frames(app, lambda: app.stack.top is join, play=False)
    assert join.toast is not None and join.toast[0] == error_text(ErrorCode.UNKNOWN_ROOM, "en")
    # nothing listens there: the client does not retry without a seat
    nav.join_table(f"ws://127.0.0.1:{free_port()}", "Bob", code="ABCDEF")
    frames(app, lambda: app.stack.top is join, play=False)
    assert join.toast is not None and join.toast[0] == t("net.refused", "en")
    # the next try under way, that one is not news: it does not come back when the player
    # leaves the table joined since
    lobby = nav.join_table(f"ws://127.0.0.1:{free_port()}", "Bob", code="ABCDEF")
    assert app.stack.top is lobby and join.toast is None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("192.168.1.20:8765", "ws://192.168.1.20:8765"),
        ("mahjong.example.org", "ws://mahjong.example.org:8765"),
        ("wss://mahjong.example.org:443/", "wss://mahjong.example.org:443"),
        (" 10.0.0.5:9000 ", "ws://10.0.0.5:9000"),
        ("[::1]:8765", "ws://[::1]:8765"),
        ("host:0", None),
        ("host:99999", None),
        ("host:port", None),
        ("a b:1", None),
        ("http://x/y", None),
        ("::1:8765", None),
        ("", None),
    ],
)
def test_typed_addresses(typed: str, url: str | None) -> None:
    assert parse_address(typed) == url


def test_a_dropped_connection_comes_back_to_the_same_table(app: App, hosted: HostedServer) -> None:
    assert hosted.url is not None and hosted.server is not None
    nav = Navigator(app)
    nav.main_menu()
    client = NetClient(hosted.url).start()
    session = NetSession(client, lang="en")
    client.create_room("Bob", hands=1, **{**QUICK_ROOM, "bot_delay": 0.02, "grace_seconds": 5.0})
    nav._lobby(session)  # the lobby the Join screen would open
    frames(app, lambda: session.joined)
    client.start_match()
    frames(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene)
    seen: list[object] = []
    original = session._note

    def note(n: object) -> None:
        seen.append(n)
        original(n)  # type: ignore[arg-type]

    session._note = note  # type: ignore[method-assign]
    room = hosted.server.rooms[session.code or ""]
    loop = hosted._loop
    assert loop is not None
    loop.call_soon_threadsafe(room.members[0].link.ws.transport.abort)  # the network drops
    frames(app, lambda: any(isinstance(n, Reconnected) for n in seen))
    assert any(isinstance(n, ConnectionLost) and n.retrying for n in seen)
    assert session.lost is None  # the table stays open: same table, same seat
    assert app.stack.top is table or isinstance(app.stack.top, SettlementScene)

    def settled() -> bool:
        top = app.stack.top
        return isinstance(top, SettlementScene)

    frames(app, settled)
    driver = table.driver
    assert isinstance(driver, NetDriver)
    # the table on screen is the server's: every event of the hand, in order, once
    assert [e.index for e in driver.events] == list(range(len(driver.events)))
    assert driver.events == client.state.hand_events[1]
    assert driver.settled == client.state.settlements[0]


def test_text_fields_take_typed_characters() -> None:
    import pygame

    from game.input import InputEvent, InputKind, translate
    from game.net.widgets import TextField

    typed = translate(pygame.event.Event(pygame.TEXTINPUT, text="麻将"))
    assert typed == InputEvent(InputKind.TEXT, text="麻将")
    field = TextField(pygame.Rect(0, 0, 200, 40), limit=6, allowed=str.isalnum)
    assert not field.handle(InputEvent(InputKind.TEXT, text="x"))  # not focused yet
    assert field.handle(InputEvent(InputKind.MOUSE_DOWN, pos=(10, 10), button=1))
    for text in ("ab", "-c", "d3456789"):
        field.handle(InputEvent(InputKind.TEXT, text=text))
    assert field.value == "abcd34"  # filtered, capped
    from game.input import Command

    # keys reach the focused control through command(), as with the menus' other controls
    assert field.command(Command.BACK)
    assert field.command(Command.WIN)  # "h" is typed, not 胡
    assert field.value == "abcd3"
    field.focused = False  # the screen moved its focus elsewhere (a click, Tab)
    assert not field.editing
    assert not field.handle(InputEvent(InputKind.TEXT, text="x"))


def test_join_checks_what_was_typed_before_connecting(app: App) -> None:
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    join.address_field.value = "  "  # nothing typed: asked for, not called wrong
    join.code_field.value = "ABC234"
    join.join_typed()
    assert app.stack.top is join and join.toast is not None
    assert join.toast[0] == t("net.no_address", "en")
    assert join.toast_bottom() < join.note_top()  # told above the note at the foot
    join.address_field.value = "not an address"
    join.code_field.value = "ABC234"
    join.join_typed()
    assert app.stack.top is join and join.toast is not None
    assert join.toast[0] == t("net.bad_address", "en")
    join.address_field.value = "127.0.0.1:1"
    join.code_field.value = "AB"
    join.join_typed()
    assert app.stack.top is join and join.toast[0] == t("net.bad_code", "en")


def test_a_question_asked_again_after_a_drop_can_be_answered() -> None:
    """An answer sent just before the connection dropped may never have reached the server:
    the full update after resuming asks the same question again, and it must be answerable
    (else the seat stalls where no turn timer runs)."""
    from engine.round import Round
    from engine.rules import get_preset
    from server.client import TableState, TableUpdate

    rnd = Round.new(get_preset("standard"), 3, 0)
    view = rnd.view(0)
    legal = tuple(rnd.legal_actions(0))
    state = TableState(answered=7)  # prompt 7 was answered, the answer lost with the drop

    def update(full: bool, prompt: int) -> TableUpdate:
        return TableUpdate(1, full, (), view, legal, prompt, None, False)

    state.fold(update(False, 7))  # an update sent before the answer arrived: not asked
    assert state.prompt is None and state.legal == ()
    state.fold(update(True, 7))  # the table as the server has it after resuming: asked
    assert state.prompt == 7 and state.legal == legal


def test_closing_the_hosts_window_tells_its_friends_at_once(app: App) -> None:
    """The host shuts its window mid-table (no Leave): the app closes its network session on
    the way out, so a friend hears that the host left and the table closed, straight away
    (it used to lose the connection and try to get back in for 20 s)."""
    from server.client import RoomGone

    nav = Navigator(app)
    nav.main_menu()
    lobby = nav.host_table(HostSpec(name="Ann", hands=4, settle_seconds=0.0, **QUICK_HOST))
    session = lobby.session
    frames(app, lambda: session.joined)
    hosted = session.hosted
    assert hosted is not None and hosted.url is not None and session.code is not None
    friend = NetClient(hosted.url).start()
    try:
        friend.join("Bob", code=session.code)
        poll_until(friend, lambda: friend.state.seat is not None)
        app.close()  # the window shut: no pause menu, no Leave
        assert session.closed
        heard = poll_until(friend, hear=(RoomGone, ConnectionLost))
        gone = [m for m in heard if isinstance(m, (RoomGone, ConnectionLost))]
        assert isinstance(gone[0], RoomGone) and gone[0].reason == "host_left", gone
    finally:
        friend.close()


def test_a_friend_whose_game_closed_takes_the_same_seat_back(
    app: App, hosted: HostedServer
) -> None:
    """A friend's game closes mid-match (the window shut, or a crash: no Leave). The seat
    stays theirs — a stand-in plays it — and the restarted game, given the room code again,
    sits back in it (it used to be told the table was full, or to take a bot's seat and
    leave its own to the stand-in)."""
    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=4, **QUICK_ROOM)
        poll_until(host, lambda: host.state.code is not None)
        code = host.state.code
        lobby = Navigator(app).join_table(hosted.url, "Bob", code=code.lower())
        first = lobby.session
        frames(app, lambda: first.joined)
        seat = first.seat
        assert first.seat_file is not None and first.seat_file.exists()
        first.drop()  # the window shut: the connection goes, the seat stays
        again = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1280, 800))
        try:
            second = Navigator(again).join_table(hosted.url, "Bob", code=code).session
            frames(again, lambda: second.joined)
            assert second.seat == seat
            assert second.names().count("Bob") == 1
            second.close()  # Leave: the seat is given up, and forgotten
            assert not first.seat_file.exists()
            # a remembered seat that is gone (here: a made-up token) joins as anyone does
            seat_file = first.seat_file
            JsonStore(seat_file.stem, directory=seat_file.parent, backup=False).save(
                {"url": hosted.url, "code": code, "token": "x" * 22}
            )
            third = Navigator(again).join_table(hosted.url, "Bob", code=code).session
            frames(again, lambda: third.joined or third.lost is not None)
            assert third.lost is None and third.seat is not None
            third.close()
        finally:
            again.close()
    finally:
        host.close()


class _StandInSession:
    """What the network overlay reads of a session (its room code, the connection)."""

    code = "BQ43UJ"
    retrying = False
    lost = None

    def take_problems(self) -> list[object]:
        return []


class _StandInDriver:
    """A networked driver as the overlay sees it: this seat is asked, 15 s on the timer."""

    session = _StandInSession()
    auto = False

    def deadline_left(self, now: float) -> float:
        return 14.2


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("window", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_turn_timer_keeps_its_seconds_by_their_number_inside_its_box(
    lang: str, window: tuple[int, int]
) -> None:
    """The room box of a networked table, over an offline table: the timer's number and its
    unit on one line ("A bot plays for you in 15" / "s" at 1024x640 it was), and every line
    inside the box, which stays left of the top seat's panel."""
    with running_app(window=window, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        overlay = NetTableOverlay(cast(NetDriver, _StandInDriver()))
        table.add_overlay(overlay)
        app.step(DT)
        box, rows = overlay.layout()
        texts = [text for text, _, _, _ in rows]
        timer = t("net.timer", lang, n=15)
        assert timer.replace("\u00a0", " ") in " ".join(texts).replace("\u00a0", " "), texts
        unit = "s" if lang == "en" else "秒"
        assert any(re.search(rf"15\s*{unit}", text) for text in texts), texts
        lay = table.layout
        for text, colour, bold, y in rows:
            width = render_text(text, lay.font_small, colour, bold).get_width()
            assert box.x + lay.px(8) + width <= box.right - lay.px(8), text
            assert box.y < y and y + lay.font_small < box.bottom, text
        panels = table.model.panels
        if len(panels) > 2:
            assert box.right < panels[2].left
        crop = pygame.Rect(0, 0, min(window[0], 720), min(window[1], 280))
        shot = app.screen.subsurface(crop).copy()
        save_shot(shot, f"net_timer_box_{lang}_{window[0]}.png")


def _room(phase: str, hand: int, dealer: int, preset: str = "sanren_liangfang") -> RoomInfo:
    """A room as the server shows it: Ann (seat 0) hosts, bots in the other seats."""
    rules = get_preset(preset)
    seats = tuple(
        SeatStateData(
            seat=s,
            human=s == 0,
            name="Ann" if s == 0 else None,
            bot="normal",
            connected=True,
            auto=False,
            ready=False,
        )
        for s in range(rules.players)
    )
    return RoomInfo(
        code="BQ43UJ",
        name="",
        owner="Ann",
        host=0,
        preset=preset,
        rules=rules,
        hands=4,
        phase=phase,  # type: ignore[arg-type]
        hand=hand,
        dealer=dealer,
        points=(0,) * rules.players,
        seats=seats,
        turn_seconds=15.0,
        grace_seconds=20.0,
        bot_delay=0.0,
        settle_seconds=30.0,
        announce=False,
    )


def test_the_lobby_names_the_seats_winds_as_the_table_does(app: App) -> None:
    """Three players, the first dealer drawn: seat 1 deals hand 1, so the host's seat 0 is
    West on the table — and in the lobby between hands and after the match (it said East).
    Before the first hand nobody knows who deals: the seats are numbered."""
    nav = Navigator(app)
    nav.main_menu()
    client = NetClient("ws://127.0.0.1:9")  # never started: the notes are handed to it
    session = NetSession(client, lang="en")

    def hear(note: SeatJoined | RoomUpdated | TableUpdate) -> None:
        client.state.fold(note)
        session._note(note)

    def seat_labels(session: NetSession) -> list[str]:
        """What the lobby calls each seat, in seat order (after the match the lines are
        ranked, each after its place: "1st  West  Ann (you)")."""
        places = tuple(t(f"end.place.{n}", "en") + "  " for n in (1, 2, 3, 4))
        lines = [
            text.removeprefix(next((p for p in places if text.startswith(p)), ""))
            for text, _, _ in NetLobbyScene(nav.ctx, session).lines()
        ]
        return [
            text.split("  ")[0]
            for name in session.names()
            for text in lines
            if "  " in text and text.split("  ")[1].startswith(name)
        ]

    hear(SeatJoined("BQ43UJ", 0, "t" * 22, _room("lobby", 0, 0), None))
    assert seat_labels(session) == ["Seat 1", "Seat 2", "Seat 3"]
    view = Round.new(get_preset("sanren_liangfang"), 7, 1).view(0)  # seat 1 deals
    assert view.dealer == 1
    hear(TableUpdate(1, True, (), view, (), None, None, False))
    hear(RoomUpdated(_room("playing", 1, 1)))
    # the table's winds count from the dealer (game.table.painter)
    table_winds = [("East", "South", "West")[(s - view.dealer) % 3] for s in range(3)]
    assert table_winds == ["West", "East", "South"]
    assert seat_labels(session) == table_winds
    # the hand is over and the room names the next dealer (seat 2) already: the lobby keeps
    # the winds of the hand just seen, as its table and settlement showed them
    hear(RoomUpdated(_room("between", 1, 2)))
    assert seat_labels(session) == table_winds
    hear(RoomUpdated(_room("over", 1, 2)))
    assert seat_labels(session) == table_winds
    # Play again: a new match, whose first hand seat 2 deals
    hear(RoomUpdated(_room("playing", 1, 2)))
    assert seat_labels(session) == ["South", "West", "East"]
    # the four-seat rules make seat 0 the first dealer: the lobby says so before the match
    nav.ctx.settings.lang = "zh"
    other = NetSession(NetClient("ws://127.0.0.1:9"), lang="zh")
    other.client.state.fold(
        SeatJoined("ABC234", 0, "t" * 22, _room("lobby", 0, 0, "standard"), None)
    )
    assert seat_labels(other) == ["东", "南", "西", "北"]


def test_a_hosted_three_player_table_and_its_lobby_agree_on_the_winds(app: App) -> None:
    """Hosted from the game with a drawn first dealer: before the match the lobby numbers
    the seats; once the hand was played it names each seat's wind as that hand's table did
    (it said East for the host, and the table West)."""
    nav = Navigator(app)
    nav.main_menu()
    spec = HostSpec(
        name="Ann", preset="sanren_liangfang", hands=1, settle_seconds=0.0, **QUICK_HOST
    )
    lobby = nav.host_table(spec)
    session = lobby.session
    frames(app, lambda: session.joined)
    mine = next(text for text, _, _ in lobby.lines() if "Ann (you)" in text)
    assert mine.startswith("Seat 1  Ann"), mine
    save_shot(app.screen, "net_lobby_before_en.png")
    session.client.start_match()
    dealers: list[int] = []

    def over() -> bool:
        top = app.stack.top
        if isinstance(top, TableScene):
            dealers[:1] = [top.model.view.dealer]
        if isinstance(top, SettlementScene):
            top.exits.on_next()
        return session.match_over is not None and app.stack.top is lobby

    frames(app, over)
    app.step(DT)
    wind = ("East", "South", "West")[(0 - dealers[0]) % 3]
    mine = next(text for text, _, _ in lobby.lines() if "Ann (you)" in text)
    assert f"  {wind}  Ann" in mine, (mine, dealers)  # after its place in the standings
    save_shot(app.screen, "net_lobby_over_en.png")


def test_a_networked_hand_nobody_won_shows_its_settlement(
    app: App, hosted: HostedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A networked hand that ends with no winner (the wall ran out, everyone still in):
    the settlement asked the hand for its result, which the networked hand did not have, and
    the game crashed; it now says nobody won, as the offline table does."""
    import dataclasses

    from engine.round import EndReason

    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=2, **{**QUICK_ROOM, "settle_seconds": 30.0})
        poll_until(host, lambda: host.state.code is not None)
        nav = Navigator(app)
        nav.main_menu()
        session = nav.join_table(hosted.url, "Bob", code=host.state.code).session
        frames(app, lambda: session.joined)
        host.set_auto(True)
        host.start_match()
        tables: list[TableScene] = []

        def at_settlement() -> bool:
            host.poll()
            top = app.stack.top
            if isinstance(top, TableScene):
                tables[:1] = [top]
            return isinstance(top, SettlementScene)

        frames(app, at_settlement)
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        driver = tables[0].driver
        assert isinstance(driver, NetDriver) and driver.settled is not None
        driver.settled = dataclasses.replace(
            driver.settled, wins=(), drawn=True, reason=EndReason.WALL_EMPTY
        )
        settlement._body = None  # laid out again from the hand as it now ends
        for _ in range(5):
            app.step(DT)
        drawn = record_cache(monkeypatch, settlement.text)
        settlement._body = None
        settlement._laid_out()
        assert t("settle.no_winner", "en") in drawn and app.stack.top is settlement
    finally:
        host.close()
