"""The friends' lobby keeps every line inside its box: with three addresses, the warning that
the table could not be announced, a long line of joint winners and the connection down, the
last lines ran out of the box at 1024x640 (set 1.6 lines apart whatever their number). They
are set closer, and the box grows down to Play again if need be; an ordinary lobby is drawn
as before."""

from __future__ import annotations

import dataclasses
import itertools
from types import SimpleNamespace

import pytest
from test_net_game import app
from test_net_names import fake_session, room_of

from game.app import App
from game.nav import Navigator
from game.net.scenes import NetLobbyScene
from game.net.session import NetSession

__all__ = ["app"]  # the fixture: (lang, size) given indirectly


@pytest.mark.parametrize(
    "app",
    [(lang, size) for lang in ("zh", "en") for size in ((1024, 640), (1920, 1080))],
    indirect=True,
)
def test_a_crowded_lobby_stays_in_its_box(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        NetSession,
        "addresses",
        lambda self: ["192.168.100.200:8765", "10.0.0.123:8765", "172.16.254.254:8765"],
    )
    nav = Navigator(app)
    nav.main_menu()
    names = ["W" * 24, "欧阳娜娜Ann-Marie" + "明" * 7, "M" * 24, "Bob"]
    room = dataclasses.replace(
        room_of(names, connected=(True, True, False, True), host=3),
        phase="over",
        hand=2,
        points=(7, 7, 7, -21),  # three share first place: a long line
    )
    session = fake_session(room, 3, app.settings.lang)  # Bob, last
    unannounced = SimpleNamespace(announce_error="no multicast")
    session.hosted = SimpleNamespace(server=unannounced, port=8765, stop=lambda **_: None)  # type: ignore[assignment]
    session.retrying = True  # "Connection lost; reconnecting…" at the foot
    lobby = NetLobbyScene(nav.ctx, session)
    app.stack.push(lobby)
    app.step(1 / 60)
    box, size, rows = lobby.layout()
    assert len(rows) >= 17  # crowded indeed: at 1.6 lines apart they would not fit
    assert box.y + lobby.px(22) + (len(rows) - 1) * round(size * 1.6) + size > box.bottom
    for line, _colour, _bold, y in rows:
        assert box.y < y and y + size <= box.bottom - lobby.px(8), line
    start = lobby.start_button
    assert start is not None and box.bottom <= start.rect.top  # Play again stays clear


@pytest.mark.parametrize("app", [("en", (1024, 640))], indirect=True)
def test_an_ordinary_lobby_is_laid_out_as_before(app: App) -> None:
    nav = Navigator(app)
    nav.main_menu()
    lobby = NetLobbyScene(nav.ctx, fake_session(room_of(["Ann", None, "Bob", None]), 0, "en"))
    app.stack.push(lobby)
    app.step(1 / 60)
    box, size, rows = lobby.layout()
    assert (box.w, box.h) == (lobby.px(700), lobby.px(520))
    steps = {b[3] - a[3] for a, b in itertools.pairwise(rows)}
    assert steps == {round(size * 1.6)}
