"""Tampered replays: the whole document is checked against docs/replay-format.md before it is
re-executed, and any damage is one ReplayError naming the field — never another exception,
never a hang (the GUI viewer and ``python -m engine replay`` rely on it)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import load_bot
from engine.items import ITEM_IDS
from engine.replay import MAX_DOCUMENT_BYTES, ReplayError, dumps, loads, record, replay
from engine.replay_schema import ItemId
from engine.round import Round
from engine.rules import get_preset
from engine.simulate import play_hand

ROOT = Path(__file__).resolve().parent.parent
V2 = sorted((ROOT / "tests" / "data" / "replays_v2").glob("*.json"))


def _with_items() -> dict[str, Any]:
    """A version-4 document of a hand with items, kongs and wins (every part of the format)."""
    inventories = [dict.fromkeys(ITEM_IDS, 1) for _ in range(4)]
    for seed in range(40):
        rnd = Round.new(get_preset("standard"), seed, inventories=inventories, qian_kun=[1])
        bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
        doc = record(rnd)
        reasons = {line["reason"] for line in doc["result"]["ledger"]}
        if any(r.startswith("kong") for r in reasons) and any(r.startswith("win") for r in reasons):
            doc["meta"] = {"saved": "2026-12-01T10:00:00+08:00", "preset": "standard",
                           "human": 0, "hand_no": 3}  # fmt: skip
            return doc
    raise AssertionError("no hand with kongs and wins")  # pragma: no cover


DOC = _with_items()
DOCS = [DOC, json.loads(V2[0].read_text(encoding="utf-8"))]


def _ok(doc: object) -> None:
    replay(doc)  # type: ignore[arg-type]


def _refused(doc: object, fragment: str = "") -> str:
    with pytest.raises(ReplayError) as exc:
        replay(doc)  # type: ignore[arg-type]
    message = str(exc.value)
    assert "\n" not in message and len(message) < 400, message
    assert fragment in message, message
    return message


def test_the_documents_replay_untouched() -> None:
    for doc in DOCS:
        _ok(loads(dumps(doc)))
    assert set(get_args(ItemId)) == set(ITEM_IDS)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["result"].update(ledger=None), "result.ledger: expected `array`"),
        (lambda d: d["result"].update(ledger=7), "result.ledger: expected `array`"),
        (lambda d: d.update(qian_kun=["a"]), "qian_kun[0]: expected `int`"),
        (lambda d: d["meta"].update(human=9), "meta.human: expected `int` <= 3"),
        (lambda d: d.update(seed=10**30), "seed: "),
        (lambda d: d.update(dealer=True), "dealer: expected `int`, got `bool`"),
        (lambda d: d["rules"].update(cap_fan=10**20), "rules.cap_fan: expected `int` <= 16"),
        (
            lambda d: d["rules"].update({"fan.ping_hu": 10**15}),
            "rules.fan.ping_hu: expected `int`",
        ),
        (lambda d: d["rules"].update(mode=["xuezhan"]), "rules.mode: expected `str`, got `array`"),
        (
            lambda d: d.update(inventories=[{"qian_kun": -1}] * 4),
            "inventories[0].qian_kun: expected",
        ),
        (
            lambda d: d.update(inventories=[{"gold": 1}] * 4),
            "unknown field `gold`",
        ),
        (lambda d: d.update(inventories=[{}]), "inventories: expected `array` of length >= 2"),
        (lambda d: d.update(inventories=[{}] * 3), "items: inventories: one per seat (4), got 3"),
        (
            lambda d: d["decisions"][0].update(tile="0m"),
            "decisions[0].tile: expected a tile",
        ),
        (lambda d: d["decisions"][0].update(seat=-1), "decisions[0].seat: expected `int` >= 0"),
        (lambda d: d["decisions"].insert(0, "pass"), "decisions[0]: expected `object`"),
        (lambda d: d.update(decisions={}), "decisions: expected `array`"),
        (lambda d: d["result"]["ledger"][0].update(facts={"kind": "gift"}), "kind: invalid value"),
        (lambda d: d["result"]["ledger"][0].update(amount=-3), "amount: expected `int` >= 0"),
        (lambda d: d["result"].update(totals=[0]), "totals: expected `array` of length >= 2"),
        (lambda d: d["result"].update(totals=[0, 0, 0]), "final totals differ"),
        (lambda d: d.update(version=3, rules={**d["rules"], "players": 3}), "version 4 options"),
        (
            lambda d: d.update(dealer=3, rules={**d["rules"], "players": 3, "suits": "ps"}),
            "dealer: seat 3 at a table of 3 seats",
        ),
        (
            lambda d: d.update(rules={**d["rules"], "players": 3, "suits": "ps"}),
            "wall must be 72 tiles in notation (suits ps)",
        ),
        (lambda d: d["result"]["wins"][0].update(flags=["lucky"]), "flags[0]: invalid value"),
        (lambda d: d.update(wall="1m" * 500), "wall: expected `str` of length <= 400"),
        (lambda d: d.update(result=[]), "result: expected `object | null`"),
        (lambda d: d.update(version=True), "unsupported replay version"),
        (lambda d: d.update(golden=[1], inventories=None), "need inventories"),
    ],
)
def test_tampered_fields_are_one_line_naming_the_field(change: Any, fragment: str) -> None:
    bad = copy.deepcopy(DOC)
    change(bad)
    _refused(bad, fragment)


def test_messages_quote_little_of_the_input() -> None:
    for change in (
        lambda d: d.update(wall_source="x" * 10_000),
        lambda d: d["rules"].update({"z" * 5_000: 1}),
        lambda d: d["rules"].update(mode="y" * 10_000),
        lambda d: d.update(seed=-(10**5000)),
        lambda d: d["decisions"][0].update(item="q" * 1000),
    ):
        bad = copy.deepcopy(DOC)
        change(bad)
        assert len(_refused(bad)) < 130


def test_nesting_and_numbers_that_json_libraries_choke_on() -> None:
    deep = '{"format": "sichuan-mahjong-replay", "version": 3, "rules": ' + "[" * 100_000
    deep += "]" * 100_000 + "}"
    with pytest.raises(ReplayError, match="nested too deeply"):
        loads(deep)
    for bad in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000 + "1" + "}" * 100_000):
        with pytest.raises(ReplayError, match="nested too deeply"):
            loads(bad)
    text = dumps(DOC)
    for old, new in (('"seed": ', '"seed": 1e400, "x": '), ('"dealer": ', '"dealer": NaN, "x": ')):
        with pytest.raises(ReplayError, match="not a JSON replay document"):
            loads(text.replace(old, new, 1))
    huge = text.replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1)
    with pytest.raises(ReplayError):
        loads(huge)
    with pytest.raises(ReplayError, match="too large"):
        loads(" " * (MAX_DOCUMENT_BYTES + 1))
    with pytest.raises(ReplayError, match="not valid Unicode"):
        loads('{"format": "\ud800"}')
    with pytest.raises(ReplayError, match="a JSON object"):
        loads("[1, 2]")


def _paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*at, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(doc)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


WRONG = [None, True, 0, -1, 4, 2**70, 1.5, "", "x" * 100, "5p", [], [1], {}, {"a": 1}]


@pytest.mark.parametrize("doc", DOCS, ids=["v3", "v2"])
def test_a_wrong_value_at_every_field(doc: dict[str, Any]) -> None:
    """Each field of the document (every decision and ledger line too) replaced by values of
    the wrong type or range: a clean replay or a one-line ReplayError, nothing else."""
    fields = [p for p in _paths(doc) if p and not (p[0] == "decisions" and p[1:2] > (12,))]
    refused = 0
    for path in fields:
        for value in WRONG:
            try:
                replay(_set(doc, path, value))
            except ReplayError as exc:
                assert "\n" not in str(exc) and len(str(exc)) < 400
                refused += 1
    assert refused > len(fields)  # most changes break the document


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-5, 200),
        st.just(2**64),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
        st.sampled_from(["5p", "A5p", "123m", "win", "discard", "kong", "seed", "cap"]),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )


PATHS = [(n, p) for n, doc in enumerate(DOCS) for p in _paths(doc)]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    where=st.sampled_from(PATHS),
    value=_json_values(),
    drop=st.booleans(),
    through_text=st.booleans(),
)
def test_any_json_value_at_any_field_loads_cleanly_or_is_one_replay_error(
    where: tuple[int, tuple[Any, ...]], value: Any, drop: bool, through_text: bool
) -> None:
    n, path = where
    doc = DOCS[n]
    if drop and path:
        bad = copy.deepcopy(doc)
        node = bad
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    else:
        bad = _set(doc, path, value)
    try:
        replay(loads(json.dumps(bad)) if through_text else bad)
    except ReplayError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


def test_the_cli_says_one_line_and_exits_2(tmp_path: Path) -> None:
    cases = {
        "ledger-null": _set(DOC, ("result", "ledger"), None),
        "qian-kun-a": _set(DOC, ("qian_kun",), ["a"]),
        "human-9": _set(DOC, ("meta", "human"), 9),
        "cap-huge": _set(DOC, ("rules", "cap_fan"), 10**20),
    }
    for name, bad in cases.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(bad), encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    for path in sorted(tmp_path.iterdir()):
        done = subprocess.run(
            [sys.executable, "-m", "engine", "replay", str(path)],
            cwd=ROOT,
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
        err = done.stderr.decode("utf-8")
        assert done.returncode == 2 and done.stdout == b"", (path.name, err)
        assert err.count("\n") == 1 and "Traceback" not in err, (path.name, err)


def test_simulated_hands_of_every_preset_still_validate() -> None:
    for preset in ("standard", "jj", "wiki", "chengdu", "modern", "modern_xueliu"):
        rnd = play_hand(get_preset(preset), 77, 1, [load_bot("random", s) for s in range(4)])
        assert replay(loads(dumps(record(rnd)))).events == rnd.events
