"""Players' names at a networked table as the game's font can show them.

The font is a subset (GB2312 and the game's own characters): 陳, 張, emoji, Korean, Ł are not
in it, and the text field and the server took them, so others saw empty boxes. A name field
now takes only what the font draws and says why it refused a character; a name that still
holds one (another client, another server) shows a "?" for it. A name of 24 characters is
cut short with an ellipsis in the lobby, never run past its box. Headless, zh and en."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import pygame
import pytest
from test_game_support import DT, running_app, table_of
from test_net_game import net_app_asked
from test_net_keyboard import clear, key, save_shot, type_text

from engine.rules import get_preset
from game import fonts
from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import HostScene, HostSpec, JoinScene, NetLobbyScene
from game.net.session import NetSession
from game.net.widgets import STAND_IN, can_draw, name_char_ok, shown_name
from game.ui.text import render_text
from server.client import RoomInfo, TableState
from server.protocol import SeatStateData, name_problem

NOT_IN_FONT = "陳張黃劉長😀김Ł"


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


def test_the_font_lacks_what_names_used_to_hold() -> None:
    """The premise, read from the font's own character map (as tests/test_fonts.py does)."""
    charset = fonts.font_charset()
    assert charset, "fontTools reads the cmap in the tests"
    assert not [ch for ch in NOT_IN_FONT if ch in charset]
    assert all(ch in charset for ch in "张陈黄刘长Ann-Marie José")
    assert not [ch for ch in NOT_IN_FONT if can_draw(ch)]


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        ("Ann", "Ann"),
        ("小明", "小明"),
        ("José Ñ", "José Ñ"),
        ("陳大文", "?大文"),  # traditional 陳: not in the subset
        ("張三😀", "?三?"),
        ("Łukasz", "?ukasz"),
        ("김민준", "???"),
        ("👨\u200d👩\u200d👧", "???"),  # the joiners are invisible: left out, not "?"
        ("a\x85b", "ab"),  # a control from an old server: left out
        ("   ", STAND_IN),  # nothing to show: a stand-in, never "" (the table said "Bot 3")
        ("", STAND_IN),
    ],
)
def test_a_name_from_the_server_shows_a_stand_in_for_what_the_font_lacks(
    sent: str, shown: str
) -> None:
    assert shown_name(sent) == shown


def test_the_client_refuses_every_character_the_server_refuses() -> None:
    """The name field's rule is the server's (server.protocol.name_problem) plus the font."""
    for cp in [*range(0x00, 0x250), *range(0x2000, 0x2070), 0x3000, 0xE000, 0xFEFF, 0x1F600]:
        ch = chr(cp)
        if name_problem(f"a{ch}") is not None:
            assert not name_char_ok(ch), f"U+{cp:04X} {unicodedata.name(ch, '?')}"


@pytest.mark.parametrize("app", [("en", (1024, 640)), ("zh", (1920, 1080))], indirect=True)
def test_the_name_field_takes_only_what_the_font_draws_and_says_why(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    asked: list[HostSpec] = []
    monkeypatch.setattr(nav, "host_table", asked.append)  # no server on every interface
    host = HostScene(nav.ctx)
    app.stack.push(host)
    app.step(DT)
    host.focus_named("name")
    app.step(DT)
    clear(app)
    type_text(app, "张")
    assert host.name_field.value == "张" and host.toast is None
    for ch in "陳😀\x85\u202e":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))  # typed or pasted
        app.step(DT)
        assert host.name_field.value == "张", repr(ch)
        assert host.toast is not None and host.toast[0] == t("net.name_char_refused", lang)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="張三"))  # 三 goes in
    app.step(DT)
    assert host.name_field.value == "张三"
    save_shot(app.screen, f"net_name_refused_{lang}_{app.screen.get_width()}.png")
    key(app, pygame.K_RETURN)
    assert [spec.name for spec in asked] == ["张三"]
    # the join screen's name field too
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    join.focus_named("name")
    app.step(DT)
    assert join.name_field.value == "张三"  # the name hosted with (forms.friends_name)
    clear(app)
    type_text(app, "Bo")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="黃b"))
    app.step(DT)
    assert join.name_field.value == "Bob"
    assert join.toast is not None and join.toast[0] == t("net.name_char_refused", lang)


