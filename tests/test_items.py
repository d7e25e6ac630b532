"""Items (RULES.md §8, engine/items.py): each effect and each refusal, secrecy, conservation
in seeded self-play with thousands of random item uses, 乾坤大挪移's promise over 1,000 deals,
exact replays, and the bots' item policy."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence

import pytest

from engine import replay as replay_mod
from engine.bots.items_policy import suggest_item, wants_qian_kun
from engine.items import (
    ITEM_IDS,
    ITEMS,
    ItemRefusedError,
    ItemResult,
    Timing,
    is_offered,
    item_action,
    qian_li_yan_sixths,
)
from engine.round import (
    Action,
    ActionKind,
    EventKind,
    IllegalActionError,
    Phase,
    Round,
    Step,
    compose_wall,
)
from engine.rules import PRESETS, RuleSet, get_preset
from engine.text import Narrator
from engine.tiles import NUM_KINDS, parse_tile, parse_tiles

AK = ActionKind
ALL = dict.fromkeys(ITEM_IDS, 1)


def t(text: str) -> int:
    return parse_tile(text)


def rules_plain(**extra: object) -> RuleSet:
    """standard (items on), without 定缺 so play starts at once."""
    return get_preset("standard").with_overrides({"declare_void": False, **extra})


def make(
    hands: Sequence[str],
    draws: str = "",
    *,
    inventories: Sequence[Mapping[str, int]] | None = None,
    rules: RuleSet | None = None,
    **kw: object,
) -> Round:
    wall = compose_wall([parse_tiles(h) for h in hands], parse_tiles(draws), 0)
    return Round.from_wall(
        rules or rules_plain(),
        wall,
        0,
        dice=(1, 1),
        inventories=inventories if inventories is not None else [ALL, ALL, ALL, ALL],
        **kw,  # type: ignore[arg-type]
    )


READY = [
    "123m456m789m234p5p9s",  # dealer 14: 9s is loose; 5p alone waits on 5p (pair)
    "111s222s333s444s6m",
    "777s888s999s555s7m",
    "1p1p6p6p7p7p8p8p9p9p2p2p3p",
]


def test_catalog() -> None:
    assert ITEM_IDS == (
        "qian_kun",
        "tou_tian",
        "yi_hua",
        "qian_li_yan",
        "shun_feng_er",
        "jin_shou_zhi",
    )
    for item in ITEMS.values():
        assert item.name_zh and item.name_en and item.desc_zh and item.desc_en
        assert item.timing_zh and item.timing_en
    assert ITEMS["qian_kun"].timing is Timing.BEFORE_DEAL
    assert {i for i, m in ITEMS.items() if m.swap} == {"tou_tian", "yi_hua"}
    assert ITEMS["jin_shou_zhi"].timing is Timing.ONCE_PER_TABLE


def _held(r: Round, seat: int) -> dict[str, int]:
    view = r.view(seat)
    return dict(view.inventory)


def _item_kinds(r: Round, seat: int) -> list[str]:
    return [a.item or "" for a in r.legal_actions(seat) if a.kind is AK.USE_ITEM]


def test_no_inventories_no_item_actions() -> None:
    r = Round.new(rules_plain(), 1)
    assert r.items is None
    assert all(a.kind is not AK.USE_ITEM for a in r.legal_actions(0))
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "shun_feng_er"))
    assert exc.value.refusal.code == "items_off"


def test_items_off_means_no_item_actions_at_all() -> None:
    rules = get_preset("jj")  # items off
    r = Round.new(rules, 1, inventories=[ALL] * 4)
    assert r.items is None
    for seat in range(4):
        assert all(a.kind is not AK.USE_ITEM for a in r.legal_actions(seat))
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(r.pending_seats()[0], "qian_li_yan", kind=0))
    assert exc.value.refusal.code == "items_off"
    with pytest.raises(ValueError, match="items are off"):
        Round.new(rules, 1, inventories=[ALL] * 4, qian_kun=[0])


def test_offered_actions_by_timing() -> None:
    r = make(READY)
    assert r.phase is Phase.PLAY and r.pending_seats() == [0]
    assert _item_kinds(r, 0) == [
        "tou_tian",
        "yi_hua",
        "qian_li_yan",
        "shun_feng_er",
        "jin_shou_zhi",
    ]
    # a seat that need not act may use the any-time items only
    assert _item_kinds(r, 1) == ["qian_li_yan", "shun_feng_er", "jin_shou_zhi"]
    legal = r.legal_actions(0)
    # item actions come after every game action (a fallback to legal[0] never uses one)
    first_item = next(i for i, a in enumerate(legal) if a.kind is AK.USE_ITEM)
    assert all(a.kind is AK.USE_ITEM for a in legal[first_item:])
    assert is_offered(item_action(0, "tou_tian", give=t("9s"), want=t("5p")), legal)
    assert not is_offered(item_action(1, "tou_tian", give=t("9s"), want=t("5p")), legal)


def test_tou_tian_completes_a_ready_hand() -> None:
    r = make(READY, "5p1m1m1m")
    before = r.hand_of(0)
    assert before[t("5p")] == 1
    wall_before = r.wall_remaining
    events = r.apply(item_action(0, "tou_tian", give=t("9s"), want=t("5p")))
    assert [e.kind for e in events] == [EventKind.ITEM_USED]
    res = events[0].item_result
    assert res is not None and res.given == t("9s") and res.tile == t("5p")
    after = r.hand_of(0)
    assert after[t("9s")] == 0 and after[t("5p")] == 2
    assert r.wall_remaining == wall_before
    r.check_invariants()
    # the only live 5p was the next tile: the 9s took its place
    assert r._wall[r._pos] == t("9s")
    legal = r.legal_actions(0)
    assert legal[0] == Action(AK.WIN, 0, t("5p"))  # the tile taken is the winning tile
    assert r.view(0).last_drawn == t("5p")
    assert _held(r, 0).get("tou_tian") is None
    r.apply(legal[0])
    r.check_invariants()
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.tile == t("5p") and "self_drawn" in win.flags
    assert "kong_bloom" not in win.flags
    # 血战到底 goes on, but a winner uses no more items (RULES.md §8)
    assert not r.is_over and r.pending_seats() != [0]
    assert _item_kinds(r, 0) == []
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "qian_li_yan", kind=t("1m")))
    assert exc.value.refusal.code == "won"
    assert r.items is not None
    assert r.items.used(0) == {"tou_tian": 1} and r.items.used(1) == {}


def test_a_swapped_hand_is_no_heavenly_or_earthly_hand() -> None:
    """天胡 is a win on the dealer's initial 14 tiles, 地胡 one on a first draw (RULES.md
    §5.1): a hand that took a tile by 偷天换日 or 移花接木 on that turn is neither, and scores
    as the hand it is (engine/round/state.py _first_turn). Without the item the same win is
    the heavenly hand."""
    # the dealer holds 123m456m789m234p + 5p5p: already a win on its 14 tiles — 天胡
    heavenly = ["123m456m789m234p5p5p", *READY[1:]]
    r = make(heavenly, "1m1m1m")
    r.apply(r.legal_actions(0)[0])
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert win.score is not None and win.score.pattern == "tian_hu" and "first_turn" in win.flags
    # the same dealer without the pair, made whole by a swap: a plain self-draw
    r = make(READY, "5p1m1m1m")
    r.apply(item_action(0, "tou_tian", give=t("9s"), want=t("5p")))
    r.apply(r.legal_actions(0)[0])
    win = next(e for e in r.events if e.kind is EventKind.WIN)
    assert (
        win.score is not None and win.score.pattern != "tian_hu" and "first_turn" not in win.flags
    )
    # 地胡: seat 1 waits on 7m and draws it on its first turn; drawing a 1m instead and
    # swapping it for the 7m by 偷天换日 is no first-turn win
    earthly = ["123m456m789m234p5p9s", "111s222s333s444s7m", *READY[2:]]
    for swap in (False, True):
        r = make(earthly, "1m7m1m1m" if swap else "7m1m1m1m")
        r.apply(Action(AK.DISCARD, 0, t("9s")))
        while r.pending_seats() != [1]:
            seat = r.pending_seats()[0]
            r.apply(next(a for a in r.legal_actions(seat) if a.kind is AK.PASS))
        if swap:
            r.apply(item_action(1, "tou_tian", give=t("1m"), want=t("7m")))
        r.apply(next(a for a in r.legal_actions(1) if a.kind is AK.WIN))
        win = next(e for e in r.events if e.kind is EventKind.WIN)
        assert ("first_turn" in win.flags) is not swap
        assert win.score is not None and (win.score.pattern == "di_hu") is not swap


def test_tou_tian_refused_without_a_live_copy() -> None:
    # every 6m is in the players' hands: none is live
    hands = [
        "123m456m789m234p5p9s",
        "666m222s333s444s5s",
        "777s888s999s555s7m",
        "1p1p6p6p7p7p8p8p9p9p2p2p3p",
    ]
    r = make(hands)
    n_events, n_dec = len(r.events), len(r.decisions)
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "tou_tian", give=t("9s"), want=t("6m")))
    assert exc.value.refusal.code == "no_live_copy"
    assert "6 Characters" in exc.value.refusal.en and "六万" in exc.value.refusal.zh
    assert len(r.events) == n_events and len(r.decisions) == n_dec
    assert _held(r, 0)["tou_tian"] == 1  # item kept
    # other parameter refusals
    for action, code in [
        (item_action(0, "tou_tian", want=t("5p")), "no_tile"),
        (item_action(0, "tou_tian", give=t("1s"), want=t("5p")), "not_in_hand"),
        (item_action(0, "tou_tian", give=t("9s")), "no_kind"),
        (item_action(0, "tou_tian", give=t("9s"), want=t("9s")), "same_kind"),
        (item_action(0, "yi_hua"), "no_tile"),
        (item_action(0, "qian_li_yan"), "no_kind"),
        (Action(AK.USE_ITEM, 0, item="magic"), "unknown_item"),
    ]:
        with pytest.raises(ItemRefusedError) as exc:
            r.apply(action)
        assert exc.value.refusal.code == code, action
    r.check_invariants()


def test_yi_hua_and_one_swap_per_turn() -> None:
    r = make(READY)
    census = [sum(r.hand_of(s)) for s in range(4)]
    events = r.apply(item_action(0, "yi_hua", give=t("9s")))
    res = events[0].item_result
    assert res is not None and res.given == t("9s") and res.tile is not None
    assert [sum(r.hand_of(s)) for s in range(4)] == census
    r.check_invariants()
    assert r.view(0).last_drawn == res.tile
    assert "tou_tian" not in _item_kinds(r, 0) and "yi_hua" not in _item_kinds(r, 0)
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "tou_tian", give=r.view(0).tiles[0], want=t("5p")))
    assert exc.value.refusal.code == "swap_used"

    # next turn of seat 0: a swap is allowed again
    def turns() -> int:
        return sum(1 for e in r.events if e.kind is EventKind.TURN and e.seat == 0)

    while not r.is_over and not (turns() == 2 and r.step is Step.TURN and r.current == 0):
        seat = r.pending_seats()[0]
        legal = [a for a in r.legal_actions(seat) if a.kind in (AK.DISCARD, AK.PASS)]
        r.apply(legal[-1])
    assert not r.is_over and r.current == 0
    assert "tou_tian" in _item_kinds(r, 0)


def test_wrong_timing_refusals() -> None:
    r = make(READY)
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(1, "yi_hua", give=t("6m")))
    assert exc.value.refusal.code == "not_your_turn"
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(Action(AK.USE_ITEM, 0, item="qian_kun"))
    assert exc.value.refusal.code == "before_deal"
    r2 = make(READY, inventories=[{}, {"qian_li_yan": 1}, {}, {}])
    with pytest.raises(ItemRefusedError) as exc:
        r2.apply(item_action(0, "shun_feng_er"))
    assert exc.value.refusal.code == "not_held"
    assert _item_kinds(r2, 0) == []


def test_no_items_after_winning_or_after_the_hand() -> None:
    r = make(READY, "5p")
    r.apply(Action(AK.DISCARD, 0, t("9s")))
    # play on (never using items) until seat 0 wins; 血战到底 then goes on without it
    rng = random.Random(3)
    while not r.is_over and not r._won[0]:
        seat = r.pending_seats()[0]
        legal = [a for a in r.legal_actions(seat) if a.kind is not AK.USE_ITEM]
        wins = [a for a in legal if a.kind is AK.WIN and a.seat == 0]
        r.apply(wins[0] if wins else rng.choice([a for a in legal if a.kind is not AK.WIN]))
    assert r._won[0] and not r.is_over
    if not r.is_over:
        assert _item_kinds(r, 0) == []
        with pytest.raises(ItemRefusedError) as exc:
            r.apply(item_action(0, "shun_feng_er"))
        assert exc.value.refusal.code == "won"
    r3 = make(READY)
    r3.leave(1)
    assert r3.is_over and _item_kinds(r3, 0) == []
    with pytest.raises(IllegalActionError):
        r3.apply(item_action(0, "shun_feng_er"))


def test_qian_li_yan_result_and_secrecy() -> None:
    r = make(READY, "1m9m1m5m")
    live = r._wall[r._pos :]
    events = r.apply(item_action(2, "qian_li_yan", kind=t("1m")))  # seat 2 need not act
    assert r.pending_seats() == [0]  # who must act is unchanged
    res = events[0].item_result
    assert res is not None and res.tile == t("1m")
    assert res.sixths == qian_li_yan_sixths(live, t("1m"))
    assert res.copies == sum(1 for k in live if k == t("1m")) == 3
    assert res.sixths[0] == 0 and res.wall_remaining == len(live)
    assert "3 copies of 1 Character left" in res.describe("en")
    assert "还有 3 张" in res.describe("zh")
    # everybody sees the use, only seat 2 the result
    ev = events[0]
    for seat in range(4):
        mine = ev.for_seat(seat)
        assert mine.kind is EventKind.ITEM_USED and mine.seat == 2 and mine.detail == "qian_li_yan"
        assert (mine.item_result is not None) == (seat == 2)
        view = r.view(seat)
        assert bool(view.item_results) == (seat == 2)
        assert all(e.item_result is None for e in r.events_for(seat) if e.seat != seat)
    line = Narrator("en").event_line(ev.for_seat(0))
    assert "used Far-Seeing Eye" in line and "left" not in line
    assert "3" in Narrator("zh").event_line(ev)


def test_qian_li_yan_sixths() -> None:
    live = [0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 5]  # 12 tiles: sixths of 2 tiles each
    assert qian_li_yan_sixths(live, 5) == (2, 5)
    assert qian_li_yan_sixths(live, 26) == ()


@pytest.mark.parametrize("remaining", [1, 5, 7, 13, 40, 55, 99])
def test_qian_li_yan_names_the_draws_its_copy_lies_in(remaining: int) -> None:
    """The player reads "about draws lo–hi" (RULES.md §8): for a copy at any position of a
    live wall of any size, its own draw number lies in the span its sixth names."""
    for at in range(remaining):
        live = [1] * remaining
        live[at] = 0
        (sixth,) = qian_li_yan_sixths(live, 0)
        result = ItemResult("qian_li_yan", 0, wall_remaining=remaining, tile=0, sixths=(sixth,))
        for lang in ("en", "zh"):
            text = result.describe(lang)
            span = r"约第 (\d+)(?: 至 (\d+))? 张" if lang == "zh" else r"draws? (\d+)(?:–(\d+))?\)"
            lo, hi = re.findall(span, text)[-1]
            assert int(lo) <= at + 1 <= int(hi or lo), (lang, text, at + 1)


def test_shun_feng_er_shows_the_next_draw() -> None:
    r = make(READY, "8m")
    events = r.apply(item_action(3, "shun_feng_er"))
    res = events[0].item_result
    assert res is not None and res.tile == t("8m")
    r.apply(Action(AK.DISCARD, 0, t("9s")))
    for s in r.pending_seats():
        r.apply(Action(AK.PASS, s))
    draw = next(e for e in reversed(r.events) if e.kind is EventKind.DRAW)
    assert draw.seat == 1 and draw.tile == t("8m")


def test_jin_shou_zhi_is_golden_once_per_table() -> None:
    r = make(READY)
    r.apply(item_action(1, "jin_shou_zhi"))
    for seat in range(4):
        assert r.view(seat).seats[1].golden and not r.view(seat).seats[0].golden
    assert "jin_shou_zhi" not in _item_kinds(r, 1)
    assert r.items is not None and r.items.golden_seats() == (1,)
    r2 = make(READY, golden=[1])
    assert r2.view(0).seats[1].golden
    assert "jin_shou_zhi" not in _item_kinds(r2, 1)
    with pytest.raises(ItemRefusedError) as exc:
        r2.apply(item_action(1, "jin_shou_zhi"))
    assert exc.value.refusal.code == "already_golden"


def test_forced_win_offers_no_items() -> None:
    # a ready dealer whose next turn falls in the last four tiles (RULES.md §3.6)
    r = make(READY)
    r._pos = 108 - 3  # jump to the end of the wall on the dealer's turn (test shortcut)
    r._drawn = t("5p")
    r._late_draw[0] = True  # ... drawn as one of the last four
    r._hands[0][t("9s")] -= 1
    r._hands[0][t("5p")] += 1
    r._options = {0: r._turn_options(0)}
    assert [a.kind for a in r.legal_actions(0)] == [AK.WIN]
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "shun_feng_er"))
    assert exc.value.refusal.code == "forced_win"


def _suit_max(tiles: Sequence[int]) -> int:
    return max(sum(1 for k in tiles if k // 9 == s) for s in range(3))


def test_qian_kun_promise_in_1000_of_1000_deals() -> None:
    rules = get_preset("standard")
    for seed in range(1000):
        dealer = seed % 4
        users = [seed % 4] if seed % 5 else [0, 1, 2, 3]  # every 5th deal: all four use it
        if seed % 7 == 3:
            users = [(seed + 1) % 4]
        inv = [{"qian_kun": 1} for _ in range(4)]
        r = Round.new(rules, seed, dealer, inventories=inv, qian_kun=users)
        assert r.tile_census() == 108
        r.check_invariants()
        deals = {e.seat: e.tiles for e in r.events if e.kind is EventKind.DEAL}
        used = [e for e in r.events if e.kind is EventKind.ITEM_USED]
        assert sorted(e.seat for e in used if e.seat is not None) == sorted(users)
        for e in used:
            assert e.seat is not None and e.item_result is not None
            suit = e.item_result.suit
            assert suit is not None
            need = 11 if e.seat == dealer else 10
            n = sum(1 for k in deals[e.seat] if k // 9 == suit)
            assert n >= need, (seed, e.seat, deals[e.seat])
            assert _held(r, e.seat).get("qian_kun") is None
            assert e.for_seat((e.seat + 1) % 4).item_result is None
        # the wall is still a permutation of the 108 tiles
        assert sorted(r._wall) == sorted(k for k in range(NUM_KINDS) for _ in range(4))


def test_qian_kun_needs_the_item() -> None:
    with pytest.raises(ValueError, match="holds no"):
        Round.new(get_preset("standard"), 1, inventories=[{}, {}, {}, {}], qian_kun=[0])


def test_inventory_validation() -> None:
    with pytest.raises(ValueError, match="unknown item"):
        Round.new(get_preset("standard"), 1, inventories=[{"x": 1}, {}, {}, {}])
    with pytest.raises(ValueError, match="one per seat"):
        Round.new(get_preset("standard"), 1, inventories=[{}])


# --- seeded self-play with random item uses -----------------------------------------------


def _random_item(r: Round, rng: random.Random, seat: int, rep: Action) -> Action:
    view = r.view(seat)
    item = rep.item or ""
    if item in ("tou_tian", "yi_hua"):
        give = rng.choice(view.tiles)
        want = rng.randrange(NUM_KINDS) if item == "tou_tian" else None
        return item_action(seat, item, give=give, want=want)
    if item == "qian_li_yan":
        return item_action(seat, item, kind=rng.randrange(NUM_KINDS))
    return rep


def _selfplay(preset: str, seed: int, item_rate: float = 0.3) -> tuple[Round, int]:
    rules = PRESETS[preset].with_overrides({"items": True})
    n = rules.players
    rng = random.Random(seed)
    inv = [{i: rng.randrange(0, 4) for i in ITEM_IDS} for _ in range(n)]
    users = [s for s in range(n) if inv[s]["qian_kun"] and rng.random() < 0.5]
    r = Round.new(rules, seed, seed % n, inventories=inv, qian_kun=users)
    census = r.tile_census()
    used = len(users)
    r.check_invariants()
    for _ in range(2000):
        if r.is_over:
            break
        # sometimes a seat that need not act uses an any-time item
        seat = rng.randrange(n) if rng.random() < 0.1 else rng.choice(r.pending_seats())
        legal = r.legal_actions(seat)
        if not legal:
            continue
        items = [a for a in legal if a.kind is AK.USE_ITEM]
        if items and rng.random() < item_rate:
            action = _random_item(r, rng, seat, rng.choice(items))
            before = (len(r.events), len(r.decisions), r.view(seat).inventory)
            try:
                r.apply(action)
                used += 1
            except ItemRefusedError as exc:
                # (a kind of a suit a two-suit room does not have: not_in_room)
                assert exc.refusal.code in {"no_live_copy", "same_kind", "not_in_room"}, exc
                assert (len(r.events), len(r.decisions), r.view(seat).inventory) == before
        else:
            game = [a for a in legal if a.kind is not AK.USE_ITEM]
            if not game:
                continue
            r.apply(rng.choice(game))
        r.check_invariants()
        assert r.tile_census() == census
        for s in range(n):
            if r._won[s]:
                assert not any(a.kind is AK.USE_ITEM for a in r.legal_actions(s))
    assert r.is_over
    return r, used


def test_selfplay_with_thousands_of_item_uses_conserves_tiles_and_replays() -> None:
    total = 0
    presets = ["standard", "modern", "modern_xueliu", "chengdu", "wiki"]
    for seed in range(150):
        r, used = _selfplay(presets[seed % len(presets)], seed)
        total += used
        doc = json.loads(replay_mod.dumps(replay_mod.record(r)))
        again = replay_mod.replay(doc)
        assert again.events == r.events, seed
        assert again.ledger.entries == r.ledger.entries
    assert total >= 2000, total


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren"])
def test_items_in_the_short_handed_rooms_conserve_72_tiles_and_replay(preset: str) -> None:
    """三人两房 and 两人 (72 tiles, two suits): random item uses by 3 or 2 seats keep the
    wall a permutation of the 72 tiles, and the hand replays exactly."""
    total = 0
    for seed in range(24):
        r, used = _selfplay(preset, seed)
        total += used
        assert r.tile_census() == 72
        doc = json.loads(replay_mod.dumps(replay_mod.record(r)))
        assert replay_mod.replay(doc).events == r.events, seed
    assert total >= 150, total


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren"])
def test_qian_kun_in_the_short_handed_rooms(preset: str) -> None:
    """乾坤大挪移 in a two-suit wall: the promised suit is one the wall has, at least 10
    (dealer 11) dealt tiles of it, the 72 tiles a permutation."""
    rules = get_preset(preset)
    n = rules.players
    for seed in range(200):
        dealer = seed % n
        users = list(range(n)) if seed % 3 == 0 else [seed % n]
        r = Round.new(rules, seed, dealer, inventories=[{"qian_kun": 1}] * n, qian_kun=users)
        deals = {e.seat: e.tiles for e in r.events if e.kind is EventKind.DEAL}
        for e in r.events:
            if e.kind is EventKind.ITEM_USED:
                assert e.seat is not None and e.item_result is not None
                suit = e.item_result.suit
                assert suit in rules.kept_suits
                need = 11 if e.seat == dealer else 10
                assert sum(1 for k in deals[e.seat] if k // 9 == suit) >= need, seed
        assert sorted(r._wall) == sorted(
            k for k in range(NUM_KINDS) if k // 9 in rules.kept_suits for _ in range(4)
        )


def test_replay_of_an_explicit_wall_with_items() -> None:
    r = make(READY, "5p1m1m1m", qian_kun=[2])
    r.apply(item_action(0, "yi_hua", give=t("9s")))
    r.apply(item_action(1, "qian_li_yan", kind=t("1m")))
    r.apply(r.legal_actions(0)[0])
    doc = replay_mod.record(r)
    assert doc["wall_source"] == "explicit" and doc["qian_kun"] == [2]
    assert doc["version"] == replay_mod.VERSION == 4
    again = replay_mod.replay(json.loads(replay_mod.dumps(doc)))
    assert again.events == r.events
    # a version-1 document (no items) still replays
    plain = Round.new(rules_plain(), 5)
    while not plain.is_over:
        seat = plain.pending_seats()[0]
        plain.apply(plain.legal_actions(seat)[0])
    doc1 = replay_mod.record(plain)
    doc1["version"] = 1
    assert "inventories" not in doc1
    assert replay_mod.replay(doc1).events == plain.events


def test_item_result_in_event_json() -> None:
    r = make(READY, "1m")
    ev = r.apply(item_action(0, "qian_li_yan", kind=t("1m")))[0]
    out = replay_mod.event_to_json(ev)
    assert out["detail"] == "qian_li_yan" and out["item_result"]["tile"] == "1m"
    assert "item_result" not in replay_mod.event_to_json(ev.for_seat(1))


# --- the bots' item policy ----------------------------------------------------------------


def test_policy_needs_bots_use_items() -> None:
    r = make(READY, "5p1m1m1m")
    assert suggest_item(r.view(0), r.legal_actions(0)) is None
    assert not wants_qian_kun(r.rules, {"qian_kun": 1})
    on = rules_plain(bots_use_items=True)
    assert wants_qian_kun(on, {"qian_kun": 1}) and not wants_qian_kun(on, {})


def test_policy_checks_the_wait_then_steals_the_winning_tile() -> None:
    r = make(READY, "1m1m5p1m", rules=rules_plain(bots_use_items=True))
    # giving 9s leaves 234p5p waiting on 2p or 5p (3 unseen each): 2p is checked first
    first = suggest_item(r.view(0), r.legal_actions(0))
    assert first == item_action(0, "qian_li_yan", kind=t("2p"))
    r.apply(first)
    assert r.view(0).item_results[-1].copies == 1
    second = suggest_item(r.view(0), r.legal_actions(0))
    assert second == item_action(0, "tou_tian", give=t("9s"), want=t("2p"))
    r.apply(second)
    assert r.legal_actions(0)[0].kind is AK.WIN
    assert suggest_item(r.view(0), r.legal_actions(0)) is None  # a win is on the table


def test_policy_is_deterministic_and_always_accepted_in_selfplay() -> None:
    rules = get_preset("standard").with_overrides({"bots_use_items": True})
    uses = 0
    for seed in range(30):
        inv = [dict.fromkeys(ITEM_IDS, 2) for _ in range(4)]
        users = [s for s in range(4) if wants_qian_kun(rules, inv[s])]
        r = Round.new(rules, seed, seed % 4, inventories=inv, qian_kun=users)
        rng = random.Random(seed)
        while not r.is_over:
            seat = r.pending_seats()[0]
            legal = r.legal_actions(seat)
            view = r.view(seat)
            s1 = suggest_item(view, legal)
            assert s1 == suggest_item(view, legal)
            if s1 is not None:
                assert is_offered(s1, legal)
                try:
                    r.apply(s1)
                    uses += 1
                except ItemRefusedError as exc:
                    assert exc.refusal.code == "no_live_copy"
                    r.apply(rng.choice([a for a in legal if a.kind is not AK.USE_ITEM]))
                continue
            r.apply(rng.choice([a for a in legal if a.kind is not AK.USE_ITEM]))
            r.check_invariants()
    assert uses > 30


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren"])
def test_qian_li_yan_refuses_a_suit_the_wall_does_not_have(preset: str) -> None:
    # the two-suit rooms (docs/rules-short-handed.md): asking about a Characters tile would
    # spend the item on "none left"; it is refused and kept
    from engine.round import Round

    rules = get_preset(preset).with_overrides(["items=on"])
    inv = [{"qian_li_yan": 1} for _ in range(rules.players)]
    r = Round.new(rules, 5, 0, inventories=inv)
    missing = next(s for s in range(3) if s not in rules.kept_suits)
    with pytest.raises(ItemRefusedError) as exc:
        r.apply(item_action(0, "qian_li_yan", kind=missing * 9 + 4))
    refusal = exc.value.refusal
    assert refusal.code == "not_in_room"
    assert "Characters" in refusal.en and "万" in refusal.zh and "{" not in refusal.en
    assert _held(r, 0)["qian_li_yan"] == 1
    kept = rules.kept_suits[0] * 9 + 4
    r.apply(item_action(0, "qian_li_yan", kind=kept))  # a suit of the wall: answered
    assert _held(r, 0).get("qian_li_yan", 0) == 0


def test_a_swap_items_result_runs_on_in_chinese() -> None:
    """偷天换日 / 移花接木's result: "移花接木：八万换成了一筒", no spaces between Chinese words."""
    import re

    from engine.items import ItemResult

    for item in ("tou_tian", "yi_hua"):
        result = ItemResult(item, 0, 40, tile=parse_tile("1p"), given=parse_tile("8m"))
        zh = result.describe("zh")
        assert "八万换成了一筒" in zh and not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", zh)


