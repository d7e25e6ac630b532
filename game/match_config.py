"""What a new match is made of: :class:`MatchConfig` (the rules as a preset plus changed
options, the three bots, the length), and rule options written as text tokens
(``exchange_three=on``, ``cap_fan=4``: RULES.md §9.1) for the menus that show and change them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules import OPTION_INFO, PRESETS, RuleSet, get_preset
from engine.tiles import parse_suit, suit_name
from game import i18n
from game.settings import DEFAULT_HANDS, HAND_CHOICES, Settings, table_rules

__all__ = [
    "BOT_CHOICES",
    "DEFAULT_HANDS",
    "HAND_CHOICES",
    "MatchConfig",
    "option_choices",
    "option_token",
    "room_name",
    "room_sentence",
    "suits_label",
    "variant_key",
    "variant_label",
]

BOT_CHOICES = ("easy", "normal", "hard")


@dataclass(frozen=True)
class MatchConfig:
    """What ``start_match`` receives: the preset, the options changed from it
    (``NAME=VALUE``, RULES.md §9.1), the three bots (next seat, across, previous) and the
    number of hands (None: play until the player runs out of coins; a bot that does is
    replaced, RULES.md §6.5)."""

    preset: str = "standard"
    overrides: tuple[str, ...] = ()
    bots: tuple[str, str, str] = ("normal", "normal", "normal")
    hands: int | None = DEFAULT_HANDS

    def rules(self) -> RuleSet:
        """The rules; raises :class:`engine.rules.UnknownOptionError` if an override is bad."""
        rules = get_preset(self.preset)
        return table_rules(rules.with_overrides(list(self.overrides)) if self.overrides else rules)

    @property
    def items(self) -> bool:
        return self.rules().items

    @classmethod
    def quick(cls, settings: Settings) -> MatchConfig:
        """Quick play: the last preset, overrides, bots and length the player chose.

        The length too: Quick play is "the New game screen's last choice again", and a
        player who chose 16 hands there (or until out of coins) expects the next Quick play
        to be that match, not an eight-hand one beside the rules and bots they chose."""
        a, b, c = settings.bots
        return cls(settings.preset, tuple(settings.overrides), (a, b, c), settings.hands)


# --- the room: how many sit down, with which suits ----------------------------------------


def suits_label(suits: str, lang: str) -> str:
    """The suits of a wall in words: 万、筒、条 / Characters, Dots and Bamboo."""
    names = [suit_name(parse_suit(c), lang) for c in suits]
    if lang == "zh" or len(names) < 3:
        return i18n.t("room.and", lang).join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def room_name(rules: RuleSet, lang: str) -> str:
    """三人两房 / Three players, two suits: the room ``rules`` make."""
    return i18n.t(f"room.name.{rules.players}.{len(rules.suits)}", lang)


def room_sentence(rules: RuleSet, lang: str) -> str:
    """One sentence on the room (its name is :func:`room_name`): who sits where, the wall's
    suits and tiles, 定缺 or not."""
    all_suits = len(rules.suits) == 3
    return i18n.t(
        "room.sentence",
        lang,
        seats=i18n.t(f"room.seats.{rules.players}", lang),
        tiles=i18n.t("room.tiles", lang, suits=suits_label(rules.suits, lang), n=rules.num_tiles),
        void=i18n.t("room.void" if all_suits and rules.declare_void else "room.no_void", lang),
    )


def variant_key(rules: RuleSet) -> str | None:
    """The name statistics keep a hand under: the preset's, with the room after an ``@``
    when the players or suits were changed from it (``standard@3.3``: 三人三房 on the
    standard rules), so that results of different tables never mix."""
    name = rules.preset_name
    if name is None:
        return None
    try:
        preset = get_preset(name)
    except (KeyError, ValueError):
        return name
    if (rules.players, rules.suits) == (preset.players, preset.suits):
        return name
    return f"{name}@{rules.players}.{len(rules.suits)}"


def variant_label(key: str, lang: str) -> str:
    """How :func:`variant_key`'s name reads: 标准血战 · 三人三房 (a short-handed preset, named
    after its room, by the room it was changed to: 两人一房)."""
    name, _, room = key.partition("@")
    label = i18n.t(f"preset.{name}", lang) if i18n.has(f"preset.{name}") else name
    if not room or not i18n.has(f"room.name.{room}"):
        return label
    room_label = i18n.t(f"room.name.{room}", lang)
    if name in PRESETS and PRESETS[name].players != 4:
        return room_label
    return f"{label} · {room_label}"


# --- option values as text tokens ------------------------------------------------------------

_INT_CHOICES: dict[str, tuple[int, ...]] = {
    "exposed_kong_pay": (0, 1, 2, 3, 4),
    "pig_penalty": (4, 8, 16, 32),
    "cap_fan": (3, 4, 5, 6, 7, 8),
    "base": (1, 2, 3, 5, 10),
    "coins_per_point": (1, 2, 5, 6, 10, 20),
}


def option_token(name: str, value: object) -> str:
    """An option's value as it is written in ``NAME=VALUE`` (``on``, ``4``, ``none``…)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none" if "none" in OPTION_INFO[name].values else "off"
    return str(value)


def option_choices(name: str, *always: str) -> list[str]:
    """The values a drop-down offers for ``name`` (tokens), plus any in ``always``."""
    info = OPTION_INFO[name]
    words = [w for w in info.values if w != "cap"]
    if info.integer:
        if name.startswith("fan."):
            numbers: tuple[int, ...] = tuple(range(1, 9))
        elif name.startswith("extra."):
            numbers = (1, 2, 3)
        else:
            numbers = _INT_CHOICES.get(name, (1, 2, 3, 4))
        ints = {n for n in numbers if n >= info.minimum}
        ints |= {int(a) for a in always if a.lstrip("-").isdigit()}
        out = words + [str(n) for n in sorted(ints)]
    else:
        out = words
    if "cap" in info.values:
        out.append("cap")
    for a in always:
        if a not in out:
            out.append(a)
    return out
