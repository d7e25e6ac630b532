"""Two games started on one data folder keep what each of them earned and bought.

Each game holds the profile it loaded and saves it whole: the second game's save wrote back
the coins and items it loaded, so what the first had bought, won or lost since was gone (a
hand won in one window and an item bought in the other: one of the two was lost).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.profile import ITEM_IDS, Profile, load_profile, save_profile


def test_a_buy_in_one_game_and_a_win_in_the_other_are_both_kept(tmp_path: Path) -> None:
    save_profile(Profile(), tmp_path)
    first, _ = load_profile(tmp_path)
    second, _ = load_profile(tmp_path)
    assert first.buy("qian_kun").ok  # 500 coins
    assert save_profile(first, tmp_path) is None
    second.record_hand(won=True, coins=36, points=6, pattern="ping_hu", fan=1, preset="standard")
    assert second.use_item("yi_hua")
    assert save_profile(second, tmp_path) is None
    kept, notice = load_profile(tmp_path)
    assert notice is None
    assert kept.coins == 1000 - 500 + 36
    assert kept.items["qian_kun"] == 2 and kept.items["yi_hua"] == 0
    assert kept.stats.hands == 1 and kept.stats.wins == 1
    # the second game now shows what the first bought, and its next save keeps it
    assert second.coins == kept.coins and second.items == kept.items
    assert save_profile(first, tmp_path) is None
    again, _ = load_profile(tmp_path)
    assert again.coins == 536 and again.items["qian_kun"] == 2 and again.stats.hands == 1


def test_two_first_runs_keep_both_games(tmp_path: Path) -> None:
    first, _ = load_profile(tmp_path)
    second, _ = load_profile(tmp_path)
    first.record_hand(won=False, coins=-12, points=-2)
    save_profile(first, tmp_path)
    second.record_hand(won=True, coins=24, points=4, pattern="ping_hu", fan=1)
    save_profile(second, tmp_path)
    kept, _ = load_profile(tmp_path)
    assert (kept.coins, kept.stats.hands, kept.stats.wins) == (1012, 2, 1)


@dataclass(frozen=True)
class Op:
    game: int  # which of the two games
    kind: str  # buy / use / hand / match
    item: str = ITEM_IDS[0]
    amount: int = 0
    save: bool = True


OPS = st.builds(
    Op,
    game=st.integers(0, 1),
    kind=st.sampled_from(["buy", "use", "hand", "match"]),
    item=st.sampled_from(ITEM_IDS),
    amount=st.integers(-300, 300),
    save=st.booleans(),
)


def _apply(profile: Profile, op: Op) -> None:
    if op.kind == "buy":
        assert profile.buy(op.item).ok
    elif op.kind == "use":
        assert profile.use_item(op.item)
    elif op.kind == "hand":
        won = op.amount > 0
        profile.record_hand(
            won=won,
            coins=op.amount,
            points=op.amount // 6,
            pattern="ping_hu" if won else None,
            fan=1 if won else None,
            preset="standard",
        )
    else:
        profile.record_match(points=op.amount, preset="standard", rank=1 if op.amount > 0 else 3)


@settings(max_examples=60, deadline=None)
@given(ops=st.lists(OPS, max_size=16))
def test_whatever_two_games_do_in_turn_every_change_is_kept(
    tmp_path_factory: pytest.TempPathFactory, ops: list[Op]
) -> None:
    folder = tmp_path_factory.mktemp("home")
    rich = Profile(coins=100_000, items=dict.fromkeys(ITEM_IDS, 20))
    save_profile(rich, folder)
    games = [load_profile(folder)[0], load_profile(folder)[0]]
    one = Profile.from_dict(rich.to_dict())  # the same changes made in one game
    for op in ops:
        _apply(games[op.game], op)
        _apply(one, op)
        if op.save:
            assert save_profile(games[op.game], folder) is None
    for game in games:
        assert save_profile(game, folder) is None
    kept, _ = load_profile(folder)
    assert kept.coins == one.coins
    assert kept.items == one.items
    assert kept.shop_spent == one.shop_spent
    s, t = kept.stats, one.stats
    assert (s.hands, s.wins, s.matches, s.points, s.coins, s.deal_ins, s.self_draws) == (
        t.hands,
        t.wins,
        t.matches,
        t.points,
        t.coins,
        t.deal_ins,
        t.self_draws,
    )
    assert s.patterns == t.patterns and s.per_preset == t.per_preset
    assert sorted(s.match_points) == sorted(t.match_points)
