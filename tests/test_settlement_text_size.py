"""The settlement's words are never squeezed below the table's smallest text (12 px): at
1024×640 "on Bot 1's discard" was shrunk to 11 px to stay on one line; it takes two now."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_game_support import play_until_settlement, running_app

from engine.round import WinRecord
from engine.scoring import WinContext, score_hand
from engine.tiles import parse_counts, parse_tile
from game.scenes.settlement import SettlementScene
from game.table.layout import MIN_FONT


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_win_row_text_is_at_least_the_smallest_size(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang=lang, window=(1024, 640), seed=11) as app:
        play_until_settlement(app, random.Random(11))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        hand = WinContext(tuple(parse_counts("123m456m789m234p55p")), (), parse_tile("5p"), False)
        score = score_hand(hand, scene.ctl.rules)
        sizes: list[tuple[str, int]] = []
        real = scene.text.get

        def get(text: str, size: int, *args: Any, **kw: Any) -> Any:
            sizes.append((text, size))
            return real(text, size, *args, **kw)

        monkeypatch.setattr(scene.text, "get", get)
        lay = scene.table.layout
        col = scene._columns().names(lay)
        players = scene.ctl.rules.players
        for seat in range(players):  # every seat the winner, on each other seat's discard
            for discarder in range(players):
                if discarder == seat:
                    continue
                said = scene._discarder(discarder, col)
                sizes.clear()
                win = WinRecord(seat, parse_tile("5p"), discarder, score, (), 0)
                _, how, _ = scene._win_texts(win)
                assert how.get_width() <= col
                small = [(text, size) for text, size in sizes if size < MIN_FONT]
                assert not small, small
                lines = [text for text, size in sizes if size <= lay.font_small]
                assert said in (" ".join(lines), "".join(lines)), (said, lines)  # all of it
