"""Print the oldest glibc a Linux build starts on: the newest GLIBC_x.y symbol version it needs.

    python build_scripts/glibc_floor.py [PATH ...] [--max 2.28] [--all]

PATH is a one-file executable, a one-folder build, or any ELF file or folder (default: the
build in dist/). Each ELF file's version-needs section (``.gnu.version_r``: the symbol
versions it needs from each shared library it links) is read with pyelftools; no binutils
needed. A one-file build is the bootloader, an ELF file itself, with the bundled libraries
and extension modules packed after it: those are read from its archive with PyInstaller's
reader, in memory. The highest ``GLIBC_x.y`` over every file is the floor: a system whose
glibc is older refuses to start the game ("version `GLIBC_2.34' not found").

``--max 2.28`` makes it a check (the release job): exit 1 when the floor is above. ``--all``
lists every ELF file with its own highest need, not only the ones at the floor.

Exit status: 0 the floor is printed (and within --max), 1 over --max or an ELF file that
does not parse, 2 nothing to read.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import bundle

ELF_MAGIC = b"\x7fELF"
SHOWN_AT_THE_FLOOR = 8  # files listed as needing the floor version (all of them with --all)
_GLIBC = re.compile(r"GLIBC_(\d+(?:\.\d+)+)")
Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    """``"2.28"`` -> ``(2, 28)``; a clear error for anything else."""
    try:
        version = tuple(int(part) for part in text.split("."))
    except ValueError:
        version = ()
    if len(version) < 2:
        raise ValueError(f"not a glibc version: {text!r} (expected e.g. 2.28)")
    return version


def format_version(version: Version) -> str:
    return ".".join(str(part) for part in version)


def glibc_needs(stream: BinaryIO) -> set[Version]:
    """The GLIBC symbol versions one ELF file needs (empty for a static or glibc-free one)."""
    from elftools.elf.elffile import ELFFile
    from elftools.elf.gnuversions import GNUVerNeedSection

    needs: set[Version] = set()
    for section in ELFFile(stream).iter_sections():
        if not isinstance(section, GNUVerNeedSection):
            continue
        for _library, versions in section.iter_versions():
            for version in versions:
                match = _GLIBC.fullmatch(version.name)  # GLIBC_PRIVATE does not match
                if match:
                    needs.add(parse_version(match.group(1)))
    return needs


@dataclass(frozen=True)
class ElfNeed:
    name: str  # the file, as a path or as "<one-file>!<member>"
    needs: frozenset[Version]

    @property
    def highest(self) -> Version | None:
        return max(self.needs) if self.needs else None


def _is_elf(head: bytes) -> bool:
    return head[:4] == ELF_MAGIC


def _archive_members(executable: Path) -> Iterator[tuple[str, bytes]]:
    """The ELF files packed in a PyInstaller one-file executable (none for other files)."""
    try:
        from PyInstaller.archive.readers import CArchiveReader, NotAnArchiveError
        from PyInstaller.loader.pyimod01_archive import ArchiveReadError
    except ImportError:  # no PyInstaller: the executable itself is still read
        return
    try:
        archive = CArchiveReader(str(executable))
    except (ArchiveReadError, NotAnArchiveError, OSError, ValueError):
        return  # an ordinary ELF file, or a one-folder build's executable
    for name, entry in archive.toc.items():
        if entry[-1] in ("b", "x"):  # binaries, and data that may hold ELF files
            data = archive.extract(name)
            if data and _is_elf(data):
                yield name, data


def _elf_files(path: Path) -> Iterator[Path]:
    if path.is_dir():
        for folder, _dirs, files in os.walk(path):
            for name in sorted(files):
                candidate = Path(folder, name)
                if not candidate.is_symlink() and candidate.is_file():
                    with candidate.open("rb") as f:
                        if _is_elf(f.read(4)):
                            yield candidate
    elif path.is_file():
        with path.open("rb") as f:
            if _is_elf(f.read(4)):
                yield path


def read_needs(paths: Iterable[Path]) -> tuple[list[ElfNeed], list[str]]:
    """Every ELF file under ``paths`` with its needs, and the files that did not parse."""
    from elftools.common.exceptions import ELFError

    found: list[ElfNeed] = []
    broken: list[str] = []

    def read(name: str, stream: BinaryIO) -> None:
        try:
            found.append(ElfNeed(name, frozenset(glibc_needs(stream))))
        except (ELFError, ValueError, EOFError) as exc:  # pyelftools' errors for a bad file
            broken.append(f"{name}: {exc}")

    for path in paths:
        for elf in _elf_files(path):
            with elf.open("rb") as f:
                read(str(elf), f)
            for member, data in _archive_members(elf):
                read(f"{elf}!{member}", io.BytesIO(data))
    return found, broken


def floor(needs: Iterable[ElfNeed]) -> Version | None:
    """The highest GLIBC version any file needs (None if no file needs glibc at all)."""
    highest = [need.highest for need in needs if need.highest is not None]
    return max(highest) if highest else None


def default_paths() -> list[Path]:
    """What build.py leaves in dist/: the one-file executable or the one-folder build."""
    target = bundle.ROOT / "dist" / bundle.APP_NAME
    return [target] if target.exists() else []


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="executables, folders, ELF files")
    parser.add_argument("--max", type=parse_version, help="fail above this glibc, e.g. 2.28")
    parser.add_argument("--all", action="store_true", help="list every ELF file")
    args = parser.parse_args(argv)
    paths = args.paths or default_paths()
    if not paths or not any(path.exists() for path in paths):
        print("glibc floor: nothing to read (build with build_scripts/build.py)", file=sys.stderr)
        return 2
    needs, broken = read_needs(paths)
    if not needs:
        print(f"glibc floor: no ELF files in {', '.join(map(str, paths))}", file=sys.stderr)
        return 2
    lowest = floor(needs)
    where = ", ".join(str(path) for path in paths)
    if lowest is None:
        print(f"glibc floor of {where}: none ({len(needs)} ELF files need no glibc version)")
    else:
        print(f"glibc floor of {where}: {format_version(lowest)} ({len(needs)} ELF files)")
    ranked = sorted(needs, key=lambda n: (n.highest or (), n.name), reverse=True)
    shown = [n for n in ranked if n.highest is not None and (args.all or n.highest == lowest)]
    limit = len(shown) if args.all else SHOWN_AT_THE_FLOOR
    for need in shown[:limit]:
        print(f"  GLIBC_{format_version(need.highest or ())}  {need.name}")
    if len(shown) > limit:
        print(f"  ... and {len(shown) - limit} more at {format_version(lowest or ())} (--all)")
    for problem in broken:
        print(f"error: cannot read {problem}", file=sys.stderr)
    if broken:
        return 1
    if args.max is not None and lowest is not None and lowest > args.max:
        print(
            f"error: the build needs glibc {format_version(lowest)}, above the limit "
            f"{format_version(args.max)}: build it on an older system",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
