"""Every player-facing string of the game, in Chinese (first language) and English.

``t(key, lang, **fmt)`` is the one lookup: it finds ``key`` in the string tables of
:mod:`game.strings` (the table, the menus, the match flow, the items; no key is in two of
them) and fills ``{placeholders}``. A missing key in one language falls back to the other,
then to the key itself, so a typo shows up on screen instead of crashing the table. The
tables are plain data and import nothing from here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.strings import flow, items, menus, net, review, saves, table
from game.strings.common import Pair

__all__ = [
    "LANGS",
    "TABLES",
    "all_keys",
    "entries",
    "extra_name",
    "has",
    "known_pattern_name",
    "other_lang",
    "pattern_name",
    "pick",
    "t",
    "tn",
]

LANGS = ("zh", "en")

TABLES: tuple[Mapping[str, Pair], ...] = (
    table.STRINGS,
    menus.STRINGS,
    flow.STRINGS,
    items.STRINGS,
    saves.STRINGS,
    net.STRINGS,
    review.STRINGS,
)
"""The string tables ``t`` reads, by room of the game."""

_LOOKUP: dict[str, Pair] = {key: pair for strings in TABLES for key, pair in strings.items()}


def pick(pair: Pair | None, key: str, lang: str, fmt: Mapping[str, object]) -> str:
    """The text of ``pair`` in ``lang`` (the other language if empty, ``key`` if no pair),
    with ``fmt`` filled in; a bad placeholder leaves the text as written."""
    if pair is None:
        text = key
    else:
        zh, en = pair
        text = (en or zh) if lang == "en" else (zh or en)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def t(key: str, lang: str = "zh", **fmt: object) -> str:
    """The string for ``key`` in ``lang`` ('zh' or 'en'), with ``fmt`` filled in."""
    return pick(_LOOKUP.get(key), key, lang, fmt)


def tn(key: str, lang: str, count: int, **fmt: object) -> str:
    """``t`` for a text that counts something: ``key + ".one"`` when ``count`` is 1 and
    the tables have that form ("1 hand", "1 pt"), ``key`` otherwise ("4 hands")."""
    one = f"{key}.one"
    return t(one if count == 1 and one in _LOOKUP else key, lang, **fmt)


def has(key: str) -> bool:
    return key in _LOOKUP


def all_keys() -> list[str]:
    return sorted(_LOOKUP)


def entries() -> Iterator[tuple[str, Pair]]:
    """Every (key, (zh, en)) of every table."""
    for strings in TABLES:
        yield from strings.items()


def pattern_name(pattern_id: str, lang: str = "zh") -> str:
    """The name of a scoring pattern (平胡, 清一色…), from the engine's pattern table."""
    from engine.patterns import PATTERN_BY_ID

    p = PATTERN_BY_ID.get(pattern_id)
    if p is None:
        return pattern_id
    return p.zh if lang == "zh" else p.en


def known_pattern_name(pattern_id: object, lang: str = "zh") -> str | None:
    """The name of a scoring pattern this game knows; None for any other id (a newer
    game's, an old or hand-edited save's, none at all): no screen shows an id, so a screen
    leaves out what it cannot name."""
    from engine.patterns import PATTERN_BY_ID

    if not isinstance(pattern_id, str) or pattern_id not in PATTERN_BY_ID:
        return None
    return pattern_name(pattern_id, lang)


def extra_name(extra_id: str, lang: str = "zh") -> str:
    """The name of a situational extra (根, 杠上花, 自摸…)."""
    from engine.patterns import EXTRA_BY_ID

    e = EXTRA_BY_ID.get(extra_id)
    if e is None:
        return extra_id
    return e.zh if lang == "zh" else e.en


def other_lang(lang: str) -> str:
    return "en" if lang == "zh" else "zh"
