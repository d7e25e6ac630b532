"""The tutorial: the prepared wall always unfolds the same, and the whole lesson is played
to the end by posted pygame events (clicks on the highlighted tile or button, Enter)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, post_key

from engine.round import ActionKind
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.scenes.settlement import SettlementScene
from game.table.scene import TableKind, TableScene
from game.table.tutorial_coach import TutorialCoach
from game.tutorial import STEPS, Step, TutorialBot, tutorial_round

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def test_the_wall_scripts_the_lesson_in_the_engine() -> None:
    """Engine only: the expected actions are offered in order and the human wins on the
    kong replacement; the others play on after the win (血战到底)."""
    rnd = tutorial_round()
    bot = TutorialBot()
    todo = [s for s in STEPS if s.expect is not None]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = rnd.legal_actions(seat)
        if seat == 0:
            step = todo.pop(0)
            action = next(a for a in legal if step.matches(a))
        else:
            action = bot.choose(rnd.view(seat), legal)
        rnd.apply(action)
    assert not todo
    win = rnd.wins[0]
    assert win.seat == 0 and "kong_bloom" in win.flags
    assert rnd.result is not None and rnd.result.reason == "wall_empty"
    assert len(rnd.decisions) > 20  # play went on after the human's win


def _app(lang: str) -> App:
    return App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1280, 800))


def _coach(table: TableScene) -> TutorialCoach:
    coach = table.overlay(TutorialCoach)
    assert isinstance(coach, TutorialCoach)
    return coach


def _lesson(app: App, coach: TutorialCoach, frames: int = 20000) -> Iterator[Step]:
    """Step the app frame by frame until the settlement opens; the lesson's step after each
    frame (while it has one)."""
    for _ in range(frames):
        if isinstance(app.stack.top, SettlementScene):
            return
        app.step(DT)
        if coach.step is not None:
            yield coach.step


def _click_target(coach: TutorialCoach) -> bool:
    """Post a click on what the overlay highlights; True if there was something."""
    rect = coach.highlight_rect()
    if rect is None:
        return False
    post_click(rect.center)
    return True


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_tutorial_completes_by_posted_events(lang: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    app = _app(lang)
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        shots: set[str] = set()
        refused_once = False
        for step in _lesson(app, coach):
            if step.key not in shots and (step.expect is None or coach.highlight_rect()):
                app.step(DT)  # the highlight is drawn on this frame
                pygame.image.save(app.screen, str(SHOTS / f"tutorial_{step.key[9:]}_{lang}.png"))
                shots.add(step.key)
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
            elif coach.expected_action() is not None and not table.animating:
                if step.key == "tutorial.pong" and not refused_once:
                    post_key(pygame.K_ESCAPE)  # a pass is not this step's lesson: refused
                    app.step(DT)
                    assert coach.refused > 0 and coach.step is step
                    assert not table.ctl.round.view(0).seats[0].melds
                    refused_once = True
                    continue
                assert _click_target(coach)
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene), app.stack.scenes
        assert refused_once and coach.index == len(STEPS) - 1
        rnd = table.ctl.round
        assert rnd.wins[0].seat == 0 and "kong_bloom" in rnd.wins[0].flags
        assert {s.key for s in STEPS} <= shots
        for _ in range(3):
            app.step(DT)
        pygame.image.save(app.screen, str(SHOTS / f"tutorial_done_{lang}.png"))
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert coach.completed and table.stack is None  # back where it started
    finally:
        app.close()


def test_tutorial_opens_from_the_help_menu_and_the_command_line() -> None:
    from game.__main__ import main
    from game.scenes.help_scene import HelpScene

    app = _app("zh")
    try:
        menu = Navigator(app).main_menu()
        app.step(DT)
        menu.choose("help")
        app.step(DT)
        help_scene = app.stack.top
        assert isinstance(help_scene, HelpScene)
        button = next(c for c in help_scene.controls if c.name == "tutorial")
        post_click(button.rect.center)
        app.step(DT)
        top = app.stack.top
        assert isinstance(top, TableScene) and top.kind is TableKind.TUTORIAL
    finally:
        app.close()
    assert main(["--tutorial", "--frames", "3"]) == 0


def test_a_slow_reader_is_waited_for_at_the_only_move() -> None:
    """The void tile's discard is the hand's only legal move: at a real table the table makes
    it after a beat, but in the lesson it is the player's to make. A player who reads for a
    while must find the highlighted tile still there (before, the table threw it, the lesson
    stayed on its step and refused the pong that followed: a dead end)."""
    app = _app("en")
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        for _ in range(2000):
            app.step(DT)
            step = coach.step
            if step is not None and step.key == "tutorial.discard_void":
                break
            if step is not None and step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
            elif coach.expected_action() is not None and not table.animating:
                _click_target(coach)
        assert coach.step is not None and coach.step.key == "tutorial.discard_void"
        for _ in range(600):  # ten seconds of reading
            app.step(DT)
        assert coach.step.key == "tutorial.discard_void"
        assert coach.expected_action() is not None  # the tile is still the player's to throw
        assert "for you" not in (table.model.status_text() or "")
        assert _click_target(coach)
        for _ in range(30):
            app.step(DT)
        assert coach.index > STEPS.index(next(s for s in STEPS if s.key == "tutorial.discard_void"))
    finally:
        app.close()


@pytest.mark.parametrize("put_away", ["esc", "pass"])
def test_the_lessons_kong_and_win_buttons_cannot_be_put_away(put_away: str) -> None:
    """At the Kong and Win steps, Esc (or the row's Pass, which means "discard instead")
    put the buttons away for good, and every discard was refused: a player who only clicks
    was stuck. The buttons stay, with the "follow the highlight" note."""
    from engine.round import ActionKind as AK
    from game.table.buttons import ToolbarItem, Wanted

    app = _app("en")
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        tried: set[AK] = set()
        for step in _lesson(app, coach):
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
                continue
            action = coach.expected_action()
            if action is None or table.animating:
                continue
            if action.kind in (AK.CONCEALED_KONG, AK.WIN) and action.kind not in tried:
                # nor does its toolbar offer 托管 (Auto), which plays no lesson
                shown = set(table.toolbar.buttons.values())
                assert ToolbarItem.HINTS in shown and ToolbarItem.AUTO not in shown
                if put_away == "esc":
                    post_key(pygame.K_ESCAPE)
                else:
                    element = next(
                        e for e, t in table.buttons.buttons.items() if t is Wanted.DISMISS
                    )
                    post_click(element.rect.center)
                for _ in range(5):
                    app.step(DT)
                assert coach.refused > 0 and coach.step is step
                assert not table.buttons.hidden and coach.highlight_rect() is not None
                tried.add(action.kind)
                continue
            assert _click_target(coach)
        assert tried == {AK.CONCEALED_KONG, AK.WIN}
        assert isinstance(app.stack.top, SettlementScene)  # the lesson went on to its end
    finally:
        app.close()


def test_leaving_the_tutorial_by_keyboard_is_not_a_walk_out() -> None:
    """Esc on the first step did nothing; later Esc → pause → Leave asked "walk out? 16
    points to each…" and settled the lesson as a walk-out under "Tutorial complete!"."""
    from game.scenes.menu import MainMenuScene
    from game.scenes.pause import PauseScene

    app = _app("en")
    try:
        nav = Navigator(app)
        nav.main_menu()
        table = nav.tutorial()
        app.step(DT)
        first = _coach(table).step
        assert first is not None and first.expect is None
        post_key(pygame.K_ESCAPE)  # on the first message step
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene) and not pause.mid_hand()
        leave = next(c for c in pause.controls if c.name == "leave")
        post_click(leave.rect.center)
        app.step(DT)
        app.step(DT)
        assert isinstance(app.stack.top, MainMenuScene)  # straight back, no question
        assert not any(isinstance(s, SettlementScene) for s in app.stack.scenes)
        assert not table.driver.round.is_over  # no walk-out settled
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_arrow_leaves_the_buttons_preview_readable(size: tuple[int, int], lang: str) -> None:
    """With the pointer on the lesson's Pong, Kong or Win button its preview (what the claim
    would pay or leave) shows just above the claim row — where the coach's arrow pointed
    down from, over the preview's words (at 1024×640 it hid "win, 3" of "Plain win, 3 fan:
    each pays 5")."""
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), size)
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        claims = {ActionKind.PONG, ActionKind.CONCEALED_KONG, ActionKind.WIN}
        seen: set[ActionKind] = set()
        for step in _lesson(app, coach):
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
                continue
            if coach.expected_action() is None or table.animating:
                continue
            button = coach.highlight_rect()
            assert button is not None and step.expect is not None
            kind = step.expect[0]
            if kind in claims - seen:
                seen.add(kind)
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=button.center, rel=(0, 0))
                )
                for _ in range(3):
                    app.step(DT)
                preview, arrow = table.painter.preview_box, coach.arrow_box
                assert preview is not None and arrow is not None, step.key
                assert not arrow.colliderect(preview), (step.key, arrow, preview)
                assert not arrow.colliderect(button), (step.key, arrow, button)
                assert app.screen.get_rect().contains(arrow), (step.key, arrow)
                pygame.image.save(
                    app.screen, str(SHOTS / f"tutorial_preview_{step.key[9:]}_{lang}_{size[0]}.png")
                )
            post_click(button.center)
        assert seen == claims
    finally:
        app.close()


