"""The friends' lobby is a waiting room: the room code large in a tile of its own with Copy
beside it and the addresses next to it, the seats as cards placed as the table places them
(this player at the bottom, the next seats right, across and left in turn order; only the
seats in play at the three- and two-seat tables), an open seat marked as waiting for a
friend, the rules above the seats and the notes under them, in a box sized to them. It was a
list of lines of one size in a fixed 520-px box whose lower half stayed empty.

Copy puts the code and the address on the clipboard; with no clipboard it says it could not
copy, and nothing breaks. Headless, zh and en, 1024x640 and 1920x1080."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest
from test_game_support import DT, post_click
from test_net_game import net_app_asked
from test_net_keyboard import key, save_shot
from test_net_names import fake_session, room_of

from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net import lobby_view
from game.net.lobby_view import LobbyLayout, Text, lobby_words
from game.net.scenes import NetLobbyScene
from game.net.session import NetSession

SIZES = [(lang, size) for lang in ("zh", "en") for size in ((1024, 640), (1920, 1080))]
ADDRESS = "192.168.1.23:8765"


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    with net_app_asked(request) as app:
        yield app


def open_lobby(
    app: App, names: list[str | None], seat: int, *, host: int = 0, players: int = 4
) -> NetLobbyScene:
    """The lobby of a room of ``players`` seats (the first of ``names``), seen from ``seat``."""
    nav = Navigator(app)
    nav.main_menu()
    room = room_of(names, host=host)
    room = dataclasses.replace(room, seats=room.seats[:players], points=room.points[:players])
    lobby = NetLobbyScene(nav.ctx, fake_session(room, seat, app.settings.lang))
    app.stack.push(lobby)
    app.step(DT)
    app.step(DT)
    return lobby


def texts_of(layout: LobbyLayout) -> list[Text]:
    return [*layout.texts, *([layout.code] if layout.code is not None else [])]


def assert_laid_out(app: App, lobby: NetLobbyScene) -> LobbyLayout:
    """Nothing of the lobby overlaps anything else of it, everything is inside its box, the
    box inside the window and above Start; the room code is the largest text of the box."""
    layout = lobby.layout()
    box = layout.box
    assert app.screen.get_rect().contains(box), box
    title_bottom = lobby.px(62)  # the screen's title, drawn by MenuScene
    assert box.top >= title_bottom
    start = lobby.start_button
    if start is not None:
        assert box.bottom <= start.rect.top, (box, start.rect)
    inner = box.inflate(-lobby.px(8), -lobby.px(8))
    tiles = [r for r in (layout.code_tile, layout.address_tile) if r is not None]
    cards = list(layout.cards.values())
    texts = texts_of(layout)
    for a, b in itertools.combinations(tiles, 2):
        assert not a.colliderect(b), (a, b)
    for a, b in itertools.combinations(cards, 2):
        assert not a.colliderect(b), (a, b)
    for block in [*tiles, *cards]:
        assert inner.contains(block), (block, box)
        for tile in tiles:
            assert block is tile or not block.colliderect(tile), (block, tile)
    for text in texts:
        assert inner.contains(text.rect), (text.text, text.rect, box)
        assert not any(text.rect.colliderect(c) for c in cards), text.text
        inside = [tile for tile in tiles if tile.contains(text.rect)]
        assert inside or not any(text.rect.colliderect(tile) for tile in tiles), text.text
    for a, b in itertools.combinations(texts, 2):
        assert not a.rect.colliderect(b.rect), (a.text, b.text)
    if layout.code is not None:
        code = layout.code
        assert layout.code_tile is not None and layout.code_tile.contains(code.rect)
        assert all(code.size > other.size for other in layout.texts)
        assert code.size >= lobby.px(19) * 2  # twice the size of the old line, at least
        assert layout.copy is not None and layout.code_tile.contains(layout.copy)
        assert not layout.copy.colliderect(code.rect)
        copy = next(c for c in lobby.controls if c.name == "copy")
        assert copy.rect == layout.copy
    return layout


def place_of(layout: LobbyLayout, seat: int) -> str:
    """Where a seat's card is, by the centre of the cards' span."""
    cards = layout.cards
    xs = [r.centerx for r in cards.values()]
    ys = [r.centery for r in cards.values()]
    rect = cards[seat]
    middle_x, middle_y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    if abs(rect.centerx - middle_x) <= 2:
        return "bottom" if rect.centery > middle_y else "top"
    assert abs(rect.centery - middle_y) <= 2 or len(cards) == 3
    return "right" if rect.centerx > middle_x else "left"


@pytest.mark.parametrize("app", SIZES, indirect=True)
@pytest.mark.parametrize(
    ("players", "seat", "expected"),
    [
        (4, 0, {0: "bottom", 1: "right", 2: "top", 3: "left"}),
        (4, 2, {2: "bottom", 3: "right", 0: "top", 1: "left"}),
        (3, 1, {1: "bottom", 2: "right", 0: "left"}),  # 三人两房: nobody across
        (2, 1, {1: "bottom", 0: "top"}),  # 两人: the other player across
    ],
)
def test_the_seats_are_cards_placed_as_at_the_table(
    app: App, players: int, seat: int, expected: dict[int, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NetSession, "addresses", lambda self: [ADDRESS] if self.is_host else [])
    names: list[str | None] = ["W" * 24, "欧阳娜娜Ann-Marie" + "明" * 7, None, "Bob"][:players]
    names[seat] = "M" * 24
    lobby = open_lobby(app, names, seat, players=players)
    layout = assert_laid_out(app, lobby)
    assert set(layout.cards) == set(range(players))  # only the seats in play
    assert {s: place_of(layout, s) for s in layout.cards} == expected
    table = layout.table
    assert table is not None
    # every word drawn (a 24-character name cut short) inside the box, a card's inside its card
    blitted: list[tuple[str, pygame.Rect]] = []
    drawn_texts(app, monkeypatch, blitted)
    assert len(blitted) >= len(layout.texts) + 2 * players
    for text, rect in blitted:
        assert layout.box.contains(rect), text
        owner = [card for card in layout.cards.values() if card.colliderect(rect)]
        assert not owner or owner[0].contains(rect), text
    for rect in layout.cards.values():  # round the table: each card's centre on its edge
        assert table.inflate(2, 2).collidepoint(rect.center), (rect, table)


@pytest.mark.parametrize("app", SIZES, indirect=True)
def test_the_host_sees_the_code_large_with_copy_and_the_address_beside_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NetSession, "addresses", lambda self: [ADDRESS])
    lobby = open_lobby(app, ["Player", None, None, None], 0)
    layout = assert_laid_out(app, lobby)
    assert layout.code is not None and layout.code.text == "BQ43UJ"
    address = next(x for x in layout.texts if x.text == ADDRESS)
    assert layout.address_tile is not None and layout.address_tile.contains(address.rect)
    assert layout.code_tile is not None and layout.address_tile.left > layout.code_tile.right
    # the box is sized to what it holds: no empty lower half (it was 520 px at 1280x800)
    lowest = max([x.rect.bottom for x in layout.texts] + [r.bottom for r in layout.cards.values()])
    assert layout.box.bottom - lowest <= lobby.px(30)
    # the notes under the seats, the rules above them
    lang = app.settings.lang
    cards_top = min(r.top for r in layout.cards.values())
    cards_bottom = max(r.bottom for r in layout.cards.values())
    for note in ("net.wait_start_host", "net.items_off"):
        lines = [x for x in layout.texts if not x.bold and x.text and x.text in t(note, lang)]
        assert lines and all(x.rect.top >= cards_bottom for x in lines), note
    rules = [x for x in layout.texts if t("net.room_turn", lang, n="15") in x.text]
    assert rules and all(x.rect.bottom <= cards_top for x in rules)
    app.step(DT)
    save_shot(app.screen, f"net_lobby_waiting_room_{lang}_{app.screen.get_width()}.png")


@pytest.mark.parametrize("app", [("en", (1024, 640)), ("zh", (1920, 1080))], indirect=True)
def test_an_open_seat_waits_for_a_friend_and_a_taken_one_names_its_player(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(NetSession, "addresses", lambda self: [])
    lobby = open_lobby(app, ["Ann", "Bob", None, None], 1)
    lang = app.settings.lang
    words = lobby_words(lobby)
    assert words is not None
    cards = {c.seat: c for c in words.seats}
    assert [cards[s].open for s in range(4)] == [False, False, True, True]
    assert cards[0].host and not cards[0].mine and cards[1].mine and not cards[1].host
    drawn = drawn_texts(app, monkeypatch)
    assert drawn.count(t("net.lobby.open_seat", lang)) == 2, "|".join(drawn)  # the two open seats
    assert "Ann" in drawn and "Bob" in drawn
    assert drawn.count(t("net.lobby.badge_host", lang)) == 1
    assert drawn.count(t("net.lobby.badge_you", lang)) == 1
    # the guest has no address to give: the code's tile alone, Copy beside the code
    layout = assert_laid_out(app, lobby)
    assert layout.address_tile is None and layout.copy is not None


def drawn_texts(
    app: App, monkeypatch: pytest.MonkeyPatch, where: list[tuple[str, pygame.Rect]] | None = None
) -> list[str]:
    """What the lobby writes on the screen in a frame (its blit_text and render_text); the
    lines it blits, with where, into ``where``."""
    drawn: list[str] = []
    real_blit, real_render = lobby_view.blit_text, lobby_view.render_text

    def blit(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        rect = real_blit(surface, text, *args, **kw)  # type: ignore[arg-type]
        if where is not None:
            where.append((text, rect))
        return rect

    def render(text: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(text)
        return real_render(text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(lobby_view, "blit_text", blit)
    monkeypatch.setattr(lobby_view, "render_text", render)
    app.step(DT)
    monkeypatch.setattr(lobby_view, "blit_text", real_blit)
    monkeypatch.setattr(lobby_view, "render_text", real_render)
    return drawn


class FakeClipboard:
    """pygame.scrap's text functions over a dict: what Copy put there."""

    def __init__(self) -> None:
        self.text = ""

    def put_text(self, text: str) -> None:
        self.text = text

    def get_text(self) -> str:
        return self.text

    def has_text(self) -> bool:
        return bool(self.text)


