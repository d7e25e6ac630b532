"""Tile notation (RULES.md §1): parse/format both ways, names, and clear errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.tiles import (
    Meld,
    MeldKind,
    TileNotationError,
    format_melds,
    format_tiles,
    parse_counts,
    parse_melds,
    parse_suit,
    parse_tile,
    parse_tiles,
    tile_name,
)


def test_parse_example_from_rules() -> None:
    # RULES.md §1: `123m456p789s11m` = 1m 2m 3m 4p 5p 6p 7s 8s 9s 1m 1m
    assert parse_tiles("123m456p789s11m") == [0, 1, 2, 12, 13, 14, 24, 25, 26, 0, 0]


def test_whitespace_is_ignored() -> None:
    assert parse_tiles(" 12 3m\t4 p ") == [0, 1, 2, 12]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("120m", "rank 0 at position 2"),
        ("123x", "unknown character 'x' at position 3"),
        ("11111m", "fifth copy of 1m at position 4"),
        ("m", "suit letter 'm' at position 0"),
        ("123", "no suit letter"),
        ("1m2z", "unknown character 'z' at position 3"),
    ],
)
def test_parse_errors_name_character_and_position(text: str, fragment: str) -> None:
    with pytest.raises(TileNotationError, match=fragment) as info:
        parse_tiles(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_format_sorts_and_groups_suits() -> None:
    assert format_tiles(parse_tiles("9s1m5p2m")) == "12m5p9s"
    assert format_tiles([]) == ""


def test_counts() -> None:
    c = parse_counts("1123m")
    assert c[0] == 2 and c[1] == 1 and c[2] == 1 and sum(c) == 4


def test_single_tile_and_suit() -> None:
    assert parse_tile("5p") == 13
    assert parse_suit("s") == 2
    with pytest.raises(TileNotationError):
        parse_tile("55p")
    with pytest.raises(TileNotationError, match="unknown suit"):
        parse_suit("z")


def test_names() -> None:
    assert tile_name(0, "zh") == "一万"
    assert tile_name(17, "zh") == "九筒"
    assert tile_name(18, "zh") == "幺鸡"
    assert tile_name(19, "zh") == "二条"
    assert tile_name(13, "en") == "5 Dots"


def test_melds_parse_and_format() -> None:
    melds = parse_melds("P5p, K9s,B1m,A2p")
    assert [m.kind for m in melds] == [
        MeldKind.PONG,
        MeldKind.EXPOSED_KONG,
        MeldKind.ADDED_KONG,
        MeldKind.CONCEALED_KONG,
    ]
    assert format_melds(melds) == "P5p,K9s,B1m,A2p"
    assert parse_melds("") == []
    assert parse_melds("P555p") == [Meld(MeldKind.PONG, 13)]
    assert Meld.parse("K5555p").is_kong


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("P56p", "not 3 of a kind"),
        ("K555p", "not 4 of a kind"),
        ("X5p", "unknown meld type 'X'"),
        ("P5p,,A1m", "empty meld"),
        ("P", "has no tile"),
        ("P0p", "rank 0"),
    ],
)
def test_meld_errors(text: str, fragment: str) -> None:
    with pytest.raises(TileNotationError, match=fragment):
        parse_melds(text)


@given(st.lists(st.integers(0, 26), max_size=40))
def test_notation_round_trips(kinds: list[int]) -> None:
    counts = [0] * 27
    kept = []
    for k in kinds:
        if counts[k] < 4:
            counts[k] += 1
            kept.append(k)
    assert parse_tiles(format_tiles(kept)) == sorted(kept)
    assert parse_tiles(format_tiles(kept, sort=False)) == kept


@given(st.lists(st.tuples(st.sampled_from(list(MeldKind)), st.integers(0, 26)), max_size=4))
def test_meld_notation_round_trips(raw: list[tuple[MeldKind, int]]) -> None:
    melds = [Meld(k, t) for k, t in raw]
    assert parse_melds(format_melds(melds)) == melds
