"""The client side of a networked table, without pygame.

Two layers:

* :class:`AsyncClient` — one WebSocket connection in asyncio, messages as protocol Structs
  (tests, the benchmark, any asyncio program).
* :class:`NetClient` — what the game uses: the connection lives on a background thread with
  its own event loop; the pygame loop calls request methods (``create_room``, ``join``,
  ``act`` ...) that return at once, and :meth:`NetClient.poll` once a frame, which never
  waits and returns what arrived as *notes* holding the engine's own types —
  ``PlayerView``, ``Event``, ``Action``, ``LedgerEntry`` — so the table scene draws a
  networked table from the same objects it draws offline. A dropped connection is resumed
  with the seat's token, on its own.

A seat's own record of each hand (what that seat saw) is :meth:`NetClient.seat_replay`.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.actions import Action
from engine.round.events import EndReason, Event, WinRecord
from engine.rules import RuleSet, UnknownOptionError
from engine.settlement import LedgerEntry
from engine.views import PlayerView
from server import codec
from server.protocol import (
    MAX_FRAME_BYTES,
    Act,
    Auto,
    ClientMessage,
    CreateRoom,
    Error,
    ErrorCode,
    EventData,
    HandEnd,
    Joined,
    JoinRoom,
    Leave,
    Limits,
    MatchEnd,
    OptionValue,
    Ping,
    Pong,
    ProtocolError,
    Ready,
    Resume,
    RoomChanged,
    RoomClosed,
    RoomData,
    SeatStateData,
    ServerMessageT,
    SettlementData,
    Sit,
    Start,
    TokenBucket,
    Update,
    Welcome,
    decode_server,
    encode,
)
from server.words import close_text, error_text

__all__ = [
    "AsyncClient",
    "Connected",
    "ConnectionLost",
    "HandSettled",
    "MatchOver",
    "NetClient",
    "Note",
    "Reconnected",
    "RoomGone",
    "RoomInfo",
    "SeatJoined",
    "SeatReplay",
    "ServerError",
    "TableState",
    "TableUpdate",
    "read_seat_replay",
]


# --- asyncio, wire level ------------------------------------------------------------------


class AsyncClient:
    """One connection, messages as protocol Structs. ``welcome`` is the server's greeting."""

    def __init__(self, ws: ClientConnection, welcome: Welcome) -> None:
        self.ws = ws
        self.welcome = welcome

    @classmethod
    async def connect(cls, url: str, *, open_timeout: float = 10.0) -> AsyncClient:
        ws = await connect(
            url, open_timeout=open_timeout, max_size=4 * MAX_FRAME_BYTES, compression=None
        )
        try:
            first = decode_server(await asyncio.wait_for(ws.recv(), open_timeout))
        except BaseException:
            await ws.close()
            raise
        if not isinstance(first, Welcome):
            await ws.close()
            raise ProtocolError(ErrorCode.BAD_MESSAGE, f"expected welcome, got {first!r:.80}")
        return cls(ws, first)

    async def send(self, message: ClientMessage) -> None:
        await self.ws.send(encode(message), text=True)

    async def send_raw(self, data: str | bytes) -> None:
        """Anything at all (tests of the server's defences)."""
        await self.ws.send(data)

    async def recv(self) -> ServerMessageT:
        """The next message; raises ConnectionClosed when the connection is gone."""
        return decode_server(await self.ws.recv())

    async def close(self) -> None:
        await self.ws.close()


# --- notes: what NetClient.poll returns ---------------------------------------------------


@dataclass(frozen=True)
class RoomInfo:
    """A room as the server shows it, rules as a RuleSet. ``seats`` say who sits where."""

    code: str
    name: str  # "": none given (the screens name it after ``owner``)
    owner: str
    host: int | None
    preset: str
    rules: RuleSet
    hands: int
    phase: Literal["lobby", "playing", "between", "over"]
    hand: int
    dealer: int
    points: tuple[int, ...]
    seats: tuple[SeatStateData, ...]
    turn_seconds: float
    grace_seconds: float
    bot_delay: float
    settle_seconds: float
    announce: bool

    def names(self) -> list[str | None]:
        """The players' names by seat (None: a bot sits there)."""
        return [s.name if s.human else None for s in self.seats]


