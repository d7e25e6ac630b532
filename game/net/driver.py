"""The table's driver for a networked hand: :class:`NetDriver`, beside the local
:class:`~game.table.controller.Controller` and behind the same
:class:`~game.table.driver.TableDriver` interface.

The engine runs on the server. The driver shows what the server sent this seat — its
:class:`~engine.views.PlayerView`, the events as this seat may see them, its legal actions —
and sends the human's choice (:meth:`NetDriver.submit`); the events of that choice come back
like everyone else's. :class:`NetRound` stands where the table reads a
:class:`~engine.round.Round`: views, events, wins, the ledger. Another seat's view holds no
concealed tile: the client never had one.

Items are off at network tables (:meth:`NetDriver.human_items` is empty, no table session);
coins are offline only. Leaving is not a walk-out: the server's bot plays the seat on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from engine.match import MatchState
from engine.round import Action, ActionKind, Event, EventKind, WinRecord
from engine.rules import RuleSet
from engine.settlement import Ledger, LedgerEntry
from engine.views import PlayerView
from game.net.session import NetSession
from game.profile import Profile
from game.table.controller import AUTO_BEAT_S, MatchHooks, Seating
from game.table.session import PathLike, TableSession
from server.client import HandSettled, TableUpdate

__all__ = ["NetDriver", "NetRound"]


class NetRound:
    """The hand as this seat knows it, read like the engine's Round by the table."""

    def __init__(self, driver: NetDriver) -> None:
        self._driver = driver

    @property
    def events(self) -> list[Event]:
        return self._driver.events

    @property
    def is_over(self) -> bool:
        return self._driver.is_over

    @property
    def result(self) -> HandSettled | None:
        """How the hand ended (``reason``), as the server settled it: the settlement reads
        it for a hand nobody won (it was missing, and a drawn networked hand crashed the
        settlement)."""
        return self._driver.settled

    def view(self, seat: int) -> PlayerView:
        """This seat's view; for another seat the same public table with no concealed tiles
        (the server never sent them), and none of this seat's own: no win on offer, no
        items, no item results."""
        own = self._driver.view
        if seat == own.seat:
            return own
        return dataclasses.replace(
            own,
            seat=seat,
            concealed=(0,) * len(own.concealed),
            last_drawn=None,
            own_void=own.seats[seat].void,
            void_first=False,
            blocked_tiles=(),
            blocked_value=None,
            inventory=(),
            item_results=(),
            win_score=None,
        )

    def pending_seats(self) -> list[int]:
        """Seats still to choose (换三张, 定缺). The server tells no seat when the others
        have chosen, so they count as choosing until the phase ends; this seat has chosen
        once it is no longer asked (a question voided by a dropped connection is still
        this seat's to answer)."""
        driver = self._driver
        own = driver.view.seat
        others = [s for s in range(driver.rules.players) if s != own]
        asked = driver.prompt is not None or driver.unanswered
        return sorted([*others, own]) if asked else others

    @property
    def wins(self) -> tuple[WinRecord, ...]:
        settled = self._driver.settled
        if settled is not None:
            return settled.wins
        return tuple(
            WinRecord(
                seat=e.seat,
                tile=e.tile,
                from_seat=e.from_seat,
                score=e.score,
                flags=e.flags,
                event_index=e.index,
            )
            for e in self._driver.events
            if e.kind is EventKind.WIN
            and e.seat is not None
            and e.tile is not None
            and e.score is not None
        )

    @property
    def ledger(self) -> Ledger:
        settled = self._driver.settled
        entries: Sequence[LedgerEntry]
        if settled is not None:
            entries = settled.ledger
        else:
            entries = [e.entry for e in self._driver.events if e.entry is not None]
        return Ledger(entries=list(entries), players=self._driver.rules.players)


