"""The settlement opens over a few light frames and shows all of itself: the dimmed table and
the panel first, then the body (laid out at once, rendered row by row, the same as one whole
body would look at every scroll), then the buttons, which work as soon as they show; its
ledger lines wrap inside their column without losing a character. A hand opens with one
toolbar build."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pygame
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_game_support import (
    DT,
    human_input,
    play_until_settlement,
    post_click,
    post_key,
    running_app,
)

from engine.bots import load_bot
from engine.replay import record
from engine.round import Round
from engine.rules import get_preset
from game.app import App, Settings
from game.fonts import get_font
from game.nav import Navigator
from game.scenes.match_end import MatchEndScene
from game.scenes.settlement import PANEL_FILL, SettlementScene
from game.table.buttons import ToolbarItem
from game.table.replay import ReplayControls
from game.table.scene import TableScene
from game.ui.text import wrap_text, wrap_to_lines


def _open_settlement(app: App, rng: random.Random) -> SettlementScene:
    """Step (acting for the human) up to the frame that opens the settlement."""
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, SettlementScene):
            return top
        if isinstance(top, TableScene):
            human_input(top, rng)
        app.step(DT)
    raise AssertionError("no settlement")


def _whole_body(scene: SettlementScene) -> pygame.Surface:
    """The body as one surface, every row painted at its place with nothing cut off."""
    body = scene._laid_out()
    whole = pygame.Surface((scene._view_rect().w, body.height + 200), pygame.SRCALPHA)
    for row in body.rows:  # as wide as its column (a wide body's payments have their own)
        row.paint(whole.subsurface((row.x, row.y, row.size[0], whole.get_height() - row.y)))
    return whole


def _near(a: pygame.Surface, b: pygame.Surface) -> bool:
    """The same picture (a channel may differ by rounding where two rows' edges meet)."""
    x, y = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return x == y or all(abs(p - q) <= 2 for p, q in zip(x, y, strict=True))


def test_the_settlement_opens_in_steps_and_its_buttons_work_when_they_show() -> None:
    with running_app(
        preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang="zh", window=(2560, 1440)
    ) as app:
        st = _open_settlement(app, random.Random(2))
        # the opening frame: the table dimmed, no panel yet (it is as tall as the body), no
        # buttons, no body
        assert st._backdrop is not None and not st.elements and st._body is None
        app.step(DT)
        # the next frame: the body, what is in view of it rendered, in the panel
        assert st._body is not None and not st.elements
        rect = st._rect()
        inside = (rect.x + st.table.layout.px(40), rect.bottom - st.table.layout.px(30))
        assert app.screen.get_at(inside)[:3] == PANEL_FILL[:3]
        view = st._view_rect()
        assert all(row.image is not None for row in st._body.showing(0, view.h))
        app.step(DT)
        # and the next: the buttons, drawn over the panel
        assert set(st.elements.values()) == {"next", "menu", "review"}
        nxt = next(el for el, what in st.elements.items() if what == "next")
        session = st.ctl.match_session
        assert session is not None
        assert nxt.text == ("查看总分" if session.over else "下一局")
        assert app.screen.get_at(nxt.rect.center)[:3] != PANEL_FILL[:3]
        post_click(nxt.rect.center)  # the first frame a player could click it
        app.step(DT)
        app.step(DT)  # (pygame-gui posts the press for the frame after)
        # The click was taken: the settlement is gone and the match goes on — to hand 2, or to
        # its end when the hand left a player bust (the human's moves follow the bots'
        # answers frame by frame, so on a loaded machine the hand can go another way).
        top = app.stack.top
        assert not any(isinstance(s, SettlementScene) for s in app.stack.scenes)
        if isinstance(top, TableScene):
            assert top.driver.hand_no == 2
        else:
            assert isinstance(top, MatchEndScene), top


def test_the_body_arrives_whole_and_scrolls_as_one_surface() -> None:
    with running_app(
        preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang="en", window=(1920, 1080)
    ) as app:
        st = _open_settlement(app, random.Random(2))
        app.step(DT)  # the body: laid out, the rows in view rendered
        body = st._body
        assert body is not None
        rnd = st.ctl.round
        view = st._view_rect()
        shown = body.showing(0, view.h)
        assert shown and all(row.image is not None for row in shown)
        for _ in range(200):  # the rest follows a few rows a frame
            if st.body_ready:
                break
            app.step(DT)
        assert st.body_ready
        # one row per win, per ledger line and per hand, plus three headings and two rules
        # (or, in two columns, one rule under the wins and one between the columns)
        rows = len(rnd.wins) + len(rnd.ledger.entries) + st.ctl.rules.players + 5
        assert len(body.rows) == rows
        for x in {row.x for row in body.rows}:  # each column's rows, one under the other
            ys = [row.y for row in body.rows if row.x == x]
            assert ys == sorted(ys)
        assert body.height >= max(row.y + row.size[1] for row in body.rows)
        whole = _whole_body(st)
        screen_view = view.move(st._rect().topleft)
        for scroll in (0, st.max_scroll // 2, st.max_scroll):
            st.scroll_to(scroll)
            drawn = pygame.Surface(app.screen.get_size())
            st.draw(drawn)
            want = pygame.Surface(view.size)
            want.fill(PANEL_FILL)
            want.blit(whole, (0, 0), pygame.Rect(0, scroll, view.w, view.h))
            got = drawn.subsurface(screen_view).copy()
            if scroll > 0:  # below the fade under the top rule
                fade = st.table.layout.px(18)
                got = got.subsurface((0, fade, view.w, view.h - fade))
                want = want.subsurface((0, fade, view.w, view.h - fade))
            assert _near(got, want), scroll
        # the last hand is in view at the end of the scroll
        last = body.rows[-1]
        assert st.scroll <= last.y and last.y + last.size[1] <= st.scroll + view.h


def test_a_hand_opens_with_one_toolbar_build() -> None:
    with running_app(demo=True, speed="fast", bots=("greedy",) * 3) as app:
        for _ in range(20000):
            if isinstance(app.stack.top, SettlementScene):
                break
            app.step(DT)
        settle = app.stack.top
        assert isinstance(settle, SettlementScene)
        old = app.stack.scenes[-2]
        assert isinstance(old, TableScene) and not old.toolbar.built  # under the settlement
        made: list[object] = []
        build = old.toolbar.build
        old.toolbar.build = lambda *args: (made.append(args), build(*args))  # type: ignore[method-assign]
        settle.next_hand()
        new = app.stack.top
        assert isinstance(new, TableScene) and new is not old
        assert made == []  # woken on the way out: no toolbar made for nothing
        first = dict(new.toolbar.buttons)
        assert first
        app.step(DT)
        assert new.toolbar.buttons == first  # the first update keeps it


def test_a_replay_viewer_has_its_toolbar_again_when_its_settlement_closes(tmp_path: Path) -> None:
    rnd = Round.new(get_preset("standard"), 21, 1)
    bots = [load_bot("greedy", 84 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record(rnd)), encoding="utf-8")
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), (1280, 800))
    try:
        viewer = Navigator(app).watch_replay(path)
        controls = viewer.overlay(ReplayControls)
        assert isinstance(controls, ReplayControls)
        controls.speed_index = 3  # the fastest
        post_key(pygame.K_SPACE)  # play
        for _ in range(20000):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert isinstance(app.stack.top, SettlementScene) and not viewer.toolbar.built
        post_key(pygame.K_RETURN)  # back to the viewer, at the end
        app.step(DT)
        assert app.stack.top is viewer
        assert set(viewer.toolbar.buttons.values()) == {ToolbarItem.SPEED}  # Close is the way out
    finally:
        app.close()


