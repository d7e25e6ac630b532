"""The About screen: reached from the main menu, shows the version, the data folder with a
button that opens it, and the licences, in zh and en at the sizes the game supports."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.about import game_version
from game.app import App
from game.fonts import has_glyphs
from game.i18n import t
from game.nav import Navigator
from game.scenes.about_scene import AboutScene
from game.scenes.menu import MainMenuScene
from game.settings import Settings
from game.ui.controls import Button

DT = 1 / 60


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step(DT)


def _button(scene: MainMenuScene | AboutScene, name: str) -> Button:
    return next(c for c in scene.controls if isinstance(c, Button) and c.name == name)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1920, 1080)])
def test_the_menu_opens_about_and_its_button_opens_the_data_folder(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> None:
    app = App(Settings(lang=lang), size, data_dir=tmp_path)
    try:
        nav = Navigator(app)
        menu = nav.main_menu()
        app.step(DT)
        _click(app, _button(menu, "about").rect.center)
        scene = app.stack.top
        assert isinstance(scene, AboutScene)
        opened: list[Path] = []
        scene.opener = lambda folder: opened.append(folder) or True
        app.step(DT)
        _click(app, _button(scene, "open_folder").rect.center)
        assert opened == [tmp_path]
        assert scene.toast is not None and scene.toast[0] == t("about.opened", lang)
        info = scene.info
        assert info.version == game_version() and info.data_folder == tmp_path
        assert [bool(lic.text) for lic in info.licences] == [True, True, True]
        # every word on the screen renders in the shipped font
        words = [info.title, t("about.version", lang, version=info.version)]
        words += [t(k, lang) for k in ("about.folder", "about.damage", "about.open_folder")]
        words += [lic.part + lic.name for lic in info.licences]
        assert all(has_glyphs(w) for w in words)
        # the open-folder button sits inside the window and clear of the folder's text
        assert app.screen.get_rect().contains(_button(scene, "open_folder").rect)
        pygame.image.save(app.screen, str(tmp_path / f"about_{lang}_{size[0]}.png"))
        _click(app, _button(scene, "back").rect.center)
        assert app.stack.top is menu
    finally:
        app.close()


def test_a_folder_that_cannot_be_opened_is_said_with_its_path(tmp_path: Path) -> None:
    app = App(Settings(lang="en"), (1280, 800), data_dir=tmp_path)
    try:
        Navigator(app).about()
        scene = app.stack.top
        assert isinstance(scene, AboutScene)
        scene.opener = lambda folder: False
        scene.open()
        assert scene.toast is not None and str(tmp_path) in scene.toast[0]
        assert scene.toast[0].startswith("Could not open a file manager")
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_word_on_the_about_screen_is_under_the_readable_size(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The licences' own text was drawn at 11 px at 1024×640."""
    from test_game_support import record_texts

    import game.scenes.about_scene as about_scene
    from game.ui.text import MIN_TEXT

    drawn = record_texts(monkeypatch, about_scene)
    app = App(Settings(lang=lang), (1024, 640), data_dir=tmp_path)
    try:
        Navigator(app).main_menu()
        app.stack.push(AboutScene(app.stack.top.ctx))  # type: ignore[union-attr]
        app.step(DT)
        assert drawn
        small = [(text, size) for text, size, *_ in drawn if size < MIN_TEXT]
        assert not small, small
    finally:
        app.close()
