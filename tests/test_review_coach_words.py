"""复盘 reasons as a coach says them: plain English in natural word order ("a pong of
4 Characters would bring you closer to ready", never "to pong 4 Characters brings you…"),
counts that agree with their nouns, and — like a discard's reason, which gives its points —
a declined win or a kong says by how many expected points the other choice is better."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.review import ReviewedDecision, ReviewWords, Verdict, Why, WhyKind
from engine.round import Action, ActionKind

K = ActionKind
PONG, KONG = Action(K.PONG, 0, 3), Action(K.EXPOSED_KONG, 0, 3)
PASS, WIN = Action(K.PASS, 0), Action(K.WIN, 0, 4)
OWN_KONG, OTHER_KONG = Action(K.CONCEALED_KONG, 0, 13), Action(K.CONCEALED_KONG, 0, 14)
LOSS = 0.85


def _d(tile: int) -> Action:
    return Action(K.DISCARD, 0, tile)


def _three(*tiles: int) -> Action:
    return Action(K.EXCHANGE_THREE, 0, tiles=tiles)


def _void(suit: int) -> Action:
    return Action(K.DECLARE_VOID, 0, suit=suit)


# every way a reason is worded: (why, phase, chosen, best)
CASES = [
    (Why(WhyKind.BREAKS_READY, 1, 0, 0, 3), "turn", _d(4), _d(5)),
    (Why(WhyKind.BREAKS_READY, 1, 0, 0, 1), "turn", _d(4), _d(5)),
    (Why(WhyKind.BREAKS_READY, 1, 0, 0, 0), "turn", _d(4), _d(5)),
    (Why(WhyKind.SLOWER, 2, 1), "turn", _d(4), _d(5)),
    (Why(WhyKind.SLOWER, 1, 0), "turn", _d(4), _d(5)),
    (Why(WhyKind.FEWER_TILES, 1, 1, 3, 8), "turn", _d(4), _d(5)),
    (Why(WhyKind.FEWER_TILES, 1, 1, 1, 1), "turn", _d(4), _d(5)),
    (Why(WhyKind.FEWER_TILES, 1, 1, 0, 1), "turn", _d(4), _d(5)),
    (Why(WhyKind.FEWER_TILES, 0, 0, 1, 3), "turn", _d(4), _d(5)),
    (Why(WhyKind.FEWER_TILES, 0, 0, 0, 1), "turn", _d(4), _d(5)),
    (Why(WhyKind.SAFER, 1, 1, 5, 5, risk_chosen=1.0, risk_best=0.1), "turn", _d(4), _d(5)),
    (Why(WhyKind.STEP_BACK, 2, 3, 1, 43), "turn", _d(4), _d(5)),
    (Why(WhyKind.STEP_BACK, 0, 1, 1, 26), "turn", _d(4), _d(5)),
    (Why(WhyKind.STEP_BACK, 0, 2, 0, 26), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 2, 3, 7, 43), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 0, 1, 3, 11, pattern="qing_yi_se", pattern_steps=1), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 1, 1, 4, 4, pattern="qing_yi_se", pattern_steps=0), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 0, 0, 3, 2), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 0, 0, 2, 2), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 1, 1, 5, 4), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 0, 0, 2, 2, win_chosen=1, win_best=4), "turn", _d(4), _d(5)),
    (Why(WhyKind.VALUE, 0, 0, 2, 2, "dui_dui_hu", 0, 0, 4), "turn", _d(4), _d(5)),
    (Why(WhyKind.PASSED_WIN), "turn", _d(4), WIN),
    (Why(WhyKind.PASSED_WIN), "rob", PASS, WIN),
    (Why(WhyKind.PASSED_WIN), "claim", PASS, WIN),
    (Why(WhyKind.TOOK_WIN), "turn", WIN, _d(4)),
    (Why(WhyKind.TOOK_WIN), "claim", WIN, PASS),
    (Why(WhyKind.MISSED_CLAIM, 2, 1), "claim", PASS, PONG),
    (Why(WhyKind.MISSED_CLAIM, 2, 2), "claim", PASS, KONG),
    (Why(WhyKind.BAD_CLAIM, 2, 1), "claim", PONG, PASS),
    (Why(WhyKind.BAD_CLAIM, 0, 0), "claim", PONG, PASS),
    (Why(WhyKind.BAD_CLAIM, 1, 2), "claim", KONG, PASS),
    (Why(WhyKind.BAD_CLAIM, 1, 1), "claim", KONG, PONG),
    (Why(WhyKind.KONG), "turn", _d(4), OWN_KONG),
    (Why(WhyKind.KONG), "turn", OWN_KONG, _d(4)),
    (Why(WhyKind.KONG), "turn", OWN_KONG, OTHER_KONG),
    (Why(WhyKind.EXCHANGE, 3, 2, 4, 6), "exchange", _three(1, 2, 3), _three(1, 2, 5)),
    (Why(WhyKind.EXCHANGE, 2, 2, 4, 6), "exchange", _three(1, 2, 3), _three(1, 2, 5)),
    (Why(WhyKind.EXCHANGE, 2, 2, 6, 4), "exchange", _three(1, 2, 3), _three(1, 2, 5)),
    (Why(WhyKind.VOID, 2, 2, 5, 1), "declare_void", _void(0), _void(1)),
    (Why(WhyKind.VOID, 3, 2, 3, 3), "declare_void", _void(0), _void(1)),
    (Why(WhyKind.VOID, 2, 2, 3, 3), "declare_void", _void(0), _void(1)),
]


def _reason(lang: str, case: tuple[Why, str, Action, Action]) -> str:
    why, phase, chosen, best = case
    d = ReviewedDecision(1, phase, chosen, best, LOSS, (), Verdict.SMALL, why)
    return ReviewWords(lang).reason(d)


STIFF = re.compile(
    r"^to [a-z]+\b"  # "to pong 9 Dots brings you…": an infinitive for a subject
    r"|\bto (?:pong|kong|pass|win|discard)\b"
    r"|\b1 (?:tiles|points|steps)\b|\b0 (?:tiles?|steps?)\b"  # counts that disagree
    r"|\b(?:1 tile|1 step) (?:improve|are)\b|\b(?:[02-9]|\d\d) tiles improves\b"
    r"|\bthe best(?! play)\b"  # "the best 1 step", "the best goes…": the best what?
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].kind.value}-{c[1]}")
def test_english_reasons_read_as_a_coach_says_them(case: tuple[Why, str, Action, Action]) -> None:
    en = _reason("en", case)
    assert not STIFF.search(en), en
    assert en == en.strip() and "  " not in en and "_" not in en, en
    zh = _reason("zh", case)
    assert zh and not re.search(r"[A-Za-z_]", zh), zh  # no id or English in the Chinese


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c[0].kind in (WhyKind.TOOK_WIN, WhyKind.KONG)],
    ids=lambda c: f"{c[0].kind.value}-{c[2].kind.value}",
)
def test_a_declined_win_or_a_kong_says_by_how_much_the_other_is_better(
    case: tuple[Why, str, Action, Action],
) -> None:
    """Like a discard's reason (0.30 points in deal-ins against 0.10), a win taken where
    playing on was better, or a kong declared or not, gives the difference in points."""
    assert f"{LOSS:.2f} points more" in _reason("en", case)
    assert f"多得 {LOSS:.2f} 分" in _reason("zh", case)


def test_one_point_more_is_singular() -> None:
    why, phase, chosen, best = CASES[[c[0].kind for c in CASES].index(WhyKind.TOOK_WIN)]
    d = ReviewedDecision(1, phase, chosen, best, 1.0, (), Verdict.BIG, why)
    assert "1.00 point more" in ReviewWords("en").reason(d)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_reason_fits_the_review_panel_at_1024x640(lang: str, tmp_path: Path) -> None:
    """After "Best: …", each reason keeps to the panel's three lines at the smallest window
    without being squeezed (past its smallest size a longer one is drawn narrower)."""
    from test_game_support import reviewing_replay
    from test_review import played

    from game.i18n import t
    from game.table.replay import text_px
    from game.ui.text import MIN_TEXT, wrap_text

    hand = played(5, bots="easy")
    with reviewing_replay(hand, tmp_path, lang, (1024, 640)) as (_, panel, width):
        smallest = max(MIN_TEXT, text_px(panel.table.layout, 14) - 2)
        words = ReviewWords(lang)
        for case in CASES:
            best = t("review.best", lang, action=words.action(case[3]))
            text = f"{best} — {_reason(lang, case)}"
            assert len(wrap_text(text, smallest, width)) <= 3, text