@dataclass(frozen=True)
class Connected:
    """The connection is up (``limits``: what the server accepts)."""

    server: str
    limits: Limits


@dataclass(frozen=True)
class SeatJoined:
    """You sit at ``seat`` of room ``code``; ``token`` brings you back to it."""

    code: str
    seat: int
    token: str
    room: RoomInfo
    request: int | None


@dataclass(frozen=True)
class RoomUpdated:
    room: RoomInfo


@dataclass(frozen=True)
class TableUpdate:
    """The table for your seat: ``events`` (all of the hand when ``full``, else the new ones)
    as your seat may see them, your ``view``, and — when ``prompt`` is set — the ``legal``
    actions to choose from. ``deadline_at``: ``time.monotonic()`` when the server will play
    for you (None: no timer)."""

    hand: int
    full: bool
    events: tuple[Event, ...]
    view: PlayerView
    legal: tuple[Action, ...]
    prompt: int | None
    deadline_at: float | None
    auto: bool


@dataclass(frozen=True)
class HandSettled:
    """A finished hand, the same at every seat: the ledger, this hand's totals, the match's
    points after it, the next dealer; ``last``: the match is over."""

    hand: int
    reason: EndReason
    drawn: bool
    wins: tuple[WinRecord, ...]
    ledger: tuple[LedgerEntry, ...]
    totals: tuple[int, ...]
    points: tuple[int, ...]
    dealer: int
    last: bool


@dataclass(frozen=True)
class MatchOver:
    hands: int
    points: tuple[int, ...]


@dataclass(frozen=True)
class ServerError:
    """The server refused a request (nothing changed). ``local``: not the server's word but
    this client's — what the server sent could not be read (``code`` says how: another
    version, or a message that is not one); the player is not told the server could not
    read something."""

    code: ErrorCode
    message: str  # for logs; show text(lang) to the player
    request: str | None
    request_id: int | None = None
    local: bool = False

    def text(self, lang: str = "zh") -> str:
        return error_text(self.code, lang)


@dataclass(frozen=True)
class RoomGone:
    """The room was closed (``reason``: expired, host_left, shutdown)."""

    reason: str

    def text(self, lang: str = "zh") -> str:
        return close_text(self.reason, lang)


@dataclass(frozen=True)
class ConnectionLost:
    """The connection is down; ``retrying``: the client is trying to get the seat back.
    ``replaced``: the server closed it because another connection resumed this seat with its
    token (close code 4000) — the seat is in use elsewhere, so the client does not retry
    (taking it back would knock that one off, which would come back in turn). ``foreign``:
    something answered at the address, but not a table server of this protocol (a web
    server, another program's port): not "nobody answered"."""

    reason: str
    retrying: bool
    replaced: bool = False
    foreign: bool = False


@dataclass(frozen=True)
class Reconnected:
    """The connection is back (the seat's table follows as a full TableUpdate)."""


@dataclass(frozen=True)
class Ponged:
    request_id: int | None


Note = (
    Connected
    | SeatJoined
    | RoomUpdated
    | TableUpdate
    | HandSettled
    | MatchOver
    | ServerError
    | RoomGone
    | ConnectionLost
    | Reconnected
    | Ponged
)


# --- decoding server messages into notes --------------------------------------------------


