"""The friends' table says when the server's turn timer played for the player, as the offline
table does ("table.timed_out"): the move just happened, and nothing said why. The driver's
part against a stand-in client (the engine's own hand, played to a position); the whole
game's against a real server on 127.0.0.1 at an ephemeral port, bounded, no time limits."""

from __future__ import annotations

import time
from typing import TypeVar

import pytest
from test_net_audit_driver import RULES, _Client, _position, _room
from test_net_game import QUICK_HOST, frames, net_app

from engine.round import ActionKind, EventKind, Round
from game.i18n import t
from game.nav import Navigator
from game.net.driver import NetDriver
from game.net.scenes import HostSpec
from game.net.session import NetSession
from game.table.scene import TableScene
from server.client import TableUpdate

DT = 1 / 60


def _update(rnd: Round, known: int, prompt: int | None, *, full: bool = False) -> TableUpdate:
    """Seat 0's update: the events from ``known`` on, asked ``prompt`` with its timer."""
    legal = tuple(rnd.legal_actions(0)) if prompt is not None else ()
    return TableUpdate(
        hand=1,
        full=full,
        events=tuple(e.for_seat(0) for e in rnd.events[known:]),
        view=rnd.view(0),
        legal=legal,
        prompt=prompt,
        deadline_at=None if prompt is None else time.monotonic() + 15.0,
        auto=False,
    )


C = TypeVar("C", bound=_Client)


def _asked(client_type: type[C]) -> tuple[Round, NetDriver, C]:
    """A driver asked to discard (prompt 7, its turn timer running), over a stand-in client
    of ``client_type``."""
    rnd = _position(
        lambda legal: len(legal) > 1 and all(a.kind is ActionKind.DISCARD for a in legal)
    )
    first = _update(rnd, 0, 7, full=True)
    client = client_type(_room(RULES), first)
    session = NetSession(client, lang="en")  # type: ignore[arg-type]
    session.backlog.append(first)
    driver = NetDriver.for_next_hand(session)
    assert driver is not None
    while driver.prompt is None:
        driver.update(DT)
    assert driver.deadline_at is not None and driver.timeouts == 0
    return rnd, driver, client


def _server_moves(rnd: Round, driver: NetDriver) -> None:
    """The server plays seat 0's discard and the table moves on: its update arrives."""
    known = len(rnd.events)
    rnd.apply(rnd.legal_actions(0)[0])
    driver.session.backlog.append(_update(rnd, known, None))
    while any(isinstance(n, TableUpdate) for n in driver.session.backlog):
        driver.update(DT)


def test_a_move_the_turn_timer_made_is_counted_for_the_table_to_tell() -> None:
    rnd, driver, _ = _asked(_Client)
    _server_moves(rnd, driver)  # the player never answered
    assert driver.prompt is None
    assert driver.timeouts == 1


def test_the_players_own_move_is_not_said_to_be_the_timers() -> None:
    rnd, driver, client = _asked(_Client)
    move = rnd.legal_actions(0)[0]
    driver.submit(move)
    assert client.sent == [(move, 7)]
    client.state.answered = 7  # as NetClient.act keeps it
    _server_moves(rnd, driver)
    assert driver.timeouts == 0


def test_a_move_made_by_tuo_guan_is_not_said_to_be_the_timers() -> None:
    rnd, driver, _ = _asked(_Client)
    driver._auto = True  # 托管 switched on: its bot plays, as the player asked
    _server_moves(rnd, driver)
    assert driver.timeouts == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_says_time_is_up_when_the_server_plays_for_the_player(lang: str) -> None:
    """A real table with a short turn timer, the player answering nothing: the server chooses
    the three tiles to swap for them, and the table says so."""
    with net_app(size=(1024, 640), lang=lang) as app:
        nav = Navigator(app)
        nav.main_menu()
        spec = HostSpec(name="Ann", hands=1, turn_seconds=1.0, **QUICK_HOST)  # type: ignore[arg-type]
        session = nav.host_table(spec).session
        frames(app, lambda: session.joined, play=False)
        session.client.start_match()
        frames(app, lambda: isinstance(app.stack.top, TableScene), play=False)
        table = app.stack.top
        assert isinstance(table, TableScene)
        driver = table.driver
        assert isinstance(driver, NetDriver)
        told: list[str] = []
        text = t("table.timed_out", lang)

        def chosen_for_me() -> bool:
            told.extend(x for x in app.notices.texts(lang) if x == text)
            return any(
                e.kind in (EventKind.EXCHANGE_CHOSEN, EventKind.VOID_CHOSEN) and e.seat == 0
                for e in driver.events
            )

        frames(app, chosen_for_me, play=False)
        for _ in range(3):
            app.step(DT)
            told.extend(x for x in app.notices.texts(lang) if x == text)
        assert session.client.state.answered == 0  # the player sent nothing
        assert told  # said over the table, in the player's language
