"""A damaged or hand-edited match log in the autosave: the match's part that only the match's
end reads (its finished hands, its starting points and coins). Every damaged document goes
through the real load path — the main menu's Continue (:meth:`Navigator.resume`) — and, when
it resumes, the match's end is drawn from it. A bad record of finished hands never costs the
hand in progress: the match resumes with nothing malformed kept and the player is told once
that part of the record was left out; only a bad session as a whole (or its number of hands,
which the match goes on with) is refused, with the notice every damaged autosave gets. The
profile's coins and items are never touched. A 三人/两人 match saved without its starting
points (the schema lets them be absent: a save from before they were kept) resumed and then
crashed the match's end on the four seats' default."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.match import MatchState
from engine.round import ActionKind
from engine.rules import get_preset
from game.app import App, Settings
from game.autosave import Autosave, record_damage
from game.nav import Navigator
from game.profile import Profile, load_profile, save_profile
from game.scenes.match_end import MatchEndScene
from game.storage import NoticeKind
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, session_doc
from game.table.scene import TableScene

PRESETS = ("standard", "sanren_liangfang", "liangren")
COINS, ITEMS = 4321, {"qian_kun": 2, "yi_hua": 1}


def _doc(preset: str) -> dict[str, Any]:
    """A real autosave ten decisions into a hand, its match with one finished hand logged."""
    rules = get_preset(preset)
    n = rules.players
    ctl = Controller(rules, MatchState(rules=rules, seed=21), Seating(0, ("random",) * 4))
    rng = random.Random(21)
    rnd = ctl.round
    while len(rnd.decisions) < 10 and not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        rnd.apply(rng.choice(legal))
    session = MatchSession()
    session.start_points, session.start_coins = [0] * n, [1000] * n
    win = {"seat": 1, "pattern": "ping_hu", "points": 4, "fan": 1, "self_drawn": True}
    session.log = [
        {
            "hand_no": 1,
            "wins": [win, {**win, "seat": 0, "points": 2}],
            "totals": [-2, 4, -1, -1][:n],
            "coins": [-20, 40, -10, -10][:n],
            "bots": [0, 1, 2, 3][:n],
            "review": "a-key",
        }
    ]
    return json.loads(json.dumps(session_doc(ctl, session)))


DOCS = {preset: _doc(preset) for preset in PRESETS}


def _spoil(doc: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """``doc`` with ``value`` at ``path`` (a DELETE value takes the key away)."""
    out = copy.deepcopy(doc)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


DELETE = object()
SESSION = ("session",)
LOG = (*SESSION, "log")
ENTRY = (*LOG, 0)
WIN = (*ENTRY, "wins", 0)
PATHS = [
    SESSION,
    (*SESSION, "hands"),
    (*SESSION, "start_points"),
    (*SESSION, "start_coins"),
    (*SESSION, "match_id"),
    LOG,
    ENTRY,
    (*ENTRY, "hand_no"),
    (*ENTRY, "wins"),
    (*ENTRY, "totals"),
    (*ENTRY, "totals", 0),
    (*ENTRY, "coins"),
    (*ENTRY, "coins", 1),
    (*ENTRY, "bots"),
    (*ENTRY, "bots", 1),
    (*ENTRY, "review"),
    WIN,
    (*WIN, "seat"),
    (*WIN, "points"),
    (*WIN, "pattern"),
    (*WIN, "fan"),
    (*WIN, "self_drawn"),
]
JUNK = [
    DELETE,
    None,
    "12",
    1.5,
    True,
    -1,
    10**13,
    10**40,
    [],
    {},
    [["junk"]],
    {"a": {"b": [1, None]}},
]
junk_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)


@pytest.fixture(scope="module")
def app() -> App:
    """One window for every case (each case has its own data folder)."""
    made = App(Settings(speed="instant", lang="en"), (1024, 640))
    yield made
    made.close()


LEFT_OUT = "could not be read and was left out"


def _continue(app: App, home: Path, doc: dict[str, Any]) -> None:
    """``doc`` saved as the match in progress (no earlier save to fall back on), Continue
    pressed: it resumes and its match's end draws — told once when part of its record was
    left out — or, when what the match goes on with is bad (the session as a whole, its
    number of hands), it is refused with the damaged autosave's notice and the file kept;
    the profile is as it was either way."""
    session_doc_ = doc.get("session")
    hands = session_doc_.get("hands") if isinstance(session_doc_, dict) else None
    needed_ok = isinstance(session_doc_, dict) and (
        hands is None or (type(hands) is int and 1 <= hands <= 100_000)
    )
    save_profile(Profile(coins=COINS, items=dict(ITEMS)), home)
    store = Autosave(home)
    store.save(doc)
    for backup in store._store.backup_paths:
        backup.unlink(missing_ok=True)
    app.data_dir, app._profile = home, None  # this case's folder, its profile unread
    while app.stack.top is not None:
        app.stack.pop()
    app.notices.shown.clear()
    app.notices.waiting.clear()
    nav = Navigator(app)
    message = nav.resume()
    table = app.stack.top
    if needed_ok:  # the hand in progress is never lost over its match's record
        assert message is None, message
        told = [n for n in app.notices.texts("en") if LEFT_OUT in n]
        assert len(told) == (record_damage(doc) is not None)
    if message is None:
        assert isinstance(table, TableScene)
        ctl = table.ctl
        session = ctl.match_session
        assert session is not None and ctl.round.decisions  # the hand in progress is there
        end = MatchEndScene(nav.ctx, ctl, session, lambda: None)
        end.reviews = []
        end.draw_content(pygame.Surface(end.size))  # the standings, best hand, hand rows
        best = session.best_hand()
        assert best is None or type(best["points"]) is int
        for entry in session.log:
            assert len(entry["totals"]) == ctl.match.players
            assert all(0 <= w["seat"] < ctl.match.players for w in entry["wins"])
    else:
        assert store.notice is None or store.notice.kind is NoticeKind.RESET_TO_DEFAULTS
        assert "damaged and cannot be resumed" in message, message
        assert [p for p in home.iterdir() if ".corrupt-" in p.name]  # kept, not deleted
        assert not isinstance(table, TableScene)
    profile = load_profile(home)[0]
    held = {item: n for item, n in profile.items.items() if n}
    assert profile.coins == COINS and held == ITEMS


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: ".".join(map(str, p[1:])) or "session")
def test_every_damaged_match_log_resumes_clean_or_is_refused_whole(
    app: App, tmp_path: Path, preset: str, path: tuple[str | int, ...]
) -> None:
    for n, value in enumerate(JUNK):
        home = tmp_path / str(n)
        home.mkdir()
        _continue(app, home, _spoil(DOCS[preset], path, value))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(preset=st.sampled_from(PRESETS), path=st.sampled_from(PATHS), value=junk_json)
def test_any_json_in_the_match_log_resumes_clean_or_is_refused_whole(
    app: App, tmp_path_factory: pytest.TempPathFactory, preset: str, path, value
) -> None:
    _continue(app, tmp_path_factory.mktemp("home"), _spoil(DOCS[preset], path, value))


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren"])
def test_a_smaller_table_saved_without_its_start_figures_shows_its_match_end(
    app: App, tmp_path: Path, preset: str
) -> None:
    """No start points: worked back from the match's points and the hands logged; no start
    coins: the match's end has no coin changes to show ("—"), not a crash."""
    doc = _spoil(
        _spoil(DOCS[preset], (*SESSION, "start_points"), DELETE), (*SESSION, "start_coins"), DELETE
    )
    doc["match"]["use_coins"] = True
    doc["session"]["log"][0].pop("coins")
    _continue(app, tmp_path, doc)
    session = app.stack.top.ctl.match_session
    n = len(doc["match"]["points"])
    logged = doc["session"]["log"][0]["totals"]
    assert session.start_points == [
        p - t for p, t in zip(doc["match"]["points"], logged, strict=True)
    ]
    assert len(session.start_points) == n
    assert session.coin_changes(doc["match"]["coins"], True) is None


