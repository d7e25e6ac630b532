"""Shared evaluation for the built-in bots (easy, normal, hard).

Everything here reads only what a :class:`~engine.views.PlayerView` shows. The pieces:

* the working void (定缺 suit, or the suit a hand without a declared void is dropping);
* live counts (``4 − visible``) and 有效牌 acceptance: the live tiles that lower shanten;
* plans — plain, 清一色, 对对胡, 七对 — each with its own shanten, acceptance and value, so a
  bot can steer towards a pattern when it is close;
* a win-chance model from (shanten, acceptance, draws left), used to put speed and value on
  one scale: expected points of a 13-tile hand;
* 定缺 and 换三张 choices by evaluating the hand;
* opponents' readiness and tile danger from discards, melds and voids (used by the hard bot,
  and in a basic form by the normal one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress

from engine.hand import shanten, shanten_and_improvers, waits
from engine.round import Action, ActionKind
from engine.rules import RuleSet
from engine.scoring import HandError, WinContext, score_hand, win_values
from engine.tiles import Meld, MeldKind
from engine.views import PlayerView

NUM_KINDS = 27

# Weight of a win one own draw later than now (hand_value's default): meanwhile others
# win, leave the hand and make it pay.
DISCOUNT = 0.87

# Typical live acceptance of a hand one step further on, by shanten (used for the stages
# after the first, whose acceptance is not computed).
_TYPICAL_ACCEPT = (5.5, 22.0, 36.0, 48.0, 56.0, 62.0, 66.0, 70.0, 72.0)


def suit_range(suit: int) -> range:
    return range(9 * suit, 9 * suit + 9)


_LIVE = bytes(max(0, 4 - v) for v in range(256))  # bytes.translate: visible -> unseen


def live_counts(view: PlayerView) -> list[int]:
    """Unseen copies of each kind from ``view.seat``'s point of view (wall + hidden hands);
    none of a suit the wall does not hold (the two- and one-suit rooms)."""
    visible = view.visible
    try:
        live = list(bytes(visible).translate(_LIVE))
    except (TypeError, ValueError):  # not small non-negative ints
        live = [max(0, 4 - v) for v in visible]
    suits = view.rules.suits
    if suits != "mps":
        for s in range(3):
            if "mps"[s] not in suits:
                live[9 * s : 9 * s + 9] = [0] * 9
    return live


def meld_suits(melds: Sequence[Meld]) -> set[int]:
    return {m.tile // 9 for m in melds}


def own_totals(counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Concealed counts plus meld tiles (roots are counted over both)."""
    out = list(counts)
    for m in melds:
        out[m.tile] += 4 if m.kind.is_kong else 3
    return out


def working_void(view: PlayerView) -> int | None:
    """The suit this hand must end up without: the declared void, or — without 定缺 (缺一门
    still applies, RULES.md §4) — the suit with fewest tiles that no meld uses."""
    if view.own_void is not None:
        return view.own_void
    if view.rules.declare_void:
        return None
    return infer_void(view.concealed, view.me.melds)


def infer_void(counts: Sequence[int], melds: Sequence[Meld]) -> int | None:
    used = meld_suits(melds)
    free = [s for s in range(3) if s not in used]
    if not free:
        return None
    return min(free, key=lambda s: (sum(counts[k] for k in suit_range(s)), s))


# --- acceptance --------------------------------------------------------------------------


_IMPROVERS: dict[bytes, bytes] = {}
_IMPROVERS_SIZE = 1 << 16  # entries; emptied when full


def improvers(key: bytes, melds: int, void: int | None) -> tuple[int, bytes]:
    """(shanten, kinds that lower it — as bytes) of a 3n+1 hand given as 27 count bytes
    (:func:`engine.hand.improving_kinds`). Cached, bounded: the same 13 tiles come back
    again and again, within a hand and across bots. Keys and values are bytes, so the
    cache never holds an object the garbage collector must walk."""
    k = key + bytes((melds, 3 if void is None else void))
    got = _IMPROVERS.get(k)
    if got is None:
        if len(_IMPROVERS) >= _IMPROVERS_SIZE:
            _IMPROVERS.clear()
        sh, imp = shanten_and_improvers(key, melds, void)
        got = _IMPROVERS[k] = bytes((sh, *imp))
    return got[0], got[1:]


