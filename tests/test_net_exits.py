"""The ways out of a friends' table, as a player takes them: the settlement's Main menu (Tab,
Enter) after the server closed the table meanwhile, the Join screen left below the table. A
real game against a real server on 127.0.0.1 at an ephemeral port."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import ClassVar

import pygame
import pytest
from test_game_support import post_key
from test_net_game import DT, frames, net_app, poll_until, save_shot

import game.net.scenes
from game.nav import Navigator
from game.net.scenes import JoinScene
from game.scenes.pause import PauseScene
from game.scenes.settlement import SettlementScene
from game.table.scene import TableScene
from server.client import NetClient
from server.host import HostedServer
from server.scripted import QUICK_ROOM
from server.words import close_text


class _Browser:
    """Stands in for the local network's table browser (no multicast in a test)."""

    made: ClassVar[list[_Browser]] = []

    def __init__(self, **_: object) -> None:
        self.closed = False
        _Browser.made.append(self)

    def start(self) -> None:
        pass

    def tables(self) -> list[object]:
        return []

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def browsers(monkeypatch: pytest.MonkeyPatch) -> list[_Browser]:
    _Browser.made = []
    monkeypatch.setattr(game.net.scenes, "TableBrowser", _Browser)
    return _Browser.made


def _tab() -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_TAB, mod=0, unicode="", scancode=0))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_main_menu_after_the_server_closed_the_table_at_the_settlement_says_so(
    lang: str,
    hosted: HostedServer,
    browsers: list[_Browser],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Joined through Main menu → Play with friends → Join; the server closes the table while
    the player reads a settlement (nothing listens to the table then). Main menu (Tab to
    it, Enter) lands on the main menu and says the table was closed — it said nothing: what
    had arrived was never read. And the Join screen it passed over no longer looks for
    tables: it looked on under the table, and after Main menu for the rest of the game."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=2, **{**QUICK_ROOM, "settle_seconds": 30.0})
        poll_until(host, lambda: host.state.code is not None)
        with net_app(lang=lang) as app:
            nav = Navigator(app)
            menu = nav.main_menu()
            nav.friends()
            nav.friends_join()
            join = app.stack.top
            assert isinstance(join, JoinScene)
            app.step(DT)  # its first frame: it looks for the local network's tables
            assert len(browsers) == 1 and join.browser is browsers[0]
            lobby = nav.join_table(hosted.url, "Bob", code=host.state.code or "")
            session = lobby.session
            assert browsers[0].closed  # covered by the table: not looking meanwhile
            frames(app, lambda: session.joined)
            host.set_auto(True)  # the host's seat plays itself
            host.start_match()

            def at_settlement() -> bool:
                host.poll()
                return isinstance(app.stack.top, SettlementScene)

            frames(app, at_settlement)
            settlement = app.stack.top
            assert isinstance(settlement, SettlementScene)
            hosted.stop()  # the server closes the table: it tells every seat
            poll_until(host, lambda: not session.client.running)  # told, and nothing more
            for _ in range(3):
                app.step(DT)
            assert app.stack.top is settlement  # still read; nothing listens to the table
            _tab()  # no Review at a friends' table: Main menu comes first
            app.step(DT)
            assert settlement.focus == "menu"
            post_key(pygame.K_RETURN)
            app.step(DT)
            assert app.stack.top is menu and app.stack.scenes == (menu,)
            assert session.closed
            assert menu.toast is not None and menu.toast[0] == close_text("shutdown", lang)
            assert all(b.closed for b in browsers)  # nobody looks for tables any more
            for _ in range(3):
                app.step(DT)
            save_shot(app.screen, f"net_exit_closed_at_settlement_{lang}.png")
    finally:
        host.close()


@pytest.mark.parametrize("where", ["table", "pause"])
def test_a_table_lost_after_the_language_changed_at_it_is_told_in_that_language(
    where: str, hosted: HostedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Joined in English, switched to Chinese at the table (the pause menu's settings): the
    server closes the table — seen at the table, or under the pause menu and Leave pressed —
    and the menu says so in Chinese. It said it in English, the language the lobby had last
    passed to the connection."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    assert hosted.url is not None
    host = NetClient(hosted.url).start()
    try:
        host.create_room("Ann", hands=4, **{**QUICK_ROOM, "bot_delay": 0.05})
        poll_until(host, lambda: host.state.code is not None)
        with net_app(lang="en") as app:
            nav = Navigator(app)
            menu = nav.main_menu()
            lobby = nav.join_table(hosted.url, "Bob", code=host.state.code or "")
            session = lobby.session
            frames(app, lambda: session.joined)
            host.start_match()
            frames(app, lambda: isinstance(app.stack.top, TableScene))
            table = app.stack.top
            assert isinstance(table, TableScene)
            nav.pause(table)
            pause = app.stack.top
            assert isinstance(pause, PauseScene)
            nav.settings_changed(dataclasses.replace(app.settings, lang="zh"))
            app.step(DT)
            if where == "table":
                pause.resume()
                app.step(DT)
                assert app.stack.top is table and table.lang == "zh"
            hosted.stop()
            if where == "pause":
                poll_until(host, lambda: not session.client.running)  # told, unread
                pause.leave()  # not a walk-out at a friends' table: straight out
            frames(app, lambda: app.stack.top is menu, play=False)
            assert menu.toast is not None and menu.toast[0] == close_text("shutdown", "zh")
    finally:
        host.close()
