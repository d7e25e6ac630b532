"""Where the game keeps its files, and how a JSON document gets there and back safely.

Every save (settings, profile, the match in progress) is one small versioned JSON document::

    {"schema": "sichuan-mahjong/profile", "version": 1, "saved_at": "2026-11-29T19:30:00Z",
     "data": {...}}

Writes are atomic: the new text goes to a temporary file in the same folder, is flushed to
disk (fsync), the older backups move down (``.bak`` → ``.bak2`` …, as many as the store
keeps), the current file becomes ``name.json.bak`` (the previous good version), and the
temporary file replaces ``name.json`` with :func:`os.replace`. A crash at any moment leaves
the new document or the old one (as ``name.json``, or as ``name.json.bak`` between the two
renames, which loading then uses) — never half of one. Only good files become backups.

Loading never raises. JSON is decoded strictly with msgspec (no NaN or Infinity, no number
too big for a float, deep nesting refused), then the store's ``validate`` (a schema) checks
every field. A file that is not text, not JSON, of another schema, or that fails its
schema is moved aside to ``name.json.corrupt-<UTC timestamp>`` (so nothing is destroyed and a
person can look at it); then the backups are tried, newest first; then defaults. A file a
newer version of the game saved is left where it is and never saved over by this one (the
session runs on defaults, and is told so). A file the system will not let the game read
(no permission, an I/O error) is not damaged either: see :meth:`JsonStore.load`; nor is
such a backup, which a save renames to ``name.json.bak.unreadable-<UTC timestamp>`` rather
than write over it or rotate it away. A byte-order mark (Notepad's "UTF-8 with BOM") is read
past. Whenever the player's data did not come from the main file as expected, the result
carries a :class:`Notice` (zh + en, in the player's words) for the GUI to show — coins are
never reset silently. Every save's outcome goes to the save listener
(:func:`set_save_listener`): the app tells the player once when saves start failing.

The folder is, in order of preference: a ``directory`` passed by the caller (tests pass
``tmp_path``), the environment variable ``SICHUAN_MAHJONG_HOME``, else the platform's user data
folder for the app ``SichuanMahjong`` (``~/.local/share/SichuanMahjong`` on Linux,
``%LOCALAPPDATA%\\SichuanMahjong`` on Windows, ``~/Library/Application Support/SichuanMahjong``
on macOS).
"""

from __future__ import annotations

import contextlib
import enum
import errno
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec

__all__ = [
    "APP_NAME",
    "ENV_HOME",
    "JsonStore",
    "LoadResult",
    "Migration",
    "Notice",
    "NoticeKind",
    "data_dir",
]

log = logging.getLogger(__name__)

