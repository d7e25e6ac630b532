"""Start the built game headless and check that it really plays: the download still starts.

    python build_scripts/smoke_test.py [PATH] [--frames 300] [--timeout 180]
                                       [--allow-missing-json] [--keep-screenshot PATH]

PATH is the one-file executable, the one-folder directory, the macOS ``.app`` or any other
way to start the game, such as the ``sichuan-mahjong`` script a ``pip install`` of the wheel
makes (default: the build ``build.py`` left in ``dist/``). The game runs with SDL's dummy video
and audio drivers from an empty working directory, with a fresh data folder, no PYTHONPATH
(so it cannot lean on files of the source tree) and strict assets (a missing file is an
error), as

    EXE --demo --frames 300 --screenshot shot.png

and must exit 0, print its frames JSON line, save a real picture (a PNG that pygame loads, of
the window's size, with many distinct colours) and say nothing about files it could not load.
Then the networking: ``EXE --server --host 127.0.0.1 --port 0`` must log that it listens, and
answer a WebSocket handshake on that port with the protocol's ``welcome`` (docs/net-protocol.md),
then stop on SIGTERM. Then five ``--frames 1`` and five ``--help`` launches time launch to first
frame (reported, never asserted: timings on a shared CI box are noise).

``--allow-missing-json`` is for windowed Windows builds, whose stdout may be detached.
Exit status: 0 passed, 1 a check failed, 2 nothing to test.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import queue
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from server.protocol import VERSION as PROTOCOL_VERSION

import bundle

MIN_PNG_BYTES = 10_000
MIN_COLOURS = 256  # a felt table with tiles, text and anti-aliasing has thousands
DEFAULT_WINDOW = (1280, 800)
# stderr lines that mean the bundle lacks a file the game wanted, even if it carried on
# (pygame-gui falls back to a Latin font and the buttons show tofu, game/fonts.py likewise).
MISSING_FILE_SIGNS = (
    "Unable to load resource",  # pygame-gui's resource loader
    "could not be loaded",  # game/fonts.py
    "is missing",  # game/fonts.py theme fonts, game/resources.py MissingAssetError
    "missing sound",  # game/audio.py
    "no music file",  # game/audio.py
    "MissingAssetError",
    "Traceback (most recent call last)",
)


def is_welcome(message: object) -> bool:
    """Whether ``message`` is the server's greeting in the protocol this source speaks (it
    said version 1 after the protocol moved on: the built server's right answer failed)."""
    return (
        isinstance(message, dict)
        and message.get("type") == "welcome"
        and message.get("version") == PROTOCOL_VERSION
    )


class SmokeTestFailure(Exception):
    """A check failed; the message says which and shows what the game printed."""


@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def find_executable(path: Path | None, platform: str = sys.platform) -> Path:
    """The executable to start, as an absolute path: PATH itself, the one inside a folder or
    ``.app``, or the one in dist/."""
    if path is None:
        dist = bundle.ROOT / "dist"
        candidates = [
            dist / bundle.executable_name(platform),
            dist / f"{bundle.APP_TITLE}.app",
            dist / bundle.APP_NAME,
        ]
        path = next((c for c in candidates if c.exists()), candidates[0])
    if path.suffix == ".app":
        path = path / "Contents" / "MacOS" / bundle.APP_NAME
    elif path.is_dir():
        path = path / bundle.executable_name(platform)
    if not path.is_file():
        raise FileNotFoundError(f"no executable at {path}: build it with build_scripts/build.py")
    return path.resolve()  # the game runs in another working directory


# Variables that would let an installed game import the source tree instead of itself.
_SOURCE_TREE_VARS = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE")


def outside_env() -> dict[str, str]:
    """This process's environment without what points Python at the source tree."""
    return {key: value for key, value in os.environ.items() if key not in _SOURCE_TREE_VARS}


def headless_env(home: Path) -> dict[str, str]:
    """The game's environment: SDL's dummy drivers, strict assets (a missing file of the game's
    own is an error, not a log line), ``home`` as its data folder (a first start, and never the
    saves of whoever runs the test), and nothing that points Python at the source tree."""
    env = outside_env()
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SICHUAN_MAHJONG_STRICT_ASSETS="1",
        SICHUAN_MAHJONG_HOME=str(home),
    )
    return env


def launch(executable: Path, args: Sequence[str], cwd: Path, timeout: float) -> Run:
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [str(executable), *args],
            cwd=cwd,
            env=headless_env(cwd / "data-folder"),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        command = f"{executable.name} {' '.join(args)}"
        raise SmokeTestFailure(f"{command} ran over {timeout:.0f} s") from exc
    return Run(done.returncode, done.stdout, done.stderr, time.perf_counter() - started)


