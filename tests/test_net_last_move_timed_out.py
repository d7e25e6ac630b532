"""The friends' table tells the player, once, that the server's turn timer answered their last
question of a hand (the win, the last discard) — also when the hand ended on that answer and
the settlement opened over the table. The player's own move came too late and the server
refused it (``wrong_phase``: no hand in play any more); the table tells such a refusal as the
timer's move, but it no longer updates once the settlement is open, so a refusal arriving
then — or in the very frame the table opened it — was never told: the player saw a result
they had not chosen with no word why.

A real table and settlement over a stand-in server (the engine's own hand, played by bots to
seat 0's last question of it): what the server would send is put in its inbox; every wait is
a bounded number of frames."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest
from test_net_audit_driver import RULES, _room
from test_net_game import net_app
from test_net_timeouts_told import _Server
from test_net_timer_driver import _update

from engine.actions import Action
from engine.bots import Bot, load_bot
from engine.round import ActionKind, Round
from game.app import App
from game.i18n import t
from game.nav import Navigator
from game.net.driver import NetDriver
from game.net.overlay import NetTableOverlay
from game.net.session import NetSession
from game.scenes.settlement import SettlementScene
from game.table.scene import TableKind, TableScene
from server import codec
from server.client import HandSettled, ServerError, TableUpdate, settled
from server.protocol import ErrorCode

DT = 1 / 60
PROMPT = 7
FRAMES = 600  # a bound on every wait below, never reached when all goes well
TIMED_OUT = ("table.timed_out", "settle.timed_out")


def _last_question(wanted: Callable[[list[ActionKind]], bool]) -> tuple[Round, Bot]:
    """A hand played by bots up to seat 0's last question in it (alone asked, its choices'
    kinds as ``wanted``), and the bot that plays on from there as it did."""
    for seed in range(1, 200):
        rnd, bot = Round.new(RULES, seed), load_bot("greedy", seed)
        last = None
        while not rnd.is_over:
            if rnd.pending_seats() == [0]:
                last = copy.deepcopy((rnd, bot))
            seat = rnd.pending_seats()[0]
            rnd.apply(bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
        if last is not None and wanted([a.kind for a in last[0].legal_actions(0)]):
            return last
    raise AssertionError("no such hand")


class _Hand:
    """Seat 0 asked its last question of the hand (its turn timer running) at a real table;
    the stand-in server, the notices told."""

    def __init__(self, app: App, wanted: Callable[[list[ActionKind]], bool]) -> None:
        self.app = app
        self.rnd, self.bot = _last_question(wanted)
        first = _update(self.rnd, 0, PROMPT, full=True)
        self.server = _Server(_room(RULES), first)
        session = NetSession(self.server, lang=app.settings.lang)  # type: ignore[arg-type]
        session.backlog.append(first)
        driver = NetDriver.for_next_hand(session)
        assert driver is not None
        self.driver = driver
        self.table = TableScene(
            app, driver, Navigator(app), TableKind.PLAY, [NetTableOverlay(driver)]
        )
        app.stack.push(self.table)
        self.told: list[object] = []
        notify = app.notify

        def recorded(message: object, seconds: float = 12.0) -> None:
            self.told.append(message)
            notify(message, seconds)  # type: ignore[arg-type]

        app.notify = recorded  # type: ignore[method-assign]
        self.until(lambda: bool(driver.human_legal()) and not self.table.animating)

    def until(self, done: Callable[[], bool]) -> None:
        for _ in range(FRAMES):
            if done():
                return
            self.app.step(DT)
        raise AssertionError("not reached in the frames allowed")

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step(DT)

    def choose_too_late(self) -> None:
        """The player answers with another choice than the timer's (their own move)."""
        legal = self.driver.human_legal()
        timers = self.timers_answer()
        self.table.submit(next(a for a in legal if a != timers))
        assert [prompt for _, prompt in self.server.sent] == [PROMPT]

    def timers_answer(self) -> Action:
        return self.bot.choose(self.rnd.view(0), self.rnd.legal_actions(0))

    def hand_ends(self) -> tuple[TableUpdate, HandSettled]:
        """The server's timer answers for seat 0, the others play the hand out: its update
        (to the hand's end, nothing more asked of seat 0) and its settlement."""
        rnd, known = self.rnd, len(self.rnd.events)
        rnd.apply(self.timers_answer())
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            assert seat != 0, "a question after the last"
            rnd.apply(self.bot.choose(rnd.view(seat), rnd.legal_actions(seat)))
        result = rnd.result
        assert result is not None
        points = list(result.totals)
        data = codec.settlement_data(1, result, rnd.ledger.entries, points, 1, True)
        return _update(rnd, known, None), settled(data)

    def settlement_open(self) -> bool:
        return isinstance(self.app.stack.top, SettlementScene)

    def timed_out_told(self) -> list[object]:
        said = {(t(key, "zh"), t(key, "en")) for key in TIMED_OUT}
        return [m for m in self.told if m in said]


