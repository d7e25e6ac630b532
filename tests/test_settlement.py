"""The ledger and the settlement rules of RULES.md §6, on their own."""

from __future__ import annotations

import pytest

from engine.settlement import (
    KongIncome,
    Ledger,
    LedgerEntry,
    ReadyCheck,
    Reason,
    drawn_hand_entries,
    kong_entries,
    kong_transfer_entry,
    leave_entries,
    seat_name,
    win_entries,
)


def _triples(entries: list[LedgerEntry]) -> list[tuple[int, int, int]]:
    return [(e.payer, e.payee, e.amount) for e in entries]


def test_ledger_totals_are_zero_sum_and_reject_nonsense() -> None:
    ledger = Ledger()
    ledger.add(LedgerEntry(0, 1, 3, Reason.WIN_DISCARD, 5, "zh", "en"))
    ledger.add(LedgerEntry(2, 1, 2, Reason.KONG_CONCEALED, 7, "zh", "en"))
    assert ledger.totals() == [-3, 5, -2, 0]
    assert sum(ledger.totals()) == 0
    assert ledger.income_of(7) == 2 and len(ledger) == 2
    assert [e.reason for e in ledger.by_reason(Reason.WIN_DISCARD)] == [Reason.WIN_DISCARD]
    with pytest.raises(ValueError, match="cannot pay itself"):
        ledger.add(LedgerEntry(1, 1, 1, Reason.WIN_DISCARD, 0, "", ""))
    with pytest.raises(ValueError, match="negative"):
        ledger.add(LedgerEntry(0, 1, -1, Reason.WIN_DISCARD, 0, "", ""))


def test_every_reason_id_is_listed_once() -> None:
    assert len(set(Reason.ALL)) == len(Reason.ALL) == 14


def test_win_entries_explain_in_both_languages() -> None:
    entries = win_entries(
        winner=2,
        payers=[0, 1, 3],
        points=5,
        reason=Reason.WIN_SELF_DRAWN,
        event_index=9,
        summary_zh="清一色 3番",
        summary_en="Full flush 3 fan",
    )
    assert _triples(entries) == [(0, 2, 5), (1, 2, 5), (3, 2, 5)]
    assert all(e.event_index == 9 for e in entries)
    assert "自摸" in entries[0].explain_zh and "清一色" in entries[0].explain_zh
    assert "self-drawn" in entries[0].explain_en and "pays 5" in entries[0].explain_en
    (robbed,) = win_entries(
        winner=1,
        payers=[3],
        points=4,
        reason=Reason.WIN_ROBBING_KONG,
        event_index=1,
        summary_zh="",
        summary_en="",
    )
    assert "抢" in robbed.explain_zh and "robs" in robbed.explain_en
    assert seat_name(3) == "4号位" and seat_name(3, "en") == "Seat 4"


def test_kong_and_transfer_entries() -> None:
    entries = kong_entries(
        konger=1,
        reason=Reason.KONG_CONCEALED,
        payers=[0, 2],
        amount=2,
        event_index=4,
        tile_zh="五筒",
        tile_en="5 Dots",
    )
    assert _triples(entries) == [(0, 1, 2), (2, 1, 2)]
    assert "暗杠" in entries[0].explain_zh and "concealed kong" in entries[0].explain_en
    t = kong_transfer_entry(discarder=1, winner=3, amount=6, event_index=8)
    assert (t.payer, t.payee, t.amount, t.reason) == (1, 3, 6, Reason.KONG_TRANSFER)
    assert "呼叫转移" in t.explain_zh


def _kong(owner: int, payers: list[int], amount: int, *, transferred: bool = False) -> KongIncome:
    pays = tuple(LedgerEntry(p, owner, amount, Reason.KONG_CONCEALED, 3, "", "") for p in payers)
    return KongIncome(owner, 3, pays, transferred)


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
    early = leave_entries(quitter=1, others=others, penalty=16, pay_ready=False, event_index=2)
    assert _triples(early) == [(1, 0, 16), (1, 3, 16)]
    late = leave_entries(quitter=1, others=others, penalty=16, pay_ready=True, event_index=2)
    assert _triples(late) == [(1, 0, 16), (1, 0, 8), (1, 3, 16)]
    assert [e.reason for e in late] == [
        Reason.LEAVE_PENALTY,
        Reason.LEAVE_READY,
        Reason.LEAVE_PENALTY,
    ]
