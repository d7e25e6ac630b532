"""The settlement screen's ledger lines in English: the human seat is spoken to ("Your
concealed kong", "you pay 1"), bots are named, and no line shows an internal id."""

from __future__ import annotations

import random
import re

from test_game_support import play_until_settlement, running_app
from test_text import BAD_ENGLISH, ID_PATTERN

from engine.settlement import KongFacts, LedgerEntry, Reason
from engine.tiles import MeldKind, parse_tile
from game.scenes.settlement import SettlementScene


def test_english_settlement_lines_speak_to_the_human() -> None:
    with running_app(lang="en", preset="standard", seed=11) as app:
        play_until_settlement(app, random.Random(11))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        human = scene.ctl.seating.human
        assert human is not None
        bot = (human + 2) % 4  # "Bot 2" at this table (bots count from the human's right)
        entries = list(scene.ctl.round.ledger.entries)
        concealed = KongFacts(MeldKind.CONCEALED_KONG, parse_tile("5p"), 0)
        added = KongFacts(MeldKind.ADDED_KONG, parse_tile("7s"), 0)
        entries += [
            LedgerEntry(bot, human, 2, Reason.KONG_CONCEALED, 0, concealed),
            LedgerEntry(human, bot, 1, Reason.KONG_ADDED, 0, added),
        ]
        lines = [" ".join(scene._explain_lines(e, 10_000)) for e in entries]
        # the sentence opens with its payment's name, which the settlement does not repeat
        assert lines[-2] == "Concealed kong of 5 Dots by you: Bot 2 pays 2"
        assert lines[-1] == "Added kong of 7 Bamboo by Bot 2: you pay 1"
        for line in lines:
            assert not ID_PATTERN.search(line), line
            assert not BAD_ENGLISH.search(line), line
            assert not re.search(r"Seat \d", line), line  # the table's names, not the engine's
        for win in scene.ctl.round.wins:
            summary = scene.words().score_summary(win.score)
            assert summary and not ID_PATTERN.search(summary), summary


def test_a_sentence_that_opens_with_its_reason_is_not_led_by_it_again() -> None:
    """查大叫 and 查花猪 lines open with their own name in Chinese ("查大叫：电脑1没下叫…"):
    the settlement read 「查大叫 — 查大叫：…」."""
    from engine.settlement import PigFacts, ReadyFacts

    with running_app(lang="zh", preset="standard", seed=11) as app:
        play_until_settlement(app, random.Random(11))
        scene = app.stack.top
        assert isinstance(scene, SettlementScene)
        human = scene.ctl.seating.human
        assert human is not None
        bot = (human + 1) % 4
        entries = [
            LedgerEntry(bot, human, 2, Reason.NOT_READY, 0, ReadyFacts()),
            LedgerEntry(bot, human, 16, Reason.FLOWER_PIG, 0, PigFacts(0)),
            LedgerEntry(
                bot,
                human,
                2,
                Reason.KONG_CONCEALED,
                0,
                KongFacts(MeldKind.CONCEALED_KONG, parse_tile("5p"), 0),
            ),
        ]
        lines = ["".join(scene._explain_lines(e, 10_000)) for e in entries]
        assert lines[0].startswith("查大叫：") and lines[1].startswith("查花猪：")
        # a kong's sentence opens with its name too: 「暗杠·下雨 — 你的五筒暗杠（下雨）…」 said
        # both words twice
        assert lines[2] == "暗杠·下雨：你杠五筒，电脑1付 2 分"
