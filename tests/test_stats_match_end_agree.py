"""Statistics and the match's end say the same things alike.

The review accuracy of the same hands: the match's end weighed each hand by its decisions
("accuracy 92% over 2 hands") while the statistics' chart took the hands' plain mean ("Last 2
hands · mean 95%"). The best hand: the statistics showed the player's net for the whole hand
("Plain win · 1 fan · -2 pts that hand", a best hand read as a loss) where the match's end
says what each payer paid for the win; and its tiles did not mark the winning tile."""

from __future__ import annotations

import pathlib
from collections import Counter
from collections.abc import Iterator

import pygame
import pytest
from test_coins_flow import _controller, won_by_seat_0
from test_game_support import record_texts
from test_menus import MenuHarness

import game.review_chart as review_chart
import game.scenes.stats_scene as stats_scene
from engine.rules import get_preset
from engine.tiles import format_tile, parse_tile, parse_tiles
from game.i18n import pattern_name
from game.profile import Profile, load_profile, save_profile
from game.review import ReviewSummary
from game.scenes.stats_scene import StatsScene
from game.tile_art import TileArt


@pytest.fixture
def home(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def _summary(hand_no: int, decisions: int, agreed: int) -> ReviewSummary:
    accuracy = round(agreed / decisions, 4)
    return ReviewSummary(f"k{hand_no}", hand_no, accuracy, accuracy, 0.5, decisions, 0)


# the tester's two hands: 20 of 22 decisions good (91%), 3 of 3 (100%): 23 of 25 is 92%,
# where the plain mean of 91% and 100% is 95%
HANDS = [_summary(1, 22, 20), _summary(2, 3, 3)]
Drawn = tuple[str, int, pygame.Rect, int | None]  # a line drawn: text, size, where, max width


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_end_and_the_statistics_chart_give_one_accuracy(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    said = record_texts(monkeypatch, review_chart)
    surface = pygame.Surface((400, 240))
    review_chart.draw_accuracy_chart(surface, surface.get_rect(), HANDS, lang, round)
    caption = said[-1][0]
    line = review_chart.match_line(HANDS, lang) or ""
    assert "92%" in line and "92%" in caption, (line, caption)
    assert "95%" not in caption
    assert review_chart.review_accuracy(HANDS) == 92  # the one function both say
    if lang == "en":  # and it says what it is: no "mean" beside the match's "accuracy"
        assert caption == "Last 2 hands · accuracy 92%"
    else:
        assert caption == "最近 2 局 · 准确率 92%"


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """What the statistics draw with ``blit_text``: (text, size, where, max width)."""
    yield record_texts(monkeypatch, stats_scene)


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, str]]]:
    """The upright tile faces drawn: (kind, state)."""
    drawn: list[tuple[int, str]] = []
    face = TileArt.face

    def record(self: TileArt, kind: int, state: str = "normal") -> pygame.Surface:
        drawn.append((kind, state))
        return face(self, kind, state)

    monkeypatch.setattr(TileArt, "face", record)
    yield drawn


def _best_line(home: pathlib.Path, lang: str, p: Profile, texts: list[Drawn]) -> str:
    h = MenuHarness(home, lang, (1280, 800), profile=p)
    h.stack.push(StatsScene(h.ctx))
    texts.clear()
    h.pump()
    name = pattern_name("ping_hu", lang)
    return next(t for t, *_ in texts if t.startswith(name))


TILES = "123m456m789m234p55p"


@pytest.mark.parametrize(
    ("lang", "shown"), [("en", "2 pts from each payer"), ("zh", "每家付 2 分")]
)
def test_a_best_hand_lost_on_the_hand_shows_what_the_win_collected(
    home: pathlib.Path,
    texts: list[Drawn],
    faces: list[tuple[int, str]],
    lang: str,
    shown: str,
) -> None:
    """A plain win that paid 2 from each payer, in a hand the player lost 2 points over
    (others' kongs and self-draws): the card says the 2 each payer paid, never -2; the
    winning tile is lit, set apart after the hand, as the settlement shows it."""
    p = Profile()
    p.record_hand(
        won=True,
        pattern="ping_hu",
        fan=1,
        points=-2,
        preset="standard",
        tiles=TILES,
        model="fan",
        paid=2,
        win_tile="4p",
    )
    line = _best_line(home, lang, p, texts)
    assert shown in line and "-2" not in line, line
    lit = [kind for kind, state in faces if state == "hint"]
    assert lit == [parse_tile("4p")]
    normal = Counter(k for k, state in faces if state == "normal")
    rest = Counter(parse_tiles(TILES)) - Counter([parse_tile("4p")])
    assert rest <= normal and normal[parse_tile("4p")] == 0  # the rest of the hand
    # kept and read back as it was
    save_profile(p, home)
    best = load_profile(home)[0].stats.best_hand
    assert best is not None and (best.paid, best.win_tile, best.points) == (2, "4p", -2)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_old_best_hand_loads_and_shows_no_figure_rather_than_its_net(
    home: pathlib.Path, texts: list[Drawn], faces: list[tuple[int, str]], lang: str
) -> None:
    """A profile saved before what each payer paid was kept: it loads, all else as it was,
    and its best hand shows its pattern and fan with no points (its stored net, -2, is not
    what the win collected) and no tile marked."""
    doc = Profile().to_dict()
    doc["stats"]["hands"] = 3
    doc["stats"]["wins"] = 1
    doc["stats"]["best_hand"] = {
        "tiles": TILES,
        "pattern": "ping_hu",
        "fan": 1,
        "points": -2,
        "preset": "standard",
    }
    p = Profile.from_dict(doc)
    best = p.stats.best_hand
    assert best is not None and (best.tiles, best.fan, best.points) == (TILES, 1, -2)
    assert p.stats.hands == 3
    line = _best_line(home, lang, p, texts)
    parts = line.split(" · ")  # the pattern, the fan, then the preset's name
    assert parts[:2] == (["Plain win", "1 fan"] if lang == "en" else ["平胡", "1番"]), line
    assert "2" not in line and "pt" not in line and "付" not in line, line
    assert [k for k, state in faces if state == "hint"] == []
    assert (best.paid, best.win_tile) == (None, None)
    normal = Counter(k for k, state in faces if state == "normal")
    assert Counter(parse_tiles(TILES)) <= normal
    # a later, bigger win replaces it with a full record
    p.record_hand(won=True, pattern="qing_yi_se", fan=3, points=12, preset="standard", paid=4)
    assert p.stats.best_hand is not None and p.stats.best_hand.paid == 4


def test_a_won_hand_keeps_what_each_payer_paid_and_its_winning_tile(
    home: pathlib.Path,
) -> None:
    """From the table: the best hand keeps the win's own score (what each payer paid) and
    its winning tile, whatever the hand's net."""
    rules = get_preset("standard")
    ctl = _controller(home, rules)
    won_by_seat_0(ctl)
    win = next(w for w in ctl.round.wins if w.seat == 0)
    ctl.finish()
    best = load_profile(home)[0].stats.best_hand
    assert best is not None
    assert best.paid == win.score.points > 0
    assert best.win_tile == format_tile(win.tile)
