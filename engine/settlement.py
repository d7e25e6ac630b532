"""结算 Settlement: the hand's ledger of point transfers (RULES.md §6).

Every payment of a hand is one :class:`LedgerEntry` — payer, payee, amount (points, ``base``
already applied), a reason id and a Chinese and an English sentence — so the settlement
screen can explain every point. The ledger always sums to zero.

The functions here turn facts the round engine has established (who won how, who is ready,
what each kong earned) into entries; they know nothing about tiles or turn order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SEATS = 4


class Reason:
    """Reason ids of ledger entries (stable: replays and the settlement screen use them)."""

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

    ALL: tuple[str, ...] = (
        WIN_DISCARD,
        WIN_SELF_DRAWN,
        WIN_ROBBING_KONG,
        WIN_KONG_BLOOM_DISCARDER,
        KONG_TRANSFER,
        KONG_CONCEALED,
        KONG_ADDED,
        KONG_EXPOSED,
        KONG_DRIZZLE,
        FLOWER_PIG,
        NOT_READY,
        KONG_REFUND,
        LEAVE_PENALTY,
        LEAVE_READY,
    )


def seat_name(seat: int, lang: str = "zh") -> str:
    """``1号位`` / ``Seat 1`` (seats are 0–3 in turn order)."""
    return f"{seat + 1}号位" if lang == "zh" else f"Seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One transfer: ``payer`` gives ``amount`` points to ``payee``.

    ``event_index`` is the index (in ``Round.events``) of the event that caused it — the WIN,
    KONG, WALL_EMPTY (流局 checks) or LEAVE event — so the GUI can link a line of the
    settlement to the table.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    event_index: int
    explain_zh: str
    explain_en: str

    def __str__(self) -> str:
        payer, payee = seat_name(self.payer, "en"), seat_name(self.payee, "en")
        return f"{payer} -> {payee}: {self.amount} ({self.reason})"


@dataclass
class Ledger:
    """All transfers of one hand, in the order they happened."""

    entries: list[LedgerEntry] = field(default_factory=list)

    def add(self, entry: LedgerEntry) -> None:
        if entry.payer == entry.payee:
            raise ValueError(f"a seat cannot pay itself: {entry}")
        if entry.amount < 0:
            raise ValueError(f"negative amount in {entry}")
        self.entries.append(entry)

    def extend(self, entries: Iterable[LedgerEntry]) -> None:
        for e in entries:
            self.add(e)

    def totals(self) -> list[int]:
        """Net points per seat (received minus paid); sums to zero."""
        net = [0] * SEATS
        for e in self.entries:
            net[e.payer] -= e.amount
            net[e.payee] += e.amount
        return net

    def by_reason(self, reason: str) -> list[LedgerEntry]:
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
    points: int,
    reason: str,
    event_index: int,
    summary_zh: str,
    summary_en: str,
) -> list[LedgerEntry]:
    """One winning hand: each payer pays ``points`` (``ScoreResult.points``) to the winner.

    ``payers`` is the discarder alone for a discard win (点炮, robbed kong, 引杠杠上花 with
    ``discarder_pays``), or every other un-won player for a self-drawn win (RULES.md §6.1).
    """
    out: list[LedgerEntry] = []
    w_zh, w_en = seat_name(winner), seat_name(winner, "en")
    for payer in payers:
        p_zh, p_en = seat_name(payer), seat_name(payer, "en")
        if reason == Reason.WIN_SELF_DRAWN:
            zh = f"{w_zh}自摸（{summary_zh}），{p_zh}付 {points} 分"
            en = f"{w_en} wins self-drawn ({summary_en}); {p_en} pays {points}"
        elif reason == Reason.WIN_ROBBING_KONG:
            zh = f"{w_zh}抢{p_zh}的杠胡牌（{summary_zh}），{p_zh}按点炮付 {points} 分"
            en = f"{w_en} robs {p_en}'s kong ({summary_en}); {p_en} pays {points} as the discarder"
        elif reason == Reason.WIN_KONG_BLOOM_DISCARDER:
            zh = f"{w_zh}引杠杠上花（{summary_zh}），放杠的{p_zh}一人付 {points} 分"
            en = (
                f"{w_en} wins on the replacement of an exposed kong ({summary_en}); "
                f"{p_en}, who discarded the kong tile, pays {points} alone"
            )
        else:
            zh = f"{w_zh}胡{p_zh}的点炮（{summary_zh}），{p_zh}付 {points} 分"
            en = f"{w_en} wins on {p_en}'s discard ({summary_en}); {p_en} pays {points}"
        out.append(LedgerEntry(payer, winner, points, reason, event_index, zh, en))
    return out


def kong_transfer_entry(
    *, discarder: int, winner: int, amount: int, event_index: int
) -> LedgerEntry:
    """杠上炮 呼叫转移: the discarder hands its kong's income to the winner (RULES.md §6.1)."""
    d_zh, d_en = seat_name(discarder), seat_name(discarder, "en")
    w_zh, w_en = seat_name(winner), seat_name(winner, "en")
    return LedgerEntry(
        discarder,
        winner,
        amount,
        Reason.KONG_TRANSFER,
        event_index,
        f"{d_zh}杠后点炮（杠上炮），杠钱 {amount} 分呼叫转移给{w_zh}",
        f"{d_en} dealt in right after a kong; its kong income of {amount} goes to {w_en}",
    )


