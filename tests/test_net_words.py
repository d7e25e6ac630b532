"""What the friends' screens call things, in the reader's own language: the tables found on
the local network (full, one free seat, several), the room's name, a bot's seat named as the
table names it, the standings after the last hand. Headless, zh and en; no network."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import msgspec
import pytest
from test_game_support import DT
from test_net_game import net_app_asked, save_shot
from test_net_names import fake_session, lobby_box_fits, room_of

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.scenes import JoinScene, NetLobbyScene
from game.ui.text import seat_label
from server.client import RoomInfo
from server.discovery import FoundTable
from server.protocol import VERSION

LANGS = [("zh", (1024, 640)), ("en", (1024, 640))]


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


def found(
    free: int, *, name: str = "周五麻将", owner: str = "小明", preset: str = "standard"
) -> FoundTable:
    return FoundTable(
        service=f"t{free}",
        name=name,
        address="127.0.0.1",
        port=1,
        ticket="T" * 24,
        free=free,
        preset=preset,
        hands=8,
        phase="lobby",
        version=VERSION,
        owner=owner,
    )


EXPECTED_FOUND = {
    "zh": {
        0: "周五麻将 · 已满 · 标准血战",
        1: "周五麻将 · 空位 1 · 标准血战",
        3: "周五麻将 · 空位 3 · 标准血战",
    },
    "en": {
        0: "周五麻将 · full · Standard",
        1: "周五麻将 · 1 free seat · Standard",
        3: "周五麻将 · 3 free seats · Standard",
    },
}


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_a_found_table_says_full_and_counts_its_free_seats(app: App) -> None:
    """A full table read "0 free"; one free seat read "1 free"."""
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    for free, text in EXPECTED_FOUND[lang].items():
        assert join._table_label(found(free)) == text
    # a preset this game does not know is left out, not shown as an id or an empty part
    label = join._table_label(found(2, preset="house_rules_x"))
    assert "house_rules_x" not in label and not label.endswith("· ")


# --- the room's name -------------------------------------------------------------------------

OWNED = {"zh": ("Ann", "Ann的牌桌"), "en": ("小明", "小明's table")}


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_each_player_reads_the_table_name_in_their_own_language(app: App) -> None:
    """A table nobody named is named after its owner in the reader's language: a friend
    playing in Chinese read "Ann's table" (the host's English) in the Join list and the
    lobby. A name the opener typed stays as typed."""
    lang = app.settings.lang
    owner, shown = OWNED[lang]
    nav = Navigator(app)
    nav.main_menu()
    join = JoinScene(nav.ctx, browse=False)
    app.stack.push(join)
    app.step(DT)
    assert join._table_label(found(1, name="", owner=owner)).startswith(shown + " · ")
    assert join._table_label(found(1, name="周五麻将", owner=owner)).startswith("周五麻将 · ")
    app.stack.pop()
    names: list[str | None] = [owner, None, "Bob", None]
    for name, title in (("", shown), ("周五麻将", "周五麻将")):
        room = dataclasses.replace(room_of(names), name=name, owner=owner)
        lobby = NetLobbyScene(nav.ctx, fake_session(room, 2, lang))
        app.stack.push(lobby)
        app.step(DT)
        assert lobby.lines()[0][0] == title
        app.stack.pop()


# --- a bot's seat, and the final standings --------------------------------------------------


def over_room(points: tuple[int, ...], names: list[str | None], **changes: object) -> RoomInfo:
    room = room_of(names)
    return dataclasses.replace(room, phase="over", hand=2, points=points, **changes)  # type: ignore[arg-type]


def seat_lines(lobby: NetLobbyScene, count: int) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The lobby's seat lines (after the room's name, code, rules and, once over, the
    headline), in the order shown."""
    lines = lobby.lines()
    first = next(i for i, (text, _, _) in enumerate(lines) if "Ann" in text and i > 1)
    return lines[first : first + count]


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_a_bot_seat_has_the_tables_name_in_the_lobby(app: App) -> None:
    """The lobby called every bot "Bot (Normal)" while the table, the settlement and the
    match's end call them Bot 1..3 counted from the player's seat (seat_label): after a
    match the lobby listed "West Bot (Normal) -5 pts" right under "Bot 1 -5"."""
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    room = over_room((-5, 12, -4, -3), [None, "Ann", None, None])
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 1, lang))
    app.stack.push(lobby)
    app.step(DT)
    text = "\n".join(line for line, _, _ in lobby.lines())
    level = t("bot.normal", lang)
    for seat in (0, 2, 3):
        label = seat_label(seat, 1, lang, 4)  # as the table and the settlement name it
        assert t("net.bot_seat", lang, name=label, level=level) in text, (seat, text)
    expected = {
        "zh": ("电脑1（普通）", "电脑3（普通）"),
        "en": ("Bot 1 (Normal)", "Bot 3 (Normal)"),
    }
    assert all(name in text for name in expected[lang])
    assert seat_label(2, 1, lang, 4) == t("seat.bot", lang, n=1)  # the seat after Ann's


