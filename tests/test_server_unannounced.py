"""``python -m server --announce`` on a computer that cannot announce (no multicast) says so
plainly on stderr: the failure was one JSON log line among the others (or in the log file),
and the person who asked for --announce waited for friends to find a table that was never
announced. It serves the tables all the same. A real server process on 127.0.0.1, an
ephemeral port; its announcer made to fail as a computer without multicast does."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_NO_MULTICAST = """
import sys
import server.discovery as discovery
from server.__main__ import main

async def refuse(self):
    raise OSError(19, "No such device")

discovery.Announcer.start = refuse
sys.exit(main(sys.argv[1:]))
"""


def test_an_announcement_that_fails_is_said_plainly(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["--host", "127.0.0.1", "--port", "0", "--announce", "--log-file", str(log)]
    proc = subprocess.Popen(
        [sys.executable, "-c", _NO_MULTICAST, *args],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        for _ in range(3000):  # a hang guard, not a time assertion: until it serves
            if log.exists() and "server_started" in log.read_text("utf-8"):
                break
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.01)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        said = proc.stderr.read().splitlines()  # what the person running it read
        assert len(said) == 1, said  # once, in one line
        assert said[0].startswith("python -m server: warning: cannot announce tables")
        assert "No such device" in said[0] and "room code" in said[0]
        events = [json.loads(x)["event"] for x in log.read_text("utf-8").splitlines()]
        assert "announce_failed" in events and "server_started" in events  # it served on
    finally:
        if proc.poll() is None:
            proc.kill()
