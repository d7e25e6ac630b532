"""The item bar's panels keep apart at every window size and in both languages: a refusal
toast never lies over the result panel or the picker, the result panel holds its lines, its
tile row and its "OK", and the 偷天换日 picker's note on a greyed kind never covers the
picker's title. Each test draws the real table's bar and reads where things went."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import pairwise

import pygame
import pytest
from test_game_support import DT, BlitRecorder, post_click, running_app, table_of

from engine.items import ItemResult, refusal_for
from engine.tiles import parse_tile
from game import palette as pal
from game.i18n import t
from game.table.item_bar import _PANEL_BG, _TOAST_BG, ItemBar
from game.table.items import ItemsOverlay

WINDOWS = [(1024, 640), (1920, 1080)]
LANGS = ["zh", "en"]

RESULTS = {
    # three lines in English at 1024×640: its tile ran past the panel's bottom border
    "qian_li_yan": ItemResult("qian_li_yan", 0, 55, tile=parse_tile("8s"), sixths=(0, 5, 5, 5)),
    "tou_tian": ItemResult("tou_tian", 0, 55, tile=parse_tile("9s"), given=parse_tile("5s")),
    "shun_feng_er": ItemResult("shun_feng_er", 0, 55, tile=parse_tile("9s")),
    "jin_shou_zhi": ItemResult("jin_shou_zhi", 0, 55),
    "qian_kun": ItemResult("qian_kun", 0, 55, suit=2),
}


@contextmanager
def table_bar(window: tuple[int, int], lang: str) -> Iterator[ItemBar]:
    """The item bar of a fresh table at ``window`` in ``lang``, the 乾坤大挪移 question
    answered."""
    with running_app(preset="standard", seed=3, window=window, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        bar = table.overlay(ItemsOverlay).bar
        assert bar is not None
        for _ in range(2):
            app.step(DT)
        if bar.prompt is not None:
            post_click(bar.prompt_button(accept=False))
        for _ in range(3):
            app.step(DT)
        assert bar.prompt is None and bar.layout.w == window[0]
        yield bar


def _plates(bar: ItemBar, monkeypatch: pytest.MonkeyPatch) -> list[tuple[pygame.Rect, tuple]]:
    """Every plate the bar draws from now on: (rect, fill)."""
    plates: list[tuple[pygame.Rect, tuple]] = []
    plate = bar._plate

    def noting(surface, rect, fill, border=pal.GOLD):  # type: ignore[no-untyped-def]
        plates.append((pygame.Rect(rect), tuple(fill)))
        plate(surface, rect, fill, border)

    monkeypatch.setattr(bar, "_plate", noting)
    return plates


def _toasts(plates: Sequence[tuple[pygame.Rect, tuple]]) -> list[pygame.Rect]:
    return [rect for rect, fill in plates if fill[:3] == _TOAST_BG[:3]]


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_refusal_toasts_never_lie_over_the_result_panel(
    monkeypatch: pytest.MonkeyPatch, lang: str, window: tuple[int, int]
) -> None:
    """The English refusal wraps to two lines: its second sat over the panel's header."""
    with table_bar(window, lang) as bar:
        screen = pygame.Rect(0, 0, *window)
        plates = _plates(bar, monkeypatch)
        for toasts in (1, 3):  # one refusal; three notices at once
            bar.toasts = []
            for _ in range(toasts):
                bar.refused("tou_tian", refusal_for("no_live_copy", "tou_tian", 0))
            for item, result in RESULTS.items():
                bar.show_result(result)
                plates.clear()
                bar.draw(pygame.Surface(window))
                panel = bar._result_rect()
                assert (panel, _PANEL_BG) in plates
                shown = _toasts(plates)
                assert shown, (item, toasts)  # the newest refusal is always shown
                for rect in shown:
                    assert screen.contains(rect)
                    assert not rect.colliderect(panel), (item, toasts, rect, panel)
                assert not any(a.colliderect(b) for i, a in enumerate(shown) for b in shown[:i])
        # and none over the kind picker either (a notice while picking)
        bar.result = None
        bar.picking, bar.mode = "qian_li_yan", "kind"
        plates.clear()
        bar.draw(pygame.Surface(window))
        box = bar._picker_rects()["box"]
        assert _toasts(plates) and not any(r.colliderect(box) for r in _toasts(plates))


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_result_panel_holds_its_text_tiles_and_ok(lang: str, window: tuple[int, int]) -> None:
    """The panel was sized by font_normal + 6 a line and drawn by the text's real height:
    at 1024×640 a three-line 千里眼 answer pushed its tile past the bottom border and
    "OK" onto the last line."""
    with table_bar(window, lang) as bar:
        lay = bar.layout
        ok = bar._txt(t("items.close", lang), lay.font_small, pal.UI_TEXT_DIM)
        for item, result in RESULTS.items():
            bar.show_result(result)
            bar.result_age = 10.0  # the swap's tile turned over
            rec = BlitRecorder(window)
            bar._draw_result(rec)
            panel = bar._result_rect()
            plate, *drawn = [rect for _, rect in rec.blits]
            assert plate == panel
            for rect in drawn:
                assert panel.contains(rect), (item, rect, panel)
            texts = [
                bar._txt(line, lay.font_normal, pal.IVORY_TEXT, True)
                for line in bar._result_lines(panel.w - lay.px(28))
            ]
            at = [i for i, (img, _) in enumerate(rec.blits) if any(img is x for x in texts)]
            assert len(at) == len(texts)
            lines = [rec.blits[i][1] for i in at]
            assert all(a.bottom <= b.top for a, b in pairwise(lines))
            below = [rect for _, rect in rec.blits[at[-1] + 1 :]]  # the tile row, the "OK"
            assert all(rect.top >= lines[-1].bottom for rect in below), (item, below)
            close = next(rect for img, rect in rec.blits if img is ok)
            others = [rect for img, rect in rec.blits[1:] if img is not ok]
            assert all(close.top >= rect.bottom for rect in others), (item, close, others)


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_greyed_kinds_note_keeps_off_the_pickers_title(
    lang: str, window: tuple[int, int]
) -> None:
    """ "牌墙里没有" on a greyed kind of the first row covered the 偷天换日 picker's title."""
    with table_bar(window, lang) as bar:
        lay = bar.layout
        bar.picking, bar.mode, bar.give = "tou_tian", "want", parse_tile("5s")
        first, last = parse_tile("1m"), parse_tile("9m")  # the first row's two ends
        bar.live = frozenset(range(27)) - {first, last}
        box = bar._picker_rects()["box"]
        title = [
            bar._txt(line, lay.font_normal, pal.GOLD_LIGHT, True)
            for line in bar._picker_title(box.w)
        ]
        note = bar._txt(t("items.no_live", lang), lay.font_small, (255, 160, 140))
        for kind in (first, last):
            bar.mouse = bar.kind_center(kind)
            rec = BlitRecorder(window)
            bar._draw_picker(rec)
            (tip,) = [rect for img, rect in rec.blits if img is note]
            plate = tip.inflate(lay.px(8), lay.px(4))
            heads = [rect for img, rect in rec.blits if any(img is line for line in title)]
            assert len(heads) == len(title)
            assert box.contains(plate), (kind, plate, box)
            assert not any(plate.colliderect(head) for head in heads), (kind, plate, heads)
            assert not plate.colliderect(bar._picker_rects()[kind])  # nor its own tile


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
def test_an_items_picker_does_not_open_over_the_last_result(
    monkeypatch: pytest.MonkeyPatch, lang: str, window: tuple[int, int]
) -> None:
    """乾坤大挪移's answer stayed open under the 偷天换日 / 千里眼 picker: its frame, icon
    and first line showed round the picker's edges (taller and wider than it at 1920×1080)."""
    with table_bar(window, lang) as bar:
        plates = _plates(bar, monkeypatch)
        for item, hand_tile in (("qian_li_yan", None), ("tou_tian", parse_tile("5s"))):
            bar.show_result(RESULTS["qian_kun"])
            bar.offered = set(bar.offered) | {item}  # its moment: the player's turn
            bar.counts[item] = 1
            bar.press(item)
            if hand_tile is not None:
                bar.give_tile(hand_tile)
            assert bar.mode in ("want", "kind")
            plates.clear()
            bar.draw(pygame.Surface(window))
            box = bar._picker_rects()["box"]
            under = [rect for rect, _ in plates if rect != box and rect.colliderect(box)]
            assert not under, (item, under, box)
            bar.cancel()
