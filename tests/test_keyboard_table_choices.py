"""The table's choices by the keys alone: the 定缺 cursor (after 换三张 a tile stood
highlighted at 定缺 while Enter declared the ★ suit) and the claim buttons' preview under
the Tab focus (it showed under the mouse only). Real key events, headless."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, running_app
from test_table_keep_clear import _dealt, _Recorder

from engine.round import ActionKind, Phase
from engine.tiles import suit_of
from game.app import App


def _press(app: App, key: int, mod: int = 0) -> None:
    for what in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(what, key=key, mod=mod, unicode="", scancode=0))
    app.step(DT)
    app.step(DT)


def test_the_focused_claim_buttons_preview_shows_as_under_the_pointer() -> None:
    """What a 碰 / 胡 would give showed only under the mouse: a player on the keys, the
    focus on the button by Tab, saw nothing."""
    with running_app(window=(1024, 640), lang="en", preset="sanren_liangfang", seed=2) as app:
        table = _dealt(app)
        m = table.model
        claims = (ActionKind.PONG, ActionKind.WIN, ActionKind.EXPOSED_KONG)
        for _ in range(6000):
            app.step(DT)
            if table.animating or not m.legal:
                continue
            if any(a.kind in claims for a in m.legal) and m.view.claim_tile is not None:
                break
            if m.exchanging():
                _press(app, pygame.K_RETURN)
            elif any(a.kind is ActionKind.DISCARD for a in m.legal):
                _press(app, pygame.K_LEFT)  # the tile just drawn
                _press(app, pygame.K_RETURN)
        else:
            raise AssertionError("no claim offered")
        claim = next(a for a in m.legal if a.kind in claims)
        for _ in range(10):
            if table.focus.key == ("claim", claim):
                break
            _press(app, pygame.K_TAB)
        assert table.focus.key == ("claim", claim)
        m.mouse = (0, 0)  # the pointer on no button
        table.draw(app.screen)
        box = table.painter.preview_box
        assert box is not None
        rect = table.buttons.rect_of(claim)
        assert rect is not None and box.bottom <= rect.top


def _lit(table: object, suit: int) -> bool:
    """The 定缺 button of ``suit`` wears the highlighted style."""
    for el, target in table.buttons.buttons.items():  # type: ignore[attr-defined]
        if getattr(target, "suit", None) == suit:
            return "@action_button" in el.get_class_ids()
    raise AssertionError(f"no button for suit {suit}")


def test_the_void_cursor_is_what_enter_declares() -> None:
    """换三张 by the keys left the cursor on a tile (of the dots, the ★ suit characters):
    at 定缺 it stood highlighted and Enter declared characters. A new question starts
    with no cursor — Enter declares ★ —, and with the cursor on a tile its suit's button is
    lit and Enter declares that suit."""
    with running_app(window=(1024, 640), lang="en", preset="modern", seed=3) as app:
        table = _dealt(app, ActionKind.EXCHANGE_THREE)
        m = table.model
        first = m.exchange_pick[0]
        while m.selected != first:
            _press(app, pygame.K_RIGHT)
        _press(app, pygame.K_RETURN)  # unpicked
        _press(app, pygame.K_LEFT)
        _press(app, pygame.K_RIGHT)
        _press(app, pygame.K_RETURN)  # picked again
        assert len(m.exchange_pick) == 3 and m.selected == first
        _press(app, pygame.K_RETURN)  # swapped
        table = _dealt(app, ActionKind.DECLARE_VOID)
        assert m.view.phase is Phase.DECLARE_VOID
        star = m.suggested_void()
        shown = m.selected
        expected = suit_of(m.slots[shown].kind) if shown is not None else star
        assert expected == star, "a tile of another suit stands highlighted"
        assert _lit(table, star)
        other = next(s for s in m.slots if suit_of(s.kind) != star)
        while m.selected != other.index:
            _press(app, pygame.K_RIGHT)
        assert _lit(table, suit_of(other.kind)) and not _lit(table, star)
        _press(app, pygame.K_RETURN)
        assert table.ctl.round.view(m.bottom).own_void == suit_of(other.kind)


def test_a_kong_on_offer_is_said_while_the_void_suit_must_go_first() -> None:
    """With a void-suit tile still in hand and a concealed kong on offer, the status line
    said only 'Discard your void-suit tiles first' beside the Kong button."""
    import dataclasses

    from engine.actions import Action

    with running_app(window=(1024, 640), lang="en", preset="modern", seed=3) as app:
        table = _dealt(app, ActionKind.DISCARD)
        m = table.model
        kind = m.slots[-1].kind
        m.view = dataclasses.replace(m.view, void_first=True)
        m.legal = [*m.legal, Action(ActionKind.CONCEALED_KONG, m.bottom, kind)]
        for lang, words in (("en", "kong"), ("zh", "杠")):
            m.lang = lang
            status = m.status_text()
            assert status is not None and words in status
            assert ("void-suit" if lang == "en" else "缺门") in status


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_a_payment_float_keeps_off_the_dealers_badge(window: tuple[int, int]) -> None:
    """A payment ("-1") rose off the dealer's panel onto its 庄 / D badge at the top right,
    and stayed there in the frame the settlement keeps under it."""
    from engine.round import Event, EventKind
    from engine.settlement import LedgerEntry, Reason

    with running_app(window=window, lang="en", preset="sanren_liangfang", seed=5) as app:
        table = _dealt(app)
        m, lay = table.model, table.layout
        dealer = m.view.dealer
        other = next(s for s in range(m.players) if s != dealer)
        table.effects.animator.speed = "normal"
        entry = LedgerEntry(other, dealer, 2, Reason.WIN_DISCARD, 0, None)  # type: ignore[arg-type]
        table.show_events([Event(EventKind.PAYMENT, 0, entry=entry)])
        floats = [a for a in table.effects.animator._anims if hasattr(a, "rise")]
        panel = m.panels[lay.place(dealer, m.bottom)]
        r, pad = lay.px(13), lay.px(10)
        badge = pygame.Rect(0, 0, 2 * r, 2 * r)
        badge.center = (panel.right - pad - r, panel.y + pad + r - 2)
        mine = [f for f in floats if panel.collidepoint(f.pos)]
        assert mine
        for f in mine:
            assert f.text is not None
            top = f.text.get_rect(center=(f.pos[0], f.pos[1] - f.rise))  # risen the most
            assert not top.colliderect(badge), (top, badge)
            assert panel.contains(top)


def test_the_keys_cursor_shows_on_a_tile_that_may_not_go() -> None:
    """With the void suit to go first the other tiles are greyed, and the cursor the arrows
    moved onto one was not drawn: → seemed to do nothing, then Enter did nothing. A greyed
    tile under the cursor stands a little raised."""
    with running_app(window=(1024, 640), lang="en", preset="modern", seed=5) as app:
        table = _dealt(app, ActionKind.DISCARD)
        m = table.model
        may = [s.index for s in m.slots if m.discard_for(s.index) is not None]
        assert m.view.void_first and may == [0, 1, 13]
        for _ in range(3):
            _press(app, pygame.K_RIGHT)
        assert m.selected == 2 and 2 not in may
        shown = _Recorder(app.screen.get_size())
        table.draw(shown)
        slot = m.slots[2]
        faces = [r for _, r in shown.shown if r.x == slot.rect.x and r.w >= slot.rect.w]
        assert faces and all(r.y < slot.rect.y for r in faces), (faces, slot.rect)
        _press(app, pygame.K_RIGHT)
        table.draw(shown)
        assert m.selected == 3