REFUSED = ServerError(ErrorCode.WRONG_PHASE, "no hand is in play", "act")


def _win_decision(kinds: list[ActionKind]) -> bool:
    return kinds == [ActionKind.WIN, ActionKind.PASS]


def _last_discard(kinds: list[ActionKind]) -> bool:
    return len(kinds) > 1 and all(k is ActionKind.DISCARD for k in kinds)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("wanted", [_win_decision, _last_discard], ids=["win", "discard"])
def test_a_refusal_arriving_after_the_settlement_opened_is_told_there_once(
    lang: str, wanted: Callable[[list[ActionKind]], bool]
) -> None:
    with net_app(size=(1024, 640), lang=lang) as app:
        hand = _Hand(app, wanted)
        hand.choose_too_late()
        hand.server.inbox += hand.hand_ends()
        hand.until(hand.settlement_open)
        hand.frames(5)
        assert hand.timed_out_told() == []  # nothing said yet: the refusal is on its way
        hand.server.inbox.append(REFUSED)
        hand.frames(5)
        assert len(hand.timed_out_told()) == 1
        shown = t("settle.timed_out", lang)
        assert shown in app.notices.texts(lang)
        if lang == "en":
            assert shown == "Time's up: a bot made your last move for you"
        hand.frames(30)
        assert len(hand.timed_out_told()) == 1  # once
        assert hand.driver.session.take_problems() == []  # not "That cannot be done now."


def test_a_refusal_arriving_the_frame_the_table_opens_the_settlement_is_told_once() -> None:
    """At the instant speed the table opens the settlement the frame the hand's settlement
    arrives; a refusal that arrived with it was counted then, after the table had looked."""
    with net_app(size=(1024, 640), lang="en") as app:
        hand = _Hand(app, _win_decision)
        hand.choose_too_late()
        update, end = hand.hand_ends()
        hand.server.inbox.append(update)
        hand.until(lambda: len(hand.driver.events) == len(hand.rnd.events))
        hand.frames(3)
        assert not hand.settlement_open()
        hand.server.inbox += [end, REFUSED]
        hand.until(hand.settlement_open)
        hand.frames(30)
        assert len(hand.timed_out_told()) == 1


@pytest.mark.parametrize("speed", ["instant", "normal"])
def test_a_refusal_arriving_before_the_hand_ended_is_told_once(speed: str) -> None:
    """Told by the table as it arrives; the settlement does not tell it again."""
    with net_app(size=(1024, 640), lang="en") as app:
        hand = _Hand(app, _last_discard)
        hand.table.animator.speed = speed  # the moves and the wait for the settlement
        hand.choose_too_late()
        update, end = hand.hand_ends()
        hand.server.inbox += [REFUSED, update, end]
        hand.until(hand.settlement_open)
        hand.frames(30)
        assert hand.timed_out_told() == [(t("table.timed_out", "zh"), t("table.timed_out", "en"))]


def test_the_timer_answering_the_last_question_alone_is_told_once() -> None:
    """The reverse: the player never answered, the timer's answer ended the hand. The table
    tells it from the timer's update (which always ends in the hand's end event, before the
    settlement), and the settlement does not tell it again."""
    with net_app(size=(1024, 640), lang="en") as app:
        hand = _Hand(app, _win_decision)
        hand.server.inbox += hand.hand_ends()
        hand.until(hand.settlement_open)
        hand.frames(30)
        assert hand.server.sent == []
        assert len(hand.timed_out_told()) == 1
