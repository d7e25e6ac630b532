"""Play with friends → Host comes back as the last table hosted: the name typed, the rules
preset, the length, the empty seats' bots, the two timers, the local network's announcement
and where the table ran (a dedicated server's address too). Every visit and every start
began from the defaults, so a player who hosts every Friday set the screen up again each
time. The choices are kept when a table is hosted with them (not on Back, which drops what
was tried), saved with the settings; a damaged remembered value takes its default, the
others and every other setting kept.

Networked: 127.0.0.1 and ephemeral ports only; every wait bounded by a frame count (a hang
guard: no time is asserted)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from test_game_support import DT
from test_net_game import QUICK_HOST, net_app
from test_net_host_on_server import until

from game.app import App
from game.i18n import t
from game.match_config import BOT_CHOICES
from game.nav import Navigator
from game.net import spec as net_spec
from game.net.forms import HostChoices, host_choices
from game.net.scenes import HostScene, HostSpec, NetLobbyScene
from game.scenes.menu_base import MenuContext
from game.settings import (
    HOST_BOT_CHOICES,
    HOST_FIELDS,
    HOST_HAND_CHOICES,
    HOST_SETTLE_CHOICES,
    HOST_TURN_CHOICES,
    Settings,
    load_settings,
    save_settings,
    settings_store,
)
from game.storage import NoticeKind
from game.ui.controls import Choice, Segmented, Toggle
from server.host import HostedServer
from server.scripted import quick_config

# Every choice away from its default (announce is off: the test's tables are never announced)
CHOSEN = HostChoices(
    name="Ann", preset="chengdu", hands=4, bots="hard", turn=0, settle=60, announce=False
)


@pytest.fixture
def app(tmp_path: object) -> Iterator[App]:
    with net_app((1024, 640), "en") as app:
        yield app


def open_host(app: App) -> tuple[Navigator, HostScene]:
    """The Host screen, opened as the Play with friends menu opens it; the table it hosts
    listens on 127.0.0.1, on a free port, unannounced."""
    nav = Navigator(app)
    nav.main_menu()
    hosting = nav.host_table
    nav.host_table = lambda spec: hosting(  # type: ignore[method-assign]
        spec if spec.server is not None else dataclasses.replace(spec, **QUICK_HOST)
    )
    return nav, reopen(app, nav)


def reopen(app: App, nav: Navigator) -> HostScene:
    """The Host screen opened from Play with friends, after its first frame."""
    nav.friends_host()
    host = app.stack.top
    assert isinstance(host, HostScene)
    app.step(DT)
    return host


def control(host: HostScene, name: str) -> object:
    return next(c for c in host.controls if getattr(c, "name", "") == name)


def shown(host: HostScene) -> HostChoices:
    """What the screen's controls show."""
    values = {}
    for name in ("hands", "bots", "turn", "settle", "where"):
        seg = control(host, name)
        assert isinstance(seg, Segmented)
        values[name] = seg.value
    preset = control(host, "preset")
    assert isinstance(preset, Choice)
    announce = control(host, "announce") if not host.on_server else None
    server = host.server_field.value if host.server_field is not None else ""
    return HostChoices(
        name=host.name_field.value,
        preset=preset.value,
        hands=int(values["hands"]),
        bots=values["bots"],
        turn=int(values["turn"]),
        settle=int(values["settle"]),
        announce=announce.value if isinstance(announce, Toggle) else host.spec_announce,
        on_server=values["where"] == "server",
        server=server,
    )


