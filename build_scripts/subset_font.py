"""Subset the Noto Sans SC that pygame-gui ships into the two small fonts the game uses.

Run from the repository root (re-runnable; it overwrites its outputs)::

    python build_scripts/subset_font.py

The subset keeps ASCII, Latin-1, general and CJK punctuation, full-width forms, a few
symbols the UI draws, the GB2312 symbol rows, its 3,755 level-1 hanzi (and, unless
``--no-level2``, its 3,008 level-2 hanzi), and every character that appears in a
string literal under ``game/`` and ``engine/`` (so strings added later are covered: re-run
this script, and ``tests/test_fonts.py`` fails until you do). It writes
``assets/fonts/NotoSansSC-Subset-{Regular,Bold}.otf`` and ``assets/fonts/OFL.txt``.
"""

from __future__ import annotations

import argparse
import ast
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from _args import out_folder
from fontTools import subset
from fontTools.ttLib import TTFont, TTLibError

REPO = Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "assets" / "fonts"
WEIGHTS = ("Regular", "Bold")
SCANNED_PACKAGES = ("game", "engine", "server")  # server/words.py: the refusals shown

# Ranges kept whole (inclusive). Code points the source font lacks are skipped silently.
KEPT_RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 punctuation, symbols and letters (× · « » é …)
    (0x2010, 0x2027),  # dashes, quotes, bullets, ellipsis
    (0x2030, 0x205E),  # per mille, primes, ‹ › ※
    (0x2190, 0x21FF),  # arrows (pygame-gui uses ↑ and ⇪)
    (0x2200, 0x22FF),  # maths operators (− × ≤)
    (0x2300, 0x23FF),  # technical symbols (pygame-gui's ⌂ and ⌧ buttons)
    (0x2460, 0x2473),  # circled numbers ①–⑳
    (0x2500, 0x257F),  # box drawing (pygame-gui's window close button is ╳)
    (0x25A0, 0x25FF),  # geometric shapes ■ □ ▲ ● ○ ◆, pygame-gui's ▼ ▲ ◀ ▶
    (0x2600, 0x26FF),  # miscellaneous symbols ★ ☆ ♠
    (0x2700, 0x27BF),  # dingbats (pygame-gui's check box ✓)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)
# Characters the tiles and the rules texts use that are outside GB2312 level 1.
EXTRA_CHARS = "萬筒條槓幺鸡碰杠胡缺番根庄骰"


def _gb2312_rows(first: int, last: int) -> str:
    """The characters GB2312 encodes in rows ``first``–``last`` (lead bytes)."""
    chars: list[str] = []
    for row in range(first, last + 1):
        for col in range(0xA1, 0xFF):
            try:
                chars.append(bytes((row, col)).decode("gb2312"))
            except UnicodeDecodeError:
                continue  # gaps, e.g. row 0xD7 ends at 0xF9
    return "".join(chars)


def gb2312_level1() -> str:
    """The 3,755 level-1 hanzi of GB2312 (rows 0xB0–0xD7, sorted by pinyin)."""
    return _gb2312_rows(0xB0, 0xD7)


def gb2312_level2() -> str:
    """The 3,008 level-2 hanzi of GB2312 (rows 0xD8–0xF7, by radical): rarer characters, kept
    so that names and text typed by players mostly render too."""
    return _gb2312_rows(0xD8, 0xF7)


def gb2312_symbols() -> str:
    """GB2312's symbol rows (punctuation, full-width forms, numbers, Greek, box drawing)."""
    return _gb2312_rows(0xA1, 0xA9)


def is_cjk(ch: str) -> bool:
    """A hanzi, CJK punctuation or full-width form (what Latin fonts cannot show)."""
    cp = ord(ch)
    return (
        0x3000 <= cp <= 0x303F
        or 0x3400 <= cp <= 0x4DBF
        or 0x4E00 <= cp <= 0x9FFF
        or 0xF900 <= cp <= 0xFAFF
        or 0xFF00 <= cp <= 0xFFEF
    )


