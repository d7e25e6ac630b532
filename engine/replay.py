"""牌谱 Replays: one hand as one JSON document that re-executes exactly.

A replay is the hand's inputs — the full :class:`~engine.rules.RuleSet`, the seed, the wall
(shuffled from the seed or given explicitly), the dealer, the dice — and every decision in
order. :func:`replay` plays the decisions again through :meth:`Round.apply`, so a log that
no longer matches the engine fails loudly (:class:`ReplayError` names the first step that
differs) instead of silently showing another game. The final ledger is stored too, for
readers and as a check. The format is documented in docs/replay-format.md.

Reading is in two stages: :func:`validate` checks the whole document against the format —
every field's type and range, as engine/replay_schema.py describes it with msgspec — and only
then is it re-executed; a tampered document (``ledger`` a number, ``qian_kun: ["a"]``,
nesting 100,000 deep, ``1e400``) is one :class:`ReplayError` naming the field, never
another exception.

Version 2 adds the items of RULES.md §8 (engine/items.py): ``inventories`` (per seat, item id
→ count at the start of the hand), ``qian_kun`` (seats that used 乾坤大挪移 on the deal) and
``golden`` (seats whose 金手指 was already on); item uses are ``use_item`` decisions. All
three are written only when the hand had items. Version 3 stores each ledger entry's facts
and each score's reckoning as data instead of Chinese and English sentences (the words are
made by engine/text.py when shown). Version 4 plays at four, three or two seats on a wall of
108, 72 or 36 tiles, as the rules' ``players`` and ``suits`` say (docs/rules-short-handed.md);
a version 1-3 document has neither and is a four-seat hand of 108 tiles. Versions 1 to 3
still replay.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import msgspec

from engine import replay_schema as schema
from engine.quote import quote
from engine.replay_schema import FORMAT, VERSION, decode_error
from engine.round import Action, Event, EventKind, IllegalActionError, Round, wall_ids
from engine.rules import RuleSet, UnknownOptionError
from engine.scoring import NoWin, ScoreResult
from engine.settlement import (
    Facts,
    KongFacts,
    LeaveFacts,
    LedgerEntry,
    PigFacts,
    ReadyFacts,
    Reason,
    RefundFacts,
    WinFacts,
)
from engine.tiles import (
    SUITS,
    Meld,
    TileNotationError,
    format_tile,
    format_tiles,
    parse_suit,
    parse_tile,
    parse_tiles,
)

# what a networked game keeps of a hand as one seat saw it (docs/net-protocol.md): events
# only, no wall, so no replay can be re-executed from it
SEAT_FORMAT = "sichuan-mahjong-seat-replay"

__all__ = [
    "FORMAT",
    "MAX_DOCUMENT_BYTES",
    "VERSION",
    "ReplayError",
    "action_from_json",
    "action_to_json",
    "dumps",
    "event_to_json",
    "facts_from_json",
    "facts_to_json",
    "ledger_from_json",
    "ledger_to_json",
    "loads",
    "record",
    "replay",
    "replay_rescored",
    "score_from_json",
    "score_to_json",
    "validate",
]

MAX_DOCUMENT_BYTES = 16 * 2**20
"""A replay is a few tens of kilobytes; a file beyond this is refused before it is parsed."""

_T = TypeVar("_T")


class ReplayError(ValueError):
    """A replay document that is malformed or does not re-execute exactly; the message names
    the field or the first step that differs, on one line. ``kind`` says what went wrong in
    words a screen can pick its message by: ``not_replay`` (not a replay document at all: not
    JSON, too large, another format), ``seat_replay`` (a networked hand as one seat saw it:
    there is no wall to play it from), ``version`` (from a newer game), ``rescored`` (every
    decision re-executes, but the stored result differs: the hand was scored by an earlier
    engine, before a rule fix — :func:`replay_rescored` plays it with today's scoring) or
    ``damaged`` (a replay whose fields or steps are wrong)."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


def _convert(data: object, kind: type[_T], where: str = "") -> _T:
    """``data`` (JSON values) decoded as ``kind``, or a ReplayError naming the field."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        path, message = decode_error(exc)
        at = ": ".join(p for p in (where, path) if p) or "the document"
        raise ReplayError(_one_line(f"{at}: {message}")) from None
    except RecursionError:
        raise ReplayError(f"{where or 'the document'}: nested too deeply") from None


def _one_line(message: str, limit: int = 300) -> str:
    text = " ".join(message.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- actions ------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"seat": 0, "action": "discard", "tile": "5p"}``; only the fields the kind uses."""
    out: dict[str, Any] = {"seat": action.seat, "action": action.kind.value}
    if action.tile is not None:
        out["tile"] = format_tile(action.tile)
    if action.tiles:
        out["tiles"] = format_tiles(action.tiles)
    if action.suit is not None:
        out["suit"] = SUITS[action.suit]
    if action.item is not None:
        out["item"] = action.item
    return out


def _decision_to_action(d: schema.Decision) -> Action:
    return Action(
        d.action,
        d.seat,
        None if d.tile is None else parse_tile(d.tile),
        () if d.tiles is None else tuple(parse_tiles(d.tiles)),
        None if d.suit is None else parse_suit(d.suit),
        d.item,
    )


def action_from_json(data: object, step: int | None = None) -> Action:
    """Inverse of :func:`action_to_json`; raises :class:`ReplayError` naming the step."""
    where = "decision" if step is None else f"decision {step}"
    decision = _convert(data, schema.Decision, where)
    try:
        return _decision_to_action(decision)
    except TileNotationError as exc:  # (a fifth copy in "tiles")
        raise ReplayError(f"{where}: {exc}") from None


# --- scores, facts, ledger and events -----------------------------------------------------


def score_to_json(score: ScoreResult) -> dict[str, Any]:
    """Every data field of a score (version 3): the totals and the reckoning."""
    if not score.win:
        return {"win": False, "reason": score.reason}
    return {
        "win": True,
        "pattern": score.pattern,
        "extras": dict(score.extras),
        "extra_values": dict(zip((e for e, _ in score.extras), score.extra_values, strict=True)),
        "fan": score.fan,
        "multiplier": score.multiplier,
        "points": score.points,
        "value": score.value,
        "pattern_value": score.pattern_value,
        "pattern_is_cap": score.pattern_is_cap,
        "roots_included": score.roots_included,
        "capped": score.capped,
        "base": score.base,
        "self_draw_bonus": score.self_draw_bonus,
        "self_drawn": score.self_drawn,
        "robbing_kong": score.robbing_kong,
        "eighteen_arhats": score.eighteen_arhats,
    }


def _score(s: schema.WinScore) -> ScoreResult:
    extras = tuple(s.extras.items())
    if set(s.extra_values) != set(s.extras):
        raise ReplayError(f"score: extra_values {quote(s.extra_values)} do not match the extras")
    return ScoreResult(
        win=True,
        reason=None,
        pattern=s.pattern,
        extras=extras,
        fan=s.fan,
        multiplier=s.multiplier,
        points=s.points,
        value=s.value,
        pattern_value=s.pattern_value,
        pattern_is_cap=s.pattern_is_cap,
        roots_included=s.roots_included,
        extra_values=tuple(s.extra_values[e] for e, _ in extras),
        capped=s.capped,
        base=s.base,
        self_draw_bonus=s.self_draw_bonus,
        self_drawn=s.self_drawn,
        robbing_kong=s.robbing_kong,
        eighteen_arhats=s.eighteen_arhats,
    )


def score_from_json(data: object) -> ScoreResult:
    """Inverse of :func:`score_to_json`; raises :class:`ReplayError`."""
    if isinstance(data, Mapping) and data.get("win") is False:
        no = _convert(data, schema.NoWinScore, "score")
        return ScoreResult(False, NoWin(no.reason), None, (), None, None, 0, 0)
    return _score(_convert(data, schema.WinScore, "score"))


def _kong_to_json(kong: KongFacts) -> dict[str, Any]:
    return {"meld": str(Meld(kong.kind, kong.tile)), "kong_event": kong.event_index}


def facts_to_json(facts: Facts) -> dict[str, Any]:
    """A ledger entry's facts (version 3), tagged by ``kind``: ``win``, ``kong``,
    ``refund``, ``pig``, ``ready`` or ``leave``."""
    if isinstance(facts, WinFacts):
        return {"kind": "win", "tile": format_tile(facts.tile), "score": score_to_json(facts.score)}
    if isinstance(facts, KongFacts):
        return {"kind": "kong", **_kong_to_json(facts)}
    if isinstance(facts, RefundFacts):
        out = {"kind": "refund", **_kong_to_json(facts.kong), "shared": facts.shared}
        if facts.kongs:
            out["kongs"] = [_kong_to_json(k) for k in facts.kongs]
        return out
    if isinstance(facts, PigFacts):
        return {"kind": "pig", "void": None if facts.void is None else SUITS[facts.void]}
    if isinstance(facts, ReadyFacts):
        return {
            "kind": "ready",
            "tile": None if facts.tile is None else format_tile(facts.tile),
            "score": None if facts.score is None else score_to_json(facts.score),
        }
    return {"kind": "leave", "units": facts.units, "base": facts.base}


def _kong(meld: str, event: int) -> KongFacts:
    m = Meld.parse(meld)  # the schema let only A/B/K melds through
    return KongFacts(m.kind, m.tile, event)


def _facts(f: schema.Facts) -> Facts:
    if isinstance(f, schema.WinFacts):
        return WinFacts(parse_tile(f.tile), _score(f.score))
    if isinstance(f, schema.KongFacts):
        return _kong(f.meld, f.kong_event)
    if isinstance(f, schema.RefundFacts):
        kongs = tuple(_kong(k.meld, k.kong_event) for k in f.kongs)
        return RefundFacts(_kong(f.meld, f.kong_event), f.shared, kongs)
    if isinstance(f, schema.PigFacts):
        return PigFacts(None if f.void is None else parse_suit(f.void))
    if isinstance(f, schema.ReadyFacts):
        tile = None if f.tile is None else parse_tile(f.tile)
        return ReadyFacts(tile, None if f.score is None else _score(f.score))
    return LeaveFacts(f.units, f.base)


def facts_from_json(data: object) -> Facts:
    """Inverse of :func:`facts_to_json`; raises :class:`ReplayError`."""
    return _facts(_convert(data, schema.Facts, "ledger facts"))  # type: ignore[arg-type]


def ledger_to_json(entries: Sequence[LedgerEntry]) -> list[dict[str, Any]]:
    return [
        {
            "payer": e.payer,
            "payee": e.payee,
            "amount": e.amount,
            "reason": e.reason,
            "event": e.event_index,
            "facts": facts_to_json(e.facts),
        }
        for e in entries
    ]


def ledger_from_json(data: object) -> list[LedgerEntry]:
    """A version-3 ``result.ledger`` as entries (without replaying the hand); raises
    :class:`ReplayError` — also for a version-1/2 ledger, whose lines hold text, not facts."""
    if isinstance(data, list):
        for n, line in enumerate(data):
            if isinstance(line, Mapping) and "facts" not in line:
                raise ReplayError(
                    f"ledger line {n} has no facts (a version 1-2 ledger?): {quote(line)}"
                )
    lines = _convert(data, list[schema.LedgerLine], "ledger")
    return [
        LedgerEntry(x.payer, x.payee, x.amount, Reason(x.reason), x.event, _facts(x.facts))
        for x in lines
    ]


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as JSON: ``kind`` and ``index`` plus every field that is set, tiles in
    notation."""
    out: dict[str, Any] = {"kind": event.kind.value, "index": event.index}
    if event.seat is not None:
        out["seat"] = event.seat
    if event.tile is not None:
        out["tile"] = format_tile(event.tile)
    if event.from_seat is not None:
        out["from_seat"] = event.from_seat
    if event.tiles:
        if event.kind is EventKind.VOIDS_REVEALED:
            out["voids"] = [None if v < 0 else SUITS[v] for v in event.tiles]
        else:
            out["tiles"] = format_tiles(event.tiles)
    if event.meld is not None:
        out["meld"] = str(event.meld)
    if event.score is not None:
        out["score"] = score_to_json(event.score)
    if event.flags:
        out["flags"] = list(event.flags)
    if event.entry is not None:
        out["entry"] = ledger_to_json([event.entry])[0]
    if event.dice is not None:
        out["dice"] = list(event.dice)
    if event.detail is not None:
        out["detail"] = event.detail
    if event.item_result is not None:
        r = event.item_result
        res: dict[str, Any] = {"item": r.item, "wall_remaining": r.wall_remaining}
        if r.tile is not None:
            res["tile"] = format_tile(r.tile)
        if r.given is not None:
            res["given"] = format_tile(r.given)
        if r.item == "qian_li_yan":
            res["sixths"] = list(r.sixths)
        if r.suit is not None:
            res["suit"] = SUITS[r.suit]
        out["item_result"] = res
    return out


# --- record -------------------------------------------------------------------------------


def _shuffled_by_seed(rnd: Round) -> bool:
    """Whether ``Round.new(rules, seed, dealer)`` builds exactly this wall and dice."""
    rng = random.Random(rnd.seed)
    ids = wall_ids(rnd.rules.suits)
    rng.shuffle(ids)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return tuple(ids) == rnd.wall_ids and dice == rnd.dice


def _result_to_json(rnd: Round) -> dict[str, Any] | None:
    res = rnd.result
    if res is None:
        return None
    return {
        "reason": res.reason,
        "drawn": res.drawn,
        "winners": list(res.winners),
        "wins": [
            {
                "seat": w.seat,
                "tile": format_tile(w.tile),
                "from_seat": w.from_seat,
                "points": w.score.points,
                "pattern": w.score.pattern,
                "flags": list(w.flags),
            }
            for w in res.wins
        ],
        "totals": list(res.totals),
        "ledger": ledger_to_json(rnd.ledger.entries),
    }


def _items_to_json(rnd: Round) -> dict[str, Any]:
    state = rnd.items
    if state is None:
        return {}
    return {
        "inventories": [dict(i) for i in state.initial_inventories],
        "qian_kun": list(state.qian_kun),
        "golden": list(state.initial_golden),
    }


def record(rnd: Round) -> dict[str, Any]:
    """The replay document of ``rnd`` (finished or not) as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rnd.rules.to_dict(),
        "seed": rnd.seed,
        "wall_source": "seed" if _shuffled_by_seed(rnd) else "explicit",
        "wall": format_tiles([i >> 2 for i in rnd.wall_ids], sort=False),
        "dealer": rnd.dealer,
        "dice": list(rnd.dice),
        **_items_to_json(rnd),
        "decisions": [action_to_json(a) for a in rnd.decisions],
        "result": _result_to_json(rnd),
    }


