"""复盘 Reviews in the game: computed in the background, kept for the statistics.

:class:`ReviewWorker` runs :func:`engine.review.review_hand` away from the frame loop — in a
worker process when possible (a thinking reviewer then never competes with drawing for the
GIL), else on a thread — and reports progress and the finished review through
:meth:`ReviewWorker.poll`, which never waits. One worker serves the program
(:func:`review_worker`); it starts on a helper thread the first time it is asked, so a
frame never waits for a process to spawn either.

:class:`ReviewLog` keeps one summary per reviewed hand (accuracy, agreement, expected loss,
decisions) in ``reviews.json`` in the data folder, for the match's end and the statistics'
chart. No pygame here.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import multiprocessing
import os
import threading
import zlib
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from engine.review import DEFAULT_BUDGET, HandReview, review_hand
from game.storage import JsonStore
from game.workers import drain, stop_process

__all__ = [
    "LOG_LIMIT",
    "ReviewJob",
    "ReviewLog",
    "ReviewSummary",
    "ReviewWorker",
    "hand_key",
    "review_worker",
]

log = logging.getLogger(__name__)

LOG_LIMIT = 500  # hands kept in reviews.json (the oldest drop out)


def hand_key(doc: Mapping[str, Any], seat: int, budget: int = DEFAULT_BUDGET) -> str:
    """A short stable name of one review: the hand (seed, wall, decisions), seat and budget."""
    body = json.dumps(
        [doc.get("seed"), doc.get("wall"), doc.get("decisions")], sort_keys=True, default=str
    )
    return f"{zlib.crc32(body.encode('utf-8')):08x}-{len(body)}-s{seat}-b{budget}"


@dataclass
class ReviewJob:
    """One hand's review as it runs: progress, then the review or an error."""

    key: str
    seat: int
    on_done: list[Callable[[ReviewJob], object]] = field(default_factory=list)
    done: int = 0
    total: int = 0
    review: HandReview | None = None
    error: str | None = None

    @property
    def finished(self) -> bool:
        return self.review is not None or self.error is not None

    @property
    def fraction(self) -> float:
        if self.review is not None:
            return 1.0
        return self.done / self.total if self.total else 0.0


Message = tuple[str, str, Any, Any]  # ("progress", key, done, total) | ("done", key, review,
# None) | ("error", key, message, None)


def _run(doc: Mapping[str, Any], seat: int, budget: int, key: str, send: Any) -> None:
    try:
        review = review_hand(
            doc, seat, budget=budget, progress=lambda d, n: send(("progress", key, d, n))
        )
    except Exception as exc:  # a bad replay or a broken bot must not take the game down
        send(("error", key, str(exc) or type(exc).__name__, None))
        return
    send(("done", key, review, None))


def _worker_main(conn: Connection) -> None:
    """The review process: answers (key, doc, seat, budget) requests, one at a time."""
    with contextlib.suppress(OSError, AttributeError):  # (no nice on Windows)
        os.nice(5)  # behind the bots and the frames when the cores are busy
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        key, doc, seat, budget = msg
        _run(doc, seat, budget, key, conn.send)


