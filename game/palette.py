"""Every colour the game draws with, in one place.

Table and UI colours are module constants. Tile faces come in two styles, each a
:class:`TilePalette`: ``"classic"`` (ivory, the red/green/blue of a real set) and
``"contrast"`` (white faces, darker inks, and dots/sticks told apart by shape and lightness
as well as hue, for colour-blind players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BADGE_COLOURS",
    "DICE_FACE",
    "DICE_PIP",
    "DICE_PIP_RED",
    "FELT",
    "FELT_DARK",
    "FELT_LIGHT",
    "GOLD",
    "GOLD_DARK",
    "GOLD_LIGHT",
    "GREY_TINT",
    "HIGHLIGHT",
    "HINT",
    "IVORY_TEXT",
    "PALETTES",
    "POINTER",
    "SHADOW",
    "STYLES",
    "UI_TEXT",
    "UI_TEXT_DIM",
    "WOOD",
    "WOOD_DARK",
    "WOOD_LIGHT",
    "Colour",
    "DotMark",
    "StickMark",
    "TilePalette",
    "tile_palette",
]

Colour = tuple[int, int, int]
ColourA = tuple[int, int, int, int]

# --- table and UI ------------------------------------------------------------------------
FELT: Colour = (22, 92, 64)  # deep green baize
FELT_LIGHT: Colour = (34, 118, 82)  # centre glow of the felt
FELT_DARK: Colour = (12, 60, 42)  # felt edge vignette
WOOD: Colour = (92, 52, 28)  # table rim
WOOD_LIGHT: Colour = (134, 82, 44)
WOOD_DARK: Colour = (52, 28, 14)
GOLD: Colour = (212, 170, 78)  # accents, borders
GOLD_LIGHT: Colour = (246, 214, 128)
GOLD_DARK: Colour = (150, 112, 40)
IVORY_TEXT: Colour = (246, 238, 214)  # text on felt and wood
UI_TEXT: Colour = IVORY_TEXT
UI_TEXT_DIM: Colour = (190, 182, 160)

HIGHLIGHT: Colour = (255, 214, 90)  # selected tile outline
HINT: Colour = (110, 200, 255)  # tiles suggested by the helper
POINTER: Colour = (255, 196, 40)  # golden arrow over the latest discard
SHADOW: ColourA = (0, 0, 0, 110)  # soft drop shadow under tiles
GREY_TINT: Colour = (140, 140, 140)  # multiply tint for tiles that cannot be played

DICE_FACE: Colour = (250, 246, 236)
DICE_PIP: Colour = (30, 30, 36)
DICE_PIP_RED: Colour = (200, 30, 36)  # the 1 and 4 of Chinese dice are red

# 定缺 badges: 万 red, 筒 blue, 条 green (suit index order m, p, s)
BADGE_COLOURS: tuple[Colour, Colour, Colour] = ((190, 36, 36), (32, 84, 168), (28, 128, 64))


# --- tile faces --------------------------------------------------------------------------
DotMark = Literal["classic", "solid", "ring", "outlined"]
StickMark = Literal["classic", "solid", "outlined"]
STYLES: tuple[str, ...] = ("classic", "contrast")


@dataclass(frozen=True, slots=True)
class TilePalette:
    """The colours (and, for the contrast style, mark shapes) of one tile-face style."""

    face_top: Colour  # face gradient, lit edge
    face_bottom: Colour  # face gradient, far edge
    face_edge: Colour  # thin outline around the face
    ivory_side: Colour  # the ivory layer seen in the tile's thickness
    ivory_side_dark: Colour
    back_top: Colour  # green back
    back_bottom: Colour
    back_edge: Colour
    back_side: Colour  # green layer seen in the thickness
    back_side_dark: Colour
    outline: Colour  # outermost line around the whole tile
    numeral: Colour  # 一…九 on 万 tiles
    wan: Colour  # 萬
    index: Colour | None  # small rank digit in the corner (None: not drawn)
    dot_blue: Colour
    dot_green: Colour
    dot_red: Colour
    dot_inner: Colour  # rings inside dots
    stick_green: Colour
    stick_green_dark: Colour
    stick_red: Colour
    stick_red_dark: Colour
    stick_light: Colour  # highlight stripe on sticks
    bird_body: Colour
    bird_wing: Colour
    bird_breast: Colour
    bird_tail: Colour
    bird_accent: Colour  # crest, tail eyes
    bird_beak: Colour
    # How each dot colour is drawn: "classic" concentric rings, or (contrast) distinct shapes.
    blue_mark: DotMark
    green_mark: DotMark
    red_mark: DotMark
    green_stick: StickMark
    red_stick: StickMark


CLASSIC = TilePalette(
    face_top=(255, 252, 240),
    face_bottom=(240, 230, 206),
    face_edge=(196, 182, 150),
    ivory_side=(236, 226, 198),
    ivory_side_dark=(204, 190, 156),
    back_top=(42, 148, 96),
    back_bottom=(20, 104, 66),
    back_edge=(14, 74, 46),
    back_side=(26, 116, 74),
    back_side_dark=(14, 78, 50),
    outline=(60, 54, 40),
    numeral=(28, 28, 40),
    wan=(196, 28, 34),
    index=None,
    dot_blue=(30, 78, 160),
    dot_green=(24, 130, 72),
    dot_red=(200, 36, 40),
    dot_inner=(255, 250, 236),
    stick_green=(30, 140, 76),
    stick_green_dark=(14, 86, 44),
    stick_red=(206, 44, 44),
    stick_red_dark=(130, 20, 24),
    stick_light=(150, 220, 160),
    bird_body=(34, 140, 84),
    bird_wing=(20, 96, 60),
    bird_breast=(238, 196, 70),
    bird_tail=(30, 110, 150),
    bird_accent=(206, 36, 40),
    bird_beak=(232, 150, 40),
    blue_mark="classic",
    green_mark="classic",
    red_mark="classic",
    green_stick="classic",
    red_stick="classic",
)

# Contrast: pure white faces, darker inks, and one look per colour role that survives
# red–green colour blindness and greyscale — navy = solid disc, green = ring with an
# empty centre, red = light disc with a heavy dark outline; green sticks solid, red sticks
# outlined and hatched. A small rank digit sits in the corner (tiles 36 px and wider).
CONTRAST = TilePalette(
    face_top=(255, 255, 255),
    face_bottom=(246, 244, 238),
    face_edge=(70, 70, 70),
    ivory_side=(226, 224, 216),
    ivory_side_dark=(170, 168, 160),
    back_top=(30, 110, 150),
    back_bottom=(16, 70, 104),
    back_edge=(6, 34, 54),
    back_side=(20, 84, 120),
    back_side_dark=(8, 48, 72),
    outline=(0, 0, 0),
    numeral=(0, 0, 0),
    wan=(170, 0, 20),
    index=(0, 0, 0),
    dot_blue=(10, 24, 96),
    dot_green=(0, 110, 70),
    dot_red=(232, 96, 40),
    dot_inner=(255, 255, 255),
    stick_green=(0, 96, 56),
    stick_green_dark=(0, 40, 20),
    stick_red=(236, 110, 40),
    stick_red_dark=(110, 20, 0),
    stick_light=(120, 200, 150),
    bird_body=(0, 100, 60),
    bird_wing=(0, 50, 30),
    bird_breast=(250, 200, 40),
    bird_tail=(10, 24, 96),
    bird_accent=(220, 60, 20),
    bird_beak=(240, 150, 0),
    blue_mark="solid",
    green_mark="ring",
    red_mark="outlined",
    green_stick="solid",
    red_stick="outlined",
)

PALETTES: dict[str, TilePalette] = {"classic": CLASSIC, "contrast": CONTRAST}


def tile_palette(style: str) -> TilePalette:
    """The palette of a style name; ``ValueError`` naming the valid styles otherwise."""
    try:
        return PALETTES[style]
    except KeyError:
        raise ValueError(f"unknown tile style {style!r}: expected one of {STYLES}") from None
