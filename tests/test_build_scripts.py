"""The release build's helpers: version, bundle policy, icon files, smoke-test parsing.

Fast and offline: nothing here runs PyInstaller or needs it installed. The full build and the
headless start of the executable are proven by ``.ci/run`` (build.py + smoke_test.py).
"""

from __future__ import annotations

import ast
import io
import os
import struct
import sys
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"
sys.path.insert(0, str(SCRIPTS))

import build  # noqa: E402
import bundle  # noqa: E402
import glibc_floor  # noqa: E402
import make_icon  # noqa: E402
import smoke_test  # noqa: E402

# --- version --------------------------------------------------------------------------------


def test_version_is_the_one_in_pyproject() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    assert bundle.read_version() == expected


def test_version_from_another_pyproject(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\nversion = "2.5.1"\n', encoding="utf-8")
    assert bundle.read_version(pyproject) == "2.5.1"


def test_pyproject_without_version_is_an_error(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="version"):
        bundle.read_version(pyproject)


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2.3.4", (1, 2, 3, 4)),
        ("2.0", (2, 0, 0, 0)),
        ("10", (10, 0, 0, 0)),
        ("1.2.3rc1", (1, 2, 3, 0)),
        ("1.2.3.dev4", (1, 2, 3, 0)),
        ("1.2.3.4.5", (1, 2, 3, 4)),
    ],
)
def test_windows_version_numbers(version: str, numbers: tuple[int, int, int, int]) -> None:
    assert bundle.version_tuple(version) == numbers


def test_version_without_numbers_is_an_error() -> None:
    with pytest.raises(ValueError, match="'abc'"):
        bundle.version_tuple("abc")


class _Recorded:
    """Stands in for PyInstaller's versioninfo classes (which need Windows-only pefile)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs


def test_windows_version_resource_text() -> None:
    names = (
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    )
    classes = {name: type(name, (_Recorded,), {}) for name in names}
    info = eval(bundle.windows_version_info("1.4.2"), classes)  # our own text, as PyInstaller does
    assert type(info).__name__ == "VSVersionInfo"
    ffi = info.kwargs["ffi"].kwargs
    assert ffi["filevers"] == ffi["prodvers"] == (1, 4, 2, 0)
    string_table = info.kwargs["kids"][0].args[0][0]
    strings = dict(struct_.args for struct_ in string_table.args[1])
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.4.2"
    assert strings["OriginalFilename"] == "sichuan-mahjong.exe"
    assert "四川麻将" in strings["ProductName"]


# --- what goes into the bundle --------------------------------------------------------------


def test_spec_takes_its_lists_from_bundle_py() -> None:
    spec = (SCRIPTS / "sichuan_mahjong.spec").read_text(encoding="utf-8")
    ast.parse(spec)  # the spec is plain Python
    assert "excludes=list(bundle.EXCLUDED_MODULES)" in spec
    assert "bundle.keep_data_file(" in spec
    assert "console=False" in spec  # windowed
    # assets/ bundled as game/assets/, where a wheel has it and resource_path() looks
    assert "Path(bundle.ASSETS_DEST)" in spec
    assert bundle.ASSETS_DEST == "game/assets"
    assert "bundle.minimal_metadata(VERSION)" in spec  # the About screen's version


@pytest.mark.parametrize(
    "module",
    ["numpy", "tkinter", "pytest", "_pytest", "hypothesis", "unittest", "pygame.tests", "PIL"],
)
def test_issue_exclusions_are_listed(module: str) -> None:
    assert module in bundle.EXCLUDED_MODULES


@pytest.mark.parametrize(
    "module",
    ["werkzeug", "trio", "cryptography", "cffi", "websockets.sync", "websockets.legacy"],
)
def test_networking_leaves_out_what_it_does_not_run(module: str) -> None:
    assert module in bundle.EXCLUDED_MODULES


def test_networking_keeps_what_websockets_imports() -> None:
    """websockets.asyncio.client imports ssl at module level: excluding it broke the bundle's
    networked tables. The server (``--server``) is imported inside main(): listed."""
    for module in ("ssl", "_ssl", "_hashlib", "websockets", "zeroconf", "server"):
        assert module not in bundle.EXCLUDED_MODULES
    assert "server.__main__" in bundle.HIDDEN_IMPORTS


def test_exclusions_have_no_duplicates() -> None:
    assert len(set(bundle.EXCLUDED_MODULES)) == len(bundle.EXCLUDED_MODULES)


def _required_imports(path: Path) -> set[str]:
    """Modules a source file imports outside ``try: ... except ImportError`` blocks."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    optional: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
            for h in node.handlers
        ):
            optional.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_nothing_the_game_imports_is_excluded() -> None:
    sources = [
        *ROOT.joinpath("game").rglob("*.py"),
        *ROOT.joinpath("engine").rglob("*.py"),
        *ROOT.joinpath("server").rglob("*.py"),
    ]
    assert sources
    for path in sources:
        for name in _required_imports(path):
            parts = name.split(".")
            prefixes = {".".join(parts[: i + 1]) for i in range(len(parts))}
            excluded = prefixes & set(bundle.EXCLUDED_MODULES)
            assert not excluded, f"{path.relative_to(ROOT)} imports {name}, excluded: {excluded}"


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("pygame_gui/data/default_theme.json", True),
        ("pygame_gui/data/FiraCode-Regular.ttf", True),
        ("pygame_gui/data/NotoSans-Regular.ttf", True),
        ("pygame_gui\\data\\NotoSans-Regular.ttf", True),  # Windows separators
        ("pygame_gui/data/NotoSansJP-Bold.otf", False),
        ("pygame_gui/data/NotoSansKR-Regular.ttf", False),
        ("pygame_gui/data/NotoSansSC-Regular.otf", False),  # the game has its own subset
        ("pygame_gui/data/NotoSans-Italic.ttf", False),
        ("pygame_gui/data/NotoSans-Bold.ttf", False),
        ("pygame_gui/data/translations/pygame-gui.zh.json", True),
        ("pygame_gui/data/translations/pygame-gui.ja.json", False),
        ("pygame/freesansbold.ttf", True),
        ("assets/fonts/NotoSansSC-Subset-Regular.otf", True),
        ("assets/theme.json", True),
    ],
)
def test_which_data_files_are_kept(dest: str, kept: bool) -> None:
    assert bundle.keep_data_file(dest) is kept


