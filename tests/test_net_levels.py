"""A friend at a networked table is a player, not a bot: no bot level on their panel."""

from __future__ import annotations

from test_net_game import app, frames, poll_until  # noqa: F401 (app: the fixture)

from game.app import App
from game.nav import Navigator
from game.table.scene import TableScene
from server.client import NetClient
from server.host import HostedServer
from server.scripted import QUICK_ROOM, quick_config


def test_a_friend_is_not_labelled_with_the_stand_in_bots_level(app: App) -> None:  # noqa: F811
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    assert server.wait_ready(10), server.error
    assert server.url is not None
    host = NetClient(server.url).start()
    try:
        host.create_room("Ann", hands=1, **{**QUICK_ROOM, "settle_seconds": 30.0})
        poll_until(host, lambda: host.state.code is not None)
        lobby = Navigator(app).join_table(server.url, "Bob", code=host.state.code)
        frames(app, lambda: lobby.session.joined)
        host.set_auto(True)
        host.start_match()

        def at_table() -> bool:
            host.poll()
            return isinstance(app.stack.top, TableScene)

        frames(app, at_table)
        table = app.stack.top
        assert isinstance(table, TableScene)
        levels = table.model.levels
        assert table.model.seat_name(0) == "Ann" and levels[0] == ""  # a friend: no level
        assert levels[1] == ""  # you
        assert all(levels[s] for s in (2, 3))  # the bots name theirs
    finally:
        host.close()
        server.stop()
