"""A junk match id in the autosave (``session.match_id``: a number, a list, 5,000 characters,
a path) no longer turns into no id. The match resumes either way; but a match with no id
is recorded as finished under none — so the save of a match whose end was recorded just
before a crash was resumed and its end counted again — and its hands' ids in the profile
told it from another match on the same seed by nothing. Now such a match goes on under an
id of its own, the same at every load of that save; a usable id is kept (the match's record
stays its own), and a save with none — from before ids were kept — stays without one (the
hand in progress was paid in under no id: another would pay it again)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_menu_damaged_autosave import real_doc

from game.app import App, Settings
from game.autosave import Autosave, mend_match_id, usable_match_id
from game.nav import Navigator
from game.profile import Profile, save_profile
from game.table.scene import TableScene

JUNK: list[Any] = [
    5,
    [1, 2],
    {"id": "abc"},
    None,
    True,
    3.5,
    "x" * 5000,
    "../../profile",
    "a/b",
    "a\\b",
    "abc:def",
    "with space",
    "汉字",
]
HEX16 = re.compile(r"[0-9a-f]{16}")


def _save(home: Path, match_id: Any) -> None:
    doc = real_doc()
    doc["session"]["match_id"] = match_id
    assert Autosave(home).save(doc) is None


def _saved_id(home: Path) -> Any:
    doc = Autosave(home).load()
    assert doc is not None
    return doc["session"].get("match_id", "<none>")


def _resumed_id(home: Path) -> str:
    """Continue: the id the resumed match goes on under."""
    app = App(Settings(lang="en"), (1024, 640), data_dir=home)
    try:
        assert Navigator(app).resume() is None
        table = app.stack.top
        assert isinstance(table, TableScene)
        session = table.ctl.match_session
        assert session is not None
        return session.match_id
    finally:
        app.close()


def _name(junk: Any) -> str:
    text = repr(junk)
    return text if len(text) < 20 else f"{text[:8]}…{len(text)}-chars"


@pytest.mark.parametrize("junk", JUNK, ids=_name)
def test_a_junk_match_id_resumes_under_an_id_of_its_own(home: Path, junk: Any) -> None:
    _save(home, junk)
    assert not usable_match_id(junk)
    mended = _saved_id(home)
    assert HEX16.fullmatch(mended)  # as MatchSession makes them
    assert _saved_id(home) == mended  # the same at every load of this save
    assert _resumed_id(home) == mended  # the match resumes, under it


def test_two_junk_ids_give_two_ids(home: Path) -> None:
    ids = set()
    for junk in JUNK:
        doc: dict[str, Any] = {"match": {"seed": 7}, "session": {"match_id": junk}}
        ids.add(mend_match_id(doc))
    assert len(ids) == len(JUNK)


@pytest.mark.parametrize("kept", ["0123456789abcdef", "match_2-B", "a" * 64])
def test_a_usable_match_id_is_kept(home: Path, kept: str) -> None:
    _save(home, kept)
    assert _saved_id(home) == kept
    assert _resumed_id(home) == kept


def test_a_save_without_an_id_stays_without_one(home: Path) -> None:
    """A save from before ids were kept: its hand was paid in under no id."""
    _save(home, "")
    assert _saved_id(home) == ""
    assert _resumed_id(home) == ""
    doc = real_doc()
    del doc["session"]["match_id"]
    Autosave(home).save(doc)
    assert _saved_id(home) == "<none>"
    assert _resumed_id(home) == ""


def test_a_finished_match_under_a_mended_id_is_not_resumed(home: Path) -> None:
    """The end of the match was recorded under its new id, then the game stopped before
    the save went: the next start drops the save, as for any match recorded as finished
    (with no id it resumed, and its end was counted a second time)."""
    _save(home, 12345)
    mended = _saved_id(home)
    save_profile(Profile(finished=[mended]), home)
    assert Autosave(home).load() is None
    assert not Autosave(home).exists()
