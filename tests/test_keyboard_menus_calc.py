"""Rules & help › Fan calculator by keyboard: the tile picker takes the focus, the arrows move
its cursor and Enter adds the tile, Backspace takes it back; the meld mode, void suit and rules
preset are reachable too. And the result's header fits its panel in both languages."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_keyboard_menus import tab_to
from test_menus import MenuHarness

import game.scenes.calculator_tab as calculator_tab
from engine.tiles import parse_tiles
from game.scenes.help_scene import HelpScene
from game.settings import TABLE_PRESETS


def open_calc(home: pathlib.Path, lang: str = "en") -> tuple[MenuHarness, HelpScene]:
    h = MenuHarness(home, lang, (1024, 640))
    h.stack.push(HelpScene(h.ctx, "calc"))
    h.pump()
    scene = h.top
    assert isinstance(scene, HelpScene)
    return h, scene


def type_tiles(h: MenuHarness, scene: HelpScene, notation: str) -> None:
    """Add the tiles with the picker's cursor: → to each, Enter."""
    for kind in parse_tiles(notation):
        assert scene.calc_tab.picker is not None
        while scene.calc_tab.picker.cursor != kind:
            h.key(pygame.K_RIGHT)
        h.key(pygame.K_RETURN)


def test_the_fan_calculator_works_by_keyboard(home: pathlib.Path) -> None:
    h, scene = open_calc(home)
    tab_to(h, "picker")
    assert scene.calc_tab.picker is not None and scene.calc_tab.picker.cursor == 0
    h.key(pygame.K_DOWN)  # a row down: 1 dot
    assert scene.calc_tab.picker.cursor == 9
    h.key(pygame.K_UP)
    type_tiles(h, scene, "11112233445566m")
    assert scene.calc_tab.calc.counts[:6] == [4, 2, 2, 2, 2, 2]
    _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
    assert result is not None and result.pattern == "qing_long_qi_dui"
    h.key(pygame.K_BACKSPACE)  # takes the last tile back
    assert sum(scene.calc_tab.calc.counts) == 13 and scene.calc_tab.calc.counts[5] == 1
    # the next tile as a pong
    tab_to(h, "meld_mode")
    h.key(pygame.K_RIGHT)
    assert scene.calc_tab.mode == "P"
    # the void suit
    tab_to(h, "void")
    h.key(pygame.K_RIGHT)
    assert scene.calc_tab.calc.void == 0
    # the rules preset drop-down
    tab_to(h, "preset")
    h.key(pygame.K_RETURN)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_RETURN)
    assert scene.preset == TABLE_PRESETS[1]
    h.shot("keyboard_calc_en")


def test_the_calculator_result_header_fits_its_panel(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Full-flush dragon seven pairs 6 fan · ×32 in English at 1024×640 ran off the window."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = calculator_tab.blit_text

    def recording(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(calculator_tab, "blit_text", recording)
    for lang in ("en", "zh"):
        h, scene = open_calc(home, lang)
        for kind in parse_tiles("11112233445566m"):  # clicked: the header is what is tested
            h.click(next(r.center for r, k in scene.calc_tab.picker_rects if k == kind))
        drawn.clear()
        h.pump()
        _, _, result = scene.calc_tab.calc.evaluate(scene.rules)
        assert result is not None and result.fan is not None
        name = calculator_tab.pattern_name("qing_long_qi_dui", lang)
        summary = f"{scene.t('help.fan', n=result.fan)} · ×{result.multiplier}"
        header = [r for text, r in drawn if text in (name, summary)]
        assert len(header) == 2
        panel = scene.calc_tab.result_rect
        for rect in header:
            assert panel.contains(rect), (lang, rect, panel)
