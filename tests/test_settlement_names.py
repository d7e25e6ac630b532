"""The settlement with players' own names (a networked table's, up to 24 characters): every
text it draws stays inside its column and the panel and touches no other text nor a tile, a
name too long for its column cut short with an ellipsis ("…" in Chinese, "..." in English);
the offline names (你 / You, 电脑N / Bot N) always whole. And a settlement covered by the
review's viewer keeps its buttons away while the window is resized or a setting changes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pygame
import pygame_gui
import pytest
from test_game_support import (
    DT,
    BlitRecorder,
    play_until_settlement,
    post_click,
    running_app,
    table_of,
)

from game.app import App
from game.fonts import get_font
from game.profile import Profile, save_profile
from game.scenes.settlement import SettlementScene
from game.ui.text import TextCache, elide, elide_names

LONG = {  # 24 characters, the most a player's name may have
    "zh": ("WWWWWWWWWWWWWWWWWWWWWWWW", "长名字" * 8, "四川麻将高手" * 4),
    "en": ("四川麻将高手" * 4, "WWWWWWWWWWWWWWWWWWWWWWWW", "长名字" * 8),
}
ORDINARY = ("Friend朋友", "Alexander", None)  # None: a bot sits there (Bot N / 电脑N)
MARK = {"zh": "…", "en": "..."}
PLACEHOLDERS = {"(fitted)", "(title)"}  # drawn, but not from the scene's text cache


class _SaidCache(TextCache):
    """The scene's text cache, remembering the words of each surface it made."""

    def __init__(self) -> None:
        super().__init__()
        self.said: dict[int, str] = {}

    def get(self, text, size, colour=(0, 0, 0), bold=False):  # type: ignore[no-untyped-def, override]
        surf = super().get(text, size, colour, bold)
        self.said[id(surf)] = text
        return surf


def _ink(img: pygame.Surface, at: pygame.Rect) -> pygame.Rect:
    """Where ``img`` drawn at ``at`` has pixels (a text's box is taller than its letters)."""
    return img.get_bounding_rect().move(at.topleft)


@contextmanager
def _settlement(
    lang: str, window: tuple[int, int], names: Sequence[str | None] | None
) -> Iterator[tuple[App, SettlementScene]]:
    """A played hand's settlement; ``names`` the other seats' players (from the human's
    right), as a networked table has them."""
    played = Profile()  # a hand played: 乾坤大挪移 is asked at the deal, as the seed was chosen
    played.stats.hands = 1
    save_profile(played)
    with running_app(
        preset="modern_xueliu", seed=5, bots=("greedy",) * 3, lang=lang, window=window
    ) as app:
        table = table_of(app)
        assert table is not None
        human = table.driver.seating.human
        assert human is not None
        if names is not None:
            seat_names = [None if s == human else names[(s - human) % 4 - 1] for s in range(4)]
            table.driver.seat_names = seat_names  # type: ignore[attr-defined]
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        st.text = _SaidCache()  # the words of what is drawn from here on
        st._body = None
        yield app, st


