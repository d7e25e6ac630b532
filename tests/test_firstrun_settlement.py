"""A newcomer's settlements: "Next dealer" is said only when a next hand will be dealt —
after the match's last hand (or a walk-out, which ends the match) it named a dealer for a
hand that never comes, under a button that says "Final standings"."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import record_cache, running_app, settle_first_hand

from game import i18n
from game.scenes.settlement import SettlementScene


def _said(scene: SettlementScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the settlement's totals column renders."""
    said = record_cache(monkeypatch, scene.text)
    scene._totals(pygame.Surface((600, 600), pygame.SRCALPHA), 0, 0)
    return said


@pytest.mark.parametrize(("hands", "named"), [(1, False), (2, True)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_next_dealer_is_named_only_when_a_hand_follows(
    lang: str, hands: int, named: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=2) as app:
        settle_first_hand(app, hands=hands, seed=2)
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        head = i18n.t("settle.next_dealer", lang, name="")
        lines = _said(scene, monkeypatch)
        assert any(line.startswith(head) for line in lines) is named, lines