class _Decoder:
    """Wire messages → notes (on the network thread). Keeps the room's RuleSet."""

    def __init__(self) -> None:
        self.rules: RuleSet | None = None
        self._rules_dict: dict[str, OptionValue] | None = None

    def room(self, data: RoomData) -> RoomInfo:
        if data.rules != self._rules_dict:
            try:
                self.rules = RuleSet.from_dict(data.rules)
            except (UnknownOptionError, TypeError) as exc:
                # a rule this game does not know: a server of another game version (rules
                # grow without the protocol changing) — this table cannot be shown here
                raise ProtocolError(ErrorCode.UNSUPPORTED_VERSION, f"room rules: {exc}") from None
            self._rules_dict = data.rules
        assert self.rules is not None
        return RoomInfo(
            code=data.code,
            name=data.name,
            owner=data.owner,
            host=data.host,
            preset=data.preset,
            rules=self.rules,
            hands=data.hands,
            phase=data.phase,
            hand=data.hand,
            dealer=data.dealer,
            points=tuple(data.points),
            seats=tuple(data.seats),
            turn_seconds=data.turn_seconds,
            grace_seconds=data.grace_seconds,
            bot_delay=data.bot_delay,
            settle_seconds=data.settle_seconds,
            announce=data.announce,
        )

    def note(self, msg: ServerMessageT, received_at: float) -> Note | None:
        if isinstance(msg, Update):
            if self.rules is None:
                raise ProtocolError(ErrorCode.BAD_MESSAGE, "a table update before the room")
            return TableUpdate(
                hand=msg.hand,
                full=msg.full,
                events=tuple(codec.event_from_data(e) for e in msg.events),
                view=codec.view_from_data(msg.view, self.rules),
                legal=tuple(codec.action_from_data(a) for a in msg.legal),
                prompt=msg.prompt,
                deadline_at=None if msg.deadline is None else received_at + msg.deadline,
                auto=msg.auto,
            )
        if isinstance(msg, Joined):
            return SeatJoined(msg.code, msg.seat, msg.token, self.room(msg.room), msg.id)
        if isinstance(msg, RoomChanged):
            return RoomUpdated(self.room(msg.room))
        if isinstance(msg, HandEnd):
            return settled(msg.settlement)
        if isinstance(msg, MatchEnd):
            return MatchOver(msg.hands, tuple(msg.points))
        if isinstance(msg, Error):
            return ServerError(msg.code, msg.message, msg.request, msg.id)
        if isinstance(msg, RoomClosed):
            return RoomGone(msg.reason)
        if isinstance(msg, Pong):
            return Ponged(msg.id)
        if isinstance(msg, Welcome):
            return Connected(msg.server, msg.limits)
        return None


def settled(data: SettlementData) -> HandSettled:
    return HandSettled(
        hand=data.hand,
        reason=data.reason,
        drawn=data.drawn,
        wins=tuple(codec.win_from_data(w) for w in data.wins),
        ledger=tuple(codec.entry_from_data(e) for e in data.ledger),
        totals=tuple(data.totals),
        points=tuple(data.points),
        dealer=data.dealer,
        last=data.last,
    )


# --- the seat's own record of a hand ------------------------------------------------------


