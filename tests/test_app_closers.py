"""App.on_close: what is registered runs when the game closes; a bound method of an object
nothing else holds any more is let go (each friends' table registered its session's drop,
and every session of the run stayed in memory until the game quit)."""

from __future__ import annotations

import gc

from game.app import App
from game.settings import Settings


class _Session:
    def __init__(self, log: list[str], name: str) -> None:
        self.log, self.name = log, name

    def drop(self) -> None:
        self.log.append(self.name)


def test_closers_run_at_close_and_sessions_long_over_are_let_go() -> None:
    log: list[str] = []
    app = App(Settings(lang="en"), (1024, 640))
    try:
        kept = _Session(log, "kept")
        app.on_close(kept.drop)
        app.on_close(lambda: log.append("plain"))  # a plain function is held as given
        for n in range(50):
            app.on_close(_Session(log, f"over {n}").drop)  # nothing else holds these
        gc.collect()
        app.on_close(_Session(log, "last").drop)
        assert len(app._closers) <= 3  # kept, plain and the last: the 50 are gone
    finally:
        app.close()
    assert log == ["plain", "kept"]  # in reverse order of registration; the others let go
