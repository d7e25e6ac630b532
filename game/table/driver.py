"""What the table scene drives: the hand of a match (:class:`~game.table.controller.Controller`)
or a recorded one (:class:`~game.table.replay.ReplayController`).

The scene, its overlays and the settlement only use what :class:`TableDriver` lists, so a
replay, the tutorial and a real match share one table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.match import MatchState
from engine.round import Action, EndReason, Event, WinRecord
from engine.rules import RuleSet
from engine.settlement import Ledger
from engine.views import PlayerView
from game.profile import Profile
from game.table.controller import MatchHooks, Seating
from game.table.session import PathLike, TableSession

__all__ = ["HandEnd", "TableDriver", "TableRound"]


class HandEnd(Protocol):
    """How a hand ended, as the settlement reads it (a Round's ``RoundResult``, a networked
    hand's ``HandSettled``)."""

    @property
    def reason(self) -> EndReason: ...


class TableRound(Protocol):
    """The hand as the table, its overlays and the settlement read it: the engine's
    :class:`~engine.round.Round` (a match, a replay, the tutorial), or what the server sent
    this seat (:class:`~game.net.driver.NetRound`). What needs the whole Round (the wall,
    the decisions, a replay's record) holds one of its own (``isinstance``)."""

    @property
    def events(self) -> list[Event]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def wins(self) -> Sequence[WinRecord]: ...

    @property
    def ledger(self) -> Ledger: ...

    @property
    def result(self) -> HandEnd | None: ...

    def view(self, seat: int) -> PlayerView: ...

    def pending_seats(self) -> list[int]: ...


class TableDriver(Protocol):
    """One hand at the table: the round, the match it belongs to, and the human's way in."""

    rules: RuleSet
    match: MatchState
    seating: Seating
    events: list[Event]  # every event of the hand so far
    auto: bool  # 托管: a bot plays the human's seat
    auto_win: bool  # 自动胡: a win on offer is taken without asking
    auto_discard: bool  # 自动摸打: once won, the drawn tile is discarded without asking
    turn_timer: float  # seconds for the human's move (0: none)
    bot_pace: float  # seconds between bot moves
    qian_kun: bool  # the human uses 乾坤大挪移 on this deal
    delta: list[int] | None  # coin change per seat, once the hand is recorded
    table_session: TableSession | None
    match_session: MatchHooks | None

    @property
    def round(self) -> TableRound: ...

    @property
    def hand_no(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def human_legal(self) -> list[Action]: ...

    def human_items(self) -> list[Action]: ...

    def human_mid_hand(self) -> bool: ...

    def human_won(self) -> bool: ...

    def human_forced(self) -> bool: ...

    def human_auto_move(self) -> Action | None: ...

    def turn_left(self) -> float | None: ...

    def play_out(self) -> list[Event]: ...

    def leave_after_win(self) -> list[Event]: ...

    def submit(self, action: Action) -> list[Event]: ...

    def use_item(self, action: Action) -> list[Event]: ...

    def update(self, dt: float, hold: bool = False) -> list[Event]: ...

    def walk_out(self) -> list[Event]: ...

    def cancel(self) -> None: ...

    def finish(self) -> list[int]: ...

    def redeal(self, qian_kun: bool) -> bool: ...

    def attach_profile(
        self, profile: Profile, directory: PathLike | None = None, lang: str = "zh"
    ) -> TableSession | None: ...

    def next_hand(self) -> TableDriver: ...
