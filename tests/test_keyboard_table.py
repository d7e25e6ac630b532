"""The table's buttons take the keyboard: Tab / Shift+Tab walk a focus ring over the claim
row, the items that may be used and the toolbar (Tracker, Auto-win, Skip to result … have no
key of their own), Enter presses the focused one, ←/→ and Esc give the keys back to the
hand. An item's pick works by keys too: 移花接木's hand tile is the one ←/→ selected, the
kind picker answers the arrows and Enter. And 换三张's suggested three are picked when the
swap is offered, so Enter alone swaps them. Real key events, headless."""

from __future__ import annotations

import pathlib

import pygame
import pytest
from test_game_support import DT, running_app, table_of

from engine.round import ActionKind, Phase
from game import palette as pal
from game.app import App
from game.table.buttons import ToolbarItem
from game.table.items import ItemsOverlay
from game.table.scene import TableScene

SHOTS = pathlib.Path(__file__).resolve().parent.parent / "screenshots"


def key(app: App, k: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))
    app.step(DT)
    app.step(DT)


def wait_for(app: App, table: TableScene, kind: ActionKind, frames: int = 3000) -> None:
    for _ in range(frames):
        app.step(DT)
        offered = any(a.kind is kind for a in table.model.legal)
        if offered and not table.animating and not table.held:
            return
    raise AssertionError(f"{kind.name} never offered")


def tab_to(app: App, table: TableScene, key_wanted: object) -> None:
    """Tab until ``key_wanted`` has the focus: at most twice round the stops as they are at
    each press (the bots answer from their worker in their own time, so a stop may come or
    go while Tab walks: counted once at the start, a slow run came up short)."""
    presses = 0
    while table.focus.key != key_wanted:
        assert presses <= 2 * (len(table.focus_stops()) + 2), (
            f"Tab never reaches {key_wanted!r} (at {table.focus.key!r})"
        )
        key(app, pygame.K_TAB)
        presses += 1


def ring_at(app: App, rect: pygame.Rect) -> bool:
    """The focus ring's gold just outside ``rect`` (above its middle)."""
    return any(
        app.screen.get_at((rect.centerx, rect.y - d))[:3] == pal.GOLD_LIGHT for d in (2, 3, 4)
    )


@pytest.mark.parametrize(("lang", "window"), [("zh", (1024, 640)), ("en", (1920, 1080))])
def test_tab_walks_the_toolbar_and_enter_presses_the_focused_button(
    lang: str, window: tuple[int, int]
) -> None:
    with running_app(window=window, lang=lang, preset="jj") as app:
        table = table_of(app)
        assert table is not None
        wait_for(app, table, ActionKind.DECLARE_VOID)
        seen = set()
        for _ in range(len(table.focus_stops())):
            key(app, pygame.K_TAB)
            seen.add(table.focus.key)
        assert {ToolbarItem.TRACKER, ToolbarItem.AUTO_WIN, ToolbarItem.MENU} <= seen
        tab_to(app, table, ToolbarItem.TRACKER)
        rect = table.toolbar.rect_of(ToolbarItem.TRACKER)
        assert rect is not None and ring_at(app, rect)
        pygame.image.save(app.screen, str(SHOTS / f"keyboard_table_focus_{lang}.png"))
        tracker = app.settings.tile_tracker
        key(app, pygame.K_RETURN)
        assert app.settings.tile_tracker is not tracker
        assert table.focus.key is ToolbarItem.TRACKER  # the rebuilt button keeps the focus
        key(app, pygame.K_SPACE)
        assert app.settings.tile_tracker is tracker
        # Esc gives the keys back to the hand (no pause menu yet); Shift+Tab comes from the end
        key(app, pygame.K_ESCAPE)
        assert table.focus.key is None and app.stack.top is table
        key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
        assert table.focus.key == table.focus_stops()[-1].key
        key(app, pygame.K_LEFT)  # the hand's arrows take the keys back
        assert table.focus.key is None


def test_items_are_used_by_keyboard_and_the_swap_suggestion_is_one_enter() -> None:
    with running_app(window=(1024, 640), lang="en", preset="modern") as app:
        table = table_of(app)
        assert table is not None
        overlay = table.overlay(ItemsOverlay)
        assert overlay is not None and overlay.bar is not None
        bar = overlay.bar
        for _ in range(300):
            app.step(DT)
            if bar.prompt is not None:
                key(app, pygame.K_ESCAPE)  # 乾坤大挪移: not this hand
                break
        wait_for(app, table, ActionKind.EXCHANGE_THREE)
        assert len(table.model.exchange_pick) == 3  # the suggestion, picked
        key(app, pygame.K_RETURN)
        assert not any(a.kind is ActionKind.EXCHANGE_THREE for a in table.ctl.human_legal())
        wait_for(app, table, ActionKind.DECLARE_VOID)
        key(app, pygame.K_RETURN)
        wait_for(app, table, ActionKind.DISCARD)
        assert table.model.view.phase is Phase.PLAY
        # 千里眼: Tab to it, Enter opens the kind picker, the arrows move, Enter asks
        tab_to(app, table, ("item", "qian_li_yan"))
        assert bar.hover == "qian_li_yan"  # its tooltip, as under the mouse
        key(app, pygame.K_RETURN)
        assert bar.mode == "kind"
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RIGHT)
        assert overlay.cursor == bar.kinds[0] + 10
        assert ring_at(app, bar.kind_rect(overlay.cursor))
        key(app, pygame.K_RETURN)
        assert bar.mode is None and bar.counts.get("qian_li_yan", 0) == 0
        assert bar.result is not None and bar.result.tile == bar.kinds[0] + 10
        key(app, pygame.K_ESCAPE)  # closes the result
        # 移花接木: Tab to it, Enter, ←/→ to a hand tile, Enter gives it (not a discard)
        tab_to(app, table, ("item", "yi_hua"))
        key(app, pygame.K_RETURN)
        assert bar.mode == "give"
        key(app, pygame.K_RIGHT)
        assert table.focus.key is None and table.model.selected == 0
        hand = len(table.model.view.tiles)
        key(app, pygame.K_RETURN)
        assert bar.counts.get("yi_hua", 0) == 0
        assert len(table.model.view.tiles) == hand  # swapped, nothing discarded
