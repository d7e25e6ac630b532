"""The replay viewer's line under its controls tells the whole last decision, and the viewer
has one way out.

The line told only the hand's last event: a discard read as the next seat's draw ("Bot 3
draws a tile"), a robbed kong as the draw after it, a 一炮多响 and the self-draw that ended
the hand as "Hand over: three players have won" — the step's news was never said. And the
table's toolbar kept a Menu that, in a replay, did what the viewer's Close does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_key, watching_replay

from engine.bots import load_bot
from engine.replay import record
from engine.round import EventFlag, EventKind, Round
from engine.rules import get_preset
from game.app import App
from game.table.buttons import ToolbarItem
from game.table.replay import ReplayControls


def _hand(seed: int) -> Round:
    """A standard hand of greedy bots (seed 193 robs a kong, 70 has a 一炮多响)."""
    rules = get_preset("standard")
    rnd = Round.new(rules, seed, seed % 4)
    bots = [load_bot("greedy", seed * 10 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.item is None]
        rnd.apply(bots[seat].choose(rnd.view(seat), legal))
    return rnd


@contextmanager
def _viewer(
    tmp_path: Path, seed: int, lang: str, size: tuple[int, int] = (1280, 800)
) -> Iterator[tuple[App, ReplayControls, Round]]:
    rnd = _hand(seed)
    with watching_replay(rnd, tmp_path, lang, size) as (app, _viewer_table, controls):
        yield app, controls, rnd


def _step_of(rnd: Round, index: int) -> int:
    """The number of decisions after which event ``index`` has happened."""
    from engine.replay import replay

    doc = record(rnd)
    for n in range(len(doc["decisions"]) + 1):
        first = {**doc, "decisions": doc["decisions"][:n]}
        if len(replay(first, check_result=False).events) > index:
            return n
    raise AssertionError("no such event")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_robbed_kong_is_told_at_its_step(tmp_path: Path, lang: str) -> None:
    with _viewer(tmp_path, 193, lang) as (_app, controls, rnd):
        (rob,) = [
            e for e in rnd.events if e.kind is EventKind.WIN and EventFlag.ROBBING_KONG in e.flags
        ]
        controls.seek(_step_of(rnd, rob.index))
        line = controls.last_line()
        assert ("robs Bot 3's kong of 7 Bamboo" if lang == "en" else "抢电脑3的杠，胡七条") in line
        assert "draws" not in line and "摸" not in line  # the next draw is no news beside it


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_winner_of_one_discard_is_named_and_so_is_the_last_win(
    tmp_path: Path, lang: str
) -> None:
    with _viewer(tmp_path, 70, lang) as (_app, controls, rnd):
        multi = [e for e in rnd.events if e.kind is EventKind.WIN and EventFlag.MULTI in e.flags]
        assert {e.seat for e in multi} == {1, 3} and {e.from_seat for e in multi} == {0}
        controls.seek(_step_of(rnd, multi[-1].index))
        line = controls.last_line()
        if lang == "en":
            assert "Bot 1 and Bot 3 win on your discard of 3 Bamboo" in line
        else:
            assert "电脑1、电脑3胡你点炮的三条（一炮多响）" in line
    with _viewer(tmp_path, 193, lang) as (_app, controls, rnd):
        controls.seek(controls.controller.total)  # the self-draw that ended the hand
        line = controls.last_line()
        assert ("Bot 2 wins by self-draw on 6 Dots" if lang == "en" else "电脑2自摸六筒") in line


def test_a_step_tells_the_discard_and_not_only_the_draw_after_it(tmp_path: Path) -> None:
    with _viewer(tmp_path, 193, "en") as (app, controls, _rnd):
        kinds: list[EventKind] = []
        while kinds[:1] != [EventKind.DISCARD] or EventKind.DRAW not in kinds:
            post_key(pygame.K_RIGHT)  # stepped with the keyboard, as a player does
            app.step(DT)
            new = controls.controller.round.events[controls.controller.mark :]
            kinds = [e.kind for e in new if e.kind is not EventKind.TURN]
        (discard,) = [e for e in new if e.kind is EventKind.DISCARD]
        assert [e.seat for e in new if e.kind is EventKind.DRAW] != [discard.seat]
        line = controls.last_line()
        assert line.startswith(f"Bot {discard.seat} discards") and "draw" in line
        back = controls.controller.step - 1
        post_key(pygame.K_LEFT)  # a step back tells that step's decision, rebuilt
        app.step(DT)
        assert controls.controller.step == back
        again = controls.last_line()
        controls.seek(back)
        assert controls.last_line() == again


def test_close_is_the_replays_one_way_out(tmp_path: Path) -> None:
    with _viewer(tmp_path, 193, "en") as (app, controls, _rnd):
        table = controls.table
        assert set(table.toolbar.buttons.values()) == {ToolbarItem.SPEED}  # no Menu
        assert controls.button_rect("close")
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert app.stack.top is not table


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_your_own_void_is_named_and_a_bots_once_revealed(tmp_path: Path, lang: str) -> None:
    """ "You chose a void suit" named no suit, not even the player's own."""
    with _viewer(tmp_path, 193, lang) as (_app, controls, _rnd):
        controls.seek(1)  # seat 0 (you) declared Bamboo void
        assert controls.last_line() == ("You chose to void Bamboo" if lang == "en" else "你定缺条")
        controls.seek(2)  # Bot 1's stays hidden with the hands face down
        assert controls.last_line() == ("Bot 1 chose a void suit" if lang == "en" else "电脑1定缺")
        controls.on_control("reveal")
        assert controls.last_line() == (
            "Bot 1 chose to void Dots" if lang == "en" else "电脑1定缺筒"
        )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_claim_answered_before_the_others_is_a_step_of_its_own(tmp_path: Path, lang: str) -> None:
    """The first winner's answer to a discard that two will win changes nothing on the
    table until the second's: the line stayed 'You discard 3 Bamboo', and → seemed lost."""
    with _viewer(tmp_path, 70, lang) as (_app, controls, rnd):
        multi = [e for e in rnd.events if e.kind is EventKind.WIN and EventFlag.MULTI in e.flags]
        step = _step_of(rnd, multi[0].index) - 1  # the first answer, the others' to come
        controls.seek(step)
        first = controls.controller.decisions[step - 1]
        assert first.seat == 1 and controls.controller.mark == len(controls.controller.round.events)
        hidden = controls.last_line()
        assert hidden == (
            "Bot 1 answered (waiting for the others)"
            if lang == "en"
            else "电脑1已表态（等其他人表态）"
        )
        controls.on_control("reveal")
        assert controls.last_line() == (
            "Bot 1: Win (waiting for the others' answers)"
            if lang == "en"
            else "电脑1：胡（等其他人表态）"
        )
