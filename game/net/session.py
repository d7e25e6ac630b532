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
import dataclasses
import logging
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import has, t
from game.storage import JsonStore
from game.ui.text import seat_label
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

__all__ = [
    "DEFAULT_PORT",
    "SEAT_FILE_NAME",
    "NetSession",
    "Problem",
    "held_tickets",
    "parse_address",
    "remembered_seats",
]

DEFAULT_PORT = 8765  # what `python -m server` listens on, and what Host a table tries first
SEAT_REPLAYS_KEPT = 100  # the newest seat replays of networked hands kept on disk
SEATS_KEPT = 8  # the newest seats remembered in the seat file (tables, or games sharing it)
SEAT_FILE_NAME = "net-seat.json"  # in the data folder: the seats held at others' tables
SEAT_FILE_VERSION = 2  # 1 held one seat, whoever joined; 2: a list, each with its name
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
    if rest.startswith("[") and rest.endswith("]"):  # an IPv6 address without a port
        host, port = rest, str(DEFAULT_PORT)
    elif sep and not host.endswith("]") and ":" in host:
        return None  # an IPv6 address needs brackets
    elif not sep:
        host, port = rest, str(DEFAULT_PORT)
    if host.startswith("[") and (not host.endswith("]") or len(host) < 3 or "]" in host[:-1]):
        return None  # "[::1" or "[]"
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
        opened: bool = False,
    ) -> None:
        """``client`` None: :meth:`hosting` connects it once the hosted server listens.
        ``replay_dir``: where each hand's seat replay is kept (None: not kept).
        ``seat_file``: where a friend's seat at someone else's table is remembered, so that
        the game, restarted after a crash, takes the same seat back (None: not kept).
        ``opened``: ``client`` opens the room on a dedicated server (Host a table, on a
        server): the lobby gives the host the server's address to pass on with the code."""
        self._client = client
        self.opened = opened
        self.seat_file = seat_file
        self._resuming: tuple[str, str, str] | None = None  # (name, code, token) being resumed
        self._ticket: str | None = None  # the local network's ticket this seat was joined by
        self._name: str | None = None  # the name typed to join (the seat's may differ)
        self._token: str | None = None  # the token of the seat this session holds, once seated
        self._seated = False  # a seat was taken at least once (a drop does not undo it)
        self._ready_hand = 0  # the last hand the player pressed Next after (ready was sent)
        self.hosted = hosted
        self._connect: Callable[[str], NetClient] | None = None
        self._fallback: Callable[[], HostedServer] | None = None
        self.lang = lang
        self.replay_dir = replay_dir
        self.backlog: collections.deque[TableUpdate | HandSettled] = collections.deque()
        self.problems: list[Problem] = []  # not yet shown
        self.lost: Problem | None = None  # the table is gone for this client
        self.retrying = False  # the connection dropped; the client is getting the seat back
        self.drops = 0  # connections lost so far: a question asked before a drop is void
        # moves the server refused as too late (stale_prompt): the seat's question had been
        # answered for it — the turn timer, or 托管 — while the move travelled; the hand's
        # driver tells the player the timer's (NetDriver.timeouts)
        self.late_moves = 0
        self.match_over: MatchOver | None = None
        self.done_hand = 0  # the last hand whose settlement the player has seen
        self.dealers: dict[int, int] = {}  # the match's hands this client saw: their dealers
        # the match the hands on screen belong to, as this game first saw it (its start, or
        # the seat taken mid-match): the seat replays are named by it, so that Play again's
        # hands never overwrite the last match's (both were "{code}-hand01.json")
        self.match_stamp = _stamp()
        self._phase: str | None = None  # the room's phase as last told
        self._told_unreadable = False  # "the server sent something unreadable": said once
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

    @property
    def unannounced(self) -> bool:
        """This game's table was to be announced on the local network, and this computer
        could not (no multicast): friends must join by an address and the room code. The
        table ran unannounced and the host was never told."""
        hosted = self.hosted
        server = None if hosted is None else hosted.server
        return server is not None and server.announce_error is not None

    def addresses(self) -> list[str]:
        """Where friends reach the table this game opened (``address:port``): the hosted
        server's LAN addresses first; a dedicated server's address as typed — but for one
        on this computer typed as 127.0.0.1 or localhost, which only this computer reaches,
        this computer's network addresses with its port."""
        hosted = self.hosted
        port = None if hosted is None else hosted.port
        if self.opened and self._client is not None:
            url = self._client.url
            host, _, port_text = url.removeprefix("ws://").rpartition(":")
            if url.startswith("wss://") or not _loopback(host):
                return [url.removeprefix("ws://")]  # wss:// is typed as it is
            port = int(port_text)
        if port is None:
            return []
        try:
            found = local_addresses()
        except OSError:
            found = []
        return [f"{a}:{port}" for a in found[:3]] or [f"127.0.0.1:{port}"]

    def names(self) -> list[str]:
        """What each seat is called: a player's name; a bot as the table, its settlement and
        the match's end call it (电脑1 / Bot 1, counted from this player's seat:
        game.ui.text.seat_label), its level after it ("Bot 1 (Normal)") — the lobby called
        every bot "Bot (Normal)", just after the result had said "Bot 1 −5"."""
        room = self.room
        if room is None:
            return []
        players = len(room.seats)
        out = []
        for s in room.seats:
            if s.human and s.name:
                out.append(s.name)
            else:
                name = seat_label(s.seat, self.seat, self.lang, players)
                key = "bot." + s.bot
                if not has(key):  # a level this game does not know (a newer server's):
                    out.append(name)  # the bot is named without it, not as "bot.expert"
                    continue
                out.append(t("net.bot_seat", self.lang, name=name, level=t(key, self.lang)))
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
                self._seated_at(note)
            room = note.room
            if room.phase == "playing":
                if room.hand <= 1:  # a match begins: the last one's hands are forgotten
                    self.dealers.clear()
                    if self._phase not in (None, "playing"):
                        self.match_stamp = _stamp()
                self.dealers[room.hand] = room.dealer
            self._phase = room.phase
            if room.phase == "playing" and self.match_over is not None and room.hand <= 1:
                self.match_over = None  # the host started the table again: hands count anew
                self.done_hand = 0
        elif isinstance(note, Reconnected):
            self.retrying = False
        elif isinstance(note, ConnectionLost):
            self._dropped()
            if note.replaced:  # another game took the seat with its token: it plays it now
                self.retrying = False
                self._lose(t("net.replaced", lang))
            elif note.retrying:
                self.retrying = True
            else:  # seated: the seat could not be got back; else nobody answered at all,
                # or something that is not a table server did (a web server's port)
                self.retrying = False
                hosted = self.hosted
                if hosted is not None and self._seated:
                    # the table this game hosts: no seat of it is remembered, and leaving
                    # closes it — "join again with the same name and room code" (net.lost)
                    # could not work: what the host can do is host again
                    self._lose(t("net.host_lost", lang))
                    return
                if hosted is not None:
                    # this game's own table, which it could not reach: the host typed no
                    # address to check ("check it and its port", it said)
                    self._lose(t("net.host_unreachable", lang, port=hosted.port or "?"))
                    return
                key = "net.lost" if self._seated else "net.foreign" if note.foreign else None
                self._lose(t(key or "net.refused", lang))
        elif isinstance(note, RoomGone):
            self.forget_seat()  # every token of the room is void
            self._lose(close_text(note.reason, lang))
        elif isinstance(note, ServerError):
            self._refused(note)

    def _seated_at(self, note: SeatJoined) -> None:
        """A seat is this client's: taken, taken back (a resume), or changed (``sit``)."""
        self.retrying = False
        resumed = self._resuming is not None or self._seated
        self._resuming = None
        room = note.room
        if not resumed and room.phase == "between":
            # sat down between hands: the hand just settled was played before this player
            # came (by the seat's bot); the table opens at the next deal, not on its result,
            # and with no result to read this player is ready for it at once
            self.done_hand = max(self.done_hand, room.hand)
            self._ready_hand = room.hand
            self.client.ready()
        elif self._seated and room.phase == "between" and room.hand == self._ready_hand:
            self.client.ready()  # Next was pressed before the drop: that ready may be lost
        shown = room.seats[note.seat].name
        typed = self._name.strip() if self._name is not None else None
        if not resumed and typed and shown and shown != typed:
            # someone at the table has that name already: the server told them apart
            self.problems.append(
                Problem(t("net.renamed", self.lang, name=typed, shown=shown), False)
            )
        self._seated = True
        self._token = note.token
        if self.hosted is None:  # a table this game hosts ends with it
            # remembered under the name typed: typed again, it finds this seat ("Ann 2"
            # would not match "Ann", and a second seat would be taken)
            self._remember_seat(note.code, note.token, typed or shown)

    def _dropped(self) -> None:
        """A connection is gone: what it asked can no longer be answered. The updates still
        waiting keep their events and what they asked (``legal``: the seat is still to
        choose), not their question (``prompt``): the resumed connection's full update asks
        again. The driver of the hand on screen drops its own (:attr:`drops`)."""
        self.drops += 1
        for i, note in enumerate(self.backlog):
            if isinstance(note, TableUpdate) and note.prompt is not None:
                self.backlog[i] = dataclasses.replace(note, prompt=None, deadline_at=None)

    def _refused(self, note: ServerError) -> None:
        lang = self.lang
        late = (ErrorCode.STALE_PROMPT, ErrorCode.WRONG_PHASE)
        if note.request == "act" and note.code in late:
            # the server had played for the seat (and, wrong_phase, that move ended the
            # hand): the driver says so — not "That cannot be done now."
            self.late_moves += 1
            return
        if note.code is ErrorCode.STALE_PROMPT:
            return  # harmless: the next update is on its way
        if note.local and note.code is not ErrorCode.UNSUPPORTED_VERSION:
            # this game could not read what the server sent ("The server could not read
            # that message" said the opposite); it was skipped. Said once: a server that
            # keeps sending such messages is not news every time
            if not self._told_unreadable:
                self._told_unreadable = True
                self.problems.append(Problem(t("net.unreadable", lang), False))
            return
        if note.request == "resume" and note.code in (ErrorCode.BAD_TOKEN, ErrorCode.UNKNOWN_ROOM):
            # the remembered seat is gone (given up, the match over) or its room
            resuming, self._resuming = self._resuming, None
            self.forget_seat(resuming[2] if resuming is not None else None)
            if resuming is not None and note.code is ErrorCode.BAD_TOKEN:
                name, code, _ = resuming
                self.client.join(name, code=code)  # sit down as anyone joining does
                return
            self._lose(error_text(note.code, lang))
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
        text = error_text(note.code, lang)
        if fatal:
            self._lose(text)
        else:
            self.problems.append(Problem(text, False))

    def ready(self, hand: int) -> None:
        """The player has seen hand ``hand``'s settlement (pressed Next): the server may deal
        the next hand. Said again after a resume between hands (the drop may have lost it)."""
        self._ready_hand = max(self._ready_hand, hand)
        if self._client is not None:
            self._client.ready()

    # --- the remembered seats ------------------------------------------------------------
    # The seat file lists the seats this game holds at others' tables — url, room code, the
    # seat's name and its token (and the local network's ticket, for a table joined from the
    # list of found tables), newest first — so that a restarted game takes its seat back.
    # Two games sharing a data folder each find their own: a seat is taken back only by the
    # name it sat down with (typed again; case does not matter), else one joins anew.

    def join(self, name: str, *, code: str | None = None, ticket: str | None = None) -> None:
        """Sit down at the room ``code`` (or the local network's ``ticket``): back in the
        seat this game had there under this ``name``, if it remembers one
        (:attr:`seat_file`), else in the first free seat. A table picked again from the
        local network's list is the same room as its code: the seat comes back the same
        way (it sat a second player in another seat, the first left to its bot for good)."""
        self._ticket = ticket
        self._name = name
        saved = self._saved_seat(name, code=code, ticket=ticket)
        if saved is not None:
            code, token = saved
            self._resuming = (name, code, token)
            self.client.resume(code, token)
        else:
            self.client.join(name, code=code, ticket=ticket)

    def _seat_store(self) -> JsonStore | None:
        path = self.seat_file
        if path is None or self._client is None:
            return None
        return _seat_store_at(path)

    def _saved_seats(self) -> list[dict[str, Any]]:
        """The seats in the seat file that can be used (an unreadable one is left out)."""
        if self.seat_file is None or self._client is None:
            return []
        return remembered_seats(self.seat_file)

    def _saved_seat(
        self, name: str, *, code: str | None, ticket: str | None
    ) -> tuple[str, str] | None:
        """The (room code, token) of the seat this game holds under ``name`` at the room
        ``code`` of this server, or at the room of the local network's ``ticket`` (a ticket
        names one room wherever its server is found); None: none is remembered."""
        if self._client is None or (code is None and ticket is None):
            return None
        url = self._client.url
        wanted = None if code is None else code.strip().upper()
        for seat in self._saved_seats():
            if not _same_name(seat["name"], name):
                continue
            if (wanted is not None and seat["url"] == url and seat["code"] == wanted) or (
                ticket is not None and seat.get("ticket") == ticket
            ):
                return str(seat["code"]), str(seat["token"])
        return None

    def _saved_token(self, code: str, name: str) -> str | None:
        """The token of the seat remembered under ``name`` at the room ``code``."""
        saved = self._saved_seat(name, code=code, ticket=None)
        return None if saved is None else saved[1]

    def _remember_seat(self, code: str, token: str, name: str | None) -> None:
        store = self._seat_store()
        if store is None or self._client is None:
            return
        url = self._client.url
        saved = self._saved_seats()
        # the ticket it was joined by, or that of the seat taken back (resumed by its code)
        ticket = self._ticket or next(
            (seat.get("ticket") for seat in saved if seat["token"] == token), None
        )
        kept = [
            seat
            for seat in saved
            if seat["token"] != token
            and not (seat["url"] == url and seat["code"] == code and _same_name(seat["name"], name))
        ]
        entry = {"url": url, "code": code, "name": name, "token": token}
        if ticket is not None:
            entry["ticket"] = ticket
        # a failed save is logged: the seat is still held, only a restart cannot find it
        store.save({"seats": [entry, *kept][:SEATS_KEPT]})

    def forget_seat(self, token: str | None = None) -> None:
        """The seat of ``token`` (default: the one this session holds) is given up or gone:
        a restarted game joins as anyone does. Other seats in the file stay."""
        token = token or self._token
        store = self._seat_store()
        if token is None or store is None:
            return
        seats = self._saved_seats()
        kept = [seat for seat in seats if seat["token"] != token]
        if len(kept) == len(seats):
            return
        if kept:
            store.save({"seats": kept})
        elif self.seat_file is not None:
            with contextlib.suppress(OSError):
                self.seat_file.unlink()

    def _lose(self, text: str) -> None:
        if self.lost is None:
            self.lost = Problem(text, True)
            self.problems.append(self.lost)

    def keep_replay(self, hand: int, match: str | None = None) -> Path | None:
        """Write hand ``hand`` of the match ``match`` (a :attr:`match_stamp`; default: the
        one now) as this seat saw it (server.client.read_seat_replay reads it) into
        ``replay_dir`` as ``{code}-{match}-hand{NN}.json``, keeping the newest
        :data:`SEAT_REPLAYS_KEPT`; None when not kept (no folder, nothing seen, a disk
        error: logged, never in the player's way). A replay is never written over: a name
        taken (two matches begun in one second, a seat taken back in another game) gets
        ``-2``, ``-3``…"""
        folder = self.replay_dir
        code = self.code
        if folder is None or code is None or self._client is None:
            return None
        try:
            data = self._client.seat_replay(hand)
        except KeyError:
            return None
        stem = f"{code}-{match or self.match_stamp}-hand{hand:02d}"
        tmp: str | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            path = _free_name(folder, stem)
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
        """Close the connection and, when hosting, the server. ``leave`` (the player leaves:
        Leave, Main menu): the seat is given up — its bot plays on for the others — and
        forgotten. Not when it cannot be given up: the table was lost to this client (the
        connection could not be got back, another game took the seat) or the connection is
        down as the player leaves. The server still holds that seat for the player, so it is
        remembered: joining again with the same name and room code takes it back. ``leave``
        False (the window shut, :meth:`drop`): the seat stays this player's likewise. Safe
        to call twice."""
        if self.closed:
            return
        self.closed = True
        if self.hosted is not None:
            # the host leaves: the table closes with the server, and the friends are told
            # that the host left — first, before this seat is given up or its connection
            # drops, either of which would make one of them the host of a closing table
            self.hosted.stop(timeout=2.0, reason="host_left")
        client = self._client
        gave_up = False
        if client is not None:
            state = client.state
            hosting = self.hosted is not None
            if leave and not hosting and self.lost is None and state.code and state.connected:
                client.leave()
                gave_up = True
            client.close(timeout=1.0)
        if gave_up:
            self.forget_seat()

    def drop(self) -> None:
        """The game is closing (its window shut): a hosted table closes, and its friends are
        told at once; a seat at someone else's table is kept, as if the connection had
        dropped ("a player who drops is played by a bot until they are back")."""
        self.close(leave=self.hosted is not None)


