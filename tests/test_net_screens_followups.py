"""Follow-ups on the friends' table's screens: the pause menu says the table plays on, the
Join screen's list gives a player their own seat back and says when it has found nothing, an
empty room code is asked for, and the host hears that the table could not be announced.
Servers on 127.0.0.1 at an ephemeral port, bounded, no time limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from test_net_game import DT, QUICK_HOST, frames, net_app, poll_until

import game.scenes.pause as pause_module
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import LAN_QUIET_S, HostSpec, JoinScene, NetLobbyScene
from game.net.session import NetSession
from game.scenes.pause import PauseScene
from game.table.scene import TableScene
from server.client import NetClient
from server.discovery import Announcer, FoundTable
from server.host import HostedServer
from server.protocol import VERSION
from server.scripted import QUICK_ROOM


def _shown_by(monkeypatch: pytest.MonkeyPatch, module: Any, *names: str) -> Callable[[], list[str]]:
    """Record the text each of ``module``'s drawing functions ``names`` is given."""
    shown: list[str] = []
    for name in names:
        real = getattr(module, name)

        def spy(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            text = args[1] if isinstance(args[0], pygame.Surface) else args[0]
            shown.append(text)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, spy)
    return lambda: shown


# --- 1. the pause menu at a friends' table ------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_pause_menu_at_a_friends_table_says_the_table_plays_on(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "Paused" and "Esc resumes" while the server played on and the turn timer ran
    (the server plays the turn when it runs out). It says the table does not pause, and the
    menu still works: Settings, and Esc back to the table."""
    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        session = nav.host_table(HostSpec(name="Ann", hands=1, **QUICK_HOST)).session  # type: ignore[arg-type]
        frames(app, lambda: session.joined, play=False)
        session.client.start_match()
        frames(app, lambda: isinstance(app.stack.top, TableScene), play=False)
        table = app.stack.top
        assert isinstance(table, TableScene)
        nav.pause(table)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        shown = _shown_by(monkeypatch, pause_module, "outlined_text", "blit_text", "blit_paragraph")
        pause.draw(app.screen)
        assert t("net.pause.title", lang) in shown()
        assert t("net.pause.hint", lang) in shown()
        assert t("pause.title", lang) not in shown() and t("pause.hint", lang) not in shown()
        resume = next(c for c in pause.controls if getattr(c, "name", "") == "resume")
        assert resume.label == t("net.pause.resume", lang)
        pause.choose("settings")  # the menu is usable
        assert app.stack.top is not pause
        app.stack.top.close()
        assert app.stack.top is pause
        pause.close()  # Esc: back to the table
        assert app.stack.top is table


def test_the_offline_pause_menu_still_says_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    from test_game_support import running_app, table_of

    with running_app(seed=8, lang="en") as app:
        table = table_of(app)
        assert table is not None and not table.plays_on
        table.nav.pause(table)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        shown = _shown_by(monkeypatch, pause_module, "outlined_text")
        pause.draw(app.screen)
        assert shown() == [t("pause.title", "en")]


# --- 3. a table of the list full only because it holds the player's seat ------------------


class _Browser:
    """What the Join screen reads of the local network's browser: these tables."""

    def __init__(self, tables: list[FoundTable]) -> None:
        self.found = tables

    def tables(self) -> list[FoundTable]:
        return list(self.found)

    def close(self) -> None:
        pass


def _found(hosted: HostedServer, ticket: str, free: int) -> FoundTable:
    assert hosted.port is not None
    return FoundTable(
        service="mahjong-test._sichuan-mahjong._tcp.local.",
        name="",
        owner="Ann",
        address="127.0.0.1",
        port=hosted.port,
        ticket=ticket,
        free=free,
        preset="standard",
        hands=2,
        phase="playing",
        version=VERSION,
    )


