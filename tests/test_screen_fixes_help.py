"""Rules & help opened from a real match's pause menu offered the Tutorial button: it dealt
the practice hand over the paused match (a friends' table played on without the player
meanwhile). Over a paused table Rules & help has no Tutorial button, at any size and in
either language; Back and Resume lead to the match as it stood."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, post_click, post_key, running_app, table_of
from test_pause_autosave import _open_pause

from game.scenes.help_scene import HelpScene
from game.table.scene import TableScene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_and_help_over_a_paused_match_offers_no_tutorial(lang: str) -> None:
    with running_app(lang=lang, window=(1024, 640)) as app:
        table = table_of(app)
        assert isinstance(table, TableScene)
        pause = _open_pause(app, table)
        hand = table.driver.round
        events = len(hand.events)
        rules = next(c for c in pause.controls if c.name == "rules")
        post_click(rules.rect.center)
        app.step(DT)
        help_scene = app.stack.top
        assert isinstance(help_scene, HelpScene)
        names = {c.name for c in help_scene.controls}
        assert "back" in names and "tutorial" not in names
        help_scene.on_resize((1920, 1080))  # built again at another size: still none
        assert not any(c.name == "tutorial" for c in help_scene.controls)
        assert [s for s in app.stack.scenes if isinstance(s, TableScene)] == [table]
        for _ in range(2):  # Back, Resume: the match again, where it was
            post_key(pygame.K_ESCAPE)
            app.step(DT)
        assert app.stack.top is table
        assert table.driver.round is hand and len(hand.events) >= events
