"""Closing the game's background worker processes (the bots', the reviews')."""

from __future__ import annotations

import contextlib
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = ["drain", "stop_process"]


def stop_process(proc: BaseProcess, conn: Connection | None) -> None:
    """Ask the worker to stop (``None`` down its pipe), give it a second, then end it."""
    if conn is not None:
        with contextlib.suppress(OSError, ValueError):
            conn.send(None)
    proc.join(timeout=1)
    if proc.is_alive():
        proc.terminate()


def drain(conn: Connection) -> tuple[list[Any], bool]:
    """Every message waiting on the worker's pipe, never waiting for more; and whether the
    pipe broke (the worker died: the caller falls back to a thread)."""
    messages: list[Any] = []
    try:
        while conn.poll():
            messages.append(conn.recv())
    except (EOFError, OSError):
        return messages, True
    return messages, False
