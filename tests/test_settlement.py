"""The ledger and the settlement rules of RULES.md §6, on their own."""

from __future__ import annotations

import pytest

from engine.rules import get_preset
from engine.scoring import WinContext, score_hand
from engine.settlement import (
    KongFacts,
    KongIncome,
    LeaveFacts,
    Ledger,
    LedgerEntry,
    PigFacts,
    ReadyCheck,
    ReadyFacts,
    Reason,
    RefundFacts,
    WinFacts,
    drawn_hand_entries,
    kong_entries,
    kong_transfer_entry,
    leave_entries,
    win_entries,
)
from engine.tiles import MeldKind, parse_counts, parse_tile

KONG = KongFacts(MeldKind.CONCEALED_KONG, parse_tile("5p"), 3)


def _triples(entries: list[LedgerEntry]) -> list[tuple[int, int, int]]:
    return [(e.payer, e.payee, e.amount) for e in entries]


def test_ledger_totals_are_zero_sum_and_reject_nonsense() -> None:
    ledger = Ledger()
    ledger.add(LedgerEntry(0, 1, 3, Reason.WIN_DISCARD, 5, PigFacts()))
    ledger.add(LedgerEntry(2, 1, 2, Reason.KONG_CONCEALED, 7, KONG))
    assert ledger.totals() == [-3, 5, -2, 0]
    assert sum(ledger.totals()) == 0
    assert ledger.income_of(7) == 2 and len(ledger) == 2
    assert [e.reason for e in ledger.by_reason(Reason.WIN_DISCARD)] == [Reason.WIN_DISCARD]
    with pytest.raises(ValueError, match="cannot pay itself"):
        ledger.add(LedgerEntry(1, 1, 1, Reason.WIN_DISCARD, 0, PigFacts()))
    with pytest.raises(ValueError, match="negative"):
        ledger.add(LedgerEntry(0, 1, -1, Reason.WIN_DISCARD, 0, PigFacts()))


def test_reasons_are_string_enum_members_with_the_stable_ids() -> None:
    assert len(Reason) == 14
    assert Reason.WIN_DISCARD == "win_discard" and Reason("kong_refund") is Reason.KONG_REFUND
    assert str(Reason.NOT_READY) == "not_ready"


def test_win_entries_carry_the_tile_and_the_score() -> None:
    score = score_hand(
        WinContext(tuple(parse_counts("123p456p789p234p99p")), (), parse_tile("9p"), True),
        get_preset("jj"),
    )
    entries = win_entries(
        winner=2,
        payers=[0, 1, 3],
        reason=Reason.WIN_SELF_DRAWN,
        event_index=9,
        tile=parse_tile("9p"),
        score=score,
    )
    assert _triples(entries) == [(0, 2, 8), (1, 2, 8), (3, 2, 8)]
    assert all(e.event_index == 9 and e.reason is Reason.WIN_SELF_DRAWN for e in entries)
    assert entries[0].facts == WinFacts(parse_tile("9p"), score)
    assert entries[0].facts.score.pattern == "qing_yi_se"


def test_kong_and_transfer_entries() -> None:
    kong = KongFacts(MeldKind.CONCEALED_KONG, parse_tile("5p"), 4)
    entries = kong_entries(
        konger=1, reason=Reason.KONG_CONCEALED, payers=[0, 2], amount=2, kong=kong
    )
    assert _triples(entries) == [(0, 1, 2), (2, 1, 2)]
    assert all(e.facts is kong and e.event_index == 4 for e in entries)
    t = kong_transfer_entry(discarder=1, winner=3, amount=6, event_index=8, kong=kong)
    assert (t.payer, t.payee, t.amount, t.reason) == (1, 3, 6, Reason.KONG_TRANSFER)
    assert t.facts is kong and t.event_index == 8


def _kong(owner: int, payers: list[int], amount: int, *, transferred: bool = False) -> KongIncome:
    pays = tuple(LedgerEntry(p, owner, amount, Reason.KONG_CONCEALED, 3, KONG) for p in payers)
    return KongIncome(owner, KONG, pays, transferred)


