"""Host a table from the game: a server on a background thread of the game's process.

The game's "Host a table" starts a :class:`HostedServer` (announced on the local network),
then joins it with a :class:`~server.client.NetClient` at :attr:`HostedServer.url` like any
other player. Starting returns at once; the pygame loop reads :attr:`ready` / :attr:`error`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Sequence
from dataclasses import replace

from server.app import Server, ServerConfig
from server.room import CloseReason

__all__ = ["HostedServer"]


class HostedServer:
    """A :class:`~server.app.Server` on its own thread and event loop.

    ``port=0`` takes an ephemeral port (:attr:`port` says which once :attr:`ready`).
    ``announce`` publishes the rooms created with ``announce=True`` by zeroconf, on
    ``announce_interfaces`` (None: every interface)."""

    def __init__(
        self,
        *,
        host: str = "0.0.0.0",
        port: int = 0,
        announce: bool = True,
        announce_interfaces: Sequence[str] | None = None,
        config: ServerConfig | None = None,
        logger: logging.Logger | None = None,
    ) -> None:
        base = config or ServerConfig()
        self.config = replace(
            base,
            host=host,
            port=port,
            announce=announce,
            announce_interfaces=None if announce_interfaces is None else tuple(announce_interfaces),
        )
        self.logger = logger
        self.server: Server | None = None
        self.error: str | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._closing: CloseReason = "shutdown"

    def start(self) -> HostedServer:
        if self._thread is None:
            self._thread = threading.Thread(target=self._main, name="mahjong-host", daemon=True)
            self._thread.start()
        return self

    @property
    def ready(self) -> bool:
        """Listening (or failed: see :attr:`error`)."""
        return self._ready.is_set()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until listening or failed (not for the pygame loop: poll :attr:`ready`)."""
        return self._ready.wait(timeout) and self.error is None

    @property
    def port(self) -> int | None:
        return None if self.server is None else self.server.port

    @property
    def url(self) -> str | None:
        """Where the host's own client connects (this machine)."""
        return None if self.port is None else f"ws://127.0.0.1:{self.port}"

    def stop(self, timeout: float = 5.0, *, reason: CloseReason = "shutdown") -> None:
        """Close every table and stop serving; the players are told ``reason`` — the
        game's host leaving its table says ``"host_left"``, not that a server stopped."""
        self._closing = reason
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has already finished
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except Exception as exc:  # never let the thread die silently
            self.error = self.error or repr(exc)
        finally:
            self._ready.set()

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        server = Server(self.config, logger=self.logger)
        try:
            await server.start()
        except OSError as exc:
            self.error = f"cannot listen on {self.config.host}:{self.config.port}: {exc}"
            return
        self.server = server
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.close(self._closing)
