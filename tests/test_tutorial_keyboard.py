"""The tutorial played with Enter alone, as a keyboard player who went on with Enter from
the first message does: at the first discard Enter did nothing (the hand's Enter throws a
selected tile, and none was), and the lesson named no key for a discard — stuck. Enter now
throws the highlighted tile when none is selected, and the step names the arrows."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, post_key

from engine.round import ActionKind
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.scenes.settlement import SettlementScene
from game.table.tutorial_coach import TutorialCoach


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lesson_goes_to_its_end_with_enter_alone(lang: str) -> None:
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))
    try:
        table = Navigator(app).tutorial()
        coach = table.overlay(TutorialCoach)
        assert isinstance(coach, TutorialCoach)
        discards = 0
        for frame in range(20000):
            if isinstance(app.stack.top, SettlementScene):
                break
            app.step(DT)
            action = coach.expected_action()
            if action is not None and action.kind is ActionKind.DISCARD:
                discards += frame % 10 == 0
            if frame % 10 == 0 and not table.animating:
                post_key(pygame.K_RETURN)  # the only key this player presses
        assert isinstance(app.stack.top, SettlementScene), coach.step
        assert coach.refused == 0 or coach.step is None or coach.step.until_over
        rnd = table.ctl.round
        assert rnd.wins and rnd.wins[0].seat == 0  # the lesson's 杠上花, by Enter alone
        assert discards  # the discard steps were met (and passed) with Enter
        keys = "←/→" in i18n.t("tutorial.discard_void", lang)
        assert keys  # the step tells a keyboard player the arrows pick a tile
    finally:
        app.close()


def test_a_tile_the_arrows_selected_is_the_players_choice() -> None:
    """Enter throws the highlighted tile only when none is selected: with another tile
    selected it is that tile's Enter (here no legal discard: the void tile goes first)."""
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1280, 800))
    try:
        table = Navigator(app).tutorial()
        coach = table.overlay(TutorialCoach)
        assert isinstance(coach, TutorialCoach)
        for frame in range(20000):
            app.step(DT)
            action = coach.expected_action()
            if action is not None and action.kind is ActionKind.DISCARD and not table.animating:
                break
            if frame % 10 == 0 and not table.animating:
                post_key(pygame.K_RETURN)
        assert action is not None and action.kind is ActionKind.DISCARD
        step = coach.step
        post_key(pygame.K_RIGHT)  # the first tile: a 1 Characters, not the lesson's 1 Bamboo
        app.step(DT)
        assert table.model.slots[table.model.selected].kind != action.tile
        assert coach.enter_action() is None
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert coach.step is step  # not thrown on the player's behalf
        assert not table.ctl.round.view(0).seats[0].pond
    finally:
        app.close()
