"""Coins and the profile across hands (RULES.md §6.4, §6.5, §8): the table session settles each
hand into the profile's coins, takes used items off, saves, replaces broke bots; the
controller takes bots' item actions."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.items import ItemRefusedError, item_action
from engine.match import MatchState, Transfer, settle_coins
from engine.round import Action, ActionKind, EventKind, Round, compose_wall
from engine.rules import RuleSet, get_preset
from engine.tiles import parse_tile, parse_tiles
from game.profile import STARTING_COINS, load_profile
from game.scenes.stats_scene import parse_best_hand
from game.table.bots import _choose
from game.table.controller import Controller, Seating
from game.table.session import BOT_COINS, TableSession

RULES = get_preset("standard")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def _controller(home: Path, rules: RuleSet = RULES, seed: int = 5) -> Controller:
    session = TableSession.load(home)
    match = MatchState(rules=rules, seed=seed)
    return Controller(rules, match, Seating(0, ("random",) * 4), table_session=session)


def _play_out(rnd: Round, rng: random.Random) -> None:
    """Every seat plays random legal moves (never items), wins taken, until the hand ends."""
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        rnd.apply(wins[0] if wins else rng.choice(legal))


def test_a_hand_settles_into_the_profile_coins_and_persists(home: Path) -> None:
    ctl = _controller(home)
    assert ctl.match.use_coins and ctl.match.coins == [
        STARTING_COINS,
        BOT_COINS,
        BOT_COINS,
        BOT_COINS,
    ]
    before = list(ctl.match.coins)
    _play_out(ctl.round, random.Random(1))
    transfers = [Transfer(e.payer, e.payee, e.amount) for e in ctl.round.ledger.entries]
    expected = settle_coins(before, transfers, RULES.coins_per_point)
    delta = ctl.finish()
    assert delta == expected and sum(delta) == 0
    session = ctl.table_session
    assert session is not None
    assert session.profile.coins == STARTING_COINS + delta[0]
    saved, notice = load_profile(home)
    assert notice is None
    assert saved.coins == STARTING_COINS + delta[0]
    assert saved.stats.hands == 1 and saved.stats.coins == delta[0]
    assert ctl.finish() == delta  # recording twice changes nothing
    assert load_profile(home)[0].stats.hands == 1
    # the next hand starts from the saved balance
    nxt = ctl.next_hand()
    assert nxt.match.coins[0] == saved.coins and nxt.table_session is session


def test_used_items_are_taken_off_the_profile_and_refused_ones_kept(home: Path) -> None:
    rules = RULES.with_overrides(["declare_void=off"])
    ctl = _controller(home, rules)
    session = ctl.table_session
    assert session is not None
    hands = [
        "1111m234m567p789p5s",
        "666m777m888m999m5m",
        "111p222p333p444p6s",
        "111s222s333s444s7s",
    ]
    ctl.round = Round.from_wall(
        rules, compose_wall(hands, "9s", 0), 0, inventories=session.inventories(rules)
    )
    assert ctl.use_item(item_action(0, "shun_feng_er"))
    with pytest.raises(ItemRefusedError) as refused:  # 1m: no live copy
        ctl.use_item(item_action(0, "tou_tian", give=parse_tile("5s"), want=parse_tile("1m")))
    assert refused.value.refusal.code == "no_live_copy"
    assert not ctl.use_item(item_action(0, "qian_kun"))  # never offered at the table
    ctl.leave()  # 逃跑 settles the hand at once
    ctl.finish()
    saved, _ = load_profile(home)
    assert saved.items["shun_feng_er"] == 0
    assert saved.items["tou_tian"] == 1 and saved.items["qian_kun"] == 1
    assert ctl.hand_report is not None and ctl.hand_report.used == {"shun_feng_er": 1}


def test_a_broke_bot_is_replaced_by_a_fresh_one(home: Path) -> None:
    ctl = _controller(home)
    session = ctl.table_session
    assert session is not None
    ctl.match.coins[1] = 10
    assert session.bot_name(1) == "电脑1"
    ctl.round.leave(1)  # seat 1 walks out: it owes far more than 10 coins
    delta = ctl.finish()
    assert delta[1] == -10  # paid all it had (§6.5 coin-short)
    assert ctl.match.coins[1] == BOT_COINS
    report = ctl.hand_report
    assert report is not None and report.replaced == [(1, "电脑1", "电脑4")]
    assert session.bot_name(1) == "电脑4"
    assert any("电脑4" in n for n in session.pending_notices)
    assert not report.human_broke


def test_the_human_at_zero_is_offered_a_new_match(home: Path) -> None:
    ctl = _controller(home)
    session = ctl.table_session
    assert session is not None
    session.profile.coins = ctl.match.coins[0] = 20
    events = ctl.walk_out()  # what the pause menu's Leave calls
    assert any(e.kind is EventKind.LEAVE for e in events)
    assert ctl.round.is_over and ctl.delta is not None
    assert ctl.delta[0] == -20 and session.profile.coins == 0
    report = ctl.hand_report
    assert report is not None and report.human_broke
    assert ctl.match.out_seats() == [0]
    assert load_profile(home)[0].coins == 0
    # a new match gives a fresh stake
    fresh = Controller(
        RULES, MatchState(rules=RULES, seed=9), Seating(0, ("random",) * 4), table_session=None
    )
    new_session = TableSession.load(home)
    new_session.join(fresh.match)
    assert fresh.match.coins[0] == BOT_COINS and new_session.pending_notices


def test_coins_spent_in_the_shop_are_not_given_back_at_the_next_table(home: Path) -> None:
    """Buying the whole purse in the shop and sitting down refilled it to 1,000 (the
    relief for a player who went broke): items for nothing, again and again. The relief now
    leaves out what the shop took, down to the small stake of RELIEF_MIN, and says so."""
    from game.profile import ITEM_PRICES, RELIEF_MIN, save_profile

    profile = load_profile(home)[0]
    while any(profile.buy(item).ok for item in sorted(ITEM_PRICES, key=ITEM_PRICES.get)):
        pass
    assert profile.coins < min(ITEM_PRICES.values())
    profile.coins = 0  # the last coins lost at a table
    save_profile(profile, home)
    spent = profile.shop_spent
    session = TableSession.load(home)
    match = MatchState(rules=RULES, seed=9)
    session.join(match)
    gift = max(RELIEF_MIN, STARTING_COINS - spent)
    assert match.coins[0] == gift < STARTING_COINS
    assert load_profile(home)[0].coins == gift
    assert any("商店" in line or "shop" in line for line in session.pending_notices)


class _Runner:
    """A bot runner that answers with what the test says."""

    generation = 0

    def __init__(self) -> None:
        self.asked: list[tuple[Any, ...]] = []
        self.answers: list[tuple[Any, int, Action | None, str | None]] = []

    def submit(self, key: Any, n: int, spec: str, seed: int, view: Any, legal: Any) -> None:
        self.asked.append((key, n, spec, view, legal))

    def poll(self) -> list[tuple[Any, int, Action | None, str | None]]:
        out, self.answers = self.answers, []
        return out


def test_a_normal_bot_uses_an_item_then_is_asked_again(home: Path) -> None:
    rules = RULES.with_overrides(["declare_void=off", "bots_use_items=on"])
    # seat 0 (a bot here: a demo seating) is ready after one discard (5p or 9s)
    hands = [
        "123m456m789m123p5p9s",
        "666m777m888m999m5m",
        "111p222p333p444p6s",
        "111s222s333s444s7s",
    ]
    ctl = Controller(rules, MatchState(rules=rules, seed=1), Seating(None, ("normal",) * 4))
    inv = [{"qian_li_yan": 1}, {}, {}, {}]
    ctl.round = Round.from_wall(rules, compose_wall(hands, "", 0), 0, inventories=inv)
    runner = _Runner()
    ctl.runner = runner  # type: ignore[assignment]
    ctl.update(0.0)
    (key, n, spec, view, legal) = runner.asked[-1]
    assert any(a.kind is ActionKind.USE_ITEM for a in legal)  # bots_use_items: offered
    action, error = _choose({}, key, spec, 1, view, legal)
    assert error is None and action is not None and action.kind is ActionKind.USE_ITEM
    assert action.item == "qian_li_yan" and action.tile in (parse_tile("5p"), parse_tile("9s"))
    runner.answers.append((key, n, action, None))
    events = ctl.update(0.0)
    assert [e.kind for e in events] == [EventKind.ITEM_USED]
    ctl._cooldown = 0.0
    ctl.update(0.0)
    assert len(runner.asked) == 2  # asked again for its real move
    _, _, _, _, legal2 = runner.asked[-1]
    assert not any(a.kind is ActionKind.USE_ITEM and a.item == "qian_li_yan" for a in legal2)


def test_bots_get_no_items_unless_the_rules_say_so(home: Path) -> None:
    ctl = Controller(RULES, MatchState(rules=RULES, seed=2), Seating(None, ("normal",) * 4))
    inv = [{"qian_li_yan": 1, "shun_feng_er": 1}, {}, {}, {}]
    ctl.round = Round.new(RULES, 2, 0, inventories=inv)
    assert any(a.kind is ActionKind.USE_ITEM for a in ctl.round.legal_actions(0))
    assert not any(a.kind is ActionKind.USE_ITEM for a in ctl._bot_legal(0))


def test_the_match_end_goes_into_the_profile_stats(home: Path) -> None:
    from game.table.match_session import MatchSession

    ctl = _controller(home)
    ctl.match_session = MatchSession(hands=1)
    _play_out(ctl.round, random.Random(4))
    ctl.finish()
    assert ctl.match_session.over
    stats = load_profile(home)[0].stats
    assert stats.hands == 1 and stats.matches == 1
    assert stats.match_points == [ctl.match.points[0]]


def test_a_hand_played_at_the_table_pays_into_the_saved_profile(home: Path) -> None:
    import pygame
    from test_game_support import DT, play_until_settlement, post_click, running_app, table_of

    from game.scenes.settlement import SettlementScene
    from game.table.items import ItemsOverlay

    with running_app(preset="standard", seed=12, bots=("normal", "normal", "normal")) as app:
        table = table_of(app)
        items = table.overlay(ItemsOverlay) if table is not None else None
        assert isinstance(items, ItemsOverlay) and items.bar is not None
        for _ in range(2):
            app.step(DT)
        post_click(items.bar.prompt_button(accept=False))
        app.step(DT)
        play_until_settlement(app, random.Random(3))
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        for _ in range(3):
            app.step(DT)
        delta = table.ctl.delta
        assert delta is not None
        assert delta[0] != 0  # this seed's hand moves the human's coins
        saved, _ = load_profile(home)
        assert saved.coins == STARTING_COINS + delta[0]
        assert saved.stats.hands == 1
        shots = Path(__file__).resolve().parent.parent / "screenshots"
        shots.mkdir(exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(shots / "items_settlement_coins.png"))


def test_the_menus_and_the_table_share_one_profile(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_game_support import DT, table_of

    from game.app import App, Settings
    from game.match_config import MatchConfig
    from game.nav import Navigator

    app = App(Settings(lang="zh", seed=4, speed="instant", bot_pace="instant"), (1280, 800))
    try:
        nav = Navigator(app)
        menu = nav.main_menu()
        shared = app.profile
        assert menu.ctx.profile is shared
        nav.start_match(MatchConfig.quick(app.settings))
        table = table_of(app)
        assert table is not None and table.ctl.table_session is not None
        assert table.ctl.table_session.profile is shared
        app.step(DT)
    finally:
        app.close()


def won_by_seat_0(ctl: Controller) -> None:
    """``ctl``'s hand dealt so that seat 0 (void bamboo) wins 1s2s3s's first tile it can,
    then played out; not finished."""
    hands = [
        "123m456m789m234p55p",
        "666m777m888m999m5m",
        "111p222p333p444p6s",
        "111s222s333s444s7s",
    ]
    rules = ctl.rules
    ctl.round = Round.from_wall(rules, compose_wall(hands, "1s2s3s", dealer=0), 0, seed=1)
    while not any(a.kind is ActionKind.WIN for a in ctl.round.legal_actions(0)):
        seat = ctl.round.pending_seats()[0]
        legal = ctl.round.legal_actions(seat)
        ctl.round.apply(next((a for a in legal if a.suit == 2), legal[0]))  # void: bamboo
    ctl.round.apply(next(a for a in ctl.round.legal_actions(0) if a.kind is ActionKind.WIN))
    _play_out(ctl.round, random.Random(2))


def test_the_best_hand_records_the_model_of_the_table_it_was_won_at(home: Path) -> None:
    """A standard table switched to the points model keeps the preset's name: the best
    hand records the model, or Statistics would read its points as fan."""
    rules = RULES.with_overrides({"model": "points"})
    assert rules.preset_name == RULES.preset_name
    ctl = _controller(home, rules)
    won_by_seat_0(ctl)
    ctl.finish()
    best = load_profile(home)[0].stats.best_hand
    assert best is not None and best.model == "points" and best.preset == "standard"
    # the hand it won with, the winning tile among them: 14 tiles, not the 13 left in hand
    assert parse_best_hand(best.tiles) == (parse_tiles("123m456m789m234p55p"), [])


def test_a_new_match_on_the_same_seed_is_paid_though_its_hand_plays_alike(home: Path) -> None:
    """A hand is paid into the profile once, by its id; the id was the seeds, the dealer
    and the moves, so a new match on the same seed (``--seed``) whose first hand played out
    move for move like the last match's was taken as already paid: its coins and stats
    never reached the profile, while the bots were paid. The match's own id is now part of
    it; a resumed match keeps its id (the autosave holds it), so a hand is still paid once."""
    from game.table.match_session import MatchSession

    def one_hand() -> tuple[int, MatchSession]:
        ctl = _controller(home, seed=12)
        ctl.match_session = MatchSession(hands=None)
        _play_out(ctl.round, random.Random(4))
        return ctl.finish()[0], ctl.match_session

    first, _ = one_hand()
    second, session = one_hand()  # the same seed, the same moves: the same hand
    assert first == second != 0
    stats = load_profile(home)[0]
    assert stats.stats.hands == 2 and stats.coins == STARTING_COINS + first + second
    # the second match resumed (its id read back from the autosave) and its hand finished
    # again, as after a crash between paying it in and saving the match: not paid twice
    again = MatchSession(hands=None)
    again.load(session.to_dict())
    ctl = _controller(home, seed=12)
    ctl.match_session = again
    _play_out(ctl.round, random.Random(4))
    ctl.finish()
    assert load_profile(home)[0].stats.hands == 2


def test_the_match_end_names_the_bot_that_played_each_hand(home: Path) -> None:
    """A bot that went broke is replaced by "Bot 4" at the table; the match end still named
    the seat "Bot 1" (seat_label), also for a best hand the replacement won. The match's
    log keeps each hand's bot numbers; the standings name the bot that played the seat's
    last hand (one replaced after it never sat)."""
    from test_menus import MenuHarness

    from game.scenes.match_end import MatchEndScene
    from game.table.match_session import MatchSession

    ctl = _controller(home)
    session = MatchSession(hands=2)
    ctl.match_session = session
    assert ctl.table_session is not None
    ctl.table_session.bot_serial[1] = 4  # seat 1's first bot went broke before this hand
    _play_out(ctl.round, random.Random(4))
    ctl.finish()
    assert session.log[-1]["bots"][1] == 4
    ctl.table_session.bot_serial[1] = 5  # and that one after it, when the match was over
    h = MenuHarness(home, "en")
    end = MatchEndScene(h.ctx, ctl, session, lambda: None)
    assert end.name(1, hand_no=1) == "Bot 4"  # who played hand 1
    assert end.name(1) == "Bot 4"  # who played the last hand: Bot 5 never sat
    assert end.name(0) == "You"
