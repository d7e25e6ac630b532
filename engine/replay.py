"""牌谱 Replays: one hand as one JSON document that re-executes exactly.

A replay is the hand's inputs — the full :class:`~engine.rules.RuleSet`, the seed, the wall
(shuffled from the seed or given explicitly), the dealer, the dice — and every decision in
order. :func:`replay` plays the decisions again through :meth:`Round.apply`, so a log that
no longer matches the engine fails loudly (:class:`ReplayError` names the first step that
differs) instead of silently showing another game. The final ledger is stored too, for
readers and as a check. The format is documented in docs/replay-format.md.

Version 2 adds the items of RULES.md §8 (engine/items.py): ``inventories`` (per seat, item id
→ count at the start of the hand), ``qian_kun`` (seats that used 乾坤大挪移 on the deal) and
``golden`` (seats whose 金手指 was already on); item uses are ``use_item`` decisions. All
three are written only when the hand had items. Version 3 stores each ledger entry's facts
and each score's reckoning as data instead of Chinese and English sentences (the words are
made by engine/text.py when shown). Versions 1 and 2 still replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.round import Action, ActionKind, Event, EventKind, IllegalActionError, Round
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
    NUM_TILES,
    SUITS,
    Meld,
    TileNotationError,
    format_tile,
    format_tiles,
    parse_suit,
    parse_tile,
    parse_tiles,
)

__all__ = [
    "FORMAT",
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
    "score_from_json",
    "score_to_json",
]

FORMAT = "sichuan-mahjong-replay"
VERSION = 3
"""Bumped when a reader of the old version would misread a new document."""


class ReplayError(ValueError):
    """A replay document that is malformed or does not re-execute exactly; the message names
    the field or the first step that differs."""


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


def action_from_json(data: object, step: int | None = None) -> Action:
    """Inverse of :func:`action_to_json`; raises :class:`ReplayError` naming the step."""
    where = "decision" if step is None else f"decision {step}"
    if not isinstance(data, Mapping):
        raise ReplayError(f"{where}: expected an object, got {data!r}")
    try:
        seat = data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ReplayError(f"{where}: seat must be 0-3, got {seat!r}")
        kind = ActionKind(data["action"])
        tile = parse_tile(data["tile"]) if "tile" in data else None
        tiles = tuple(parse_tiles(data["tiles"])) if "tiles" in data else ()
        suit = parse_suit(data["suit"]) if "suit" in data else None
        item = data.get("item")
    except KeyError as exc:
        raise ReplayError(f"{where}: missing field {exc.args[0]!r} in {dict(data)!r}") from None
    except (ValueError, TypeError, AttributeError) as exc:
        raise ReplayError(f"{where}: {exc} in {dict(data)!r}") from None
    if item is not None and not isinstance(item, str):
        raise ReplayError(f"{where}: item must be a string, got {item!r}")
    return Action(kind, seat, tile, tiles, suit, item)


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


def score_from_json(data: object) -> ScoreResult:
    """Inverse of :func:`score_to_json`; raises :class:`ReplayError`."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError(f"expected an object, got {data!r:.60}")
        if not data["win"]:
            return ScoreResult(False, NoWin(data["reason"]), None, (), None, None, 0, 0)
        extras = data["extras"]
        values = data["extra_values"]
        return ScoreResult(
            win=True,
            reason=None,
            pattern=str(data["pattern"]),
            extras=tuple((str(e), int(n)) for e, n in extras.items()),
            fan=data["fan"],
            multiplier=data["multiplier"],
            points=int(data["points"]),
            value=int(data["value"]),
            pattern_value=int(data["pattern_value"]),
            pattern_is_cap=bool(data["pattern_is_cap"]),
            roots_included=int(data["roots_included"]),
            extra_values=tuple(int(values[e]) for e in extras),
            capped=bool(data["capped"]),
            base=int(data["base"]),
            self_draw_bonus=int(data["self_draw_bonus"]),
            self_drawn=bool(data["self_drawn"]),
            robbing_kong=bool(data["robbing_kong"]),
            eighteen_arhats=bool(data["eighteen_arhats"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ReplayError(f"score: {exc!r} in {data!r:.80}") from None


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
        return {"kind": "refund", **_kong_to_json(facts.kong), "shared": facts.shared}
    if isinstance(facts, PigFacts):
        return {"kind": "pig", "void": None if facts.void is None else SUITS[facts.void]}
    if isinstance(facts, ReadyFacts):
        return {
            "kind": "ready",
            "tile": None if facts.tile is None else format_tile(facts.tile),
            "score": None if facts.score is None else score_to_json(facts.score),
        }
    return {"kind": "leave", "units": facts.units, "base": facts.base}


def facts_from_json(data: object) -> Facts:
    """Inverse of :func:`facts_to_json`; raises :class:`ReplayError`."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError(f"expected an object, got {data!r:.60}")
        kind = data["kind"]
        if kind == "win":
            return WinFacts(parse_tile(data["tile"]), score_from_json(data["score"]))
        if kind in ("kong", "refund"):
            meld = Meld.parse(data["meld"])
            kong = KongFacts(meld.kind, meld.tile, int(data["kong_event"]))
            return kong if kind == "kong" else RefundFacts(kong, bool(data["shared"]))
        if kind == "pig":
            return PigFacts(None if data["void"] is None else parse_suit(data["void"]))
        if kind == "ready":
            tile = None if data["tile"] is None else parse_tile(data["tile"])
            score = None if data["score"] is None else score_from_json(data["score"])
            return ReadyFacts(tile, score)
        if kind == "leave":
            return LeaveFacts(int(data["units"]), int(data["base"]))
        raise ValueError(f"unknown facts kind {kind!r}")
    except ReplayError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ReplayError(f"ledger facts: {exc!r} in {data!r:.80}") from None


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
    if not isinstance(data, list):
        raise ReplayError(f"ledger must be a list, got {data!r:.60}")
    out: list[LedgerEntry] = []
    for n, line in enumerate(data):
        if not isinstance(line, Mapping) or "facts" not in line:
            raise ReplayError(f"ledger line {n} has no facts (a version 1-2 ledger?): {line!r:.80}")
        try:
            entry = LedgerEntry(
                int(line["payer"]),
                int(line["payee"]),
                int(line["amount"]),
                Reason(line["reason"]),
                int(line["event"]),
                facts_from_json(line["facts"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ReplayError):
                raise
            raise ReplayError(f"ledger line {n}: {exc!r}") from None
        out.append(entry)
    return out


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
    ids = list(range(NUM_TILES))
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
    """Parse and check a replay document (format, version, required fields)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"not a JSON replay document: {exc}") from None
    _check_header(doc)
    assert isinstance(doc, dict)
    return doc


def _check_header(doc: object) -> None:
    if not isinstance(doc, Mapping):
        raise ReplayError(f"a replay document is a JSON object, got {type(doc).__name__}")
    if doc.get("format") != FORMAT:
        raise ReplayError(f"format must be {FORMAT!r}, got {doc.get('format')!r}")
    version = doc.get("version")
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise ReplayError(f"unsupported replay version {version!r} (this engine reads 1-{VERSION})")
    for name in ("rules", "seed", "wall_source", "wall", "dealer", "dice", "decisions"):
        if name not in doc:
            raise ReplayError(f"replay document has no {name!r} field")


# --- replay -------------------------------------------------------------------------------


def _items_from_json(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Round.new / from_wall keyword arguments for the items of a version-2 document."""
    if "inventories" not in doc:
        return {}
    inv, qian_kun, golden = doc["inventories"], doc.get("qian_kun", []), doc.get("golden", [])
    if not (
        isinstance(inv, list)
        and len(inv) == 4
        and all(isinstance(i, Mapping) for i in inv)
        and all(isinstance(s, list) for s in (qian_kun, golden))
    ):
        raise ReplayError(
            "inventories must be four objects (item id → count), qian_kun and golden lists "
            f"of seats; got {inv!r:.60}, {qian_kun!r}, {golden!r}"
        )
    return {"inventories": inv, "qian_kun": qian_kun, "golden": golden}


def _build_round(doc: Mapping[str, Any]) -> Round:
    items = _items_from_json(doc)
    try:
        return _build_round_with(doc, items)
    except ReplayError:
        raise
    except ValueError as exc:
        raise ReplayError(f"items: {exc}") from None


def _build_round_with(doc: Mapping[str, Any], items: dict[str, Any]) -> Round:
    try:
        rules = RuleSet.from_dict(doc["rules"])
    except (UnknownOptionError, TypeError, AttributeError) as exc:
        raise ReplayError(f"rules: {exc}") from None
    seed, dealer, source = doc["seed"], doc["dealer"], doc["wall_source"]
    if not isinstance(seed, int) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
        raise ReplayError(f"seed must be an integer and dealer 0-3, got {seed!r}, {dealer!r}")
    dice_in = doc["dice"]
    if (
        not isinstance(dice_in, Sequence)
        or len(dice_in) != 2
        or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice_in)
    ):
        raise ReplayError(f"dice must be two integers 1-6, got {dice_in!r}")
    dice = (dice_in[0], dice_in[1])
    try:
        wall = parse_tiles(doc["wall"]) if isinstance(doc["wall"], str) else None
    except TileNotationError as exc:
        raise ReplayError(f"wall: {exc}") from None
    if wall is None or len(wall) != NUM_TILES:
        raise ReplayError(f"wall must be {NUM_TILES} tiles in notation, got {doc['wall']!r:.60}")
    if source == "seed":
        rnd = Round.new(rules, seed, dealer, **items)
        actual = [i >> 2 for i in rnd.wall_ids]
        if actual != wall:
            at = next(i for i, (a, b) in enumerate(zip(actual, wall, strict=True)) if a != b)
            raise ReplayError(
                f"wall mismatch: seed {seed} shuffles a different wall (tile {at}: "
                f"{format_tile(actual[at])}, the document says {format_tile(wall[at])})"
            )
        if rnd.dice != dice:
            raise ReplayError(f"dice mismatch: seed {seed} rolls {rnd.dice}, document {dice}")
        return rnd
    if source == "explicit":
        try:
            return Round.from_wall(rules, wall, dealer, seed=seed, dice=dice, **items)
        except ValueError as exc:
            raise ReplayError(f"wall: {exc}") from None
    raise ReplayError(f"wall_source must be 'seed' or 'explicit', got {source!r}")


def replay(doc: Mapping[str, Any], *, check_result: bool = True) -> Round:
    """Re-execute ``doc`` and return the resulting :class:`Round` (events and ledger rebuilt).

    Raises :class:`ReplayError` naming the first difference: an illegal decision at step N
    (steps count from 0), a wall or dice mismatch, or — with ``check_result`` — a hand that
    ends differently or whose ledger differs from the stored one.
    """
    _check_header(doc)
    rnd = _build_round(doc)
    decisions = doc["decisions"]
    if not isinstance(decisions, list):
        raise ReplayError("decisions must be a list")
    for step, data in enumerate(decisions):
        action = action_from_json(data, step)
        if rnd.is_over:
            raise ReplayError(f"step {step} ({action}): the hand is already over")
        try:
            rnd.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(f"step {step}: illegal action: {exc}") from None
    if check_result:
        _check_result(rnd, doc.get("result"), len(decisions))
    return rnd


def _check_result(rnd: Round, stored: object, steps: int) -> None:
    if stored is None:
        return
    if not isinstance(stored, Mapping):
        raise ReplayError(f"result must be an object or null, got {stored!r:.60}")
    actual = _result_to_json(rnd)
    if actual is None:
        raise ReplayError(f"after step {steps - 1} the hand is not over, but a result is stored")
    if stored.get("reason") != actual["reason"]:
        raise ReplayError(
            f"the hand ends with {actual['reason']!r}, the document says {stored.get('reason')!r}"
        )
    if "ledger" in stored:
        mine, theirs = actual["ledger"], stored["ledger"]
        keys = ("payer", "payee", "amount", "reason", "event")
        for n, (a, b) in enumerate(zip(mine, theirs, strict=False)):
            if not isinstance(b, Mapping) or any(a[k] != b.get(k) for k in keys):
                raise ReplayError(f"ledger line {n} differs: replayed {a}, document {b}")
        if len(mine) != len(theirs):
            raise ReplayError(f"ledger has {len(mine)} lines, the document {len(theirs)}")
    if stored.get("totals") != actual["totals"]:
        raise ReplayError(
            f"final totals differ: replayed {actual['totals']}, document {stored.get('totals')}"
        )
