"""What the release bundle is called and what goes into it.

One place shared by ``build.py``, ``sichuan_mahjong.spec``, ``smoke_test.py`` and the tests,
so the names, the version and the exclusion lists cannot drift apart. Standard library only:
the spec imports this module inside PyInstaller's process.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path, PurePath

__all__ = [
    "APP_NAME",
    "APP_TITLE",
    "APP_TITLE_ZH",
    "ASSETS_DEST",
    "BUNDLE_ID",
    "DIST_NAME",
    "EXCLUDED_MODULES",
    "HIDDEN_IMPORTS",
    "ONEDIR_BUDGET_MB",
    "ONEFILE_BUDGET_MB",
    "PYGAME_GUI_DATA_KEPT",
    "ROOT",
    "check_tag",
    "default_mode",
    "dist_info_name",
    "executable_name",
    "keep_data_file",
    "minimal_metadata",
    "read_version",
    "version_tuple",
    "windows_version_info",
]

ROOT = Path(__file__).resolve().parent.parent

APP_NAME = "sichuan-mahjong"  # the executable; the same name as the pyproject gui-script
DIST_NAME = "sichuan-mahjong"  # the distribution (pyproject.toml's name, PyPI)
# Where the bundle carries assets/: where a wheel installs it, so game/resources.py finds it
# the same way in both.
ASSETS_DEST = "game/assets"
APP_TITLE = "Sichuan Mahjong"  # the macOS .app and the Windows file description
APP_TITLE_ZH = "四川麻将"
BUNDLE_ID = "io.github.sichuan-mahjong"

# Size targets of the issue, in MB (10**6 bytes), checked by ``build.py --enforce-budget``.
ONEFILE_BUDGET_MB = 35.0
ONEDIR_BUDGET_MB = 80.0

# Modules the game imports by name at run time, which PyInstaller's import scan cannot see:
# the bots (engine.bots.load_bot imports "engine.bots.hard:HardBot" and its siblings from a
# name) and the tutorial's scripted bot ("game.tutorial:TutorialBot"). Every module of
# engine/bots/ goes in, so a bot added to the registry is bundled without touching this list.
HIDDEN_IMPORTS: tuple[str, ...] = (
    *sorted(
        f"engine.bots.{path.stem}"
        for path in (ROOT / "engine" / "bots").glob("*.py")
        if path.stem != "__init__"
    ),
    "game.tutorial",
    # ``sichuan-mahjong --server`` imports the dedicated server inside main()
    "server.__main__",
)

# Modules PyInstaller would otherwise follow into the bundle although the game never runs them.
EXCLUDED_MODULES: tuple[str, ...] = (
    # pygame.packager_imports() names numpy (and pygame.surfarray/sndarray use it); the game
    # draws with pygame.draw and never touches arrays.
    "numpy",
    "pygame.surfarray",
    "pygame.sndarray",
    # pygame-ce parts the game does not use: its own test suite, examples, docs, camera, MIDI.
    "pygame.tests",
    "pygame.examples",
    "pygame.docs",
    "pygame.camera",
    "pygame._camera",
    "pygame._camera_opencv",
    "pygame._camera_vidcapture",
    "pygame.midi",
    "pygame.pypm",
    # (ssl, _ssl and _hashlib stay: websockets.asyncio.client imports ssl at module level, and
    # a wss:// address behind a TLS proxy needs it.)
    # Networked tables use websockets' asyncio client and server and zeroconf, nothing else:
    # websockets' other implementations and its command line, and what optional imports of
    # other installed packages would follow (werkzeug's debugger, trio, cryptography + cffi).
    "websockets.trio",
    "websockets.asyncio.router",
    "websockets.cli",
    "websockets.sync",
    "websockets.legacy",
    "werkzeug",
    "trio",
    "cryptography",
    "cffi",
    "_cffi_backend",
    # GUI toolkits and IDLE from the standard library.
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    # Test and documentation tooling.
    "unittest",
    "doctest",
    "pydoc",
    "pydoc_data",
    "pytest",
    "_pytest",
    "hypothesis",
    "xdist",
    "pluggy",
    # Named only by the .pyi type stubs next to pygame's extension modules, which PyInstaller
    # reads; pygame never imports it, and with it would come asyncio and multiprocessing.
    "typing_extensions",
    # Build and dev tools that are installed next to the game by `pip install -e '.[dev]'`.
    # game/fonts.py reads glyph coverage with fontTools when present and does without it.
    "fontTools",
    "PyInstaller",
    "setuptools",
    "pkg_resources",
    "distutils",
    "pip",
    "ensurepip",
    "venv",
    "lib2to3",
    "mypy",
    "ruff",
    # python-i18n (pygame-gui's translations) reads YAML only if PyYAML is there; ours are JSON.
    "yaml",
    # Never imported by the game; sometimes pulled in through optional imports of big packages.
    "PIL",
    "scipy",
    "matplotlib",
    "IPython",
)

# pygame-gui's hook ships all of pygame_gui/data (~41 MB, mostly CJK fonts). Traced with strace
# through the demo, the menu and both languages, the game opens only default_theme.json,
# FiraCode (the default theme's symbols font for scroll-bar and slider arrows) and NotoSans
# Regular (the default font of UIManager's starting language "en"); its own theme points every
# element at the Noto Sans SC subset in assets/fonts. Kept besides: the two fonts' licences
# (the OFL asks for them) and the en/zh translations of pygame-gui's own dialogs (tiny).
# If the game ever makes its UIManager with starting_language="zh", pygame-gui will want
# NotoSansSC-Regular.otf (8.5 MB) here: the smoke test fails at start-up if that happens.
PYGAME_GUI_DATA_KEPT: frozenset[str] = frozenset(
    {
        "__init__.py",
        "default_theme.json",
        "FiraCode-Regular.ttf",
        "NotoSans-Regular.ttf",
        "licenses/FiraCode-LICENSE.txt",
        "licenses/NotoSans-LICENSE.txt",
        "translations/__init__.py",
        "translations/pygame-gui.en.json",
        "translations/pygame-gui.zh.json",
    }
)

_PYGAME_GUI_DATA = ("pygame_gui", "data")


def keep_data_file(dest_name: str) -> bool:
    """Whether a data file PyInstaller's hooks collected belongs in the bundle.

    ``dest_name`` is the path inside the bundle, with either separator. Only pygame-gui's data
    directory is filtered; everything else the hooks found is kept.
    """
    parts = PurePath(dest_name.replace("\\", "/")).parts
    if parts[:2] != _PYGAME_GUI_DATA:
        return True
    return "/".join(parts[2:]) in PYGAME_GUI_DATA_KEPT


def read_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The ``[project] version`` of pyproject.toml, e.g. ``"0.1.0"``."""
    with pyproject.open("rb") as f:
        version = tomllib.load(f).get("project", {}).get("version")
    if not isinstance(version, str) or not version:
        raise ValueError(f"no [project] version string in {pyproject}: {version!r}")
    return version


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows version resources need: ``"1.2.3rc1"`` -> ``(1, 2, 3, 0)``."""
    numbers: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        numbers.append(int(digits))
        if len(digits) != len(part):  # "3rc1": the pre-release tag ends the numeric part
            break
    if not numbers:
        raise ValueError(f"version {version!r} does not start with a number")
    padded = (*numbers, 0, 0, 0, 0)
    return padded[0], padded[1], padded[2], padded[3]


def dist_info_name(version: str) -> str:
    """The ``.dist-info`` folder name of the game's distribution at ``version``."""
    return f"{DIST_NAME.replace('-', '_')}-{version}.dist-info"


