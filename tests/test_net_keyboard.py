"""Play with friends by keyboard alone, headless, through real key events and the app's frame:
the Join and Host screens' text fields (name, server address, room code) take the focus
from Tab / Shift+Tab like the buttons do, show the focus ring, take what is typed (H, K, P,
T and Space too: letters, not the table's keys), and Enter goes on — to the next field, to
Join after the room code (a real server on 127.0.0.1 at an ephemeral port), to Open the
table on the Host screen."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_game_support import DT
from test_net_game import net_app_asked

from game import palette as pal
from game.app import App
from game.input import Command, InputEvent, InputKind
from game.nav import Navigator
from game.net.scenes import HostScene, HostSpec, JoinScene, NetLobbyScene
from game.net.widgets import TextField
from server.client import NetClient
from server.host import HostedServer
from server.scripted import QUICK_ROOM, quick_config

LIMIT_S = 60.0  # a hang guard, not a time assertion
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def save_shot(surface: pygame.Surface, name: str) -> None:
    """Keep a screenshot for a person to look at (screenshots/, not compared)."""
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(surface, str(SHOTS / name))


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


def key(app: App, k: int, *, shift: bool = False, frame: bool = True) -> None:
    """Press and release ``k`` (a frame follows unless ``frame`` is False)."""
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    if frame:
        app.step(DT)


def type_text(app: App, text: str) -> None:
    """Type ``text`` as a keyboard does: each key's KEYDOWN, then its TEXTINPUT, then KEYUP,
    in one frame (so H is the table's win key and Space its confirm key as well)."""
    for ch in text:
        k = pygame.K_SPACE if ch == " " else ord(ch.lower())
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
        app.step(DT)


def clear(app: App) -> None:
    """Backspace until the focused field is empty."""
    for _ in range(40):
        key(app, pygame.K_BACKSPACE, frame=False)
    app.step(DT)


def ring_shown(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """The focus ring (game.ui.controls.draw_focus_ring) is drawn round ``rect``: its gold
    line 3 px outside the middle of the left and right edges."""
    ring = rect.inflate(6, 6)
    return all(
        tuple(surface.get_at((x, rect.centery)))[:3] == pal.GOLD_LIGHT
        for x in (ring.left, ring.right - 1)
    )


def test_join_by_keyboard_tab_to_each_field_type_and_enter_joins(app: App) -> None:
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    host: NetClient | None = None
    try:
        assert server.wait_ready(10), server.error
        assert server.url is not None
        host = NetClient(server.url).start()
        host.create_room("Ann", hands=1, **QUICK_ROOM)
        deadline = time.monotonic() + LIMIT_S
        while host.state.code is None:
            assert time.monotonic() < deadline, "hang"
            host.poll()
            time.sleep(0.005)
        nav = Navigator(app)
        nav.main_menu()
        join = JoinScene(nav.ctx, browse=False)  # no multicast in this test
        app.stack.push(join)
        app.step(DT)
        # the screen asks for an address first: the focus is in that field, ring and all
        assert join.focused_name() == "address" and join.address_field.editing
        assert ring_shown(app.screen, join.address_field.rect)
        save_shot(app.screen, "net_join_keyboard_en.png")
        # Tab and Shift+Tab walk the fields and buttons, each in turn
        walked = []
        for _ in range(5):
            key(app, pygame.K_TAB)
            walked.append(join.focused_name())
        assert walked == ["code", "go", "back", "name", "address"]
        key(app, pygame.K_TAB, shift=True)
        assert join.focused_name() == "name" and join.name_field.editing
        assert not join.address_field.editing
        assert ring_shown(app.screen, join.name_field.rect)
        assert not ring_shown(app.screen, join.address_field.rect)
        # typing goes into the focused field: H, K, P, T and Space are letters there
        clear(app)
        type_text(app, "Hank Pitt")
        assert join.name_field.value == "Hank Pitt"
        assert app.stack.top is join  # nothing was pressed, passed or won
        # ←/→ move the caret: typing goes in where it is
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        type_text(app, "e")
        assert join.name_field.value == "Hank Piett"
        key(app, pygame.K_BACKSPACE)
        assert join.name_field.value == "Hank Pitt"
        assert join.focused_name() == "name"  # ←/→ stayed in the field
        # Enter after the name goes on to the address, after the address to the room code
        key(app, pygame.K_RETURN)
        assert join.focused_name() == "address"
        type_text(app, server.url.removeprefix("ws://"))
        key(app, pygame.K_RETURN)
        assert join.focused_name() == "code"
        type_text(app, host.state.code.lower())  # case does not matter
        assert join.code_field.value == host.state.code.lower()
        save_shot(app.screen, "net_join_keyboard_typed_en.png")
        # Enter after the code joins
        key(app, pygame.K_RETURN)
        lobby = app.stack.top
        assert isinstance(lobby, NetLobbyScene)
        deadline = time.monotonic() + LIMIT_S
        while not lobby.session.joined:
            assert time.monotonic() < deadline, "hang"
            app.step(DT)
            time.sleep(0.005)
        assert lobby.session.seat == 1
        assert lobby.session.names()[1] == "Hank Pitt"
    finally:
        if host is not None:
            host.close()
        server.stop()


def test_enter_in_the_name_field_opens_the_table(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    nav = Navigator(app)
    nav.main_menu()
    asked: list[HostSpec] = []
    # the table is not really opened: it would listen on every interface at port 8765
    monkeypatch.setattr(nav, "host_table", asked.append)
    host = HostScene(nav.ctx)
    app.stack.push(host)
    app.step(DT)
    assert host.focused_name() == "go"  # Enter alone opens the table with what is set
    for _ in range(8):  # announce, where, pause, turn timer, bots, hands, preset
        key(app, pygame.K_TAB, shift=True)
    assert host.focused_name() == "name"
    assert ring_shown(app.screen, host.name_field.rect)
    clear(app)
    type_text(app, "Xiao Ming")
    assert not asked  # Space typed a space; it did not open the table
    save_shot(app.screen, "net_host_keyboard_en.png")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800)))
    app.step(DT)
    assert host.size == (1280, 800)
    assert host.name_field.value == "Xiao Ming"  # what was typed outlives a resize
    assert host.focused_name() == "name"
    key(app, pygame.K_RETURN)
    assert [spec.name for spec in asked] == ["Xiao Ming"]


