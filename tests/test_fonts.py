"""The subset CJK font: it loads, covers every string the game shows, and fails soft."""

from __future__ import annotations

import ast
import contextlib
import logging
import warnings
from pathlib import Path

import pygame
import pytest

from engine.tiles import NUM_KINDS, SUIT_NAMES_ZH, tile_name
from game import fonts
from game.resources import assets_dir, resource_path

REPO = Path(__file__).resolve().parent.parent


def gb2312_level1() -> str:
    out = []
    for row in range(0xB0, 0xD8):
        for col in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                out.append(bytes((row, col)).decode("gb2312"))
    return "".join(out)


def project_cjk_strings() -> dict[str, set[str]]:
    """Characters past ASCII in str literals of game/, engine/ and server/ (its refusals are
    shown), by file (read as text when a file does not parse, so a half-written file still
    gets checked)."""
    found: dict[str, set[str]] = {}
    for package in ("game", "engine", "server"):
        for path in sorted((REPO / package).rglob("*.py")):
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                literals = [
                    n.value
                    for n in ast.walk(ast.parse(text))
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                ]
            except SyntaxError:
                literals = [text]
            # every character past ASCII, as the wheel check counts them (⌈ in a docstring
            # passed here as "not CJK" and failed the built wheel's check)
            chars = {ch for lit in literals for ch in lit if ord(ch) > 0x7E and ch.isprintable()}
            if chars:
                found[str(path.relative_to(REPO))] = chars
    return found


@pytest.fixture(autouse=True)
def _fresh_fonts():
    fonts.clear_cache()
    yield
    fonts.clear_cache()


def test_resource_path_finds_assets():
    assert assets_dir().is_dir()
    assert resource_path("theme.json").is_file()
    assert resource_path("fonts", "OFL.txt").is_file()
    for bold in (False, True):
        assert fonts.font_path(bold).is_file()
        assert fonts.font_path(bold) == resource_path(*fonts.FONT_FILES[bold])


@pytest.mark.parametrize("bold", [False, True])
def test_subset_covers_gb2312_level1(bold):
    charset = fonts.font_charset(bold)
    level1 = gb2312_level1()
    assert len(level1) == 3755
    missing = [ch for ch in level1 if ch not in charset]
    assert not missing, f"{len(missing)} GB2312 level-1 hanzi missing: {''.join(missing[:50])}"


@pytest.mark.parametrize("bold", [False, True])
def test_subset_covers_every_project_string(bold):
    """Fails when someone adds a string with a new character: re-run
    ``python build_scripts/subset_font.py`` and commit the fonts."""
    charset = fonts.font_charset(bold)
    missing = {
        path: "".join(sorted(ch for ch in chars if ch not in charset))
        for path, chars in project_cjk_strings().items()
    }
    missing = {path: chars for path, chars in missing.items() if chars}
    assert not missing, (
        f"characters missing from the font (run build_scripts/subset_font.py): {missing}"
    )


def test_subset_covers_tile_names_and_ui_symbols():
    charset = fonts.font_charset()
    names = "".join(tile_name(k, "zh") for k in range(NUM_KINDS)) + "".join(SUIT_NAMES_ZH)
    needed = names + "萬幺鸡" + "，。、：；！？（）《》「」·—…" + "▼▲◀▶●✓╳×" + "0123456789"
    assert not [ch for ch in needed if ch not in charset]


def test_font_files_are_small():
    for bold in (False, True):
        size = fonts.font_path(bold).stat().st_size
        assert 300_000 < size < 2_500_000, size


def test_get_font_is_cached_and_renders_hanzi():
    f = fonts.get_font(24)
    assert fonts.get_font(24) is f
    assert fonts.get_font(24, bold=True) is not f
    img = f.render("幺鸡 九萬", True, (0, 0, 0))
    assert img.get_bounding_rect().w > 60
    # real glyphs, not tofu boxes: two different hanzi must not render identically
    a = pygame.image.tobytes(f.render("万", True, (0, 0, 0)), "RGBA")
    b = pygame.image.tobytes(f.render("筒", True, (0, 0, 0)), "RGBA")
    assert a != b
    assert fonts.has_glyphs("血战到底")


def test_missing_font_falls_back_with_a_warning(monkeypatch, tmp_path, caplog):
    monkeypatch.setitem(fonts.FONT_FILES, False, ("fonts", "nope.otf"))
    monkeypatch.setattr(fonts, "resource_path", lambda *p: tmp_path.joinpath(*p))
    with caplog.at_level(logging.WARNING, logger="game.fonts"):
        f = fonts.get_font(20)
    assert isinstance(f, pygame.font.Font)
    assert f.render("abc", True, (0, 0, 0)).get_width() > 0
    assert "could not be loaded" in caplog.text
    assert fonts.font_charset() == frozenset()
    assert not fonts.has_glyphs("万")


def test_broken_font_file_falls_back(monkeypatch, tmp_path, caplog):
    bad = tmp_path / "fonts" / "bad.otf"
    bad.parent.mkdir()
    bad.write_bytes(b"not a font at all")
    monkeypatch.setitem(fonts.FONT_FILES, True, ("fonts", "bad.otf"))
    monkeypatch.setattr(fonts, "resource_path", lambda *p: tmp_path.joinpath(*p))
    with caplog.at_level(logging.WARNING, logger="game.fonts"):
        f = fonts.get_font(18, bold=True)
    assert f.render("abc", True, (0, 0, 0)).get_width() > 0
    assert fonts.font_charset(True) == frozenset()


def test_theme_loads_headless_with_our_font():
    pygame_gui = pytest.importorskip("pygame_gui")
    pygame.display.init()
    pygame.display.set_mode((1280, 800))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            manager = pygame_gui.UIManager((1280, 800), fonts.theme_data())
            label = pygame_gui.elements.UILabel(
                pygame.Rect(10, 10, 300, 40), "四川麻将 · 血战到底", manager
            )
            pygame_gui.elements.UIButton(pygame.Rect(10, 60, 200, 50), "开始游戏", manager)
            pygame_gui.elements.UITextBox(
                "<b>规则</b> 一炮多响", pygame.Rect(10, 120, 300, 100), manager
            )
            pygame_gui.elements.UIWindow(pygame.Rect(300, 200, 300, 200), manager, "设置")
            manager.update(0.016)
            manager.draw_ui(pygame.display.get_surface())
        messages = [str(w.message) for w in caught]
        assert not [m for m in messages if "font" in m.lower()], messages
        assert label.image.get_bounding_rect().w > 50
        paths = manager.get_theme().get_font_dictionary().known_font_paths
        regular = paths["noto_sans_sc_subset"][0][0]
        assert Path(regular) == fonts.font_path(False)
        # the theme file also loads as a path (relative font paths, repo root as cwd)
        pygame_gui.UIManager((1280, 800), str(fonts.theme_path()))
    finally:
        pygame.display.quit()


def test_theme_json_names_our_font_for_every_element():
    import json

    data = json.loads(fonts.theme_path().read_text(encoding="utf-8"))
    for element in (
        "defaults",
        "button",
        "label",
        "text_box",
        "drop_down_menu",
        "horizontal_slider",
        "window",
        "tool_tip",
    ):
        font = data[element]["font"]
        assert font["name"] == "noto_sans_sc_subset"
        assert font["regular_path"].endswith("NotoSansSC-Subset-Regular.otf")
        assert font["bold_path"].endswith("NotoSansSC-Subset-Bold.otf")
