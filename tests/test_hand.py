"""engine.hand table tests in tile notation: wins, shanten, waits, discards, decompositions."""

import pathlib
import subprocess
import sys

import pytest

from engine import hand
from engine.hand import (
    Decomposition,
    DiscardOption,
    Wait,
    analyze_discards,
    decompositions,
    is_win,
    shanten,
    waits,
)
from engine.tiles import parse_counts, parse_tile, parse_tiles

M, P, S = 0, 1, 2  # suits, for void
ROOT = pathlib.Path(__file__).resolve().parent.parent


def kinds(text: str) -> list[int]:
    return sorted(parse_tiles(text))


# --- is_win ----------------------------------------------------------------------------

WIN_CASES = [
    # (concealed, melds, void, wins?)
    ("123m456m789m234p55p", 0, None, True),
    ("123m456p789s11m123p", 0, None, True),  # three suits: shape only, scoring refuses it
    ("11122233344455m", 0, None, True),
    ("11123455678999m", 0, None, True),  # nine gates + 5m
    ("11223344556677m", 0, None, True),  # seven pairs (also runs)
    ("11335577991133p", 0, None, True),  # seven pairs with 1p and 3p held four times (龙七对)
    ("11113333555577s", 0, None, True),  # 龙七对 ×3: four of a kind = two pairs
    ("11112222333344m", 0, None, True),
    ("123m456m789m234p56p", 0, None, False),
    ("11335577991124p", 0, None, False),
    ("1133557799113p", 0, None, False),  # 13 tiles
    ("123m55p", 3, None, True),
    ("55p", 4, None, True),
    ("5p", 4, None, False),
    ("123m456m55p", 2, None, True),
    ("11335577m", 2, None, False),  # pairs only make seven pairs with no melds
    ("11223344m", 2, None, True),  # 123 + 123 + 44
    ("123m456m789m234p55p", 0, P, False),  # holds the void suit
    ("123m456m789m234p55p", 0, S, True),
    ("11223344556677m", 0, M, False),
    ("11223344556677m", 0, P, True),
    ("1111m", 3, None, False),  # 111 + 1 is not a pair
    ("11112m", 3, None, False),
    ("11123m", 3, None, True),
]


@pytest.mark.parametrize(("text", "melds", "void", "expected"), WIN_CASES)
def test_is_win_table(text: str, melds: int, void: int | None, expected: bool) -> None:
    counts = parse_counts(text)
    assert is_win(counts, melds, void) is expected
    assert hand._reference_is_win(counts, melds, void) is expected
    assert (shanten(counts, melds, void) == -1) is expected


def test_is_win_accepts_tuples_and_rejects_wrong_length() -> None:
    assert is_win(tuple(parse_counts("123m456m789m234p55p")))
    with pytest.raises(ValueError, match="27 entries"):
        is_win([0] * 26)


# --- shanten ---------------------------------------------------------------------------

SHANTEN_CASES = [
    ("123m456m789m234p5p", 0, None, 0),
    ("123m456m789m234p55p", 0, None, -1),
    ("1112345678999m", 0, None, 0),  # nine gates
    ("1111m456p789p456s", 0, None, 1),  # 111 + 1 would need a fifth 1m
    ("1111m567p", 2, None, 1),
    ("1111m", 3, None, 1),
    ("1111223344556m", 0, None, 0),  # seven pairs with 1111 as two pairs
    ("1111333355557m", 0, None, 0),
    ("11113333555577m", 0, None, -1),
    ("123m456m789m234p5s", 0, None, 0),
    ("123m456m789m234p5s", 0, S, 1),  # the 5s must go: 12 usable tiles, 2 to draw
    ("1112345678999s", 0, S, 13),  # all void: discard and replace every tile
    ("1234567m1234567p", 0, M, 6),
    ("1234567m1234567p", 0, S, 0),
    ("147m258p369s1234m", 0, None, 4),
    ("159m159p159s1357m", 0, None, 4),  # seven pairs: 5 short, 9 odd kinds
    ("19m19p19s1379m139p", 0, None, 2),  # seven pairs: 3 short, 5 odd kinds
    ("5m", 4, None, 0),
    ("5m", 4, P, 0),
    ("5m", 4, M, 1),
    ("12m", 4, None, 0),  # 2 tiles with 4 melds: discard one, wait on a pair
    ("12m57p", 3, None, 1),
]


