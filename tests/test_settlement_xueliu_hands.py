"""血流成河 on the settlement: each win row shows the winner's hand as it was at that win. A
winner plays on and may kong later (RULES.md §3.7); its first win — a 门清 地胡 in one
match — was drawn with the kong it made hands later, so the row disagreed with its score."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_game_support import BlitRecorder, play_until_settlement, running_app

from engine.round import EventKind
from engine.tiles import MeldKind
from game.profile import Profile, save_profile
from game.scenes.settlement import SettlementScene


def _tiles_drawn(scene: SettlementScene, win: object) -> int:
    """How many tiles the win's row draws (the hand, the winning tile, the melds)."""
    lay = scene.table.layout
    art = scene.table.tile_art(lay.pond_w)
    rec = BlitRecorder((scene._view_rect().w, 400))
    scene._win_row(rec, win=win, x=0, y=0, art=art)  # type: ignore[arg-type]
    return sum(1 for img, _ in rec.blits if img.get_size() == art.flat_size)


@pytest.mark.parametrize("seed", [5, 10])  # a later exposed kong (5), a later added kong (10)
def test_a_win_row_shows_the_hand_before_the_winners_later_kong(seed: int, home: Path) -> None:
    played = Profile()  # a hand played: 乾坤大挪移 is asked at the deal, as the seed was chosen
    played.stats.hands = 1
    save_profile(played, home)
    with running_app(
        preset="modern_xueliu", seed=seed, bots=("greedy",) * 3, lang="en", window=(1024, 640)
    ) as app:
        play_until_settlement(app, random.Random(seed))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        rnd = scene.ctl.round
        later = [
            (w, e)
            for w in rnd.wins
            for e in rnd.events[w.event_index :]
            if e.kind is EventKind.KONG and e.seat == w.seat
        ]
        assert later, "no winner konged after its win in this hand"
        for win, kong in later:
            # 14 tiles, a kong counted as 3 (RULES.md §4), plus one per kong made by then
            kongs = sum(
                1
                for e in rnd.events[: win.event_index]
                if e.kind is EventKind.KONG and e.seat == win.seat
            )
            assert _tiles_drawn(scene, win) == 14 + kongs
            tiles, melds = scene._hand_at_win(win)
            now = rnd.view(win.seat).seats[win.seat].melds
            assert kong.meld in now and kong.meld not in melds
            if kong.meld is not None and kong.meld.kind is MeldKind.ADDED_KONG:
                assert any(m.kind is MeldKind.PONG and m.tile == kong.meld.tile for m in melds)
            assert len(tiles) + 1 + 3 * len(melds) == 14


def test_a_blood_battle_win_row_is_the_winners_hand_laid_open() -> None:
    # 血战到底: a winner leaves play, so its hand at the win is the hand shown at the end
    with running_app(preset="standard", seed=5, bots=("greedy",) * 3, lang="zh") as app:
        play_until_settlement(app, random.Random(5))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        wins = list(scene.ctl.round.wins)
        assert wins
        for win in wins:
            info = scene.ctl.round.view(win.seat).seats[win.seat]
            assert info.revealed is not None
            assert scene._hand_at_win(win) == (list(info.revealed), list(info.melds))
