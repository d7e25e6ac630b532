"""The player's settings: language, window, speeds, sound, table options, last Quick play,
the last table hosted for friends.

Saved as the ``settings`` document of :mod:`game.storage`. The :class:`Settings` dataclass is
its own schema: each field's annotation gives its type and range, and each saved field is
decoded through it with msgspec, strictly. Reading is per field: an unknown field is ignored
and a field with a bad value takes its default — and the player is told which — so a settings
file edited by hand (or written by another version) never stops the game from starting.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import locale
import logging
import os
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from engine.round import TABLE_PLACES
from engine.rules import PRESETS, RuleSet, UnknownOptionError, get_preset
from game.storage import JsonStore, Notice, NoticeKind

__all__ = [
    "BOT_LEVELS",
    "DEFAULT_HANDS",
    "HAND_CHOICES",
    "HIDDEN_OPTIONS",
    "HOST_FIELDS",
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

# The table plays every room the engine does: four seats, three (the seat across empty) and
# two (facing each other), with a wall of one, two or three suits (docs/rules-short-handed.md).
# Every preset is offered and no option is kept back; ``table_rules`` is the one check a
# rule set passes before it reaches the table.
TABLE_PRESETS = tuple(PRESETS)
HIDDEN_OPTIONS: frozenset[str] = frozenset()


def table_rules(rules: RuleSet) -> RuleSet:
    """``rules``, if the table can seat them; else :class:`UnknownOptionError`."""
    if rules.players not in TABLE_PLACES:
        raise UnknownOptionError(
            f"the table seats {', '.join(map(str, sorted(TABLE_PLACES)))} players, "
            f"not {rules.players}"
        )
    return rules


BOT_LEVELS = ("random", "greedy", "easy", "efficiency", "normal", "hard")
# The smallest window the table is laid out for (game.table.layout); --window and a saved
# size are raised to it.
MIN_W, MIN_H = 1024, 640
MAX_WINDOW = (16384, 16384)
MAX_REPLAYS_KEPT = 1000

# The saved fields' types, with their ranges: the dataclass below is its own schema (each
# field decoded with msgspec, strictly; a field that fails takes its default).
Lang = Literal[LANGUAGES]  # type: ignore[valid-type]
Speed = Literal[SPEEDS]  # type: ignore[valid-type]
TileStyle = Literal[TILE_STYLES]  # type: ignore[valid-type]
TablePreset = Literal[TABLE_PRESETS]  # type: ignore[valid-type]
BotLevel = Literal[BOT_LEVELS]  # type: ignore[valid-type]  # registered levels only: no imports
Volume = Annotated[float, Meta(ge=0.0, le=1.0)]
Width = Annotated[int, Meta(le=MAX_WINDOW[0])]  # below the smallest: made the smallest
Height = Annotated[int, Meta(le=MAX_WINDOW[1])]
ReplaysKept = Annotated[int, Meta(ge=0, le=MAX_REPLAYS_KEPT)]
Override = Annotated[str, Meta(max_length=200)]
TURN_TIMERS = (0, 10, 15, 20, 30)  # seconds for the human's move; 0: no timer
REPLAYS_KEPT_CHOICES = (20, 50, 100, 200)  # the settings screen's; the file takes any
TurnTimer = Literal[TURN_TIMERS]  # type: ignore[valid-type]
# A match's length in hands, as the New game screen offers it (None: until the player is
# broke); a stored value not among them takes the default.
HAND_CHOICES: tuple[int | None, ...] = (1, 4, 8, 16, None)
DEFAULT_HANDS = 8
MatchLength = Literal[HAND_CHOICES]  # type: ignore[valid-type]
# Play with friends → Host: what the Host screen offers (game.net.spec's HAND_CHOICES,
# TURN_CHOICES and SETTLE_CHOICES, game.match_config's BOT_CHOICES: repeated here, for
# reading the settings loads no network code; tests/test_host_choices_kept.py checks they
# agree) and the longest name and server address its fields take (game.net.forms').
HOST_HAND_CHOICES = (1, 4, 8, 16)
HOST_TURN_CHOICES = (0, 10, 15, 30, 60)
HOST_SETTLE_CHOICES = (10, 30, 60)
HOST_BOT_CHOICES = ("easy", "normal", "hard")
HostHands = Literal[HOST_HAND_CHOICES]  # type: ignore[valid-type]
HostTurn = Literal[HOST_TURN_CHOICES]  # type: ignore[valid-type]
HostSettle = Literal[HOST_SETTLE_CHOICES]  # type: ignore[valid-type]
HostBots = Literal[HOST_BOT_CHOICES]  # type: ignore[valid-type]
HostName = Annotated[str, Meta(max_length=24)]  # game.net.forms.NAME_LIMIT, the server's
HostServer = Annotated[str, Meta(max_length=120)]  # the Host screen's address field
Overrides = Annotated[tuple[Override, ...], Meta(max_length=100)]


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
    only and are never saved. The annotations are the saved file's schema."""

    lang: Lang = field(default_factory=system_language)
    window: tuple[Width, Height] = (1280, 800)
    fullscreen: bool = False
    speed: Speed = "normal"  # animation speed: slow / normal / fast / instant
    bot_pace: Speed = "normal"  # pause before a bot acts, same four words
    sound_volume: Volume = 0.8  # 0.0–1.0
    music_volume: Volume = 0.5  # 0.0–1.0
    mute: bool = False
    hints: bool = True  # ready/waits/discard hints for the human
    tile_style: TileStyle = "classic"  # classic / contrast (colour-blind friendly)
    confirm_discard: bool = False  # ask before a discard
    # At the table: 自动胡 (take a win on offer), 自动摸打 (once won, discard the drawn tile),
    # the tile tracker (记牌器) and the human's turn timer in seconds (0: off).
    auto_win: bool = False
    auto_discard: bool = False
    tile_tracker: bool = False
    turn_timer: TurnTimer = 0
    replays_kept: ReplaysKept = 50  # finished hands' replays kept on disk, oldest dropped first
    # The main menu points a new player to the tutorial until it is finished or the tip is
    # closed (nor to one whose profile has a hand played). A file without it: True.
    tutorial_tip: bool = True
    # Quick play: the last preset, its overrides ("NAME=VALUE"), the three bot levels and
    # the match's length in hands (None: until the player is broke) — all that the New
    # game screen chose last, and shows again when it opens.
    preset: TablePreset = "standard"
    overrides: Overrides = ()
    bots: tuple[BotLevel, BotLevel, BotLevel] = ("normal", "normal", "normal")
    hands: MatchLength = DEFAULT_HANDS
    # Play with friends → Host: the choices of the last table hosted, shown again when the
    # Host screen opens (game.net.forms.host_choices). The name as typed ("": the default
    # name, in the language of the day; the player's name at friends' tables, the Join
    # screen's too: game.net.forms.friends_name), the preset (None: never hosted, Quick
    # play's), the length, the empty seats' bots, the two timers, the local network's
    # announcement and where the table ran (on a dedicated server: its address as typed).
    # Each is read on its own: one damaged takes its default and the others are kept.
    host_name: HostName = ""
    host_preset: TablePreset | None = None
    host_hands: HostHands = DEFAULT_HANDS
    host_bots: HostBots = "normal"
    host_turn: HostTurn = 15
    host_settle: HostSettle = 30
    host_announce: bool = True
    host_on_server: bool = False
    host_server: HostServer = ""
    # Play with friends → Join: the server address typed to join last (the name is
    # host_name, shared; the room code is new at every table and never kept).
    join_address: HostServer = ""
    # This run only (command line), never saved.
    demo: bool = field(default=False, metadata={"session": True})
    seed: int | None = field(default=None, metadata={"session": True})
    # Fields a command-line flag set for this run: name → (the flag's value, the saved
    # value). A save writes the saved value back while the field still holds the flag's
    # (`--lang en` does not make English the player's language); one the player changes in
    # the game is saved as chosen.
    run_only: dict[str, tuple[Any, Any]] = field(
        default_factory=dict, metadata={"session": True}, compare=False, repr=False
    )
    # The saved fields as this game last read or wrote them (None: never): a save keeps
    # what another window (or a file that could not be read at the start) holds in every
    # field this game has not changed since (:func:`save_settings`).
    on_disk: dict[str, Any] | None = field(
        default=None, metadata={"session": True}, compare=False, repr=False
    )

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
            flagged = self.run_only.get(f.name)
            if flagged is not None and value == flagged[0]:
                value = flagged[1]
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        """Settings from saved values; each bad field falls back to its default (logged),
        unknown fields are ignored, never an error (:meth:`decode` also says which)."""
        return cls.decode(data)[0]

    @classmethod
    def decode(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from saved values, each field checked against its annotation (type and
        range, strictly: ``"yes"`` is not true, ``1`` is not a bool); and the names of the
        fields that failed and took their defaults. Unknown fields are ignored."""
        if not isinstance(data, Mapping):
            return cls(), []
        defaults = cls()
        values: dict[str, Any] = {}
        bad: list[str] = []
        for f in dataclasses.fields(cls):
            if f.metadata.get("session") or f.name not in data:
                continue
            try:
                values[f.name] = msgspec.convert(data[f.name], _field_types()[f.name], strict=True)
            except (msgspec.ValidationError, RecursionError) as exc:
                bad.append(f.name)
                log.warning(
                    "settings: %s=%.60r is invalid (%s); using %r",
                    f.name,
                    data[f.name],
                    exc,
                    getattr(defaults, f.name),
                )
        unknown = sorted(str(k)[:40] for k in data if k not in _field_types())
        if unknown:
            log.info("settings: ignoring unknown fields %s", ", ".join(unknown))
        settings = dataclasses.replace(defaults, **values)
        return settings._drop_bad_overrides()._fit_window(), bad

    def _fit_window(self) -> Settings:
        """The window made no smaller than the game's smallest (1024×640, ``--window``'s
        too): a smaller one opens at that size, so the settings screen names what it shows."""
        w, h = self.window
        fitted = (max(MIN_W, w), max(MIN_H, h))
        if fitted == (w, h):
            return self
        log.warning(
            "settings: window %dx%d is below %dx%d; using %dx%d", w, h, MIN_W, MIN_H, *fitted
        )
        return dataclasses.replace(self, window=fitted)

    def _drop_bad_overrides(self) -> Settings:
        """Keep only the overrides the preset accepts (an option may have been renamed)."""
        try:  # together first: the seats and the suits are checked against each other
            table_rules(get_preset(self.preset).with_overrides(list(self.overrides)))
            return self
        except UnknownOptionError:
            pass
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


HOST_FIELDS = tuple(f.name for f in dataclasses.fields(Settings) if f.name.startswith("host_"))
"""The Host screen's remembered choices (the ``host_`` fields)."""


