"""Tiles, tile counts and the one text notation used everywhere (RULES.md §1).

A tile *kind* is a small int 0–26: ``m`` (万 characters) 0–8, ``p`` (筒 dots) 9–17,
``s`` (条 bamboo) 18–26; its suit is ``kind // 9`` and its rank ``kind % 9 + 1``.
A hand is a 27-long count array. Physical tile ids 0–107 (``kind = tile_id // 4``) are used
only where a specific copy matters: the wall.

Notation: digits followed by a suit letter, groups concatenated — ``123m456p99s``. Melds:
``P5p`` pong, ``K5p`` exposed kong (直杠), ``B5p`` added kong (补杠), ``A5p`` concealed kong
(暗杠), comma-separated.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.quote import quote

NUM_KINDS = 27
NUM_TILES = 108
COPIES = 4
SUITS = "mps"
SUIT_NAMES_ZH = ("万", "筒", "条")
SUIT_NAMES_EN = ("Characters", "Dots", "Bamboo")
#: A one of a suit is one tile: "1 Dot", "1 Character" ("1 Dots" read as a slip).
_ONE_EN = ("Character", "Dot", "Bamboo")
_NUMERALS_ZH = "一二三四五六七八九"


class TileNotationError(ValueError):
    """Malformed tile or meld notation; the message names the character and position."""


def suit_of(kind: int) -> int:
    return kind // 9


def rank_of(kind: int) -> int:
    """Rank 1–9."""
    return kind % 9 + 1


def kind_of(rank: int, suit: int) -> int:
    return suit * 9 + rank - 1


def parse_suit(text: str) -> int:
    """``'m'``/``'p'``/``'s'`` (or 0/1/2 as text) to a suit index."""
    t = text.strip().lower()
    if t in ("0", "1", "2"):
        return int(t)
    if len(t) == 1 and t in SUITS:
        return SUITS.index(t)
    raise TileNotationError(f"unknown suit {quote(text)}: expected one of m, p, s")


def parse_tiles(text: str) -> list[int]:
    """Parse ``'123m456p99s'`` into a list of kinds, in the order written.

    Raises :class:`TileNotationError` for rank 0, an unknown suit letter, digits with no
    suit letter, a suit letter with no digits, or a fifth copy of a kind.
    """
    kinds: list[int] = []
    pending: list[tuple[int, int]] = []  # (rank, position)
    counts = [0] * NUM_KINDS
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.isdigit() and ch.isascii():
            rank = int(ch)
            if rank == 0:
                raise TileNotationError(f"rank 0 at position {pos} in {quote(text)}: ranks are 1-9")
            pending.append((rank, pos))
        elif ch in SUITS:
            if not pending:
                raise TileNotationError(
                    f"suit letter {ch!r} at position {pos} in {quote(text)} has no ranks before it"
                )
            suit = SUITS.index(ch)
            for rank, rpos in pending:
                kind = kind_of(rank, suit)
                counts[kind] += 1
                if counts[kind] > COPIES:
                    raise TileNotationError(
                        f"a fifth copy of {rank}{ch} at position {rpos} in {quote(text)}: "
                        "there are only 4 of each tile"
                    )
                kinds.append(kind)
            pending.clear()
        else:
            raise TileNotationError(
                f"unknown character {ch!r} at position {pos} in {quote(text)}: "
                "write ranks 1-9 followed by a suit letter m, p or s"
            )
    if pending:
        rank, rpos = pending[-1]
        raise TileNotationError(
            f"rank {rank} at position {rpos} in {quote(text)} has no suit letter after it"
        )
    return kinds


def parse_tile(text: str) -> int:
    """Parse exactly one tile, e.g. ``'5p'``."""
    kinds = parse_tiles(text)
    if len(kinds) != 1:
        raise TileNotationError(f"expected exactly one tile, got {len(kinds)} in {quote(text)}")
    return kinds[0]


def parse_counts(text: str) -> list[int]:
    """Parse notation into a 27-long count array."""
    return to_counts(parse_tiles(text))


def to_counts(kinds: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """The kinds of a count array, sorted."""
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


def format_tiles(kinds: Iterable[int], *, sort: bool = True) -> str:
    """Format kinds as notation; sorted by default (``'123m456p99s'``).

    Unsorted, consecutive tiles of one suit still share a suit letter.
    """
    seq = sorted(kinds) if sort else list(kinds)
    out: list[str] = []
    run_suit: int | None = None
    for k in seq:
        s = suit_of(k)
        if run_suit is not None and s != run_suit:
            out.append(SUITS[run_suit])
        out.append(str(rank_of(k)))
        run_suit = s
    if run_suit is not None:
        out.append(SUITS[run_suit])
    return "".join(out)


def format_tile(kind: int) -> str:
    return f"{rank_of(kind)}{SUITS[suit_of(kind)]}"


def format_counts(counts: Sequence[int]) -> str:
    return format_tiles(from_counts(counts))


def tile_name_zh(kind: int) -> str:
    """一万…九万, 一筒…九筒, 幺鸡/二条…九条."""
    if kind == kind_of(1, 2):
        return "幺鸡"
    return _NUMERALS_ZH[rank_of(kind) - 1] + SUIT_NAMES_ZH[suit_of(kind)]


def tile_name_en(kind: int) -> str:
    """'3 Dots', '1 Bamboo', '9 Characters', '1 Dot'."""
    names = _ONE_EN if rank_of(kind) == 1 else SUIT_NAMES_EN
    return f"{rank_of(kind)} {names[suit_of(kind)]}"


def tile_name(kind: int, lang: str = "zh") -> str:
    return tile_name_zh(kind) if lang == "zh" else tile_name_en(kind)


def tiles_name(kinds: Iterable[int], lang: str = "zh") -> str:
    """Several tiles by name, in order: 三万、四万、六万 / '3, 4 and 6 Characters; 1 Dot'."""
    ordered = sorted(kinds)
    if lang == "zh":
        return "、".join(tile_name_zh(k) for k in ordered)
    groups = []
    for suit in range(3):
        ranks = [str(rank_of(k)) for k in ordered if suit_of(k) == suit]
        if ranks:
            head = ", ".join(ranks[:-1])
            groups.append(f"{head} and {ranks[-1]} " if head else f"{ranks[-1]} ")
            groups[-1] += (_ONE_EN if ranks == ["1"] else SUIT_NAMES_EN)[suit]
    return "; ".join(groups)


def suit_name(suit: int, lang: str = "zh") -> str:
    return SUIT_NAMES_ZH[suit] if lang == "zh" else SUIT_NAMES_EN[suit]


# --- melds ------------------------------------------------------------------------------


class MeldKind(enum.Enum):
    """碰 pong, 直杠 exposed kong, 补杠 added kong, 暗杠 concealed kong."""

    PONG = "P"
    EXPOSED_KONG = "K"
    ADDED_KONG = "B"
    CONCEALED_KONG = "A"

    @property
    def is_kong(self) -> bool:
        return self is not MeldKind.PONG

    @property
    def size(self) -> int:
        return 3 if self is MeldKind.PONG else 4


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: ``Meld(MeldKind.PONG, kind)``. Its notation is ``P5p``."""

    kind: MeldKind
    tile: int

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    @property
    def size(self) -> int:
        return self.kind.size

    @property
    def suit(self) -> int:
        return suit_of(self.tile)

    def __str__(self) -> str:
        return f"{self.kind.value}{format_tile(self.tile)}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Meld:
        melds = parse_melds(text)
        if len(melds) != 1:
            raise TileNotationError(f"expected exactly one meld, got {len(melds)} in {quote(text)}")
        return melds[0]


