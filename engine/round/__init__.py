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

Seats are 0–3 in turn order (East, South, West, North — counter-clockwise on the table).

Items (RULES.md §8) are ``ActionKind.USE_ITEM`` actions (``Action.item`` names the item),
handled by the item layer in engine/round/items.py (the catalogue is engine/items.py): a round
built with ``inventories=`` lists them in ``legal_actions`` and performs them in ``apply``;
without inventories (or with the ``items`` option off) they are never legal.

Decided here where RULES.md is silent or ambiguous (each is also commented where it is
implemented):

* 换三张 direction: the opening dice sum mod 3 — 0 across, 1 clockwise (to the previous
  seat in turn order), 2 counter-clockwise (to the next seat).
* The deal takes three rounds of four tiles from the dealer on, one tile each, then the
  dealer's 14th (:func:`deal_order`); :func:`compose_wall` inverts it for tests.
* 过手胡 (§3.5) also applies to robbing a kong, and taking a pong/kong instead of an offered
  win counts as declining it.
* The last four tiles (§3.6) are counted when the decision is made (after the draw).
* On the last discard (empty wall) only a win may be claimed; no kong without a
  replacement tile.
* 血流成河 (§3.7): a locked hand may only kong the tile it just drew (or an exposed kong of a
  discard) and only if its winning tiles stay the same; its hand stays concealed; at the
  end every seat takes part in §6.3 (winners are ready by construction).
* 杠上炮 (§6.1) transfers the income of the discarder's last kong of that turn; a kong whose
  income was transferred is not refunded again at 退税.
* 引杠杠上花 with ``discarder_pays``: the discarder pays the hand's points as scored (it is
  still a 杠上花, i.e. self-drawn in scoring).
* 下毛毛雨 (``drizzle``): "each other un-won player" excludes the discarder of the kong tile.
* 退税 to ``payers`` returns each payment to its payer even if that payer has won since.
* Leaving (§6.4): a quitter that has already won pays no penalty; with ≤ 4 tiles left it
  pays each other ready player its best (max) hand; a player in the middle of its turn is
  valued by its best discard.
"""

from engine.actions import Action, ActionKind, IllegalActionError, Phase, Step
from engine.round.events import EndReason, Event, EventFlag, EventKind, RoundResult, WinRecord
from engine.round.items import ItemState
from engine.round.state import Round
from engine.round.wall import (
    EXCHANGE_DIRECTIONS,
    HAND_SIZE,
    SEATS,
    compose_wall,
    deal_order,
    exchange_direction,
    exchange_target,
)

__all__ = [
    "EXCHANGE_DIRECTIONS",
    "HAND_SIZE",
    "SEATS",
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
]