@functools.cache
def _field_types() -> dict[str, Any]:
    """Each saved field's annotated type (its schema)."""
    hints = typing.get_type_hints(Settings, include_extras=True)
    return {
        f.name: hints[f.name] for f in dataclasses.fields(Settings) if not f.metadata.get("session")
    }


FIELD_LABELS: dict[str, str] = {
    "lang": "set.lang",
    "window": "set.window",
    "fullscreen": "set.fullscreen",
    "speed": "set.speed",
    "bot_pace": "set.bot_pace",
    "sound_volume": "set.sound",
    "music_volume": "set.music",
    "mute": "set.mute",
    "hints": "set.hints",
    "tile_style": "set.style",
    "confirm_discard": "set.confirm",
    "replays_kept": "set.replays_kept",
    "auto_win": "set.auto_win",
    "auto_discard": "set.auto_discard",
    "tile_tracker": "set.tracker",
    "turn_timer": "set.timer",
    "preset": "saves.field.quick",
    "overrides": "saves.field.quick",
    "bots": "saves.field.quick",
    "hands": "saves.field.quick",
    **dict.fromkeys(HOST_FIELDS, "saves.field.host"),
    "host_name": "net.field.your_name",  # Host's and Join's alike (game.net.forms.friends_name)
    "join_address": "net.field.join_address",
}
"""The string key naming each field on screen (for the notice of fields set back)."""


