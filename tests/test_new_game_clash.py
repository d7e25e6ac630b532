"""New game's options that cannot be played together: the one clash its rows can make (a
wall too small for its players: one suit for three or four) is said at once under the Table
box, and Start refuses it in the same words; a refusal of any other kind reads in the
player's language — it showed the engine's English sentence ("Invalid rules: suits=m is 36
tiles…") in Chinese too."""

from __future__ import annotations

import itertools
import pathlib
from typing import Any

import pytest
from test_menus import MenuHarness

import game.scenes.new_game as new_game
from engine.rules import OPTION_INFO, UnknownOptionError, get_preset
from game.match_config import MatchConfig, option_choices, option_token
from game.scenes.new_game import NewGameScene
from game.settings import TABLE_PRESETS


def test_every_value_a_row_offers_is_taken_alone_but_a_wall_too_small() -> None:
    """Why New game words only ``too_few_tiles``: every value of every row, under every
    preset, is a valid rule set on its own, except a one-suit wall for three or four."""
    for preset in TABLE_PRESETS:
        rules = get_preset(preset)
        data = rules.to_dict()
        for name in OPTION_INFO:
            token = option_token(name, data[name])
            for value in option_choices(name, token, token):
                try:
                    MatchConfig(preset, (f"{name}={value}",)).rules()
                except UnknownOptionError as exc:
                    assert exc.kind == "too_few_tiles", (preset, name, value, exc)
                    assert name == "suits" and len(value) == 1 and rules.players >= 3


def test_seats_and_suits_clash_only_as_too_few_tiles() -> None:
    for preset, players, suits in itertools.product(
        TABLE_PRESETS, option_choices("players"), option_choices("suits")
    ):
        try:
            MatchConfig(preset, (f"players={players}", f"suits={suits}")).rules()
        except UnknownOptionError as exc:
            assert exc.kind == "too_few_tiles" and len(suits) == 1 and int(players) >= 3


def _paragraphs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    blit = new_game.blit_paragraph

    def record(surface: Any, text: str, *args: Any, **kw: Any) -> int:
        drawn.append(text)
        return blit(surface, text, *args, **kw)

    monkeypatch.setattr(new_game, "blit_paragraph", record)
    return drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_wall_too_small_is_said_under_the_table_and_start_refuses_it(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = MenuHarness(home, lang, (1024, 640))
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    drawn = _paragraphs(monkeypatch)
    scene.set_option("suits", "m")  # four players, 36 tiles
    h.pump()
    short = "一种花色的牌不够 4 人打" if lang == "zh" else "One suit is too few tiles for a table"
    assert any(short in text for text in drawn), drawn
    scene.start()
    assert "start_match" not in h.names()
    assert scene.toast is not None
    assert ("36 张" if lang == "zh" else "36 tiles") in scene.toast[0]
    scene.set_option("players", "2")  # 两人一房: playable
    drawn.clear()
    h.pump()
    assert not any(short in text for text in drawn)
    assert scene.clash() is None


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_any_other_refusal_reads_in_the_players_language(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = MenuHarness(home, lang, (1280, 800))
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    engine_words = "invalid value 'x' for option 'mode'"

    def refuse(self: MatchConfig) -> Any:
        raise UnknownOptionError(engine_words)

    monkeypatch.setattr(MatchConfig, "rules", refuse)
    scene.start()
    assert "start_match" not in h.names()
    assert scene.toast is not None
    words = scene.toast[0]
    assert engine_words not in words and "Invalid rules" not in words
    if lang == "zh":
        assert not any("a" <= c.lower() <= "z" for c in words), words
        assert "恢复预设" in words
    else:
        assert "reset to the preset" in words