def test_ledger_lines_of_a_played_hand_fit_their_column() -> None:
    for lang in ("zh", "en"):
        with running_app(preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang=lang) as app:
            play_until_settlement(app, random.Random(2))
            st = app.stack.top
            assert isinstance(st, SettlementScene)
            lay = st.table.layout
            width = st._view_rect().w - lay.px(20) - lay.px(190)
            font = get_font(lay.font_small)
            for e in st.ctl.round.ledger.entries:
                lines = st._explain_lines(e, width)
                assert all(font.size(line)[0] <= width for line in lines), lines
                said = st.words().ledger_line(e, score=False)
                assert "".join(lines).replace(" ", "").endswith(said.replace(" ", ""))


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_a_long_score_line_stays_inside_the_panel(window, monkeypatch) -> None:
    # "All pungs 2 fan + 1 root 1 fan + Win on kong replacement 1 fan = 4 fan ×8 + self-draw
    # bonus 1" ran past the panel's column at 1024×640: it shrinks, then wraps
    from engine.text import Narrator

    long = (
        "All pungs 2 fan + 2 roots 2 fan + Win on kong replacement 1 fan + Kong on a "
        "discard 1 fan = 6 fan ×32 + self-draw bonus 1"
    )
    monkeypatch.setattr(Narrator, "score_summary", lambda self, score: long)
    with running_app(window=window, seed=5, bots=("greedy",) * 3, lang="en") as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene) and st.ctl.round.wins
        lay = st.table.layout
        room = st._view_rect().w - lay.px(130)
        for win in st.ctl.round.wins:
            desc = st._win_texts(win)[2]
            assert desc.get_width() <= room
            one = get_font(lay.font_normal, True).get_height()
            assert desc.get_height() <= 2 * one  # two lines at most, nothing dropped


