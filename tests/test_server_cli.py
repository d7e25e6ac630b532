"""The dedicated server is headless: nothing under server/ imports pygame or the game, and
``python -m server`` starts, logs JSON lines and stops cleanly on SIGTERM."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import signal
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SERVER = ROOT / "server"
FORBIDDEN = {"pygame", "pygame_gui", "game"}


def test_server_sources_never_import_pygame_or_the_game() -> None:
    files = sorted(SERVER.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        roots = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots.add(node.module.split(".")[0])
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("eval", "exec"):
                raise AssertionError(f"{path.name} calls {node.func.id}")  # type: ignore[attr-defined]
        assert not roots & FORBIDDEN, f"{path.name} imports {sorted(roots & FORBIDDEN)}"
        assert "pickle" not in roots and "marshal" not in roots, path.name


def test_importing_the_whole_server_loads_no_pygame() -> None:
    modules = [f"server.{p.stem}" for p in sorted(SERVER.glob("*.py")) if p.stem != "__main__"]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m.removesuffix('.__init__'))\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'game')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


def test_python_m_server_starts_logs_and_stops() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        first = json.loads(proc.stderr.readline())
        assert first["event"] == "server_started" and first["host"] == "127.0.0.1"
        assert isinstance(first["port"], int) and first["port"] > 0
        proc.send_signal(signal.SIGTERM)
        rest = proc.stderr.read()
        assert proc.wait(30) == 0
        assert json.loads(rest.splitlines()[-1])["event"] == "server_stopped"
    finally:
        if proc.poll() is None:
            proc.kill()
