"""Kept replays (牌谱): every finished hand's replay document in the data folder's ``replays/``.

Each file is one :func:`engine.replay.record` document plus a ``meta`` object the list
shows (when it was saved, the preset, whose seat was the human's, the hand number and the
human's result). Only the newest ``Settings.replays_kept`` files stay; older ones are
deleted when a new one is saved. A file that cannot be watched — unreadable, damaged, from a
newer game — is listed with its ``problem`` (the :class:`engine.replay.ReplayError` kind),
found as the viewer would find it: every decision played again. What that check found is
kept per file (its path, size and time), so the list opens at once when it opens again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.replay import ReplayError, action_from_json, loads, replay_rescored
from game.storage import data_dir

__all__ = [
    "ReplayInfo",
    "delete_replay",
    "list_replays",
    "load_replay",
    "prune",
    "replays_dir",
    "save_replay",
    "watch_problem",
]

log = logging.getLogger(__name__)

SUFFIX = ".json"
_HAND_NO = re.compile(r"-h(\d{1,4})\.json$")  # the hand number at the end of a saved name


@dataclass(frozen=True)
class ReplayInfo:
    """One kept replay, as the list shows it."""

    path: Path
    saved: _dt.datetime
    preset: str | None
    hand_no: int
    human: int | None
    points: int  # the human's (or seat 0's) total for the hand
    won: bool
    reason: str | None  # three_won / first_win / wall_empty / left
    left: bool = False  # the human (or seat 0) walked out: another's walk-out is not theirs
    # why the viewer cannot play it, a ReplayError kind (damaged, version, not_replay,
    # seat_replay, unreadable); None: it can
    problem: str | None = None


def replays_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(directory) / "replays"


def _now() -> _dt.datetime:
    return _dt.datetime.now().astimezone()


def save_replay(
    doc: Mapping[str, Any],
    *,
    keep: int,
    directory: str | os.PathLike[str] | None = None,
    human: int | None = 0,
    hand_no: int = 1,
    preset: str | None = None,
) -> Path | None:
    """Write ``doc`` (a replay document) with its ``meta`` and drop the oldest beyond
    ``keep``; returns the path, or None when ``keep`` is 0 or the disk refused."""
    if keep <= 0:
        return None
    folder = replays_dir(directory)
    saved = _now()
    out = dict(doc)
    out["meta"] = {
        "saved": saved.isoformat(timespec="seconds"),
        "preset": preset,
        "human": human,
        "hand_no": hand_no,
    }
    path = folder / f"{_stamp(saved, directory)}-h{hand_no}{SUFFIX}"
    tmp = path.with_suffix(".tmp")
    text = json.dumps(out, ensure_ascii=False)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)  # a disk that filled mid-write: no half file left
        return None
    # checked now, while the hand is fresh (a few milliseconds), not when the list opens
    with contextlib.suppress(OSError):
        try:
            problem = watch_problem(loads(text))
        except ReplayError as exc:
            problem = exc.kind
        _checked[_file_key(path)] = problem
    prune(keep, directory)
    return path


_STAMP = "%Y%m%d-%H%M%S-%f"
_STAMP_LEN = len("20260501-120000-000000")


def _stamp(saved: _dt.datetime, directory: str | os.PathLike[str] | None) -> str:
    """The name's time: when it was saved, or just after the newest kept replay's when the
    clock was set back since (or has not moved on). Names order the replays and the oldest
    are pruned first: an older name made the new replay the first to go, and an equal one
    replaced a kept replay."""
    stamp = saved.strftime(_STAMP)
    for path in _files(directory):
        try:
            newest = _dt.datetime.strptime(path.name[:_STAMP_LEN], _STAMP)
        except ValueError:  # a file named by hand: not this game's order
            continue
        if path.name[:_STAMP_LEN] >= stamp:
            with contextlib.suppress(OverflowError):  # the newest is at the end of time
                stamp = (newest + _dt.timedelta(microseconds=1)).strftime(_STAMP)
        break
    return stamp


def _files(directory: str | os.PathLike[str] | None) -> list[Path]:
    folder = replays_dir(directory)
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.name, reverse=True)  # names start with the time


def prune(keep: int, directory: str | os.PathLike[str] | None = None) -> int:
    """Delete all but the newest ``keep`` replays; returns how many went."""
    gone = 0
    for path in _files(directory)[max(0, keep) :]:
        try:
            path.unlink()
            gone += 1
        except OSError:
            pass
    return gone


def load_replay(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The replay document in ``path``; :class:`ReplayError` if it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:  # Python's own words name a codec and a byte position
        raise ReplayError(f"cannot read {path}: not UTF-8 text", "unreadable") from None
    except OSError as exc:  # the reason alone: the error's own text repeats the path
        why = exc.strerror or type(exc).__name__
        raise ReplayError(f"cannot read {path}: {why}", "unreadable") from None
    return loads(text)


def replay_problem(exc: ReplayError, lang: str, path: str | os.PathLike[str]) -> str:
    """What to tell the player about a replay that cannot be watched, in ``lang``: by the
    kind of the problem, not the engine's technical message (which goes to the log)."""
    from game import i18n

    key = f"replays.{exc.kind}"
    if not i18n.has(key):
        key = "replays.damaged"
    return i18n.t(key, lang, name=Path(path).name)


