"""牌谱 A recorded hand at the table: :class:`ReplayController` drives the table instead of
the game's controller, :class:`ReplayControls` are the viewer's buttons (an overlay).

The controller holds the :class:`~engine.round.Round` at step N, rebuilt by replaying the
first N decisions of the document (:func:`engine.replay.replay`): no bots, and no input
reaches the engine. Forward steps apply the next decision and animate like play; backward
steps and jumps rebuild. The controls play at a chosen speed, can reveal every hand, and
the table shows the settlement at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from engine.match import HandOutcome, MatchState
from engine.replay import ReplayError, action_from_json, replay, replay_rescored
from engine.round import Action, ActionKind, Event, EventFlag, EventKind, Round
from engine.text import Narrator
from engine.tiles import suit_name, tile_name
from game import palette as pal
from game.fonts import get_font
from game.i18n import t
from game.input import Command, InputEvent, InputKind
from game.profile import Profile
from game.table.buttons import button_font, scaled_id
from game.table.controller import MatchHooks, Seating, outcome_of
from game.table.layout import Layout
from game.table.overlay import TableOverlay
from game.table.session import PathLike, TableSession
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_text, common_size, seat_label, wrap_to_lines

__all__ = [
    "BOX_FILL",
    "CONTROLS_H",
    "SPEEDS",
    "ReplayController",
    "ReplayControls",
    "replay_human",
    "text_px",
]

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # decisions per second
_BUTTONS: tuple[tuple[str, str, int], ...] = (  # name, label key, width at 1280×800
    ("start", "viewer.start", 44),
    ("back", "viewer.back", 44),
    ("play", "viewer.play", 86),
    ("fwd", "viewer.fwd", 44),
    ("end", "viewer.end", 44),
    ("speed", "viewer.speed", 64),
    ("reveal", "viewer.reveal", 82),  # the second row
    ("close", "viewer.close", 74),
    ("fold", "viewer.fold", 74),  # at the right end of the second row
)
# folded (Hide): the step counter, then Close and Show at the box's right end
_FOLDED: tuple[tuple[str, str, int], ...] = (
    ("close", "viewer.close", 64),
    ("unfold", "viewer.unfold", 80),
)
# Page Up / Page Down go to the start / the end, H reveals every hand (明牌)
_KEY_CONTROLS = {Command.PAGE_UP: "start", Command.PAGE_DOWN: "end", Command.WIN: "reveal"}
_LABEL_PAD = 16  # a button is at least its label plus this much wide

#: The viewer's boxes are opaque: the felt's tiles showed through their words.
BOX_FILL = (10, 30, 22, 255)
# two rows of buttons and the last move in up to two lines (px at 1280×800): in one, the
# English "Void suits: Bamboo for you, Characters for Bot 1, …" was squeezed to 60 % wide
# and 7 px tall at every window size
CONTROLS_H = 134
_LAST_TOP = 86  # where the last move's lines begin in the box, under the buttons


def text_px(lay: Layout, size: float) -> int:
    """A font size of the viewer's boxes: ``size`` at 1280×800, never under :data:`MIN_TEXT`
    (at 1024×640 the review's words were 11 px and its "Best" / "Yours" 10)."""
    return max(MIN_TEXT, lay.px(size))


def replay_human(doc: Mapping[str, Any], players: int) -> int:
    """The seat shown at the bottom: the human's (``meta.human``) when it is one of the
    hand's ``players`` seats, else seat 0 — an edited file's seat 3 in a two-seat hand
    crashed the viewer, and the list opened it."""
    meta = doc.get("meta")
    human = meta.get("human") if isinstance(meta, Mapping) else None
    if isinstance(human, int) and not isinstance(human, bool) and 0 <= human < players:
        return human
    return 0


class ReplayController:
    """The table's driver for a replay: the round at ``step``, no bots, no human input."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = dict(doc)
        raw = doc.get("decisions")
        if not isinstance(raw, list):
            raise ReplayError("decisions must be a list")
        self.decisions: list[Action] = [action_from_json(d, i) for i, d in enumerate(raw)]
        # the whole hand must re-execute before anything is shown; one scored by an earlier
        # version (a rule fix since) is shown with today's scoring, and says so
        self.rescored = replay_rescored(self.doc)[1]
        self.step = 0
        self.round: Round = self.round_at(0)
        # where the last decision's events begin in ``round.events`` (what the viewer's
        # last line tells: a discard and the next draw, a robbed kong, every winner)
        self.mark = len(self.round.events)
        self.rules = self.round.rules
        meta = doc.get("meta")
        meta = meta if isinstance(meta, Mapping) else {}
        hand_no = meta.get("hand_no", 1)
        self.seating = Seating(human=replay_human(doc, self.rules.players), bots=("",) * 4)
        self._hand_no = hand_no if isinstance(hand_no, int) else 1
        self.match = MatchState(rules=self.rules, seed=int(doc.get("seed", 0)))
        self.match.dealer = self.round.dealer
        self.events: list[Event] = list(self.round.events)
        self.outcome: HandOutcome | None = None
        self.auto = False
        self.auto_win = False
        self.auto_discard = False
        self.turn_timer = 0.0
        self.bot_pace = 0.0
        self.qian_kun = False
        self.match_session: MatchHooks | None = None
        self.table_session: TableSession | None = None  # no profile, coins or items
        self.delta: list[int] | None = None  # set once the settlement records the hand

    @property
    def total(self) -> int:
        return len(self.decisions)

    def round_at(self, n: int) -> Round:
        """The round after the first ``n`` decisions, replayed from the document."""
        return replay({**self.doc, "decisions": self.doc["decisions"][:n]}, check_result=False)

    def seek(self, n: int) -> None:
        """The round after the first ``n`` decisions. A jump to the end records the hand at
        once, as the settlement would: the table counts it settled (it does not open the
        settlement again), and the seats' panels read 0 points beside the hand's +5."""
        n = max(0, min(self.total, n))
        if n == 0:
            self.round = self.round_at(0)
            self.mark = len(self.round.events)
        else:  # the last decision applied here, so that its events are known
            self.round = self.round_at(n - 1)
            self.mark = len(self.round.events)
            self.round.apply(self.decisions[n - 1])
        self.step = n
        self.events = list(self.round.events)
        self.outcome = None
        self.delta = None
        self.match = MatchState(rules=self.rules, seed=self.match.seed, dealer=self.round.dealer)
        if self.round.is_over:
            self.finish()

    def forward(self) -> list[Event]:
        """Apply the next decision; its events (empty at the end)."""
        if self.step >= self.total:
            return []
        self.mark = len(self.round.events)
        events = list(self.round.apply(self.decisions[self.step]))
        self.step += 1
        self.events.extend(events)
        return events

    # --- what the table and the settlement ask of a driver ------------------------------

    @property
    def hand_no(self) -> int:
        return self._hand_no

    @property
    def is_over(self) -> bool:
        return bool(self.round.is_over)

    def human_legal(self) -> list[Action]:
        return []

    def human_items(self) -> list[Action]:
        return []

    def human_mid_hand(self) -> bool:
        return False

    def human_won(self) -> bool:
        return False

    def human_forced(self) -> bool:
        return False

    def human_auto_move(self) -> Action | None:
        return None

    def turn_left(self) -> float | None:
        return None

    def play_out(self) -> list[Event]:
        return []

    def leave_after_win(self) -> list[Event]:
        return []

    def submit(self, action: Action) -> list[Event]:
        return []

    def use_item(self, action: Action) -> list[Event]:
        return []

    def update(self, dt: float, hold: bool = False) -> list[Event]:
        return []

    def walk_out(self) -> list[Event]:
        return []

    def cancel(self) -> None:
        pass

    def finish(self) -> list[int]:
        """The settlement records the hand: into a scratch match of this one hand."""
        if self.outcome is None:
            self.outcome = outcome_of(self.round, self.match.dealer)
            self.delta = self.match.record(self.outcome)
            return self.delta
        return [0] * self.match.players

    def redeal(self, qian_kun: bool) -> bool:
        return False

    def attach_profile(
        self, profile: Profile, directory: PathLike | None = None, lang: str = "zh"
    ) -> TableSession | None:
        return None  # a replay touches no profile

    def next_hand(self) -> ReplayController:
        return self


class ReplayControls(TableOverlay):
    """The viewer's buttons (|◀ ◀ Play ▶ ▶| speed, Reveal, Close, Hide), the step counter and
    the last move in words. ←/→ step, Page Up / Page Down go to the start / the end, Space
    plays or pauses, F2 the speed, H reveals, Esc or Backspace closes, Tab hides or shows
    the panels.

    Hide (``folded``) puts this box and the review beside it (game.table.review_panel) away
    but for the step counter and small Close and Show buttons: at 1024×640 there is no room
    on the right for them and the right seat's column, which they cover."""

    def __init__(self, controller: ReplayController) -> None:
        self.controller = controller
        self.playing = False
        self.speed_index = 1
        self.reveal = False
        self.folded = False
        self.timer = 0.0
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    # --- the buttons --------------------------------------------------------------------

    def box(self) -> pygame.Rect:
        """Two rows of buttons and a line of text at the foot of the viewer's column
        (``Layout.side``), clear of every seat's tiles and the wall, and of the review's
        "Best" / "Yours" over a hand tile."""
        lay = self.table.layout
        side = lay.side
        if self.folded:  # the step counter, Close and Show
            close, show = self._folded_widths()
            rect = pygame.Rect(0, 0, lay.px(166) + close + lay.px(6) + show, lay.px(50))
        else:
            rect = pygame.Rect(0, 0, side.w, lay.px(CONTROLS_H))
        rect.bottomright = side.bottomright
        return rect

    def _folded_widths(self) -> tuple[int, int]:
        """The folded box's Close and Show buttons' widths: each its label's, at least the
        width they have at 1280×800. Folded, the viewer still shows its way out: Esc closed
        it, but nothing on the screen said so."""
        lay = self.table.layout
        font = get_font(button_font(lay), True)
        close, show = (
            max(lay.px(width), font.size(t(key, self.table.lang))[0] + _LABEL_PAD)
            for _, key, width in _FOLDED
        )
        return close, show

    def button_rect(self, name: str) -> pygame.Rect:
        for element, what in self.buttons.items():
            if what == name:
                return pygame.Rect(element.rect)
        raise KeyError(name)

    def _label(self, name: str, key: str) -> str:
        if name == "play" and self.playing:
            key = "viewer.pause"
        return t(key, self.table.lang, speed=f"{self.speed:g}")

    def _build(self) -> None:
        self._kill()
        table = self.table
        lay = table.layout
        box = self.box()
        h = lay.px(34)
        x, y = box.x + lay.px(8), box.y + lay.px(8)
        # the table's button font, grown and shrunk with the window (at 2560x1440 the
        # theme's fixed size left small labels in big buttons)
        size = button_font(lay)
        font = get_font(size, True)
        object_id = scaled_id(table.ui, size)
        buttons = _BUTTONS if not self.folded else _FOLDED
        if self.folded:  # Close and Show at the right end, the step counter before them
            close, show = self._folded_widths()
            x = box.right - lay.px(8) - show - lay.px(6) - close
        for name, key, width in buttons:
            if name == "reveal":  # the second row
                x, y = box.x + lay.px(8), y + h + lay.px(6)
            label = self._label(name, key)
            w = max(lay.px(width), font.size(label)[0] + _LABEL_PAD)
            if name in ("fold", "unfold"):  # at the box's right end
                x = box.right - lay.px(8) - w
            element = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, w, h), label, manager=table.ui, object_id=object_id
            )
            if name == "reveal" and self.reveal:
                select: Callable[[], None] = element.select  # pygame-gui's, unannotated there
                select()
            self.buttons[element] = name
            x += w + lay.px(6)

    def _kill(self) -> None:
        for element in self.buttons:
            kill: Callable[[], None] = element.kill  # pygame-gui's, unannotated there
            kill()
        self.buttons.clear()

    def on_enter(self) -> None:
        self._build()

    def on_exit(self) -> None:
        self._kill()

    def set_layout(self, layout: Layout) -> None:
        if self.buttons:
            self._build()

    # --- what the buttons do ------------------------------------------------------------

    def on_control(self, name: str) -> None:
        ctl = self.controller
        if name == "start":
            self.seek(0)
        elif name == "back":
            self.seek(ctl.step - 1)
        elif name == "fwd":
            self.step_forward()
        elif name == "end":
            self.seek(ctl.total)
        elif name == "play":
            if ctl.step >= ctl.total:
                self.seek(0)
            self.playing = not self.playing
            self.timer = 0.0
        elif name == "speed":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        elif name == "reveal":
            self.reveal = not self.reveal
            self._reveal_hands()
        elif name == "close":
            self.table.leave()
            return
        elif name in ("fold", "unfold"):
            self.folded = name == "fold"
        if self.buttons:
            self._build()

    def step_forward(self) -> None:
        events = self.controller.forward()
        if events:
            self.table.show_events(events)
        if self.controller.step >= self.controller.total:
            self.playing = False

    def seek(self, n: int) -> None:
        """Jump to step ``n``: the round is rebuilt; animations are dropped."""
        self.controller.seek(n)
        self.table.rewind()

    def _reveal_hands(self) -> None:
        model = self.table.model
        rnd = self.controller.round
        if self.reveal and not rnd.is_over:
            model.end_hands = {
                s: tuple(rnd.view(s).tiles) for s in range(rnd.players) if s != model.bottom
            }
        elif not rnd.is_over:
            model.end_hands = {}

    # --- the overlay's hooks ------------------------------------------------------------

    def on_refresh(self) -> None:
        self._reveal_hands()

    def handle_event(self, event: InputEvent) -> bool:
        if event.kind is InputKind.UI_BUTTON:
            name = next((n for el, n in self.buttons.items() if el is event.element), None)
            if name is None:
                return False  # the table's toolbar (speed, menu)
            self.on_control(name)
            return True
        if event.kind is InputKind.COMMAND:
            cmd = event.command
            if cmd is Command.SELECT_LEFT:
                self.on_control("back")
            elif cmd is Command.SELECT_RIGHT:
                self.on_control("fwd")
            elif cmd is Command.CONFIRM:
                self.on_control("play")
            elif cmd in (Command.CANCEL, Command.BACK):
                self.on_control("close")
            elif cmd is Command.CYCLE_SPEED:
                self.on_control("speed")
            elif cmd is Command.NEXT_FIELD:
                self.on_control("unfold" if self.folded else "fold")
            elif cmd in _KEY_CONTROLS:  # the buttons that had no key: |◀, ▶|, Reveal
                self.on_control(_KEY_CONTROLS[cmd])
            return True
        return event.kind is not InputKind.RESIZE  # nobody plays a replay: no clicks on tiles

    def update(self, dt: float) -> None:
        if self.playing and not self.table.animating:
            self.timer += dt
            if self.timer >= 1.0 / self.speed:
                self.timer = 0.0
                self.step_forward()

    def on_settle(self) -> None:
        self.playing = False

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        lay = table.layout
        lang = table.lang
        box = self.box()
        panel(surface, box, fill=BOX_FILL)
        ctl = self.controller
        step = t("viewer.step", lang, n=ctl.step, total=ctl.total)
        if self.folded:  # before Close
            at = (box.x + lay.px(12), box.centery)
            free = box.right - lay.px(8) - sum(self._folded_widths()) - lay.px(14) - at[0]
            blit_text(surface, step, lay.px(15), pal.GOLD_LIGHT, at, "midleft", True, max_w=free)
            return
        if self.buttons:  # between Close and Hide, in the middle, a size smaller if tight
            close, fold = self.button_rect("close"), self.button_rect("fold")
            between = fold.x - close.right - 2 * lay.px(8)  # "Step 188 / 188" touched Hide
            size = common_size([step], lay.px(15), between, minimum=MIN_TEXT) or MIN_TEXT
            at = ((close.right + fold.x) // 2, close.centery)
            blit_text(surface, step, size, pal.GOLD_LIGHT, at, "center", True, max_w=between)
        width = box.w - lay.px(20)
        lines, size = wrap_to_lines(self.last_line(), text_px(lay, 14), width, 2, MIN_TEXT)
        step_y = round(size * 1.3)
        room = pygame.Rect(box.x, box.y + lay.px(_LAST_TOP), box.w, 0)
        room.h = box.bottom - lay.px(4) - room.y
        y = room.centery - step_y * len(lines) // 2  # one line or two, in the middle
        for line in lines:
            at = (box.x + lay.px(10), y)
            blit_text(surface, line, size, pal.IVORY_TEXT, at, max_w=width)
            y += step_y

    def last_line(self) -> str:
        """What the last decision did, in words (the engine's narration, with the table's
        seat names: 你 / You for the human). A hand scored by an earlier version says so
        before its first decision, where the viewer opens."""
        if self.controller.rescored and self.controller.step == 0:
            return t("viewer.rescored", self.table.lang)
        sep = "；" if self.table.lang == "zh" else ". "  # (each a sentence: "You draw")
        full = sep.join(self._last_events())
        if self._fits(full):
            return full
        # too long for the box's two lines: a win's fan is the settlement's to tell, and the
        # decision's first news comes before what followed it (the next draw, the hand's end)
        # (before the first decision the dice go first: the items used on the deal are what
        # the table does not show)
        parts = self._last_events(scores=False)
        while len(parts) > 1 and not self._fits(sep.join(parts)):
            parts.pop(0 if self.controller.step == 0 else -1)
        return sep.join(parts)

    def _fits(self, text: str) -> bool:
        """Whether ``text`` goes in the box's two lines unsqueezed."""
        lay = self.table.layout
        width = self.box().w - lay.px(20)
        lines, size = wrap_to_lines(text, text_px(lay, 14), width, 2, MIN_TEXT)
        return all(get_font(size).size(line)[0] <= width for line in lines)

    def _last_events(self, scores: bool = True) -> list[str]:
        """The last decision's events in words — a discard and the next seat's draw, a kong
        and its replacement, a robbed kong, every winner of one discard, the winner who
        ended the hand (only the last event was told: "Bot 2 draws a tile" over a robbed
        kong, "Hand over" over the self-draw that ended it). With the hands face down (no
        Reveal, the hand not over) as the bottom seat saw them: "Bot 2 draws 1 Characters"
        named a tile the table hid. Before the first decision: the dice, and a 乾坤大挪移
        used on the deal (the item acts before the dice)."""
        lang = self.table.lang
        human = self.table.model.human
        ctl = self.controller
        rnd = ctl.round
        players = rnd.players
        names = [seat_label(seat, human, lang, players) for seat in range(players)]
        words = Narrator(lang, names, you=human)
        hidden = not self.reveal and not rnd.is_over
        bottom = self.table.model.bottom
        if ctl.step == 0:
            dice = next((e for e in rnd.events if e.kind is EventKind.DICE), None)
            if dice is None:
                return [t("viewer.begin", lang)]
            used = [e for e in rnd.events if e.kind is EventKind.ITEM_USED and e.index < dice.index]
            seen = [dice, *used]
        else:
            quiet = (EventKind.TURN, EventKind.PAYMENT, EventKind.DEAL)
            seen = [e for e in rnd.events[ctl.mark :] if e.kind not in quiet]
            if any(e.kind in (EventKind.WIN, EventKind.HAND_END) for e in seen):
                # the winners and the end are the news: the next seat's draw is not
                seen = [e for e in seen if e.kind is not EventKind.DRAW]
            swaps = [e for e in seen if e.kind is EventKind.EXCHANGE]
            if swaps:  # the last choice made the swap: what the bottom seat got is the news
                seen = [next((e for e in swaps if e.seat == bottom), swaps[0])]
            if any(e.kind is EventKind.VOIDS_REVEALED for e in seen):
                seen = [e for e in seen if e.kind is not EventKind.VOID_CHOSEN]
            kongs = {e.tile for e in seen if e.kind is EventKind.KONG}
            # an added kong nobody robbed: the kong itself tells it
            seen = [e for e in seen if e.kind is not EventKind.KONG_DECLARED or e.tile not in kongs]
            if not seen:  # a claim's answer that waits for the others': nothing happened yet
                answer = self._answer(ctl.decisions[ctl.step - 1], hidden)
                if answer is not None:  # (the line stayed the discard's: a step seemed lost)
                    return [answer]
                seen = [e for e in rnd.events if e.kind not in quiet][-1:]
        if not seen:
            return [t("viewer.begin", lang)]
        seen = [e.for_seat(bottom) if hidden else e for e in seen]
        if not scores:
            seen = [replace(e, score=None) if e.kind is EventKind.WIN else e for e in seen]
        lines = self._lines(seen, words)
        # the void chosen at this step, where the table shows it (the bottom seat's own, or
        # every hand revealed): "You chose a void suit" named no suit, not even one's own
        last = ctl.decisions[ctl.step - 1] if ctl.step else None
        if (
            last is not None
            and last.kind is ActionKind.DECLARE_VOID
            and last.suit is not None
            and (last.seat == bottom or not hidden)
            and len(lines) == len(seen)  # (one line per event: no winners merged)
        ):
            suit = suit_name(last.suit, lang)
            for n, e in enumerate(seen):
                if e.kind is EventKind.VOID_CHOSEN and e.seat == last.seat:
                    lines[n] = t("viewer.void", lang, who=words.seat(last.seat), suit=suit)
        return lines

    def _answer(self, action: Action, hidden: bool) -> str | None:
        """A claim's answer given before the others': "Bot 1: Win (waiting for the others'
        answers)" — a bot's answer unsaid while the hands are face down, as at the table."""
        keys = {ActionKind.WIN: "btn.win", ActionKind.PONG: "btn.pong",
                ActionKind.EXPOSED_KONG: "btn.kong", ActionKind.PASS: "btn.pass"}  # fmt: skip
        key = keys.get(action.kind)
        if key is None:
            return None
        lang = self.table.lang
        who = seat_label(action.seat, self.table.model.human, lang, self.controller.round.players)
        if hidden and action.seat != self.table.model.bottom:
            return t("viewer.answered_hidden", lang, who=who)
        return t("viewer.answered", lang, who=who, answer=t(key, lang))

    def _lines(self, events: list[Event], words: Narrator) -> list[str]:
        """One line per event; several wins on one discard (一炮多响) as one line, and a win's
        score left to the table's banner when other news shares the line (it ran past the
        box's two lines)."""
        wins = [e for e in events if e.kind is EventKind.WIN]
        out: list[str] = []
        for e in events:
            if e.kind is not EventKind.WIN or len(events) == 1:
                out.append(words.event_line(e))
                continue
            same = [
                w
                for w in wins
                if w.from_seat is not None and (w.from_seat, w.tile) == (e.from_seat, e.tile)
            ]
            if len(same) > 1 and EventFlag.ROBBING_KONG not in e.flags:
                if e is same[0]:
                    out.append(self._multi_win(same, words))
                continue
            out.append(words.win_line(replace(e, score=None)))
        return out

    def _multi_win(self, wins: list[Event], words: Narrator) -> str:
        """一炮多响: "Bot 1 and you win on Bot 3's discard of 5 Characters (…)"."""
        lang = self.table.lang
        human = self.table.model.human
        zh = lang == "zh"
        who = [
            words.seat(w.seat)
            if n == 0 or zh
            else ("you" if w.seat == human else words.seat(w.seat))
            for n, w in enumerate(wins)
            if w.seat is not None
        ]
        if zh:
            winners = "、".join(who)
        else:
            winners = who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]
        first = wins[0]
        assert first.from_seat is not None and first.tile is not None
        return t(
            "viewer.multi_win",
            lang,
            winners=winners,
            discarder=words.discarder(first.from_seat),
            tile=tile_name(first.tile, lang),
        )
