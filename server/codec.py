"""Engine values ↔ wire data (server/protocol.py), both ways.

The server turns the engine's own objects (``PlayerView``, ``Event``, ``Action``,
``LedgerEntry``, ``ScoreResult``) into protocol Structs; a client turns them back into the
very same engine types, so that the table UI draws a networked table from the objects it
draws offline. Round trips are exact (tests/test_net_protocol.py checks them on self-play).

The wire data was validated by msgspec already (tiles are notation, seats 0–3, ...); what is
left to check here is what a schema cannot say (a hand of 27 counts, a meld's tile) and a
failure raises :class:`~server.protocol.ProtocolError` like any other bad message.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

from engine.actions import Action
from engine.round.events import Event, EventKind, RoundResult, WinRecord
from engine.rules import RuleSet
from engine.scoring import ScoreResult
from engine.settlement import (
    Facts,
    KongFacts,
    LeaveFacts,
    LedgerEntry,
    PigFacts,
    ReadyFacts,
    RefundFacts,
    WinFacts,
)
from engine.tiles import (
    SUITS,
    Meld,
    TileNotationError,
    format_counts,
    format_tile,
    format_tiles,
    parse_suit,
    parse_tile,
    parse_tiles,
    to_counts,
)
from engine.views import PlayerView, PondTile, SeatInfo
from server.protocol import (
    ActionData,
    EntryData,
    ErrorCode,
    EventData,
    FactsData,
    KongFactsData,
    LeaveFactsData,
    PigFactsData,
    ProtocolError,
    ReadyFactsData,
    RefundFactsData,
    ScoreData,
    SeatData,
    SettlementData,
    Suit,
    ViewData,
    WinData,
    WinFactsData,
)

__all__ = [
    "action_data",
    "action_from_data",
    "entry_data",
    "entry_from_data",
    "event_data",
    "event_from_data",
    "score_data",
    "score_from_data",
    "settlement_data",
    "view_data",
    "view_from_data",
    "win_data",
    "win_from_data",
]


def _suit(suit: int | None) -> Suit | None:
    return None if suit is None else cast(Suit, SUITS[suit])


def _suit_from(text: str | None) -> int | None:
    return None if text is None else parse_suit(text)


def _tile(kind: int | None) -> str | None:
    return None if kind is None else format_tile(kind)


def _tile_from(text: str | None) -> int | None:
    return None if text is None else parse_tile(text)


@functools.lru_cache(maxsize=16384)
def _counts_text(counts: tuple[int, ...]) -> str:
    """27 counts as notation. A view's ``public`` is the same for the four seats and a hand
    changes one tile at a time: remembered, the formatting is most of a view's cost no more."""
    return format_counts(counts)


def _bad(what: str, exc: Exception) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_MESSAGE, f"{what}: {exc}")


# --- actions ------------------------------------------------------------------------------


def action_data(action: Action) -> ActionData:
    if action.item is not None:
        raise ValueError(f"{action}: items are off at network tables")
    return ActionData(
        kind=action.kind,
        seat=action.seat,
        tile=_tile(action.tile),
        tiles=format_tiles(action.tiles, sort=False),
        suit=_suit(action.suit),
    )


def action_from_data(data: ActionData) -> Action:
    return Action(
        data.kind,
        data.seat,
        _tile_from(data.tile),
        tuple(parse_tiles(data.tiles)),
        _suit_from(data.suit),
    )


# --- scores, facts, ledger ----------------------------------------------------------------


def score_data(score: ScoreResult) -> ScoreData:
    return ScoreData(
        win=score.win,
        reason=score.reason,
        pattern=score.pattern,
        extras=[(e, n) for e, n in score.extras],
        fan=score.fan,
        multiplier=score.multiplier,
        points=score.points,
        value=score.value,
        pattern_value=score.pattern_value,
        pattern_is_cap=score.pattern_is_cap,
        roots_included=score.roots_included,
        extra_values=list(score.extra_values),
        capped=score.capped,
        base=score.base,
        self_draw_bonus=score.self_draw_bonus,
        self_drawn=score.self_drawn,
        robbing_kong=score.robbing_kong,
        eighteen_arhats=score.eighteen_arhats,
    )


def score_from_data(data: ScoreData) -> ScoreResult:
    if len(data.extra_values) != len(data.extras):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "score: extras and extra_values differ")
    return ScoreResult(
        win=data.win,
        reason=data.reason,
        pattern=data.pattern,
        extras=tuple((e, n) for e, n in data.extras),
        fan=data.fan,
        multiplier=data.multiplier,
        points=data.points,
        value=data.value,
        pattern_value=data.pattern_value,
        pattern_is_cap=data.pattern_is_cap,
        roots_included=data.roots_included,
        extra_values=tuple(data.extra_values),
        capped=data.capped,
        base=data.base,
        self_draw_bonus=data.self_draw_bonus,
        self_drawn=data.self_drawn,
        robbing_kong=data.robbing_kong,
        eighteen_arhats=data.eighteen_arhats,
    )


