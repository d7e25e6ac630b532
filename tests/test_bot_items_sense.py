"""Bots spend items only where the answer serves a choice they make (RULES.md §8 with
``bots_use_items``). 顺风耳 was spent late in the wall before a discard nobody had shown
(生张), and nothing a bot chooses reads its answer — the next tile, which is mostly the next
player's draw: an item gone for a line in everyone's log, in 27 of 60 hands of greedy bots
holding one each."""

from __future__ import annotations

from engine.bots import load_bot
from engine.bots.items_policy import suggest_item
from engine.round import ActionKind, EventKind, Round
from engine.rules import get_preset


def test_bots_never_spend_shun_feng_er_on_nothing() -> None:
    rules = get_preset("standard").with_overrides(["bots_use_items=on"])
    suggested = 0
    for seed in range(12):
        inv = [{"shun_feng_er": 1, "yi_hua": 1} for _ in range(4)]
        rnd = Round.new(rules, seed, seed % 4, inventories=inv)
        bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
        while not rnd.is_over:
            seat = rnd.pending_seats()[0]
            legal = rnd.legal_actions(seat)
            act = suggest_item(rnd.view(seat), legal)
            if act is not None:
                assert act.item != "shun_feng_er", (seed, rnd.wall_remaining)
                suggested += 1
                rnd.apply(act)
                continue
            plays = [a for a in legal if a.kind is not ActionKind.USE_ITEM]
            rnd.apply(bots[seat].choose(rnd.view(seat), plays))
        used = [e.detail for e in rnd.events if e.kind is EventKind.ITEM_USED]
        assert "shun_feng_er" not in used
    assert suggested > 0  # the policy still uses the items whose answers serve it (移花接木)
