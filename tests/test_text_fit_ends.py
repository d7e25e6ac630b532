"""Fitting a text into a few lines always ends. A text of more paragraphs (``\\n``) than the
lines allowed could never fit however wide the lines were drawn, and the search widened them
for ever: the frame, the screen and the game hung. It now keeps every paragraph on a line of
its own, each word of it, at the smallest size the caller allowed."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.fonts import get_font
from game.ui.text import fit_text, wrap_to_lines


@pytest.mark.parametrize("text", ["一\n二\n三", "one\ntwo\nthree", "a\n\n\nb", "\n\n\n"])
def test_more_paragraphs_than_lines_keeps_each_on_its_own_line(text: str) -> None:
    lines, size = wrap_to_lines(text, 18, 300, 2, 12)
    assert size == 12  # shrunk as far as it was allowed to
    assert lines == text.split("\n")  # every paragraph, whole, in order


def test_a_long_paragraph_among_many_is_still_wrapped_to_its_width() -> None:
    long = "Click Win or press H: a win on a kong's replacement tile counts double. " * 3
    text = f"Title\n{long.strip()}\nEnd"
    lines, size = wrap_to_lines(text, 16, 200, 2, 13)
    assert size == 13 and lines[0] == "Title" and lines[-1] == "End"
    assert " ".join(lines[1:-1]).split() == long.split()  # no word dropped
    # widened only as far as the longest paragraph needs: it fits on one line at most
    font = get_font(13)
    assert max(font.size(line)[0] for line in lines) <= font.size(long.strip())[0]


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(st.sampled_from("ab 麻将\n·-（）"), max_size=40),
    width=st.integers(1, 400),
    max_lines=st.integers(1, 4),
)
def test_any_text_fits_in_finite_work_and_loses_no_character(
    text: str, width: int, max_lines: int
) -> None:
    lines, size = fit_text(text, 16, width, max_lines=max_lines)
    assert 11 <= size <= 16
    squeezed = "".join("".join(lines).split())
    assert squeezed == "".join(text.split())
