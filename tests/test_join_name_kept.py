"""Play with friends → Join comes back with the player's name and the server address they
last joined with: both were forgotten between visits and at every start (the room code is
new at every table and is never kept). The name is the player's name at friends' tables,
one for the Host and the Join screens (game.net.forms.friends_name): typed on one, the
other opens with it. Kept when the player joins, not on Back; a damaged remembered value
takes its default, every other setting kept.

Networked: 127.0.0.1 and ephemeral ports only; every wait bounded by a frame count (a hang
guard: no time is asserted)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest
from test_game_support import DT
from test_net_game import QUICK_ROOM, net_app
from test_net_keyboard import clear, key, type_text

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.forms import JoinChoices, join_choices
from game.net.scenes import HostScene, JoinScene, NetLobbyScene
from game.scenes.menu_base import MenuContext
from game.settings import Settings, load_settings, save_settings, settings_store
from game.storage import NoticeKind
from server.client import NetClient
from server.discovery import FoundTable
from server.host import HostedServer
from server.protocol import VERSION
from server.scripted import quick_config

FRAMES = 4000  # a hang guard: each frame sleeps a little, so this is a few tens of seconds


def until(app: App | None, done: Callable[[], bool], also: Callable[[], object] = list) -> None:
    for _ in range(FRAMES):
        if done():
            return
        if app is not None:
            app.step(DT)
        also()
        time.sleep(0.005)
    raise AssertionError("not reached")


@pytest.fixture
def app() -> Iterator[App]:
    with net_app((1024, 640), "en") as app:
        yield app


def open_join(app: App) -> tuple[Navigator, JoinScene]:
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)  # no multicast in these tests
    app.stack.push(join)
    app.step(DT)
    return nav, join


def fresh_ctx(app: App) -> MenuContext:
    """The settings as the next start reads them from the disk."""
    settings = load_settings(app.data_dir)[0]
    return MenuContext(settings=settings, nav=None, directory=app.data_dir)  # type: ignore[arg-type]


def test_the_name_and_address_joined_with_come_back_the_code_does_not(app: App) -> None:
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    host: NetClient | None = None
    try:
        assert server.wait_ready(30) and server.port, server.error
        host = NetClient(f"ws://127.0.0.1:{server.port}").start()
        host.create_room("Ann", hands=1, **QUICK_ROOM)
        until(None, lambda: host is not None and host.state.code is not None, host.poll)
        code = host.state.code
        assert code is not None
        address = f"127.0.0.1:{server.port}"
        _nav, join = open_join(app)
        assert join.name_field.value == "" and join.address_field.value == ""  # first visit
        join.focus_named("name")
        app.step(DT)
        type_text(app, "Hank")
        join.focus_named("address")
        app.step(DT)
        type_text(app, address)
        join.focus_named("code")
        app.step(DT)
        type_text(app, code)
        key(app, pygame.K_RETURN)  # joins
        lobby = app.stack.top
        assert isinstance(lobby, NetLobbyScene)
        until(app, lambda: lobby.session.joined, host.poll)
        assert lobby.session.names()[lobby.session.seat or 0] == "Hank"
        # kept on the disk: the next start's Join screen opens with them, not the code
        ctx = fresh_ctx(app)
        assert join_choices(ctx) == JoinChoices(name="Hank", address=address)
        assert ctx.settings.host_name == "Hank"
    finally:
        if host is not None:
            host.close()
        server.stop()


def test_a_new_join_screen_opens_with_them_and_asks_for_the_code(app: App) -> None:
    save_settings(Settings(lang="en", host_name="Hank", join_address="10.0.0.5:8765"), app.data_dir)
    ctx = fresh_ctx(app)
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    assert join.name_field.value == "Hank" and join.player_name() == "Hank"
    assert join.address_field.value == "10.0.0.5:8765"
    assert join.code_field.value == ""  # a table's code is new at every table
    assert join.focused_name() == "code"  # the address known: the code is what is asked
    # the Host screen opens with the same name: one name at friends' tables
    host = HostScene(ctx)
    app.stack.push(host)
    app.step(DT)
    assert host.name_field.value == "Hank"


def test_back_keeps_nothing_typed(app: App) -> None:
    _nav, join = open_join(app)
    join.focus_named("name")
    app.step(DT)
    type_text(app, "Tried")
    join.focus_named("address")
    app.step(DT)
    type_text(app, "10.9.9.9")
    key(app, pygame.K_ESCAPE)  # Back
    assert app.stack.top is not join
    assert app.settings.host_name == "" and app.settings.join_address == ""
    assert join_choices(fresh_ctx(app)) == JoinChoices()


def test_a_table_of_the_list_keeps_the_name_not_the_address_typed(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table found on the local network is joined by its own address: the one half-typed
    in the field was not used, and the one kept stays."""
    save_settings(Settings(lang="en", join_address="10.0.0.5:8765"), app.data_dir)
    nav = Navigator(app)
    nav.main_menu()
    joined: list[tuple[str, str]] = []
    monkeypatch.setattr(nav, "join_table", lambda url, name, **kw: joined.append((url, name)))
    join = JoinScene(fresh_ctx(app), browse=False)
    join.ctx.nav = nav
    app.stack.push(join)
    app.step(DT)
    join.focus_named("name")
    app.step(DT)
    clear(app)
    type_text(app, "小明")
    join.focus_named("address")
    app.step(DT)
    clear(app)
    type_text(app, "10.0.")
    table = FoundTable(
        service="t1",
        name="Ann's table",
        address="192.168.1.9",
        port=8765,
        ticket="t1",
        free=3,
        preset="standard",
        hands=4,
        phase="lobby",
        version=VERSION,
        owner="Ann",
    )
    join.join_found(table)
    assert joined == [("ws://192.168.1.9:8765", "小明")]
    assert join_choices(fresh_ctx(app)) == JoinChoices(name="小明", address="10.0.0.5:8765")