def info_of(path: Path, doc: Mapping[str, Any]) -> ReplayInfo:
    meta = doc.get("meta")
    meta = meta if isinstance(meta, Mapping) else {}
    try:
        saved = _dt.datetime.fromisoformat(str(meta.get("saved")))
    except ValueError:
        saved = _dt.datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    rules = doc.get("rules")
    players = rules.get("players", 4) if isinstance(rules, Mapping) else 4
    players = players if isinstance(players, int) else 4
    human = meta.get("human")
    # a seat of the hand: 4, 3 (三人两房) or 2 (两人) of them
    human = human if isinstance(human, int) and 0 <= human < players else None
    seat = human if human is not None else 0
    result = doc.get("result")
    result = result if isinstance(result, Mapping) else {}
    totals = result.get("totals")
    points = totals[seat] if isinstance(totals, list) and seat < len(totals) <= 4 else 0
    winners = result.get("winners")
    won = isinstance(winners, list) and seat in winners
    reason = result.get("reason") if isinstance(result.get("reason"), str) else None
    decisions = doc.get("decisions")
    last = decisions[-1] if isinstance(decisions, list) and decisions else None
    # the walk-out that ended the hand is its last decision (RULES.md §6.4)
    left = reason == "left" and last == {"seat": seat, "action": "leave"}
    preset = meta.get("preset") or (
        rules.get("preset_name") if isinstance(rules, Mapping) else None
    )
    hand_no = meta.get("hand_no")
    return ReplayInfo(
        path=path,
        saved=saved,
        preset=preset if isinstance(preset, str) else None,
        hand_no=hand_no if isinstance(hand_no, int) else 1,
        human=human,
        points=points if isinstance(points, int) else 0,
        won=won,
        reason=reason,
        left=left,
    )


def watch_problem(doc: Mapping[str, Any]) -> str | None:
    """Why the replay viewer could not play ``doc`` (a read, checked document): the kind of
    the :class:`ReplayError` it would raise, or None when every decision plays again. A hand
    scored by an earlier engine counts as playable: the viewer shows it with today's
    scoring. Only a file that passes can be opened from the list — one that read well but
    did not play again was listed with a Watch button that led nowhere."""
    try:
        decisions = doc.get("decisions")
        for step, decision in enumerate(decisions if isinstance(decisions, list) else []):
            action_from_json(decision, step)
        replay_rescored(doc)
    except ReplayError as exc:
        return exc.kind
    except Exception:  # an odd file the engine trips on must not take the list down
        log.exception("replay check failed")
        return "damaged"
    return None


# What :func:`watch_problem` found for each file, by path, time and size: a file changed
# since is checked again, and the list of hundreds of replays opens at once the next time.
_checked: dict[tuple[str, int, int], str | None] = {}


def _file_key(path: Path) -> tuple[str, int, int]:
    stat = path.stat()
    return (str(path), stat.st_mtime_ns, stat.st_size)


def _unwatchable(path: Path, kind: str) -> ReplayInfo:
    """A file that does not read as a replay, listed by what its name and the disk say."""
    try:
        saved = _dt.datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except (OSError, OverflowError, ValueError):
        saved = _now()
    match = _HAND_NO.search(path.name)
    return ReplayInfo(
        path=path,
        saved=saved,
        preset=None,
        hand_no=int(match.group(1)) if match else 1,
        human=None,
        points=0,
        won=False,
        reason=None,
        problem=kind,
    )


def list_replays(directory: str | os.PathLike[str] | None = None) -> list[ReplayInfo]:
    """The kept replays, newest first; one that cannot be watched is listed with its
    ``problem`` (it was left out, or listed as if it could be watched)."""
    out: list[ReplayInfo] = []
    seen: set[tuple[str, int, int]] = set()
    for path in _files(directory):
        try:
            key = _file_key(path)
            doc = load_replay(path)
            info = info_of(path, doc)
        except ReplayError as exc:
            out.append(_unwatchable(path, exc.kind))
            continue
        except OSError:  # gone since the folder was read
            continue
        if key not in _checked:
            _checked[key] = watch_problem(doc)
        seen.add(key)
        out.append(dataclasses.replace(info, problem=_checked[key]))
    folder = str(replays_dir(directory))
    for key in [k for k in _checked if k not in seen and str(Path(k[0]).parent) == folder]:
        del _checked[key]  # deleted or changed since: the dictionary stays as small as the list
    return out


def delete_replay(path: str | os.PathLike[str]) -> bool:
    """Delete one kept replay (the list offers it for one that cannot be watched); False if
    the disk refused."""
    try:
        Path(path).unlink(missing_ok=True)
    except OSError:
        return False
    return True
