"""What the friends' screens call things, in the reader's own language: the tables found on
the local network (full, one free seat, several), the room's name, a bot's seat named as the
table names it, the standings after the last hand. Headless, zh and en; no network."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_game_support import DT
from test_net_game import net_app
from test_net_names import fake_session, room_of

from game.app import App
from game.nav import Navigator
from game.net.scenes import JoinScene, NetLobbyScene
from server.discovery import FoundTable
from server.protocol import VERSION

LANGS = [("zh", (1024, 640)), ("en", (1024, 640))]


@pytest.fixture
def app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[App]:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    lang, size = getattr(request, "param", ("en", (1024, 640)))
    with net_app(size, lang) as app:
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
