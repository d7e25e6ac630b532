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
three are written only when the hand had items; version 1 documents still replay.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.round import Action, ActionKind, Event, EventKind, IllegalActionError, Round
from engine.rules import RuleSet, UnknownOptionError
from engine.settlement import LedgerEntry, seat_name
from engine.tiles import (
    NUM_TILES,
    SUITS,
    TileNotationError,
    format_tile,
    format_tiles,
    parse_suit,
    parse_tile,
    parse_tiles,
    suit_name,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "ReplayError",
    "action_from_json",
    "action_to_json",
    "describe_event",
    "dumps",
    "event_to_json",
    "ledger_to_json",
    "loads",
    "record",
    "replay",
]

FORMAT = "sichuan-mahjong-replay"
VERSION = 2
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


# --- ledger and events --------------------------------------------------------------------


def ledger_to_json(entries: Sequence[LedgerEntry]) -> list[dict[str, Any]]:
    return [
        {
            "payer": e.payer,
            "payee": e.payee,
            "amount": e.amount,
            "reason": e.reason,
            "event": e.event_index,
            "zh": e.explain_zh,
            "en": e.explain_en,
        }
        for e in entries
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
        s = event.score
        out["score"] = {
            "pattern": s.pattern,
            "extras": dict(s.extras),
            "fan": s.fan,
            "points": s.points,
            "zh": list(s.explain_zh),
            "en": list(s.explain_en),
        }
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


_EXCHANGE_DIR = {
    "across": ("对家", "across"),
    "clockwise": ("顺时针", "clockwise"),
    "counter_clockwise": ("逆时针", "counter-clockwise"),
}
_KONG_NAME = {"A": ("暗杠", "concealed kong"), "B": ("补杠", "added kong"), "K": ("直杠", "kong")}
_WIN_FLAGS = {
    "self_drawn": ("自摸", "self-drawn"),
    "kong_bloom": ("杠上花", "kong bloom"),
    "after_kong": ("杠上炮", "after a kong"),
    "robbing_kong": ("抢杠", "robbing the kong"),
    "last_tile": ("海底", "last tile"),
    "first_turn": ("天地胡", "first turn"),
    "multi": ("一炮多响", "one of several winners"),
}


def describe_event(event: Event, lang: str = "zh") -> str:
    """One readable line for ``event`` in ``"zh"`` or ``"en"`` (the replay CLI, logs)."""
    zh = lang == "zh"
    i = 0 if zh else 1
    who = seat_name(event.seat, lang) if event.seat is not None else ""
    frm = seat_name(event.from_seat, lang) if event.from_seat is not None else ""
    tile = format_tile(event.tile) if event.tile is not None else "?"
    tiles = format_tiles(event.tiles) if event.tiles else ""
    kind = event.kind
    if kind is EventKind.DICE:
        a, b = event.dice or (0, 0)
        return f"掷骰 {a}+{b}，{who}坐庄" if zh else f"Dice {a}+{b}, {who} deals"
    if kind is EventKind.DEAL:
        return f"{who} 起手 {tiles}" if zh else f"{who} is dealt {tiles}"
    if kind is EventKind.EXCHANGE_CHOSEN:
        return f"{who} 选好换三张" if zh else f"{who} chose three tiles to exchange"
    if kind is EventKind.EXCHANGE:
        d = _EXCHANGE_DIR.get(event.detail or "", (event.detail, event.detail))[i]
        return f"{who} 从{frm}换得 {tiles}（{d}）" if zh else f"{who} gets {tiles} from {frm} ({d})"
    if kind is EventKind.VOID_CHOSEN:
        return f"{who} 定缺" if zh else f"{who} chose a void suit"
    if kind is EventKind.VOIDS_REVEALED:
        parts = [
            f"{seat_name(s, lang)} {'-' if v < 0 else suit_name(v, lang)}"
            for s, v in enumerate(event.tiles)
        ]
        return ("定缺：" if zh else "Voids: ") + ("，" if zh else ", ").join(parts)
    if kind is EventKind.TURN:
        return f"— {who} —"
    if kind is EventKind.DRAW:
        extra = ("（杠后补牌）" if zh else " (replacement)") if event.detail else ""
        return f"{who} 摸 {tile}{extra}" if zh else f"{who} draws {tile}{extra}"
    if kind is EventKind.DISCARD:
        return f"{who} 打 {tile}" if zh else f"{who} discards {tile}"
    if kind is EventKind.PONG:
        return f"{who} 碰 {tile}（{frm}）" if zh else f"{who} pongs {tile} from {frm}"
    if kind is EventKind.KONG_DECLARED:
        return f"{who} 补杠 {tile}（可抢杠）" if zh else f"{who} adds {tile} to a pong (robbable)"
    if kind is EventKind.KONG:
        mk = event.meld.kind.value if event.meld is not None else "K"
        name = _KONG_NAME.get(mk, ("杠", "kong"))[i]
        src = (f"（{frm}）" if zh else f" from {frm}") if frm else ""
        return f"{who} {name} {tile}{src}"
    if kind is EventKind.WIN:
        how = [_WIN_FLAGS[f][i] for f in event.flags if f in _WIN_FLAGS]
        if frm:
            how.insert(0, f"{frm}点炮" if zh else f"on {frm}'s discard")
        lines: Sequence[str] = ()
        if event.score is not None:
            lines = event.score.explain_zh if zh else event.score.explain_en
        score = ("；" if zh else "; ").join(lines)
        sep = "，" if zh else ", "
        head = f"{who} 胡 {tile}" if zh else f"{who} wins on {tile}"
        return f"{head}（{sep.join(how)}）{score}" if zh else f"{head} ({sep.join(how)}) {score}"
    if kind is EventKind.PAYMENT and event.entry is not None:
        e = event.entry
        text = e.explain_zh if zh else e.explain_en
        colon = "：" if zh else ": "
        return f"  {seat_name(e.payer, lang)} → {seat_name(e.payee, lang)} {e.amount}{colon}{text}"
    if kind is EventKind.LEAVE:
        return f"{who} 逃跑" if zh else f"{who} leaves the hand"
    if kind is EventKind.ITEM_USED:
        from engine.items import ITEMS

        meta = ITEMS.get(event.detail or "")
        name = (meta.name_zh if zh else meta.name_en) if meta else (event.detail or "?")
        line = f"{who} 使用了{name}" if zh else f"{who} used {name}"
        if event.item_result is not None:  # only the user's own copy holds the result
            line += ("：" if zh else ": ") + event.item_result.describe(lang).split(
                "：" if zh else ": ", 1
            )[-1]
        return line
    if kind is EventKind.HAND_END:
        drawn = "drawn" in event.flags
        if zh:
            return f"本局结束：{event.detail}" + ("（流局）" if drawn else "")
        return f"Hand over: {event.detail}" + (" (drawn)" if drawn else "")
    return f"{kind.value} {who} {tile}"


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
