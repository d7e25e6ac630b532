"""A backup the system will not let the game read is neither written over nor rotated away.

The next good save turned ``profile.json`` into ``.bak`` over an unreadable ``.bak``, and
the rotation moved a good ``.bak`` over an unreadable ``.bak2`` or dropped an unreadable
oldest one: a file whose content may be fine was destroyed. It is now set aside as
``<file>.unreadable-<time>`` (not called damaged) and the save goes on, telling the player
nothing. Reading is refused as in ``test_storage_unreadable.py``: ``Path.open`` raises for
the file (the tests may run as root, whom ``chmod 000`` does not stop).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game import storage
from game.profile import Profile, load_profile, profile_store, save_profile
from game.storage import JsonStore


class Denied:
    """The files the system refuses to open, followed by inode: unreadability belongs to the
    file, not to its name (renamed, it stays unreadable; a new file at its name reads).
    ``rename``: renaming them is refused too."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
        self.inodes: set[int] = set()
        self.rename = False
        real_open, real_replace = Path.open, os.replace

        def refused(path: Path) -> bool:
            try:
                return path.stat().st_ino in self.inodes
            except OSError:
                return False

        def open_(path: Path, *args: object, **kwargs: object) -> object:
            if refused(path):
                raise OSError(code, os.strerror(code), str(path))
            return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

        def replace(src: object, dst: object) -> None:
            if self.rename and refused(Path(os.fspath(src))):  # type: ignore[arg-type]
                raise PermissionError(errno.EACCES, "refused", str(src))
            real_replace(src, dst)  # type: ignore[arg-type]

        monkeypatch.setattr(Path, "open", open_)
        monkeypatch.setattr(storage.os, "replace", replace)

    def add(self, path: Path) -> None:
        self.inodes.add(path.stat().st_ino)

    def clear(self) -> None:
        self.inodes.clear()


@pytest.fixture(params=[errno.EACCES, errno.EIO], ids=["no-permission", "io-error"])
def denied(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Denied:
    return Denied(monkeypatch, request.param)


def unreadable_aside(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if ".unreadable-" in p.name}


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_a_single_unreadable_backup_is_kept_aside_not_saved_over(tmp_path, denied):
    heard: list[object] = []
    storage.set_save_listener(lambda name, notice: heard.append(notice))
    try:
        store = JsonStore("settings", directory=tmp_path)
        store.save({"n": 1})
        store.save({"n": 2})
        kept = store.backup_path.read_bytes()  # {"n": 1}
        denied.add(store.backup_path)

        assert store.save({"n": 3}) is None  # a good save: nothing to tell the player
    finally:
        storage.set_save_listener(None)
    assert heard[-1] is None
    denied.clear()
    aside = unreadable_aside(tmp_path)
    assert list(aside.values()) == [kept]
    assert [name.startswith("settings.json.bak.unreadable-") for name in aside] == [True]
    assert not any(".corrupt-" in name for name in names(tmp_path))  # never called damaged
    assert store.load().data == {"n": 3}
    assert JsonStore("settings", directory=tmp_path).backup_path.read_bytes() != kept
    assert storage.msgspec.json.decode(store.backup_path.read_bytes())["data"] == {"n": 2}


@pytest.mark.parametrize("which", [0, 1, 2])
def test_an_unreadable_backup_anywhere_in_the_rotation_survives(tmp_path, denied, which):
    store = JsonStore("profile", directory=tmp_path, backups=3)
    for coins in (100, 200, 300, 400):
        store.save({"coins": coins})
    before = {p.name: p.read_bytes() for p in store.backup_paths}
    victim = store.backup_paths[which]
    denied.add(victim)

    for coins in (500, 600, 700):  # enough saves to push every backup off the end
        assert store.save({"coins": coins}) is None

    denied.clear()
    assert list(unreadable_aside(tmp_path).values()) == [before[victim.name]]
    assert store.load().data == {"coins": 700}
    backups = [storage.msgspec.json.decode(p.read_bytes())["data"] for p in store.backup_paths]
    assert backups == [{"coins": 600}, {"coins": 500}, {"coins": 400}]  # rotation goes on


def test_an_unreadable_backup_that_cannot_be_moved_stays_and_the_save_still_works(tmp_path, denied):
    store = JsonStore("profile", directory=tmp_path, backups=3)
    for coins in (100, 200, 300, 400):
        store.save({"coins": coins})
    bak, bak2, bak3 = store.backup_paths
    oldest = bak3.read_bytes()
    kept = bak2.read_bytes()
    denied.add(bak2)
    denied.rename = True  # the folder refuses to rename it too

    for coins in (500, 600):
        assert store.save({"coins": coins}) is None  # never a crash, nothing told

    denied.clear()
    assert bak2.read_bytes() == kept  # left where it was: never written over
    assert bak3.read_bytes() == oldest  # nothing moved through the slot it holds
    assert unreadable_aside(tmp_path) == {}
    assert store.load().data == {"coins": 600}
    assert storage.msgspec.json.decode(bak.read_bytes())["data"] == {"coins": 500}


def test_a_profile_with_an_unreadable_backup_keeps_its_coins_and_the_backup(tmp_path, denied):
    profile = Profile(coins=1000)
    save_profile(profile, tmp_path)
    profile.coins = 1100
    save_profile(profile, tmp_path)
    bak = profile_store(tmp_path).backup_path
    kept = bak.read_bytes()
    denied.add(bak)

    loaded, notice = load_profile(tmp_path)  # the main file reads: nothing to say
    assert notice is None and loaded.coins == 1100
    loaded.record_hand(won=True, coins=30)
    assert save_profile(loaded, tmp_path) is None

    denied.clear()
    assert list(unreadable_aside(tmp_path).values()) == [kept]
    assert load_profile(tmp_path)[0].coins == 1130