# one piece the wrap never breaks: a word (a number keeps its measure word, "11×1分"), or
# one hanzi, with the marks that close after it
_ONE_TOKEN = re.compile(
    "[（「『《“‘]*(?:[^\\s\u2e80-\U0010ffff]+[分番张局场秒家个人次倍根门币位]?|[\u2e80-\U0010ffff])"
    "[，。、；：！？）」』》”’]*"
)
_WORDS = st.sampled_from(
    ["Bot", "1", "pays", "You", "Self-draw", "(Plain", "win", "fan", "×2):", "—", "kong,"]
)
_HANZI = st.text(alphabet="电脑你自摸点炮刮风下雨付分番根平胡，。：（）「」“”×—1234", min_size=1)


@settings(max_examples=150, deadline=None)
@example(parts=["pays", "。）"], size=29, width=120)  # a closing mark after a space
@example(parts=["11×××1分×）"], size=16, width=120)  # a number's measure word, then more
@example(parts=["11×××1分”）"], size=16, width=120)  # ... then closing marks
@given(
    parts=st.lists(st.one_of(_WORDS, _HANZI), min_size=1, max_size=30),
    size=st.sampled_from([11, 16, 23, 29]),
    width=st.integers(min_value=120, max_value=900),
)
def test_wrapped_lines_fit_and_keep_every_character(
    parts: list[str], size: int, width: int
) -> None:
    text = " ".join(parts)
    lines = wrap_text(text, size, width)
    font = get_font(size)
    for line in lines:
        # a line is never wider than the column, unless it is one word (or one hanzi with
        # the closing marks that may not start a line) that is
        assert font.size(line)[0] <= width or _ONE_TOKEN.fullmatch(line), line
        assert line == line.strip()
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.mark.parametrize("size", [11, 16])
def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(size: int) -> None:
    """避头尾: "（回" at one line's end and "车）" at the next's start read as a typo; an
    opening mark (（「『《“‘) goes down with what it opens, a closing one stays up."""
    text = (
        "点「规则书」里的“自动胡”看说明，再按（回车）确认。Press “Enter” to go (now)."
        "（平胡 1番 + 自摸加底 1），电脑1付 5 分"  # a mark after a Latin word (the ledger's)
    )
    for width in range(40, 400, 3):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for line in lines:
            assert line[0] not in "，。、；：！？）」』》”’", (width, lines)
            assert line[-1] not in "（「『《“‘", (width, lines)


@pytest.mark.parametrize("size", [11, 16])
def test_a_number_keeps_its_unit_on_its_line(size: int) -> None:
    """ "电脑3付 3 / 分" read as a typo at 1920×1080: a number and the unit after it (分, 番,
    张, 局, 场, 秒) stay together, as 避头尾 keeps a closing mark with its word."""
    text = "自摸 — 你自摸七条，电脑3付 3 分，共 2番，还剩 12 张，第 2 局"
    for width in range(40, 400, 3):
        lines = wrap_text(text, size, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")
        for line in lines:
            assert line[0] not in "分番张局场秒", (width, lines)


def test_an_address_wider_than_its_line_breaks_after_a_slash() -> None:
    """The About screen squeezed "https://creativecommons.org/publicdomain/zero/1.0/" to
    10 px: a word with no space to break at was one token however wide."""
    url = "https://creativecommons.org/publicdomain/zero/1.0/"
    font = get_font(12)
    width = font.size("creativecommons.org/")[0] + 4
    lines = wrap_text(f"See {url} for the text.", 12, width)
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == f"See{url}forthetext."
    assert wrap_text("a/b 1/2", 12, 1000) == ["a/b 1/2"]  # one that fits stays whole


def test_a_hyphenated_word_may_break_after_its_hyphen_but_a_minus_never() -> None:
    font = get_font(12)
    narrow = font.size("Borne Ear")[0] + 2  # "Wind-Borne" does not fit, "Borne Ear" does
    assert wrap_text("Wind-Borne Ear", 12, narrow) == ["Wind-", "Borne Ear"]
    assert wrap_text("Wind-Borne Ear", 12, 1000) == ["Wind-Borne Ear"]
    lines = wrap_text("Bot 1 pays -52 points", 12, font.size("pays -52")[0] + 2)
    assert any("-52" in line for line in lines) and "-" not in lines


@pytest.mark.parametrize("text", ["Heaven and Earth Shift", "Wind-Borne Ear", "乾坤大挪移", "Go"])
@pytest.mark.parametrize("width", [20, 48, 60, 400])
def test_wrapping_to_a_few_lines_shrinks_the_font_and_never_drops_a_word(
    text: str, width: int
) -> None:
    lines, size = wrap_to_lines(text, 12, width, 2, 10)
    assert 1 <= len(lines) <= 2 and 10 <= size <= 12
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    if size < 12:  # the font only shrinks when the full size needs more lines
        assert len(wrap_text(text, 12, width)) > 2
