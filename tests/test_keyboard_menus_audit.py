"""A keyboard-only player's walk through the menu screens: the focused control is always one
the player can see (a long list scrolls to it, and a page or wheel scroll takes the focus
along), Enter presses what is framed and nothing hidden. Real key events through the app's
frame; headless."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_menus import MenuHarness, open_menu
from test_replay_viewer import played_hand

from engine.replay import record
from game import palette as pal
from game.replays import save_replay
from game.scenes.about_scene import AboutScene
from game.scenes.confirm import ConfirmScene
from game.scenes.menu import MainMenuScene
from game.scenes.replay_list import ReplayListScene

REPLAYS = 20  # more rows than the list shows at 1024x640


@pytest.fixture(scope="module")
def hand_record() -> dict[str, object]:
    return record(played_hand(41))


def open_replays(
    home: pathlib.Path, doc: dict[str, object], size: tuple[int, int] = (1024, 640)
) -> tuple[MenuHarness, ReplayListScene, list[pathlib.Path]]:
    for n in range(REPLAYS):
        save_replay(doc, keep=REPLAYS, human=0, hand_no=n + 1, preset="standard")
    h = MenuHarness(home, "en", size)
    scene = ReplayListScene(h.ctx)
    assert len(scene.items) == REPLAYS
    opened: list[pathlib.Path] = []
    h.nav.watch_replay = opened.append  # type: ignore[method-assign,assignment]
    h.stack.push(scene)
    h.pump()
    return h, scene, opened


def assert_focus_shown(h: MenuHarness, scene: ReplayListScene) -> int:
    """The focused row is wholly in the list and framed; its index."""
    h.pump()
    name = scene.focused_name()
    assert name.startswith("row"), name
    rect = scene.focused_control().rect  # type: ignore[union-attr]
    assert scene._list_rect().contains(rect), (name, rect, scene._list_rect())
    assert h.screen.get_at((rect.centerx, rect.y - 3))[:3] == pal.GOLD_LIGHT, name
    return int(name[3:])


def test_the_replay_lists_focus_stays_in_view_going_up_and_down(
    home: pathlib.Path, hand_record: dict[str, object]
) -> None:
    """Going back up the list, ↑ scrolled the focused row out of view (the list was scrolled
    to the row's place on the screen, not in the list): Enter opened a replay no one saw."""
    h, scene, _ = open_replays(home, hand_record)
    assert assert_focus_shown(h, scene) == 0
    h.key(pygame.K_UP)
    assert scene.focused_name() == "back"
    h.key(pygame.K_UP)  # round to the oldest, at the bottom
    assert assert_focus_shown(h, scene) == REPLAYS - 1
    for i in reversed(range(REPLAYS - 1)):
        h.key(pygame.K_UP)
        assert assert_focus_shown(h, scene) == i
    for i in range(1, REPLAYS):
        h.key(pygame.K_DOWN)
        assert assert_focus_shown(h, scene) == i
    h.shot("keyboard_replays_bottom_en")


def test_a_page_or_wheel_scroll_takes_the_focus_along(
    home: pathlib.Path, hand_record: dict[str, object]
) -> None:
    """Page Down scrolled the list and left the focus on the first row, out of view: Enter
    then opened the first replay, and ↓ jumped the list back up."""
    h, scene, opened = open_replays(home, hand_record)
    assert scene.scroll is not None
    h.key(pygame.K_PAGEDOWN)
    assert scene.scroll.offset > 0
    row = assert_focus_shown(h, scene)
    assert row > 0
    h.key(pygame.K_RETURN)
    assert opened == [scene.items[row].path]
    h.key(pygame.K_PAGEUP)
    assert scene.scroll.offset == 0
    assert_focus_shown(h, scene)
    # the wheel too: the focus goes to a row in view, and Enter opens that one
    scene.focus_named("row0")
    for _ in range(3):
        h.wheel(scene._list_rect().center)
    assert scene.scroll.offset > 0
    row = assert_focus_shown(h, scene)
    h.key(pygame.K_RETURN)
    assert opened[-1] == scene.items[row].path
    # ↓ goes on from there, without jumping back
    offset = scene.scroll.offset
    h.key(pygame.K_DOWN)
    assert assert_focus_shown(h, scene) == row + 1
    assert scene.scroll.offset >= offset


def test_the_main_menus_focus_goes_home_when_its_button_is_gone(home: pathlib.Path) -> None:
    """Back from the tutorial its tip has gone, and with it the focused Play the tutorial:
    the focus fell on whatever came next by number — the small About in the corner."""
    h = open_menu(home, "en")
    menu = h.top
    for _ in range(len(menu.focus_order())):  # type: ignore[union-attr]
        if menu.focused_name() == "tutorial":  # type: ignore[union-attr]
            break
        h.key(pygame.K_TAB)
    assert menu.focused_name() == "tutorial"  # type: ignore[union-attr]
    h.key(pygame.K_RETURN)
    assert h.names() == ["start_tutorial"]
    h.stack.push(AboutScene(h.ctx))  # standing in for the tutorial's table
    h.pump()
    h.ctx.settings.tutorial_tip = False  # the tutorial played closes the tip
    h.key(pygame.K_ESCAPE)
    assert h.top is menu
    assert menu.focused_name() == "quick"  # type: ignore[union-attr]


def test_a_screen_under_a_question_shows_no_focus_frame(home: pathlib.Path) -> None:
    """Under "A match is in progress" the menu's focused Quit kept its gold frame beside the
    question's own: two frames, one of them on a button the keys could not reach."""
    h = open_menu(home, "en")
    menu = h.top
    h.key(pygame.K_ESCAPE)  # Esc goes to Quit
    assert menu.focused_name() == "quit"  # type: ignore[union-attr]
    quit_button = h.control("quit").rect
    ring, felt = (quit_button.centerx, quit_button.y - 3), (quit_button.x - 12, quit_button.y - 3)
    h.pump()
    assert h.screen.get_at(ring)[:3] == pal.GOLD_LIGHT
    answers: list[str] = []
    question = ConfirmScene(
        h.ctx,
        "newmatch.title",
        "newmatch.body.walk_out",
        ("newmatch.continue", lambda: answers.append("keep")),
        ("newmatch.leave", lambda: answers.append("go")),
        penalty=16,
    )
    h.stack.push(question)
    h.shot("keyboard_confirm_over_menu_en")
    assert not question._box().collidepoint(ring)
    here, beside = h.screen.get_at(ring), h.screen.get_at(felt)
    assert sum(abs(a - b) for a, b in zip(here, beside, strict=True)) < 30  # felt, no frame
    keep = h.control("keep").rect
    assert h.screen.get_at((keep.centerx, keep.y - 3))[:3] == pal.GOLD_LIGHT
    h.key(pygame.K_ESCAPE)  # neither answer: the menu again, its focus where it was
    assert h.top is menu and answers == []
    assert menu.focused_name() == "quit"  # type: ignore[union-attr]
    h.pump()
    assert h.screen.get_at(ring)[:3] == pal.GOLD_LIGHT


def test_a_menu_under_a_question_says_nothing_of_its_covered_button(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under "A match is in progress" the menu still wrote what its focused Quit does ("Close
    the game") in the corner, dimmed under the question."""
    h = open_menu(home, "en")
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    h.key(pygame.K_ESCAPE)  # Esc goes to Quit
    said: list[str] = []
    real = menu._desc
    monkeypatch.setattr(menu, "_desc", lambda name: (said.append(name), real(name))[1])
    h.pump()
    assert said == ["quit"]
    h.stack.push(
        ConfirmScene(
            h.ctx,
            "newmatch.title",
            "newmatch.body.walk_out",
            ("newmatch.continue", lambda: None),
            ("newmatch.leave", lambda: None),
            penalty=16,
        )
    )
    said.clear()
    h.pump()
    assert said == []


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_replay_lists_buttons_clear_the_bar_and_show_on_half_rows(
    home: pathlib.Path,
    hand_record: dict[str, object],
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
) -> None:
    """The Watch buttons reached under the scroll bar at 1024x640, and a row half scrolled
    out of the list showed without its button."""
    h, scene, _ = open_replays(home, hand_record, size)
    assert scene.scroll is not None
    bar = scene.scroll.bar_rect()
    assert bar is not None
    rows = [c for c in scene.controls if c.name.startswith("row")]
    track = pygame.Rect(bar.x, scene._list_rect().y, bar.w, scene._list_rect().h)
    assert all(not c.rect.colliderect(track) for c in rows)
    scene.focus_named("back")  # a focused row would be scrolled back into view
    half = scene._row_h() // 2
    scene.scroll.scroll(half)
    scene.rebuild()
    drawn: list[str] = []
    for c in scene.controls:
        if c.name.startswith("row"):
            monkeypatch.setattr(c, "draw", lambda surface, c=c: drawn.append(c.name))
    h.pump()
    assert scene.scroll.offset == half
    assert "row0" in drawn  # half scrolled out at the top, still shown with its row
