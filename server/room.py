"""One table on the server: seats, the match, the hand in play, the bots and the timers.

The engine runs here and only here. Each seat is told only what ``Round.view(seat)`` and
``Event.for_seat(seat)`` let it see, its legal actions and a ``prompt`` number; an action is
accepted only with the seat's current prompt and only if ``legal_actions`` lists it, so an
action meant for an earlier moment can never land on a later one. The match follows the
offline flow (engine/match.py: dealer rotation, points); items are off and there are no coins.

Everything the room does happens on the server's event loop, in plain (not async) methods:
no state is ever half-changed across an ``await``. Time is the ``clock`` the server hands in;
the automatic moves — bots, the turn timer, a dropped player's stand-in (托管), the next hand
— are one ``call_later`` timer per room, set for the earliest move that is due.

Decided here (the issue is silent):

* A player who leaves during a match gives the seat to its bot for the rest of the match;
  someone else may take it. There is no 逃跑 penalty at a friends' table.
* When no human at the table is connected, the table waits (nobody is watching); the bots
  and timers go on as soon as someone is back. An abandoned room expires (server.app).
* A player may join a match in progress on any seat without a player: the bot gives it up.
* A room has as many seats as its rules have players (4, or 3 and 2 in the short-handed
  rooms, docs/rules-short-handed.md); ``create_room`` names a bot for each seat, and a room
  of fewer seats takes the first ones.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from engine.actions import Action
from engine.bots import BOT_NAMES, Bot, load_bot
from engine.match import HandOutcome, MatchState, Transfer
from engine.round import Round
from engine.rules import RuleSet, UnknownOptionError, get_preset
from server import codec
from server.logs import log_event
from server.protocol import (
    NAME_MAX,
    Act,
    CreateRoom,
    ErrorCode,
    HandEnd,
    Joined,
    MatchEnd,
    ProtocolError,
    RoomChanged,
    RoomClosed,
    RoomData,
    SeatData,
    SeatStateData,
    Update,
    encode,
    name_problem,
)

#: Why a room closed (``RoomClosed.reason``): nobody came back to it; its host left — the
#: game hosting it stopped its server, or the last player gave up the last seat; or the
#: server stopped (or failed).
CloseReason = Literal["expired", "host_left", "shutdown"]


class Link(Protocol):
    """What a room needs of a player's connection."""

    def send(self, data: bytes) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(frozen=True)
class RoomConfig:
    """A room's settings, checked (``room_config``). ``name``: as the opener typed it ("":
    none — clients name it after ``owner``, the opener, each in its own language)."""

    name: str
    owner: str
    preset: str
    rules: RuleSet
    hands: int
    bots: tuple[str, ...]
    turn_seconds: float  # 0: no turn timer
    grace_seconds: float
    bot_delay: float
    settle_seconds: float
    announce: bool


def room_config(msg: CreateRoom) -> RoomConfig:
    """The settings of a ``create_room``: the preset and overrides through RuleSet (items
    forced off: RULES.md §8 items stay offline in this version), bots by registered name
    only — never an import path from the network. Raises ProtocolError."""
    try:
        rules = get_preset(msg.preset).with_overrides(msg.overrides)
    except UnknownOptionError as exc:
        raise ProtocolError(ErrorCode.BAD_RULES, str(exc)) from None
    rules = rules.with_overrides({"items": False, "bots_use_items": False})
    bots = tuple(b.strip().lower() for b in msg.bots)
    seats = rules.players
    if len(bots) < seats:
        raise ProtocolError(
            ErrorCode.BAD_BOT, f"{len(bots)} bots for {seats} seats: name one bot per seat"
        )
    bots = bots[:seats]
    if msg.seat >= seats:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"seat {msg.seat}: this room has seats 0-{seats - 1}"
        )
    for bot in bots:
        if bot not in BOT_NAMES:
            raise ProtocolError(
                ErrorCode.BAD_BOT, f"unknown bot {bot!r}; valid: {', '.join(BOT_NAMES)}"
            )
    for problem in (name_problem(msg.name), name_problem(msg.room_name, blank_ok=True)):
        if problem is not None:  # decode_client refused it already: checked before a room exists
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"name {problem}")
    return RoomConfig(
        name=msg.room_name.strip(),
        owner=msg.name.strip(),
        preset=msg.preset.strip().lower(),
        rules=rules,
        hands=msg.hands,
        bots=bots,
        turn_seconds=msg.turn_seconds,
        grace_seconds=msg.grace_seconds,
        bot_delay=msg.bot_delay,
        settle_seconds=msg.settle_seconds,
        announce=msg.announce,
    )