def parse_melds(text: str) -> list[Meld]:
    """Parse ``'P5p,A9s'``. Each meld is a letter P/K/B/A and either one tile (``P5p``) or
    the whole set written out (``P555p``, ``K5555p``); an empty string is no melds."""
    melds: list[Meld] = []
    offset = 0
    for part in text.split(","):
        start = offset
        offset += len(part) + 1
        body = part.strip()
        if not body:
            if text.strip():
                raise TileNotationError(f"empty meld at position {start} in {quote(text)}")
            continue
        lead = start + (len(part) - len(part.lstrip()))
        letter = body[0].upper()
        try:
            mkind = MeldKind(letter)
        except ValueError:
            raise TileNotationError(
                f"unknown meld type {body[0]!r} at position {lead} in {quote(text)}: "
                "use P (pong), K (exposed kong), B (added kong) or A (concealed kong)"
            ) from None
        try:
            kinds = parse_tiles(body[1:])
        except TileNotationError as exc:
            raise TileNotationError(f"in meld {body!r} of {quote(text)}: {exc}") from None
        if not kinds:
            raise TileNotationError(
                f"meld {body!r} at position {lead} in {quote(text)} has no tile"
            )
        if len(set(kinds)) != 1 or len(kinds) not in (1, mkind.size):
            raise TileNotationError(
                f"meld {body!r} at position {lead} in {quote(text)} is not {mkind.size} of a kind"
            )
        melds.append(Meld(mkind, kinds[0]))
    return melds


def format_melds(melds: Iterable[Meld]) -> str:
    return ",".join(str(m) for m in melds)


def meld_counts(melds: Iterable[Meld]) -> list[int]:
    """The 27-long count array of the tiles inside melds (a kong counts 4)."""
    counts = [0] * NUM_KINDS
    for m in melds:
        counts[m.tile] += m.size
    return counts