def test_a_full_table_holding_the_players_seat_takes_them_back(hosted: HostedServer) -> None:
    """Zoë joined Ann's table from the list; her game closed (the seat stays hers, a bot
    plays it); two more friends filled the table. Back in the game the list showed the table
    "full", its button disabled: no way back in from the list. Now it reads "your seat", and
    picking it gives her the seat back."""
    assert hosted.url is not None and hosted.server is not None
    host = NetClient(hosted.url).start()
    friends: list[NetClient] = []
    try:
        host.create_room("Ann", hands=2, **{**QUICK_ROOM, "announce": True})  # type: ignore[arg-type]
        poll_until(host, lambda: host.state.code is not None)
        code = host.state.code
        assert code is not None
        room = hosted.server.rooms[code]
        ticket = room.ticket
        assert ticket is not None
        with net_app(size=(1024, 640)) as app:  # the first game: joins from the list
            nav = Navigator(app)
            nav.main_menu()
            join = JoinScene(nav.ctx, browse=False)
            join.browser = _Browser([_found(hosted, ticket, 3)])  # type: ignore[assignment]
            app.stack.push(join)
            frames(app, lambda: bool(join._shown), play=False)
            join.name_field.value = "Zoë"
            join.join_found(join._shown[0])
            lobby = app.stack.top
            assert isinstance(lobby, NetLobbyScene)
            frames(app, lambda: lobby.session.joined, play=False)
            seat = lobby.session.seat
            lobby.session.drop()  # the window shut: the seat stays hers
        for name in ("Bob", "Cai"):  # the table fills up
            friend = NetClient(hosted.url).start()
            friends.append(friend)
            friend.join(name, code=code)
            poll_until(friend, lambda f=friend: f.state.seat is not None)  # type: ignore[misc]
        assert room.seats_free == 0
        with net_app(size=(1024, 640)) as app:  # the game again, nothing typed yet
            nav = Navigator(app)
            nav.main_menu()
            join = JoinScene(nav.ctx, browse=False)
            join.browser = _Browser([_found(hosted, ticket, 0)])  # type: ignore[assignment]
            app.stack.push(join)
            frames(app, lambda: bool(join._shown), play=False)
            button = next(c for c in join.controls if getattr(c, "name", "") == "found0")
            assert button.enabled
            assert t("net.your_seat", "en") in button.label
            assert t("net.full", "en") not in button.label.split(" · ")
            button.on_click()
            lobby = app.stack.top
            assert isinstance(lobby, NetLobbyScene)
            session = lobby.session
            frames(app, lambda: session.joined or session.lost is not None, play=False)
            assert session.lost is None and session.seat == seat
            names = sorted(m.name for m in room.members if m is not None)
            assert names == ["Ann", "Bob", "Cai", "Zoë"]
    finally:
        for client in (host, *friends):
            client.close()


# --- 5. nothing found on the local network ------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_join_screen_says_when_it_has_found_no_table_yet(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Looking for tables on your network…" stayed for ever on a network with none. After
    a while it says none was found yet — still looking — and that the address is the way
    on."""
    import game.net.scenes as scenes

    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        join = JoinScene(nav.ctx, browse=False)
        browser = _Browser([])
        join.browser = browser  # type: ignore[assignment]
        app.stack.push(join)
        shown = _shown_by(monkeypatch, scenes, "blit_text")

        def said() -> str:
            shown().clear()
            join.draw(app.screen)
            return "".join(shown()).replace(" ", "")

        app.step(DT)
        assert t("net.lan_searching", lang).replace(" ", "") in said()
        for _ in range(round(LAN_QUIET_S) + 1):  # seconds pass with nothing found
            join.update(1.0)
        assert t("net.lan_none", lang).replace(" ", "") in said()
        assert join.browser is browser  # and it keeps looking
        browser.found = [
            FoundTable("s._sichuan-mahjong._tcp.local.", "", "127.0.0.1", 1, "t" * 24, 2,
                       "standard", 4, "lobby", VERSION, "Ann")
        ]  # fmt: skip
        app.step(DT)
        assert join._shown and t("net.lan_none", lang).replace(" ", "") not in said()


# --- 8. an empty room code ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_empty_room_code_is_asked_for(lang: str) -> None:
    """Nothing typed was told "A room code is 4 to 12 letters or digits."."""
    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        join = JoinScene(nav.ctx, browse=False)
        app.stack.push(join)
        join.address_field.value = "127.0.0.1:9"
        join.join_typed()
        assert join.toast is not None and join.toast[0] == t("net.no_code", lang)
        assert app.stack.top is join
        join.code_field.value = "AB"  # too short: that one is still said
        join.join_typed()
        assert join.toast is not None and join.toast[0] == t("net.bad_code", lang)


# --- 7. a table that could not be announced -----------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_host_is_told_when_the_table_could_not_be_announced(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No multicast on this computer: the server ran the table unannounced and said so only
    in its log. The host's lobby says it, and that friends join by address and code."""

    async def no_multicast(self: Announcer) -> None:
        raise OSError(19, "No such device")

    monkeypatch.setattr(Announcer, "start", no_multicast)
    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        spec = HostSpec(name="Ann", hands=1, **{**QUICK_HOST, "announce": True})  # type: ignore[arg-type]
        lobby = nav.host_table(spec)
        session = lobby.session
        frames(app, lambda: session.joined, play=False)
        lines = [text for text, _, _ in lobby.lines()]
        assert t("net.unannounced", lang) in lines
        assert lines.index(t("net.unannounced", lang)) > lines.index(
            t("net.room_code", lang, code=session.code)
        )


def test_a_table_announced_or_not_asked_to_be_says_nothing_of_it() -> None:
    with net_app(size=(1024, 640)) as app:
        nav = Navigator(app)
        nav.main_menu()
        lobby = nav.host_table(HostSpec(name="Ann", hands=1, **QUICK_HOST))  # type: ignore[arg-type]
        session: NetSession = lobby.session
        frames(app, lambda: session.joined, play=False)
        assert not session.unannounced
        assert t("net.unannounced", "en") not in [text for text, _, _ in lobby.lines()]
