"""The review panel says a mistake's loss once: its heading ends "small mistake -0.85 pts"
(小失误 -0.85 分), and the reason under it said it again ("Best: win on 5 Dots — taking
this win is worth 0.85 points more on average", 胡牌期望多得 0.85 分) for a win, kong,
claim, exchange or void chosen wrong. The reason now says why without the figure ("… is
worth more on average", 期望得分更高); another figure (a discard's risk, a win's points,
the options' values) is no repeat. The command line, with no heading, keeps the figure in
its reason (tests/test_review_loss_said_once.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_game_support import reviewing_replay
from test_review import played

from engine.replay import record
from engine.review import Option, ReviewedDecision, Verdict, Why, WhyKind, review_hand
from engine.round import Action, ActionKind
from engine.rules import PRESETS
from game import palette as pal
from game.fonts import get_font
from game.ui.text import MIN_TEXT

K = ActionKind
PLAY, OTHER = Action(K.DISCARD, 0, 4), Action(K.DISCARD, 0, 13)
PASS, WIN = Action(K.PASS, 0), Action(K.WIN, 0, 4)
PONG, KONG = Action(K.PONG, 0, 4), Action(K.EXPOSED_KONG, 0, 4)
HIDDEN_KONG = Action(K.CONCEALED_KONG, 0, 13)
SWAP, BEST_SWAP = (Action(K.EXCHANGE_THREE, 0, tiles=(0, 1, 5)),
                   Action(K.EXCHANGE_THREE, 0, tiles=(0, 1, 3)))  # fmt: skip
VOID, BEST_VOID = Action(K.DECLARE_VOID, 0, suit=0), Action(K.DECLARE_VOID, 0, suit=1)

# every kind of mistake, and for the ones whose reason gave the loss each way it did so
KINDS: list[tuple[str, Action, Action, Why]] = [
    ("turn", PLAY, OTHER, Why(WhyKind.SLOWER, 2, 1, 4, 6)),
    ("turn", PLAY, OTHER, Why(WhyKind.FEWER_TILES, 1, 1, 3, 8)),
    ("turn", PLAY, OTHER, Why(WhyKind.SAFER, 1, 1, 4, 4, risk_chosen=0.96, risk_best=0.02)),
    ("turn", PLAY, OTHER, Why(WhyKind.STEP_BACK, 1, 2, 2, 12)),
    ("turn", PLAY, OTHER, Why(WhyKind.VALUE, 1, 1, 4, 4)),
    ("turn", PLAY, WIN, Why(WhyKind.PASSED_WIN)),
    ("claim", PASS, WIN, Why(WhyKind.PASSED_WIN)),
    ("rob", PASS, WIN, Why(WhyKind.PASSED_WIN)),
    ("turn", WIN, PLAY, Why(WhyKind.TOOK_WIN)),
    ("claim", WIN, PASS, Why(WhyKind.TOOK_WIN)),
    ("turn", PLAY, HIDDEN_KONG, Why(WhyKind.KONG)),
    ("turn", HIDDEN_KONG, PLAY, Why(WhyKind.KONG)),
    ("claim", PASS, PONG, Why(WhyKind.MISSED_CLAIM, 2, 2)),
    ("claim", PASS, PONG, Why(WhyKind.MISSED_CLAIM, 2, 1)),
    ("claim", PONG, KONG, Why(WhyKind.BAD_CLAIM, 2, 2)),
    ("claim", PONG, PASS, Why(WhyKind.BAD_CLAIM, 1, 2)),
    ("claim", PONG, PASS, Why(WhyKind.BAD_CLAIM, 2, 2)),
    ("exchange", SWAP, BEST_SWAP, Why(WhyKind.EXCHANGE, 2, 2, 5, 5)),
    ("exchange", SWAP, BEST_SWAP, Why(WhyKind.EXCHANGE, 3, 2, 5, 5)),
    ("declare_void", VOID, BEST_VOID, Why(WhyKind.VOID, 2, 2, 3, 3)),
    ("declare_void", VOID, BEST_VOID, Why(WhyKind.VOID, 3, 2, 3, 4)),
    ("declare_void", VOID, BEST_VOID, Why(WhyKind.VOID, 2, 2, 4, 3)),
]
LOSSES = (0.85, 1.0, 2.37)


def _crafted() -> Iterator[ReviewedDecision]:
    for (phase, chosen, best, why), loss in ((k, x) for k in KINDS for x in LOSSES):
        verdict = Verdict.BIG if loss >= 1 else Verdict.SMALL
        options = (Option(best, 0.4), Option(chosen, 0.4 - loss))  # neither reads as the loss
        yield ReviewedDecision(7, phase, chosen, best, loss, options, verdict, why)


@pytest.fixture(scope="module")
def reviewed() -> list[ReviewedDecision]:
    """Real mistakes of ``easy`` seats over every preset: discards, claims, kongs, a win
    taken too soon, exchanges."""
    out = []
    for preset in PRESETS:
        for seed in range(1, 9):
            out += review_hand(record(played(seed, preset, bots="easy")), 0, budget=50).mistakes
    kinds = {d.why.kind for d in out if d.why is not None}
    assert {WhyKind.BAD_CLAIM, WhyKind.KONG, WhyKind.EXCHANGE} <= kinds, kinds
    return out


def _said(lines: list[tuple[str, int, tuple[int, int, int], bool]], lang: str) -> str:
    """The heading and the reason as read (the options' values are other figures)."""
    sep = "" if lang == "zh" else " "
    return sep.join(text for text, _, colour, _ in lines if colour != pal.UI_TEXT_DIM)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_each_decisions_loss_is_said_once_in_the_heading(
    reviewed: list[ReviewedDecision],
    lang: str,
    size: tuple[int, int],
    tmp_path: Path,
) -> None:
    with reviewing_replay(played(3), tmp_path, lang, size) as (_, panel, width):
        crafted = list(_crafted())
        for d in crafted + reviewed:
            for ahead in (False, True):
                lines = panel.decision_lines(d, ahead, width)
                figure = f"{d.loss:.2f}"
                said = _said(lines, lang)
                assert said.count(figure) == 1, (figure, said)
                heading = "".join(text for text, _, _, bold in lines if bold)
                assert figure in heading, heading  # where it was: beside the verdict
                # the layout's rules: two heading lines, then the reason and the options
                # (a line more than they had rather than one squeezed: eight fit 1024×640)
                assert sum(bold for *_, bold in lines) <= 2
                assert len(lines) <= 8, lines
                for text, px, colour, bold in lines:
                    assert px >= MIN_TEXT, (text, px)
                    if d in crafted and colour != pal.UI_TEXT_DIM:  # the reasons reworded
                        assert get_font(px, bold).size(text)[0] <= width, (text, px, width)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_reason_without_the_figure_still_says_the_best_is_worth_more(
    lang: str, tmp_path: Path
) -> None:
    with reviewing_replay(played(3), tmp_path, lang, (1024, 640)) as (_, panel, width):
        kong = ReviewedDecision(7, "turn", PLAY, HIDDEN_KONG, 0.85,
                                (Option(HIDDEN_KONG, 0.4), Option(PLAY, -0.45)),
                                Verdict.SMALL, Why(WhyKind.KONG))  # fmt: skip
        said = _said(panel.decision_lines(kong, False, width), lang)
    if lang == "zh":  # (a Chinese line may break where a space was)
        said = said.replace(" ", "")
        assert said.startswith("第7步·打出五万·小失误-0.85分"), said
        assert said.endswith("最佳：暗杠五筒—这个杠应该开，开杠期望得分更高"), said
    else:
        assert said.startswith("Step 7 · discard 5 Characters · small mistake"), said
        assert said.endswith(
            "-0.85 pts Best: declare a concealed kong of 5 Dots — declaring this kong is worth "
            "more on average"
        ), said
