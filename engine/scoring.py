"""计分 Scoring one winning hand (RULES.md §4, §5): is it a win, which pattern, what it pays.

:func:`score_hand` checks the win (shape via :mod:`engine.hand`, 缺一门, the void suit),
reads the hand every way it decomposes, takes the single highest base pattern the rules
have (§5.2), adds roots and situational extras, and applies the model of the rules:

* ``model="fan"``: fan = pattern fan + extras; multiplier = 2^(fan−1), capped at
  2^(cap_fan−1); each payer pays ``base × multiplier`` (+ ``base`` for 自摸加底).
* ``model="points"``: points = pattern points + extras; each payer pays ``base × points``.

:func:`best_win_value` gives the round engine the value of a ready hand for 查大叫 (§6.3).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from engine.hand import decompositions, waits
from engine.patterns import EXTRAS, PATTERNS, Extra, Pattern, PatternContext
from engine.rules import RuleSet
from engine.tiles import (
    COPIES,
    NUM_KINDS,
    Meld,
    MeldKind,
    format_counts,
    format_melds,
    format_tile,
    meld_counts,
)

_NUMBER_WORDS = ("no", "one", "two", "three", "four")


class HandFault(enum.StrEnum):
    """What makes a scoring question malformed: :class:`HandError`'s ``fault``, with the
    facts named here. Its words for a player are engine/text.py's (``Narrator.hand_error``)."""

    COUNTS = "counts"  # the concealed counts are not 27 numbers 0-4
    VOID = "void"  # the void suit is not a suit 0-2 or None
    MELDS = "melds"  # more than four melds: ``n`` of them
    COPIES = "copies"  # ``n`` > 4 copies of ``tile`` across hand and melds
    TILE_COUNT = "tile_count"  # ``n`` concealed tiles and ``melds`` are not 14 tiles
    WIN_TILE = "win_tile"  # the winning ``tile`` (None: not a tile) is not in the hand
    SELF_DRAWN_DISCARD_WIN = "self_drawn_discard_win"  # 自摸 with 杠上炮 or 抢杠
    AFTER_KONG_ROBBING = "after_kong_robbing"  # both 杠上炮 and 抢杠
    PAID_AS_DISCARD = "paid_as_discard"  # paid as a discard win, but not a 杠上花
    ROBBED_COPY = "robbed_copy"  # robbing a kong of ``tile`` while holding another copy
    BLOOM_WITHOUT_KONG = "bloom_without_kong"  # 杠上花 with no kong among the melds
    LAST_COPY_HELD = "last_copy_held"  # 绝张 of ``tile`` while holding another copy of it


class HandError(ValueError):
    """A malformed scoring question: wrong tile count, win tile not in hand, a fifth copy.

    ``fault`` says which (:class:`HandFault`), with its facts ``tile``, ``n`` and ``melds``;
    ``str()`` is the English sentence of the engine's command line, in tile notation. A
    screen words the fault in the player's language with ``Narrator.hand_error``."""

    def __init__(
        self,
        message: str,
        fault: HandFault,
        *,
        tile: int | None = None,
        n: int | None = None,
        melds: tuple[Meld, ...] = (),
    ) -> None:
        super().__init__(message)
        self.fault = fault
        self.tile = tile
        self.n = n
        self.melds = melds


class NoWin(enum.StrEnum):
    """Why a complete-looking hand is not a win (RULES.md §4)."""

    THREE_SUITS = "three_suits"  # 缺一门: a hand must lack one suit
    VOID_TILE = "void_tile"  # a tile of the declared void suit (定缺)
    NOT_COMPLETE = "not_complete"  # not four sets and a pair, nor seven pairs


