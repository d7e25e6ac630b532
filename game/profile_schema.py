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
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct, field

__all__ = [
    "FINISHED_KEPT",
    "MAX_COINS",
    "SETTLED_KEPT",
    "BestHandDoc",
    "PresetDoc",
    "ProfileDoc",
    "StatsDoc",
    "decode_profile",
]

MAX_COINS = 10**12  # far beyond any purse a player can earn; a bigger number is damage
SETTLED_KEPT = 8  # hand ids remembered (the last one decides; the others help a person debug)
FINISHED_KEPT = 8  # match ids remembered: a restart finds at most the last one's autosave

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
    patterns: dict[Name, Count] = field(default_factory=dict)
    per_preset: dict[Name, PresetDoc] = field(default_factory=dict)
    match_points: Annotated[list[Signed], Meta(max_length=1000)] = field(default_factory=list)


class ProfileDoc(Struct, forbid_unknown_fields=False):
    """The saved profile. ``coins`` and ``items`` are required: a file without them is not
    a profile this game wrote."""

    coins: Count
    items: dict[Name, Count]
    stats: StatsDoc = field(default_factory=StatsDoc)
    settled: Annotated[list[HandId], Meta(max_length=100)] = field(default_factory=list)
    shop_spent: Count = 0  # coins spent in the shop since the last relief (game.profile)
    finished: Annotated[list[HandId], Meta(max_length=100)] = field(default_factory=list)


def decode_profile(data: object) -> ProfileDoc:
    """``data`` (plain JSON values) as a :class:`ProfileDoc`; ``msgspec.ValidationError``
    (a ``ValueError``) naming the first bad field otherwise."""
    return msgspec.convert(data, ProfileDoc, strict=True)


def salvage_profile(data: dict[str, Any], starting_coins: int) -> dict[str, Any] | None:
    """What can be kept of a damaged profile (no good backup left), field by field: the
    coins, each item's count, each statistic, the settled hands, the coins spent in the shop
    since the last relief — whatever passes the schema on its own; the rest takes its
    default. None when neither the coins nor an item could be read (then it is not this
    game's profile at all)."""
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
