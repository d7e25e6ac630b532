"""The profile on disk: every field checked, damage set aside, the backups' coins kept."""

from __future__ import annotations

import json
import os
import time

import pytest

from game.profile import Profile, load_profile, profile_store, save_profile
from game.storage import NoticeKind


def _doc(data: object) -> str:
    return json.dumps({"schema": "sichuan-mahjong/profile", "version": 1, "data": data})


def _saved(tmp_path, *coins: int) -> None:
    for c in coins:
        save_profile(Profile(coins=c), tmp_path)


BAD_COINS = ['"lots"', "-5", "1.5", "null", "NaN", "Infinity", "1e400", "true", "[1]"]


@pytest.mark.parametrize("coins", [*BAD_COINS, None])
def test_a_bad_coins_value_restores_the_backup_and_says_so(tmp_path, coins):
    _saved(tmp_path, 700, 650)
    data = '{"items": {}}' if coins is None else '{"coins": ' + coins + ', "items": {}}'
    text = _doc({}).replace("{}", data)
    profile_store(tmp_path).path.write_text(text, encoding="utf-8")
    loaded, notice = load_profile(tmp_path)
    assert loaded.coins == 700  # the backup's (the bad file's own value is unknowable)
    assert notice is not None and notice.kind is NoticeKind.RESTORED_FROM_BACKUP
    assert notice.moved_to is not None and notice.moved_to.read_text(encoding="utf-8") == text
    assert "650" not in notice.text("en") and "backup" in notice.text("en")


def test_a_bad_file_never_becomes_the_backup(tmp_path):
    _saved(tmp_path, 900, 800)
    store = profile_store(tmp_path)
    store.path.write_text(_doc({"coins": "x", "items": {}}), encoding="utf-8")
    save_profile(Profile(coins=100), tmp_path)  # a save over the damage, without a load
    backups = [
        Profile.from_dict(json.loads(p.read_text())["data"]).coins
        for p in store.backup_paths
        if p.exists()
    ]
    assert backups == [900]
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and '"x"' in aside[0].read_text()  # kept, not overwritten


def test_three_good_versions_are_kept_and_tried_newest_first(tmp_path):
    _saved(tmp_path, 10, 20, 30, 40, 50)
    store = profile_store(tmp_path)
    coins = [json.loads(p.read_text())["data"]["coins"] for p in store.backup_paths]
    assert coins == [40, 30, 20]
    store.path.write_text("garbage", encoding="utf-8")
    store.backup_path.write_text(_doc({"coins": -1, "items": {}}), encoding="utf-8")
    loaded, notice = load_profile(tmp_path)
    assert loaded.coins == 30 and notice.kind is NoticeKind.RESTORED_FROM_BACKUP


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1"])
def test_deep_nesting_is_damage_not_a_crash(tmp_path, text):
    _saved(tmp_path, 321)
    profile_store(tmp_path).path.write_text(text, encoding="utf-8")
    loaded, notice = load_profile(tmp_path)
    assert notice is not None and notice.kind is NoticeKind.RESET_TO_DEFAULTS
    assert not profile_store(tmp_path).path.exists() or loaded.coins == 321


def test_deep_nesting_inside_the_data_restores_the_backup(tmp_path):
    _saved(tmp_path, 321, 322)
    deep = '{"coins": 5, "items": {}, "stats": {"patterns": ' + "[" * 100_000 + "]" * 100_000
    profile_store(tmp_path).path.write_text(_doc({}).replace("{}", deep + "}}"))
    loaded, notice = load_profile(tmp_path)
    assert loaded.coins == 321 and notice.kind is NoticeKind.RESTORED_FROM_BACKUP


def test_leftover_temp_files_of_a_killed_write_are_removed_at_load(tmp_path):
    _saved(tmp_path, 5)
    old = tmp_path / ".profile.json.abc123.tmp"
    old.write_text('{"half', encoding="utf-8")
    past = time.time() - 60
    os.utime(old, (past, past))
    loaded, notice = load_profile(tmp_path)
    assert loaded.coins == 5 and notice is None and not old.exists()