def test_a_swap_in_the_turn_of_a_pong_may_complete_the_hand_and_win() -> None:
    """RULES.md §8: the swaps are used "on own turn, before discarding", a pong's turn too,
    and the tile taken stands for the turn's draw (engine/round/items.py). In a pong's turn
    the hand a swap completed offered no 胡: it could only be broken again by the discard
    (and a bot spent 千里眼 and 偷天换日 on it). Now it wins, self-drawn, as on a drawn turn;
    the bot's swap there wins too."""
    hands = [
        "123p456p789p2s3s4s6s9s",
        "123m456m789m8s9s9s5s",  # pongs the 9s, then 5s for an 8s completes the hand
        "111s222s333s44s7m8m",
        "5p5p6p6p7p7p8p8p1m1m2m2m3m",
    ]
    probe = make(hands, "1m8s", rules=rules_plain(bots_use_items=True))
    probe.apply(Action(AK.DISCARD, 0, t("9s")))
    probe.apply(Action(AK.PONG, 1, t("9s")))
    assert all(a.kind is not AK.WIN for a in probe.legal_actions(1))  # the pong alone: no
    probe.apply(item_action(1, "tou_tian", give=t("5s"), want=t("8s")))
    win = Action(AK.WIN, 1, t("8s"))
    assert win in probe.legal_actions(1)
    assert probe.view(1).win_score is not None and probe.view(1).win_score.self_drawn
    probe.apply(win)
    assert probe.wins and probe.wins[-1].seat == 1 and probe.wins[-1].self_drawn
    # the bot, with the same chance, takes it
    r = make(hands, "1m6p8s7s", rules=rules_plain(bots_use_items=True))
    r.apply(Action(AK.DISCARD, 0, t("9s")))
    r.apply(Action(AK.PONG, 1, t("9s")))
    for _ in range(3):  # (it may check the wait with 千里眼 first)
        suggestion = suggest_item(r.view(1), r.legal_actions(1))
        if suggestion is None:
            break
        r.apply(suggestion)
        if suggestion.item == "tou_tian":
            break
    assert any(a.kind is AK.WIN for a in r.legal_actions(1))


