"""复盘 words say a mistake's loss once: the command line's "loses 0.85 points" is left out
where the reason already gives it ("declaring this kong is worth 0.85 points more on
average"), and a win passed says by how much, as a win taken or a kong does."""

from __future__ import annotations

import pytest

from engine.review import ReviewedDecision, ReviewWords, Verdict, Why, WhyKind
from engine.round import Action, ActionKind

WIN, PASS = Action(ActionKind.WIN, 0, 4), Action(ActionKind.PASS, 0)
PLAY, KONG = Action(ActionKind.DISCARD, 0, 4), Action(ActionKind.CONCEALED_KONG, 0, 13)


def _decision(kind: WhyKind, chosen: Action, best: Action, phase: str = "turn",
              loss: float = 0.85) -> ReviewedDecision:  # fmt: skip
    return ReviewedDecision(7, phase, chosen, best, loss, (), Verdict.SMALL, Why(kind))


GIVE_THE_LOSS = [
    _decision(WhyKind.TOOK_WIN, WIN, PLAY),
    _decision(WhyKind.TOOK_WIN, WIN, PASS, "claim"),
    _decision(WhyKind.KONG, PLAY, KONG),
    _decision(WhyKind.KONG, KONG, PLAY),
    _decision(WhyKind.PASSED_WIN, PLAY, WIN),
    _decision(WhyKind.PASSED_WIN, PASS, WIN, "claim"),
    _decision(WhyKind.PASSED_WIN, PASS, WIN, "rob"),
]


@pytest.mark.parametrize("d", GIVE_THE_LOSS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_command_line_says_the_loss_once(d: ReviewedDecision, lang: str) -> None:
    line = ReviewWords(lang).line(d)
    assert line.count("0.85") == 1, line
    assert "损失" not in line and "loses" not in line


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_reason_without_the_loss_keeps_it_in_the_line(lang: str) -> None:
    d = ReviewedDecision(7, "turn", PLAY, Action(ActionKind.DISCARD, 0, 5), 0.85, (),
                         Verdict.SMALL, Why(WhyKind.SLOWER, 2, 1, 4, 6))  # fmt: skip
    line = ReviewWords(lang).line(d)
    assert line.count("0.85") == 1
    assert ("损失 0.85 分" if lang == "zh" else "loses 0.85 points") in line


def test_the_lines_read_as_a_coach_says_them() -> None:
    kong = _decision(WhyKind.KONG, PLAY, KONG)
    assert ReviewWords("en").line(kong) == (
        "turn: discard 5 Characters  small mistake; best: declare a concealed kong of "
        "5 Dots; declaring this kong is worth 0.85 points more on average"
    )
    assert ReviewWords("zh").line(kong) == (
        "出牌：打出五万  小失误；最佳：暗杠五筒；这个杠应该开，开杠期望多得 0.85 分"
    )


def test_a_passed_win_says_by_how_much() -> None:
    def reasons(d: ReviewedDecision) -> tuple[str, str]:
        return ReviewWords("zh").reason(d), ReviewWords("en").reason(d)

    assert reasons(_decision(WhyKind.PASSED_WIN, PLAY, WIN)) == (
        "这里应该自摸，自摸期望多得 0.85 分",
        "taking this self-drawn win is worth 0.85 points more on average",
    )
    assert reasons(_decision(WhyKind.PASSED_WIN, PASS, WIN, "claim")) == (
        "这里应该胡牌，胡牌期望多得 0.85 分",
        "taking this win is worth 0.85 points more on average",
    )
    assert reasons(_decision(WhyKind.PASSED_WIN, PASS, WIN, "rob")) == (
        "这里应该抢杠胡，胡牌期望多得 0.85 分",
        "robbing this kong is worth 0.85 points more on average",
    )
    one = _decision(WhyKind.PASSED_WIN, PASS, WIN, "claim", loss=1.0)
    assert ReviewWords("en").reason(one) == "taking this win is worth 1.00 point more on average"