def choose(app: App, host: HostScene, c: HostChoices) -> None:
    """Make the screen's choices ``c`` as a player does, control by control."""
    host.name_field.value = c.name
    preset = control(host, "preset")
    assert isinstance(preset, Choice)
    preset.choose(c.preset)
    for name, value in (("hands", c.hands), ("bots", c.bots), ("turn", c.turn)):
        seg = control(host, name)
        assert isinstance(seg, Segmented)
        seg.choose(str(value))
    seg = control(host, "settle")
    assert isinstance(seg, Segmented)
    seg.choose(str(c.settle))
    announce = control(host, "announce")
    assert isinstance(announce, Toggle)
    if announce.value != c.announce:
        announce.activate()
    if c.on_server:
        where = control(host, "where")
        assert isinstance(where, Segmented)
        where.choose("server")  # the screen is built again, the address field in it
        assert host.server_field is not None
        host.server_field.value = c.server
    app.step(DT)


def host_and_leave(app: App, host: HostScene) -> NetLobbyScene:
    """Open the table, wait until it is joined, leave it: back on the Host screen."""
    host.host()
    lobby = app.stack.top
    assert isinstance(lobby, NetLobbyScene)
    until(app, lambda: lobby.session.joined)
    lobby.close()  # only bots at it: left at once
    app.step(DT)
    assert app.stack.top is host
    return lobby


def test_the_host_screen_opens_as_the_last_table_was_hosted(app: App) -> None:
    nav, host = open_host(app)
    assert shown(host) == HostChoices()  # a first visit: the defaults
    choose(app, host, CHOSEN)
    assert shown(host) == CHOSEN
    lobby = host_and_leave(app, host)
    room = lobby.session.room
    assert room is not None and (room.preset, room.hands) == ("chengdu", 4)  # as hosted
    assert (room.turn_seconds, room.settle_seconds) == (0, 60)
    host.close()  # Back to Play with friends
    app.step(DT)
    assert not isinstance(app.stack.top, HostScene)
    # opened again: as it was left
    nav.friends_host()
    again = app.stack.top
    assert isinstance(again, HostScene) and again is not host
    app.step(DT)
    assert shown(again) == CHOSEN
    assert again.spec() == HostSpec(
        name="Ann",
        preset="chengdu",
        hands=4,
        bots="hard",
        announce=False,
        turn_seconds=0.0,
        settle_seconds=60.0,
    )
    # and after a restart: read from the settings file
    settings, notice = load_settings(app.data_dir)
    assert notice is None
    ctx = MenuContext(settings=settings, nav=nav, directory=app.data_dir)
    assert host_choices(ctx) == CHOSEN
    fresh = App(settings, (1920, 1080))
    try:
        _, reopened = open_host(fresh)
        assert shown(reopened) == CHOSEN
    finally:
        fresh.close()


def test_choices_left_with_back_are_not_kept(app: App) -> None:
    """Back drops what was tried: the screen comes back as the last table hosted."""
    nav, host = open_host(app)
    choose(app, host, CHOSEN)
    host_and_leave(app, host)
    tried = dataclasses.replace(CHOSEN, name="Bob", hands=16, bots="easy", turn=30)
    choose(app, host, tried)
    assert shown(host) == tried
    host.close()
    app.step(DT)
    again = reopen(app, nav)
    assert shown(again) == CHOSEN
    assert host_choices(again.ctx) == CHOSEN
    assert load_settings(app.data_dir)[0].host_hands == 4


def test_a_table_on_a_dedicated_server_comes_back_with_its_address(app: App) -> None:
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    try:
        assert server.wait_ready(30) and server.port, server.error
        address = f"127.0.0.1:{server.port}"
        nav, host = open_host(app)
        on_server = dataclasses.replace(CHOSEN, on_server=True, server=address)
        choose(app, host, on_server)
        lobby = host_and_leave(app, host)
        assert lobby.session.hosted is None and lobby.session.opened  # on the server
        host.close()
        app.step(DT)
        again = reopen(app, nav)
        assert again.on_server and shown(again) == on_server
        names = [getattr(c, "name", "") for c in again.controls]
        assert "server" in names and "announce" not in names  # the address in its row
        assert load_settings(app.data_dir)[0].host_server == address
    finally:
        server.stop()