def test_a_bare_load_keeps_only_the_wins_the_match_end_can_read() -> None:
    """MatchSession.load is the last word: whatever reaches it (not only what the autosave's
    schema let through), best_hand and the match's end never meet a malformed win."""
    good = {"seat": 2, "pattern": "qing_yi_se", "points": 16, "fan": 2, "self_drawn": False}
    data = {
        "log": [
            {
                "hand_no": 1,
                "totals": [1, 2, -3, 0],
                "wins": [
                    {"seat": 0, "points": "99"},  # a string where the number goes
                    {"seat": 1},  # no points
                    {"points": 50},  # no seat
                    {"seat": 9, "points": 50},  # a seat the table has not
                    {"seat": True, "points": 50},
                    "junk",
                    good,
                ],
                "bots": [1, True, 2, 3],
            },
            {"hand_no": "2", "totals": [0, 0, 0, 0], "wins": []},  # no hand number: dropped
            {"hand_no": 3, "wins": [good]},  # no totals: dropped
            {"hand_no": 4, "totals": [0, 0, 0, 0], "wins": {"seat": 1}},  # wins not a list
            ["nested", {"junk": [1]}],
        ],
        "start_points": [0, "1", 0, 0],
    }
    session = MatchSession()
    session.load(data)
    assert session.best_hand() == {**good, "hand_no": 1}
    assert [e["hand_no"] for e in session.log] == [1, 4]
    assert session.log[0]["wins"] == [good] and session.log[1]["wins"] == []
    assert "bots" not in session.log[0]  # "Bot True" is no name
    assert session.start_points == [0, 0, 0, 0]  # the bad one not taken


@pytest.mark.parametrize("preset", PRESETS)
def test_one_bad_log_entry_costs_only_itself_and_is_told_once(
    app: App, tmp_path: Path, preset: str
) -> None:
    """A log of two finished hands, the second with a string among its totals: the first
    hand stays in the match's record, the second is left out, the hand in progress resumes
    at its position, and the player is told once — the next save holds only the good
    record, so the Continue after it has nothing more to tell."""
    doc = copy.deepcopy(DOCS[preset])
    good = doc["session"]["log"][0]
    bad = {**copy.deepcopy(good), "hand_no": 2, "totals": ["4", *good["totals"][1:]]}
    doc["session"]["log"].append(bad)
    assert record_damage(doc) is not None
    _continue(app, tmp_path, doc)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert len(table.ctl.round.decisions) == len(DOCS[preset]["hand"]["decisions"])
    session = table.ctl.match_session
    assert [e["hand_no"] for e in session.log] == [1]
    assert session.log[0]["totals"] == good["totals"]
    assert sum(LEFT_OUT in n for n in app.notices.texts("en")) == 1
    session.after_action(table.ctl)  # the next action's save: the record as it now reads
    saved = Autosave(tmp_path).load()
    assert saved is not None and record_damage(saved) is None
    app.notices.shown.clear()
    while app.stack.top is not None:
        app.stack.pop()
    assert Navigator(app).resume() is None
    assert not any(LEFT_OUT in n for n in app.notices.texts("en"))
