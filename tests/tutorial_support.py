"""Helpers of the tutorial's layout tests (test_tutorial_box_*.py, test_tutorial_wall_clear.py;
no tests here): the lesson's table, the box its step shows, and the lesson played as taught."""

from __future__ import annotations

import pygame
from test_game_support import DT, post_click, post_key

from game.app import App, Settings
from game.nav import Navigator
from game.table.scene import TableScene
from game.table.tutorial_coach import TutorialCoach


def tutorial_table(
    lang: str, size: tuple[int, int], speed: str = "instant"
) -> tuple[App, TableScene, TutorialCoach]:
    """The lesson's table in a window of ``size``, animations and bots at ``speed``, not yet
    stepped."""
    app = App(Settings(lang=lang, speed=speed, bot_pace=speed), size)
    table = Navigator(app).tutorial()
    coach = table.overlay(TutorialCoach)
    assert isinstance(coach, TutorialCoach)
    return app, table, coach


def shown_box(coach: TutorialCoach) -> pygame.Rect:
    """The lesson's box for what its step shows now (its words while the move is not offered
    yet, if it has them)."""
    step = coach.step
    assert step is not None
    offered = step.expect is None or coach.expected_action() is not None
    key = step.key if offered or step.wait_key is None else step.wait_key
    return coach.message_rect(key)


def answer(table: TableScene, coach: TutorialCoach) -> None:
    """What the player does in the lesson as taught: Enter on a message, a click on the
    highlight (posted: the next frame takes it)."""
    step = coach.step
    if step is not None and step.expect is None and not step.until_over:
        post_key(pygame.K_RETURN)
    elif coach.expected_action() is not None and not table.animating:
        target = coach.highlight_rect()
        if target is not None:
            post_click(target.center)


def play_one_frame(app: App, table: TableScene, coach: TutorialCoach) -> None:
    """A frame of the lesson as taught."""
    answer(table, coach)
    app.step(DT)


SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
# two notices that can come at a start, over the lesson's first step
NOTICES = [
    (
        "上两次启动都失败了：已换用安全设置启动。",
        "The last two starts failed: started with safe settings.",
    ),
    ("设置文件已损坏，已恢复默认设置。", "The settings file was damaged: the defaults are back."),
]
