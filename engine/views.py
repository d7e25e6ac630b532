"""Per-seat views (PlayerView): what one seat may know, as an immutable snapshot.

Bots and the table scene read a :class:`PlayerView` built by ``Round.view(seat)``; the other
seats' concealed tiles are never in it, so a hidden hand cannot leak into a bot or onto the
screen by accident. Everything public is in it: melds (concealed kongs too — shown face up,
RULES.md §1 notation / 004), discard ponds, hand sizes, revealed voids, winners' hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import add
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from engine.tiles import Meld

if TYPE_CHECKING:
    from engine.actions import Phase
    from engine.items import ItemResult
    from engine.rules import RuleSet
    from engine.scoring import ScoreResult

_T = TypeVar("_T")


class _cached_once(Generic[_T]):  # lower case: used like functools.cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes an RLock on every
    first access, a noticeable cost on views built once per decision): the value is computed
    on first access and stored in the instance ``__dict__``, which then shadows this
    non-data descriptor."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type[Any] | None = None) -> _cached_once[_T]: ...
    @overload
    def __get__(self, obj: object, owner: type[Any] | None = None) -> _T: ...
    def __get__(self, obj: object | None, owner: type[Any] | None = None) -> Any:
        if obj is None:
            return self
        value = self.func(obj)
        obj.__dict__[self.name] = value
        return value


def fast_new(cls: type[_T], values: dict[str, Any]) -> _T:
    """An instance of the frozen dataclass ``cls`` built from ``values`` (every field, by
    name) without running the generated ``__init__``: the frozen ``__init__`` sets each
    field through ``object.__setattr__``, which made building views and events the engine's
    main cost. The instance is identical (equality, hashing, repr, still frozen)."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


@dataclass(frozen=True, slots=True)
class PondTile:
    """One discard, in pond order. ``claimed``: taken by a pong/kong or won on (it is then
    shown in the claimer's meld or beside the winner, and greyed out in the pond)."""

    tile: int
    claimed: bool


@dataclass(frozen=True)
class SeatInfo:
    """The public part of one seat.

    ``void``: the declared void suit, None until the voids are revealed (RULES.md §3.2).
    ``win_tiles``: every winning tile of this seat in order (血流成河 may have several).
    ``revealed``: a winner's concealed tiles (sorted kinds), shown face up; None otherwise.
    ``out``: no longer plays (won in 血战到底, or left the hand).
    ``points``: net points of this hand so far (the ledger).
    ``golden``: the seat's discard pointer is a golden finger (金手指, RULES.md §8; cosmetic).
    """

    seat: int
    hand_size: int
    melds: tuple[Meld, ...]
    pond: tuple[PondTile, ...]
    void: int | None
    won: bool
    out: bool
    win_tiles: tuple[int, ...]
    revealed: tuple[int, ...] | None
    points: int
    golden: bool = False


@dataclass(frozen=True)
class PlayerView:
    """Everything ``seat`` can see now.

    ``current``: whose turn it is (the discarder during a claim window). ``phase``:
    EXCHANGE, DECLARE_VOID, PLAY or ENDED. ``own_void``: own void suit (known to itself as
    soon as chosen; the others' appear in ``seats[i].void`` once revealed).
    ``concealed``: own 27-count array; ``tiles``: the same as a sorted list of kinds;
    ``last_drawn``: own tile drawn this turn (the dealer's 14th tile on its opening turn;
    None after a pong or when it is not this seat's turn). ``visible``: a 27-count array of
    every tile this seat can see (own hand, all melds, all ponds, winners' revealed hands and
    winning tiles) — ``4 - visible[k]`` is how many copies of ``k`` are unseen; ``public`` is
    the same without the own concealed hand (what everybody sees).
    ``claim_tile``/``claim_from``: during a claim window, the tile on offer and who offers it;
    ``claim_is_rob`` is True when the offer is an added kong that may be robbed (抢杠).
    ``void_first``: own must-discard-void-first restriction applies now (RULES.md §3.2).
    ``blocked_tiles``/``blocked_value``: own 过手胡 block (RULES.md §3.5) until own next draw.
    ``dice``: the opening roll; ``exchange_direction``: "clockwise", "counter_clockwise",
    "across", or None without 换三张.
    ``inventory``: own items still held, (item id, count) (RULES.md §8, engine/items.py);
    ``item_results``: own item results of this hand, in order — secret to this seat.
    ``win_score``: while this seat may win (胡 among its legal actions: the tile just drawn
    on its turn, or the tile on offer in a claim window), the very score the settlement
    would pay it — every situational extra in (杠上花, 杠上炮, 抢杠, 海底, 绝张, 天胡/地胡,
    引杠杠上花 paid by the discarder); None otherwise.
    """

    seat: int
    dealer: int
    current: int
    phase: Phase
    rules: RuleSet
    wall_remaining: int
    concealed: tuple[int, ...]
    last_drawn: int | None
    own_void: int | None
    seats: tuple[SeatInfo, ...]
    public: tuple[int, ...]
    claim_tile: int | None
    claim_from: int | None
    claim_is_rob: bool
    void_first: bool
    blocked_tiles: tuple[int, ...]
    blocked_value: int | None
    dice: tuple[int, int]
    exchange_direction: str | None
    inventory: tuple[tuple[str, int], ...] = ()
    item_results: tuple[ItemResult, ...] = ()
    win_score: ScoreResult | None = None

    @_cached_once
    def visible(self) -> tuple[int, ...]:
        """27 counts of every tile this seat can see, its own hand included."""
        if self.seats[self.seat].revealed is not None:
            return self.public  # own hand already face up
        public, concealed = self.public, self.concealed
        if len(public) != len(concealed):
            raise ValueError(f"public has {len(public)} counts, concealed {len(concealed)}")
        return tuple(map(add, public, concealed))

    @_cached_once
    def tiles(self) -> tuple[int, ...]:
        """Own concealed tiles as sorted kinds."""
        c = self.concealed
        return tuple([k for k in range(len(c)) for _ in range(c[k])])

    @property
    def me(self) -> SeatInfo:
        return self.seats[self.seat]

    def unseen(self, kind: int) -> int:
        """Copies of ``kind`` this seat cannot see (in the wall or in others' hands); none
        of a suit the wall does not hold (``rules.suits``)."""
        if "mps"[kind // 9] not in self.rules.suits:
            return 0
        return 4 - self.visible[kind]
