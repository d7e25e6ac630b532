"""Bots and their items: a refused 偷天换日 is remembered; the kit holds what bots use.

A 偷天换日 for a kind with no live copy is refused with nothing changed (RULES.md §8): the
round leaves no record the bot sees. The table then asks the bot again with its items taken
away (game/table/controller.py); the bot's :class:`ItemMemory` reads that as the refusal and
does not ask for the same kind again while nothing it can see has changed.
"""

from __future__ import annotations

import copy

from engine.bots import load_bot
from engine.bots.items_policy import ItemMemory, suggest_item
from engine.items import ItemRefusedError
from engine.round import ActionKind, Round
from engine.rules import get_preset
from game.table.session import BOT_KIT

AK = ActionKind


def _play(seed: int, remember: bool) -> tuple[int, int]:
    """One hand of four ``easy`` bots holding 偷天换日s, each asking the item policy first as
    the table does; returns (refusals, retries of a refused kind with nothing changed)."""
    rules = get_preset("standard").with_overrides({"bots_use_items": True})
    r = Round.new(rules, seed, seed % 4, inventories=[{"tou_tian": 3} for _ in range(4)])
    bots = [load_bot("easy", seed + s) for s in range(4)]
    memory = [ItemMemory() if remember else None for _ in range(4)]
    refused: list[tuple[int, int, int]] = []  # seat, kind, its unseen copies then
    retries = 0
    while not r.is_over:
        seat = r.pending_seats()[0]
        legal = r.legal_actions(seat)
        act = suggest_item(r.view(seat), legal, memory[seat])
        if act is not None:
            try:
                r.apply(act)
                continue
            except ItemRefusedError as exc:
                assert exc.refusal.code == "no_live_copy"
            want, unseen = act.tiles[0], r.view(seat).unseen(act.tiles[0])
            if any(s == seat and k == want and u >= unseen for s, k, u in refused):
                retries += 1
            refused.append((seat, want, unseen))
            if remember:
                # a request lost on the way (asked again, items still offered) is no refusal
                lost = copy.deepcopy(memory[seat])
                assert suggest_item(r.view(seat), legal, lost) == act
            legal = [a for a in legal if a.kind is not AK.USE_ITEM]  # the table's answer
            assert suggest_item(r.view(seat), legal, memory[seat]) is None
        legal = [a for a in legal if a.kind is not AK.USE_ITEM]
        r.apply(bots[seat].choose(r.view(seat), legal))
    return len(refused), retries


def test_a_refused_steal_is_not_asked_again_while_nothing_changed() -> None:
    seeds = range(12)
    forgetful = [_play(seed, remember=False) for seed in seeds]
    assert sum(retries for _n, retries in forgetful) > 0  # what the bots did before
    remembering = [_play(seed, remember=True) for seed in seeds]
    assert sum(n for n, _r in remembering) > 0  # refusals still happen, once a kind
    assert all(retries == 0 for _n, retries in remembering), remembering


def test_a_refusal_is_forgotten_once_a_copy_may_be_in_the_wall_again() -> None:
    rules = get_preset("standard").with_overrides({"bots_use_items": True})
    r = Round.new(rules, 3, 0, inventories=[{"tou_tian": 1} for _ in range(4)])
    view = r.view(r.pending_seats()[0])
    memory = ItemMemory()
    kind = next(k for k in range(27) if view.unseen(k) > 0)
    memory.refused[kind] = view.unseen(kind)
    assert memory.dead(view, kind)
    memory.refused[kind] = view.unseen(kind) - 1  # one more unseen now: given to the wall
    assert not memory.dead(view, kind)


def test_the_bots_kit_holds_only_items_bots_use() -> None:
    # the policy never spends 顺风耳 (its answer feeds no choice a bot makes) or 金手指, and
    # nothing shows a bot's held items: a 顺风耳 in the kit was dead weight
    assert set(BOT_KIT) <= {"tou_tian", "yi_hua", "qian_li_yan"}
    assert all(n > 0 for n in BOT_KIT.values())
