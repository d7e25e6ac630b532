"""Two players of one name at a table are told apart: the server seats the second "Ann" as
"Ann 2" (case aside; shortened to fit), and the game that joined so says it — two "Ann"s sat
in the lobby, on the seats and in the settlement, and "Ann dropped" named either. The seat is
remembered under the name typed, so typing it again takes that seat back. A real server on
127.0.0.1 at an ephemeral port; bounded, no time limits."""

from __future__ import annotations

from pathlib import Path

from test_net_flow import host_room
from test_net_game import frames, net_app, poll_until

from game.i18n import t
from game.nav import Navigator
from server.client import NetClient
from server.host import HostedServer
from server.protocol import NAME_MAX


def _join(url: str, code: str, name: str) -> NetClient:
    client = NetClient(url).start()
    client.join(name, code=code)
    poll_until(client, lambda: client.state.seat is not None)
    return client


def _names(client: NetClient) -> list[str | None]:
    room = client.state.room
    assert room is not None
    return [s.name for s in room.seats]


def test_the_server_tells_two_players_of_one_name_apart(hosted: HostedServer) -> None:
    assert hosted.url is not None
    host, code = host_room(hosted.url)  # Ann's
    long = "B" * NAME_MAX
    guests: list[NetClient] = []
    try:
        guests.append(_join(hosted.url, code, "ann"))
        guests.append(_join(hosted.url, code, long))
        guests.append(_join(hosted.url, code, long))
        last = guests[-1]
        poll_until(last, lambda: None not in _names(last))
        assert _names(last) == ["Ann", "ann 2", long, "B" * (NAME_MAX - 2) + " 2"]
        guests.pop(1).close()  # a dropped player keeps the name: the seat waits for them
        poll_until(last, lambda: "ann 2" in _names(last))
        assert "ann 2" in _names(last)
    finally:
        for client in guests:
            client.close()
        host.close()


def test_the_game_says_so_and_the_name_typed_takes_the_seat_back(
    home: Path, hosted: HostedServer
) -> None:
    assert hosted.url is not None
    host, code = host_room(hosted.url)
    try:
        with net_app() as app:
            nav = Navigator(app)
            nav.main_menu()
            lobby = nav.join_table(hosted.url, "Ann", code=code)
            session = lobby.session
            told: list[str] = []

            def seated() -> bool:
                if lobby.toast is not None:
                    told.append(lobby.toast[0])
                return session.joined

            frames(app, seated, also=host.poll)
            app.step(1 / 60)
            if lobby.toast is not None:
                told.append(lobby.toast[0])
            seat = session.seat
            assert seat is not None and session.names()[seat] == "Ann 2"
            assert t("net.renamed", "en", name="Ann", shown="Ann 2") in told
            session.drop()  # the window shut: the seat is kept, and remembered
            again = nav.join_table(hosted.url, "Ann", code=code).session  # typed again
            frames(app, lambda: again.joined or again.lost is not None, also=host.poll)
            assert again.lost is None and again.seat == seat  # not a third seat
            assert again.names().count("Ann 2") == 1 and "Ann 3" not in again.names()
            again.close()
    finally:
        host.close()
