"""Running out of coins is said once, by the match's end: the table session queued the same
words for a next table that never comes (the player out of coins ends the match, RULES.md
§6.5), and the next match's table session starts empty, so that copy was only ever dropped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_menus import MenuHarness

import game.scenes.match_end as match_end
from engine.match import MatchState
from engine.rules import get_preset
from game.i18n import t
from game.scenes.match_end import MatchEndScene
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession
from game.table.session import TableSession

RULES = get_preset("standard")
BROKE = {lang: t("coins.human_broke", lang) for lang in ("zh", "en")}


def broke_controller(home: Path, lang: str) -> tuple[Controller, MatchSession]:
    """A match whose player has 20 coins and walks out of the first hand (what the pause
    menu's Leave does), owing more than that."""
    session = TableSession.load(home, lang=lang)
    match = MatchState(rules=RULES, seed=5)
    ctl = Controller(RULES, match, Seating(0, ("random",) * 4), table_session=session)
    match_session = MatchSession(hands=8)
    ctl.match_session = match_session
    session.profile.coins = ctl.match.coins[0] = 20
    ctl.walk_out()
    return ctl, match_session


def drawn_texts(home: Path, lang: str, ctl: Controller, session: MatchSession) -> list[str]:
    """The words one frame of the match's end draws."""
    texts: list[str] = []
    blit = match_end.blit_text

    def record(surface: Any, text: str, *args: Any, **kw: Any) -> Any:
        texts.append(text)
        return blit(surface, text, *args, **kw)

    h = MenuHarness(home, lang)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(match_end, "blit_text", record)
        h.stack.push(MatchEndScene(h.ctx, ctl, session, lambda: None))
        h.pump()
    return texts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_out_of_coins_is_said_by_the_match_end_and_queued_for_no_table(
    home: Path, lang: str
) -> None:
    ctl, session = broke_controller(home, lang)
    report = ctl.hand_report
    assert report is not None and report.human_broke
    assert session.over  # no next hand, so no next table to show a queued notice
    table = ctl.table_session
    assert table is not None
    assert BROKE[lang] not in table.pending_notices
    assert BROKE[lang] not in report.notices
    # the match's end says it, once
    texts = drawn_texts(home, lang, ctl, session)
    said = t("end.broke", lang, n=1) if lang == "zh" else t("end.broke.one", lang, n=1)
    assert texts.count(said) == 1
    assert not any(BROKE[lang] in text for text in texts)
    # the next match's table tells of the fresh stake, and not again of the coins run out
    fresh = TableSession.load(home, lang=lang)
    fresh.join(MatchState(rules=RULES, seed=6))
    assert fresh.pending_notices and not any(BROKE[lang] in n for n in fresh.pending_notices)


def test_a_walk_out_that_leaves_coins_is_said_as_one(home: Path) -> None:
    """A walk-out with coins to spare still reads "You left the table" (out of coins is
    said first only when it is so)."""
    session = TableSession.load(home, lang="en")
    match = MatchState(rules=RULES, seed=5)
    ctl = Controller(RULES, match, Seating(0, ("random",) * 4), table_session=session)
    match_session = MatchSession(hands=8)
    ctl.match_session = match_session
    ctl.walk_out()
    assert match_session.over and ctl.match.coins[0] > 0
    texts = drawn_texts(home, "en", ctl, match_session)
    assert t("end.left", "en") in texts
    assert not any("ran out of coins" in text for text in texts)
