"""The match end's best hand never shows a pattern's id: one this game does not know (an old
or hand-edited autosave's) was shown raw ("old_pattern_x, 2 fan"), and a missing one as "?".
The line leaves the pattern out and says the fan alone, or neither where fan are not counted.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_game_support import (
    match_end_after_one_hand,
    record_texts,
    running_app,
)

import game.scenes.match_end as match_end
from game import i18n
from game.scenes.match_end import MatchEndScene

NAMELESS = ["old_pattern_x", "", None, 42, ["qing_yi_se"]]


def _best_line(end: MatchEndScene, monkeypatch: pytest.MonkeyPatch) -> str:
    drawn = record_texts(monkeypatch, match_end)
    end.draw_content(pygame.Surface(end.size))
    heading = i18n.t("end.best", end.lang)
    texts = [text for text, *_ in drawn]
    return texts[texts.index(heading) + 1]  # the line under the heading


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_pattern_the_game_cannot_name_is_left_out_of_the_best_hand(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        session, end = match_end_after_one_hand(app)
        end.reviews = []
        who, hand = end.name(1, 1), i18n.t("replays.hand", lang, n=1)
        payer = "每家付 16 分" if lang == "zh" else "16 pts from each payer"
        fan = "2番" if lang == "zh" else "2 fan"
        win = {"seat": 1, "pattern": "qing_yi_se", "points": 16, "fan": 2, "self_drawn": True}
        session.log[0]["wins"] = [win]
        known = _best_line(end, monkeypatch)
        assert i18n.pattern_name("qing_yi_se", lang) in known and fan in known, known
        for pattern in NAMELESS:
            session.log[0]["wins"] = [{**win, "pattern": pattern}]
            line = _best_line(end, monkeypatch)
            assert who in line and payer in line and fan in line, (pattern, line)
            assert "?" not in line and "old_pattern" not in line and "42" not in line, line
            assert "qing_yi_se" not in line and "·  ·" not in line and ", 2" not in line, line
            assert line.count("·") == 3, line  # who · hand · fan · what each paid
            assert hand.replace(" ", "") in line.replace(" ", ""), line
        # where fan are not counted (the points model) nothing is said in its place
        rules = dataclasses.replace(end.ctl.rules, model="points")
        monkeypatch.setattr(end.ctl, "rules", rules)
        session.log[0]["wins"] = [{**win, "pattern": "old_pattern_x"}]
        line = _best_line(end, monkeypatch)
        assert "old_pattern" not in line and fan not in line, line
        assert line.count("·") == 2 and who in line and payer in line, line