def acceptance(
    counts: Sequence[int], melds: int, void: int | None, live: Sequence[int]
) -> tuple[int, int]:
    """(shanten, 有效牌 live count) of a 3n+1 hand: the unseen copies of every kind that
    lowers its shanten."""
    sh, kinds = improvers(bytes(counts), melds, void)
    return sh, sum(live[k] for k in kinds)


# --- values ------------------------------------------------------------------------------


def pattern_fan(rules: RuleSet, *ids: str) -> int:
    """The fan (points) of the first pattern in ``ids`` that exists in ``rules``."""
    for pid in ids:
        v = rules.fan_of(pid)
        if v == "cap":
            return rules.cap_fan or rules.uncapped_cap_value
        if isinstance(v, int):
            return v
    return 1


def fan_to_points(rules: RuleSet, fan: float) -> float:
    """What one payer pays for a hand of ``fan`` (points model: the points themselves)."""
    if rules.model == "points":
        return max(1.0, fan) * rules.base
    if rules.cap_fan is not None:
        fan = min(fan, rules.cap_fan)
    return float(2.0 ** (max(1.0, fan) - 1.0)) * rules.base


def roots_of(totals: Sequence[int]) -> int:
    return totals.count(4)


@dataclass(frozen=True, slots=True)
class Plan:
    """One way to finish a hand: its shanten, live acceptance, value per payer, and the
    typical live count of its final wait (a 七对 waits on a single tile)."""

    name: str
    shanten: int
    accept: int
    points: float
    last_accept: float = _TYPICAL_ACCEPT[0]
    speed: float = 1.0  # later stages' acceptance relative to a plain hand


@lru_cache(maxsize=1 << 16)
def win_chance(
    sh: int,
    accept: float,
    unseen: int,
    turns: float,
    ron: float,
    last_accept: float = _TYPICAL_ACCEPT[0],
    speed: float = 1.0,
    discount: float = DISCOUNT,
) -> float:
    """Discounted chance to finish a hand ``sh`` steps from ready within ``turns`` draws.

    Each stage is a geometric wait: the first with the hand's own acceptance, later ones with
    a typical acceptance for their shanten (``last_accept`` for ready → win, which others'
    discards help: ``ron`` extra chances per own draw). A win ``t`` turns away counts
    ``discount**t``: while a hand is unfinished others win, leave and make it pay."""
    if sh < 0:
        return 1.0
    if turns <= 0 or unseen <= 0:
        return 0.0
    stages = sh + 1
    probs: list[float] = []
    for i in range(stages):
        level = sh - i  # shanten before this stage
        if i == 0:
            acc = accept
        elif level == 0:
            acc = last_accept
        else:
            acc = speed * _TYPICAL_ACCEPT[min(level, len(_TYPICAL_ACCEPT) - 1)]
        p = min(0.95, acc / unseen)
        if level == 0:
            p = 1.0 - (1.0 - p) ** (1.0 + ron)
        probs.append(p)
    n = int(turns)
    frac = turns - n
    steps = n + (1 if frac > 0 else 0)
    done = 0.0
    weight = 1.0
    # One, two or three stages (the usual hands) with the chain in locals; the arithmetic
    # is the general loop's below, step for step, so the results are the same floats.
    if stages == 1:
        (p0,) = probs
        d0 = 1.0
        for t in range(steps):
            w = frac if t == n else 1.0
            m0 = d0 * p0 * w
            d0 -= m0
            done += m0 * weight
            weight *= discount
        return done
    if stages == 2:
        p0, p1 = probs
        d0, d1 = 1.0, 0.0
        for t in range(steps):
            w = frac if t == n else 1.0
            m1 = d1 * p1 * w
            d1 -= m1
            m0 = d0 * p0 * w
            d0 -= m0
            d1 += m0
            done += m1 * weight
            weight *= discount
        return done
    if stages == 3:
        p0, p1, p2 = probs
        d0, d1, d2 = 1.0, 0.0, 0.0
        for t in range(steps):
            w = frac if t == n else 1.0
            m2 = d2 * p2 * w
            d2 -= m2
            m1 = d1 * p1 * w
            d1 -= m1
            d2 += m1
            m0 = d0 * p0 * w
            d0 -= m0
            d1 += m0
            done += m2 * weight
            weight *= discount
        return done
    dist = [1.0] + [0.0] * stages
    for t in range(steps):
        w = frac if t == n else 1.0
        for j in range(stages - 1, -1, -1):
            moved = dist[j] * probs[j] * w
            dist[j] -= moved
            dist[j + 1] += moved
        done += dist[stages] * weight
        dist[stages] = 0.0
        weight *= discount
    return done