def new_token() -> str:
    """An unguessable reconnect token (or ticket): 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


@dataclass
class Member:
    """A human at a seat. ``link`` is None while the player is away (dropped)."""

    name: str
    token: str
    link: Link | None
    dropped_at: float | None = None
    auto: bool = False  # 托管 asked for by the player
    ready: bool = False  # for the next hand
    sent_events: int = 0  # events of this hand already sent on the link
    sent_prompt: int | None = None


@dataclass
class RoomHooks:
    """What the room tells the server (it changed: announcement; it closed; a hand ended) and
    asks of it (a match's seed)."""

    changed: Callable[[Room], None] = lambda room: None
    closed: Callable[[Room], None] = lambda room: None
    hand_ended: Callable[[Room, Round], None] = lambda room, rnd: None
    match_seed: Callable[[], int] = lambda: secrets.randbits(62)


@dataclass
class _Hand:
    """The hand in play and what each seat was last asked."""

    round: Round
    legal: list[list[Action]] = field(default_factory=list)
    prompts: list[int | None] = field(default_factory=list)
    since: list[float] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        n = self.round.players
        self.legal = [[] for _ in range(n)]
        self.prompts = [None] * n
        self.since = [0.0] * n


class Room:
    """One table; see the module docstring."""

    def __init__(
        self,
        code: str,
        config: RoomConfig,
        *,
        clock: Callable[[], float],
        logger: logging.Logger,
        hooks: RoomHooks | None = None,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.code = code
        self.config = config
        self.seats = config.rules.players  # 4, 3 or 2
        self.ticket = new_token() if config.announce else None
        self.members: list[Member | None] = [None] * self.seats
        self.host: int | None = None
        self.phase = "lobby"
        self.match: MatchState | None = None
        self.hand: _Hand | None = None
        self.last_settlement: HandEnd | None = None
        self.closed = False
        self._clock = clock
        self._log = logger
        self._hooks = hooks or RoomHooks()
        self._loop = loop or asyncio.get_running_loop()
        self._timer: asyncio.TimerHandle | None = None
        self._prompt_counter = 0
        self._asked = [0] * self.seats  # the last prompt each seat was given (they only grow)
        self._ended_at = 0.0
        self.empty_since: float | None = clock()  # no member connected since then
        self._rules_data = config.rules.to_dict()
        # Who sat at each seat when the last match ended (a token; None: a bot): the match's
        # points are shown only beside the same occupant, not a player who sat down since.
        self._ended_with: list[str | None] = [None] * self.seats

    # --- what members see -------------------------------------------------------------

    def room_data(self) -> RoomData:
        match = self.match
        return RoomData(
            code=self.code,
            name=self.config.name,
            owner=self.config.owner,
            host=self.host,
            preset=self.config.preset,
            rules=self._rules_data,
            hands=self.config.hands,
            phase=self.phase,  # type: ignore[arg-type]
            hand=self.hand_no,
            dealer=0 if match is None else match.dealer,
            points=[0] * self.seats if match is None else list(match.points),
            seats=[self._seat_state(s) for s in range(self.seats)],
            turn_seconds=self.config.turn_seconds,
            grace_seconds=self.config.grace_seconds,
            bot_delay=self.config.bot_delay,
            settle_seconds=self.config.settle_seconds,
            announce=self.config.announce,
        )

    def _seat_state(self, seat: int) -> SeatStateData:
        m = self.members[seat]
        bot = self.config.bots[seat]
        played = self.phase != "over" or self._ended_with[seat] == (m and m.token)
        if m is None:
            return SeatStateData(
                seat=seat,
                human=False,
                name=None,
                bot=bot,
                connected=False,
                auto=True,
                ready=True,
                played=played,
            )
        return SeatStateData(
            seat=seat,
            human=True,
            name=m.name,
            bot=bot,
            connected=m.link is not None,
            auto=m.auto,
            ready=m.ready,
            played=played,
        )

    @property
    def hand_no(self) -> int:
        """The hand in play (1 = the first), or the last one played between hands."""
        if self.match is None:
            return 0
        return self.match.hand_index + 1 if self.phase == "playing" else self.match.hand_index

    @property
    def seats_free(self) -> int:
        return sum(m is None for m in self.members)

    def connected(self) -> int:
        return sum(m is not None and m.link is not None for m in self.members)

    # --- sending ----------------------------------------------------------------------

    def _send(self, seat: int, data: bytes) -> None:
        m = self.members[seat]
        if m is not None and m.link is not None:
            m.link.send(data)

    def _broadcast(self, data: bytes) -> None:
        for seat in range(self.seats):
            self._send(seat, data)

    def _room_changed(self) -> None:
        self._broadcast(encode(RoomChanged(room=self.room_data())))
        self._hooks.changed(self)

    def _push(
        self, seat: int, shared: list[SeatData] | None, *, full: bool = False, force: bool = False
    ) -> None:
        """Send ``seat`` its table if something changed for it (new events or a new prompt),
        or anyway with ``force``."""
        m = self.members[seat]
        hand = self.hand
        if m is None or m.link is None or hand is None or self.match is None:
            return
        rnd = hand.round
        events = rnd.events
        prompt = hand.prompts[seat]
        start = 0 if full else m.sent_events
        if not (full or force) and start >= len(events) and prompt == m.sent_prompt:
            return
        view = rnd.view(seat)
        update = Update(
            hand=self.hand_no,
            full=full,
            events=[codec.event_data(e.for_seat(seat)) for e in events[start:]],
            view=codec.view_data(view, shared),
            legal=[codec.action_data(a) for a in hand.legal[seat]] if prompt is not None else [],
            prompt=prompt,
            deadline=self._deadline(seat),
            auto=m.auto,
        )
        m.link.send(encode(update))
        m.sent_events = len(events)
        m.sent_prompt = prompt

    def _push_all(self, *, full: bool = False) -> None:
        if self.hand is None:
            return
        shared = codec.seats_data(self.hand.round.view(0)) if self.connected() else None
        for seat in range(self.seats):
            self._push(seat, shared, full=full)

    def _deadline(self, seat: int) -> float | None:
        """Seconds until the turn timer plays for ``seat`` (None: no timer running)."""
        hand, m = self.hand, self.members[seat]
        if hand is None or hand.prompts[seat] is None or m is None or m.auto:
            return None
        if not self.config.turn_seconds:
            return None
        left = hand.since[seat] + self.config.turn_seconds - self._clock()
        return round(max(0.0, left), 3)

    # --- members ----------------------------------------------------------------------

    def join(self, name: str, seat: int | None, link: Link, request: int | None) -> int:
        """Seat a new player (a free seat of their choice, else the first free one)."""
        problem = name_problem(name)  # decode_client refused it already; this is the room's word
        if problem is not None:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"name {problem}")
        if seat is not None:
            self._check_seat(seat)
            if self.members[seat] is not None:
                raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {seat} has a player")
        else:
            seat = next((s for s in range(self.seats) if self.members[s] is None), None)
            if seat is None:
                raise ProtocolError(ErrorCode.ROOM_FULL, f"room {self.code} has no free seat")
        member = Member(name=self._free_name(name.strip()), token=new_token(), link=link)
        self.members[seat] = member
        if self.host is None:
            self.host = seat
        self.empty_since = None
        if self.hand is not None:
            self.hand.bots.pop(seat, None)
        log_event(self._log, logging.INFO, "seat_taken", room=self.code, seat=seat)
        self._welcome(seat, request)
        self._room_changed()
        self._schedule()
        return seat

    def _free_name(self, name: str) -> str:
        """``name``, or — when a player at the table has it already (case aside; one away
        keeps it) — ``name 2`` (3, …), shortened to fit: two players of one name could not
        be told apart (the seats, the settlement, "Ann dropped"). ``joined`` shows it."""
        taken = {m.name.casefold() for m in self.members if m is not None}
        found, n = name, 1
        while found.casefold() in taken:
            n += 1
            tail = f" {n}"
            found = name[: NAME_MAX - len(tail)].rstrip() + tail
        return found

    def _welcome(self, seat: int, request: int | None) -> None:
        m = self.members[seat]
        assert m is not None
        self._send(
            seat,
            encode(
                Joined(id=request, code=self.code, seat=seat, token=m.token, room=self.room_data())
            ),
        )
        if self.phase in ("playing", "between") and self.hand is not None:
            self._push(seat, None, full=True)
        if self.phase == "between" and self.last_settlement is not None:
            self._send(seat, encode(self.last_settlement))

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.seats:
            raise ProtocolError(
                ErrorCode.BAD_MESSAGE, f"seat {seat}: room {self.code} has seats 0-{self.seats - 1}"
            )

    def seat_of_token(self, token: str) -> int | None:
        found = None
        for seat, m in enumerate(self.members):
            # compare every seat's token, in constant time each
            if m is not None and secrets.compare_digest(m.token, token):
                found = seat
        return found

    def resume(self, token: str, link: Link, request: int | None) -> int:
        """The player of ``token`` is back on ``link``: the table exactly as it is now."""
        seat = self.seat_of_token(token)
        if seat is None:
            raise ProtocolError(ErrorCode.BAD_TOKEN, f"no seat of room {self.code} has that token")
        m = self.members[seat]
        assert m is not None
        old = m.link
        m.link, m.dropped_at = link, None
        if old is not None and old is not link:
            old.close(4000, "replaced by a newer connection")
        self.empty_since = None
        log_event(self._log, logging.INFO, "resumed", room=self.code, seat=seat)
        self._welcome(seat, request)
        self._room_changed()
        self._schedule()
        return seat

    def drop(self, seat: int, link: Link) -> None:
        """The connection of ``seat`` closed: a stand-in plays after the grace period."""
        m = self.members[seat]
        if m is None or m.link is not link:
            return  # already replaced by a newer connection
        m.link, m.dropped_at = None, self._clock()
        # The seat stays the player's (in the lobby too): the token brings them back.
        if not self.connected():
            self.empty_since = self._clock()
        log_event(self._log, logging.INFO, "dropped", room=self.code, seat=seat)
        self._pass_host()
        self._room_changed()
        self._schedule()

    def leave(self, seat: int) -> None:
        """The player gives the seat up for good (its bot plays on in a match)."""
        self.members[seat] = None
        if not self.connected():
            self.empty_since = self._clock()
        log_event(self._log, logging.INFO, "left", room=self.code, seat=seat)
        if self.hand is not None:
            self.hand.since[seat] = self._clock()
        self._pass_host()
        if all(m is None for m in self.members):
            self.close("host_left")
            return
        self._room_changed()
        self._schedule()

    def _pass_host(self) -> None:
        """The host role goes to the first connected player when the host is gone."""
        host = None if self.host is None else self.members[self.host]
        if host is not None and host.link is not None:
            return
        connected = [s for s in range(self.seats) if (m := self.members[s]) and m.link is not None]
        if connected:
            self.host = connected[0]
        elif host is None:
            self.host = next((s for s in range(self.seats) if self.members[s] is not None), None)

    def sit(self, seat: int, to: int) -> None:
        if self.phase not in ("lobby", "over"):
            raise ProtocolError(ErrorCode.WRONG_PHASE, "seats can change only between matches")
        if to == seat:
            return
        self._check_seat(to)
        if self.members[to] is not None:
            raise ProtocolError(ErrorCode.SEAT_TAKEN, f"seat {to} has a player")
        self.members[to], self.members[seat] = self.members[seat], None
        if self.host == seat:
            self.host = to
        self._welcome(to, None)  # "you sit here now", with the same token
        self._room_changed()

    def set_auto(self, seat: int, on: bool) -> None:
        m = self.members[seat]
        assert m is not None
        m.auto = on
        if self.phase == "playing":
            self._push(seat, None, force=True)  # its deadline changed
        self._room_changed()
        self._schedule()

    def ready(self, seat: int) -> None:
        m = self.members[seat]
        assert m is not None
        if self.phase != "between":
            return  # a late "ready": the next hand has begun already (settle_seconds ran out)
        m.ready = True
        self._room_changed()
        self._schedule()

    # --- the match --------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """The host starts a match (in the lobby, or again after a match)."""
        if seat != self.host:
            raise ProtocolError(ErrorCode.NOT_HOST, "only the host starts the match")
        if self.phase not in ("lobby", "over"):
            raise ProtocolError(ErrorCode.WRONG_PHASE, f"the match is {self.phase}")
        # The match seed fixes every wall: it never leaves the server.
        self.match = MatchState(self.config.rules, seed=self._hooks.match_seed())
        log_event(self._log, logging.INFO, "match_started", room=self.code, hands=self.config.hands)
        self._new_hand()

    def _new_hand(self) -> None:
        assert self.match is not None
        self.phase = "playing"
        self.last_settlement = None
        rnd = Round.new(self.config.rules, self.match.hand_seed(), self.match.dealer)
        self.hand = _Hand(rnd)
        for m in self.members:
            if m is not None:
                m.ready = False
                m.sent_events = 0
                m.sent_prompt = None
        self._refresh(actor=None)
        self._room_changed()
        self._push_all(full=True)
        self._schedule()

    def _refresh(self, actor: int | None) -> None:
        """Ask each seat that must act now, with a new prompt where the question is new."""
        hand = self.hand
        assert hand is not None
        now = self._clock()
        for seat in range(self.seats):
            legal = hand.round.legal_actions(seat)
            if not legal:
                hand.prompts[seat] = None
            elif hand.prompts[seat] is None or seat == actor or legal != hand.legal[seat]:
                self._prompt_counter += 1
                hand.prompts[seat] = self._asked[seat] = self._prompt_counter
                hand.since[seat] = now
            hand.legal[seat] = legal

    def act(self, seat: int, msg: Act) -> None:
        """A player's action: refused with an Error (nothing changes) unless it is the
        seat's own, for its current prompt, and legal now."""
        hand = self.hand
        if self.phase != "playing" or hand is None:
            raise ProtocolError(ErrorCode.WRONG_PHASE, "no hand is in play")
        if msg.action.seat != seat:
            raise ProtocolError(
                ErrorCode.NOT_YOUR_SEAT, f"you sit at seat {seat}, not {msg.action.seat}"
            )
        prompt = hand.prompts[seat]
        action = codec.action_from_data(msg.action)
        if msg.prompt > self._asked[seat]:
            # a number never given to this seat: not an answer that came too late (which a
            # client may ignore as harmless), a client that is wrong
            if prompt is None:
                raise ProtocolError(
                    ErrorCode.ILLEGAL_ACTION, f"{action}: seat {seat} need not act now"
                )
            raise ProtocolError(
                ErrorCode.ILLEGAL_ACTION,
                f"prompt {msg.prompt} was never asked; the current one is {prompt}",
            )
        if msg.prompt != prompt:
            # an earlier question: the table moved on, or the server answered it for the seat
            # (the turn timer, 托管) while this answer travelled — not the player's fault
            raise ProtocolError(
                ErrorCode.STALE_PROMPT,
                f"prompt {msg.prompt} is over; the current one is {prompt}",
            )
        if action not in hand.legal[seat]:
            raise ProtocolError(
                ErrorCode.ILLEGAL_ACTION,
                f"{action} is not legal now ({len(hand.legal[seat])} legal actions)",
            )
        self._apply(action)

    def _apply(self, action: Action) -> None:
        hand = self.hand
        assert hand is not None
        hand.round.apply(action)
        self._refresh(actor=action.seat)
        self._push_all()
        if hand.round.is_over:
            self._finish_hand()
        self._schedule()

    def _finish_hand(self) -> None:
        hand, match = self.hand, self.match
        assert hand is not None and match is not None
        rnd = hand.round
        result = rnd.result
        assert result is not None
        transfers = tuple(Transfer(e.payer, e.payee, e.amount) for e in rnd.ledger.entries)
        match.record(
            HandOutcome(
                dealer=result.dealer,
                first_winners=tuple(result.first_winners),
                first_win_from=result.first_win_from,
                first_deal_in=result.first_deal_in,
                transfers=transfers,
            )
        )
        last = match.hand_index >= self.config.hands
        settlement = codec.settlement_data(
            match.hand_index, result, rnd.ledger.entries, match.points, match.dealer, last
        )
        self.last_settlement = HandEnd(settlement=settlement)
        self._broadcast(encode(self.last_settlement))
        self._ended_at = self._clock()
        log_event(
            self._log,
            logging.INFO,
            "hand_ended",
            room=self.code,
            hand=match.hand_index,
            reason=str(result.reason),
            totals=list(result.totals),
        )
        self._hooks.hand_ended(self, rnd)
        if last:
            self.phase = "over"
            self._ended_with = [None if m is None else m.token for m in self.members]
            self._broadcast(encode(MatchEnd(hands=match.hand_index, points=list(match.points))))
            log_event(self._log, logging.INFO, "match_ended", room=self.code, points=match.points)
        else:
            self.phase = "between"
        self._room_changed()

    # --- automatic moves --------------------------------------------------------------

    def _due(self, seat: int) -> float | None:
        """When the server plays for ``seat`` (None: it waits for the player)."""
        hand = self.hand
        assert hand is not None
        if hand.prompts[seat] is None:
            return None
        cfg = self.config
        since = hand.since[seat]
        m = self.members[seat]
        if m is None or m.auto:
            return since + cfg.bot_delay
        timer = since + cfg.turn_seconds if cfg.turn_seconds else None
        if m.link is None:
            assert m.dropped_at is not None
            stand_in = max(since + cfg.bot_delay, m.dropped_at + cfg.grace_seconds)
            return stand_in if timer is None else min(stand_in, timer)
        return timer

    def _next_move(self) -> tuple[float, int | None] | None:
        """The earliest automatic move: (when, seat), seat None for the next hand."""
        if self.closed or not self.connected():
            return None  # nobody is watching: the table waits
        if self.phase == "between":
            members = [m for m in self.members if m is not None and m.link is not None]
            if members and all(m.ready for m in members):
                return (self._clock(), None)
            return (self._ended_at + self.config.settle_seconds, None)
        if self.phase != "playing" or self.hand is None:
            return None
        best: tuple[float, int | None] | None = None
        for seat in range(self.seats):
            due = self._due(seat)
            if due is not None and (best is None or due < best[0]):
                best = (due, seat)
        return best

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        move = self._next_move()
        if move is not None:
            delay = max(0.0, move[0] - self._clock())
            self._timer = self._loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        """Make the one automatic move that is due (then the timer is set again)."""
        self._timer = None
        move = self._next_move()
        if move is None:
            return
        when, seat = move
        if when > self._clock():
            self._schedule()
            return
        try:
            if seat is None:
                self._new_hand()
            else:
                self._play_for(seat)
        except Exception:  # a bug must not take the other rooms down
            log_event(self._log, logging.ERROR, "room_error", room=self.code, exc_info=True)
            self.close("shutdown")

    def _bot(self, seat: int) -> Bot:
        hand, match = self.hand, self.match
        assert hand is not None and match is not None
        bot = hand.bots.get(seat)
        if bot is None:
            seed = match.hand_seed() * 4 + seat + 1
            bot = hand.bots[seat] = load_bot(self.config.bots[seat], seed)
        return bot

    def _play_for(self, seat: int) -> None:
        """The seat's bot (or the stand-in of an absent or slow player) acts."""
        hand = self.hand
        assert hand is not None
        legal = hand.legal[seat]
        action = legal[0]
        if len(legal) > 1:
            try:
                action = self._bot(seat).choose(hand.round.view(seat), legal)
            except Exception:  # a broken bot must not stop the table
                log_event(
                    self._log, logging.ERROR, "bot_error", room=self.code, seat=seat, exc_info=True
                )
            if action not in legal:
                action = legal[0]
        self._apply(action)

    # --- closing ----------------------------------------------------------------------

    def close(self, reason: CloseReason) -> None:
        if self.closed:
            return
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._broadcast(encode(RoomClosed(reason=reason)))
        log_event(self._log, logging.INFO, "room_closed", room=self.code, reason=reason)
        self._hooks.closed(self)
