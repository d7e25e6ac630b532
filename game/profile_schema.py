"""The profile document (``profile.json``'s ``data``) described once, as msgspec Structs.

:func:`game.profile.load_profile` decodes every saved profile through :class:`ProfileDoc`
with strict types and ranges: a ``coins`` that is missing, negative, a string, a float,
``null`` or too big makes the whole file damaged — it is moved aside and the backup is used
(coins are never reset to the starting purse while a good copy exists). Unknown fields are
ignored (a newer writer may add optional ones); unknown item ids are dropped on load.

``settled`` holds the ids of the last hands whose coins, items and statistics are in this
profile (:meth:`game.profile.Profile.claim_hand`): a hand resumed after a crash between the
profile's save and the autosave's is not settled a second time. ``finished`` holds the ids of
the last matches whose result is in the statistics (:meth:`game.profile.Profile.record_match`):
the match's end is recorded before its autosave is cleared, and a restart between the two
finds the match already recorded — it is neither counted again nor resumed.

Every map and list has a bound (:data:`MAX_PATTERNS`, :data:`MAX_PRESETS` …) well above
what the game writes. A file over one — hand-edited, or damaged — is not refused whole (its
coins would go with it): :func:`bound_profile` cuts it to the bound, the entries this game
knows first, and :func:`game.profile.load_profile` tells the player. A million patterns took
half a minute to load and two to save, at every hand.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct, field

from engine.items import ITEM_IDS
from engine.rules import MAX_PLAYERS, MIN_PLAYERS, PATTERN_IDS, PRESETS, SUIT_CHOICES

__all__ = [
    "FINISHED_KEPT",
    "MAX_COINS",
    "MAX_ITEMS",
    "MAX_PATTERNS",
    "MAX_PRESETS",
    "SETTLED_KEPT",
    "BestHandDoc",
    "PresetDoc",
    "ProfileDoc",
    "StatsDoc",
    "bound_profile",
    "decode_profile",
    "preset_keys",
]

MAX_COINS = 10**12  # far beyond any purse a player can earn; a bigger number is damage
SETTLED_KEPT = 8  # hand ids remembered (the last one decides; the others help a person debug)
FINISHED_KEPT = 8  # match ids remembered: a restart finds at most the last one's autosave
# How many entries a file may hold (the game keeps fewer; a newer game may write more):
MAX_ITEMS = 64  # six items exist (engine.items.ITEM_IDS); others are dropped on load anyway
MAX_PATTERNS = 64  # 15 patterns exist (engine.rules.PATTERN_IDS): room for a newer game's
MAX_PRESETS = 256  # 81 names are written today (preset_keys()): room for new rooms, presets
MAX_MATCH_POINTS = 1000  # the game keeps MATCH_HISTORY (50)
MAX_IDS = 100  # settled and finished: the game keeps 8 of each

Count = Annotated[int, Meta(ge=0, le=MAX_COINS)]
Signed = Annotated[int, Meta(ge=-MAX_COINS, le=MAX_COINS)]
Name = Annotated[str, Meta(max_length=200)]
HandId = Annotated[str, Meta(max_length=200)]


class BestHandDoc(Struct, forbid_unknown_fields=False):
    tiles: Name
    pattern: Name
    fan: Signed
    points: Signed
    preset: Name | None = None
    model: Literal["fan", "points"] | None = None
    paid: Signed | None = None  # what each payer paid for the win (None: an older save)
    win_tile: Annotated[str, Meta(max_length=8)] | None = None  # "5m" (None: an older save)


class PresetDoc(Struct, forbid_unknown_fields=False):
    hands: Count = 0
    wins: Count = 0
    matches: Count = 0
    match_wins: Count = 0
    points: Signed = 0
    coins: Signed = 0


class StatsDoc(Struct, forbid_unknown_fields=False):
    hands: Count = 0
    matches: Count = 0
    wins: Count = 0
    self_draws: Count = 0
    deal_ins: Count = 0
    points: Signed = 0
    coins: Signed = 0
    current_streak: Count = 0
    longest_streak: Count = 0
    best_hand: BestHandDoc | None = None
    patterns: Annotated[dict[Name, Count], Meta(max_length=MAX_PATTERNS)] = field(
        default_factory=dict
    )
    per_preset: Annotated[dict[Name, PresetDoc], Meta(max_length=MAX_PRESETS)] = field(
        default_factory=dict
    )
    match_points: Annotated[list[Signed], Meta(max_length=MAX_MATCH_POINTS)] = field(
        default_factory=list
    )


class ProfileDoc(Struct, forbid_unknown_fields=False):
    """The saved profile. ``coins`` and ``items`` are required: a file without them is not
    a profile this game wrote."""

    coins: Count
    items: Annotated[dict[Name, Count], Meta(max_length=MAX_ITEMS)]
    stats: StatsDoc = field(default_factory=StatsDoc)
    settled: Annotated[list[HandId], Meta(max_length=MAX_IDS)] = field(default_factory=list)
    shop_spent: Count = 0  # coins spent in the shop since the last relief (game.profile)
    finished: Annotated[list[HandId], Meta(max_length=MAX_IDS)] = field(default_factory=list)


def decode_profile(data: object) -> ProfileDoc:
    """``data`` (plain JSON values) as a :class:`ProfileDoc`, cut to its bounds first
    (:func:`bound_profile`); ``msgspec.ValidationError`` (a ``ValueError``) naming the first
    bad field otherwise."""
    if isinstance(data, Mapping):
        data = bound_profile(data)[0]
    return msgspec.convert(data, ProfileDoc, strict=True)


@functools.cache
def preset_keys() -> frozenset[str]:
    """Every name the statistics keep results under today
    (:func:`game.match_config.variant_key`): each preset's, each with a changed room
    (``standard@3.2``), and ``custom``."""
    suits = {len(s) for s in SUIT_CHOICES}
    rooms = [f"@{p}.{n}" for p in range(MIN_PLAYERS, MAX_PLAYERS + 1) for n in sorted(suits)]
    return frozenset(["custom", *PRESETS, *(f"{name}{room}" for name in PRESETS for room in rooms)])


def _cut_map(value: object, known: frozenset[str], limit: int) -> object:
    """At most ``limit`` entries of a map: the ``known`` keys first, then the file's first
    others, in the file's order."""
    if not isinstance(value, dict) or len(value) <= limit:
        return value
    first = [k for k in value if k in known][:limit]
    others = itertools.islice((k for k in value if k not in known), limit - len(first))
    kept = {*first, *others}
    return {k: v for k, v in value.items() if k in kept}


