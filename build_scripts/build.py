"""Build the windowed desktop game for this OS with PyInstaller, from the committed spec.

    python build_scripts/build.py [--onefile | --onedir] [--dist DIR] [--work DIR] [--clean]
                                  [--enforce-budget]

Makes the icon from the game's tile art (make_icon.py), runs PyInstaller on
``build_scripts/sichuan_mahjong.spec``, checks that nothing the spec excludes slipped into the
bundle, and prints the sizes. The default is one-file, except on macOS, where it is a one-folder
``.app``. Output goes to ``dist/`` (``--dist``); intermediate files to ``build/`` (``--work``).

Build from a clean environment, so that only the game's dependencies can end up in the bundle:

    python -m venv .venv-build
    .venv-build/bin/python -m pip install -e '.[dev]'      # Windows: .venv-build\\Scripts\\python
    .venv-build/bin/python build_scripts/build.py

PyInstaller runs under the interpreter that runs this script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import bundle

SCRIPTS = Path(__file__).resolve().parent
SPEC = SCRIPTS / "sichuan_mahjong.spec"
MB = 1_000_000


def artifact_paths(dist: Path, mode: str, platform: str = sys.platform) -> list[Path]:
    """What a build leaves in ``dist``: the executable, the folder, and on macOS the ``.app``."""
    if mode == "onefile":
        return [dist / bundle.executable_name(platform)]
    paths = [dist / bundle.APP_NAME]
    if platform == "darwin":
        paths.append(dist / f"{bundle.APP_TITLE}.app")
    return paths


def main_executable(artifact: Path, platform: str = sys.platform) -> Path:
    """The file to run inside an artifact (itself for a one-file build)."""
    if artifact.suffix == ".app":
        return artifact / "Contents" / "MacOS" / bundle.APP_NAME
    if artifact.is_dir():
        return artifact / bundle.executable_name(platform)
    return artifact


def disk_size(path: Path) -> int:
    """Bytes of a file, or of every file under a directory (symlinks counted as links)."""
    if not path.is_dir():
        return path.stat().st_size
    total = 0
    for folder, _dirs, files in os.walk(path):
        total += sum(os.lstat(os.path.join(folder, name)).st_size for name in files)
    return total


def bundled_modules(executable: Path) -> set[str]:
    """Names of the Python modules in a PyInstaller executable's archive."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    names = {name for name, entry in archive.toc.items() if entry[-1] in ("m", "M", "s")}
    for name, entry in archive.toc.items():
        if entry[-1] == "z":  # the PYZ holding the pure-Python modules
            names.update(archive.open_embedded_archive(name).toc)
    return names


def leaked_modules(modules: Iterable[str], excluded: Iterable[str]) -> list[str]:
    """Excluded names that are present anyway, themselves or as a parent of a module."""
    present = set(modules)
    leaks = []
    for name in excluded:
        prefix = name + "."
        if name in present or any(module.startswith(prefix) for module in present):
            leaks.append(name)
    return sorted(leaks)


def _run(command: Sequence[str]) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True)


def clear_other_mode(dist: Path, mode: str) -> Path | None:
    """Remove the other mode's build where this one goes, and return its path if there was one.

    On Linux and macOS the one-file executable and the one-folder directory share the name
    ``dist/sichuan-mahjong``; PyInstaller cannot write one over the other. ``--dist`` keeps both.
    """
    target = dist / bundle.APP_NAME
    if mode == "onefile" and target.is_dir():
        shutil.rmtree(target)
        return target
    if mode == "onedir" and target.is_file():
        target.unlink()
        return target
    return None


def build(mode: str, dist: Path, work: Path, clean: bool = False) -> list[Path]:
    """Make the icon, run PyInstaller and return the artifacts' paths."""
    replaced = clear_other_mode(dist, mode)
    if replaced is not None:
        print(f"replacing {replaced}, the other kind of build (use --dist to keep both)")
    icon_dir = work / "icon"
    _run([sys.executable, str(SCRIPTS / "make_icon.py"), "--out", str(icon_dir)])
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level=WARN",
        f"--distpath={dist}",
        f"--workpath={work / f'pyinstaller-{mode}'}",
        *(["--clean"] if clean else []),
        str(SPEC),
        "--",
        f"--mode={mode}",
        f"--icon-dir={icon_dir}",
    ]
    _run(command)
    return artifact_paths(dist, mode)


def report(artifacts: Sequence[Path], mode: str) -> tuple[list[str], list[str]]:
    """Print the sizes against the targets; return (missing artifacts, artifacts over budget)."""
    budget = bundle.ONEFILE_BUDGET_MB if mode == "onefile" else bundle.ONEDIR_BUDGET_MB
    missing, over = [], []
    print(f"\n{bundle.APP_TITLE} {bundle.read_version()} — {sys.platform} {mode}")
    for artifact in artifacts:
        if not artifact.exists():
            missing.append(f"{artifact} was not built")
            continue
        size = disk_size(artifact)
        verdict = "ok" if size <= budget * MB else "OVER BUDGET"
        print(f"  {artifact}  {size / MB:.1f} MB  (target <= {budget:.0f} MB: {verdict})")
        if size > budget * MB:
            over.append(f"{artifact.name} is {size / MB:.1f} MB, over {budget:.0f} MB")
    return missing, over


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--onefile", dest="mode", action="store_const", const="onefile")
    modes.add_argument("--onedir", dest="mode", action="store_const", const="onedir")
    parser.add_argument("--dist", type=Path, default=bundle.ROOT / "dist", help="output dir")
    parser.add_argument("--work", type=Path, default=bundle.ROOT / "build", help="scratch dir")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument(
        "--enforce-budget", action="store_true", help="fail when over the size targets"
    )
    args = parser.parse_args(argv)
    mode = args.mode or bundle.default_mode()
    dist, work = args.dist.resolve(), args.work.resolve()

    started = time.perf_counter()
    try:
        artifacts = build(mode, dist, work, clean=args.clean)
    except subprocess.CalledProcessError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    errors, over_budget = report(artifacts, mode)
    if not errors:
        executable = main_executable(artifacts[-1])
        leaks = leaked_modules(bundled_modules(executable), bundle.EXCLUDED_MODULES)
        if leaks:
            errors.append(f"excluded modules in the bundle anyway: {', '.join(leaks)}")
    print(f"  built in {time.perf_counter() - started:.0f} s")
    if args.enforce_budget:
        errors += over_budget
    else:
        for problem in over_budget:
            print(f"warning: {problem}", file=sys.stderr)
    for problem in errors:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