# --- the lobby, with a room as the server sends it ------------------------------------------


def room_of(
    names: list[str | None], *, connected: tuple[bool, ...] = (), host: int = 0
) -> RoomInfo:
    """A room of four seats: a player's name where ``names`` has one, else a bot."""
    rules = get_preset("standard")
    seats = tuple(
        SeatStateData(
            seat=s,
            human=name is not None,
            name=name,
            bot="normal",
            connected=name is not None and (connected[s] if connected else True),
            auto=name is None,
            ready=False,
        )
        for s, name in enumerate(names)
    )
    return RoomInfo(
        code="BQ43UJ",
        name="周五晚上的麻将局 Friday-night mahjong!!",
        owner=names[host] or "",
        host=host,
        preset="standard",
        rules=rules,
        hands=2,
        phase="lobby",
        hand=0,
        dealer=0,
        points=(0, 0, 0, 0),
        seats=seats,
        turn_seconds=15.0,
        grace_seconds=3.0,
        bot_delay=0.6,
        settle_seconds=30.0,
        announce=False,
    )


class FakeClient:
    """What a session reads of its client: the room the test sets, nothing to poll."""

    url = "ws://127.0.0.1:1"

    def __init__(self, room: RoomInfo, seat: int) -> None:
        self.state = TableState(connected=True, code=room.code, seat=seat, room=room)

    def poll(self) -> list[object]:
        return []

    def leave(self) -> None:
        pass

    def start_match(self) -> None:
        pass

    def close(self, timeout: float = 0.0) -> None:
        pass


def fake_session(room: RoomInfo, seat: int, lang: str) -> NetSession:
    client = FakeClient(room, seat)
    return NetSession(client, lang=lang)  # type: ignore[arg-type]


def lobby_box_fits(app: App, lobby: NetLobbyScene) -> None:
    """Every line of the lobby inside its box (the box of draw_content)."""
    size = lobby.px(19)
    room = lobby.px(700) - lobby.px(60)
    for text, _colour, bold in lobby.lines():
        assert render_text(text, size, (0, 0, 0), bold).get_width() <= room, text


@pytest.mark.parametrize(
    "app",
    [(lang, size) for lang in ("zh", "en") for size in ((1024, 640), (1920, 1080))],
    indirect=True,
)
def test_the_lobby_shows_undrawable_and_long_names_readably(app: App) -> None:
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    ann = "欧阳娜娜Ann-Marie😀" + "長" * 6  # 24 characters, 7 the font lacks
    room = room_of([ann, "W" * 24, "   ", "Bob"])
    session = fake_session(room, 3, lang)
    lobby = NetLobbyScene(nav.ctx, session)
    app.stack.push(lobby)
    app.step(DT)
    lines = [text for text, _, _ in lobby.lines()]
    seats = lines[3:7]
    assert "欧阳娜娜Ann-Marie" in seats[0] and "長" not in seats[0] and "😀" not in seats[0]
    assert "?" in seats[0]
    # the long name cut short with an ellipsis, not run past the box
    mark = "…" if lang == "zh" else "..."
    assert "W" * 24 not in seats[1] and "W" * 8 + mark in seats[1], seats[1]
    # a name of spaces (an old server's) is a player shown as "?", not a bot
    assert t("bot.normal", lang) not in seats[2]
    assert STAND_IN in seats[2]
    lobby_box_fits(app, lobby)
    app.step(DT)
    save_shot(app.screen, f"net_lobby_names_{lang}_{app.screen.get_width()}.png")


def test_the_table_names_a_friend_as_the_font_can_show_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat panels (TableModel.seat_name): a "?" for what the font lacks, and a name of
    spaces is still a player ("?"), not "Bot 3"."""
    with running_app(window=(1024, 640), lang="en") as app:
        table = table_of(app)
        assert table is not None
        driver = table.model.driver
        monkeypatch.setattr(driver, "table_session", None, raising=False)
        monkeypatch.setattr(driver, "seat_names", [None, "陳大文", "   ", None], raising=False)
        model = table.model
        assert [model.seat_name(s) for s in (1, 2)] == ["?大文", STAND_IN]
        assert model.seat_name(3).startswith("Bot")  # a bot seat: the table's bot name
