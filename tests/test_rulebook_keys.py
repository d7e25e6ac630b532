"""The rulebook's keyboard section names the keys that work on every screen — the ones
game.input turns into the app's own commands (fullscreen, quit), in both languages."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.input import Command, translate

# every key the app answers on every screen, as the rulebook writes it
APP_KEYS = {
    "F11": (pygame.K_F11, 0),
    "Alt+Enter": (pygame.K_RETURN, pygame.KMOD_ALT),
    "Ctrl+Q": (pygame.K_q, pygame.KMOD_CTRL),
}


def test_the_named_keys_are_the_apps_own() -> None:
    """Each key the test names does reach the app (so the words below are true)."""
    got = {
        name: translate(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)).command
        for name, (key, mod) in APP_KEYS.items()
    }
    assert got == {
        "F11": Command.TOGGLE_FULLSCREEN,
        "Alt+Enter": Command.TOGGLE_FULLSCREEN,
        "Ctrl+Q": Command.QUIT,
    }


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_keyboard_section_names_fullscreen_and_quit(lang: str) -> None:
    body = i18n.t("rule.keys.body", lang)
    for name in APP_KEYS:
        # Chinese names Enter as the rest of the rulebook does (回车), as Settings' fullscreen
        # switch does: 随时可按 F11 或 Alt+回车切换
        written = name.replace("Enter", "回车") if lang == "zh" else name
        assert written in body, (lang, written)
    fullscreen = "全屏" if lang == "zh" else "fullscreen"
    assert fullscreen in body