@pytest.mark.parametrize("app", [("en", (1024, 640)), ("zh", (1920, 1080))], indirect=True)
def test_copy_puts_the_code_and_the_address_on_the_clipboard(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    clipboard = FakeClipboard()
    for name in ("put_text", "get_text", "has_text"):
        monkeypatch.setattr(pygame.scrap, name, getattr(clipboard, name))
    monkeypatch.setattr(NetSession, "addresses", lambda self: [ADDRESS])
    lobby = open_lobby(app, ["Player", None, None, None], 0)
    lang = app.settings.lang
    copy = next(c for c in lobby.controls if c.name == "copy")
    assert copy.label == t("net.lobby.copy", lang)
    post_click(copy.rect.center)
    app.step(DT)
    assert "BQ43UJ" in clipboard.text and ADDRESS in clipboard.text
    assert lobby.toast is not None and lobby.toast[0] == t("net.lobby.copied", lang)
    # by keyboard too: Tab to Copy, Enter; and Esc still leaves (no friend: at once)
    clipboard.text = ""
    lobby.focus_named("copy")
    key(app, pygame.K_RETURN)
    assert "BQ43UJ" in clipboard.text
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not lobby and lobby.session.closed


@pytest.mark.parametrize("app", [("zh", (1024, 640)), ("en", (1920, 1080))], indirect=True)
def test_copy_without_a_clipboard_says_so_and_breaks_nothing(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_clipboard(text: str) -> None:
        raise pygame.error("No clipboard available")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    monkeypatch.setattr(NetSession, "addresses", lambda self: [])
    lobby = open_lobby(app, ["Ann", "Bob", None, None], 1)  # a guest: the code alone
    lang = app.settings.lang
    copy = next(c for c in lobby.controls if c.name == "copy")
    post_click(copy.rect.center)
    app.step(DT)
    assert lobby.toast is not None and lobby.toast[0] == t("net.lobby.copy_failed", lang)
    assert app.stack.top is lobby  # still there, and still drawn
    assert_laid_out(app, lobby)
    # a pygame without scrap (a stripped build): the same answer, no AttributeError
    monkeypatch.delattr(pygame, "scrap")
    lobby.toast = None
    lobby.copy_code()
    assert lobby.toast is not None and lobby.toast[0] == t("net.lobby.copy_failed", lang)
    app.step(DT)
    assert lobby.toast is not None and t("net.lobby.copied_code", lang) != lobby.toast[0]


@pytest.mark.parametrize("app", SIZES, indirect=True)
def test_copy_moves_with_the_box_when_the_lobby_comes_to_say_more(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection drops, three addresses show and the table could not be announced:
    the box is set closer and wider, and Copy is where its tile now is, not where it was
    built."""
    monkeypatch.setattr(NetSession, "addresses", lambda self: [ADDRESS])
    lobby = open_lobby(app, ["W" * 24, "Ann", None, "Bob"], 0)
    before = lobby.layout()
    assert_laid_out(app, lobby)
    three = [ADDRESS, "10.0.0.123:8765", "172.16.254.254:8765"]
    monkeypatch.setattr(NetSession, "addresses", lambda self: three)
    lobby.session.retrying = True
    unannounced = SimpleNamespace(announce_error="no multicast")
    stop = SimpleNamespace(server=unannounced, port=8765, stop=lambda **_: None)
    lobby.session.hosted = stop  # type: ignore[assignment]
    app.step(DT)
    after = assert_laid_out(app, lobby)  # Copy's control on the new tile
    assert after.copy != before.copy
