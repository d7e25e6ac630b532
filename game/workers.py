"""Closing the game's background worker processes (the bots', the reviews')."""

from __future__ import annotations

import contextlib
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

__all__ = ["stop_process"]


def stop_process(proc: BaseProcess, conn: Connection | None) -> None:
    """Ask the worker to stop (``None`` down its pipe), give it a second, then end it."""
    if conn is not None:
        with contextlib.suppress(OSError, ValueError):
            conn.send(None)
    proc.join(timeout=1)
    if proc.is_alive():
        proc.terminate()
