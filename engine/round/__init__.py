"""一局 One hand as a state machine (RULES.md §2–§7).

A :class:`Round` is built by :meth:`Round.new` (shuffled by a seed) or :meth:`Round.from_wall`
(an explicit wall, for tests and the tutorial). Seats that must act now are
:meth:`Round.pending_seats`; each may do one of :meth:`Round.legal_actions`; :meth:`Round.apply`
checks an :class:`Action`, changes the state and returns the :class:`Event` s it caused. Draws
happen inside ``apply``. ``Round.events`` holds every event of the hand, ``Round.ledger``
every payment (engine/settlement.py), ``Round.decisions`` every applied action (a replay is
the wall or seed plus the decisions).

Events are faithful: a DRAW event carries the drawn tile. Hiding other seats' tiles is the
job of :meth:`Event.for_seat` / :meth:`Round.events_for`, and of :meth:`Round.view`, which
builds a :class:`~engine.views.PlayerView` holding only what one seat may know.

Seats are 0–3 in turn order (East, South, West, North — counter-clockwise on the table). A
hand of the short-handed rooms (docs/rules-short-handed.md) has ``rules.players`` seats, 0–2
or 0–1, on a wall of ``rules.suits`` (72 or 36 tiles); :func:`table_place` says where each
sits at the four-seat table (three players leave the seat across empty, two face each
other). Everything else is the same rule at every seat count: a self-draw is paid by every
player still in, a discard win by the discarder, 血战到底 ends when all but one have won.

Items (RULES.md §8) are ``ActionKind.USE_ITEM`` actions (``Action.item`` names the item),
handled by the item layer in engine/round/items.py (the catalogue is engine/items.py): a round
built with ``inventories=`` lists them in ``legal_actions`` and performs them in ``apply``;
without inventories (or with the ``items`` option off) they are never legal.

Decided here where RULES.md is silent or ambiguous (each is also commented where it is
implemented):

* 换三张 direction: the opening dice sum mod 3 — 0 across, 1 clockwise (to the previous
  seat in turn order), 2 counter-clockwise (to the next seat); with three players the sum's
  parity (even clockwise, odd counter-clockwise), with two always across.
* The deal takes three rounds of four tiles from the dealer on, one tile each, then the
  dealer's 14th (:func:`deal_order`); :func:`compose_wall` inverts it for tests.
* 点炮不可平胡 (``discard_min_fan``): a discard win (a robbed kong too) is offered only
  when it is worth more than the plain 平胡 — a root, 杠上炮, 抢杠, 门清 or 中张 where on;
  a self-drawn 平胡 always wins.
* 过手胡 (§3.5) also applies to robbing a kong, and taking a pong/kong instead of an offered
  win counts as declining it.
* The last four tiles (§3.6) are the draws from a wall holding at most 4 tiles; a seat's
  discard (or added kong) forces a win on it when that seat's last draw was one of them.
* On the last discard (empty wall) only a win may be claimed; no kong without a
  replacement tile.
* 血流成河 (§3.7): a locked hand may only kong the tile it just drew (or an exposed kong of a
  discard) and only if its winning tiles stay the same; its hand stays concealed; at the
  end every seat takes part in §6.3, a seat that has won as ready with its best (max) win
  value (§6.3 step 4: "best" read as in §6.4).
* 杠上炮 (§6.1) transfers the income of the discarder's last kong of that turn; a kong whose
  income was transferred is not refunded again at 退税.
* 引杠杠上花 with ``discarder_pays`` (RULES.md §6.1): the discarder pays a discard win's
  value (杠上花 counts; 自摸加底 and 自摸加番 do not).
* 下毛毛雨 (``drizzle``): "each other un-won player" excludes the discarder of the kong tile.
* 退税 to ``payers`` returns each payment to its payer even if that payer has won since.
* Leaving (§6.4): a seat that has already won leaves without penalty and the hand plays on
  (the caller plays its seat); another quitter ends the hand, and with ≤ 4 tiles left it
  pays each other ready player its best (max) hand; a player in the middle of its turn is
  valued by its best discard.
"""

from engine.actions import Action, ActionKind, IllegalActionError, Phase, Step
from engine.round.events import (
    LEAVE_AFTER_WIN,
    EndReason,
    Event,
    EventFlag,
    EventKind,
    RoundResult,
    WinRecord,
    hand_at_win,
)
from engine.round.items import ItemState
from engine.round.state import Round
from engine.round.wall import (
    EXCHANGE_DIRECTIONS,
    HAND_SIZE,
    SEATS,
    TABLE_PLACES,
    compose_wall,
    deal_order,
    exchange_direction,
    exchange_target,
    table_place,
    wall_ids,
    wall_kinds,
    wall_stacks,
)

__all__ = [
    "EXCHANGE_DIRECTIONS",
    "HAND_SIZE",
    "LEAVE_AFTER_WIN",
    "SEATS",
    "TABLE_PLACES",
    "Action",
    "ActionKind",
    "EndReason",
    "Event",
    "EventFlag",
    "EventKind",
    "IllegalActionError",
    "ItemState",
    "Phase",
    "Round",
    "RoundResult",
    "Step",
    "WinRecord",
    "compose_wall",
    "deal_order",
    "exchange_direction",
    "exchange_target",
    "hand_at_win",
    "table_place",
    "wall_ids",
    "wall_kinds",
    "wall_stacks",
]
