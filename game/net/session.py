"""One networked table as the game keeps it: :class:`NetSession`.

The session owns the :class:`~server.client.NetClient` (and, when this game hosts, the
:class:`~server.host.HostedServer` running in this process). The pygame loop calls
:meth:`NetSession.pump` once a frame: it never waits. Notes about the room are folded at
once (who sits where, the match's points, errors, a lost connection); notes of a hand — table
updates and its settlement — wait in :attr:`NetSession.backlog` until that hand's driver takes
them, so a hand still on screen never sees the next one's tiles.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.i18n import t
from game.storage import JsonStore
from server.client import (
    ConnectionLost,
    HandSettled,
    MatchOver,
    NetClient,
    Note,
    Reconnected,
    RoomGone,
    RoomInfo,
    RoomUpdated,
    SeatJoined,
    ServerError,
    TableUpdate,
)
from server.discovery import local_addresses
from server.host import HostedServer
from server.protocol import ErrorCode
from server.words import close_text, error_text

__all__ = ["DEFAULT_PORT", "NetSession", "Problem", "parse_address"]

DEFAULT_PORT = 8765  # what `python -m server` listens on, and what Host a table tries first
SEAT_REPLAYS_KEPT = 100  # the newest seat replays of networked hands kept on disk
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Problem:
    """Something to tell the player, already in words; ``fatal``: the table is lost to this
    client (back to the menu)."""

    text: str
    fatal: bool


def parse_address(text: str) -> str | None:
    """``host``, ``host:port`` or ``ws://host:port`` as typed → a WebSocket URL (the default
    port when none is given); None when it cannot be one."""
    raw = text.strip()
    if not raw or any(c.isspace() for c in raw):
        return None
    if raw.startswith(("ws://", "wss://")):
        scheme, rest = raw.split("://", 1)
    else:
        scheme, rest = "ws", raw
    rest = rest.rstrip("/")
    if not rest or "/" in rest:
        return None
    host, sep, port = rest.rpartition(":")
    if sep and not host.endswith("]") and ":" in host:
        return None  # an IPv6 address needs brackets
    if not sep:
        host, port = rest, str(DEFAULT_PORT)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return f"{scheme}://{host}:{int(port)}"


class NetSession:
    """The connection to one table (see the module docstring)."""

    def __init__(
        self,
        client: NetClient | None,
        *,
        hosted: HostedServer | None = None,
        lang: str = "zh",
        replay_dir: Path | None = None,
        seat_file: Path | None = None,
    ) -> None:
        """``client`` None: :meth:`hosting` connects it once the hosted server listens.
        ``replay_dir``: where each hand's seat replay is kept (None: not kept).
        ``seat_file``: where a friend's seat at someone else's table is remembered, so that
        the game, restarted after a crash, takes the same seat back (None: not kept)."""
        self._client = client
        self.seat_file = seat_file
        self._resuming: tuple[str, str] | None = None  # (name, code) of a resume under way
        self.hosted = hosted
        self._connect: Callable[[str], NetClient] | None = None
        self._fallback: Callable[[], HostedServer] | None = None
        self.lang = lang
        self.replay_dir = replay_dir
        self.backlog: collections.deque[TableUpdate | HandSettled] = collections.deque()
        self.problems: list[Problem] = []  # not yet shown
        self.lost: Problem | None = None  # the table is gone for this client
        self.retrying = False  # the connection dropped; the client is getting the seat back
        self.match_over: MatchOver | None = None
        self.done_hand = 0  # the last hand whose settlement the player has seen
        self.dealers: dict[int, int] = {}  # the match's hands this client saw: their dealers
        self.closed = False

    @classmethod
    def hosting(
        cls,
        hosted: HostedServer,
        connect: Callable[[str], NetClient],
        *,
        fallback: Callable[[], HostedServer] | None = None,
        lang: str = "zh",
        replay_dir: Path | None = None,
    ) -> NetSession:
        """A session at a server this game is starting: once ``hosted`` listens, ``connect``
        (its URL) makes the client — which creates the room. If it cannot listen,
        ``fallback`` (once) starts another (e.g. on any free port), else the table is lost.
        The frame loop never waits for any of it (:meth:`pump`)."""
        session = cls(None, hosted=hosted, lang=lang, replay_dir=replay_dir)
        session._connect, session._fallback = connect, fallback
        return session

    # --- what the screens read ---------------------------------------------------------

    @property
    def client(self) -> NetClient:
        """The connection (there is one as soon as anything was joined)."""
        if self._client is None:
            raise LookupError("the hosted server is still starting")
        return self._client

    @property
    def room(self) -> RoomInfo | None:
        return None if self._client is None else self._client.state.room

    @property
    def seat(self) -> int | None:
        return None if self._client is None else self._client.state.seat

    @property
    def code(self) -> str | None:
        return None if self._client is None else self._client.state.code

    @property
    def is_host(self) -> bool:
        room = self.room
        return room is not None and room.host is not None and room.host == self.seat

    @property
    def joined(self) -> bool:
        return self.seat is not None and self.room is not None

    def addresses(self) -> list[str]:
        """Where friends reach the hosted server (``address:port``), LAN addresses first."""
        hosted = self.hosted
        if hosted is None or hosted.port is None:
            return []
        try:
            found = local_addresses()
        except OSError:
            found = []
        return [f"{a}:{hosted.port}" for a in found[:3]] or [f"127.0.0.1:{hosted.port}"]

    def names(self) -> list[str]:
        """What each seat is called: a player's name, or the bot's level."""
        room = self.room
        if room is None:
            return []
        out = []
        for s in room.seats:
            if s.human and s.name:
                out.append(s.name)
            else:
                level = t("bot." + s.bot, self.lang)
                out.append(t("net.bot_seat", self.lang, level=level))
        return out

    def winds_dealer(self) -> int | None:
        """The dealer the seats' winds count from, so that the lobby names them as the table
        does (东 is the dealer's seat, then 南 西 北 round the table).

        While a hand is played: its dealer. Between hands and after the match: the last
        hand's — the table and the settlement just seen — not the next dealer, which the room
        already names. Before the first hand: seat 0 when the rules make it the first dealer;
        a random first dealer (the short-handed rooms) is drawn only when the match starts,
        and None then: a guessed wind would be contradicted by the table (the lobby said
        East, the table West), so the lobby numbers the seats instead. None too for a last
        hand this client did not see (it sat down after it)."""
        room = self.room
        if room is None:
            return None
        if room.phase == "playing":
            return room.dealer
        if room.phase in ("between", "over"):
            return self.dealers.get(room.hand)
        return 0 if room.rules.first_dealer == "east" else None

    def next_update(self) -> TableUpdate | None:
        """The first table update waiting (a hand's driver is built on one)."""
        for note in self.backlog:
            if isinstance(note, TableUpdate):
                return note
        return None

    def take_problems(self) -> list[Problem]:
        out, self.problems = self.problems, []
        return out

    # --- once a frame ------------------------------------------------------------------

    def pump(self) -> None:
        """Take what arrived (never waits)."""
        if self.closed:
            return
        if self._client is None:
            self._await_host()
            return
        for note in self._client.poll():
            self._note(note)

    def _await_host(self) -> None:
        hosted = self.hosted
        if hosted is None or not hosted.ready or self.lost is not None:
            return
        if hosted.error is not None or hosted.url is None:
            if self._fallback is not None:
                hosted.stop()
                self.hosted, self._fallback = self._fallback(), None
                return
            error = hosted.error or "?"
            self._lose(t("net.host_failed", self.lang, error=error[:120]))
            return
        assert self._connect is not None
        self._client = self._connect(hosted.url)

    def _note(self, note: Note) -> None:
        lang = self.lang
        if isinstance(note, TableUpdate | HandSettled):
            if isinstance(note, TableUpdate):
                self.dealers[note.hand] = note.view.dealer
            self.backlog.append(note)
        elif isinstance(note, MatchOver):
            self.match_over = note
        elif isinstance(note, SeatJoined | RoomUpdated):
            if isinstance(note, SeatJoined):
                self.retrying = False
                self._resuming = None
                if self.hosted is None:  # a table this game hosts ends with it
                    self._remember_seat(note.code, note.token)
            room = note.room
            if room.phase == "playing":
                if room.hand <= 1:  # a match begins: the last one's hands are forgotten
                    self.dealers.clear()
                self.dealers[room.hand] = room.dealer
            if room.phase == "playing" and self.match_over is not None and room.hand <= 1:
                self.match_over = None  # the host started the table again: hands count anew
                self.done_hand = 0
        elif isinstance(note, Reconnected):
            self.retrying = False
        elif isinstance(note, ConnectionLost):
            if note.retrying:
                self.retrying = True
            else:  # seated: the seat could not be got back; else nobody answered at all
                self._lose(t("net.lost" if self.joined else "net.refused", lang))
        elif isinstance(note, RoomGone):
            self._lose(close_text(note.reason, lang))
        elif isinstance(note, ServerError):
            if self._resuming is not None and note.code in (
                ErrorCode.BAD_TOKEN,
                ErrorCode.UNKNOWN_ROOM,
            ):
                # the remembered seat is gone (given up, the match over) or its room: sit
                # down as anyone joining does, or hear why not
                name, code = self._resuming
                self._resuming = None
                self.forget_seat()
                if note.code is ErrorCode.BAD_TOKEN:
                    self.client.join(name, code=code)
                    return
            fatal = note.code in (ErrorCode.UNSUPPORTED_VERSION, ErrorCode.BAD_TOKEN) or (
                not self.joined
                and note.code
                in (
                    ErrorCode.UNKNOWN_ROOM,
                    ErrorCode.ROOM_FULL,
                    ErrorCode.SEAT_TAKEN,
                    ErrorCode.SERVER_FULL,
                    ErrorCode.BAD_RULES,
                    ErrorCode.BAD_BOT,
                )
            )
            if note.code is ErrorCode.STALE_PROMPT:
                return  # harmless: the next update is on its way
            text = error_text(note.code, lang)
            if fatal:
                self._lose(text)
            else:
                self.problems.append(Problem(text, False))

    # --- the remembered seat -------------------------------------------------------------

    def join(self, name: str, *, code: str | None = None, ticket: str | None = None) -> None:
        """Sit down at the room ``code`` (or the local network's ``ticket``): back in the
        seat this game had there before it closed, if it remembers one (:attr:`seat_file`),
        else in the first free seat."""
        token = self._saved_token(code) if code is not None else None
        if code is not None and token is not None:
            self._resuming = (name, code)
            self.client.resume(code, token)
        else:
            self.client.join(name, code=code, ticket=ticket)

    def _seat_store(self) -> JsonStore | None:
        path = self.seat_file
        if path is None or self._client is None:
            return None
        return JsonStore(path.stem, directory=path.parent, backup=False, fsync=False)

    def _saved_token(self, code: str) -> str | None:
        store = self._seat_store()
        saved = store.load().data if store is not None else None
        if saved is None or self._client is None:
            return None
        same = saved.get("url") == self._client.url and saved.get("code") == code.strip().upper()
        token = saved.get("token")
        return token if same and isinstance(token, str) and token else None

    def _remember_seat(self, code: str, token: str) -> None:
        store = self._seat_store()
        if store is not None and self._client is not None:
            # a failed save is logged: the seat is still held, only a restart cannot find it
            store.save({"url": self._client.url, "code": code, "token": token})

    def forget_seat(self) -> None:
        """The seat was given up: a restarted game joins as anyone does."""
        if self.seat_file is not None:
            with contextlib.suppress(OSError):
                self.seat_file.unlink()

    def _lose(self, text: str) -> None:
        if self.lost is None:
            self.lost = Problem(text, True)
            self.problems.append(self.lost)

    def keep_replay(self, hand: int) -> Path | None:
        """Write hand ``hand`` as this seat saw it (server.client.read_seat_replay reads it)
        into ``replay_dir``, keeping the newest :data:`SEAT_REPLAYS_KEPT`; None when not kept
        (no folder, nothing seen, a disk error: logged, never in the player's way)."""
        folder = self.replay_dir
        code = self.code
        if folder is None or code is None or self._client is None:
            return None
        try:
            data = self._client.seat_replay(hand)
        except KeyError:
            return None
        path = folder / f"{code}-hand{hand:02d}.json"
        tmp: str | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
            tmp = None
            kept = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
            for old in kept[SEAT_REPLAYS_KEPT:]:
                with contextlib.suppress(OSError):
                    old.unlink()
        except OSError as exc:
            log.warning("seat replay of hand %d not kept: %s", hand, exc)
            if tmp is not None:  # a disk that filled mid-write: no half file left
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            return None
        return path

    # --- the end -----------------------------------------------------------------------

    def close(self, *, leave: bool = True) -> None:
        """Give the seat up (its bot plays on for the others), close the connection and, when
        hosting, the server. ``leave`` False (the window shut, :meth:`drop`): the seat stays
        this player's — a stand-in plays it until the restarted game takes it back. Safe to
        call twice."""
        if self.closed:
            return
        self.closed = True
        client = self._client
        if client is not None:
            if leave and client.state.code is not None:
                client.leave()
            client.close(timeout=1.0)
        if leave:
            self.forget_seat()
        if self.hosted is not None:
            self.hosted.stop(timeout=2.0)

    def drop(self) -> None:
        """The game is closing (its window shut): a hosted table closes, and its friends are
        told at once; a seat at someone else's table is kept, as if the connection had
        dropped ("a player who drops is played by a bot until they are back")."""
        self.close(leave=self.hosted is not None)