class SeatReplay(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One hand as one seat saw it (docs/net-protocol.md): the events given to that seat,
    and the settlement. It cannot re-execute the hand — the wall never reached the client —
    but it shows everything the seat was shown, in order."""

    format: Literal["sichuan-mahjong-seat-replay"]
    version: int
    seat: int
    hand: int
    room: str  # its name; "": none given (``owner`` opened it)
    names: list[str | None]
    rules: dict[str, OptionValue]
    events: list[EventData]
    settlement: SettlementData | None
    owner: str = ""


def read_seat_replay(
    data: bytes | str,
) -> tuple[SeatReplay, RuleSet, list[Event], HandSettled | None]:
    """A seat replay document, strictly decoded: (document, rules, events, settlement).
    Raises ProtocolError."""
    try:
        doc = msgspec.json.decode(data, type=SeatReplay)
        rules = RuleSet.from_dict(doc.rules)
    except (msgspec.DecodeError, UnknownOptionError) as exc:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"seat replay: {exc}") from None
    events = [codec.event_from_data(e) for e in doc.events]
    return doc, rules, events, None if doc.settlement is None else settled(doc.settlement)


# --- the table as the game keeps it -------------------------------------------------------


@dataclass
class TableState:
    """What :meth:`NetClient.poll` has delivered so far, folded together (owned by the
    thread that polls)."""

    connected: bool = False
    limits: Limits | None = None
    code: str | None = None
    seat: int | None = None
    token: str | None = None
    room: RoomInfo | None = None
    hand: int = 0
    view: PlayerView | None = None
    legal: tuple[Action, ...] = ()
    prompt: int | None = None
    deadline_at: float | None = None
    auto: bool = False
    events: list[Event] = field(default_factory=list)  # this hand, as this seat saw it
    settlements: list[HandSettled] = field(default_factory=list)
    match_over: MatchOver | None = None
    gone: RoomGone | None = None
    hand_events: dict[int, list[Event]] = field(default_factory=dict)
    answered: int = 0  # the last prompt answered with act()

    def fold(self, note: Note) -> None:
        if isinstance(note, Connected):
            self.connected, self.limits = True, note.limits
        elif isinstance(note, Reconnected):
            self.connected = True
        elif isinstance(note, ConnectionLost):
            self.connected = False
            self.prompt, self.legal = None, ()
        elif isinstance(note, SeatJoined):
            if note.code != self.code:
                self.answered = 0  # prompts are numbered per room
            self.code, self.seat, self.token, self.room = (
                note.code,
                note.seat,
                note.token,
                note.room,
            )
            self.gone = None
        elif isinstance(note, RoomUpdated):
            self.room = note.room
        elif isinstance(note, TableUpdate):
            if note.full or note.hand != self.hand:
                if self.match_over is not None and note.hand == 1:  # the host started again
                    self.match_over = None
                    self.settlements.clear()
                    self.hand_events.clear()
                self.events = list(note.events)
            else:
                self.events.extend(note.events)
            self.hand = note.hand
            self.hand_events[note.hand] = self.events
            # an update sent before our answer reached the server still asks the question
            # we answered: prompts only grow, so it is known for what it is. A full update
            # is the table as the server has it (a new hand, or after resuming a dropped
            # connection, whose unsent answer was dropped): its question stands.
            asked = note.prompt is not None and (note.full or note.prompt > self.answered)
            self.view = note.view
            self.prompt = note.prompt if asked else None
            self.legal = note.legal if asked else ()
            self.deadline_at, self.auto = note.deadline_at, note.auto
            self.seat = note.view.seat
        elif isinstance(note, HandSettled):
            self.settlements.append(note)
            self.prompt, self.legal = None, ()
        elif isinstance(note, MatchOver):
            self.match_over = note
        elif isinstance(note, RoomGone):
            self.gone = note
            self.code = self.token = None
            self.prompt, self.legal = None, ()


# --- the threaded client ------------------------------------------------------------------

_BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 4.0, 4.0, 4.0)  # about 20 s of trying to get back
PACE_SHARE = 0.8  # of the server's message rate (and burst) the client sends at most
CLOSE_REPLACED = 4000  # the server's close code: a newer connection resumed this seat
CLOSE_FULL = 1013  # the server's close code before its welcome: it takes no more connections


class NetClient:
    """A connection to a server on a background thread; see the module docstring.

    Every request method returns at once (the message is queued for the network thread);
    answers and table changes come back from :meth:`poll`."""

    def __init__(self, url: str, *, reconnect: bool = True, open_timeout: float = 10.0) -> None:
        self.url = url
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.state = TableState()
        self._inbox: queue.SimpleQueue[Note] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[ClientMessage] | None = None
        self._pending: list[ClientMessage] = []
        self._closing = False
        self._ids = 0
        self._thread: threading.Thread | None = None
        self._code: str | None = None  # the network thread's copy, for resuming
        self._token: str | None = None
        self._stop: asyncio.Event | None = None

    # --- life ---------------------------------------------------------------------------

    def start(self) -> NetClient:
        """Start the network thread (connecting happens there)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._main, name="mahjong-net", daemon=True)
            self._thread.start()
        return self

    def close(self, timeout: float = 2.0) -> None:
        """Close the connection and stop the thread (waits at most ``timeout``)."""
        self._closing = True
        with self._lock:
            loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._wake_up)
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def poll(self, limit: int | None = None) -> list[Note]:
        """What arrived since the last call (never waits); also folded into ``state``."""
        out: list[Note] = []
        while limit is None or len(out) < limit:
            try:
                note = self._inbox.get_nowait()
            except queue.Empty:
                break
            self.state.fold(note)
            out.append(note)
        return out

    # --- requests -----------------------------------------------------------------------

    def _next_id(self) -> int:
        self._ids += 1
        return self._ids

    def _post(self, message: ClientMessage) -> None:
        with self._lock:
            if self._loop is None or self._outbox is None:
                self._pending.append(message)
                return
            loop, outbox = self._loop, self._outbox
        with contextlib.suppress(RuntimeError):  # the loop is closing
            loop.call_soon_threadsafe(outbox.put_nowait, message)

    def create_room(
        self,
        name: str,
        *,
        room_name: str = "",
        preset: str = "standard",
        overrides: Sequence[str] = (),
        hands: int = 8,
        seat: int = 0,
        bots: Sequence[str] = ("normal", "normal", "normal", "normal"),
        turn_seconds: float = 15.0,
        grace_seconds: float = 3.0,
        bot_delay: float = 0.6,
        settle_seconds: float = 30.0,
        announce: bool = False,
    ) -> int:
        """Host a table; the answer is a SeatJoined (or a ServerError) with this request id."""
        rid = self._next_id()
        self._post(
            CreateRoom(
                id=rid,
                name=name,
                room_name=room_name,
                preset=preset,
                overrides=list(overrides),
                hands=hands,
                seat=seat,
                bots=list(bots),
                turn_seconds=turn_seconds,
                grace_seconds=grace_seconds,
                bot_delay=bot_delay,
                settle_seconds=settle_seconds,
                announce=announce,
            )
        )
        return rid

    def join(
        self,
        name: str,
        *,
        code: str | None = None,
        ticket: str | None = None,
        seat: int | None = None,
    ) -> int:
        """Join by room code (typed in; case does not matter) or by a local-network ticket."""
        rid = self._next_id()
        code = None if code is None else code.strip().upper()
        self._post(JoinRoom(id=rid, name=name, code=code, ticket=ticket, seat=seat))
        return rid

    def resume(self, code: str, token: str) -> int:
        """Back to the seat of ``token`` (e.g. after the game restarted)."""
        rid = self._next_id()
        self._post(Resume(id=rid, code=code.strip().upper(), token=token))
        return rid

    def sit(self, seat: int) -> None:
        self._post(Sit(seat=seat))

    def start_match(self) -> None:
        self._post(Start())

    def act(self, action: Action, prompt: int | None = None) -> bool:
        """Send ``action`` for the current prompt; False (nothing sent) when there is no
        question or the action is not one of the legal ones."""
        prompt = self.state.prompt if prompt is None else prompt
        if prompt is None or action not in self.state.legal:
            return False
        self._post(Act(action=codec.action_data(action), prompt=prompt))
        state = self.state
        state.prompt, state.legal = None, ()  # answered: wait for the next question
        state.answered = max(state.answered, prompt)
        return True

    def set_auto(self, on: bool) -> None:
        """托管: the server plays this seat (on) or stops (off)."""
        self._post(Auto(on=on))

    def ready(self) -> None:
        """Ready for the next hand (the settlement has been seen)."""
        self._post(Ready())

    def leave(self) -> None:
        """Give the seat up (its bot plays on). The server sends nothing back: the state
        forgets the table at once."""
        self._post(Leave())
        state = self.state
        state.code = state.token = state.seat = state.room = None
        state.view, state.prompt, state.legal = None, None, ()

    def ping(self) -> int:
        rid = self._next_id()
        self._post(Ping(id=rid))
        return rid

    def seat_replay(self, hand: int) -> bytes:
        """Hand ``hand`` as this seat saw it, as a JSON document (read_seat_replay)."""
        state = self.state
        events = state.hand_events.get(hand)
        if events is None or state.room is None or state.seat is None:
            raise KeyError(f"no hand {hand} was seen here")
        settlement = next((s for s in state.settlements if s.hand == hand), None)
        doc = SeatReplay(
            format="sichuan-mahjong-seat-replay",
            version=1,
            seat=state.seat,
            hand=hand,
            room=state.room.name,
            owner=state.room.owner,
            names=state.room.names(),
            rules=state.room.rules.to_dict(),
            events=[codec.event_data(e) for e in events],
            settlement=None if settlement is None else _settlement_data(settlement),
        )
        return msgspec.json.encode(doc)

    # --- the network thread -------------------------------------------------------------

    def _wake_up(self) -> None:
        if self._stop is not None:
            self._stop.set()

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except Exception as exc:  # a network thread that dies says so: nobody waits for ever
            self._inbox.put(ConnectionLost(repr(exc), retrying=False))

    async def _run(self) -> None:
        self._stop = asyncio.Event()
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._outbox = asyncio.Queue()
            for message in self._pending:
                self._outbox.put_nowait(message)
            self._pending.clear()
        tries = 0
        first = True
        try:
            while not self._closing:
                try:
                    client = await AsyncClient.connect(self.url, open_timeout=self.open_timeout)
                except (
                    OSError,
                    InvalidHandshake,
                    InvalidURI,
                    ProtocolError,
                    TimeoutError,
                    ConnectionClosed,  # closed before its welcome (a full server: 1013)
                ) as exc:
                    if isinstance(exc, ProtocolError) and exc.code is ErrorCode.UNSUPPORTED_VERSION:
                        # a server of another version answered: trying again cannot help,
                        # and "nobody answered" would send the player to check the address
                        self._inbox.put(ServerError(exc.code, str(exc), None))
                        self._inbox.put(ConnectionLost(repr(exc), retrying=False))
                        return
                    full = isinstance(exc, ConnectionClosed) and _close_code(exc) == CLOSE_FULL
                    retrying = self._may_retry(tries)
                    if full and not retrying:  # a table server, with no room for one more
                        self._inbox.put(ServerError(ErrorCode.SERVER_FULL, str(exc), None))
                    foreign = not full and isinstance(
                        exc, InvalidHandshake | ProtocolError | ConnectionClosed
                    )
                    self._inbox.put(ConnectionLost(repr(exc), retrying, foreign=foreign))
                    if not retrying:
                        return
                    await self._sleep(_BACKOFF[tries])
                    tries += 1
                    continue
                tries = 0
                if first:
                    self._inbox.put(Connected(client.welcome.server, client.welcome.limits))
                else:
                    self._inbox.put(Reconnected())
                    self._drain_outbox()  # moves meant for before the drop are stale
                    if self._code is not None and self._token is not None:
                        await client.send(Resume(code=self._code, token=self._token))
                first = False
                reason, code = await self._session(client)
                if self._closing:
                    return
                replaced = code == CLOSE_REPLACED
                retrying = not replaced and self._may_retry(0)
                self._inbox.put(ConnectionLost(reason, retrying, replaced))
                if not retrying:
                    return
                await self._sleep(_BACKOFF[0])
        finally:
            with self._lock:
                self._loop = None
                self._outbox = None

    def _may_retry(self, tries: int) -> bool:
        return (
            self.reconnect
            and not self._closing
            and self._token is not None
            and tries < len(_BACKOFF)
        )

    def _drain_outbox(self) -> None:
        assert self._outbox is not None
        while not self._outbox.empty():
            self._outbox.get_nowait()

    async def _sleep(self, seconds: float) -> None:
        assert self._stop is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stop.wait(), seconds)

    async def _session(self, client: AsyncClient) -> tuple[str, int | None]:
        """Pump messages both ways until the connection ends; returns why it ended and the
        server's close code (None: no close frame came, or this side closed)."""
        decoder = _Decoder()
        assert self._outbox is not None and self._stop is not None
        outbox, stop = self._outbox, self._stop

        async def reader() -> str:
            while True:
                raw = await client.ws.recv()
                now = time.monotonic()
                message: ServerMessageT | None = None
                try:
                    message = decode_server(raw)
                    note = _note_of(decoder, message, now)
                except ProtocolError as exc:  # a bad message from the server: skip it
                    self._inbox.put(ServerError(exc.code, str(exc), None, local=True))
                    if exc.code is ErrorCode.UNSUPPORTED_VERSION and message is not None:
                        # a room whose rules this game cannot read: nothing of it can be
                        # shown. The seat it just gave is given back (it stayed taken, with
                        # the game saying "Connecting…" for ever), and the connection ends.
                        if isinstance(message, Joined):
                            await client.send(Leave())
                        return "a table of another game version"
                    continue
                if isinstance(note, SeatJoined):
                    self._code, self._token = note.code, note.token
                elif isinstance(note, RoomGone):
                    self._code = self._token = None
                if note is not None and not isinstance(note, Connected):
                    self._inbox.put(note)

        # Sent no faster than the server takes them (its Welcome's limits, with a margin
        # for the network bunching them on the way): a message over its rate is dropped,
        # and a move dropped so was never sent again — a table with no turn timer then
        # waited for it for ever (托管 answering every prompt at once could do it).
        limits = client.welcome.limits
        pace = TokenBucket(
            limits.rate_per_second * PACE_SHARE,
            max(1, int(limits.rate_burst * PACE_SHARE)),
            time.monotonic(),
        )

        async def writer() -> str:
            while True:
                message = await outbox.get()
                while not pace.take(time.monotonic()):
                    await asyncio.sleep(pace.wait(time.monotonic()))
                if isinstance(message, Leave):
                    self._code = self._token = None
                await client.send(message)

        tasks = [
            asyncio.create_task(reader()),
            asyncio.create_task(writer()),
            asyncio.create_task(stop.wait()),
        ]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        reason, code = "closed", None
        for task in done:
            exc = task.exception() if not task.cancelled() else None
            if isinstance(exc, ConnectionClosed):
                code = _close_code(exc)
                reason = f"connection closed ({code if code is not None else 'no close frame'})"
            elif exc is not None:
                reason = repr(exc)
        with contextlib.suppress(Exception):
            await client.close()
        return reason, code


