"""``python -m server`` says in plain words where friends connect: it printed only JSON logs
(``"host": "0.0.0.0", "port": 8765``), never the address a friend types in the game's Join
screen, whether its tables are announced on the local network, or how to stop it. Once it
listens it prints a few lines on stdout, in Chinese and in English (the server has no
language setting); the JSON logs on stderr are as they were; ``--quiet`` leaves the lines
out. A real server process on 127.0.0.1 at an ephemeral port."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from server.__main__ import build_parser, start_lines

ROOT = Path(__file__).resolve().parent.parent


def run_server(*flags: str) -> tuple[int, list[str], list[str]]:
    """Start ``python -m server`` on 127.0.0.1, port 0; stop it with SIGTERM once it listens.
    Returns its port, its stdout lines and its stderr lines."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0", *flags],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()  # the server_started log: it listens
        started = json.loads(first)
        assert started["event"] == "server_started"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)  # a hang guard, not a time assertion
        assert proc.returncode == 0
        return int(started["port"]), out.splitlines(), [first.rstrip("\n"), *err.splitlines()]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_server_says_where_friends_connect_and_how_to_stop_it() -> None:
    port, out, err = run_server()
    said = "\n".join(out)
    # the address and the real port (not 0, not the default), in both languages
    assert said.count(f"127.0.0.1:{port}") == 2
    assert "Play with friends → Join a table" in said and "好友联机 → 加入牌桌" in said
    assert "room code" in said and "房间号" in said
    # 127.0.0.1 reaches nobody else: the way to let friends in is said
    assert "Only this computer can connect" in said and "--host 0.0.0.0" in said
    assert "not announced on the local network" in said and "--announce" in said
    assert "Ctrl+C" in out[-1] and any("Ctrl+C" in line and "停止" in line for line in out)
    # Chinese first, then English
    assert out[0].startswith("四川麻将服务器") and any(x.startswith("The Sichuan") for x in out)
    # the logs are JSON lines as before, every one of them
    events = [json.loads(line)["event"] for line in err]
    assert events[0] == "server_started" and events[-1] == "server_stopped"


def test_quiet_leaves_the_plain_lines_out() -> None:
    _, out, err = run_server("--quiet")
    assert out == []
    assert [json.loads(line)["event"] for line in err][-1] == "server_stopped"
    assert build_parser().parse_args([]).quiet is False


def test_every_interface_lists_this_computers_network_addresses() -> None:
    lines = start_lines(
        "0.0.0.0", 8765, ["192.168.1.20", "10.0.0.5"], announce=True, announce_failed=False
    )
    assert lines.count("    192.168.1.20:8765") == 2 and lines.count("    10.0.0.5:8765") == 2
    assert not any("0.0.0.0" in line for line in lines)  # not an address a friend can type
    said = "\n".join(lines)
    assert "announced on the local network" in said and "Join screen" in said
    assert "局域网上公布" in said and "不在局域网" not in said
    assert len(lines) % 2 == 0  # the same lines in each language
    half = len(lines) // 2
    assert all(ord(ch) < 0x3000 for line in lines[half:] for ch in line if ch != "→")


def test_no_network_an_ipv6_host_and_a_failed_announcement() -> None:
    alone = start_lines("0.0.0.0", 9000, [], announce=True, announce_failed=True)
    assert "    127.0.0.1:9000" in alone
    said = "\n".join(alone)
    assert "only it can connect" in said
    assert "cannot be announced" in said and "warning above" in said
    assert "friends on it find them" not in said  # not both: it is not announced
    v6 = start_lines("fd00::5", 8765, [], announce=False, announce_failed=False)
    assert "    [fd00::5]:8765" in v6  # as the Join screen reads an IPv6 address
    many = start_lines(
        "::", 1, [f"10.0.0.{i}" for i in range(9)], announce=False, announce_failed=False
    )
    assert sum(line.startswith("    10.0.0.") for line in many) == 8  # four in each language
