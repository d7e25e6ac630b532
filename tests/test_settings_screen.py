"""The settings screen as a player reads it: every description readable at the smallest
window and whole at the largest, and the window size shown being the one in use."""

from __future__ import annotations

import json
import pathlib

import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

import game.scenes.settings_scene as settings_scene
from game.app import App
from game.nav import Navigator
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings, load_settings, settings_store
from game.ui.text import render_text

READABLE = 12  # px: the descriptions drew at 10 (9 squeezed) at 1024×640


@pytest.mark.parametrize("sound", [True, False], ids=["sound", "no-audio-device"])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_every_description_is_readable_whole_and_clear_of_its_control(
    home: pathlib.Path,
    lang: str,
    size: tuple[int, int],
    sound: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 1024×640 the grey line under a setting's label drew at 10 px, and "High contrast:
    white faces, easy for colour-blind eyes" was squeezed to 9 beside its control. A
    description is drawn at 12 px or more, unsqueezed, wrapping onto a second line inside
    its row where it needs one, every word of it shown."""
    h = MenuHarness(home, lang, size)
    monkeypatch.setattr(type(h.nav), "sound_available", lambda self: sound)
    drawn = record_texts(monkeypatch, settings_scene)
    scene = SettingsScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    drawn.clear()
    h.pump()
    # with no audio device the sliders move and nothing sounds: Mute's row says why
    mute = next(desc for key, desc, *_ in scene.rows if key == "set.mute")
    assert mute == ("" if sound else "set.no_audio")
    for key, desc, ctl, row in scene.rows:
        if not desc:
            continue
        text, label = scene.t(desc), scene.t(key)
        lines = [
            d for d in drawn if d[0] != label and d[0] in text and row.collidepoint(d[2].center)
        ]
        assert lines and all(row.contains(rect) for _, _, rect, _ in lines), (size, key)
        assert "".join(t for t, *_ in lines).replace(" ", "") == text.replace(" ", ""), key
        for line, font, rect, _max_w in lines:
            width = render_text(line, font, (0, 0, 0)).get_width()
            shown = font * min(1.0, rect.w / width)
            assert shown >= READABLE, (size, key, line, round(shown, 1))
            assert rect.right <= ctl.rect.left, (size, key, line, "under its control")


def _saved_window(directory: pathlib.Path) -> list[int]:
    data = json.loads(settings_store(directory).path.read_text(encoding="utf-8"))["data"]
    return list(data["window"])


def _open_settings(app: App) -> SettingsScene:
    """The settings screen over the main menu, as the menu's Settings button opens it."""
    nav = Navigator(app)
    nav.main_menu()
    nav.settings()
    app.run(frames=2)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    return scene


@pytest.fixture
def small_desktop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A 1366×768 laptop (its window at most 1366×704, game.app.SCREEN_MARGIN): the dummy
    video driver has no desktop, so the fitting is the one the game does on a real one."""
    import game.app

    most = (1366, 704)

    def fit(size: tuple[int, int]) -> tuple[int, int]:
        return (min(size[0], most[0]), min(size[1], most[1]))

    monkeypatch.setattr(game.app, "fit_to_screen", fit)
    return most


def test_a_saved_window_larger_than_the_desktop_is_shown_and_saved_as_it_opens(
    home: pathlib.Path, small_desktop: tuple[int, int]
) -> None:
    """A 1920×1080 saved on a big monitor opens at 1366×704 on a laptop: Settings said
    1920 × 1080, and the next save wrote the size the laptop cannot show back."""
    store = settings_store(home)
    store.save({**Settings(lang="en").to_dict(), "window": [1920, 1080]})
    settings, _ = load_settings(home)
    app = App(settings, settings.window, data_dir=home)
    try:
        assert app.size == small_desktop
        scene = _open_settings(app)
        shown = next(c for c in scene.controls if c.name == "window")
        assert shown.label == "1366 × 704"
        scene.apply("speed", "fast")  # any other setting saves them all
        assert _saved_window(home) == [1366, 704]
        assert app.size == small_desktop  # applying the settings kept the window
        scene._set_window("1920x1080")  # chosen on the screen: saved as chosen
        assert _saved_window(home) == [1920, 1080]
    finally:
        app.close()


def test_a_window_flag_larger_than_the_desktop_leaves_the_saved_size(
    home: pathlib.Path, small_desktop: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--window 2560x1440`` on the laptop: Settings shows 1366 × 704, and a save keeps the
    player's own saved 1280×700 (the flag is for this run only)."""
    from game.__main__ import parse_args, startup_settings

    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(home))
    store = settings_store(home)
    store.save({**Settings(lang="en").to_dict(), "window": [1280, 700]})
    settings = startup_settings(parse_args(["--window", "2560x1440"]), load_settings(home)[0])
    app = App(settings, settings.window, data_dir=home)
    try:
        scene = _open_settings(app)
        shown = next(c for c in scene.controls if c.name == "window")
        assert shown.label == "1366 × 704"
        scene.apply("speed", "fast")
        assert _saved_window(home) == [1280, 700]
    finally:
        app.close()
