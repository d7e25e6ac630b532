"""``python -m server``: the headless dedicated server (no pygame), many rooms at once.

    python -m server --host 0.0.0.0 --port 8765 [--announce] [--log-file server.log]

Logs are JSON lines on stderr (or ``--log-file``). Ctrl-C or SIGTERM closes every room and
stops. What the person running it must act on is also said plainly on stderr, as one line:
an address it cannot listen on (and it stops), or tables it cannot announce on the local
network with ``--announce`` (and it serves them unannounced). Once it listens, a few plain
lines on stdout, in Chinese and in English (the server has no language of its own), say the
addresses friends type in the game's Join screen, whether tables are announced on the local
network and that Ctrl+C stops it (``--quiet``: not said).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import os
import signal
import sys
from collections.abc import Sequence
from typing import NoReturn

from server.app import Server, ServerConfig
from server.logs import setup_logging

DESCRIPTION = "The headless dedicated server (no pygame): many rooms at once."
EPILOG = "Logs are JSON lines on stderr (or --log-file). Ctrl-C or SIGTERM closes every room."


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None


def _port(text: str) -> int:
    """0-65535; 0 asks the system for any free port."""
    port = _whole(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0-65535 (0: any free port), got {text}")
    return port


def _at_least_one(text: str) -> int:
    """A limit on rooms, connections or messages at once: 0 would refuse everything."""
    count = _whole(text)
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return count


def _positive(text: str) -> float:
    """A rate or a time: finite and above 0. A rate of 0 never refills the burst; an idle
    time of 0 closes every room at the next sweep that nobody is in at that moment (one
    just created, one whose players are reconnecting); ``inf`` and ``nan`` are not JSON,
    and the rate is sent to every client."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a number above 0, got {text}")
    return value


