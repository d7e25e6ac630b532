"""Property tests: any JSON value at any field of each save file, and any bytes as the file,
give a clean load or a recovery with a notice — never a traceback, a hang or lost coins."""

from __future__ import annotations

import copy
import functools
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.match import MatchState
from engine.round import ActionKind
from engine.rules import get_preset
from game.autosave import Autosave
from game.profile import Profile, load_profile, profile_store, save_profile
from game.settings import Settings, load_settings, settings_store
from game.storage import NoticeKind
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, controller_from_doc, session_doc

RULES = get_preset("standard")
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _set(doc: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


def _write(store_path: Path, schema: str, data: object) -> None:
    """The file as a damaged disk or a hand edit leaves it (NaN and Infinity included)."""
    envelope = {"schema": schema, "version": 1, "data": data}
    store_path.write_text(json.dumps(envelope), encoding="utf-8")


# --- the profile -----------------------------------------------------------------------------

GOOD = Profile(coins=777, items={"qian_kun": 2, "yi_hua": 1})
GOOD.record_hand(won=True, pattern="ping_hu", fan=1, points=3, coins=18, tiles="11m")
GOOD.claim_hand("a-hand")
PROFILE_PATHS: list[tuple[str | int, ...]] = [
    (),
    ("coins",),
    ("items",),
    ("items", "qian_kun"),
    ("stats",),
    ("stats", "hands"),
    ("stats", "points"),
    ("stats", "best_hand"),
    ("stats", "best_hand", "fan"),
    ("stats", "patterns"),
    ("stats", "per_preset"),
    ("stats", "match_points"),
    ("settled",),
    ("settled", 0),
]


@PROPS
@given(path=st.sampled_from(PROFILE_PATHS), value=json_values)
def test_any_value_at_any_profile_field_loads_or_recovers_the_backup(path, value) -> None:
    with tempfile.TemporaryDirectory() as home:
        save_profile(Profile(coins=555, items={"tou_tian": 4}), home)
        save_profile(GOOD, home)  # main 777, backup 555
        data = value if path == () else _set(GOOD.to_dict(), path, value)
        _write(profile_store(home).path, "sichuan-mahjong/profile", data)
        loaded, notice = load_profile(home)
        if notice is None:  # taken as it is: every field had its type and range
            assert loaded == Profile.from_dict(data)
            coins = data["coins"]
            assert type(coins) is int and 0 <= coins <= 10**12
        else:  # damaged: the last good version, and the player is told
            assert notice.kind is NoticeKind.RESTORED_FROM_BACKUP
            assert loaded.coins == 555 and loaded.items["tou_tian"] == 4


@PROPS
@given(st.binary(max_size=300))
def test_any_bytes_as_the_profile_keep_the_backups_coins(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as home:
        save_profile(Profile(coins=555), home)
        save_profile(GOOD, home)
        profile_store(home).path.write_bytes(data)
        loaded, notice = load_profile(home)
        assert notice is not None and loaded.coins == 555


# --- the settings ----------------------------------------------------------------------------

SETTINGS_FIELDS = [*Settings().to_dict(), "unknown_field"]


@PROPS
@given(field=st.sampled_from(SETTINGS_FIELDS), value=json_values)
def test_any_value_at_any_settings_field_loads_with_defaults_where_bad(field, value) -> None:
    with tempfile.TemporaryDirectory() as home:
        good = Settings(lang="en", speed="slow", mute=True).to_dict()
        path = settings_store(home).path
        _write(path, "sichuan-mahjong/settings", {**good, field: value})
        loaded, notice = load_settings(home)
        assert isinstance(loaded, Settings)
        try:
            msgspec.json.decode(path.read_bytes() if path.exists() else b"")
            strict_json = True
        except (msgspec.DecodeError, msgspec.ValidationError):
            strict_json = False  # NaN or Infinity: not JSON, the whole file is damaged
        if not path.exists() or not strict_json:
            assert notice is not None and notice.kind is NoticeKind.RESET_TO_DEFAULTS
            assert loaded == Settings(lang=loaded.lang)
            return
        decoded, bad = Settings.decode({**good, field: value})
        assert loaded == decoded
        if bad:
            assert bad == [field] and notice is not None
            assert notice.kind is NoticeKind.FIELDS_RESET
            assert getattr(loaded, field) == getattr(Settings(lang=loaded.lang), field)
        else:
            assert notice is None
        others = {k for k in good if k != field}
        assert all(getattr(loaded, k) == getattr(Settings.from_dict(good), k) for k in others)


@PROPS
@given(st.binary(max_size=300))
def test_any_bytes_as_the_settings_start_the_game(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as home:
        settings_store(home).path.write_bytes(data)
        loaded, notice = load_settings(home)
        assert isinstance(loaded, Settings) and notice is not None


# --- the autosave ----------------------------------------------------------------------------


@functools.cache
def _autosave_doc() -> str:
    """A real autosave: a match with a hand 20 decisions in (as JSON text)."""
    ctl = Controller(RULES, MatchState(rules=RULES, seed=21), Seating(0, ("random",) * 4))
    rng = random.Random(21)
    rnd = ctl.round
    while len(rnd.decisions) < 20 and not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        rnd.apply(rng.choice(legal))
    return json.dumps(session_doc(ctl, MatchSession()))


AUTOSAVE_PATHS: list[tuple[str | int, ...]] = [
    (),
    ("match",),
    ("match", "seed"),
    ("match", "dealer"),
    ("match", "rules"),
    ("match", "rules", "cap_fan"),
    ("match", "points"),
    ("match", "coins", 0),
    ("hand",),
    ("hand", "seed"),
    ("hand", "decisions"),
    ("hand", "decisions", 3),
    ("hand", "rules"),
    ("seating",),
    ("seating", "human"),
    ("seating", "bots"),
    ("seating", "bots", 1),
    ("session",),
    ("session", "log"),
    ("session", "hands"),
    ("session", "start_coins"),
    ("auto",),
    ("golden",),
]


def _resume(home: str) -> tuple[Controller | None, Autosave]:
    store = Autosave(home)

    def build(doc: dict[str, Any]) -> Controller:
        return controller_from_doc(doc, MatchSession(autosave=store, directory=home))

    return store.resume(build), store


@PROPS
@given(path=st.sampled_from(AUTOSAVE_PATHS), value=json_values)
def test_any_value_at_any_autosave_field_resumes_or_is_set_aside_and_told(path, value) -> None:
    good = json.loads(_autosave_doc())
    with tempfile.TemporaryDirectory() as home:
        data = value if path == () else _set(good, path, value)
        Autosave(home).save(good)  # becomes the backup
        _write(Autosave(home).path, "sichuan-mahjong/autosave", data)
        ctl, store = _resume(home)
        if ctl is None:  # a save of no match, or not resumable: told, nothing deleted
            no_match = isinstance(data, dict) and data.get("match") is None
            kept = [p for p in Path(home).iterdir() if ".corrupt-" in p.name]
            assert (no_match and store.notice is None) or (store.notice is not None and kept)
        else:
            assert ctl.match.hand_index >= 0
            if store.notice is not None:  # the backup resumed: the good match
                assert store.notice.kind is NoticeKind.RESTORED_FROM_BACKUP
                assert len(ctl.round.decisions) == 20


def test_a_bot_named_by_import_path_in_an_autosave_is_never_imported(tmp_path) -> None:
    good = json.loads(_autosave_doc())
    bad = _set(good, ("seating", "bots"), ["sys:exit"] * 4)
    _write(Autosave(tmp_path).path, "sichuan-mahjong/autosave", bad)
    ctl, store = _resume(str(tmp_path))
    assert ctl is None and store.notice is not None
    assert "cannot be resumed" in store.notice.text("en")


@PROPS
@given(st.binary(max_size=300))
def test_any_bytes_as_the_autosave_never_crash_and_keep_the_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as home:
        Autosave(home).path.write_bytes(data)
        ctl, store = _resume(home)
        assert ctl is None and store.notice is not None
        kept = [p for p in Path(home).iterdir() if ".corrupt-" in p.name]
        assert len(kept) == 1 and kept[0].read_bytes() == data
