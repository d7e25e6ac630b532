"""The sdist and the wheel carry every file the game loads, and an installed game finds them.

The sdist and the wheel are built here, offline, the way ``python -m build`` does (the sdist
first, the wheel from the unpacked sdist), from a copy of the files the build reads. Then:

* every file under ``assets/`` is in the wheel as ``game/assets/...``, byte for byte;
* every path the game asks ``resource_path`` for while it runs the menu and a demo table is
  in the wheel (a recording stands in for ``resource_path`` in each module that uses it);
* the wheel, unpacked into a folder of its own, plays a few frames from another directory in
  strict-assets mode, where a missing file is an error.

CI's ``build_scripts/check_wheel.py`` does the same with a real virtual environment and
``pip install`` of the wheel.
"""

from __future__ import annotations

import email.parser
import importlib
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

import game
from game import app as game_app
from game import audio, fonts, resources
from game.resources import MissingAssetError, assets_dir, missing_asset, resource_path

ROOT = Path(__file__).resolve().parent.parent
# What setuptools reads to build the sdist (pyproject.toml, setup.py, the readme, the licence
# and the packages with their data).
BUILD_INPUTS = (
    "pyproject.toml",
    "setup.py",
    "README.md",
    "LICENSE",
    "engine",
    "game",
    "server",
    "assets",
)
LITTER = ("__pycache__", "*.pyc", ".DS_Store", "Thumbs.db")