def _cut_list(value: object, limit: int) -> object:
    """The last ``limit`` entries of a list (the newest: the game appends)."""
    return value[-limit:] if isinstance(value, list) and len(value) > limit else value


def bound_profile(data: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """``data`` with every map and list over its bound cut down to it (the rest of it as it
    is: a wrong value stays for the schema to refuse), and the names of the cut ones whose
    entries the game would have kept and shown: ``patterns``, ``per_preset``. A map keeps
    the keys this game knows first (its items, patterns, presets), then the file's first
    others; a list its last entries. Items this game does not know, and lists longer than
    it keeps, it drops on load anyway (:meth:`game.profile.Profile.from_doc`): no loss."""
    out = dict(data)
    if "items" in out:
        out["items"] = _cut_map(out["items"], frozenset(ITEM_IDS), MAX_ITEMS)
    for name in ("settled", "finished"):
        if name in out:
            out[name] = _cut_list(out[name], MAX_IDS)
    stats = out.get("stats")
    if not isinstance(stats, dict):
        return out, ()
    stats = out["stats"] = dict(stats)
    if "match_points" in stats:
        stats["match_points"] = _cut_list(stats["match_points"], MAX_MATCH_POINTS)
    cut: list[str] = []
    for name, known, limit in (
        ("patterns", frozenset(PATTERN_IDS), MAX_PATTERNS),
        ("per_preset", preset_keys(), MAX_PRESETS),
    ):
        if name in stats:
            before = stats[name]
            stats[name] = _cut_map(before, known, limit)
            if stats[name] is not before:
                cut.append(name)
    return out, tuple(cut)


def salvage_profile(data: dict[str, Any], starting_coins: int) -> dict[str, Any] | None:
    """What can be kept of a damaged profile (no good backup left), field by field: the
    coins, each item's count, each statistic, the settled hands, the coins spent in the shop
    since the last relief — whatever passes the schema on its own; the rest takes its
    default. None when neither the coins nor an item could be read (then it is not this
    game's profile at all)."""
    data = bound_profile(data)[0]  # a million items were tried one by one, each with all before
    kept: dict[str, Any] = {"coins": starting_coins, "items": {}}

    def fits(candidate: dict[str, Any]) -> bool:
        try:
            decode_profile(candidate)
        except (ValueError, TypeError):
            return False
        return True

    found = False
    if fits({**kept, "coins": data.get("coins")}):
        kept["coins"], found = data["coins"], True
    items = data.get("items")
    for name, count in items.items() if isinstance(items, dict) else ():
        if fits({**kept, "items": {**kept["items"], name: count}}):
            kept["items"][name] = count
            found = True
    stats = data.get("stats")
    kept["stats"] = {}
    for name, value in stats.items() if isinstance(stats, dict) else ():
        if fits({**kept, "stats": {**kept["stats"], name: value}}):
            kept["stats"][name] = value
    for name in ("settled", "shop_spent", "finished"):
        if fits({**kept, name: data.get(name)}):
            kept[name] = data[name]
    return kept if found else None
