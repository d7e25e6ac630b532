"""The :class:`Round` state machine (see the package docstring)."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from itertools import chain, compress, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Final, cast

from engine.actions import Action, ActionKind, IllegalActionError, Phase, Step, check_action
from engine.hand import is_win, waits
from engine.quote import quote
from engine.round.events import (
    _EVENT_DEFAULTS,
    LEAVE_AFTER_WIN,
    EndReason,
    Event,
    EventFlag,
    EventKind,
    RoundResult,
    WinRecord,
)
from engine.round.items import ItemState, offered, qian_kun_deal, use
from engine.round.wall import (
    SEATS,
    TABLE_PLACES,
    _check_wall_kinds,
    deal_order,
    exchange_direction,
    exchange_target,
    wall_ids,
)
from engine.scoring import ScoreResult, WinContext, score_hand, win_values
from engine.settlement import (
    KongFacts,
    KongIncome,
    Ledger,
    LedgerEntry,
    ReadyCheck,
    Reason,
    drawn_hand_entries,
    kong_entries,
    kong_transfer_entry,
    leave_entries,
    win_entries,
)
from engine.tiles import (
    NUM_KINDS,
    Meld,
    MeldKind,
    format_tiles,
)
from engine.views import PlayerView, PondTile, SeatInfo

if TYPE_CHECKING:
    from engine.items import ItemResult
    from engine.rules import RuleSet

# Enum members as module constants: on Python 3.11 ``Phase.PLAY`` is a lookup through the
# enum metaclass (~0.15 µs, seven times a global's) and the hot path tests dozens per step.
_PH_DECLARE_VOID: Final = Phase.DECLARE_VOID
_PH_ENDED: Final = Phase.ENDED
_PH_EXCHANGE: Final = Phase.EXCHANGE
_PH_PLAY: Final = Phase.PLAY
_ST_CLAIM: Final = Step.CLAIM
_ST_NONE: Final = Step.NONE
_ST_ROB: Final = Step.ROB
_ST_TURN: Final = Step.TURN
_EV_DEAL: Final = EventKind.DEAL
_EV_DICE: Final = EventKind.DICE
_EV_DISCARD: Final = EventKind.DISCARD
_EV_DRAW: Final = EventKind.DRAW
_EV_EXCHANGE: Final = EventKind.EXCHANGE
_EV_EXCHANGE_CHOSEN: Final = EventKind.EXCHANGE_CHOSEN
_EV_HAND_END: Final = EventKind.HAND_END
_EV_ITEM_USED: Final = EventKind.ITEM_USED
_EV_KONG: Final = EventKind.KONG
_EV_KONG_DECLARED: Final = EventKind.KONG_DECLARED
_EV_LEAVE: Final = EventKind.LEAVE
_EV_PAYMENT: Final = EventKind.PAYMENT
_EV_PONG: Final = EventKind.PONG
_EV_TURN: Final = EventKind.TURN
_EV_VOIDS_REVEALED: Final = EventKind.VOIDS_REVEALED
_EV_VOID_CHOSEN: Final = EventKind.VOID_CHOSEN
_EV_WALL_EMPTY: Final = EventKind.WALL_EMPTY
_EV_WIN: Final = EventKind.WIN
_ACT_ADDED_KONG: Final = ActionKind.ADDED_KONG
_ACT_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_ACT_DECLARE_VOID: Final = ActionKind.DECLARE_VOID
_ACT_DISCARD: Final = ActionKind.DISCARD
_ACT_EXCHANGE_THREE: Final = ActionKind.EXCHANGE_THREE
_ACT_EXPOSED_KONG: Final = ActionKind.EXPOSED_KONG
_ACT_LEAVE: Final = ActionKind.LEAVE
_ACT_PASS: Final = ActionKind.PASS
_ACT_PONG: Final = ActionKind.PONG
_ACT_USE_ITEM: Final = ActionKind.USE_ITEM
_ACT_WIN: Final = ActionKind.WIN
_MELD_ADDED_KONG: Final = MeldKind.ADDED_KONG
_MELD_CONCEALED_KONG: Final = MeldKind.CONCEALED_KONG
_MELD_EXPOSED_KONG: Final = MeldKind.EXPOSED_KONG
_MELD_PONG: Final = MeldKind.PONG
_FL_SELF_DRAWN: Final = EventFlag.SELF_DRAWN
_FL_KONG_BLOOM: Final = EventFlag.KONG_BLOOM
_FL_AFTER_KONG: Final = EventFlag.AFTER_KONG
_FL_ROBBING_KONG: Final = EventFlag.ROBBING_KONG
_FL_LAST_TILE: Final = EventFlag.LAST_TILE
_FL_FIRST_TURN: Final = EventFlag.FIRST_TURN
_FL_MULTI: Final = EventFlag.MULTI
_FL_HAND_CONCEALED: Final = EventFlag.HAND_CONCEALED

_LEAVE_PENALTY = 16  # RULES.md §6.4: 16 × base to each un-won player
_LAST_FOUR = 4  # RULES.md §3.6 (and §6.4: leaving with 4 or fewer tiles left)

# Shared immutable actions for the hot path (seat × kind).
_DISCARD = [[Action(_ACT_DISCARD, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_PASS = [Action(_ACT_PASS, s) for s in range(SEATS)]
_WIN = [[Action(_ACT_WIN, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_PONG = [[Action(_ACT_PONG, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_EXPOSED = [[Action(_ACT_EXPOSED_KONG, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_CONCEALED = [[Action(_ACT_CONCEALED_KONG, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_ADDED = [[Action(_ACT_ADDED_KONG, s, k) for k in range(NUM_KINDS)] for s in range(SEATS)]
_VOID = [[Action(_ACT_DECLARE_VOID, s, suit=v) for v in range(3)] for s in range(SEATS)]

_EXCHANGE_ACTIONS: dict[tuple[int, tuple[int, ...]], Action] = {}  # at most 4 × 495


@functools.lru_cache(maxsize=2048)
def _suit_triples(counts: bytes, base: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted choice of three tiles from one suit's nine counts (换三张 options)."""
    pool = [base + i for i in range(9) for _ in range(min(counts[i], 3))]
    return tuple(sorted(set(itertools.combinations(pool, 3))))


_POND = [(PondTile(k, False), PondTile(k, True)) for k in range(NUM_KINDS)]
# The deal (RULES.md §2) as deal_order gives it, by seat count and dealer: the wall positions
# of each seat's dealt tiles, read in one call each (13 × seats + 1 tiles in all, the
# dealer's 14th last).
_DEALT_AT = {
    n: [
        [itemgetter(*[p for p, s in enumerate(deal_order(d, n)) if s == seat]) for seat in range(n)]
        for d in range(n)
    ]
    for n in TABLE_PLACES
}
# The other seats in turn order after each seat, by seat count.
_AFTER = {n: [tuple((s + i) % n for i in range(1, n)) for s in range(n)] for n in TABLE_PLACES}

# The first kinds of the two suits a seat keeps, by its void suit.
_KEPT_SUIT_BASES = ((9, 18), (0, 18), (0, 9))
# Nine counts of one suit (bytes) -> whether they could be that suit's share of a winning hand.
_SUIT_CAN_WIN: dict[bytes, bool] = {}


