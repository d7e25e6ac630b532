"""The app's shell and its menus as a demanding player meets them: a window size the desktop
cannot show chosen twice, Esc at the tutorial's settlement, a notice over the main menu's
hints, the settings screen by the keyboard alone and a settings file that cannot be read."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from shell_support import control, settings_app
from test_game_support import DT, post_key

from game.app import App
from game.nav import Navigator
from game.settings import Settings, load_settings
from game.ui.controls import Choice


@pytest.fixture
def small_desktop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A real desktop of 1366×768 (the dummy driver has none: it keeps any size)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return (1366, 768)


# --- a window size the desktop cannot show -------------------------------------------------


def test_a_size_too_large_chosen_again_still_names_the_size_in_use(
    home: pathlib.Path, small_desktop: tuple[int, int]
) -> None:
    """1920×1080 on a 1366×768 desktop opens at 1366×704 and the drop-down says so. Chosen
    once more, the window kept its size — nothing was laid out again, and the drop-down
    went on showing 1920 × 1080 over a 1366×704 window."""
    app, _ = settings_app(home, Settings(lang="en", window=(1024, 640)))
    try:
        for _ in range(2):
            window = control(app, "window")
            assert isinstance(window, Choice)
            window.choose("1920x1080")
            app.step(DT)
            assert app.size == (1366, 704)
            shown = control(app, "window")
            assert isinstance(shown, Choice) and shown.value == "1366x704"
    finally:
        app.close()


# --- Esc at the tutorial's settlement -------------------------------------------------------


def test_esc_at_the_tutorials_settlement_opens_the_pause_menu_and_comes_back() -> None:
    """Esc at the lesson's result did nothing (no way off the screen but its one button).
    It opens the pause menu, as at the lesson's table and a match's settlement; Esc there
    comes back to the result, and Leave the table goes back where the lesson was opened."""
    from test_tutorial import _app, _click_target, _coach, _lesson

    from game.scenes.menu import MainMenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.settlement import SettlementScene

    app = _app("en")
    try:
        nav = Navigator(app)
        nav.main_menu()
        table = nav.tutorial()
        coach = _coach(table)
        for step in _lesson(app, coach):
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
            elif coach.expected_action() is not None and not table.animating:
                assert _click_target(coach)
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        for _ in range(3):
            app.step(DT)
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene) and app.stack.scenes[-2] is st
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        app.step(DT)
        assert app.stack.top is st and st.elements  # the result, its button still there
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        pause.choose("leave")  # the lesson is no match: left without a question
        app.step(DT)
        assert isinstance(app.stack.top, MainMenuScene) and table.stack is None
    finally:
        app.close()


# --- notices over the main menu ---------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("new_player", [True, False])
def test_notices_over_the_main_menu_keep_off_its_hints_and_its_tip(
    home: pathlib.Path, size: tuple[int, int], lang: str, new_player: bool
) -> None:
    """With the top taken by the title and the coins, two notices at a start went to the
    bottom right corner, over the keyboard's hint ("↑/↓ choose · Enter confirm"); they go
    down the right side instead, under the coins (and the new player's tip), clear of the
    hint, of what the focused button does and of every button."""
    from game.i18n import t
    from game.scenes.menu import MainMenuScene
    from game.ui.text import MIN_TEXT, render_text

    app = App(Settings(lang=lang, window=size, tutorial_tip=new_player), size, data_dir=home)
    try:
        Navigator(app).main_menu()
        app.run(frames=2)
        scene = app.stack.top
        assert isinstance(scene, MainMenuScene) and (scene.tip_box() is not None) == new_player
        app.notify(
            (
                "设置文件已损坏，已恢复默认设置。",
                "The settings file was damaged; defaults are used.",
            )
        )
        app.notify(("档案已从备份恢复。", "Your profile was repaired from its backup."))
        app.step(DT)
        boxes = app.notices._rects
        assert len(boxes) == 2
        hint = render_text(t("menu.hint", lang), max(MIN_TEXT, scene.px(14)), (0, 0, 0))
        hint_rect = hint.get_rect(bottomright=(scene.w - scene.px(24), scene.h - scene.px(14)))
        keep = [hint_rect, scene._desc(scene.focused_name())[1]]
        keep += [c.rect for c in scene.controls if c.visible]
        tip = scene.tip_box()
        if tip is not None:
            keep.append(tip)
        for box in boxes:
            assert app.screen.get_rect().contains(box)
            assert not [r for r in keep if box.colliderect(r)], (box, keep)
    finally:
        app.close()


# --- the lobby's language -------------------------------------------------------------------


def test_the_lobbys_language_switch_is_kept_for_the_next_start(home: pathlib.Path) -> None:
    """The small start screen (``--play``) switched the language for this run only: the next
    start spoke the old one again, unless some other change happened to save the settings.
    It is saved as the settings screen's switch is, a ``--lang`` flag's value or not, and the
    window's title follows."""
    from game.scenes.start import StartScene

    settings = Settings(lang="en", window=(1024, 640))
    settings.run_only["lang"] = ("en", "zh")  # ``--lang en`` over saved Chinese
    app = App(settings, settings.window, data_dir=home)
    try:
        lobby = Navigator(app).lobby()
        app.step(DT)
        assert isinstance(lobby, StartScene)
        lobby.choose(("lang", ""))
        app.step(DT)
        assert app.settings.lang == "zh" and load_settings(home)[0].lang == "zh"
        assert pygame.display.get_caption()[0] == "四川麻将 · 血战到底"
        lobby.choose(("lang", ""))  # back to the flag's: chosen now, and saved as chosen
        assert app.settings.lang == "en" and load_settings(home)[0].lang == "en"
        assert pygame.display.get_caption()[0] == "Sichuan Mahjong · Blood Battle"
    finally:
        app.close()


# --- fullscreen from the keyboard -------------------------------------------------------------


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod))