def _note_of(decoder: _Decoder, message: ServerMessageT, received_at: float) -> Note | None:
    """The note of a message that passed the schema. The codec failing on it otherwise (a
    ValueError, a KeyError…) makes it unreadable like any bad message (ProtocolError): it
    ended the connection, and the client reconnected to be sent it again, in a loop. A seat
    that cannot be read is another version's table (nothing of it can be shown)."""
    try:
        return decoder.note(message, received_at)
    except ProtocolError:
        raise
    except Exception as exc:
        joined = isinstance(message, Joined)
        code = ErrorCode.UNSUPPORTED_VERSION if joined else ErrorCode.BAD_MESSAGE
        raise ProtocolError(code, f"{type(message).__name__}: {exc!r}") from None


def _close_code(exc: ConnectionClosed) -> int | None:
    """The close code the server sent (None: no close frame came)."""
    return exc.rcvd.code if exc.rcvd else None


def _settlement_data(s: HandSettled) -> SettlementData:
    return SettlementData(
        hand=s.hand,
        reason=s.reason,
        drawn=s.drawn,
        wins=[codec.win_data(w) for w in s.wins],
        ledger=[codec.entry_data(e) for e in s.ledger],
        totals=list(s.totals),
        points=list(s.points),
        dealer=s.dealer,
        last=s.last,
    )