def _suit_can_win(suit: bytes) -> bool:
    """Whether one suit's nine counts could be all of that suit in a winning hand: pungs
    and runs, with or without the pair, or pairs only (七对). A hand whose suit fails this
    is no win whatever the other suits hold, so a failing suit the new tile does not touch
    spares the is_win call (a cheap filter, memoised in :data:`_SUIT_CAN_WIN`)."""
    got = _SUIT_CAN_WIN.get(suit)
    if got is None:
        n = sum(suit)
        counts = [*suit, *bytes(18)]  # the suit as suit 0 of a hand
        if all(c % 2 == 0 for c in suit):
            got = True  # a pairs-only share (七对), or no tile of this suit at all
        elif n % 3 == 2:
            got = is_win(counts, (14 - n) // 3)  # pungs, runs and the pair
        elif n % 3 == 0:
            counts[9] = 2  # the pair elsewhere: pungs and runs only here
            got = is_win(counts, (12 - n) // 3)
        else:
            got = False
        _SUIT_CAN_WIN[suit] = got
    return got


# random.Random.shuffle's steps over a wall of 108, 72 or 36 ids: (position, range, bits) for
# its draws.
_SHUFFLE_STEPS = {
    size: [(i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size))]
    for size in (108, 72, 36)
}


def _shuffled_ids(rng: random.Random, suits: str = "mps") -> list[int]:
    """``ids = wall_ids(suits); rng.shuffle(ids)`` — for all three suits ``list(range(108))``
    —, the same draws and swaps (Fisher–Yates with ``_randbelow`` by rejection on
    ``getrandbits``) without two Python calls per tile; tests compare it with
    ``rng.shuffle``."""
    ids = list(range(108)) if suits == "mps" else wall_ids(suits)
    bits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS[len(ids)]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


# The dicts of the per-step events, as _event builds them (the same keys in the same order:
# the defaults, then kind, then index), for the three hot sites that build them inline.
_TURN_VALUES = {**_EVENT_DEFAULTS, "kind": _EV_TURN}
_DRAW_VALUES = {**_EVENT_DEFAULTS, "kind": _EV_DRAW}
_DISCARD_VALUES = {**_EVENT_DEFAULTS, "kind": _EV_DISCARD}
_new = object.__new__
_set_attr = object.__setattr__  # views and seat infos take their dict as is (views.fast_new)


class Round:
    """One hand of Sichuan Mahjong (RULES.md §2–§7). Build with :meth:`new` or
    :meth:`from_wall`; drive with :meth:`pending_seats`, :meth:`legal_actions`,
    :meth:`apply`; read with :meth:`view`, :attr:`events`, :attr:`ledger`, :attr:`result`."""

    # ---- construction -------------------------------------------------------------------

    def __init__(
        self,
        rules: RuleSet,
        wall_ids: Sequence[int],
        dealer: int,
        dice: tuple[int, int],
        rng: random.Random,
        seed: int,
        *,
        inventories: Sequence[Mapping[str, int]] | None = None,
        qian_kun: Collection[int] = (),
        golden: Collection[int] = (),
    ) -> None:
        self.players = n = rules.players  # seats 0 .. n-1 in turn order
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, got {dealer!r}")
        self.rules = rules
        self.seed = seed
        self.rng = rng  # the hand's one RNG (RULES.md §2): shuffle, dice, anything random
        self.dealer = dealer
        self.dice = dice
        # Physical ids, kind = id // 4, as shuffled or given: items (RULES.md §8) rearrange
        # and swap the kinds in _wall only, so a replay starts from this same wall.
        self.wall_ids: tuple[int, ...] = tuple(wall_ids)
        self._wall = [i >> 2 for i in self.wall_ids]
        self._num_tiles = len(self._wall)  # 108, 72 or 36
        # RULES.md §3.6: a draw from wall position >= this is one of the last four.
        self._late_from = self._num_tiles - _LAST_FOUR
        self._deal_size = 13 * n + 1
        self._dealt_at = _DEALT_AT[n][dealer]
        self._after = _AFTER[n]
        self._voids_declared = rules.declares_void
        self._pos = 0  # next tile of the one queue (RULES.md §2: replacements too)
        self.events: list[Event] = []
        self.ledger = Ledger(players=n)
        self.decisions: list[Action] = []
        self.phase = _PH_DECLARE_VOID
        self.step = _ST_NONE
        self.current = dealer
        self.exchange_dir: str | None = None
        self.wins: list[WinRecord] = []
        self.result: RoundResult | None = None
        # a drawn hand's 查叫 (RULES.md §6.3): each seat as the checks found it — flower pig,
        # ready and its value — for a screen to say why such a hand paid what it paid
        self.end_checks: tuple[ReadyCheck, ...] = ()
        self._hands = [[0] * NUM_KINDS for _ in range(n)]
        self._melds: list[list[Meld]] = [[] for _ in range(n)]
        self._pond: list[list[int]] = [[] for _ in range(n)]
        self._pond_claimed: list[list[bool]] = [[] for _ in range(n)]
        # Kept up to date as the hand goes, so that view() is cheap (bots call it per step):
        self._pond_view: list[tuple[PondTile, ...]] = [() for _ in range(n)]
        self._meld_view: list[tuple[Meld, ...]] = [() for _ in range(n)]
        self._revealed: list[tuple[int, ...] | None] = [None] * n
        self._public = [0] * NUM_KINDS  # every tile face up on the table, by kind
        self._totals = [0] * n  # the ledger's net points per seat
        self._info: list[SeatInfo | None] = [None] * n  # cached public seat info
        # tuple(_info), None while an entry is None or stale (hand size and pond out of date)
        self._infos: tuple[SeatInfo, ...] | None = None
        self._stale = [False] * n
        # Events before this index have been read by _forget_infos; view() reads the rest
        # (a bot that never builds a view never pays for the cache's upkeep).
        self._infos_seen = 0
        self._void_first_rule = bool(rules.must_discard_void_first)
        self._void: list[int | None] = [None] * n
        self._void_chosen: list[int | None] = [None] * n
        self._void_chosen_hidden: tuple[None, ...] = (None,) * n  # the voids before the reveal
        self._void_n = [0] * n  # void-suit tiles held (0 without 定缺)
        # False once a seat's turn found no four of a kind in its hand, until a tile it takes
        # makes four (spares the turn's scan for concealed kongs; dealt hands start True).
        self._may_hold_four = [True] * n
        self._exchange_chosen: list[tuple[int, ...] | None] = [None] * n
        self._won = [False] * n
        self._out = [False] * n  # no longer plays, pays or receives (won in 血战, or left)
        self._win_tiles: list[list[int]] = [[] for _ in range(n)]
        self._set_aside = 0  # physical winning tiles set aside (not shared)
        self._has_discarded = [False] * n
        # A swap item used (偷天换日 / 移花接木): the hand is no longer the one dealt and drawn,
        # so it can no longer be a 天胡/地胡 (see _first_turn).
        self._swapped = [False] * n
        # RULES.md §3.6: whether each seat's last draw was one of the last four tiles (drawn
        # while the wall held at most 4 before the draw).
        self._late_draw = [False] * n
        self._any_meld = False  # 地胡 needs no pong or kong by anyone yet (§5.1)
        # docs/rules-short-handed.md 点炮不可平胡: a discard win must beat a plain 平胡.
        self._discard_min = rules.discard_min_fan
        self._block_tiles: list[set[int]] = [set() for _ in range(n)]  # 过手胡 same_tile
        self._block_value: list[int | None] = [None] * n  # 过手胡 unless_higher
        self._locked: list[frozenset[int] | None] = [None] * n  # 血流成河 waits
        self._drawn: int | None = None  # tile the current seat drew this turn
        # every tile the current seat took from the wall this turn: its draw, the kong
        # replacements, a tile an item took (RULES.md §6.2 added_kong_immediate)
        self._turn_drawn: list[int] = []
        self._replacement = False  # the current tile came after a kong (杠上花)
        self._turn_kong: int | None = None  # index in _kongs of this turn's last kong
        self._after_pong = False
        self._kongs: list[KongIncome] = []
        self._kong_from: list[int | None] = []  # discarder of an exposed kong's tile
        # claim / rob window
        self._offer_tile: int | None = None
        self._offer_from: int | None = None
        self._offer_kong: int | None = None  # 杠上炮: the discarder's kong (index in _kongs)
        self._answers: dict[int, Action] = {}
        self._win_offers: dict[int, ScoreResult] = {}
        self._options: dict[int, list[Action]] = {}
        self._left: int | None = None
        self._first_group: tuple[int, ...] = ()  # the seats of the hand's first win event
        self._self_win: ScoreResult | None = None  # the current seat's self-drawn win offer
        # Items (RULES.md §8, engine/round/items.py): None when the rules have items off or
        # the round was built without inventories.
        self.items: ItemState | None = None
        if rules.items and (inventories is not None or qian_kun or golden):
            self.items = ItemState(inventories, golden, players=n)
            for used in qian_kun_deal(
                self.items, qian_kun, self._wall, deal_order(dealer, n), rng, dealer
            ):
                self._item_used(used)  # 乾坤大挪移, before the deal
        elif qian_kun:
            raise ValueError("qian_kun: items are off in these rules (RULES.md §8 option items)")
        self._start()

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seed: int,
        dealer: int = 0,
        *,
        inventories: Sequence[Mapping[str, int]] | None = None,
        qian_kun: Collection[int] = (),
        golden: Collection[int] = (),
    ) -> Round:
        """A hand shuffled and diced by ``random.Random(seed)`` (RULES.md §2): a wall of the
        suits of ``rules`` (108, 72 or 36 tiles) for ``rules.players`` seats.

        Items (RULES.md §8, engine/items.py): ``inventories`` — per seat, item id → count
        held; ``qian_kun`` — seats that use 乾坤大挪移 on this deal (each must hold one);
        ``golden`` — seats whose 金手指 is already on at this table."""
        rng = random.Random(seed)
        ids = _shuffled_ids(rng, rules.suits)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        return cls(
            rules,
            ids,
            dealer,
            dice,
            rng,
            seed,
            inventories=inventories,
            qian_kun=qian_kun,
            golden=golden,
        )

    @classmethod
    def from_wall(
        cls,
        rules: RuleSet,
        wall: Sequence[int],
        dealer: int = 0,
        seed: int = 0,
        dice: tuple[int, int] | None = None,
        *,
        inventories: Sequence[Mapping[str, int]] | None = None,
        qian_kun: Collection[int] = (),
        golden: Collection[int] = (),
    ) -> Round:
        """A hand dealt from an explicit wall in draw order — 108, 72 or 36 kinds, every tile
        of ``rules.suits`` (see :func:`compose_wall`); ``seed`` seeds the hand's RNG, ``dice``
        the opening roll; items as in :meth:`new`."""
        _check_wall_kinds(wall, rules.suits)
        copies = [0] * NUM_KINDS
        ids: list[int] = []
        for k in wall:
            ids.append(k * 4 + copies[k])
            copies[k] += 1
        rng = random.Random(seed)
        # The roll is always drawn, so that the RNG is in the same state for item effects
        # whether the dice are given or not (a replay gives them).
        rolled = (rng.randint(1, 6), rng.randint(1, 6))
        return cls(
            rules,
            ids,
            dealer,
            dice or rolled,
            rng,
            seed,
            inventories=inventories,
            qian_kun=qian_kun,
            golden=golden,
        )

    # ---- public queries -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is _PH_ENDED

    @property
    def wall_remaining(self) -> int:
        return self._num_tiles - self._pos

    @property
    def num_tiles(self) -> int:
        """Tiles in this hand's wall: 108, 72 or 36 (``rules.num_tiles``)."""
        return self._num_tiles

    def pending_seats(self) -> list[int]:
        """Seats that must act now, in turn order from the current seat."""
        return list(self._options)

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``seat`` may take now (empty if it need not act), in a fixed
        order: WIN, kongs, PONG, DISCARD by kind, PASS, then item uses.

        Items (RULES.md §8, engine/round/items.py): one representative ``USE_ITEM`` action per
        item the seat may use now, without parameters — ``engine.items.item_action`` builds
        the complete action and ``apply`` checks it. "Any time" items are listed for a seat
        that need not act too; using one does not change who must act."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0-{self.players - 1}, got {quote(seat)}")
        if self.items is None:
            return list(self._options.get(seat, ()))
        return [*self._options.get(seat, ()), *offered(self, seat)]

    def hand_of(self, seat: int) -> list[int]:
        """A copy of ``seat``'s concealed 27-count array (for tests, replays and debugging;
        players and bots use :meth:`view`)."""
        return list(self._hands[seat])

    def melds_of(self, seat: int) -> tuple[Meld, ...]:
        return tuple(self._melds[seat])

    def void_of(self, seat: int) -> int | None:
        """The declared void suit once revealed (or always, for the engine's own use)."""
        return self._void[seat]

    def check_invariants(self) -> None:
        """Raise AssertionError if the bookkeeping is off: every tile of the wall (108, 72
        or 36) accounted for, a
        zero-sum ledger matching the running totals, the incremental face-up count and the
        cached seat infos equal to fresh ones. For tests and the simulator; not needed to
        play."""
        census = self.tile_census()
        assert census == self._num_tiles, (
            f"{census} tiles accounted for, not {self._num_tiles}: {self!r}"
        )
        totals = self.ledger.totals()
        assert sum(totals) == 0, f"ledger does not sum to zero: {totals}"
        assert totals == self._totals, f"running totals {self._totals} != ledger {totals}"
        recount = self.recount_public()
        assert recount == self._public, f"face-up count {self._public} != {recount}"
        self.view(0)  # brings the cached infos up to date (cheap refresh of stale ones)
        cached = list(self._info)
        self._info = [None] * self.players
        self._infos = None
        view = self.view(0)
        fresh = view.seats
        # fast_new must have set every field: a rebuild through __init__ compares equal.
        assert replace(view) == view and all(replace(i) == i for i in fresh)
        for e in self.events[-4:]:
            assert replace(e) == e, e
        assert len(fresh) == self.players, f"{len(fresh)} seat infos for {self.players} seats"
        for s in range(self.players):
            c = cached[s]
            assert c is None or c == fresh[s], f"stale seat info {c} != {fresh[s]}"
        for s in range(self.players):
            for k in range(NUM_KINDS):
                assert 0 <= self._hands[s][k] <= 4, f"seat {s} holds {self._hands[s][k]} of {k}"
            assert self._void_n[s] == self._count_void(s), f"void count of seat {s}"
            assert self._may_hold_four[s] or 4 not in self._hands[s], f"four of seat {s}"

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """Events from ``start`` on, as ``seat`` may see them (:meth:`Event.for_seat`)."""
        return [e.for_seat(seat) for e in self.events[start:]]

    def tile_census(self) -> int:
        """How many physical tiles are accounted for — always the wall's 108, 72 or 36: wall +
        hands + melds + ponds (unclaimed) + set-aside winning tiles (invariant used by the
        tests)."""
        n = self.wall_remaining + self._set_aside
        for s in range(self.players):
            n += sum(self._hands[s])
            n += sum(m.size for m in self._melds[s])
            n += self._pond_claimed[s].count(False)
        return n

    # ---- apply --------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check and perform ``action``; return the events it caused (draws that follow
        included). Raises :class:`IllegalActionError` — with nothing changed — if it is not
        legal now. An action with a value out of range (``tile=99``, ``suit=3``) is illegal
        too (:func:`engine.actions.check_action`)."""
        if type(action) is not Action:
            check_action(action)  # (a subclass passes; anything else is refused)
        kind = action.kind
        if kind is _ACT_LEAVE:
            check_action(action)
            return self.leave(action.seat)
        phase = self.phase
        if phase is _PH_ENDED:
            raise IllegalActionError(f"{action}: the hand is over")
        if kind is _ACT_USE_ITEM:
            check_action(action)
            return self._use_item(action)
        try:
            opts = self._options.get(action.seat)
        except TypeError:  # an unhashable seat
            opts = None
        if kind is _ACT_EXCHANGE_THREE and action.tiles:
            check_action(action)
            action = replace(action, tiles=tuple(sorted(action.tiles)))
        if opts is None:
            check_action(action)
            raise IllegalActionError(
                f"{action}: seat {action.seat} need not act now "
                f"(waiting for seats {self.pending_seats()})"
            )
        for legal in opts:  # identity first: bots hand back the listed objects
            if legal is action:
                break
        else:
            if action not in opts:
                check_action(action)
                raise IllegalActionError(f"{action}: {self._why_illegal(action, opts)}")
        events = self.events
        start = len(events)
        self.decisions.append(action)
        if phase is _PH_PLAY:
            if self.step is not _ST_TURN:
                self._apply_answer(action)
            elif kind is _ACT_DISCARD:
                tile = action.tile
                assert tile is not None
                self._discard(action.seat, tile)  # most steps: straight to the discard
            else:
                self._apply_turn(action)
        elif phase is _PH_EXCHANGE:
            self._apply_exchange(action)
        else:
            self._apply_void(action)  # Phase.DECLARE_VOID
        return events[start:]

    def _use_item(self, action: Action) -> list[Event]:
        """An item use (RULES.md §8, engine/round/items.py); refused with ItemRefusedError (an
        IllegalActionError) and nothing changed."""
        start = len(self.events)
        use(self, action)
        self.decisions.append(action)
        return self.events[start:]

    # ---- the item layer's interface (engine/round/items.py ItemHost) ---------------------

    def _live_wall(self) -> list[int]:
        return self._wall[self._pos :]

    def _holds(self, seat: int, kind: int) -> int:
        return self._hands[seat][kind]

    def _has_won(self, seat: int) -> bool:
        return self._won[seat]

    def _forced_win(self, seat: int) -> bool:
        opts = self._options.get(seat)
        return opts is not None and len(opts) == 1 and opts[0].kind is _ACT_WIN

    def _item_used(self, result: ItemResult) -> None:
        self._emit(_EV_ITEM_USED, seat=result.seat, detail=result.item, item_result=result)

    def _item_swap(self, seat: int, give: int, offset: int) -> int:
        """Swap ``seat``'s hand tile ``give`` with the live-wall tile ``offset`` draws ahead
        (偷天换日 / 移花接木, RULES.md §8): the old tile takes its place in the wall. The tile
        taken counts as the turn's drawn tile (no 杠上花 after a swap; decided in
        engine/round/items.py); the turn's options are worked out again. Returns the tile
        taken."""
        at = self._pos + offset
        taken = self._wall[at]
        self._wall[at] = give
        h = self._hands[seat]
        h[give] -= 1
        h[taken] += 1
        if h[taken] == 4:
            self._may_hold_four[seat] = True
        v = self._void[seat]
        if v is not None:
            self._void_n[seat] += (taken // 9 == v) - (give // 9 == v)
        self._drawn = taken
        self._turn_drawn.append(taken)
        self._replacement = False
        # The tile taken stands for a draw in a pong's turn too (engine/round/items.py):
        # the turn then offers 胡 and kongs as a drawn turn does.
        self._after_pong = False
        # RULES.md §3.6 counts the last four by when a tile leaves the wall ("drawn while the
        # wall held at most 4 tiles"), and §8's swap takes its tile from the wall: decided
        # here, as at a Sichuan table, a tile swapped in from a wall of 4 or fewer is one of
        # the last four — its win is forced, and so is a win on the discard that follows.
        # The swap is the seat's last draw now: in a pong's turn the flag was still the one
        # of the seat's draw in an earlier turn (before the last four, the win was optional).
        self._late_draw[seat] = self._pos >= self._late_from
        self._swapped[seat] = True
        self._options = {seat: self._turn_options(seat)}
        return taken

    def leave(self, seat: int) -> list[Event]:
        """逃跑 (RULES.md §6.4): ``seat`` quits; the hand is settled at once and ends.

        A seat that has already won leaves without any penalty and the hand plays on: its
        winnings stand, and the caller plays the seat to the end (a bot; in 血流成河 within
        the locked-hand limits) — only the LEAVE event is added."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players):
            raise IllegalActionError(f"seat {quote(seat)} is not a seat 0-{self.players - 1}")
        if self.phase is _PH_ENDED:
            raise IllegalActionError(f"seat {seat} cannot leave: the hand is over")
        start = len(self.events)
        self.decisions.append(Action(_ACT_LEAVE, seat))
        if self._won[seat]:
            # RULES.md §6.4: no penalty, the hand plays on.
            self._emit(_EV_LEAVE, seat=seat, detail=LEAVE_AFTER_WIN)
            return self.events[start:]
        ev = self._emit(_EV_LEAVE, seat=seat)
        if not self._out[seat]:
            # "each un-won player" (RULES.md §6.4) is read as each player still in the hand:
            # in 血流成河 a winner stays in play (§3.7) and is paid like the others, as a
            # Sichuan table pays it; a 血战 winner has left the hand and is not paid.
            # "with 4 or fewer tiles left it also pays each other un-won player as if that
            # player were ready with its best hand" (§6.4) is read as 查大叫 reads it (§6.3):
            # the quitter pays as a player not ready would, each ready player its best hand;
            # a player not ready has no hand to be valued and gets the 16 × base alone.
            others = [self._ready_check(s, "max") for s in range(self.players) if s != seat]
            entries = leave_entries(
                quitter=seat,
                others=others,
                units=_LEAVE_PENALTY,
                base=self.rules.base,
                pay_ready=self.wall_remaining <= _LAST_FOUR,
                event_index=ev.index,
            )
            self._pay(entries)
        self._out[seat] = True
        self._left = seat
        self._end(EndReason.LEFT, drawn=False)
        return self.events[start:]

    def _why_illegal(self, action: Action, opts: list[Action]) -> str:
        seat = action.seat
        kinds = {a.kind for a in opts}
        if action.kind not in kinds:
            allowed = ", ".join(sorted(k.name for k in kinds))
            return f"seat {seat} may now only: {allowed}"
        if action.kind is _ACT_DISCARD and action.tile is not None:
            if not 0 <= action.tile < NUM_KINDS or self._hands[seat][action.tile] == 0:
                return "that tile is not in the hand"
            if self._locked[seat] is not None:
                return "a locked 血流成河 hand may only discard the tile it just drew"
            return "the void suit must be discarded first (RULES.md §3.2)"
        if action.kind is _ACT_EXCHANGE_THREE:
            return "choose three tiles of one suit from the hand (RULES.md §3.1)"
        listed = ", ".join(str(a) for a in opts if a.kind is action.kind)
        return f"not allowed now; allowed {action.kind.name} actions: {listed}"

    # ---- events and payments ------------------------------------------------------------

    def _forget_infos(self) -> None:
        """Drop the cached SeatInfo of every seat named by the events not yet read here:
        every change to what a seat shows is an event naming that seat. Run by view()."""
        events = self.events
        start = self._infos_seen
        if start == len(events):
            return
        self._infos_seen = len(events)
        self._infos = None
        info = self._info
        stale = self._stale
        for e in events[start:]:
            k = e.kind  # identity tests: Enum.__hash__ is Python code
            if k is _EV_DISCARD or k is _EV_DRAW or k is _EV_TURN:
                # These change only the seat's hand size and pond: view() refreshes just those.
                s = e.seat
                if s is not None:
                    stale[s] = True
            elif k is _EV_DEAL or k is _EV_EXCHANGE or k is _EV_VOIDS_REVEALED or k is _EV_HAND_END:
                info[:] = [None] * len(info)
                return
            else:
                if e.seat is not None:
                    info[e.seat] = None
                if e.from_seat is not None:
                    info[e.from_seat] = None

    def _emit(self, kind: EventKind, **fields: object) -> Event:
        ev = _new(Event)  # as views.fast_new: fields straight into the instance dict
        values = ev.__dict__
        values.update(_EVENT_DEFAULTS)
        values.update(fields)
        values["kind"] = kind
        values["index"] = len(self.events)
        self.events.append(ev)
        return ev

    def _pay(self, entries: Sequence[LedgerEntry]) -> None:
        for e in entries:
            if e.amount <= 0:
                continue
            self.ledger.add(e)
            self._totals[e.payer] -= e.amount
            self._totals[e.payee] += e.amount
            self._emit(_EV_PAYMENT, seat=e.payee, from_seat=e.payer, entry=e)

    # ---- start: dice, deal, exchange, void ------------------------------------------------

    def _start(self) -> None:
        self._emit(_EV_DICE, seat=self.dealer, dice=self.dice)
        wall = self._wall  # dealt from its head: _pos is 0 here
        for seat, dealt in enumerate(self._dealt_at):
            tiles = sorted(dealt(wall))  # as _sorted_tiles(seat) will list them
            h = self._hands[seat]
            for k in tiles:
                h[k] += 1
            self._emit(_EV_DEAL, seat=seat, tiles=tuple(tiles))
        self._pos = self._deal_size
        if self.rules.exchange_three:
            self.phase = _PH_EXCHANGE
            self.exchange_dir = exchange_direction(self.dice, self.players)
            self._options = {s: self._exchange_options(s) for s in range(self.players)}
        else:
            self._begin_void_or_play()

    def _sorted_tiles(self, seat: int) -> list[int]:
        # Each kind repeated as often as it is held, in kind order.
        return list(chain.from_iterable(map(repeat, range(NUM_KINDS), self._hands[seat])))

    def _exchange_options(self, seat: int) -> list[Action]:
        h = self._hands[seat]
        acts: list[Action] = []
        for base in (0, 9, 18):
            for triple in _suit_triples(bytes(h[base : base + 9]), base):
                act = _EXCHANGE_ACTIONS.get((seat, triple))
                if act is None:
                    act = Action(_ACT_EXCHANGE_THREE, seat, tiles=triple)
                    _EXCHANGE_ACTIONS[(seat, triple)] = act
                acts.append(act)
        return acts

    def _apply_exchange(self, action: Action) -> None:
        self._exchange_chosen[action.seat] = action.tiles
        del self._options[action.seat]
        self._emit(_EV_EXCHANGE_CHOSEN, seat=action.seat)
        if self._options:
            return
        direction = self.exchange_dir or "across"
        chosen = [t for t in self._exchange_chosen if t is not None]
        n = self.players
        for seat in range(n):
            for k in chosen[seat]:
                self._hands[seat][k] -= 1
        for seat in range(n):
            to = exchange_target(seat, direction, n)
            for k in chosen[seat]:
                self._hands[to][k] += 1
        for seat in range(n):
            giver = next(s for s in range(n) if exchange_target(s, direction, n) == seat)
            self._emit(
                _EV_EXCHANGE,
                seat=seat,
                from_seat=giver,
                tiles=chosen[giver],
                detail=direction,
            )
        self._begin_void_or_play()

    def _begin_void_or_play(self) -> None:
        # 定缺 needs all three suits in the wall (docs/rules-short-handed.md).
        if self._voids_declared:
            self.phase = _PH_DECLARE_VOID
            self._options = {s: list(_VOID[s]) for s in range(self.players)}
        else:
            self._begin_play()

    def _apply_void(self, action: Action) -> None:
        self._void_chosen[action.seat] = action.suit
        del self._options[action.seat]
        self._emit(_EV_VOID_CHOSEN, seat=action.seat)
        if self._options:
            return
        # RULES.md §3.2: declared secretly, revealed together.
        self._void = list(self._void_chosen)
        # Void tiles held, kept up to date by draws and discards: pongs, kongs and wins
        # never move a void-suit tile (RULES.md §3.2).
        self._void_n = [self._count_void(s) for s in range(self.players)]
        self._emit(_EV_VOIDS_REVEALED, tiles=tuple(-1 if v is None else v for v in self._void))
        self._begin_play()

    def _begin_play(self) -> None:
        self.phase = _PH_PLAY
        # The dealer's 14th tile (跳牌, the last one dealt) plays the part of its draw: it is
        # "the" winning tile of a 天胡 and shown apart, unless it was passed on at 换三张.
        jump = self._wall[self._deal_size - 1]
        opening = jump if self._hands[self.dealer][jump] else None
        self._begin_turn(self.dealer, draw=False, opening=opening)

    # ---- turns --------------------------------------------------------------------------

    def _begin_turn(
        self,
        seat: int,
        *,
        draw: bool,
        replacement: bool = False,
        after_pong: bool = False,
        opening: int | None = None,
    ) -> None:
        """Give ``seat`` the turn (drawing first unless it is the dealer's opening turn or
        it just ponged). An empty wall ends the hand (RULES.md §3.8)."""
        if draw and self._pos >= self._num_tiles:
            self._end_wall()
            return
        events = self.events
        if not replacement:
            self.current = seat
            self._turn_kong = None
            self._drawn = opening
            self._turn_drawn = [] if opening is None else [opening]
            ev = _new(Event)  # _event(TURN, len(events), seat, None), inlined
            values = ev.__dict__
            values.update(_TURN_VALUES)
            values["seat"] = seat
            values["index"] = len(events)
            events.append(ev)
        self.step = _ST_TURN
        self._after_pong = after_pong
        self._replacement = replacement
        if draw:
            pos = self._pos
            kind = self._wall[pos]
            self._pos = pos + 1
            self._late_draw[seat] = pos >= self._late_from
            h = self._hands[seat]
            h[kind] += 1
            if h[kind] == 4:
                self._may_hold_four[seat] = True
            self._drawn = kind
            self._turn_drawn.append(kind)
            if kind // 9 == self._void[seat]:
                self._void_n[seat] += 1
            # RULES.md §3.5: a 过手胡 block lasts until the player's own next draw.
            blocked = self._block_tiles[seat]
            if blocked:
                blocked.clear()
            self._block_value[seat] = None
            if replacement:
                self._emit(_EV_DRAW, seat=seat, tile=kind, detail="replacement")
            else:
                ev = _new(Event)  # _event(DRAW, len(events), seat, kind), inlined
                values = ev.__dict__
                values.update(_DRAW_VALUES)
                values["seat"] = seat
                values["tile"] = kind
                values["index"] = len(events)
                events.append(ev)
        self._options = {seat: self._turn_options(seat)}

    def _void_held(self, seat: int) -> bool:
        return self._void_n[seat] > 0

    def _count_void(self, seat: int) -> int:
        v = self._void[seat]
        if v is None:
            return 0
        return sum(self._hands[seat][v * 9 : v * 9 + 9])

    def _turn_options(self, seat: int) -> list[Action]:
        h = self._hands[seat]
        self._self_win = None
        if self._after_pong:
            return self._discard_options(seat)
        acts: list[Action] = []
        drawn = self._drawn
        locked = self._locked[seat]
        win_tile = drawn
        if win_tile is None:
            # The dealer's opening 14 (天胡): any tile may be "the" winning tile.
            win_tile = next(k for k in range(NUM_KINDS) if h[k])
        # (No self-drawn win while holding void tiles: skip the call.)
        score = None if self._void_n[seat] else self._self_win_score(seat, win_tile)
        self._self_win = score
        if score is not None:
            acts.append(_WIN[seat][win_tile])
            if self.rules.last_four_forced and drawn is not None and self._late_draw[seat]:
                # RULES.md §3.6: a win on a tile drawn as one of the last four is the only
                # legal action. (``drawn`` is None only on the dealer's opening turn; an item
                # swap's tile stands for the turn's draw.)
                return acts
        void = self._void[seat]
        if self._pos < self._num_tiles:  # a kong needs a replacement tile
            if locked is None:
                if self._may_hold_four[seat]:
                    if 4 in h:
                        for k in range(NUM_KINDS):
                            if h[k] == 4 and k // 9 != void:
                                acts.append(_CONCEALED[seat][k])
                    else:
                        self._may_hold_four[seat] = False
                for m in self._melds[seat]:
                    if m.kind is _MELD_PONG and h[m.tile]:
                        acts.append(_ADDED[seat][m.tile])
            elif drawn is not None:
                # RULES.md §3.7 血流成河: a locked hand may only kong the tile it just drew,
                # and only if its winning tiles stay the same (decided here).
                if h[drawn] == 4 and self._locked_kong_keeps_waits(seat, drawn, 4):
                    acts.append(_CONCEALED[seat][drawn])
                for m in self._melds[seat]:
                    if m.kind is _MELD_PONG and m.tile == drawn:
                        acts.append(_ADDED[seat][drawn])
        if locked is not None and drawn is not None:
            acts.append(_DISCARD[seat][drawn])
        elif acts:
            acts.extend(self._discard_options(seat))
        else:  # nothing but discards (the usual turn): _discard_options, inlined
            row = _DISCARD[seat]
            if void is not None and self._void_n[seat] and self._void_first_rule:
                base = void * 9
                void_kinds = list(compress(row[base : base + 9], h[base : base + 9]))
                if void_kinds:
                    return void_kinds  # RULES.md §3.2 must_discard_void_first
            return list(compress(row, h))
        return acts

    def _discard_options(self, seat: int) -> list[Action]:
        h = self._hands[seat]
        row = _DISCARD[seat]
        v = self._void[seat]
        if v is not None and self._void_first_rule and self._void_n[seat]:
            base = v * 9
            void_kinds = list(compress(row[base : base + 9], h[base : base + 9]))
            if void_kinds:
                return void_kinds  # RULES.md §3.2 must_discard_void_first
        return list(compress(row, h))  # one action per kind held, in kind order

    def _locked_kong_keeps_waits(self, seat: int, kind: int, remove: int) -> bool:
        """RULES.md §3.7 (血流成河): a winner's kong must leave its winning tiles unchanged.
        Decided here, as Sichuan tables rule it (the locked hand may not be rearranged): a
        concealed kong only of the tile just drawn, never of four held since the win."""
        locked = self._locked[seat]
        assert locked is not None
        h = list(self._hands[seat])
        h[kind] -= remove
        if remove == 4 and self._drawn is not None and self._drawn != kind:
            return False
        return frozenset(waits(h, len(self._melds[seat]) + 1, self._void[seat])) == locked

    def _self_win_score(self, seat: int, tile: int) -> ScoreResult | None:
        """The score of a self-drawn win now, or None. Self-drawn wins are never blocked by
        过手胡 (RULES.md §3.5)."""
        if self._void_n[seat]:
            return None
        h = self._hands[seat]
        void = self._void[seat]
        if void is not None:
            third = (3 - void - tile // 9) * 9  # neither void nor the winning tile's suit
            if not _suit_can_win(bytes(h[third : third + 9])):
                return None  # (the cheap filter of _open_window)
        if not is_win(h, len(self._melds[seat]), void):
            return None
        res = self._score(
            seat,
            h,
            tile,
            self_drawn=True,
            kong_replacement=self._replacement,
            paid_as_discard=self._bloom_discarder() is not None,
        )
        return res if res.win else None

    def _bloom_discarder(self) -> int | None:
        """引杠杠上花 with ``kong_bloom_on_exposed = "discarder_pays"`` (RULES.md §6.1): the
        seat that discarded the tile of the exposed kong whose replacement is the current
        tile, who alone pays a win on it; None when the rule does not apply."""
        k = self._turn_kong
        if not self._replacement or k is None:
            return None
        if self.rules.kong_bloom_on_exposed != "discarder_pays":
            return None
        return self._kong_from[k]

    def _score(
        self,
        seat: int,
        counts: Sequence[int],
        tile: int,
        *,
        self_drawn: bool = False,
        kong_replacement: bool = False,
        after_kong: bool = False,
        robbing_kong: bool = False,
        paid_as_discard: bool = False,
    ) -> ScoreResult:
        ctx = WinContext(
            concealed=tuple(counts),
            melds=tuple(self._melds[seat]),
            win_tile=tile,
            self_drawn=self_drawn,
            kong_replacement=kong_replacement,
            after_kong=after_kong,
            robbing_kong=robbing_kong,
            last_tile=self._pos >= self._num_tiles,
            last_copy=self._is_last_copy(
                tile, on_table=not (self_drawn or kong_replacement or robbing_kong)
            ),
            first_turn=self._first_turn(seat),
            dealer=seat == self.dealer,
            void=self._void[seat],
            paid_as_discard=paid_as_discard,
        )
        return score_hand(ctx, self.rules)

    def _first_turn(self, seat: int) -> bool:
        """天胡/地胡 (RULES.md §5.1): before the seat's own first discard, with no pong or
        kong by anyone yet, and not after an earlier win of its own (血流成河).

        Decided here (§5.1 with §8): a seat that used a swap item this hand cannot score
        either — 天胡 is a win on the dealer's *initial* 14 tiles and 地胡 one on the first
        draw, and a tile bought from the wall by 偷天换日 or 移花接木 is neither (else an item
        would buy a capped hand). 乾坤大挪移 acts before the deal: its hand is the one dealt."""
        return (
            not self._has_discarded[seat]
            and not self._any_meld
            and not self._won[seat]
            and not self._swapped[seat]
        )

    def _is_last_copy(self, tile: int, *, on_table: bool) -> bool:
        """绝张 (RULES.md §5.1): the other three copies of the winning kind are all shown on
        the table (ponds, melds — the winner's own too —, concealed kongs, winning tiles);
        copies in the winner's own hand do not count. ``on_table``: the winning tile itself
        is face up (a discard in its pond), so it is not one of the other three. A robbed
        kong's pong shows all three."""
        return self._public[tile] - on_table >= 3

    def _public_counts(self) -> list[int]:
        return list(self._public)

    def recount_public(self) -> list[int]:
        """Every face-up tile by kind, counted from scratch (the engine keeps this count
        incrementally; tests compare the two)."""
        c = [0] * NUM_KINDS
        for s in range(self.players):
            for m in self._melds[s]:
                c[m.tile] += m.size
            for k, claimed in zip(self._pond[s], self._pond_claimed[s], strict=True):
                if not claimed:
                    c[k] += 1
            for w in self._win_tiles[s]:
                c[w] += 1
            if self._won[s] and self._locked[s] is None:
                h = self._hands[s]
                for k in range(NUM_KINDS):
                    c[k] += h[k]
        # 一炮多响: the shared winning tile is listed for each winner but is one tile.
        for rec in self.wins:
            if rec.shared:
                c[rec.tile] -= 1
        return c

    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        kind = action.kind
        tile = action.tile
        assert tile is not None
        if kind is _ACT_DISCARD:
            self._discard(seat, tile)
        elif kind is _ACT_WIN:
            self._self_drawn_win(seat, tile)
        elif kind is _ACT_CONCEALED_KONG:
            self._hands[seat][tile] -= 4
            self._public[tile] += 4  # RULES.md/004: concealed kongs are shown face up
            self._declare_kong(seat, Meld(_MELD_CONCEALED_KONG, tile), None)
        elif kind is _ACT_ADDED_KONG:
            self._try_added_kong(seat, tile)
        else:  # pragma: no cover - the legal list never holds anything else
            raise AssertionError(action)

    def _discard(self, seat: int, tile: int) -> None:
        self._hands[seat][tile] -= 1
        if tile // 9 == self._void[seat]:
            self._void_n[seat] -= 1
        self._pond[seat].append(tile)
        self._pond_claimed[seat].append(False)
        self._public[tile] += 1
        self._has_discarded[seat] = True
        events = self.events
        ev = _new(Event)  # _event(DISCARD, len(events), seat, tile), inlined
        values = ev.__dict__
        values.update(_DISCARD_VALUES)
        values["seat"] = seat
        values["tile"] = tile
        values["index"] = len(events)
        events.append(ev)
        self._open_window(seat, tile, rob=False)

    # ---- claim windows ------------------------------------------------------------------

    def _open_window(self, from_seat: int, tile: int, *, rob: bool) -> None:
        """After a discard (or an added kong that may be robbed), every other seat with a
        claim becomes pending (RULES.md §3.3–§3.4)."""
        self.step = _ST_ROB if rob else _ST_CLAIM
        self._offer_tile = tile
        self._offer_from = from_seat
        self._offer_kong = None if rob else self._turn_kong
        if self._answers:  # (left empty by a window nobody could claim in: no new dicts)
            self._answers = {}
        if self._win_offers:
            self._win_offers = {}
        options: dict[int, list[Action]] = {}
        r = tile % 9
        suit = tile // 9
        out = self._out
        hands = self._hands
        voids = self._void
        void_n = self._void_n
        melds = self._melds
        can_win = _SUIT_CAN_WIN
        for seat in self._after[from_seat]:
            if out[seat] or voids[seat] == suit:
                continue  # a void-suit tile: no win, no pong, no kong (RULES.md §3.2)
            h = hands[seat]
            if void_n[seat]:
                if rob or h[tile] < 2:
                    continue  # no win while holding void tiles, and no pong/kong (fast path)
            elif not (
                h[tile]
                or (r >= 1 and h[tile - 1])
                or (r >= 2 and h[tile - 2])
                or (r <= 7 and h[tile + 1])
                or (r <= 6 and h[tile + 2])
            ):
                continue  # no copy or neighbour: no pong, no kong, no win (fast path)
            elif rob or h[tile] < 2:
                # Only a win could be claimed: skip the seat unless the tile completes its
                # hand (the shape test _discard_win_score would make first; fast path).
                v = voids[seat]
                if v is not None:
                    third = (3 - v - suit) * 9  # neither void nor the tile's suit
                    key = bytes(h[third : third + 9])
                    can = can_win.get(key)
                    if not (can or (can is None and _suit_can_win(key))):
                        continue
                h[tile] += 1
                win = is_win(h, len(melds[seat]), voids[seat])
                h[tile] -= 1
                if not win:
                    continue
            acts = self._claim_options(seat, tile, rob)
            if acts:
                options[seat] = acts
        self._options = options
        if not options:
            if rob:
                self._complete_added_kong(from_seat, tile)
            else:  # nobody can claim: the next seat draws (_continue_after, inlined)
                for nxt in self._after[from_seat]:
                    if not out[nxt]:
                        self._begin_turn(nxt, draw=True)
                        return
                self._end_wall()  # pragma: no cover - the hand ends before nobody is left

    def _claim_options(self, seat: int, tile: int, rob: bool) -> list[Action]:
        h = self._hands[seat]
        acts: list[Action] = []
        score = self._discard_win_score(seat, tile, rob)
        if score is not None:
            self._win_offers[seat] = score
            acts.append(_WIN[seat][tile])
            src = self._offer_from
            if self.rules.last_four_forced and src is not None and self._late_draw[src]:
                # RULES.md §3.6: the tile was discarded (or added to a kong) by a player whose
                # last draw was one of the last four: the win is the only legal action.
                return acts
        if not rob and self._pos < self._num_tiles and tile // 9 != self._void[seat]:
            # Decided here: on the last discard (empty wall) only a win may be claimed.
            n = h[tile]
            locked = self._locked[seat]
            if n == 3 and (locked is None or self._locked_kong_keeps_waits(seat, tile, 3)):
                acts.append(_EXPOSED[seat][tile])
            if n >= 2 and locked is None:
                acts.append(_PONG[seat][tile])
        if acts:
            acts.append(_PASS[seat])
        return acts

    def _discard_win_score(self, seat: int, tile: int, rob: bool) -> ScoreResult | None:
        v = self._void[seat]
        if v is not None and tile // 9 == v:
            return None
        # (_open_window already skipped seats with no copy or neighbour of the tile.)
        if self._void_n[seat]:
            return None
        h = self._hands[seat]
        melds = len(self._melds[seat])
        h[tile] += 1
        try:
            if not is_win(h, melds, v):
                return None
            res = self._score(
                seat, h, tile, after_kong=self._turn_kong is not None and not rob, robbing_kong=rob
            )
        finally:
            h[tile] -= 1
        if not res.win:
            return None
        if self._discard_min and res.pattern == "ping_hu" and res.value <= res.pattern_value:
            # docs/rules-short-handed.md 点炮不可平胡 (discard_min_fan): a plain 平胡 wins by
            # self-draw only; 杠上炮, 抢杠, a root or 门清/中张 make it more than plain.
            return None
        # RULES.md §3.5 过手胡: a declined win blocks later discard wins until own next draw.
        if tile in self._block_tiles[seat]:
            return None
        blocked = self._block_value[seat]
        if blocked is not None and res.value <= blocked:
            return None
        return res

    def _apply_answer(self, action: Action) -> None:
        seat = action.seat
        self._answers[seat] = action
        del self._options[seat]
        if action.kind is not _ACT_WIN and seat in self._win_offers:
            self._decline_win(seat)
        if not self._options:
            self._resolve_window()

    def _decline_win(self, seat: int) -> None:
        """RULES.md §3.5: remember the declined win (pong/kong instead of a win declines it
        too)."""
        tile = self._offer_tile
        assert tile is not None
        if self.rules.passed_win == "same_tile":
            self._block_tiles[seat].add(tile)
        else:
            value = self._win_offers[seat].value
            old = self._block_value[seat]
            self._block_value[seat] = value if old is None else max(old, value)

    def _resolve_window(self) -> None:
        tile = self._offer_tile
        src = self._offer_from
        assert tile is not None and src is not None
        rob = self.step is _ST_ROB
        order = self._after[src]
        winners = [s for s in order if (a := self._answers.get(s)) and a.kind is _ACT_WIN]
        self._options = {}
        if winners:
            self._discard_wins(src, tile, winners, rob)
            return
        if rob:
            self._complete_added_kong(src, tile)
            return
        for s in order:
            a = self._answers.get(s)
            if a is None:
                continue
            if a.kind is _ACT_EXPOSED_KONG:
                self._claim_tile_from_pond(src)
                self._hands[s][tile] -= 3
                self._public[tile] += 3
                self._declare_kong(s, Meld(_MELD_EXPOSED_KONG, tile), src)
                return
            if a.kind is _ACT_PONG:
                self._claim_tile_from_pond(src)
                self._hands[s][tile] -= 2
                self._public[tile] += 2
                meld = Meld(_MELD_PONG, tile)
                self._melds[s].append(meld)
                self._meld_view[s] = tuple(self._melds[s])
                self._any_meld = True
                self._emit(_EV_PONG, seat=s, tile=tile, from_seat=src, meld=meld)
                # RULES.md §3.3: after a pong the claimer must discard.
                self._begin_turn(s, draw=False, after_pong=True)
                return
        self._continue_after(src)

    def _claim_tile_from_pond(self, src: int) -> None:
        self._pond_claimed[src][-1] = True
        view = self._pond_tiles(src)
        self._pond_view[src] = (*view[:-1], _POND[view[-1].tile][1])

    def _pond_tiles(self, seat: int) -> tuple[PondTile, ...]:
        """``seat``'s pond for its SeatInfo. Discards are added here, when a view or a claim
        asks, not by each discard (a discard always joins the pond unclaimed)."""
        view = self._pond_view[seat]
        pond = self._pond[seat]
        n = len(view)
        if n != len(pond):
            view = self._pond_view[seat] = view + tuple(_POND[k][0] for k in pond[n:])
        return view

    def _continue_after(self, seat: int) -> None:
        """The next seat in play after ``seat`` draws (RULES.md §3.3)."""
        out = self._out
        for nxt in self._after[seat]:
            if not out[nxt]:
                self._begin_turn(nxt, draw=True)
                return
        self._end_wall()  # pragma: no cover - the hand ends before nobody is left

    # ---- kongs --------------------------------------------------------------------------

    def _try_added_kong(self, seat: int, tile: int) -> None:
        """面下杠: others may rob it first (RULES.md §3.4); a concealed kong never can be."""
        self._emit(_EV_KONG_DECLARED, seat=seat, tile=tile)
        self._open_window(seat, tile, rob=True)

    def _complete_added_kong(self, seat: int, tile: int) -> None:
        self._hands[seat][tile] -= 1
        self._public[tile] += 1
        melds = self._melds[seat]
        idx = next(i for i, m in enumerate(melds) if m.kind is _MELD_PONG and m.tile == tile)
        del melds[idx]
        self.current = seat
        self.step = _ST_TURN
        self._declare_kong(seat, Meld(_MELD_ADDED_KONG, tile), None, replace_at=idx)

    def _declare_kong(
        self, seat: int, meld: Meld, from_seat: int | None, replace_at: int | None = None
    ) -> None:
        """Put the kong down, collect 刮风下雨 at once (RULES.md §6.2), draw a replacement
        from the same queue (§2)."""
        if replace_at is None:
            self._melds[seat].append(meld)
        else:
            self._melds[seat].insert(replace_at, meld)
        self._meld_view[seat] = tuple(self._melds[seat])
        self._any_meld = True
        tile = meld.tile
        ev = self._emit(_EV_KONG, seat=seat, tile=tile, from_seat=from_seat, meld=meld)
        base = self.rules.base
        others = [s for s in range(self.players) if s != seat and not self._out[s]]
        kong = KongFacts(meld.kind, tile, ev.index)
        entries: list[LedgerEntry] = []
        if meld.kind is _MELD_CONCEALED_KONG:
            entries = kong_entries(
                konger=seat,
                reason=Reason.KONG_CONCEALED,
                payers=others,
                amount=2 * base,
                kong=kong,
            )
        elif meld.kind is _MELD_ADDED_KONG:
            # RULES.md §6.2 added_kong_immediate: pays only if declared on the turn its 4th
            # tile was drawn — also after another kong (or an item) that same turn, whose
            # replacement is the latest draw
            if not self.rules.added_kong_immediate or tile in self._turn_drawn:
                entries = kong_entries(
                    konger=seat,
                    reason=Reason.KONG_ADDED,
                    payers=others,
                    amount=base,
                    kong=kong,
                )
        else:
            assert from_seat is not None
            entries = kong_entries(
                konger=seat,
                reason=Reason.KONG_EXPOSED,
                payers=[from_seat] if not self._out[from_seat] else [],
                amount=self.rules.exposed_kong_pay * base,
                kong=kong,
            )
            if self.rules.drizzle:
                # 下毛毛雨: decided here, "each other un-won player" excludes the discarder,
                # who already pays the exposed kong itself.
                entries += kong_entries(
                    konger=seat,
                    reason=Reason.KONG_DRIZZLE,
                    payers=[s for s in others if s != from_seat],
                    amount=base,
                    kong=kong,
                )
        entries = [e for e in entries if e.amount > 0]
        self._pay(entries)
        self._kongs.append(KongIncome(seat, kong, tuple(entries)))
        self._kong_from.append(from_seat)
        kong_index = len(self._kongs) - 1
        if from_seat is not None:
            self._emit(_EV_TURN, seat=seat)
            self.current = seat
            self._drawn = None
            self._turn_drawn = []  # the discarder's draws are not this seat's
        self._turn_kong = kong_index
        self._begin_turn(seat, draw=True, replacement=True)

    # ---- wins ---------------------------------------------------------------------------

    def _self_drawn_win(self, seat: int, tile: int) -> None:
        h = self._hands[seat]
        score = self._self_win
        assert score is not None
        flags: list[EventFlag] = [_FL_SELF_DRAWN]
        payers = [s for s in range(self.players) if s != seat and not self._out[s]]
        reason = Reason.WIN_SELF_DRAWN
        if self._replacement:
            flags.append(_FL_KONG_BLOOM)
            src = self._bloom_discarder()
            if src is not None:
                # RULES.md §6.1 引杠杠上花 discarder_pays: the kong tile's discarder pays
                # alone, as for a discard win (the score, _self_win_score's, is a discard
                # win's: 杠上花 counts, 自摸加底/自摸加番 do not).
                payers = [src] if not self._out[src] else []
                reason = Reason.WIN_KONG_BLOOM_DISCARDER
        if self._pos >= self._num_tiles:
            flags.append(_FL_LAST_TILE)
        if self._first_turn(seat):
            flags.append(_FL_FIRST_TURN)
        revealed = tuple(self._sorted_tiles(seat))
        h[tile] -= 1
        self._set_aside += 1
        self._public[tile] += 1
        ev = self._record_win(seat, tile, None, score, tuple(flags), revealed, shared=False)
        self._pay(
            win_entries(
                winner=seat,
                payers=payers,
                reason=reason,
                event_index=ev.index,
                tile=tile,
                score=score,
            )
        )
        self._after_wins(seat, [seat])

    def _discard_wins(self, src: int, tile: int, winners: list[int], rob: bool) -> None:
        """One discard (or robbed kong), one or more winners (一炮多响): each is paid by the
        discarder separately (RULES.md §6.1)."""
        if rob:
            # RULES.md §3.4: the kong is void; the tile leaves the robbed player's hand.
            self._hands[src][tile] -= 1
            self._public[tile] += 1
        else:
            self._claim_tile_from_pond(src)
        self._set_aside += 1
        kong = self._offer_kong
        transfer = 0
        if kong is not None and not rob and self.rules.kong_transfer:
            # RULES.md §6.1 呼叫转移 (option kong_transfer; off, 杠上炮 still counts as fan).
            income = self._kongs[kong]
            transfer = sum(e.amount for e in income.payments)
        for n, seat in enumerate(winners):
            score = self._win_offers[seat]
            flags: list[EventFlag] = [_FL_ROBBING_KONG] if rob else []
            if kong is not None and not rob:
                flags.append(_FL_AFTER_KONG)
            if self._pos >= self._num_tiles:
                flags.append(_FL_LAST_TILE)
            if self._first_turn(seat):
                flags.append(_FL_FIRST_TURN)
            if len(winners) > 1:
                flags.append(_FL_MULTI)
            h = self._hands[seat]
            h[tile] += 1
            revealed = tuple(self._sorted_tiles(seat))
            h[tile] -= 1
            ev = self._record_win(seat, tile, src, score, tuple(flags), revealed, shared=n > 0)
            entries = win_entries(
                winner=seat,
                payers=[src],
                reason=Reason.WIN_ROBBING_KONG if rob else Reason.WIN_DISCARD,
                event_index=ev.index,
                tile=tile,
                score=score,
            )
            if transfer > 0:
                # RULES.md §6.1 杠上炮 transfer (呼叫转移): the kong's income goes to the
                # winner; with several winners the discarder pays that amount to each.
                entries.append(
                    kong_transfer_entry(
                        discarder=src,
                        winner=seat,
                        amount=transfer,
                        event_index=ev.index,
                        kong=income.kong,
                    )
                )
            self._pay(entries)
        if transfer > 0 and kong is not None:
            # Its income is gone: no 退税 of this kong later (decided here).
            self._kongs[kong] = replace(self._kongs[kong], transferred=True)
        self._after_wins(src, winners)

    def _record_win(
        self,
        seat: int,
        tile: int,
        src: int | None,
        score: ScoreResult,
        flags: tuple[EventFlag, ...],
        revealed: tuple[int, ...],
        *,
        shared: bool,
    ) -> Event:
        if self.rules.mode == "xueliu":
            flags = (*flags, _FL_HAND_CONCEALED)  # the winner plays on: for_seat hides tiles
        ev = self._emit(
            _EV_WIN,
            seat=seat,
            tile=tile,
            from_seat=src,
            score=score,
            flags=flags,
            tiles=revealed,
        )
        self.wins.append(WinRecord(seat, tile, src, score, flags, ev.index, shared))
        self._win_tiles[seat].append(tile)
        self._won[seat] = True
        if self.rules.mode == "xueliu":
            # RULES.md §3.7 血流成河: keep the 13 tiles, locked on their winning tiles.
            self._locked[seat] = frozenset(
                waits(self._hands[seat], len(self._melds[seat]), self._void[seat])
            )
        else:
            self._out[seat] = True
            # The winner's hand is laid face up (血流成河 winners play on, concealed).
            h = self._hands[seat]
            self._revealed[seat] = tuple(self._sorted_tiles(seat))
            for k in range(NUM_KINDS):
                self._public[k] += h[k]
        return ev

    def _after_wins(self, src: int, winners: list[int]) -> None:
        """Who plays next (RULES.md §3.7): the next seat in play after the last winner in
        turn order from the discarder, or after the self-drawn winner."""
        if not self._first_group:
            self._first_group = tuple(winners)
        mode = self.rules.mode
        if mode == "single":
            self._end(EndReason.FIRST_WIN, drawn=False)
            return
        n = self.players
        if mode == "xuezhan" and sum(self._won) >= n - 1:
            # 血战到底: all but one have won — with two players, the first win.
            self._end(EndReason.THREE_WON if n == 4 else EndReason.ALL_BUT_ONE_WON, drawn=False)
            return
        self._continue_after(winners[-1])

    # ---- end of the hand ----------------------------------------------------------------

    def _ready_check(self, seat: int, pick: str | None = None) -> ReadyCheck:
        """花猪 / 下叫 / hand value of one seat, as at 查叫 (RULES.md §6.3): the value is
        ``pay_ready`` max/min over its winning tiles, each scored as a discard win with roots
        and no situational extras."""
        in_play = not self._out[seat]
        h = self._hands[seat]
        melds = self._melds[seat]
        void = self._void[seat]
        if void is not None:
            pig = self._void_held(seat)
        else:
            suits = {k // 9 for k in range(NUM_KINDS) if h[k]} | {m.tile // 9 for m in melds}
            pig = len(suits) == 3
        if pig:
            return ReadyCheck(seat, in_play, True, False, 0, void=void)
        if sum(h) % 3 == 2:
            # Mid-turn (only when someone leaves, §6.4): the best hand it can discard to.
            top = ReadyCheck(seat, in_play, False, False, 0, void=void)
            for k in range(NUM_KINDS):
                if h[k]:
                    h[k] -= 1
                    try:
                        check = self._ready_check(seat, pick)
                    finally:
                        h[k] += 1
                    if check.ready and (not top.ready or check.value > top.value):
                        top = check
            return top
        if void is not None and not any(
            _suit_can_win(bytes(h[b : b + 9])) for b in _KEPT_SUIT_BASES[void]
        ):
            # Not ready: a winning tile would leave the other kept suit complete (the
            # cheap filter of _open_window), and neither is; win_values would find no wait.
            values = []
        else:
            values = win_values(h, melds, self.rules, void)
        if values and not self.rules.dead_wait_counts:
            # 死叫算叫 off: a wait whose every copy this player can see is no wait.
            public = self._public_counts()
            values = [(k, r) for k, r in values if h[k] + public[k] < 4]
        if not values:
            return ReadyCheck(seat, in_play, False, False, 0, void=void)
        choose = max if (pick or self.rules.pay_ready) == "max" else min
        tile, best = choose(values, key=lambda kr: (kr[1].points, kr[1].value))
        return ReadyCheck(seat, in_play, False, True, best.points, tile, best, void)

    def _winner_check(self, seat: int) -> ReadyCheck:
        """A 血流成河 winner at the wall's end (RULES.md §6.3 step 4): ready with its locked
        hand, valued at its best (max) win value, never a flower pig. 死叫 off: over its live
        winning tiles, or all of them if every one is dead (it counts as ready regardless)."""
        h = self._hands[seat]
        void = self._void[seat]
        values = win_values(h, self._melds[seat], self.rules, void)
        if values and not self.rules.dead_wait_counts:
            public = self._public
            values = [(k, r) for k, r in values if h[k] + public[k] < 4] or values
        if not values:  # pragma: no cover - a locked hand keeps its winning tiles
            return ReadyCheck(seat, True, False, True, 0, void=void)
        tile, best = max(values, key=lambda kr: (kr[1].points, kr[1].value))
        return ReadyCheck(seat, True, False, True, best.points, tile, best, void)

    def _end_wall(self) -> None:
        """流局 (RULES.md §3.8, §6.3): 查花猪, 查大叫, 退税."""
        ev = self._emit(_EV_WALL_EMPTY)
        # Seats out of play take no part in 查花猪/查大叫/退税 (drawn_hand_entries reads only
        # the in-play checks): a winner's hand is not valued for nothing.
        checks = [
            ReadyCheck(s, False, False, False, 0)
            if self._out[s]
            else self._winner_check(s)
            if self._won[s]
            else self._ready_check(s)
            for s in range(self.players)
        ]
        self.end_checks = tuple(checks)
        entries = drawn_hand_entries(
            checks,
            self._kongs,
            pig_penalty=self.rules.pig_penalty_points,
            refund_to=self.rules.refund_to,
            event_index=ev.index,
        )
        self._pay(entries)
        self._end(EndReason.WALL_EMPTY, drawn=True)

    def _end(self, reason: EndReason, *, drawn: bool) -> None:
        self._emit(_EV_HAND_END, detail=reason, flags=(EventFlag.DRAWN,) if drawn else ())
        self._finish(reason, drawn=drawn)

    def _finish(self, reason: EndReason, *, drawn: bool) -> None:
        self.phase = _PH_ENDED
        self.step = _ST_NONE
        self._options = {}
        first_winners: tuple[int, ...] = ()
        first_from: int | None = None
        if self.wins:
            first_from = self.wins[0].from_seat
            first_winners = self._first_group
        deal_in = next((w.from_seat for w in self.wins if w.from_seat is not None), None)
        self.result = RoundResult(
            dealer=self.dealer,
            wins=tuple(self.wins),
            drawn=drawn,
            reason=reason,
            left_seat=self._left,
            totals=tuple(self._totals),
            first_winners=first_winners,
            first_win_from=first_from,
            first_deal_in=deal_in,
        )

    # ---- views --------------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now (engine/views.py); nothing hidden from other seats.

        A winner's hand is face up in ``SeatInfo.revealed``; 血流成河 winners play on with
        their hand concealed (decided here)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0-{self.players - 1}, got {quote(seat)}")
        if self._infos_seen != len(self.events):
            self._forget_infos()
        phase = self.phase
        step = self.step
        revealed_voids = phase is _PH_PLAY or phase is _PH_ENDED
        cache = self._info
        items = self.items
        infos = self._infos
        if infos is None:
            voids = self._void if revealed_voids else self._void_chosen_hidden
            hands = self._hands
            stale = self._stale
            for s in range(self.players):
                old = cache[s]
                if old is not None:
                    if stale[s]:
                        values = old.__dict__.copy()
                        values["hand_size"] = sum(hands[s])
                        values["pond"] = self._pond_tiles(s)
                        info = _new(SeatInfo)
                        _set_attr(info, "__dict__", values)
                        cache[s] = info
                        stale[s] = False
                else:
                    stale[s] = False
                    info = _new(SeatInfo)
                    _set_attr(
                        info,
                        "__dict__",
                        {
                            "seat": s,
                            "hand_size": sum(hands[s]),
                            "melds": self._meld_view[s],
                            "pond": self._pond_tiles(s),
                            "void": voids[s],
                            "won": self._won[s],
                            "out": self._out[s],
                            "win_tiles": tuple(self._win_tiles[s]),
                            "revealed": self._revealed[s],
                            "points": self._totals[s],
                            "golden": items is not None and items.golden[s],
                        },
                    )
                    cache[s] = info
            infos = self._infos = cast("tuple[SeatInfo, ...]", tuple(cache))  # no None left
        in_window = step is _ST_CLAIM or step is _ST_ROB
        current = self.current
        blocked = self._block_tiles[seat]
        # The score of this seat's win on offer, the one the settlement pays (_score's).
        win_score = None
        if seat in self._options:
            if in_window:
                win_score = self._win_offers.get(seat)
            elif step is _ST_TURN and seat == current:
                win_score = self._self_win
        # Built as views.fast_new would, without copying the dict.
        view = _new(PlayerView)
        _set_attr(
            view,
            "__dict__",
            {
                "seat": seat,
                "dealer": self.dealer,
                "current": current,
                "phase": phase,
                "rules": self.rules,
                "wall_remaining": self._num_tiles - self._pos,
                "concealed": tuple(self._hands[seat]),
                "last_drawn": self._drawn if seat == current and step is _ST_TURN else None,
                "own_void": (self._void if revealed_voids else self._void_chosen)[seat],
                "seats": infos,
                "public": tuple(self._public),
                "claim_tile": self._offer_tile if in_window else None,
                "claim_from": self._offer_from if in_window else None,
                "claim_is_rob": step is _ST_ROB,
                "void_first": self._void_n[seat] > 0 and self._void_first_rule,
                "blocked_tiles": tuple(sorted(blocked)) if blocked else (),
                "blocked_value": self._block_value[seat],
                "dice": self.dice,
                "exchange_direction": self.exchange_dir,
                "inventory": items.inventory(seat) if items is not None else (),
                "item_results": items.results_of(seat) if items is not None else (),
                "win_score": win_score,
            },
        )
        return view

    def __repr__(self) -> str:
        hands = " | ".join(format_tiles(self._sorted_tiles(s)) for s in range(self.players))
        return (
            f"<Round {self.phase.value}/{self.step.value} dealer={self.dealer} "
            f"current={self.current} wall={self.wall_remaining} hands: {hands}>"
        )