def _to_step(app: App, table: TableScene, key: str, frames: int = 3000) -> TutorialCoach:
    """Play the lesson as taught until its step ``key`` waits for the player's move."""
    coach = _coach(table)
    for _ in range(frames):
        app.step(DT)
        step = coach.step
        if step is None or table.animating:
            continue
        if step.key == key and coach.expected_action() is not None:
            return coach
        if step.expect is None and not step.until_over:
            post_key(pygame.K_RETURN)
        elif coach.expected_action() is not None:
            _click_target(coach)
    raise AssertionError(f"the lesson never reached {key}")


@pytest.mark.parametrize("suit", [2, 0])
def test_a_move_on_the_intro_ends_the_reading(suit: int) -> None:
    """The void buttons are on the table while the intro is read. A player who pressed the
    starred Void Bamboo — the very move the next step teaches — was told "Not this one —
    follow the highlight" with nothing highlighted, and stayed on the intro. A move now
    ends the reading as a click does: the right one is taken, a wrong one is refused by the
    void step, whose highlight then shows where to go."""
    app = _app("en")
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        for _ in range(600):
            app.step(DT)
            if not table.animating and table.model.legal:
                break
        assert coach.step is not None and coach.step.key == "tutorial.intro"
        button = next(a for a in table.model.legal if a.suit == suit)
        rect = table.claim_rect(button)
        assert rect is not None
        post_click(rect.center)
        for _ in range(3):
            app.step(DT)
        void = table.ctl.round.view(0).own_void
        if suit == 2:
            assert void == 2 and coach.step is not None
            assert coach.step.key == "tutorial.discard_void"
        else:
            assert void is None and coach.refused > 0
            assert coach.step is not None and coach.step.key == "tutorial.void"
            assert coach.highlight_rect() is not None  # "follow the highlight": there is one
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lessons_small_words_are_at_least_12_px(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1024×640 the box's "Tutorial 1/8", "Click or press Enter to continue" and "Not
    this one — follow the highlight." were drawn at 11 px."""
    from game.ui import text as ui_text

    sizes: list[tuple[str, int]] = []

    def spy(real: Callable[..., object]) -> Callable[..., object]:
        def draw(
            surface: pygame.Surface, text: str, size: int, *args: object, **kw: object
        ) -> object:
            sizes.append((text, size))
            return real(surface, text, size, *args, **kw)

        return draw

    for name in ("blit_text", "blit_paragraph"):
        monkeypatch.setattr(f"game.table.tutorial_coach.{name}", spy(getattr(ui_text, name)))
    app = App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        app.step(DT)  # the intro: its head and "click or press Enter"
        coach.refused = 1.0  # and the refusal note
        app.step(DT)
        _to_step(app, table, "tutorial.pong")
        app.step(DT)
    finally:
        app.close()
    texts = {text for text, _ in sizes}
    assert i18n.t("tutorial.continue", lang) in texts
    assert i18n.t("tutorial.try_again", lang) in texts
    assert any(text.startswith(i18n.t("tutorial.progress", lang, n=1, total=8)) for text in texts)
    small = {(text, size) for text, size in sizes if size < ui_text.MIN_TEXT}
    assert not small, small


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("key", ["tutorial.discard_void", "tutorial.discard_pong"])
def test_the_arrow_leaves_the_tiles_hint_readable(key: str, size: tuple[int, int]) -> None:
    """With hints on, the pointer on the highlighted tile shows its hint line just above
    the hand ("Discard 1 Bamboo: 1 away from ready") — where the coach's arrow pointed down
    from, over its words. The arrow gives way there; the ring still marks the tile, risen
    as it is under the pointer."""

    app = App(Settings(lang="en", speed="instant", bot_pace="instant", hints=True), size)
    try:
        table = Navigator(app).tutorial()
        coach = _to_step(app, table, key)
        app.step(DT)
        assert coach.arrow_box is not None  # before the pointer comes, the arrow leads to it
        target = coach.highlight_rect()
        assert target is not None
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0)))
        for _ in range(3):
            app.step(DT)
        m, lay = table.model, table.layout
        slot = next(s for s in m.slots if s.index == m.hover)
        assert m.hints is not None and m.hints.per_discard[slot.kind]
        hint = table.painter.tooltip_box  # its box, as the table drew it
        assert hint is not None
        arrow = coach.arrow_box
        assert arrow is None or not arrow.colliderect(hint), (arrow, hint)
        risen = slot.rect.move(0, -lay.px(12))
        ring = coach.highlight_rect()
        assert ring is not None and ring.contains(risen), (ring, risen)
        pygame.image.save(app.screen, str(SHOTS / f"tutorial_hint_{key[9:]}_{size[0]}.png"))
    finally:
        app.close()


