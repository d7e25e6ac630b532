"""The player's settings: language, window, speeds, sound, table options, last Quick play.

Saved as the ``settings`` document of :mod:`game.storage`. Reading is per field and lenient:
an unknown field is ignored and a field with a bad value takes its default, so a settings
file edited by hand (or written by another version) never stops the game from starting.
"""

from __future__ import annotations

import contextlib
import dataclasses
import locale
import logging
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.rules import PRESETS, RuleSet, UnknownOptionError, get_preset
from game.storage import JsonStore, Notice

__all__ = [
    "BOT_LEVELS",
    "HIDDEN_OPTIONS",
    "LANGUAGES",
    "SPEEDS",
    "TABLE_PRESETS",
    "TILE_STYLES",
    "TURN_TIMERS",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_store",
    "system_language",
    "table_rules",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
LANGUAGES = ("zh", "en")
SPEEDS = ("slow", "normal", "fast", "instant")  # game/anim.py SPEEDS and BOT_PACE keys
TILE_STYLES = ("classic", "contrast")  # game/tile_art.py palettes

# Issue 15: the engine plays the three- and two-seat rooms (sanren_liangfang, liangren,
# --set players=3, a wall of fewer suits); the table draws four seats and the 108-tile wall
# only, until its three- and two-seat layouts land. This is the one place the game keeps the
# others out: their presets and options are not offered, and rules needing them are refused.
TABLE_PRESETS = tuple(n for n, r in PRESETS.items() if (r.players, r.suits) == (4, "mps"))
HIDDEN_OPTIONS = frozenset({"players", "suits", "first_dealer"})


def table_rules(rules: RuleSet) -> RuleSet:
    """``rules``, if the table can play them; else :class:`UnknownOptionError`."""
    if (rules.players, rules.suits) != (4, "mps"):
        raise UnknownOptionError(
            "three- and two-player tables (三人两房, 两人) are coming soon: the game plays four "
            "players and all three suits for now"
        )
    return rules


BOT_LEVELS = ("random", "greedy", "easy", "normal", "hard")
_BOT_SPEC = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")  # package.module:ClassName
MIN_WINDOW = (320, 240)
MAX_WINDOW = (16384, 16384)
MAX_REPLAYS_KEPT = 1000


def system_language(env: Mapping[str, str] | None = None) -> str:
    """``"zh"`` if the system locale is Chinese (``zh_CN.UTF-8``, ``zh-Hans``, Windows'
    ``Chinese (Simplified)_China``), else ``"en"``."""
    env = os.environ if env is None else env
    candidates = [env.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    if env is os.environ:
        with contextlib.suppress(ValueError):  # an unparsable locale says nothing
            candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        value = value.strip().lower()
        if not value or value in ("c", "posix", "c.utf-8"):
            continue
        return "zh" if value.startswith(("zh", "chinese")) else "en"
    return "en"


@dataclass
class Settings:
    """What the player chose. Field names match the table scenes' use (``lang``, ``preset``,
    ``overrides``, ``bots``, ``speed``, ``hints``); ``demo`` and ``seed`` are for this run
    only and are never saved."""

    lang: str = field(default_factory=system_language)
    window: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    speed: str = "normal"  # animation speed: slow / normal / fast / instant
    bot_pace: str = "normal"  # pause before a bot acts, same four words
    sound_volume: float = 0.8  # 0.0–1.0
    music_volume: float = 0.5  # 0.0–1.0
    mute: bool = False
    hints: bool = True  # ready/waits/discard hints for the human
    tile_style: str = "classic"  # classic / contrast (colour-blind friendly)
    confirm_discard: bool = False  # ask before a discard
    # At the table: 自动胡 (take a win on offer), 自动摸打 (once won, discard the drawn tile),
    # the tile tracker (记牌器) and the human's turn timer in seconds (0: off).
    auto_win: bool = False
    auto_discard: bool = False
    tile_tracker: bool = False
    turn_timer: int = 0
    replays_kept: int = 50  # finished hands' replays kept on disk, oldest dropped first
    # Quick play: the last preset, its overrides ("NAME=VALUE") and the three bot levels.
    preset: str = "standard"
    overrides: tuple[str, ...] = ()
    bots: tuple[str, str, str] = ("normal", "normal", "normal")
    # This run only (command line), never saved.
    demo: bool = field(default=False, metadata={"session": True})
    seed: int | None = field(default=None, metadata={"session": True})

    def ruleset(self) -> RuleSet:
        """The rules for Quick play: the preset with the overrides applied."""
        rules = get_preset(self.preset)
        return table_rules(rules.with_overrides(list(self.overrides)) if self.overrides else rules)

    def to_dict(self) -> dict[str, Any]:
        """The saved fields as JSON values."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.metadata.get("session"):
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from saved values; each bad or unknown field falls back to its default
        (logged), never an error."""
        defaults = cls()
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.metadata.get("session") or f.name not in data:
                continue
            check = _CHECKS[f.name]
            try:
                values[f.name] = check(data[f.name])
            except (TypeError, ValueError) as exc:
                log.warning(
                    "settings: %s=%r is invalid (%s); using %r",
                    f.name,
                    data[f.name],
                    exc,
                    getattr(defaults, f.name),
                )
        unknown = sorted(set(data) - set(_CHECKS))
        if unknown:
            log.info("settings: ignoring unknown fields %s", ", ".join(unknown))
        settings = dataclasses.replace(defaults, **values)
        return settings._drop_bad_overrides()

    def _drop_bad_overrides(self) -> Settings:
        """Keep only the overrides the preset accepts (an option may have been renamed)."""
        good: list[str] = []
        rules = get_preset(self.preset)
        for text in self.overrides:
            try:
                rules = table_rules(rules.with_overrides([text]))
            except UnknownOptionError as exc:
                log.warning("settings: dropping override %r: %s", text, exc)
                continue
            good.append(text)
        return dataclasses.replace(self, overrides=tuple(good))


# --- per-field checks: return the clean value or raise ValueError/TypeError --------------


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if isinstance(value, str) and value in choices:
            return value
        raise ValueError(f"expected one of {', '.join(choices)}")

    return check


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise TypeError("expected true or false")


def _volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("expected a number from 0 to 1")
    if not 0.0 <= value <= 1.0:
        raise ValueError("expected a number from 0 to 1")
    return float(value)


def _window(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("expected [width, height]")
    w, h = value
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (w, h)):
        raise TypeError("expected integer width and height")
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise ValueError("window size out of range")
    return (w, h)


def _replays_kept(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("expected an integer")
    if not 0 <= value <= MAX_REPLAYS_KEPT:
        raise ValueError(f"expected 0 to {MAX_REPLAYS_KEPT}")
    return value


TURN_TIMERS = (0, 10, 15, 20, 30)  # seconds for the human's move; 0: no timer


def _turn_timer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("expected an integer")
    if value not in TURN_TIMERS:
        raise ValueError(f"expected one of {', '.join(map(str, TURN_TIMERS))}")
    return value


def _preset(value: Any) -> str:
    if isinstance(value, str) and value in TABLE_PRESETS:
        return value
    raise ValueError(f"unknown preset; valid: {', '.join(TABLE_PRESETS)}")


def _overrides(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise TypeError("expected a list of NAME=VALUE strings")
    return tuple(value)


def _bots(value: Any) -> tuple[str, str, str]:
    if not isinstance(value, list | tuple) or len(value) != 3:
        raise TypeError("expected three bot levels")
    for v in value:
        if not isinstance(v, str) or not (v in BOT_LEVELS or _BOT_SPEC.match(v)):
            raise ValueError(f"unknown bot {v!r}; valid: {', '.join(BOT_LEVELS)}")
    return (value[0], value[1], value[2])


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "lang": _one_of(LANGUAGES),
    "window": _window,
    "fullscreen": _boolean,
    "speed": _one_of(SPEEDS),
    "bot_pace": _one_of(SPEEDS),
    "sound_volume": _volume,
    "music_volume": _volume,
    "mute": _boolean,
    "hints": _boolean,
    "tile_style": _one_of(TILE_STYLES),
    "confirm_discard": _boolean,
    "replays_kept": _replays_kept,
    "auto_win": _boolean,
    "auto_discard": _boolean,
    "tile_tracker": _boolean,
    "turn_timer": _turn_timer,
    "preset": _preset,
    "overrides": _overrides,
    "bots": _bots,
}


# --- persistence ------------------------------------------------------------------------


def settings_store(directory: str | os.PathLike[str] | None = None) -> JsonStore:
    """The ``settings.json`` document (see :func:`game.storage.data_dir` for the folder)."""
    return JsonStore("settings", version=SCHEMA_VERSION, directory=directory)


def load_settings(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[Settings, Notice | None]:
    """The saved settings (defaults on a first run) and a notice if the file was damaged."""
    result = settings_store(directory).load()
    settings = Settings() if result.data is None else Settings.from_dict(result.data)
    return settings, result.notice


def save_settings(
    settings: Settings, directory: str | os.PathLike[str] | None = None
) -> Notice | None:
    """Save the settings; a notice if the disk refused (the game goes on)."""
    return settings_store(directory).save(settings.to_dict())
