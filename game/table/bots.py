"""The bots' worker: ``Bot.choose`` runs away from the frame loop, so a slow bot never
stalls a frame.

Bot decisions run in a worker process (a pickled, immutable PlayerView goes in, an Action
comes out; a thread when processes are not available). Starting the process costs a few
tenths of a second, so one :class:`BotPool` serves the whole program: :func:`bot_pool` is
it, started on a helper thread the first time a table asks (:meth:`BotPool.runner` never
blocks) and closed by ``python -m game`` on the way out (:meth:`BotPool.close`; it starts
again if asked). The round itself is only ever touched on the main thread
(:class:`game.table.controller.Controller`).
"""

from __future__ import annotations

import functools
import multiprocessing
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Protocol

from engine.bots import UnknownBotError, load_bot
from engine.bots.items_policy import ItemMemory, suggest_item
from engine.round import Action, ActionKind
from engine.views import PlayerView
from game.workers import drain, stop_process

__all__ = [
    "ITEM_BOTS",
    "Answer",
    "Bot",
    "BotKey",
    "BotPool",
    "BotRunner",
    "bot_pool",
    "make_bot",
    "warm_engine",
]

ITEM_BOTS = ("normal", "hard")  # levels that use items when bots_use_items is on (RULES.md §8)

BotKey = tuple[int, int, int]  # (table, hand index, seat): one bot object per hand and seat
Choice = tuple[Action | None, str | None]  # the action, or the error the bot raised
Answer = tuple[BotKey, int, Action | None, str | None]  # key, request number, action, error


class Bot(Protocol):
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


def make_bot(spec: str, seed: int) -> Bot:
    """The engine's bot ``spec`` (``normal``, ``hard``, ``pkg.mod:Class``…); a spec that
    names no bot plays as ``random``, so a bad ``--bots`` value cannot stop the table."""
    try:
        return load_bot(spec, seed)
    except UnknownBotError:
        return load_bot("random", seed)


@functools.cache
def warm_engine() -> None:
    """Build the engine's lazy lookup tables now, before play needs them (once per process,
    ~0.05-0.1 s: better before the first frame than a stutter)."""
    from engine.hand import analyze_discards, is_win, shanten
    from engine.tiles import parse_counts

    is_win(parse_counts("123m456m789m234p55p"))
    shanten(parse_counts("123m456m789m23p55p"))
    analyze_discards(parse_counts("123m456m789m23p55p1s"))


def _choose(
    bots: dict[BotKey, Bot],
    key: BotKey,
    spec: str,
    seed: int,
    view: PlayerView,
    legal: Sequence[Action],
    memories: dict[BotKey, ItemMemory] | None = None,
) -> Choice:
    bot = bots.get(key)
    if bot is None:
        if len(bots) > 64:
            bots.clear()  # bots of finished hands
            if memories is not None:
                memories.clear()
        bot = bots[key] = make_bot(spec, seed)
    try:
        if spec in ITEM_BOTS:  # every request: one with the items taken away is a refusal
            memory = memories.setdefault(key, ItemMemory()) if memories is not None else None
            item = suggest_item(view, legal, memory)
            if item is not None:
                return item, None  # the controller asks again for the real move
        legal = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
        return bot.choose(view, legal), None
    except Exception as exc:  # a broken bot must not take the table down
        return None, repr(exc)


def _bot_process_main(conn: Connection) -> None:
    """The bot worker process: answers (key, n, spec, seed, view, legal) requests."""
    bots: dict[BotKey, Bot] = {}
    memories: dict[BotKey, ItemMemory] = {}  # what each bot remembers of its item requests
    warm_engine()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        key, n, spec, seed, view, legal = msg
        action, error = _choose(bots, key, spec, seed, view, legal, memories)
        try:
            conn.send((key, n, action, error))
        except OSError:  # the table closed while the bot thought (BrokenPipeError): done
            return


class BotRunner:
    """Runs ``Bot.choose`` off the frame loop: in a worker process when possible (a thinking
    bot then never competes with drawing for the GIL), else on a worker thread."""

    def __init__(self, use_process: bool = True) -> None:
        self._conn: Connection | None = None
        self._proc: BaseProcess | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._bots: dict[BotKey, Bot] = {}
        self._memories: dict[BotKey, ItemMemory] = {}
        self._futures: list[tuple[BotKey, int, Future[Choice]]] = []
        self.generation = 0  # counts up when requests in flight were lost: ask again
        if use_process:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._conn, child = ctx.Pipe()
                self._proc = ctx.Process(
                    target=_bot_process_main, args=(child,), daemon=True, name="mahjong-bots"
                )
                self._proc.start()
                child.close()
            except (OSError, ValueError, RuntimeError):
                self._conn = self._proc = None
        if self._proc is None:
            sys.setswitchinterval(0.001)  # short GIL slices keep frames smooth
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")

    def submit(
        self, key: BotKey, n: int, spec: str, seed: int, view: PlayerView, legal: list[Action]
    ) -> None:
        if self._conn is not None:
            try:
                self._conn.send((key, n, spec, seed, view, legal))
                return
            except (OSError, ValueError):
                self._fall_back_to_thread()
        assert self._thread is not None
        future = self._thread.submit(
            _choose, self._bots, key, spec, seed, view, legal, self._memories
        )
        self._futures.append((key, n, future))

    def _fall_back_to_thread(self) -> None:
        self.generation += 1  # requests sent to the dead process are lost: ask again
        self._proc = self._conn = None
        sys.setswitchinterval(0.001)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")

    def poll(self) -> list[Answer]:
        out: list[Answer] = []
        if self._conn is not None:
            got, broken = drain(self._conn)
            out.extend(got)
            if broken:
                self._fall_back_to_thread()
        for item in list(self._futures):
            key, n, future = item
            if future.done():
                self._futures.remove(item)
                action, error = future.result()
                out.append((key, n, action, error))
        return out

    def close(self) -> None:
        if self._proc is not None:
            stop_process(self._proc, self._conn)
            self._proc = self._conn = None
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None


class BotPool:
    """The program's one :class:`BotRunner`, started without blocking a frame, and the
    numbering of its requests (an answer is matched to the request it belongs to)."""

    def __init__(self) -> None:
        self._runner: BotRunner | None = None
        self._lock = threading.Lock()
        self._requests = 0

    def _start(self) -> BotRunner:
        with self._lock:
            if self._runner is None:
                self._runner = BotRunner()
            return self._runner

    def runner(self) -> BotRunner | None:
        """The runner if it is up; else start it on a helper thread and return None, so
        spawning the worker process never delays a frame."""
        if self._runner is not None:
            return self._runner
        if not self._lock.locked():
            threading.Thread(target=self._start, daemon=True, name="start-bots").start()
        return None

    def next_request(self) -> int:
        self._requests += 1
        return self._requests

    def close(self) -> None:
        with self._lock:
            if self._runner is not None:
                self._runner.close()
                self._runner = None


@functools.cache
def bot_pool() -> BotPool:
    """The program's bot pool (one worker process for every table)."""
    return BotPool()
