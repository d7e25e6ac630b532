"""The menu scenes, driven headless by posting real pygame events: every menu is reachable by
mouse and keyboard, New game produces the right config, Settings round-trip through disk,
Statistics draw with empty and full profiles, and every scene is saved as a screenshot in
both languages (screenshots/, gitignored) for a person to look at.

:class:`MenuHarness` is shared by tests/test_help.py and tests/test_shop.py.
"""

from __future__ import annotations

import itertools
import pathlib
import random
from typing import Any

import pygame
import pytest

from engine.rules import OPTION_NAMES
from game.app import App
from game.match_config import MatchConfig
from game.nav import Navigator
from game.profile import BestHand, Profile
from game.scenes.base import Scene
from game.scenes.help_scene import HelpScene
from game.scenes.menu import MENU_ITEMS, MainMenuScene
from game.scenes.menu_base import MenuScene
from game.scenes.new_game import ROOMS, NewGameScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.shop import ShopScene
from game.scenes.stats_scene import StatsScene, parse_best_hand
from game.settings import HIDDEN_OPTIONS, TABLE_PRESETS, Settings, load_settings
from game.ui.controls import Button, Choice, Segmented, Toggle

DT = 1 / 60
SHOTS = pathlib.Path(__file__).resolve().parent.parent / "screenshots"


class FakeAutosave:
    notice = None  # nothing damaged to tell

    def __init__(self, exists: bool) -> None:
        self._exists = exists

    def exists(self) -> bool:
        return self._exists

    def resumable(self) -> bool:
        return self._exists