def _facts_data(facts: Facts) -> FactsData:
    if isinstance(facts, WinFacts):
        return WinFactsData(tile=format_tile(facts.tile), score=score_data(facts.score))
    if isinstance(facts, KongFacts):
        return KongFactsData(meld=str(Meld(facts.kind, facts.tile)), kong_event=facts.event_index)
    if isinstance(facts, RefundFacts):
        kong = facts.kong
        return RefundFactsData(
            meld=str(Meld(kong.kind, kong.tile)), kong_event=kong.event_index, shared=facts.shared
        )
    if isinstance(facts, PigFacts):
        return PigFactsData(void=_suit(facts.void))
    if isinstance(facts, ReadyFacts):
        return ReadyFactsData(
            tile=_tile(facts.tile),
            score=None if facts.score is None else score_data(facts.score),
        )
    return LeaveFactsData(units=facts.units, base=facts.base)


def _facts_from(data: FactsData) -> Facts:
    if isinstance(data, WinFactsData):
        return WinFacts(parse_tile(data.tile), score_from_data(data.score))
    if isinstance(data, KongFactsData | RefundFactsData):
        meld = Meld.parse(data.meld)
        kong = KongFacts(meld.kind, meld.tile, data.kong_event)
        return kong if isinstance(data, KongFactsData) else RefundFacts(kong, data.shared)
    if isinstance(data, PigFactsData):
        return PigFacts(_suit_from(data.void))
    if isinstance(data, ReadyFactsData):
        score = None if data.score is None else score_from_data(data.score)
        return ReadyFacts(_tile_from(data.tile), score)
    return LeaveFacts(data.units, data.base)


def entry_data(entry: LedgerEntry) -> EntryData:
    return EntryData(
        payer=entry.payer,
        payee=entry.payee,
        amount=entry.amount,
        reason=entry.reason,
        event=entry.event_index,
        facts=_facts_data(entry.facts),
    )


def entry_from_data(data: EntryData) -> LedgerEntry:
    return LedgerEntry(
        data.payer, data.payee, data.amount, data.reason, data.event, _facts_from(data.facts)
    )


# --- events -------------------------------------------------------------------------------


def event_data(event: Event) -> EventData:
    """``event`` as it goes on the wire; it must already be the seat's (Event.for_seat)."""
    if event.item_result is not None:
        raise ValueError(f"{event}: items are off at network tables")
    voids: list[str | None] = []
    tiles = ""
    if event.kind is EventKind.VOIDS_REVEALED:
        voids = [None if v < 0 else SUITS[v] for v in event.tiles]
    elif event.tiles:
        tiles = format_tiles(event.tiles, sort=False)
    return EventData(
        kind=event.kind,
        index=event.index,
        seat=event.seat,
        tile=_tile(event.tile),
        from_seat=event.from_seat,
        tiles=tiles,
        voids=voids,  # type: ignore[arg-type]  # str | None narrows to the Suit literal
        meld=None if event.meld is None else str(event.meld),
        score=None if event.score is None else score_data(event.score),
        flags=list(event.flags),
        entry=None if event.entry is None else entry_data(event.entry),
        dice=event.dice,
        detail=event.detail,
    )


def event_from_data(data: EventData) -> Event:
    try:
        if data.kind is EventKind.VOIDS_REVEALED:
            tiles = tuple(-1 if v is None else parse_suit(v) for v in data.voids)
        else:
            tiles = tuple(parse_tiles(data.tiles))
        return Event(
            kind=data.kind,
            index=data.index,
            seat=data.seat,
            tile=_tile_from(data.tile),
            from_seat=data.from_seat,
            tiles=tiles,
            meld=None if data.meld is None else Meld.parse(data.meld),
            score=None if data.score is None else score_from_data(data.score),
            flags=tuple(data.flags),
            entry=None if data.entry is None else entry_from_data(data.entry),
            dice=data.dice,
            detail=data.detail,
        )
    except TileNotationError as exc:
        raise _bad(f"event {data.index}", exc) from None


# --- views --------------------------------------------------------------------------------


def _seat_data(info: SeatInfo) -> SeatData:
    return SeatData(
        seat=info.seat,
        hand_size=info.hand_size,
        melds=[str(m) for m in info.melds],
        pond=format_tiles([p.tile for p in info.pond], sort=False),
        claimed=[i for i, p in enumerate(info.pond) if p.claimed],
        void=_suit(info.void),
        won=info.won,
        out=info.out,
        win_tiles=format_tiles(info.win_tiles, sort=False),
        revealed=None if info.revealed is None else format_tiles(info.revealed),
        points=info.points,
        golden=info.golden,
    )


