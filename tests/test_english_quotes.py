"""English words are quoted with straight quotes: the game's font (Noto Sans SC) draws the
curly ones (‘ ’ “ ”) full width, as Chinese punctuation, so the rulebook's "Blood river,
‘3 players, 2 suits’ and …" showed a wide gap before and after each quoted name."""

from __future__ import annotations

from game import i18n

CURLY = "‘’“”"


def test_no_english_string_has_curly_quotes() -> None:
    found = [(key, en) for key, (_zh, en) in i18n.entries() if any(c in en for c in CURLY)]
    assert not found, found
