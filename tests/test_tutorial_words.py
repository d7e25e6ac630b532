"""The tutorial as a new player meets it: the win step names the hand on the table by its
tiles' names, whole on a line; the watching step names the button that ends the wait; the
arrow leads to the Kong button with the pointer left on the hand."""

from __future__ import annotations

import re

import pygame
import pytest
from test_game_support import DT, post_click, post_key

from engine.tiles import parse_tiles
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.scenes.settlement import SettlementScene
from game.table.buttons import ToolbarItem
from game.table.scene import TableScene
from game.table.tutorial_coach import TutorialCoach
from game.ui.text import wrap_text

# the hand at the lesson's win, by set, as each language names it
_SETS = {
    "zh": ("二三四万", "六七八筒", "九筒"),
    "en": ("2-3-4 Characters", "6-7-8 Dots", "9 Dots"),
}


def _app(lang: str, size: tuple[int, int] = (1280, 800), **kw: object) -> App:
    options: dict[str, object] = {"speed": "instant", "bot_pace": "instant", **kw}
    return App(Settings(lang=lang, **options), size)  # type: ignore[arg-type]


def _to_step(app: App, table: TableScene, key: str, frames: int = 4000) -> TutorialCoach:
    """Play the lesson as taught, by clicks on what it highlights (the pointer stays where
    it clicked, as a player's does), until step ``key`` waits for the player."""
    coach = table.overlay(TutorialCoach)
    assert coach is not None
    for _ in range(frames):
        app.step(DT)
        step = coach.step
        if step is None or table.animating:
            continue
        offered = coach.expected_action() is not None
        if step.key == key and (step.expect is None or offered):
            return coach
        if step.expect is None and not step.until_over:
            post_key(pygame.K_RETURN)
        elif offered:
            target = coach.highlight_rect()
            assert target is not None
            post_click(target.center)
    raise AssertionError(f"the lesson never reached {key}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_win_step_names_the_hand_on_the_table_by_its_tiles(lang: str) -> None:
    """It read '234万·678筒·99筒' / '234 Characters · 678 Dots · 99 Dots': a count of 234
    and ninety-nine dots to a new player, in figures where every other step says 一万 or
    '7 Characters', and the English list broke across three lines at its '·'s."""
    text = i18n.t("tutorial.win", lang)
    assert not re.search(r"\d{2,}\s?(万|筒|条|Characters|Dots|Bamboo)", text), text
    for name in _SETS[lang]:
        assert name in text
    app = _app(lang)
    try:
        table = Navigator(app).tutorial()
        _to_step(app, table, "tutorial.win")
        view = table.ctl.round.view(0)
        # what the step names is what the player holds: the sets beside the kong and pong
        assert sorted(view.tiles) == sorted(parse_tiles("234m678p99p"))
        assert len(view.seats[0].melds) == 2
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(
    "size", [(1024, 640), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]
)
def test_the_win_steps_sets_are_never_cut_by_a_line_end(lang: str, size: tuple[int, int]) -> None:
    """Each of the hand's sets ('二三四万', '2-3-4 Characters') on one line of the lesson's
    box at every window size (the English old list ended lines on '·' and began them with
    '678 Dots')."""
    app = _app(lang, size)
    try:
        table = Navigator(app).tutorial()
        coach = table.overlay(TutorialCoach)
        assert coach is not None
        app.step(DT)
        lay = table.layout
        box = coach.message_rect("tutorial.win")
        lines = wrap_text(i18n.t("tutorial.win", lang), lay.px(17), box.w - lay.px(32))
        for name in _SETS[lang]:
            assert any(name in line for line in lines), (name, lines)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_watching_step_names_the_button_that_ends_the_wait(lang: str) -> None:
    """The last step said 'Watch them finish' and the player waited some 20 s at normal
    speed, not told of the toolbar's Skip to result beside it; the step names it by its
    label, and the button does end the lesson."""
    label = i18n.t("btn.skip", lang)
    assert label in i18n.t("tutorial.xueliu", lang)
    app = _app(lang, bot_pace="normal")
    try:
        table = Navigator(app).tutorial()
        coach = _to_step(app, table, "tutorial.xueliu")
        for _ in range(3):
            app.step(DT)
        skip = table.toolbar.rect_of(ToolbarItem.SKIP)
        assert skip is not None
        assert skip.x > table.layout.w // 2 and skip.y < table.layout.h // 4  # top right
        post_click(skip.center)
        for _ in range(300):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert isinstance(app.stack.top, SettlementScene)
        assert coach.step is not None and coach.step.until_over
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_arrow_leads_to_kong_with_the_pointer_left_on_the_hand(
    size: tuple[int, int],
) -> None:
    """After the click on the 7 Characters the pointer rests on the hand, where the next
    tile slides under it and shows its hint line; the arrow gave way to any hint line, so
    at the Kong step — the lesson's first kong — nothing pointed at the button. It gives
    way only where it would lie on the hint's words."""
    from game import palette as pal

    app = _app("en", size, hints=True)
    try:
        table = Navigator(app).tutorial()
        coach = _to_step(app, table, "tutorial.kong")
        for _ in range(3):
            app.step(DT)
        m, lay = table.model, table.layout
        slot = next(s for s in m.slots if s.index == m.hover)  # the pointer is on the hand
        assert m.hints is not None
        text = m.hints.per_discard[slot.kind]
        img = table.painter.text.get(text, lay.font_small, pal.IVORY_TEXT)
        hint = img.get_rect(midbottom=(slot.rect.centerx, slot.rect.y - lay.px(20)))
        hint = hint.inflate(lay.px(14), lay.px(8))  # its box, as the table draws it
        assert coach.arrow_box is not None
        assert not coach.arrow_box.colliderect(hint), (coach.arrow_box, hint)
        button = coach.highlight_rect()
        assert button is not None
        assert abs(coach.arrow_box.centery - button.centery) <= lay.px(2)  # beside the Kong
        assert coach.arrow_box.right <= button.x
    finally:
        app.close()


def test_the_lesson_names_the_tiles_as_they_are_drawn() -> None:
    """The English intro named the characters 万 while every characters tile shows 萬 (the
    void badges show 万); the discard step asked for the 1 Bamboo / 一条, a tile drawn as
    a bird — neither a 1 nor a stick on it — known as 幺鸡."""
    from game import tile_art

    drawn = tile_art._WAN  # the characters tiles' glyph
    assert drawn != "万" and drawn in i18n.t("tutorial.intro", "en")
    assert "bird" in i18n.t("tutorial.discard_void", "en")
    assert "幺鸡" in i18n.t("tutorial.discard_void", "zh")