@pytest.mark.parametrize("keys", [(pygame.K_F11, 0), (pygame.K_RETURN, pygame.KMOD_LALT)])
def test_f11_or_alt_enter_switches_fullscreen_anywhere_and_it_is_kept(
    home: pathlib.Path, keys: tuple[int, int]
) -> None:
    """A player looks for F11 or Alt+Enter: neither did anything but Alt+Enter's Enter (it
    pressed the focused button: Quick play, here). Either switches fullscreen on and off
    on every screen, saved as the settings' switch saves it, and the switch follows."""
    from game.scenes.menu import MainMenuScene

    app, scene = settings_app(home, Settings(lang="en", window=(1024, 640)))
    try:
        _key(*keys)
        app.step(DT)
        app.step(DT)
        assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.settings.fullscreen and load_settings(home)[0].fullscreen
        shown = control(app, "fullscreen")
        assert app.stack.top is scene and shown.value is True  # type: ignore[attr-defined]
        _key(pygame.K_ESCAPE)
        app.step(DT)
        menu = app.stack.top
        assert isinstance(menu, MainMenuScene)
        _key(*keys)  # over the main menu: back to the window, and nothing pressed
        app.step(DT)
        assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
        assert app.size == (1024, 640) and not load_settings(home)[0].fullscreen
        assert app.stack.top is menu
    finally:
        app.close()


# --- the settings screen by the keyboard alone ----------------------------------------------------


def test_every_setting_is_reached_and_changed_by_the_keyboard_and_kept(home: pathlib.Path) -> None:
    """Tab walks every control of the settings screen once (Back included), each shows its
    focus, → (a switch: Enter) changes the one focused and the change is saved: read back, the
    next start has them all. Esc leaves."""
    from game.scenes.menu import MainMenuScene
    from game.ui.controls import Slider, Toggle

    start = Settings(lang="en", window=(1024, 640), mute=True)
    app, scene = settings_app(home, start)
    try:
        names = [c.name for c in scene.focus_order()]
        assert len(names) == len(set(names)) and "back" in names
        seen = []
        for _ in names:
            _key(pygame.K_TAB)
            app.step(DT)
            focused = scene.focused_control()
            assert focused is not None and focused.focused
            seen.append(focused.name)
            if focused.name in ("back", "lang", "window", "fullscreen"):
                continue  # (changes of the window and the language: tests of their own)
            before = load_settings(home)[0].to_dict()
            _key(pygame.K_RETURN if isinstance(focused, Toggle) else pygame.K_RIGHT)
            app.step(DT)
            after = load_settings(home)[0].to_dict()
            assert after != before, focused.name
            if isinstance(focused, Slider):
                assert after[focused.name] == pytest.approx(before[focused.name] + 0.05)
        assert sorted(seen) == sorted(names)
        kept = app.settings.to_dict()
        _key(pygame.K_ESCAPE)
        app.step(DT)
        assert isinstance(app.stack.top, MainMenuScene)
    finally:
        app.close()
    assert load_settings(home)[0].to_dict() == kept


