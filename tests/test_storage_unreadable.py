"""A save file the system will not let the game read, or a folder it will not let it write.

A profile that could not be read (no permission, an I/O error) was called damaged: moved
aside, its older backup restored over it and saved on — the coins the file held since the
backup were lost, and the player was told the file was damaged. Reading is refused here
by making ``Path.open`` raise for the file (the tests may run as root, whom ``chmod 000``
does not stop); one test uses a real ``chmod 000`` where it can.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game import storage
from game.autosave import Autosave
from game.profile import Profile, load_profile, profile_store, save_profile
from game.settings import Settings, load_settings, save_settings, settings_store
from game.storage import JsonStore, NoticeKind
from game.table.session import TableSession


class Denied:
    """The files the system refuses to read (or write); empty it to give them back."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
        self.paths: set[Path] = set()
        self.code = code
        real_open = Path.open

        def open_(path: Path, *args: object, **kwargs: object) -> object:
            if path in self.paths:
                raise OSError(self.code, os.strerror(self.code), str(path))
            return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

        monkeypatch.setattr(Path, "open", open_)


@pytest.fixture
def no_permission(monkeypatch: pytest.MonkeyPatch) -> Denied:
    return Denied(monkeypatch, errno.EACCES)


@pytest.fixture
def io_error(monkeypatch: pytest.MonkeyPatch) -> Denied:
    return Denied(monkeypatch, errno.EIO)


def aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


def test_an_unreadable_file_is_neither_moved_aside_nor_restored_over(tmp_path, no_permission):
    store = JsonStore("profile", directory=tmp_path, backups=3)
    store.save({"coins": 500})
    store.save({"coins": 900})
    before = store.path.read_bytes()
    no_permission.paths.add(store.path)

    result = JsonStore("profile", directory=tmp_path, backups=3).load()

    assert result.source == "backup" and result.data == {"coins": 500}
    notice = result.notice
    assert notice is not None and notice.kind is NoticeKind.UNREADABLE_BACKUP
    assert "could not be read" in notice.en and "no permission" in notice.en
    assert "damaged" not in notice.en
    assert "无法读取" in notice.zh and "权限" in notice.zh and "损坏" not in notice.zh
    assert aside(tmp_path) == []
    no_permission.paths.clear()
    assert store.path.read_bytes() == before  # the backup was not copied over it


def test_an_io_error_while_reading_says_so(tmp_path, io_error):
    store = JsonStore("settings", directory=tmp_path)
    store.save({"n": 1})
    io_error.paths.add(store.path)
    io_error.paths.add(store.backup_path)  # nothing readable: defaults, the file kept

    result = JsonStore("settings", directory=tmp_path).load()

    assert result.source == "defaults" and result.data is None
    notice = result.notice
    assert notice is not None and notice.kind is NoticeKind.UNREADABLE_DEFAULTS
    assert "error while reading" in notice.en and "defaults are used for now" in notice.en
    assert "读取时磁盘出错" in notice.zh
    assert aside(tmp_path) == [] and store.path.exists()


def test_nothing_is_saved_over_an_unreadable_file_until_it_reads_again(tmp_path, no_permission):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 500})
    store.save({"coins": 900})
    before = store.path.read_bytes()
    no_permission.paths.add(store.path)
    heard = []
    storage.set_save_listener(lambda name, notice: heard.append((name, notice)))
    try:
        again = JsonStore("profile", directory=tmp_path)
        assert again.load().data == {"coins": 500}
        notice = again.save({"coins": 510})
        assert notice is not None and notice.kind is NoticeKind.SAVE_FAILED
        assert "cannot be read" in notice.en and "not saved over" in notice.en
        assert "无法读取" in notice.zh
        assert heard == [("profile", notice)]
        no_permission.paths.clear()
        assert store.path.read_bytes() == before and aside(tmp_path) == []
        assert again.save({"coins": 910}) is None  # it reads again: saves go on
    finally:
        storage.set_save_listener(None)
    assert heard[-1] == ("profile", None)
    assert JsonStore("profile", directory=tmp_path).load().data == {"coins": 910}


def test_an_unreadable_profile_keeps_its_coins_and_takes_the_sessions_changes_later(
    tmp_path, no_permission
):
    profile = Profile(coins=1200)
    save_profile(profile, tmp_path)
    profile.coins = 1500  # won since: only the main file knows
    save_profile(profile, tmp_path)
    path = profile_store(tmp_path).path
    no_permission.paths.add(path)

    played, notice = load_profile(tmp_path)
    assert notice is not None and notice.kind is NoticeKind.UNREADABLE_BACKUP
    assert played.coins == 1200  # the backup's, for now
    played.record_hand(won=True, coins=50)
    refused = save_profile(played, tmp_path)
    assert refused is not None and refused.kind is NoticeKind.SAVE_FAILED
    assert played.coins == 1250 and played.stats.hands == 1  # nothing lost in memory

    no_permission.paths.clear()
    assert aside(tmp_path) == []
    assert load_profile(tmp_path)[0].coins == 1500  # the file was not saved over
    assert save_profile(played, tmp_path) is None  # readable again: both add up
    assert played.coins == 1550 and load_profile(tmp_path)[0].coins == 1550


