"""Profile: shop, inventory, statistics, and persistence through storage."""

from __future__ import annotations

import pytest

from game.profile import (
    ITEM_IDS,
    ITEM_PRICES,
    MATCH_HISTORY,
    RELIEF_MIN,
    STARTING_COINS,
    BestHand,
    Profile,
    UnknownItemError,
    hand_worth,
    load_profile,
    profile_store,
    save_profile,
)
from game.storage import NoticeKind


def test_new_player():
    p = Profile()
    assert p.coins == STARTING_COINS == 1000
    assert p.items == dict.fromkeys(ITEM_IDS, 1)
    assert set(ITEM_PRICES) == set(ITEM_IDS)  # RULES.md §8: all six, priced
    assert all(0 < price < STARTING_COINS for price in ITEM_PRICES.values())
    assert p.stats.hands == 0 and p.stats.win_rate == 0.0 and p.stats.best_hand is None


def test_buy_with_enough_coins():
    p = Profile()
    result = p.buy("qian_li_yan")
    assert result.ok and result.reason is None and result.short == 0
    assert p.coins == 1000 - ITEM_PRICES["qian_li_yan"] == result.coins
    assert p.count("qian_li_yan") == 2 == result.count


def test_buy_without_enough_coins_is_a_refusal_that_changes_nothing():
    p = Profile(coins=ITEM_PRICES["qian_kun"] - 1)
    before = (p.coins, dict(p.items))
    result = p.buy("qian_kun")
    assert not result.ok and result.reason == "not_enough_coins"
    assert result.short == 1 and result.coins == p.coins
    assert (p.coins, p.items) == before


def test_buy_until_broke():
    p = Profile(coins=250)
    results = [p.buy("yi_hua") for _ in range(3)]
    assert [r.ok for r in results] == [True, True, False]
    assert p.coins == 10 and p.count("yi_hua") == 3


def test_relief_is_the_purse_less_the_shopping_since_the_last_one(tmp_path):
    """破产补助: a player who lost its coins at the table gets the starting purse again;
    one who bought its purse away in the shop got the same 1,000 back at the next table —
    items for nothing, as often as it liked. Now the gift is the purse less the coins spent
    in the shop since the last gift, never below RELIEF_MIN (enough to sit down)."""
    p = Profile()
    assert p.relief() == 0 and p.coins == STARTING_COINS  # not broke: nothing
    for item in ("qian_kun", "tou_tian", "jin_shou_zhi"):
        assert p.buy(item).ok
    assert p.coins == 0 and p.shop_spent == STARTING_COINS
    assert p.relief() == RELIEF_MIN and p.coins == RELIEF_MIN and p.shop_spent == 0
    p.buy("qian_li_yan")  # 60 of the 100
    p.coins = 0  # the rest lost at the table
    assert p.relief() == STARTING_COINS - 60
    p.coins = 0  # then all of that lost too: no shopping since, the whole purse
    assert p.relief() == STARTING_COINS
    # what was spent survives a save
    p.buy("yi_hua")
    save_profile(p, tmp_path)
    assert load_profile(tmp_path)[0].shop_spent == ITEM_PRICES["yi_hua"]


def test_the_best_hand_keeps_the_scoring_model_it_was_won_under(tmp_path):
    """A preset's options may switch its scoring model and the preset's name stays: the
    best hand keeps the model, so its value is read in its unit (fan or points)."""
    p = Profile()
    p.record_hand(
        won=True, pattern="qing_yi_se", fan=4, points=4, preset="standard", model="points"
    )
    assert p.stats.best_hand is not None and p.stats.best_hand.model == "points"
    save_profile(p, tmp_path)
    assert load_profile(tmp_path)[0].stats.best_hand == p.stats.best_hand
    older = p.to_dict()
    del older["stats"]["best_hand"]["model"]  # a save from before the model was kept
    assert Profile.from_dict(older).stats.best_hand.model is None  # type: ignore[union-attr]


