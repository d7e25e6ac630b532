"""The player's profile: coins (游戏币), items (道具) bought in the shop, and statistics.

Saved as the ``profile`` document of :mod:`game.storage` (atomic, with a backup: coins are
never reset silently). The table scenes report each finished hand with :meth:`Profile.
record_hand` and each finished match with :meth:`Profile.record_match`, passing plain values
taken from the engine for the human's seat.

Prices (``ITEM_PRICES``). With ``coins_per_point = 6`` a hand moves few coins: a discard win
平胡 is 6 coins from one player, a self-drawn 平胡 36 (2 points from each of three), a 清一色 on
a discard 24, a concealed kong 36, a flower pig 96 to each. A player who wins a third of the
hands earns very roughly 15–20 coins per hand on their wins, and a match of eight hands nets
around ±100. Items are priced as treats against that: the cheapest information item costs
about a good self-drawn win, the strongest (乾坤大挪移, a near-清一色 deal, worth ×4 or more
on a win) costs half a new player's purse. A new player starts with 1,000 coins and one of
each item, so the shop is a reward to save up for rather than a tap to drain.

| item | id | price | why |
|---|---|---|---|
| 千里眼 | ``qian_li_yan`` | 60 | information: where one kind lies in the wall |
| 顺风耳 | ``shun_feng_er`` | 80 | information: the next tile drawn |
| 移花接木 | ``yi_hua`` | 120 | one swap, random tile |
| 金手指 | ``jin_shou_zhi`` | 200 | cosmetic golden pointer, a luxury |
| 偷天换日 | ``tou_tian`` | 300 | one swap for the tile you name |
| 乾坤大挪移 | ``qian_kun`` | 500 | a hand dealt close to 清一色 |
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from game.storage import JsonStore, Notice

__all__ = [
    "ITEM_IDS",
    "ITEM_PRICES",
    "MATCH_HISTORY",
    "STARTING_COINS",
    "STARTING_ITEMS",
    "BestHand",
    "BuyResult",
    "PresetStats",
    "Profile",
    "Stats",
    "UnknownItemError",
    "load_profile",
    "profile_store",
    "save_profile",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
ITEM_IDS = ("qian_kun", "tou_tian", "yi_hua", "qian_li_yan", "shun_feng_er", "jin_shou_zhi")
ITEM_PRICES: dict[str, int] = {
    "qian_li_yan": 60,  # 千里眼
    "shun_feng_er": 80,  # 顺风耳
    "yi_hua": 120,  # 移花接木
    "jin_shou_zhi": 200,  # 金手指
    "tou_tian": 300,  # 偷天换日
    "qian_kun": 500,  # 乾坤大挪移
}
STARTING_COINS = 1000
STARTING_ITEMS: dict[str, int] = dict.fromkeys(ITEM_IDS, 1)
MATCH_HISTORY = 50  # match point totals kept for the history graph


class UnknownItemError(ValueError):
    """An item id that is not one of RULES.md §8's six."""


def _check_item(item_id: str) -> None:
    if item_id not in ITEM_PRICES:
        raise UnknownItemError(f"unknown item {item_id!r}; valid: {', '.join(ITEM_IDS)}")


@dataclass(frozen=True)
class BuyResult:
    """The answer of :meth:`Profile.buy`. ``ok`` False with ``reason="not_enough_coins"``
    is a refusal: nothing changed; ``short`` says how many coins are missing."""

    ok: bool
    item_id: str
    price: int
    coins: int  # balance after the attempt
    count: int  # how many of the item the player holds after the attempt
    reason: Literal["not_enough_coins"] | None = None

    @property
    def short(self) -> int:
        return 0 if self.ok else self.price - self.coins


@dataclass(frozen=True)
class BestHand:
    """The highest-value winning hand so far: tiles in notation (``123m456p789s11s+P5m``
    or however the caller formats it), pattern id, fan (fan model) or points (points model),
    and the points the hand brought in."""

    tiles: str
    pattern: str
    fan: int
    points: int
    preset: str | None = None


@dataclass
class PresetStats:
    """Results under one preset."""

    hands: int = 0
    wins: int = 0
    matches: int = 0
    match_wins: int = 0  # matches finished first
    points: int = 0  # net points over all hands
    coins: int = 0  # net coins over all hands


