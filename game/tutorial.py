"""新手教程 The tutorial's hand: a prepared wall, scripted bots and the lesson's steps.

The wall (:func:`engine.round.compose_wall`) deals the human (seat 0, dealer) a hand with one
bamboo tile, seat 1 a single 5 dots, and draws so that the lesson always unfolds the same:
declare bamboo void, discard it, pong seat 1's 5 dots, discard 7 characters, draw the fourth
1 characters and kong it, win on the replacement 6 dots (杠上花), then watch the others play
on (血战到底). The bots are :class:`TutorialBot`: they declare their shortest suit void,
discard the tile they drew (void tiles first), never claim and always win when they can — so
the wall alone scripts them. No pygame here: the bot runs in the bots' worker process.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.round import Action, ActionKind, Round, compose_wall
from engine.rules import RuleSet, get_preset
from engine.tiles import parse_tile
from engine.views import PlayerView

__all__ = ["BOT_SPEC", "STEPS", "Step", "TutorialBot", "tutorial_round", "tutorial_rules"]

BOT_SPEC = "game.tutorial:TutorialBot"

HANDS = (
    "111m234m7m55p78p99p1s",  # you: dealer, 14 tiles; one bamboo
    "5p2m5m6m8m9m9m2s3s5s7s8s9s",  # seat 1: a single dots tile, 5p — discarded first
    "3m4m6m7m8m9m1s1s3s4s6s6s8s",  # seat 2: no dots
    "2m5m5m6m2s3s4s4s5s7s7s9s9s",  # seat 3: no dots
)
# seat 1 draws 8s (and must discard its void 5p: you pong), then 3s, 2m, 4m go by;
# you draw the fourth 1m (kong) and the replacement 6p wins.
DRAWS = "8s3s2m4m1m6p"


def tutorial_rules() -> RuleSet:
    """The standard rules with neither 换三张 nor items: only what the lesson teaches."""
    return get_preset("standard").with_overrides(["exchange_three=off", "items=off"])


def tutorial_round(rules: RuleSet | None = None) -> Round:
    rules = rules or tutorial_rules()
    return Round.from_wall(rules, compose_wall(HANDS, DRAWS, dealer=0), dealer=0, seed=0)


class TutorialBot:
    """Plays by the wall: declares its shortest suit void, discards what it drew (void tiles
    first, as the rules force), never claims, wins whenever it may."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if ActionKind.WIN in by_kind:
            return by_kind[ActionKind.WIN][0]
        if ActionKind.DECLARE_VOID in by_kind:
            counts = [0, 0, 0]
            for k in view.tiles:
                counts[k // 9] += 1
            suit = min(range(3), key=lambda s: (counts[s], s))
            return next((a for a in by_kind[ActionKind.DECLARE_VOID] if a.suit == suit), legal[0])
        if ActionKind.DISCARD in by_kind:
            discards = by_kind[ActionKind.DISCARD]
            drawn = view.last_drawn
            return next((a for a in discards if a.tile == drawn), discards[0])
        if ActionKind.PASS in by_kind:
            return by_kind[ActionKind.PASS][0]
        return legal[0]


@dataclass(frozen=True)
class Step:
    """One lesson step. ``expect``: the action the player must take (kind, tile or suit);
    None for a message (click to go on) or, with ``until_over``, watching to the end.
    ``wait_key``: the message shown while the expected action is not offered yet."""

    key: str
    expect: tuple[ActionKind, int | None, int | None] | None = None
    wait_key: str | None = None
    until_over: bool = False

    def matches(self, action: Action) -> bool:
        if self.expect is None:
            return False
        kind, tile, suit = self.expect
        return (
            action.kind is kind
            and (tile is None or action.tile == tile)
            and (suit is None or action.suit == suit)
        )


STEPS: tuple[Step, ...] = (
    Step("tutorial.intro"),
    Step("tutorial.void", (ActionKind.DECLARE_VOID, None, 2), "tutorial.wait_deal"),
    # the bots choose their void suits after the player: a second or two with no tile to click
    Step(
        "tutorial.discard_void", (ActionKind.DISCARD, parse_tile("1s"), None), "tutorial.wait_void"
    ),
    Step("tutorial.pong", (ActionKind.PONG, parse_tile("5p"), None), "tutorial.wait_pong"),
    Step("tutorial.discard_pong", (ActionKind.DISCARD, parse_tile("7m"), None)),
    Step(
        "tutorial.kong", (ActionKind.CONCEALED_KONG, parse_tile("1m"), None), "tutorial.wait_kong"
    ),
    Step("tutorial.win", (ActionKind.WIN, parse_tile("6p"), None)),
    Step("tutorial.xueliu", until_over=True),
)
