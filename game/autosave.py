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

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.match import MatchState
from engine.rules import RuleSet
from game.storage import JsonStore, Notice

__all__ = ["Autosave", "match_from_dict", "match_to_dict"]

SCHEMA_VERSION = 1


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
    """A document is resumable only if its match part reads back."""
    if "match" in doc:
        match = doc["match"]
        if not isinstance(match, Mapping):
            raise TypeError("'match' is not an object")
        match_from_dict(match)
    hand = doc.get("hand")
    if hand is not None and not isinstance(hand, Mapping):
        raise TypeError("'hand' is not an object")


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
        )
        self.notice: Notice | None = None  # what the last load or save has to tell

    @property
    def path(self) -> Path:
        return self._store.path

    def exists(self) -> bool:
        """Whether there is something to resume (without reading it)."""
        return self._store.path.exists() or self._store.backup_path.exists()

    def save(self, doc: Mapping[str, Any]) -> Notice | None:
        """Write the match in progress; a notice (also kept in :attr:`notice`) if the disk
        refused. ``doc`` must be JSON values (``TypeError`` otherwise)."""
        self.notice = self._store.save(doc)
        return self.notice

    def load(self) -> dict[str, Any] | None:
        """The saved document, or None when there is none or it cannot be used. A damaged
        file is moved aside; then the previous save is used if it is good. Either way
        :attr:`notice` says what happened (None when all went well)."""
        result = self._store.load()
        self.notice = result.notice
        return result.data

    def clear(self) -> None:
        """Forget the match in progress (the match ended normally or was abandoned)."""
        self._store.clear()
        self.notice = None