class RecordingNavigator(Navigator):
    """The game's navigator, except that the ways out of the menus (a match, Continue, the
    replays, the tutorial, Quit) and what the menus tell it are written down, not done."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.actions: list[tuple[str, Any]] = []

    def start_match(self, config: MatchConfig, *, demo: bool = False, rules: Any = None) -> Any:
        self.actions.append(("start_match", config))

    def continue_match(self) -> None:
        self.actions.append(("continue_match", None))

    def replays(self) -> None:
        self.actions.append(("open_replays", None))

    def tutorial(self) -> Any:
        self.actions.append(("start_tutorial", None))

    def quit(self) -> None:
        self.actions.append(("quit", None))

    def settings_changed(self, settings: Settings) -> None:
        self.actions.append(("settings_changed", settings))

    def profile_changed(self, profile: Profile) -> None:
        self.actions.append(("profile_changed", profile))


class MenuHarness:
    """The app (window, pygame-gui manager with the app's theme, scene stack) with a
    :class:`RecordingNavigator`; every posted pygame event goes through the app's own frame
    (pygame-gui, then ``translate``)."""

    def __init__(
        self,
        directory: pathlib.Path,
        lang: str = "zh",
        size: tuple[int, int] = (1280, 800),
        profile: Profile | None = None,
    ) -> None:
        self.app = App(Settings(lang=lang), size, data_dir=directory, profile=profile)
        self.nav = RecordingNavigator(self.app)
        self.ctx = self.nav.ctx
        self.actions = self.nav.actions
        self.stack = self.app.stack

    @property
    def screen(self) -> pygame.Surface:
        return self.app.screen

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def names(self) -> list[str]:
        return [name for name, _ in self.actions]

    def pump(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.pump()

    def wheel(self, pos: tuple[int, int], down: bool = True) -> None:
        """Move the pointer to ``pos``, then one wheel step (as pygame 2 sends it: a
        MOUSEWHEEL plus the legacy button 4/5 press, which must not scroll twice)."""
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        y = -1 if down else 1
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
            )
        )
        button = 5 if down else 4
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.pump()

    def key(self, key: int) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
        self.pump()

    def control(self, name: str, scene: MenuScene | None = None) -> Any:
        scene = scene or self.top  # type: ignore[assignment]
        assert isinstance(scene, MenuScene)
        for c in scene.controls:
            if c.name == name:
                return c
        rows = getattr(scene, "row_controls", {})
        if name in rows:
            return rows[name]
        raise AssertionError(f"no control {name!r} in {type(scene).__name__}")

    def click_control(self, name: str) -> None:
        self.click(self.control(name).rect.center)

    def choose(self, name: str, value: str) -> None:
        """Pick ``value`` in a Segmented or a drop-down Choice by clicking."""
        ctl = self.control(name)
        if isinstance(ctl, Segmented):
            self.click(ctl.cell_of(value).center)
        elif isinstance(ctl, Choice):
            self.click(ctl.rect.center)
            assert ctl.open
            self.click(ctl.item_rect(ctl.values.index(value)).center)
        else:
            raise AssertionError(f"{name} is a {type(ctl).__name__}")

    def shot(self, name: str) -> pygame.Surface:
        self.pump()
        SHOTS.mkdir(exist_ok=True)
        shot = self.screen.copy()
        pygame.image.save(shot, SHOTS / f"{name}.png")
        return shot


def distinct_colours(surface: pygame.Surface) -> int:
    small = pygame.transform.scale(surface, (surface.get_width() // 4, surface.get_height() // 4))
    raw = pygame.image.tobytes(small, "RGB")
    return len({raw[i : i + 3] for i in range(0, len(raw), 3)})


def open_menu(home: pathlib.Path, lang: str = "zh", can_continue: bool = False) -> MenuHarness:
    h = MenuHarness(home, lang)
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(can_continue)))  # type: ignore[arg-type]
    h.pump()
    return h


# --- the main menu ---------------------------------------------------------------------------

SUB_SCENES = {
    "new": NewGameScene,
    "shop": ShopScene,
    "stats": StatsScene,
    "help": HelpScene,
    "settings": SettingsScene,
}


@pytest.mark.parametrize("name", sorted(SUB_SCENES))
def test_every_sub_menu_opens_by_mouse_and_closes_with_back(home: pathlib.Path, name: str) -> None:
    h = open_menu(home)
    h.click_control(name)
    assert isinstance(h.top, SUB_SCENES[name])
    h.click_control("back")
    assert isinstance(h.top, MainMenuScene)
    h.click_control(name)
    h.key(pygame.K_ESCAPE)  # Esc closes it too
    assert isinstance(h.top, MainMenuScene)
    assert h.actions == []


@pytest.mark.parametrize(
    ("name", "action"),
    [("replays", "open_replays"), ("quit", "quit"), ("quick", "start_match")],
)
def test_menu_buttons_that_leave_call_the_hook(home: pathlib.Path, name: str, action: str) -> None:
    h = open_menu(home)
    h.click_control(name)
    assert h.names() == [action]
    if action == "start_match":
        config = h.actions[0][1]
        assert config == MatchConfig("standard", (), ("normal", "normal", "normal"), 8)


def test_continue_only_with_an_autosave(home: pathlib.Path) -> None:
    h = open_menu(home, can_continue=False)
    assert not h.control("continue").enabled
    h.click_control("continue")
    assert h.actions == []
    assert h.top.focused_name() == "quick"  # type: ignore[union-attr]
    h = open_menu(home, can_continue=True)
    assert h.control("continue").enabled
    assert h.top.focused_name() == "continue"  # type: ignore[union-attr]
    h.key(pygame.K_RETURN)
    assert h.names() == ["continue_match"]


def test_keyboard_moves_through_the_menu(home: pathlib.Path) -> None:
    h = open_menu(home)
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    assert menu.focused_name() == "quick"
    h.key(pygame.K_UP)  # Continue is disabled: wraps past Quit to About in the corner
    assert menu.focused_name() == "about"
    h.key(pygame.K_DOWN)
    h.key(pygame.K_DOWN)
    assert menu.focused_name() == "new"
    h.key(pygame.K_RETURN)
    assert isinstance(h.top, NewGameScene)
    h.key(pygame.K_ESCAPE)
    assert h.top is menu
    expected = [n for n in MENU_ITEMS if n != "continue"] + ["about"]  # About: the corner
    expected += ["tutorial", "tutorial_dismiss"]  # a new player's tip beside the column
    seen = []
    for _ in expected:
        seen.append(menu.focused_name())
        h.key(pygame.K_DOWN)
    assert sorted(seen) == sorted(expected)
    # each sub-menu by keyboard
    for name, cls in SUB_SCENES.items():
        menu.focus_named(name)
        h.key(pygame.K_KP_ENTER)
        assert isinstance(h.top, cls), name
        h.key(pygame.K_ESCAPE)
        assert h.top is menu
    h.key(pygame.K_ESCAPE)  # Esc on the menu goes to Quit, a second Enter quits
    assert menu.focused_name() == "quit"
    h.key(pygame.K_RETURN)
    assert h.names() == ["quit"]


# --- new game --------------------------------------------------------------------------------


def test_new_game_config_with_option_changes(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    assert set(scene.row_controls) >= set(OPTION_NAMES) - HIDDEN_OPTIONS
    presets = [c.name for c in scene.controls if c.name.startswith("preset.")]
    assert presets == [f"preset.{p}" for p in TABLE_PRESETS]  # every room's presets
    h.click_control("preset.jj")
    assert scene.preset == "jj"
    assert scene.overrides() == ()
    # a toggle near the top of the list
    toggle = h.control("exchange_three")
    assert isinstance(toggle, Toggle) and not toggle.value
    h.click(toggle.rect.center)
    assert scene.values["exchange_three"] == "on"
    # a drop-down further down: scroll with the wheel until it is visible
    area = scene.scroll.rect  # type: ignore[union-attr]
    for _ in range(40):
        if h.control("pig_penalty").visible:
            break
        h.wheel(area.center)
    h.choose("pig_penalty", "32")
    # a pattern value at the very bottom, scrolled with the keyboard
    for _ in range(80):
        if h.control("fan.jiang_dui").visible:
            break
        h.key(pygame.K_DOWN)
    h.choose("fan.jiang_dui", "4")
    h.choose("bot.2", "hard")
    h.choose("hands", "None")
    h.click_control("items")  # jj has items off; switch them on
    h.shot("new_game_changed_zh")
    h.click_control("start")
    assert h.names() == ["settings_changed", "start_match"]
    config = h.actions[-1][1]
    assert isinstance(config, MatchConfig)
    assert config.preset == "jj"
    assert set(config.overrides) == {
        "exchange_three=on",
        "pig_penalty=32",
        "fan.jiang_dui=4",
        "items=on",
    }
    assert config.bots == ("normal", "hard", "normal")
    assert config.hands is None
    rules = config.rules()
    assert rules.exchange_three and rules.items and rules.pig_penalty == 32
    assert rules.fan_of("jiang_dui") == 4 and rules.cap_fan == 5
    saved, _ = load_settings(home)
    assert saved.preset == "jj" and set(saved.overrides) == set(config.overrides)
    assert saved.bots == ("normal", "hard", "normal")


def test_choosing_a_preset_resets_the_options(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    h.click(h.control("drizzle").rect.center) if h.control("drizzle").visible else None
    scene.set_option("cap_fan", "3")
    assert "cap_fan=3" in scene.overrides()
    h.click_control("preset.wiki")
    assert scene.overrides() == ()
    assert scene.values["cap_fan"] == "4"
    scene.set_option("cap_fan", "6")
    h.click_control("reset")
    assert scene.values["cap_fan"] == "4"


def test_new_game_reports_invalid_rules_instead_of_starting(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    scene.values["cap_fan"] = "zero"  # not reachable by clicks; the check still guards it
    h.click_control("start")
    assert "start_match" not in h.names()
    # in the player's words, both languages: the engine's English ("cap_fan" …) goes to the log
    assert scene.toast is not None and scene.toast[0] == scene.t("new.invalid")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_new_game_words_a_wall_too_small_for_its_players(home: pathlib.Path, lang: str) -> None:
    """One suit (36 tiles) with four players, reachable by the option rows: the player is
    told in their language, not the engine's "suits=m is 36 tiles …", above Start."""
    h = open_menu(home)
    h.ctx.settings.lang = lang
    h.click_control("new")
    scene = h.top
    assert isinstance(scene, NewGameScene)
    scene.values["players"], scene.values["suits"] = "4", "m"
    h.click_control("start")
    assert "start_match" not in h.names()
    assert scene.toast is not None
    text = scene.toast[0]
    assert (
        "suits=" not in text
        and "36" in text
        and ("花色" in text if lang == "zh" else "suit" in text)
    )
    start = next(c for c in scene.controls if c.name == "start")
    assert scene.toast_bottom() <= start.rect.top


# --- settings --------------------------------------------------------------------------------


def test_settings_round_trip_through_the_scene(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.click_control("settings")
    scene = h.top
    assert isinstance(scene, SettingsScene)
    h.choose("lang", "en")
    assert h.ctx.settings.lang == "en"
    assert h.control("back").label.endswith("Back")  # rebuilt in English at once
    h.choose("window", "1600x1000")
    h.click_control("fullscreen")
    h.choose("speed", "fast")
    h.choose("bot_pace", "slow")
    h.click_control("mute")
    h.click_control("hints")
    h.click_control("confirm_discard")
    h.choose("replays_kept", "200")
    h.choose("turn_timer", "15")
    h.click(scene.style_cells["contrast"].center)  # the preview picks the style too
    slider = h.control("music_volume")
    track = slider.rect.inflate(-16, 0)
    h.click((track.x + track.w // 4, track.centery))
    assert set(h.names()) == {"settings_changed"}
    assert all(p is h.ctx.settings for _, p in h.actions)
    saved, notice = load_settings(home)
    assert notice is None
    assert saved.lang == "en"
    assert saved.window == (1600, 1000) and saved.fullscreen
    assert saved.speed == "fast" and saved.bot_pace == "slow"
    assert saved.mute and not saved.hints and saved.confirm_discard
    assert saved.tile_style == "contrast"
    assert saved.replays_kept == 200  # the replay list's "(see Settings)" leads here
    assert saved.turn_timer == 15
    assert saved.music_volume == pytest.approx(0.25)
    # keyboard: ←/→ change the focused control
    scene.focus_named("sound_volume")
    before = h.ctx.settings.sound_volume
    h.key(pygame.K_LEFT)
    assert h.ctx.settings.sound_volume == pytest.approx(before - 0.05)
    # a fresh scene shows what was saved
    h.click_control("back")
    h.ctx.settings = saved
    h.click_control("settings")
    assert h.control("tile_style").value == "contrast"
    assert h.control("mute").value is True


def test_a_replay_count_set_in_the_file_stays_on_offer(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.ctx.settings.replays_kept = 37
    h.click_control("settings")
    kept = h.control("replays_kept")
    assert kept.value == "37"
    assert list(kept.values) == ["20", "37", "50", "100", "200"]


# --- statistics ------------------------------------------------------------------------------


def populated_profile() -> Profile:
    p = Profile()
    rng = random.Random(3)
    for _ in range(60):
        won = rng.random() < 0.3
        p.record_hand(
            won=won,
            self_drawn=won and rng.random() < 0.4,
            dealt_in=not won and rng.random() < 0.2,
            pattern=rng.choice(["ping_hu", "ping_hu", "qi_dui", "dui_dui_hu"]) if won else None,
            fan=rng.randint(1, 4) if won else None,
            points=rng.randint(-8, 12),
            coins=rng.randint(-30, 40),
            preset=rng.choice(["standard", "jj", "modern", None]),
        )
    for _ in range(15):
        p.record_match(points=rng.randint(-40, 50), preset="standard", rank=rng.randint(1, 4))
    p.stats.best_hand = BestHand("123s456s567s99s+K8s", "qing_yi_se", 4, 8, "standard")
    return p


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_stats_scene_with_empty_and_populated_profiles(home: pathlib.Path, lang: str) -> None:
    h = open_menu(home, lang)
    h.click_control("stats")
    assert isinstance(h.top, StatsScene)
    empty = h.shot(f"stats_empty_{lang}")
    assert distinct_colours(empty) > 150
    h.ctx.profile = populated_profile()
    full = h.shot(f"stats_full_{lang}")
    assert distinct_colours(full) > distinct_colours(empty)
    assert pygame.image.tobytes(full, "RGB") != pygame.image.tobytes(empty, "RGB")


def test_best_hand_notation_is_read_leniently() -> None:
    tiles, melds = parse_best_hand("123s456s567s99s+K8s")  # type: ignore[misc]
    assert len(tiles) == 11 and str(melds[0]) == "K8s"
    assert parse_best_hand("123m456m789m234p55p") is not None
    assert parse_best_hand("not tiles") is None


# --- screenshots of every scene ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_screenshots_of_every_scene(home: pathlib.Path, lang: str, size: tuple[int, int]) -> None:
    h = MenuHarness(home, lang, size, profile=populated_profile())
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(True)))  # type: ignore[arg-type]
    suffix = f"{lang}_{size[0]}x{size[1]}"
    shot = h.shot(f"menu_{suffix}")
    assert distinct_colours(shot) > 300
    for name in ("new", "shop", "stats", "settings"):
        h.click_control(name)
        shot = h.shot(f"{name}_{suffix}")
        assert distinct_colours(shot) > 150, name
        h.key(pygame.K_ESCAPE)
    h.click_control("help")
    for tab in ("rules", "gallery", "calc"):
        h.choose("tabs", tab)
        shot = h.shot(f"help_{tab}_{suffix}")
        assert distinct_colours(shot) > 150, tab
    # every control of every scene lies inside the window
    for cls in (NewGameScene, ShopScene, StatsScene, SettingsScene, HelpScene):
        scene = cls(h.ctx)
        for c in scene.controls:
            assert pygame.Rect(0, 0, *size).contains(c.rect), (cls.__name__, c.name)


def test_buttons_are_big_enough_for_their_labels(home: pathlib.Path) -> None:
    """No label is squeezed much (a squeezed label shows as tiny text)."""
    from game.ui.text import render_text

    for lang in ("zh", "en"):
        h = MenuHarness(home, lang, (1024, 640))
        for cls in (MainMenuScene, NewGameScene, ShopScene, SettingsScene, HelpScene):
            scene = cls(h.ctx)
            for c in scene.controls:
                if isinstance(c, Button):
                    w = render_text(c.label, c.font_size, (0, 0, 0), True).get_width()
                    assert w <= (c.rect.w - 12) * 1.15, (lang, cls.__name__, c.label)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_settings_rows_have_room_for_label_and_description(
    home: pathlib.Path, size: tuple[int, int]
) -> None:
    """The settings' two columns end level, no row overlaps the next, and a row with a
    description under its label is as tall as two lines of text need."""
    scene = SettingsScene(MenuHarness(home, "en", size).ctx)
    px = scene.px
    bottoms = {rect.bottom for rect, title in scene.panels if title.endswith(("sound", "tiles"))}
    assert len(bottoms) == 1, bottoms
    rects = [r for _key, _desc, _ctl, r in scene.rows]
    for upper, lower in itertools.pairwise(rects):
        if upper.x == lower.x:
            assert upper.bottom <= lower.top
    for _key, desc, ctl, r in scene.rows:
        if desc:
            assert r.h >= px(17) + px(13) + px(8), (size, desc, r)
        assert r.top - px(4) <= ctl.rect.top and ctl.rect.bottom <= r.bottom + px(4), ctl.name


def test_menu_inside_the_real_app_loop(home: pathlib.Path) -> None:
    """Through ``App.process_events``: clicks, ↓, Enter and Esc reach the menu scenes."""
    app = App(Settings(lang="en"), (1280, 800), data_dir=home)
    try:
        nav = RecordingNavigator(app)
        actions = nav.actions
        menu = MainMenuScene(nav.ctx, autosave=FakeAutosave(False))  # type: ignore[arg-type]
        app.stack.push(menu)
        app.step(DT)
        button = next(c for c in menu.controls if c.name == "stats")
        pos = button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(DT)
        assert isinstance(app.stack.top, StatsScene)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(
                pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            )
        app.step(DT)
        assert app.stack.top is menu
        assert menu.focused_name() == "stats"
        for key in (pygame.K_DOWN, pygame.K_RETURN):  # ↓ moves to Replays, Enter opens it
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
            app.step(DT)
        assert [n for n, _ in actions] == ["open_replays"]
    finally:
        app.close()


def test_a_damaged_profile_is_reported_not_fatal(home: pathlib.Path) -> None:
    (home / "profile.json").write_text("{ not json", encoding="utf-8")
    h = open_menu(home, "en")
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    assert h.ctx.profile.coins == 1000  # a new player's profile
    told = h.app.notices.texts("en")  # drawn by the app, over whatever screen shows
    assert len(told) == 1 and "profile" in told[0].lower() and "coins" in told[0]
    h.shot("menu_damaged_profile_en")


def test_an_open_drop_down_takes_escape(home: pathlib.Path) -> None:
    h = open_menu(home)
    h.click_control("new")
    scene = h.top
    ctl = h.control("hands")
    h.click(ctl.rect.center)
    assert ctl.open
    h.key(pygame.K_ESCAPE)  # closes the list, not the scene
    assert not ctl.open and h.top is scene
    h.key(pygame.K_ESCAPE)
    assert isinstance(h.top, MainMenuScene)


def test_every_dynamic_menu_key_exists_in_both_languages() -> None:
    """Keys built at run time (f-strings) are not seen by test_game_i18n's scan: list them."""
    import re

    from engine.rules import OPTION_INFO
    from game import i18n
    from game.calculator import FLAGS, MELD_MODES
    from game.profile import ITEM_IDS
    from game.scenes.help_scene import TABS
    from game.scenes.new_game import option_choices
    from game.settings import SPEEDS, TILE_STYLES
    from game.strings.menus import RULE_SECTIONS

    keys = [f"menu.{n}" for n in MENU_ITEMS] + [f"menu.desc.{n}" for n in MENU_ITEMS]
    keys += [f"item.{i}" for i in ITEM_IDS] + [f"item.desc.{i}" for i in ITEM_IDS]
    keys += [f"item.when.{i}" for i in ITEM_IDS]
    keys += [f"set.speed.{s}" for s in SPEEDS] + [f"set.style.{s}" for s in TILE_STYLES]
    keys += [f"calc.flag.{f}" for f in FLAGS] + [f"calc.mode.{m}" for m in MELD_MODES]
    keys += [f"rule.{s}.title" for s in RULE_SECTIONS] + [f"rule.{s}.body" for s in RULE_SECTIONS]
    keys += [f"help.tab.{t}" for t in TABS] + [f"new.seat.{n}" for n in (1, 2, 3)]
    keys += [f"new.section.{s}" for s in ("rules", "fan", "extra")]
    keys += [f"extra.short.{e}" for e in ("gen", "gang_shang_hua", "gang_shang_pao")]
    keys += [f"preset.{p}" for p in ("standard", "jj", "wiki", "chengdu", "modern")]
    keys += ["preset.modern_xueliu"] + [f"bot.{b}" for b in ("easy", "normal", "hard")]
    keys += [f"preset.{p}" for p in ("sanren_liangfang", "liangren")]
    keys += [f"preset.desc.{p}" for p in ("sanren_liangfang", "liangren")]
    keys += [f"room.name.{r}" for r in ROOMS]
    # the wall's suits are named by the engine's suit names (game.match_config.suits_label)
    for name in (n for n in OPTION_INFO if n not in HIDDEN_OPTIONS and n != "suits"):
        for token in option_choices(name):
            if not token.isdigit() and not (name == "self_draw_bonus" and token == "none"):
                keys.append(f"val.{token}")
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for key in keys:
        assert i18n.has(key), key
        zh, en = dict(i18n.entries())[key]
        assert zh and en, key
        if key not in ("set.lang.zh",):
            assert not cjk.search(en) or key.startswith("rule.tiles"), (key, en)


def test_scenes_follow_a_window_resize(home: pathlib.Path) -> None:
    h = open_menu(home, "en")
    for name in ("new", "shop", "stats", "settings", "help"):
        h.click_control(name)
        for size in ((1024, 640), (1600, 1000), (1280, 800)):
            h.app.resize(size)
            h.pump()
            top = h.top
            assert isinstance(top, MenuScene) and top.size == size
            for c in top.controls:
                assert pygame.Rect(0, 0, *size).contains(c.rect), (name, c.name, size)
        h.key(pygame.K_ESCAPE)
    assert isinstance(h.top, MainMenuScene) and h.top.size == (1280, 800)


def test_a_double_click_that_changes_the_screen_does_not_click_the_next_one(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Back, double clicked on a sub-screen, opened About: the main menu's About sits where
    Back was and took the second click. It is dropped; a later click there goes through."""
    h = open_menu(home, "en")
    h.click_control("shop")
    back = h.control("back").rect.center
    about = next(c for c in h.stack.scenes[0].controls if c.name == "about")
    assert about.rect.collidepoint(back)  # the trap: About is under Back
    now = [10_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: now[0])
    h.click(back)
    now[0] += 150  # the second click of a double click
    h.click(back)
    h.pump(2)
    assert isinstance(h.top, MainMenuScene) and h.actions == []
    now[0] += 600  # a click of its own, later
    h.click(back)
    h.pump(2)
    assert type(h.top).__name__ == "AboutScene"


def test_a_window_resized_by_the_player_stays_when_a_setting_changes(home: pathlib.Path) -> None:
    """Dragged to 1500×940, the window jumped back to the saved size as soon as any setting
    changed (Mute, say): the settings still held the old size."""
    h = open_menu(home, "en")
    h.click_control("settings")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1500, 940), w=1500, h=940))
    h.pump()
    assert h.app.size == (1500, 940)
    scene = h.top
    assert isinstance(scene, SettingsScene)
    window = h.control("window")
    assert isinstance(window, Choice) and window.value == "1500x940"
    h.click_control("mute")
    h.pump()
    assert h.app.settings.mute and h.app.size == (1500, 940)
    assert load_settings(home)[0].window == (1500, 940)  # and it is kept for the next start


# --- the first-run tip ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_new_player_is_pointed_to_the_tutorial(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    """The tutorial was only under Rules & help: a new player never met it. On a profile
    with no hand played the main menu shows a tip beside the column — on the screen, clear
    of the buttons, the title and the coins — whose button opens the tutorial."""
    h = MenuHarness(home, lang, size)
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    box = menu.tip_box()
    assert box is not None and h.screen.get_rect().contains(box)
    for name in ("tutorial", "tutorial_dismiss"):
        assert box.contains(h.control(name).rect), name
    others = [c.rect for c in menu.controls if c.name in (*MENU_ITEMS, "about")]
    assert others and not any(box.colliderect(r) for r in others)
    assert box.top > menu.px(260)  # under the subtitle; the coins are at the top
    assert menu.focused_name() == "quick"  # a tip, not a detour: Quick play keeps the focus
    h.shot(f"menu_tip_{lang}_{size[0]}")
    h.click_control("tutorial")
    assert h.names() == ["start_tutorial"]


def test_no_thanks_closes_the_tip_for_good(home: pathlib.Path) -> None:
    h = open_menu(home, "en")
    h.click_control("tutorial_dismiss")
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    assert menu.tip_box() is None
    assert not any(c.name.startswith("tutorial") for c in menu.controls)
    assert menu.focused_name() == "quick"
    assert load_settings(home)[0].tutorial_tip is False  # saved: gone at the next start too
    assert h.actions == []


@pytest.mark.parametrize("who", ["played", "saved_match", "tutorial_done"])
def test_the_tip_is_for_new_players_only(home: pathlib.Path, who: str) -> None:
    """A profile with a hand played, a match to continue, or the tutorial finished (or its
    tip closed): no tip."""
    profile = Profile()
    if who == "played":
        profile.record_hand(won=False, self_drawn=False, dealt_in=False, points=-1, coins=-5)
    h = MenuHarness(home, "zh", profile=profile)
    h.ctx.settings.tutorial_tip = who != "tutorial_done"
    autosave = FakeAutosave(who == "saved_match")
    h.stack.push(MainMenuScene(h.ctx, autosave=autosave))  # type: ignore[arg-type]
    h.pump()
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    assert menu.tip_box() is None
    assert not any(c.name.startswith("tutorial") for c in menu.controls)


def test_settings_without_the_tip_field_load_with_the_tip_on(home: pathlib.Path) -> None:
    """A settings file from before the tip (no ``tutorial_tip``) loads as it was, the tip on
    (a player who has played is told apart by the profile)."""
    from game.settings import save_settings, settings_store

    old = Settings(lang="en", hints=False).to_dict()
    del old["tutorial_tip"]
    settings_store(home).save(old)
    loaded, notice = load_settings(home)
    assert notice is None and loaded.tutorial_tip is True and loaded.hints is False
    loaded.tutorial_tip = False
    save_settings(loaded, home)
    assert load_settings(home)[0].tutorial_tip is False


def test_a_save_that_cannot_be_resumed_greys_continue_at_once(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Continue on a damaged save moves it aside and says so, but the menu kept the state it
    was built in: Continue still lit, and a new player's tip drawn without its buttons. (A
    save the menu finds damaged itself greys Continue before it is pressed: this one reads
    and its hand replays, only the table refuses it — stood in for by a refusal, since
    every refusal the table makes today the menu's check makes first.)"""
    from engine.match import MatchState
    from engine.rules import get_preset
    from game import nav as nav_module
    from game.app import App
    from game.autosave import Autosave, match_to_dict
    from game.nav import Navigator
    from game.table.match_session import ResumeError

    def refuse(*_args: object, **_kw: object) -> None:
        raise ResumeError("the table refuses this save")

    monkeypatch.setattr(nav_module, "controller_from_doc", refuse)
    match = match_to_dict(MatchState(rules=get_preset("standard"), seed=3))
    Autosave(home).save({"match": match, "seating": {"human": 0, "bots": ["normal"] * 4}})
    app = App(Settings(lang="en"), (1280, 800), data_dir=home)
    try:
        nav = Navigator(app)
        menu = nav.main_menu()
        app.step(1 / 60)
        assert next(c for c in menu.controls if c.name == "continue").enabled
        nav.continue_match()
        assert app.stack.top is menu and menu.toast is not None  # told why
        assert not next(c for c in menu.controls if c.name == "continue").enabled
        assert menu.tip_box() is not None  # no hand played: the tip, with its buttons
        assert {"tutorial", "tutorial_dismiss"} <= {c.name for c in menu.controls}
    finally:
        app.close()
