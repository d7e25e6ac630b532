"""The friends' lobby draws its seats as a table: the felt is the table, as wide as the box
and centred in it, each seat's card on it at its own edge (this player at the bottom, the
side seats at the sides, the seat across at the top) with the seats' winds in its middle.
It was a small felt drawn between the cards' centres, the cards hanging over its edges and
the felt peeking out between them.

A bot's seat before the match names its bot and says a friend who joins takes it — it said
"Open: waiting for a friend..." under the bot's name, a seat both taken and open. And three
long names sharing first place wrapped leaving "第一" alone on the headline's second line:
the lobby's centred lines are balanced. Headless, zh and en, 1024x640 and 1920x1080."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest
from test_game_support import DT
from test_net_game import net_app_asked
from test_net_lobby_waiting_room import SIZES, assert_laid_out, drawn_texts, open_lobby
from test_net_names import fake_session, room_of

from game import palette as pal
from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.lobby_view import lobby_words
from game.net.scenes import NetLobbyScene
from game.net.session import NetSession
from game.ui.text import render_text


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


@pytest.mark.parametrize("app", SIZES, indirect=True)
@pytest.mark.parametrize(("players", "seat"), [(4, 0), (4, 2), (3, 1), (2, 1)])
def test_the_felt_is_the_table_and_the_cards_sit_at_its_edges(
    app: App, players: int, seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NetSession, "addresses", lambda self: ["192.168.1.23:8765"])
    names: list[str | None] = ["Ann", None, "欧阳娜娜", None][:players]
    names[seat] = "W" * 24
    lobby = open_lobby(app, names, seat, players=players)
    layout = assert_laid_out(app, lobby)
    felt, box, px = layout.table, layout.box, lobby.px
    assert felt is not None
    assert box.inflate(-px(8), -px(8)).contains(felt), (felt, box)
    assert abs(felt.centerx - box.centerx) <= 1  # centred: the table, not a patch
    assert felt.w >= box.w * 3 // 4
    words = lobby_words(lobby)
    assert words is not None
    place = {c.seat: c.place for c in words.seats}
    edge = px(16)  # the felt round a card, at most, on the card's own side
    for s, card in layout.cards.items():
        assert felt.contains(card), (s, card, felt)  # on the table, not hanging over it
        if place[s] == 0:
            assert felt.bottom - card.bottom <= edge and abs(card.centerx - felt.centerx) <= 1
        elif place[s] == 2:
            assert card.top - felt.top <= edge and abs(card.centerx - felt.centerx) <= 1
        elif place[s] == 1:
            assert felt.right - card.right <= edge
        else:
            assert card.left - felt.left <= edge
    sides = [r for s, r in layout.cards.items() if place[s] % 2]
    assert len({r.centery for r in sides}) <= 1  # the side seats face each other
    # in its middle, each seat's wind on the side the seat sits (东 the dealer's)
    compass = layout.compass
    assert compass is not None and felt.contains(compass)
    assert not any(compass.colliderect(card) for card in layout.cards.values())
    lang = app.settings.lang
    marks = {t(f"net.lobby.wind_mark.{w}", lang) for w in range(players)}
    drawn = [x for x in layout.texts if x.text in marks and compass.contains(x.rect)]
    assert len(drawn) == players
    if lang == "zh":
        assert {x.text for x in drawn} == set("东南西北"[:players])
    me = next(x for x in drawn if x.text == t(f"net.lobby.wind_mark.{seat}", lang))
    assert me.rect.centery > compass.centery  # this player's wind toward the bottom
    app.step(DT)
    # drawn: the felt's colour round the middle, between the cards
    assert app.screen.get_at((compass.centerx, compass.top - 2))[:3] == pal.FELT


@pytest.mark.parametrize("app", SIZES, indirect=True)
@pytest.mark.parametrize("crowded", [False, True])
def test_a_bots_seat_names_its_bot_and_says_a_friend_takes_it(
    app: App, crowded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Crowded (three addresses, the table unannounced, the connection down) the lobby is
    set close, its cards on two lines: the words are still whole."""
    three = ["192.168.100.200:8765", "10.0.0.123:8765", "172.16.254.254:8765"]
    monkeypatch.setattr(NetSession, "addresses", lambda self: three[: 3 if crowded else 1])
    lobby = open_lobby(app, ["Player", None, None, None], 0)
    if crowded:
        unannounced = SimpleNamespace(announce_error="no multicast")
        stop = SimpleNamespace(server=unannounced, port=8765, stop=lambda **_: None)
        lobby.session.hosted = stop  # type: ignore[assignment]
        lobby.session.retrying = True
        app.step(DT)
        layout = assert_laid_out(app, lobby)
        assert all(r.h < lobby.px(76) for r in layout.cards.values())  # on two lines
    lang = app.settings.lang
    said = t("net.lobby.open_seat", lang)
    # not "open" under a bot's name: the seat is the bot's until a friend takes it
    assert "空位" not in said and "open" not in said.lower() and "waiting" not in said.lower()
    assert ("朋友" in said and "电脑" in said) if lang == "zh" else "friend" in said
    blitted: list[tuple[str, pygame.Rect]] = []
    drawn_texts(app, monkeypatch, blitted)
    layout = lobby.layout()
    for s in (1, 2, 3):
        card = layout.cards[s]
        inside = [text for text, rect in blitted if card.contains(rect)]
        assert said in inside, inside  # whole, not cut short, inside the card
        assert any(t("bot.normal", lang) in text for text in inside), inside  # the bot named


@pytest.mark.parametrize("app", SIZES, indirect=True)
def test_joint_winners_wrap_in_lines_of_a_length(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(NetSession, "addresses", lambda self: [])
    nav = Navigator(app)
    nav.main_menu()
    names = ["Wendy-Alexandra" + "W" * 9, "欧阳娜娜Ann-Marie" + "明" * 7]
    names.append("Maximilian-Rob" + "M" * 10)
    room = dataclasses.replace(
        room_of([*names, "Bob"], host=3), phase="over", hand=2, points=(7, 7, 7, -21)
    )
    lobby = NetLobbyScene(nav.ctx, fake_session(room, 3, app.settings.lang))
    app.stack.push(lobby)
    app.step(DT)
    words = lobby_words(lobby)
    assert words is not None and words.winners is not None
    headline = words.winners[0]
    layout = assert_laid_out(app, lobby)
    lines = [x for x in layout.texts if x.text and x.text in headline and x.bold]
    lines = [x for x in lines if x.text not in words.title]
    assert "".join(x.text for x in lines).replace(" ", "") == headline.replace(" ", "")
    assert len(lines) >= 2  # long enough to wrap at every size
    widths = [render_text(x.text, x.size, x.colour, True).get_width() for x in lines]
    assert min(widths) * 2 >= max(widths), [x.text for x in lines]  # no last word alone
