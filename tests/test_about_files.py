"""The About screen explains every file the game keeps in its data folder: reviews.json,
net-seat.json and net-replays/ were there beside the four it named, unexplained to a
player who opened the folder from it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_support import DT, record_texts

import game.scenes.about_scene as about_scene
from game.app import App, Settings
from game.nav import Navigator
from game.net.session import SEAT_FILE_NAME
from game.replays import replays_dir
from game.review import ReviewLog
from game.scenes.about_scene import AboutScene


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_file_in_the_data_folder_is_explained(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(Settings(lang=lang), (1024, 640))
    try:
        nav = Navigator(app)
        kept = [
            "profile.json",
            "settings.json",
            "autosave.json",
            replays_dir().name + "/",
            ReviewLog(app.data_dir)._store.path.name,
            SEAT_FILE_NAME,
            nav._seat_replays().name + "/",
        ]
        scene = AboutScene(nav.ctx, opener=lambda folder: True)
        app.stack.push(scene)
        app.step(DT)
        drawn = record_texts(monkeypatch, about_scene)
        scene.draw_content(app.screen)
        lines = [text for text, *_ in drawn]
        for name in kept:
            assert any(name in line for line in lines), name
    finally:
        app.close()
