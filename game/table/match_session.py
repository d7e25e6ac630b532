"""The match around the table: autosave after every action, kept replays, the match's end.

A :class:`MatchSession` rides on the :class:`~game.table.controller.Controller`
(``ctl.match_session``, the controller's :class:`~game.table.controller.MatchHooks`) and is
told about every applied action (:meth:`MatchSession.after_action`) and every finished hand
(:meth:`MatchSession.after_finish`). It writes the autosave document of
:mod:`game.autosave` — the match, the current hand's replay record, the seating and this
session's own state — and :func:`controller_from_doc` rebuilds the exact position from it by
replaying the hand's decisions (``python -m game --continue``, the menu's Continue).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from engine.match import MatchState
from engine.replay import ReplayError, record, replay
from game.autosave import Autosave, match_from_dict, match_to_dict
from game.profile import best_hand_rank
from game.replays import save_replay
from game.review import hand_key
from game.table.controller import Controller, Seating

__all__ = [
    "DEFAULT_HANDS",
    "MatchSession",
    "ResumeError",
    "controller_from_doc",
    "session_doc",
]

DEFAULT_HANDS = 8


class ResumeError(ValueError):
    """An autosave document that cannot be resumed; the message says why."""


@dataclass
class MatchSession:
    """What the match keeps beside the engine's state. ``autosave`` None: nothing is saved
    (tutorial, tests); ``keep_replays`` 0: no replays kept."""

    hands: int | None = DEFAULT_HANDS  # None: until a seat runs out of coins
    autosave: Autosave | None = None
    keep_replays: int = 50
    directory: str | os.PathLike[str] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)  # one summary per finished hand
    start_points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    # None: not known (a save that lost it): the match's end shows no coin changes
    start_coins: list[int] | None = field(default_factory=lambda: [0, 0, 0, 0])
    left: bool = False  # the human walked out (逃跑): the match is over
    over: bool = False
    # this match among all the player's matches: part of each hand's id in the profile (a
    # hand is paid in once), so a new match on the same seed, whose first hand plays out
    # move for move like the last one, is still paid ("" in a save from before it was kept)
    match_id: str = field(default_factory=lambda: secrets.token_hex(8))

    @property
    def saves(self) -> bool:
        return self.autosave is not None

    def start(self, ctl: Controller) -> None:
        self.start_points = list(ctl.match.points)
        self.start_coins = list(ctl.match.coins)

    # --- hooks the controller calls ---------------------------------------------------------

    def after_action(self, ctl: Controller) -> None:
        if self.autosave is not None and not self.over:
            self.autosave.save(session_doc(ctl, self))

    def after_finish(self, ctl: Controller) -> None:
        """The hand is recorded in the match: keep its replay, log it, save or clear."""
        rnd = ctl.round
        result = rnd.result
        hand_no = ctl.match.hand_index  # already counted on by match.record
        doc = record(rnd)
        save_replay(
            doc,
            keep=self.keep_replays,
            directory=self.directory,
            human=ctl.seating.human,
            hand_no=hand_no,
            preset=rnd.rules.preset_name,
        )
        wins = [
            {
                "seat": w.seat,
                "pattern": w.score.pattern,
                "points": w.score.points,
                "fan": w.score.fan,
                "self_drawn": w.from_seat is None,
            }
            for w in rnd.wins
        ]
        totals = list(result.totals) if result is not None else [0] * ctl.match.players
        entry: dict[str, Any] = {"hand_no": hand_no, "wins": wins, "totals": totals}
        human = ctl.seating.human
        if human is not None:
            # the key the hand's 复盘 is kept under (game.review.ReviewLog): the match's end
            # finds this match's reviews by it — by the seed, a match played on it before
            # lent its hands' reviews to this one
            entry["review"] = hand_key(doc, human)
        report = ctl.hand_report  # the profile session's coin change
        if report is not None and len(report.coins) == ctl.match.players:
            entry["coins"] = [int(c) for c in report.coins]
            if len(report.bots) == ctl.match.players:  # who played each seat (match end)
                entry["bots"] = [int(b) for b in report.bots]
        self.log.append(entry)
        if result is not None and result.reason == "left":
            self.left = True
        self.over = self.is_over(ctl)
        if self.over and ctl.table_session is not None:
            # the match into the profile's statistics before its autosave goes: a crash
            # between the two resumed nothing and lost the match's entry; now a restart
            # finds the autosave of a match already recorded, and drops it (Autosave.load)
            ctl.table_session.end_match(ctl.match, self.match_id)
        if self.autosave is not None:
            if self.over:
                self.autosave.clear()
            else:
                self.autosave.save(session_doc(ctl, self, with_hand=False))

    def is_over(self, ctl: Controller) -> bool:
        if self.left:
            return True
        if self.hands is not None and ctl.match.hand_index >= self.hands:
            return True
        return bool(ctl.match.out_seats())

    # --- match-end figures -----------------------------------------------------------------

    def best_hand(self) -> dict[str, Any] | None:
        """The best win of the match (earliest on ties), with its hand number: ranked as
        Statistics ranks its best hand (:func:`game.profile.best_hand_rank`: what each payer
        paid, then fan), so the two never name different hands for the same wins."""
        best: dict[str, Any] | None = None
        rank = (0, 0)
        for entry in self.log:
            for win in entry["wins"]:
                # the log's fan is the doubling model's (ScoreResult.fan, None in the points
                # model, where the payment alone ranks: base × points, one base a match)
                this = best_hand_rank(win["points"], win["fan"], "fan")
                if best is None or this > rank:
                    best, rank = {**win, "hand_no": entry["hand_no"]}, this
        return best

    def coin_changes(self, match_coins: list[int], use_coins: bool) -> list[int] | None:
        """Coins won or lost per seat over the match: the profile session's per-hand
        changes when it reported them, else the match's own coins; None when neither."""
        logged = [e["coins"] for e in self.log if isinstance(e.get("coins"), list)]
        if logged:
            return [sum(c[s] for c in logged) for s in range(len(match_coins))]
        if use_coins and self.start_coins is not None:
            return [c - s for c, s in zip(match_coins, self.start_coins, strict=True)]
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "log": self.log,
            "start_points": self.start_points,
            "start_coins": self.start_coins,
            "match_id": self.match_id,
        }

    def load(self, data: Mapping[str, Any], match: MatchState | None = None) -> None:
        """This session's state from ``data`` (:meth:`to_dict`) of ``match``'s seats. Nothing
        malformed is kept, nothing raises: the log and the start figures only feed the
        match's end, which must draw whatever a damaged or hand-edited save held (the
        autosave resumes the hand over a bad record and tells the player what
        :func:`game.autosave.record_damage` finds; this is what is left out). A log entry
        without its hand number or per-seat totals goes; a win without its seat or points
        goes from its entry; a missing start figure is worked back from the match and the
        log — a 三人/两人 match with none crashed the match's end on the four seats'
        default."""
        hands = data.get("hands", DEFAULT_HANDS)
        self.hands = hands if _is_int(hands) and hands > 0 else None
        players = match.players if match is not None else None
        log = data.get("log", [])
        entries = [_log_entry(e, players) for e in log] if isinstance(log, list) else []
        self.log = [e for e in entries if e is not None]
        if players is None:  # the seats as the log counts them (a test's bare load)
            counts = {len(e["totals"]) for e in self.log}
            players = counts.pop() if len(counts) == 1 else None
        points, coins = data.get("start_points"), data.get("start_coins")
        if _per_seat(points, players):
            self.start_points = list(points)
        elif match is not None:
            self.start_points = []  # worked back from the match by fit below
        if _per_seat(coins, players):
            self.start_coins = list(coins)
        elif match is not None:
            self.start_coins = None
        match_id = data.get("match_id", "")
        self.match_id = match_id if isinstance(match_id, str) and len(match_id) <= 64 else ""
        if match is not None:
            self.fit(match)

    def fit(self, match: MatchState) -> None:
        """Start figures of one value a seat of ``match``: missing start points are its
        points less the hands logged; missing start coins are not known (None: the match's
        end shows no coin changes rather than a guess)."""
        n = match.players
        if len(self.start_points) != n:
            self.start_points = [
                p - sum(e["totals"][s] for e in self.log if len(e["totals"]) == n)
                for s, p in enumerate(match.points)
            ]
        if self.start_coins is not None and len(self.start_coins) != n:
            self.start_coins = None


