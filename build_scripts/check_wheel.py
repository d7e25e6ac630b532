"""Build the sdist and the wheel, install the wheel as a player would, and play it headless.

    python build_scripts/check_wheel.py [--dist DIR] [--wheel FILE] [--venv DIR]
                                        [--frames 300] [--timeout 180]

1. ``python -m build`` makes the sdist and, from the sdist, the wheel (into ``--dist``,
   default ``dist/``), unless ``--wheel`` names a wheel to check instead.
2. Both must carry every file of ``assets/`` (the wheel as ``game/assets/``).
3. A fresh virtual environment (``--venv``, default a temporary one) gets ``pip install``
   of the wheel, its dependencies from the package index: nothing from this checkout.
4. From an empty folder outside the checkout, with no PYTHONPATH, the installed game must
   find its assets inside that environment, byte for byte the ones of ``assets/``, and the
   installed fonts must have a glyph for every character in the installed game's strings.
5. The ``sichuan-mahjong`` command the wheel installed (what ``pipx install`` gives a player)
   plays a demo with ``smoke_test.py``'s checks in strict-assets mode, where a missing file is
   an error: exit status, frames JSON, a real screenshot, nothing missing. Its first-frame time
   is printed.

Runs with the dev tools installed (``pip install -e '.[dev]'``: build, fontTools).
Exit status: 0 passed, 1 a check failed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

import bundle
import smoke_test
import subset_font

_LITTER = ("__pycache__", ".DS_Store", "Thumbs.db")

# Run by the installed game's interpreter: where the game and its files are.
_WHERE = """
import json, sysconfig
import game, game.fonts as fonts
from game.resources import assets_dir
print(json.dumps({
    "game": game.__file__,
    "assets": str(assets_dir()),
    "fonts": [str(fonts.font_path(bold)) for bold in (False, True)],
    "purelib": sysconfig.get_paths()["purelib"],
}))
"""


class CheckFailed(Exception):
    """One check failed; the message says which."""


def asset_files(root: Path = bundle.ROOT) -> list[PurePosixPath]:
    """Every file of ``assets/``, relative to it."""
    assets = root / "assets"
    return [
        PurePosixPath(path.relative_to(assets).as_posix())
        for path in sorted(assets.rglob("*"))
        if path.is_file()
        and not any(part in _LITTER for part in path.parts)
        and path.suffix != ".pyc"
    ]


def dist_names(version: str) -> tuple[str, str]:
    """The sdist's and the wheel's file names for ``version``."""
    stem = f"{bundle.DIST_NAME.replace('-', '_')}-{version}"
    return f"{stem}.tar.gz", f"{stem}-py3-none-any.whl"


def _run(command: Sequence[str], **kwargs: object) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def build_dists(dist: Path) -> tuple[Path, Path]:
    """``python -m build``: the sdist, then the wheel from the unpacked sdist."""
    dist.mkdir(parents=True, exist_ok=True)
    # cwd: not build_scripts/, whose build.py would shadow the build package for -m
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(bundle.ROOT)], cwd=dist)
    sdist_name, wheel_name = dist_names(bundle.read_version())
    sdist, wheel = dist / sdist_name, dist / wheel_name
    for path in (sdist, wheel):
        if not path.is_file():
            raise CheckFailed(f"python -m build did not write {path}")
    return sdist, wheel


def missing_from_sdist(sdist: Path, assets: Sequence[PurePosixPath]) -> list[str]:
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[-1] for name in tar.getnames()}
    wanted = ["pyproject.toml", "setup.py", "LICENSE", *(f"assets/{rel}" for rel in assets)]
    return [name for name in wanted if name not in names]


def missing_from_wheel(wheel: Path, assets: Sequence[PurePosixPath]) -> list[str]:
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
    wanted = [f"{bundle.ASSETS_DEST}/{rel}" for rel in assets]
    return [name for name in wanted if name not in names]


def venv_python(env_dir: Path) -> Path:
    scripts = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    return scripts / ("python.exe" if sys.platform == "win32" else "python")


def venv_command(env_dir: Path) -> Path:
    """The ``sichuan-mahjong`` launcher pip wrote from the wheel's gui-scripts entry."""
    scripts = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    return scripts / bundle.executable_name()


def install_wheel(wheel: Path, env_dir: Path) -> Path:
    """A fresh virtual environment with the wheel (and its dependencies) installed."""
    started = time.perf_counter()
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    python = venv_python(env_dir)
    # Outside the source tree: with it on PYTHONPATH, pip would take the checkout's egg-info
    # for an installed game and skip the wheel.
    _run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q", str(wheel)],
        env=smoke_test.outside_env(),
        cwd=env_dir,
    )
    print(f"installed {wheel.name} into {env_dir} in {time.perf_counter() - started:.0f} s")
    return python


