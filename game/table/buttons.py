"""The table's buttons (pygame-gui, the table family's one kind): the claim and choice
buttons above the hand, and the toolbar at the top right.

:class:`ClaimButtons` shows what the human may do now (胡 / 杠 / 碰 / 过 on a discard or in
one's own turn, the three 定缺 suits with the suggestion starred, Confirm for 换三张) and
rebuilds only when that changes; Esc or Pass with nothing to pass puts them away until the
choice changes. :class:`Toolbar` holds Hints, Auto (托管), Speed and Menu, in as many rows
as the layout keeps for them beside the seat across.
"""

from __future__ import annotations

import enum
import weakref
from collections.abc import Callable, Sequence

import pygame
import pygame_gui

from engine.round import Action, ActionKind, Phase
from engine.tiles import suit_name, tile_name
from game import i18n
from game.fonts import get_font, theme_data, theme_font
from game.table.layout import (
    MIN_FONT,
    TOOLBAR_GAP,
    TOOLBAR_ROW_H,
    Layout,
    ToolbarItem,
    steady_widths,
    toolbar_rows,
)
from game.table.model import KONG_KINDS, TableModel
from game.ui.text import BUTTON_FONT, button_width

__all__ = ["ClaimButtons", "Toolbar", "ToolbarItem", "Wanted", "button_font", "scaled_id"]

CLAIM_FONT = 22  # the theme's @big_button / @action_button size (assets/theme.json)
_themed: weakref.WeakKeyDictionary[pygame_gui.UIManager, set[int]] = weakref.WeakKeyDictionary()


def button_font(lay: Layout, base: int = BUTTON_FONT) -> int:
    """The label size of a table button whose theme size is ``base`` at 1280x800: grown and
    shrunk with the layout, so a label fills its button at every window size."""
    return max(MIN_FONT, round(base * lay.scale))


def scaled_id(
    ui: pygame_gui.UIManager, size: int, class_id: str | None = None
) -> pygame_gui.core.ObjectID:
    """An object id whose theme block sets only the bold button font at ``size`` (added to
    ``ui``'s theme the first time); colours and shape still come from ``class_id`` or the
    theme's ``button``."""
    done = _themed.setdefault(ui, set())
    object_id = f"#button_font_{size}"
    if size not in done:
        try:
            font = dict(theme_data()["button"]["font"])
        except (OSError, ValueError, KeyError, TypeError):  # the app's plain theme (game.app)
            font = theme_font()
        font.update(size=str(size), bold="1")
        ui.get_theme().load_theme({object_id: {"font": font}})
        done.add(size)
    return pygame_gui.core.ObjectID(class_id=class_id, object_id=object_id)


class Wanted(enum.Enum):
    """A claim-row button that is not an engine action."""

    DISMISS = "dismiss"  # Pass when passing is not an action (one's own turn): hide the row
    EXCHANGE = "exchange"  # 换三张: submit the three tiles picked


Target = Action | Wanted
Row = list[tuple[str, Target, bool]]  # (label, target, highlighted)


def wanted_buttons(m: TableModel) -> Row:
    """The claim-row buttons that should show now."""
    lang = m.lang
    phase = m.view.phase
    if phase is Phase.DECLARE_VOID and m.legal_of(ActionKind.DECLARE_VOID):
        best, enter = m.suggested_void(), m.void_choice()
        out: Row = []
        for a in m.legal_of(ActionKind.DECLARE_VOID):
            assert a.suit is not None
            label = i18n.t("btn.suit", lang, suit=suit_name(a.suit, lang))
            if a.suit == best:
                label += " ★"
            out.append((label, a, a.suit == enter))  # lit: what Enter declares
        return out
    if phase is Phase.EXCHANGE and m.legal_of(ActionKind.EXCHANGE_THREE):
        if m.exchange_action() is None:  # not three of one suit: nothing to confirm yet
            return []  # (the status line says what to pick)
        return [(i18n.t("btn.confirm", lang), Wanted.EXCHANGE, True)]
    claims = m.claim_options()
    if not claims:
        return []
    out = []
    kongs = [a for a in claims if a.kind in KONG_KINDS]
    for a in claims:
        if a.kind is ActionKind.WIN:
            out.append((i18n.t("btn.win", lang), a, True))
    for a in kongs:
        label = i18n.t("btn.kong", lang)
        if len(kongs) > 1 and a.tile is not None:
            label += " " + tile_name(a.tile, lang)
        out.append((label, a, False))
    for a in claims:
        if a.kind is ActionKind.PONG:
            out.append((i18n.t("btn.pong", lang), a, False))
    passes = m.legal_of(ActionKind.PASS)
    if passes:
        out.append((i18n.t("btn.pass", lang), passes[0], False))
    elif m.legal_of(ActionKind.DISCARD):  # one's own turn: Pass puts the row away
        out.append((i18n.t("btn.pass", lang), Wanted.DISMISS, False))
    return out  # no Pass when passing is not legal (a forced win, RULES.md §3.6)


