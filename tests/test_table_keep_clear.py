"""What the table's own words and a notice over it keep clear of: a notice (damaged
settings, a restored profile) lay at the top centre over the hidden hand across the table —
at the two-seat table too, whose sides are empty —, and the hovered tile's hint lay over
the status line ('Your turn: discard a tile') at 1024×640. Real frames, headless."""

from __future__ import annotations

import pygame
import pytest
from test_game_support import DT, running_app, table_of

from engine.round import ActionKind
from game.app import App
from game.table.items import ItemsOverlay
from game.table.scene import TableScene

NOTICES = (
    ("设置文件已损坏，已恢复默认设置。", "Your settings were damaged; the defaults were loaded."),
    ("存档已从备份恢复。", "Your profile was restored from its backup copy."),
)


def _dealt(app: App, kind: ActionKind | None = None) -> TableScene:
    """The table once the deal is shown (乾坤大挪移's question answered 'not this hand'),
    and with ``kind`` once the player is offered it."""
    table = table_of(app)
    assert table is not None
    for _ in range(3000):
        app.step(DT)
        items = table.overlay(ItemsOverlay)
        if items is not None and items.bar is not None and items.bar.prompt is not None:
            for what in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(
                    pygame.event.Event(what, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
                )
            continue
        m = table.model
        across = [table.layout.place(seat, m.bottom) for seat in range(m.players)]
        drawn = all(pos in table.painter.columns for pos in across if pos != 0)
        ready = not table.animating and not table.held and drawn
        legal = table.model.legal
        if kind is None and ready and table.model.slots:
            return table
        if kind is not None and ready and any(a.kind is kind for a in legal):
            return table
        if legal and kind is not None and ready:  # anything before it: the suggestion, Enter
            key = pygame.K_RETURN if table.model.view.phase.name != "PLAY" else pygame.K_ESCAPE
            if any(a.kind is ActionKind.DISCARD for a in legal):
                table.model.selected = len(table.model.slots) - 1
                key = pygame.K_RETURN
            for what in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(what, key=key, mod=0, unicode="", scancode=0))
    raise AssertionError("the table never came to it")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("preset", ["standard", "sanren_liangfang", "liangren"])
def test_notices_keep_off_the_hand_across_and_every_seat(
    size: tuple[int, int], preset: str
) -> None:
    """Two notices at the table cover no seat's panel, note or line of tiles (the hidden
    hand across above all), no item and no button, and stay in the window."""
    with running_app(window=size, lang="en", preset=preset) as app:
        table = _dealt(app)
        for message in NOTICES:
            app.notify(message)
        app.step(DT)
        boxes = app.notices._rects
        assert len(boxes) == 2
        m, painter = table.model, table.painter
        places = [table.layout.place(seat, m.bottom) for seat in range(m.players)]
        seats = [painter.columns[pos] for pos in places if pos in painter.columns]
        seats += [m.panels[pos] for pos in places] + painter.notes.boxes()
        if 2 in places:
            assert painter.columns[2].w > 0  # the hand across, drawn
        buttons = [
            pygame.Rect(el.rect)
            for el in app.ui.get_sprite_group().sprites()
            if el.visible and hasattr(el, "text") and pygame.Rect(el.rect).w < size[0] // 2
        ]
        assert buttons
        items = [table.layout.item_bar] if m.item_bar else []
        for box in boxes:
            assert app.screen.get_rect().contains(box)
            assert not [r for r in seats + buttons + items if box.colliderect(r)], (box, seats)


class _Recorder(pygame.Surface):
    """A surface that notes what was blitted where (one by one or in a batch)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.shown: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        at = dest.topleft if isinstance(dest, pygame.Rect) else dest
        self.shown.append((source, source.get_rect(topleft=at)))
        return super().blit(source, dest, area, special_flags)

    def blits(self, seq, doreturn=True):  # type: ignore[no-untyped-def, override]
        rects = [self.blit(*item) for item in seq]
        return rects if doreturn else None


class _Texts:
    """The surfaces a text cache made, by their words."""

    def __init__(self, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: dict[int, str] = {}
        real = table.text.get

        def get(text: str, *args: object, **kw: object) -> pygame.Surface:
            img = real(text, *args, **kw)
            self.made[id(img)] = text
            return img

        monkeypatch.setattr(table.text, "get", get)

    def where(self, surface: _Recorder, words: str) -> list[pygame.Rect]:
        return [rect for img, rect in surface.shown if self.made.get(id(img)) == words]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_hovered_tiles_hint_leaves_the_status_line_readable(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With hints on, the hint of the tile under the pointer (the first of the hand, below
    the status line's start) is drawn above the status line and the hint strip, not over
    them."""
    with running_app(window=size, lang="en", preset="sanren_liangfang") as app:
        app.settings.hints = True
        table = _dealt(app, ActionKind.DISCARD)
        table.refresh()
        m = table.model
        assert m.hints is not None
        first = next(s for s in m.slots if m.discard_for(s.index) is not None)
        m.mouse = first.rect.center
        texts = _Texts(table, monkeypatch)
        surface = _Recorder(app.screen.get_size())
        table.hand.hover()
        table.draw(surface)
        tip = m.hints.per_discard.get(first.kind)
        status = m.status_text()
        assert tip and status
        (tip_at,) = texts.where(surface, tip)
        lines, _ = table.painter.status_lines(status)
        said = [rect for line in lines for rect in texts.where(surface, line)]
        assert said
        plate = tip_at.inflate(table.layout.px(14), table.layout.px(8))
        assert not [r for r in said if plate.colliderect(r)], (plate, said)
        assert plate.bottom <= first.rect.top  # still above its tile
        assert app.screen.get_rect().contains(plate)
