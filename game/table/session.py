"""The human's session at the table: profile coins and items, 金手指, bot seats (RULES.md
§6.5, §8).

A :class:`TableSession` lives as long as the player sits at one table (it is handed from
hand to hand by the controller). It

* builds each hand's :class:`~engine.round.Round` with the item inventories (the human's from
  :mod:`game.profile`), 乾坤大挪移 users and the seats whose 金手指 is already on;
* after each hand takes the human's used items off the profile, records the hand's stats and
  coins (settled by :class:`engine.match.MatchState` with ``coins_per_point``, §6.5 coin-short
  split) and saves the profile (atomically, :mod:`game.storage`);
* replaces a bot seat that ran out of coins by a fresh bot (new name, starting coins) and
  says so; flags the human at zero coins so the table can offer a new match.

Nothing here draws; :func:`live_kinds` is the one read of round internals (the 偷天换日 picker).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.bots.items_policy import wants_qian_kun
from engine.match import MatchState
from engine.round import Round, hand_at_win
from engine.rules import RuleSet
from engine.tiles import NUM_KINDS, format_melds, format_tile, format_tiles
from game.i18n import t
from game.match_config import variant_key
from game.profile import (
    STARTING_COINS,
    Profile,
    best_hand_rank,
    hand_key,
    load_profile,
    save_profile,
)

__all__ = [
    "BOT_COINS",
    "BOT_KIT",
    "HandReport",
    "PathLike",
    "TableSession",
    "bot_label",
    "live_kinds",
]

SEATS = 4
"""Seats of the full table: bots are numbered as if it were full (the short-handed tables
use the first ``rules.players`` of them)."""
BOT_COINS = 1000
"""Coins a (fresh) bot sits down with."""
BOT_KIT: dict[str, int] = {"tou_tian": 1, "yi_hua": 1, "qian_li_yan": 2}
"""What each bot holds per hand when ``bots_use_items`` is on (bots never buy): the items the
bots' policy uses (engine/bots/items_policy.py; never 顺风耳 or 金手指, so none is given)."""

PathLike = str | os.PathLike[str]


def live_kinds(rnd: Round) -> frozenset[int]:
    """Tile kinds with at least one copy in the live wall — for the 偷天换日 kind picker only
    (the human is told which kinds the item can still take; reads ``Round._wall`` and
    ``Round._pos`` read-only, as engine/items.py does)."""
    return frozenset(k for k in rnd._wall[rnd._pos :] if 0 <= k < NUM_KINDS)


@dataclass
class HandReport:
    """What one finished hand did to the session, for the settlement and the table."""

    coins: list[int]  # coin change per seat
    used: dict[str, int]  # the human's items used this hand
    replaced: list[tuple[int, str, str]]  # (seat, old name, new name)
    human_broke: bool
    notices: list[str]  # player-facing lines for the next hand, in the session's language
    bots: list[int] = field(default_factory=list)  # each seat's bot number in this hand