def test_a_volume_still_held_when_the_settings_close_is_saved(home: pathlib.Path) -> None:
    """Esc with the music's knob still held by the mouse: the level was heard but saved only
    on the release, which the closed screen never heard — the next start had the old one."""
    from game.ui.controls import Slider

    app, scene = settings_app(home, Settings(lang="en", window=(1024, 640), music_volume=0.5))
    try:
        music = control(app, "music_volume")
        assert isinstance(music, Slider)
        left = (music.rect.x + 2, music.rect.centery)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=music.rect.center, button=1)
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=left, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step(DT)
        assert music.dragging and app.settings.music_volume == 0.0
        _key(pygame.K_ESCAPE)
        app.step(DT)
        assert app.stack.top is not scene
    finally:
        app.close()
    assert load_settings(home)[0].music_volume == 0.0


def test_the_window_size_is_greyed_out_in_fullscreen(home: pathlib.Path) -> None:
    """In fullscreen the window is the desktop's size: a size chosen in the drop-down
    changed nothing to be seen. It is greyed out there (no click, no focus) and comes back
    with the window, keeping its size for it."""
    app, _ = settings_app(home, Settings(lang="en", window=(1024, 640), fullscreen=True))
    try:
        scene = app.stack.top
        window = control(app, "window")
        assert isinstance(window, Choice) and not window.enabled
        assert window not in scene.focus_order()  # type: ignore[union-attr]
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.rect.center, button=1)
        )
        app.step(DT)
        assert not window.open
        fullscreen = control(app, "fullscreen")
        fullscreen.activate()  # type: ignore[attr-defined]
        app.step(DT)
        window = control(app, "window")
        assert isinstance(window, Choice) and window.enabled and window.value == "1024x640"
        assert app.size == (1024, 640)
    finally:
        app.close()


# --- the window's icon ------------------------------------------------------------------------


def test_the_window_has_the_games_icon(home: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The title bar and the task bar showed pygame's snake: the window had no icon of its
    own (the packaged game's file had one). It has the game's: 1条 on felt."""
    icons: list[pygame.Surface] = []
    real = pygame.display.set_icon

    def recorded(surface: pygame.Surface) -> None:
        icons.append(surface)
        real(surface)

    monkeypatch.setattr(pygame.display, "set_icon", recorded)
    app = App(Settings(lang="en", window=(1024, 640)), (1024, 640), data_dir=home)
    try:
        assert len(icons) == 1
        icon = icons[0]
        w, h = icon.get_size()
        assert w == h >= 32
        assert icon.get_at((w // 2, h // 2)).a == 255  # the tile, opaque
        assert icon.get_at((w // 2, 2))[:3] != icon.get_at((w // 2, h // 2))[:3]  # on felt
    finally:
        app.close()


# --- a settings save the disk refuses ------------------------------------------------------------


def test_a_refused_save_is_told_once_not_twice_over(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A switch flipped with a folder that cannot be written: the app's notice says why, and
    the screen's toast said it again under it — 'Settings not saved: Your settings could not
    be saved: the save folder may not be written to…'. The toast answers the change alone."""
    import game.storage

    app, scene = settings_app(home, Settings(lang="en", window=(1024, 640)))
    try:

        def refused(*_: object, **__: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(game.storage.os, "replace", refused)
        control(app, "hints").activate()  # type: ignore[attr-defined]
        app.step(DT)
        (told,) = [text for text in app.notices.texts("en") if "could not be saved" in text]
        assert scene.toast is not None
        toast = scene.toast[0]
        assert toast == "Not saved: it holds while the game runs"
        assert told not in toast
        assert app.settings.hints is False  # it holds
    finally:
        monkeypatch.undo()
        app.close()


def test_notices_go_down_the_right_side_only_where_there_is_room(home: pathlib.Path) -> None:
    """'Under' is a place only where the notices cover nothing: with the whole right side
    taken (a table's panels and its hand, buttons at the foot) it went as far down as it
    could and lay over the void buttons — it is passed over, and the other places are
    weighed as before."""
    from game.app import Notices

    pygame.init()
    notices = Notices()
    args = (["No audio device found: the game plays without sound"], (1024, 640))
    column = [pygame.Rect(700, 0, 324, 300), pygame.Rect(700, 300, 324, 340)]
    assert notices._layout(*args, ("right", "under"), 18, 14, 25, column) is None
    free = [pygame.Rect(700, 0, 324, 100)]
    boxes = notices._layout(*args, ("right", "under"), 18, 14, 25, free)
    assert boxes is not None and boxes[0][0].top >= 100
