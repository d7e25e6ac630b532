"""结算 Settlement: the hand's ledger of point transfers (RULES.md §6).

Every payment of a hand is one :class:`LedgerEntry` — payer, payee, amount (points, ``base``
already applied), a :class:`Reason` and the typed facts behind it (:data:`Facts`: the winning
tile and score, the kong, the ready hand that was paid, ...) — so the settlement screen can
explain every point. The words are made from those facts in one place, engine/text.py, in the
caller's language and with the caller's names for the seats. The ledger always sums to zero.

The functions here turn facts the round engine has established (who won how, who is ready,
what each kong earned) into entries; they know nothing about tiles or turn order.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from engine.scoring import ScoreResult
from engine.tiles import MeldKind

SEATS = 4
"""Seats of the full table; a hand's ledger has ``players`` of them (4, 3 or 2)."""


class Reason(enum.StrEnum):
    """Why a ledger entry was paid (stable values: replays and the settlement screen use them)."""

    WIN_DISCARD = "win_discard"  # 点炮
    WIN_SELF_DRAWN = "win_self_drawn"  # 自摸 (incl. 杠上花)
    WIN_ROBBING_KONG = "win_robbing_kong"  # 抢杠胡: the robbed player pays as a discarder
    WIN_KONG_BLOOM_DISCARDER = "win_kong_bloom_discarder"  # 引杠杠上花, discarder_pays
    KONG_TRANSFER = "kong_transfer"  # 杠上炮 呼叫转移
    KONG_CONCEALED = "kong_concealed"  # 暗杠 下雨
    KONG_ADDED = "kong_added"  # 面下杠 刮风
    KONG_EXPOSED = "kong_exposed"  # 直杠 刮风
    KONG_DRIZZLE = "kong_drizzle"  # 下毛毛雨
    FLOWER_PIG = "flower_pig"  # 查花猪
    NOT_READY = "not_ready"  # 查大叫
    KONG_REFUND = "kong_refund"  # 退税
    LEAVE_PENALTY = "leave_penalty"  # 逃跑
    LEAVE_READY = "leave_ready"  # 逃跑, ≤ 4 tiles left: pay the ready as at 查大叫


WIN_REASONS = frozenset(
    {
        Reason.WIN_DISCARD,
        Reason.WIN_SELF_DRAWN,
        Reason.WIN_ROBBING_KONG,
        Reason.WIN_KONG_BLOOM_DISCARDER,
    }
)
KONG_REASONS = frozenset(
    {Reason.KONG_CONCEALED, Reason.KONG_ADDED, Reason.KONG_EXPOSED, Reason.KONG_DRIZZLE}
)


# --- the facts behind an entry ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WinFacts:
    """A win (the ``WIN_*`` reasons): the winning tile and the hand's score — pattern, fan or
    points, multiplier, extras with their counts (根 roots among them). The reason says how
    it was won; the score's extras hold the situation (杠上花, 抢杠, 海底 ...)."""

    tile: int
    score: ScoreResult


@dataclass(frozen=True, slots=True)
class KongFacts:
    """A kong: its kind (暗杠 concealed, 补杠 added, 直杠 exposed) and tile, and the index of
    its KONG event. The facts of the kong payments (``KONG_*``) and of ``KONG_TRANSFER`` (the
    discarder's kong whose income moves to the winner)."""

    kind: MeldKind
    tile: int
    event_index: int


@dataclass(frozen=True, slots=True)
class RefundFacts:
    """退税 (``KONG_REFUND``): the kong whose income goes back. ``shared``: a share handed to
    a ready player (``refund_to="ready"``) rather than a payment returned to its payer; the
    share is of the refunder's whole kong income of the hand, and ``kongs`` lists every kong
    in it (``kong`` is the first of them)."""

    kong: KongFacts
    shared: bool = False
    kongs: tuple[KongFacts, ...] = ()


@dataclass(frozen=True, slots=True)
class PigFacts:
    """查花猪 (``FLOWER_PIG``): the payer is a flower pig. ``void``: the declared void suit it
    still holds tiles of; None without 定缺, where a pig holds all three suits."""

    void: int | None = None


@dataclass(frozen=True, slots=True)
class ReadyFacts:
    """The payee's ready hand as it was valued (``NOT_READY`` 查大叫, ``LEAVE_READY``): the
    winning tile and score that set the amount, when the round engine knows them."""

    tile: int | None = None
    score: ScoreResult | None = None


@dataclass(frozen=True, slots=True)
class LeaveFacts:
    """逃跑 (``LEAVE_PENALTY``): the penalty is ``units`` × ``base`` (RULES.md §6.4: 16 ×)."""

    units: int
    base: int


