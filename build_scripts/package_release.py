"""Pack this system's builds into the files a release offers, or write their SHA256SUMS.

    python build_scripts/package_release.py --out upload [--dist dist] [--icon-dir build/icon]
    python build_scripts/package_release.py --checksums upload

Reads what ``build.py --dist dist/onefile`` and ``--dist dist/onedir`` left (the release
workflow builds both where it needs both) and writes into ``--out``:

* Linux: ``sichuan-mahjong-<version>-linux-x86_64.tar.gz``, one folder holding the one-file
  game, its ``.desktop`` file, a 256 px icon, ``install.sh`` (menu entry for the current user)
  and the licences;
* Windows: ``sichuan-mahjong-<version>-windows-x64.exe`` (one file) and
  ``sichuan-mahjong-<version>-windows-x64-portable.zip`` (the one-folder build, unzipped to
  run: it starts faster and does not unpack itself, which antivirus tools distrust less);
* macOS: ``sichuan-mahjong-<version>-macos-<arm64|x86_64>.zip`` with ``Sichuan Mahjong.app``
  (zipped by ``ditto``, which keeps the app's symlinks and code signatures).

``--checksums DIR`` writes ``DIR/SHA256SUMS`` for every file in DIR, in the format of
``sha256sum`` (check with ``sha256sum -c SHA256SUMS``).
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

from _args import out_folder

import build
import bundle

SCRIPTS = Path(__file__).resolve().parent
LINUX_FILES = SCRIPTS / "linux"
DESKTOP_FILE = LINUX_FILES / f"{bundle.APP_NAME}.desktop"
INSTALL_SCRIPT = LINUX_FILES / "install.sh"
LINUX_ICON_SIZE = 256
CHECKSUMS = "SHA256SUMS"
# The licences a download carries next to the game (the game also ships them inside).
LICENCES = {
    "LICENSE": bundle.ROOT / "LICENSE",
    "licenses/font-OFL.txt": bundle.ROOT / "assets" / "fonts" / "OFL.txt",
    "licenses/sounds-CC0.txt": bundle.ROOT / "assets" / "sounds" / "LICENSE.txt",
}


class PackagingError(Exception):
    """A build to pack is missing; the message says which and how to make it."""


def machine_name(platform_name: str = sys.platform, machine: str | None = None) -> str:
    """The CPU part of a file name: ``x86_64``/``arm64`` (Linux, macOS), ``x64`` (Windows)."""
    cpu = (machine or platform.machine()).lower()
    cpu = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(cpu, cpu)
    if platform_name == "win32" and cpu == "x86_64":
        return "x64"
    return cpu


def os_name(platform_name: str = sys.platform) -> str:
    if platform_name == "win32":
        return "windows"
    if platform_name == "darwin":
        return "macos"
    if platform_name.startswith("linux"):
        return "linux"
    raise PackagingError(f"no release files are made for {platform_name}")


def release_stem(
    version: str, platform_name: str = sys.platform, machine: str | None = None
) -> str:
    """``sichuan-mahjong-0.1.0-linux-x86_64``: the start of every release file's name."""
    cpu = machine_name(platform_name, machine)
    return f"{bundle.APP_NAME}-{version}-{os_name(platform_name)}-{cpu}"


def _require(path: Path, how: str) -> Path:
    if not path.exists():
        raise PackagingError(f"{path} is missing: build it with build_scripts/build.py {how}")
    return path


def _normalised(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """No builder's user or group names in the archive; executables 755, the rest 644."""
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if info.isfile():
        info.mode = 0o755 if info.mode & 0o111 else 0o644
    return info


def linux_archive(onefile: Path, icon: Path, out: Path, stem: str, folder: str) -> Path:
    """The Linux tarball: ``folder/`` with the game, its desktop entry, icon and licences."""
    target = out / f"{stem}.tar.gz"
    members = {
        bundle.APP_NAME: onefile,
        f"{bundle.APP_NAME}.desktop": DESKTOP_FILE,
        f"{bundle.APP_NAME}.png": icon,
        "install.sh": INSTALL_SCRIPT,
        **LICENCES,
    }
    with tarfile.open(target, "w:gz") as tar:
        for name, source in members.items():
            tar.add(source, arcname=f"{folder}/{name}", filter=_normalised)
    return target


def portable_zip(onedir: Path, out: Path, stem: str) -> Path:
    """The one-folder build as a zip holding the folder ``sichuan-mahjong/``."""
    target = out / f"{stem}-portable.zip"
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(onedir.rglob("*")):
            if path.is_file():
                zf.write(path, f"{onedir.name}/{path.relative_to(onedir).as_posix()}")
        for name, source in LICENCES.items():
            zf.write(source, f"{onedir.name}/{name}")
    return target


def macos_zip(app: Path, out: Path, stem: str) -> Path:
    target = out / f"{stem}.zip"
    subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(target)], check=True)
    return target


def package(dist: Path, icon_dir: Path, out: Path, version: str) -> list[Path]:
    """Pack this system's builds from ``dist`` into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    stem = release_stem(version)
    onefile = dist / "onefile" / bundle.executable_name()
    onedir = dist / "onedir" / bundle.APP_NAME
    if sys.platform.startswith("linux"):
        icon = icon_dir / "icon.iconset" / f"icon_{LINUX_ICON_SIZE}x{LINUX_ICON_SIZE}.png"
        _require(icon, "(it renders the icon) or make_icon.py")
        game = _require(onefile, "--onefile --dist dist/onefile")
        return [linux_archive(game, icon, out, stem, f"{bundle.APP_NAME}-{version}")]
    if sys.platform == "win32":
        exe = out / f"{stem}.exe"
        shutil.copy2(_require(onefile, "--onefile --dist dist/onefile"), exe)
        return [exe, portable_zip(_require(onedir, "--onedir --dist dist/onedir"), out, stem)]
    if sys.platform == "darwin":
        app = dist / "onedir" / f"{bundle.APP_TITLE}.app"
        return [macos_zip(_require(app, "--onedir --dist dist/onedir"), out, stem)]
    raise PackagingError(f"no release files are made for {sys.platform}")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksums(folder: Path) -> Path:
    """``folder/SHA256SUMS``: one ``<hex>  <name>`` line per file, sorted by name."""
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.name != CHECKSUMS)
    if not files:
        raise PackagingError(f"no files in {folder} to list in {CHECKSUMS}")
    target = folder / CHECKSUMS
    lines = [f"{sha256(path)}  {path.name}\n" for path in files]
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return target


def _existing_folder(text: str) -> Path:
    """``--checksums``: the folder of release files to list, which must exist."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"no folder {text!r}: name the folder of release files")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--out", type=out_folder, metavar="DIR", help="write this system's release files here"
    )
    what.add_argument(
        "--checksums",
        type=_existing_folder,
        metavar="DIR",
        help=f"write {CHECKSUMS} for the files in this folder",
    )
    parser.add_argument(
        "--dist", type=Path, default=bundle.ROOT / "dist", metavar="DIR", help="build output"
    )
    parser.add_argument(
        "--icon-dir", type=Path, default=bundle.ROOT / "build" / "icon", metavar="DIR"
    )
    args = parser.parse_args(argv)
    try:
        if args.checksums is not None:
            target = write_checksums(args.checksums)
            print(target.read_text(encoding="utf-8"), end="")
            return 0
        files = package(args.dist, args.icon_dir, args.out, bundle.read_version())
    except (PackagingError, subprocess.CalledProcessError) as exc:
        print(f"packaging failed: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a folder that cannot be written or read
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"packaging failed: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    for path in files:
        print(f"{path}  {build.disk_size(path) / build.MB:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