def installed_layout(python: Path, workdir: Path, home: Path) -> dict[str, object]:
    """Ask the installed game, from ``workdir``, where it and its files are."""
    done = subprocess.run(
        [str(python), "-I", "-c", _WHERE],  # -I: no PYTHONPATH, no user site, no cwd
        cwd=workdir,
        env=smoke_test.headless_env(home),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise CheckFailed(f"the installed game does not import:\n{done.stderr}")
    layout: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return layout


def check_layout(layout: dict[str, object], assets: Sequence[PurePosixPath]) -> Path:
    """The game and its assets are inside the environment, complete; returns the assets dir."""
    purelib = Path(str(layout["purelib"])).resolve()
    game_file = Path(str(layout["game"])).resolve()
    installed = Path(str(layout["assets"])).resolve()
    if not game_file.is_relative_to(purelib):
        raise CheckFailed(f"the game was imported from {game_file}, not from {purelib}")
    if installed != purelib / bundle.ASSETS_DEST:
        raise CheckFailed(f"the installed game reads its assets from {installed}")
    differ = [
        str(rel)
        for rel in assets
        if not (installed / rel).is_file()
        or (installed / rel).read_bytes() != (bundle.ROOT / "assets" / rel).read_bytes()
    ]
    if differ:
        raise CheckFailed(f"installed assets missing or different: {', '.join(differ)}")
    print(f"assets: all {len(assets)} files installed in {installed}")
    return installed


def missing_glyphs(layout: dict[str, object]) -> dict[str, list[str]]:
    """Characters of the installed game's strings that an installed font has no glyph for."""
    from fontTools.ttLib import TTFont

    wanted = subset_font.project_chars(Path(str(layout["purelib"])))
    missing: dict[str, list[str]] = {}
    for font in layout["fonts"]:  # type: ignore[attr-defined]
        with TTFont(font, lazy=True) as ttf:
            cmap = ttf.getBestCmap() or {}
        lacking = sorted(ch for ch in wanted if ord(ch) not in cmap)
        if lacking:
            missing[Path(font).name] = lacking
    print(f"glyphs: {len(wanted)} characters of the installed game's strings checked")
    return missing


def check(wheel: Path, env_dir: Path, frames: int, timeout: float) -> None:
    assets = asset_files()
    python = install_wheel(wheel, env_dir)
    with tempfile.TemporaryDirectory(prefix="mahjong-wheel-") as tmp:
        workdir = Path(tmp)
        layout = installed_layout(python, workdir, workdir / "data-folder")
        check_layout(layout, assets)
        lacking = missing_glyphs(layout)
        if lacking:
            details = "; ".join(f"{font}: {''.join(chars)}" for font, chars in lacking.items())
            raise CheckFailed(f"no glyph in the installed fonts for {details}")
        command = venv_command(env_dir)
        print(f"playing {command} (the command pip/pipx installs)")
        allow_missing_json = sys.platform == "win32"  # a gui-script has no stdout there
        try:
            smoke_test.check_play(command, frames, workdir, timeout, allow_missing_json)
            smoke_test.time_first_frame(command, workdir, timeout)
        except smoke_test.SmokeTestFailure as exc:
            raise CheckFailed(str(exc)) from exc


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=bundle.ROOT / "dist", help="output dir")
    parser.add_argument("--wheel", type=Path, help="check this wheel instead of building one")
    parser.add_argument("--venv", type=Path, help="make the environment here (kept)")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per launch")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        assets = asset_files()
        if args.wheel is None:
            sdist, wheel = build_dists(args.dist.resolve())
            missing = missing_from_sdist(sdist, assets)
            if missing:
                raise CheckFailed(f"not in {sdist.name}: {', '.join(missing)}")
            print(f"{sdist.name}: {sdist.stat().st_size / 1e6:.1f} MB, assets complete")
        else:
            wheel = args.wheel.resolve()
        missing = missing_from_wheel(wheel, assets)
        if missing:
            raise CheckFailed(f"not in {wheel.name}: {', '.join(missing)}")
        print(f"{wheel.name}: {wheel.stat().st_size / 1e6:.1f} MB, assets complete")
        if args.venv is not None:
            check(wheel, args.venv.resolve(), args.frames, args.timeout)
        else:
            with tempfile.TemporaryDirectory(prefix="mahjong-venv-") as env_dir:
                check(wheel, Path(env_dir), args.frames, args.timeout)
    except (CheckFailed, subprocess.CalledProcessError) as exc:
        print(f"WHEEL CHECK FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"wheel check passed in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
