"""A fresh player's audit of the friends' table, the lobby: the host's Leave asks first when
friends sit at the table it hosts (over 127.0.0.1 at an ephemeral port; no time limits)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App, Settings
from game.nav import Navigator
from game.net.scenes import HostSpec, NetLobbyScene
from game.scenes.menu import MainMenuScene
from game.table.scene import TableScene
from server.client import NetClient, Note, Ponged, ServerError

DT = 1 / 60
LIMIT_S = 60.0  # a hang guard, not a time assertion
QUICK_HOST = {"host": "127.0.0.1", "port": 0, "announce": False, "bot_delay": 0.0}


@pytest.fixture
def app() -> Iterator[App]:
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        yield app
    finally:
        for scene in app.stack.scenes:
            session = getattr(scene, "session", None)
            if session is not None:
                session.close()
        app.close()


def frames(app: App, done: Callable[[], bool], *clients: NetClient) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "hang"
        app.step(DT)
        for client in clients:
            client.poll()
        time.sleep(0.002)


def esc(app: App) -> None:
    """The Escape key, as a player presses it."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)


def hosted_lobby(app: App) -> NetLobbyScene:
    nav = Navigator(app)
    nav.main_menu()
    lobby = nav.host_table(HostSpec(name="Ming", hands=1, **QUICK_HOST))  # type: ignore[arg-type]
    frames(app, lambda: lobby.session.joined)
    return lobby


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_host_leaving_the_lobby_with_a_friend_seated_is_asked_first(
    app: App, lang: str
) -> None:
    """Leave (or Esc) in the lobby of a table this game hosts closed it for every friend at
    once; the pause menu and the settlement's Main menu asked first. Now the lobby asks too:
    Stay (or Esc) keeps the table, Close it and leave closes it and the friend is told."""
    app.settings.lang = lang
    lobby = hosted_lobby(app)
    session = lobby.session
    assert session.hosted is not None and session.hosted.url is not None
    friend = NetClient(session.hosted.url).start()
    try:
        assert session.code is not None
        friend.join("Ann", code=session.code)
        frames(app, lambda: lobby.hosts_others, friend)
        esc(app)
        assert app.stack.top is lobby and not session.closed
        assert lobby.confirming
        assert [c.name for c in lobby.controls] == ["stay", "go"]
        labels = [getattr(c, "label", "") for c in lobby.controls]
        assert labels == (
            ["留下", "关闭并离开"] if lang == "zh" else ["Stay", "Close it and leave"]
        )
        esc(app)  # Esc while asked: stay
        assert not lobby.confirming and not session.closed and app.stack.top is lobby
        assert any(c.name == "start" for c in lobby.controls)
        lobby.back_button.on_click()  # Leave: asked again
        assert lobby.confirming and not session.closed
        go = next(c for c in lobby.controls if c.name == "go")
        go.on_click()
        assert session.closed and isinstance(app.stack.top, MainMenuScene)
        deadline = time.monotonic() + LIMIT_S
        while friend.state.gone is None:
            assert time.monotonic() < deadline, "hang"
            friend.poll()
            time.sleep(0.005)
        assert friend.state.gone.reason == "host_left"
    finally:
        friend.close()


def test_the_host_alone_leaves_the_lobby_at_once(app: App) -> None:
    """With only bots at the table there is nobody to ask about."""
    lobby = hosted_lobby(app)
    assert not lobby.hosts_others
    esc(app)
    assert lobby.session.closed and app.stack.top is not lobby


def test_the_question_is_drawn_over_the_lobby(app: App) -> None:
    lobby = hosted_lobby(app)
    lobby.confirming = True
    lobby.rebuild()
    surface = pygame.Surface(app.size)
    lobby.draw(surface)  # the question box, its text and both answers: no error
    assert {c.name for c in lobby.controls} == {"stay", "go"}


def test_start_pressed_twice_starts_the_match_once(app: App) -> None:
    """A double click on Start sent two starts before the first was answered: the second was
    refused and "That cannot be done now." showed over the first hand. Start now waits for
    its answer (the deal) and is sent once."""
    lobby = hosted_lobby(app)
    session = lobby.session
    heard: list[Note] = []
    original = session._note

    def note(n: Note) -> None:
        heard.append(n)
        original(n)

    session._note = note  # type: ignore[method-assign]
    button = lobby.start_button
    assert button is not None and button.enabled
    pos = button.rect.center
    for _ in range(2):  # a double click, both halves in one frame: no answer between them
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    frames(app, lambda: isinstance(app.stack.top, TableScene))
    rid = session.client.ping()  # everything sent before it has been answered
    frames(app, lambda: any(isinstance(n, Ponged) and n.request_id == rid for n in heard))
    assert [n for n in heard if isinstance(n, ServerError)] == []
    assert session.take_problems() == []
