"""Versioned JSON documents: atomic writes, one backup, recovery that tells the player."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import storage
from game.storage import JsonStore, NoticeKind


def files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_data_dir_prefers_argument_then_env_then_platform(monkeypatch, tmp_path):
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path / "env"))
    assert storage.data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert storage.data_dir() == tmp_path / "env"
    monkeypatch.delenv(storage.ENV_HOME)
    platform_dir = storage.data_dir()
    assert platform_dir.name == storage.APP_NAME
    assert not (tmp_path / "env").exists()  # finding the folder never creates it


def test_first_run_gives_defaults_without_a_notice(tmp_path):
    result = JsonStore("profile", directory=tmp_path / "none").load()
    assert result.data is None and result.source == "defaults"
    assert result.notice is None


def test_round_trip_creates_missing_folder(tmp_path):
    where = tmp_path / "deep" / "er"
    store = JsonStore("profile", directory=where)
    assert store.save({"coins": 1000, "名字": "玩家"}) is None
    result = store.load()
    assert result.source == "main" and result.notice is None
    assert result.data == {"coins": 1000, "名字": "玩家"}
    doc = json.loads(store.path.read_text(encoding="utf-8"))
    assert doc["schema"] == "sichuan-mahjong/profile" and doc["version"] == 1


def test_atomic_write_leaves_no_temp_files_and_keeps_one_backup(tmp_path):
    store = JsonStore("settings", directory=tmp_path)
    for n in range(5):
        store.save({"n": n})
    assert files(tmp_path) == ["settings.json", "settings.json.bak"]
    assert store.load().data == {"n": 4}
    backup = json.loads(store.backup_path.read_text(encoding="utf-8"))
    assert backup["data"] == {"n": 3}  # the previous good version


def test_failed_write_cleans_its_temp_file_and_keeps_the_old_file(tmp_path, monkeypatch):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 500})

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", broken_replace)
    notice = store.save({"coins": 900})
    monkeypatch.undo()
    assert notice is not None and notice.kind is NoticeKind.SAVE_FAILED
    assert "No space" in notice.detail and "the disk is full" in notice.en
    assert notice.zh.startswith("无法保存") and "磁盘已满" in notice.zh
    assert files(tmp_path) == ["profile.json"]
    assert store.load().data == {"coins": 500}


@pytest.mark.parametrize(
    "damage",
    [
        b"{not json",
        b"",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"schema": "sichuan-mahjong/other", "version": 1, "data": {}}',
        b'{"schema": "sichuan-mahjong/profile", "version": 1, "data": [1]}',
        b'{"schema": "sichuan-mahjong/profile", "version": "1", "data": {}}',
    ],
)
def test_corrupt_main_restores_the_backup_and_says_so(tmp_path, damage):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 1234})  # good
    store.save({"coins": 777})  # good2 — the backup now holds good
    store.path.write_bytes(damage)  # good2 is lost

    result = store.load()

    assert result.source == "backup"
    assert result.data == {"coins": 1234}  # coins come from the backup, not a reset
    notice = result.notice
    assert notice is not None and notice.kind is NoticeKind.RESTORED_FROM_BACKUP
    assert notice.key == "storage.restored_from_backup"
    assert notice.moved_to is not None and notice.moved_to.read_bytes() == damage
    assert notice.moved_to.name.startswith("profile.json.corrupt-")
    assert notice.moved_to.name in notice.en and notice.moved_to.name in notice.zh
    assert "backup" in notice.en and "备份" in notice.zh
    # The main file is the restored backup again, so the next load is quiet...
    again = store.load()
    assert again.source == "main" and again.data == {"coins": 1234} and again.notice is None
    # ...and the next save keeps the restored version as its backup.
    store.save({"coins": 1300})
    assert json.loads(store.backup_path.read_text(encoding="utf-8"))["data"] == {"coins": 1234}


def test_corrupt_main_and_backup_reset_to_defaults_with_a_notice(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 1})
    store.save({"coins": 2})
    store.path.write_text("garbage", encoding="utf-8")
    store.backup_path.write_text("garbage too", encoding="utf-8")

    result = store.load()

    assert result.data is None and result.source == "defaults"
    assert result.notice is not None and result.notice.kind is NoticeKind.RESET_TO_DEFAULTS
    assert "默认" in result.notice.zh and "defaults" in result.notice.en
    aside = [n for n in files(tmp_path) if ".corrupt-" in n]
    assert len(aside) == 2  # both kept for a person to look at
    assert not store.path.exists() and not store.backup_path.exists()


def test_corrupt_main_without_backup_resets_with_a_notice(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 5})
    store.path.write_text("{", encoding="utf-8")
    result = store.load()
    assert result.source == "defaults"
    assert result.notice is not None and result.notice.kind is NoticeKind.RESET_TO_DEFAULTS


def test_missing_main_with_a_good_backup_uses_the_backup(tmp_path):
    """Only a crash between the two renames of a save (or a person) leaves this state."""
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 10})
    store.save({"coins": 20})
    store.path.unlink()
    result = store.load()
    assert result.source == "backup" and result.data == {"coins": 10}
    assert result.notice is not None and result.notice.moved_to is None


def test_a_corrupt_main_is_not_made_the_backup(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 10})
    store.save({"coins": 20})
    store.path.write_text("oops", encoding="utf-8")
    store.save({"coins": 30})  # saved without loading first
    assert store.load().data == {"coins": 30}
    assert json.loads(store.backup_path.read_text(encoding="utf-8"))["data"] == {"coins": 10}


def test_two_files_moved_aside_in_the_same_second_get_distinct_names(tmp_path):
    store = JsonStore("profile", directory=tmp_path, backup=False)
    names = set()
    for _ in range(3):
        store.path.write_text("bad", encoding="utf-8")
        notice = store.load().notice
        assert notice is not None and notice.moved_to is not None
        names.add(notice.moved_to.name)
    assert len(names) == 3


def test_migrations_upgrade_old_documents(tmp_path):
    old = JsonStore("profile", directory=tmp_path, version=1)
    old.save({"gold": 50})
    migrations = {
        1: lambda d: {"coins": d["gold"]},
        2: lambda d: {**d, "items": {}},
    }
    new = JsonStore("profile", directory=tmp_path, version=3, migrations=migrations)
    result = new.load()
    assert result.source == "main" and result.data == {"coins": 50, "items": {}}


def test_a_failing_migration_counts_as_unusable(tmp_path):
    JsonStore("profile", directory=tmp_path, version=1).save({"gold": 50})
    new = JsonStore("profile", directory=tmp_path, version=2, migrations={1: lambda d: d["x"]})
    result = new.load()
    assert result.source == "defaults" and result.notice is not None


def test_no_backup_and_no_fsync_options(tmp_path):
    store = JsonStore("autosave", directory=tmp_path, backup=False, fsync=False)
    store.save({"a": 1})
    store.save({"a": 2})
    assert files(tmp_path) == ["autosave.json"]
    assert store.load().data == {"a": 2}


def test_clear_removes_main_and_backup(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"a": 1})
    store.save({"a": 2})
    store.clear()
    store.clear()  # twice is fine
    assert files(tmp_path) == []


def test_unserialisable_data_is_a_programming_error(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    with pytest.raises(TypeError):
        store.save({"when": object()})
    with pytest.raises(ValueError):
        store.save({"x": float("nan")})
    assert not store.path.exists()


def test_bad_store_names_are_refused(tmp_path):
    for name in ("", "../x", ".hidden", "a/b"):
        with pytest.raises(ValueError):
            JsonStore(name, directory=tmp_path)


def test_env_var_home_is_used_by_stores(monkeypatch, tmp_path):
    monkeypatch.setenv(storage.ENV_HOME, os.fspath(tmp_path))
    store = JsonStore("settings")
    store.save({"lang": "en"})
    assert (tmp_path / "settings.json").is_file()


def test_validate_rejects_unusable_content(tmp_path):
    def needs_seed(data):
        if not isinstance(data["seed"], int):
            raise TypeError("seed must be an int")

    store = JsonStore("autosave", directory=tmp_path, validate=needs_seed)
    store.save({"seed": 1})
    store.save({"seed": "x"})  # saving does not validate; loading does
    result = store.load()
    assert result.source == "backup" and result.data == {"seed": 1}
    store.clear()
    store.save({})
    assert store.load().source == "defaults"


def test_replace_is_retried_while_windows_holds_the_file(tmp_path, monkeypatch):
    real_replace = os.replace
    calls = []

    def flaky_replace(src, dst):
        calls.append(dst)
        if len(calls) <= 2:
            raise PermissionError(13, "The process cannot access the file")
        real_replace(src, dst)

    monkeypatch.setattr(storage, "_REPLACE_TRIES", 5)
    monkeypatch.setattr(storage.os, "replace", flaky_replace)
    store = JsonStore("profile", directory=tmp_path)
    assert store.save({"coins": 3}) is None
    monkeypatch.undo()
    assert len(calls) == 3 and store.load().data == {"coins": 3}


def test_main_prints_the_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    JsonStore("settings").save({})
    assert storage.main() == 0
    out = capsys.readouterr().out
    assert str(tmp_path) in out and "settings.json" in out


def test_a_newer_games_file_is_left_as_it_is_and_never_saved_over(tmp_path):
    """A profile from a newer version was called damaged, moved aside and replaced by a v1
    profile of 1,000 coins, which the newer game then read."""
    newer = JsonStore("profile", directory=tmp_path, version=2)
    newer.save({"coins": 98765})
    kept = newer.path.read_bytes()
    old = JsonStore("profile", directory=tmp_path)
    result = old.load()
    assert result.data is None and result.notice is not None
    assert result.notice.kind is NoticeKind.NEWER_VERSION
    assert "newer version" in result.notice.en and "更新版本" in result.notice.zh
    assert "damaged" not in result.notice.en
    assert old.save({"coins": 1000}) is None  # the session goes on, saving nothing
    assert old.path.read_bytes() == kept and files(tmp_path) == ["profile.json"]
    assert newer.load().data == {"coins": 98765}
    # a store made afresh for a save (as the settings' is) leaves it alone too
    assert JsonStore("profile", directory=tmp_path).save({"coins": 1}) is None
    assert old.path.read_bytes() == kept and files(tmp_path) == ["profile.json"]


def test_a_file_with_a_byte_order_mark_reads(tmp_path):
    """Notepad's "UTF-8 with BOM" made a hand-edited file count as damaged."""
    store = JsonStore("settings", directory=tmp_path)
    store.save({"lang": "en"})
    store.path.write_bytes(b"\xef\xbb\xbf" + store.path.read_bytes())
    result = store.load()
    assert result.source == "main" and result.data == {"lang": "en"} and result.notice is None


def test_the_folder_listing_names_a_dangling_link_instead_of_failing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(storage.ENV_HOME, str(tmp_path))
    JsonStore("profile").save({"coins": 5})
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    assert storage.main() == 0
    out = capsys.readouterr().out
    assert "gone.json  (cannot be read)" in out and "profile.json  (" in out
