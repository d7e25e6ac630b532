"""The player's profile: coins (游戏币), items (道具) bought in the shop, and statistics.

Saved as the ``profile`` document of :mod:`game.storage` (atomic, with three backups: coins
are never reset silently), decoded through :class:`game.profile_schema.ProfileDoc` (a file
with any field of the wrong type or out of range is damaged: set aside, the backup used).
Each hand is paid in once (:meth:`Profile.claim_hand`). The table scenes report each finished
hand with :meth:`Profile.record_hand` and each finished match with
:meth:`Profile.record_match`, passing plain values taken from the engine for the human's seat.

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

import hashlib
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engine.rules import PRESETS
from game.profile_schema import (
    FINISHED_KEPT,
    MAX_COINS,
    SETTLED_KEPT,
    ProfileDoc,
    bound_profile,
    decode_profile,
    salvage_profile,
)
from game.storage import JsonStore, Notice, NoticeKind

__all__ = [
    "ITEM_IDS",
    "ITEM_PRICES",
    "MATCH_HISTORY",
    "RELIEF_MIN",
    "STARTING_COINS",
    "STARTING_ITEMS",
    "BestHand",
    "BuyResult",
    "PresetStats",
    "Profile",
    "Stats",
    "UnknownItemError",
    "best_hand_rank",
    "best_rank",
    "fan_worth",
    "hand_key",
    "hand_worth",
    "load_profile",
    "merge_profiles",
    "profile_store",
    "save_profile",
    "scoring_model",
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
# 破产补助: a player who runs out of coins is given a new stake at the next table — the
# starting purse less what it spent in the shop since the last one, never below RELIEF_MIN
# (enough to sit down and play). Coins spent on items come back as items, not twice: buying
# the purse away and sitting down was a free 1,000 coins of items each time.
RELIEF_MIN = 100
STARTING_ITEMS: dict[str, int] = dict.fromkeys(ITEM_IDS, 1)
MATCH_HISTORY = 50  # match point totals kept for the history graph
PROFILE_BACKUPS = 3  # profile.json.bak, .bak2, .bak3: the last good versions


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
    and the player's net points for the whole hand (kongs and others' wins included: a won
    hand may still have lost points). ``paid``: what each payer paid for the win itself
    (``ScoreResult.points``), the figure the statistics show, as the match's end does;
    ``win_tile``: the winning tile in notation (``5m``), one of ``tiles``. Both None in a
    save from before they were kept: no figure is shown rather than the net."""

    tiles: str
    pattern: str
    fan: int
    points: int
    preset: str | None = None
    model: str | None = None  # the rules' scoring model, "fan" or "points" (None: older save)
    paid: int | None = None
    win_tile: str | None = None


def scoring_model(preset: str | None, model: str | None) -> str:
    """The scoring model a best hand was won under, "fan" or "points": its own, or for a
    save from before the model was kept, its preset's — the name statistics keep
    (:func:`game.match_config.variant_key`: ``chengdu@3.3`` is still Chengdu's points); the
    doubling model when neither says, as most rooms score."""
    if model is not None:
        return model
    rules = PRESETS.get((preset or "").partition("@")[0])
    return rules.model if rules is not None else "fan"


def hand_worth(best: BestHand) -> int:
    """What one payer pays for the hand, in bases (RULES.md §5.2): 2^(fan−1) in the doubling
    model, the points themselves in the additive one — so a 5-fan hand (×16) ranks above an
    8-point one (×8) though 8 > 5."""
    return fan_worth(best.fan, scoring_model(best.preset, best.model))


def fan_worth(fan: int | None, model: str) -> int:
    """A win's fan (its points in the additive model) as what one payer pays at base 1,
    before a cap and 自摸加底 (RULES.md §5.2): the one measure of fan that compares across
    the two models. 0 for no fan (a points-model win as the match's log keeps it)."""
    if fan is None:
        return 0
    if model == "points":
        return fan
    return 1 << (fan - 1) if fan >= 1 else 0


