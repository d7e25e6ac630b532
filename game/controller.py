"""Drives one hand of the engine's Round for the table: bots, the human, pacing, the match.

The frame loop calls :meth:`Controller.update` every frame. Bot decisions run on a worker
thread (``Bot.choose`` on an immutable PlayerView), so a slow bot never stalls a frame; the
round itself is only ever touched on the main thread. The human's choices come in through
:meth:`Controller.submit`. With 托管 (auto-play) on, a bot plays the human's seat too.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.match import HandOutcome, MatchState, Transfer
from engine.round import Action, ActionKind, Event, Round
from engine.rules import RuleSet

SEATS = 4
BOT_LEVELS = ("random", "greedy", "easy", "normal", "hard")


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


_EXECUTOR: ThreadPoolExecutor | None = None
_WARMED = False


def warm_engine() -> None:
    """Build the engine's lazy lookup tables now, before the first frame needs them."""
    global _WARMED
    if _WARMED:
        return
    from engine.hand import analyze_discards, is_win, shanten
    from engine.tiles import parse_counts

    counts = parse_counts("123m456m789m23p55p")
    is_win(parse_counts("123m456m789m234p55p"))
    shanten(counts)
    analyze_discards(parse_counts("123m456m789m23p55p1s"))
    _WARMED = True


def _executor() -> ThreadPoolExecutor:
    global _EXECUTOR
    if _EXECUTOR is None:
        # Short GIL slices keep the frame loop responsive while a bot thinks.
        sys.setswitchinterval(0.001)
        _EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _EXECUTOR


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

    def __post_init__(self) -> None:
        warm_engine()
        self.round: Round = Round.new(self.rules, self.match.hand_seed(), self.match.dealer)
        seed = self.match.hand_seed()
        self.bots: list[Bot] = [
            make_bot(self.seating.bots[s], seed * 4 + s + 1) for s in range(SEATS)
        ]
        self.events: list[Event] = []  # every event of the hand, in order
        self._future: Future[Action] | None = None
        self._future_seat = -1
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

    # --- acting -----------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Apply the human's ``action`` if it is legal now; returns the events (or [])."""
        if action.seat != self.seating.human or not self.human_to_act():
            return []
        if action not in self.round.legal_actions(action.seat):
            return []
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events = list(self.round.apply(action))
        self.events.extend(events)
        if self.round.is_over and self.outcome is None:
            self.outcome = self._outcome()
        return events

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        """Advance bots; ``hold`` while blocking animations play. Returns new events."""
        if self.round.is_over:
            return []
        self._cooldown = max(0.0, self._cooldown - dt)
        events: list[Event] = []
        future = self._future
        if future is not None and future.done():
            self._future = None
            seat = self._future_seat
            try:
                action = future.result()
            except Exception as exc:  # a broken bot must not take the table down
                self.error = f"bot {seat}: {exc!r}"
                action = self._fallback(seat)
            if (
                action is not None
                and seat in self.round.pending_seats()
                and self.is_bot(seat)
                and action in self.round.legal_actions(seat)
            ):
                events = self._apply(action)
                self._cooldown = self.bot_pace
        if hold or self._cooldown > 0 or self._future is not None or self.round.is_over:
            return events
        for seat in self.round.pending_seats():
            if self.is_bot(seat):
                view = self.round.view(seat)
                legal = list(self.round.legal_actions(seat))
                if not legal:
                    continue
                if len(legal) == 1:
                    return events + self._apply(legal[0])
                self._future_seat = seat
                self._future = _executor().submit(self.bots[seat].choose, view, legal)
                break
        return events

    def _fallback(self, seat: int) -> Action | None:
        legal = self.round.legal_actions(seat)
        return legal[0] if legal else None

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
            self._future = None

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
        if self.outcome is None:
            self.outcome = self._outcome()
        return self.match.record(self.outcome)

    def next_hand(self) -> Controller:
        return Controller(self.rules, self.match, self.seating, self.bot_pace, self.auto)
