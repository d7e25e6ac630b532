"""The others at a networked table are told when a friend drops, comes back, sits down,
leaves (a bot takes the seat) and when the host changes — in words, zh and en, by name —
and see at a glance who is away ("Carl · reconnecting…" in the lobby, "reconnecting..." on
the seat panel). Before, Carl's panel still read "Carl" while he was gone, then silently
"Bot 1"; the host silently became "Bot 3"; the lobby showed no connection at all."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import msgspec
import pytest
from test_game_support import DT, running_app, table_of
from test_net_game import net_app_asked, poll_until
from test_net_keyboard import save_shot
from test_net_names import fake_session, room_of

from engine.round import ActionKind
from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.driver import NetDriver
from game.net.news import News, RoomWatch, news_text, room_news
from game.net.overlay import NetTableOverlay
from game.net.scenes import NetLobbyScene
from game.net.session import NetSession
from game.table.scene import TableScene
from game.ui.text import render_text
from server.client import NetClient, RoomInfo
from server.host import HostedServer
from server.scripted import QUICK_ROOM, quick_config

LIMIT_S = 60.0  # a hang guard, not a time assertion


def seats_changed(room: RoomInfo, seat: int, **changes: object) -> RoomInfo:
    seats = list(room.seats)
    seats[seat] = msgspec.structs.replace(seats[seat], **changes)
    return dataclasses.replace(room, seats=tuple(seats))


def test_what_changed_between_two_rooms() -> None:
    """Ann (0) hosts, Bob (1) is this player, Carl (2), a bot in 3."""
    base = room_of(["Ann", "Bob", "Carl", None])
    dropped = seats_changed(base, 2, connected=False)
    assert room_news(base, dropped, 1) == [News("dropped_seat", "Carl")]  # the lobby: no hand
    playing = dataclasses.replace(base, phase="playing")
    assert room_news(playing, seats_changed(playing, 2, connected=False), 1) == [
        News("dropped", "Carl")
    ]
    assert room_news(dropped, base, 1) == [News("back", "Carl")]
    left = seats_changed(base, 2, human=False, name=None, connected=False)
    assert room_news(base, left, 1) == [News("left", "Carl")]
    assert room_news(left, base, 1) == [News("joined", "Carl")]
    moved = seats_changed(left, 3, human=True, name="Carl", connected=True)
    assert room_news(base, moved, 1) == [News("moved", "Carl")]
    # the host leaves: a bot takes the seat, and the host role passes on — to this player
    host_left = dataclasses.replace(
        seats_changed(base, 0, human=False, name=None, connected=False), host=1
    )
    assert room_news(base, host_left, 1) == [News("left", "Ann"), News("host_you", "")]
    # ... or to someone else, told by name
    assert room_news(base, dataclasses.replace(host_left, host=2), 1)[-1] == News("host", "Carl")
    # this player's own seat is not news to them (their own connection has its own line)
    assert room_news(base, seats_changed(base, 1, connected=False), 1) == []
    assert room_news(base, base, 1) == []


def test_a_watch_tells_each_change_once_and_nothing_at_first() -> None:
    base = room_of(["Ann", "Bob", "Carl", None])
    watch = RoomWatch()
    assert watch.take(None, 1) == []
    assert watch.take(base, 1) == []  # the first room seen is the baseline
    dropped = seats_changed(base, 2, connected=False)
    assert watch.take(dropped, 1) == [News("dropped_seat", "Carl")]
    assert watch.take(dropped, 1) == []  # told once
    other = dataclasses.replace(dropped, code="ZZZZZZ")
    assert watch.take(other, 1) == []  # another room: a new baseline
    # this player sat elsewhere (between matches): their old seat emptying is not news
    moved = seats_changed(seats_changed(other, 1, human=False, name=None), 3, human=True)
    assert watch.take(moved, 3) == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_sentence_has_words_and_no_internal_ids(lang: str) -> None:
    for kind in ("dropped", "dropped_seat", "back", "left", "joined", "moved", "host"):
        text = news_text(News(kind, "Carl"), lang)
        assert "Carl" in text and "{" not in text and "seat" not in text.split("Carl")[0]
        assert "net." not in text
    assert news_text(News("host_you", ""), lang) == t("net.news.host_you", lang)


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_marks_who_is_away_and_says_what_changed(app: App, lang: str) -> None:
    app.settings.lang = lang
    nav = Navigator(app)
    nav.main_menu()
    base = room_of(["Ann", "Bob", "Carl", None])
    session = fake_session(base, 1, lang)
    lobby = NetLobbyScene(nav.ctx, session)
    app.stack.push(lobby)
    app.step(DT)
    assert lobby.toast is None  # the room as first seen is no news
    away = t("net.seat_away", lang)
    assert not any(away in text for text, _, _ in lobby.lines())
    client = cast(object, session.client)
    client.state.room = seats_changed(base, 2, connected=False)  # type: ignore[attr-defined]
    app.step(DT)
    carl = next(line for line in lobby.lines() if "Carl" in line[0])
    assert carl[0].endswith(f"Carl · {away}") and carl[1] != lobby.lines()[4][1]
    assert lobby.toast is not None and lobby.toast[0] == t(
        "net.news.dropped_seat", lang, name="Carl"
    )
    save_shot(app.screen, f"net_lobby_away_{lang}.png")
    # Ann leaves: a bot takes her seat and Bob is the host now — both said
    host_left = seats_changed(base, 0, human=False, name=None, connected=False)
    client.state.room = dataclasses.replace(host_left, host=1)  # type: ignore[attr-defined]
    app.step(DT)
    assert lobby.toast is not None
    assert t("net.news.left", lang, name="Ann") in lobby.toast[0]
    assert t("net.news.host_you", lang) in lobby.toast[0]
    assert lobby.start_button is not None  # and may start the match
    save_shot(app.screen, f"net_lobby_host_left_{lang}.png")


class _Driver:
    """A networked driver as the overlay sees it, over an offline table."""

    auto = False

    def __init__(self, session: NetSession) -> None:
        self.session = session

    def deadline_left(self, now: float) -> float | None:
        return None


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_the_table_marks_who_is_away_and_news_fits_its_box(
    lang: str, window: tuple[int, int], home: Path
) -> None:
    """Offline seat 0 is this player; 24-character names; more news than there is room for
    waits out of sight rather than reach the left seat's panel."""
    long_carl = "W" * 24
    base = room_of([None, None, long_carl, "欧阳娜娜Ann-Marie" + "長" * 7], host=3)
    base = seats_changed(base, 0, human=True, name="Me", connected=True)
    with running_app(window=window, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        session = fake_session(base, 0, lang)
        overlay = NetTableOverlay(cast(NetDriver, _Driver(session)))
        table.add_overlay(overlay)
        app.step(DT)
        client = cast(object, session.client)
        rooms = [
            seats_changed(base, 2, connected=False),
            base,
            seats_changed(base, 2, human=False, name=None, connected=False),
        ]
        gone = dataclasses.replace(
            seats_changed(rooms[-1], 3, human=False, name=None, connected=False), host=0
        )
        rooms.append(gone)
        for room in rooms[:1]:
            client.state.room = room  # type: ignore[attr-defined]
            app.step(DT)
        # away: marked on the seat's panel where a bot's level goes
        assert table.model.levels[2] == t("net.seat_away", lang)
        for room in rooms[1:]:
            client.state.room = room  # type: ignore[attr-defined]
            app.step(DT)
        assert table.model.levels[2] != t("net.seat_away", lang)
        texts = [text for text, _ in overlay.lines()]
        assert texts[-1] == t("net.news.host_you", lang)
        mark = "…" if lang == "zh" else "..."
        assert any(mark in text and "WWW" in text for text in texts)  # cut short
        assert not any(long_carl in text for text in texts)
        box, rows = overlay.layout()
        lay = table.layout
        for text, colour, bold, _y in rows:
            width = render_text(text, lay.font_small, colour, bold).get_width()
            assert box.x + lay.px(8) + width <= box.right - lay.px(8), text
        panels = table.model.panels
        assert box.right < panels[2].left and box.bottom <= panels[3].top
        assert rows[-1][0] in t("net.news.host_you", lang)  # the newest is what shows
        app.step(DT)
        save_shot(app.screen, f"net_table_news_{lang}_{window[0]}.png")


def test_a_friend_drops_comes_back_and_leaves_and_the_host_leaves(app: App) -> None:
    """Over a real server on 127.0.0.1: Bob's table while Carl's game dies, resumes, gives
    the seat up, and Ann (the host) leaves."""
    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    clients: list[NetClient] = []
    try:
        assert server.wait_ready(10), server.error
        url = server.url
        assert url is not None
        ann = NetClient(url).start()
        carl = NetClient(url).start()
        clients += [ann, carl]
        room = {**QUICK_ROOM, "turn_seconds": 0.0, "grace_seconds": 0.5, "settle_seconds": 60.0}
        ann.create_room("Ann", hands=1, **room)
        poll_until(ann, lambda: ann.state.code is not None)
        code = ann.state.code
        assert code is not None
        ann.set_auto(True)
        carl.join("Carl", code=code, seat=2)
        poll_until(carl, lambda: carl.state.seat is not None)
        carl.set_auto(True)
        nav = Navigator(app)
        nav.main_menu()
        lobby = nav.join_table(url, "Bob", code=code)
        session = lobby.session

        def run_until(done: object) -> None:
            deadline = time.monotonic() + LIMIT_S
            while not done():  # type: ignore[operator]
                assert time.monotonic() < deadline, "hang"
                app.step(DT)
                for c in clients:
                    c.poll()
                top = app.stack.top
                if isinstance(top, TableScene) and not top.animating:
                    legal = [a for a in top.driver.human_legal() if a.kind is ActionKind.PASS]
                    if legal:  # stay in the hand (pass a claim); never discard to the end
                        top.submit(legal[0])
                time.sleep(0.002)

        run_until(lambda: session.joined)
        ann.start_match()
        run_until(lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        overlay = table.overlay(NetTableOverlay)
        assert overlay is not None
        room_now = session.room
        assert room_now is not None and room_now.phase == "playing"

        def told(text: str) -> bool:
            return any(text == line for line, _ in overlay.lines())

        carl.close(0.5)  # Carl's game dies: no goodbye
        clients.remove(carl)
        run_until(lambda: told("Carl dropped; a bot stands in."))
        assert table.model.seat_name(2) == "Carl"
        assert table.model.levels[2] == "reconnecting..."
        again = NetClient(url).start()
        clients.append(again)
        token = carl.state.token
        assert token is not None
        again.resume(code, token)
        run_until(lambda: told("Carl is back."))
        assert table.model.levels[2] != "reconnecting..."
        again.leave()
        run_until(lambda: told("Carl left; a bot takes the seat."))
        assert table.model.seat_name(2) == "Bot 1"  # the table's name for a bot, after news
        ann.leave()
        run_until(lambda: told("You are the host now."))
        assert told("Ann left; a bot takes the seat.")
        assert session.is_host
        save_shot(app.screen, "net_table_friends_left_en.png")
    finally:
        for c in clients:
            c.close(0.5)
        server.stop()
