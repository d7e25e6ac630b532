"""What the About screen will show: version, data folder, the shipped licences."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

import pytest

from game import about
from game.fonts import has_glyphs
from game.resources import MissingAssetError, resource_path
from game.storage import data_dir

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_one_in_pyproject() -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    assert about.game_version() == expected
    assert about.about_info("en").version == expected


def test_version_falls_back_to_the_installed_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(about, "_CHECKOUT", ROOT / "no-checkout-here")
    monkeypatch.setattr(about.importlib.metadata, "version", lambda name: "9.8.7")
    assert about.game_version() == "9.8.7"


def test_unknown_version_is_said_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> str:
        raise about.importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(about, "_CHECKOUT", ROOT / "no-checkout-here")
    monkeypatch.setattr(about.importlib.metadata, "version", not_installed)
    assert about.game_version() is None
    assert about.about_info("zh").version == "未知"
    assert about.about_info("en").version == "unknown"


def test_data_folder_is_where_the_saves_go(tmp_path: Path) -> None:
    assert about.about_info("en").data_folder == data_dir()
    assert about.about_info("en", data_folder=tmp_path).data_folder == tmp_path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_licences_of_the_game_the_font_and_the_sounds(lang: str) -> None:
    info = about.about_info(lang)
    assert len(info.licences) == 3
    game, font, sounds = info.licences
    assert "Permission is hereby granted" in game.text
    assert "SIL OPEN FONT LICENSE" in font.text.upper() and "Noto Sans SC" in font.text
    assert "CC0" in sounds.text
    for licence in info.licences:
        assert licence.part and licence.name
        assert has_glyphs(licence.part + licence.name + info.title)  # no tofu on the screen


def test_english_reads_as_english_and_chinese_as_chinese() -> None:
    en, zh = about.about_info("en"), about.about_info("zh")
    assert en.title == "About Sichuan Mahjong"
    assert [licence.name for licence in en.licences] == [
        "MIT License",
        "SIL Open Font License 1.1",
        "CC0 1.0 (public domain)",
    ]
    assert zh.title == "关于四川麻将"
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in lic.part) for lic in zh.licences)


def test_a_missing_licence_file_is_an_error_in_strict_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(about, "resource_path", lambda *parts: resource_path("gone.txt"))
    with pytest.raises(MissingAssetError, match=r"gone\.txt"):
        about.about_info("en")


@pytest.mark.parametrize(
    ("platform", "program"),
    [("win32", "explorer"), ("darwin", "open"), ("linux", "xdg-open")],
)
def test_open_folder_uses_the_platforms_file_manager(
    tmp_path: Path, platform: str, program: str
) -> None:
    ran: list[Sequence[str]] = []
    folder = tmp_path / "new" / "SichuanMahjong"
    assert about.open_folder(folder, platform=platform, run=ran.append)
    assert ran == [[program, str(folder)]]
    assert folder.is_dir()  # a new player's folder is made so that it can be opened


def test_open_folder_says_no_instead_of_raising(tmp_path: Path) -> None:
    def no_file_manager(command: Sequence[str]) -> None:
        raise FileNotFoundError(command[0])

    assert not about.open_folder(tmp_path, platform="linux", run=no_file_manager)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert not about.open_folder(blocked / "sub", platform="linux", run=lambda c: None)
