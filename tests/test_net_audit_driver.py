"""A fresh player's audit of the friends' table, the table's driver: the moves the table makes
for the player at a networked table as it does offline — the only legal move, a win under
自动胡, the drawn tile under 自动摸打. The hand is the engine's own, played to a position;
the server is a stand-in that keeps what the driver sends."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.actions import Action
from engine.bots import load_bot
from engine.round import ActionKind, Round
from engine.rules import RuleSet, get_preset
from game.net.driver import NetDriver
from game.net.session import NetSession
from server.client import RoomInfo, TableState, TableUpdate
from server.protocol import SeatStateData

DT = 1 / 60
RULES = get_preset("standard").with_overrides({"items": False})


def _room(rules: RuleSet) -> RoomInfo:
    seats = tuple(
        SeatStateData(
            seat=s,
            human=s == 0,
            name="Ming" if s == 0 else None,
            bot="normal",
            connected=s == 0,
            auto=s != 0,
            ready=False,
        )
        for s in range(rules.players)
    )
    return RoomInfo(
        code="ABC234",
        name="",
        owner="Ming",
        host=0,
        preset="standard",
        rules=rules,
        hands=1,
        phase="playing",
        hand=1,
        dealer=0,
        points=(0,) * rules.players,
        seats=seats,
        turn_seconds=15.0,
        grace_seconds=3.0,
        bot_delay=0.6,
        settle_seconds=30.0,
        announce=False,
    )


class _Client:
    """What the driver's session reads of its client; ``sent`` keeps each act."""

    url = "ws://127.0.0.1:1"

    def __init__(self, room: RoomInfo, update: TableUpdate) -> None:
        self.state = TableState(connected=True, code=room.code, seat=0, room=room)
        self.state.fold(update)
        self.sent: list[tuple[Action, int]] = []

    def poll(self) -> list[object]:
        return []

    def act(self, action: Action, prompt: int | None = None) -> bool:
        assert prompt is not None and action in self.state.legal
        self.sent.append((action, prompt))
        self.state.prompt, self.state.legal = None, ()
        return True

    def close(self, timeout: float = 0.0) -> None:
        pass


def _position(wanted: Callable[[list[Action]], bool]) -> Round:
    """A hand played by bots until seat 0 is asked what ``wanted`` accepts."""
    for seed in range(1, 500):
        rnd = Round.new(RULES, seed)
        bot = load_bot("greedy", seed)
        while not rnd.is_over:
            legal = rnd.legal_actions(0)
            if legal and wanted(legal):
                return rnd
            seat = rnd.pending_seats()[0]
            rnd.apply(bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
    raise AssertionError("no such position")


def _driver(rnd: Round) -> tuple[NetDriver, _Client]:
    update = TableUpdate(
        hand=1,
        full=True,
        events=tuple(e.for_seat(0) for e in rnd.events),
        view=rnd.view(0),
        legal=tuple(rnd.legal_actions(0)),
        prompt=7,
        deadline_at=None,
        auto=False,
    )
    room = _room(RULES)
    client = _Client(room, update)
    session = NetSession(client, lang="en")  # type: ignore[arg-type]
    session.backlog.append(update)
    driver = NetDriver.for_next_hand(session)
    assert driver is not None
    while driver.prompt is None:  # the update taken (its events shown first)
        driver.update(DT)
    return driver, client


def _frames(driver: NetDriver, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        driver.update(DT)


def test_the_only_discard_is_made_for_the_player() -> None:
    """ "Only 9 Characters may go: discarding it for you", said the networked table — and
    nothing went: the server's turn timer discarded it 15 seconds later, every player at
    the table waiting. Offline the table discards it after a beat; now here too."""
    rnd = _position(lambda legal: len(legal) == 1 and legal[0].kind is ActionKind.DISCARD)
    driver, client = _driver(rnd)
    only = rnd.legal_actions(0)[0]
    assert driver.human_auto_move() == only
    _frames(driver, driver.auto_beat / 2)
    assert client.sent == []  # a beat first, so that the player sees it
    driver.update(DT, hold=True)  # nothing while the table animates
    _frames(driver, driver.auto_beat)
    assert client.sent == [(only, 7)]
    _frames(driver, driver.auto_beat * 2)
    assert len(client.sent) == 1  # once


@pytest.mark.parametrize("auto_win", [True, False])
def test_auto_win_at_a_networked_table_takes_the_win(auto_win: bool) -> None:
    """The toolbar's Auto win (自动胡) was shown at a networked table and did nothing."""
    rnd = _position(lambda legal: len(legal) > 1 and any(a.kind is ActionKind.WIN for a in legal))
    driver, client = _driver(rnd)
    driver.auto_win = auto_win
    _frames(driver, driver.auto_beat * 3)
    win = next(a for a in rnd.legal_actions(0) if a.kind is ActionKind.WIN)
    assert client.sent == ([(win, 7)] if auto_win else [])
