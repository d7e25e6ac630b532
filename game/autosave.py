"""The match in progress, saved after every action so a crash resumes the exact position.

The document is small and plain JSON::

    {"match": {"rules": {...RuleSet.to_dict()...}, "seed": 7, "dealer": 2, "hand_index": 3,
               "points": [4, -2, 0, -2], "coins": [1024, 988, 1000, 988], "use_coins": true},
     "hand": {...engine.replay.record(round)...},   # the hand being played, or null
     ...}                                           # anything else the table needs

``match`` is written by :func:`match_to_dict` and read back by :func:`match_from_dict`;
``hand`` is the replay document of the current hand (rules, seed, dealer, decisions), which
:func:`engine.replay.replay` re-executes up to the last decision. Other keys (seating, bot
levels, the 金手指 seats under "golden") are the caller's and come back as they went in.

Each :meth:`Autosave.save` is one atomic write (temp file + ``os.replace``) that keeps the
previous save as ``autosave.json.bak``: a damaged autosave resumes one action earlier instead
of losing the match. It skips the fsync by default — the write stays atomic when the game
crashes, and a save per action should not wait on the disk; a power cut may lose the last
few actions.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct, field

from engine.bots import BOT_NAMES
from engine.match import SEATS, MatchState
from engine.replay import replay
from engine.rules import RuleSet
from game.storage import JsonStore, Notice, NoticeKind
from game.strings.saves import STRINGS as SAVES_STRINGS

__all__ = [
    "CLEAN_START",
    "Autosave",
    "AutosaveDoc",
    "StartGuard",
    "hand_replays",
    "match_from_dict",
    "match_to_dict",
    "mend_match_id",
    "start_clean",
    "usable_match_id",
]

SCHEMA_VERSION = 1
T = TypeVar("T")
log = logging.getLogger(__name__)

# --- the document, described once (msgspec: strict types and ranges) ----------------------

_BIG = 10**12
MAX_SEED = 2**63 - 1  # the command line's --seed is held to this too
Seat = Annotated[int, Meta(ge=0, le=SEATS - 1)]
BotName = Literal[BOT_NAMES]  # type: ignore[valid-type]  # only registered bots: no imports
# One value per seat: 2 to 4 seats (三人/两人 rooms); match_from_dict checks the exact count
# against the rules' players.
PerSeat = Annotated[
    list[Annotated[int, Meta(ge=-_BIG, le=_BIG)]], Meta(min_length=2, max_length=SEATS)
]

PerSeatBots = Annotated[
    list[Annotated[int, Meta(ge=0, le=100_000)]], Meta(min_length=2, max_length=SEATS)
]


class MatchDoc(Struct, forbid_unknown_fields=False):
    rules: dict[str, Any]
    seed: Annotated[int, Meta(ge=0, le=MAX_SEED)]
    dealer: Seat
    hand_index: Annotated[int, Meta(ge=0, le=100_000)]
    points: PerSeat
    coins: PerSeat
    use_coins: bool = False


class SeatingDoc(Struct, forbid_unknown_fields=False):
    human: Seat | None = 0
    # one entry per seat of the table, whatever the room's players: the human's is its 托管
    # level (game.table.controller.Seating), and a resumed table refuses any other count
    bots: Annotated[list[BotName], Meta(min_length=SEATS, max_length=SEATS)] = field(
        default_factory=lambda: ["normal"] * SEATS
    )


class WinLog(Struct, forbid_unknown_fields=False):
    """One win of a finished hand, as the match's end lists it (best hand, wins per hand)."""

    seat: Seat
    pattern: Annotated[str, Meta(max_length=64)] | None
    points: Annotated[int, Meta(ge=-_BIG, le=_BIG)]
    fan: Annotated[int, Meta(ge=0, le=1_000)] | None = None
    self_drawn: bool = False


class HandLog(Struct, forbid_unknown_fields=False):
    """One finished hand of the match (game.table.match_session)."""

    hand_no: Annotated[int, Meta(ge=0, le=100_000)]
    wins: Annotated[list[WinLog], Meta(max_length=64)]
    totals: PerSeat
    coins: PerSeat | None = None
    # who played each seat ("Bot N" at the match's end) and the key of the hand's 复盘
    bots: PerSeatBots | None = None
    review: Annotated[str, Meta(max_length=200)] | None = None


class SessionDoc(Struct, forbid_unknown_fields=False):
    """What the match needs to go on: how many hands it has (None: until a seat runs out)."""

    hands: Annotated[int, Meta(ge=1, le=100_000)] | None = None