@pytest.mark.parametrize(
    "damaged",
    [
        {"join_address": ["not", "an", "address"]},
        {"join_address": "1" * 5000},
        {"join_address": 8765},
        {"host_name": 12345, "join_address": "a\x07b"},
        {"host_name": "A\x07B"},
        {"host_name": "x" * 200},
    ],
)
def test_a_damaged_remembered_value_takes_its_default_and_nothing_else_is_lost(
    tmp_path: object, damaged: dict[str, object]
) -> None:
    save_settings(Settings(lang="zh", sound_volume=0.3, host_bots="hard"), tmp_path)  # type: ignore[arg-type]
    store = settings_store(tmp_path)  # type: ignore[arg-type]
    data = store.peek()
    assert isinstance(data, dict)
    data.update({"host_name": "Hank", "join_address": "10.0.0.5:8765"} | damaged)
    store.save(data)
    settings, notice = load_settings(tmp_path)  # type: ignore[arg-type]
    ctx = MenuContext(settings=settings, nav=None, directory=tmp_path)  # type: ignore[arg-type]
    chosen = join_choices(ctx)  # no crash
    assert chosen.name == ("" if "host_name" in damaged else "Hank")
    assert chosen.address == ("" if "join_address" in damaged else "10.0.0.5:8765")
    assert (settings.lang, settings.sound_volume, settings.host_bots) == ("zh", 0.3, "hard")
    if "join_address" in damaged and damaged["join_address"] != "a\x07b":  # the schema's
        assert notice is not None and notice.kind is NoticeKind.FIELDS_RESET
        for lang in ("zh", "en"):
            assert t("net.field.join_address", lang) in notice.text(lang)
            assert "join_address" not in notice.text(lang)  # no internal id shown


def test_a_damaged_name_is_named_as_the_players_own_at_friends_tables(tmp_path: object) -> None:
    """The name is Host's and Join's alike: a damaged one is told as the player's name at
    friends' tables, not as the Host screen's setup."""
    save_settings(Settings(lang="en"), tmp_path)  # type: ignore[arg-type]
    store = settings_store(tmp_path)  # type: ignore[arg-type]
    data = store.peek()
    assert isinstance(data, dict)
    data["host_name"] = 12345
    store.save(data)
    _settings, notice = load_settings(tmp_path)  # type: ignore[arg-type]
    assert notice is not None and notice.kind is NoticeKind.FIELDS_RESET
    assert "Your name at friends' tables" in notice.text("en")
    assert "你在好友牌桌上的名字" in notice.text("zh")
    assert "Hosted table setup" not in notice.text("en")