def test_an_unreadable_settings_file_is_kept(tmp_path, no_permission):
    save_settings(Settings(lang="en", speed="fast"), tmp_path)
    path = settings_store(tmp_path).path
    before = path.read_bytes()
    no_permission.paths.add(path)

    settings, notice = load_settings(tmp_path)
    assert notice is not None and notice.kind is NoticeKind.UNREADABLE_DEFAULTS
    assert notice.en.startswith("Your settings: the file could not be read")
    assert save_settings(settings, tmp_path) is not None
    no_permission.paths.clear()
    assert path.read_bytes() == before and aside(tmp_path) == []


def test_an_unreadable_autosave_is_not_resumed_from_its_backup_nor_deleted(tmp_path, no_permission):
    store = Autosave(tmp_path)
    store.save({"auto": False})
    store.save({"auto": True})
    before = store.path.read_bytes()
    no_permission.paths.add(store.path)

    again = Autosave(tmp_path)
    assert again.load() is None  # an older save played on unsaved could pay a hand twice
    notice = again.notice
    assert notice is not None and notice.kind is NoticeKind.UNREADABLE_DEFAULTS
    assert "match in progress could not be read" in notice.en
    assert "resumed once the file can be read again" in notice.en
    assert "无法读取" in notice.zh
    assert again.save({"auto": False}) is not None
    again.clear()  # the end of another match: not this one's file to delete
    no_permission.paths.clear()
    assert store.path.read_bytes() == before
    assert store.path.with_name("autosave.json.bak").exists()
    assert Autosave(tmp_path).load() == {"auto": True}


def test_settings_that_read_again_keep_their_values_beside_the_sessions_changes(
    tmp_path, no_permission
):
    save_settings(Settings(lang="zh", speed="fast", mute=True), tmp_path)
    no_permission.paths.add(settings_store(tmp_path).path)
    settings, _notice = load_settings(tmp_path)  # defaults for now
    settings.sound_volume = 0.3
    no_permission.paths.clear()

    assert save_settings(settings, tmp_path) is None

    saved, _notice = load_settings(tmp_path)
    assert (saved.lang, saved.speed, saved.mute) == ("zh", "fast", True)  # the file's
    assert saved.sound_volume == 0.3  # the change made while it could not be read


def test_two_windows_saving_settings_keep_each_others_changes(tmp_path):
    save_settings(Settings(lang="zh"), tmp_path)
    first, _ = load_settings(tmp_path)
    second, _ = load_settings(tmp_path)
    second.music_volume = 0.1
    assert save_settings(second, tmp_path) is None
    first.lang = "en"
    assert save_settings(first, tmp_path) is None
    first.lang = "zh"  # changed back: saved as chosen, the other window's change still kept
    assert save_settings(first, tmp_path) is None

    saved, _notice = load_settings(tmp_path)
    assert saved.lang == "zh" and saved.music_volume == 0.1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_chmod_000_is_not_damage(tmp_path):
    store = JsonStore("profile", directory=tmp_path)
    store.save({"coins": 1})
    store.save({"coins": 2})
    store.path.chmod(0)
    try:
        result = JsonStore("profile", directory=tmp_path).load()
        assert result.notice is not None and result.notice.kind is NoticeKind.UNREADABLE_BACKUP
        assert JsonStore("profile", directory=tmp_path).save({"coins": 3}) is not None
    finally:
        store.path.chmod(0o600)
    assert aside(tmp_path) == [] and store.load().data == {"coins": 2}


# --- a folder the game may not write to --------------------------------------------------


@pytest.mark.parametrize(
    ("where", "code", "why"),
    [
        ("mkstemp", errno.EROFS, "the save folder is read-only"),
        ("mkstemp", errno.EACCES, "the save folder may not be written to"),
        ("write", errno.ENOSPC, "the disk is full"),
    ],
)
def test_a_refused_write_is_told_and_loses_nothing_in_memory(
    tmp_path, monkeypatch, where, code, why
):
    table = TableSession(Profile(coins=800), tmp_path, lang="en")
    table.save()
    assert table.save_error is None
    heard = []
    storage.set_save_listener(lambda name, notice: heard.append(notice))

    def refuse(*args: object, **kwargs: object) -> object:
        raise OSError(code, os.strerror(code))

    if where == "mkstemp":
        monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    else:
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, fd: int, mode: str) -> None:
                self.f = real_fdopen(fd, mode)

            def __enter__(self) -> Full:
                return self

            def __exit__(self, *exc: object) -> None:
                self.f.close()

            def write(self, data: bytes) -> int:
                raise OSError(code, os.strerror(code))

        monkeypatch.setattr(storage.os, "fdopen", Full)
    try:
        table.profile.record_hand(won=True, coins=40)
        table.save()  # no exception: told, and the game goes on
        table.profile.record_hand(won=False, coins=-10)
        table.save()
    finally:
        monkeypatch.undo()
        storage.set_save_listener(None)
    assert table.save_error is not None
    assert [n.kind for n in heard] == [NoticeKind.SAVE_FAILED] * 2
    assert why in heard[0].en
    assert table.profile.coins == 830 and table.profile.stats.hands == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["profile.json"]  # no temp files
    assert load_profile(tmp_path)[0].coins == 800  # the last good save, whole
    table.save()  # the disk takes writes again: nothing of the session was lost
    assert table.save_error is None and load_profile(tmp_path)[0].coins == 830
