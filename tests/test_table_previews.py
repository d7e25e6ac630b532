"""Claim previews (the claim buttons' hover text): what a 胡 pays, what a 碰 / 杠 leaves."""

from __future__ import annotations

from collections.abc import Callable

from test_table_dead_ends import forced_win, human_legal, play_to

from engine.hand import analyze_discards
from engine.round import ActionKind, Round
from engine.tiles import tile_name
from game.table.hints import claim_preview, compute_hints


def may_pong(rnd: Round) -> bool:
    return any(a.kind is ActionKind.PONG for a in human_legal(rnd))


def test_a_win_preview_names_the_pattern_fan_and_who_pays() -> None:
    """A win on a discard is paid by the discarder alone: its preview said "each pays"."""
    rnd = play_to("standard", 7, forced_win(True))
    win = human_legal(rnd)[0]
    view = rnd.view(0)
    zh, en = claim_preview(view, win, "zh"), claim_preview(view, win, "en")
    rnd.apply(win)
    record = rnd.wins[-1]
    score = record.score
    if record.from_seat is None:
        zh_pays, en_pays = f"每家付{score.points}分", f"each pays {score.points}"
    else:
        zh_pays, en_pays = f"点炮者付{score.points}分", f"the discarder pays {score.points}"
    assert f"{score.fan}番" in zh and zh_pays in zh
    assert f"{score.fan} fan" in en and en_pays in en


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


def _first(stop: Callable[[Round], bool]) -> Round:
    """The first seed of the standard rules that reaches ``stop``."""
    for seed in range(1, 60):
        try:
            return play_to("standard", seed, stop)
        except AssertionError:  # this seed's hand ended first
            continue
    raise AssertionError("no seed reaches the moment the test needs")


def test_english_previews_and_discard_hints_say_waits_on_after_one_colon() -> None:
    """ "After the kong: Waits: 7 Bamboo" and "Discard 5 Dots: Waits: …" read as two
    labels; the waits follow the head as words: "…: waits on 7 Bamboo"."""

    def ready_pong(rnd: Round) -> bool:
        pong = next((a for a in human_legal(rnd) if a.kind is ActionKind.PONG), None)
        return pong is not None and "听：" in claim_preview(rnd.view(0), pong, "zh")

    rnd = _first(ready_pong)
    pong = next(a for a in human_legal(rnd) if a.kind is ActionKind.PONG)
    text = claim_preview(rnd.view(0), pong, "en")
    assert text.count(":") == 1 and ": waits on " in text, text

    def ready_discard(rnd: Round) -> bool:
        if not any(a.kind is ActionKind.DISCARD for a in human_legal(rnd)):
            return False
        return any("听：" in h for h in compute_hints(rnd.view(0), "zh").per_discard.values())

    rnd = _first(ready_discard)
    said = [h for h in compute_hints(rnd.view(0), "en").per_discard.values() if "wait" in h]
    assert said and all(h.count(":") == 1 and ": waits on " in h for h in said), said[:3]