# --- kongs (RULES.md §6.2) ---------------------------------------------------------------


def kong_entries(
    *,
    konger: int,
    reason: str,
    payers: Sequence[int],
    amount: int,
    event_index: int,
    tile_zh: str,
    tile_en: str,
) -> list[LedgerEntry]:
    """Each payer pays ``amount`` to the kong's owner (刮风下雨, paid at once)."""
    names = {
        Reason.KONG_CONCEALED: ("暗杠（下雨）", "concealed kong"),
        Reason.KONG_ADDED: ("补杠（刮风）", "added kong"),
        Reason.KONG_EXPOSED: ("直杠（刮风）", "exposed kong"),
        Reason.KONG_DRIZZLE: ("直杠下毛毛雨", "exposed kong drizzle"),
    }
    name_zh, name_en = names[reason]
    k_zh, k_en = seat_name(konger), seat_name(konger, "en")
    out: list[LedgerEntry] = []
    for payer in payers:
        p_zh, p_en = seat_name(payer), seat_name(payer, "en")
        out.append(
            LedgerEntry(
                payer,
                konger,
                amount,
                reason,
                event_index,
                f"{k_zh}{tile_zh}{name_zh}，{p_zh}付 {amount} 分",
                f"{k_en}'s {name_en} of {tile_en}: {p_en} pays {amount}",
            )
        )
    return out


# --- drawn hand (RULES.md §6.3) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReadyCheck:
    """One seat at the end of a drawn hand, as the round engine found it.

    ``in_play``: not yet won and not left (xuezhan) — only such seats take part in §6.3.
    ``pig``: 花猪. ``ready``: 下叫 (counting ``dead_wait_counts``). ``value``: what each
    not-ready player pays it (``pay_ready`` max/min over its winning tiles), 0 if not ready.
    """

    seat: int
    in_play: bool
    pig: bool
    ready: bool
    value: int