def test_the_menu_button_pauses_the_lesson_as_esc_does() -> None:
    """The toolbar's Menu left the tutorial at once, with no question, while Esc paused: a
    player who clicked Menu to reach Settings lost the lesson. Menu opens the pause menu
    now; Resume finds the lesson where it was, and its Leave asks nothing (no walk-out)."""
    from game.scenes.menu import MainMenuScene
    from game.scenes.pause import PauseScene
    from game.table.buttons import ToolbarItem

    app = _app("en")
    try:
        nav = Navigator(app)
        nav.main_menu()
        table = nav.tutorial()
        coach = _to_step(app, table, "tutorial.pong")
        menu = next(e for e, what in table.toolbar.buttons.items() if what is ToolbarItem.MENU)
        post_click(menu.rect.center)
        for _ in range(3):
            app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene), app.stack.scenes
        assert table.stack is not None and not pause.mid_hand()
        resume = next(c for c in pause.controls if c.name == "resume")
        post_click(resume.rect.center)
        app.step(DT)
        assert app.stack.top is table
        assert coach.step is not None and coach.step.key == "tutorial.pong"
        assert coach.expected_action() is not None  # the lesson's Pong is still there
        menu = next(e for e, what in table.toolbar.buttons.items() if what is ToolbarItem.MENU)
        post_click(menu.rect.center)
        for _ in range(3):
            app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        leave = next(c for c in pause.controls if c.name == "leave")
        post_click(leave.rect.center)
        app.step(DT)
        app.step(DT)
        assert isinstance(app.stack.top, MainMenuScene)  # straight back, no question
        assert not table.driver.round.is_over  # no walk-out settled
    finally:
        app.close()


