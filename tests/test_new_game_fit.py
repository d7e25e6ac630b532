"""The new-game screen as a player reads it: the Table box names the table the options make,
one the list does not offer too (四人两房 after Suits was set to Dots and Bamboo showed
"Four players, three suits"), and no word on the screen is squeezed below a readable size (at
1024×640 the options' explanations were shrunk to 7 px and "Characters, Dots and Bamboo" to 8):
a long explanation wraps under its name, a long value widens its box. Screenshots go to
screenshots/ for a person to see."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame
import pytest
from test_menus import MenuHarness

import game.scenes.new_game as new_game
import game.ui.controls as controls
from engine.rules import OPTION_INFO
from game import i18n
from game.fonts import get_font
from game.scenes.new_game import MIN_HELP, MIN_NAME, ROOMS, NewGameScene
from game.settings import TABLE_PRESETS
from game.ui.controls import Choice
from game.ui.text import render_text

SIZES = [(1024, 640), (1920, 1080)]


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int  # the size it was asked for, or 11: render_text's floor
    shown: float  # the size it was drawn at, once squeezed into ``max_w``
    rect: pygame.Rect


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line of text the new-game scene and its controls draw with ``blit_text``."""
    out: list[Drawn] = []
    blits = {module: module.blit_text for module in (new_game, controls)}

    for module, blit in blits.items():

        def record(
            surface: pygame.Surface,
            text: str,
            size: int,
            colour: Any,
            *args: Any,
            _blit: Any = blit,
            **kw: Any,
        ) -> pygame.Rect:
            bold = kw.get("bold", args[2] if len(args) > 2 else False)
            max_w = kw.get("max_w", args[3] if len(args) > 3 else None)
            natural = render_text(text, size, colour, bold).get_width()
            size = max(11, size)
            shown = size * max_w / natural if max_w and natural > max_w else size
            rect = _blit(surface, text, size, colour, *args, **kw)
            out.append(Drawn(text, size, shown, pygame.Rect(rect)))
            return rect

        monkeypatch.setattr(module, "blit_text", record)
    yield out


def open_new_game(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> tuple[MenuHarness, NewGameScene]:
    h = MenuHarness(home, lang, size)
    scene = NewGameScene(h.ctx)
    h.stack.push(scene)
    h.pump()
    return h, scene


# --- the Table box --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "suits", "room"),
    [
        ("4", "mps", "4.3"),
        ("4", "ps", "4.2"),  # the audit's case: Dots and Bamboo at four
        ("4", "mp", "4.2"),
        ("4", "s", "4.1"),
        ("3", "ps", "3.2"),
        ("3", "mps", "3.3"),
        ("3", "m", "3.1"),
        ("2", "mps", "2.3"),
        ("2", "ms", "2.2"),
        ("2", "p", "2.1"),
    ],
)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_box_names_the_table_the_options_make(
    home: pathlib.Path, lang: str, players: str, suits: str, room: str
) -> None:
    _, scene = open_new_game(home, lang, (1024, 640))
    scene.set_option("players", players)
    scene.set_option("suits", suits)
    box = scene.room_choice
    name = i18n.t(f"room.name.{room}", lang)
    want = name if room in ROOMS else i18n.t("new.room.custom", lang, room=name)
    assert box.value == room and box.label == want
    assert get_font(box.font_size).size(box.label)[0] <= box.rect.w - round(34 * box._scale())


def test_choosing_a_listed_table_leaves_the_custom_one(home: pathlib.Path) -> None:
    h, scene = open_new_game(home, "en", (1280, 800))
    scene.set_option("suits", "ps")  # four players, two suits: not on the list
    assert scene.room_choice.values == [*ROOMS, "4.2"]
    h.shot("new_game_custom_table_en")
    h.choose("room", "3.2")
    assert scene.room() == "3.2" and scene.values["suits"] == "ps"
    assert scene.room_choice.values == list(ROOMS)
    assert scene.room_choice.label == i18n.t("room.name.3.2", "en")


# --- nothing squeezed -----------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_word_is_squeezed_below_a_readable_size(
    home: pathlib.Path, drawn: list[Drawn], lang: str, size: tuple[int, int]
) -> None:
    """Every preset, the whole option list scrolled through, a long value changed (its
    preset's value then shows beside the name): no text is squeezed, none is smaller than
    MIN_HELP, an option's name and the drop-downs' values no smaller than MIN_NAME, and every
    explanation is there whole."""
    h, scene = open_new_game(home, lang, size)
    for preset in TABLE_PRESETS:
        scene.set_preset(preset)
        scene.set_option("suits", "ps" if scene.values["suits"] == "mps" else "mps")
        assert scene.scroll is not None
        offsets = range(0, scene.scroll.max_offset + scene.scroll.rect.h, scene.scroll.rect.h // 2)
        for offset in offsets:
            scene.scroll.offset = min(offset, scene.scroll.max_offset)
            scene._place_rows()
            drawn.clear()
            scene.draw(pygame.display.get_surface())
            for d in drawn:
                assert d.shown == d.size, f"{d.text!r} squeezed to {d.shown:.1f} px ({preset})"
                assert d.size >= MIN_HELP, f"{d.text!r} at {d.size} px ({preset})"
        names = {OPTION_INFO[n].zh if lang == "zh" else OPTION_INFO[n].en for n in scene.row_text}
        for key, words in scene.row_text.items():
            info = OPTION_INFO[key]
            assert words.name_size >= MIN_NAME and words.help_size >= MIN_HELP, key
            assert words.name in names, f"{words.name!r} cut short"
            help_text = info.help_zh if lang == "zh" else info.help_en
            assert "".join(words.help).replace(" ", "") == help_text.replace(" ", ""), key
        for ctl in scene.row_controls.values():
            if isinstance(ctl, Choice):
                size_ = max(MIN_HELP, ctl.font_size)
                assert size_ >= MIN_NAME, ctl.name
                room = ctl.rect.w - round(34 * ctl._scale())  # as Choice.draw insets it
                for label in ctl.labels:
                    assert get_font(size_).size(label)[0] <= room, (ctl.name, label)
    scene.set_preset("standard")
    scene.set_option("suits", "ps")
    scene.set_option("discard_min_fan", "on")
    scene.focus_moved(scene.row_controls["suits"])
    h.shot(f"new_game_fit_{lang}_{size[0]}x{size[1]}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_taller_row_keeps_its_words_apart_and_inside_it(
    home: pathlib.Path, drawn: list[Drawn], lang: str, size: tuple[int, int]
) -> None:
    """A row whose explanation wraps is taller: its lines stay inside it, clear of the next
    row's name and of its own control."""
    _, scene = open_new_game(home, lang, size)
    scene.set_option("suits", "ps")
    assert scene.scroll is not None
    area = scene.scroll.rect
    for kind, key, y, h in scene.rows:
        if kind != "option":
            continue
        scene.scroll.offset = min(y, scene.scroll.max_offset)
        scene._place_rows()
        drawn.clear()
        scene.draw(pygame.display.get_surface())
        top = area.y + y - scene.scroll.offset
        row = pygame.Rect(area.x, top, area.w, h)
        words = scene.row_text[key]
        texts = {text for text in (words.name, words.was, *words.help) if text}
        mine = [d for d in drawn if d.text in texts and area.collidepoint(d.rect.center)]
        assert len(mine) >= 1 + len(words.help), key
        ctl = scene.row_controls[key]
        for d in mine:
            assert row.contains(d.rect), (key, d.text, d.rect, row)
            assert not d.rect.colliderect(ctl.rect), (key, d.text)