class ReviewWorker:
    """Reviews hands in the background: :meth:`submit`, then :meth:`poll` each frame."""

    def __init__(self, use_process: bool = True) -> None:
        self.jobs: dict[str, ReviewJob] = {}
        self._queue: list[tuple[str, dict[str, Any], int, int]] = []  # before the start
        self._conn: Connection | None = None
        self._proc: BaseProcess | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._inbox: list[Message] = []
        self._waiting: list[tuple[str, dict[str, Any], int, int]] = []  # for the process
        self._busy: str | None = None  # the key the process works on
        self._lock = threading.Lock()
        self._sending = threading.RLock()  # one sender at a time (a fallback sends again)
        self._starting = False
        self._use_process = use_process

    # --- starting -------------------------------------------------------------------------

    def _start(self) -> None:
        conn = proc = None
        if self._use_process:
            try:
                ctx = multiprocessing.get_context("spawn")
                conn, child = ctx.Pipe()
                proc = ctx.Process(
                    target=_worker_main, args=(child,), daemon=True, name="mahjong-review"
                )
                proc.start()
                child.close()
            except (OSError, ValueError, RuntimeError):
                conn = proc = None
        with self._lock:
            self._conn, self._proc = conn, proc
            if proc is None:
                self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
            queued, self._queue = self._queue, []
            self._starting = False
        for item in queued:
            self._send(*item)

    # --- requests -------------------------------------------------------------------------

    def submit(
        self,
        doc: Mapping[str, Any],
        seat: int,
        budget: int = DEFAULT_BUDGET,
        on_done: Callable[[ReviewJob], object] | None = None,
    ) -> ReviewJob:
        """Start reviewing ``seat`` in the hand of ``doc`` (a replay document); the same hand
        asked again is the same job (finished or not). ``on_done(job)`` is called by the
        :meth:`poll` that sees the review finish (on the caller's thread)."""
        key = hand_key(doc, seat, budget)
        job = self.jobs.get(key)
        if job is not None and job.error is None:
            if on_done is not None:
                if job.review is not None:
                    on_done(job)
                else:
                    job.on_done.append(on_done)
            return job
        job = self.jobs[key] = ReviewJob(key, seat)
        if on_done is not None:
            job.on_done.append(on_done)
        item = (key, dict(doc), seat, budget)
        # Whether the worker has started and the queueing are one step under the lock: a
        # start finishing between them would drain the queue before the item reached it and
        # the job would wait forever.
        with self._lock:
            ready = self._conn is not None or self._thread is not None
            if not ready:
                self._queue.append(item)
            launch = not ready and not self._starting
            self._starting = self._starting or launch
        if launch:
            threading.Thread(target=self._start, daemon=True, name="start-review").start()
        elif ready:
            self._send(*item)
        return job

    def _send(self, key: str, doc: dict[str, Any], seat: int, budget: int) -> None:
        with self._sending:  # the start's thread drains its queue while the caller may send
            self._send_now(key, doc, seat, budget)

    def _send_now(self, key: str, doc: dict[str, Any], seat: int, budget: int) -> None:
        if self._conn is not None:
            if self._busy is not None:  # one request in the pipe at a time: a send never waits
                self._waiting.append((key, doc, seat, budget))
                return
            try:
                self._conn.send((key, doc, seat, budget))
                self._busy = key
                return
            except (OSError, ValueError):
                self._fall_back_to_thread()
        assert self._thread is not None
        future: Future[None] = self._thread.submit(_run, doc, seat, budget, key, self._post)
        future.add_done_callback(lambda f: f.exception())

    def _post(self, msg: Message) -> None:
        with self._lock:
            self._inbox.append(msg)

    def _fall_back_to_thread(self) -> None:
        """The process is gone: what it held is lost (asked again it starts anew), what
        waited for it goes to a thread."""
        if self._busy is not None and self._busy in self.jobs:
            self.jobs[self._busy].error = "the review stopped; try again"
        waiting, self._waiting, self._busy = self._waiting, [], None
        self._proc = self._conn = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        for item in waiting:
            self._send(*item)

    def poll(self) -> list[ReviewJob]:
        """The jobs that moved since the last poll (progress, done or failed); never waits."""
        msgs: list[Message] = []
        if self._conn is not None:
            got, broken = drain(self._conn)
            msgs.extend(got)
            if broken:
                self._fall_back_to_thread()
        with self._lock:
            msgs.extend(self._inbox)
            self._inbox.clear()
        moved: list[ReviewJob] = []
        for kind, key, a, b in msgs:
            job = self.jobs.get(key)
            if job is None:
                continue
            if kind == "progress":
                job.done, job.total = a, b
            elif kind == "done":
                job.review = a
                job.done = job.total = len(a.decisions)
                for call in job.on_done:
                    call(job)
                job.on_done.clear()
            else:
                job.error = a
                log.warning("review %s failed: %s", key, a)
            if job not in moved:
                moved.append(job)
            if kind != "progress" and key == self._busy:
                self._busy = None
                if self._waiting:
                    self._send(*self._waiting.pop(0))
        return moved

    def close(self) -> None:
        with self._lock:
            if self._proc is not None:
                stop_process(self._proc, self._conn)
                self._proc = self._conn = None
            if self._thread is not None:
                self._thread.shutdown(wait=False, cancel_futures=True)
                self._thread = None


