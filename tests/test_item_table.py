"""Every item used on the table through real posted mouse events (RULES.md §8).

Each test opens the real app (items on, a fresh profile in ``tmp_path``), answers the
乾坤大挪移 prompt, deals a known wall, then clicks the item bar, the hand and the kind picker
and checks the engine's state, the result panel and the log. Screenshots go to
``screenshots/items_*.png`` for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, post_key, running_app, table_of

from engine.items import ITEMS
from engine.round import ActionKind, Event, EventKind, Phase, Round, compose_wall
from engine.rules import get_preset
from engine.tiles import parse_tile
from game.app import App
from game.profile import Profile, load_profile, save_profile
from game.scenes.settlement import SettlementScene
from game.table.item_bar import ItemBar
from game.table.items import ItemsOverlay
from game.table.scene import TableScene

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"
# The human (seat 0, dealer) holds all four 1m: 1m has no live copy (偷天换日 refuses it).
HANDS = [
    "1111m234m567p789p5s",
    "666m777m888m999m5m",
    "111p222p333p444p6s",
    "111s222s333s444s7s",
]
DRAWS = "9s8s"  # the next tiles of the live wall, in order


def _shot(app: App, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(SHOTS / f"items_{name}.png"))


def bar_of(table: TableScene) -> ItemBar:
    """The table's item bar (the items overlay's)."""
    items = table.overlay(ItemsOverlay)
    assert isinstance(items, ItemsOverlay) and items.bar is not None
    return items.bar


def _steps(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    played = Profile()  # the starting kit, and a hand played: 乾坤大挪移 is asked
    played.stats.hands = 1
    save_profile(played, tmp_path)
    return tmp_path


@pytest.fixture
def table_app(home: Path) -> Iterator[tuple[App, TableScene]]:
    with running_app(preset="standard", seed=3, bots=("random", "random", "random")) as app:
        table = table_of(app)
        assert table is not None and bar_of(table) is not None
        bar = bar_of(table)
        assert bar.prompt == 1  # the fresh profile holds one 乾坤大挪移: asked before the deal
        _steps(app, 2)
        post_click(bar.prompt_button(accept=False))
        _steps(app)
        assert bar.prompt is None
        _deal(app, table)
        yield app, table


def _deal(app: App, table: TableScene, **held: int) -> None:
    """A fresh hand on the known wall (HANDS, DRAWS), the human to discard; ``held``: how
    many of those items the human's profile holds now."""
    ctl = table.ctl
    assert ctl.table_session is not None
    ctl.table_session.profile.items.update(held)
    rules = get_preset("standard").with_overrides(["declare_void=off"])
    ctl.rules = rules
    wall = compose_wall(HANDS, DRAWS, dealer=0)
    ctl.round = Round.from_wall(
        rules, wall, 0, seed=1, inventories=ctl.table_session.inventories(rules)
    )
    table.refresh()
    _steps(app, 5)
    assert ctl.round.phase is Phase.PLAY and ctl.human_to_act()


def _slot_of(table: TableScene, tile: str) -> tuple[int, int]:
    kind = parse_tile(tile)
    slot = next(s for s in table.model.slots if s.kind == kind)
    return slot.rect.center


def _used(table: TableScene, item: str) -> list[object]:
    return [e for e in table.ctl.round.events if e.kind is EventKind.ITEM_USED and e.detail == item]