def test_qian_li_yan_reads_as_a_sentence_in_both_languages() -> None:
    """Two copies in one sixth read "…第 10/6 段（约第 47 至 55 张）×2" / "sixth 6 of 6 (about
    draws 47–55) ×2": a multiplication sign glued to a range. The answer says how many copies
    lie around which draws, in words."""
    both = ItemResult("qian_li_yan", 0, 55, tile=t("5p"), sixths=(5, 5))
    assert both.describe("en") == (
        "Far-Seeing Eye: 2 copies of 5 Dots left in the wall (both about draws 47–55)"
    )
    assert both.describe("zh") == "千里眼：牌墙里还有 2 张五筒，都在约第 47 至 55 张"
    split = ItemResult("qian_li_yan", 0, 55, tile=t("5p"), sixths=(0, 0, 3))
    assert split.describe("en") == (
        "Far-Seeing Eye: 3 copies of 5 Dots left in the wall: two about draws 1–10 and one "
        "about draws 29–37"
    )
    assert split.describe("zh") == (
        "千里眼：牌墙里还有 3 张五筒：约第 1 至 10 张有 2 张，约第 29 至 37 张有 1 张"
    )
    apart = ItemResult("qian_li_yan", 0, 55, tile=t("5p"), sixths=(0, 3, 5))
    assert apart.describe("en").endswith(
        "3 copies of 5 Dots left in the wall: one about draws 1–10, one about draws 29–37 "
        "and one about draws 47–55"
    )
    assert apart.describe("zh").endswith(
        "还有 3 张五筒，约第 1 至 10 张、第 29 至 37 张、第 47 至 55 张各 1 张"
    )
    one = ItemResult("qian_li_yan", 0, 55, tile=t("5p"), sixths=(2,))
    assert one.describe("en").endswith("1 copy of 5 Dots left in the wall (about draws 20–28)")
    assert one.describe("zh").endswith("还有 1 张五筒，在约第 20 至 28 张")
    for res in (both, split, apart, one):
        for lang in ("zh", "en"):
            assert "×" not in res.describe(lang) and "/6" not in res.describe(lang)


