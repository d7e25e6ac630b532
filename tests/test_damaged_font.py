"""A damaged font file (garbage, cut short, empty) never stops the game: pygame-gui is given
its own font instead (a damaged one crashed its loader thread, an empty one hung the start),
the table still draws, and the player is told to reinstall."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import fonts
from game.app import App, Settings
from game.nav import Navigator


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_damaged_font_falls_back_and_says_so(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = fonts.resource_path
    for name in {fonts.font_path(False).name, fonts.font_path(True).name}:
        data = (fonts.font_path(False).parent / name).read_bytes()
        bad = {"garbage": b"\x00garbage" * 50, "truncated": data[:5000], "empty": b""}[damage]
        (tmp_path / name).write_bytes(bad)

    def resource_path(*parts: str) -> Path:
        return tmp_path / parts[-1] if parts[-1].endswith(".otf") else real(*parts)

    monkeypatch.setattr(fonts, "resource_path", resource_path)
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path / "home"))
    fonts.clear_cache()
    app = App(Settings(lang="zh", speed="instant", bot_pace="instant"), (1024, 640))
    try:
        assert not fonts.font_usable(fonts.font_path(False))
        assert any("reinstall" in text for text in app.notices.texts("en"))
        Navigator(app).main_menu()
        for _ in range(10):
            app.step(1 / 60)  # the menu's pygame-gui buttons draw with pygame-gui's font
    finally:
        app.close()
        monkeypatch.undo()
        fonts.clear_cache()


@pytest.mark.filterwarnings("ignore::UserWarning")  # pygame-gui names what it could not read
def test_a_theme_of_the_wrong_shape_gives_the_plain_theme(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.app as app_module

    monkeypatch.setattr(app_module, "_theme", lambda: {"button": 5, "defaults": []})
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    app = App(Settings(lang="en"), (1024, 640))
    try:
        Navigator(app).main_menu()
        app.step(1 / 60)
    finally:
        app.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    "text",
    ["[1, 2]", '"theme"', "7", "[" * 100_000, '{"button": ' * 100_000],
    ids=["list", "string", "number", "deep-list", "deep-object"],
)
def test_a_theme_file_that_is_no_object_leaves_the_table_playable(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """theme.json holding a list crashed --play (its buttons' font sizes read the theme);
    one nested too deep for the JSON reader stopped the start (RecursionError)."""
    from test_game_support import DT, running_app, table_of

    theme = tmp_path / "theme.json"
    theme.write_text(text, encoding="utf-8")
    monkeypatch.setattr(fonts, "theme_path", lambda: theme)
    with pytest.raises(ValueError):
        fonts.theme_data()
    with running_app(preset="standard", seed=3, bots=("greedy",) * 3) as app:
        for _ in range(30):
            app.step(DT)
        table = table_of(app)
        assert table is not None and table.toolbar.built