def dumps(doc: Mapping[str, Any], *, indent: int | None = None) -> str:
    """The document as JSON text (UTF-8 friendly: Chinese stays readable)."""
    return json.dumps(doc, ensure_ascii=False, indent=indent)


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse and check a replay document (:func:`validate`: every field against the format);
    returns it as JSON values. Raises :class:`ReplayError`, never anything else."""
    if len(text) > MAX_DOCUMENT_BYTES:
        raise ReplayError(f"not a replay document: {len(text):,} bytes is too large", "not_replay")
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        doc = msgspec.json.decode(data)
    except UnicodeEncodeError:
        raise ReplayError(
            "not a JSON replay document: the text is not valid Unicode", "not_replay"
        ) from None
    except msgspec.ValidationError as exc:  # a number out of range (1e400)
        raise ReplayError(
            f"not a JSON replay document: {decode_error(exc)[1]}", "not_replay"
        ) from None
    except msgspec.DecodeError as exc:
        raise ReplayError(
            f"not a JSON replay document: {_one_line(str(exc))}", "not_replay"
        ) from None
    except RecursionError:
        raise ReplayError("not a JSON replay document: nested too deeply", "not_replay") from None
    validate(doc)
    assert isinstance(doc, dict)
    return doc


def validate(doc: object) -> schema.ReplayDocument:
    """``doc`` (JSON values: a dict) checked against the format of its version, as
    engine/replay_schema.py describes it; raises :class:`ReplayError` naming the first field
    that is wrong. Does not re-execute anything (:func:`replay` does)."""
    if not isinstance(doc, Mapping):
        raise ReplayError(
            f"a replay document is a JSON object, got {type(doc).__name__}", "not_replay"
        )
    if doc.get("format") != FORMAT:
        seat = doc.get("format") == SEAT_FORMAT
        raise ReplayError(
            f"format must be {FORMAT!r}, got {quote(doc.get('format'))}",
            "seat_replay" if seat else "not_replay",
        )
    version = doc.get("version")
    if not (isinstance(version, int) and not isinstance(version, bool)) or not (
        1 <= version <= VERSION
    ):
        raise ReplayError(
            f"unsupported replay version {quote(version)} (this engine reads 1-{VERSION})",
            "version",
        )
    kind = schema.ReplayDocument if version == VERSION else schema.ReplayDocumentV1
    return _convert(doc, kind)


# --- replay -------------------------------------------------------------------------------


def _build_round(doc: schema.ReplayDocument) -> Round:
    try:
        rules = RuleSet.from_dict(msgspec.to_builtins(doc.rules))
    except UnknownOptionError as exc:
        raise ReplayError(f"rules: {_one_line(str(exc))}") from None
    items: dict[str, Any] = {}
    if doc.inventories is not None:
        items = {
            "inventories": [msgspec.to_builtins(i) for i in doc.inventories],
            "qian_kun": doc.qian_kun,
            "golden": doc.golden,
        }
    elif doc.qian_kun or doc.golden:
        raise ReplayError("qian_kun and golden need inventories (a hand with items)")
    if doc.version < 4 and (rules.players, rules.suits) != (4, "mps"):
        raise ReplayError(
            f"rules: players and suits are version 4 options (version {doc.version} documents "
            "are four-seat hands of 108 tiles)"
        )
    if doc.dealer >= rules.players:
        raise ReplayError(f"dealer: seat {doc.dealer} at a table of {rules.players} seats")
    size = rules.num_tiles
    wall = parse_tiles(doc.wall) if _wall_ok(doc.wall) else []
    if len(wall) != size:
        raise ReplayError(
            f"wall must be {size} tiles in notation (suits {rules.suits}), got {quote(doc.wall)}"
        )
    dice = doc.dice
    try:
        if doc.wall_source == "seed":
            rnd = Round.new(rules, doc.seed, doc.dealer, **items)
        else:
            rnd = Round.from_wall(rules, wall, doc.dealer, seed=doc.seed, dice=dice, **items)
    except ValueError as exc:
        where = "wall" if doc.wall_source == "explicit" and "wall" in str(exc) else "items"
        raise ReplayError(f"{where}: {_one_line(str(exc))}") from None
    if doc.wall_source == "seed":
        actual = [i >> 2 for i in rnd.wall_ids]
        if actual != wall:
            at = next(i for i, (a, b) in enumerate(zip(actual, wall, strict=True)) if a != b)
            raise ReplayError(
                f"wall mismatch: seed {quote(doc.seed)} shuffles a different wall (tile {at}: "
                f"{format_tile(actual[at])}, the document says {format_tile(wall[at])})"
            )
        if rnd.dice != dice:
            raise ReplayError(
                f"dice mismatch: seed {quote(doc.seed)} rolls {rnd.dice}, document {dice}"
            )
    return rnd


def _wall_ok(wall: str) -> bool:
    try:
        parse_tiles(wall)
    except TileNotationError:
        return False
    return True


def replay(doc: Mapping[str, Any], *, check_result: bool = True) -> Round:
    """Re-execute ``doc`` and return the resulting :class:`Round` (events and ledger rebuilt).

    The document is first checked against the format (:func:`validate`). Raises
    :class:`ReplayError` naming the first difference: a malformed field, an illegal decision
    at step N (steps count from 0), a wall or dice mismatch, or — with ``check_result`` — a
    hand that ends differently or whose ledger differs from the stored one.
    """
    parsed = validate(doc)
    rnd = _build_round(parsed)
    for step, decision in enumerate(parsed.decisions):
        try:
            action = _decision_to_action(decision)
        except TileNotationError as exc:
            raise ReplayError(f"decision {step}: {exc}") from None
        if rnd.is_over:
            raise ReplayError(f"step {step} ({action}): the hand is already over")
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(f"step {step}: illegal action: {_one_line(str(exc))}") from None
    if check_result:
        _check_result(rnd, parsed.result, len(parsed.decisions))
    return rnd


def replay_rescored(doc: Mapping[str, Any]) -> tuple[Round, bool]:
    """Re-execute ``doc`` as :func:`replay` does and say whether its stored result differs
    from today's (``True``: recorded by an earlier engine whose scoring a rule fix has
    changed since). Every decision must still re-execute: anything else raises
    :class:`ReplayError` as :func:`replay` does. A kept replay stays watchable after a fix."""
    try:
        return replay(doc), False
    except ReplayError as exc:
        if exc.kind != "rescored":
            raise
    return replay(doc, check_result=False), True


def _check_result(rnd: Round, stored: schema.Result | None, steps: int) -> None:
    if stored is None:
        return
    actual = _result_to_json(rnd)
    if actual is None:
        raise ReplayError(f"after step {steps - 1} the hand is not over, but a result is stored")
    _check_scores(actual, stored)


def _check_scores(actual: dict[str, Any], stored: schema.Result) -> None:
    """The replayed ending and ledger against the stored ones (ReplayError ``rescored``)."""
    rescored = functools.partial(ReplayError, kind="rescored")
    if stored.reason != actual["reason"]:
        raise rescored(
            f"the hand ends with {actual['reason']!r}, the document says {str(stored.reason)!r}"
        )
    mine: list[dict[str, Any]] = actual["ledger"]
    for n, (a, b) in enumerate(zip(mine, stored.ledger, strict=False)):
        theirs = (b.payer, b.payee, b.amount, b.reason, b.event)
        if (a["payer"], a["payee"], a["amount"], a["reason"], a["event"]) != theirs:
            shown = {"payer": b.payer, "payee": b.payee, "amount": b.amount, "event": b.event}
            replayed = {k: a[k] for k in ("payer", "payee", "amount", "event")}
            raise rescored(
                f"ledger line {n} differs: replayed {a['reason']} {replayed}, "
                f"document {b.reason} {shown}"
            )
    if len(mine) != len(stored.ledger):
        raise rescored(f"ledger has {len(mine)} lines, the document {len(stored.ledger)}")
    if stored.totals != actual["totals"]:
        raise rescored(
            f"final totals differ: replayed {actual['totals']}, document {stored.totals}"
        )