def test_the_best_hand_is_the_one_each_payer_pays_most_for_across_scoring_models():
    """RULES.md §5.2: 5 fan pay ×16 a payer, 8 points ×8 — the fan hand is the better one
    though 8 > 5; and a 4-point hand does not beat a 3-fan one (×4 each, more points won)."""
    p = Profile()
    p.record_hand(
        won=True, pattern="qing_qi_dui", fan=8, points=24, preset="chengdu", model="points"
    )
    p.record_hand(won=True, pattern="qing_qi_dui", fan=5, points=48, preset="standard", model="fan")
    assert p.stats.best_hand is not None and (p.stats.best_hand.fan, p.stats.best_hand.model) == (
        5,
        "fan",
    )
    p.record_hand(
        won=True, pattern="long_qi_dui", fan=9, points=27, preset="chengdu", model="points"
    )
    assert p.stats.best_hand.preset == "standard"  # ×9 < ×16
    q = Profile()
    q.record_hand(won=True, pattern="qing_yi_se", fan=3, points=12, preset="standard", model="fan")
    q.record_hand(won=True, pattern="qing_dui", fan=4, points=8, preset="chengdu", model="points")
    assert q.stats.best_hand is not None and q.stats.best_hand.preset == "standard"
    # a save from before the model was kept: its preset says which model it was won under
    assert hand_worth(BestHand("", "qing_qi_dui", 8, 24, "chengdu")) == 8
    assert hand_worth(BestHand("", "qing_qi_dui", 5, 48, "standard")) == 16
    assert hand_worth(BestHand("", "ping_hu", 1, 3, "no-such-room")) == 1
    assert hand_worth(BestHand("", "qing_qi_dui", 8, 24, "chengdu@3.3")) == 8  # a room of it


def test_unknown_item_is_a_programming_error():
    p = Profile()
    for call in (p.buy, p.use_item, p.count, p.give_item):
        with pytest.raises(UnknownItemError, match="unknown item 'gold_tile'"):
            call("gold_tile")


def test_use_and_give_items():
    p = Profile()
    assert p.use_item("tou_tian") is True
    assert p.use_item("tou_tian") is False  # none left: no change
    assert p.count("tou_tian") == 0
    p.give_item("tou_tian", 2)
    assert p.count("tou_tian") == 2
    with pytest.raises(ValueError):
        p.give_item("tou_tian", -1)


def play(p: Profile) -> None:
    """Eight hands and two matches across two presets."""
    # won, self_drawn, dealt_in, pattern, fan, points, coins, preset, tiles
    hands = [
        (True, False, False, "ping_hu", 1, 2, 12, "standard", "123m456m789m234p55p"),
        (True, True, False, "qing_yi_se", 3, 15, 90, "standard", "11123456789999m"),
        (False, False, True, None, None, -4, -24, "standard", None),
        (True, False, False, "ping_hu", 1, 1, 6, "standard", "123m456m789m234p55p"),
        (False, False, False, None, None, 0, 0, "chengdu", None),
        (True, True, True, "dui_dui_hu", 2, 6, 36, "chengdu", "111m222m333p444p55p"),
        (True, False, False, "qi_dui", 3, 8, 48, "chengdu", "1133557799m1122p"),
        (False, False, True, None, None, -8, -48, "chengdu", None),
    ]
    for won, sd, di, pattern, fan, points, coins, preset, tiles in hands:
        p.record_hand(
            won=won,
            self_drawn=sd,
            dealt_in=di,
            pattern=pattern,
            fan=fan,
            points=points,
            coins=coins,
            preset=preset,
            tiles=tiles,
        )
    p.record_match(points=14, preset="standard", rank=1)
    p.record_match(points=6, preset="chengdu", rank=3)


def test_statistics():
    p = Profile()
    play(p)
    s = p.stats
    assert (s.hands, s.wins, s.self_draws, s.deal_ins, s.matches) == (8, 5, 2, 3, 2)
    assert s.win_rate == 5 / 8 and s.self_draw_rate == 2 / 5 and s.deal_in_rate == 3 / 8
    assert s.longest_streak == 2 and s.current_streak == 0
    assert s.patterns == {"ping_hu": 2, "qing_yi_se": 1, "dui_dui_hu": 1, "qi_dui": 1}
    # Best by fan, then points: qi_dui (3 fan, 8) loses to qing_yi_se (3 fan, 15).
    assert s.best_hand == BestHand("11123456789999m", "qing_yi_se", 3, 15, "standard")
    assert s.points == 20 and s.coins == 120 and p.coins == STARTING_COINS + 120
    std, cd = s.per_preset["standard"], s.per_preset["chengdu"]
    assert (std.hands, std.wins, std.matches, std.match_wins, std.points) == (4, 3, 1, 1, 14)
    assert (cd.hands, cd.wins, cd.matches, cd.match_wins, cd.coins) == (4, 2, 1, 0, 36)
    assert s.match_points == [14, 6]


def test_balance_never_goes_negative_and_history_is_capped():
    p = Profile(coins=10)
    p.record_hand(won=False, coins=-50)
    assert p.coins == 0
    for n in range(MATCH_HISTORY + 5):
        p.record_match(points=n)
    assert len(p.stats.match_points) == MATCH_HISTORY
    assert p.stats.match_points[-1] == MATCH_HISTORY + 4
    assert "custom" in p.stats.per_preset  # no preset name: counted as custom rules