def _check_layout(app: App, st: SettlementScene) -> set[str]:
    """Every text of the body and of the totals inside its place, none over another or
    over a tile; returns the words drawn."""
    lay = st.table.layout
    art = st.table.tile_art(lay.pond_w)
    said = st.text.said  # type: ignore[attr-defined]
    words: set[str] = set()
    view = st._view_rect()
    texts: list[tuple[pygame.Rect, str]] = []
    tiles: list[pygame.Rect] = []
    body = st._laid_out()
    for row in body.rows:
        rec = BlitRecorder(row.size)
        row.paint(rec)
        for img, at in rec.blits:
            if img.get_size() == art.flat_size:
                tiles.append(at.move(0, row.y))
                continue
            ink = _ink(img, at)
            what = said.get(id(img), "(fitted)")
            words.add(what)
            # inside its row (it is cut off there) and inside the body's column
            assert pygame.Rect((0, 0), row.size).contains(ink), (what, ink, row.size)
            assert ink.right <= view.w, (what, ink, view.w)
            texts.append((ink.move(0, row.y), what))
    for i, (a, what) in enumerate(texts):
        for b, other in texts[i + 1 :]:
            assert not a.colliderect(b), (what, other, a, b)
        for t in tiles:
            assert not a.colliderect(t), (what, a, t)
    # the title and the totals: inside the panel, the totals right of the body
    rect = st._rect()
    pad = lay.px(24)
    rec = BlitRecorder(app.screen.get_size())
    st._draw_panel(rec, rect)
    inner = pygame.Rect(rect.x + pad, rect.y, rect.w - 2 * pad, rect.h)
    col2 = rect.x + rect.w - pad - lay.px(250)
    drawn = [(_ink(img, at), said.get(id(img), "(title)")) for img, at in rec.blits]
    assert len(drawn) > 2 + st.ctl.rules.players * 3
    for i, (a, what) in enumerate(drawn):
        words.add(what)
        assert inner.contains(a), (what, a, inner)
        if i > 0:  # below the title: the totals' column
            assert a.x >= col2 > view.move(rect.topleft).right, (what, a, col2)
        for b, other in drawn[i + 1 :]:
            assert not a.colliderect(b), (what, other, a, b)
    return words


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_long_names_are_cut_short_inside_their_columns(lang: str, window) -> None:
    with _settlement(lang, window, LONG[lang]) as (app, st):
        assert st.ctl.round.ledger.entries
        words = _check_layout(app, st)
        mark, other = MARK[lang], MARK["en" if lang == "zh" else "zh"]
        for name in LONG[lang]:
            assert name not in words  # never whole: 24 characters fit no column
            cut = [w for w in words if w.endswith(mark) and name.startswith(w[: -len(mark)])]
            assert cut, name  # its start, then the ellipsis
        assert not any(other in w for w in words - PLACEHOLDERS)


