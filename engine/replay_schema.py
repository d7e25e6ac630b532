"""The replay document (docs/replay-format.md) described once, as msgspec Structs.

:func:`engine.replay.validate` decodes a document through :class:`ReplayDocument` (versions
3-4) or :class:`ReplayDocumentV1` (versions 1-2, whose ledger lines hold sentences instead of
facts): every field's type and range is checked here, before anything is re-executed; what a
schema cannot say — that the decisions replay, that the wall holds the 108, 72 or 36 tiles of
the rules' suits, that every seat is one of the rules' players, that the stored ledger is the
one the hand makes — is checked by re-executing it.

Unknown fields are ignored (a newer writer may add optional ones; docs/replay-format.md
"Versioning"). Names that the engine spells as enums (``ActionKind``, ``Reason``,
``EndReason``, ``EventFlag``, ``NoWin``) are decoded into them, tiles stay in notation.
"""

from __future__ import annotations

import functools
import operator
import re
from typing import Annotated, Any, Literal, TypeAlias

import msgspec
from msgspec import Meta, Struct, field

from engine.actions import ActionKind
from engine.round.events import EndReason, EventFlag
from engine.rules import OPTION_INFO, OptionInfo
from engine.scoring import NoWin
from engine.settlement import Reason

__all__ = [
    "FORMAT",
    "VERSION",
    "Decision",
    "Facts",
    "GameMeta",
    "Header",
    "Inventory",
    "ItemId",
    "LedgerLine",
    "LedgerLineV1",
    "ReplayDocument",
    "ReplayDocumentV1",
    "Result",
    "ResultV1",
    "Rules",
    "WinScore",
]

FORMAT = "sichuan-mahjong-replay"
VERSION = 4
"""Bumped when a reader of the old version would misread a new document (4: the rules'
``players`` and ``suits`` set the seats and the wall — docs/replay-format.md)."""

MAX_DECISIONS = 100_000  # a hand has a few hundred; items add at most their inventories
MAX_LINES = 10_000  # ledger lines, wins

Seat = Annotated[int, Meta(ge=0, le=3)]  # at most 4 seats; the rules' players decide
Die = Annotated[int, Meta(ge=1, le=6)]
EventIndex = Annotated[int, Meta(ge=0, le=10 * MAX_DECISIONS)]
Amount = Annotated[int, Meta(ge=0)]
_TILE = r"\A[1-9][mps]\Z"
_TILES = r"\A(?:[1-9]+[mps])+\Z"
_KONG = r"\A[KBA][1-9][mps]\Z"
_PATTERN_WORDS = {_TILE: "a tile like 5p", _TILES: "tiles like 123m45p", _KONG: "a kong like A5p"}
Tile = Annotated[str, Meta(pattern=_TILE)]
Tiles = Annotated[str, Meta(pattern=_TILES, max_length=400)]
KongMeld = Annotated[str, Meta(pattern=_KONG)]
Suit = Literal["m", "p", "s"]
Name = Annotated[str, Meta(max_length=64)]
ItemId = Literal["qian_kun", "tou_tian", "yi_hua", "qian_li_yan", "shun_feng_er", "jin_shou_zhi"]
"""engine/items.py ITEM_IDS (a test keeps the two the same)."""
ItemCount = Annotated[int, Meta(ge=0, le=9_999)]


def _rule_type(info: OptionInfo) -> Any:
    """The JSON type of one option's value as ``RuleSet.to_dict`` writes it: a bool for
    on/off, one of the words, an integer in the documented range, null for none/off."""
    if info.values == ("on", "off"):
        return bool
    nulls = ("none", "off") if info.integer else ()
    words = tuple(w for w in info.values if w not in nulls)
    parts: list[Any] = []
    if info.integer:
        parts.append(Annotated[int, Meta(ge=info.minimum, le=info.maximum)])
    if words:
        parts.append(Literal[words])
    if any(w in nulls for w in info.values):
        parts.append(type(None))
    return functools.reduce(operator.or_, parts)


def _rules_struct() -> type[Struct]:
    """``rules``: one field per option of engine/rules.py OPTION_INFO (``fan.<id>`` and
    ``extra.<id>`` included), each optional — a missing option takes the standard value
    (``RuleSet.from_dict``) — and no other."""
    fields: list[tuple[str, Any, Any]] = [("preset_name", Name | None, None)]
    rename = {"preset_name": "preset_name"}
    for name, info in OPTION_INFO.items():
        field_name = name.replace(".", "__")
        fields.append((field_name, _rule_type(info), msgspec.UNSET))
        rename[field_name] = name
    return msgspec.defstruct("Rules", fields, rename=rename, forbid_unknown_fields=True)


Rules: Any = _rules_struct()
"""The ``rules`` object (a msgspec Struct made from OPTION_INFO, so the ranges are the same);
``msgspec.to_builtins`` turns a decoded one back into ``RuleSet.from_dict``'s mapping."""