APP_NAME = "SichuanMahjong"
ENV_HOME = "SICHUAN_MAHJONG_HOME"
SCHEMA_PREFIX = "sichuan-mahjong/"

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns the ``data`` of version ``v`` into the ``data`` of version ``v + 1``."""


def data_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """The folder saves live in (not created here): ``directory`` if given, else
    ``$SICHUAN_MAHJONG_HOME``, else the platform user data folder for ``SichuanMahjong``."""
    if directory is not None:
        return Path(directory)
    env = os.environ.get(ENV_HOME, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs  # only when no folder was given: tests and imports stay light

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=False))


_FAILING: set[Path] = set()  # files whose last save failed (logged once until one works)
SaveListener = Callable[[str, "Notice | None"], None]
_save_listener: SaveListener | None = None


def set_save_listener(listener: SaveListener | None) -> None:
    """Who hears of every save: ``listener(name, None)`` after a good one, ``listener(name,
    notice)`` after one the disk refused (the app tells the player once, the game goes on)."""
    global _save_listener
    _save_listener = listener


def _heard(name: str, notice: Notice | None) -> None:
    if _save_listener is not None:
        try:
            _save_listener(name, notice)
        except Exception:  # telling the player must never break a save
            log.exception("the save listener failed")


class NoticeKind(enum.Enum):
    """What happened while loading or saving, for the player."""

    RESTORED_FROM_BACKUP = "restored_from_backup"  # main file bad/missing, backup was good
    RESET_TO_DEFAULTS = "reset_to_defaults"  # main file bad, no usable backup
    SAVE_FAILED = "save_failed"  # disk full, read-only folder, ...
    FIELDS_RESET = "fields_reset"  # the file was good but some fields were not: defaults
    SALVAGED = "salvaged"  # main file bad, no usable backup: what could be read was kept
    NEWER_VERSION = "newer_version"  # saved by a newer game: left as it is, never saved over
    # the system refused to read the file (no permission, I/O error): left as it is, never
    # saved over while it cannot be read; the backup (or defaults) is used meanwhile
    UNREADABLE_BACKUP = "unreadable_backup"
    UNREADABLE_DEFAULTS = "unreadable_defaults"
    # the file held far more entries than the game writes: the extra ones left out, the rest
    # kept (the store's owner cuts it; :func:`game.profile_schema.bound_profile`)
    ENTRIES_CUT = "entries_cut"


_NOTICE_TEXT: dict[NoticeKind, tuple[str, str]] = {
    NoticeKind.RESTORED_FROM_BACKUP: (
        "{name}的文件已损坏或丢失，已改用上一份完好的备份（最近一次的改动可能丢失）。{aside}",
        "{name}: the file was damaged or missing, so the last good backup is used (the most "
        "recent change may be lost). {aside}",
    ),
    NoticeKind.RESET_TO_DEFAULTS: (
        "{name}的文件已损坏，且没有完好的备份，已改用默认值。{aside}",
        "{name}: the file was damaged and no good backup was left, so defaults are used. {aside}",
    ),
    NoticeKind.SALVAGED: (
        "{name}的文件部分损坏，且没有完好的备份：能读出的部分已保留，其余改用默认值。{aside}",
        "{name}: part of the file was damaged and no good backup was left, so what could be "
        "read is kept and the rest is back to its defaults. {aside}",
    ),
    NoticeKind.FIELDS_RESET: (
        "{name}中有无效的值，已恢复为默认：{why}。",
        "{name}: some values were not valid and are back to their defaults: {why}.",
    ),
    NoticeKind.SAVE_FAILED: (
        "无法保存{name}：{why}。游戏会继续尝试保存。",
        "{name} could not be saved: {why}. The game keeps trying.",
    ),
    NoticeKind.NEWER_VERSION: (
        "{name}是更新版本的游戏保存的，这个版本读不了：文件原样保留，这次游戏中的改动不会存入。",
        "{name} was saved by a newer version of the game, which this one cannot read: the "
        "file is left as it is, and nothing from this session is saved to it.",
    ),
    NoticeKind.UNREADABLE_BACKUP: (
        "{name}的文件无法读取：{why}。文件原样保留，暂时改用上一份完好的备份；在文件能读取之前，"
        "游戏不会存入它。",
        "{name}: the file could not be read: {why}. It is left as it is and the last good "
        "backup is used for now; nothing is saved over the file until it can be read again.",
    ),
    NoticeKind.UNREADABLE_DEFAULTS: (
        "{name}的文件无法读取：{why}。文件原样保留，暂时改用默认值；在文件能读取之前，"
        "游戏不会存入它。",
        "{name}: the file could not be read: {why}. It is left as it is and defaults are "
        "used for now; nothing is saved over the file until it can be read again.",
    ),
    NoticeKind.ENTRIES_CUT: (
        "{name}中的条目远多于游戏会写入的数量：多出的条目已略去（{why}），其余内容都已保留。",
        "{name}: the file held far more entries than the game ever writes, so the extra ones "
        "were left out ({why}); everything else was kept.",
    ),
}
# The match in progress is not "reset to defaults": it cannot be resumed, or resumes earlier.
_AUTOSAVE_TEXT: dict[NoticeKind, tuple[str, str]] = {
    NoticeKind.RESTORED_FROM_BACKUP: (
        "进行中的对局从上一份存档继续（最后几步可能丢失）。{aside}",
        "The match in progress resumes from the save before the last (its last actions may "
        "be lost). {aside}",
    ),
    NoticeKind.RESET_TO_DEFAULTS: (
        "进行中的对局的存档已损坏，无法继续。{aside}",
        "The save of the match in progress is damaged and cannot be resumed. {aside}",
    ),
    NoticeKind.UNREADABLE_DEFAULTS: (
        "进行中的对局的存档无法读取：{why}。文件原样保留，能读取后即可继续这局。",
        "The save of the match in progress could not be read: {why}. It is left as it is, "
        "and the match can be resumed once the file can be read again.",
    ),
}
_ASIDE_TEXT = ("损坏的文件已保留为 {file}。", "The damaged file was kept as {file}.")
_NAMES: dict[str, tuple[str, str]] = {
    "profile": ("玩家存档（游戏币、道具和战绩）", "Your profile (coins, items and statistics)"),
    "settings": ("设置", "Your settings"),
    "autosave": ("进行中的对局", "The match in progress"),
}
_FILE_IN_THE_WAY = (
    "存档文件夹的路径被一个文件占用",
    "a file stands where the save folder should be",
)
_WHY: dict[int, tuple[str, str]] = {
    errno.ENOSPC: ("磁盘已满", "the disk is full"),
    errno.EACCES: ("没有写入存档文件夹的权限", "the save folder may not be written to"),
    errno.EPERM: ("没有写入存档文件夹的权限", "the save folder may not be written to"),
    errno.EROFS: ("存档文件夹是只读的", "the save folder is read-only"),
    errno.ENOTDIR: _FILE_IN_THE_WAY,
    errno.EEXIST: _FILE_IN_THE_WAY,
}
_WHY_OTHER = ("磁盘拒绝写入", "the disk refused the write")
_NO_READ_PERMISSION = ("游戏没有读取它的权限", "the game has no permission to read it")
_WHY_READ: dict[int, tuple[str, str]] = {
    errno.EACCES: _NO_READ_PERMISSION,
    errno.EPERM: _NO_READ_PERMISSION,
    errno.EIO: ("读取时磁盘出错", "the disk reported an error while reading it"),
}
_WHY_READ_OTHER = ("系统不允许读取它", "the system would not let the game read it")
_SAVE_UNREADABLE = (
    "已保存的文件无法读取（{why}），为免覆盖其中的内容，暂不保存",
    "the saved file cannot be read ({why}), so it is not saved over",
)


def _why(error: OSError) -> tuple[str, str]:
    """What an OS error means for the player, in words (no errno, no path)."""
    return _WHY.get(error.errno or 0, _WHY_OTHER)


def _why_unreadable(error: OSError) -> tuple[str, str]:
    """Why a file could not be read, for the player (no errno, no path)."""
    return _WHY_READ.get(error.errno or 0, _WHY_READ_OTHER)


@dataclass(frozen=True)
class Notice:
    """Something the player should be told about their saved data.

    ``key`` is a stable text key (``storage.restored_from_backup`` …) for the GUI's own
    strings; :meth:`text` gives a ready sentence in ``zh`` or ``en``. ``moved_to`` is where a
    damaged file was put aside; ``detail`` is the technical reason (for logs).
    """

    kind: NoticeKind
    name: str
    moved_to: Path | None = None
    detail: str = ""
    # SAVE_FAILED: the reason; FIELDS_RESET, ENTRIES_CUT: the fields
    why: tuple[str, str] = _WHY_OTHER

    @property
    def key(self) -> str:
        return f"storage.{self.kind.value}"

    def text(self, lang: str = "zh") -> str:
        index = 0 if lang == "zh" else 1
        aside = _ASIDE_TEXT[index].format(file=self.moved_to.name) if self.moved_to else ""
        table = _AUTOSAVE_TEXT if self.name == "autosave" else _NOTICE_TEXT
        template = table.get(self.kind, _NOTICE_TEXT[self.kind])[index]
        name = _NAMES.get(self.name, (self.name, self.name))[index]
        return template.format(name=name, aside=aside, why=self.why[index]).strip()

    @property
    def zh(self) -> str:
        return self.text("zh")

    @property
    def en(self) -> str:
        return self.text("en")


Source = Literal["main", "backup", "salvaged", "defaults"]


@dataclass(frozen=True)
class LoadResult:
    """A loaded document's ``data`` (``None`` when defaults apply: the caller builds them),
    where it came from, and what the player should be told (empty when all went well,
    including a first run with no file yet)."""

    data: dict[str, Any] | None
    source: Source
    notices: tuple[Notice, ...] = ()

    @property
    def notice(self) -> Notice | None:
        """The one notice to show (the last, which says how it ended), or None."""
        return self.notices[-1] if self.notices else None


_REPLACE_TRIES = 5 if os.name == "nt" else 1


def _replace(src: str | Path, dst: Path) -> None:
    """:func:`os.replace`, retried briefly on Windows, where a virus scanner or indexer
    holding the target open makes it fail with PermissionError for a moment."""
    tries = _REPLACE_TRIES
    for attempt in range(tries):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == tries - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _signature(path: Path) -> tuple[int, int, int] | None:
    """What changes when anyone rewrites the file: inode, size, modification time."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class _Unusable(Exception):
    """A file that exists but cannot be used; the message says why. ``data``: its content
    when it read as the document but did not pass the schema (what a salvage starts from)."""

    def __init__(self, message: str, data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.data = data


class _Newer(_Unusable):
    """A document of a later schema version than this game's."""


class _Unreadable(Exception):
    """A file the system would not let the game read (no permission, an I/O error). Not
    damage: its content may be fine, so it is never moved aside nor saved over."""

    def __init__(self, error: OSError) -> None:
        super().__init__(f"cannot read: {error}")
        self.error = error


class JsonStore:
    """One versioned JSON document ``<directory>/<name>.json`` with one backup.

    ``kind`` names the schema (``"profile"`` → ``"sichuan-mahjong/profile"``); ``version``
    is the current schema version; ``migrations[v]`` upgrades ``data`` from ``v`` to
    ``v + 1`` when an older file is loaded. ``validate(data)`` may raise ``ValueError``,
    ``TypeError`` or ``KeyError`` to reject a well-formed document whose content is unusable
    (it then counts as damaged). ``backups`` is how many previous good versions are kept
    (``.bak``, ``.bak2``, ``.bak3`` …; 0 keeps none; ``backup=False`` is ``backups=0``);
    ``fsync=False`` skips the flush to disk (the write stays atomic against a crash of the
    game, not a power cut). ``backup_when_unreadable=False``: a main file that cannot be
    read gives defaults, not a backup (the match in progress: an older save, played on
    without being saved, would pay a hand twice after a crash).
    """

    def __init__(
        self,
        name: str,
        *,
        kind: str | None = None,
        version: int = 1,
        directory: str | os.PathLike[str] | None = None,
        migrations: Mapping[int, Migration] | None = None,
        validate: Callable[[dict[str, Any]], object] | None = None,
        salvage: Callable[[dict[str, Any]], dict[str, Any] | None] | None = None,
        backup: bool = True,
        backups: int = 1,
        fsync: bool = True,
        backup_when_unreadable: bool = True,
    ) -> None:
        if not name or "/" in name or "\\" in name or name.startswith("."):
            raise ValueError(f"bad store name {name!r}: a plain file stem like 'profile'")
        if version < 1:
            raise ValueError(f"schema version must be >= 1, got {version}")
        self.name = name
        self.schema = SCHEMA_PREFIX + (kind or name)
        self.version = version
        self.directory = data_dir(directory)
        self.migrations: dict[int, Migration] = dict(migrations or {})
        self.validate = validate
        # a damaged document with no good backup: what can be read of it, field by field
        # (None: nothing), rather than defaults for everything
        self.salvage = salvage
        self.backups = max(0, backups) if backup else 0
        self.keep_backup = self.backups > 0
        self.fsync = fsync
        self.backup_when_unreadable = backup_when_unreadable
        self._known_good: tuple[int, int, int] | None = None  # (inode, size, mtime) we wrote
        # the file is a newer game's: never moved aside nor saved over (an older game run in
        # between would have put 1,000 coins where the newer game's profile was)
        self.newer = False

    def __repr__(self) -> str:
        return f"JsonStore({str(self.path)!r}, schema={self.schema!r}, version={self.version})"

    @property
    def path(self) -> Path:
        return self.directory / f"{self.name}.json"

    @property
    def backup_path(self) -> Path:
        """The newest backup (the previous good version)."""
        return self.directory / f"{self.name}.json.bak"

    @property
    def backup_paths(self) -> list[Path]:
        """Every backup kept, newest first: ``.bak``, ``.bak2``, ``.bak3`` …"""
        return [self.backup_path] + [
            self.directory / f"{self.name}.json.bak{n}" for n in range(2, self.backups + 1)
        ]

    # --- loading --------------------------------------------------------------------------

    def load(self) -> LoadResult:
        """The document's data, from the main file, else the newest good backup, else
        defaults (``None``). Never raises for a bad or missing file; see the module
        docstring for the order. Temporary files left by a killed write are removed.

        A main file the system will not let the game read (no permission, an I/O error) is
        not damaged: it may hold more coins than any backup. It is neither moved aside nor
        replaced by the backup; the session plays on with the newest readable backup (or
        defaults) and the player is told why; and every :meth:`save` tries the file again
        and writes nothing while it still cannot be read — a save that wrote the backup's
        older coins over it would lose what the file holds. Once it reads again, saves go
        on (the profile first adds the file's content to the session's changes:
        :func:`game.profile.save_profile`). Retrying in a loop was the other choice; but a
        permission does not fix itself while the player waits, and the game must start."""
        self.clean_temps()
        moved_to: Path | None = None
        detail = "missing"
        damaged: dict[str, Any] | None = None
        if self.path.exists():
            try:
                return LoadResult(self._read(self.path), "main")
            except _Unreadable as exc:
                log.warning("%s cannot be read (%s); left as it is, not saved over", self.path, exc)
                return self._load_past_unreadable(exc.error)
            except _Newer as exc:
                log.warning("%s: %s; left as it is, and not saved over", self.path, exc)
                self.newer = True
                return LoadResult(None, "defaults", (Notice(NoticeKind.NEWER_VERSION, self.name),))
            except _Unusable as exc:
                detail = str(exc)
                damaged = exc.data
                log.warning("%s is unusable (%s); moving it aside", self.path, detail)
                moved_to = self._move_aside(self.path)
                if moved_to is None:  # cannot rename: copy it aside, never overwrite it
                    moved_to = self._copy_aside(self.path)
        for backup in self.backup_paths if self.keep_backup else []:
            if not backup.exists():
                continue
            try:
                data = self._read(backup)
            except _Unreadable as exc:
                log.warning("backup %s cannot be read either (%s)", backup, exc)
                continue
            except _Unusable as exc:
                log.warning("backup %s is unusable too (%s)", backup, exc)
                self._move_aside(backup)
                continue
            self._restore_backup(backup)
            notice = Notice(NoticeKind.RESTORED_FROM_BACKUP, self.name, moved_to, detail)
            return LoadResult(data, "backup", (notice,))
        if moved_to is None and detail == "missing":
            return LoadResult(None, "defaults")  # first run: nothing to tell
        kept = self._salvaged(damaged)
        if kept is not None:
            # what was kept becomes the file at once, as a good backup does: the damaged one
            # is moved aside, so a start that saved nothing before it closed found no file the
            # next time and began anew (a salvaged profile's coins lost after all)
            self.save(kept)
            notice = Notice(NoticeKind.SALVAGED, self.name, moved_to, detail)
            return LoadResult(kept, "salvaged", (notice,))
        notice = Notice(NoticeKind.RESET_TO_DEFAULTS, self.name, moved_to, detail)
        return LoadResult(None, "defaults", (notice,))

    def _load_past_unreadable(self, error: OSError) -> LoadResult:
        """The newest readable good backup (nothing restored over the main file), else
        defaults; the notice says the file could not be read, and why."""
        why = _why_unreadable(error)
        for backup in self.backup_paths if self.keep_backup and self.backup_when_unreadable else []:
            if not backup.exists():
                continue
            try:
                data = self._read(backup)
            except (_Unusable, _Unreadable) as exc:  # left where it is: the main file rules
                log.warning("backup %s is no use either (%s)", backup, exc)
                continue
            notice = Notice(NoticeKind.UNREADABLE_BACKUP, self.name, None, str(error), why)
            return LoadResult(data, "backup", (notice,))
        notice = Notice(NoticeKind.UNREADABLE_DEFAULTS, self.name, None, str(error), why)
        return LoadResult(None, "defaults", (notice,))

    def peek(self) -> dict[str, Any] | None:
        """The main file's data if it is a good document of this game's version, else None:
        nothing is moved, restored or told (a save asks what another game wrote since)."""
        try:
            return self._read(self.path)
        except (_Unusable, _Unreadable):
            return None

    def _salvaged(self, damaged: dict[str, Any] | None) -> dict[str, Any] | None:
        if damaged is None or self.salvage is None:
            return None
        try:
            kept = self.salvage(damaged)
            if kept is not None and self.validate is not None:
                self.validate(kept)
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            log.warning("%s: nothing could be salvaged (%s)", self.path, exc)
            return None
        return kept

    def clean_temps(self, older_than: float = 5.0) -> None:
        """Remove ``.<name>.json.*.tmp`` files a killed write left (older than a few
        seconds, so another window's write in progress is left alone)."""
        try:
            leftovers = list(self.directory.glob(f".{self.name}.json.*.tmp"))
        except OSError:
            return
        now = time.time()
        for tmp in leftovers:
            with contextlib.suppress(OSError):
                if now - tmp.stat().st_mtime >= older_than:
                    tmp.unlink()

    def _read(self, path: Path) -> dict[str, Any]:
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError) as exc:
            # gone (or its folder a file), or a folder in its place: nothing there to keep
            raise _Unusable(f"cannot read: {exc}") from exc
        except OSError as exc:  # no permission, an I/O error: the content may be good
            raise _Unreadable(exc) from exc
        try:
            text = raw.decode("utf-8-sig")  # a hand edit may add a BOM
        except UnicodeDecodeError as exc:
            raise _Unusable(f"cannot read: {exc}") from exc
        try:  # strict JSON: no NaN/Infinity, numbers too big for a float refused
            doc = msgspec.json.decode(text)
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
            raise _Unusable(f"not JSON: {str(exc)[:120]}") from exc
        if not isinstance(doc, dict):
            raise _Unusable(f"not a JSON object but {type(doc).__name__}")
        if doc.get("schema") != self.schema:
            raise _Unusable(f"schema {doc.get('schema')!r}, expected {self.schema!r}")
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _Unusable(f"bad version {version!r}")
        if version > self.version:
            raise _Newer(f"version {version} is newer than this game's {self.version}")
        data = doc.get("data")
        if not isinstance(data, dict):
            raise _Unusable("no 'data' object")
        data = self._migrate(data, version)
        if self.validate is not None:
            try:
                self.validate(data)
            except (ValueError, TypeError, KeyError, RecursionError) as exc:
                raise _Unusable(f"invalid content: {str(exc)[:160]}", data) from exc
        return data

    def _migrate(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        while version < self.version:
            step = self.migrations.get(version)
            if step is not None:
                try:
                    data = step(data)
                except Exception as exc:  # a migration bug must not crash the game
                    raise _Unusable(f"migration from v{version} failed: {exc!r}") from exc
                if not isinstance(data, dict):
                    raise _Unusable(f"migration from v{version} returned no object")
            version += 1
        return data

    def _move_aside(self, path: Path, why: str = "corrupt") -> Path | None:
        """Rename a bad file to ``<file>.corrupt-<UTC time>`` (``why``: another word than
        ``corrupt``); None if even that fails."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        target = path.with_name(f"{path.name}.{why}-{stamp}")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
            n += 1
        try:
            _replace(path, target)
        except OSError as exc:
            log.warning("could not move %s aside: %s", path, exc)
            return None
        return target

    def set_aside(self, *, backup: bool = False) -> Path | None:
        """Move the main file aside as damaged (its content reads but is unusable, e.g. a
        hand that does not replay); the next :meth:`load` tries the backup. ``backup``: the
        document came from the newest backup (now also the main file): move that aside too.
        Where the main file went, or None."""
        self._known_good = None
        if backup and self.backup_path.exists():
            self._move_aside(self.backup_path)
        if not self.path.exists():
            return None
        return self._move_aside(self.path) or self._copy_aside(self.path)

    def _copy_aside(self, path: Path) -> Path | None:
        """A copy of a bad file that could not be renamed (the folder refuses renames)."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        try:
            target.write_bytes(path.read_bytes())
        except OSError:
            return None
        return target

    def _restore_backup(self, backup: Path) -> None:
        """Copy the good backup over the main path, so the next save's backup is still it."""
        with contextlib.suppress(OSError):
            self._write_atomic(self.path, backup.read_bytes())

    # --- saving ---------------------------------------------------------------------------

    def save(self, data: Mapping[str, Any]) -> Notice | None:
        """Write ``data`` atomically, keeping the previous good file as the backup.

        Returns None on success, or a ``SAVE_FAILED`` notice (the error is logged; the game
        goes on). Data that JSON cannot hold is a programming error: ``TypeError``.
        """
        if self.newer:
            return None  # a newer game's file: kept for it (the player was told at the load)
        doc = {
            "schema": self.schema,
            "version": self.version,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "data": dict(data),
        }
        payload = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        unreadable = self._unreadable(self.path)
        if unreadable is not None:  # tried again at every save: written once it reads
            if self.path not in _FAILING:
                log.warning("not saving %s: it cannot be read (%s)", self.path, unreadable)
            _FAILING.add(self.path)
            zh, en = _why_unreadable(unreadable)
            because = (_SAVE_UNREADABLE[0].format(why=zh), _SAVE_UNREADABLE[1].format(why=en))
            notice = Notice(NoticeKind.SAVE_FAILED, self.name, None, str(unreadable), because)
            _heard(self.name, notice)
            return notice
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            rotate = self.keep_backup and self._is_good(self.path)
            if not rotate and self.path.exists() and not self._is_good(self.path):
                if self.newer:  # a newer game's, found now (another store object loaded it)
                    return None
                self._move_aside(self.path)  # damage that appeared since the load: kept
            self._known_good = None
            self._write_atomic(self.path, payload.encode("utf-8"), backup_first=rotate)
            self._known_good = _signature(self.path)
        except OSError as exc:
            if self.path not in _FAILING:  # logged once per run of failures, not every action
                log.warning("could not save %s: %s", self.path, exc)
            _FAILING.add(self.path)
            notice = Notice(NoticeKind.SAVE_FAILED, self.name, None, str(exc), _why(exc))
            _heard(self.name, notice)
            return notice
        _FAILING.discard(self.path)
        _heard(self.name, None)
        return None

    def _is_good(self, path: Path) -> bool:
        """Whether ``path`` holds a usable document (only good files become the backup)."""
        if self._known_good is not None and self._known_good == _signature(path):
            return True  # our own last write, untouched: no need to read it back
        if not path.exists():
            return False
        try:
            self._read(path)
        except _Newer:
            self.newer = self.newer or path == self.path
            return False
        except (_Unusable, _Unreadable):
            return False
        return True

    def _unreadable(self, path: Path) -> OSError | None:
        """The error reading ``path`` when the system will not let the game read it (no
        permission, an I/O error); None when it reads, is missing or is merely damaged."""
        if self._known_good is not None and self._known_good == _signature(path):
            return None  # our own last write, untouched
        try:
            with path.open("rb") as f:
                f.read(1)
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None  # nothing there to keep (a save then says why it cannot write)
        except OSError as exc:
            return exc
        return None

    def _write_atomic(self, path: Path, payload: bytes, *, backup_first: bool = False) -> None:
        """Temp file in the same folder, fsync, then (the old file → ``.bak``) and the temp
        file → ``path``. Between the two renames only the backup exists, which loads."""
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(payload)
                if self.fsync:
                    f.flush()
                    os.fsync(f.fileno())
            if backup_first:
                self._rotate_backups()
                if self._backup_slot_free(self.backup_path):
                    _replace(path, self.backup_path)
            _replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def _rotate_backups(self) -> None:
        """``.bak`` → ``.bak2`` → ``.bak3`` …, the oldest dropped; only good backups move
        on (a damaged one would push a good one out). A backup that cannot be read is never
        dropped nor written over (:meth:`_backup_slot_free`)."""
        paths = self.backup_paths
        for older, newer in reversed(list(zip(paths[1:], paths[:-1], strict=True))):
            if newer.exists() and self._is_good(newer) and self._backup_slot_free(older):
                _replace(newer, older)

    def _backup_slot_free(self, path: Path) -> bool:
        """Whether a backup may be put at ``path``: nothing is there, or a file that reads
        (a damaged or the oldest backup, dropped). A file the system will not let the game
        read is not damage — its content may be fine — so, as for the main file, it is never
        destroyed: it is renamed out of the way to ``<file>.unreadable-<UTC time>`` (not
        ``.corrupt-``; loading no longer tries it, the newer backups come first anyway) and
        the save goes on; if even the rename is refused it stays where it is and that slot
        is skipped (the backup that would have gone there is dropped instead). The player is
        told nothing: the save worked, and their data is the main file's."""
        error = self._unreadable(path)
        if error is None:
            return True
        moved = self._move_aside(path, "unreadable")
        if moved is None:
            log.warning("backup %s cannot be read (%s) nor moved; left as it is", path, error)
            return False
        log.warning("backup %s cannot be read (%s); kept as %s", path, error, moved.name)
        return True

    def clear(self) -> None:
        """Delete the document and its backup (files moved aside stay). A main file that
        cannot be read is not this session's to delete (its saves were refused): it and its
        backups stay."""
        if self._unreadable(self.path) is not None:
            log.warning("%s cannot be read; not deleting it", self.path)
            return
        self._known_good = None
        for path in (self.path, *self.backup_paths):
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:  # a read-only folder, a file in the folder's place
                log.warning("could not delete %s: %s", path, exc)


def main() -> int:
    """``python -m game.storage``: print where saves live and what is there."""
    folder = data_dir()
    print(folder)
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            try:
                size = f"{path.stat().st_size} bytes"
            except OSError:  # gone since the listing, or a link to nothing
                size = "cannot be read"
            print(f"  {path.name}  ({size})")
    else:
        print("  (nothing saved yet)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
