"""绝张 (Last unseen copy) in the fan calculator: the winning tile is the last copy, the other
three shown on the table — none may be in the winner's own hand (RULES.md §5.1). A hand
holding another copy was scored with the extra as asked; it is refused with the reason, as
an impossible robbed kong is."""

from __future__ import annotations

from engine.rules import get_preset
from engine.tiles import parse_tile, parse_tiles
from game import i18n
from game.calculator import Calculator

RULES = get_preset("standard").with_overrides(["extra.jue_zhang=1"])


def _calc(hand: str, win: str) -> Calculator:
    calc = Calculator()
    for kind in parse_tiles(hand):
        assert calc.add(kind) is None
    calc.win = parse_tile(win)
    calc.set_flag("last_copy", True)
    return calc


def test_a_last_copy_the_winner_also_holds_is_refused() -> None:
    key, _, result = _calc("123s456s789s234p55p", "5p").evaluate(RULES)  # holds the other 5p
    assert key == "calc.err.last_copy" and result is None
    zh, en = (i18n.t(key, lang) for lang in ("zh", "en"))
    assert "绝张" in zh and "Last unseen copy" in en


def test_a_last_copy_held_once_counts() -> None:
    key, _, result = _calc("123s456s789s234p55p", "4p").evaluate(RULES)  # one 4p: its own
    assert key == "calc.result" and result is not None
    assert dict(result.extras).get("jue_zhang") == 1


def test_a_last_copy_beside_the_winners_own_pong_counts() -> None:
    """The winner's own pong is on the table: its three copies are the other three."""
    calc = Calculator()
    assert calc.add(parse_tile("5p"), mode="P") is None
    for kind in parse_tiles("456s789s34p11s5p"):
        assert calc.add(kind) is None
    calc.win = parse_tile("5p")
    calc.set_flag("self_drawn", True)
    calc.set_flag("last_copy", True)
    key, _, result = calc.evaluate(RULES)
    assert key == "calc.result" and result is not None
    assert dict(result.extras).get("jue_zhang") == 1