class RecordDoc(Struct, forbid_unknown_fields=False):
    """The match's record of its finished hands, which only the match's end reads: a bad
    value here costs that part of the record, never the hand (MatchSession.load drops it)."""

    log: Annotated[list[HandLog], Meta(max_length=100_000)] = field(default_factory=list)
    start_points: PerSeat | None = None
    start_coins: PerSeat | None = None


class AutosaveDoc(Struct, forbid_unknown_fields=False):
    """The saved match in progress. ``hand`` is a replay document, checked by replaying it
    (:func:`engine.replay.replay`) when the match is resumed; plug-in bots are never named
    here (a saved file must not make the game import code)."""

    match: MatchDoc | None = None
    hand: dict[str, Any] | None = None
    seating: SeatingDoc = field(default_factory=SeatingDoc)
    auto: bool = False
    session: SessionDoc = field(default_factory=SessionDoc)
    golden: Annotated[list[Seat], Meta(max_length=SEATS)] = field(default_factory=list)


def match_to_dict(match: MatchState) -> dict[str, Any]:
    """A match's running state as JSON values (see the module docstring)."""
    return {
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "dealer": match.dealer,
        "hand_index": match.hand_index,
        "points": list(match.points),
        "coins": list(match.coins),
        "use_coins": match.use_coins,
    }


def match_from_dict(data: Mapping[str, Any]) -> MatchState:
    """Inverse of :func:`match_to_dict`; raises ``ValueError`` (or ``KeyError``/
    ``TypeError``) naming what is wrong."""
    rules = RuleSet.from_dict(data["rules"])  # UnknownOptionError is a ValueError
    seed, dealer, index = data["seed"], data["dealer"], data["hand_index"]
    for name, value in (("seed", seed), ("dealer", dealer), ("hand_index", index)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"match {name} must be a non-negative integer, got {value!r}")
    n = rules.players
    if dealer >= n:
        raise ValueError(f"match dealer must be 0-{n - 1}, got {dealer}")
    lists = {}
    for name in ("points", "coins"):
        values = data[name]
        if (
            not isinstance(values, list)
            or len(values) != n
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        ):
            raise ValueError(f"match {name} must be {n} integers, got {values!r}")
        lists[name] = list(values)
    use_coins = data.get("use_coins", False)
    if not isinstance(use_coins, bool):
        raise ValueError(f"match use_coins must be true or false, got {use_coins!r}")
    return MatchState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hand_index=index,
        points=lists["points"],
        coins=lists["coins"],
        use_coins=use_coins,
    )


def _validate(doc: dict[str, Any]) -> None:
    """A document is resumable only if what the hand and the match go on with — the match
    (rules, seed, dealer, points, coins), the seating, the hand, the number of hands — has
    its types and ranges and its match part reads back (its hand is checked by replaying
    it, on resume). The record of finished hands is not asked for here: a bad entry is left
    out on resume (:func:`record_damage`), the hand in progress is not lost over it."""
    msgspec.convert(doc, AutosaveDoc, strict=True)
    if doc.get("match") is not None:
        match_from_dict(doc["match"])


def record_damage(doc: Mapping[str, Any]) -> str | None:
    """What of ``doc``'s record of finished hands (the log, the start figures) cannot be
    read, None when all of it can. A record the match's end could not read — wrong types,
    or a per-seat list of another seat count than the match's (it adds them up seat by
    seat) — is left out on resume by :meth:`game.table.match_session.MatchSession.load`."""
    session, match = doc.get("session"), doc.get("match")
    if not isinstance(session, Mapping) or not isinstance(match, Mapping):
        return None  # no record to speak of (or _validate refused the document already)
    try:
        record = msgspec.convert(session, RecordDoc, strict=True)
        n = RuleSet.from_dict(match["rules"]).players
    except (msgspec.ValidationError, KeyError, TypeError, ValueError) as exc:
        return str(exc)
    for name, values in (
        ("start_points", record.start_points),
        ("start_coins", record.start_coins),
        *((f"log totals of hand {h.hand_no}", h.totals) for h in record.log),
        *((f"log coins of hand {h.hand_no}", h.coins) for h in record.log),
        *((f"log bots of hand {h.hand_no}", h.bots) for h in record.log),
    ):
        if values is not None and len(values) != n:
            return f"session {name}: {len(values)} values for {n} seats"
    for h in record.log:
        if any(w.seat >= n for w in h.wins):
            return f"session log of hand {h.hand_no}: a win of a seat past {n}"
    return None


# What a match's id may be (MatchSession writes 16 hex digits): it goes into the profile's
# hand and match ids (game.profile.hand_key, Profile.finished), so nothing longer than
# MatchSession.load keeps, and no separator (":" ends it in a hand's id) nor a path's.
_MATCH_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")


def usable_match_id(value: object) -> bool:
    """Whether ``value`` can be a match's id as the save holds it (``session.match_id``)."""
    return isinstance(value, str) and _MATCH_ID.fullmatch(value) is not None


