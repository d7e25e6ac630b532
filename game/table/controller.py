"""Drives one hand of the engine's Round for the table: bots, the human, pacing, the match.

The frame loop calls :meth:`Controller.update` every frame; bot decisions run on the bots'
worker (:mod:`game.table.bots`) and the round is only ever touched here, on the main thread.
The human's choices come in through :meth:`Controller.submit` and :meth:`Controller.use_item`.
With 托管 (auto-play) on, a bot plays the human's seat too.

Two sessions may ride along: the human's profile at this table (:class:`TableSession`:
coins, items, 金手指; :meth:`Controller.attach_profile`) and the match around it
(:class:`MatchHooks`, implemented by :class:`game.table.match_session.MatchSession`:
autosave after every action, the replay and the log after every hand).
"""

from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass, field
from typing import Protocol

from engine.items import ItemRefusedError, is_offered
from engine.match import HandOutcome, MatchState, Transfer
from engine.round import Action, ActionKind, Event, Round
from engine.rules import RuleSet
from game.profile import Profile
from game.table.bots import Bot, BotKey, BotPool, BotRunner, bot_pool, make_bot
from game.table.session import HandReport, PathLike, TableSession

__all__ = ["BOT_LEVELS", "BOT_TIMEOUT_S", "Controller", "MatchHooks", "Seating"]