class ClaimButtons:
    """The row of claim / choice buttons above the hand, bottom right."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        self.ui = ui
        self.buttons: dict[pygame_gui.elements.UIButton, Target] = {}
        self._wanted: tuple[object, ...] | None = None  # the row asked for at the last sync
        self._shown: tuple[object, ...] | None = None  # what the buttons on screen show
        self._dismissed: tuple[object, ...] | None = None  # a row put away
        self._widths: tuple[object, list[int]] = (None, [])  # (labels, size, window), widths
        self._placed: tuple[object, int] = (None, 0)  # the row shown, its right edge

    @property
    def hidden(self) -> bool:
        """The row that would show now was put away (Esc, or Pass in one's own turn)."""
        return self._wanted is not None and self._wanted == self._dismissed

    def dismiss(self) -> None:
        self._dismissed = self._wanted

    def reset(self) -> None:
        """A move was made: a new row shows even if it looks like the one put away."""
        self._dismissed = None

    def kill(self) -> None:
        for el in self.buttons:
            kill: Callable[[], None] = el.kill  # pygame-gui's, unannotated there
            kill()
        self.buttons.clear()
        self._shown = None

    def target(self, element: object) -> Target | None:
        return next((t for el, t in self.buttons.items() if el is element), None)

    def rect_of(self, action: Action) -> pygame.Rect | None:
        """Where the button for ``action`` is (the tutorial points at it)."""
        for element, target in self.buttons.items():
            if isinstance(target, Action) and target == action:
                return pygame.Rect(element.rect)
        return None

    def action_at(self, pos: tuple[int, int]) -> tuple[Action, pygame.Rect] | None:
        """The claim action whose button is under ``pos`` (its preview shows), and where."""
        for element, target in self.buttons.items():
            if isinstance(target, Action) and element.rect.collidepoint(pos):
                return target, pygame.Rect(element.rect)
        return None

    def left_edge(self, lay: Layout) -> int:
        """The left edge of the row (the claimed tile is shown just left of it)."""
        return min((int(el.rect.x) for el in self.buttons), default=lay.buttons.right)

    def sync(self, m: TableModel, lay: Layout, keep_clear: Sequence[pygame.Rect] = ()) -> None:
        """Show the row the model asks for, rebuilding the buttons only when it changed. The
        row moves left of a seat note (``keep_clear``) it would cover: at 1024×640 the right
        seat's "1st win · Plain win · 1 fan" sat under Win / Pass."""
        wanted = wanted_buttons(m)
        h, gap = lay.px(46), lay.px(10)
        size = button_font(lay, CLAIM_FONT)
        labels = tuple(label for label, _, _ in wanted)
        if self._widths[0] != (labels, size, lay.w, lay.h):  # measured on a change, not a frame
            widths = [max(lay.px(84), button_width(label, size)) for label in labels]
            self._widths = ((labels, size, lay.w, lay.h), widths)
        widths = self._widths[1]
        row_w = sum(widths) + gap * (len(wanted) - 1)
        bottom = lay.buttons.bottom
        if m.view.phase is Phase.DECLARE_VOID and m.view.rules.exchange_three:
            # the tiles 换三张 brought in wear a "New" tag above the hand for a while: the
            # 定缺 row stands over the tags, not on them (and stays there the whole phase)
            tag_h = get_font(lay.font_small, True).get_linesize() + lay.px(2)
            bottom = min(bottom, lay.hand_y - lay.px(2) - tag_h - lay.px(6))
        row = (tuple(wanted), m.lang, lay.w, lay.h, bottom)
        right = self._placed[1] if self._placed[0] == row else None
        if right is None or any(
            b.colliderect(right - row_w, bottom - h, row_w, h) for b in keep_clear
        ):
            # Placed when the row first shows, and moved only when a note grows under it:
            # a row that jumped when the right seat's "Choosing…" became "Ready" was rebuilt
            # under the player's pointer, and the click in progress was lost.
            right = _clear_of(keep_clear, lay, row_w, h, gap, bottom)
        self._placed = (row, right)
        sig: tuple[object, ...] = (*row, right)
        self._wanted = sig
        if sig == self._dismissed:
            wanted, sig = [], ("dismissed", *sig)
        if sig == self._shown:
            return
        self.kill()
        self._shown = sig
        if not wanted:
            return
        x = right - row_w
        for (label, target, strong), w in zip(wanted, widths, strict=True):
            rect = pygame.Rect(x, bottom - h, w, h)
            el = pygame_gui.elements.UIButton(
                rect,
                label,
                manager=self.ui,
                object_id=scaled_id(self.ui, size, "@action_button" if strong else "@big_button"),
            )
            self.buttons[el] = target
            x += w + gap


def _clear_of(
    boxes: Sequence[pygame.Rect], lay: Layout, row_w: int, h: int, gap: int, bottom: int
) -> int:
    """The right edge of a row ``row_w`` wide, as far right as it goes (``lay.buttons``)
    without covering one of ``boxes``; where that would take it off the window's left, the
    usual place (the buttons must be there to press, a note may be covered)."""
    right = lay.buttons.right
    for _ in range(len(boxes) + 1):
        row = pygame.Rect(right - row_w, bottom - h, row_w, h)
        hits = [b.x for b in boxes if b.colliderect(row)]
        if not hits:
            return right if right - row_w >= lay.px(12) else lay.buttons.right
        right = min(hits) - gap
    return lay.buttons.right


class Toolbar:
    """Hints, Auto (托管), Speed, Menu and the rest at the top right: right-aligned rows in
    ``Layout.toolbar``, clear of the seat across and of the right seat."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        self.ui = ui
        self.buttons: dict[pygame_gui.elements.UIButton, ToolbarItem] = {}

    def build(self, lay: Layout, items: Sequence[tuple[ToolbarItem, str]]) -> None:
        self.kill()
        area = lay.toolbar
        h, gap = lay.px(TOOLBAR_ROW_H), lay.px(TOOLBAR_GAP)
        size = lay.toolbar_font
        room = (area.h + gap) // (h + gap)  # the rows the layout kept
        while True:  # labels longer than the widest set's (which the layout measured): smaller
            widths = steady_widths(items, size)
            rows = toolbar_rows(widths, area.w, gap)
            if len(rows) <= room or size <= MIN_FONT:
                break
            size -= 1
        places: dict[int, pygame.Rect] = {}
        for n, row in enumerate(rows):
            x = area.right - sum(widths[i] for i in row) - gap * (len(row) - 1)
            for i in row:
                places[i] = pygame.Rect(x, area.y + n * (h + gap), widths[i], h)
                x += widths[i] + gap
        for i, (what, label) in enumerate(items):  # made in their order, whatever their row
            el = pygame_gui.elements.UIButton(
                places[i], label, manager=self.ui, object_id=scaled_id(self.ui, size)
            )
            self.buttons[el] = what

    @property
    def built(self) -> bool:
        return bool(self.buttons)

    def kill(self) -> None:
        for el in self.buttons:
            kill: Callable[[], None] = el.kill  # pygame-gui's, unannotated there
            kill()
        self.buttons.clear()

    def item(self, element: object) -> ToolbarItem | None:
        return next((what for el, what in self.buttons.items() if el is element), None)

    def rect_of(self, item: ToolbarItem) -> pygame.Rect | None:
        """Where the button is (tests and the screenshot tool click there)."""
        for element, what in self.buttons.items():
            if what is item:
                return pygame.Rect(element.rect)
        return None