def test_kept_pygame_gui_files_exist_in_the_installed_pygame_gui() -> None:
    import pygame_gui

    data = Path(pygame_gui.__file__).parent / "data"
    missing = [name for name in bundle.PYGAME_GUI_DATA_KEPT if not (data / name).is_file()]
    assert not missing, f"pygame-gui {pygame_gui.__version__} has no {missing}"


@pytest.mark.parametrize(
    ("platform", "mode", "name"),
    [("win32", "onefile", "sichuan-mahjong.exe"), ("linux", "onefile", "sichuan-mahjong")],
)
def test_executable_names(platform: str, mode: str, name: str) -> None:
    assert bundle.default_mode(platform) == mode
    assert bundle.executable_name(platform) == name


def test_macos_builds_an_app_folder() -> None:
    assert bundle.default_mode("darwin") == "onedir"
    paths = build.artifact_paths(Path("dist"), "onedir", "darwin")
    assert paths == [Path("dist/sichuan-mahjong"), Path("dist/Sichuan Mahjong.app")]
    app = paths[-1]
    assert build.main_executable(app) == app / "Contents" / "MacOS" / "sichuan-mahjong"


@pytest.mark.parametrize(
    ("modules", "leaks"),
    [
        ({"game", "pygame", "pygame.display"}, []),
        ({"numpy", "numpy.core"}, ["numpy"]),
        ({"pygame.tests.base_test"}, ["pygame.tests"]),
        ({"unittestish", "numpyx"}, []),  # names that only start alike
        ({"tkinter.ttk", "unittest"}, ["tkinter", "unittest"]),
    ],
)
def test_leaked_modules(modules: set[str], leaks: list[str]) -> None:
    assert build.leaked_modules(modules, bundle.EXCLUDED_MODULES) == leaks