@dataclass(frozen=True)
class WinContext:
    """A hand at the moment of winning, and how the win came about.

    ``concealed`` includes the winning tile. ``kong_replacement`` (杠上花) implies
    ``self_drawn`` — unless ``paid_as_discard``: 引杠杠上花 with ``kong_bloom_on_exposed =
    "discarder_pays"``, valued as a discard win, so neither 自摸加底 nor 自摸加番 applies
    (杠上花 itself still counts; RULES.md §6.1). ``after_kong`` (杠上炮) and
    ``robbing_kong`` (抢杠) are discard wins.
    ``last_tile`` (海底) and ``last_copy`` (绝张) only score where the rules turn them on.
    ``first_turn`` means: before the winner's own first discard, with no pong or kong by
    anyone yet — with ``dealer`` and ``self_drawn`` that is 天胡, without ``dealer`` 地胡
    (RULES.md §5.1). ``void`` is the declared void suit, if any.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    self_drawn: bool = False
    kong_replacement: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    last_copy: bool = False
    first_turn: bool = False
    dealer: bool = False
    void: int | None = None
    paid_as_discard: bool = False


@dataclass(frozen=True)
class ScoreResult:
    """The verdict on one hand. For a non-win only ``win`` and ``reason`` are meaningful;
    ``points`` and ``value`` are then 0.

    Besides the totals it keeps the reckoning, so that engine/text.py can explain it line by
    line: ``pattern_value`` (the pattern's own fan or points, "cap" resolved) and
    ``pattern_is_cap`` (the pattern scores exactly the cap, 满格 — RULES.md §5.3),
    ``roots_included`` (roots the pattern consumes: 龙七对), ``extra_values`` (what each entry
    of ``extras`` adds, count × value — 0 for the ``zi_mo`` entry that marks 自摸加底),
    ``capped`` (the multiplier is the cap), ``base``, ``self_draw_bonus`` (the 自摸加底
    points in ``points``, outside the cap), how the hand was paid (``self_drawn`` by every
    other player, ``robbing_kong`` by the robbed one, else by the discarder) and
    ``eighteen_arhats`` (十八罗汉: four kongs and a pair, RULES.md §5.3).
    """

    win: bool
    reason: NoWin | None
    pattern: str | None
    extras: tuple[tuple[str, int], ...]  # (extra id, count); zi_mo listed for any bonus
    fan: int | None  # fan model: fan before the cap; None in the points model
    multiplier: int | None  # fan model: after the cap; None in the points model
    points: int  # what each paying player pays, base applied, 自摸加底 included
    value: int  # uncapped fan (fan model) or points (points model): 过手胡 comparisons
    pattern_value: int = 0
    pattern_is_cap: bool = False
    roots_included: int = 0
    extra_values: tuple[int, ...] = ()
    capped: bool = False
    base: int = 1
    self_draw_bonus: int = 0
    self_drawn: bool = False
    robbing_kong: bool = False
    eighteen_arhats: bool = False

    @property
    def extras_dict(self) -> dict[str, int]:
        return dict(self.extras)

    @property
    def roots(self) -> int:
        """根: every root of the hand, those the pattern consumes included."""
        return self.extras_dict.get("gen", 0) + self.roots_included


def _no_win(reason: NoWin) -> ScoreResult:
    return ScoreResult(False, reason, None, (), None, None, 0, 0)


def _describe_melds(melds: Sequence[Meld]) -> str:
    pongs = sum(1 for m in melds if not m.is_kong)
    kongs = len(melds) - pongs
    parts = [
        f"{_NUMBER_WORDS[n]} {word}{'s' if n > 1 else ''}"
        for n, word in ((pongs, "pong"), (kongs, "kong"))
        if n
    ]
    return " and ".join(parts)


def validate(ctx: WinContext) -> None:
    """Raise :class:`HandError` unless ``ctx`` describes a possible 14-tile hand."""

    def shown() -> str:
        melds = f", melds {format_melds(ctx.melds)!r}" if ctx.melds else ""
        return f"hand {format_counts(ctx.concealed)!r}{melds}"

    concealed = ctx.concealed
    if len(concealed) != NUM_KINDS or min(concealed) < 0 or max(concealed) > COPIES:
        raise HandError(
            f"concealed counts must be 27 numbers 0-4, got {ctx.concealed!r}", HandFault.COUNTS
        )
    if ctx.void is not None and ctx.void not in (0, 1, 2):
        raise HandError(
            f"void must be a suit 0-2 (m, p, s) or None, got {ctx.void!r}", HandFault.VOID
        )
    if len(ctx.melds) > 4:
        raise HandError(
            f"at most four melds, got {len(ctx.melds)} ({shown()})",
            HandFault.MELDS,
            n=len(ctx.melds),
        )
    if ctx.melds:
        total = [c + m for c, m in zip(concealed, meld_counts(ctx.melds), strict=True)]
    else:
        total = list(concealed)
    if max(total) > COPIES:
        for kind, n in enumerate(total):
            if n > COPIES:
                raise HandError(
                    f"{n} copies of {format_tile(kind)} across hand and melds: there are only "
                    f"4 ({shown()})",
                    HandFault.COPIES,
                    tile=kind,
                    n=n,
                )
    n_concealed = sum(concealed)
    expected = 14 - 3 * len(ctx.melds)
    if n_concealed != expected:
        if ctx.melds:
            counted = n_concealed + 3 * len(ctx.melds)
            what = f"{n_concealed} concealed tiles + {_describe_melds(ctx.melds)} is {counted}"
        else:
            what = f"{n_concealed} tiles"
        raise HandError(
            f"{what}, not 14: a winning hand has 14 tiles, each meld counting 3 ({shown()})",
            HandFault.TILE_COUNT,
            n=n_concealed,
            melds=tuple(ctx.melds),
        )
    if not 0 <= ctx.win_tile < NUM_KINDS or ctx.concealed[ctx.win_tile] == 0:
        known = 0 <= ctx.win_tile < NUM_KINDS
        tile = format_tile(ctx.win_tile) if known else ctx.win_tile
        raise HandError(
            f"winning tile {tile} is not in the concealed hand ({shown()})",
            HandFault.WIN_TILE,
            tile=ctx.win_tile if known else None,
        )
    if ctx.self_drawn and (ctx.after_kong or ctx.robbing_kong):
        raise HandError(
            "a self-drawn win cannot also be 杠上炮 or 抢杠 (those are discard wins)",
            HandFault.SELF_DRAWN_DISCARD_WIN,
        )
    if ctx.after_kong and ctx.robbing_kong:
        raise HandError("a win cannot be both 杠上炮 and 抢杠", HandFault.AFTER_KONG_ROBBING)
    if ctx.paid_as_discard and not ctx.kong_replacement:
        raise HandError(
            "paid_as_discard is only for a 杠上花 (kong_replacement) win", HandFault.PAID_AS_DISCARD
        )
    if ctx.kong_replacement and not any(m.kind.is_kong for m in ctx.melds):
        # The replacement tile is drawn after the winner's own kong (RULES.md §5.1 杠上花),
        # which stays among its melds: the calculator could score a 杠上花 with none.
        raise HandError(
            f"a win on a kong's replacement tile needs a kong among the melds ({shown()})",
            HandFault.BLOOM_WITHOUT_KONG,
        )
    if ctx.robbing_kong and total[ctx.win_tile] > 1:
        # The other three copies sit in the robbed player's pong (RULES.md §3.4).
        raise HandError(
            f"robbing a kong of {format_tile(ctx.win_tile)}: the winner can hold no other copy "
            f"of it ({shown()})",
            HandFault.ROBBED_COPY,
            tile=ctx.win_tile,
        )
    if ctx.last_copy and ctx.concealed[ctx.win_tile] > 1:
        # 绝张: the other three copies are shown on the table — the winner's own melds count,
        # copies in its concealed hand do not (RULES.md §5.1; 004: 自己手牌里不能有要胡的牌).
        raise HandError(
            f"the last copy of {format_tile(ctx.win_tile)}: the winner can hold no other copy "
            f"of it in the hand ({shown()})",
            HandFault.LAST_COPY_HELD,
            tile=ctx.win_tile,
        )


def _win_reason(ctx: WinContext, all_counts: Sequence[int]) -> NoWin | None:
    """Why this is not a win (RULES.md §4), or None; the shape is checked by the caller."""
    suits = [s for s in range(3) if any(all_counts[9 * s : 9 * s + 9])]
    if len(suits) > 2:
        return NoWin.THREE_SUITS
    if ctx.void is not None and ctx.void in suits:
        return NoWin.VOID_TILE
    return None


@dataclass(frozen=True)
class _Candidate:
    pattern: Pattern
    pattern_value: int  # fan or points of the pattern ("cap" resolved)
    is_cap: bool  # the pattern scores exactly the cap multiplier (RULES.md §5.3 满格)
    extras: tuple[tuple[str, int, int], ...]  # (id, count, value each) that add to the total
    roots_consumed: int
    total: int  # uncapped fan, or points


def _pattern_value(rules: RuleSet, pattern_id: str) -> tuple[int, bool] | None:
    fan = rules.fan_of(pattern_id)
    if fan is None:
        return None
    if fan == "cap":
        # RULES.md §5.3: "cap" = exactly the cap multiplier; where no cap applies it is worth
        # one more than the highest number in the table (decided here).
        if rules.model == "fan" and rules.cap_fan is not None:
            return rules.cap_fan, True
        return rules.uncapped_cap_value, False
    return fan, False


@lru_cache(maxsize=64)
def _rule_tables(
    rules: RuleSet,
) -> tuple[tuple[tuple[int, Pattern, int, bool], ...], tuple[tuple[Extra, int], ...]]:
    """What ``rules`` make of :data:`PATTERNS` and :data:`EXTRAS`: (order, pattern, value,
    is_cap) of each pattern that exists, and (extra, value each) of each extra that is on.
    Cached: every scored hand asks the same. With ``qing_yi_se_bonus`` off the 清一色
    patterns do not exist, so a one-suit hand scores as the same hand without 清一色."""
    flush = rules.qing_yi_se_bonus
    available = tuple(
        (order, pattern, *resolved)
        for order, pattern in enumerate(PATTERNS)
        if (flush or not pattern.flush)
        and (resolved := _pattern_value(rules, pattern.id)) is not None
    )
    extras = tuple(
        (extra, value) for extra in EXTRAS if (value := rules.extra_of(extra.id)) is not None
    )
    return available, extras


def _extra_counts(
    ctx: PatternContext, rules: RuleSet, on: Sequence[tuple[Extra, int]] | None = None
) -> list[tuple[str, int, int]]:
    """(id, count, value each) of every extra that applies and is on in ``rules`` (``on``:
    those extras and values, if the caller has them already)."""
    out: list[tuple[str, int, int]] = []
    for extra, value in _rule_tables(rules)[1] if on is None else on:
        count = extra.count(ctx)
        if count:
            out.append((extra.id, count, value))
    return out


def _best_candidate(contexts: Sequence[PatternContext], rules: RuleSet) -> _Candidate:
    available, on = _rule_tables(rules)
    extras = _extra_counts(contexts[0], rules, on)  # the same for every decomposition
    # The extras kept and their sum, by how many roots a pattern consumes.
    kept_by: dict[int, tuple[tuple[tuple[str, int, int], ...], int]] = {}
    for consumed in {pattern.roots_consumed for _, pattern, _, _ in available}:
        kept = []
        for eid, count, each in extras:
            if eid == "gen":
                # RULES.md §5.1: 龙七对 includes one root ("同时减1根").
                count -= min(consumed, count)
            if count:
                kept.append((eid, count, each))
        kept_by[consumed] = (tuple(kept), sum(count * each for _, count, each in kept))
    best: tuple[int, int, int, Pattern, bool] | None = None
    for pctx in contexts:
        for order, pattern, value, is_cap in available:
            if not pattern.matches(pctx):
                continue
            total = value + kept_by[pattern.roots_consumed][1]
            # The hand is worth most under its highest total; on a tie the higher base
            # pattern, then the more specific one (later in PATTERNS). RULES.md §5.2.
            if best is None or (total, value, order) > best[:3]:
                best = (total, value, order, pattern, is_cap)
    assert best is not None  # ping_hu matches every win and cannot be switched off
    total, value, _, pattern, is_cap = best
    consumed = pattern.roots_consumed
    kept_extras = kept_by[consumed][0]
    return _Candidate(pattern, value, is_cap, kept_extras, consumed, total)


def _contexts(ctx: WinContext, all_counts: Sequence[int]) -> list[PatternContext]:
    counts = tuple(all_counts)
    return [
        PatternContext(
            pair=d.pair,
            sets=d.sets,
            seven_pairs=d.seven_pairs,
            counts=counts,
            melds=ctx.melds,
            self_drawn=ctx.self_drawn,
            kong_replacement=ctx.kong_replacement,
            after_kong=ctx.after_kong,
            robbing_kong=ctx.robbing_kong,
            last_tile=ctx.last_tile,
            last_copy=ctx.last_copy,
            first_turn=ctx.first_turn,
            dealer=ctx.dealer,
        )
        for d in decompositions(ctx.concealed, len(ctx.melds))
    ]


def bloom_paid_as_discard(melds: Sequence[Meld], kong_replacement: bool, rules: RuleSet) -> bool:
    """Whether a 杠上花 is 引杠杠上花 paid as a discard win (RULES.md §6.1,
    ``kong_bloom_on_exposed = "discarder_pays"``, chengdu): the replacement follows the kong
    declared last — the last kong of ``melds``, in the order they were made — and that kong
    was exposed (its tile discarded by the player who then pays alone). For a question that
    names the melds but not how the win came (the calculator, ``engine score``)."""
    if not kong_replacement or rules.kong_bloom_on_exposed != "discarder_pays":
        return False
    kongs = [m for m in melds if m.kind.is_kong]
    return bool(kongs) and kongs[-1].kind is MeldKind.EXPOSED_KONG


def score_hand(ctx: WinContext, rules: RuleSet) -> ScoreResult:
    """Score ``ctx`` under ``rules`` (RULES.md §4–§5). Raises :class:`HandError` for a
    malformed context; a legitimate non-win is a result with ``win=False``."""
    if ctx.paid_as_discard:
        # RULES.md §6.1 引杠杠上花, discarder_pays: scored as a discard win.
        ctx = replace(ctx, self_drawn=False)
    elif ctx.kong_replacement and not ctx.self_drawn:
        ctx = replace(ctx, self_drawn=True)  # 杠上花 is a self-drawn win
    validate(ctx)
    all_counts = [c + m for c, m in zip(ctx.concealed, meld_counts(ctx.melds), strict=True)]
    reason = _win_reason(ctx, all_counts)
    if reason is not None:
        return _no_win(reason)
    contexts = _contexts(ctx, all_counts)
    if not contexts:
        return _no_win(NoWin.NOT_COMPLETE)
    return _settle(_best_candidate(contexts, rules), ctx, rules)


def _settle(cand: _Candidate, ctx: WinContext, rules: RuleSet) -> ScoreResult:
    extras = [(eid, count) for eid, count, _ in cand.extras]
    values = [count * each for _, count, each in cand.extras]
    bonus = 0
    if ctx.self_drawn and rules.self_draw_bonus == "add_base":
        # RULES.md §5.2 自摸加底: one more base from each payer, outside the cap.
        bonus = rules.base
        extras.append(("zi_mo", 1))
        values.append(0)
    fan: int | None
    multiplier: int | None
    capped = False
    if rules.model == "fan":
        fan = cand.total
        multiplier = 2 ** (fan - 1)  # every pattern is worth at least 1 fan
        cap = rules.cap_multiplier
        if cap is not None and (multiplier >= cap or cand.is_cap):
            multiplier = cap
            capped = True
        units = multiplier
    else:
        fan = multiplier = None
        units = cand.total
    melds = ctx.melds
    return ScoreResult(
        win=True,
        reason=None,
        pattern=cand.pattern.id,
        extras=tuple(extras),
        fan=fan,
        multiplier=multiplier,
        points=rules.base * units + bonus,
        value=cand.total,
        pattern_value=cand.pattern_value,
        pattern_is_cap=cand.is_cap,
        roots_included=cand.roots_consumed,
        extra_values=tuple(values),
        capped=capped,
        base=rules.base,
        self_draw_bonus=bonus,
        self_drawn=ctx.self_drawn,
        robbing_kong=ctx.robbing_kong,
        eighteen_arhats=len(melds) == 4 and all(m.is_kong for m in melds),
    )


# --- ready hands (查大叫, RULES.md §6.3) -----------------------------------------------


def win_values(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    rules: RuleSet,
    void: int | None = None,
) -> list[tuple[int, ScoreResult]]:
    """Every tile that completes a ready hand (3n+1 concealed tiles) with its score as a
    discard win (RULES.md §6.3 查大叫): the extras that describe the hand count — roots, and
    门清/中张 where the rules have them on — but none of the winning moment (自摸, 杠上花,
    杠上炮, 抢杠, 海底, 绝张). Tiles the player already holds all four of are left out;
    visibility is the caller's business."""
    counts = list(concealed)
    own = [c + m for c, m in zip(counts, meld_counts(melds), strict=True)]
    out: list[tuple[int, ScoreResult]] = []
    for kind in waits(counts, len(melds), void):
        if own[kind] >= COPIES:
            continue
        counts[kind] += 1
        result = score_hand(WinContext(tuple(counts), tuple(melds), kind, void=void), rules)
        counts[kind] -= 1
        if result.win:
            out.append((kind, result))
    return out


def best_win_value(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    rules: RuleSet,
    void: int | None = None,
    pick: Literal["max", "min"] | None = None,
) -> ScoreResult | None:
    """查大叫: the score a not-ready player pays this ready hand — the most (赔大) or least
    (赔小) valuable winning tile per ``pick`` (default ``rules.pay_ready``); None if the hand
    is not ready. Compared by ``points``, then ``value``."""
    results = [r for _, r in win_values(concealed, melds, rules, void)]
    if not results:
        return None
    choose = max if (pick or rules.pay_ready) == "max" else min
    return choose(results, key=lambda r: (r.points, r.value))