def test_esc_in_a_field_goes_back_and_unfocused_fields_take_nothing(app: App) -> None:
    nav = Navigator(app)
    menu = nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    type_text(app, "10.0.0.5")
    assert join.address_field.value == "10.0.0.5"
    assert join.name_field.value == ""  # only the focused field
    assert join.player_name() == join.t("net.default_name")  # the placeholder's
    assert join.code_field.value == ""
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_a_text_field_by_itself() -> None:
    field = TextField(pygame.Rect(0, 0, 200, 40), "ab", limit=4, allowed=str.isalnum)
    assert field.caret == 2 and not field.editing
    assert not field.handle(InputEvent(InputKind.TEXT, text="x"))  # not focused: not typed
    assert not field.command(Command.BACK)
    assert field.handle(InputEvent(InputKind.MOUSE_DOWN, pos=(10, 20), button=1))
    assert field.focused and field.editing and field.caret == 0  # a click puts the caret
    field.type("-z")  # filtered
    assert field.value == "zab"
    field.type("123")  # capped
    assert field.value == "z1ab"
    # Enter runs on_submit at the frame's end; Space (the same command) types a space and
    # submits nothing
    sent: list[str] = []
    field.on_submit = lambda: sent.append(field.value)
    assert field.command(Command.CONFIRM)
    field.handle(InputEvent(InputKind.TEXT, text=" "))
    field.end_frame()
    assert sent == []
    assert field.command(Command.CONFIRM)
    field.end_frame()
    field.end_frame()
    assert sent == ["z1ab"]  # once
    # Tab, ↑/↓ and Esc are the screen's
    for command in (Command.NEXT_FIELD, Command.PREV_FIELD, Command.SELECT_UP, Command.CANCEL):
        assert not field.command(command)
    field.value = "xyz"
    assert field.caret == 3  # a value set anew: the caret at its end


def test_delete_deletes_forwards_in_a_field(app: App) -> None:
    """Delete takes the character after the caret, as in any text field (it did nothing),
    and at the end of the text there is none to take; Backspace still takes the one before."""
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    assert join.focused_name() == "address"
    type_text(app, "10.0.0.59")
    key(app, pygame.K_DELETE)
    assert join.address_field.value == "10.0.0.59"  # nothing after the caret
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DELETE)
    assert join.address_field.value == "10.0.0.9"
    assert join.address_field.caret == 7
    key(app, pygame.K_BACKSPACE)
    assert join.address_field.value == "10.0.09"
    assert app.stack.top is join  # Delete closes nothing


def test_delete_in_a_text_field_by_itself() -> None:
    field = TextField(pygame.Rect(0, 0, 200, 40), "abc")
    field.focused = True
    field.caret = 0
    assert field.command(Command.DELETE)
    assert (field.value, field.caret) == ("bc", 0)
    field.caret = 2
    assert field.command(Command.DELETE)  # at the end: taken, nothing deleted
    assert (field.value, field.caret) == ("bc", 2)