def asset_files() -> list[PurePosixPath]:
    """Every file under the checkout's assets/, relative to it."""
    files = []
    for path in sorted((ROOT / "assets").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append(PurePosixPath(path.relative_to(ROOT / "assets").as_posix()))
    return files


@dataclass(frozen=True)
class Dists:
    sdist: Path
    wheel: Path

    def sdist_names(self) -> set[str]:
        with tarfile.open(self.sdist) as tar:
            top = tar.getnames()[0].split("/")[0]
            return {name.removeprefix(top + "/") for name in tar.getnames()}

    def wheel_names(self) -> set[str]:
        with zipfile.ZipFile(self.wheel) as whl:
            return set(whl.namelist())

    def wheel_bytes(self, name: str) -> bytes:
        with zipfile.ZipFile(self.wheel) as whl:
            return whl.read(name)

    def metadata(self) -> email.message.Message:
        names = [n for n in self.wheel_names() if n.endswith(".dist-info/METADATA")]
        assert len(names) == 1, names
        return email.parser.BytesParser().parsebytes(self.wheel_bytes(names[0]))


def _build(backend_call: str, source: Path, out: Path) -> Path:
    """Run one setuptools build hook in ``source`` (as a build frontend does) and return the
    file it wrote into ``out``."""
    code = (
        "import sys\n"
        "from setuptools import build_meta\n"
        f"print(build_meta.{backend_call}(sys.argv[1]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"{backend_call} failed:\n{done.stdout}\n{done.stderr}"
    return out / done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> Dists:
    source = tmp_path_factory.mktemp("source")
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns(*LITTER))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("dist")
    sdist = _build("build_sdist", source, out)
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(sdist) as tar:
        tar.extractall(unpacked, filter="data")
    (sdist_root,) = unpacked.iterdir()
    wheel = _build("build_wheel", sdist_root, out)
    return Dists(sdist=sdist, wheel=wheel)


# --- what the distributions carry -----------------------------------------------------------


def test_the_checkout_has_assets_to_ship() -> None:
    names = {str(path) for path in asset_files()}
    assert {"theme.json", "fonts/OFL.txt", "sounds/LICENSE.txt"} <= names
    assert any(name.endswith(".otf") for name in names)
    assert any(name.endswith(".wav") for name in names)


def test_wheel_carries_every_asset_byte_for_byte(dists: Dists) -> None:
    names = dists.wheel_names()
    for rel in asset_files():
        name = f"game/assets/{rel}"
        assert name in names, f"{name} is not in {dists.wheel.name}"
        assert dists.wheel_bytes(name) == (ROOT / "assets" / rel).read_bytes(), name


def test_sdist_carries_the_assets_folder_and_the_build_files(dists: Dists) -> None:
    names = dists.sdist_names()
    missing = [f"assets/{rel}" for rel in asset_files() if f"assets/{rel}" not in names]
    assert not missing, f"not in {dists.sdist.name}: {missing}"
    assert {"pyproject.toml", "setup.py", "README.md", "LICENSE"} <= names


def test_wheel_carries_every_module_of_the_game_the_engine_and_the_server(dists: Dists) -> None:
    names = dists.wheel_names()
    modules = [
        path.relative_to(ROOT).as_posix()
        for package in ("game", "engine", "server")
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    ]
    assert "game/__main__.py" in modules and "server/__main__.py" in modules
    missing = [module for module in modules if module not in names]
    assert not missing, f"not in the wheel (a package without __init__.py?): {missing}"


def test_wheel_metadata_names_the_licences_and_the_entry_points(dists: Dists) -> None:
    metadata = dists.metadata()
    assert metadata["Name"] == "sichuan-mahjong"
    assert metadata["License-Expression"] == "MIT"
    assert set(metadata.get_all("License-File") or []) == {
        "LICENSE",
        "assets/fonts/OFL.txt",
        "assets/sounds/LICENSE.txt",
    }
    requires = " ".join(metadata.get_all("Requires-Dist") or [])
    assert "pygame-ce" in requires and "pygame-gui" in requires
    assert "pygame>" not in requires.replace("pygame-", "")  # never plain pygame
    (entry_points,) = [n for n in dists.wheel_names() if n.endswith("entry_points.txt")]
    text = dists.wheel_bytes(entry_points).decode()
    assert "[gui_scripts]\nsichuan-mahjong = game.__main__:main" in text
    assert "sichuan-mahjong-engine = engine.__main__:main" in text
    assert "sichuan-mahjong-server = server.__main__:main" in text


# --- every file the game asks for is in the wheel -------------------------------------------


def _game_modules() -> Iterator[object]:
    """Every module of the game package, imported (so that each one can be patched)."""
    yield game
    for info in pkgutil.walk_packages(game.__path__, prefix="game."):
        if info.name == "game.__main__":
            continue
        yield importlib.import_module(info.name)


@pytest.fixture
def asked_paths(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Records every ``resource_path(*parts)`` call of the game's modules."""
    asked: list[tuple[str, ...]] = []
    original = resources.resource_path

    def recording(*parts: str) -> Path:
        asked.append(parts)
        return original(*parts)

    patched = 0
    for module in _game_modules():
        if getattr(module, "resource_path", None) is original and module is not resources:
            monkeypatch.setattr(module, "resource_path", recording)
            patched += 1
    assert patched >= 2  # fonts and audio at least
    fonts.clear_cache()
    yield asked
    fonts.clear_cache()


def _play(args: list[str], tmp_path: Path) -> None:
    from game.__main__ import main

    shot = tmp_path / f"shot-{len(list(tmp_path.iterdir()))}.png"
    assert main([*args, "--screenshot", str(shot)]) == 0
    assert shot.is_file()


def test_every_file_the_game_asks_for_is_in_the_wheel(
    dists: Dists, asked_paths: list[tuple[str, ...]], tmp_path: Path, capsys: object
) -> None:
    _play(["--frames", "5", "--lang", "zh"], tmp_path)  # the main menu
    _play(["--demo", "--frames", "90", "--lang", "en", "--speed", "fast"], tmp_path)
    asked = {PurePosixPath(*parts) for parts in asked_paths}
    assert PurePosixPath("theme.json") in asked
    assert PurePosixPath("sounds") in asked
    assert {PurePosixPath(*fonts.FONT_FILES[bold]) for bold in (False, True)} <= asked

    names = dists.wheel_names()
    for rel in sorted(asked):
        name = f"game/assets/{rel}"
        if (ROOT / "assets" / rel).is_dir():  # a folder (sounds/): all that it holds
            inside = [f"game/assets/{f}" for f in asset_files() if str(f).startswith(f"{rel}/")]
            assert inside, f"the game asks for the empty folder {rel}"
            assert set(inside) <= names, f"{rel}/ is not complete in the wheel"
        else:
            assert name in names, f"the game loads {rel}, which the wheel does not carry"
    sounds = {f"game/assets/sounds/{n}.wav" for n in (*audio.SOUND_NAMES, audio.MUSIC_NAME)}
    assert sounds <= names


def test_the_installed_wheel_plays_from_another_folder(dists: Dists, tmp_path: Path) -> None:
    """The wheel unpacked into a folder of its own (as pip would install it) finds its assets
    there, never in this checkout, and plays in strict-assets mode."""
    site = tmp_path / "site"
    with zipfile.ZipFile(dists.wheel) as whl:
        whl.extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSAFEPATH")
    }
    env.update(
        PYTHONPATH=str(site),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SICHUAN_MAHJONG_STRICT_ASSETS="1",
        SICHUAN_MAHJONG_HOME=str(tmp_path / "home"),
    )
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, game, game.fonts as f; from game.resources import assets_dir;"
            "print(json.dumps([game.__file__, str(assets_dir()), str(f.font_path())]))",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    package_file, assets, font = (Path(p) for p in json.loads(where.stdout))
    assert package_file == site / "game" / "__init__.py"
    assert assets == site / "game" / "assets"
    assert font.is_file() and font.is_relative_to(assets)

    shot = tmp_path / "installed.png"
    played = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--frames", "20", "--screenshot", str(shot)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout.strip().splitlines()[-1])["frames"] == 20
    assert shot.stat().st_size > 10_000
    assert "Traceback" not in played.stderr and "missing" not in played.stderr


# --- where the assets are found, and what a missing one means -------------------------------


def test_a_source_checkout_reads_its_own_assets_folder() -> None:
    assert assets_dir() == ROOT / "assets"
    assert resource_path("fonts", "OFL.txt") == ROOT / "assets" / "fonts" / "OFL.txt"


def test_an_installed_package_reads_game_assets(tmp_path: Path) -> None:
    """``game/assets`` next to the package wins: the layout of a wheel and of the bundle."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "game", site / "game", ignore=shutil.ignore_patterns(*LITTER))
    (site / "game" / "assets" / "fonts").mkdir(parents=True)
    code = "from game.resources import resource_path; print(resource_path('fonts', 'x.otf'))"
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(done.stdout.strip()) == site / "game" / "assets" / "fonts" / "x.otf"


def test_strict_mode_is_on_in_the_tests() -> None:
    assert resources.strict_assets()


@pytest.mark.parametrize(
    ("value", "strict"), [("1", True), ("yes", True), ("0", False), ("", False)]
)
def test_strict_mode_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, strict: bool
) -> None:
    monkeypatch.setenv(resources.ENV_STRICT, value)
    assert resources.strict_assets() is strict


def test_a_missing_shipped_file_is_an_error_in_strict_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(MissingAssetError, match=r"no-such-file\.wav"):
        missing_asset(resource_path("sounds", "no-such-file.wav"))
    monkeypatch.setenv(resources.ENV_STRICT, "0")
    missing_asset(resource_path("sounds", "no-such-file.wav"))  # players: the caller falls back


def test_a_missing_file_elsewhere_is_the_callers_business(tmp_path: Path) -> None:
    missing_asset(tmp_path / "sounds" / "win.wav")  # a folder the caller chose: no error


def test_the_error_is_not_one_the_loaders_swallow() -> None:
    # fonts, audio and the app's theme fall back on OSError, ValueError, ImportError and
    # pygame.error (a RuntimeError); a missing asset in strict mode must get past all of them.
    import pygame

    for caught in (OSError, ValueError, ImportError, RuntimeError, pygame.error):
        assert not issubclass(MissingAssetError, caught)


def test_a_missing_font_stops_a_strict_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(fonts.FONT_FILES, False, ("fonts", "gone.otf"))
    fonts.clear_cache()
    try:
        with pytest.raises(MissingAssetError, match=r"gone\.otf"):
            fonts.get_font(20)
    finally:
        fonts.clear_cache()


def test_a_missing_theme_stops_a_strict_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "theme_path", lambda: resource_path("gone-theme.json"))
    with pytest.raises(MissingAssetError, match=r"gone-theme\.json"):
        game_app._theme()  # which falls back to a plain theme on any OSError


def test_a_missing_sound_stops_a_strict_run() -> None:
    sound = audio.Audio()  # the game's own sounds folder
    try:
        with pytest.raises(MissingAssetError, match=r"gone\.wav"):
            sound.play("gone")
        with pytest.raises(MissingAssetError, match=r"gone-music\.wav"):
            sound.play_music("gone-music")
    finally:
        sound.close()
