"""An item held that cannot be used at this moment says why, in the player's words — its
tooltip said only "Not usable now" (现在不能用) whatever the reason, and a click on it did
nothing at all: a player holding 偷天换日 on another's turn, after this turn's swap, or
乾坤大挪移 in the middle of a hand (it is only ever used before a deal) was not told why.
Nothing is spent by such a click. (And a double click on a swap item opens its pick.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, running_app, table_of
from test_item_table import _deal, _slot_of, _used, bar_of

from engine.round import ActionKind
from engine.tiles import parse_tile
from game.app import App
from game.table.item_bar import ItemBar
from game.table.item_tooltip import unusable_reason
from game.table.scene import TableScene


def _steps(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


@pytest.fixture(params=["zh", "en"])
def table(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[App, TableScene, str]]:
    """The human (dealer) to discard on a known wall, holding one of each item."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    lang = request.param
    with running_app(preset="standard", seed=3, lang=lang) as app:
        scene = table_of(app)
        assert scene is not None
        bar = bar_of(scene)
        _steps(app, 2)
        if bar.prompt is not None:  # 乾坤大挪移 asked before the deal: not this hand
            post_click(bar.prompt_button(accept=False))
            _steps(app)
        _deal(app, scene)
        yield app, scene, lang


def _tooltip_reason(bar: ItemBar, item: str) -> str | None:
    return unusable_reason(
        bar.usable(item), bar.counts.get(item, 0), bar.won, bar.lang, bar.why.get(item)
    )


WORDS = {
    "zh": {
        "turn": "偷天换日：现在不是你的回合",
        "turn_tip": "现在不是你的回合",
        "swap": "移花接木：每回合只能换一次牌，这回合已经换过了",
        "deal": "下一局发牌前会问你要不要用",
        "deal_click": "乾坤大挪移：下一局发牌前会问你要不要用",
    },
    "en": {
        "turn": "Steal the Sky: it is not your turn now",
        "turn_tip": "It is not your turn now",
        "swap": "Graft the Blossom: one swap a turn, and you have swapped this turn",
        "deal": "You will be asked before the next deal",
        "deal_click": "Heaven and Earth Shift: you will be asked before the next deal",
    },
}


def test_a_swap_item_on_anothers_turn_says_it_is_not_your_turn(
    table: tuple[App, TableScene, str],
) -> None:
    app, scene, lang = table
    bar = bar_of(scene)
    ctl = scene.ctl
    discard = next(a for a in ctl.human_legal() if a.kind is ActionKind.DISCARD)
    scene.submit(discard)
    ctl.bot_pace = 60.0  # the bots wait: it is their turn now
    _steps(app, 2)
    assert not ctl.human_to_act() and not bar.usable("tou_tian")
    assert _tooltip_reason(bar, "tou_tian") == WORDS[lang]["turn_tip"]
    post_click(bar.slot_center("tou_tian"))
    _steps(app)
    assert bar.mode is None  # no pick opened
    assert bar.toasts and bar.toasts[-1][0] == WORDS[lang]["turn"]
    rnd = ctl.round
    assert rnd.items is not None and rnd.items.held(0, "tou_tian") == 1
    assert not _used(scene, "tou_tian")


def test_a_second_swap_in_one_turn_says_one_swap_a_turn(
    table: tuple[App, TableScene, str],
) -> None:
    app, scene, lang = table
    bar = bar_of(scene)
    post_click(bar.slot_center("tou_tian"))
    _steps(app)
    post_click(_slot_of(scene, "5s"))
    _steps(app)
    post_click(bar.kind_center(parse_tile("9s")))
    _steps(app, 10)
    assert len(_used(scene, "tou_tian")) == 1
    bar.result = None
    assert not bar.usable("yi_hua")
    post_click(bar.slot_center("yi_hua"))
    _steps(app)
    assert bar.mode is None
    assert bar.toasts and bar.toasts[-1][0] == WORDS[lang]["swap"]
    rnd = scene.ctl.round
    assert rnd.items is not None and rnd.items.held(0, "yi_hua") == 1


def test_qian_kun_mid_hand_says_it_is_asked_before_the_deal(
    table: tuple[App, TableScene, str],
) -> None:
    app, scene, lang = table
    bar = bar_of(scene)
    assert bar.counts.get("qian_kun") == 1 and not bar.usable("qian_kun")
    assert _tooltip_reason(bar, "qian_kun") == WORDS[lang]["deal"]
    drawn: list[str] = []
    get = bar._text.get

    def spy(text: str, *args: object, **kw: object) -> pygame.Surface:
        drawn.append(text)
        return get(text, *args, **kw)  # type: ignore[arg-type]

    bar._text.get = spy  # type: ignore[method-assign]
    pos = bar.slot_center("qian_kun")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    _steps(app, 2)
    assert bar.hover == "qian_kun" and WORDS[lang]["deal"] in drawn
    post_click(pos)
    _steps(app)
    assert bar.toasts and bar.toasts[-1][0] == WORDS[lang]["deal_click"]
    drawn.clear()
    _steps(app, 2)  # the toast says it; the tooltip, under the mouse still, would cover it
    assert WORDS[lang]["deal_click"] in drawn and WORDS[lang]["deal"] not in drawn
    assert bar.counts.get("qian_kun") == 1


def test_items_under_autoplay_say_autoplay_plays_without_them(
    table: tuple[App, TableScene, str],
) -> None:
    app, scene, lang = table
    bar = bar_of(scene)
    ctl = scene.ctl
    ctl.bot_pace = 60.0  # 托管 waits: the hand stays where it is
    ctl.auto = True
    scene.refresh()
    _steps(app)
    words = {"zh": "托管中不能用道具", "en": "Not while Autoplay plays for you"}[lang]
    assert not bar.usable("qian_li_yan")
    assert _tooltip_reason(bar, "qian_li_yan") == words
    post_click(bar.slot_center("qian_li_yan"))
    _steps(app)
    assert bar.mode is None and bar.toasts
    name = {"zh": "千里眼：", "en": "Far-Seeing Eye: "}[lang]
    assert bar.toasts[-1][0] == name + (words if lang == "zh" else "n" + words[1:])
    rnd = ctl.round
    assert rnd.items is not None and rnd.items.held(0, "qian_li_yan") == 1


def test_a_double_click_on_a_swap_item_opens_its_pick(
    table: tuple[App, TableScene, str],
) -> None:
    """A second click on the item cancels its pick; the second half of a double click did
    too, so a player who double-clicked 移花接木 saw nothing happen."""
    app, scene, _lang = table
    bar = bar_of(scene)
    for item in ("yi_hua", "tou_tian"):
        pos = bar.slot_center(item)
        post_click(pos)
        post_click(pos)  # the double click's second half, in the same frame
        _steps(app)
        assert bar.mode == "give" and bar.picking == item
        _steps(app, 30)  # half a second later, a click on it again is meant: it cancels
        post_click(pos)
        _steps(app)
        assert bar.mode is None and bar.picking is None
    rnd = scene.ctl.round
    assert rnd.items is not None and rnd.items.held(0, "yi_hua") == 1
