"""What the table shows: :class:`TableModel`, read from the driver after every change.

The scene keeps one model. :meth:`TableModel.refresh` re-reads the bottom seat's
:class:`~engine.views.PlayerView` (so another seat's concealed tiles can never be drawn by
accident), the human's legal actions and the hand's tile slots; the hand input moves the
selection, the picks and the drag; the effects mark the latest discard. The painter, the
buttons and the overlays only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.round import Action, ActionKind, Phase
from engine.tiles import suit_of, tile_name
from engine.views import PlayerView
from game import i18n
from game.net.widgets import shown_name
from game.table.driver import TableDriver
from game.table.geometry import HandSlot, Pos
from game.table.hints import Hints
from game.ui.text import seat_label

__all__ = ["CLAIM_KINDS", "KONG_KINDS", "TableModel"]

KONG_KINDS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.EXPOSED_KONG)
CLAIM_KINDS = (ActionKind.WIN, ActionKind.PONG, *KONG_KINDS)
_ACT_NAMES = {
    ActionKind.WIN: "act.win",
    ActionKind.PONG: "act.pong",
    ActionKind.EXPOSED_KONG: "act.kong",
    ActionKind.ADDED_KONG: "act.kong",
    ActionKind.CONCEALED_KONG: "act.kong",
}


@dataclass
class TableModel:
    """The table's state on screen for one hand (the bottom seat's point of view)."""

    driver: TableDriver
    bottom: int  # the seat drawn at the bottom: the human's, or seat 0 in a demo
    human: int | None
    interactive: bool  # someone plays here (False: a replay): hints and turn prompts
    view: PlayerView
    hand_no: int  # fixed: the match counts on once the hand is settled
    # small, after each seat's name: a bot seat's level ('' for the human, or none shown);
    # at a networked table "reconnecting…" for a friend whose connection is down
    levels: tuple[str, ...]
    legal: list[Action] = field(default_factory=list)  # the human's choices now
    slots: list[HandSlot] = field(default_factory=list)  # the bottom hand on screen
    selected: int | None = None  # slot index chosen by keys or a first click
    hover: int | None = None  # slot index under the mouse
    exchange_pick: list[int] = field(default_factory=list)  # 换三张: slot indices
    drag: int | None = None  # slot index being dragged towards the pond
    mouse: Pos = (0, 0)
    last_discard: tuple[int, int] | None = None  # (seat, pond index) under the pointer
    end_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)  # laid face up
    hints: Hints | None = None
    settled: bool = False  # the settlement has recorded the hand
    time: float = 0.0  # seconds since the table opened (the turn glow, the pointer's bob)
    panels: tuple[pygame.Rect, ...] = ()  # the seat panels by screen position
    item_bar: bool = False  # the item bar takes the right edge (the right seat's panel moves)
    hides_hand: bool = False  # a prompt before the deal (乾坤大挪移): no peek at the hand
    received: tuple[int, ...] = ()  # 换三张: the three tiles the bottom seat received
    received_until: float = 0.0  # ... marked in the hand until this ``time``
    tracker: bool = False  # 记牌器: the unseen count of every kind is shown
    lang: str = "zh"

    @property
    def players(self) -> int:
        """Seats at this table (4, 3 or 2)."""
        return len(self.view.seats)

    # --- reading the driver -------------------------------------------------------------

    def reread(self) -> None:
        """The view again, and every hand laid face up once the hand is over (a seat's own
        view shows its tiles)."""
        rnd = self.driver.round
        phase = self.view.phase
        self.view = rnd.view(self.bottom)
        if self.view.phase is not phase:
            # a new phase asks a new question: no cursor is left on a tile from the last one
            # (after 换三张 a tile stood highlighted at 定缺 while Enter declared the ★ suit)
            self.selected = None
        if self.driver.is_over and not self.end_hands:
            self.end_hands = {s: tuple(rnd.view(s).tiles) for s in range(self.players)}

    def hand_tiles(self) -> tuple[list[int], int | None]:
        """The bottom hand's tiles and the one just drawn (shown apart)."""
        me = self.view.seats[self.bottom]
        if me.revealed is not None:
            return list(me.revealed), None
        return list(self.view.tiles), self.view.last_drawn

    def settle_slots(self) -> None:
        """Keep the selection and the picks valid for new slots; suggest three to swap."""
        if self.selected is not None and self.selected >= len(self.slots):
            self.selected = None
        if self.exchanging() and not self.exchange_pick:
            self.exchange_pick = self.suggested_exchange()

    # --- what the human may do ----------------------------------------------------------

    def legal_of(self, *kinds: ActionKind) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    def claim_options(self) -> list[Action]:
        """Win, pong and kong choices (on a discard, or in one's own turn)."""
        return self.legal_of(*CLAIM_KINDS)

    def exchanging(self) -> bool:
        """换三张: the human picks three tiles now."""
        return self.view.phase is Phase.EXCHANGE and bool(self.legal_of(ActionKind.EXCHANGE_THREE))

    def discard_for(self, index: int | None) -> Action | None:
        """The discard of the tile in slot ``index``, if legal now."""
        if index is None or index >= len(self.slots):
            return None
        kind = self.slots[index].kind
        for a in self.legal:
            if a.kind is ActionKind.DISCARD and a.tile == kind:
                return a
        return None

    def slot_at(self, pos: Pos) -> int | None:
        for slot in reversed(self.slots):
            if slot.rect.collidepoint(pos):
                return slot.index
        return None

    def kind_at(self, pos: Pos) -> int | None:
        """The kind of the hand tile under ``pos``."""
        idx = self.slot_at(pos)
        return self.slots[idx].kind if idx is not None and idx < len(self.slots) else None

    def suggested_void(self) -> int:
        """定缺: the suit the hand holds fewest of (marked ★)."""
        counts = [0, 0, 0]
        for k in self.view.tiles:
            counts[suit_of(k)] += 1
        return min(range(3), key=lambda s: (counts[s], s))

    def void_choice(self) -> int:
        """定缺: the suit Enter declares — the suit of the tile the cursor is on, else the
        suggested one."""
        at = self.selected
        if at is not None and at < len(self.slots):
            return suit_of(self.slots[at].kind)
        return self.suggested_void()

    def suggested_exchange(self) -> list[int]:
        """换三张: three slots of the shortest suit that has three."""
        by_suit: dict[int, list[int]] = {0: [], 1: [], 2: []}
        for slot in self.slots:
            by_suit[suit_of(slot.kind)].append(slot.index)
        options = [s for s in range(3) if len(by_suit[s]) >= 3]
        if not options:
            return []
        suit = min(options, key=lambda s: (len(by_suit[s]), s))
        return by_suit[suit][:3]

    def exchange_action(self) -> Action | None:
        """The 换三张 action of the three picked tiles, if they make one."""
        picked = tuple(
            sorted(self.slots[i].kind for i in self.exchange_pick if i < len(self.slots))
        )
        for a in self.legal_of(ActionKind.EXCHANGE_THREE):
            if tuple(sorted(a.tiles)) == picked:
                return a
        return None

    def toggle_pick(self, index: int) -> None:
        """换三张: pick or unpick a slot; picks stay in one suit, three at most."""
        if index in self.exchange_pick:
            self.exchange_pick.remove(index)
            return
        kind = self.slots[index].kind
        picks = [i for i in self.exchange_pick if suit_of(self.slots[i].kind) == suit_of(kind)]
        self.exchange_pick = [*picks, index][-3:]

    # --- words --------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """What ``seat`` is called on screen: 你 / You, a friend's name at a networked table
        (what the font cannot draw as "?": widgets.shown_name), or the bot's name at this
        table (a bot that went broke is replaced by a new name)."""
        session = self.driver.table_session
        if session is not None and seat != self.human:
            return session.bot_name(seat)
        names = getattr(self.driver, "seat_names", None)  # a networked table's players
        if names and seat != self.human and seat < len(names) and names[seat] is not None:
            return shown_name(str(names[seat]))  # a blank name too: a player, not a bot
        return seat_label(seat, self.human, self.lang, self.players)

    def _claim_words(self, claims: list[Action]) -> str:
        """What the claim buttons offer, each once: "胡或杠" / "win or kong"."""
        whats = dict.fromkeys(i18n.t(_ACT_NAMES[a.kind], self.lang) for a in claims)
        return i18n.t("table.or", self.lang).join(whats)

    def status_text(self) -> str | None:
        """What the human is asked to do now, one line (None when nothing)."""
        view = self.view
        lang = self.lang
        if self.human is None or not self.interactive or self.driver.is_over:
            return None
        if self.hides_hand:
            return None  # a question before the deal (乾坤大挪移) says what it asks
        if self.driver.auto:
            return i18n.t("table.auto_on", lang)
        if self.legal and self.driver.human_forced():
            return i18n.t("table.forced_win", lang)  # RULES.md §3.6: the table wins for you
        auto = self.driver.human_auto_move() if self.legal else None
        if (
            auto is not None
            and auto.kind is ActionKind.DISCARD
            and auto.tile is not None
            and not self.driver.human_won()
        ):  # the only tile that may go (the last of the void suit): not a winner's draw
            return i18n.t("table.only_discard", lang, tile=tile_name(auto.tile, lang))
        if auto is not None:
            key = {
                ActionKind.WIN: "table.auto_win",
                ActionKind.PASS: "table.auto_pass",
                ActionKind.DISCARD: "table.auto_discard",
            }.get(auto.kind)
            if key is not None:
                return i18n.t(key, lang)
        # "waiting for the others" only once this seat has chosen: while the deal still
        # plays its choice is hidden (legal is empty) but it is this seat that is asked
        asked = self.human in self.driver.round.pending_seats()
        if view.phase is Phase.EXCHANGE:
            if self.legal_of(ActionKind.EXCHANGE_THREE):
                return i18n.t("table.pick_three", lang)
            return None if asked else i18n.t("table.waiting", lang)
        if view.phase is Phase.DECLARE_VOID:
            if self.legal_of(ActionKind.DECLARE_VOID):
                return i18n.t("table.pick_void", lang)
            return None if asked else i18n.t("table.waiting", lang)
        claims = self.claim_options()
        if self.legal_of(ActionKind.DISCARD):
            if claims:  # a win or a kong on one's own turn: its button is there, say so
                claims.sort(key=lambda a: a.kind is not ActionKind.WIN)  # "win or kong"
                key = "table.void_first_or" if view.void_first else "table.your_turn_or"
                return i18n.t(key, lang, what=self._claim_words(claims))
            if view.void_first:
                return i18n.t("table.void_first", lang)
            return i18n.t("table.your_turn", lang)
        if claims and view.claim_tile is not None:
            return i18n.t(
                "table.claim",
                lang,
                tile=tile_name(view.claim_tile, lang),
                what=self._claim_words(claims),
            )
        if self.legal:
            return i18n.t("table.choose", lang)  # whatever else is asked, the buttons say
        if view.phase is Phase.PLAY and self.driver.human_won():
            return i18n.t("table.won_wait", lang)
        return None
