"""The main menu's line on Quick play says what it will start: a new player, who set nothing
up, reads it in plain words ("Last setup" told of a setup never made); a returning player
reads the last setup, with only the bots that sit down in its room."""

from __future__ import annotations

import pathlib

import pytest
from test_menus import FakeAutosave, MenuHarness

from game.scenes.menu import MainMenuScene
from game.settings import Settings


def quick_line(home: pathlib.Path, settings: Settings) -> str:
    h = MenuHarness(home, settings.lang, (1024, 640))
    h.app.settings = settings
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    menu.ctx.settings = settings  # as read at the start (or as New game left it)
    return menu._quick_text()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Start a match right away: Standard rules, 8 hands, against 3 Normal bots"),
        ("zh", "马上开一局：标准血战规则，8 局，对手是 3 个普通电脑"),
    ],
)
def test_a_new_player_reads_what_quick_play_does(home: pathlib.Path, lang: str, said: str) -> None:
    shown = quick_line(home, Settings(lang=lang))
    assert shown == said
    assert "Last setup" not in shown and "上次" not in shown


@pytest.mark.parametrize(
    ("settings", "said"),
    [
        (
            Settings(lang="en", preset="jj", bots=("hard", "hard", "hard"), hands=4),
            "Last setup: JJ rules · 4 hands · 3 Hard bots",
        ),
        (
            Settings(lang="en", bots=("easy", "normal", "hard")),
            "Last setup: Standard · 8 hands · bots Easy/Normal/Hard",
        ),
        # two at the table: one bot sits down, the first
        (
            Settings(lang="en", preset="liangren", bots=("hard", "easy", "easy")),
            "Last setup: 2 players, 2 suits · 8 hands · one Hard bot",
        ),
        (
            Settings(lang="zh", preset="sanren_liangfang", bots=("easy", "hard", "normal")),
            "按上次的设置开局：三人两房 · 8 局 · 电脑 简单/困难",
        ),
        # options changed in New game: the player's own rules, not the preset's
        (
            Settings(lang="en", overrides=("cap_fan=4",)),
            "Last setup: Standard (1 changed) · 8 hands · 3 Normal bots",
        ),
    ],
)
def test_a_returning_player_reads_the_last_setup(
    home: pathlib.Path, settings: Settings, said: str
) -> None:
    assert quick_line(home, settings) == said
