"""A newcomer's settlements: "Next dealer" is said only when a next hand will be dealt —
after the match's last hand (or a walk-out, which ends the match) it named a dealer for a
hand that never comes, under a button that says "Final standings"."""

from __future__ import annotations

import random

import pygame
import pytest
from test_game_support import play_until_settlement, running_app

from game import i18n
from game.scenes.settlement import SettlementScene
from game.table.match_session import MatchSession
from game.table.scene import TableScene


def _said(scene: SettlementScene) -> list[str]:
    """Every line the settlement's totals column renders."""
    said: list[str] = []
    real = scene.text.get

    def get(text: str, *a: object, **kw: object) -> pygame.Surface:
        said.append(text)
        return real(text, *a, **kw)  # type: ignore[arg-type]

    scene.text.get = get  # type: ignore[method-assign]
    scene._totals(pygame.Surface((600, 600), pygame.SRCALPHA), 0, 0)
    return said


@pytest.mark.parametrize(("hands", "named"), [(1, False), (2, True)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_next_dealer_is_named_only_when_a_hand_follows(
    lang: str, hands: int, named: bool
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        table = app.stack.top
        assert isinstance(table, TableScene)
        session = table.ctl.match_session
        assert isinstance(session, MatchSession)
        session.hands = hands
        play_until_settlement(app, random.Random(2))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        head = i18n.t("settle.next_dealer", lang, name="")
        lines = _said(scene)
        assert any(line.startswith(head) for line in lines) is named, lines