def test_persistence_round_trip(tmp_path):
    p = Profile()
    p.buy("qian_kun")
    p.use_item("shun_feng_er")
    play(p)
    assert save_profile(p, tmp_path) is None
    loaded, notice = load_profile(tmp_path)
    assert notice is None
    assert loaded == p
    assert loaded.stats.win_rate == p.stats.win_rate


def test_first_run_is_a_new_player(tmp_path):
    p, notice = load_profile(tmp_path)
    assert notice is None and p == Profile()


def test_damaged_profile_keeps_the_coins_of_the_backup(tmp_path):
    p = Profile()
    p.buy("qian_kun")  # 500 coins left
    save_profile(p, tmp_path)
    p.buy("tou_tian")  # 200 coins left
    save_profile(p, tmp_path)
    profile_store(tmp_path).path.write_text('{"schema": "sichuan-mahjong/profile", "vers')
    loaded, notice = load_profile(tmp_path)
    assert loaded.coins == 500 and loaded.count("qian_kun") == 2
    assert notice is not None and notice.kind is NoticeKind.RESTORED_FROM_BACKUP


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"coins": "lots", "items": {}},
        {"coins": -5, "items": {"yi_hua": 4}},
        {"coins": 1.5, "items": {}},
        {"coins": None, "items": {}},
        {"coins": 10**13, "items": {}},
        {"coins": 5, "items": {"qian_kun": "x"}},
        {"coins": 5, "items": {}, "stats": {"hands": "x"}},
        {"coins": 5, "items": {}, "stats": {"best_hand": {"tiles": 1}}},
        {"coins": 5, "items": {}, "stats": {"per_preset": {"jj": {"wins": "x"}}}},
        {"coins": 5, "items": {}, "stats": {"match_points": 7}},
        {"coins": 5, "items": {}, "settled": [3]},
    ],
)
def test_from_dict_refuses_any_bad_field(data):
    # a damaged profile is never half-read: the loader uses the backup instead
    with pytest.raises(ValueError):
        Profile.from_dict(data)


def test_from_dict_drops_unknown_items_and_fields():
    p = Profile.from_dict({"coins": 7, "items": {"yi_hua": 4, "fake": 9}, "future": 1})
    assert p.coins == 7 and p.items["yi_hua"] == 4 and set(p.items) == set(ITEM_IDS)
    assert p.items["qian_kun"] == 0


def test_a_hand_is_claimed_once():
    p = Profile()
    assert p.claim_hand("a") and not p.claim_hand("a")
    for n in range(20):
        assert p.claim_hand(f"h{n}")
    assert len(p.settled) <= 8 and p.is_settled("h19") and not p.is_settled("h18")
    assert p.claim_hand("h18")  # an older id: a new hand that happens to look the same
    assert Profile.from_dict(p.to_dict()).settled == p.settled


def test_a_damaged_profile_with_no_backup_keeps_what_can_be_read(tmp_path):
    """One bad statistic (say ``"wins": "many"``) and no good backup: the coins, the items
    and the good statistics are kept, the bad field is back to its default, the player is
    told; before, the whole profile was reset to a new player's."""
    import json

    p = Profile()
    p.buy("qian_kun")
    play(p)
    save_profile(p, tmp_path)
    store = profile_store(tmp_path)
    for backup in store.backup_paths:
        backup.unlink(missing_ok=True)
    doc = json.loads(store.path.read_text("utf-8"))
    doc["data"]["stats"]["wins"] = "many"
    doc["data"]["items"]["tou_tian"] = "x"
    store.path.write_text(json.dumps(doc), "utf-8")
    loaded, notice = load_profile(tmp_path)
    assert notice is not None and notice.kind is NoticeKind.SALVAGED
    assert "kept" in notice.en and ".corrupt-" in notice.en
    assert loaded.coins == p.coins and loaded.count("qian_kun") == p.count("qian_kun")
    assert loaded.count("tou_tian") == 0  # the unreadable count
    assert loaded.stats.wins == 0 and loaded.stats.hands == p.stats.hands
    # what was kept is the file now: a start that saved nothing before it closed found no
    # profile the next time (the damaged one moved aside) and began a new player's
    again, notice = load_profile(tmp_path)
    assert notice is None and again.coins == p.coins and again.stats.hands == p.stats.hands


def test_a_file_with_nothing_readable_is_still_a_new_player(tmp_path):
    import json

    save_profile(Profile(), tmp_path)
    store = profile_store(tmp_path)
    for backup in store.backup_paths:
        backup.unlink(missing_ok=True)
    doc = {"schema": store.schema, "version": store.version, "data": {"coins": "lots"}}
    store.path.write_text(json.dumps(doc), "utf-8")
    loaded, notice = load_profile(tmp_path)
    assert notice is not None and notice.kind is NoticeKind.RESET_TO_DEFAULTS
    assert loaded == Profile()