Facts: TypeAlias = WinFacts | KongFacts | RefundFacts | PigFacts | ReadyFacts | LeaveFacts
"""The facts of one ledger entry; which kind goes with which :class:`Reason` is said on each."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One transfer: ``payer`` gives ``amount`` points to ``payee`` for ``reason``.

    ``event_index`` is the index (in ``Round.events``) of the event that caused it — the WIN,
    KONG, WALL_EMPTY (流局 checks) or LEAVE event — so the GUI can link a line of the
    settlement to the table. ``facts`` hold what a sentence about it needs
    (engine/text.py ``Narrator.ledger_line``).
    """

    payer: int
    payee: int
    amount: int
    reason: Reason
    event_index: int
    facts: Facts

    def __str__(self) -> str:
        return f"seat {self.payer} -> seat {self.payee}: {self.amount} ({self.reason})"


@dataclass
class Ledger:
    """All transfers of one hand, in the order they happened, between ``players`` seats."""

    entries: list[LedgerEntry] = field(default_factory=list)
    players: int = SEATS

    def add(self, entry: LedgerEntry) -> None:
        if entry.payer == entry.payee:
            raise ValueError(f"a seat cannot pay itself: {entry}")
        if not (0 <= entry.payer < self.players and 0 <= entry.payee < self.players):
            raise ValueError(f"{entry}: seats are 0-{self.players - 1}")
        if entry.amount < 0:
            raise ValueError(f"negative amount in {entry}")
        self.entries.append(entry)

    def extend(self, entries: Iterable[LedgerEntry]) -> None:
        for e in entries:
            self.add(e)

    def totals(self) -> list[int]:
        """Net points per seat (received minus paid); sums to zero."""
        net = [0] * self.players
        for e in self.entries:
            net[e.payer] -= e.amount
            net[e.payee] += e.amount
        return net

    def by_reason(self, reason: Reason) -> list[LedgerEntry]:
        return [e for e in self.entries if e.reason == reason]

    def income_of(self, event_index: int) -> int:
        """What the payees of entries caused by one event received (e.g. one kong's income)."""
        return sum(e.amount for e in self.entries if e.event_index == event_index)

    def __len__(self) -> int:
        return len(self.entries)


# --- wins (RULES.md §6.1) ----------------------------------------------------------------


def win_entries(
    *,
    winner: int,
    payers: Sequence[int],
    reason: Reason,
    event_index: int,
    tile: int,
    score: ScoreResult,
) -> list[LedgerEntry]:
    """One winning hand: each payer pays ``score.points`` to the winner.

    ``payers`` is the discarder alone for a discard win (点炮, robbed kong, 引杠杠上花 with
    ``discarder_pays``), or every other un-won player for a self-drawn win (RULES.md §6.1).
    """
    facts = WinFacts(tile, score)
    points = score.points
    return [LedgerEntry(p, winner, points, reason, event_index, facts) for p in payers]


def kong_transfer_entry(
    *, discarder: int, winner: int, amount: int, event_index: int, kong: KongFacts
) -> LedgerEntry:
    """杠上炮 呼叫转移: the discarder hands the income of ``kong`` to the winner (RULES.md
    §6.1)."""
    return LedgerEntry(discarder, winner, amount, Reason.KONG_TRANSFER, event_index, kong)


# --- kongs (RULES.md §6.2) ---------------------------------------------------------------


def kong_entries(
    *, konger: int, reason: Reason, payers: Sequence[int], amount: int, kong: KongFacts
) -> list[LedgerEntry]:
    """Each payer pays ``amount`` to the kong's owner (刮风下雨, paid at once)."""
    return [LedgerEntry(p, konger, amount, reason, kong.event_index, kong) for p in payers]


# --- drawn hand (RULES.md §6.3) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReadyCheck:
    """One seat at the end of a drawn hand, as the round engine found it.

    ``in_play``: not yet won and not left (xuezhan) — only such seats take part in §6.3.
    ``pig``: 花猪. ``ready``: 下叫 (counting ``dead_wait_counts``). ``value``: what each
    not-ready player pays it (``pay_ready`` max/min over its winning tiles), 0 if not ready;
    ``tile`` and ``score``: the winning tile that sets the value and its score.
    ``void``: the seat's declared void suit (None without 定缺).
    """

    seat: int
    in_play: bool
    pig: bool
    ready: bool
    value: int
    tile: int | None = None
    score: ScoreResult | None = None
    void: int | None = None


@dataclass(frozen=True, slots=True)
class KongIncome:
    """What one kong earned: the entries paid for it (refunded at 退税 if its owner is not
    ready). ``transferred`` kongs (杠上炮) have already given their income away."""

    owner: int
    kong: KongFacts
    payments: tuple[LedgerEntry, ...]
    transferred: bool = False

    @property
    def event_index(self) -> int:
        return self.kong.event_index


