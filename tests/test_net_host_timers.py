"""The Host screen lets the host choose the turn timer (10, 15, 30 or 60 s, or none: friends
wait for each other) and the pause between hands (10, 30 or 60 s): both were fixed at 15 s
and 30 s (HostSpec's defaults). The choice is reachable by keyboard, worded in both
languages, sent to the server with the table and told in the lobby, so that a friend who
joins knows whether the table waits; a value no client should send is refused with a clear
error by the server, which serves on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pygame
import pytest
from test_game_support import DT
from test_net_game import QUICK_HOST, frames, net_app, net_app_asked
from test_net_keyboard import key

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import SETTLE_CHOICES, TURN_CHOICES, HostScene, HostSpec, NetLobbyScene
from game.ui.controls import Segmented
from server.app import Server
from server.protocol import VERSION, Error, ErrorCode
from server.scripted import ScriptedPlayer, quick_config

LIMIT_S = 120  # a hang guard, not a time assertion


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


def _control(scene: HostScene, name: str) -> Segmented:
    control = next(c for c in scene.controls if getattr(c, "name", "") == name)
    assert isinstance(control, Segmented)
    return control


@pytest.mark.parametrize(
    "app",
    [(lang, size) for lang in ("zh", "en") for size in ((1024, 640), (1920, 1080))],
    indirect=True,
)
def test_the_host_chooses_the_timers_by_keyboard(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    asked: list[HostSpec] = []
    monkeypatch.setattr(nav, "host_table", asked.append)  # no server on every interface
    host = HostScene(nav.ctx)
    app.stack.push(host)
    app.step(DT)
    turn, settle = _control(host, "turn"), _control(host, "settle")
    assert turn.values == [str(n) for n in TURN_CHOICES]
    assert settle.values == [str(n) for n in SETTLE_CHOICES]
    assert (turn.value, settle.value) == ("15", "30")  # as before: 15 s, 30 s
    # worded in the player's language, never an id or a bare number
    seconds = t("net.seconds", lang, n=15)
    assert seconds in turn.labels and t("net.timer_off", lang) in turn.labels
    assert all("net." not in label for label in turn.labels + settle.labels)
    assert seconds == ("15 秒" if lang == "zh" else "15 s")
    # every control inside the screen, above the note at its foot, none over another
    rects = [c.rect for c in host.controls]
    assert all(pygame.Rect(0, 0, host.w, host.h).contains(r) for r in rects)
    go = next(c for c in host.controls if getattr(c, "name", "") == "go")
    assert go.rect.bottom < host.toast_bottom()
    for i, r in enumerate(rects):
        assert not any(r.colliderect(o) for o in rects[i + 1 :]), i
    # by keyboard: from Open the table back to the pause (past Announce and where the
    # table runs), then the timer
    assert host.focused_name() == "go"
    for _ in range(3):
        key(app, pygame.K_TAB, shift=True)
    assert host.focused_name() == "settle"
    key(app, pygame.K_LEFT)
    assert settle.value == "10"
    key(app, pygame.K_TAB, shift=True)
    assert host.focused_name() == "turn"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert turn.value == "0"  # none: friends wait for each other
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    app.step(DT)
    assert _control(host, "turn").value == "0"  # the choice outlives a resize
    assert _control(host, "settle").value == "10"
    host.focus_named("go")
    key(app, pygame.K_RETURN)
    assert [(s.turn_seconds, s.settle_seconds) for s in asked] == [(0.0, 10.0)]


@pytest.mark.parametrize(("lang", "turn", "settle"), [("en", 0.0, 60.0), ("zh", 30.0, 10.0)])
def test_the_table_gets_the_chosen_timers_and_the_lobby_says_them(
    lang: str, turn: float, settle: float
) -> None:
    """The real server in the game: the room carries the host's choice, and the lobby says
    it in words (a friend who joins reads it there)."""
    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        spec = HostSpec(name="Ann", hands=1, turn_seconds=turn, settle_seconds=settle, **QUICK_HOST)  # type: ignore[arg-type]
        lobby = nav.host_table(spec)
        assert isinstance(lobby, NetLobbyScene)
        frames(app, lambda: lobby.session.joined, play=False)
        room = lobby.session.room
        assert room is not None
        assert (room.turn_seconds, room.settle_seconds) == (turn, settle)
        said = [text for text, _, _ in lobby.lines()]
        timer = t("net.room_turn_off", lang)
        if turn:
            timer = t("net.room_turn", lang, n=f"{turn:g}")
        pause = t("net.room_settle", lang, n=f"{settle:g}")
        line = next(x for x in said if timer in x and pause in x)
        if lang == "en":
            assert line.endswith("1 hand · no turn timer · 60 s between hands")
        else:
            assert line.endswith("共 1 局 · 出牌计时 30 秒 · 局间等待 10 秒")


def test_a_bad_timer_is_refused_clearly_and_the_server_serves_on() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            a = await ScriptedPlayer.connect(url)
            bad = [
                ("turn_seconds", -1),
                ("turn_seconds", 601),
                ("turn_seconds", 1e308),
                ("turn_seconds", "15"),
                ("turn_seconds", True),
                ("turn_seconds", None),
                ("settle_seconds", -0.5),
                ("settle_seconds", 86400),
                ("settle_seconds", [30]),
            ]
            for field, value in bad:
                data = {"type": "create_room", "version": VERSION, "name": "a", field: value}
                await a.client.send_raw(json.dumps(data))
                while not isinstance(msg := await a.next(), Error):
                    pass
                assert msg.code is ErrorCode.BAD_MESSAGE, (field, value)
                assert f"$.{field}" in msg.message, msg.message  # which value is wrong
                assert not server.rooms  # nothing was opened
            # no timer at all, and the pause's ends, are fine
            joined = await a.create(name="a", turn_seconds=0, settle_seconds=600, hands=1)
            assert (joined.room.turn_seconds, joined.room.settle_seconds) == (0.0, 600.0)
            assert list(server.rooms) == [joined.code]

    asyncio.run(asyncio.wait_for(main(), LIMIT_S))