def string_literals(source: str) -> Iterator[str]:
    """Every str constant in a module (f-string parts and docstrings included)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def project_chars(root: Path = REPO, packages: Iterable[str] = SCANNED_PACKAGES) -> set[str]:
    """Every non-ASCII character in string literals under ``root/<package>/**/*.py``.

    Files that do not parse (someone is mid-edit) are read as plain text instead, so their
    characters are still collected.
    """
    found: set[str] = set()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                literals: Iterable[str] = list(string_literals(text))
            except SyntaxError:
                literals = [text]
            for literal in literals:
                found.update(ch for ch in literal if ord(ch) > 0x7E and ch.isprintable())
    return found


def wanted_codepoints(root: Path = REPO, level2: bool = True) -> set[int]:
    cps = {cp for lo, hi in KEPT_RANGES for cp in range(lo, hi + 1)}
    cps.update(ord(ch) for ch in gb2312_level1())
    if level2:
        cps.update(ord(ch) for ch in gb2312_level2())
    cps.update(ord(ch) for ch in gb2312_symbols())
    cps.update(ord(ch) for ch in EXTRA_CHARS)
    cps.update(ord(ch) for ch in project_chars(root))
    return cps


def source_font_dir() -> Path:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame_gui  # only to find its data folder

    return Path(pygame_gui.__file__).resolve().parent / "data"


def subset_one(src: Path, dst: Path, codepoints: set[int]) -> tuple[int, int]:
    """Write the subset of ``src`` to ``dst``; returns (characters kept, bytes written)."""
    options = subset.Options()
    options.layout_features = ["*"]  # keep kerning, vertical forms, full-width alternates
    options.name_IDs = ["*"]  # keep copyright, licence and trademark records
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False  # FreeType autohints CFF well; hints cost ~15 % of the file
    options.drop_tables += ["DSIG"]
    font = TTFont(src, lazy=False)
    available = set(font.getBestCmap())
    keep = codepoints & available
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(keep))
    subsetter.subset(font)
    # Mark the version string so nobody mistakes the subset for the full upstream font.
    for record in font["name"].names:
        if record.nameID == 5:
            record.string = f"{record.toUnicode()}; subset for Sichuan Mahjong"
    dst.parent.mkdir(parents=True, exist_ok=True)
    font.save(dst)
    return len(font.getBestCmap()), dst.stat().st_size


def write_licence(src_font: Path, data_dir: Path, dst: Path) -> None:
    """OFL.txt: the font's own copyright line, then the OFL 1.1 text pygame-gui ships."""
    copyright_line = TTFont(src_font)["name"].getDebugName(0) or "© 2014-2020 Adobe"
    upstream = (data_dir / "licenses" / "NotoSans-LICENSE.txt").read_text(encoding="utf-8")
    ofl_body = upstream[upstream.index("This Font Software is licensed") :]
    dst.write_text(
        f"Noto Sans SC: {copyright_line}\n"
        "Noto is a trademark of Google Inc.\n"
        "Subset by build_scripts/subset_font.py (a Modified Version under the OFL: glyphs\n"
        "removed, nothing else changed).\n\n" + ofl_body,
        encoding="utf-8",
    )


def source_files(data_dir: Path) -> list[Path]:
    """What the subsetting reads from ``data_dir``: both weights and the licence."""
    fonts = [data_dir / f"NotoSansSC-{weight}.otf" for weight in WEIGHTS]
    return [*fonts, data_dir / "licenses" / "NotoSans-LICENSE.txt"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--source-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder with NotoSansSC-{Regular,Bold}.otf and licenses/NotoSans-LICENSE.txt "
        "(default: pygame-gui's data folder)",
    )
    parser.add_argument(
        "--out-dir",
        type=out_folder,
        default=OUT_DIR,
        metavar="DIR",
        help="folder to write the fonts and OFL.txt into (default assets/fonts)",
    )
    parser.add_argument(
        "--no-level2",
        action="store_true",
        help="leave out the 3,008 GB2312 level-2 hanzi (about 0.7 MB smaller per weight)",
    )
    args = parser.parse_args(argv)
    data_dir = args.source_dir or source_font_dir()
    missing = [path.relative_to(data_dir) for path in source_files(data_dir) if not path.is_file()]
    if missing:
        parser.error(f"{data_dir} has no {', '.join(map(str, missing))}")
    try:
        return _subset(data_dir, args.out_dir, level2=not args.no_level2)
    except (OSError, TTLibError) as exc:  # a damaged font, a folder that cannot be written
        if isinstance(exc, OSError) and exc.filename and exc.strerror:
            reason = f"{exc.filename}: {exc.strerror}"
        else:
            reason = " ".join(str(exc).split())
        print(f"{parser.prog}: error: {reason}", file=sys.stderr)
        return 1


def _subset(data_dir: Path, out_dir: Path, level2: bool) -> int:
    """Write both subsets and OFL.txt into ``out_dir``, printing what was kept."""
    level1 = gb2312_level1()
    project = project_chars()
    project_cjk = sorted(ch for ch in project if is_cjk(ch))
    cps = wanted_codepoints(level2=level2)
    print(f"GB2312 level 1: {len(level1)} hanzi")
    print(f"GB2312 level 2: {f'{len(gb2312_level2())} hanzi' if level2 else 'left out'}")
    print(f"project strings: {len(project)} non-ASCII characters, {len(project_cjk)} CJK")
    outside = [ch for ch in project_cjk if ch not in level1 and not 0x3000 <= ord(ch) <= 0x303F]
    outside = [ch for ch in outside if not 0xFF00 <= ord(ch) <= 0xFFEF]
    if outside:
        print(f"  hanzi outside GB2312 level 1, kept too: {''.join(outside)}")
    print(f"requested: {len(cps)} code points")
    for weight in WEIGHTS:
        src = data_dir / f"NotoSansSC-{weight}.otf"
        dst = out_dir / f"NotoSansSC-Subset-{weight}.otf"
        kept, size = subset_one(src, dst, cps)
        print(
            f"{src.name} ({src.stat().st_size / 1e6:.1f} MB) -> "
            f"{dst.relative_to(REPO) if dst.is_relative_to(REPO) else dst}: "
            f"{kept} characters, {size / 1e6:.2f} MB"
        )
    licence = out_dir / "OFL.txt"
    write_licence(data_dir / "NotoSansSC-Regular.otf", data_dir, licence)
    print(f"wrote {licence}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