def best_hand_rank(paid: int | None, fan: int | None, model: str) -> tuple[int, int]:
    """How good a win is as "the best hand", for the match's end
    (:meth:`game.table.match_session.MatchSession.best_hand`) and Statistics alike
    (:meth:`Profile.record_hand`, :func:`merge_profiles`): the greater key is the better hand;
    on equal keys the hand already kept stays.

    First what each payer paid for the win (``ScoreResult.points``), then its fan. The bigger
    win to a Sichuan player is the one that pays more: RULES.md §5.2 has each payer pay
    base × 2^(fan−1) (capped at ``cap_fan``, plus 自摸加底) in the doubling model and
    base × points in the additive one, so the payment is the one figure both models share
    and it already holds the cap and the self-draw bonus that fan alone misses — under
    ``cap_fan = 3`` a 6-fan hand pays no more than a 5-fan one, and a self-drawn 3-fan win
    with 自摸加底 (4+1 from each) beats a 5-fan discard win (capped at 4). On equal payment
    the hand of more fan (:func:`fan_worth`) is the rarer and ranks first. The hand's net for
    the player (others' kongs and wins included) is never part of it: a best hand is a win.

    ``paid`` is None for a best hand saved before it was kept (ed0f216): then its fan at
    base 1 stands in for it (:func:`fan_worth`: what each payer would pay uncapped, without
    自摸加底), so an old record still compares with a new one on the same scale."""
    worth = fan_worth(fan, model)
    return (paid if paid is not None else worth, worth)