@dataclass
class TableSession:
    """The human's profile at one table, carried from hand to hand."""

    profile: Profile
    directory: PathLike | None = None
    human: int = 0
    lang: str = "zh"
    golden: tuple[int, ...] = ()
    bot_serial: list[int] = field(default_factory=list)  # the number in each bot's name
    qian_kun_asked: set[int] = field(default_factory=set)  # hand indices already asked
    reports: list[HandReport] = field(default_factory=list)
    pending_notices: list[str] = field(default_factory=list)  # for the next table to show
    save_error: str | None = None
    match_id: str = ""  # the match being played (after_hand's): its end is recorded once
    _matched: bool = False
    _ended: MatchState | None = field(default=None, repr=False)  # a match with no id, ended

    @classmethod
    def load(
        cls, directory: PathLike | None = None, human: int = 0, lang: str = "zh"
    ) -> TableSession:
        profile, _notice = load_profile(directory)
        return cls(profile, directory, human, lang)

    def __post_init__(self) -> None:
        if not self.bot_serial:  # 电脑1-3 counted from the human, as the table labels them
            self.bot_serial = [(s - self.human) % SEATS for s in range(SEATS)]

    # --- names ----------------------------------------------------------------------------

    def bot_name(self, seat: int, lang: str | None = None) -> str:
        """The bot at ``seat``: "电脑N" / "Bot N"; a replacement bot gets the next number."""
        return bot_label(self.bot_serial[seat], lang or self.lang)

    # --- building a hand ------------------------------------------------------------------

    def join(self, match: MatchState) -> None:
        """Coins on: the human brings the profile's coins, bots sit down with BOT_COINS. A
        resumed match (its coins already on, from the autosave) keeps the bots' balances."""
        if self._matched:
            return
        self._matched = True
        resumed = match.use_coins
        match.use_coins = True
        gift = self.profile.relief()  # a new match after going broke: a fresh stake
        if gift:
            key = "coins.relief" if gift >= STARTING_COINS else "coins.relief_less"
            self.pending_notices.append(t(key, self.lang, coins=f"{gift:,}"))
            self.save()
        for s in range(match.players):
            if s == self.human:
                match.coins[s] = self.profile.coins
            elif not resumed:
                match.coins[s] = BOT_COINS

    def inventories(self, rules: RuleSet) -> list[dict[str, int]] | None:
        """Per-seat inventories for ``Round.new`` (None when items are off)."""
        if not rules.items:
            return None
        inv: list[dict[str, int]] = [{} for _ in range(rules.players)]
        inv[self.human] = {k: n for k, n in self.profile.items.items() if n > 0}
        if rules.bots_use_items:
            for s in range(rules.players):
                if s != self.human:
                    inv[s] = dict(BOT_KIT)
        return inv

    def may_offer_qian_kun(self, rules: RuleSet, hand_index: int) -> bool:
        """Whether to ask "use 乾坤大挪移 this hand?" before hand ``hand_index``: not before a
        new player's first hand — the starting kit holds one, and Quick play opened a first
        game on a question about an item never seen, over a table never played; from the
        next hand on the player has met the item bar."""
        return (
            bool(rules.items)
            and self.profile.items.get("qian_kun", 0) > 0
            and self.profile.stats.hands > 0
            and hand_index not in self.qian_kun_asked
        )

    def new_round(self, rules: RuleSet, seed: int, dealer: int, *, qian_kun: bool = False) -> Round:
        """The hand, with items when the rules have them (RULES.md §8)."""
        inv = self.inventories(rules)
        if inv is None:
            return Round.new(rules, seed, dealer)
        users = [self.human] if qian_kun and inv[self.human].get("qian_kun") else []
        others = (s for s in range(rules.players) if s != self.human)
        users += [s for s in others if wants_qian_kun(rules, inv[s])]
        return Round.new(
            rules, seed, dealer, inventories=inv, qian_kun=tuple(users), golden=self.golden
        )

    # --- after a hand ---------------------------------------------------------------------

    def after_hand(
        self, rnd: Round, match: MatchState, delta: Sequence[int], match_id: str = ""
    ) -> HandReport:
        """Take the hand into the profile (items used, stats, coins) and save it; replace
        broke bots. ``delta`` is the coin change per seat from ``MatchState.record``;
        ``match_id`` tells this match from another on the same seed (:func:`hand_key`)."""
        human = self.human
        bots = list(self.bot_serial)  # as they played this hand, before any is replaced
        used: dict[str, int] = {}
        if rnd.items is not None:
            used = rnd.items.used(human)
            self.golden = rnd.items.golden_seats()  # 金手指 lasts for the table
        self.match_id = match_id or self.match_id
        key = hand_key(match.seed, rnd.seed, rnd.dealer, rnd.decisions, match_id)
        if self.profile.claim_hand(key):
            for item, n in used.items():  # (not claimed: resumed, already in the profile)
                for _ in range(n):
                    self.profile.use_item(item)
            self._record_hand(rnd, match, delta[human])
        match.coins[human] = self.profile.coins
        notices: list[str] = []
        replaced: list[tuple[int, str, str]] = []
        for seat in match.out_seats():
            if seat == human:
                continue
            old = self.bot_name(seat)
            self.bot_serial[seat] = max(self.bot_serial) + 1
            new = self.bot_name(seat)
            match.replace_seat(seat, BOT_COINS)  # RULES.md §6.5: a fresh bot takes the seat
            replaced.append((seat, old, new))
            notices.append(t("coins.bot_replaced", self.lang, old=old, new=new, coins=BOT_COINS))
        # Out of coins, the player ends the match (RULES.md §6.5): no next table comes to
        # show a notice queued here, and the match's end says it (MatchEndScene.human_broke)
        broke = self.profile.coins <= 0
        self.save()
        report = HandReport(list(delta), used, replaced, broke, notices, bots)
        self.pending_notices += notices
        self.reports.append(report)
        return report

    def _record_hand(self, rnd: Round, match: MatchState, coins: int) -> None:
        human = self.human
        mine = [w for w in rnd.wins if w.seat == human]
        first = mine[0] if mine else None  # whether the hand was won, and how (self-drawn)
        # the win it is remembered by (its pattern, the best hand): in 血流成河 the biggest
        # of the player's wins, as the match's end ranks them (best_hand_rank), the first on
        # a tie — a later, bigger win of the same hand never reached Statistics
        model = match.rules.model
        best = max(
            mine,
            key=lambda w: best_hand_rank(w.score.points, w.score.value, model),
            default=None,
        )
        net = [0] * rnd.players
        for e in rnd.ledger.entries:
            net[e.payer] -= e.amount
            net[e.payee] += e.amount
        tiles = None
        if best is not None:
            # the hand it won with, the winning tile among them (in 血流 not the hand at the
            # end, which may hold later kongs)
            at_win = hand_at_win(rnd.events, best)
            if at_win is None:
                view = rnd.view(human)
                at_win = ([*view.tiles, best.tile], list(view.me.melds))
            tiles = format_tiles(sorted(at_win[0]))
            if at_win[1]:
                tiles += " " + format_melds(at_win[1])
        self.profile.record_hand(
            won=first is not None,
            self_drawn=first is not None and first.from_seat is None,
            dealt_in=any(w.from_seat == human for w in rnd.wins),
            pattern=best.score.pattern if best else None,
            fan=best.score.value if best else None,
            points=net[human],
            coins=coins,
            preset=variant_key(match.rules),
            tiles=tiles,
            model=model,
            paid=best.score.points if best else None,
            win_tile=format_tile(best.tile) if best else None,
        )

    def end_match(self, match: MatchState, match_id: str = "") -> None:
        """The match is over (the player left the table): its points and rank into the
        stats, then save. Once per match: the match session records it before it clears
        the autosave (``match_id``: ``MatchSession.match_id``, else the last hand's), and a
        second call — the controller's, or the end reached again after a crash — does
        nothing (:meth:`Profile.record_match`)."""
        if match.hand_index == 0 or match is self._ended:
            return
        match_id = match_id or self.match_id
        if self.profile.is_finished(match_id):
            return
        pts = match.points[self.human]
        rank = 1 + sum(1 for s in range(match.players) if match.points[s] > pts)
        self.profile.record_match(
            points=pts, preset=variant_key(match.rules), rank=rank, match_id=match_id
        )
        self._ended = match
        self.save()

    def save(self) -> None:
        notice = save_profile(self.profile, self.directory)
        self.save_error = None if notice is None else (notice.detail or notice.text(self.lang))


def bot_label(n: int, lang: str) -> str:
    """Bot number ``n``'s name: "电脑N" / "Bot N"."""
    return t("seat.bot", lang, n=n)
