"""The replay viewer names a 乾坤大挪移 used on the deal (RULES.md §8: every use is logged).
The item acts before the dice, and the viewer opened on 'Dice 6+1, You deal' alone: a
player watching their near-flush hand was never told why it came, nor that a bot's had
been stacked too. The human's own use says its suit; a bot's keeps its secret."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_support import DT

from engine.bots import load_bot
from engine.replay import record
from engine.round import EventKind, Round
from engine.rules import get_preset
from engine.tiles import suit_name
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.replay import ReplayControls


def _hand() -> Round:
    """A hand where the human (seat 0) and seat 2 both used 乾坤大挪移, played out by bots."""
    rules = get_preset("standard")
    inv = [{"qian_kun": 1}, {}, {"qian_kun": 1}, {}]
    rnd = Round.new(rules, 4, 0, inventories=inv, qian_kun=(0, 2))
    bots = [load_bot("greedy", 16 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.item is None]
        rnd.apply(bots[seat].choose(rnd.view(seat), legal))
    return rnd


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_viewer_opens_on_the_deals_qian_kun(tmp_path: Path, lang: str) -> None:
    rnd = _hand()
    (mine,) = [e for e in rnd.events if e.kind is EventKind.ITEM_USED and e.seat == 0]
    assert mine.item_result is not None and mine.item_result.suit is not None
    suit = suit_name(mine.item_result.suit, lang)
    path = save_replay(record(rnd), keep=5, directory=tmp_path, human=0)
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))
    try:
        viewer = Navigator(app).watch_replay(path)
        controls = viewer.overlay(ReplayControls)
        assert isinstance(controls, ReplayControls)
        app.step(DT)
        assert controls.controller.step == 0
        line = controls.last_line()  # (the dice give way to the items when both do not fit)
        if lang == "zh":
            assert f"你使用了乾坤大挪移：起手牌接近清一色（{suit}）" in line
            assert line.endswith("电脑2使用了乾坤大挪移")  # a bot's suit stays secret
        else:
            assert f"You used Heaven and Earth Shift: a hand close to all {suit}" in line
            assert line.endswith("Bot 2 used Heaven and Earth Shift")
    finally:
        app.close()
