"""Drives one hand of the engine's Round for the table: bots, the human, pacing, the match.

The frame loop calls :meth:`Controller.update` every frame. Bot decisions run in a worker
process (``Bot.choose`` on a pickled, immutable PlayerView; a thread if processes are not
available), so a slow bot never stalls a frame; the round itself is only ever touched on the
main thread. The human's choices come in through
:meth:`Controller.submit`. With 托管 (auto-play) on, a bot plays the human's seat too.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.items import ItemRefusedError, is_offered
from engine.match import HandOutcome, MatchState, Transfer
from engine.round import Action, ActionKind, Event, Round
from engine.rules import RuleSet

SEATS = 4
BOT_TIMEOUT_S = 10.0  # a bot that has not answered by then is replaced by its first legal move
BOT_LEVELS = ("random", "greedy", "easy", "normal", "hard")
ITEM_BOTS = ("normal", "hard")  # levels that use items when bots_use_items is on (RULES.md §8)


class Bot(Protocol):
    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class _RandomBot:
    """Uniform choice over the legal actions; used only when engine.bots cannot be loaded."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        if wins:
            return wins[0]
        return self._rng.choice(list(legal))


def make_bot(spec: str, seed: int) -> Bot:
    """The engine's bot ``spec`` (``normal``, ``hard``, ``pkg.mod:Class``…), or random."""
    try:
        from engine.bots import load_bot

        return load_bot(spec, seed)  # type: ignore[no-any-return]
    except (ImportError, ValueError, LookupError):
        # engine.bots missing or that level not there (yet): keep the table playable
        return _RandomBot(seed)


_WARMED = False


def warm_engine() -> None:
    """Build the engine's lazy lookup tables now, before play needs them."""
    global _WARMED
    if _WARMED:
        return
    from engine.hand import analyze_discards, is_win, shanten
    from engine.tiles import parse_counts

    is_win(parse_counts("123m456m789m234p55p"))
    shanten(parse_counts("123m456m789m23p55p"))
    analyze_discards(parse_counts("123m456m789m23p55p1s"))
    _WARMED = True


# --- running bots away from the frame loop ------------------------------------------------

BotKey = tuple[int, int, int]  # (match seed, hand index, seat): one bot object per hand and seat
Answer = tuple[BotKey, int, Action | None, str | None]  # key, request number, action, error


def _choose(
    bots: dict[BotKey, Bot], key: BotKey, spec: str, seed: int, view: Any, legal: Any
) -> tuple[Action | None, str | None]:
    bot = bots.get(key)
    if bot is None:
        if len(bots) > 64:
            bots.clear()  # bots of finished hands
        bot = bots[key] = make_bot(spec, seed)
    try:
        if any(a.kind is ActionKind.USE_ITEM for a in legal):
            if spec in ITEM_BOTS:
                from engine.bots.items_policy import suggest_item

                item = suggest_item(view, legal)
                if item is not None:
                    return item, None  # the controller asks again for the real move
            legal = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
        return bot.choose(view, legal), None
    except Exception as exc:  # a broken bot must not take the table down
        return None, repr(exc)


def _bot_process_main(conn: Any) -> None:
    """The bot worker process: answers (key, n, spec, seed, view, legal) requests."""
    bots: dict[BotKey, Bot] = {}
    warm_engine()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        key, n, spec, seed, view, legal = msg
        action, error = _choose(bots, key, spec, seed, view, legal)
        conn.send((key, n, action, error))


class BotRunner:
    """Runs ``Bot.choose`` off the frame loop: in a worker process when possible (a thinking
    bot then never competes with drawing for the GIL), else on a worker thread."""

    def __init__(self, use_process: bool = True) -> None:
        self._conn: Any = None
        self._proc: Any = None
        self._thread: ThreadPoolExecutor | None = None
        self._bots: dict[BotKey, Bot] = {}
        self._futures: list[tuple[BotKey, int, Future[tuple[Action | None, str | None]]]] = []
        self.generation = 0
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
        self, key: BotKey, n: int, spec: str, seed: int, view: Any, legal: list[Action]
    ) -> None:
        if self._proc is not None:
            try:
                self._conn.send((key, n, spec, seed, view, legal))
                return
            except (OSError, ValueError):
                self._fall_back_to_thread()
        assert self._thread is not None
        future = self._thread.submit(_choose, self._bots, key, spec, seed, view, legal)
        self._futures.append((key, n, future))

    def _fall_back_to_thread(self) -> None:
        self.generation += 1  # requests sent to the dead process are lost: ask again
        self._proc = self._conn = None
        sys.setswitchinterval(0.001)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")

    def poll(self) -> list[Answer]:
        out: list[Answer] = []
        if self._proc is not None:
            try:
                while self._conn.poll():
                    out.append(self._conn.recv())
            except (EOFError, OSError):
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
            with contextlib.suppress(OSError, ValueError):
                self._conn.send(None)
            self._proc.join(timeout=1)
            if self._proc.is_alive():
                self._proc.terminate()
            self._proc = self._conn = None
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None


