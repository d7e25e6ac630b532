"""A kept replay recorded before a rule fix: every decision still re-executes, only the stored
scores differ. It stays watchable and reviewable, scored by today's rules, and says so —
the list used to call it damaged and the viewer refused it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.replay import ReplayError, loads, replay, replay_rescored
from engine.review import review_hand

ROOT = Path(__file__).resolve().parent.parent
V2 = ROOT / "tests" / "data" / "replays_v2"
RESCORED = V2 / "drizzle_bloom_discarder.json"  # 引杠杠上花 scored before the §6.1 fix


def _doc(path: Path = RESCORED) -> dict[str, Any]:
    return loads(path.read_text(encoding="utf-8"))


def test_a_hand_scored_by_an_earlier_engine_is_told_apart_from_a_damaged_one() -> None:
    with pytest.raises(ReplayError, match="ledger line 3 differs") as caught:
        replay(_doc())
    assert caught.value.kind == "rescored"
    rnd, rescored = replay_rescored(_doc())
    assert rescored and rnd.is_over
    assert rnd.events == replay(_doc(), check_result=False).events
    others = [p for p in sorted(V2.glob("*.json")) if p != RESCORED]
    assert others and all(replay_rescored(_doc(p))[1] is False for p in others)


def test_a_replay_whose_moves_do_not_replay_is_still_damaged() -> None:
    doc = _doc()
    doc["decisions"] = doc["decisions"][:3] + doc["decisions"][4:]  # one decision dropped
    with pytest.raises(ReplayError) as caught:
        replay_rescored(doc)
    assert caught.value.kind == "damaged"
    doc = _doc()
    doc["wall"] = doc["wall"][::-1]
    with pytest.raises(ReplayError) as caught:
        replay_rescored(doc)
    assert caught.value.kind == "damaged"


def test_changed_totals_or_an_ending_are_a_rescore_not_damage() -> None:
    doc = _doc(sorted(p for p in V2.glob("*.json") if p != RESCORED)[0])
    doc["result"]["totals"][0] += 1
    assert replay_rescored(doc)[1] is True


def test_the_review_weighs_the_decisions_of_a_rescored_hand() -> None:
    doc = _doc()
    review = review_hand(doc, 0, bot="efficiency", budget=1)
    assert review.decisions and review.players == 4
    assert json.dumps(doc) == json.dumps(_doc())  # the document is left as it was


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_viewer_plays_a_rescored_hand_and_says_how_it_is_scored(lang: str) -> None:
    from game.app import App
    from game.nav import Navigator
    from game.settings import Settings
    from game.table.replay import ReplayControls

    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1280, 800))
    viewer = Navigator(app).watch_replay(RESCORED)
    ctl = viewer.overlay(ReplayControls)
    assert isinstance(ctl, ReplayControls) and ctl.controller.rescored
    said = ctl.last_line()
    assert ("旧版本" in said) if lang == "zh" else ("earlier version" in said)
    ctl.seek(ctl.controller.total)
    assert ctl.controller.round.is_over
