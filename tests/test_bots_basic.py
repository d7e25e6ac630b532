"""Bot registry (load_bot) and the random and greedy bots."""

from __future__ import annotations

import re

import pytest

from engine import bots as bots_module
from engine.bots import BOT_NAMES, Bot, UnknownBotError, load_bot
from engine.bots.basic import GreedyBot, RandomBot
from engine.round import Action, ActionKind, Round, compose_wall
from engine.rules import PRESETS, get_preset
from engine.tiles import parse_tiles

AK = ActionKind


# --- registry ------------------------------------------------------------------------------


def test_names_load_the_basic_bots() -> None:
    assert BOT_NAMES[:2] == ("random", "greedy")
    assert {"easy", "normal", "hard"} <= set(BOT_NAMES)
    assert isinstance(load_bot("random", 1), RandomBot)
    assert isinstance(load_bot(" Greedy ", 1), GreedyBot)
    assert isinstance(load_bot("engine.bots.basic:RandomBot", 3, plugins=True), RandomBot)
    assert isinstance(load_bot("random"), Bot)


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("nonsense", "random, greedy, easy, efficiency, normal, hard"),
        ("", "random, greedy"),
        ("no_such_package.mod:Bot", "cannot be imported"),
        ("engine.bots.basic:NoSuchBot", "has no class 'NoSuchBot'"),
        ("engine.bots.basic:", "random, greedy"),
        ("engine.tiles:NUM_KINDS", "has no class"),
        ("engine.tiles:Meld", "Meld has no choose"),
        ("engine.bots:Bot", "cannot be built as Class(seed)"),
        ("random:Random", "Random has no choose"),
    ],
)
def test_unknown_bots_raise_a_value_error_listing_the_names(spec: str, fragment: str) -> None:
    with pytest.raises(UnknownBotError, match=re.escape(fragment)) as info:
        load_bot(spec, 0, plugins=True)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "spec",
    ["sys:exit", "os:system", ".foo:X", "mybots.smart:SmartBot", "enginex.mod:Bot"],
)
def test_only_registered_names_unless_plugins_are_allowed(spec: str) -> None:
    """A name read from a file (settings, autosave) must never import code: load_bot refuses
    import paths unless the caller passes plugins=True (the command line's --bots)."""
    with pytest.raises(UnknownBotError, match="only from the command line"):
        load_bot(spec, 0)
    with pytest.raises(UnknownBotError, match="only from the command line"):
        load_bot(spec * 100, 0)  # (long input is not quoted back)


def test_the_projects_own_bot_classes_need_no_plugins() -> None:
    assert isinstance(load_bot("engine.bots.basic:RandomBot", 3), RandomBot)
    assert load_bot("game.tutorial:TutorialBot", 3).choose  # the tutorial's scripted bots
    with pytest.raises(UnknownBotError, match="has no choose"):
        load_bot("engine.round:Round", 0)  # (refused before anything is built)


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("sys:exit", "sys.exit is not a class"),
        ("os:system", "os.system is not a class"),
        (".foo:X", "cannot be imported (TypeError"),
    ],
)
def test_plugins_must_be_importable_classes(spec: str, fragment: str) -> None:
    with pytest.raises(UnknownBotError, match=re.escape(fragment)):
        load_bot(spec, 0, plugins=True)


def test_a_missing_named_bot_module_gives_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots_module.BOT_PATHS, "hard", "engine.bots.not_written_yet:HardBot")
    with pytest.raises(UnknownBotError, match=r"'hard'.*engine\.bots\.not_written_yet"):
        load_bot("hard", 0)


def test_bots_are_deterministic_given_their_seed() -> None:
    def choices(seed: int) -> list[Action]:
        r = Round.new(get_preset("standard"), 5)
        bot = load_bot("random", seed)
        seat = r.pending_seats()[0]
        return [bot.choose(r.view(seat), r.legal_actions(seat)) for _ in range(20)]

    assert choices(7) == choices(7)
    assert choices(7) != choices(8)


# --- greedy --------------------------------------------------------------------------------


