"""The statistics show, per rules preset, how many of its matches the player finished first
(3/8): the profile kept it and the strings had a column label, but the screen never drew
it. The column is drawn whole and readable beside the names (never cutting them short) at
1024x640 and 1920x1080, in both languages; a preset with no match finished reads "—"."""

from __future__ import annotations

import pathlib

import pytest
from test_stats_layout import (
    SIZES,
    check_readable_and_apart,
    longest_profile,
    open_stats,
    show,
    squash,
)

from game import i18n
from game.match_config import variant_label
from game.profile import PresetStats, Profile
from game.ui.text import signed


def a_players_profile() -> Profile:
    p = Profile(coins=1234)
    p.stats.per_preset = {
        "standard": PresetStats(hands=64, wins=17, matches=8, match_wins=3, points=120),
        "chengdu": PresetStats(hands=8, wins=1, matches=1, match_wins=0, points=-40),
        "standard@3.2": PresetStats(hands=4, wins=2, matches=1, match_wins=1, points=30),
        "jj": PresetStats(hands=3, wins=0, matches=0, match_wins=0, points=-5),
    }
    p.stats.hands, p.stats.wins, p.stats.matches = 79, 20, 10
    return p


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_preset_says_how_many_of_its_matches_were_finished_first(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = open_stats(home, lang, size)
    profile = a_players_profile()
    frame = show(h, profile, f"stats_firsts_{lang}_{size[0]}x{size[1]}")
    panel = frame.panel_of(i18n.t("stats.per_preset", lang))
    table = check_readable_and_apart(frame, panel, h.screen.get_rect())
    assert squash(i18n.t("stats.col.firsts", lang)) in table
    for key, ps in profile.stats.per_preset.items():
        firsts = f"{ps.match_wins}/{ps.matches}" if ps.matches else "—"
        rate = f"{ps.wins / ps.hands * 100:.0f}%"
        row = squash(variant_label(key, lang)) + f"{ps.hands}{ps.wins}{rate}{firsts}"
        assert row in table, (row, table)
    drawn = {d.text for d in frame.inside(panel)}
    assert not any(text.endswith(("...", "…")) for text in drawn), drawn


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_firsts_fit_beside_the_longest_names_and_figures(
    home: pathlib.Path, lang: str, size: tuple[int, int]
) -> None:
    h = open_stats(home, lang, size)
    profile = longest_profile(lang)
    frame = show(h, profile, f"stats_firsts_longest_{lang}_{size[0]}x{size[1]}")
    panel = frame.panel_of(i18n.t("stats.per_preset", lang))
    table = check_readable_and_apart(frame, panel, h.screen.get_rect())
    rows = sorted(profile.stats.per_preset.items(), key=lambda kv: -kv[1].hands)
    for key, ps in rows[:4]:
        label = i18n.t("stats.preset.custom", lang) if key == "custom" else variant_label(key, lang)
        assert squash(label) in table
        # the points as every screen writes a change (thousands' commas since 86965d5)
        assert f"{ps.match_wins:,}/{ps.matches:,}{signed(ps.points)}" in table
    for drawn in frame.texts:  # nothing had to be cut short to make room
        assert not drawn.text.endswith(("...", "…")), drawn.text