def minimal_metadata(version: str) -> str:
    """Just enough core metadata for ``importlib.metadata.version(DIST_NAME)`` in the bundle."""
    return f"Metadata-Version: 2.1\nName: {DIST_NAME}\nVersion: {version}\n"


def default_mode(platform: str = sys.platform) -> str:
    """One-file everywhere but macOS, where a windowed app is a one-folder ``.app`` bundle."""
    return "onedir" if platform == "darwin" else "onefile"


def executable_name(platform: str = sys.platform) -> str:
    """The file name of the built executable on ``platform``."""
    return APP_NAME + (".exe" if platform == "win32" else "")


def windows_version_info(version: str) -> str:
    """The Windows version resource for ``version``, in the text form PyInstaller's ``EXE(version=
    path)`` reads (the repr of ``PyInstaller.utils.win32.versioninfo.VSVersionInfo``).

    Written as text because those classes import ``pefile``, which exists on Windows only.
    """
    numbers = version_tuple(version)
    strings = {
        "CompanyName": "Sichuan Mahjong developers",
        "FileDescription": f"{APP_TITLE} ({APP_TITLE_ZH})",
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": "MIT License",
        "OriginalFilename": executable_name("win32"),
        "ProductName": f"{APP_TITLE} {APP_TITLE_ZH}",
        "ProductVersion": version,
    }
    string_structs = ",\n".join(
        f"          StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers!r},
    prodvers={numbers!r},
    mask=0x3F,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0),
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{string_structs},
        ],
      ),
    ]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])]),
  ],
)
"""


def check_tag(tag: str, version: str) -> str | None:
    """What is wrong with releasing ``version`` from git tag ``tag`` (None: it is fine)."""
    if tag != f"v{version}":
        return f"tag {tag!r} does not match the pyproject.toml version {version!r} (v{version})"
    return None


def main(argv: list[str] | None = None) -> int:
    """Print the version (for shell scripts: ``VERSION=$(python build_scripts/bundle.py)``);
    with ``--tag TAG``, exit 1 unless TAG is ``v<version>`` (the release workflow)."""
    import argparse

    parser = argparse.ArgumentParser(description="print the version from pyproject.toml")
    parser.add_argument("--tag", help="fail unless this git tag is v<version>")
    args = parser.parse_args(argv)
    version = read_version()
    if args.tag is not None:
        problem = check_tag(args.tag, version)
        if problem is not None:
            print(f"error: {problem}", file=sys.stderr)
            return 1
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
