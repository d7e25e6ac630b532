"""The economy as a player meets it: a match that ends because the player's coins ran out
says so on its match end (it read "4 hands played", as if the match had run its length, and
the table's "Start a new match?" was never shown anywhere); the match length without a number
of hands says that only the player's coins end it; the statistics say what the hands won or
lost in coins."""

from __future__ import annotations

import pathlib
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from test_game_support import DT, play_until_settlement, post_key, record_cache, record_texts
from test_menus import MenuHarness

import game.scenes.match_end as match_end
import game.scenes.settlement as settlement
import game.scenes.stats_scene as stats_scene
from game.app import App
from game.match_config import MatchConfig
from game.nav import Navigator
from game.profile import Profile
from game.scenes.match_end import MatchEndScene
from game.scenes.new_game import NewGameScene
from game.scenes.stats_scene import StatsScene
from game.settings import Settings

BOTS = ("easy", "easy", "easy")


@contextmanager
def app_with(
    home: pathlib.Path, profile: Profile, lang: str, window: tuple[int, int] = (1024, 640)
) -> Iterator[App]:
    settings = Settings(lang=lang, seed=3, speed="instant", bot_pace="instant", bots=BOTS)
    app = App(settings, window, data_dir=home, profile=profile)
    try:
        yield app
    finally:
        app.close()


def play_to_match_end(app: App, config: MatchConfig, rng: random.Random) -> MatchEndScene:
    """Start ``config`` from the lobby and play its hands (random choices for the player,
    Enter on each settlement) until the match end shows."""
    nav = Navigator(app)
    nav.lobby()
    nav.start_match(config)
    for _ in range(40):
        play_until_settlement(app, rng)
        post_key(pygame.K_RETURN)
        for _ in range(3):
            app.step(DT)
        if isinstance(app.stack.top, MatchEndScene):
            return app.stack.top
    raise AssertionError("no match end after 40 hands")


@pytest.mark.parametrize(("lang", "words"), [("en", "ran out of coins"), ("zh", "输光")])
def test_a_match_ended_by_the_players_coins_says_so(
    home: pathlib.Path, lang: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # six coins: the first hand the player loses a point in ends the match (§6.5)
    with app_with(home, Profile(coins=6), lang) as app:
        config = MatchConfig("standard", (), BOTS, None)
        end = play_to_match_end(app, config, random.Random(5))
        human = end.ctl.seating.human
        assert human is not None and end.ctl.match.coins[human] == 0
        assert app.profile.coins == 0
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        sub = [text for text, *_ in drawn if words in text]
        assert sub, [text for text, *_ in drawn]
        n = end.ctl.match.hand_index
        assert str(n) in sub[0]
        # New match answers it: a fresh stake (破产补助) at the next table
        post_key(pygame.K_RETURN)
        for _ in range(3):
            app.step(DT)
        assert app.profile.coins > 0


@pytest.mark.parametrize(("lang", "you"), [("en", "you"), ("zh", "你")])
def test_the_length_without_a_number_of_hands_says_whose_coins_end_it(
    home: pathlib.Path, lang: str, you: str
) -> None:
    """It read "Until someone is broke", but a bot out of coins is replaced by a fresh one
    and the match plays on (RULES.md §6.5): only the player's coins end it."""
    rich = Profile(coins=10**7)
    with app_with(home, rich, lang) as app:
        # dear points: a bot's 1,000 coins go within a few hands
        config = MatchConfig("standard", ("base=10", "coins_per_point=20"), BOTS, None)
        nav = Navigator(app)
        nav.lobby()
        nav.start_match(config)
        rng = random.Random(5)
        for _ in range(8):
            play_until_settlement(app, rng)
            report = app.stack.top.ctl.hand_report  # type: ignore[union-attr]
            post_key(pygame.K_RETURN)
            for _ in range(3):
                app.step(DT)
            assert not isinstance(app.stack.top, MatchEndScene)
            if report is not None and report.replaced:
                break
        else:
            raise AssertionError("no bot ran out of coins in 8 hands")
    h = MenuHarness(home, lang, (1024, 640))
    h.stack.push(NewGameScene(h.ctx))
    h.pump()
    hands = h.control("hands")
    label = hands.labels[hands.values.index("None")]
    assert you in label.lower(), label


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize(("lang", "lost"), [("en", "lost"), ("zh", "输")])
def test_the_statistics_say_what_the_hands_won_or_lost(
    home: pathlib.Path,
    lang: str,
    lost: str,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Coins card showed only the balance, which the shop and the relief move too: the
    coins won and lost at the table were kept (``Stats.coins``) but shown nowhere."""
    p = Profile()
    p.record_hand(won=True, pattern="ping_hu", fan=1, points=2, coins=12, preset="standard")
    p.record_hand(won=False, dealt_in=True, points=-30, coins=-1_260, preset="standard")
    assert p.stats.coins == -1_248
    drawn = record_texts(monkeypatch, stats_scene)
    h = MenuHarness(home, lang, size, profile=p)
    h.stack.push(StatsScene(h.ctx))
    h.pump()
    lines = [(text, size, rect) for text, size, rect, _ in drawn if "1,248" in text]
    assert lines, [text for text, *_ in drawn]
    text, px_size, rect = lines[-1]
    assert lost in text and px_size >= stats_scene.MIN_TEXT
    balance = next(r for t, _, r, _ in drawn if t == f"{p.coins:,}")
    assert abs(rect.centerx - balance.centerx) <= 1 and rect.centery > balance.bottom - 8
    assert rect.w < size[0] // 7


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_totals_read_alike_on_the_settlement_and_the_match_end(
    home: pathlib.Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The settlement's Match column read "14" and "-5" where the match end read "+14" and
    "-5"; a seat that neither won nor lost read "+0"."""
    with app_with(home, Profile(), lang) as app:
        nav = Navigator(app)
        nav.lobby()
        nav.start_match(MatchConfig("standard", (), BOTS, 1))
        play_until_settlement(app, random.Random(5))
        settle = app.stack.top
        assert isinstance(settle, settlement.SettlementScene)
        points = list(settle.ctl.match.points)
        assert any(p > 0 for p in points), points
        shown = record_cache(monkeypatch, settle.text)
        settle.draw(app.screen)
        for p in points:
            assert (f"{p:+d}" if p else "0") in shown, (p, shown)
            assert p <= 0 or str(p) not in shown, (p, shown)
        post_key(pygame.K_RETURN)
        for _ in range(3):
            app.step(DT)
        end = app.stack.top
        assert isinstance(end, MatchEndScene)
        human = end.ctl.seating.human
        assert human is not None
        end.session.start_points[human] = end.ctl.match.points[human]  # no change this match
        end.session.start_coins[human] = end.ctl.match.coins[human]
        drawn = record_texts(monkeypatch, match_end)
        end.draw_content(app.screen)
        texts = [text for text, *_ in drawn]
        assert not any(t.endswith("+0") for t in texts), texts
        for p in points:
            if p:
                assert f"{p:+d}" in texts, (p, texts)
