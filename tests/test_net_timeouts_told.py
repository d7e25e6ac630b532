"""A move the server's turn timer made for the player is told ("Time's up: a bot made this
move for you") also when the player's own move was on its way: the server refuses that one as
too late (stale_prompt), the hand goes on with the timer's move, and the table said nothing —
the player had answered, so the question's going away was not the timer's. Told as the
refusal arrives, during an animation's hold too. The hand is the engine's own, played to a
position; the server a stand-in that keeps what the driver sends and delivers what it is
given."""

from __future__ import annotations

from test_net_audit_driver import _Client
from test_net_timer_driver import _asked, _update

from engine.round import Round
from game.net.driver import NetDriver
from server.client import ServerError
from server.protocol import ErrorCode

DT = 1 / 60


class _Server(_Client):
    """The stand-in client, with what the server sends next (``inbox``) and the answer it
    keeps as NetClient.act does (``answered``)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.inbox: list[object] = []

    def poll(self) -> list[object]:
        out, self.inbox = self.inbox, []
        for note in out:
            self.state.fold(note)  # type: ignore[arg-type]
        return out

    def act(self, action: object, prompt: int | None = None) -> bool:
        sent = super().act(action, prompt)  # type: ignore[arg-type]
        assert prompt is not None
        self.state.answered = max(self.state.answered, prompt)
        return sent


def _too_late(rnd: Round, driver: NetDriver, client: _Server, *, hold: bool) -> None:
    """The player discards; the server's timer had discarded for them already: the timer's
    update, then the refusal of the player's move, arrive (``hold``: while the table's
    animations hold the driver)."""
    chosen = rnd.legal_actions(0)[-1]
    driver.submit(chosen)
    assert client.sent == [(chosen, 7)]
    known = len(rnd.events)
    rnd.apply(rnd.legal_actions(0)[0])  # the timer's move, not the one chosen
    client.inbox += [
        _update(rnd, known, None),
        ServerError(ErrorCode.STALE_PROMPT, "prompt 7 is over; the current one is 8", "act"),
    ]
    driver.update(DT, hold=hold)


def test_a_move_refused_as_too_late_is_told_as_the_timers() -> None:
    rnd, driver, client = _asked(_Server)
    _too_late(rnd, driver, client, hold=False)
    while driver.session.backlog:
        driver.update(DT)
    assert driver.timeouts == 1  # once: the timer's update does not count it again
    assert driver.session.take_problems() == []  # and no refusal is shown beside it


def test_told_during_an_animations_hold() -> None:
    rnd, driver, client = _asked(_Server)
    _too_late(rnd, driver, client, hold=True)
    assert driver.timeouts == 1  # the table says so at its next frame, not after the hold
    while driver.session.backlog:
        driver.update(DT)
    assert driver.timeouts == 1


def test_a_late_move_under_tuo_guan_is_not_the_timers() -> None:
    rnd, driver, client = _asked(_Server)
    driver._auto = True  # 托管 switched on as the move travelled: its bot played, as asked
    _too_late(rnd, driver, client, hold=False)
    assert driver.timeouts == 0


def test_a_move_refused_as_the_hand_ended_is_told_as_the_timers_not_as_not_now() -> None:
    """The timer's move ended the hand while the player's travelled: the server answers
    wrong_phase (no hand in play). It said "That cannot be done now." over the table."""
    rnd, driver, client = _asked(_Server)
    driver.submit(rnd.legal_actions(0)[0])
    client.inbox.append(ServerError(ErrorCode.WRONG_PHASE, "no hand is in play", "act"))
    driver.update(DT)
    assert driver.timeouts == 1
    assert driver.session.take_problems() == []
