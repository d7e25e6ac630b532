"""The host leaving a friends' table it runs: the table closes for everyone, so the pause
menu's Leave asks first (it closed the friends' match at one click); a table with only
bots at it, or one hosted elsewhere, is left at once as before."""

from __future__ import annotations

import time

import pytest
from test_net_game import LIMIT_S, QUICK_HOST, frames, net_app, poll_until

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import HostSpec, NetLobbyScene
from game.net.session import NetSession
from game.scenes.pause import PauseScene
from game.table.scene import TableScene
from server.client import ConnectionLost, NetClient, Note, RoomGone, RoomUpdated
from server.words import close_text


def _host(app: App, settle_seconds: float = 0.0) -> NetSession:
    """A two-hand table this game hosts, from the main menu, once it is joined."""
    nav = Navigator(app)
    nav.main_menu()
    spec = HostSpec(name="Ann", hands=2, settle_seconds=settle_seconds, **QUICK_HOST)
    session = nav.host_table(spec).session
    frames(app, lambda: session.joined)
    return session


def _friend(app: App, session: NetSession) -> NetClient:
    """Bob, sat at the hosted table (the caller closes him)."""
    assert session.hosted is not None and session.hosted.url is not None
    friend = NetClient(session.hosted.url).start()
    friend.join("Bob", code=session.code)
    poll_until(friend, lambda: friend.state.seat is not None)
    frames(app, lambda: "Bob" in session.names())
    return friend


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_host_is_asked_before_leaving_closes_the_table_for_a_friend(
    lang: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with net_app(lang=lang) as app:
        nav = Navigator(app)
        session = _host(app)
        friend = _friend(app, session)
        try:
            session.client.start_match()
            frames(app, lambda: isinstance(app.stack.top, TableScene), also=friend.poll)
            table = app.stack.top
            assert isinstance(table, TableScene) and table.hosts_others
            nav.pause(table)
            pause = app.stack.top
            assert isinstance(pause, PauseScene)
            pause.leave()
            assert pause.confirming and pause.asking == "host"  # asked, not left
            assert app.stack.top is pause and not session.closed
            pause.cancel_leave()  # "Keep playing"
            assert not pause.confirming and app.stack.top is pause
            pause.leave()
            yes = next(c for c in pause.controls if getattr(c, "name", "") == "yes")
            assert yes.label == t("pause.host.yes", lang)
            pause.confirm_leave()
            assert session.closed and not any(isinstance(s, TableScene) for s in app.stack.scenes)
            heard = poll_until(friend, hear=(RoomGone, ConnectionLost))
            assert any(isinstance(m, RoomGone | ConnectionLost) for m in heard)
        finally:
            friend.close()


def test_a_hosted_table_with_only_bots_at_it_is_left_at_once(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with net_app() as app:
        nav = Navigator(app)
        session = _host(app)
        session.client.start_match()
        frames(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene) and not table.hosts_others
        nav.pause(table)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        pause.leave()
        assert not pause.confirming and session.closed


def test_main_menu_at_the_hosts_settlement_asks_too(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.scenes.confirm import ConfirmScene
    from game.scenes.settlement import SettlementScene

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with net_app() as app:
        session = _host(app, settle_seconds=30.0)
        friend = _friend(app, session)
        try:
            friend.set_auto(True)  # the server's bot plays Bob's seat for him
            session.client.start_match()
            frames(app, lambda: isinstance(app.stack.top, SettlementScene), also=friend.poll)
            settlement = app.stack.top
            assert isinstance(settlement, SettlementScene)
            assert settlement.exits.on_menu is not None
            settlement.exits.on_menu()
            ask = app.stack.top
            assert isinstance(ask, ConfirmScene) and not session.closed
            ask.answer("keep")
            assert app.stack.top is settlement and not session.closed
            settlement.exits.on_menu()
            ask = app.stack.top
            assert isinstance(ask, ConfirmScene)
            ask.answer("go")
            assert session.closed and not any(isinstance(s, TableScene) for s in app.stack.scenes)
        finally:
            friend.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_friend_reads_that_the_host_left_when_the_host_leaves(
    lang: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game hosts; Bob's game sits at the table; the host leaves the lobby. Bob's game
    says the host left and the table closed — it said "The server closed the table", as if
    a server had failed: leaving stopped the server in the host's game, which closed every
    table it held as a shutdown. Nothing before that tells Bob he is the host now (the
    host's Leave reached the server first, and the role passed to him)."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    with net_app(lang=lang) as app:
        session = _host(app)
        assert session.hosted is not None and session.hosted.url is not None
        friend = NetSession(NetClient(session.hosted.url).start(), lang=lang)
        heard: list[object] = []
        polled = friend.client.poll

        def recorded(limit: int | None = None) -> list[Note]:
            notes = polled(limit)
            heard.extend(notes)
            return notes

        monkeypatch.setattr(friend.client, "poll", recorded)
        try:
            friend.join("Bob", code=session.code)
            frames(app, lambda: "Bob" in session.names(), also=friend.pump)
            lobby = app.stack.top
            assert isinstance(lobby, NetLobbyScene) and lobby.session is session
            heard.clear()
            lobby.close()  # ‹ Leave: asked first, a friend sits at the table
            assert lobby.confirming and not session.closed
            lobby.leave_now()  # Close it and leave: the host's game stops its server
            assert session.closed
            deadline = time.monotonic() + LIMIT_S
            while friend.lost is None:
                assert time.monotonic() < deadline, "hang"
                friend.pump()
                time.sleep(0.005)
            assert [n.reason for n in heard if isinstance(n, RoomGone)] == ["host_left"], heard
            assert friend.lost.text == close_text("host_left", lang)
            assert friend.lost.text != close_text("shutdown", lang)
            made_host = [n for n in heard if isinstance(n, RoomUpdated) and n.room.host == 1]
            assert not made_host, "Bob was made the host of a table that was closing"
        finally:
            friend.close()