def mend_match_id(doc: dict[str, Any]) -> str | None:
    """Give ``doc``'s match an id of its own when the saved one is junk (a number, a list,
    5,000 characters, a path). The table turned junk into no id, and a match with none is
    recorded as finished under none — a crash before its save went resumed it, and its end
    was counted twice — and its hands' ids in the profile did not tell it from another
    match on the same seed. The new id is made from the junk and the match's seed (16 hex
    digits, as MatchSession makes them): every load of the same save gives the same one,
    until the table saves it. A usable id is kept (the match's record in the profile stays
    its own). No id — a save from before ids were kept — stays none: the hand in progress
    was paid in under none, and an id would pay it again. Returns the new id, or None."""
    session = doc.get("session")
    if not isinstance(session, dict) or "match_id" not in session:
        return None
    junk = session["match_id"]
    if junk == "" or usable_match_id(junk):
        return None
    match = doc.get("match")
    seed = match.get("seed") if isinstance(match, Mapping) else None
    seen = msgspec.json.encode([junk, seed])
    new = hashlib.sha256(seen).hexdigest()[:16]
    session["match_id"] = new
    log.warning("autosave: match id %.80r is no id; the match goes on as %s", junk, new)
    return new


def hand_replays(doc: Mapping[str, Any]) -> bool:
    """True, or ``ValueError`` naming why ``doc``'s hand in progress cannot be played on: its
    decisions do not re-execute (:func:`engine.replay.replay`: a save of an earlier engine,
    a damaged one), or it is not a hand of the saved match — what resuming at the table
    (game.table.match_session.controller_from_doc) refuses, without building the table.
    A hand replays in a few milliseconds."""
    hand = doc.get("hand")
    if hand is None:
        return True  # saved between hands: the match alone goes on
    try:
        rnd = replay(hand, check_result=False)
        match = match_from_dict(doc["match"])
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    if rnd.seed != match.hand_seed() or rnd.dealer != match.dealer:
        raise ValueError("the saved hand does not belong to the saved match")
    return True


RECORD_LEFT_OUT = SAVES_STRINGS["saves.record_left_out"]
"""What the player is told when a resumed match's record was partly left out (zh, en)."""