def frames_json(stdout: str) -> dict[str, Any] | None:
    """The last stdout line that is a JSON object with a ``frames`` key, if any."""
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "frames" in data:
            return data
    return None


def picture_stats(png: Path) -> tuple[tuple[int, int], int]:
    """(width, height) and the number of distinct colours of an image, read with pygame."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load(str(png))
    rgb = pygame.image.tobytes(surface, "RGB")
    colours = {rgb[i : i + 3] for i in range(0, len(rgb), 3)}
    return surface.get_size(), len(colours)


def _output(run: Run) -> str:
    def tail(text: str) -> str:
        lines = text.strip().splitlines()[-25:]
        return "\n".join("    " + line for line in lines) or "    (nothing)"

    return (
        f"  exit status {run.returncode}\n"
        f"  stdout:\n{tail(run.stdout)}\n"
        f"  stderr:\n{tail(run.stderr)}"
    )


def check_play(
    executable: Path, frames: int, workdir: Path, timeout: float, allow_missing_json: bool
) -> dict[str, Any] | None:
    """The demo run: exit 0, the frames JSON, a real screenshot. Returns the JSON."""
    shot = workdir / "smoke-screenshot.png"
    args = ["--demo", "--frames", str(frames), "--screenshot", str(shot)]
    run = launch(executable, args, workdir, timeout)
    print(f"demo run: {run.seconds:.2f} s for {frames} frames")
    if run.returncode != 0:
        raise SmokeTestFailure(f"the game exited with status {run.returncode}\n{_output(run)}")
    stats = frames_json(run.stdout)
    if stats is None:
        if not allow_missing_json:
            raise SmokeTestFailure(f"no frames JSON line on stdout\n{_output(run)}")
        print("warning: no frames JSON on stdout (allowed: windowed build without stdout)")
    elif stats["frames"] != frames:
        raise SmokeTestFailure(f"the game reports {stats['frames']} frames, not {frames}")
    else:
        print("frames JSON:", json.dumps(stats, ensure_ascii=False, sort_keys=True))
    if not shot.is_file():
        raise SmokeTestFailure(f"no screenshot written at {shot}\n{_output(run)}")
    size_bytes = shot.stat().st_size
    if size_bytes < MIN_PNG_BYTES:
        raise SmokeTestFailure(f"screenshot is only {size_bytes} bytes: a blank picture?")
    try:
        size, colours = picture_stats(shot)
    except Exception as exc:  # pygame.error or anything else that makes the file unreadable
        raise SmokeTestFailure(f"screenshot {shot} does not load: {exc}") from exc
    window = tuple(stats["window"]) if stats and "window" in stats else DEFAULT_WINDOW
    if size != window:
        raise SmokeTestFailure(f"screenshot is {size[0]}x{size[1]}, the window {window}")
    if colours < MIN_COLOURS:
        raise SmokeTestFailure(f"screenshot has only {colours} colours: not the table?")
    print(f"screenshot: {size[0]}x{size[1]}, {size_bytes / 1000:.0f} kB, {colours} colours")
    missing = missing_file_lines(run.stderr)
    if missing:
        lines = "\n".join(f"    {line}" for line in missing)
        raise SmokeTestFailure(f"the game ran but could not load some of its files:\n{lines}")
    return stats


def check_server(executable: Path, workdir: Path, timeout: float) -> None:
    """The bundled dedicated server: it listens, greets a WebSocket client, stops."""
    args = ["--server", "--host", "127.0.0.1", "--port", "0"]
    started = time.perf_counter()
    proc = subprocess.Popen(
        [str(executable), *args],
        cwd=workdir,
        env=headless_env(workdir / "data-folder"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
    )
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stderr is not None
    stderr = proc.stderr
    threading.Thread(target=lambda: [lines.put(line) for line in stderr], daemon=True).start()
    seen: list[str] = []
    try:
        port = None
        deadline = time.monotonic() + timeout
        while port is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise SmokeTestFailure(
                    f"--server did not say it listens within {timeout:.0f} s: {seen[-5:]}"
                ) from None
            seen.append(line.rstrip())
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("event") == "server_started":
                port = int(record["port"])
        welcome = _websocket_greeting(port, timeout)
        if not is_welcome(welcome):
            raise SmokeTestFailure(f"--server greeted with {welcome!r:.200}, not a welcome")
        print(
            f"server run: listening after {time.perf_counter() - started:.2f} s, "
            f"greets as {welcome.get('server')!r}"
        )
    finally:
        proc.terminate()
        try:
            code = proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise SmokeTestFailure("--server did not stop on SIGTERM") from None
    if code != 0 and sys.platform != "win32":  # Windows' terminate() is a kill
        raise SmokeTestFailure(f"--server exited with status {code} on SIGTERM: {seen[-5:]}")


def _websocket_greeting(port: int, timeout: float) -> dict[str, Any]:
    """Open a WebSocket on 127.0.0.1:``port`` by hand (RFC 6455) and read its first text
    message as JSON."""
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        "GET / HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{port}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request.encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                raise SmokeTestFailure("--server closed the connection during the handshake")
            data += chunk
        head, _, data = data.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise SmokeTestFailure(f"--server answered the handshake with {head[:80]!r}")

        def need(n: int) -> bytes:
            nonlocal data
            while len(data) < n:
                chunk = sock.recv(4096)
                if not chunk:
                    raise SmokeTestFailure("--server closed the connection before its welcome")
                data += chunk
            out, data = data[:n], data[n:]
            return out

        first, second = need(2)
        if first & 0x0F != 1:
            raise SmokeTestFailure(f"--server's first frame is not text (opcode {first & 15})")
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(need(2), "big")
        elif length == 127:
            length = int.from_bytes(need(8), "big")
        greeting = json.loads(need(length).decode("utf-8"))
    if not isinstance(greeting, dict):
        raise SmokeTestFailure(f"--server's first message is not an object: {greeting!r:.80}")
    return greeting


def missing_file_lines(stderr: str) -> list[str]:
    """The stderr lines saying a file could not be loaded."""
    return [
        line.strip()
        for line in stderr.splitlines()
        if any(sign in line for sign in MISSING_FILE_SIGNS)
    ]


def time_first_frame(executable: Path, workdir: Path, timeout: float, launches: int = 5) -> None:
    """Time launch to first frame (medians of ``launches`` runs) and print the parts.

    The game measures its first frame from the moment ``game.__main__`` starts; the time before
    that (a one-file build unpacks itself, then Python starts) is what a ``--help`` launch
    takes. Their sum is the launch-to-first-frame estimate; a ``--frames 1`` run's wall time is
    an upper bound, since it also includes shutting the game down.
    """
    walls, game_ms, startups = [], [], []
    for _ in range(launches):
        run = launch(executable, ["--demo", "--frames", "1"], workdir, timeout)
        if run.returncode != 0:
            raise SmokeTestFailure(f"one-frame launch failed\n{_output(run)}")
        walls.append(run.seconds)
        stats = frames_json(run.stdout)
        if stats and isinstance(stats.get("first_frame_ms"), int | float):
            game_ms.append(stats["first_frame_ms"] / 1000)
        startups.append(launch(executable, ["--help"], workdir, timeout).seconds)
    startup, wall = statistics.median(startups), statistics.median(walls)
    print(f"start-up before the game's code runs (--help launch): {startup:.2f} s")
    if game_ms:
        game = statistics.median(game_ms)
        print(f"first frame as the game measures it: {game:.2f} s")
        print(f"launch to first frame: ~{startup + game:.2f} s (median of {launches})")
    print(f"launch, first frame and exit (--frames 1): {wall:.2f} s, worst {max(walls):.2f} s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, help="executable, folder or .app")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per launch")
    parser.add_argument("--allow-missing-json", action="store_true")
    parser.add_argument("--keep-screenshot", type=Path, help="copy the screenshot here")
    args = parser.parse_args(argv)
    try:
        executable = find_executable(args.path)
    except FileNotFoundError as exc:
        print(f"smoke test: {exc}", file=sys.stderr)
        return 2
    print(f"smoke test of {executable}")
    with tempfile.TemporaryDirectory(prefix="mahjong-smoke-") as tmp:
        workdir = Path(tmp)
        try:
            check_play(executable, args.frames, workdir, args.timeout, args.allow_missing_json)
            if args.keep_screenshot:
                args.keep_screenshot.parent.mkdir(parents=True, exist_ok=True)
                args.keep_screenshot.write_bytes((workdir / "smoke-screenshot.png").read_bytes())
            check_server(executable, workdir, args.timeout)
            time_first_frame(executable, workdir, args.timeout)
        except SmokeTestFailure as exc:
            print(f"SMOKE TEST FAILED: {exc}", file=sys.stderr)
            return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
