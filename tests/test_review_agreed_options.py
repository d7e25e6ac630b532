"""复盘: a choice marked good that was not the bot's first shows its own value beside the
best's. The options line showed as many as fit, down to the best alone — so a "good" 换三张
of 3, 8 and 9 Bamboo read "Expected points: pass on 2, 3 and 6 Bamboo +1.04", as if the
player had passed those."""

from __future__ import annotations

from typing import Any

import pytest
from test_game_support import DT, reviewing_replay

from engine.bots import load_bot
from engine.replay import record
from engine.review import Verdict, review_hand
from engine.round import Action, Round
from engine.rules import get_preset
from game import palette as pal
from game.i18n import t
from game.review import ReviewJob


def _same(a: Action, b: Action) -> bool:
    return (a.kind, a.tile, sorted(a.tiles), a.suit) == (b.kind, b.tile, sorted(b.tiles), b.suit)


def _doc(seed: int) -> dict[str, Any]:
    rules = get_preset("sanren_liangfang")
    rnd = Round.new(rules, seed, 1)
    bots = [load_bot("easy", seed * 10 + s) for s in range(rules.players)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.item is None]
        rnd.apply(bots[seat].choose(rnd.view(seat), legal))
    return record(rnd)


def _agreed_not_best() -> tuple[dict[str, Any], int]:
    """A hand and the step of an agreed choice that is not even among the three best (as a
    换三张 of near-equal options may be)."""
    for seed in range(200):
        doc = _doc(seed)
        review = review_hand(doc, 0, budget=200)
        for d in review.decisions:
            top = [o.action for o in d.options[:3]]
            if d.verdict is Verdict.AGREE and not any(_same(d.chosen, a) for a in top):
                return doc, d.step
    raise AssertionError("no agreed choice other than the best in 200 hands")


def test_an_agreed_choice_that_was_not_the_best_keeps_its_value_in_the_options() -> None:
    doc, step = _agreed_not_best()
    d = next(d for d in review_hand(doc, 0, budget=200).decisions if d.step == step)
    for n in (2, 3):
        shown = d.shown_options(n)
        assert shown[0].action == d.best and d.chosen in [o.action for o in shown]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_panel_shows_it_beside_the_best(tmp_path, size: tuple[int, int], lang: str) -> None:
    doc, step = _agreed_not_best()
    with reviewing_replay(doc, tmp_path, lang, size) as (app, panel, _):
        panel.job = ReviewJob("test", 0, review=review_hand(panel.doc, 0, budget=200))
        panel._build()
        panel.jump(step)
        app.step(DT)
        d = panel.current()
        assert d is not None and d.step == step and d.agrees and not _same(d.chosen, d.best)
        words = panel.words()
        lines = panel.decision_lines(d, False, panel.box().w - 20)
        # the options' lines (dim), not the heading, which names the choice anyway
        text = "".join(line for line, _, colour, _ in lines if colour == pal.UI_TEXT_DIM)
        text = text.replace(" ", "")
        assert text.startswith(t("review.options", lang).replace(" ", ""))
        assert words.action(d.chosen).replace(" ", "") in text
        assert words.action(d.best).replace(" ", "") in text