def _env_seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment, else ``default``."""
    try:
        value = float(os.environ.get(name, default))
    except ValueError:
        return default
    return value if value > 0 else default


SEATS = 4
_TABLE_IDS = itertools.count(1)  # a number per Controller in this process
# A bot that has not answered by then is replaced by its first legal move: a safety net
# for a stuck worker, counted in wall-clock seconds. SICHUAN_MAHJONG_BOT_TIMEOUT changes it
# (the tests raise it: on a loaded machine a slow answer replaced by the first legal move
# would make a scripted or pictured hand differ from run to run).
BOT_TIMEOUT_S = _env_seconds("SICHUAN_MAHJONG_BOT_TIMEOUT", 10.0)
BOT_LEVELS = ("random", "greedy", "easy", "efficiency", "normal", "hard")
AUTO_BEAT_S = 0.6  # a forced or only move of the human's is made after this beat
PLAY_OUT_LIMIT = 4000  # decisions: a hand played out at once never needs this many


class MatchHooks(Protocol):
    """What the match around the table hears from its controller (autosave, replays)."""

    @property
    def over(self) -> bool:
        """The match has ended (last hand, a walk-out, a seat out of coins)."""
        ...

    @property
    def saves(self) -> bool:
        """The match is autosaved (the pause menu says so)."""
        ...

    @property
    def match_id(self) -> str:
        """This match among the player's matches (its hands' ids in the profile)."""
        ...

    def after_action(self, ctl: Controller) -> None: ...

    def after_finish(self, ctl: Controller) -> None: ...


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
    match_session: MatchHooks | None = None  # autosave, replays, match end
    table_session: TableSession | None = None  # profile coins, items, 金手指
    qian_kun: bool = False  # the human uses 乾坤大挪移 on this deal
    carried_golden: tuple[int, ...] = ()  # 金手指 seats of a resumed table (autosave)
    pool: BotPool = field(default_factory=bot_pool)
    bot_timeout: float = BOT_TIMEOUT_S  # seconds before a silent bot plays its first move
    auto_win: bool = False  # 自动胡: a win on offer is taken without asking
    auto_discard: bool = False  # 自动摸打: once won (locked), the drawn tile goes at once
    auto_beat: float = AUTO_BEAT_S  # the beat before the table makes the human's move
    # The table makes the human's only move for them (a forced win, a locked hand's or the
    # last void tile's discard). Off in the tutorial: there the only move is the lesson
    # (click the highlighted tile), and the player can always make it.
    auto_moves: bool = True
    turn_timer: float = 0.0  # seconds the human has for a move (0: no timer); then a bot moves
    timeouts: int = 0  # moves the turn timer made for the human (each one is told)

    def __post_init__(self) -> None:
        # The bots' worker keeps one bot object per (table, hand, seat): a table of its own,
        # not the match seed, so a second table on the same seed (a replayed --seed, the
        # tutorial after a match, the next test) never meets the bots of an earlier one,
        # whose level or state would change its play.
        self._table_id = next(_TABLE_IDS)
        # this hand's number, fixed: recording the hand (finish) counts the match on, and a
        # walk-out records it before its settlement shows
        self._hand_no = self.match.hand_index + 1
        self.round: Round = self._new_round()
        self._no_items: set[int] = set()  # bot seats whose item use was refused this turn
        self.delta: list[int] | None = None  # coin change per seat, once the hand is recorded
        self.hand_report: HandReport | None = None  # the table session's view of the hand
        self.runner: BotRunner | None = self.pool.runner()
        self.events: list[Event] = []  # every event of the hand, in order
        self._asked: tuple[BotKey, int] | None = None  # the request the runner is answering
        self._asked_at = 0.0
        self._asked_generation = 0
        self._cooldown = 0.0
        self.outcome: HandOutcome | None = None
        self.error: str | None = None
        self._auto_key: tuple[Action, ...] = ()  # the choice the beat below is timing
        self._auto_wait = 0.0

    # --- queries ----------------------------------------------------------------------

    @property
    def hand_no(self) -> int:
        return self._hand_no

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

    def human_mid_hand(self) -> bool:
        """The human still plays this hand and has not won: leaving now is a walk-out (逃跑,
        RULES.md §6.4). A winner leaves without penalty (:meth:`leave_after_win`)."""
        human = self.seating.human
        if human is None or self.round.is_over:
            return False
        me = self.round.view(human).seats[human]
        return not (me.out or me.won)

    def human_won(self) -> bool:
        """The human has won and the hand goes on (血战 / 血流): it may leave or skip."""
        human = self.seating.human
        if human is None or self.round.is_over:
            return False
        return self.round.view(human).seats[human].won

    def human_auto_move(self) -> Action | None:
        """The move the table makes for the human, or None when the human chooses: the only
        legal move (a forced win, RULES.md §3.6; a locked hand's discard, §4; the last void
        tile's, unless an item is on offer), a win under 自动胡, the drawn tile (or a pass)
        under 自动摸打 once won."""
        legal = self.human_legal()
        plays = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
        if not plays or not self.auto_moves:
            return None
        if len(plays) == 1:
            # An item on offer is a choice too (偷天换日 may swap the last void tile away):
            # then only a forced win is made for the player (RULES.md §3.6).
            if plays[0].kind is not ActionKind.WIN and len(plays) < len(legal):
                return None
            return plays[0]
        wins = [a for a in plays if a.kind is ActionKind.WIN]
        if wins:
            return wins[0] if self.auto_win else None
        human = self.seating.human
        assert human is not None
        view = self.round.view(human)
        if not (self.auto_discard and view.seats[human].won):
            return None
        passes = [a for a in plays if a.kind is ActionKind.PASS]
        if passes:
            return passes[0]
        drawn = [a for a in plays if a.kind is ActionKind.DISCARD and a.tile == view.last_drawn]
        return drawn[0] if drawn else None

    def turn_left(self) -> float | None:
        """Seconds left on the human's turn timer (None: no timer now)."""
        if self.turn_timer <= 0 or not self.human_to_act() or self.human_auto_move() is not None:
            return None
        if tuple(self.human_legal()) != self._auto_key:
            return self.turn_timer
        return max(0.0, self.turn_timer - self._auto_wait)

    def _timed_out_move(self) -> Action:
        """The human's move when the turn timer runs out: the 托管 bot's choice."""
        human = self.seating.human
        assert human is not None
        legal = [a for a in self.human_legal() if a.kind is not ActionKind.USE_ITEM]
        try:
            action = make_bot(self.seating.bots[human], self._bot_seed(human)).choose(
                self.round.view(human), legal
            )
        except Exception as exc:  # a broken bot must not stop the hand
            self.error = f"bot {human}: {exc!r}"
            action = legal[0]
        return action if action in legal else legal[0]

    def human_forced(self) -> bool:
        """The human's only move now is a win (a forced win, RULES.md §3.6)."""
        plays = [a for a in self.human_legal() if a.kind is not ActionKind.USE_ITEM]
        return len(plays) == 1 and plays[0].kind is ActionKind.WIN

    def _new_round(self) -> Round:
        seed, dealer = self.match.hand_seed(), self.match.dealer
        if self.table_session is None:
            return Round.new(self.rules, seed, dealer)
        self.table_session.join(self.match)
        return self.table_session.new_round(self.rules, seed, dealer, qian_kun=self.qian_kun)

    def redeal(self, qian_kun: bool) -> bool:
        """Build this hand again from its seed before anyone acted (the 乾坤大挪移 answer, or
        a table session attached after the deal); False once the hand has begun."""
        if self.events or self.round.decisions:
            return False
        self.qian_kun = qian_kun
        self.round = self._new_round()
        self._save_deal()
        return True

    def _save_deal(self) -> None:
        """The match's autosave takes the hand as dealt, before anyone acts: leaving it after
        a restart (New game over the saved match) is then the walk-out that the pause menu's
        Leave is at the same moment (RULES.md §6.4). The save held no hand until the first
        action, so closing the window at the deal and leaving the match cost nothing."""
        if self.match_session is not None and self.table_session is not None:
            self.match_session.after_action(self)

    def attach_profile(
        self, profile: Profile, directory: PathLike | None = None, lang: str = "zh"
    ) -> TableSession | None:
        """The human's table session (None in a demo): on first use built on ``profile`` —
        the one the menus show and the shop saves, so both see the same coins and items. A
        hand nobody has acted in yet is dealt again with the session's inventories."""
        human = self.seating.human
        if human is None:
            return None
        session = self.table_session
        if session is None:
            session = TableSession(profile, directory, human, lang)
            session.golden = tuple(self.carried_golden)  # 金手指 lasts for the table
            self.table_session = session
            self.redeal(self.qian_kun)
        session.lang = lang
        session.join(self.match)
        if not self.events and not self.round.decisions:
            self._save_deal()
        return session

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
            self.outcome = self.reckon()
        if self.match_session is not None:
            self.match_session.after_action(self)  # autosave after every action
        return events

    def _key(self, seat: int) -> BotKey:
        return (self._table_id, self.match.hand_index, seat)

    def _bot_seed(self, seat: int) -> int:
        return self.match.hand_seed() * 4 + seat + 1

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        """Advance bots; ``hold`` while blocking animations play. Returns new events."""
        if self.round.is_over:
            return []
        self._cooldown = max(0.0, self._cooldown - dt)
        events: list[Event] = []
        if self.runner is None:
            self.runner = self.pool.runner()
            if self.runner is None:
                return []  # the bots' worker is still starting
        answers = self.runner.poll()
        if self._asked is not None and (
            self.runner.generation != self._asked_generation
            or time.monotonic() - self._asked_at > self.bot_timeout
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
        if self.human_to_act():
            choice = tuple(self.human_legal())
            if choice != self._auto_key:
                self._auto_key, self._auto_wait = choice, 0.0
            self._auto_wait += dt
            move = self.human_auto_move()
            if move is None and self.turn_timer > 0 and self._auto_wait >= self.turn_timer:
                move = self._timed_out_move()
                self._auto_wait = self.auto_beat  # the move is made now
                self.timeouts += 1  # the table says so (TableScene)
            if move is not None and self._auto_wait >= self.auto_beat:
                self._auto_key = ()
                return events + self._apply(move)
        for seat in self.round.pending_seats():
            if self.is_bot(seat):
                legal = self._bot_legal(seat)
                if not legal:
                    continue
                if len(legal) == 1:
                    return events + self._apply(legal[0])
                request = self.pool.next_request()
                key = self._key(seat)
                self._asked = (key, request)
                self._asked_at = time.monotonic()
                self._asked_generation = self.runner.generation
                seed = self._bot_seed(seat)
                spec = self.seating.bots[seat]
                self.runner.submit(key, request, spec, seed, self.round.view(seat), legal)
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
        self.outcome = self.reckon()
        if self.match_session is not None:
            self.match_session.after_action(self)
        return events

    def play_out(self) -> list[Event]:
        """Play the rest of the hand at once, a bot at every seat (the human's too, at its
        托管 level; no items): the skip to the result once the human has won, and what is
        left after a winner leaves (RULES.md §6.4). The match hears of it once, at the end."""
        self._asked = None
        bots: dict[int, Bot] = {}
        events: list[Event] = []
        for _ in range(PLAY_OUT_LIMIT):
            if self.round.is_over:
                break
            seat = self.round.pending_seats()[0]
            legal = [a for a in self.round.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = make_bot(self.seating.bots[seat], self._bot_seed(seat))
            try:
                action = bot.choose(self.round.view(seat), legal)
            except Exception as exc:  # a broken bot must not stop the hand
                self.error = f"bot {seat}: {exc!r}"
                action = legal[0]
            if action not in legal:
                action = legal[0]
            step = list(self.round.apply(action))
            events += step
            self.events.extend(step)
        if self.round.is_over and self.outcome is None:
            self.outcome = self.reckon()
        if self.match_session is not None:
            self.match_session.after_action(self)
        return events

    def leave_after_win(self) -> list[Event]:
        """A winner leaves (RULES.md §6.4: no penalty): its seat is played out by a bot
        with the others' to the end, and the hand is recorded at once (coins, statistics)."""
        human = self.seating.human
        if human is None or not self.human_won():
            return []
        events = list(self.round.leave(human))
        self.events.extend(events)
        events += self.play_out()  # bots at every seat; 托管 stays as it was for the next hand
        self.finish()
        return events

    def walk_out(self) -> list[Event]:
        """逃跑 and its reckoning at once (the pause menu's Leave): ``round.leave(human)``,
        then the hand is recorded (coins settled into the profile, used items taken off,
        saved). The settlement may still call :meth:`finish`: it does nothing again."""
        events = self.leave()
        if self.round.is_over:
            self.finish()
        return events

    def cancel(self) -> None:
        self._asked = None

    # --- end of hand ------------------------------------------------------------------

    def reckon(self) -> HandOutcome:
        """What dealer rotation and the match totals need (engine RoundResult)."""
        return outcome_of(self.round, self.match.dealer)

    def finish(self) -> list[int]:
        """Record the finished hand in the match (dealer rotation, totals)."""
        self.cancel()
        if self.delta is not None:
            return self.delta  # already recorded (a walk-out settles at once)
        if self.outcome is None:
            self.outcome = self.reckon()
        delta = self.delta = self.match.record(self.outcome)
        if self.table_session is not None:  # profile: coins, used items, stats; broke bots
            match_id = self.match_session.match_id if self.match_session is not None else ""
            self.hand_report = self.table_session.after_hand(
                self.round, self.match, delta, match_id
            )
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
            pool=self.pool,
            bot_timeout=self.bot_timeout,
            auto_win=self.auto_win,
            auto_discard=self.auto_discard,
            auto_beat=self.auto_beat,
            auto_moves=self.auto_moves,
            turn_timer=self.turn_timer,
        )


def outcome_of(rnd: Round, dealer: int) -> HandOutcome:
    """The finished (or walked-out) hand as the match records it; ``dealer`` is the match's
    when the round has no result yet."""
    result = rnd.result
    transfers = tuple(Transfer(e.payer, e.payee, e.amount) for e in rnd.ledger.entries)
    if result is None:
        return HandOutcome(dealer=dealer, transfers=transfers)
    return HandOutcome(
        dealer=result.dealer,
        first_winners=tuple(result.first_winners),
        first_win_from=result.first_win_from,
        first_deal_in=result.first_deal_in,
        transfers=transfers,
    )