def test_rules_and_help_over_the_lesson_offers_no_second_one() -> None:
    """Pause → Rules & help → Tutorial, in the tutorial, opened a second lesson over the
    first; finishing it came back to Rules & help over the first one's pause menu. Over the
    lesson Rules & help has no Tutorial button; from the main menu it still has."""
    from game.scenes.help_scene import HelpScene
    from game.scenes.pause import PauseScene

    app = _app("en")
    try:
        nav = Navigator(app)
        nav.main_menu()
        table = nav.tutorial()
        app.step(DT)
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        rules = next(c for c in pause.controls if c.name == "rules")
        post_click(rules.rect.center)
        app.step(DT)
        help_scene = app.stack.top
        assert isinstance(help_scene, HelpScene)
        assert not any(c.name == "tutorial" for c in help_scene.controls)
        help_scene.on_resize(app.size)  # built again (a new size, a new language): still none
        assert not any(c.name == "tutorial" for c in help_scene.controls)
        tables = [s for s in app.stack.scenes if isinstance(s, TableScene)]
        assert tables == [table]
        for _ in range(2):  # Back, Resume: the lesson again
            post_key(pygame.K_ESCAPE)
            app.step(DT)
        assert app.stack.top is table
        table.leave()
        app.step(DT)
        nav.help()
        app.step(DT)
        help_scene = app.stack.top
        assert isinstance(help_scene, HelpScene)
        assert any(c.name == "tutorial" for c in help_scene.controls)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_step_waiting_for_the_others_says_so(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Click the highlighted 1 Bamboo" showed for a second or two with nothing highlighted,
    while the bots still chose their void suits (the status line: "Waiting for the
    others…"); so did "press Void Bamboo" while the tiles were still being dealt. While a
    step's move is not offered yet, its box says what the table waits for."""
    from game.ui import text as ui_text

    drawn: list[str] = []

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        drawn.append(text)
        return ui_text.blit_paragraph(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("game.table.tutorial_coach.blit_paragraph", spy)
    app = App(Settings(lang=lang, speed="normal", bot_pace="normal"), (1280, 800))
    waited: set[str] = set()
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        for step in _lesson(app, coach):
            if step.key == "tutorial.pong":
                break
            drawn.clear()
            app.step(DT)
            if coach.step is not step or step.expect is None:
                post_key(pygame.K_RETURN)  # the intro read at once: the deal still plays
                continue
            if coach.highlight_rect() is None:
                assert drawn, step.key
                assert i18n.t(step.key, lang) not in drawn, step.key  # "click the highlighted"
                assert step.wait_key is not None and i18n.t(step.wait_key, lang) in drawn
                waited.add(step.key)
            elif not table.animating:
                assert _click_target(coach)
        assert waited == {"tutorial.void", "tutorial.discard_void"}
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_status_line_names_the_win_or_kong_on_offer(lang: str) -> None:
    """At the Kong and Win steps the status line said "Your turn: discard a tile" while the
    lesson said to press Kong / Win. On one's own turn with a win or a kong on offer — in
    a match too — it names it: "Your turn: kong, or discard a tile" /
    「轮到你：可以杠，或打出一张」."""
    app = _app(lang)
    try:
        table = Navigator(app).tutorial()
        lines = {}
        for key in ("tutorial.discard_pong", "tutorial.kong", "tutorial.win"):
            coach = _to_step(app, table, key)
            lines[key] = table.model.status_text()
            assert coach.expected_action() is not None
        assert lines["tutorial.discard_pong"] == i18n.t("table.your_turn", lang)
        for key, act in (("tutorial.kong", "act.kong"), ("tutorial.win", "act.win")):
            what = i18n.t(act, lang)
            assert lines[key] == i18n.t("table.your_turn_or", lang, what=what), lines[key]
        assert (
            lines["tutorial.win"]
            == {
                "zh": "轮到你：可以胡，或打出一张",
                "en": "Your turn: win, or discard a tile",
            }[lang]
        )
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_enter_presses_the_lessons_pong_kong_and_win(lang: str) -> None:
    """Enter went on through the lesson's messages, then did nothing at its Pong, Kong and
    Win (it took Tab then Enter, or P / K / H, which the lesson never named). Enter presses
    the highlighted button there now — with a tile selected by the arrows too — and the
    lesson names the letter keys."""
    app = _app(lang)
    try:
        table = Navigator(app).tutorial()
        coach = _coach(table)
        pressed: list[ActionKind] = []
        keys = {"tutorial.pong": "P", "tutorial.kong": "K", "tutorial.win": "H"}
        for step in _lesson(app, coach):
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
                continue
            action = coach.expected_action()
            if action is None or table.animating:
                continue
            if step.key in keys:
                assert keys[step.key] in i18n.t(step.key, lang)  # the lesson names its key
                if step.key == "tutorial.kong":
                    post_key(pygame.K_RIGHT)  # a tile selected: Enter still means Kong
                post_key(pygame.K_RETURN)
                for _ in range(3):
                    app.step(DT)
                assert coach.step is not step and coach.refused == 0, step.key
                pressed.append(action.kind)
                continue
            assert _click_target(coach)
        assert pressed == [ActionKind.PONG, ActionKind.CONCEALED_KONG, ActionKind.WIN]
        assert isinstance(app.stack.top, SettlementScene)
    finally:
        app.close()


def test_finishing_the_lesson_ends_the_main_menus_tip(tmp_path: Path) -> None:
    """The main menu points a new player to the tutorial; once the lesson is played to its
    settlement that tip is gone — now and at the next start (saved). Leaving part-way
    keeps it."""
    from game.settings import load_settings

    settings = Settings(lang="en", speed="instant", bot_pace="instant")
    app = App(settings, (1280, 800), data_dir=tmp_path)
    try:
        nav = Navigator(app)
        menu = nav.main_menu()
        app.step(DT)
        assert menu.tip_box() is not None
        table = nav.tutorial()
        _to_step(app, table, "tutorial.pong")
        table.leave()  # part-way: the tip stays
        app.step(DT)
        assert app.stack.top is menu and menu.tip_box() is not None
        table = nav.tutorial()
        coach = _coach(table)
        for step in _lesson(app, coach):
            if step.expect is None and not step.until_over:
                post_key(pygame.K_RETURN)
            elif coach.expected_action() is not None and not table.animating:
                assert _click_target(coach)
        assert isinstance(app.stack.top, SettlementScene)
        assert load_settings(tmp_path)[0].tutorial_tip is False
        post_key(pygame.K_RETURN)  # Finish
        app.step(DT)
        assert app.stack.top is menu
        assert menu.tip_box() is None and not any(c.name == "tutorial" for c in menu.controls)
    finally:
        app.close()