def test_drawn_hand_order_pig_then_not_ready_then_refund_to_payers() -> None:
    checks = [
        ReadyCheck(0, True, pig=True, ready=False, value=0),
        ReadyCheck(1, True, pig=False, ready=False, value=0),
        ReadyCheck(2, True, pig=False, ready=True, value=4),
        ReadyCheck(3, False, pig=False, ready=False, value=0),  # won earlier: out
    ]
    kongs = [_kong(1, [0, 2, 3], 2), _kong(2, [0, 1], 1)]
    entries = drawn_hand_entries(checks, kongs, pig_penalty=16, refund_to="payers", event_index=50)
    reasons = [e.reason for e in entries]
    assert reasons == sorted(
        reasons, key=[Reason.FLOWER_PIG, Reason.NOT_READY, Reason.KONG_REFUND].index
    )
    assert _triples([e for e in entries if e.reason == Reason.FLOWER_PIG]) == [
        (0, 1, 16),
        (0, 2, 16),
    ]
    assert all(e.facts == PigFacts(None) for e in entries if e.reason == Reason.FLOWER_PIG)
    assert all(e.facts == RefundFacts(KONG) for e in entries if e.reason == Reason.KONG_REFUND)
    assert _triples([e for e in entries if e.reason == Reason.NOT_READY]) == [(1, 2, 4)]
    # seat 1 (not ready) returns its kong income to every payer, the won seat 3 included
    assert _triples([e for e in entries if e.reason == Reason.KONG_REFUND]) == [
        (1, 0, 2),
        (1, 2, 2),
        (1, 3, 2),
    ]


def test_pigs_refund_their_kongs_too_and_transferred_kongs_are_not_refunded() -> None:
    checks = [
        ReadyCheck(0, True, pig=True, ready=False, value=0),
        ReadyCheck(1, True, pig=False, ready=True, value=1),
        ReadyCheck(2, True, pig=False, ready=True, value=1),
        ReadyCheck(3, True, pig=False, ready=True, value=1),
    ]
    kongs = [_kong(0, [1, 2, 3], 2), _kong(0, [1], 2, transferred=True)]
    entries = drawn_hand_entries(checks, kongs, pig_penalty=8, refund_to="payers", event_index=1)
    refunds = [e for e in entries if e.reason == Reason.KONG_REFUND]
    assert _triples(refunds) == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert not [e for e in entries if e.reason == Reason.NOT_READY]


def test_refund_to_ready_players_in_equal_shares_remainder_stays() -> None:
    checks = [
        ReadyCheck(0, True, pig=False, ready=False, value=0),
        ReadyCheck(1, True, pig=False, ready=True, value=2),
        ReadyCheck(2, True, pig=False, ready=True, value=2),
        ReadyCheck(3, True, pig=False, ready=False, value=0),
    ]
    kongs = [_kong(0, [1, 2, 3], 2, transferred=False), _kong(3, [0, 1, 2], 1)]
    entries = drawn_hand_entries(checks, kongs, pig_penalty=16, refund_to="ready", event_index=1)
    refunds = _triples([e for e in entries if e.reason == Reason.KONG_REFUND])
    # seat 0: 6 income → 3 each to seats 1, 2; seat 3: 3 income → 1 each, 1 stays
    assert refunds == [(0, 1, 3), (0, 2, 3), (3, 1, 1), (3, 2, 1)]
    shared = [e.facts for e in entries if e.reason == Reason.KONG_REFUND]
    assert shared == [RefundFacts(KONG, shared=True)] * 4


def test_refund_to_ready_with_nobody_ready_refunds_nothing() -> None:
    checks = [ReadyCheck(s, True, pig=False, ready=False, value=0) for s in range(4)]
    entries = drawn_hand_entries(
        checks, [_kong(0, [1, 2, 3], 2)], pig_penalty=16, refund_to="ready", event_index=1
    )
    assert entries == []


def test_leave_entries_penalty_and_ready_hands() -> None:
    others = [
        ReadyCheck(0, True, pig=False, ready=True, value=8),
        ReadyCheck(2, False, pig=False, ready=False, value=0),  # already won: out
        ReadyCheck(3, True, pig=False, ready=False, value=0),
    ]
    early = leave_entries(
        quitter=1, others=others, units=16, base=1, pay_ready=False, event_index=2
    )
    assert _triples(early) == [(1, 0, 16), (1, 3, 16)]
    late = leave_entries(quitter=1, others=others, units=16, base=2, pay_ready=True, event_index=2)
    assert _triples(late) == [(1, 0, 32), (1, 0, 8), (1, 3, 32)]
    assert [e.reason for e in late] == [
        Reason.LEAVE_PENALTY,
        Reason.LEAVE_READY,
        Reason.LEAVE_PENALTY,
    ]
    assert [e.facts for e in late] == [LeaveFacts(16, 2), ReadyFacts(), LeaveFacts(16, 2)]