def test_a_name_typed_empty_keeps_the_default_name_in_each_language(app: App) -> None:
    """Nothing typed: "" is kept, so the name is the default one in the language of the day
    (not the placeholder of the day the table was hosted)."""
    nav, host = open_host(app)
    choose(app, host, dataclasses.replace(CHOSEN, name=""))
    host_and_leave(app, host)
    assert app.settings.host_name == ""
    app.settings.lang = "zh"
    host.close()
    app.step(DT)
    again = reopen(app, nav)
    assert again.name_field.value == ""
    assert again.spec().name == t("net.default_name", "zh")


def test_a_damaged_remembered_value_takes_its_default_and_nothing_else_is_lost(
    tmp_path: object,
) -> None:
    save_settings(Settings(lang="zh", sound_volume=0.3, preset="jj", hands=16), tmp_path)
    store = settings_store(tmp_path)  # type: ignore[arg-type]
    data = store.peek()
    assert isinstance(data, dict)
    data.update(
        host_name="Ann",
        host_preset="no-such-preset",  # a preset this version does not have
        host_hands="lots",
        host_bots="hard",
        host_turn=7,  # not a timer the screen offers
        host_settle=60,
        host_announce="yes",
        host_on_server=False,
        host_server=["not", "an", "address"],
    )
    store.save(data)
    settings, notice = load_settings(tmp_path)  # type: ignore[arg-type]
    assert notice is not None and notice.kind is NoticeKind.FIELDS_RESET
    assert t("saves.field.host", "zh") in notice.text("zh")
    assert t("saves.field.host", "en") in notice.text("en")
    assert "host_" not in notice.text("zh") + notice.text("en")  # no internal id shown
    # the other settings are intact
    assert (settings.lang, settings.sound_volume, settings.preset, settings.hands) == (
        "zh",
        0.3,
        "jj",
        16,
    )
    # the damaged ones are back to their defaults; the good ones are kept
    assert settings.host_preset is None and settings.host_hands == 8
    assert (settings.host_turn, settings.host_announce, settings.host_server) == (15, True, "")
    assert (settings.host_name, settings.host_bots, settings.host_settle) == ("Ann", "hard", 60)
    ctx = MenuContext(settings=settings, nav=None, directory=tmp_path)  # type: ignore[arg-type]
    assert host_choices(ctx) == HostChoices(
        name="Ann", preset="jj", bots="hard", settle=60
    )  # never hosted a known preset: Quick play's, as before
    # repaired on disk: the next start reads it quietly
    again, quiet = load_settings(tmp_path)  # type: ignore[arg-type]
    assert quiet is None and again == settings


def test_a_name_no_field_would_take_is_dropped_when_the_screen_opens() -> None:
    """A settings file edited by hand: a name with a control character, or one the font
    cannot draw, opens as the default name (a name field never lets them in)."""
    for name in ("A\x07B", "\U0001f600"):
        ctx = MenuContext(settings=Settings(host_name=name), nav=None)  # type: ignore[arg-type]
        assert host_choices(ctx).name == ""
    ctx = MenuContext(settings=Settings(host_name="小明"), nav=None)  # type: ignore[arg-type]
    assert host_choices(ctx).name == "小明"


def test_the_settings_offer_what_the_host_screen_offers() -> None:
    """The settings repeat the Host screen's choices (to load no network code): they agree."""
    assert HOST_HAND_CHOICES == net_spec.HAND_CHOICES
    assert HOST_TURN_CHOICES == net_spec.TURN_CHOICES
    assert HOST_SETTLE_CHOICES == net_spec.SETTLE_CHOICES
    assert HOST_BOT_CHOICES == BOT_CHOICES
    assert {f"host_{f.name}" for f in dataclasses.fields(HostChoices)} == set(HOST_FIELDS)
    defaults = Settings()
    for f in dataclasses.fields(HostChoices):
        if f.name != "preset":  # None in the settings: never hosted
            assert getattr(defaults, f"host_{f.name}") == getattr(HostChoices(), f.name), f.name