def ranked(lobby: NetLobbyScene, lang: str) -> list[tuple[str, str]]:
    """(place, who) of each seat line in order: the place word and the name after the wind."""
    out = []
    places = [t(f"end.place.{n}", lang) for n in (1, 2, 3, 4)]
    for text, _, _ in lobby.lines():
        place = next((p for p in places if text.startswith(p + "  ")), None)
        if place is not None:
            out.append((place, text))
    return out


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_the_final_standings_rank_the_seats_and_name_the_winner(app: App) -> None:
    """ "Final standings" led back to the lobby's seat list in seat order: no order, no
    winner. After the last hand the lobby ranks the seats by the match's points, names the
    winner, and lets equal points share a place."""
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    names: list[str | None] = ["Bob", "Ann", None, "Carl"]
    room = over_room((-5, 12, -4, -3), names)
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 0, lang))
    app.stack.push(lobby)
    app.step(DT)
    assert lobby.title_key == "net.standings"
    assert t("net.final", lang) == t("net.standings", lang)  # the button says where it goes
    rows = ranked(lobby, lang)
    assert [p for p, _ in rows] == [t(f"end.place.{n}", lang) for n in (1, 2, 3, 4)]
    assert [("Ann" in r, "Carl" in r, "Bob" in r) for _, r in rows] == [
        (True, False, False),
        (False, True, False),
        (False, False, False),  # the bot: -4
        (False, False, True),
    ]
    lines = [text for text, _, _ in lobby.lines()]
    assert t("net.winner", lang, names="Ann") in lines
    assert "+12" in rows[0][1] and "-5" in rows[3][1]
    save_shot(app.screen, f"net_standings_{lang}.png")
    # a tie for first: both first, both named, the next one third
    app.stack.pop()
    room = over_room((6, 6, -5, -7), names)
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 0, lang))
    app.stack.push(lobby)
    app.step(DT)
    rows = ranked(lobby, lang)
    first, third = t("end.place.1", lang), t("end.place.3", lang)
    assert [p for p, _ in rows][:3] == [first, first, third]
    you = t("seat.you", lang)
    joint = "你和Ann" if lang == "zh" else "You and Ann"
    assert you in joint
    assert t("net.joint_winners", lang, names=joint) in [text for text, _, _ in lobby.lines()]
    # everyone level: nobody is named the winner
    app.stack.pop()
    room = over_room((0, 0, 0, 0), names)
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 0, lang))
    app.stack.push(lobby)
    app.step(DT)
    lines = [text for text, _, _ in lobby.lines()]
    assert t("net.all_level", lang) in lines
    assert [p for p, _ in ranked(lobby, lang)] == [first] * 4


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_a_player_who_sat_down_after_the_match_is_not_ranked(app: App) -> None:
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    room = over_room((3, 2, -5, 0), ["Bob", "Ann", None, "Dee"])
    seats = list(room.seats)
    seats[3] = msgspec.structs.replace(seats[3], played=False)
    room = dataclasses.replace(room, seats=tuple(seats))
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 1, lang))
    app.stack.push(lobby)
    app.step(DT)
    rows = ranked(lobby, lang)
    assert len(rows) == 3 and not any("Dee" in r for _, r in rows)
    lines = [text for text, _, _ in lobby.lines()]
    dee = next(i for i, text in enumerate(lines) if "Dee" in text)
    assert dee > max(lines.index(r) for _, r in rows)  # listed after the ranked seats
    assert t("net.winner", lang, names="Bob") in lines
    lobby_box_fits(app, lobby)


@pytest.mark.parametrize("app", LANGS, indirect=True)
def test_the_lobbys_news_does_not_come_back_after_the_table(app: App) -> None:
    """ "Bob sat down." showed again over the final standings: the lobby's toast waited,
    its seconds frozen, under the whole match."""
    lang = app.settings.lang
    nav = Navigator(app)
    nav.main_menu()
    lobby = NetLobbyScene(nav.ctx, fake_session(room_of(["Ann", "Bob", None, None]), 0, lang))
    app.stack.push(lobby)
    app.step(DT)
    lobby.show_toast(t("net.news.joined", lang, name="Bob"), (255, 255, 255), 6.0)
    app.stack.push(JoinScene(nav.ctx, browse=False))  # a screen over it, as the table is
    app.step(DT)
    app.stack.pop()
    app.step(DT)
    assert app.stack.top is lobby and lobby.toast is None