_BIG = 10**12  # as game.autosave holds a save's numbers to
_MAX_LOGGED_BOT = 100_000


def _is_int(value: object, low: int = -_BIG, high: int = _BIG) -> bool:
    """A JSON integer (not a bool) within ``low``..``high``."""
    return type(value) is int and low <= value <= high


def _ok_bot(number: object) -> bool:
    """A bot's number as the log keeps it (the match's end names the seat "Bot N")."""
    return _is_int(number, 0, _MAX_LOGGED_BOT)


def _per_seat(values: object, players: int | None) -> TypeGuard[list[int]]:
    """One integer a seat (2 to 4 seats when the count is not known)."""
    return (
        isinstance(values, list)
        and (len(values) == players if players is not None else 2 <= len(values) <= 4)
        and all(_is_int(v) for v in values)
    )


def _log_entry(entry: object, players: int | None) -> dict[str, Any] | None:
    """A finished hand's log entry with only what reads well (see :meth:`MatchSession.load`);
    None when its hand number or totals are not there to show."""
    if not isinstance(entry, Mapping):
        return None
    hand_no, totals = entry.get("hand_no"), entry.get("totals")
    if not _is_int(hand_no, 0, 100_000) or not _per_seat(totals, players):
        return None
    seats = len(totals)
    wins = entry.get("wins")
    kept: dict[str, Any] = {
        "hand_no": hand_no,
        "wins": [w for w in (_win(w, seats) for w in wins) if w is not None]
        if isinstance(wins, list)
        else [],
        "totals": list(totals),
    }
    if _per_seat(entry.get("coins"), seats):
        kept["coins"] = list(entry["coins"])
    bots = entry.get("bots")
    if isinstance(bots, list) and len(bots) == seats and all(_ok_bot(b) for b in bots):
        kept["bots"] = list(bots)
    review = entry.get("review")
    if isinstance(review, str) and len(review) <= 200:
        kept["review"] = review
    return kept


