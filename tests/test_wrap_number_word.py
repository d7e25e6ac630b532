"""English typesetting keeps a number with the word it counts: the main menu's line on
Quick play read "Start a match right away: Standard rules, 8 hands, against 3" / "Normal
bots" at 1024x640, a count cut off from what it counts. Any number ("3", "-2", "1,000",
"50%", "×2") now keeps the word after it on its line where the two fit one together;
where they cannot, the line breaks as before (no overflow, no endless search)."""

from __future__ import annotations

import itertools
import pathlib
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from test_menus import FakeAutosave, MenuHarness

from game.fonts import get_font
from game.scenes.menu import MainMenuScene
from game.settings import Settings
from game.ui.text import MIN_TEXT, fit_text, wrap_text, wrap_unsqueezed

# a number as the wrapper keeps it with its word: a sign or "×", digits with inner commas
# or stops ("1,000", "0.5"), perhaps "%" or "×" after; "3," ends a clause and may end a line
NUMBER = re.compile(r"[+\-−×]?\d(?:[\d.,]*\d)?[%×]?")


def test_the_menu_keeps_3_normal_bots_on_one_line(home: pathlib.Path) -> None:
    h = MenuHarness(home, "en", (1024, 640))
    h.app.settings = Settings(lang="en")
    h.stack.push(MainMenuScene(h.ctx, autosave=FakeAutosave(False)))  # type: ignore[arg-type]
    h.pump()
    menu = h.top
    assert isinstance(menu, MainMenuScene)
    menu.ctx.settings = Settings(lang="en")
    text = menu._quick_text()
    assert text == "Start a match right away: Standard rules, 8 hands, against 3 Normal bots"
    # the footer's size and width, as MainMenuScene._desc lays it out
    size = max(MIN_TEXT, menu.px(15))
    width = menu.w // 2 - menu.px(150) - menu.px(16) - menu.px(24)
    lines = menu._lines(text, size, width)
    assert len(lines) > 1  # the sentence does not fit one line at this width
    assert " ".join(lines).split() == text.split()
    assert not any(line.endswith(" 3") for line in lines), lines
    assert any("3 Normal" in line for line in lines), lines
    font = get_font(size)
    assert all(font.size(line)[0] <= width for line in lines)


def test_a_number_keeps_the_word_after_it() -> None:
    text = "against 3 Normal bots"
    font = get_font(15)
    width = font.size("against 3 Normal")[0] - 1  # "against 3" fits, "3 Normal" too
    assert font.size("against 3")[0] <= width
    assert wrap_text(text, 15, width) == ["against", "3 Normal bots"]


def test_a_number_that_ends_a_clause_may_end_a_line() -> None:
    font = get_font(15)
    width = font.size("then 3, Normal")[0] - 1
    assert wrap_text("then 3, Normal bots", 15, width) == ["then 3,", "Normal bots"]


def test_a_number_and_a_word_too_wide_together_break_as_before() -> None:
    font = get_font(15)
    width = font.size("Characters")[0] + 2  # each fits alone, not together
    assert wrap_text("7 Characters", 15, width) == ["7", "Characters"]


numbers = st.builds(
    lambda sign, n, comma, tail: sign + (f"{n:,d}" if comma else str(n)) + tail,
    st.sampled_from(["", "", "+", "-", "−", "×"]),
    st.integers(0, 99999),
    st.booleans(),
    st.sampled_from(["", "", "", "%", "×", ","]),
)
words = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), min_size=1, max_size=14
)
words_punct = st.builds(lambda w, p: w + p, words, st.sampled_from(["", "", "", ",", ".", ":"]))


@settings(max_examples=200, deadline=None)
@given(
    tokens=st.lists(st.one_of(numbers, words_punct), min_size=1, max_size=30),
    size=st.integers(11, 24),
    width=st.integers(1, 500),
)
def test_no_line_ends_with_a_number_whose_word_would_fit(
    tokens: list[str], size: int, width: int
) -> None:
    text = " ".join(tokens)
    lines = wrap_text(text, size, width)
    assert " ".join(lines).split() == tokens  # every word, in order
    font = get_font(size)
    for line, following in itertools.pairwise(lines):
        here, there = line.split(), following.split()
        if not (here and there and NUMBER.fullmatch(here[-1])):
            continue
        # the number's word would not have fitted on its line (the line was full) ...
        assert font.size(f"{line} {there[0]}")[0] > width, (line, following)
        # ... and the number went down with it unless the two do not fit a line together
        # (or the number was the tail of a run of numbers too wide for a line, "0 +0% A")
        if len(here) < 2 or not NUMBER.fullmatch(here[-2]):
            assert font.size(f"{here[-1]} {there[0]}")[0] > width, (line, following)
    for line in lines:  # no line wider than the width but one word alone on it
        if font.size(line)[0] > width:
            assert len(line.split()) == 1, line
    # the wrappers built on it end too, and drop nothing
    fitted, _ = fit_text(text, size, width, max_lines=2)
    assert " ".join(fitted).split() == tokens
    unsqueezed, _ = wrap_unsqueezed(text, size, width, max_lines=2)
    assert " ".join(unsqueezed).split() == tokens
