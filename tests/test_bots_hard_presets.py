"""The hard bot's per-rules tuning (engine/bots/hard.py, TUNINGS): which room's overrides
each rule set plays, that they change nothing on the four-seat three-suit 血战 rules, and
that a tuned bot stays deterministic."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.bots.hard import TUNINGS, HardBot, tuning_for
from engine.round import Action, ActionKind
from engine.rules import PRESETS, RuleSet, get_preset
from engine.simulate import derive_seed, play_hand
from engine.views import PlayerView

Decision = tuple[int, int, ActionKind, int | None]


class Untuned(HardBot):
    """The hard bot with the class's constants whatever the rules."""

    def tune(self, rules: RuleSet) -> None:
        self._tuned_for = rules


class Recorder:
    def __init__(self, bot: HardBot, seat: int, log: list[Decision]) -> None:
        self.bot, self.seat, self.log = bot, seat, log

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        a = self.bot.choose(view, legal)
        self.log.append((view.wall_remaining, self.seat, a.kind, a.tile))
        return a


def _play(rules: RuleSet, make: type[HardBot], seed: int, bots: list[HardBot] | None = None):
    log: list[Decision] = []
    players = bots or [make(derive_seed(seed, s), samples=24) for s in range(rules.players)]
    seats = [Recorder(b, s, log) for s, b in enumerate(players)]
    play_hand(rules, derive_seed(seed, 0), 0, seats, check=False)
    return log


def test_every_preset_plays_its_room() -> None:
    expected = {
        "standard": "standard",
        "jj": "standard",  # four seats, three suits, 血战, void first: the constants
        "modern": "standard",
        "wiki": "wiki",
        "chengdu": "chengdu",
        "modern_xueliu": "modern_xueliu",
        "sanren_liangfang": "sanren_liangfang",
        "liangren": "sanren_liangfang",  # the nearest: two suits, no void
    }
    assert {name: tuning_for(rules).room for name, rules in PRESETS.items()} == expected
    assert tuning_for(get_preset("standard")).overrides == ()


def test_a_variant_plays_the_nearest_room() -> None:
    std = get_preset("standard")
    assert tuning_for(std.with_overrides(["cap_fan=3", "items=off"])).room == "standard"
    assert tuning_for(get_preset("sanren_liangfang").with_overrides(["cap_fan=3"])).room == (
        "sanren_liangfang"
    )
    # 两人一房 is nearest the two-seat room, 三人三房 nearest the four-seat three-suit one.
    one_suit = get_preset("liangren").with_overrides(["suits=m", "qing_yi_se_bonus=off"])
    assert tuning_for(one_suit).room == "sanren_liangfang"
    assert tuning_for(std.with_overrides(["players=3"])).room == "standard"
    assert (
        tuning_for(std.with_overrides(["mode=xueliu"])).room
        == tuning_for(get_preset("modern_xueliu")).room
    )


def test_overrides_name_real_attributes() -> None:
    for t in TUNINGS:
        for name, value in t.overrides:
            assert hasattr(HardBot, name), name
            assert type(getattr(HardBot, name)) in (type(value), type(None)) or isinstance(
                value, (int, float)
            ), name


@pytest.mark.parametrize("preset", ["standard", "jj"])
def test_standard_rules_play_exactly_as_the_untuned_bot(preset: str) -> None:
    rules = get_preset(preset)
    for seed in (5, 6):
        assert _play(rules, HardBot, seed) == _play(rules, Untuned, seed)


@pytest.mark.parametrize("preset", [t.room for t in TUNINGS[1:]])
def test_a_tuned_bot_repeats_itself(preset: str) -> None:
    rules = get_preset(preset)
    a = _play(rules, HardBot, 9)
    assert len(a) > 20
    assert _play(rules, HardBot, 9) == a


def test_a_bot_moving_rooms_takes_the_old_tuning_off() -> None:
    """Bots that played a tuned room first, then standard, play standard as fresh ones."""
    std = get_preset("standard")
    for t in TUNINGS[1:]:
        rules = get_preset(t.room)
        bots = [HardBot(derive_seed(3, s), samples=24) for s in range(4)]
        _play(rules, HardBot, 4, bots[: rules.players])
        for b in bots[: rules.players]:
            for name, _ in t.overrides:
                assert name in vars(b)
        assert _play(std, HardBot, 3, bots) == _play(std, HardBot, 3)
        for b in bots:
            for name, _ in t.overrides:
                assert name not in vars(b)