class Autosave:
    """The one match in progress: ``save`` after every action, ``load`` at start-up,
    ``clear`` when the match ends or the player abandons it."""

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        name: str = "autosave",
        fsync: bool = False,
    ) -> None:
        self._store = JsonStore(
            name,
            kind="autosave",
            version=SCHEMA_VERSION,
            directory=directory,
            validate=_validate,
            fsync=fsync,
            # a save that cannot be read is not resumed from the one before it: played on
            # unsaved, a hand of that older save would be paid again after a crash
            backup_when_unreadable=False,
        )
        self.notice: Notice | None = None  # what the last load or save has to tell
        # what the last resume has to tell besides: its match's record was partly left out
        self.record_notice: tuple[str, str] | None = None
        self._record_damage: str | None = None  # what of the last load's record is bad
        self._source = "defaults"  # where the last load's document came from
        # what resumable() last found, and the files' stat it found it in
        self._looked: tuple[tuple[object, ...], bool] | None = None

    @property
    def path(self) -> Path:
        return self._store.path

    def exists(self) -> bool:
        """Whether there is something to resume (without reading it)."""
        return self._store.path.exists() or self._store.backup_path.exists()

    def resumable(self) -> bool:
        """Whether there is a match to continue, found as Continue finds it (:meth:`resume`,
        the hand replayed, no table built): a damaged save is set aside, never deleted, and
        the one before it tried; :attr:`notice` says what happened (None: nothing new to
        tell). The main menu asks at every build: the files are read again only when they
        changed since the last answer (size, times), and not at all when there are none."""
        files = self._files()
        if self._looked is not None and self._looked[0] == files:
            self.notice = None  # told with the answer the first time
            return self._looked[1]
        if all(stat is None for stat in files):  # nothing saved: nothing read, nothing to tell
            self.notice = None
            found = False
        else:
            found = self.resume(hand_replays) is not None
        self._looked = (self._files(), found)  # as the look left them (a damaged one moved)
        return found

    def _files(self) -> tuple[object, ...]:
        """What changes when the save or its backup is written, replaced, moved or made
        readable: each one's inode, size, modification and change times (None: not there)."""
        stats: list[object] = []
        for path in (self._store.path, *self._store.backup_paths):
            try:
                st = path.stat()
            except OSError:
                stats.append(None)
            else:
                stats.append((st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
        return tuple(stats)

    def save(self, doc: Mapping[str, Any]) -> Notice | None:
        """Write the match in progress; a notice (also kept in :attr:`notice`) if the disk
        refused. ``doc`` must be JSON values (``TypeError`` otherwise)."""
        self.notice = self._store.save(doc)
        return self.notice

    def load(self) -> dict[str, Any] | None:
        """The saved document, or None when there is none or it cannot be used. A damaged
        file is moved aside; then the previous save is used if it is good. Either way
        :attr:`notice` says what happened (None when all went well). The save of a match
        the profile already records as finished (the game stopped between recording the
        match's end and clearing this file) is cleared, not resumed."""
        result = self._store.load()
        self.notice = result.notice
        self._source = result.source
        if result.data is not None:
            mend_match_id(result.data)
        self._record_damage = record_damage(result.data) if result.data is not None else None
        if result.data is not None and self._finished(result.data):
            self.clear()
            return None
        return result.data

    def _finished(self, doc: Mapping[str, Any]) -> bool:
        """Whether the profile beside this file records ``doc``'s match as finished."""
        session = doc.get("session")
        match_id = session.get("match_id") if isinstance(session, Mapping) else None
        if not match_id or not isinstance(match_id, str):
            return False
        from game.profile import profile_store  # the profile imports nothing of this

        profile = profile_store(self._store.directory).peek()
        finished = profile.get("finished") if profile is not None else None
        return isinstance(finished, list) and match_id in finished

    def resume(self, build: Callable[[dict[str, Any]], T]) -> T | None:
        """``build(doc)`` of the saved document, else of the previous save (one action
        earlier) when ``build`` refuses the newest with a ``ValueError`` (a hand that does
        not replay); None when neither builds. A refused file is moved aside, never
        deleted; :attr:`notice` says what happened, and :attr:`record_notice` whether the
        resumed match's record of finished hands was partly left out (the hand resumes)."""
        notice: Notice | None = None
        self.record_notice = None
        for _attempt in range(1 + self._store.backups):
            doc = self.load()
            notice = notice or self.notice
            if doc is None or doc.get("match") is None:
                break
            try:
                built = build(doc)
            except ValueError as exc:
                moved = self._store.set_aside(backup=self._source == "backup")
                notice = Notice(NoticeKind.RESET_TO_DEFAULTS, "autosave", moved, str(exc)[:160])
                continue
            if notice is not None:  # an older save resumed: say the last actions are lost
                self.notice = Notice(
                    NoticeKind.RESTORED_FROM_BACKUP, "autosave", notice.moved_to, notice.detail
                )
            if self._record_damage is not None:
                self.record_notice = RECORD_LEFT_OUT
            return built
        self.notice = notice
        return None

    def clear(self) -> None:
        """Forget the match in progress (the match ended normally or was abandoned); files
        set aside as damaged stay."""
        self._store.clear()
        self.notice = None


# --- never a crash loop -------------------------------------------------------------------

CLEAN_START = (
    "上两次启动都没能成功，这次以干净的状态启动：设置恢复为默认，进行中的对局已另存一旁"
    "（文件都保留着）。你的游戏币、道具和战绩不受影响。",
    "The last two starts failed, so this one starts clean: default settings, and the match "
    "in progress set aside (the files are kept). Your coins, items and statistics are "
    "untouched.",
)
"""What the player is told after :func:`start_clean` (zh, en)."""

FAILED_STARTS = 2  # starts in a row that did not get going before the next one starts clean


class StartGuard:
    """Counts the starts that did not get going. :meth:`begin` at start-up adds one and
    says whether the last :data:`FAILED_STARTS` starts all failed; :meth:`ok`, once the game
    has run for a moment (or ended normally), clears the count. The count lives in a small
    file of the data folder; a folder that cannot be written just keeps no count."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        from game.storage import data_dir

        self.path = data_dir(directory) / "starts-pending"

    def pending(self) -> int:
        """Starts that began and never reached :meth:`ok`."""
        try:
            text = self.path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return 0
        return int(text) if text.isdigit() and len(text) < 6 else 0

    def begin(self) -> bool:
        failed = self.pending()
        clean = failed >= FAILED_STARTS
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(str(1 if clean else failed + 1), encoding="ascii")
        return clean

    def ok(self) -> None:
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)


def start_clean(directory: str | os.PathLike[str] | None = None) -> list[Path]:
    """Set aside what may be making every start fail — the settings and the match in
    progress, with their backups — as ``*.corrupt-<time>`` files (nothing is deleted; the
    profile is not touched). Returns the files set aside."""
    from game.settings import settings_store

    moved: list[Path] = []
    for store in (settings_store(directory), Autosave(directory)._store):
        for path in (store.path, *store.backup_paths):
            if path.exists():
                target = store._move_aside(path)
                if target is not None:
                    moved.append(target)
    return moved