def _seat_store_at(path: Path) -> JsonStore:
    return JsonStore(
        path.stem,
        version=SEAT_FILE_VERSION,
        migrations={1: _one_seat_to_list},
        directory=path.parent,
        backup=False,
        fsync=False,
    )


def remembered_seats(seat_file: Path) -> list[dict[str, Any]]:
    """The seats this game holds at others' tables, as ``seat_file`` remembers them (see
    "the remembered seats" in :class:`NetSession`), newest first; an unreadable one is left
    out. The Join screen reads them too: a table full only because one of them is this
    player's is still theirs to pick."""
    data = _seat_store_at(seat_file).load().data
    seats = data.get("seats") if data is not None else None
    if not isinstance(seats, list):
        return []
    return [
        seat
        for seat in seats
        if isinstance(seat, dict)
        and all(isinstance(seat.get(k), str) and seat[k] for k in ("url", "code", "token"))
        and isinstance(seat.get("name"), str | None)
        and isinstance(seat.get("ticket"), str | None)
    ]


def _loopback(host: str) -> bool:
    """An address only this computer reaches (parse_address's host: IPv6 in brackets)."""
    h = host.strip("[]").lower()
    return h in ("localhost", "::1") or h.startswith("127.")


def held_tickets(seat_file: Path) -> dict[str, str | None]:
    """The local network's tables where this game holds a seat: ticket → the name it sat
    down with (:func:`remembered_seats`; newest first wins)."""
    held: dict[str, str | None] = {}
    for seat in remembered_seats(seat_file):
        if seat.get("ticket"):
            held.setdefault(seat["ticket"], seat.get("name"))
    return held


def _stamp() -> str:
    """A match's name among the seat replays: the local time this game saw it begin."""
    return time.strftime("%Y%m%d-%H%M%S")


def _free_name(folder: Path, stem: str) -> Path:
    """``stem.json`` in ``folder``, or ``stem-2.json``, ``stem-3.json``… the first free."""
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def _same_name(saved: str | None, typed: str | None) -> bool:
    """A remembered seat belongs to the name typed (a seat an older game saved has no name:
    it is taken back whatever the name, as that game did)."""
    if saved is None:
        return True
    return typed is not None and saved.strip().casefold() == typed.strip().casefold()


def _one_seat_to_list(data: dict[str, Any]) -> dict[str, Any]:
    """Seat file version 1 (one seat, no name) → 2 (a list of seats with their names)."""
    return {"seats": [{**data, "name": None}]}