def test_tou_tian_refused_then_swapped_then_no_second_swap(
    table_app: tuple[App, TableScene],
) -> None:
    app, table = table_app
    bar = bar_of(table)
    assert bar is not None
    rnd = table.ctl.round
    assert bar.usable("tou_tian") and bar.usable("yi_hua")
    # 1m: no live copy — greyed in the picker, and the engine refuses it (the item is kept)
    post_click(bar.slot_center("tou_tian"))
    _steps(app)
    assert bar.mode == "give"
    post_click(_slot_of(table, "5s"))
    _steps(app)
    assert bar.mode == "want" and bar.give == parse_tile("5s")
    assert parse_tile("1m") not in bar.live and parse_tile("9s") in bar.live
    _shot(app, "tou_tian_picker")
    post_click(bar.kind_center(parse_tile("1m")))
    _steps(app)
    assert not _used(table, "tou_tian")
    assert rnd.items is not None and rnd.items.held(0, "tou_tian") == 1
    assert bar.toasts and "1m" not in bar.toasts[-1][0]  # zh text: 一万
    assert "牌墙里没有" in bar.toasts[-1][0] and "道具保留" in bar.toasts[-1][0]
    _shot(app, "tou_tian_refused")
    # now 5s for 9s
    post_click(bar.slot_center("tou_tian"))
    _steps(app)
    post_click(_slot_of(table, "5s"))
    _steps(app)
    post_click(bar.kind_center(parse_tile("9s")))
    _steps(app, 20)
    used = _used(table, "tou_tian")
    assert len(used) == 1
    counts = rnd.view(0).concealed
    assert counts[parse_tile("9s")] == 1 and counts[parse_tile("5s")] == 0
    assert rnd.items.held(0, "tou_tian") == 0
    assert bar.result is not None and bar.result_text == bar.result.describe("zh")
    assert "五条" in bar.result_text and "九条" in bar.result_text
    assert any("使用了偷天换日" in line for line in bar.log)
    _shot(app, "tou_tian_result")
    # one swap per turn: 移花接木 is greyed now and a click does nothing
    assert not bar.usable("yi_hua")
    post_click(bar.slot_center("yi_hua"))
    _steps(app)
    assert bar.mode is None and not _used(table, "yi_hua")
    rnd.check_invariants()


