"""Claim previews (the claim buttons' hover text): what a 胡 pays, what a 碰 / 杠 leaves."""

from __future__ import annotations

from test_table_dead_ends import forced_win, human_legal, play_to

from engine.hand import analyze_discards
from engine.round import ActionKind, Round
from engine.tiles import tile_name
from game.table.hints import claim_preview


def may_pong(rnd: Round) -> bool:
    return any(a.kind is ActionKind.PONG for a in human_legal(rnd))


def test_a_win_preview_names_the_pattern_fan_and_what_each_pays() -> None:
    rnd = play_to("standard", 7, forced_win(True))
    win = human_legal(rnd)[0]
    view = rnd.view(0)
    zh, en = claim_preview(view, win, "zh"), claim_preview(view, win, "en")
    rnd.apply(win)
    score = rnd.wins[-1].score
    assert f"{score.fan}番" in zh and f"每家付{score.points}分" in zh
    assert f"{score.fan} fan" in en and f"each pays {score.points}" in en


def test_a_pong_preview_says_the_best_discard_after_it() -> None:
    rnd = play_to("standard", 1, may_pong)
    pong = next(a for a in human_legal(rnd) if a.kind is ActionKind.PONG)
    view = rnd.view(0)
    assert pong.tile is not None
    counts = list(view.concealed)
    counts[pong.tile] -= 2
    options = analyze_discards(counts, len(view.seats[0].melds) + 1, view.own_void)
    best = min(o.shanten for o in options)
    text = claim_preview(view, pong, "en").replace("\u00a0", " ")  # names unbroken
    assert text.startswith("Pong, then discard ")
    discard = text.removeprefix("Pong, then discard ").split(":")[0]
    kind = next(o.discard for o in options if tile_name(o.discard, "en") == discard)
    assert min(o.shanten for o in options if o.discard == kind) == best
    assert ("away from ready" in text) == (best > 0)


def test_a_pong_preview_names_a_void_tile_while_one_is_held() -> None:
    """RULES.md §3.2: with a void-suit tile in hand only it may go; under a Bamboo void the
    preview said "Pong, then discard 6 Characters"."""

    def pong_with_void_tile(rnd: Round) -> bool:
        view = rnd.view(0)
        void = view.own_void
        return void is not None and any(view.concealed[9 * void : 9 * void + 9]) and may_pong(rnd)

    rnd = play_to("standard", 48, pong_with_void_tile)
    view = rnd.view(0)
    void = view.own_void
    assert void is not None
    pong = next(a for a in human_legal(rnd) if a.kind is ActionKind.PONG)
    text = claim_preview(view, pong, "en").replace("\u00a0", " ")  # names unbroken
    named = text.removeprefix("Pong, then discard ").split(":")[0]
    assert named in {tile_name(k, "en") for k in range(9 * void, 9 * void + 9)}, text