@dataclass(frozen=True, slots=True)
class Table:
    """Per-decision facts shared by all evaluations of one view."""

    rules: RuleSet
    live: tuple[int, ...]
    unseen: int
    turns: float
    ron: float
    pay_mult: float
    void: int | None


def table_of(view: PlayerView) -> Table:
    live = live_counts(view)
    active = [s for s in view.seats if not s.out]
    others = max(1, len(active) - 1)
    unseen = sum(live)
    turns = round(2 * view.wall_remaining / max(1, len(active))) / 2  # halves: cacheable
    # Others' discards: each is a chance of a discard win, somewhat less than a draw since
    # players hold back dangerous tiles.
    ron = 0.6 * others
    # A self-draw is paid by every other player in play, a discard win by one. 自摸加底 adds
    # a base to each payment: counted as if the hand were worth one base (most wins are).
    # Exactly (+ base per payer whatever the hand) or at 0.3 it measured worse for the hard
    # bot (duplicate tournaments, docs/bots.md); the normal bot does not use pay_mult.
    p_self = 1.0 / (1.0 + ron)
    bonus = view.rules.base if view.rules.self_draw_bonus == "add_base" else 0.0
    pay_mult = p_self * others + (1.0 - p_self) + p_self * others * bonus
    return Table(view.rules, tuple(live), unseen, turns, ron, pay_mult, None)


PlanShape = tuple[str, int, Sequence[int], float, float, float, tuple[int, ...]]
"""The live-independent part of a :class:`Plan`, as a plain tuple (cached by the thousand:
a tuple of atomic values drops out of the garbage collector's sight, an object does not):
``(name, shanten, improvers, points, last_accept, speed, wait_points)`` — which kinds
advance it (``improvers``; for a ready hand, its waits) and what a win is worth (``points``,
or ``wait_points`` per wait of a ready hand)."""

_PLAN_CACHE: dict[tuple[RuleSet, int | None], dict[bytes, tuple[PlanShape, ...]]] = {}
_PLAN_CACHE_SIZE = 1 << 15  # entries per (rules, void); emptied when full
_MELD_CODE = {kind: i for i, kind in enumerate(MeldKind)}


def plan_shapes(
    key: bytes, melds: tuple[Meld, ...], void: int | None, rules: RuleSet
) -> tuple[PlanShape, ...]:
    """The ways to finish a 3n+1 hand (27 count bytes) worth considering. Cached by bytes
    (the hand, then each meld's tile and kind), bounded: a bot looks at the same 13 tiles
    many times in a hand."""
    per = _PLAN_CACHE.get((rules, void))
    if per is None:
        per = _PLAN_CACHE[(rules, void)] = {}
    mk = key + bytes([c for m in melds for c in (m.tile, _MELD_CODE[m.kind])]) if melds else key
    got = per.get(mk)
    if got is None:
        if len(per) >= _PLAN_CACHE_SIZE:
            per.clear()
        got = per[mk] = _plan_shapes(key, melds, void, rules)
    return got


