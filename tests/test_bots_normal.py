"""The normal bot: the efficiency bot's play (engine/bots/efficiency.py) except that it
declares a kong even when the kong costs a step of shanten (kongs pay 刮风下雨 at once),
and breaks ties between equally efficient discards by keeping pairs and triplets."""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots import load_bot
from engine.bots._features import acceptance, live_counts, working_void
from engine.bots.efficiency import EfficiencyBot
from engine.bots.normal import NormalBot
from engine.hand import shanten
from engine.round import Action, ActionKind, Round, compose_wall
from engine.rules import get_preset
from engine.simulate import derive_seed, play_hand
from engine.tiles import parse_tile, parse_tiles
from engine.views import PlayerView

AK = ActionKind
KONGS = {AK.EXPOSED_KONG, AK.CONCEALED_KONG, AK.ADDED_KONG}
OTHERS = ["1111s2222s3333s4m", "4444s5556s7777s4m", "8888s9999s66s5m5m9p"]


def _dealer(hand: str) -> Round:
    wall = compose_wall([parse_tiles(h) for h in [hand, *OTHERS]], [], 0)
    r = Round.from_wall(get_preset("standard"), wall, 0, seed=0, dice=(1, 1))
    for seat, ch in enumerate("sppp"):
        r.apply(Action(AK.DECLARE_VOID, seat, suit="mps".index(ch)))
    return r


def _best_shanten(counts: list[int], melds: int, void: int) -> int:
    best = 99
    for k in range(27):
        if counts[k]:
            counts[k] -= 1
            best = min(best, shanten(counts, melds, void))
            counts[k] += 1
    return best


def test_normal_declares_a_kong_that_costs_one_step() -> None:
    """Four 3m, two of them in runs: the kong leaves the hand a step further from ready.
    The efficiency bot keeps the runs; normal takes the kong and its income."""
    r = _dealer("2333345m567p78p99p")
    view, legal = r.view(0), r.legal_actions(0)
    kong = Action(AK.CONCEALED_KONG, 0, parse_tile("3m"))
    assert kong in legal
    counts = list(view.concealed)
    before = _best_shanten(counts, 0, 2)
    counts[parse_tile("3m")] -= 4
    assert shanten(counts, 1, 2) == before + 1
    assert EfficiencyBot(0).choose(view, legal).kind is AK.DISCARD
    assert load_bot("normal", 0).choose(view, legal) == kong
    # without the allowance it plays exactly as the efficiency bot
    strict = NormalBot(0)
    strict.kong_slack = None
    strict.set_ties = False
    assert strict.choose(view, legal) == EfficiencyBot(0).choose(view, legal)


def _after(view: PlayerView, tile: int) -> tuple[int, int]:
    counts = list(view.concealed)
    counts[tile] -= 1
    return acceptance(counts, len(view.me.melds), working_void(view), live_counts(view))


class _Compared:
    """A normal bot that checks, at each decision with no kong to declare, that it plays
    the efficiency bot's action, or a discard as efficient that keeps no fewer sets."""

    def __init__(self, seed: int, seen: list[int]) -> None:
        self.normal = NormalBot(seed)
        self.efficiency = EfficiencyBot(seed)
        self.seen = seen

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        choice = self.normal.choose(view, legal)
        if not any(a.kind in KONGS for a in legal):
            other = self.efficiency.choose(view, legal)
            if choice != other:
                assert choice.kind is other.kind is AK.DISCARD, (choice, other)
                assert choice.tile is not None and other.tile is not None
                assert _after(view, choice.tile) == _after(view, other.tile)
                held = view.concealed
                assert held[choice.tile] <= held[other.tile], (choice, other)
                self.seen[1] += 1
            self.seen[0] += 1
        return choice


def test_normal_plays_as_the_efficiency_bot_where_no_kong_is_on_offer() -> None:
    seen = [0, 0]
    rules = get_preset("standard")
    for hand in range(4):
        bots = [_Compared(derive_seed(5, hand, s), seen) for s in range(rules.players)]
        play_hand(rules, derive_seed(5, hand), 0, bots, check=False)
    assert seen[0] > 100
    assert 0 < seen[1] < seen[0] / 4  # ties are broken differently now and then
