"""The server: WebSocket connections, the rooms, and the limits every message goes through.

``Server(config)`` serves any number of rooms on one asyncio loop (``python -m server`` runs
one; the game can run one in a thread, server/host.py). Each incoming message is, in order:
counted against the connection's rate limit (a token bucket; a sustained flood closes the
connection), measured (``max_message_bytes``; the transport closes on ``max_frame_bytes``
before reading), decoded strictly (server/protocol.py) and only then handed to its room.
Every refusal is an ``error`` message to that connection alone; nothing changes anywhere.
Rooms with nobody connected expire after ``idle_seconds``. Logs are JSON lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from engine.round import Round
from server.logs import LOGGER_NAME, log_event
from server.protocol import (
    MAX_FRAME_BYTES,
    MAX_MESSAGE_BYTES,
    Act,
    Auto,
    ClientMessageT,
    CreateRoom,
    Error,
    ErrorCode,
    JoinRoom,
    Leave,
    Limits,
    Ping,
    Pong,
    ProtocolError,
    Ready,
    Resume,
    Sit,
    Start,
    TokenBucket,
    Welcome,
    decode_client,
    encode,
)
from server.room import CloseReason, Room, RoomHooks, room_config

if TYPE_CHECKING:
    from server.discovery import Announcer

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "Server", "ServerConfig"]

SERVER_NAME = "sichuan-mahjong-server/1"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud, typed in
CODE_LENGTH = 6  # 32**6 ≈ 1.1e9 codes; with the rate limit, not guessable


@dataclass(frozen=True)
class ServerConfig:
    """Everything tunable about a server; the defaults suit the internet."""

    host: str = "127.0.0.1"
    port: int = 8765  # 0: an ephemeral port (Server.port tells which)
    max_rooms: int = 1000
    max_connections: int = 4000
    max_message_bytes: int = MAX_MESSAGE_BYTES
    max_frame_bytes: int = MAX_FRAME_BYTES
    rate_per_second: float = 10.0  # messages a connection may send, sustained
    rate_burst: int = 30  # and at once
    flood_close: int = 100  # refused for the rate within flood_window: the connection closes
    flood_window: float = 10.0
    idle_seconds: float = 600.0  # a room with nobody connected this long is closed
    sweep_seconds: float = 15.0
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    max_buffer_bytes: int = 1 << 20  # a client that does not read this much is closed
    compression: bool = False  # permessage-deflate costs CPU; messages are small
    announce: bool = False  # announce rooms created with announce=True (zeroconf)
    announce_interfaces: tuple[str, ...] | None = None  # None: every interface
    #: None: every match's seed is secret and random. A number: the matches' seeds are drawn
    #: from ``random.Random(match_seeds)`` in the order the matches start, so a test or a
    #: bug report replays the same walls — never on a public server (who knows the number
    #: knows every wall).
    match_seeds: int | None = None


class Conn:
    """One client connection (a room's ``Link``)."""

    def __init__(self, ws: ServerConnection, cid: int, server: Server, now: float) -> None:
        self.ws = ws
        self.cid = cid
        self.server = server
        self.room: Room | None = None
        self.closing = False
        cfg = server.config
        self.bucket = TokenBucket(cfg.rate_per_second, cfg.rate_burst, now)
        self.refused_at: list[float] = []  # rate refusals inside the flood window
        self.told_rate_at = -1e9

    def send(self, data: bytes) -> None:
        if self.closing:
            return
        transport = self.ws.transport
        if transport is not None and (
            transport.get_write_buffer_size() > self.server.config.max_buffer_bytes
        ):
            log_event(self.server.log, logging.WARNING, "slow_client", conn=self.cid)
            self.close(1008, "not reading")
            return
        broadcast([self.ws], data, text=True)

    def close(self, code: int, reason: str) -> None:
        if self.closing:
            return
        self.closing = True  # nothing more is read from it; its room hears when it is gone
        self.server._spawn(self.ws.close(code, reason))

    def seat(self) -> int:
        room = self.room
        assert room is not None
        for seat, m in enumerate(room.members):
            if m is not None and m.link is self:
                return seat
        raise ProtocolError(ErrorCode.NOT_IN_ROOM, "you have no seat")


class Server:
    """Rooms over WebSocket; see the module docstring.

    ``clock`` is the time base of every timer (monotonic seconds). ``on_hand_end`` is told
    of every finished hand, with the engine's Round (for tests and audits; never sent)."""

    def __init__(
        self,
        config: ServerConfig | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        logger: logging.Logger | None = None,
        on_hand_end: Callable[[Room, Round], None] | None = None,
    ) -> None:
        self.config = config or ServerConfig()
        self.clock = clock
        self.log = logger or logging.getLogger(LOGGER_NAME)
        self.rooms: dict[str, Room] = {}
        self._tickets: dict[str, Room] = {}
        self._conns: set[Conn] = set()
        self._ids = itertools.count(1)
        self._ws: WsServer | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._on_hand_end = on_hand_end
        self.announcer: Announcer | None = None
        # why this server could not announce its tables though asked to (None: it does, or
        # was not asked): the game's host is told — others must join by address and code
        self.announce_error: str | None = None
        self.port: int | None = None
        seeds = self.config.match_seeds
        self._seeds = random.Random(seeds) if seeds is not None else None

    # --- life -------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen (``self.port`` is the real port afterwards) and start the sweeper."""
        cfg = self.config
        _warm_bots()
        self._ws = await serve(
            self._serve,
            cfg.host,
            cfg.port,
            max_size=cfg.max_frame_bytes,
            compression="deflate" if cfg.compression else None,
            ping_interval=cfg.ping_interval,
            ping_timeout=cfg.ping_timeout,
            process_request=self._http,
            server_header=SERVER_NAME,
        )
        self.port = self._ws.sockets[0].getsockname()[1]
        self._sweeper = asyncio.create_task(self._sweep())
        if cfg.announce:
            from server.discovery import Announcer

            self.announcer = Announcer(self.port, interfaces=cfg.announce_interfaces)
            try:
                await self.announcer.start()
            except OSError as exc:  # no multicast here: serve anyway, unannounced
                log_event(self.log, logging.WARNING, "announce_failed", error=str(exc))
                self.announcer = None
                self.announce_error = str(exc) or type(exc).__name__
        log_event(self.log, logging.INFO, "server_started", host=cfg.host, port=self.port)

    async def close(self, reason: CloseReason = "shutdown") -> None:
        """Stop serving; every room closes and its players are told ``reason``."""
        for room in list(self.rooms.values()):
            room.close(reason)
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.announcer is not None:
            await self.announcer.close()
            self.announcer = None
        if self._ws is not None:
            self._ws.close()
            await self._ws.wait_closed()
            self._ws = None
        for task in list(self._tasks):
            task.cancel()
        log_event(self.log, logging.INFO, "server_stopped")

    async def __aenter__(self) -> Server:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def serve_forever(self) -> None:
        assert self._ws is not None
        await self._ws.serve_forever()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """A plain ``GET /healthz`` is answered (for proxies and monitors); the rest upgrade."""
        if (
            request.path == "/healthz"
            and "upgrade" not in request.headers.get("Connection", "").lower()
        ):
            return connection.respond(HTTPStatus.OK, "ok\n")
        return None

    # --- connections ------------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        if len(self._conns) >= self.config.max_connections:
            await ws.close(1013, "server full")
            return
        conn = Conn(ws, next(self._ids), self, self.clock())
        self._conns.add(conn)
        log_event(self.log, logging.INFO, "connected", conn=conn.cid, peer=_peer(ws))
        cfg = self.config
        conn.send(
            encode(
                Welcome(
                    server=SERVER_NAME,
                    limits=Limits(
                        max_message_bytes=cfg.max_message_bytes,
                        max_frame_bytes=cfg.max_frame_bytes,
                        rate_per_second=cfg.rate_per_second,
                        rate_burst=cfg.rate_burst,
                    ),
                )
            )
        )
        try:
            async for data in ws:
                self._receive(conn, data)
        except ConnectionClosed:
            pass
        finally:
            self._conns.discard(conn)
            room = conn.room
            if room is not None and not room.closed:
                for seat, m in enumerate(room.members):
                    if m is not None and m.link is conn:
                        room.drop(seat, conn)
            log_event(
                self.log,
                logging.INFO,
                "disconnected",
                conn=conn.cid,
                code=ws.close_code,
                reason=ws.close_reason,
            )

    def _receive(self, conn: Conn, data: str | bytes) -> None:
        if conn.closing:
            return
        now = self.clock()
        if not conn.bucket.take(now):
            self._rate_limited(conn, now)
            return
        size = len(data)
        if isinstance(data, str) and size * 4 > self.config.max_message_bytes:
            size = len(data.encode())
        if size > self.config.max_message_bytes:
            self._refuse(
                conn,
                None,
                None,
                ProtocolError(
                    ErrorCode.TOO_LARGE,
                    f"{size} bytes; at most {self.config.max_message_bytes}",
                ),
            )
            return
        try:
            msg = decode_client(data)
        except ProtocolError as exc:
            self._refuse(conn, None, None, exc)
            return
        try:
            self._dispatch(conn, msg)
        except ProtocolError as exc:
            self._refuse(conn, msg.id, msg.__struct_config__.tag, exc)

    def _refuse(self, conn: Conn, rid: int | None, request: Any, exc: ProtocolError) -> None:
        log_event(
            self.log,
            logging.INFO,
            "refused",
            conn=conn.cid,
            room=None if conn.room is None else conn.room.code,
            code=str(exc.code),
            request=request,
            detail=str(exc)[:200],
        )
        conn.send(
            encode(
                Error(
                    id=rid,
                    code=exc.code,
                    message=str(exc)[:500],
                    request=None if request is None else str(request),
                )
            )
        )

    def _rate_limited(self, conn: Conn, now: float) -> None:
        window = self.config.flood_window
        conn.refused_at = [t for t in conn.refused_at if now - t < window]
        conn.refused_at.append(now)
        if len(conn.refused_at) > self.config.flood_close:
            log_event(self.log, logging.WARNING, "flood_closed", conn=conn.cid)
            conn.close(1008, "too many messages")
            return
        if now - conn.told_rate_at >= 1.0:  # one error a second, not one per message
            conn.told_rate_at = now
            self._refuse(
                conn,
                None,
                None,
                ProtocolError(
                    ErrorCode.RATE_LIMITED,
                    f"more than {self.config.rate_per_second:g} messages a second; "
                    "messages are being dropped",
                ),
            )

    # --- messages ---------------------------------------------------------------------

    def _dispatch(self, conn: Conn, msg: ClientMessageT) -> None:
        if isinstance(msg, Ping):
            conn.send(encode(Pong(id=msg.id)))
            return
        if isinstance(msg, CreateRoom | JoinRoom | Resume):
            if conn.room is not None:
                raise ProtocolError(
                    ErrorCode.ALREADY_IN_ROOM, f"you are in room {conn.room.code}: leave it first"
                )
            self._enter(conn, msg)
            return
        room = conn.room
        if room is None:
            raise ProtocolError(ErrorCode.NOT_IN_ROOM, "create or join a room first")
        seat = conn.seat()
        if isinstance(msg, Act):
            room.act(seat, msg)
        elif isinstance(msg, Sit):
            room.sit(seat, msg.seat)
        elif isinstance(msg, Start):
            room.start(seat)
        elif isinstance(msg, Auto):
            room.set_auto(seat, msg.on)
        elif isinstance(msg, Ready):
            room.ready(seat)
        elif isinstance(msg, Leave):
            conn.room = None
            room.leave(seat)

    def _match_seed(self) -> int:
        """The seed of a match about to start (ServerConfig.match_seeds)."""
        return secrets.randbits(62) if self._seeds is None else self._seeds.getrandbits(62)

    def _enter(self, conn: Conn, msg: CreateRoom | JoinRoom | Resume) -> None:
        if isinstance(msg, CreateRoom):
            if len(self.rooms) >= self.config.max_rooms:
                raise ProtocolError(
                    ErrorCode.SERVER_FULL, "this server has no room for more tables"
                )
            config = room_config(msg)
            room = Room(
                self._new_code(),
                config,
                clock=self.clock,
                logger=self.log,
                hooks=RoomHooks(
                    changed=self._room_changed,
                    closed=self._room_closed,
                    hand_ended=self._hand_ended,
                    match_seed=self._match_seed,
                ),
            )
            self.rooms[room.code] = room
            if room.ticket is not None:
                self._tickets[room.ticket] = room
            log_event(
                self.log,
                logging.INFO,
                "room_created",
                conn=conn.cid,
                room=room.code,
                preset=config.preset,
                hands=config.hands,
                announce=config.announce,
            )
            conn.room = room
            room.join(msg.name, msg.seat, conn, msg.id)
            return
        if isinstance(msg, Resume):
            room = self._room(msg.code)
            conn.room = room
            try:
                room.resume(msg.token, conn, msg.id)
            except ProtocolError:
                conn.room = None
                raise
            return
        if msg.code is not None:
            room = self._room(msg.code)
        elif msg.ticket is not None:
            ticket_room = self._tickets.get(msg.ticket)
            if ticket_room is None:
                raise ProtocolError(ErrorCode.UNKNOWN_ROOM, "no table has that ticket (any more)")
            room = ticket_room
        else:
            raise ProtocolError(ErrorCode.BAD_MESSAGE, "join_room needs a code or a ticket")
        conn.room = room
        try:
            room.join(msg.name, msg.seat, conn, msg.id)
        except ProtocolError:
            conn.room = None
            raise

    def _room(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None or room.closed:
            raise ProtocolError(ErrorCode.UNKNOWN_ROOM, f"no room {code.upper()!r} here")
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    # --- room hooks -------------------------------------------------------------------

    def _room_changed(self, room: Room) -> None:
        if self.announcer is not None and room.config.announce and not room.closed:
            self.announcer.publish(room)

    def _room_closed(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        if room.ticket is not None:
            self._tickets.pop(room.ticket, None)
        for m in room.members:
            if m is not None and isinstance(m.link, Conn) and m.link.room is room:
                m.link.room = None
        if self.announcer is not None:
            self.announcer.withdraw(room)

    def _hand_ended(self, room: Room, rnd: Round) -> None:
        if self._on_hand_end is not None:
            self._on_hand_end(room, rnd)

    async def _sweep(self) -> None:
        """Close the rooms nobody has been connected to for ``idle_seconds``."""
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            self.sweep()

    def sweep(self) -> None:
        now = self.clock()
        for room in list(self.rooms.values()):
            since = room.empty_since
            if since is not None and now - since >= self.config.idle_seconds:
                room.close("expired")


def _peer(ws: ServerConnection) -> str | None:
    with contextlib.suppress(Exception):
        address = ws.remote_address
        return str(address[0]) if address else None
    return None


_BOTS_WARM = False


def _warm_bots() -> None:
    """Fill the engine's lookup tables before the first table needs them (the first bot
    decision of a process takes tens of ms: a stall every room would feel)."""
    global _BOTS_WARM
    if _BOTS_WARM:
        return
    from engine.bots import BOT_NAMES, load_bot
    from engine.rules import get_preset

    rnd = Round.new(get_preset("standard").with_overrides({"items": False}), 1)
    bots = [load_bot(name, 1) for name in BOT_NAMES]
    for step in range(60):  # past the void declarations, into discards and claims
        if rnd.is_over:
            break
        seat = rnd.pending_seats()[0]
        legal = rnd.legal_actions(seat)
        choices = [bot.choose(rnd.view(seat), legal) for bot in bots]
        rnd.apply(choices[step % len(choices)])
    _BOTS_WARM = True