@functools.cache
def review_worker() -> ReviewWorker:
    """The program's review worker (one background process)."""
    return ReviewWorker()


# --- the log of reviewed hands ----------------------------------------------------------


@dataclass(frozen=True)
class ReviewSummary:
    """One reviewed hand in the log."""

    key: str
    hand_no: int
    accuracy: float
    agreement: float
    loss: float  # the expected points lost to the hand's mistakes (HandReview.mistakes_loss)
    decisions: int
    mistakes: int
    saved: str = ""  # the replay's time, when it had one
    match: str = ""  # the match's seed, when the game played it

    @classmethod
    def of(
        cls, key: str, review: HandReview, doc: Mapping[str, Any], match: str = ""
    ) -> ReviewSummary:
        meta = doc.get("meta")
        meta = meta if isinstance(meta, Mapping) else {}
        hand_no = meta.get("hand_no", 1)
        saved = meta.get("saved", "")
        return cls(
            key,
            hand_no if isinstance(hand_no, int) else 1,
            round(review.accuracy, 4),
            round(review.agreement, 4),
            round(review.mistakes_loss, 3),  # what the panel showed for the hand
            len(review.decisions),
            len(review.mistakes),
            saved if isinstance(saved, str) else "",
            match,
        )


def _summary(raw: object) -> ReviewSummary | None:
    if not isinstance(raw, Mapping):
        return None
    try:
        s = ReviewSummary(
            str(raw["key"]),
            int(raw["hand_no"]),
            float(raw["accuracy"]),
            float(raw["agreement"]),
            float(raw["loss"]),
            int(raw["decisions"]),
            int(raw["mistakes"]),
            str(raw.get("saved", "")),
            str(raw.get("match", "")),
        )
    except (KeyError, TypeError, ValueError):
        return None
    ok = 0.0 <= s.accuracy <= 1.0 and 0.0 <= s.agreement <= 1.0 and s.loss >= 0
    if s.mistakes == 0 and s.loss:
        # written before the loss was the mistakes' alone (4a5fe35): every decision's small
        # differences, which with no mistake are no loss at all. A hand with mistakes keeps
        # its older, slightly high figure: the file has no per-decision losses to recount.
        s = replace(s, loss=0.0)
    return s if ok and s.decisions >= 0 else None


@dataclass
class ReviewLog:
    """``reviews.json``: the summaries of reviewed hands, oldest first (damaged lines are
    dropped, a damaged file moved aside by :class:`~game.storage.JsonStore`)."""

    directory: str | os.PathLike[str] | None = None
    entries: list[ReviewSummary] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._store = JsonStore("reviews", version=1, directory=self.directory, fsync=False)
        self._read()

    def _read(self) -> None:
        data = self._store.load().data or {}
        raw = data.get("hands", [])
        self.entries = [s for s in map(_summary, raw if isinstance(raw, list) else []) if s]

    def get(self, key: str) -> ReviewSummary | None:
        return next((e for e in self.entries if e.key == key), None)

    def add(self, summary: ReviewSummary) -> None:
        """Keep ``summary`` (replacing an older one of the same hand, whose match it keeps)
        and save. The file is read first: another log of the same folder may have added."""
        self._read()
        old = self.get(summary.key)
        if old is not None and old.match and not summary.match:
            summary = replace(summary, match=old.match)
        self.entries = [e for e in self.entries if e.key != summary.key][-(LOG_LIMIT - 1) :]
        self.entries.append(summary)
        self._store.save({"hands": [vars(e) for e in self.entries]})

    def recent(self, n: int) -> Sequence[ReviewSummary]:
        """The latest ``n`` reviewed hands that had a decision of the player's (a walk-out
        before the first has none: it drew a 100% bar in the chart)."""
        return [e for e in self.entries if e.decisions][-n:]