@dataclass
class Stats:
    """Lifetime statistics of the human seat."""

    hands: int = 0
    matches: int = 0
    wins: int = 0  # hands won (血流: hands with at least one win)
    self_draws: int = 0  # wins that were self-drawn (自摸)
    deal_ins: int = 0  # hands in which the player dealt in (点炮) at least once
    points: int = 0
    coins: int = 0
    current_streak: int = 0  # won hands in a row, up to now
    longest_streak: int = 0
    best_hand: BestHand | None = None
    patterns: dict[str, int] = field(default_factory=dict)  # pattern id → wins with it
    per_preset: dict[str, PresetStats] = field(default_factory=dict)
    match_points: list[int] = field(default_factory=list)  # last MATCH_HISTORY matches

    @property
    def win_rate(self) -> float:
        """Hands won / hands played (0.0 before the first hand)."""
        return self.wins / self.hands if self.hands else 0.0

    @property
    def self_draw_rate(self) -> float:
        """Self-drawn wins / wins (自摸率)."""
        return self.self_draws / self.wins if self.wins else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Hands with a deal-in / hands played (点炮率)."""
        return self.deal_ins / self.hands if self.hands else 0.0

    def preset(self, name: str | None) -> PresetStats:
        return self.per_preset.setdefault(name or "custom", PresetStats())


@dataclass
class Profile:
    """Coins, item inventory and statistics; see the module docstring for the prices."""

    coins: int = STARTING_COINS
    items: dict[str, int] = field(default_factory=lambda: dict(STARTING_ITEMS))
    stats: Stats = field(default_factory=Stats)

    # --- shop and inventory ---------------------------------------------------------------

    def count(self, item_id: str) -> int:
        _check_item(item_id)
        return self.items.get(item_id, 0)

    def buy(self, item_id: str) -> BuyResult:
        """Buy one item at ``ITEM_PRICES``; with too few coins, a refusal and no change."""
        _check_item(item_id)
        price = ITEM_PRICES[item_id]
        if self.coins < price:
            return BuyResult(
                False, item_id, price, self.coins, self.count(item_id), "not_enough_coins"
            )
        self.coins -= price
        self.items[item_id] = self.count(item_id) + 1
        return BuyResult(True, item_id, price, self.coins, self.items[item_id])

    def use_item(self, item_id: str) -> bool:
        """Take one item out of the inventory (the table calls this when the engine accepted
        the use); False, and no change, if the player holds none."""
        if self.count(item_id) <= 0:
            return False
        self.items[item_id] -= 1
        return True

    def give_item(self, item_id: str, n: int = 1) -> None:
        """Add ``n`` items (a reward, or giving back an item the engine refused)."""
        _check_item(item_id)
        if n < 0:
            raise ValueError(f"cannot give {n} items")
        self.items[item_id] = self.count(item_id) + n

    # --- results --------------------------------------------------------------------------

    def record_hand(
        self,
        *,
        won: bool,
        self_drawn: bool = False,
        dealt_in: bool = False,
        pattern: str | None = None,
        fan: int | None = None,
        points: int = 0,
        coins: int = 0,
        preset: str | None = None,
        tiles: str | None = None,
    ) -> None:
        """One finished hand for the human seat.

        ``won``/``self_drawn``: the seat won (its first win, in 血流 any win) and whether by
        self-draw; ``dealt_in``: it discarded a winning tile to someone (点炮); ``pattern``
        and ``fan``: the winning hand's pattern id and ``ScoreResult.value`` (fan, or points
        in the points model); ``points``/``coins``: the seat's net change this hand (coins
        are added to the balance, which never goes below zero); ``preset``: the rules'
        ``preset_name``; ``tiles``: the winning hand in notation, for the best hand.
        """
        s = self.stats
        s.hands += 1
        s.points += points
        s.coins += coins
        self.coins = max(0, self.coins + coins)
        per = s.preset(preset)
        per.hands += 1
        per.points += points
        per.coins += coins
        if dealt_in:
            s.deal_ins += 1
        if not won:
            s.current_streak = 0
            return
        s.wins += 1
        per.wins += 1
        if self_drawn:
            s.self_draws += 1
        s.current_streak += 1
        s.longest_streak = max(s.longest_streak, s.current_streak)
        if pattern:
            s.patterns[pattern] = s.patterns.get(pattern, 0) + 1
        if pattern and fan is not None:
            best = s.best_hand
            if best is None or (fan, points) > (best.fan, best.points):
                s.best_hand = BestHand(tiles or "", pattern, fan, points, preset)

    def record_match(
        self, *, points: int, preset: str | None = None, rank: int | None = None
    ) -> None:
        """One finished match: the seat's total points and its rank (1 = most points)."""
        s = self.stats
        s.matches += 1
        s.match_points = [*s.match_points, points][-MATCH_HISTORY:]
        per = s.preset(preset)
        per.matches += 1
        if rank == 1:
            per.match_wins += 1

    # --- JSON -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        s = self.stats
        return {
            "coins": self.coins,
            "items": {i: self.items.get(i, 0) for i in ITEM_IDS},
            "stats": {
                "hands": s.hands,
                "matches": s.matches,
                "wins": s.wins,
                "self_draws": s.self_draws,
                "deal_ins": s.deal_ins,
                "points": s.points,
                "coins": s.coins,
                "current_streak": s.current_streak,
                "longest_streak": s.longest_streak,
                "best_hand": None if s.best_hand is None else vars(s.best_hand).copy(),
                "patterns": dict(s.patterns),
                "per_preset": {k: vars(v).copy() for k, v in s.per_preset.items()},
                "match_points": list(s.match_points),
            },
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Profile:
        """A profile from saved values; a bad field takes its default (logged), never an
        error. A bad ``coins`` value is logged loudly: it should never happen."""
        profile = cls()
        coins = data.get("coins", STARTING_COINS)
        if _is_count(coins):
            profile.coins = coins
        else:
            log.error("profile: coins=%r is invalid; starting from %d", coins, STARTING_COINS)
        items = data.get("items")
        if isinstance(items, Mapping):
            profile.items = {i: items[i] if _is_count(items.get(i)) else 0 for i in ITEM_IDS}
        raw = data.get("stats")
        if isinstance(raw, Mapping):
            profile.stats = _stats_from(raw)
        return profile


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _stats_from(raw: Mapping[str, Any]) -> Stats:
    s = Stats()
    for name in (
        "hands",
        "matches",
        "wins",
        "self_draws",
        "deal_ins",
        "current_streak",
        "longest_streak",
    ):
        if _is_count(raw.get(name)):
            setattr(s, name, raw[name])
    for name in ("points", "coins"):
        if _is_int(raw.get(name)):
            setattr(s, name, raw[name])
    best = raw.get("best_hand")
    if isinstance(best, Mapping):
        try:
            s.best_hand = BestHand(
                tiles=str(best["tiles"]),
                pattern=str(best["pattern"]),
                fan=int(best["fan"]),
                points=int(best["points"]),
                preset=None if best.get("preset") is None else str(best["preset"]),
            )
        except (KeyError, TypeError, ValueError):
            log.warning("profile: ignoring a malformed best hand %r", best)
    patterns = raw.get("patterns")
    if isinstance(patterns, Mapping):
        s.patterns = {str(k): v for k, v in patterns.items() if _is_count(v)}
    presets = raw.get("per_preset")
    if isinstance(presets, Mapping):
        for name, values in presets.items():
            if isinstance(values, Mapping):
                per = PresetStats()
                for key in vars(per):
                    if _is_int(values.get(key)):
                        setattr(per, key, values[key])
                s.per_preset[str(name)] = per
    history = raw.get("match_points")
    if isinstance(history, list):
        s.match_points = [p for p in history if _is_int(p)][-MATCH_HISTORY:]
    return s


# --- persistence ------------------------------------------------------------------------


def profile_store(directory: str | os.PathLike[str] | None = None) -> JsonStore:
    """The ``profile.json`` document (see :func:`game.storage.data_dir` for the folder)."""
    return JsonStore("profile", version=SCHEMA_VERSION, directory=directory)


def load_profile(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[Profile, Notice | None]:
    """The saved profile (a new player's on a first run) and a notice if the file was
    damaged (then the backup, or a new profile, was used)."""
    result = profile_store(directory).load()
    profile = Profile() if result.data is None else Profile.from_dict(result.data)
    return profile, result.notice


def save_profile(
    profile: Profile, directory: str | os.PathLike[str] | None = None
) -> Notice | None:
    """Save the profile; a notice if the disk refused (the game goes on)."""
    return profile_store(directory).save(profile.to_dict())
