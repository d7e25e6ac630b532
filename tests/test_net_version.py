"""A friend's game and a table of another version of the game: the player reads that the
versions differ — the game said "Nobody answered at that address; please check it and its
port", sending the player to look for a typing mistake in an address that was right. A
server of the next protocol version on 127.0.0.1 at an ephemeral port greets the game."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
from websockets.asyncio.server import ServerConnection, serve

from game.i18n import t
from game.net.session import NetSession
from server.client import NetClient
from server.protocol import VERSION, ErrorCode, Limits, Welcome, encode
from server.words import error_text

LIMIT_S = 30.0  # a hang guard, not a time assertion


@pytest.fixture
def newer_server() -> Iterator[str]:
    """A server that greets every connection in the next protocol version, then listens
    until the client goes; its URL."""
    ready = threading.Event()
    box: dict[str, int] = {}
    halt: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []

    async def greet(ws: ServerConnection) -> None:
        limits = Limits(
            max_message_bytes=4096, max_frame_bytes=65536, rate_per_second=10.0, rate_burst=30
        )
        await ws.send(encode(Welcome(version=VERSION + 1, server="next", limits=limits)).decode())
        async for _ in ws:
            pass

    async def main() -> None:
        stop = asyncio.Event()
        async with serve(greet, "127.0.0.1", 0) as server:
            box["port"] = server.sockets[0].getsockname()[1]
            halt.append((asyncio.get_running_loop(), stop))
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    yield f"ws://127.0.0.1:{box['port']}"
    loop, stop = halt[0]
    loop.call_soon_threadsafe(stop.set)
    thread.join(5)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_table_of_another_version_says_so(newer_server: str, lang: str) -> None:
    session = NetSession(NetClient(newer_server).start(), lang=lang)
    try:
        session.join("Bob", code="ABC234")
        deadline = time.monotonic() + LIMIT_S
        while session.lost is None:
            assert time.monotonic() < deadline, "hang"
            session.pump()
            time.sleep(0.005)
        assert session.lost.text == error_text(ErrorCode.UNSUPPORTED_VERSION, lang)
        assert session.lost.text != t("net.refused", lang)
    finally:
        session.close()
