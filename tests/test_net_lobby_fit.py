"""The friends' lobby keeps everything inside its box: with three addresses, the warning that
the table could not be announced, a long line of joint winners and the connection down, the
last lines ran out of the box at 1024x640 (set 1.6 lines apart whatever their number). The
waiting room (game.net.lobby_view) sets itself closer when it says that much, and stays above
Play again; an ordinary lobby is a box sized to what it holds, the code large in it."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from test_net_game import app
from test_net_lobby_waiting_room import assert_laid_out
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
    lobby = NetLobbyScene(nav.ctx, session)
    app.stack.push(lobby)
    app.step(1 / 60)
    session.retrying = True  # "Connection lost; reconnecting…" at the foot
    app.step(1 / 60)
    layout = assert_laid_out(app, lobby)  # nothing overlaps, all in the box, above Play again
    assert len(lobby.lines()) >= 14  # crowded indeed
    said = " ".join(text.text for text in layout.texts)
    for address in ("192.168.100.200:8765", "10.0.0.123:8765", "172.16.254.254:8765"):
        assert address in said
    assert set(layout.cards) == {0, 1, 2, 3}
    start = lobby.start_button
    assert start is not None and layout.box.bottom <= start.rect.top  # Play again stays clear


@pytest.mark.parametrize(
    "app",
    [(lang, size) for lang in ("zh", "en") for size in ((1024, 640), (1920, 1080))],
    indirect=True,
)
def test_an_ordinary_lobby_is_sized_to_what_it_holds(app: App) -> None:
    """It was a fixed 700x520 box (at 1280x800) whose lower half stayed empty."""
    nav = Navigator(app)
    nav.main_menu()
    lang = app.settings.lang
    lobby = NetLobbyScene(nav.ctx, fake_session(room_of(["Ann", None, "Bob", None]), 0, lang))
    app.stack.push(lobby)
    app.step(1 / 60)
    layout = assert_laid_out(app, lobby)
    box = layout.box
    lowest = max([x.rect.bottom for x in layout.texts] + [r.bottom for r in layout.cards.values()])
    assert box.bottom - lowest <= lobby.px(30)  # no empty lower half
    assert layout.code is not None and layout.code.size > 2 * lobby.px(19) - 1  # readable
    start = lobby.start_button
    assert start is not None and start.rect.top - box.bottom >= lobby.px(8)