def test_yi_hua_swaps_a_clicked_hand_tile(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    bar = bar_of(table)
    assert bar is not None
    rnd = table.ctl.round
    before = list(rnd.view(0).concealed)
    post_click(bar.slot_center("yi_hua"))
    _steps(app)
    assert bar.mode == "give"
    _shot(app, "yi_hua_pick")
    post_click(_slot_of(table, "2m"))
    _steps(app, 10)
    (event,) = _used(table, "yi_hua")
    result = event.item_result
    assert result is not None and result.given == parse_tile("2m")
    after = rnd.view(0).concealed
    assert sum(after) == sum(before)
    if result.tile != result.given:
        assert after[parse_tile("2m")] == before[parse_tile("2m")] - 1
    assert bar.result_text == result.describe("zh")
    _shot(app, "yi_hua_result")
    rnd.check_invariants()


def test_qian_li_yan_and_shun_feng_er_show_their_answers(
    table_app: tuple[App, TableScene],
) -> None:
    app, table = table_app
    bar = bar_of(table)
    assert bar is not None
    rnd = table.ctl.round
    post_click(bar.slot_center("qian_li_yan"))
    _steps(app)
    assert bar.mode == "kind"
    _shot(app, "qian_li_yan_picker")
    post_click(bar.kind_center(parse_tile("9s")))
    _steps(app, 10)
    (event,) = _used(table, "qian_li_yan")
    result = event.item_result
    assert result is not None and result.tile == parse_tile("9s")
    assert result.copies == 4 - 0 - 0  # no 9s dealt: all four in the live wall
    assert result.sixths[0] == 0  # the next draw is a 9s
    assert bar.result_text == result.describe("zh") and "还有 4 张九条" in bar.result_text
    _shot(app, "qian_li_yan_result")
    post_click(bar.slot_center("shun_feng_er"))
    _steps(app, 10)
    (event,) = _used(table, "shun_feng_er")
    assert event.item_result is not None and event.item_result.tile == parse_tile("9s")
    assert bar.result_text == "顺风耳：下一张牌是九条"
    assert [line for line in bar.log if "使用了" in line] == [
        "你使用了千里眼",
        "你使用了顺风耳",
    ]
    _shot(app, "shun_feng_er_result")
    # the others see only that the items were used, never the result
    for seat in (1, 2, 3):
        seen = [e for e in rnd.events_for(seat) if e.kind is EventKind.ITEM_USED]
        assert len(seen) == 2 and all(e.item_result is None for e in seen)
    # the language changed in the settings mid-hand: the table speaks English from the next
    # frame (the log read "You使用了顺风耳", the seats "电脑2 随机", the hint "向听数 2")
    app.settings.lang = "en"
    _steps(app, 2)
    assert bar.log == ["You used Far-Seeing Eye", "You used Wind-Borne Ear"]
    assert bar.result_text == "Wind-Borne Ear: the next tile is 9 Bamboo"
    m = table.model
    assert [m.seat_name(s) for s in range(4)] == ["You", "Bot 1", "Bot 2", "Bot 3"]
    assert m.levels[1:] == ("Random",) * 3
    assert m.hints is not None and m.hints.line.isascii()


def test_a_double_click_on_shun_feng_er_spends_one(table_app: tuple[App, TableScene]) -> None:
    """Holding two, a double click spent both for the same next tile. Until the wall
    changes a second click shows the answer again, free; after a draw it is a new use."""
    app, table = table_app
    _deal(app, table, shun_feng_er=2)
    bar = bar_of(table)
    rnd = table.ctl.round
    assert rnd.items is not None and rnd.items.held(0, "shun_feng_er") == 2
    pos = bar.slot_center("shun_feng_er")
    post_click(pos)
    post_click(pos)  # the second half of the double click, in the same frame
    _steps(app, 5)
    assert len(_used(table, "shun_feng_er")) == 1
    assert rnd.items.held(0, "shun_feng_er") == 1
    assert bar.result is not None and bar.result.tile == parse_tile("9s")
    post_key(pygame.K_ESCAPE)  # the panel closed, asked again a while later: still free
    _steps(app)
    assert bar.result is None
    post_click(pos)
    _steps(app, 3)
    assert len(_used(table, "shun_feng_er")) == 1 and bar.result is not None
    # a draw: the next tile is another one now, the item is spent again
    draw = Event(EventKind.DRAW, index=len(rnd.events), seat=1, tile=parse_tile("9s"))
    bar.on_events([draw], table.seat_name)
    post_click(pos)
    _steps(app, 5)
    assert len(_used(table, "shun_feng_er")) == 2
    assert rnd.items.held(0, "shun_feng_er") == 0


def test_qian_li_yan_asked_twice_about_one_kind_spends_one(
    table_app: tuple[App, TableScene],
) -> None:
    """The same kind again (a double click in the picker, a second look) shows the answer
    again, free; another kind is a new use."""
    app, table = table_app
    _deal(app, table, qian_li_yan=3)
    bar = bar_of(table)
    rnd = table.ctl.round
    for tile in ("9s", "9s", "5m"):
        post_click(bar.slot_center("qian_li_yan"))
        _steps(app)
        assert bar.mode == "kind"
        post_click(bar.kind_center(parse_tile(tile)))
        _steps(app, 5)
        assert bar.result is not None and bar.result.tile == parse_tile(tile)
    asked = [e.item_result.tile for e in _used(table, "qian_li_yan") if e.item_result]
    assert asked == [parse_tile("9s"), parse_tile("5m")]
    assert rnd.items is not None and rnd.items.held(0, "qian_li_yan") == 1
    # another player's swap may move a copy: asking again is a use again
    swap = Event(EventKind.ITEM_USED, index=len(rnd.events), seat=2, detail="yi_hua")
    bar.on_events([swap], table.seat_name)
    post_click(bar.slot_center("qian_li_yan"))
    _steps(app)
    post_click(bar.kind_center(parse_tile("9s")))
    _steps(app, 5)
    assert len(_used(table, "qian_li_yan")) == 3
    assert rnd.items.held(0, "qian_li_yan") == 0


def test_any_time_items_while_not_to_act(table_app: tuple[App, TableScene]) -> None:
    app, table = table_app
    bar = bar_of(table)
    assert bar is not None
    ctl = table.ctl
    # discard, so that a bot is to act; 千里眼 is still usable by the human
    discard = next(a for a in ctl.human_legal() if a.kind is ActionKind.DISCARD)
    table.submit(discard)
    ctl.bot_pace = 60.0  # the bots wait: the human is not to act now
    _steps(app, 2)
    assert not ctl.human_to_act() and not ctl.is_over
    assert bar.usable("qian_li_yan") and not bar.usable("tou_tian")
    post_click(bar.slot_center("qian_li_yan"))
    _steps(app)
    post_click(bar.kind_center(parse_tile("5m")))
    _steps(app, 3)
    assert _used(table, "qian_li_yan")
    assert not ctl.human_to_act()  # using it did not make the human the one to act


def test_jin_shou_zhi_turns_the_pointer_golden_for_the_table(
    table_app: tuple[App, TableScene],
) -> None:
    app, table = table_app
    bar = bar_of(table)
    assert bar is not None
    rnd = table.ctl.round
    post_click(bar.slot_center("jin_shou_zhi"))
    _steps(app, 5)
    assert _used(table, "jin_shou_zhi")
    assert rnd.view(0).seats[0].golden and bar.golden
    assert not bar.usable("jin_shou_zhi")
    post_key(pygame.K_ESCAPE)  # Esc closes the result panel (the bar takes it)
    _steps(app)
    assert bar.result is None
    away = (640, 560)  # the mouse leaves the bar (no tooltip in the picture)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))
    )
    discard = next(a for a in table.ctl.human_legal() if a.kind is ActionKind.DISCARD)
    table.submit(discard)
    _steps(app, 1)  # before the next bot answers: the human's discard is the latest
    _shot(app, "jin_shou_zhi_pointer")
    assert rnd.items is not None and rnd.items.golden_seats() == (0,)
    session = table.ctl.table_session
    assert session is not None
    # the next hand of this table starts golden (carried by the session)
    table.ctl.leave()
    table.ctl.finish()
    assert session.golden == (0,)
    profile, _ = load_profile()
    assert profile.items["jin_shou_zhi"] == 0  # used, taken off and saved
    nxt = table.ctl.next_hand()
    assert nxt.round.items is not None and nxt.round.items.golden_seats() == (0,)


