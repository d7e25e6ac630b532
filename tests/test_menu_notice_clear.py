"""A notice over the main menu about a damaged file keeps off the title, its fan of tiles and
every button, and says the file's name whole. Three at a start (settings, profile and the
match in progress all damaged) found no free place down the right side beside the new
player's tip: the last resort, the top left corner, lay over the end of "Sichuan Mahjong"
and its tiles. And the name broke at its hyphen ("settings.json.corrupt-" / "20261207T…").
Real frames, headless."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import DT, record_texts

import game.app
from engine.match import MatchState
from engine.rules import get_preset
from game.app import App
from game.autosave import Autosave, match_to_dict
from game.nav import Navigator
from game.scenes.menu import MainMenuScene
from game.settings import Settings, load_settings
from game.storage import Notice, NoticeKind
from game.ui.text import wrap_text

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
STAMP = "20261207T221530Z"


def _damage(home: pathlib.Path, *names: str) -> None:
    for name in names:
        (home / f"{name}.json").write_text("{" * 50_000, encoding="utf-8")


def _moved_aside(notice: Notice | None) -> Notice:
    assert notice is not None and notice.moved_to is not None
    return notice


def _long(kind: NoticeKind, name: str) -> Notice:
    return Notice(kind, name, pathlib.Path(f"{name}.json.corrupt-{STAMP}"))


def _menu_with(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    lang: str,
    new_player: bool,
    notices: list[Notice],
) -> tuple[App, MainMenuScene, list[str]]:
    """The main menu with ``notices`` told at once: the app, the menu and the notices'
    lines as drawn."""
    app = App(Settings(lang=lang, window=size, tutorial_tip=new_player), size, data_dir=home)
    Navigator(app).main_menu()
    app.run(frames=2)
    scene = app.stack.top
    assert isinstance(scene, MainMenuScene)
    assert (scene.tip_box() is not None) == new_player
    drawn = record_texts(monkeypatch, game.app)
    for notice in notices:
        app.notify(notice)
    app.step(DT)
    return app, scene, [text for text, *_ in drawn]


def _check(app: App, scene: MainMenuScene, lines: list[str], notices: list[Notice]) -> None:
    """Every notice drawn, clear of the menu and of each other, each file's name whole."""
    boxes = app.notices._rects
    assert len(boxes) == len(notices)
    header = [rect for _, rect in scene._header()]  # the fan of tiles, the title, subtitle
    buttons = [c.rect for c in scene.controls if c.visible]
    keep = scene.keep_clear()  # the coins, the hints, the tip too
    for box in boxes:
        assert app.screen.get_rect().contains(box)
        assert not [r for r in header if box.colliderect(r)], (box, header)
        assert not [r for r in buttons if box.colliderect(r)], (box, buttons)
        assert not [r for r in keep if box.colliderect(r)], (box, keep)
    for i, box in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert not box.colliderect(other)
    for notice in notices:
        if notice.moved_to is None:
            continue
        name = notice.moved_to.name
        assert [line for line in lines if name in line], (name, lines)
        assert not [line for line in lines if line.endswith(name.split("-")[0] + "-")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_three_damaged_files_at_a_start_keep_off_the_title_and_its_tiles(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    """Settings, profile and the autosave each 50,000 "{": each is moved aside, and the
    player is told so with the file's name, beside a new player's tip (the profile is new)."""
    _damage(home, "settings", "profile", "autosave")
    notices = [_moved_aside(load_settings(home)[1])]
    autosave = Autosave(home)
    assert autosave.load() is None
    notices.append(_moved_aside(autosave.notice))
    from game.profile import load_profile

    notices.insert(1, _moved_aside(load_profile(home)[1]))
    app, scene, lines = _menu_with(home, monkeypatch, size, lang, True, notices)
    try:
        _check(app, scene, lines, notices)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("new_player", [True, False])
def test_the_longest_notices_keep_off_the_title_and_every_button(
    home: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    lang: str,
    new_player: bool,
) -> None:
    """The three longest a start can tell (a profile and a match salvaged, a profile whose
    file cannot be read), too tall together for either side of the menu: down both."""
    notices = [
        _long(NoticeKind.SALVAGED, "profile"),
        _long(NoticeKind.SALVAGED, "autosave"),
        _long(NoticeKind.UNREADABLE_BACKUP, "profile"),
    ]
    if not new_player:  # Continue, no tip
        match = match_to_dict(MatchState(rules=get_preset("standard"), seed=1))
        Autosave(home).save({"match": match})
    app, scene, lines = _menu_with(home, monkeypatch, size, lang, new_player, notices)
    try:
        _check(app, scene, lines, notices)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_file_name_is_never_broken_at_its_hyphen(lang: str) -> None:
    """At every width the name goes whole to a line of its own, wider than the line if it
    must; a hyphen between words may still end a line."""
    pygame.init()
    name = f"settings.json.corrupt-{STAMP}"
    notice = Notice(NoticeKind.RESET_TO_DEFAULTS, "settings", pathlib.Path(name))
    for width in range(120, 700, 7):
        lines = wrap_text(notice.text(lang), 18, width, True)
        assert [line for line in lines if name in line], (width, lines)
    assert wrap_text("a well-known word", 18, 90, True)[0].endswith("-")