@dataclass(frozen=True, slots=True)
class KongIncome:
    """What one kong earned: the entries paid for it (refunded at 退税 if its owner is not
    ready). ``transferred`` kongs (杠上炮) have already given their income away."""

    owner: int
    event_index: int
    payments: tuple[LedgerEntry, ...]
    transferred: bool = False


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
            out.append(
                LedgerEntry(
                    pig.seat,
                    other.seat,
                    pig_penalty,
                    Reason.FLOWER_PIG,
                    event_index,
                    f"查花猪：{seat_name(pig.seat)}是花猪，"
                    f"付给{seat_name(other.seat)} {pig_penalty} 分",
                    f"Flower pig: {seat_name(pig.seat, 'en')} pays {seat_name(other.seat, 'en')} "
                    f"{pig_penalty}",
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
            out.append(
                LedgerEntry(
                    payer.seat,
                    r.seat,
                    r.value,
                    Reason.NOT_READY,
                    event_index,
                    f"查大叫：{seat_name(payer.seat)}没下叫，按{seat_name(r.seat)}的叫牌付 "
                    f"{r.value} 分",
                    f"Not ready: {seat_name(payer.seat, 'en')} pays {seat_name(r.seat, 'en')} "
                    f"{r.value}, the value of its ready hand",
                )
            )
    # 3. 退税: every not-ready in-play player (pigs included) gives back its kong income.
    not_ready = {c.seat for c in live if c.pig or not c.ready}
    for kong in kongs:
        if kong.owner not in not_ready or kong.transferred:
            continue
        out.extend(_refund(kong, ready, refund_to, event_index))
    return out


def _refund(
    kong: KongIncome, ready: Sequence[ReadyCheck], refund_to: str, event_index: int
) -> list[LedgerEntry]:
    owner = kong.owner
    o_zh, o_en = seat_name(owner), seat_name(owner, "en")
    out: list[LedgerEntry] = []
    if refund_to == "payers":
        # Decided here: the refund undoes the kong's payments, so it goes back to every
        # payer, including one that has won since (it is their own money, not a new payment).
        for p in kong.payments:
            out.append(
                LedgerEntry(
                    owner,
                    p.payer,
                    p.amount,
                    Reason.KONG_REFUND,
                    event_index,
                    f"退税：{o_zh}没下叫，退还{seat_name(p.payer)}杠钱 {p.amount} 分",
                    f"Kong refund: {o_en} is not ready and returns {p.amount} of kong income "
                    f"to {seat_name(p.payer, 'en')}",
                )
            )
        return out
    # refund_to == "ready" (001 rule 9): equal shares, floor; remainder stays (RULES.md §6.3).
    income = sum(p.amount for p in kong.payments)
    targets = [r.seat for r in ready if r.seat != owner]
    if not targets or income <= 0:
        return out
    share = income // len(targets)
    if share <= 0:
        return out
    for seat in targets:
        out.append(
            LedgerEntry(
                owner,
                seat,
                share,
                Reason.KONG_REFUND,
                event_index,
                f"退税：{o_zh}没下叫，杠钱分给下叫的{seat_name(seat)} {share} 分",
                f"Kong refund: {o_en} is not ready; {seat_name(seat, 'en')} (ready) gets "
                f"{share} of its kong income",
            )
        )
    return out


# --- leaving (RULES.md §6.4) -------------------------------------------------------------


def leave_entries(
    *,
    quitter: int,
    others: Sequence[ReadyCheck],
    penalty: int,
    pay_ready: bool,
    event_index: int,
) -> list[LedgerEntry]:
    """逃跑: the quitter pays ``penalty`` (16 × base) to each other in-play player, and with
    ``pay_ready`` (≤ 4 tiles left) each ready one its hand value as well."""
    out: list[LedgerEntry] = []
    q_zh, q_en = seat_name(quitter), seat_name(quitter, "en")
    for c in others:
        if not c.in_play or c.seat == quitter:
            continue
        out.append(
            LedgerEntry(
                quitter,
                c.seat,
                penalty,
                Reason.LEAVE_PENALTY,
                event_index,
                f"{q_zh}中途离开，付给{seat_name(c.seat)} {penalty} 分",
                f"{q_en} left the hand and pays {seat_name(c.seat, 'en')} {penalty}",
            )
        )
        if pay_ready and c.ready and not c.pig and c.value > 0:
            out.append(
                LedgerEntry(
                    quitter,
                    c.seat,
                    c.value,
                    Reason.LEAVE_READY,
                    event_index,
                    f"{q_zh}在最后四张内离开，按{seat_name(c.seat)}的叫牌付 {c.value} 分",
                    f"{q_en} left with 4 or fewer tiles in the wall and pays "
                    f"{seat_name(c.seat, 'en')} {c.value}, the value of its ready hand",
                )
            )
    return out