def _play_to_wall(r: Round, rng: random.Random, remaining: int) -> int:
    """Play on without items or wins until a seat's own turn with ``remaining`` tiles left in
    the live wall; that seat."""
    while not r.is_over:
        seat = r.pending_seats()[0]
        if r.step is Step.TURN and r.current == seat and r.wall_remaining == remaining:
            return seat
        legal = [a for a in r.legal_actions(seat) if a.kind not in (AK.USE_ITEM, AK.WIN)]
        r.apply(rng.choice(legal or r.legal_actions(seat)))
    raise AssertionError("the hand ended first")


@pytest.mark.parametrize("preset", ["standard", "liangren"])
def test_a_swap_on_the_last_tile_of_the_wall_and_an_empty_wall(preset: str) -> None:
    """移花接木 with one tile left takes it and leaves the given tile as the wall's last, which
    the next seat draws; the wall's size and the table's tile count (108, 72) never change.
    With the wall empty the items that read or take from it are refused, the item kept, in
    both languages; 金手指 still works."""
    rules = get_preset(preset).with_overrides({"declare_void": False, "exchange_three": False})
    n = rules.players
    r = Round.new(rules, 0, 0, inventories=[dict.fromkeys(ITEM_IDS, 2)] * n)
    census = r.tile_census()
    assert census == (108 if n == 4 else 72)
    seat = _play_to_wall(r, random.Random(0), 1)
    last = r._live_wall()[0]
    give = max(r.view(seat).tiles, key=lambda k: (k != last, k))
    events = r.apply(item_action(seat, "yi_hua", give=give))
    res = events[0].item_result
    assert res is not None and res.tile == last and res.given == give
    assert r.wall_remaining == 1 and r._live_wall() == [give] and r.tile_census() == census
    r.check_invariants()
    peek = r.apply(item_action((seat + 1) % n, "shun_feng_er"))[0].item_result
    assert peek is not None and peek.tile == give
    rng = random.Random(1)
    while r.wall_remaining and not r.is_over:
        s = r.pending_seats()[0]
        legal = [a for a in r.legal_actions(s) if a.kind not in (AK.USE_ITEM, AK.WIN)]
        r.apply(rng.choice(legal or r.legal_actions(s)))
    draw = next(e for e in reversed(r.events) if e.kind is EventKind.DRAW)
    assert draw.tile == give and r.tile_census() == census
    assert not r.is_over  # the last drawer's turn
    user = next(s for s in range(n) if not r._won[s])
    assert _item_kinds(r, user) == ["jin_shou_zhi"]
    held = _held(r, user)
    for action in (
        item_action(user, "shun_feng_er"),
        item_action(user, "qian_li_yan", kind=rules.kept_suits[0] * 9),
    ):
        with pytest.raises(ItemRefusedError) as exc:
            r.apply(action)
        assert exc.value.refusal.code == "wall_empty"
        assert (
            exc.value.refusal.en == "the wall is empty" and exc.value.refusal.zh == "牌墙已经摸完了"
        )
    assert _held(r, user) == held  # kept
    r.apply(item_action(user, "jin_shou_zhi"))
    r.check_invariants()
