"""``python -m server``: the headless dedicated server (no pygame), many rooms at once.

    python -m server --host 0.0.0.0 --port 8765 [--announce] [--log-file server.log]

Logs are JSON lines on stderr (or ``--log-file``). Ctrl-C or SIGTERM closes every room and
stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence

from server.app import Server, ServerConfig
from server.logs import setup_logging


def build_parser() -> argparse.ArgumentParser:
    d = ServerConfig()
    p = argparse.ArgumentParser(prog="python -m server", description=__doc__.splitlines()[0])
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    p.add_argument("--port", type=int, default=d.port, help=f"port (default {d.port}; 0: any)")
    p.add_argument(
        "--announce",
        action="store_true",
        help="announce tables created with announce on the local network (zeroconf)",
    )
    p.add_argument("--max-rooms", type=int, default=d.max_rooms)
    p.add_argument("--max-connections", type=int, default=d.max_connections)
    p.add_argument("--idle-seconds", type=float, default=d.idle_seconds, help="empty rooms expire")
    p.add_argument("--rate", type=float, default=d.rate_per_second, help="messages/s a client")
    p.add_argument("--burst", type=int, default=d.rate_burst, help="messages at once a client")
    p.add_argument("--log-file", help="append JSON-lines logs here instead of stderr")
    p.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    return p


async def _serve(config: ServerConfig, logger: logging.Logger) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before listening: a stop is never lost
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            loop.add_signal_handler(sig, stop.set)
    server = Server(config, logger=logger)
    await server.start()
    try:
        await stop.wait()
    finally:
        await server.close()


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    config = ServerConfig(
        host=args.host,
        port=args.port,
        announce=args.announce,
        max_rooms=args.max_rooms,
        max_connections=args.max_connections,
        idle_seconds=args.idle_seconds,
        rate_per_second=args.rate,
        rate_burst=args.burst,
    )
    stream = open(args.log_file, "a", encoding="utf-8") if args.log_file else sys.stderr  # noqa: SIM115
    logger = setup_logging(stream, getattr(logging, args.log_level.upper()))
    try:
        asyncio.run(_serve(config, logger))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"python -m server: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        if stream is not sys.stderr:
            stream.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