@pytest.mark.parametrize(("text", "melds", "void", "expected"), SHANTEN_CASES)
def test_shanten_table(text: str, melds: int, void: int | None, expected: int) -> None:
    counts = parse_counts(text)
    assert shanten(counts, melds, void) == expected
    assert hand._reference_shanten(counts, melds, void) == expected


@pytest.mark.parametrize(
    ("text", "melds", "message"),
    [
        ("123m456m789m23p", 0, "must hold 13 or 14"),
        ("123m456m789m234p55p", 1, "must hold 10 or 11"),
        ("123m", 5, "melds must be 0-4"),
    ],
)
def test_shanten_rejects_malformed_hands(text: str, melds: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        shanten(parse_counts(text), melds)


def test_shanten_rejects_a_fifth_copy_and_bad_void() -> None:
    counts = parse_counts("123m456m789m234p5p")
    counts[0] = 5
    counts[1] = 0
    with pytest.raises(ValueError, match="0-4"):
        shanten(counts)
    with pytest.raises(ValueError, match="void"):
        shanten(parse_counts("123m456m789m234p5p"), 0, 3)


# --- waits -----------------------------------------------------------------------------

WAIT_CASES = [
    ("1112345678999m", 0, None, "123456789m"),  # 九莲宝灯
    ("1112345678999m", 0, M, ""),
    ("1111m2222m3333m4m", 0, None, "45m"),  # 5m: 111 123 222 345 + 33
    ("1111m567p", 2, None, ""),  # only a fifth 1m would do: excluded
    ("1111m", 3, None, ""),
    ("1112m", 3, None, "23m"),
    ("1111333355557m", 0, None, "7m"),  # only as seven pairs (龙七对)
    ("1111223344556m", 0, None, "2356m"),  # 6m also as seven pairs
    ("1133557799113p", 0, None, "3p"),  # the fourth 3p makes a second pair of 3p
    ("123m456m789m234p5s", 0, None, "5s"),
    ("123m456m789m234p5s", 0, S, ""),
    ("123m456m789m23p55s", 0, None, "14p"),
    ("123m456m789m23p55s", 0, M, ""),
    ("2345678m", 2, None, "258m"),
    ("5m", 4, None, "5m"),
    ("5m", 4, M, ""),
]


@pytest.mark.parametrize(("text", "melds", "void", "expected"), WAIT_CASES)
def test_waits_table(text: str, melds: int, void: int | None, expected: str) -> None:
    counts = parse_counts(text)
    assert waits(counts, melds, void) == kinds(expected)
    by_reference = [
        k
        for k in range(27)
        if counts[k] < 4
        and hand._reference_is_win([c + (i == k) for i, c in enumerate(counts)], melds, void)
    ]
    assert by_reference == kinds(expected)
    assert (shanten(counts, melds, void) == 0) is bool(expected)


def test_waits_needs_a_3n_plus_1_hand() -> None:
    with pytest.raises(ValueError, match="must hold 13"):
        waits(parse_counts("123m456m789m234p55p"))


# --- analyze_discards ------------------------------------------------------------------


def test_analyze_discards_orders_by_shanten_then_unseen_waits() -> None:
    counts = parse_counts("123m456m789m234p56p")
    options = analyze_discards(counts)
    # 2p and 6p both leave a two-sided wait (6 unseen); 3p and 5p a pair wait (3), by kind.
    assert [o.discard for o in options[:4]] == parse_tiles("2p6p3p5p")
    assert options[0] == DiscardOption(parse_tile("2p"), 0, (Wait(11, 3), Wait(14, 3)))
    assert options[2] == DiscardOption(parse_tile("3p"), 0, (Wait(10, 3),))
    assert sorted(o.discard for o in options) == sorted(set(parse_tiles("123m456m789m234p56p")))
    assert all(o.waits == () for o in options if o.shanten != 0)
    assert [o.shanten for o in options] == sorted(o.shanten for o in options)


def test_analyze_discards_counts_visible_tiles_and_clamps() -> None:
    counts = parse_counts("123m456m789m234p56p")
    visible = [0] * 27
    visible[parse_tile("3p")] = 2
    visible[parse_tile("5p")] = 9  # nonsense input is clamped, never negative
    options = analyze_discards(counts, visible=visible)
    assert options[0] == DiscardOption(
        parse_tile("2p"), 0, (Wait(parse_tile("3p"), 1), Wait(parse_tile("6p"), 3))
    )
    six = next(o for o in options if o.discard == parse_tile("6p"))
    assert six.waits == (Wait(parse_tile("2p"), 3), Wait(parse_tile("5p"), 0))
    assert [o.discard for o in options[1:4]] == kinds("3p5p6p")  # 3 unseen each


def test_analyze_discards_unseen_counts_the_discard_as_gone() -> None:
    # Discarding a 5p from 555p leaves 34p55p waiting on 2p and 5p; the discarded 5p is
    # face up, so only one 5p is unseen: 4 - 3 in this hand.
    counts = parse_counts("123m456m789m34p555p")
    five = next(o for o in analyze_discards(counts) if o.discard == parse_tile("5p"))
    assert five == DiscardOption(
        parse_tile("5p"), 0, (Wait(parse_tile("2p"), 4), Wait(parse_tile("5p"), 1))
    )


def test_analyze_discards_with_void_prefers_void_tiles() -> None:
    counts = parse_counts("123m456m789m234p5p9s")
    options = analyze_discards(counts, void=S)
    assert options[0].discard == parse_tile("9s")
    assert options[0].shanten == 0
    assert [w.kind for w in options[0].waits] == kinds("25p")
    assert all(o.shanten >= 1 for o in options[1:])


def test_analyze_discards_with_melds() -> None:
    options = analyze_discards(parse_counts("55m"), melds=4)
    assert options == [DiscardOption(parse_tile("5m"), 0, (Wait(parse_tile("5m"), 2),))]


# --- decompositions --------------------------------------------------------------------


def test_decompositions_pungs_versus_runs() -> None:
    got = decompositions(parse_counts("111222333m456p99s"))
    p456, s9 = parse_tile("4p"), parse_tile("9s")
    assert got == [
        Decomposition(s9, ((0, False), (1, False), (2, False), (p456, True)), False),
        Decomposition(s9, ((0, True), (0, True), (0, True), (p456, True)), False),
    ]


def test_decompositions_include_seven_pairs_and_every_pair_choice() -> None:
    got = decompositions(parse_counts("22334455667788m"))
    assert Decomposition(-1, (), True) == got[-1]
    assert {d.pair for d in got if not d.seven_pairs} == set(kinds("258m"))
    assert Decomposition(1, ((2, True), (2, True), (5, True), (5, True)), False) in got


def test_decompositions_of_dragon_seven_pairs() -> None:
    got = decompositions(parse_counts("11113355779999p"))
    assert got == [Decomposition(-1, (), True)]


def test_decompositions_with_melds_and_non_wins() -> None:
    assert decompositions(parse_counts("123m55p"), 3) == [
        Decomposition(parse_tile("5p"), ((0, True),), False)
    ]
    assert decompositions(parse_counts("123m456m789m234p56p")) == []
    assert decompositions(parse_counts("11335577m"), 2) == []
    assert decompositions(parse_counts("123m55p"), 0) == []


def test_decompositions_of_a_full_flush() -> None:
    got = decompositions(parse_counts("11123455678999m"))
    assert got, "nine gates + 5m is a win"
    for d in got:
        assert not d.seven_pairs
        rebuilt = [0] * 27
        rebuilt[d.pair] += 2
        for first, is_run in d.sets:
            for k in (first, first + 1, first + 2) if is_run else (first,) * 3:
                rebuilt[k] += 1
        assert rebuilt == parse_counts("11123455678999m")


def test_decompositions_of_the_seven_pairs_that_are_also_runs() -> None:
    got = decompositions(parse_counts("11223344556677m"))
    assert got[-1] == Decomposition(-1, (), True)
    assert Decomposition(0, ((1, True), (1, True), (4, True), (4, True)), False) in got
    assert Decomposition(6, ((0, True), (0, True), (3, True), (3, True)), False) in got


def test_tables_are_built_lazily_not_at_import() -> None:
    code = (
        "import engine.hand as h; "
        "assert not h._WIN_CODE and not h._INFO and not h._TAIL_COSTS; "
        "h.shanten([1] * 10 + [0] * 17, 1); assert h._INFO and not h._WIN_CODE"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_a_one_of_a_suit_reads_as_one_tile_in_english() -> None:
    from engine.tiles import parse_tile, tile_name, tiles_name

    assert [tile_name(parse_tile(t), "en") for t in ("1m", "1p", "1s", "2p")] == [
        "1 Character",
        "1 Dot",
        "1 Bamboo",
        "2 Dots",
    ]
    assert tiles_name(parse_tiles("1p1m2m"), "en") == "1 and 2 Characters; 1 Dot"
    assert tile_name(parse_tile("1s"), "zh") == "幺鸡"
