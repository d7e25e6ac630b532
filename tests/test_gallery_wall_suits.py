"""The pattern gallery shows each example in the suits of the chosen table's wall: at 两人一房
(a wall of characters alone) its dots-and-bamboo examples were hands that table cannot
deal. An example is the same hand in the wall's suits where the pattern allows, and a
pattern no hand there scores (将对 from one suit; 平胡 where a one-suit hand is always a
full flush that counts) says so in the example's place — never a tile the wall lacks."""

from __future__ import annotations

import itertools
import pathlib

import pytest
from test_game_support import record_texts
from test_menus import MenuHarness

from engine.rules import RuleSet, get_preset
from engine.scoring import score_hand
from engine.tiles import parse_melds, parse_tiles, to_counts
from game import i18n
from game.calculator import GALLERY, GalleryHand
from game.scenes import help_scene
from game.scenes.help_scene import HelpScene
from game.settings import Settings

ONE_ROOM = ("suits=m", "qing_yi_se_bonus=off")  # 两人一房 (docs/rules-short-handed.md)
SUITS = ("mps", "mp", "ms", "ps", "m", "p", "s")


def kinds_of(example: GalleryHand) -> list[int]:
    tiles = parse_tiles(example.hand)
    return tiles + [m.tile for m in parse_melds(example.melds)]


def gallery_drawn(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str, overrides: tuple[str, ...]
) -> tuple[dict[str, GalleryHand], list[str], RuleSet]:
    """The examples the gallery draws (by pattern) and its lines of text, under the
    player's rules: ``liangren`` with ``overrides``."""
    settings = Settings(lang=lang, preset="liangren", overrides=overrides)
    h = MenuHarness(home, lang, (1024, 640))
    h.app.settings = settings
    h.ctx.settings = settings
    drawn: dict[str, GalleryHand] = {}
    real = HelpScene._draw_example

    def spy(self: HelpScene, surface: object, example: GalleryHand, *a: object) -> None:
        drawn[example.pattern] = example
        real(self, surface, example, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(HelpScene, "_draw_example", spy)
    texts = record_texts(monkeypatch, help_scene)
    scene = HelpScene(h.ctx, tab="gallery")
    h.stack.push(scene)
    h.pump()
    texts.clear()
    h.pump()  # one frame's lines
    return drawn, [text for text, *_ in texts], scene.rules


def said(texts: list[str], words: str) -> int:
    """How often ``words`` are on screen, a line wrapped where it must."""
    return "".join(texts).replace(" ", "").count(words.replace(" ", ""))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_characters_only_table_is_shown_characters(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    drawn, texts, rules = gallery_drawn(home, monkeypatch, lang, ONE_ROOM)
    assert rules.suits == "m"
    for pattern, example in drawn.items():
        assert all(k // 9 == 0 for k in kinds_of(example)), (pattern, example)
    assert drawn["ping_hu"].hand == "123m456m789m234m55m"
    assert drawn["qing_dui"].hand == "111m333m555m777m99m"
    assert drawn["jin_gou_diao"].melds == "P1m,P3m,P4m,P2m"
    # 将对 needs four pongs of 2s, 5s and 8s: one suit holds only three such pongs
    assert "jiang_dui" not in drawn
    words = i18n.t("help.no_example", lang, suits="万" if lang == "zh" else "Characters")
    assert said(texts, words) == 1


def test_a_one_suit_wall_counting_full_flushes_shows_no_plain_win(
    home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 清一色 counted (the option's default), every hand of one suit scores a flush
    pattern: no example of 平胡, 对对胡, 七对 … is shown as worth those patterns' fan."""
    drawn, texts, rules = gallery_drawn(home, monkeypatch, "en", ("suits=m",))
    assert rules.qing_yi_se_bonus
    assert not {"ping_hu", "dui_dui_hu", "qi_dui", "jiang_dui"} & set(drawn)
    assert {"qing_yi_se", "qing_dui", "qing_qi_dui"} <= set(drawn)
    for pattern, example in drawn.items():
        assert all(k // 9 == 0 for k in kinds_of(example)), pattern
    assert said(texts, i18n.t("help.no_example", "en", suits="Characters")) >= 4


@pytest.mark.parametrize(("suits", "bonus"), list(itertools.product(SUITS, (True, False))))
def test_every_example_is_a_hand_its_wall_deals(suits: str, bonus: bool) -> None:
    from game.calculator import example_at

    rules = get_preset("liangren").with_overrides(
        [f"suits={suits}", f"qing_yi_se_bonus={'on' if bonus else 'off'}"]
    )
    for example in GALLERY:
        shown = example_at(example, rules)
        if shown is None:
            # only a wall of one suit cannot show an example, never two or three suits
            assert len(suits) == 1, (suits, example.pattern)
            continue
        kinds = kinds_of(shown)
        assert {k // 9 for k in kinds} <= set(rules.kept_suits), (suits, shown)
        counts = to_counts(kinds)
        assert max(counts) <= 4
        assert shown.pattern == example.pattern
        if {k // 9 for k in kinds_of(example)} <= set(rules.kept_suits):
            assert shown == example  # a hand the wall deals is shown as it is
        played = rules.fan_of(example.pattern) is not None and (
            rules.qing_yi_se_bonus or not example.pattern.startswith("qing_")
        )
        if played:  # the example scores as the pattern it shows, at this table
            assert score_hand(shown.context(), rules).pattern == example.pattern, (suits, shown)