def _fields_notice(bad: list[str]) -> Notice:
    from game.i18n import t

    words = []
    for lang in ("zh", "en"):
        labels = dict.fromkeys(t(FIELD_LABELS.get(name, "saves.field.other"), lang) for name in bad)
        words.append(("、" if lang == "zh" else ", ").join(labels))
    return Notice(NoticeKind.FIELDS_RESET, "settings", None, ", ".join(bad), (words[0], words[1]))


# --- persistence ------------------------------------------------------------------------


def settings_store(directory: str | os.PathLike[str] | None = None) -> JsonStore:
    """The ``settings.json`` document (see :func:`game.storage.data_dir` for the folder)."""
    return JsonStore("settings", version=SCHEMA_VERSION, directory=directory)


def load_settings(
    directory: str | os.PathLike[str] | None = None,
) -> tuple[Settings, Notice | None]:
    """The saved settings (defaults on a first run) and a notice if the file was damaged."""
    result = settings_store(directory).load()
    if result.data is None:
        settings = Settings()
        settings.on_disk = settings.to_dict()
        return settings, result.notice
    settings, bad = Settings.decode(result.data)
    settings.on_disk = settings.to_dict()
    if _repaired(settings, result.data):  # written back repaired (the file as it was becomes
        save_settings(settings, directory)  # the backup): told once, not at every start
    return settings, result.notice or (_fields_notice(bad) if bad else None)


def _repaired(settings: Settings, data: object) -> bool:
    """Some saved field reads otherwise than the file says: set back to its default, an
    override dropped, a window below the smallest made the smallest."""
    if not isinstance(data, Mapping):
        return False  # no settings were read from it: nothing to repair
    read = settings.to_dict()
    return any(name in data and data[name] != value for name, value in read.items())


def save_settings(
    settings: Settings, directory: str | os.PathLike[str] | None = None
) -> Notice | None:
    """Save the settings; a notice if the disk refused (the game goes on).

    Each field this game changed since it last read or wrote the file is saved as it is
    here; every other field keeps what the file holds now — another window's change, or
    the settings of a file that could not be read at the start and reads again. Saving
    the whole document lost them (the last window to save won every field)."""
    store = settings_store(directory)
    ours = settings.to_dict()
    written = ours
    read = settings.on_disk
    data = store.peek() if read is not None else None
    if read is not None and data is not None:
        theirs = Settings.decode(data)[0].to_dict()
        written = {k: v if v != read.get(k) else theirs.get(k, v) for k, v in ours.items()}
    notice = store.save(written)
    if notice is None:
        settings.on_disk = ours
    return notice
