"""文字 Words: the one place where the engine's facts become Chinese and English text.

The engine hands out data — ledger entries with typed facts (engine/settlement.py), score
results with their reckoning (engine/scoring.py), events with :class:`EventFlag` s and an
:class:`EndReason` — and a :class:`Narrator` turns them into sentences, for the CLI
(``python -m engine score``'s ``explain``, ``python -m engine replay``) and the GUI alike.

The caller names the seats. One seat may be addressed in the second person (``you=``): the
text then says 你 / "You pay 1", "Your concealed kong", "You win by self-draw"; every other
seat is named as given ("Bot 2 pays 1", "Bot 2's concealed kong") — by default 1号位 /
"Seat 1". Pattern and extra names come from the pattern table (engine/patterns.py); no
internal id (``ping_hu``, ``wall_empty``) ever appears in the text.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.items import ITEMS
from engine.patterns import EXTRA_BY_ID, PATTERN_BY_ID
from engine.round.events import LEAVE_AFTER_WIN, EndReason, Event, EventFlag, EventKind
from engine.scoring import HandError, HandFault, NoWin, ScoreResult
from engine.settlement import (
    KongFacts,
    LeaveFacts,
    LedgerEntry,
    PigFacts,
    ReadyFacts,
    Reason,
    RefundFacts,
    WinFacts,
)
from engine.tiles import (
    MeldKind,
    format_tile,
    format_tiles,
    suit_name,
    tile_name,
    tiles_name,
)

__all__ = ["LANGS", "Narrator", "default_seat_name"]

LANGS = ("zh", "en")
SEATS = 4

_REASON_NAMES: dict[Reason, tuple[str, str]] = {
    Reason.WIN_DISCARD: ("点炮", "Win on a discard"),
    Reason.WIN_SELF_DRAWN: ("自摸", "Self-drawn win"),
    Reason.WIN_ROBBING_KONG: ("抢杠胡", "Robbing a kong"),
    Reason.WIN_KONG_BLOOM_DISCARDER: ("引杠杠上花", "Kong replacement, the discarder pays"),
    Reason.KONG_TRANSFER: ("呼叫转移", "Kong income transfer"),
    Reason.KONG_CONCEALED: ("暗杠·下雨", "Concealed kong"),
    Reason.KONG_ADDED: ("补杠·刮风", "Added kong"),
    Reason.KONG_EXPOSED: ("直杠·刮风", "Exposed kong"),
    Reason.KONG_DRIZZLE: ("下毛毛雨", "Kong drizzle"),
    Reason.FLOWER_PIG: ("查花猪", "Flower pig"),
    Reason.NOT_READY: ("查大叫", "Not ready"),
    Reason.KONG_REFUND: ("退税", "Kong refund"),
    Reason.LEAVE_PENALTY: ("逃跑", "Walk-out"),
    Reason.LEAVE_READY: ("逃跑赔叫", "Walk-out: the ready are paid"),
}

_FLAG_NAMES: dict[EventFlag, tuple[str, str]] = {
    EventFlag.SELF_DRAWN: ("自摸", "self-drawn"),
    EventFlag.KONG_BLOOM: ("杠上花", "on a kong replacement"),
    EventFlag.AFTER_KONG: ("杠上炮", "on the discard after a kong"),
    EventFlag.ROBBING_KONG: ("抢杠", "robbing a kong"),
    EventFlag.LAST_TILE: ("海底", "on the last tile"),
    EventFlag.FIRST_TURN: ("天胡/地胡", "on the first turn"),
    EventFlag.MULTI: ("一炮多响", "one of several winners"),
    EventFlag.HAND_CONCEALED: ("手牌不亮", "the hand stays concealed"),
    EventFlag.DRAWN: ("流局", "drawn hand"),
}

_END_NAMES: dict[EndReason, tuple[str, str]] = {
    EndReason.THREE_WON: ("三家胡牌", "three players have won"),
    EndReason.ALL_BUT_ONE_WON: ("只剩一家未胡", "only one player is left without a win"),
    EndReason.FIRST_WIN: ("有人胡牌", "a player has won"),
    EndReason.WALL_EMPTY: ("牌墙摸完", "the wall is empty"),
    EndReason.LEFT: ("有人逃跑", "a player left"),
}

_NO_WIN: dict[NoWin, tuple[str, str]] = {
    NoWin.THREE_SUITS: (
        "不能胡：有三门牌（须缺一门）",
        "Not a win: three suits (one must be absent)",
    ),
    NoWin.VOID_TILE: ("不能胡：还有定缺的牌", "Not a win: a tile of the declared void suit"),
    NoWin.NOT_COMPLETE: (
        "不能胡：牌型不成",
        "Not a win: neither four sets and a pair nor seven pairs",
    ),
}

_KONG_NAMES: dict[MeldKind, tuple[str, str]] = {
    MeldKind.CONCEALED_KONG: ("暗杠", "concealed kong"),
    MeldKind.ADDED_KONG: ("补杠", "added kong"),
    MeldKind.EXPOSED_KONG: ("直杠", "exposed kong"),
}

_EXCHANGE_DIR = {
    "across": ("对家", "across"),
    "clockwise": ("顺时针", "clockwise"),
    "counter_clockwise": ("逆时针", "anticlockwise"),
}


def default_seat_name(seat: int, lang: str = "zh") -> str:
    """``1号位`` / ``Seat 1`` (seats are 0–3 in turn order)."""
    return f"{seat + 1}号位" if lang == "zh" else f"Seat {seat + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Narrator:
    """Sentences about one hand in one language (``"zh"`` or ``"en"``).

    ``names``: what to call each seat (default 1号位 / "Seat 1"), one per seat of the hand;
    ``players``: how many seats there are when ``names`` is left out (4, 3 or 2); ``you``:
    the seat spoken to in the second person (你 / "You"), whatever ``names`` calls it.
    """

    def __init__(
        self,
        lang: str = "zh",
        names: Sequence[str] | None = None,
        you: int | None = None,
        *,
        players: int = SEATS,
        notation: bool = False,
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; valid: {', '.join(LANGS)}")
        if names is not None:
            players = len(names)
        if not 2 <= players <= SEATS:
            shown = f": {list(names)!r}" if names is not None else ""
            raise ValueError(f"names: one per seat (2-4 seats), got {players}{shown}")
        if you is not None and not 0 <= you < players:
            raise ValueError(f"you must be a seat 0-{players - 1} or None, got {you!r}")
        self.lang = lang
        self.zh = lang == "zh"
        self.names = tuple(names or (default_seat_name(s, lang) for s in range(players)))
        self.you = you
        #: Event lines name tiles in the notation (5m, 123m456p: the command line's replay
        #: listing) rather than by name (五万 / 5 Characters: what a player reads).
        self.notation = notation

    # ---- seats and grammar ---------------------------------------------------------------

    def seat(self, seat: int) -> str:
        """What this narrator calls ``seat`` at the start of a sentence (你 / You / Bot 2)."""
        return self._who(seat, start=True)

    def discarder(self, seat: int) -> str:
        """Under a discard win's winner, whose discard it was: 电脑2点炮 / "on Bot 2's
        discard" (not "dealt in by Bot 2", which reads as if Bot 2 had won)."""
        return f"{self._who(seat)}点炮" if self.zh else f"on {self._whose(seat)} discard"

    def robbed(self, seat: int) -> str:
        """Under a robbing win's winner, whose kong was robbed: 抢电脑2的杠 / "robbed Bot 2's
        kong" (RULES.md §4: the robbed player pays as the discarder; "robbing a kong" named
        nobody)."""
        return f"抢{self._whose(seat)}杠" if self.zh else f"robbed {self._whose(seat)} kong"

    def _who(self, seat: int, start: bool = False) -> str:
        """The seat as the subject (or, in Chinese, anywhere)."""
        if seat == self.you:
            return "你" if self.zh else ("You" if start else "you")
        return self.names[seat]

    def _whom(self, seat: int) -> str:
        """The seat as an object ("pays you 4")."""
        return self._who(seat)

    def _whose(self, seat: int, start: bool = False) -> str:
        """The seat's possessive: 你的 / 电脑2的, "your" / "Bot 2's"."""
        if self.zh:
            return f"{self._who(seat)}的"
        if seat == self.you:
            return "Your" if start else "your"
        return f"{self.names[seat]}'s"

    def _their(self, seat: int) -> str:
        """The possessive pronoun after the seat was named: "your" / "their"."""
        return "your" if seat == self.you else "their"

    def _verb(self, seat: int, third: str, second: str) -> str:
        """English verb agreement: ``second`` after "you", ``third`` after a name."""
        return second if seat == self.you else third

    def _pays(self, seat: int) -> str:
        return self._verb(seat, "pays", "pay")

    def _is(self, seat: int) -> str:
        return self._verb(seat, "is", "are")

    # ---- names of things -----------------------------------------------------------------

    def pattern_name(self, pattern_id: str) -> str:
        """平胡 / "Plain win" (an unknown id is shown as is: it comes from a newer engine)."""
        p = PATTERN_BY_ID.get(pattern_id)
        if p is None:
            return pattern_id
        return p.zh if self.zh else p.en

    def extra_name(self, extra_id: str, count: int = 1) -> str:
        """An extra and its count: 根×2 / "2 roots"; 杠上花 / "Win on kong replacement"."""
        e = EXTRA_BY_ID.get(extra_id)
        if e is None:
            return extra_id
        if extra_id == "gen":
            return f"根×{count}" if self.zh else _plural(count, "root")
        name = e.zh if self.zh else e.en
        return f"{name}×{count}" if count > 1 else name

    def reason_name(self, reason: Reason) -> str:
        """A ledger reason as a short label: 点炮 / "Win on a discard"."""
        zh, en = _REASON_NAMES[reason]
        return zh if self.zh else en

    def flag_name(self, flag: EventFlag) -> str:
        zh, en = _FLAG_NAMES[flag]
        return zh if self.zh else en

    def end_reason(self, reason: EndReason) -> str:
        """Why the hand ended: 牌墙摸完 / "the wall is empty"."""
        zh, en = _END_NAMES[reason]
        return zh if self.zh else en

    def no_win(self, reason: NoWin) -> str:
        zh, en = _NO_WIN[reason]
        return zh if self.zh else en

    def hand_error(self, error: HandError) -> str:
        """Why a hand cannot be scored at all (a malformed question, engine/scoring.py
        :class:`HandError`), as a clause to follow 无法计算： / "Cannot score:" — from the
        error's fault and facts, never its English message."""
        fault, n, zh = error.fault, error.n or 0, self.zh
        tile = None if error.tile is None else self._tile(error.tile)
        if fault is HandFault.COPIES:
            return (
                f"{tile}在手牌和副露里共 {n} 张，这种牌只有 4 张"
                if zh
                else f"{n} copies of {tile} in the hand and melds, and there are only 4"
            )
        if fault is HandFault.TILE_COUNT:
            kongs = sum(1 for m in error.melds if m.is_kong)
            pongs = len(error.melds) - kongs
            if not error.melds:
                return (
                    f"手牌 {n} 张，不是 14 张"
                    if zh
                    else f"{_plural(n, 'tile')}, not 14: a winning hand has 14"
                )
            counted = n + 3 * len(error.melds)
            if zh:
                melds = "、".join(
                    f"{k} 个{word}" for k, word in ((pongs, "碰"), (kongs, "杠")) if k
                )
                return f"手牌 {n} 张加 {melds}共 {counted} 张，不是 14 张（每个副露算 3 张）"
            parts = " and ".join(
                _plural(k, word) for k, word in ((pongs, "pong"), (kongs, "kong")) if k
            )
            return (
                f"{_plural(n, 'tile')} in the hand and {parts} make {counted}, not 14 "
                "(each meld counts 3)"
            )
        if fault is HandFault.WIN_TILE:
            if tile is None:
                return "胡张不是一张牌" if zh else "the winning tile is not a tile"
            return (
                f"胡张{tile}不在手牌里" if zh else f"the winning tile, {tile}, is not in the hand"
            )
        if fault is HandFault.ROBBED_COPY:
            return (
                f"抢杠胡{tile}时手里不能再有{tile}：另外三张在被抢者的碰里"
                if zh
                else f"robbing a kong of {tile}, the winner can hold no other copy of it: the "
                "other three are in the robbed pong"
            )
        if fault is HandFault.LAST_COPY_HELD:
            last = self.extra_name("jue_zhang")
            return (
                f"{last}{tile}：另外三张都要亮在桌上，手里不能再有{tile}"
                if zh
                else f"{last} of {tile}: its other three copies are on the table, so the hand "
                "can hold no other copy of it"
            )
        after, rob = self.extra_name("gang_shang_pao"), self.extra_name("qiang_gang")
        if fault is HandFault.SELF_DRAWN_DISCARD_WIN:
            return (
                f"自摸不能同时是{after}或{rob}（那是别人打出或补杠的牌）"
                if zh
                else f"a self-drawn win cannot also be a {after.lower()} or "
                f"{rob.lower()}: those are won on another player's tile"
            )
        if fault is HandFault.AFTER_KONG_ROBBING:
            return (
                f"一次胡牌不能既是{after}又是{rob}"
                if zh
                else f"a win cannot be both a {after.lower()} and {rob.lower()}"
            )
        if fault is HandFault.BLOOM_WITHOUT_KONG:
            bloom = self.extra_name("gang_shang_hua")
            return (
                f"{bloom}要先开杠：副露里没有杠"
                if zh
                else f"a {bloom.lower()} needs a kong among the melds, and there is none"
            )
        if fault is HandFault.PAID_AS_DISCARD:
            bloom = self.extra_name("gang_shang_hua")
            return (
                f"只有{bloom}才能由点杠的人一家付"
                if zh
                else f"only a {bloom.lower()} can be paid by the kong's discarder alone"
            )
        if fault is HandFault.MELDS:
            return f"最多四个副露，这里有 {n} 个" if zh else f"at most four melds, not {n}"
        if fault is HandFault.VOID:
            return (
                "定缺须是万、筒、条之一" if zh else "the void suit must be one of the three suits"
            )
        return (
            "手牌的张数有误（每种牌 0 到 4 张）"
            if zh
            else "the hand's counts are wrong (0–4 of a kind)"
        )

    def _tile(self, kind: int) -> str:
        return tile_name(kind, self.lang)

    def _event_tile(self, kind: int | None) -> str | None:
        """A tile in an event line: by name, or in the notation (:attr:`notation`)."""
        if kind is None:
            return None
        return format_tile(kind) if self.notation else self._tile(kind)

    def _event_tiles(self, kinds: Sequence[int]) -> str:
        """Tiles in an event line: 五万、六万 / "5 and 6 Characters", or 56m."""
        if not kinds:
            return ""
        if self.notation:
            return format_tiles(kinds)
        return tiles_name(kinds, self.lang)

    def _kong(self, kong: KongFacts) -> str:
        """五筒暗杠 / "concealed kong of 5 Dots"."""
        zh, en = _KONG_NAMES.get(kong.kind, ("杠", "kong"))
        return f"{self._tile(kong.tile)}{zh}" if self.zh else f"{en} of {self._tile(kong.tile)}"

    # ---- scores --------------------------------------------------------------------------

    def _amount(self, n: int, result: ScoreResult) -> str:
        """``n`` in the hand's unit: 3番 / "3 fan", 2分 / "2 points"."""
        if result.fan is not None:
            return f"{n}番" if self.zh else f"{n} fan"
        return f"{n}分" if self.zh else _plural(n, "point")

    @staticmethod
    def _scoring_extras(result: ScoreResult) -> list[tuple[str, int, int]]:
        """(id, count, what it adds) of the extras that add to the total (not the 自摸加底
        marker, which is ``self_draw_bonus``)."""
        out = []
        for (eid, count), add in zip(result.extras, result.extra_values, strict=False):
            if eid == "zi_mo" and result.self_draw_bonus:
                continue
            out.append((eid, count, add))
        return out

    def score_lines(self, result: ScoreResult) -> tuple[str, ...]:
        """The reckoning of one hand, line by line (``python -m engine score``'s
        ``explain``, the help screen's calculator)."""
        if not result.win:
            return (self.no_win(result.reason or NoWin.NOT_COMPLETE),)
        zh = self.zh
        name = self.pattern_name(result.pattern or "")
        lines: list[str] = []
        if result.eighteen_arhats:
            # RULES.md §5.3: four kongs and a pair have no id of their own; named here.
            lines.append(
                "十八罗汉：四个杠，按牌型加根计"
                if zh
                else "Eighteen Arhats: four kongs, scored as the pattern plus its roots"
            )
        if result.pattern_is_cap:
            lines.append(f"{name} 满格" if zh else f"{name}: the cap")
        else:
            lines.append(f"{name} {self._amount(result.pattern_value, result)}")
        if result.roots_included:
            n = result.roots_included
            lines.append(
                f"{name}已含 {n} 根，不另计"
                if zh
                else f"{name} includes {_plural(n, 'root')}, not counted again"
            )
        extras = self._scoring_extras(result)
        for eid, count, add in extras:
            lines.append(f"{self.extra_name(eid, count)} +{self._amount(add, result)}")
        if result.fan is not None and result.multiplier is not None:
            fan = result.fan
            if extras or not result.pattern_is_cap:
                lines.append(
                    f"共 {fan}番 → ×{2 ** (fan - 1)}"
                    if zh
                    else f"Total {fan} fan → ×{2 ** (fan - 1)}"
                )
            if result.capped:
                lines.append(
                    f"封顶 ×{result.multiplier}" if zh else f"Capped at ×{result.multiplier}"
                )
            units = result.multiplier
        else:
            units = result.value
            if extras:
                lines.append(f"共 {units}分" if zh else f"Total {_plural(units, 'point')}")
        base = result.base
        if base != 1:
            lines.append(
                f"底分 {base} × {units} = {base * units}"
                if zh
                else f"Base {base} × {units} = {base * units}"
            )
        if result.self_draw_bonus:
            # RULES.md §5.2 自摸加底: one more base from each payer, outside the cap.
            bonus = result.self_draw_bonus
            lines.append(f"自摸加底 +{bonus}" if zh else f"Self-draw bonus +{bonus}")
        points = result.points
        if result.self_drawn:
            lines.append(
                f"每家付 {points}分"
                if zh
                else f"Each player still in pays {_plural(points, 'point')}"
            )
        elif result.robbing_kong:
            lines.append(
                f"被抢杠者付 {points}分"
                if zh
                else f"The robbed player pays {_plural(points, 'point')}"
            )
        else:
            lines.append(
                f"点炮者付 {points}分" if zh else f"The discarder pays {_plural(points, 'point')}"
            )
        return tuple(lines)

    def score_summary(self, result: ScoreResult) -> str:
        """The reckoning on one line, standing alone (the settlement's row under a win):
        平胡 1番，根×1 +1番 = 2番 → ×2，自摸加底 +1 / "Full flush 3 fan, 2 roots +2 fan = 5
        fan → ×16". Each extra reads as on its own line of :meth:`score_lines` ("1 root +1
        fan"), the multiplier as its "Total 5 fan → ×16"."""
        return self._summary(result, start=True)

    def _summary(self, result: ScoreResult, start: bool) -> str:
        """:meth:`score_summary`; ``start``: whether it opens its line — inside a sentence
        (a ledger line's brackets, after a colon) its first name is in lower case too."""
        if not result.win:
            return self.no_win(result.reason or NoWin.NOT_COMPLETE)
        zh = self.zh
        name = self.pattern_name(result.pattern or "")
        if not start or result.eighteen_arhats:
            name = self._mid(name)
        extras = self._scoring_extras(result)
        if result.pattern_is_cap:
            terms = [f"{name} 满格" if zh else f"{name} (the cap)"]
        else:
            terms = [f"{name} {self._amount(result.pattern_value, result)}"]
        terms += [
            f"{self._mid(self.extra_name(e, n))} +{self._amount(add, result)}"
            for e, n, add in extras
        ]
        text = ("，" if zh else ", ").join(terms)
        if result.fan is not None:
            # the multiplier the fan make, after an arrow as the calculator's "Total 6 fan →
            # ×32" ("Plain win 1 fan ×1" read as a product of three numbers)
            if extras and not result.pattern_is_cap:
                text += f" = {self._amount(result.fan, result)}"
            text += f" → ×{result.multiplier}"
            if result.capped and (extras or not result.pattern_is_cap):
                text += "（封顶）" if zh else " (capped)"
        elif extras:
            text += f" = {self._amount(result.value, result)}"
        if result.base != 1:
            text += f" × 底分 {result.base}" if zh else f" × base {result.base}"
        if result.self_draw_bonus:
            bonus = result.self_draw_bonus
            text += f"，自摸加底 +{bonus}" if zh else f", self-draw bonus +{bonus}"
        if result.eighteen_arhats:
            text = ("十八罗汉：" if zh else "Eighteen Arhats: ") + text  # a name: its capitals
        return text

    def _mid(self, name: str) -> str:
        """A pattern's or an extra's name inside a line, as the rulebook writes it there:
        "plain win", "concealed hand" (the pattern table's "Plain win" opens a line only)."""
        if self.zh:
            return name
        return name[:1].lower() + name[1:]

    # ---- the ledger ----------------------------------------------------------------------

    def ledger_line(self, entry: LedgerEntry, *, score: bool = True) -> str:
        """One payment as a sentence: 暗杠·下雨：电脑2杠五筒，你付 2 分 / "Concealed kong of
        5 Dots by Bot 2: you pay 2".

        ``score``: whether a win's payment gives the hand's reckoning in brackets — without
        it, where the reckoning is shown beside the line (the settlement's row under the
        winner) or once already (:meth:`ledger_lines`), it reads 电脑2自摸五筒，你付 2 分 /
        "Bot 2 wins by self-draw on 5 Dots: you pay 2"."""
        facts = entry.facts
        if isinstance(facts, WinFacts):
            return self._win_payment(entry, facts, score)
        if isinstance(facts, KongFacts):
            if entry.reason is Reason.KONG_TRANSFER:
                return self._transfer(entry, facts)
            return self._kong_payment(entry, facts)
        if isinstance(facts, RefundFacts):
            return self._refund(entry, facts)
        if isinstance(facts, PigFacts):
            return self._pig(entry, facts)
        if isinstance(facts, ReadyFacts):
            return self._ready(entry, facts)
        return self._leave(entry, facts)

    def ledger_lines(self, entries: Sequence[LedgerEntry]) -> tuple[str, ...]:
        """A hand's ledger, one sentence per entry (:meth:`ledger_line`), where a win paid by
        several players (自摸: each one still in) gives its reckoning on its first payment
        only — the same bracket on every payer's line said it three times over."""
        said: set[tuple[int, int, Reason]] = set()
        lines = []
        for e in entries:
            win = (e.event_index, e.payee, e.reason)
            lines.append(self.ledger_line(e, score=win not in said))
            if isinstance(e.facts, WinFacts):
                said.add(win)
        return tuple(lines)

    def _payment(self, entry: LedgerEntry, tail: str = "") -> str:
        """ "you pay 2" / 你付 2 分 — the second half of most ledger sentences, after a colon
        (lower case there, as the game's own strings write it)."""
        p, n = entry.payer, entry.amount
        if self.zh:
            return f"{self._who(p)}{tail}付 {n} 分"
        return f"{self._who(p)} {self._pays(p)} {n}{tail}"

    def _win_payment(self, entry: LedgerEntry, facts: WinFacts, score: bool = True) -> str:
        w, p, zh = entry.payee, entry.payer, self.zh
        summary = self._summary(facts.score, start=False) if score else ""
        how = (f"（{summary}）" if zh else f" ({summary})") if summary else ""
        tile = self._tile(facts.tile)
        wins = self._verb(w, "wins", "win")
        if entry.reason is Reason.WIN_SELF_DRAWN:
            if zh:
                return f"{self._who(w)}自摸{tile}{how}，{self._payment(entry)}"
            head = f"{self._who(w, True)} {wins} by self-draw on {tile}{how}"
            return f"{head}: {self._payment(entry)}"
        if entry.reason is Reason.WIN_ROBBING_KONG:
            # RULES.md §4: the robbed player pays as if it had discarded the tile
            if zh:
                return (
                    f"{self._who(w)}抢{self._whose(p)}杠胡{tile}{how}，"
                    f"{self._payment(entry, '按点炮')}"
                )
            robs = self._verb(w, "robs", "rob")
            head = f"{self._who(w, True)} {robs} {self._whose(p)} kong of {tile}{how}"
            return f"{head}: {self._payment(entry, ' as the discarder')}"
        if entry.reason is Reason.WIN_KONG_BLOOM_DISCARDER:
            if zh:
                pays = f"放杠的{self._who(p)}一人付 {entry.amount} 分"
                return f"{self._who(w)}引杠杠上花{how}，{pays}"
            head = f"{self._who(w, True)} {wins} on the replacement tile of an exposed kong"
            pays = f"{self._who(p)} discarded the kong tile and {self._pays(p)}"
            return f"{head}{how}: {pays} {entry.amount} alone"
        if zh:
            return f"{self._who(w)}胡{self._who(p)}点炮的{tile}{how}，{self._payment(entry)}"
        head = f"{self._who(w, True)} {wins} on {self._whose(p)} discard of {tile}{how}"
        return f"{head}: {self._payment(entry)}"

    def _transfer(self, entry: LedgerEntry, kong: KongFacts) -> str:
        d, w, n = entry.payer, entry.payee, entry.amount
        if self.zh:
            return (
                f"{self._who(d)}{self._kong(kong)}后点炮（杠上炮），"
                f"杠钱 {n} 分呼叫转移给{self._whom(w)}"
            )
        passes = self._verb(d, "passes", "pass")
        return (
            f"{self._who(d, True)} dealt in right after {self._their(d)} {self._kong(kong)}: "
            f"{self._who(d)} {passes} the kong's income of {n} to {self._whom(w)}"
        )

    def _kong_payment(self, entry: LedgerEntry, kong: KongFacts) -> str:
        """暗杠·下雨：电脑2杠五筒，你付 2 分 / "Concealed kong of 5 Dots by Bot 2: you pay 2".

        The sentence opens with the payment's name (:meth:`reason_name`): where it stands
        alone (the replay's ledger) that name is what says 下雨 / 刮风, and the settlement,
        which leads a sentence with that name unless it opens with it, read 「暗杠·下雨 —
        电脑2的五筒暗杠（下雨）…」, each word twice. An exposed kong's payer is its discarder
        (RULES.md §6.2), and the sentence says so: why one player pays it."""
        k, tile = entry.payee, self._tile(kong.tile)
        name = self.reason_name(entry.reason)
        if entry.reason is Reason.KONG_DRIZZLE:  # 下毛毛雨: the others' share of a 直杠
            if self.zh:
                return f"{name}：{self._who(k)}直杠{tile}，{self._payment(entry)}"
            return f"{name} from {self._whose(k)} {self._kong(kong)}: {self._payment(entry)}"
        if entry.reason is Reason.KONG_EXPOSED:
            d = entry.payer
            if self.zh:
                return f"{name}：{self._who(k)}杠{self._who(d)}打出的{tile}，{self._payment(entry)}"
            by = f"by {self._whom(k)} on {self._whose(d)} discard"
            return f"{name} of {tile} {by}: {self._payment(entry)}"
        if self.zh:
            return f"{name}：{self._who(k)}杠{tile}，{self._payment(entry)}"
        return f"{name} of {tile} by {self._whom(k)}: {self._payment(entry)}"

    def _refund(self, entry: LedgerEntry, facts: RefundFacts) -> str:
        o, to, n = entry.payer, entry.payee, entry.amount
        kongs = facts.kongs or (facts.kong,)
        joined = ("、" if self.zh else " and ").join(self._kong(k) for k in kongs)
        if len(kongs) > 2 and not self.zh:
            joined = ", ".join(self._kong(k) for k in kongs[:-1]) + f" and {self._kong(kongs[-1])}"
        kong = joined
        if self.zh:
            if facts.shared:
                return f"退税：{self._who(o)}没下叫，{kong}的杠钱分给下叫的{self._whom(to)} {n} 分"
            return f"退税：{self._who(o)}没下叫，退还{self._whom(to)}{kong}的杠钱 {n} 分"
        head = f"{self._who(o, True)} {self._is(o)} not ready, so the income of"
        head += f" {self._their(o)} {kong}"
        if facts.shared:
            gets = self._verb(to, "gets", "get")
            return f"{head} goes to the ready: {self._who(to)} {gets} {n}"
        returns = self._verb(o, "returns", "return")
        return f"{head} goes back: {self._who(o)} {returns} {n} to {self._whom(to)}"

    def _pig(self, entry: LedgerEntry, facts: PigFacts) -> str:
        p, r, n = entry.payer, entry.payee, entry.amount
        if self.zh:
            why = (
                f"手里还有定缺的{suit_name(facts.void, 'zh')}"
                if facts.void is not None
                else "三门都有"
            )
            return f"查花猪：{self._who(p)}是花猪（{why}），向{self._whom(r)}付 {n} 分"
        if facts.void is not None:
            suit = suit_name(facts.void, "en")
            why = f"still holding {suit}, {self._their(p)} void suit"
        else:
            why = "holding all three suits"
        head = f"{self._who(p, True)} {self._is(p)} a flower pig, {why}"
        return f"{head}: {self._who(p)} {self._pays(p)} {n} to {self._whom(r)}"

    def _hand_value(self, entry: LedgerEntry, facts: ReadyFacts) -> str:
        """ "the value of Bot 2's ready hand (Full flush 3 fan ×4, waiting on 3 Dots)"."""
        r = entry.payee
        detail = ""
        if facts.score is not None and facts.score.win:
            detail = self._summary(facts.score, start=False)
            if facts.tile is not None:
                tile = self._tile(facts.tile)
                detail += f"，胡{tile}" if self.zh else f", waiting on {tile}"
        if self.zh:
            return f"按{self._whose(r)}叫牌" + (f"（{detail}）" if detail else "")
        text = f"the value of {self._whose(r)} ready hand"
        return f"{text} ({detail})" if detail else text

    def _ready(self, entry: LedgerEntry, facts: ReadyFacts) -> str:
        p, r, n = entry.payer, entry.payee, entry.amount
        value = self._hand_value(entry, facts)
        if entry.reason is Reason.LEAVE_READY:
            if self.zh:
                return f"{self._who(p)}在最后四张内离开，{value}向{self._whom(r)}付 {n} 分"
            head = f"{self._who(p, True)} walked out with 4 or fewer tiles in the wall"
        elif self.zh:
            return f"查大叫：{self._who(p)}没下叫，{value}向{self._whom(r)}付 {n} 分"
        else:
            head = f"{self._who(p, True)} {self._is(p)} not ready"
        return f"{head}: {self._who(p)} {self._pays(p)} {n} to {self._whom(r)}, {value}"

    def _leave(self, entry: LedgerEntry, facts: LeaveFacts) -> str:
        q, r, n = entry.payer, entry.payee, entry.amount
        basis = ""
        if facts.base != 1:
            basis = (
                f"（{facts.units} × 底分 {facts.base}）"
                if self.zh
                else (f" ({facts.units} × base {facts.base})")
            )
        if self.zh:
            return f"{self._who(q)}中途离开，向{self._whom(r)}付 {n} 分{basis}"
        return (
            f"{self._who(q, True)} walked out of the hand: {self._who(q)} {self._pays(q)} "
            f"{n} to {self._whom(r)}{basis}"
        )

    # ---- events --------------------------------------------------------------------------

    def win_line(self, event: Event) -> str:
        """A WIN event: 电脑2自摸 5p（杠上花）：… / "Bot 2 wins by self-draw on 5p (on a kong
        replacement): …"."""
        zh = self.zh
        w = event.seat if event.seat is not None else 0
        frm = event.from_seat
        tile = self._event_tile(event.tile) or "?"
        shown = (EventFlag.SELF_DRAWN, EventFlag.ROBBING_KONG, EventFlag.HAND_CONCEALED)
        how = [self.flag_name(f) for f in event.flags if f not in shown and f in _FLAG_NAMES]
        wins = self._verb(w, "wins", "win")
        if frm is None:
            head = (
                f"{self._who(w)}自摸{tile}"
                if zh
                else f"{self._who(w, True)} {wins} by self-draw on {tile}"
            )
        elif EventFlag.ROBBING_KONG in event.flags:
            robs = self._verb(w, "robs", "rob")
            head = (
                f"{self._who(w)}抢{self._whose(frm)}杠，胡{tile}"
                if zh
                else f"{self._who(w, True)} {robs} {self._whose(frm)} kong of {tile}"
            )
        else:
            head = (
                f"{self._who(w)}胡{self._who(frm)}点炮的{tile}"
                if zh
                else f"{self._who(w, True)} {wins} on {self._whose(frm)} discard of {tile}"
            )
        if how:
            head += f"（{'，'.join(how)}）" if zh else f" ({', '.join(how)})"
        if event.score is None:
            return head
        summary = self._summary(event.score, start=False)
        return f"{head}：{summary}" if zh else f"{head}: {summary}"

    def event_line(self, event: Event) -> str:
        """One readable line for any event (the replay CLI, the replay viewer, logs)."""
        zh = self.zh
        kind = event.kind
        s = event.seat if event.seat is not None else 0
        who = self._who(s, True)
        frm = event.from_seat
        tile = self._event_tile(event.tile)
        dealt = kind in (EventKind.DEAL, EventKind.EXCHANGE)  # (VOIDS_REVEALED's are suits)
        tiles = self._event_tiles(event.tiles) if dealt else ""
        if kind is EventKind.DICE:
            a, b = event.dice or (0, 0)
            deals = self._verb(s, "deals", "deal")
            return f"掷骰 {a}+{b}，{who}坐庄" if zh else f"Dice {a}+{b}, {who} {deals}"
        if kind is EventKind.DEAL:
            if zh:
                return f"{who}起手{tiles}"
            return f"{who} {self._is(s)} dealt " + (tiles or "a hand")
        if kind is EventKind.EXCHANGE_CHOSEN:
            return f"{who}选好换三张" if zh else f"{who} chose three tiles to exchange"
        if kind is EventKind.EXCHANGE:
            zh_dir, en_dir = _EXCHANGE_DIR.get(event.detail or "", ("", ""))
            giver = self._whom(frm) if frm is not None else "?"
            if zh:
                return f"{who}从{giver}换得{tiles}" + (f"（{zh_dir}）" if zh_dir else "")
            gets = self._verb(s, "gets", "get")
            got = tiles or "three tiles"
            return f"{who} {gets} {got} from {giver}" + (f" ({en_dir})" if en_dir else "")
        if kind is EventKind.VOID_CHOSEN:
            return f"{who}定缺" if zh else f"{who} chose a void suit"
        if kind is EventKind.VOIDS_REVEALED:
            if zh:
                parts = [
                    f"{self._who(seat)}{'不定缺' if v < 0 else '缺' + suit_name(v, 'zh')}"
                    for seat, v in enumerate(event.tiles)
                ]
                return "定缺：" + "，".join(parts)
            parts = [
                f"{'none' if v < 0 else suit_name(v, 'en')} for {self._whom(seat)}"
                for seat, v in enumerate(event.tiles)
            ]
            return "Void suits: " + ", ".join(parts)
        if kind is EventKind.TURN:
            return f"— {who} —"
        if kind is EventKind.DRAW:
            extra = ("（杠后补牌）" if zh else " (replacement)") if event.detail else ""
            if zh:
                return f"{who}摸{tile}{extra}" if tile else f"{who}摸牌{extra}"
            draws = self._verb(s, "draws", "draw")
            return f"{who} {draws} {tile or 'a tile'}{extra}"
        if kind is EventKind.DISCARD:
            return (
                f"{who}打{tile}" if zh else f"{who} {self._verb(s, 'discards', 'discard')} {tile}"
            )
        if kind is EventKind.PONG:
            giver = self._whom(frm) if frm is not None else "?"
            if zh:
                return f"{who}碰{tile}（{giver}）"
            return f"{who} {self._verb(s, 'pongs', 'pong')} {tile} from {giver}"
        if kind is EventKind.KONG_DECLARED:
            if zh:
                return f"{who}补杠{tile}（可抢杠）"
            adds = self._verb(s, "adds", "add")
            return f"{who} {adds} {tile} to a pong (it may be robbed)"
        if kind is EventKind.KONG:
            meld = event.meld.kind if event.meld is not None else MeldKind.EXPOSED_KONG
            zh_name, en_name = _KONG_NAMES.get(meld, ("杠", "kong"))
            if zh:
                src = f"（{self._who(frm)}打出）" if frm is not None else ""
                return f"{who}{zh_name}{tile}{src}"
            article = "an" if en_name[0] in "aeiou" else "a"
            src = f" from {self._whose(frm)} discard" if frm is not None else ""
            makes = self._verb(s, "makes", "make")
            return f"{who} {makes} {article} {en_name} of {tile}{src}"
        if kind is EventKind.WIN:
            return self.win_line(event)
        if kind is EventKind.PAYMENT and event.entry is not None:
            e = event.entry
            pair = f"{self._who(e.payer, True)} → {self._who(e.payee, True)}"  # the amount:
            # in the sentence, once; a win's reckoning is on its WIN line just above. The pair
            # in brackets: after a colon, a sentence that opens with its payment's name read
            # 1号位 → 3号位：补杠·刮风：…
            tag = f"【{pair}】" if zh else f"[{pair}] "
            return f"  {tag}{self.ledger_line(e, score=False)}"
        if kind is EventKind.LEAVE:
            leaves = self._verb(s, "leaves", "leave")
            if event.detail == LEAVE_AFTER_WIN:  # RULES.md §6.4: no penalty, the hand plays on
                return (
                    f"{who}胡牌后离开（不罚分）"
                    if zh
                    else f"{who} {leaves} after winning (no penalty)"
                )
            return f"{who}逃跑" if zh else f"{who} {leaves} the hand"
        if kind is EventKind.WALL_EMPTY:
            return (
                "牌墙摸完：查花猪、查大叫、退税"
                if zh
                else "The wall is empty: the end-of-wall checks"
            )
        if kind is EventKind.ITEM_USED:
            meta = ITEMS.get(event.detail or "")
            name = (meta.name_zh if zh else meta.name_en) if meta else "?"
            line = f"{who}使用了{name}" if zh else f"{who} used {name}"
            if event.item_result is not None:  # only the user's own copy holds the result
                sep = "：" if zh else ": "
                line += sep + event.item_result.describe(self.lang).split(sep, 1)[-1]
            return line
        if kind is EventKind.HAND_END:
            try:
                why = self.end_reason(EndReason(event.detail or ""))
            except ValueError:
                why = ""
            if zh:
                return "本局结束" + (f"：{why}" if why else "")
            return "Hand over" + (f": {why}" if why else "")
        raise ValueError(f"no words for {event!r}")
