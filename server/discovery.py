"""Tables on the local network: zeroconf (mDNS/DNS-SD) announcements and a browser.

A room created with ``announce`` is published as a service of type :data:`SERVICE_TYPE` on a
server started with announcements on (the game's "Host a table", or ``python -m server
--announce``). Its TXT properties say what a "Join a table" list shows and how to join
without typing the room code: a ``ticket``, a second secret of the room that only the
announcement carries (the room code stays for friends joining over the internet).

=========  =================================================  ===========
property   meaning                                            example
=========  =================================================  ===========
``v``      protocol version (server/protocol.py VERSION)       ``2``
``name``   the room's name (UTF-8)                             ``小明的牌桌``
``ticket`` join with ``join_room {"ticket": ...}``             24 URL-safe characters
``free``   seats without a player (bots until taken)           ``3``
``preset`` the rules preset the host chose                     ``modern``
``hands``  hands in the match                                  ``8``
``phase``  ``lobby``, ``playing``, ``between`` or ``over``     ``lobby``
=========  =================================================  ===========

The record building (:func:`ad_of`, :func:`properties`, :func:`service_info`) and the list
(:func:`parse_table`, :class:`TableList`) are plain functions and classes, tested without a
network; :class:`Announcer` (asyncio, inside the server) and :class:`TableBrowser` (its own
threads, for the game's menu) are the thin zeroconf parts.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import logging
import secrets
import socket
import threading
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import msgspec
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncZeroconf

from server.logs import LOGGER_NAME, log_event
from server.protocol import VERSION, RoomPhase, Token

if TYPE_CHECKING:
    from server.room import Room

__all__ = [
    "SERVICE_TYPE",
    "Announcer",
    "FoundTable",
    "TableAd",
    "TableBrowser",
    "TableList",
    "ad_of",
    "parse_table",
    "properties",
    "service_info",
]

SERVICE_TYPE = "_sichuan-mahjong._tcp.local."
_NAME_BYTES = 200  # a TXT string holds 255 bytes; the name is cut to fit, never mid-character


class TableAd(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What an announcement says (the TXT properties, as their keys name them)."""

    v: int
    name: Annotated[str, msgspec.Meta(max_length=64)]  # "": none given (see ``owner``)
    owner: Annotated[str, msgspec.Meta(max_length=64)]  # who opened it: "Ann's table"
    ticket: Token
    free: Annotated[int, msgspec.Meta(ge=0, le=4)]
    preset: Annotated[str, msgspec.Meta(max_length=32)]
    hands: Annotated[int, msgspec.Meta(ge=1, le=64)]
    phase: RoomPhase


def ad_of(room: Room) -> TableAd:
    """The announcement of an announced room."""
    assert room.ticket is not None
    return TableAd(
        v=VERSION,
        name=_cut(room.config.name, _NAME_BYTES),
        owner=room.config.owner,
        ticket=room.ticket,
        free=room.seats_free,
        preset=room.config.preset,
        hands=room.config.hands,
        phase=room.phase,  # type: ignore[arg-type]
    )


def _cut(text: str, limit: int) -> str:
    data = text.encode()
    if len(data) <= limit:
        return text
    return data[:limit].decode(errors="ignore")


def properties(ad: TableAd) -> dict[str, str]:
    return {k: str(v) for k, v in msgspec.structs.asdict(ad).items()}


def instance_name(ad: TableAd) -> str:
    """The service instance: ``mahjong-<12 hex>`` from the ticket's hash (the ticket itself
    is in the TXT properties; the name needs to be unique, not secret)."""
    digest = hashlib.sha256(ad.ticket.encode()).hexdigest()[:12]
    return f"mahjong-{digest}.{SERVICE_TYPE}"


def service_info(ad: TableAd, port: int, addresses: Sequence[str], host: str) -> ServiceInfo:
    """The zeroconf record of a table: SRV to ``host`` at ``port``, A records, TXT ``ad``."""
    return ServiceInfo(
        SERVICE_TYPE,
        instance_name(ad),
        addresses=[socket.inet_aton(a) for a in addresses],
        port=port,
        properties=properties(ad),
        server=host,
    )


# --- the list of tables found ---------------------------------------------------------------


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the local network."""

    service: str  # the instance name: the key of the list
    name: str  # the name it was given; "": none (the player's game names it after ``owner``)
    address: str
    port: int
    ticket: str
    free: int
    preset: str
    hands: int
    phase: str
    version: int
    owner: str = ""  # who opened it

    @property
    def compatible(self) -> bool:
        """Speaks this client's protocol version."""
        return self.version == VERSION

    @property
    def joinable(self) -> bool:
        return self.compatible and self.free > 0

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def parse_table(
    service: str, addresses: Sequence[str], port: int | None, props: Mapping[bytes, bytes | None]
) -> FoundTable | None:
    """The table of one resolved service, or None when it is not a well-formed table of ours
    (a newer protocol version is still listed, marked incompatible)."""
    if not service.endswith("." + SERVICE_TYPE) or not addresses or not port:
        return None
    try:
        text = {k.decode(): (v or b"").decode() for k, v in props.items()}
        version = int(text.get("v", ""))
    except (UnicodeDecodeError, ValueError):
        return None
    address = _pick_address(addresses)
    if version != VERSION:  # listed all the same: the player sees why it cannot be joined
        name, owner = text.get("name", "")[:64], text.get("owner", "")[:64]
        return FoundTable(service, name, address, port, "", 0, "", 1, "", version, owner)
    fields = {k: v for k, v in text.items() if k in TableAd.__struct_fields__}
    try:
        ad = msgspec.convert(fields, TableAd, strict=False)  # "3" → 3, checked like a message
    except msgspec.ValidationError:
        return None
    return FoundTable(
        service=service,
        name=ad.name,
        owner=ad.owner,
        address=address,
        port=port,
        ticket=ad.ticket,
        free=ad.free,
        preset=ad.preset,
        hands=ad.hands,
        phase=ad.phase,
        version=ad.v,
    )


