"""Every line of the review panel is drawn at its natural width. At 1024×640 in English a
long "both ready" reason ("… but the best play is ready for full flush, a win worth 4
points, against 1 point for yours", 329 px) and the exchange's options ("Expected points:
pass on 1, 2 and 4 Characters +0.45 ·", 309 px) were squeezed into the panel's 282 px to
keep to three and two lines: squeezed letters read as broken. They now take a line more,
and the box, as tall as its longest decision, still holds them all."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_support import reviewing_replay
from test_review import played

import game.table.review_panel as review_panel
from engine.replay import record
from engine.review import HandReview, Option, ReviewedDecision, Verdict, Why, WhyKind, review_hand
from engine.round import Action, ActionKind
from game.fonts import get_font
from game.review import ReviewJob
from game.table.replay import CONTROLS_H
from game.ui.text import MIN_TEXT

SIZES = [(1024, 640), (1280, 800)]
# hands whose reviews hold varied mistakes: claims, kongs, ready hands, and (modern) the
# exchange of three (换三张) and its options
HANDS = [("standard", 5), ("standard", 1), ("modern", 2), ("modern", 6)]


@pytest.fixture(scope="module")
def reviews() -> dict[tuple[str, int], tuple[dict, HandReview]]:  # type: ignore[type-arg]
    out = {}
    for preset, seed in HANDS:
        doc = record(played(seed, preset, bots="easy"))
        out[preset, seed] = doc, review_hand(doc, 0, budget=50)
    assert any(d.phase == "exchange" for _, r in out.values() for d in r.decisions)
    return out


def _record(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, bool, pygame.Rect]]:
    """(text, size, bold, rect) of every line the panel draws from now on."""
    drawn: list[tuple[str, int, bool, pygame.Rect]] = []
    real = review_panel.blit_text

    def record_line(surface: pygame.Surface, text: str, size: int, colour: object,
                    pos: tuple[int, int], anchor: str = "topleft", bold: bool = False,
                    max_w: int | None = None) -> pygame.Rect:  # fmt: skip
        rect = real(surface, text, size, colour, pos, anchor, bold, max_w)  # type: ignore[arg-type]
        drawn.append((text, size, bold, rect))
        return rect

    monkeypatch.setattr(review_panel, "blit_text", record_line)
    return drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_line_of_the_panel_is_drawn_at_its_natural_width(
    reviews: dict[tuple[str, int], tuple[dict, HandReview]],  # type: ignore[type-arg]
    lang: str,
    size: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = _record(monkeypatch)
    seen = 0
    for n, (doc, review) in enumerate(reviews.values()):
        with reviewing_replay(doc, tmp_path / str(n), lang, size) as (_, panel, width):
            panel.job = ReviewJob("test", 0, review=review)
            surface = pygame.Surface(size)
            steps = sorted({s for d in review.decisions for s in (d.step - 1, d.step) if s >= 0})
            for step in [*steps, panel.controller.total]:
                panel.jump(step)
                drawn.clear()
                panel.draw(surface)
                for text, px, bold, rect in drawn:
                    natural = get_font(max(11, px), bold).size(text)[0]
                    assert rect.w >= natural, (text, px, rect.w, natural)  # never squeezed
                    assert rect.right <= panel.box().right, (text, rect, panel.box())
                d = panel.current()
                if d is not None:  # the decision whole: no line left under the box
                    said = [t for t, *_ in panel.decision_lines(d, d.step > step, width)]
                    texts = [t for t, *_ in drawn]
                    at = texts.index(said[0])
                    assert texts[at : at + len(said)] == said, (said, texts)
                    seen += 1
    assert seen


K = ActionKind
PLAY, OTHER = Action(K.DISCARD, 0, 7), Action(K.DISCARD, 0, 8)
SWAPS = [Action(K.EXCHANGE_THREE, 0, tiles=t) for t in ((0, 1, 3), (1, 4, 5), (19, 20, 26))]
# the longest reasons a decision can have: both hands ready, a pattern and two wins
LONG_WHYS = [
    Why(WhyKind.VALUE, 0, 0, 1, 0, pattern="qing_long_qi_dui", pattern_steps=0,
        win_chosen=wc, win_best=wb)
    for wc, wb in ((0, 64), (16, 128), (1, 4))
] + [Why(WhyKind.VALUE, 0, 0, 12, 1, pattern="qing_yi_se", pattern_steps=0, win_chosen=1,
         win_best=4)]  # fmt: skip


def _long_decisions() -> list[ReviewedDecision]:
    out = []
    for step, loss in ((104, 12.34), (7, 0.85)):
        verdict = Verdict.BIG if loss >= 1 else Verdict.SMALL
        for why in LONG_WHYS:
            options = (Option(OTHER, 0.4), Option(Action(K.DISCARD, 0, 17), 0.1),
                       Option(PLAY, 0.4 - loss))  # fmt: skip
            out.append(ReviewedDecision(step, "turn", PLAY, OTHER, loss, options, verdict, why))
        mine, best, third = SWAPS
        options = (Option(best, 0.45), Option(third, 0.2), Option(mine, 0.45 - loss))
        why = Why(WhyKind.EXCHANGE, 3, 1, 12, 12)
        out.append(ReviewedDecision(step, "exchange", mine, best, loss, options, verdict, why))
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_longest_decisions_wrap_unsqueezed_and_fit_the_box(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    with reviewing_replay(played(3), tmp_path, lang, size) as (_, panel, width):
        lay = panel.table.layout
        room = lay.side.h - lay.px(CONTROLS_H) - lay.px(6)  # the box's tallest
        for d in _long_decisions():
            for ahead in (False, True):
                lines = panel.decision_lines(d, ahead, width)
                for text, px, _, bold in lines:
                    assert px >= MIN_TEXT
                    assert get_font(px, bold).size(text)[0] <= width, (text, px, width)
                # as the panel draws them: the strip's 74 px above, 18 px a line, a margin
                used = lay.px(74) + len(lines) * lay.px(18)
                assert used <= room - lay.px(2), (len(lines), [t for t, *_ in lines])
