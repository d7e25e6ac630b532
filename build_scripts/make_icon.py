"""Render the application icon from the game's own tile art, headless, without Pillow.

    python build_scripts/make_icon.py [--out DIR] [--tile 1s] [--style classic]

writes four files into the folder DIR (default ``build/icon``), made if missing:

* ``icon.png`` — 1024 px, for Linux desktop files and the README;
* ``icon.ico`` — Windows, PNG-compressed entries 16–256 px (Windows Vista and later);
* ``icon.icns`` — macOS, PNG-compressed entries 16–1024 px;
* ``icon.iconset/`` — the same pictures under the names ``iconutil -c icns`` expects.

PyInstaller takes .ico and .icns files as they are and only needs Pillow to convert other
formats, so writing both containers here keeps Pillow out of the build and the game.
The default picture is 1条, the bird of the bamboo suit, on the table's felt: the window's
icon, drawn by the same function (game.ui.draw.window_icon).
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from _args import out_folder

ROOT = Path(__file__).resolve().parent.parent
MASTER_SIZE = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # 256 is the largest size an ICO entry can hold
# macOS icon types that hold PNG data, by pixel size (https://en.wikipedia.org/wiki/Apple_Icon_Image_format).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512 pt @2x
    (b"ic11", 32),  # 16 pt @2x
    (b"ic12", 64),  # 32 pt @2x
    (b"ic13", 256),  # 128 pt @2x
    (b"ic14", 512),  # 256 pt @2x
)
ICONSET_POINTS = (16, 32, 128, 256, 512)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

if TYPE_CHECKING:  # pygame is imported when rendering, not at import time
    import pygame


@dataclass(frozen=True)
class IconFiles:
    png: Path
    ico: Path
    icns: Path
    iconset: Path


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk; ValueError if ``data`` is not a PNG."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise ValueError(f"not a PNG image (starts with {data[:16]!r})")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file holding one PNG-compressed image per size (size -> PNG bytes, size <= 256).

    Layout: ICONDIR (reserved 0, type 1, count), one 16-byte ICONDIRENTRY per image (width and
    height with 0 meaning 256, colour count, reserved, planes, bits per pixel, byte count,
    offset), then the image data.
    """
    sizes = sorted(pngs)
    if not sizes:
        raise ValueError("an ICO needs at least one image")
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    for size in sizes:
        data = pngs[size]
        if png_size(data) != (size, size):
            raise ValueError(f"ICO image for size {size} is {png_size(data)}")
        if not 1 <= size <= 256:
            raise ValueError(f"ICO images are 1-256 px, not {size}")
        dim = size % 256  # 256 is stored as 0
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(pngs[size] for size in sizes)


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICNS file with a PNG entry for every icon type whose pixel size is in ``pngs``.

    Layout: magic ``icns`` and the total length, then per entry its four-letter type and its
    length (both big-endian, lengths counting their 8-byte headers) followed by the PNG.
    """
    body = b""
    for icon_type, size in ICNS_TYPES:
        data = pngs.get(size)
        if data is None:
            continue
        if png_size(data) != (size, size):
            raise ValueError(f"ICNS image for size {size} is {png_size(data)}")
        body += icon_type + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise ValueError(f"no ICNS icon type matches the sizes {sorted(pngs)}")
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def _init_pygame_headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))  # tile art may convert() its surfaces


def _import_the_game() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # run as a script from a source checkout


def render_master(tile: str = "1s", style: str = "classic") -> pygame.Surface:
    """The icon at MASTER_SIZE px: the picture the game gives its window
    (:func:`game.ui.draw.window_icon`, the one function that draws it), of ``tile``."""
    _import_the_game()
    from engine.tiles import parse_tile
    from game.ui.draw import window_icon

    _init_pygame_headless()
    return window_icon(MASTER_SIZE, parse_tile(tile), style)


def scaled_pngs(master: pygame.Surface, sizes: Sequence[int]) -> dict[int, bytes]:
    """PNG bytes of ``master`` smooth-scaled to each size (halving first keeps small ones crisp)."""
    import pygame

    pngs: dict[int, bytes] = {}
    for size in sorted(set(sizes), reverse=True):
        picture = master
        while picture.get_width() >= 2 * size:
            half = picture.get_width() // 2
            picture = pygame.transform.smoothscale(picture, (half, half))
        if picture.get_width() != size:
            picture = pygame.transform.smoothscale(picture, (size, size))
        buffer = io.BytesIO()
        pygame.image.save(picture, buffer, "icon.png")
        pngs[size] = buffer.getvalue()
    return pngs


def write_icons(master: pygame.Surface, out_dir: Path) -> IconFiles:
    """Write icon.png, icon.ico, icon.icns and icon.iconset/ for ``master`` into ``out_dir``."""
    sizes = {*ICO_SIZES, *(s for _, s in ICNS_TYPES), MASTER_SIZE}
    pngs = scaled_pngs(master, sorted(sizes))
    out_dir.mkdir(parents=True, exist_ok=True)
    files = IconFiles(
        png=out_dir / "icon.png",
        ico=out_dir / "icon.ico",
        icns=out_dir / "icon.icns",
        iconset=out_dir / "icon.iconset",
    )
    files.png.write_bytes(pngs[MASTER_SIZE])
    files.ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    files.icns.write_bytes(icns_bytes(pngs))
    files.iconset.mkdir(exist_ok=True)
    for points in ICONSET_POINTS:
        (files.iconset / f"icon_{points}x{points}.png").write_bytes(pngs[points])
        (files.iconset / f"icon_{points}x{points}@2x.png").write_bytes(pngs[2 * points])
    return files


def _tile(text: str) -> str:
    """``--tile``: one tile in the notation (``1s``), checked before anything is drawn."""
    from engine.tiles import parse_tile

    try:
        parse_tile(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _out_folder(text: str) -> Path:
    """``--out``: the folder the four files go into, not a file's name (``icon.png`` made a
    folder of that name) nor an existing file."""
    path = Path(text)
    if path.suffix.lower() in {".png", ".ico", ".icns"}:
        raise argparse.ArgumentTypeError(
            f"{text!r} is a file name: --out is the folder that icon.png, icon.ico, "
            "icon.icns and icon.iconset/ are written into"
        )
    return out_folder(text)


def main(argv: Sequence[str] | None = None) -> int:
    _import_the_game()
    from game.palette import STYLES  # colours only: pygame is not imported yet

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=_out_folder,
        default=ROOT / "build" / "icon",
        metavar="DIR",
        help="folder to write icon.png, icon.ico, icon.icns and icon.iconset/ into "
        "(default build/icon; made if missing)",
    )
    parser.add_argument(
        "--tile", type=_tile, default="1s", help="tile in notation, default 1s (1条)"
    )
    parser.add_argument(
        "--style", choices=STYLES, default="classic", help="tile art style, default classic"
    )
    args = parser.parse_args(argv)
    try:
        files = write_icons(render_master(args.tile, args.style), args.out)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else f" {args.out}"
        print(f"{parser.prog}: error: cannot write{where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"icon: {files.png}, {files.ico.name}, {files.icns.name}, {files.iconset.name}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