def _plan_shapes(
    key: bytes, melds: tuple[Meld, ...], void: int | None, rules: RuleSet
) -> tuple[PlanShape, ...]:
    T0 = _TYPICAL_ACCEPT[0]
    m = len(melds)
    sh, imp = improvers(key, m, void)
    if sh == 0:
        vals = win_values(list(key), melds, rules, void)
        return (
            ("ready", 0, tuple(k for k, _ in vals), 0.0, T0, 1.0, tuple(r.points for _, r in vals)),
        )
    b = bytes(key)
    roots = roots_of(own_totals(b, melds)) if melds else b.count(4)
    plain = fan_to_points(rules, pattern_fan(rules, "ping_hu") + roots)
    out: list[PlanShape] = [("plain", sh, imp, plain, T0, 1.0, ())]
    # 清一色: the kept suit with most tiles (the first such), if the others are few.
    main = -1
    most = total = 0
    for s in range(3):
        if s != void:
            n = sum(b[9 * s : 9 * s + 9])
            total += n
            if main < 0 or n > most:
                main, most = s, n
    if total - most <= 5 and (not melds or meld_suits(melds) <= {main}):
        qsh, qimp = _one_suit_improvers(key, m, main)
        if qsh <= sh + 2:
            fan = pattern_fan(rules, "qing_yi_se") + roots
            out.append(("qing_yi_se", qsh, qimp, fan_to_points(rules, fan), 5.0, 0.5, ()))
    # 对对胡: pungs and a pair only (every meld here is a pung or kong: no chow).
    dsh, dimp = _all_pungs(b, m, void)
    if dsh <= sh + 1:
        fan = pattern_fan(rules, "dui_dui_hu") + roots
        out.append(("dui_dui_hu", dsh, dimp, fan_to_points(rules, fan), 4.0, 0.4, ()))
    # 七对 (no melds): value rises with each four-of-a-kind (龙七对).
    if m == 0:
        psh, pimp = _seven_pairs(b, void)
        if psh <= sh + 1:
            quads = b.count(4)
            if quads and rules.fan_of("long_qi_dui") is not None:
                fan = pattern_fan(rules, "long_qi_dui") + quads - 1
            else:
                fan = pattern_fan(rules, "qi_dui") + quads
            out.append(("qi_dui", psh, pimp, fan_to_points(rules, fan), 2.5, 0.4, ()))
    return tuple(out)