_RUNNER: BotRunner | None = None
_RUNNER_LOCK = threading.Lock()
_REQUESTS = 0


def bot_runner() -> BotRunner:
    """The process-wide bot runner (started on first use; blocks while it starts)."""
    global _RUNNER
    with _RUNNER_LOCK:
        if _RUNNER is None:
            _RUNNER = BotRunner()
        return _RUNNER


def start_bot_runner() -> BotRunner | None:
    """The runner if it is up; else start it on a helper thread and return None, so
    spawning the worker process never delays a frame."""
    if _RUNNER is not None:
        return _RUNNER
    if not _RUNNER_LOCK.locked():
        threading.Thread(target=bot_runner, daemon=True, name="start-bots").start()
    return None


def shutdown_bots() -> None:
    global _RUNNER
    if _RUNNER is not None:
        _RUNNER.close()
        _RUNNER = None


@dataclass
class Seating:
    """Who sits where: ``human`` is the human's seat (None in a demo), ``bots`` the bot
    level of every seat (the human's entry is used for 托管)."""

    human: int | None = 0
    bots: tuple[str, ...] = ("normal", "normal", "normal", "normal")


@dataclass
class Controller:
    """One hand in progress, plus the match it belongs to."""

    rules: RuleSet
    match: MatchState
    seating: Seating = field(default_factory=Seating)
    bot_pace: float = 0.45  # seconds between bot moves (the speed setting)
    auto: bool = False  # 托管: a bot plays the human's seat
    match_session: Any = None  # game.table.match_session.MatchSession: autosave, replays, match end
    table_session: Any = None  # game.table.session.TableSession: profile coins, items, 金手指
    qian_kun: bool = False  # the human uses 乾坤大挪移 on this deal
    carried_golden: tuple[int, ...] = ()  # 金手指 seats of a resumed table (autosave)

    def __post_init__(self) -> None:
        self.round: Round = self._new_round()
        self._no_items: set[int] = set()  # bot seats whose item use was refused this turn
        self.delta: list[int] | None = None  # coin change per seat, once the hand is recorded
        self.hand_report: Any = None  # game.table.session.HandReport of the recorded hand
        self.runner: BotRunner | None = start_bot_runner()
        self.events: list[Event] = []  # every event of the hand, in order
        self._asked: tuple[BotKey, int] | None = None  # the request the runner is answering
        self._asked_at = 0.0
        self._asked_generation = 0
        self._cooldown = 0.0
        self.outcome: HandOutcome | None = None
        self.error: str | None = None

    # --- queries ----------------------------------------------------------------------

    @property
    def hand_no(self) -> int:
        return self.match.hand_index + 1

    @property
    def is_over(self) -> bool:
        return bool(self.round.is_over)

    def is_bot(self, seat: int) -> bool:
        return seat != self.seating.human or self.auto

    def human_to_act(self) -> bool:
        human = self.seating.human
        return (
            human is not None
            and not self.auto
            and not self.round.is_over
            and human in self.round.pending_seats()
        )

    def human_legal(self) -> list[Action]:
        if not self.human_to_act():
            return []
        assert self.seating.human is not None
        return list(self.round.legal_actions(self.seating.human))

    def human_items(self) -> list[Action]:
        """The item actions (parameterless representatives) the human may use now — also
        when not to act: 千里眼 / 顺风耳 / 金手指 are usable any time while un-won (§8)."""
        human = self.seating.human
        if human is None or self.auto or self.round.is_over:
            return []
        legal = self.round.legal_actions(human)
        return [a for a in legal if a.kind is ActionKind.USE_ITEM]

    def _new_round(self) -> Round:
        seed, dealer = self.match.hand_seed(), self.match.dealer
        if self.table_session is None:
            return Round.new(self.rules, seed, dealer)
        self.table_session.join(self.match)
        return self.table_session.new_round(  # type: ignore[no-any-return]
            self.rules, seed, dealer, qian_kun=self.qian_kun
        )

    def redeal(self, qian_kun: bool) -> bool:
        """Build this hand again from its seed before anyone acted (the 乾坤大挪移 answer, or
        a table session attached after the deal); False once the hand has begun."""
        if self.events or self.round.decisions:
            return False
        self.qian_kun = qian_kun
        self.round = self._new_round()
        return True

    # --- acting -----------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Apply the human's ``action`` if it is legal now; returns the events (or [])."""
        if action.seat != self.seating.human or not self.human_to_act():
            return []
        legal = self.round.legal_actions(action.seat)
        if action not in legal and not is_offered(action, legal):
            return []
        try:
            return self._apply(action)
        except ItemRefusedError:
            return []  # refused: nothing changed, the item is kept

    def use_item(self, action: Action) -> list[Event]:
        """Apply the human's filled-in item ``action`` (pending or not); [] if not offered.
        Raises ItemRefusedError (nothing changed, the item kept) for the table's toast."""
        if action.kind is not ActionKind.USE_ITEM or action.seat != self.seating.human:
            return []
        if not is_offered(action, self.human_items()):
            return []
        return self._apply(action)

    def _bot_legal(self, seat: int) -> list[Action]:
        """A bot's choices: items only when the rules let bots use them (never the human's
        under 托管), and not again this turn after a refusal."""
        legal = list(self.round.legal_actions(seat))
        if not self.rules.bots_use_items or seat == self.seating.human or seat in self._no_items:
            legal = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
        return legal

    def _apply(self, action: Action) -> list[Event]:
        events = list(self.round.apply(action))
        self.events.extend(events)
        if self.round.is_over and self.outcome is None:
            self.outcome = self._outcome()
        if self.match_session is not None:
            self.match_session.after_action(self)  # autosave after every action
        return events

    def _key(self, seat: int) -> BotKey:
        return (self.match.seed, self.match.hand_index, seat)

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        """Advance bots; ``hold`` while blocking animations play. Returns new events."""
        if self.round.is_over:
            return []
        self._cooldown = max(0.0, self._cooldown - dt)
        events: list[Event] = []
        if self.runner is None:
            self.runner = start_bot_runner()
            if self.runner is None:
                return []  # the bots' worker is still starting
        answers = self.runner.poll()
        if self._asked is not None and (
            self.runner.generation != self._asked_generation
            or time.monotonic() - self._asked_at > BOT_TIMEOUT_S
        ):
            seat = self._asked[0][2]
            self.error = f"bot {seat}: no answer; playing its first legal action"
            self._asked = None
            legal = self.round.legal_actions(seat)
            if legal and seat in self.round.pending_seats() and self.is_bot(seat):
                events += self._apply(legal[0])
        for key, n, action, error in answers:
            if self._asked != (key, n):
                continue  # an answer for a request that is no longer current
            self._asked = None
            seat = key[2]
            if error is not None:
                self.error = f"bot {seat}: {error}"
            legal = self._bot_legal(seat)
            if action is None or (action not in legal and not is_offered(action, legal)):
                action = legal[0] if legal else None
            if action is not None and seat in self.round.pending_seats() and self.is_bot(seat):
                try:
                    events += self._apply(action)
                except ItemRefusedError:
                    self._no_items.add(seat)  # refused, item kept: ask again without items
                    continue
                if action.kind is not ActionKind.USE_ITEM:
                    self._no_items.discard(seat)
                self._cooldown = self.bot_pace
        if hold or self._cooldown > 0 or self._asked is not None or self.round.is_over:
            return events
        for seat in self.round.pending_seats():
            if self.is_bot(seat):
                legal = self._bot_legal(seat)
                if not legal:
                    continue
                if len(legal) == 1:
                    return events + self._apply(legal[0])
                global _REQUESTS
                _REQUESTS += 1
                key = self._key(seat)
                self._asked = (key, _REQUESTS)
                self._asked_at = time.monotonic()
                self._asked_generation = self.runner.generation
                seed = self.match.hand_seed() * 4 + seat + 1
                spec = self.seating.bots[seat]
                self.runner.submit(key, _REQUESTS, spec, seed, self.round.view(seat), legal)
                break
        return events

    def leave(self) -> list[Event]:
        """逃跑 (RULES.md §6.4): the human quits mid-hand; the hand is settled at once."""
        human = self.seating.human
        if human is None or self.round.is_over:
            return []
        self._asked = None
        events = list(self.round.leave(human))
        self.events.extend(events)
        self.outcome = self._outcome()
        if self.match_session is not None:
            self.match_session.after_action(self)
        return events

    def cancel(self) -> None:
        self._asked = None

    # --- end of hand ------------------------------------------------------------------

    def _outcome(self) -> HandOutcome:
        """What dealer rotation and the match totals need (engine RoundResult)."""
        result = self.round.result
        transfers = tuple(Transfer(e.payer, e.payee, e.amount) for e in self.round.ledger.entries)
        if result is None:
            return HandOutcome(dealer=self.match.dealer, transfers=transfers)
        return HandOutcome(
            dealer=result.dealer,
            first_winners=tuple(result.first_winners),
            first_win_from=result.first_win_from,
            first_deal_in=result.first_deal_in,
            transfers=transfers,
        )

    def finish(self) -> list[int]:
        """Record the finished hand in the match (dealer rotation, totals)."""
        self.cancel()
        if self.delta is not None:
            return self.delta  # already recorded (a walk-out settles at once)
        if self.outcome is None:
            self.outcome = self._outcome()
        delta = self.delta = self.match.record(self.outcome)
        if self.table_session is not None:  # profile: coins, used items, stats; broke bots
            self.hand_report = self.table_session.after_hand(self.round, self.match, delta)
        if self.match_session is not None:
            self.match_session.after_finish(self)  # keep the replay; save or end the match
            if self.table_session is not None and self.match_session.over:
                self.table_session.end_match(self.match)  # the profile's match stats
        return delta

    def next_hand(self) -> Controller:
        return Controller(
            self.rules,
            self.match,
            self.seating,
            self.bot_pace,
            self.auto,
            match_session=self.match_session,
            table_session=self.table_session,
        )