class _Parser(argparse.ArgumentParser):
    """A refused flag is one line (``python -m server: error: …``) and exit status 2, without
    argparse's usage block before it (``--help`` shows that)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def build_parser(prog: str = "python -m server") -> argparse.ArgumentParser:
    d = ServerConfig()
    p = _Parser(prog=prog, description=DESCRIPTION, epilog=EPILOG)
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    p.add_argument(
        "--port", type=_port, default=d.port, help=f"port, 0-65535 (default {d.port}; 0: any free)"
    )
    p.add_argument(
        "--announce",
        action="store_true",
        help="announce tables created with announce on the local network (zeroconf)",
    )
    p.add_argument(
        "--max-rooms",
        type=_at_least_one,
        default=d.max_rooms,
        metavar="N",
        help=f"rooms open at once; more are refused (default {d.max_rooms})",
    )
    p.add_argument(
        "--max-connections",
        type=_at_least_one,
        default=d.max_connections,
        metavar="N",
        help=f"clients connected at once; more are refused (default {d.max_connections})",
    )
    p.add_argument(
        "--idle-seconds",
        type=_positive,
        default=d.idle_seconds,
        metavar="S",
        help=f"a room nobody is connected to closes after this long (default {d.idle_seconds:g})",
    )
    p.add_argument(
        "--rate",
        type=_positive,
        default=d.rate_per_second,
        metavar="R",
        help=f"messages a second one client may send, sustained (default {d.rate_per_second:g})",
    )
    p.add_argument(
        "--burst",
        type=_at_least_one,
        default=d.rate_burst,
        metavar="N",
        help=f"messages one client may send at once (default {d.rate_burst})",
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="deal every match from seeds drawn from N, so a bug report replays the same walls "
        "(testing only: whoever knows N knows every wall; default: secret random walls)",
    )
    p.add_argument(
        "--log-file", metavar="FILE", help="append JSON-lines logs here instead of stderr"
    )
    p.add_argument(
        "--quiet",
        action="store_true",
        help="do not print where friends connect on stdout once it listens (the logs and "
        "warnings are written all the same)",
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=("debug", "info", "warning", "error"),
        help="the least important log line written (default info)",
    )
    return p


class _CannotListen(Exception):
    """The address or port cannot be bound (in use, not this machine's, no permission)."""


async def _serve(
    config: ServerConfig, logger: logging.Logger, prog: str, *, quiet: bool = False
) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before listening: a stop is never lost
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows
            loop.add_signal_handler(sig, stop.set)
    server = Server(config, logger=logger)
    try:
        await server.start()
    except OSError as exc:  # asyncio's bind message repeats the address: the errno's words
        reason = os.strerror(exc.errno) if exc.errno and exc.errno > 0 else exc.strerror
        raise _CannotListen(" ".join(str(reason or exc).split())) from exc
    if server.announce_error is not None:
        # only a JSON line in the log (maybe a file) said so: the person who asked for
        # --announce waited for friends to find a table that was never announced
        print(unannounced_text(prog, server.announce_error), file=sys.stderr, flush=True)
    if not quiet and server.port is not None:
        # the JSON log said host 0.0.0.0 and a port: not what a friend types in the game
        lines = start_lines(
            config.host,
            server.port,
            _lan_addresses() if _every_interface(config.host) else [],
            announce=config.announce,
            announce_failed=server.announce_error is not None,
        )
        _say(lines)
    try:
        await stop.wait()
    finally:
        await server.close()


def unannounced_text(prog: str, error: str) -> str:
    """The plain line for --announce that this computer cannot honour (no multicast)."""
    reason = " ".join(error.split())[:200]
    return (
        f"{prog}: warning: cannot announce tables on the local network ({reason}); "
        "they are served all the same, unannounced: players join with this computer's "
        "address and port and the room code"
    )


#: The plain lines said once the server listens: (Chinese, English) each; ``{port}``,
#: ``{host}`` filled in. The server has no language setting: both are said, Chinese first.
START_TEXT: dict[str, tuple[str, str]] = {
    "head": (
        "四川麻将服务器已启动。在游戏里用下面一个地址连接它：",
        "The Sichuan Mahjong server is running. In the game, players reach it at one of these "
        "addresses:",
    ),
    # under the addresses: one player opens a table here, the others join it by its code
    "how": (
        "开桌的人选 好友联机 → 开一桌 → 牌桌开在“服务器上”，填这个地址，牌桌界面会显示房间号；"
        "朋友选 好友联机 → 加入牌桌，填同一个地址和这个房间号。",
        "Whoever hosts chooses Play with friends → Host a table → On a server, with this "
        "address, and their lobby shows the room code; friends choose Play with friends → "
        "Join a table and type the same address and that room code.",
    ),
    # listening on every interface, and this computer has no network address but loopback
    "no_lan": (
        "（这台电脑没有局域网地址：现在只有本机能连接。）",
        "(This computer has no network address: only it can connect for now.)",
    ),
    # --host 127.0.0.1 (or ::1, localhost): nobody else can reach it
    "loopback": (
        "只有这台电脑能连接（监听 {host}）；要让朋友连进来，请用 --host 0.0.0.0 启动。",
        "Only this computer can connect (it listens on {host}); to let friends in, start it "
        "with --host 0.0.0.0.",
    ),
    "announced": (
        "在游戏里开的牌桌会在局域网上公布：同一局域网的朋友在“加入牌桌”的列表里就能看到。",
        "Tables opened from the game are announced on the local network: friends on it find "
        "them listed on the Join screen.",
    ),
    "not_announced": (
        "牌桌不在局域网上公布（要公布，请加 --announce 启动）。",
        "Tables are not announced on the local network (start with --announce for that).",
    ),
    # --announce was asked for and failed: the warning line above says why
    "announce_failed": (
        "牌桌无法在局域网上公布（原因见上面的警告），朋友需要输入地址和房间号。",
        "Tables cannot be announced on the local network (the warning above says why): "
        "friends type the address and the room code.",
    ),
    "stop": (
        "按 Ctrl+C 停止服务器，所有牌桌随之关闭。",
        "Press Ctrl+C to stop the server; every table closes with it.",
    ),
}

_WILDCARDS = {"", "0.0.0.0", "::", "[::]"}
_MAX_SHOWN = 4  # LAN addresses listed at most (a machine with many adapters)


def _every_interface(host: str) -> bool:
    return host.strip() in _WILDCARDS


def _loopback(host: str) -> bool:
    h = host.strip().strip("[]").lower()
    return h == "localhost" or h == "::1" or h.startswith("127.")


def _lan_addresses() -> list[str]:
    """This computer's IPv4 addresses but loopback; none when they cannot be read."""
    try:
        from server.discovery import local_addresses

        return local_addresses()
    except (ImportError, OSError):
        return []


def _with_port(address: str, port: int) -> str:
    host = address.strip()
    if ":" in host and not host.startswith("["):  # an IPv6 literal
        host = f"[{host}]"
    return f"{host}:{port}"


def start_lines(
    host: str, port: int, lan: Sequence[str], *, announce: bool, announce_failed: bool
) -> list[str]:
    """What the person running the server reads once it listens on ``host``:``port``
    (``lan``: this computer's network addresses, for a server on every interface): the
    addresses players type in the game — the host to open a table there, friends to join it
    with its room code — whether tables are announced, how to stop.
    Chinese lines first, then the same in English."""
    if _every_interface(host):
        shown = list(dict.fromkeys(lan))[:_MAX_SHOWN] or ["127.0.0.1"]
        note = None if lan else "no_lan"
    else:
        shown = [host]
        note = "loopback" if _loopback(host) else None
    told = "announced" if announce else "not_announced"
    if announce_failed:
        told = "announce_failed"
    keys = ["head", "how", *([note] if note else []), told, "stop"]
    out: list[str] = []
    for lang in (0, 1):
        for key in keys:
            out.append(START_TEXT[key][lang].format(host=host.strip()))
            if key == "head":
                out.extend("    " + _with_port(a, port) for a in shown)
    return out


def _say(lines: Sequence[str]) -> None:
    """``lines`` on stdout; a console that cannot write Chinese gets the English half, and
    one that is gone (a windowed build without a console) gets nothing."""
    try:
        print("\n".join(lines), flush=True)
    except UnicodeEncodeError:
        half = len(lines) // 2
        with contextlib.suppress(OSError, ValueError, UnicodeEncodeError):
            print("\n".join(lines[half:]), flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None, prog: str = "python -m server") -> int:
    """Serve until Ctrl-C or SIGTERM; a bad flag, a log file that cannot be opened or an
    address that cannot be listened on is one line on stderr and exit status 2. ``prog``:
    how the player started it (``python -m game --server`` says so in its messages)."""
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    config = ServerConfig(
        host=args.host,
        port=args.port,
        announce=args.announce,
        max_rooms=args.max_rooms,
        max_connections=args.max_connections,
        idle_seconds=args.idle_seconds,
        rate_per_second=args.rate,
        rate_burst=args.burst,
        match_seeds=args.seed,
    )
    try:
        stream = open(args.log_file, "a", encoding="utf-8") if args.log_file else sys.stderr  # noqa: SIM115
    except OSError as exc:
        parser.error(f"cannot open --log-file {args.log_file!r}: {exc.strerror or exc}")
    logger = setup_logging(stream, getattr(logging, args.log_level.upper()))
    try:
        asyncio.run(_serve(config, logger, prog, quiet=args.quiet))
    except KeyboardInterrupt:
        pass
    except _CannotListen as exc:
        parser.error(f"cannot listen on {args.host}:{args.port}: {exc}")
    finally:
        # the logger outlives this call (a test, or the game's --server, runs main in its
        # process): a handler left on it wrote to the closed stream from the next server
        logger.handlers.clear()
        if stream is not sys.stderr:
            stream.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