def _win(win: object, seats: int) -> dict[str, Any] | None:
    """A logged win as the match's end reads it; None without a seat or its points."""
    if not isinstance(win, Mapping):
        return None
    seat, points = win.get("seat"), win.get("points")
    if not _is_int(seat, 0, seats - 1) or not _is_int(points):
        return None
    pattern, fan = win.get("pattern"), win.get("fan")
    return {
        "seat": seat,
        "pattern": pattern if isinstance(pattern, str) and len(pattern) <= 64 else None,
        "points": points,
        "fan": fan if _is_int(fan, 0, 1_000) else None,
        "self_drawn": win.get("self_drawn") is True,
    }


def session_doc(ctl: Controller, session: MatchSession, with_hand: bool = True) -> dict[str, Any]:
    """The autosave document of ``ctl`` (see :mod:`game.autosave`)."""
    # a hand that is over but not yet recorded in the match is saved too: resume settles it
    hand = record(ctl.round) if with_hand else None
    return {
        "match": match_to_dict(ctl.match),
        "hand": hand,
        "seating": {"human": ctl.seating.human, "bots": list(ctl.seating.bots)},
        "auto": ctl.auto,
        "session": session.to_dict(),
        "golden": list(ctl.table_session.golden if ctl.table_session else ctl.carried_golden),
    }


def controller_from_doc(
    doc: Mapping[str, Any], session: MatchSession, *, bot_pace: float = 0.45
) -> Controller:
    """The controller of an autosave document at the exact saved position: the match read
    back and the hand rebuilt by replaying its decisions. Raises :class:`ResumeError`."""
    try:
        match = match_from_dict(doc["match"])
        seating_doc = doc.get("seating") or {}
        human = seating_doc.get("human", 0)
        bots = tuple(str(b) for b in seating_doc.get("bots", ["normal"] * 4))
        seats = range(match.players)
        if len(bots) != 4 or not (human is None or (isinstance(human, int) and human in seats)):
            raise ValueError(f"bad seating {seating_doc!r}")
        data = doc.get("session")
        if isinstance(data, Mapping):
            session.load(data, match)
        else:  # no session part: the match's end still needs its start figures
            session.fit(match)
        hand = doc.get("hand")
        rnd = replay(hand, check_result=False) if hand is not None else None
    except ReplayError as exc:
        raise ResumeError(f"hand: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ResumeError(f"{type(exc).__name__}: {exc}") from None
    if rnd is not None and (rnd.seed != match.hand_seed() or rnd.dealer != match.dealer):
        raise ResumeError("the saved hand does not belong to the saved match")
    ctl = Controller(match.rules, match, Seating(human=human, bots=bots), bot_pace=bot_pace)
    if rnd is not None:
        ctl.round = rnd
        # a hand nobody has acted in yet is dealt again as it was (its seed) when the
        # profile is attached, with the 乾坤大挪移 question the table was asking
        if rnd.decisions or rnd.is_over:
            ctl.events = list(rnd.events)
        if rnd.is_over:
            ctl.outcome = ctl.reckon()
    ctl.auto = bool(doc.get("auto", False))
    # 金手指 seats (an older save has none; anything malformed is dropped: it is cosmetic)
    golden = doc.get("golden")
    if isinstance(golden, list):
        seats = range(match.players)
        ctl.carried_golden = tuple(sorted({s for s in golden if type(s) is int and s in seats}))
    ctl.match_session = session
    return ctl
