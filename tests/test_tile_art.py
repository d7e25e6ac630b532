"""Procedural tile art: every sprite renders at its declared size, all faces differ, caches hold."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pygame
import pytest

from engine.tiles import NUM_KINDS
from game.palette import STYLES
from game.tile_art import (
    STATES,
    TileArt,
    draw_dice,
    draw_pointer,
    draw_suit_badge,
    get_tile_art,
    grey_out,
    highlight,
)

SIZES = (24, 48, 96)
REPO = Path(__file__).resolve().parent.parent


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("width", SIZES)
def test_every_face_renders_at_the_declared_size(width, style):
    art = TileArt(width, style)
    w, h = art.size
    assert w == width and h > w
    assert art.flat_size[0] == width and art.flat_size[1] < h
    digests = set()
    for kind in range(NUM_KINDS):
        face = art.face(kind)
        assert face.get_size() == art.size
        assert art.flat_face(kind).get_size() == art.flat_size
        assert face.get_bounding_rect().w >= width - art.pad
        digests.add(digest(face))
    assert len(digests) == NUM_KINDS, "two kinds share the same picture"
    back = art.back()
    assert back.get_size() == art.size
    assert art.flat_back().get_size() == art.flat_size
    assert digest(back) not in digests


@pytest.mark.parametrize("style", STYLES)
def test_faces_carry_their_art(style):
    """The face centre is not blank ivory: something was drawn on every tile."""
    art = TileArt(48, style)
    blank = art.palette.face_top
    for kind in range(NUM_KINDS):
        face = art.face(kind)
        inner = art.face_rect.inflate(-art.face_rect.w // 3, -art.face_rect.h // 3)
        colours = {
            tuple(face.get_at((x, y)))[:3]
            for x in range(inner.left, inner.right, 2)
            for y in range(inner.top, inner.bottom, 2)
        }
        far_from_ivory = [
            c for c in colours if sum(abs(a - b) for a, b in zip(c, blank, strict=True)) > 120
        ]
        assert far_from_ivory, f"kind {kind} has an empty face"


def test_styles_differ():
    a, b = TileArt(48, "classic"), TileArt(48, "contrast")
    for kind in (0, 9, 18, 26):
        assert digest(a.face(kind)) != digest(b.face(kind))
    with pytest.raises(ValueError, match="unknown tile style"):
        TileArt(48, "neon")


def test_caching_returns_the_same_objects():
    art = get_tile_art(40)
    assert get_tile_art(40) is art
    assert get_tile_art(40, "contrast") is not art
    assert art.face(5) is art.face(5)
    assert art.flat_face(5) is art.flat_face(5)
    assert art.back() is art.back()
    assert art.face(5, "selected") is art.face(5, "selected")
    turned = art.rotated(art.flat_face(5), 1)
    assert art.rotated(art.flat_face(5), 1) is turned
    assert art.rotated(art.flat_face(5), 0) is art.flat_face(5)


def test_rotation_swaps_width_and_height():
    art = TileArt(48)
    flat = art.flat_face(3)
    for q in (1, 3, -1, 5):
        assert art.rotated(flat, q).get_size() == (flat.get_height(), flat.get_width())
    assert art.rotated(flat, 2).get_size() == flat.get_size()


def test_states_change_the_picture():
    art = TileArt(48)
    normal = digest(art.face(7))
    seen = {normal}
    for state in STATES[1:]:
        img = art.face(7, state)
        assert img.get_size() == art.size
        seen.add(digest(img))
    assert len(seen) == len(STATES)
    with pytest.raises(ValueError, match="unknown tile state"):
        art.face(7, "glowing")
    assert digest(highlight(art.flat_face(7))) != digest(art.flat_face(7))
    assert digest(grey_out(art.back())) != digest(art.back())


def test_bad_arguments():
    with pytest.raises(ValueError):
        TileArt(4)
    with pytest.raises(ValueError):
        TileArt(48).face(27)
    with pytest.raises(ValueError):
        draw_dice(7, 32)


def test_badges_dice_and_pointer():
    badges = {digest(draw_suit_badge(s, 40)) for s in range(3)}
    assert len(badges) == 3
    dice = [draw_dice(v, 32) for v in range(1, 7)]
    assert all(d.get_size() == (32, 32) for d in dice)
    assert len({digest(d) for d in dice}) == 6
    assert draw_suit_badge(0, 40) is draw_suit_badge(0, 40)
    assert draw_pointer(24).get_width() == 24


def test_no_pygame_init_at_import():
    import subprocess
    import sys

    code = (
        "import pygame, game.tile_art, game.fonts, game.palette, game.resources;"
        "assert not pygame.get_init() and not pygame.font.get_init()"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_contact_sheet_is_saved():
    """Writes screenshots/tiles.png (all faces + backs, both styles) for a person to look at."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "tile_sheet", REPO / "build_scripts" / "tile_sheet.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = REPO / "screenshots" / "tiles.png"
    assert module.main(["--out", str(out), "--width", "64"]) == 0
    assert out.stat().st_size > 10_000