class NetDriver:
    """One networked hand at the table (see the module docstring). Built on the hand's
    first table update (:meth:`for_next_hand`); notes of later hands stay in the session."""

    table_session: TableSession | None = None  # no coins or items at network tables
    match_session: MatchHooks | None = None
    qian_kun = False
    # 自动胡 / 自动摸打 as the player set them (the table's toolbar), and the only move made
    # for the player after a beat, as offline (human_auto_move). The offline table's own
    # turn timer is not used here: the server keeps the turn timer (deadline_left) and a
    # 托管 seat is played by its bot.
    auto_win = False
    auto_discard = False
    auto_beat = AUTO_BEAT_S  # the beat before the table makes the player's move
    turn_timer = 0.0
    plays_on = True  # the server plays on under the pause menu (it says so)

    def __init__(self, session: NetSession, first: TableUpdate) -> None:
        room = session.room
        assert room is not None
        self.session = session
        self.rules: RuleSet = room.rules
        self.hand = first.hand
        self.view: PlayerView = first.view
        self.events: list[Event] = []
        self.legal: tuple[Action, ...] = ()
        self.prompt: int | None = None
        # asked on a connection that dropped since: still this seat's to answer, once the
        # seat is back (the table shows it as choosing, with nothing to press meanwhile)
        self.unanswered = False
        self.deadline_at: float | None = None
        self.settled: HandSettled | None = None
        self.bot_pace = 0.0
        self.delta: list[int] | None = None
        # moves the server's turn timer made for the player: the table tells each one
        # ("table.timed_out", as offline); it said nothing, the move just happened. Those
        # it has told: the settlement tells the others (take_untold_timeouts)
        self.timeouts = 0
        self._timeouts_told = 0
        self.match_stamp = session.match_stamp  # the match this hand is of (its replay's name)
        self._auto = first.auto
        self._drops = session.drops  # a drop after this voids the question on screen
        self._late = session.late_moves  # a move refused as too late after this is told
        # the question a move is being made for (its prompt and choices), and for how long
        self._auto_key: tuple[int | None, tuple[Action, ...]] | None = None
        self._auto_wait = 0.0
        seat = first.view.seat
        self.seating = Seating(human=seat, bots=tuple(s.bot for s in room.seats))
        self.match = MatchState(
            rules=self.rules,
            seed=0,
            dealer=first.view.dealer,
            hand_index=first.hand - 1,
            points=list(self._points_before(session, first.hand)),
        )
        self.round = NetRound(self)

    @staticmethod
    def _points_before(session: NetSession, hand: int) -> tuple[int, ...]:
        """The match's points before ``hand``: the previous hand's settlement; at the first
        hand none; else (joined mid-match) the room's, which count the hands played."""
        room = session.room
        assert room is not None
        for done in reversed(session.client.state.settlements):
            if done.hand == hand - 1:
                return done.points
        if hand <= 1:
            return tuple([0] * room.rules.players)
        return room.points

    @classmethod
    def for_next_hand(cls, session: NetSession, after: int = 0) -> NetDriver | None:
        """A driver for the next hand after hand ``after`` whose first update has arrived,
        dropping the notes of hands already over; None while there is none yet."""
        while session.backlog:
            note = session.backlog[0]
            # a later hand, or the first of a new match at the same table
            if (
                isinstance(note, TableUpdate)
                and session.room is not None
                and (note.hand > after or (note.full and note.hand < after))
            ):
                return cls(session, note)
            session.backlog.popleft()  # a hand that is over (or its settlement)
        return None

    # --- the TableDriver interface -------------------------------------------------------

    @property
    def hand_no(self) -> int:
        return self.hand

    @property
    def is_over(self) -> bool:
        return self.settled is not None

    @property
    def auto(self) -> bool:
        return self._auto

    @auto.setter
    def auto(self, on: bool) -> None:
        """托管: the server's bot plays this seat."""
        if on != self._auto:
            self._auto = on
            self.session.client.set_auto(on)

    @property
    def hosts_others(self) -> bool:
        """This game hosts the table (its server runs here) and another player sits at it:
        leaving closes the table for them too (the pause menu asks first)."""
        session = self.session
        others = [n for s, n in enumerate(self.seat_names) if s != session.seat]
        return session.hosted is not None and any(n is not None for n in others)

    @property
    def seat_names(self) -> list[str | None]:
        """The players' names by seat (None where a bot plays: the table calls it as it
        calls its bots)."""
        room = self.session.room
        return [] if room is None else room.names()

    def human_legal(self) -> list[Action]:
        """What the player may choose now: nothing while the connection is down (it could
        not be sent; the question comes again once the seat is back)."""
        if self.prompt is None or self._auto or self.is_over or self.session.retrying:
            return []
        return list(self.legal)

    def human_items(self) -> list[Action]:
        return []

    def human_mid_hand(self) -> bool:
        return False  # leaving is not a walk-out here: the server's bot plays the seat on

    def human_won(self) -> bool:
        # Leaving after a win and skipping to the result are the offline table's: here the
        # others play on at the server, so neither is offered.
        return False

    def human_forced(self) -> bool:
        """The human's only move now is a win (a forced win, RULES.md §3.6)."""
        legal = self.human_legal()
        return len(legal) == 1 and legal[0].kind is ActionKind.WIN

    def human_auto_move(self) -> Action | None:
        """The move the table makes for the player, as offline (Controller.human_auto_move):
        the only legal one (a forced win, RULES.md §3.6; a locked hand's or the last void
        tile's discard), a win under 自动胡, the drawn tile (or a pass) under 自动摸打 once
        won; any other choice stays the player's."""
        legal = self.human_legal()
        if len(legal) <= 1:
            return legal[0] if legal else None
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        if wins:
            return wins[0] if self.auto_win else None
        view = self.view
        if not (self.auto_discard and view.seats[view.seat].won):
            return None
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        if passes:
            return passes[0]
        drawn = [a for a in legal if a.kind is ActionKind.DISCARD and a.tile == view.last_drawn]
        return drawn[0] if drawn else None

    def _auto_move(self, dt: float) -> None:
        """Make :meth:`human_auto_move` once the question has stood a beat. The table said
        "Only 9 Characters may go: discarding it for you" and nothing was discarded: the
        server's turn timer played it 15 seconds later, the whole table waiting."""
        move = self.human_auto_move()
        if move is None:
            self._auto_key = None
            return
        key = (self.prompt, self.legal)
        if key != self._auto_key:
            self._auto_key, self._auto_wait = key, 0.0
        self._auto_wait += dt
        if self._auto_wait >= self.auto_beat:
            self._auto_key = None
            self.submit(move)

    def turn_left(self) -> float | None:
        return None  # the server's timer: deadline_left, drawn by the network overlay

    def play_out(self) -> list[Event]:
        return []  # the server plays the hand; nothing is played out here

    def leave_after_win(self) -> list[Event]:
        return []

    def submit(self, action: Action) -> list[Event]:
        """Send the human's ``action`` (one of the legal ones); its events come back from the
        server with the next update, so this returns []."""
        if self.prompt is None or action not in self.legal:
            return []
        if self.session.client.act(action, self.prompt):
            self.prompt, self.legal = None, ()
        return []

    def use_item(self, action: Action) -> list[Event]:
        return []

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        """Take what the server sent for this hand (one update a frame while animations play
        out: ``hold`` waits). Returns the new events."""
        # the table told every change of timeouts before asking for this update
        # (TableScene.update): what is counted from here on is not told yet
        self._timeouts_told = self.timeouts
        session = self.session
        session.pump()
        if session.drops != self._drops:  # the connection that asked is gone
            self._drops = session.drops
            self.unanswered = self.unanswered or self.prompt is not None
            self.prompt, self.legal, self.deadline_at = None, (), None
        self._refused_late()
        events: list[Event] = []
        backlog = session.backlog
        while backlog and not hold and self.settled is None:
            note = backlog[0]
            if note.hand != self.hand:
                if note.hand < self.hand:
                    backlog.popleft()  # late news of an earlier hand
                    continue
                break  # the next hand: its own driver takes it
            backlog.popleft()
            if isinstance(note, HandSettled):
                self.settled = note
                self.prompt, self.legal, self.unanswered = None, (), False
                break
            events += self._take(note)
            if events:
                break  # one change at a time: its animations play first
        if not events and not hold:
            self._auto_move(dt)
        return events

    def _take(self, note: TableUpdate) -> list[Event]:
        self._timed_out(note)
        known = len(self.events)
        if note.full:
            fresh = [e for e in note.events if e.index >= known]
            self.events = list(note.events)
        else:
            fresh = [e for e in note.events if e.index >= known]
            self.events.extend(fresh)
        self.view = note.view
        self.prompt = note.prompt
        self.legal = note.legal if note.prompt is not None else ()
        # legal without a prompt: asked on a connection that dropped (NetSession._dropped)
        self.unanswered = note.prompt is None and bool(note.legal)
        answered = self.session.client.state.answered
        if self.prompt is not None and self.prompt <= answered and not note.full:
            # asked before our answer reached the server (a full update is the table as the
            # server has it now: after a dropped connection, an answer lost on the way is
            # asked again)
            self.prompt, self.legal = None, ()
        self.deadline_at = note.deadline_at
        self._auto = note.auto
        return fresh

    def _timed_out(self, note: TableUpdate) -> None:
        """Count it when ``note`` shows the server answered the question on screen for the
        player: it was asked with the turn timer running (not 托管), the player never
        answered it (nor did the table for them), and now it is gone. Nothing else takes a
        seat's question away mid-hand — the claims wait for every seat, and a dropped
        connection voids it before (:meth:`update`)."""
        asked = self.prompt
        if asked is None or self.deadline_at is None or self._auto:
            return
        if note.prompt == asked or self.session.client.state.answered >= asked:
            return
        self.timeouts += 1

    def _refused_late(self) -> None:
        """Count the player's moves the server refused as too late (``stale_prompt``, or
        ``wrong_phase`` when that answer ended the hand): its turn timer had answered the
        question for them while the move travelled — the player chose at the last moment,
        or the table made the only move at its beat. The timer's
        answer then goes untold by :meth:`_timed_out` (the question was answered here), and
        the hand just went on with another move than the one chosen. Not under 托管, whose
        bot plays as the player asked. Taken as the session hears it, during an animation's
        hold too."""
        late = self.session.late_moves - self._late
        if late > 0:
            self._late = self.session.late_moves
            if not self._auto:
                self.timeouts += late

    def take_untold_timeouts(self) -> int:
        """The moves the turn timer made for the player that nobody has told yet, taken as
        told now; the settlement asks every frame it is shown. The table tells them as they
        are counted, but no more once it opens the settlement over itself: the last one it
        counted (in the frame it opened it — at the instant speed, the frame the hand ended)
        and a refusal arriving after went untold. That is the player's move too late for the
        hand's last question (the win, the last discard: the timer's answer ended the hand,
        ``wrong_phase``), and the player saw a result they had not chosen, no word why. Takes
        what the server sent meanwhile (a settled hand takes no update: the next hand's
        wait in the backlog for its own driver)."""
        self.session.pump()
        self._refused_late()
        untold = self.timeouts - self._timeouts_told
        self._timeouts_told = self.timeouts
        return untold

    def walk_out(self) -> list[Event]:
        return []

    def cancel(self) -> None:
        """Nothing runs here to stop: the navigator closes the session when the table
        closes."""

    def finish(self) -> list[int]:
        """The settlement is shown: the match's points and the next dealer as the server
        reckoned them. The server hears "ready" only when the player moves on
        (:meth:`next_hand`): until then the player is still reading it."""
        if self.delta is not None:
            return self.delta
        settled = self.settled
        if settled is None:
            return [0] * self.rules.players
        self.match.points = list(settled.points)
        self.match.dealer = settled.dealer
        self.match.hand_index = settled.hand
        self.delta = list(settled.totals)
        self.session.done_hand = settled.hand
        self.session.keep_replay(settled.hand, self.match_stamp)  # this seat's record
        return self.delta

    def redeal(self, qian_kun: bool) -> bool:
        return False

    def attach_profile(
        self, profile: Profile, directory: PathLike | None = None, lang: str = "zh"
    ) -> TableSession | None:
        return None  # coins and items stay offline

    def next_hand(self) -> NetDriver:
        """The player pressed Next on the settlement: the server hears this seat is ready
        (the next hand starts when every player is, or after the room's pause). The next
        hand's driver, once its first update has arrived (else raises LookupError: the
        lobby waits for it)."""
        settled = self.settled
        if settled is not None and not settled.last:
            self.session.ready(settled.hand)
        driver = NetDriver.for_next_hand(self.session, self.hand)
        if driver is None:
            raise LookupError("the next hand has not begun")
        driver._auto = self._auto
        return driver

    @property
    def last(self) -> bool:
        """This was the match's last hand."""
        return self.settled is not None and self.settled.last

    def deadline_left(self, now: float) -> float | None:
        """Seconds until the server plays for this seat (the turn timer), None: none runs."""
        if self.deadline_at is None or self.prompt is None:
            return None
        return max(0.0, self.deadline_at - now)