def test_qian_kun_prompt_accepted_deals_a_near_flush(home: Path) -> None:
    with running_app(preset="standard", seed=8) as app:
        table = table_of(app)
        assert table is not None and bar_of(table) is not None
        bar = bar_of(table)
        assert bar.prompt == 1
        _steps(app, 2)
        _shot(app, "qian_kun_prompt")
        post_click(bar.prompt_button(accept=True))
        _steps(app, 3)
        rnd = table.ctl.round
        assert rnd.items is not None and rnd.items.qian_kun == (0,)
        (event,) = [e for e in rnd.events if e.kind is EventKind.ITEM_USED]
        suit = event.item_result.suit if event.item_result else None
        assert suit is not None
        tiles = rnd.view(0).tiles
        dealer = rnd.dealer == 0
        assert sum(1 for k in tiles if k // 9 == suit) >= (11 if dealer else 10)
        assert bar.result_text == event.item_result.describe("zh")
        assert not bar.usable("qian_kun")  # never an action at the table
        _shot(app, "qian_kun_result")


def test_english_bar_tooltip_and_refusal(home: Path) -> None:
    with running_app(preset="standard", seed=3, lang="en") as app:
        table = table_of(app)
        assert table is not None and bar_of(table) is not None
        bar = bar_of(table)
        post_click(bar.prompt_button(accept=False))
        _steps(app, 3)
        pos = bar.slot_center("tou_tian")
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        _steps(app, 2)
        assert bar.hover == "tou_tian"
        _shot(app, "tooltip_en")
        from engine.items import Refusal

        bar.refused(
            "tou_tian", Refusal("no_live_copy", "牌墙里没有一万了，道具保留", "no 1m is left")
        )
        assert bar.toasts[-1][0] == f"{ITEMS['tou_tian'].name_en} not used: no 1m is left"


@pytest.mark.parametrize("window", [(1024, 640), (1600, 900)])
def test_bar_and_picker_fit_other_windows(home: Path, window: tuple[int, int]) -> None:
    with running_app(preset="standard", seed=3, window=window, lang="en") as app:
        table = table_of(app)
        assert table is not None and bar_of(table) is not None
        bar = bar_of(table)
        post_click(bar.prompt_button(accept=False))
        _steps(app, 3)
        screen = pygame.Rect(0, 0, *window)
        assert screen.contains(bar.bar_rect())
        assert not bar.bar_rect().colliderect(table.layout.buttons)
        assert not bar.bar_rect().colliderect(table.layout.toolbar)
        bar.picking, bar.mode = "qian_li_yan", "kind"  # the picker as a click opens it
        _steps(app, 1)
        assert screen.contains(bar._picker_rects()["box"])
        _shot(app, f"picker_{window[0]}x{window[1]}")


@pytest.mark.parametrize("window", [(1024, 640), (1280, 800), (1920, 1080)])
def test_a_long_english_result_stays_inside_its_panel(home: Path, window: tuple[int, int]) -> None:
    """The result panel's lines are drawn bold: they are wrapped as bold (wrapped as regular
    text, English lines ran up to 14 px past the panel's border)."""
    from engine.items import ItemResult
    from game.fonts import get_font

    with running_app(preset="standard", seed=3, window=window, lang="en") as app:
        table = table_of(app)
        assert table is not None
        bar = bar_of(table)
        post_click(bar.prompt_button(accept=False))
        _steps(app, 3)
        long = ItemResult(
            "qian_li_yan", 0, wall_remaining=55, tile=parse_tile("8s"), sixths=(0, 2, 4, 5)
        )
        bar.show_result(long)
        _steps(app, 2)
        lay = bar.layout
        box = bar._result_rect()
        font = get_font(lay.font_normal, True)
        lines = bar._result_lines(box.w - lay.px(28))
        assert len(lines) > 1 and "4 copies of 8 Bamboo" in " ".join(lines)
        for line in lines:
            assert box.x + lay.px(14) + font.size(line)[0] <= box.right - lay.px(14), line


def test_the_kind_picker_of_a_two_suit_room_offers_its_two_suits(home: Path) -> None:
    with running_app(preset="sanren_liangfang", seed=3, lang="en") as app:
        table = table_of(app)
        assert table is not None
        bar = bar_of(table)
        if bar.prompt is not None:
            post_click(bar.prompt_button(accept=False))
        _steps(app, 3)
        kept = table.ctl.rules.kept_suits
        assert bar.kinds and all(k // 9 in kept for k in bar.kinds)
        assert len(bar.kinds) == 9 * len(kept) == 18
        bar.picking, bar.mode = "qian_li_yan", "kind"
        _steps(app, 1)
        rects = bar._picker_rects()
        assert not any(isinstance(k, int) and k // 9 not in kept for k in rects)
        assert pygame.Rect(0, 0, *app.screen.get_size()).contains(rects["box"])


def test_the_qian_kun_question_never_holds_a_table_under_tuoguan(home: Path) -> None:
    """Switched to 托管 while 乾坤大挪移 was asked, the table waited for an answer for good;
    the next hand under 托管 asked again and held again. Now 托管 answers "not this hand"
    (the item is kept) and the next hand is not asked."""
    with running_app(preset="standard", seed=8) as app:
        table = table_of(app)
        assert table is not None
        bar = bar_of(table)
        assert bar.prompt == 1 and bar.blocking
        table.ctl.auto = True  # 托管 on (the toolbar's button) while it is asked
        _steps(app, 3)
        assert table.ctl.auto and bar.prompt is None
        for _ in range(5000):  # the hand plays on by itself, to its settlement
            if isinstance(app.stack.top, SettlementScene):
                break
            app.step(DT)
        assert table.ctl.round.is_over
        assert load_profile()[0].items["qian_kun"] == 1  # not used, kept
        post_key(pygame.K_RETURN)  # the next hand, still under 托管
        _steps(app, 3)
        nxt = table_of(app)
        assert nxt is not None and nxt is not table and nxt.ctl.auto
        assert not bar_of(nxt).blocking
        _steps(app, 30)
        assert nxt.ctl.round.decisions  # it plays


def test_the_turn_timer_answers_the_qian_kun_question(home: Path) -> None:
    with running_app(preset="standard", seed=8) as app:
        table = table_of(app)
        assert table is not None
        table.ctl.turn_timer = 10.0
        bar = bar_of(table)
        assert bar.blocking
        for _ in range(int(9.5 / DT)):
            app.step(DT)
        assert bar.blocking  # its time is the turn's time
        for _ in range(int(1.0 / DT)):
            app.step(DT)
        assert not bar.blocking and not table.ctl.auto
        assert "乾坤大挪移" in bar.toasts[-1][0]
        assert load_profile()[0].items["qian_kun"] == 1
        assert table.ctl.round.items is None or not table.ctl.round.items.qian_kun


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_steal_the_sky_pickers_title_stays_in_its_box(
    home: Path, lang: str, window: tuple[int, int]
) -> None:
    """ "Steal the Sky: giving 2 Characters — which kind do you want?" ran past the box."""
    from game.fonts import get_font

    with running_app(preset="standard", seed=3, window=window, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        bar = bar_of(table)
        bar.prompt = None
        bar.picking, bar.mode, bar.give = "tou_tian", "want", 1
        _steps(app, 2)
        box = bar._picker_rects()["box"]
        lines = bar._picker_title(box.w)
        assert "".join(lines).replace(" ", "") == (bar.status_line() or "").replace(" ", "")
        font = get_font(table.layout.font_normal, True)
        assert all(font.size(line)[0] <= box.w - 20 for line in lines), lines
        tiles = [r for k, r in bar._picker_rects().items() if isinstance(k, int)]
        title_bottom = box.y + table.layout.px(10) + len(lines) * bar._title_step()
        assert min(r.top for r in tiles) >= title_bottom - table.layout.px(6)


def test_an_items_tooltip_says_why_it_cannot_be_used(table_app: tuple[App, TableScene]) -> None:
    """With none left the tooltip said "现在不能用" (not usable now), as if a moment would
    come: it says none are left and where more come from; a winner reads that items are over
    for the hand."""
    from game.table.item_tooltip import unusable_reason

    app, table = table_app
    bar = bar_of(table)
    pos = bar.slot_center("shun_feng_er")
    post_click(pos)
    _steps(app, 5)
    assert bar.counts.get("shun_feng_er", 0) == 0 and bar.result is not None
    post_key(pygame.K_ESCAPE)
    drawn: list[str] = []
    get = bar._text.get

    def spy(text: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(text)
        return get(text, *args, **kw)  # type: ignore[arg-type]

    bar._text.get = spy  # type: ignore[method-assign]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    _steps(app, 3)
    assert bar.hover == "shun_feng_er"
    assert "用完了：道具商店里可以买" in drawn and "现在不能用" not in drawn
    _shot(app, "tooltip_none_left")
    assert unusable_reason(False, 0, False, "en") == "None left: the shop sells more"
    assert unusable_reason(False, 2, True, "en") == "You have won: no more items this hand"
    assert unusable_reason(False, 2, False, "en") == "Not usable now"
    assert unusable_reason(True, 2, False, "en") is None
