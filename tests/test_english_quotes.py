"""English words are quoted with straight quotes: the game's font (Noto Sans SC) draws the
curly ones (‘ ’ “ ”) full width, as Chinese punctuation, so the rulebook's "Blood river,
‘3 players, 2 suits’ and …" showed a wide gap before and after each quoted name. For the
same reason English trails off with three full stops: the font centres "…" at mid-height,
as Chinese sets it ("Choosing···", "waiting for a friend···")."""

from __future__ import annotations

from game import i18n

CURLY = "‘’“”"


def test_no_english_string_has_curly_quotes() -> None:
    found = [(key, en) for key, (_zh, en) in i18n.entries() if any(c in en for c in CURLY)]
    assert not found, found


def test_no_english_string_trails_off_with_a_mid_height_ellipsis() -> None:
    found = [(key, en) for key, (_zh, en) in i18n.entries() if "…" in en]
    assert not found, found