def test_a_build_replaces_the_other_mode_of_the_same_name(tmp_path: Path) -> None:
    folder = tmp_path / "sichuan-mahjong"
    (folder / "_internal").mkdir(parents=True)
    assert build.clear_other_mode(tmp_path, "onedir") is None  # a folder stays for onedir
    assert build.clear_other_mode(tmp_path, "onefile") == folder
    assert not folder.exists()
    folder.write_bytes(b"\x7fELF")
    assert build.clear_other_mode(tmp_path, "onefile") is None
    assert build.clear_other_mode(tmp_path, "onedir") == folder
    assert not folder.exists()


def test_disk_size_of_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a").write_bytes(b"x" * 10)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b").write_bytes(b"y" * 32)
    assert build.disk_size(tmp_path) == 42
    assert build.disk_size(tmp_path / "a") == 10


# --- icon files -----------------------------------------------------------------------------


def _png(size: int, colour: tuple[int, int, int, int] = (200, 30, 30, 255)) -> bytes:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(colour)
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "x.png")
    return buffer.getvalue()


def _read_ico(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    images = []
    for i in range(count):
        w, h, colours, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert (w, colours, planes, bits) == (h, 0, 1, 32)
        images.append((w or 256, data[offset : offset + length]))
    return images


def _read_icns(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    entries, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        entries[kind] = data[pos + 8 : pos + length]
        pos += length
    assert pos == len(data)
    return entries


def test_png_size_reads_the_header() -> None:
    assert make_icon.png_size(_png(24)) == (24, 24)
    with pytest.raises(ValueError, match="not a PNG"):
        make_icon.png_size(b"GIF89a" + bytes(20))


def test_ico_holds_every_size_as_png() -> None:
    pngs = {size: _png(size) for size in make_icon.ICO_SIZES}
    images = _read_ico(make_icon.ico_bytes(pngs))
    assert [size for size, _ in images] == list(make_icon.ICO_SIZES)
    for size, data in images:
        assert data == pngs[size]
        assert make_icon.png_size(data) == (size, size)


def test_ico_rejects_wrong_sizes() -> None:
    with pytest.raises(ValueError, match="size 32"):
        make_icon.ico_bytes({32: _png(16)})
    with pytest.raises(ValueError, match="1-256"):
        make_icon.ico_bytes({512: _png(512)})
    with pytest.raises(ValueError, match="at least one"):
        make_icon.ico_bytes({})


def test_icns_entries_match_their_types() -> None:
    sizes = {size for _, size in make_icon.ICNS_TYPES}
    pngs = {size: _png(size) for size in sizes}
    entries = _read_icns(make_icon.icns_bytes(pngs))
    assert set(entries) == {kind for kind, _ in make_icon.ICNS_TYPES}
    for kind, size in make_icon.ICNS_TYPES:
        assert make_icon.png_size(entries[kind]) == (size, size)


def test_icns_skips_sizes_it_was_not_given() -> None:
    entries = _read_icns(make_icon.icns_bytes({128: _png(128)}))
    assert list(entries) == [b"ic07"]


def test_icon_is_rendered_from_the_tile_art(tmp_path: Path) -> None:
    files = make_icon.write_icons(make_icon.render_master("1s"), tmp_path)
    picture = pygame.image.load(str(files.png))
    assert picture.get_size() == (make_icon.MASTER_SIZE, make_icon.MASTER_SIZE)
    assert picture.get_at((0, 0)).a == 0  # rounded corners are transparent
    assert picture.get_at((512, 512)).a == 255
    rgb = pygame.image.tobytes(picture, "RGB")
    assert len({rgb[i : i + 3] for i in range(0, len(rgb), 3 * 7)}) > 200  # a picture
    assert [size for size, _ in _read_ico(files.ico.read_bytes())] == list(make_icon.ICO_SIZES)
    assert len(_read_icns(files.icns.read_bytes())) == len(make_icon.ICNS_TYPES)
    iconset = sorted(path.name for path in files.iconset.iterdir())
    assert len(iconset) == 10 and "icon_512x512@2x.png" in iconset


# --- smoke test parsing ---------------------------------------------------------------------


def test_frames_json_is_found_among_other_output() -> None:
    stdout = (
        "pygame-ce 2.5.8 (SDL 2.32.10, Python 3.11.7)\n"
        '{"not": "it"}\n'
        '{"frames": 300, "first_frame_ms": 412.5, "window": [1280, 800]}\n'
    )
    assert smoke_test.frames_json(stdout) == {
        "frames": 300,
        "first_frame_ms": 412.5,
        "window": [1280, 800],
    }
    assert smoke_test.frames_json("hello\n{broken json\n") is None
    assert smoke_test.frames_json("") is None


def test_smoke_test_finds_the_executable_in_each_layout(tmp_path: Path) -> None:
    onefile = tmp_path / "sichuan-mahjong.exe"
    onefile.write_bytes(b"MZ")
    assert smoke_test.find_executable(onefile, "win32") == onefile.resolve()
    folder = tmp_path / "sichuan-mahjong"
    folder.mkdir()
    (folder / "sichuan-mahjong").write_bytes(b"\x7fELF")
    assert smoke_test.find_executable(folder, "linux") == (folder / "sichuan-mahjong").resolve()
    macos = tmp_path / "Sichuan Mahjong.app" / "Contents" / "MacOS"
    macos.mkdir(parents=True)
    (macos / "sichuan-mahjong").write_bytes(b"\xcf\xfa\xed\xfe")
    app = tmp_path / "Sichuan Mahjong.app"
    assert smoke_test.find_executable(app, "darwin") == (macos / "sichuan-mahjong").resolve()
    with pytest.raises(FileNotFoundError, match=r"build\.py"):
        smoke_test.find_executable(tmp_path / "nothing-here", "linux")


def test_smoke_test_resolves_relative_paths(tmp_path: Path, monkeypatch: Any) -> None:
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "sichuan-mahjong").write_bytes(b"\x7fELF")
    monkeypatch.chdir(tmp_path)
    found = smoke_test.find_executable(Path("dist/sichuan-mahjong"), "linux")
    assert found.is_absolute() and found == (tmp_path / "dist" / "sichuan-mahjong").resolve()


def test_picture_stats_counts_colours(tmp_path: Path) -> None:
    surface = pygame.Surface((64, 32))
    for x in range(64):
        for y in range(32):
            surface.set_at((x, y), (x * 4, y * 8, 100))
    path = tmp_path / "shot.png"
    pygame.image.save(surface, str(path))
    assert smoke_test.picture_stats(path) == ((64, 32), 64 * 32)


def test_missing_file_warnings_fail_the_smoke_test() -> None:
    stderr = (
        "pygame_gui/core/resource_loaders.py:308: UserWarning: Unable to load resource with"
        " path: assets/fonts/NotoSansSC-Subset-Bold.otf\n"
        "  warnings.warn(\n"
        "some harmless note\n"
    )
    assert smoke_test.missing_file_lines(stderr) == [stderr.splitlines()[0]]
    assert smoke_test.missing_file_lines("ALSA lib: cannot find card\n") == []


# --- glibc floor ----------------------------------------------------------------------------

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads ELF files")


def _an_elf_file() -> Path:
    """A real dynamically linked ELF file of this machine: pygame's base extension module."""
    import pygame.base

    return Path(pygame.base.__file__)


def _readelf_glibc_needs(path: Path) -> set[tuple[int, ...]]:
    """The same question answered by binutils' readelf (the cross-check)."""
    import re
    import subprocess

    out = subprocess.run(
        ["readelf", "--version-info", "--wide", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    needs_part = out.split("Version needs section", 1)[-1] if "Version needs" in out else ""
    return {
        glibc_floor.parse_version(m) for m in re.findall(r"Name: GLIBC_(\d+(?:\.\d+)+)", needs_part)
    }


@pytest.mark.parametrize(
    ("text", "version"), [("2.28", (2, 28)), ("2.2.5", (2, 2, 5)), ("2.39", (2, 39))]
)
def test_glibc_versions_parse_and_print(text: str, version: tuple[int, ...]) -> None:
    assert glibc_floor.parse_version(text) == version
    assert glibc_floor.format_version(version) == text


@pytest.mark.parametrize("text", ["2", "two.28", "", "2.x"])
def test_bad_glibc_versions_are_an_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a glibc version"):
        glibc_floor.parse_version(text)


def test_versions_compare_as_numbers_not_text() -> None:
    assert glibc_floor.parse_version("2.28") > glibc_floor.parse_version("2.3.4")


@linux_only
def test_glibc_needs_match_readelf() -> None:
    import shutil

    if shutil.which("readelf") is None:
        pytest.skip("binutils' readelf is not installed: nothing to cross-check against")
    for path in (_an_elf_file(), Path(os.path.realpath(sys.executable))):
        with path.open("rb") as f:
            ours = glibc_floor.glibc_needs(f)
        assert ours == _readelf_glibc_needs(path), path


@linux_only
def test_the_floor_is_never_above_this_systems_glibc(tmp_path: Path, capsys: Any) -> None:
    import platform
    import shutil

    shutil.copy2(_an_elf_file(), tmp_path / "module.so")
    (tmp_path / "notes.txt").write_text("not an ELF file", encoding="utf-8")
    needs, broken = glibc_floor.read_needs([tmp_path])
    assert [Path(n.name).name for n in needs] == ["module.so"] and not broken
    found = glibc_floor.floor(needs)
    libc, version = platform.libc_ver()
    assert found is not None and libc == "glibc"
    assert (2, 2) <= found <= glibc_floor.parse_version(version)
    assert glibc_floor.main([str(tmp_path), "--max", "99.0"]) == 0
    printed = capsys.readouterr().out
    assert f"glibc floor of {tmp_path}: {glibc_floor.format_version(found)}" in printed
    assert glibc_floor.main([str(tmp_path), "--max", "2.0"]) == 1
    assert "above the limit 2.0" in capsys.readouterr().err


def test_a_broken_elf_file_fails_the_check(tmp_path: Path, capsys: Any) -> None:
    (tmp_path / "broken.so").write_bytes(b"\x7fELF" + bytes(12))
    needs, broken = glibc_floor.read_needs([tmp_path])
    assert not needs and len(broken) == 1 and "broken.so" in broken[0]
    assert glibc_floor.main([str(tmp_path)]) == 2  # nothing readable at all


def test_nothing_to_read_is_its_own_exit_status(tmp_path: Path) -> None:
    assert glibc_floor.main([str(tmp_path / "no-build-here")]) == 2
    assert glibc_floor.main([str(tmp_path)]) == 2  # an empty folder: no ELF files


def test_every_bot_the_game_loads_by_name_is_bundled() -> None:
    """load_bot() imports bots from a name, which PyInstaller cannot follow: the frozen game
    found no 'engine.bots.basic' until the spec listed the bot modules as hidden imports."""
    from engine.bots import BOT_PATHS
    from game.tutorial import BOT_SPEC

    named = {path.partition(":")[0] for path in (*BOT_PATHS.values(), BOT_SPEC)}
    assert named <= set(bundle.HIDDEN_IMPORTS), named - set(bundle.HIDDEN_IMPORTS)
    spec = (bundle.ROOT / "build_scripts" / "sichuan_mahjong.spec").read_text(encoding="utf-8")
    assert "hiddenimports=list(bundle.HIDDEN_IMPORTS)" in spec


def test_the_smoke_test_knows_the_servers_welcome_in_todays_protocol() -> None:
    """It asked for version 1 after the protocol moved to 2, and failed the built server's
    right answer."""
    from server.protocol import VERSION

    limits = {"max_message_bytes": 4096, "max_frame_bytes": 65536}
    assert smoke_test.is_welcome({"type": "welcome", "version": VERSION, "limits": limits})
    assert not smoke_test.is_welcome({"type": "welcome", "version": VERSION - 1})
    assert not smoke_test.is_welcome({"type": "error", "version": VERSION})
    assert not smoke_test.is_welcome(["welcome"])
