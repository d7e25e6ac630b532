"""The replay viewer's table is laid out with a column of its own for the review and the
controls (``game.table.layout.viewer_layout``): their boxes cover no seat's tiles, melds or
wall stacks at any window size and seat count, are opaque and as tall as what they show."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from test_game_support import DT
from test_replay_viewer import played_hand

from engine.replay import record
from engine.round import TABLE_PLACES
from game.app import App, Settings
from game.nav import Navigator
from game.replays import save_replay
from game.table.layout import Layout, viewer_layout
from game.table.replay import ReplayControls
from game.table.review_panel import ReviewPanel
from game.table.scene import TableScene
from game.ui.text import wrap_text

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080)]
PRESETS = ["standard", "sanren_liangfang", "liangren"]


def _walls(lay: Layout) -> list[pygame.Rect]:
    return [lay.wall_stack_rect(p, s) for p in range(4) for s in range(lay.wall_stacks[p])]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [4, 3, 2])
def test_the_viewers_column_is_clear_of_the_table(size: tuple[int, int], players: int) -> None:
    """The column leaves every wall stack, seat panel and seat's line of tiles alone, and
    the line of the seat at the right ends left of it."""
    tiles = 72 if players == 2 else 108
    lay = viewer_layout(*size, players, tiles)
    side = lay.side
    assert side.w > 0 and pygame.Rect(0, 0, *size).contains(side)
    assert not any(side.colliderect(r) for r in _walls(lay))
    places = TABLE_PLACES[players]
    for pos in places:
        assert not side.colliderect(lay.panels[pos]), pos
    assert not lay.toolbar.colliderect(side) and lay.toolbar.right <= size[0]
    if 1 in places:  # the right seat's column runs left of the viewer's
        assert lay.opp_hand_origin(1, 1)[0] + lay.opp_h < side.x
    if 3 in places:
        assert lay.opp_hand_origin(3, 1)[0] >= 0
    assert side.bottom < lay.hand_y  # the bottom hand runs under it


@contextmanager
def _viewer(preset: str, size: tuple[int, int], lang: str) -> Iterator[tuple[App, TableScene]]:
    path = save_replay(record(played_hand(41, preset)), keep=5, human=0, hand_no=1, preset=preset)
    assert path is not None
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)
    try:
        yield app, Navigator(app).watch_replay(path)
    finally:
        app.close()


def _overlays(viewer: TableScene) -> tuple[ReplayControls, ReviewPanel]:
    ctl, review = viewer.overlay(ReplayControls), viewer.overlay(ReviewPanel)
    assert isinstance(ctl, ReplayControls) and isinstance(review, ReviewPanel)
    return ctl, review


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", PRESETS)
def test_the_boxes_cover_no_tiles_at_the_start_middle_and_end(
    size: tuple[int, int], preset: str
) -> None:
    """The review and the controls covered the right seat's column and wall, its revealed
    hand too (1024×640 to 1920×1080)."""
    with _viewer(preset, size, "en") as (app, viewer):
        ctl, review = _overlays(viewer)
        total = ctl.controller.total
        for step in (0, total // 2, total):
            ctl.seek(step)
            if not ctl.reveal:
                ctl.on_control("reveal")
            for _ in range(3):
                app.step(DT)
            while app.stack.top is not viewer:  # the settlement over the table at the end
                app.stack.pop()
                app.step(DT)
            lay = viewer.layout
            boxes = [ctl.box(), review.box()]
            assert not boxes[0].colliderect(boxes[1])
            assert all(lay.side.contains(b) for b in boxes)
            tiles = list(viewer.painter.columns.values()) + [s.rect for s in viewer.model.slots]
            drawn = lay.tiles - viewer.model.view.wall_remaining
            assert drawn < lay.tiles and tiles
            tiles += _walls(lay)
            for box in boxes:
                hits = [r for r in tiles if r.colliderect(box)]
                assert not hits, (step, box, hits)
            for pos, panel in enumerate(viewer.model.panels):
                if pos in TABLE_PLACES[lay.players]:
                    assert not any(panel.colliderect(b) for b in boxes), pos
            assert not any(n.colliderect(b) for n in viewer.painter.notes.boxes() for b in boxes)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_boxes_are_opaque_and_the_review_as_tall_as_its_words(lang: str) -> None:
    """They were see-through (the tiles' edges showed behind the words), and before the
    review the box was far taller than its two lines."""
    with _viewer("standard", (1024, 640), lang) as (app, viewer):
        app.step(DT)
        ctl, review = _overlays(viewer)
        lay = viewer.layout
        for overlay in (ctl, review):
            box = overlay.box()
            at = (box.x + lay.px(5), box.centery)  # inside the edge, left of any word
            seen = []
            for under in ((255, 255, 255), (0, 0, 0)):
                surface = pygame.Surface((lay.w, lay.h))
                surface.fill(under)
                overlay.draw(surface)
                seen.append(surface.get_at(at))
            assert seen[0] == seen[1], (type(overlay).__name__, seen)
        intro = wrap_text(i18n_intro(lang), max(12, lay.px(14)), review.box().w - lay.px(20))
        assert review.box().h <= lay.px(40) + len(intro) * lay.px(19) + lay.px(12)


def i18n_intro(lang: str) -> str:
    from game.i18n import t

    return t("review.intro", lang)