def plans(counts: Sequence[int], melds: Sequence[Meld], t: Table, void: int | None) -> list[Plan]:
    """The ways to finish a 3n+1 hand worth considering, with live counts and values."""
    live = t.live
    out: list[Plan] = []
    for name, sh, imp, points, last, speed, wps in plan_shapes(
        bytes(counts), tuple(melds), void, t.rules
    ):
        if wps:
            n = 0
            tot = 0.0
            for k, pts in zip(imp, wps, strict=True):
                n += live[k]
                tot += live[k] * pts
            mean = tot / n if n else float(max(wps))
            # A poor wait can still be changed: count it as a little better than it is.
            out.append(Plan("ready", 0, n + max(0, 5 - n) // 3, mean))
        else:
            acc = sum(live[k] for k in imp)
            out.append(Plan(name, sh, acc, points, last, speed))
    return out


def _one_suit_improvers(key: bytes, melds: int, suit: int) -> tuple[int, tuple[int, ...]]:
    """Every tile outside ``suit`` is moved into a stand-in void suit (each costs a draw),
    then the ordinary shanten applies; improvers are the ``suit`` kinds that lower it when
    they replace a stand-in tile."""
    own = key[9 * suit : 9 * suit + 9]
    return _one_suit_shape(own, melds, suit, sum(key) - sum(own))


@lru_cache(maxsize=1 << 15)
def _one_suit_shape(own: bytes, melds: int, suit: int, n_off: int) -> tuple[int, tuple[int, ...]]:
    """:func:`_one_suit_improvers` of a hand holding ``own`` in ``suit`` and ``n_off`` other
    tiles: those are stand-ins of the void suit, so nothing else about them matters (far
    fewer distinct keys than whole hands)."""
    junk = next(s for s in range(3) if s != suit)
    # The stand-ins go round the junk suit's ranks (never a fifth copy: at most 14 tiles).
    parts = [_NO_SUIT, _NO_SUIT, _NO_SUIT]
    parts[suit] = own
    parts[junk] = bytes(n_off // 9 + (1 if r < n_off % 9 else 0) for r in range(9))
    sh, imp = shanten_and_improvers(b"".join(parts), melds, junk)
    if not n_off:
        return sh, ()
    # Drawing k with a stand-in tile held is the same as k replacing it (the stand-in goes
    # first), so the one-suit improvers are the plain ones in ``suit``.
    lo = 9 * suit
    return sh, tuple([k for k in imp if lo <= k < lo + 9])


# bytes.translate tables over counts 0-4: kinds held once or twice; held an odd number of
# times; pairs held (four of a kind = two).
_ONE_OR_TWO = bytes(1 if c in (1, 2) else 0 for c in range(256))
_ODD = bytes(c & 1 for c in range(256))
_PAIRS = bytes(c >> 1 for c in range(256))
_NO_SUIT = bytes(9)


def _without_suit(counts: Sequence[int], void: int | None) -> bytes:
    """27 count bytes with the ``void`` suit emptied."""
    b = bytes(counts)
    if void is None:
        return b
    return b[: 9 * void] + _NO_SUIT + b[9 * void + 9 :]


def _all_pungs(counts: Sequence[int], melds: int, void: int | None) -> tuple[int, tuple[int, ...]]:
    """Shanten and improvers towards 对对胡: 4 − melds pungs and one pair, from the kinds
    held most often (each pung costs 3 − held, the pair 2 − held)."""
    b = _without_suit(counts, void)
    # The 5 − melds groups are the kinds held most (3+ counting 3), then zeros.
    room = 5 - melds
    threes = min(b.count(3) + b.count(4), room)
    twos = min(b.count(2), room - threes)
    ones = min(b.count(1), room - threes - twos)
    zeros = room - threes - twos - ones
    cost = twos + 2 * ones + 3 * zeros - (1 if zeros or ones or twos else 0)
    imp = tuple(compress(range(NUM_KINDS), b.translate(_ONE_OR_TWO)))
    return cost - 1, imp


def _seven_pairs(counts: Sequence[int], void: int | None) -> tuple[int, tuple[int, ...]]:
    """Shanten and improvers towards 七对 (a four-of-a-kind counts as two pairs)."""
    b = _without_suit(counts, void)
    pairs = sum(b.translate(_PAIRS))
    return 6 - min(pairs, 7), tuple(compress(range(NUM_KINDS), b.translate(_ODD)))


def has_patterns(counts: Sequence[int], melds: Sequence[Meld], void: int | None) -> bool:
    """Whether a pattern plan (清一色, 对对胡, 七对) may be worth a step of shanten."""
    per = sorted((sum(counts[9 * s : 9 * s + 9]) for s in range(3) if s != void), reverse=True)
    if len(per) > 1 and sum(per[1:]) <= 4 and len(meld_suits(melds)) <= 1:
        return True
    b = _without_suit(counts, void)
    pairs = NUM_KINDS - b.count(0) - b.count(1)
    return pairs + len(melds) >= 5


def hand_value(
    counts: list[int],
    melds: Sequence[Meld],
    t: Table,
    void: int | None,
    discount: float = DISCOUNT,
) -> float:
    """Expected points of a 3n+1 hand: the best plan's win chance over the draws left in
    the wall (a win ``n`` draws away counting ``discount**n``) × value × payers."""
    # plans() inlined (no Plan objects: this runs for every candidate discard)
    best = 0.0
    live = t.live
    unseen, turns, ron, mult = t.unseen, t.turns, t.ron, t.pay_mult
    for _, sh, imp, points, last, speed, wps in plan_shapes(
        bytes(counts), tuple(melds), void, t.rules
    ):
        if wps:
            n = 0
            tot = 0.0
            for k, pts in zip(imp, wps, strict=True):
                n += live[k]
                tot += live[k] * pts
            points = tot / n if n else float(max(wps))
            acc = n + max(0, 5 - n) // 3
            ev = win_chance(0, acc, unseen, turns, ron, _TYPICAL_ACCEPT[0], 1.0, discount)
        else:
            acc = sum(map(live.__getitem__, imp))
            ev = win_chance(sh, acc, unseen, turns, ron, last, speed, discount)
        ev = ev * points * mult
        if ev > best:
            best = ev
    return best - void_penalty(counts, t, void)


def void_penalty(counts: Sequence[int], t: Table, void: int | None) -> float:
    """Holding void tiles near the end risks the flower-pig penalty (查花猪)."""
    if void is None:
        return 0.0
    held = sum(counts[9 * void : 9 * void + 9])
    return held * (0.5 + 8.0 / (1.0 + t.turns)) if held else 0.0


def steered_value(
    counts: list[int], melds: Sequence[Meld], t: Table, void: int | None, horizon: float
) -> float:
    """A club player's worth of a 3n+1 hand (the normal bot): it steers to the plan it can
    see coming — a pattern (清一色, 对对胡, 七对) only when it is at least as close as the plain
    hand, then the more valuable, then the wider — and counts that plan's live acceptance
    as the chance to finish within a fixed ``horizon`` of draws, × value × two payers.

    Unlike :func:`hand_value` it does not count the draws left in the wall, weigh a slow
    plan against a fast one by expected value, or discount for others winning meanwhile:
    measured in duplicate tournaments (docs/bots.md), those are most of what the hard bot
    plays better."""
    ps = plans(counts, melds, t, void)
    if not ps:
        return -void_penalty(counts, t, void)
    best = plain = ps[0]  # the plain hand (or the ready one) comes first
    for p in ps[1:]:
        if p.shanten <= plain.shanten and (p.points, p.accept) > (best.points, best.accept):
            best = p
    chance = win_chance(
        best.shanten, best.accept, t.unseen, horizon, t.ron, best.last_accept, best.speed, 1.0
    )
    return chance * best.points * 2.0 - void_penalty(counts, t, void)


# --- 定缺 and 换三张 -------------------------------------------------------------------------


def void_cost(counts: Sequence[int], suit: int) -> tuple[int, int, int]:
    """How bad dropping ``suit`` is: the resulting shanten, its tile count, pairs in it."""
    h = list(counts)
    n = sum(h)
    melds = 0
    # shanten needs 3n+1 or 3n+2 tiles; a 13/14-tile hand is fine as is.
    sh = shanten(h, melds, suit) if n in (13, 14) else 0
    tiles = sum(counts[k] for k in suit_range(suit))
    pairs = sum(1 for k in suit_range(suit) if counts[k] >= 2)
    return sh, tiles, pairs


def choose_void(view: PlayerView, legal: Sequence[Action]) -> Action:
    """定缺 as RULES.md §3.2 has bots pick it: the suit cheapest to discard — the fewest
    tiles, ties broken by the weakest shape (the suit whose loss leaves the lowest shanten,
    then the fewest pairs). Before, the shanten came first: in about 0.3% of deals the bots
    then dropped a longer suit than the rulebook says."""

    def key(a: Action) -> tuple[int, ...]:
        sh, tiles, pairs = void_cost(view.concealed, a.suit or 0)
        return tiles, sh, pairs, a.suit or 0

    return min(legal, key=key)


def choose_exchange(view: PlayerView, legal: Sequence[Action]) -> Action:
    """换三张: give three tiles of the suit we would drop, keeping that suit's best shape
    only if no other suit can spare three; among the three, the least connected."""
    counts = list(view.concealed)
    suit_cost = {s: void_cost(counts, s) for s in range(3)}
    n = sum(counts)

    def key(a: Action) -> tuple[float, ...]:
        suit = a.tiles[0] // 9
        h = list(counts)
        for k in a.tiles:
            h[k] -= 1
        # 10/11 tiles: shanten as if one meld were already down.
        sh = shanten(h, 1, suit) if n - 3 in (10, 11) else 0
        return (suit_cost[suit][0], sh, suit_cost[suit][1], *a.tiles)

    return min(legal, key=key)


# --- table reading -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: int
    ready: float  # chance the seat is ready now
    void: int | None
    suit_weight: tuple[float, float, float]  # relative chance its waits lie in each suit
    safe: frozenset[int]  # kinds it cannot win on now (passed on them since its last draw)
    value: float  # expected points if it wins on my discard


def _recent_passes(view: PlayerView, seat: int) -> set[int]:
    """Tiles discarded since ``seat``'s last turn that it did not win on — it cannot win on
    them again before it draws (either not waiting on them, or blocked by 过手胡, RULES.md
    §3.5) — and its own last discard. Those are the last discards of the seats strictly
    between ``seat`` and the seat whose turn it is (``view.current``: on the own turn this
    bot's previous discard came before ``seat`` drew; in a claim window the tile on offer
    is not passed yet). Turn order is assumed (a pong may jump it: then this is a guess)."""
    out: set[int] = set()
    players = len(view.seats)  # 4, 3 or 2
    step = (view.current - seat) % players
    for i in range(1, step):
        info = view.seats[(seat + i) % players]
        if info.pond and not info.out:
            out.add(info.pond[-1].tile)
    own = view.seats[seat].pond
    if own:
        out.add(own[-1].tile)
    return out


# Chance an opponent is ready by its discards so far (in threes), measured in self-play of
# the normal bot; and the factor when its last discard was of its void suit (it may still
# hold more of it, and cannot win while it does).
_READY_BY_DISCARDS = (0.0, 0.22, 0.3, 0.48, 0.57, 0.74)
_STILL_VOID = (0.0, 0.1, 0.5, 0.75, 0.9, 0.9)


def read_opponents(view: PlayerView) -> list[Opponent]:
    """Readiness and wait-suit estimates for each opponent still in play."""
    rules = view.rules
    kept = rules.kept_suits  # the wall's suits: none of the others can be a wait
    out: list[Opponent] = []
    for info in view.seats:
        if info.seat == view.seat or info.out:
            continue
        i = min(len(info.pond) // 3, len(_READY_BY_DISCARDS) - 1)
        ready = _READY_BY_DISCARDS[i]
        if len(info.melds) >= 2 and i <= 1:
            ready += 0.15
        void = info.void
        if void is not None and info.pond and info.pond[-1].tile // 9 == void:
            ready *= _STILL_VOID[i]
        if info.won:
            ready = 0.9  # 血流成河: a winner that plays on is locked ready
        w = [0.0 if s == void or s not in kept else 1.0 for s in range(3)]
        for p in info.pond[-8:]:
            s = p.tile // 9
            if s != void:
                w[s] *= 0.9
        msuits = [m.tile // 9 for m in info.melds]
        for s in msuits:
            w[s] *= 1.3
        tot = sum(w) or 1.0
        weights = (w[0] / tot, w[1] / tot, w[2] / tot)
        fan = 1.3 + 0.4 * len(info.melds)
        if len(set(msuits)) == 1 and len(msuits) >= 2:
            fan += 1.5  # 清一色 looks likely
        value = fan_to_points(rules, fan)
        safe = frozenset(_recent_passes(view, info.seat))
        out.append(Opponent(info.seat, ready, void, weights, safe, value))
    return out


def read_opponents_detailed(view: PlayerView) -> list[Opponent]:
    """:func:`read_opponents` refined for the hard bot.

    * Readiness also grows with melds (fewer concealed tiles to complete).
    * The value of its win is estimated from what it shows: kongs (roots), pongs only
      (对对胡 possible), melds of one suit or a pond that keeps throwing one of its two
      kept suits (清一色 likely: its waits then lie in the other suit).
    """
    rules = view.rules
    qing = pattern_fan(rules, "qing_yi_se")
    dui = pattern_fan(rules, "dui_dui_hu")
    out: list[Opponent] = []
    for o in read_opponents(view):
        info = view.seats[o.seat]
        melds = info.melds
        ready = o.ready
        if melds and not info.won:
            ready = 1.0 - (1.0 - ready) * 0.85 ** len(melds)
        w = list(o.suit_weight)
        fan = 1.3 + sum(1.0 for m in melds if m.kind.is_kong)
        msuits = {m.tile // 9 for m in melds}
        if len(melds) >= 2:
            fan += 0.35 * (dui - 1)  # pongs only so far: 对对胡 is possible
        # One kept suit thrown again and again: it collects the other (清一色).
        kept_pond = [p.tile // 9 for p in info.pond if p.tile // 9 != o.void]
        one_suit: int | None = None
        if len(msuits) == 1 and len(melds) >= 2:
            one_suit = next(iter(msuits))
        elif o.void is not None and len(kept_pond) >= 6 and len(msuits) <= 1:
            per = [kept_pond.count(su) for su in range(3)]
            thrown = max(range(3), key=lambda su: per[su])
            other = 3 - thrown - o.void
            if per[thrown] >= 0.85 * len(kept_pond) and (not msuits or msuits == {other}):
                one_suit = other
        if one_suit is not None:
            fan += 0.7 * (qing - 1)
            w = [0.9 if su == one_suit else (0.0 if su == o.void else 0.1) for su in range(3)]
        tot = sum(w) or 1.0
        weights = (w[0] / tot, w[1] / tot, w[2] / tot)
        value = max(o.value, fan_to_points(rules, fan))
        out.append(Opponent(o.seat, ready, o.void, weights, o.safe, value))
    return out


def wait_shape_weight(tile: int, live: Sequence[int]) -> float:
    """How many plausible shapes wait on ``tile`` (two-sided, edge, closed, pair), each
    weighted by whether its tiles can still be in a hidden hand."""
    r = tile % 9
    base = tile - r

    def a(rank: int) -> float:
        if not 0 <= rank <= 8:
            return 0.0
        return min(1.0, live[base + rank] / 2.0)

    w = 0.0
    # two-sided / edge
    if r >= 2:
        w += a(r - 2) * a(r - 1)
    if r <= 6:
        w += a(r + 1) * a(r + 2)
    if 1 <= r <= 7:
        w += 0.6 * a(r - 1) * a(r + 1)  # closed
    w += 0.8 * min(1.0, live[tile] / 2.0)  # pair / single wait
    return w


def deal_in_risk(tile: int, opps: Sequence[Opponent], live: Sequence[int]) -> float:
    """Expected points lost by discarding ``tile`` now (sum over opponents: 一炮多响 adds).

    Given a ready opponent, the chance ``tile`` is among its waits grows with the shapes
    that could wait on it (measured: ~1.5% with none possible, ~10–15% with several);
    its likely suits shift that a little."""
    total = 0.0
    shape = min(2.0, wait_shape_weight(tile, live))
    suit = tile // 9
    for o in opps:
        if o.void == suit or tile in o.safe:
            continue
        p = o.ready * (0.015 + 0.06 * shape) * (0.6 + 1.2 * o.suit_weight[suit])
        total += p * o.value
    return total


def without_items(legal: Sequence[Action]) -> Sequence[Action]:
    """``legal`` without ``USE_ITEM`` actions (listed after the others when items are on);
    unchanged when nothing else is left."""
    if legal and legal[-1].kind is ActionKind.USE_ITEM:
        rest = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
        if rest:
            return rest
    return legal


def legal_of(legal: Sequence[Action], kind: ActionKind) -> list[Action]:
    return [a for a in legal if a.kind is kind]


def first_of(legal: Sequence[Action], kind: ActionKind) -> Action | None:
    for a in legal:
        if a.kind is kind:
            return a
    return None


def ready_now(view: PlayerView, void: int | None) -> bool:
    """Whether our own 3n+1 concealed hand is ready (claim windows)."""
    return bool(waits(view.concealed, len(view.me.melds), void))


# --- values for the Evaluator protocol (engine.bots) -------------------------------------


def rough_value(t: Table, sh: int) -> float:
    """Expected points of a plain hand ``sh`` steps from ready with a typical acceptance
    (before play, when 换三张 and 定缺 are valued)."""
    points = fan_to_points(t.rules, pattern_fan(t.rules, "ping_hu"))
    acc = _TYPICAL_ACCEPT[min(max(sh, 0), len(_TYPICAL_ACCEPT) - 1)]
    return win_chance(sh, acc, t.unseen, t.turns, t.ron) * points * t.pay_mult


def setup_values(
    view: PlayerView, legal: Sequence[Action], best: Action
) -> list[tuple[Action, float]]:
    """换三张 or 定缺 choices valued by the shanten they leave (:func:`rough_value`), the
    bot's ``best`` first; the values never rise down the list."""
    t = table_of(view)
    counts = list(view.concealed)
    n = sum(counts)

    def sh_of(a: Action) -> int:
        if a.kind is ActionKind.DECLARE_VOID:
            return void_cost(counts, a.suit or 0)[0]
        h = list(counts)
        for k in a.tiles:
            h[k] -= 1
        return shanten(h, 1) if n - 3 in (10, 11) else 0

    rest = sorted((a for a in legal if a != best), key=sh_of)
    out: list[tuple[Action, float]] = []
    cap = float("inf")
    for a in (best, *rest):
        cap = min(cap, rough_value(t, sh_of(a)))
        out.append((a, cap))
    return out


def win_points(view: PlayerView, win: Action) -> float:
    """What taking ``win`` brings now: its points × the players who pay (everyone in play
    for a self-draw, the discarder otherwise)."""
    counts = list(view.concealed)
    tile = win.tile if win.tile is not None else view.claim_tile
    claim = view.claim_tile is not None
    if claim and tile is not None:
        counts[tile] += 1
    if tile is None:
        tile = (
            view.last_drawn
            if view.last_drawn is not None
            else next(k for k in range(NUM_KINDS) if counts[k])
        )
    first = not view.me.pond and not any(s.melds for s in view.seats)
    ctx = WinContext(
        tuple(counts),
        tuple(view.me.melds),
        tile,
        self_drawn=not claim,
        robbing_kong=view.claim_is_rob,
        first_turn=first,
        dealer=view.dealer == view.seat,
        void=view.own_void,
    )
    try:
        points = float(score_hand(ctx, view.rules).points)
    except HandError:  # a context the scorer refuses: value the win as one base
        points = float(view.rules.base)
    payers = 1 if claim else max(1, sum(1 for s in view.seats if not s.out) - 1)
    return points * payers