def best_rank(best: BestHand) -> tuple[int, int]:
    """:func:`best_hand_rank` of a kept best hand."""
    return best_hand_rank(best.paid, best.fan, scoring_model(best.preset, best.model))


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
    settled: list[str] = field(default_factory=list)  # ids of the last hands paid in
    shop_spent: int = 0  # coins spent in the shop since the last relief (RELIEF_MIN)
    finished: list[str] = field(default_factory=list)  # ids of the last matches recorded
    # the file and the profile in it as this game last read or wrote it (None: never); a
    # save that finds another game's writing since keeps both games' changes
    # (:func:`merge_profiles`)
    on_disk: tuple[Path, dict[str, Any]] | None = field(default=None, compare=False, repr=False)

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
        self.shop_spent += price
        self.items[item_id] = self.count(item_id) + 1
        return BuyResult(True, item_id, price, self.coins, self.items[item_id])

    def relief(self) -> int:
        """破产补助 for a player out of coins (0 otherwise): STARTING_COINS less the coins
        spent in the shop since the last relief, at least RELIEF_MIN; added to the coins."""
        if self.coins > 0:
            return 0
        gift = max(RELIEF_MIN, STARTING_COINS - self.shop_spent)
        self.coins += gift
        self.shop_spent = 0
        return gift

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
        model: str | None = None,
        paid: int | None = None,
        win_tile: str | None = None,
    ) -> None:
        """One finished hand for the human seat.

        ``won``/``self_drawn``: the seat won (its first win, in 血流 any win) and whether by
        self-draw; ``dealt_in``: it discarded a winning tile to someone (点炮); ``pattern``
        and ``fan``: the winning hand's pattern id and ``ScoreResult.value`` (fan, or points
        in the points model); ``points``/``coins``: the seat's net change this hand (coins
        are added to the balance, which never goes below zero); ``preset``: the rules'
        ``preset_name``; ``tiles``: the winning hand in notation, for the best hand; ``model``:
        the rules' scoring model (``fan`` is in its unit: a preset's options may change it);
        ``paid``: what each payer paid for the win; ``win_tile``: its winning tile.
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
            new = BestHand(tiles or "", pattern, fan, points, preset, model, paid, win_tile)
            if best is None or best_rank(new) > best_rank(best):
                s.best_hand = new

    def record_match(
        self,
        *,
        points: int,
        preset: str | None = None,
        rank: int | None = None,
        match_id: str = "",
    ) -> bool:
        """One finished match: the seat's total points and its rank (1 = most points).
        ``match_id`` (``MatchSession.match_id``) records it once: False, and no change, for
        a match already recorded (its end reached again from an autosave not yet cleared)."""
        if match_id:
            if self.is_finished(match_id):
                return False
            self.finished = [*self.finished, match_id][-FINISHED_KEPT:]
        s = self.stats
        s.matches += 1
        s.match_points = [*s.match_points, points][-MATCH_HISTORY:]
        per = s.preset(preset)
        per.matches += 1
        if rank == 1:
            per.match_wins += 1
        return True

    def is_finished(self, match_id: str) -> bool:
        """Whether the match ``match_id`` is recorded here as finished."""
        return bool(match_id) and match_id in self.finished

    # --- settling a hand exactly once -----------------------------------------------------

    def is_settled(self, hand_id: str) -> bool:
        """Whether ``hand_id`` (:func:`hand_key`) is the last hand paid into this profile."""
        return self.settled[-1:] == [hand_id]

    def claim_hand(self, hand_id: str) -> bool:
        """True when ``hand_id`` may be paid in: the caller then applies the hand's coins,
        items and statistics, and the save that writes them writes the id too. False if it
        is the last hand paid in (a hand resumed after a crash between the profile's save and
        the autosave's): apply nothing, it was paid. Only the last id counts — the resumed
        hand is always the last one paid — so a later match dealt from the same ``--seed``
        and played move for move the same is still paid."""
        if self.is_settled(hand_id):
            return False
        self.settled = [*self.settled, hand_id][-SETTLED_KEPT:]
        return True

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
            "settled": list(self.settled),
            "shop_spent": self.shop_spent,
            "finished": list(self.finished),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Profile:
        """A profile from saved values, checked field by field against
        :class:`~game.profile_schema.ProfileDoc`; ``ValueError`` (msgspec's
        ``ValidationError``) naming the first bad field — a damaged profile is never
        half-read: the loader then uses the backup."""
        return cls.from_doc(decode_profile(dict(data)))

    @classmethod
    def from_doc(cls, doc: ProfileDoc) -> Profile:
        st = doc.stats
        best = st.best_hand
        stats = Stats(
            hands=st.hands,
            matches=st.matches,
            wins=st.wins,
            self_draws=st.self_draws,
            deal_ins=st.deal_ins,
            points=st.points,
            coins=st.coins,
            current_streak=st.current_streak,
            longest_streak=st.longest_streak,
            best_hand=None
            if best is None
            else BestHand(
                best.tiles,
                best.pattern,
                best.fan,
                best.points,
                best.preset,
                best.model,
                best.paid,
                best.win_tile,
            ),
            patterns=dict(st.patterns),
            per_preset={
                name: PresetStats(p.hands, p.wins, p.matches, p.match_wins, p.points, p.coins)
                for name, p in st.per_preset.items()
            },
            match_points=list(st.match_points)[-MATCH_HISTORY:],
        )
        return cls(
            coins=doc.coins,
            items={i: doc.items.get(i, 0) for i in ITEM_IDS},
            stats=stats,
            settled=list(doc.settled)[-SETTLED_KEPT:],
            shop_spent=doc.shop_spent,
            finished=list(doc.finished)[-FINISHED_KEPT:],
        )

    def _become(self, other: Profile) -> None:
        """Take ``other``'s values in place (the app, the shop and the table hold this one)."""
        self.coins, self.items, self.stats = other.coins, other.items, other.stats
        self.settled, self.shop_spent = other.settled, other.shop_spent
        self.finished = other.finished


def hand_key(
    match_seed: int,
    hand_seed: int,
    dealer: int,
    decisions: Sequence[object],
    match_id: str = "",
) -> str:
    """The id of one hand of one match, the same when the hand is resumed from the
    autosave: the match's id (``MatchSession.match_id``: two matches on one seed play alike)
    and seed, the hand's seed, the dealer and a digest of the decisions."""
    digest = hashlib.sha256(repr(list(decisions)).encode("utf-8")).hexdigest()[:16]
    key = f"{match_seed:x}-{hand_seed:x}-{dealer}-{len(decisions)}-{digest}"
    return f"{match_id}:{key}" if match_id else key


# --- persistence ------------------------------------------------------------------------


_COUNTS = ("hands", "matches", "wins", "self_draws", "deal_ins")
_SIGNED = ("points", "coins")


def merge_profiles(
    base: Mapping[str, Any], ours: Mapping[str, Any], theirs: Mapping[str, Any]
) -> dict[str, Any]:
    """One profile of two games' changes (:meth:`Profile.to_dict` form): ``theirs`` (what
    another game saved since this one read ``base``) with this game's changes from ``base``
    to ``ours`` made on it — coins, items, counts and per-preset results add up, this game's
    matches and settled hands are appended, the better best hand and the longer streak kept.
    A balance both games spent goes no lower than zero."""

    def moved(b: int, o: int, t: int, low: int = 0) -> int:
        return max(low, min(MAX_COINS, t + o - b))

    def counts(b: Mapping[str, int], o: Mapping[str, int], t: Mapping[str, int]) -> dict[str, int]:
        keys = dict.fromkeys([*t, *o])
        return {k: moved(b.get(k, 0), o.get(k, 0), t.get(k, 0)) for k in keys}

    bs, os_, ts = base["stats"], ours["stats"], theirs["stats"]
    stats = dict(ts)
    for name in _COUNTS:
        stats[name] = moved(bs[name], os_[name], ts[name])
    for name in _SIGNED:
        stats[name] = moved(bs[name], os_[name], ts[name], -MAX_COINS)
    if os_["current_streak"] != bs["current_streak"]:
        stats["current_streak"] = os_["current_streak"]
    stats["longest_streak"] = max(os_["longest_streak"], ts["longest_streak"])
    if os_["best_hand"] != bs["best_hand"]:
        mine, other = os_["best_hand"], ts["best_hand"]
        if other is None or (
            mine is not None and best_rank(BestHand(**mine)) > best_rank(BestHand(**other))
        ):
            stats["best_hand"] = mine
    stats["patterns"] = counts(bs["patterns"], os_["patterns"], ts["patterns"])
    stats["per_preset"] = {}
    for name in dict.fromkeys([*ts["per_preset"], *os_["per_preset"]]):
        b, o, t = (s["per_preset"].get(name, {}) for s in (bs, os_, ts))
        stats["per_preset"][name] = {
            k: moved(b.get(k, 0), o.get(k, 0), t.get(k, 0), 0 if k in _COUNTS else -MAX_COINS)
            for k in vars(PresetStats())
        }
    played = os_["matches"] - bs["matches"]  # this game's matches, the last of its list
    new = os_["match_points"][-played:] if played > 0 else []
    stats["match_points"] = [*ts["match_points"], *new][-MATCH_HISTORY:]
    paid = [h for h in ours["settled"] if h not in base["settled"] and h not in theirs["settled"]]
    done, ours_done = theirs.get("finished", []), ours.get("finished", [])
    ended = [m for m in ours_done if m not in base.get("finished", []) and m not in done]
    return {
        "coins": moved(base["coins"], ours["coins"], theirs["coins"]),
        "items": counts(base["items"], ours["items"], theirs["items"]),
        "stats": stats,
        "settled": [*theirs["settled"], *paid][-SETTLED_KEPT:],
        "shop_spent": moved(base["shop_spent"], ours["shop_spent"], theirs["shop_spent"]),
        "finished": [*done, *ended][-FINISHED_KEPT:],
    }


def profile_store(directory: str | os.PathLike[str] | None = None) -> JsonStore:
    """The ``profile.json`` document (see :func:`game.storage.data_dir` for the folder)."""
    return JsonStore(
        "profile",
        version=SCHEMA_VERSION,
        directory=directory,
        validate=decode_profile,
        salvage=lambda data: salvage_profile(data, STARTING_COINS),
        backups=PROFILE_BACKUPS,
    )


def load_profile(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[Profile, Notice | None]:
    """The saved profile (a new player's on a first run) and a notice if the file was
    damaged (then the backup, or a new profile, was used), or held far more entries than the
    game writes (:func:`~game.profile_schema.bound_profile`: then the profile, cut, is saved
    at once — the file as it was becomes the backup — and the notice says what was cut)."""
    store = profile_store(directory)
    result = store.load()
    data, cut = (None, ()) if result.data is None else bound_profile(result.data)
    profile = Profile() if data is None else Profile.from_dict(data)
    notice = result.notice
    if cut and result.source == "main":  # read from the file itself: rewritten, not again
        store.save(profile.to_dict())  # a refusal is heard by the save listener
    if cut and notice is None:
        notice = _cut_notice(cut)
    profile.on_disk = (store.path, profile.to_dict())
    return profile, notice


def _cut_notice(cut: Sequence[str]) -> Notice:
    """What the player is told of a profile cut to its bounds: the statistics' headings."""
    from game.i18n import t

    label = {"patterns": "stats.patterns", "per_preset": "stats.per_preset"}
    zh = "、".join(t(label[name], "zh") for name in cut)
    en = ", ".join(t(label[name], "en") for name in cut)
    return Notice(NoticeKind.ENTRIES_CUT, "profile", None, ", ".join(cut), (zh, en))


def save_profile(
    profile: Profile, directory: str | os.PathLike[str] | None = None
) -> Notice | None:
    """Save the profile; a notice if the disk refused (the game goes on).

    Another game on the same folder (a second window) may have saved since this one read
    the file: then both games' changes are saved (:func:`merge_profiles`), and ``profile``
    takes them too — saving it whole lost what the other game had bought or won."""
    store = profile_store(directory)
    ours = profile.to_dict()
    read = profile.on_disk[1] if profile.on_disk and profile.on_disk[0] == store.path else None
    theirs = _saved_by_another(store, read)
    if theirs is not None and read is not None:
        try:
            merged = Profile.from_dict(merge_profiles(read, ours, theirs))
        except (ValueError, TypeError, KeyError) as exc:  # a bug here must not stop a save
            log.error("could not add another game's profile changes to this one's: %s", exc)
        else:
            log.info("%s: another game saved since; both games' changes are kept", store.path)
            profile._become(merged)
            ours = profile.to_dict()
    notice = store.save(ours)
    if notice is None:
        profile.on_disk = (store.path, ours)
    return notice


def _saved_by_another(store: JsonStore, read: dict[str, Any] | None) -> dict[str, Any] | None:
    """The profile on disk when another game wrote it since this one ``read`` it, else None."""
    if read is None:
        return None
    data = store.peek()
    if data is None:
        return None
    try:
        theirs = Profile.from_dict(data).to_dict()
    except ValueError:
        return None
    return None if theirs == read else theirs
