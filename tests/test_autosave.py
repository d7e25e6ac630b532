"""Autosave: the match in progress survives a crash; a damaged file never stops the game."""

from __future__ import annotations

import json

import pytest

from engine.match import HandOutcome, MatchState, Transfer
from engine.rules import get_preset
from game.autosave import Autosave, match_from_dict, match_to_dict
from game.storage import NoticeKind


def a_match() -> MatchState:
    match = MatchState(get_preset("wiki").with_overrides(["cap_fan=5"]), seed=99, use_coins=True)
    match.coins = [1000, 1000, 1000, 1000]
    match.record(HandOutcome(dealer=0, first_winners=(2,), transfers=(Transfer(1, 2, 4),)))
    return match


def doc(step: int) -> dict:
    return {
        "match": match_to_dict(a_match()),
        "hand": {"format": "sichuan-mahjong-replay", "seed": 5, "decisions": list(range(step))},
        "seating": {"human": 0},
    }


def test_match_state_round_trip():
    match = a_match()
    back = match_from_dict(json.loads(json.dumps(match_to_dict(match))))
    assert back == match
    assert back.rules.preset_name == "wiki" and back.rules.cap_fan == 5
    assert back.hand_seed() == match.hand_seed()  # the next hand deals the same wall


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("dealer", 4),
        ("seed", -1),
        ("hand_index", "3"),
        ("points", [0, 0, 0]),
        ("coins", [1, 2, 3, True]),
        ("use_coins", "yes"),
        ("rules", {"cap_fan": "banana"}),
    ],
)
def test_match_from_dict_rejects_bad_values(field, value):
    data = match_to_dict(a_match())
    data[field] = value
    with pytest.raises(ValueError):
        match_from_dict(data)


def test_save_load_clear(tmp_path):
    auto = Autosave(tmp_path / "saves")
    assert auto.load() is None and auto.notice is None and not auto.exists()
    for step in range(30):  # after every action
        assert auto.save(doc(step)) is None
    assert auto.exists()
    loaded = auto.load()
    assert loaded == doc(29) and auto.notice is None
    assert match_from_dict(loaded["match"]) == a_match()
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == [
        "autosave.json",
        "autosave.json.bak",
    ]
    auto.clear()
    assert auto.load() is None and not auto.exists()
    assert list((tmp_path / "saves").iterdir()) == []


def test_damaged_autosave_resumes_one_action_earlier(tmp_path):
    auto = Autosave(tmp_path)
    auto.save(doc(10))
    auto.save(doc(11))
    (tmp_path / "autosave.json").write_text('{"schema": "sichuan-mahjong/autosave", "ver')
    assert auto.load() == doc(10)
    assert auto.notice is not None and auto.notice.kind is NoticeKind.RESTORED_FROM_BACKUP


def test_damaged_autosave_without_backup_gives_none_and_a_notice(tmp_path):
    auto = Autosave(tmp_path)
    auto.save(doc(1))
    (tmp_path / "autosave.json").write_bytes(b"\x00" * 20)
    assert auto.load() is None
    notice = auto.notice
    assert notice is not None and notice.kind is NoticeKind.RESET_TO_DEFAULTS
    assert notice.moved_to is not None and notice.moved_to.exists()  # kept, not deleted
    assert not (tmp_path / "autosave.json").exists()
    assert auto.load() is None and auto.notice is None  # told once


def test_unresumable_content_counts_as_damaged(tmp_path):
    auto = Autosave(tmp_path)
    bad = doc(3)
    bad["match"]["dealer"] = 9
    auto.save(bad)
    assert auto.load() is None
    assert auto.notice is not None and auto.notice.kind is NoticeKind.RESET_TO_DEFAULTS


def test_documents_without_a_match_part_are_the_callers_business(tmp_path):
    auto = Autosave(tmp_path)
    auto.save({"hand": None, "note": "between hands"})
    assert auto.load() == {"hand": None, "note": "between hands"}


def test_write_failure_is_a_notice_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    auto = Autosave(blocker / "saves")
    notice = auto.save(doc(1))
    assert notice is not None and notice.kind is NoticeKind.SAVE_FAILED
    assert auto.notice is notice
