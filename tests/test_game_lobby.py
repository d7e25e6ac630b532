"""The small start screen (the lobby ``--play`` and ``--demo`` open under the table): every
room the table seats can be picked there, and the match starts in the room picked."""

from __future__ import annotations

from test_game_support import DT, table_of

from game.app import App, Settings
from game.input import InputEvent, InputKind
from game.nav import Navigator
from game.settings import TABLE_PRESETS


def test_the_lobby_offers_every_room_and_starts_the_one_picked() -> None:
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        nav = Navigator(app)
        lobby = nav.lobby()
        app.step(DT)
        offered = [value for kind, value in lobby.elements.values() if kind == "preset"]
        assert offered == list(TABLE_PRESETS)
        assert {"sanren_liangfang", "liangren"} <= set(offered)
        for el, (kind, value) in list(lobby.elements.items()):
            if (kind, value) == ("preset", "liangren"):
                lobby.handle_event(InputEvent(InputKind.UI_BUTTON, element=el))
                break
        assert app.settings.preset == "liangren"
        # the buttons of a row stay inside the window, side by side
        rects = [el.rect for el, (kind, _) in lobby.elements.items() if kind == "preset"]
        assert all(r.left >= 0 and r.right <= 1024 for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        lobby.start_game()
        app.step(DT)
        table = table_of(app)
        assert table is not None and table.driver.rules.players == 2
    finally:
        app.close()
