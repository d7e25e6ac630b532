"""The screens at the window sizes players have beyond the two reference ones — the common
laptop 1366x768, 1280x720, 1440x900, 1600x900, 2560x1440 and the squarer 1280x1024 — with
the reference sizes kept as they were."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pygame
import pytest
from test_menus import MenuHarness

from engine.round import TABLE_PLACES
from game import i18n
from game.scenes.new_game import NewGameScene
from game.settings import TABLE_PRESETS
from game.table.layout import Layout
from game.ui.draw import clear_caches

SEP = " · "

PLAYER_SIZES = [(1366, 768), (1280, 720), (1440, 900), (1600, 900), (2560, 1440), (1280, 1024)]
REFERENCE = [(1024, 640), (1280, 800), (1920, 1080)]


def _side_columns(lay: Layout) -> dict[int, pygame.Rect]:
    """The left and right seats' columns of fourteen standing tiles (the widest they get
    across: melds lie in the same column)."""
    span = 14 * lay.opp_step
    columns = {}
    for pos in (1, 3):
        x, _ = lay.opp_hand_origin(pos, 14)
        columns[pos] = pygame.Rect(x, lay.center[1] - span // 2, lay.opp_h, span)
    return columns


@pytest.mark.parametrize("size", PLAYER_SIZES + REFERENCE)
@pytest.mark.parametrize("players", [4, 3])
def test_side_seat_panels_stand_clear_of_their_columns(size: tuple[int, int], players: int) -> None:
    """A side seat's panel sits beside its column with a visible gap: at 1440x900 the ring's
    tiles (rounded up at that scale) pushed the left seat's column to 1 px from its panel,
    its tiles touching the panel's frame."""
    lay = Layout.compute(*size, players=players)
    columns = _side_columns(lay)
    places = TABLE_PLACES[players]
    gap = lay.px(6)
    if 3 in places:
        assert columns[3].left - lay.panels[3].right >= gap, (size, lay.panels[3], columns[3])
    if 1 in places:
        for panel in (lay.panels[1], lay.panel_right_free):
            if panel.top < columns[1].bottom and panel.bottom > columns[1].top:
                assert panel.left - columns[1].right >= gap, (size, panel, columns[1])


@pytest.mark.parametrize("size", REFERENCE)
def test_reference_sizes_keep_their_column_gap(size: tuple[int, int]) -> None:
    """The fix above narrows the wall-to-column gap only where the panels need it: at the
    reference sizes the columns stand where they stood."""
    lay = Layout.compute(*size)
    assert lay.px(lay.column_gap) == lay.px(70)


# --- the new-game screen: the preset's summary ------------------------------------------------


@pytest.fixture
def home(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pathlib.Path]:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    clear_caches()
    yield tmp_path
    clear_caches()
    pygame.quit()


@pytest.mark.parametrize("size", PLAYER_SIZES + REFERENCE, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_preset_summary_on_two_lines_breaks_between_its_points(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """A summary too long for one line breaks at a " · ", each point whole on its line: at
    1366x768 and 1280x720 Standard's ended "self-draw" / "+base", its last point split."""
    h = MenuHarness(home, lang, size)
    for preset in TABLE_PRESETS:
        scene = NewGameScene(h.ctx)
        h.stack.push(scene)
        scene.set_preset(preset)
        h.pump()
        lines, _ = scene.preset_desc
        points = i18n.t(f"preset.desc.{preset}", lang).split(SEP)
        if len(lines) > 1 and not lines[-1].endswith(("…", "...")):
            shown = [part for line in lines for part in line.split(SEP)]
            assert shown == points, (preset, lines)
        h.stack.pop()