def make(preset: str, hands: list[str], draws: str = "") -> Round:
    wall = compose_wall([parse_tiles(h) for h in hands], parse_tiles(draws), 0)
    return Round.from_wall(get_preset(preset), wall, 0, dice=(1, 1))


def ask(r: Round, bot: Bot, seat: int) -> Action:
    legal = r.legal_actions(seat)
    action = bot.choose(r.view(seat), legal)
    assert action in legal
    return action


def test_greedy_declares_the_suit_with_fewest_tiles() -> None:
    r = make(
        "standard",
        [
            "123m456m789m2p5p7s8s9s",
            "123m456m789m34p99p",
            "123s456s789s33p4p7p",
            "11s22s33s44s7p8p9p66p",
        ],
    )
    g = GreedyBot(0)
    assert [ask(r, g, s).suit for s in range(4)] == [1, 2, 0, 0]


def test_greedy_exchanges_three_tiles_of_its_shortest_suit() -> None:
    r = make(
        "modern",
        [
            "123m456m789m2p5p8p7s8s",
            "123m456m789m34p99p",
            "123s456s789s33p4p7p",
            "11s22s33s44s7p8p9p66p",
        ],
    )
    a = ask(r, GreedyBot(0), 0)
    assert a.kind is AK.EXCHANGE_THREE and a.tiles == tuple(parse_tiles("258p"))


def test_greedy_takes_a_self_drawn_win_and_a_discard_win() -> None:
    r = make(
        "standard",
        [
            "123m456m789m234p55p",
            "123s456s789s11p2p3p",
            "123s456s789s33p4p5p",
            "11s22s33s44s7p8p9p66p",
        ],
    )
    g = GreedyBot(0)
    for s, suit in enumerate((2, 0, 0, 0)):
        r.apply(Action(AK.DECLARE_VOID, s, suit=suit))
    assert ask(r, g, 0).kind is AK.WIN  # 天胡
    r = make(
        "standard",
        [
            "123s456s789s2p5p7s8s9s",
            "123m456m789m34p99p",
            "123s456s789s33p4p7p",
            "11s22s33s44s7p8p9p66p",
        ],
    )
    for s, suit in enumerate((0, 2, 0, 0)):
        r.apply(Action(AK.DECLARE_VOID, s, suit=suit))
    r.apply(Action(AK.DISCARD, 0, parse_tiles("5p")[0]))
    assert ask(r, g, 1) == Action(AK.WIN, 1, parse_tiles("5p")[0])


def test_greedy_discards_void_tiles_first_even_when_not_forced() -> None:
    r = make(
        "wiki",
        [
            "123m456m789m2p5p7s8s9s",
            "123m456m789m34p99p",
            "123s456s789s33p4p7p",
            "11s22s33s44s7p8p9p66p",
        ],
    )
    g = GreedyBot(0)
    for s in range(4):
        r.apply(ask(r, g, s))
    assert r.void_of(0) == 1
    assert ask(r, g, 0).tile in parse_tiles("25p")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_greedy_always_wins_when_it_can_and_never_acts_illegally(preset: str) -> None:
    rules = get_preset(preset)
    offered = 0
    for seed in range(12):
        r = Round.new(rules, seed, seed % rules.players)
        players = [GreedyBot(seed), RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 1)]
        players = players[: rules.players]
        while not r.is_over:
            seat = r.pending_seats()[0]
            legal = r.legal_actions(seat)
            action = players[seat].choose(r.view(seat), legal)
            assert action in legal
            if seat % 2 == 0 and any(a.kind is AK.WIN for a in legal):
                offered += 1
                assert action.kind is AK.WIN
            r.apply(action)
    assert offered > 0


def test_greedy_void_tie_goes_to_the_weaker_suit() -> None:
    # Seat 1 holds four p (2345p, connected) and four s (1479s, scattered): it voids s.
    hands = ["678678m99m11p99p66s", "12345m2345p1479s", "67896789p23568s", "111222333444m5m"]
    r = make("standard", hands)
    assert ask(r, GreedyBot(0), 1).suit == 2
