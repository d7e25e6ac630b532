"""Seat names at a short-handed table kept from another seat than 0 count round the table's
own seats, on the settlement and the match end: at a two-seat table the other player is
"Bot 1" (it read "Bot 3", counted round four seats)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_replay_viewer import played_hand
from test_settlement_exits import played_to_the_end

from engine.match import MatchState
from engine.replay import record
from engine.rules import get_preset
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.scenes.match_end import MatchEndScene
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession

# (room, the human's seat, every seat's name in English and in Chinese)
ROOMS = [
    ("liangren", 1, ["Bot 1", "You"], ["电脑1", "你"]),
    ("sanren_liangfang", 1, ["Bot 2", "You", "Bot 1"], ["电脑2", "你", "电脑1"]),
    ("sanren_liangfang", 2, ["Bot 1", "Bot 2", "You"], ["电脑1", "电脑2", "你"]),
]


@pytest.mark.parametrize(("preset", "human", "en", "zh"), ROOMS)
def test_a_kept_short_handed_replays_settlement_names_the_tables_own_seats(
    preset: str, human: int, en: list[str], zh: list[str]
) -> None:
    path = save_replay(record(played_hand(5, preset)), keep=5, human=human, hand_no=1)
    assert path is not None
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        st = played_to_the_end(app, Navigator(app).watch_replay(path))
        assert [st.name(s) for s in range(len(en))] == en
        assert list(st.words().names) == en  # the ledger's sentences too
        app.settings.lang = "zh"
        assert [st.name(s) for s in range(len(zh))] == zh
    finally:
        app.close()


@pytest.mark.parametrize(("preset", "human", "en", "zh"), ROOMS)
def test_the_match_end_names_the_tables_own_seats(
    preset: str, human: int, en: list[str], zh: list[str], tmp_path: Path
) -> None:
    """A match with no profile's bots to name (no table session, no bots in its log)."""
    from test_menus import MenuHarness

    rules = get_preset(preset)
    ctl = Controller(rules, MatchState(rules=rules, seed=3), Seating(human, ("random",) * 4))
    session = MatchSession(hands=1)
    assert ctl.table_session is None and not session.log
    for lang, names in (("en", en), ("zh", zh)):
        end = MatchEndScene(MenuHarness(tmp_path, lang).ctx, ctl, session, lambda: None)
        assert [end.name(s) for s in range(len(names))] == names


def test_the_match_end_names_the_bot_that_played_not_one_that_came_after(tmp_path: Path) -> None:
    """A bot out of coins at the match's last hand is replaced at once (RULES.md §6.5), and
    the standings named the replacement — "Bot 4", who never sat, with no notice saying it
    came — beside the hands played by Bot 2."""
    from test_menus import MenuHarness

    from game.table.session import TableSession

    rules = get_preset("standard")
    ctl = Controller(
        rules,
        MatchState(rules=rules, seed=3),
        Seating(0, ("random",) * 4),
        table_session=TableSession.load(tmp_path, lang="en"),
    )
    assert ctl.table_session is not None
    ctl.table_session.bot_serial[2] = 4  # replaced after the last hand
    session = MatchSession(hands=1)
    session.log.append({"hand_no": 1, "wins": [], "totals": [0, 0, 0, 0], "bots": [0, 1, 2, 3]})
    end = MatchEndScene(MenuHarness(tmp_path, "en").ctx, ctl, session, lambda: None)
    assert [end.name(s) for s in range(4)] == ["You", "Bot 1", "Bot 2", "Bot 3"]
