"""Notices over the screens keep off a menu's title and its controls (they were drawn
centred at the top, over "Settings"), and off the table's buttons."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from shell_support import NO_AUDIO, settings_app
from test_game_support import DT, post_click, running_app

from game.scenes.settings_scene import SettingsScene
from game.settings import Settings
from game.ui.text import outlined_text


def _title_rect(scene: SettingsScene) -> pygame.Rect:
    """Where MenuScene.draw puts the title."""
    title = outlined_text(scene.t(scene.title_key), scene.px(34), (0, 0, 0), (0, 0, 0))
    return title.get_rect(midtop=(scene.w // 2, scene.px(14)))


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_notice_does_not_cover_the_title_or_acontrol(
    home: pathlib.Path, size: tuple[int, int], lang: str
) -> None:
    """Notices were drawn centred at the top of every screen: over "Settings" (设置) on
    the settings screen, over every menu's title."""
    app, scene = settings_app(home, Settings(lang=lang, window=size))
    try:
        app.notify(NO_AUDIO)
        app.step(DT)
        (box,) = app.notices._rects
        assert not box.colliderect(_title_rect(scene))
        covered = [c.name for c in scene.controls if c.visible and box.colliderect(c.rect)]
        assert covered == []
        assert app.screen.get_rect().contains(box)
        post_click(box.center)  # and a click still closes it
        app.step(DT)
        assert not app.notices
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("preset", ["standard", "sanren_liangfang"])
def test_a_notice_over_the_table_keeps_off_its_buttons(size: tuple[int, int], preset: str) -> None:
    """At the top centre, over the hidden hand across the table; the three-seat table has
    no hand across and its toolbar reaches past the middle at 1920×1080, where the notice
    lay over Hints and Auto win."""
    with running_app(window=size, lang="en", preset=preset) as app:
        app.run(frames=5)
        app.notify(NO_AUDIO)
        app.step(DT)
        (box,) = app.notices._rects
        buttons = [
            el
            for el in app.ui.get_sprite_group().sprites()
            if el.visible and hasattr(el, "text") and pygame.Rect(el.rect).w < size[0] // 2
        ]
        assert buttons  # the toolbar
        assert not [el.text for el in buttons if box.colliderect(el.rect)]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_notices_keep_off_the_main_menus_title_and_coins(
    home: pathlib.Path, size: tuple[int, int], lang: str
) -> None:
    """Two notices at a start (damaged settings, a repaired profile): the second, top right,
    covered the end of "Sichuan Mahjong" and the coins in the corner."""
    from game.app import App
    from game.nav import Navigator
    from game.scenes.menu import MainMenuScene

    app = App(Settings(lang=lang, window=size), size, data_dir=home)
    try:
        Navigator(app).main_menu()
        app.run(frames=2)
        scene = app.stack.top
        assert isinstance(scene, MainMenuScene)
        from game.i18n import t

        app.notify(NO_AUDIO)
        app.notify((t("set.save_failed", "zh", why="—"), t("set.save_failed", "en", why="—")))
        app.step(DT)
        assert len(app.notices._rects) == 2
        keep = scene.keep_clear()
        assert len(keep) >= 4  # the tiles, the title, the subtitle, the coins, the hints…
        for box in app.notices._rects:
            assert app.screen.get_rect().contains(box)
            assert not [r for r in keep if box.colliderect(r)], (box, keep)
    finally:
        app.close()
