"""Local-network tables: the announcement records and the list built from them, without a
network; then one live round trip on 127.0.0.1 only, skipped where multicast does not work."""

from __future__ import annotations

import asyncio
import logging
import socket
import time

import pytest
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

from server.app import Server
from server.discovery import (
    SERVICE_TYPE,
    FoundTable,
    TableAd,
    TableBrowser,
    TableList,
    ad_of,
    instance_name,
    parse_table,
    properties,
    service_info,
)
from server.protocol import VERSION, CreateRoom, JoinRoom
from server.room import Room, room_config
from server.scripted import QUICK_ROOM, ScriptedPlayer, quick_config


def _room(name: str = "小明的牌桌", **options: object) -> Room:
    loop = asyncio.new_event_loop()
    config = room_config(CreateRoom(name="小明", room_name=name, announce=True, **options))  # type: ignore[arg-type]
    logger = logging.getLogger("tests.net")
    return Room("ABC234", config, clock=time.monotonic, logger=logger, loop=loop)


def _props(ad: TableAd) -> dict[bytes, bytes | None]:
    return {k.encode(): v.encode() for k, v in properties(ad).items()}


def test_an_announced_room_becomes_a_record() -> None:
    room = _room(preset="modern", hands=4)
    ad = ad_of(room)
    assert ad == TableAd(
        v=VERSION,
        name="小明的牌桌",
        owner="小明",
        ticket=room.ticket or "",
        free=4,
        preset="modern",
        hands=4,
        phase="lobby",
    )
    props = properties(ad)
    assert props == {
        "v": str(VERSION),
        "name": "小明的牌桌",
        "owner": "小明",
        "ticket": room.ticket,
        "free": "4",
        "preset": "modern",
        "hands": "4",
        "phase": "lobby",
    }
    assert room.code not in "".join(props.values())  # the room code is never announced
    info = service_info(ad, 8765, ["192.168.1.20"], "mahjong-host.local.")
    assert info.type == SERVICE_TYPE and info.port == 8765
    assert info.name == instance_name(ad) and info.name.isascii()
    assert info.parsed_addresses() == ["192.168.1.20"]
    assert info.properties[b"name"] == "小明的牌桌".encode()
    other = ad_of(_room())
    assert instance_name(other) != instance_name(ad)  # one service per table


def test_the_list_parses_records_and_drops_what_is_not_a_table() -> None:
    ad = ad_of(_room(preset="jj"))
    name = instance_name(ad)
    table = parse_table(name, ["127.0.0.1", "192.168.1.20"], 8765, _props(ad))
    assert table == FoundTable(
        service=name,
        name="小明的牌桌",
        address="192.168.1.20",
        port=8765,
        ticket=ad.ticket,
        free=4,
        preset="jj",
        hands=8,
        phase="lobby",
        version=VERSION,
        owner="小明",
    )
    assert table.joinable and table.url == "ws://192.168.1.20:8765"
    good = _props(ad)
    for service, addresses, port, props in (
        ("printer._ipp._tcp.local.", ["10.0.0.2"], 631, good),
        (name, [], 8765, good),
        (name, ["10.0.0.2"], None, good),
        (name, ["10.0.0.2"], 8765, {**good, b"ticket": b"short"}),
        (name, ["10.0.0.2"], 8765, {**good, b"free": b"many"}),
        (name, ["10.0.0.2"], 8765, {**good, b"free": b"9"}),
        (name, ["10.0.0.2"], 8765, {**good, b"name": b"\xff\xfe"}),
        (name, ["10.0.0.2"], 8765, {k: v for k, v in good.items() if k != b"v"}),
    ):
        assert parse_table(service, addresses, port, props) is None
    newer = parse_table(name, ["10.0.0.2"], 8765, {b"v": b"99", b"name": b"future"})
    assert newer is not None and not newer.compatible and not newer.joinable


def test_the_list_orders_joinable_tables_first() -> None:
    def found(name: str, free: int, version: int = VERSION) -> FoundTable:
        return FoundTable(
            f"{name}.{SERVICE_TYPE}",
            name,
            "10.0.0.2",
            1,
            "t",
            free,
            "standard",
            8,
            "lobby",
            version,
        )

    tables = TableList()
    for t in (found("b", 1), found("full", 0), found("a", 1), found("new", 3, 99), found("c", 3)):
        tables.put(t)
    assert [t.name for t in tables.tables()] == ["c", "a", "b", "full", "new"]
    tables.put(found("full", 2))  # an update replaces the entry
    tables.remove(f"b.{SERVICE_TYPE}")
    assert [t.name for t in tables.tables()] == ["c", "full", "a", "new"]


def _loopback_multicast_works() -> bool:
    """Whether zeroconf on 127.0.0.1 hears itself here (containers often cannot)."""
    try:
        zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    except OSError:
        return False
    try:
        info = ServiceInfo(
            SERVICE_TYPE,
            f"probe-{time.monotonic_ns()}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton("127.0.0.1")],
            port=9,
            server="probe.local.",
        )
        seen: list[str] = []
        browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[lambda **kw: seen.append(kw["name"])])
        zc.register_service(info)
        deadline = time.monotonic() + 5
        while info.name not in seen and time.monotonic() < deadline:
            time.sleep(0.05)
        browser.cancel()
        zc.unregister_service(info)
        return info.name in seen
    except OSError:
        return False
    finally:
        zc.close()


def test_a_hosted_table_is_found_and_joined_by_its_ticket() -> None:
    if not _loopback_multicast_works():
        pytest.skip("no multicast on 127.0.0.1 here")
    config = quick_config(announce=True, announce_interfaces=("127.0.0.1",))
    browser = TableBrowser(interfaces=["127.0.0.1"])
    browser.start()

    async def main() -> None:
        async with Server(config) as server:
            url = f"ws://127.0.0.1:{server.port}"
            host = await ScriptedPlayer.connect(url)
            joined = await host.create(
                name="小明", room_name="周五麻将", announce=True, **QUICK_ROOM
            )
            deadline = time.monotonic() + 20
            found: list[FoundTable] = []
            while time.monotonic() < deadline:
                found = [t for t in browser.tables() if t.name == "周五麻将"]
                if found:
                    break
                await asyncio.sleep(0.05)
            assert found, "the table was never found"
            table = found[0]
            assert table.joinable and table.free == 3 and table.port == server.port
            guest = await ScriptedPlayer.connect(table.url)
            await guest.client.send(JoinRoom(name="Ann", ticket=table.ticket))
            seated = await guest._until_joined()
            assert seated.code == joined.code and seated.seat == 1

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        browser.close()