class Inventory(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One seat's items at the start of the hand, item id → count (engine/items.py)."""

    qian_kun: ItemCount = 0
    tou_tian: ItemCount = 0
    yi_hua: ItemCount = 0
    qian_li_yan: ItemCount = 0
    shun_feng_er: ItemCount = 0
    jin_shou_zhi: ItemCount = 0


class Header(Struct):
    """What a reader looks at first: which format and which version."""

    format: Literal["sichuan-mahjong-replay"]
    version: Annotated[int, Meta(ge=1, le=VERSION)]


class Decision(Struct):
    """One applied action: ``{"seat": 0, "action": "discard", "tile": "5p"}``."""

    seat: Seat
    action: ActionKind
    tile: Tile | None = None
    tiles: Tiles | None = None
    suit: Suit | None = None
    item: ItemId | None = None


class WinScore(Struct):
    """A winning hand's score and its reckoning (``score_to_json``)."""

    win: Literal[True]
    pattern: Name
    extras: dict[Name, Annotated[int, Meta(ge=0, le=99)]]
    extra_values: dict[Name, int]
    fan: int | None
    multiplier: int | None
    points: Amount
    value: int
    pattern_value: int
    pattern_is_cap: bool
    roots_included: Annotated[int, Meta(ge=0, le=4)]
    capped: bool
    base: int
    self_draw_bonus: Amount
    self_drawn: bool
    robbing_kong: bool
    eighteen_arhats: bool


class NoWinScore(Struct):
    """A score that is no win (``score_to_json`` of a non-win; never in a ledger)."""

    win: Literal[False]
    reason: NoWin


class KongRef(Struct):
    meld: KongMeld
    kong_event: EventIndex


class WinFacts(Struct, tag_field="kind", tag="win"):
    tile: Tile
    score: WinScore


class KongFacts(Struct, tag_field="kind", tag="kong"):
    meld: KongMeld
    kong_event: EventIndex


class RefundFacts(Struct, tag_field="kind", tag="refund"):
    meld: KongMeld
    kong_event: EventIndex
    shared: bool
    kongs: Annotated[list[KongRef], Meta(max_length=16)] = field(default_factory=list)


class PigFacts(Struct, tag_field="kind", tag="pig"):
    void: Suit | None


class ReadyFacts(Struct, tag_field="kind", tag="ready"):
    tile: Tile | None
    score: WinScore | None


class LeaveFacts(Struct, tag_field="kind", tag="leave"):
    units: Annotated[int, Meta(ge=0, le=1_000)]
    base: Annotated[int, Meta(ge=1, le=1_000)]


Facts: TypeAlias = WinFacts | KongFacts | RefundFacts | PigFacts | ReadyFacts | LeaveFacts


class LedgerLine(Struct):
    """A version-3 ledger line: the payment and the facts it was for."""

    payer: Seat
    payee: Seat
    amount: Amount
    reason: Reason
    event: EventIndex
    facts: Facts


class LedgerLineV1(Struct):
    """A version 1-2 ledger line: the payment and its sentences (not read)."""

    payer: Seat
    payee: Seat
    amount: Amount
    reason: Reason
    event: EventIndex
    zh: str = ""
    en: str = ""


class WinRecord(Struct):
    seat: Seat
    tile: Tile
    from_seat: Seat | None
    points: Amount
    pattern: Name | None
    flags: Annotated[list[EventFlag], Meta(max_length=16)]


class Result(Struct):
    """How the hand ended (informational, but a reader checks reason, ledger and totals)."""

    reason: EndReason
    drawn: bool
    winners: Annotated[list[Seat], Meta(max_length=4)]
    wins: Annotated[list[WinRecord], Meta(max_length=MAX_LINES)]
    totals: Annotated[list[int], Meta(min_length=2, max_length=4)]  # one per seat
    ledger: Annotated[list[LedgerLine], Meta(max_length=MAX_LINES)]


class ResultV1(Result):
    ledger: Annotated[list[LedgerLineV1], Meta(max_length=MAX_LINES)]  # type: ignore[assignment]


class GameMeta(Struct):
    """The ``meta`` object the game adds to a kept replay (game/replays.py): when it was
    saved, the preset's name, the human's seat and the hand's number in its match."""

    saved: Annotated[str, Meta(max_length=64)] | None = None
    preset: Name | None = None
    human: Seat | None = None
    hand_no: Annotated[int, Meta(ge=1, le=1_000_000)] = 1


class ReplayDocument(Struct):
    """A version 3-4 replay document (docs/replay-format.md, "Fields"; version 3 has no
    ``players`` or ``suits`` in its rules: four seats and 108 tiles)."""

    format: Literal["sichuan-mahjong-replay"]
    version: Annotated[int, Meta(ge=1, le=VERSION)]
    rules: Rules
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]  # (the engine's seeds are 63-bit)
    wall_source: Literal["seed", "explicit"]
    wall: Tiles
    dealer: Seat
    dice: tuple[Die, Die]
    decisions: Annotated[list[Decision], Meta(max_length=MAX_DECISIONS)]
    result: Result | None = None
    inventories: Annotated[list[Inventory], Meta(min_length=2, max_length=4)] | None = None
    qian_kun: Annotated[list[Seat], Meta(max_length=4)] = field(default_factory=list)
    golden: Annotated[list[Seat], Meta(max_length=4)] = field(default_factory=list)
    meta: GameMeta | None = None


class ReplayDocumentV1(ReplayDocument):
    """A version 1-2 document: the same fields, its ledger lines hold sentences."""

    result: ResultV1 | None = None


def decode_error(exc: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's ``Expected `int` <= 3 - at `$.decisions[3].seat``` as the field's path and
    the message: ``("decisions[3].seat", "expected `int` <= 3")`` (the path is empty for
    the value itself)."""
    text = " ".join(str(exc).split())
    message, sep, where = text.rpartition(" - at `")
    if not sep:
        message, where = text, "$"
    path = where.rstrip("`").removeprefix("$").removeprefix(".")
    missing = re.fullmatch(r"Object missing required field `(\w+)`", message)
    if missing:
        return path, f"missing field {missing.group(1)!r}"
    # Input quoted back (an invalid word, an unknown name) is cut to 60 characters.
    message = re.sub(r"(['`])([^'`]{60})[^'`]+\1", "\\1\\2…\\1", message)
    message = message.replace("Invalid enum value", "invalid value")
    for pattern, words in _PATTERN_WORDS.items():
        message = message.replace(f"`str` matching regex {pattern!r}", words)
    return path, f"{message[:1].lower()}{message[1:]}"