@pytest.mark.parametrize(("lang", "window"), [("en", (1024, 640)), ("zh", (1920, 1080))])
def test_ordinary_names_are_whole_and_never_touch_the_amounts(lang: str, window) -> None:
    # "Friend朋友 → Bot 3" ran into its "5 pts" ("Bot 35 pts"); in English a 9-letter name
    # already did
    with _settlement(lang, window, ORDINARY) as (app, st):
        words = _check_layout(app, st)
        names = {st.name(s) for s in range(st.ctl.rules.players)}
        assert names >= {"Friend朋友", "Alexander"}
        assert names <= words
        assert not any(MARK[lang] in w for w in words - PLACEHOLDERS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_offline_names_are_never_cut(lang: str) -> None:
    with _settlement(lang, (1024, 640), None) as (app, st):
        words = _check_layout(app, st)
        names = {st.name(s) for s in range(st.ctl.rules.players)}
        assert names <= words
        assert names == (
            {"你", "电脑1", "电脑2", "电脑3"}
            if lang == "zh"
            else {"You", "Bot 1", "Bot 2", "Bot 3"}
        )


def test_the_ellipsis_is_the_one_each_language_sets() -> None:
    # the font draws "…" at mid-height (as Chinese sets it): English gets "..." on the line
    pygame.font.init()
    font = get_font(20)
    mid = font.render("…", True, (255, 255, 255)).get_bounding_rect()
    low = font.render(".", True, (255, 255, 255)).get_bounding_rect()
    assert mid.bottom < low.top
    width = font.size("WWWWW")[0]
    for lang, text in (("en", "W" * 24), ("zh", "长" * 24)):
        cut = elide(text, 20, width, lang)
        # the longest start that fits, with the language's ellipsis
        assert cut.endswith(MARK[lang]) and text.startswith(cut[: -len(MARK[lang])])
        assert font.size(cut)[0] <= width < font.size(text[0] + cut)[0]
    assert elide("Bot 3", 20, width, "en") == "Bot 3"  # what fits stays whole
    # two names: the longer one is cut first, the short one kept whole while it can be
    both = elide_names(["You", "W" * 24], lambda n: len(n[0]) + len(n[1]) <= 12, "en")
    assert both == ["You", "WWWWWW..."]
    # measured in pixels, a 9-letter name beside 24 hanzi stays whole (by characters it
    # was cut too: a hanzi is about twice as wide as a letter)
    bold = get_font(20, True)
    room = 2 * bold.size("Alexander")[0] + 10
    pair = elide_names(
        ["Alexander", "四川麻将高手" * 4],
        lambda n: sum(bold.size(x)[0] for x in n) <= room,
        "zh",
        lambda x: bold.size(x)[0],
    )
    assert pair[0] == "Alexander" and pair[1].endswith("…")


def _buttons(app: App) -> list[pygame_gui.elements.UIButton]:
    return [
        el
        for el in app.ui.get_sprite_group().sprites()
        if isinstance(el, pygame_gui.elements.UIButton) and el.alive()
    ]


def test_a_covered_settlement_keeps_its_buttons_away_on_resize_and_new_settings() -> None:
    with running_app(window=(1024, 640), lang="en", seed=7, bots=("normal",) * 3) as app:
        play_until_settlement(app, random.Random(7))
        settle = app.stack.top
        assert isinstance(settle, SettlementScene)
        mine = {el.text for el in settle.elements}
        assert mine == {"Review", "Main menu", "Next hand"}
        review = next(el for el, what in settle.elements.items() if what == "review")
        post_click(review.rect.center)
        for _ in range(3):
            app.step(DT)
        viewer = app.stack.top
        assert viewer is not settle and settle in app.stack.scenes
        app.resize((1100, 700))  # the window resized under the viewer
        for _ in range(3):
            app.step(DT)
        assert not settle.elements
        assert not {el.text for el in _buttons(app)} & mine
        zh = dataclasses.replace(app.settings, lang="zh")
        viewer.nav.settings_changed(zh)  # type: ignore[attr-defined]
        for _ in range(3):
            app.step(DT)
        assert not settle.elements
        assert not {el.text for el in _buttons(app)} & (mine | {"复盘", "返回菜单", "下一局"})
        viewer.leave()  # type: ignore[attr-defined]
        for _ in range(3):
            app.step(DT)
        # on top again: its buttons, in the new language, inside the new panel
        assert app.stack.top is settle
        assert {el.text for el in settle.elements} == {"复盘", "返回菜单", "下一局"}
        assert all(settle._rect().contains(el.rect) for el in settle.elements)
        app.resize((1280, 800))  # on top, a resize makes them again at once
        assert {el.text for el in settle.elements} == {"复盘", "返回菜单", "下一局"}
        assert all(settle._rect().contains(el.rect) for el in settle.elements)


def test_a_bot_that_replaced_a_broke_one_keeps_its_name_on_the_settlement() -> None:
    """The table calls a bot that took a broke one's seat "Bot 4"; the settlement called it
    "Bot 1" (seat_label). The hand in which a bot went broke still names that bot."""
    from test_game_support import DT

    with running_app(preset="standard", seed=7, lang="en", bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        session = table.ctl.table_session
        assert session is not None
        session.bot_serial[2] = 4  # seat 2's bot came in for one gone broke
        table.ctl.match.coins[1] = 1  # seat 1's is about to go
        play_until_settlement(app, random.Random(7))
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        assert table.model.seat_name(2) == "Bot 4" == settlement.name(2)
        report = table.ctl.hand_report
        assert report is not None
        gone = [seat for seat, _, _ in report.replaced]
        assert 1 in gone  # it paid its last coin in this hand: named as it played
        assert settlement.name(1) == "Bot 1" and session.bot_name(1) == "Bot 5"
        # the next hand's lines name the bot that will sit there: "next dealer: Bot 5"
        assert settlement.name(1, next_hand=True) == "Bot 5"
        app.step(DT)


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_many_blood_river_wins_stay_inside_the_hand_row(window: tuple[int, int]) -> None:
    """In 血流 a seat that won six or seven times had winning tiles past the panel's edge."""
    with _settlement("en", window, None) as (_app, st):
        rnd = st.ctl.round
        real = rnd.view

        def view(seat: int):  # type: ignore[no-untyped-def]
            v = real(seat)
            seats = list(v.seats)
            seats[seat] = dataclasses.replace(seats[seat], win_tiles=tuple(range(9, 18)))
            return dataclasses.replace(v, seats=tuple(seats))

        rnd.view = view  # type: ignore[method-assign]
        lay = st.table.layout
        art = st.table.tile_art(lay.pond_w)
        width = st._view_rect().w
        for seat in range(st.ctl.rules.players):
            rec = BlitRecorder((width, art.flat_size[1] + 40))
            st._hand_row(rec, seat, 0, art)
            tiles = [r for img, r in rec.blits if img.get_size() == art.flat_size]
            assert len(tiles) >= 9 and all(r.right <= width for r in tiles), (seat, tiles[-1])
