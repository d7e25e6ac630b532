"""The replay viewer's way out says what it does. Its button closes the viewer and goes back
to where it was opened (its English: "Close"); in Chinese it read 退出 ("quit", "exit"), the
word of the main menu's 退出游戏, as if it left the game. It reads 关闭 ("close"), unfolded
and folded (the replay's settlement shares the key for its button that does the same:
tests/test_settlement_exits.py)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_key, watching_replay
from test_replay_viewer import played_hand

from game import i18n


def test_close_reads_close_in_both_languages() -> None:
    assert i18n.t("viewer.close", "zh") == "关闭"
    assert i18n.t("viewer.close", "en") == "Close"


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_viewers_close_button_says_guan_bi(tmp_path: Path, size: tuple[int, int]) -> None:
    with watching_replay(played_hand(41), tmp_path, "zh", size) as (app, _table, controls):
        labels = {name: el.text for el, name in controls.buttons.items()}
        assert labels["close"] == "关闭"
        assert "退出" not in labels.values()
        post_key(pygame.K_TAB)  # Hide: the folded box keeps Close beside Show
        app.step(DT)
        app.step(DT)
        assert controls.folded
        labels = {name: el.text for el, name in controls.buttons.items()}
        assert labels["close"] == "关闭"


def test_the_keyboard_help_says_the_viewer_closes_as_its_button_does() -> None:
    body = i18n.t("rule.keys.body", "zh")
    viewer = body[body.index("牌谱：") :].split("\n")[0]
    assert "Esc 或退格关闭牌谱" in viewer and "退出" not in viewer
    assert "Esc or Backspace closes it" in i18n.t("rule.keys.body", "en")
