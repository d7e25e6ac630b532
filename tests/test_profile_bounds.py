"""A profile with far more entries than the game writes is cut to its bounds, not refused.

``stats.patterns`` and ``stats.per_preset`` had no bound: a hand-edited or damaged profile
with a million entries took seconds to load and half a minute to save — at every hand —
and the statistics drew a million rows. Now each map and list has a bound; an over-long one
keeps the entries this game knows first (the six items, the 15 patterns, every preset's
names), the player is told what was cut, their coins and items are never touched, and the
file as it was becomes the backup.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.rules import MAX_PLAYERS, MIN_PLAYERS, PATTERN_IDS, PRESETS, SUIT_CHOICES
from game.match_config import variant_key
from game.profile import ITEM_IDS, Profile, load_profile, profile_store, save_profile
from game.profile_schema import (
    MAX_ITEMS,
    MAX_PATTERNS,
    MAX_PRESETS,
    bound_profile,
    decode_profile,
    preset_keys,
)
from game.storage import JsonStore, NoticeKind

BIG = 100_000


def write_data(tmp_path, edit) -> dict:
    """A played profile saved, then its file's ``data`` changed by ``edit`` (in place)."""
    profile = Profile(coins=4321, items=dict.fromkeys(ITEM_IDS, 3))
    profile.record_hand(won=True, pattern="qing_yi_se", fan=3, points=8, coins=48, preset="jj")
    profile.record_hand(won=True, pattern="ping_hu", fan=1, points=1, coins=6, preset="chengdu")
    save_profile(profile, tmp_path)
    path = profile_store(tmp_path).path
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc["data"])
    path.write_text(json.dumps(doc), encoding="utf-8")
    return doc["data"]


def junk_first(real: dict, n: int, make) -> dict:
    """``n`` entries this game never wrote, then the real ones (the worst order for a cut
    that kept only the file's first entries)."""
    return {**{f"junk_{i}": make(i) for i in range(n)}, **real}


def test_a_profile_with_a_hundred_thousand_patterns_and_presets_keeps_everything_real(tmp_path):
    def edit(data: dict) -> None:
        stats = data["stats"]
        stats["patterns"] = junk_first(stats["patterns"], BIG, lambda i: i % 7)
        stats["per_preset"] = junk_first(stats["per_preset"], BIG, lambda i: {"hands": 1})

    write_data(tmp_path, edit)
    before = profile_store(tmp_path).path.read_bytes()

    profile, notice = load_profile(tmp_path)

    assert profile.coins == 4375 and profile.items == dict.fromkeys(ITEM_IDS, 3)
    s = profile.stats
    assert s.hands == 2 and s.wins == 2
    assert len(s.patterns) == MAX_PATTERNS and len(s.per_preset) == MAX_PRESETS
    assert s.patterns["qing_yi_se"] == 1 and s.patterns["ping_hu"] == 1  # the known ones first
    assert s.per_preset["jj"].coins == 48 and s.per_preset["chengdu"].wins == 1
    assert "junk_0" in s.patterns and f"junk_{BIG - 1}" not in s.patterns  # then the first
    assert notice is not None and notice.kind is NoticeKind.ENTRIES_CUT
    assert notice.en == (
        "Your profile (coins, items and statistics): the file held far more entries than the "
        "game ever writes, so the extra ones were left out (Winning patterns, By rules "
        "preset); everything else was kept."
    )
    assert "胡牌牌型、各规则战绩" in notice.zh and "其余内容都已保留" in notice.zh
    assert "_" not in notice.en + notice.zh  # no internal id on screen

    # cut once: the file is the profile as loaded, the file as it was is the backup
    store = profile_store(tmp_path)
    assert store.backup_path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    again, quiet = load_profile(tmp_path)
    assert quiet is None and again.to_dict() == profile.to_dict()


def test_over_long_items_and_id_lists_are_cut_silently_not_refused(tmp_path):
    """Items this game does not know and ids beyond the last eight it drops on load anyway:
    the file loads from itself (a settled list of 500 made the whole file damaged)."""

    def edit(data: dict) -> None:
        data["items"] = junk_first(data["items"], 5_000, lambda i: 1)
        data["settled"] = [f"hand-{i}" for i in range(500)]
        data["finished"] = [f"match-{i}" for i in range(500)]
        data["stats"]["match_points"] = list(range(5_000))

    write_data(tmp_path, edit)
    result = profile_store(tmp_path).load()
    assert result.source == "main" and result.notice is None

    profile, notice = load_profile(tmp_path)
    assert notice is None
    assert profile.coins == 4375 and profile.items == dict.fromkeys(ITEM_IDS, 3)
    assert profile.settled[-1] == "hand-499" and profile.finished[-1] == "match-499"
    assert profile.stats.match_points[-1] == 4_999
    assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]


def test_a_cut_never_makes_bad_values_good():
    data = {"coins": 10, "items": {}, "stats": {"patterns": {"ping_hu": -1}}}
    with pytest.raises(ValueError, match="patterns"):
        decode_profile(data)
    long_and_bad = {"coins": "lots", "items": dict.fromkeys(map(str, range(MAX_ITEMS + 5)), 1)}
    with pytest.raises(ValueError, match="coins"):
        decode_profile(long_and_bad)
    assert bound_profile({"coins": 1})[0] == {"coins": 1}  # nothing added


def test_a_damaged_profile_with_no_backup_is_salvaged_past_an_over_long_map(tmp_path):
    store = JsonStore("profile", directory=tmp_path, backups=0)
    data = Profile(coins=777).to_dict()
    data["shop_spent"] = "broken"  # damage the schema refuses
    data["stats"]["patterns"] = junk_first({"ping_hu": 4}, 10_000, lambda i: 1)
    store.save(data)

    profile, notice = load_profile(tmp_path)

    assert notice is not None and notice.kind is NoticeKind.SALVAGED
    assert profile.coins == 777 and profile.stats.patterns["ping_hu"] == 4
    assert len(profile.stats.patterns) == MAX_PATTERNS


def test_the_bounds_hold_every_name_the_game_writes():
    assert len(PATTERN_IDS) < MAX_PATTERNS and len(ITEM_IDS) < MAX_ITEMS
    written = {None}
    for rules in PRESETS.values():
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            for suits in SUIT_CHOICES:
                try:
                    table = dataclasses.replace(rules, players=players, suits=suits)
                except ValueError:  # too few tiles for so many players
                    continue
                written.add(variant_key(table))
    names = {key or "custom" for key in written}  # Stats.preset: None is "custom"
    assert names <= preset_keys() and len(preset_keys()) < MAX_PRESETS
