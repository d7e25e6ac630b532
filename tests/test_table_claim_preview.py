"""The claim preview (the hovered 胡 / 碰 / 杠 button's text) lies clear of every seat's
tiles, panel and note: in a 血流成河 hand the right seat's column of won tiles runs down to
the claim row, and the preview was drawn over it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pygame
import pytest
from test_game_support import widest_toolbar_table
from test_xueliu_columns import MOST, ROOMS, _lines

import game.table.painter as painter_module
from engine.actions import Action, ActionKind
from engine.tiles import tile_name
from game import i18n
from game.table.geometry import clear_of
from game.table.scene import TableScene

WINDOWS = [(1024, 640), (1280, 800), (1366, 768), (1900, 640), (1920, 1080)]


def _long_preview(lang: str) -> str:
    """A 碰 preview as long as they come: the longest tile name to discard, then eight
    winning tiles by their longest names (each unbroken, as ``claim_preview`` has them)."""
    names = sorted((tile_name(k, lang) for k in range(27)), key=len, reverse=True)
    names = [name.replace(" ", "\u00a0") for name in names]
    head = i18n.t("preview.pong_then", lang, tile=names[0])
    return head + i18n.t("hint.waits", lang) + " ".join(names[:8])


def _hover(table: TableScene) -> None:
    """A 碰 on offer, the pointer on its button (the rightmost of the claim row)."""
    m = table.model
    lay = table.layout
    tile = 9 * m.view.rules.kept_suits[0] + 4
    m.view = dataclasses.replace(m.view, claim_tile=tile)
    pong = Action(ActionKind.PONG, m.bottom, tile)
    m.legal = [pong]
    m.hides_hand = False
    button = pygame.Rect(0, 0, lay.px(110), lay.buttons.h)
    button.bottomright = lay.buttons.bottomright
    table.painter.claim_left = button.x
    table.painter.claim_hover = (pong, button)


def _cases() -> Iterator[tuple[int, int, int, bool]]:
    for melds, (wins, kinds) in MOST.items():
        for revealed in (False, True):
            yield melds, wins, kinds, revealed


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_claim_preview_lies_clear_of_every_seats_tiles_and_panel(
    players: int, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _long_preview(lang)
    monkeypatch.setattr(painter_module, "claim_preview", lambda view, action, lang: text)
    preset, overrides = ROOMS[players]
    with widest_toolbar_table(preset, overrides, lang, WINDOWS[0], monkeypatch, seed=5) as table:
        problems: list[str] = []
        for size in WINDOWS:
            table.app.resize(size)
            lay = table.layout
            m = table.model
            screen = pygame.Rect(0, 0, *size)
            for melds, wins, kinds, revealed in _cases():
                case = f"{size} melds={melds} wins={wins}/{kinds} revealed={revealed}"
                lines = _lines(table, melds, wins, kinds, revealed)
                _hover(table)
                table.painter.draw(table.app.screen)
                box = table.painter.preview_box
                assert box is not None, case
                # inside the felt, clear of the window's wood rim (at three seats and
                # 1024×640 it was drawn onto the rim, at x = 1020)
                if not screen.inflate(-2 * lay.px(10), -2 * lay.px(10)).contains(box):
                    problems.append(f"{case}: the preview {box} on the window's rim")
                for pos, rects in lines.items():
                    hit = box.collidelist(rects)
                    if hit != -1:
                        problems.append(f"{case}: the preview {box} over seat {pos}'s {rects[hit]}")
                places = {lay.place(seat, m.bottom) for seat in range(m.players)}
                for rect in [m.panels[pos] for pos in places] + table.painter.notes.boxes():
                    if box.colliderect(rect):
                        problems.append(f"{case}: the preview {box} over a panel or note {rect}")
        assert not problems, "\n".join(problems[:30])


def test_a_box_moves_left_of_what_it_lies_over_then_above_then_stays() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    box = pygame.Rect(250, 200, 100, 20)
    column = pygame.Rect(300, 0, 30, 260)
    assert clear_of(box, [column], bounds, 6) == pygame.Rect(194, 200, 100, 20)
    assert clear_of(box, [], bounds, 6) == box
    wall = pygame.Rect(0, 190, 330, 40)  # no room to its left: above it
    assert clear_of(box, [wall], bounds, 6) == pygame.Rect(250, 164, 100, 20)
    everywhere = pygame.Rect(bounds)
    assert clear_of(pygame.Rect(350, 290, 100, 20), [everywhere], bounds, 6) == pygame.Rect(
        300, 280, 100, 20
    )  # nowhere clear: inside the window, where it was asked
