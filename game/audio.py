"""Sound effects and the background music loop, silent when sound is impossible.

``Audio`` opens the mixer (with :data:`MIXER_SETTINGS`) only when a sound is first to be
heard: a muted game never opens the audio device. If there is no audio device
(``pygame.error`` from the mixer), or a sound file is missing or unreadable, it logs one
warning and goes on without that sound: audio never stops the game (in strict-assets mode,
``game.resources.missing_asset``, a missing sound of the game's own is an error instead).
The first time the game falls silent for want of a device, ``on_silent`` is called, once,
for the player to be told (the log is not the player's to read).
Volume and mute apply at once, to sounds already playing and to the music too.

The sounds (``assets/sounds/*.wav``) are made by ``build_scripts/make_sounds.py``; the names
the table uses are :data:`SOUND_NAMES`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from game.resources import missing_asset, resource_path

__all__ = ["MIXER_SETTINGS", "MUSIC_FADE_MS", "MUSIC_NAME", "SOUND_NAMES", "Audio"]

log = logging.getLogger(__name__)

SOUND_NAMES = (
    "draw",  # a tile drawn from the wall
    "discard",  # a tile clacks onto the table
    "pong",
    "kong",
    "win",  # 胡 on a discard
    "self_draw",  # 自摸
    "dice",
    "settlement",  # coins at the end of a hand
    "click",  # buttons
)
MUSIC_NAME = "music"
# The effects are 22050 Hz mono; a stereo device at that rate mixes them without resampling.
MIXER_FREQUENCY, MIXER_SIZE, MIXER_CHANNELS, MIXER_BUFFER = 22050, -16, 2, 512
MIXER_SETTINGS = (MIXER_FREQUENCY, MIXER_SIZE, MIXER_CHANNELS, MIXER_BUFFER)
MUSIC_FADE_MS = 1500  # the loop fades in when it starts


class _SoundSettings(Protocol):
    sound_volume: float
    music_volume: float
    mute: bool


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


class Audio:
    """Plays the game's sounds; every method is safe to call with no audio device."""

    def __init__(
        self,
        sounds_dir: str | os.PathLike[str] | None = None,
        *,
        volume: float = 0.8,
        music_volume: float = 0.5,
        muted: bool = False,
    ) -> None:
        self.sounds_dir = Path(sounds_dir) if sounds_dir is not None else resource_path("sounds")
        self._volume = _clamp(volume)
        self._music_volume = _clamp(music_volume)
        self._muted = bool(muted)
        self._state: bool | None = None  # None: mixer not tried yet; False: no audio
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._music_name: str | None = None  # the loop asked for (play_music)
        self._music_on = False  # that loop is loaded and playing, maybe at volume 0
        self._music_failed: set[str] = set()  # loops that cannot play (warned about once)
        self._opened_mixer = False
        # called once, when sound is found impossible (no device, or it went away)
        self.on_silent: Callable[[], None] | None = None

    @classmethod
    def from_settings(
        cls, settings: _SoundSettings, sounds_dir: str | os.PathLike[str] | None = None
    ) -> Audio:
        """An ``Audio`` with the volumes and mute of :class:`game.settings.Settings`."""
        return cls(
            sounds_dir,
            volume=settings.sound_volume,
            music_volume=settings.music_volume,
            muted=settings.mute,
        )

    def apply_settings(self, settings: _SoundSettings) -> None:
        """Take the volumes and mute from the settings (after the player changed them)."""
        self.set_volume(settings.sound_volume)
        self.set_music_volume(settings.music_volume)
        self.set_muted(settings.mute)

    # --- state ----------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """Whether the game can play sound: False once the audio device was found missing
        (or went away, or pygame has no mixer). Asking never opens the device — a muted
        game never opens it: a device not tried yet counts as there until the first sound
        to be heard tries it (and :attr:`on_silent` tells the player if it is not)."""
        return self._state is not False

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @property
    def muted(self) -> bool:
        return self._muted

    def set_volume(self, volume: float) -> None:
        """Effects volume 0.0–1.0, also for effects already playing."""
        self._volume = _clamp(volume)
        self._apply_volumes()

    def set_music_volume(self, volume: float) -> None:
        self._music_volume = _clamp(volume)
        self._apply_volumes()

    def set_muted(self, muted: bool) -> None:
        self._muted = bool(muted)
        self._apply_volumes()

    def silence(self, why: str) -> None:
        """Sound is impossible before any is tried (a pygame built without its mixer):
        silent from now on, told once (:attr:`on_silent`)."""
        self._give_up(why)

    def toggle_mute(self) -> bool:
        """Flip mute; the new state."""
        self.set_muted(not self._muted)
        return self._muted

    # --- playing --------------------------------------------------------------------------

    def play(self, name: str) -> None:
        """Play one effect by name (see :data:`SOUND_NAMES`); nothing if muted or impossible."""
        if self._muted or self._volume <= 0.0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self._volume)
            sound.play()
        except pygame.error as exc:  # the device went away mid-game
            self._give_up(f"playing {name!r} failed: {exc}")

    @property
    def music_playing(self) -> bool:
        """Whether the background loop is playing (silently too, when muted)."""
        return self._music_on

    def play_music(self, name: str = MUSIC_NAME) -> None:
        """Loop the background music ``name`` (streamed) until :meth:`stop_music`.

        It starts (fading in) as soon as it can be heard: now, or when the player unmutes or
        turns the music volume up. Muting or music volume 0 silences it without stopping it.
        Asking again for the loop already asked for changes nothing. No audio device, or a
        missing or unreadable file, is one warning and silence."""
        if name != self._music_name:
            self.stop_music(0)
            self._music_name = name
        self._sync_music()

    def stop_music(self, fade_ms: int = 800) -> None:
        self._music_name = None
        if self._music_on and self._state:
            try:
                pygame.mixer.music.fadeout(fade_ms)
            except pygame.error as exc:
                log.warning("audio: stopping music failed: %s", exc)
        self._music_on = False

    def preload(self) -> None:
        """Load every effect now (e.g. behind the start screen) so the first play is quick."""
        for name in SOUND_NAMES:
            self._sound(name)

    def load(self, name: str) -> None:
        """Load one effect now (the table spreads its effects over its first frames)."""
        self._sound(name)

    def close(self) -> None:
        """Stop everything and release the mixer (only if this object opened it)."""
        self.stop_music(0)
        self._sounds.clear()
        if self._state:
            try:
                pygame.mixer.stop()
                if self._opened_mixer:
                    pygame.mixer.quit()
            except pygame.error as exc:
                log.warning("audio: closing the mixer failed: %s", exc)
            self._state = None  # a later play opens the mixer again
        self._opened_mixer = False

    # --- internals ------------------------------------------------------------------------

    def _ensure_mixer(self) -> bool:
        if self._state is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(*MIXER_SETTINGS)
                    self._opened_mixer = True
                self._state = True
            except (pygame.error, NotImplementedError, AttributeError) as exc:
                # pygame.error: no device; NotImplementedError (AttributeError): a pygame
                # built without its mixer (or with part of it).
                self._give_up(f"no audio device ({exc}); the game runs silently")
        return bool(self._state)

    def _give_up(self, why: str) -> None:
        log.warning("audio: %s", why)
        told = self._state is False
        self._state = False
        self._sounds.clear()
        self._music_on = False
        if not told and self.on_silent is not None:
            self.on_silent()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        if not self._ensure_mixer():
            return None
        path = self.sounds_dir / f"{name}.wav"
        sound: pygame.mixer.Sound | None = None
        if not path.is_file():
            missing_asset(path)  # an error in strict mode (tests, smoke tests)
            log.warning("audio: missing sound %s; playing without it", path)
        else:
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as exc:
                log.warning("audio: cannot load %s (%s); playing without it", path, exc)
        self._sounds[name] = sound  # remembered either way: one warning per sound
        return sound

    def _apply_volumes(self) -> None:
        if self._state:
            effects = 0.0 if self._muted else self._volume
            try:
                for sound in self._sounds.values():
                    if sound is not None:
                        sound.set_volume(effects)
            except pygame.error as exc:
                log.warning("audio: setting the volume failed: %s", exc)
        self._sync_music()

    def _sync_music(self) -> None:
        """The asked-for loop at the music volume: started once it can be heard (opening
        the mixer then, not before), silenced (kept playing) while muted or at volume 0."""
        name = self._music_name
        level = 0.0 if self._muted else self._music_volume
        if name is None or name in self._music_failed:
            return
        if self._music_on:
            try:
                pygame.mixer.music.set_volume(level)
            except pygame.error as exc:  # the device went away mid-game
                self._give_up(f"setting the music volume failed: {exc}")
            return
        if level <= 0.0 or not self._ensure_mixer():
            return
        path = self.sounds_dir / f"{name}.wav"
        if not path.is_file():
            self._music_failed.add(name)  # one warning, not one per volume change
            missing_asset(path)  # an error in strict mode (tests, smoke tests)
            log.warning("audio: no music file %s; playing without music", path)
            return
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(level)
            pygame.mixer.music.play(loops=-1, fade_ms=MUSIC_FADE_MS)
        except pygame.error as exc:
            self._music_failed.add(name)
            log.warning("audio: cannot play music %s (%s); playing without music", path, exc)
            return
        self._music_on = True