def _seat_from(data: SeatData) -> SeatInfo:
    pond = parse_tiles(data.pond)
    claimed = set(data.claimed)
    if any(i >= len(pond) for i in claimed):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"seat {data.seat}: claimed outside the pond")
    return SeatInfo(
        seat=data.seat,
        hand_size=data.hand_size,
        melds=tuple(Meld.parse(m) for m in data.melds),
        pond=tuple(PondTile(t, i in claimed) for i, t in enumerate(pond)),
        void=_suit_from(data.void),
        won=data.won,
        out=data.out,
        win_tiles=tuple(parse_tiles(data.win_tiles)),
        revealed=None if data.revealed is None else tuple(parse_tiles(data.revealed)),
        points=data.points,
        golden=data.golden,
    )


def view_data(view: PlayerView, seats: Sequence[SeatData] | None = None) -> ViewData:
    """``view`` on the wire; ``seats`` may hand in the public seat data already built for
    another seat's view of the same moment (they are the same for everybody)."""
    if view.inventory or view.item_results:
        raise ValueError("items are off at network tables")
    return ViewData(
        seat=view.seat,
        dealer=view.dealer,
        current=view.current,
        phase=view.phase,
        wall_remaining=view.wall_remaining,
        concealed=_counts_text(view.concealed),
        last_drawn=_tile(view.last_drawn),
        own_void=_suit(view.own_void),
        seats=list(seats) if seats is not None else [_seat_data(i) for i in view.seats],
        public=_counts_text(view.public),
        claim_tile=_tile(view.claim_tile),
        claim_from=view.claim_from,
        claim_is_rob=view.claim_is_rob,
        void_first=view.void_first,
        blocked_tiles=format_tiles(view.blocked_tiles),
        blocked_value=view.blocked_value,
        dice=view.dice,
        exchange_direction=view.exchange_direction,  # type: ignore[arg-type]
        win_score=None if view.win_score is None else score_data(view.win_score),
    )


def seats_data(view: PlayerView) -> list[SeatData]:
    """The public seat data of a view (shared by the four views of one moment)."""
    return [_seat_data(i) for i in view.seats]


def view_from_data(data: ViewData, rules: RuleSet) -> PlayerView:
    """The engine's PlayerView of ``data``, with the room's ``rules``."""
    try:
        return PlayerView(
            seat=data.seat,
            dealer=data.dealer,
            current=data.current,
            phase=data.phase,
            rules=rules,
            wall_remaining=data.wall_remaining,
            concealed=tuple(to_counts(parse_tiles(data.concealed))),
            last_drawn=_tile_from(data.last_drawn),
            own_void=_suit_from(data.own_void),
            seats=tuple(_seat_from(s) for s in data.seats),
            public=tuple(to_counts(parse_tiles(data.public))),
            claim_tile=_tile_from(data.claim_tile),
            claim_from=data.claim_from,
            claim_is_rob=data.claim_is_rob,
            void_first=data.void_first,
            blocked_tiles=tuple(parse_tiles(data.blocked_tiles)),
            blocked_value=data.blocked_value,
            dice=data.dice,
            exchange_direction=data.exchange_direction,
            win_score=None if data.win_score is None else score_from_data(data.win_score),
        )
    except TileNotationError as exc:
        raise _bad("view", exc) from None


# --- the settlement -----------------------------------------------------------------------


def win_data(win: WinRecord) -> WinData:
    return WinData(
        seat=win.seat,
        tile=format_tile(win.tile),
        from_seat=win.from_seat,
        score=score_data(win.score),
        flags=list(win.flags),
        event=win.event_index,
        shared=win.shared,
    )


def win_from_data(data: WinData) -> WinRecord:
    return WinRecord(
        data.seat,
        parse_tile(data.tile),
        data.from_seat,
        score_from_data(data.score),
        tuple(data.flags),
        data.event,
        data.shared,
    )


def settlement_data(
    hand: int,
    result: RoundResult,
    ledger: Sequence[LedgerEntry],
    points: Sequence[int],
    dealer: int,
    last: bool,
) -> SettlementData:
    """A finished hand, the same for every seat (nothing in it is hidden from anyone)."""
    return SettlementData(
        hand=hand,
        reason=result.reason,
        drawn=result.drawn,
        wins=[win_data(w) for w in result.wins],
        ledger=[entry_data(e) for e in ledger],
        totals=list(result.totals),
        points=list(points),
        dealer=dealer,
        last=last,
    )