def drawn_hand_entries(
    checks: Sequence[ReadyCheck],
    kongs: Sequence[KongIncome],
    *,
    pig_penalty: int,
    refund_to: str,
    event_index: int,
) -> list[LedgerEntry]:
    """查花猪, then 查大叫, then 退税, in that order (RULES.md §6.3)."""
    out: list[LedgerEntry] = []
    live = [c for c in checks if c.in_play]
    # 1. 查花猪: each pig pays every in-play non-pig player.
    for pig in live:
        if not pig.pig:
            continue
        for other in live:
            if other.pig or other.seat == pig.seat:
                continue
            facts = PigFacts(pig.void)
            out.append(
                LedgerEntry(
                    pig.seat, other.seat, pig_penalty, Reason.FLOWER_PIG, event_index, facts
                )
            )
    # 2. 查大叫: each not-ready non-pig pays each ready player that player's value.
    ready = [c for c in live if c.ready and not c.pig]
    for payer in live:
        if payer.ready or payer.pig:
            continue
        for r in ready:
            if r.value <= 0:
                continue
            valued = ReadyFacts(r.tile, r.score)
            out.append(
                LedgerEntry(payer.seat, r.seat, r.value, Reason.NOT_READY, event_index, valued)
            )
    # 3. 退税: every not-ready in-play player (pigs included) gives back its kong income.
    not_ready = {c.seat for c in live if c.pig or not c.ready}
    refunded = [k for k in kongs if k.owner in not_ready and not k.transferred]
    if refund_to == "payers":
        for kong in refunded:
            out.extend(_refund_to_payers(kong, event_index))
    else:
        for owner in sorted({k.owner for k in refunded}):
            own = [k for k in refunded if k.owner == owner]
            out.extend(_refund_to_ready(owner, own, ready, event_index))
    return out


def _refund_to_payers(kong: KongIncome, event_index: int) -> list[LedgerEntry]:
    """RULES.md §6.3 step 3, ``refund_to = "payers"``: the kong's payments go back to whoever
    paid them — also to a payer that has won since (it is their own money, not a new payment;
    decided there)."""
    back = RefundFacts(kong.kong)
    refund = Reason.KONG_REFUND
    return [
        LedgerEntry(kong.owner, p.payer, p.amount, refund, event_index, back) for p in kong.payments
    ]


def _refund_to_ready(
    owner: int, kongs: Sequence[KongIncome], ready: Sequence[ReadyCheck], event_index: int
) -> list[LedgerEntry]:
    """RULES.md §6.3 step 3, ``refund_to = "ready"`` (001 rule 9): the refunder's whole kong
    income of the hand is added up first and split once in equal shares among the ready
    players (rounding down; the remainder stays with the refunder, decided there)."""
    income = sum(p.amount for k in kongs for p in k.payments)
    targets = [r.seat for r in ready if r.seat != owner]
    if not targets or income <= 0:
        return []
    share = income // len(targets)
    if share <= 0:
        return []
    facts = tuple(k.kong for k in kongs)
    shared = RefundFacts(facts[0], shared=True, kongs=facts)
    refund = Reason.KONG_REFUND
    return [LedgerEntry(owner, seat, share, refund, event_index, shared) for seat in targets]


# --- leaving (RULES.md §6.4) -------------------------------------------------------------


def leave_entries(
    *,
    quitter: int,
    others: Sequence[ReadyCheck],
    units: int,
    base: int,
    pay_ready: bool,
    event_index: int,
) -> list[LedgerEntry]:
    """逃跑: the quitter pays ``units`` × ``base`` (16 × base) to each other in-play player,
    and with ``pay_ready`` (≤ 4 tiles left) each ready one its hand value as well.

    RULES.md §6.4 reads "as if that player were ready with its best hand"; a player who is
    not ready has no hand value to be paid, so the payment goes to the ready ones, as a
    查大叫 does: the source (000) says "他人查大叫（不管逃跑者听牌否，赔给他人）按高分的一种扣" —
    the others are checked as at 查大叫, the quitter paying each its highest value."""
    out: list[LedgerEntry] = []
    penalty = units * base
    facts = LeaveFacts(units, base)
    for c in others:
        if not c.in_play or c.seat == quitter:
            continue
        out.append(LedgerEntry(quitter, c.seat, penalty, Reason.LEAVE_PENALTY, event_index, facts))
        if pay_ready and c.ready and not c.pig and c.value > 0:
            ready = ReadyFacts(c.tile, c.score)
            out.append(
                LedgerEntry(quitter, c.seat, c.value, Reason.LEAVE_READY, event_index, ready)
            )
    return out