def _pick_address(addresses: Sequence[str]) -> str:
    """A private LAN address first (a table is on the local network), else the first."""
    for a in addresses:
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(a).is_private and not ipaddress.ip_address(a).is_loopback:
                return a
    return addresses[0]


class TableList:
    """The tables found, by service name; safe to use from several threads."""

    def __init__(self) -> None:
        self._tables: dict[str, FoundTable] = {}
        self._lock = threading.Lock()

    def put(self, table: FoundTable) -> None:
        with self._lock:
            self._tables[table.service] = table

    def remove(self, service: str) -> None:
        with self._lock:
            self._tables.pop(service, None)

    def tables(self) -> list[FoundTable]:
        """Joinable tables first (most free seats first), then the rest; by name within."""
        with self._lock:
            found = list(self._tables.values())
        return sorted(
            found, key=lambda t: (not t.joinable, not t.compatible, -t.free, t.name or t.owner)
        )


# --- zeroconf ---------------------------------------------------------------------------


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (what the A records carry)."""
    import ifaddr  # zeroconf's own dependency

    out: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                out.append(ip.ip)
    return out


def _choice(interfaces: Iterable[str] | None) -> list[str] | InterfaceChoice:
    return InterfaceChoice.All if interfaces is None else list(interfaces)


class Announcer:
    """Publishes the announced rooms of one server (inside its event loop). ``publish`` and
    ``withdraw`` return at once; one worker task sends the changes, the latest state of a
    room only."""

    def __init__(self, port: int, *, interfaces: Sequence[str] | None = None) -> None:
        self.port = port
        self.interfaces = interfaces
        self.addresses = list(interfaces) if interfaces else local_addresses()
        # a host name of its own: two hosts on one network must not claim the same name
        self.host = f"mahjong-{secrets.token_hex(4)}.local."
        self._azc: AsyncZeroconf | None = None
        self._wanted: dict[str, TableAd | None] = {}
        self._live: dict[str, ServiceInfo] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._log = logging.getLogger(LOGGER_NAME)

    async def start(self) -> None:
        self._azc = AsyncZeroconf(interfaces=_choice(self.interfaces), ip_version=IPVersion.V4Only)
        self._task = asyncio.create_task(self._run())

    def publish(self, room: Room) -> None:
        self._wanted[room.code] = ad_of(room)
        self._wake.set()

    def withdraw(self, room: Room) -> None:
        self._wanted[room.code] = None
        self._wake.set()

    async def _run(self) -> None:
        assert self._azc is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._wanted:
                code, ad = self._wanted.popitem()
                try:
                    await self._send(code, ad)
                except Exception as exc:  # a network hiccup must not stop the announcements
                    log_event(self._log, logging.WARNING, "announce_error", error=repr(exc))

    async def _send(self, code: str, ad: TableAd | None) -> None:
        assert self._azc is not None
        old = self._live.get(code)
        if ad is None:
            if old is not None:
                del self._live[code]
                await (await self._azc.async_unregister_service(old))
            return
        info = service_info(ad, self.port, self.addresses, self.host)
        self._live[code] = info
        if old is None:
            await (await self._azc.async_register_service(info))
        else:
            await (await self._azc.async_update_service(info))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._azc is not None:
            with contextlib.suppress(Exception):
                await self._azc.async_unregister_all_services()
            await self._azc.async_close()
            self._azc = None


class TableBrowser:
    """Finds the tables announced on the local network, on zeroconf's own threads: the
    game's menu reads :meth:`tables` every frame without ever waiting."""

    def __init__(self, *, interfaces: Sequence[str] | None = None) -> None:
        self.interfaces = interfaces
        self.found = TableList()
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mahjong-browse")

    def start(self) -> None:
        """Start browsing; raises OSError when this machine cannot do multicast."""
        self._zc = Zeroconf(interfaces=_choice(self.interfaces), ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            self.found.remove(name)
        else:  # resolving waits for answers: never on zeroconf's own thread
            self._pool.submit(self._resolve, zeroconf, service_type, name)

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        info = ServiceInfo(service_type, name)
        if not info.request(zeroconf, 3000):
            return
        table = parse_table(
            name, info.parsed_addresses(IPVersion.V4Only), info.port, info.properties
        )
        if table is not None:
            self.found.put(table)

    def tables(self) -> list[FoundTable]:
        return self.found.tables()

    def close(self) -> None:
        if self._browser is not None:
            self._browser.cancel()
        if self._zc is not None:
            self._zc.close()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._browser = self._zc = None
