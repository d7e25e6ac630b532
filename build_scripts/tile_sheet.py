"""Render a contact sheet of every tile face, back and state, to look at the art.

    python build_scripts/tile_sheet.py [--out screenshots/tiles.png] [--width 64]

It shows all 27 faces plus the back in both styles, flat variants, states, badges and dice.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game import palette as pal
from game.tile_art import (
    STATES,
    TileArt,
    draw_dice,
    draw_pointer,
    draw_suit_badge,
)


def contact_sheet(tile_w: int = 64) -> pygame.Surface:
    """All faces (3 rows of 9 + back) per style, then flat tiles, states and small pieces."""
    arts = [TileArt(tile_w, "classic"), TileArt(tile_w, "contrast")]
    w, h = arts[0].size
    gap = max(4, tile_w // 8)
    cols = 10
    sheet_w = gap + cols * (w + gap)
    block_h = 3 * (h + gap)
    extra_h = 2 * (h + gap) + tile_w + 3 * gap
    sheet = pygame.Surface((sheet_w, gap + 2 * (block_h + gap) + extra_h))
    sheet.fill(pal.FELT)
    y = gap
    for art in arts:
        for suit in range(3):
            for rank in range(9):
                sheet.blit(
                    art.face(suit * 9 + rank), (gap + rank * (w + gap), y + suit * (h + gap))
                )
        sheet.blit(art.back(), (gap + 9 * (w + gap), y))
        sheet.blit(art.flat_back(), (gap + 9 * (w + gap), y + h + gap))
        y += block_h + gap
    art = arts[0]
    for i, kind in enumerate((0, 13, 22, 18)):
        sheet.blit(art.flat_face(kind), (gap + i * (w + gap), y))
    x = gap + 4 * (w + gap)
    rot = art.rotated(art.flat_face(4), 1)
    sheet.blit(rot, (x, y))
    sheet.blit(art.rotated(art.back(), 3), (x, y + rot.get_height() + gap))
    y += h + gap
    for i, state in enumerate(STATES):
        sheet.blit(art.face(14, state), (gap + i * (w + gap), y))
    x = gap + len(STATES) * (w + gap)
    sheet.blit(draw_pointer(tile_w // 2), (x, y))
    y += h + gap
    for suit in range(3):
        sheet.blit(draw_suit_badge(suit, tile_w), (gap + suit * (tile_w + gap), y))
    for v in range(1, 7):
        sheet.blit(draw_dice(v, tile_w * 3 // 4), (gap + (3 + v) * (tile_w + gap), y))
    return sheet


MIN_WIDTH = 8  # TileArt refuses narrower tiles
MAX_WIDTH = 256  # the sheet is about 11 x 12 tiles: 256 px makes it about 3,300 x 4,800


def _width(text: str) -> int:
    try:
        width = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise argparse.ArgumentTypeError(f"must be {MIN_WIDTH}-{MAX_WIDTH} pixels, got {text}")
    return width


def _out_file(text: str) -> Path:
    """``--out``: a picture's name, in a folder that exists or can be made."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder: name the picture, e.g. tiles.png")
    above = next((p for p in path.parents if p.exists()), Path("."))
    if not above.is_dir():
        raise argparse.ArgumentTypeError(f"{str(above)!r} is a file, not a folder")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=_out_file,
        default=Path("screenshots/tiles.png"),
        metavar="FILE",
        help="the picture to write (default screenshots/tiles.png)",
    )
    parser.add_argument(
        "--width",
        type=_width,
        default=64,
        metavar="PX",
        help=f"tile width in pixels, {MIN_WIDTH}-{MAX_WIDTH} (default 64)",
    )
    args = parser.parse_args(argv)
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(contact_sheet(args.width), str(args.out))
    except OSError as exc:
        print(
            f"{parser.prog}: error: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr
        )
        return 1
    except pygame.error as exc:  # its message names the file: "Couldn't open ...: why"
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.out} (tile width {args.width})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
