"""Load benchmark of the networked server (not a test): N rooms of four scripted clients.

    python benchmarks/bench_server.py --rooms 100 --seconds 60 --think 0.5
    python benchmarks/bench_server.py --in-process 20000     # the room logic alone

The server runs as ``python -m server`` in its own process on 127.0.0.1 (an ephemeral
port, its default limits); this process runs the 4 × N clients on one event loop. Each
client answers every question after a think time drawn uniformly from 0.5–1.5 × ``--think``
seconds, with a random legal action (a win when it has one), sends "ready" after each hand,
and the host starts a new match when one ends, until ``--seconds`` have passed.

Printed: actions/s, the latency from sending an action to receiving the update that answers
it (the server sends every seat's update of that moment in the same pass), as p50/p90/p99/
max, the errors (refused messages, unexpected closes), and the CPU each process used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed  # noqa: E402

from server.protocol import MatchEnd, RoomClosed  # noqa: E402
from server.scripted import ScriptedPlayer  # noqa: E402


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server() -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0",
         "--log-level", "warning"],
        cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    # warning level hides server_started: find the port by asking the OS instead
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        port = _listening_port(proc.pid)
        if port:
            return proc, port
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def _listening_port(pid: int) -> int | None:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        if parts[3] == "0A" and parts[9] in inodes:  # LISTEN
            return int(parts[1].split(":")[1], 16)
    return None


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.hands = 0


async def room(url: str, n: int, stats: Stats, stop_at: float, think: float, hands: int) -> None:
    players = [
        await ScriptedPlayer.connect(url, bot=None, seed=n * 4 + i, think=think,
                                     on_latency=stats.latencies.append)
        for i in range(4)
    ]  # fmt: skip
    host = players[0]
    joined = await host.create(
        name=f"host{n}", hands=hands, bot_delay=0.6, turn_seconds=15.0, settle_seconds=30.0
    )
    for i, p in enumerate(players[1:], start=1):
        await p.join(joined.code, name=f"p{n}.{i}", seat=i)

    def over(msg: object) -> bool:
        return isinstance(msg, MatchEnd | RoomClosed) or time.monotonic() > stop_at

    try:
        while time.monotonic() < stop_at:
            await host.start()
            await asyncio.gather(*(p.play(until=over) for p in players))
            if any(p.closed for p in players):
                stats.errors.append(f"room {n} closed")
                break
    except ConnectionClosed as exc:
        stats.errors.append(f"room {n}: {exc!r}")
    for p in players:
        stats.errors += [f"room {n}: {e.code}: {e.message}" for e in p.errors]
        if p.client.ws.close_code not in (None, 1000):
            stats.errors.append(f"room {n}: closed {p.client.ws.close_code}")
        stats.hands += len(p.settlements) if p is host else 0
        await p.client.close()


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 10) - 1] if len(values) > 1 else 0.0


async def main(args: argparse.Namespace) -> dict[str, object]:
    proc, port = start_server()
    url = f"ws://127.0.0.1:{port}"
    stats = Stats()
    load_before = os.getloadavg()
    try:
        start = time.monotonic()
        stop_at = start + args.ramp + args.seconds
        tasks = []
        for n in range(args.rooms):
            tasks.append(asyncio.create_task(
                room(url, n, stats, stop_at, args.think, args.hands)
            ))  # fmt: skip
            await asyncio.sleep(args.ramp / max(args.rooms, 1))
        await asyncio.sleep(max(0.0, start + args.ramp - time.monotonic()))
        # measure only the steady part: after every room is seated
        stats.latencies.clear()
        cpu_server0, cpu_client0 = _cpu_seconds(proc.pid), time.process_time()
        t0 = time.monotonic()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - t0
        cpu_server = _cpu_seconds(proc.pid) - cpu_server0
        cpu_client = time.process_time() - cpu_client0
        stats.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    finally:
        proc.terminate()
        proc.wait(10)
    lat = [x * 1000 for x in stats.latencies]
    return {
        "rooms": args.rooms,
        "clients": args.rooms * 4,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "actions": len(lat),
        "actions_per_s": round(len(lat) / elapsed, 1),
        "hands_finished": stats.hands,
        "latency_ms": {
            "p50": round(pct(lat, 50), 2),
            "p90": round(pct(lat, 90), 2),
            "p99": round(pct(lat, 99), 2),
            "max": round(max(lat, default=0.0), 2),
        },
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
        "server_cpu_percent": round(100 * cpu_server / elapsed, 1),
        "clients_cpu_percent": round(100 * cpu_client / elapsed, 1),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


class _Link:
    """A connection that only counts what it is sent."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0

    def send(self, data: bytes) -> None:
        self.messages += 1
        self.bytes += len(data)

    def close(self, code: int, reason: str) -> None:
        pass


async def in_process(actions: int) -> dict[str, object]:
    """The room logic alone (no sockets): four seats answering at random at once."""
    import logging
    import random

    from server import codec
    from server.protocol import Act, CreateRoom
    from server.room import Room, room_config

    config = room_config(
        CreateRoom(name="a", hands=64, bot_delay=0, settle_seconds=0, turn_seconds=15)
    )
    room = Room("BENCH1", config, clock=time.monotonic, logger=logging.getLogger("bench"))
    links = [_Link() for _ in range(4)]
    for seat, link in enumerate(links):
        room.join(f"p{seat}", seat, link, None)
    rng = random.Random(1)
    done = 0
    t0 = time.perf_counter()
    while done < actions:
        if room.phase == "over" or room.match is None:
            room.start(room.host or 0)
        hand = room.hand
        if room.phase != "playing" or hand is None:
            await asyncio.sleep(0)  # the next hand starts on the room's timer
            continue
        seat = next((s for s in range(4) if hand.prompts[s] is not None), None)
        if seat is None:
            await asyncio.sleep(0)
            continue
        action = codec.action_data(rng.choice(hand.legal[seat]))
        room.act(seat, Act(action=action, prompt=hand.prompts[seat] or 0))
        done += 1
    elapsed = time.perf_counter() - t0
    sent = sum(link.messages for link in links)
    return {
        "mode": "in-process room logic, one core",
        "actions": done,
        "actions_per_s": round(done / elapsed),
        "messages_per_action": round(sent / done, 2),
        "bytes_per_message": round(sum(link.bytes for link in links) / sent),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds per answer")
    parser.add_argument("--hands", type=int, default=2, help="hands per match")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds to seat every room")
    parser.add_argument(
        "--in-process", type=int, metavar="ACTIONS", help="time the room logic alone instead"
    )
    options = parser.parse_args()
    if options.in_process:
        print(json.dumps(asyncio.run(in_process(options.in_process)), indent=2))
    else:
        print(json.dumps(asyncio.run(main(options)), indent=2))
