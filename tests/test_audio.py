"""Audio: plays headless, stays silent (never raises) without a device or a file; the
generated sound assets are small, well-formed and reproducible."""

from __future__ import annotations

import importlib.util
import logging
import struct
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.audio import MUSIC_NAME, SOUND_NAMES, Audio
from game.resources import resource_path
from game.settings import Settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def load_make_sounds():
    path = ROOT / "build_scripts" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_plays_every_sound_on_the_dummy_driver(caplog):
    audio = Audio(volume=0.5)
    assert pygame.mixer.get_init() is None  # lazy: nothing opened yet
    with caplog.at_level(logging.WARNING, logger="game.audio"):
        for name in SOUND_NAMES:
            audio.play(name)
        audio.play_music()
    assert audio.available and pygame.mixer.get_init() is not None
    assert not caplog.records, caplog.text
    audio.close()


def test_volume_and_mute_apply_live():
    audio = Audio(volume=0.8)
    audio.preload()
    sound = audio._sounds["discard"]
    assert sound is not None
    audio.set_volume(0.25)
    assert sound.get_volume() == pytest.approx(0.25, abs=0.01)
    audio.set_muted(True)
    assert sound.get_volume() == 0.0 and audio.muted
    assert audio.toggle_mute() is False
    assert sound.get_volume() == pytest.approx(0.25, abs=0.01)
    audio.set_volume(7)  # clamped
    assert audio.volume == 1.0


def test_muted_audio_does_not_even_open_the_mixer():
    audio = Audio(muted=True)
    audio.play("discard")
    assert pygame.mixer.get_init() is None


def test_settings_drive_the_volumes():
    settings = Settings(lang="en", sound_volume=0.3, music_volume=0.1, mute=True)
    audio = Audio.from_settings(settings)
    assert (audio.volume, audio.music_volume, audio.muted) == (0.3, 0.1, True)
    settings.mute = False
    settings.sound_volume = 0.6
    audio.apply_settings(settings)
    assert (audio.volume, audio.muted) == (0.6, False)


def test_no_audio_device_runs_silently(monkeypatch, caplog):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    with caplog.at_level(logging.WARNING, logger="game.audio"):
        for name in (*SOUND_NAMES, "discard", "discard"):
            audio.play(name)
        audio.play_music()
        audio.set_volume(0.2)
        audio.set_muted(True)
        audio.stop_music()
        audio.preload()
        audio.close()
    assert not audio.available
    assert len([r for r in caplog.records if "no audio device" in r.message]) == 1


def test_missing_and_corrupt_files_are_skipped_with_one_warning(tmp_path, caplog):
    (tmp_path / "discard.wav").write_bytes(b"RIFF\x00\x00not really a wave file")
    audio = Audio(tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.audio"):
        for _ in range(3):
            audio.play("discard")  # corrupt
            audio.play("win")  # missing
            audio.play("no_such_sound")
        audio.play_music()
    messages = [r.message for r in caplog.records]
    assert sum("discard.wav" in m for m in messages) == 1
    assert sum("win.wav" in m for m in messages) == 1
    assert sum("no_such_sound.wav" in m for m in messages) == 1
    assert any("music" in m for m in messages)
    assert audio.available  # the mixer itself is fine


def test_sound_assets_are_small_mono_16_bit():
    folder = resource_path("sounds")
    total = 0
    for name in (*SOUND_NAMES, MUSIC_NAME):
        path = folder / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2), name
            assert w.getframerate() == (8000 if name == MUSIC_NAME else 22050), name
            seconds = w.getnframes() / w.getframerate()
            assert 0.02 < seconds < (30 if name == MUSIC_NAME else 2.0), name
        total += path.stat().st_size
    assert total < 700 * 1024
    assert "CC0" in (folder / "LICENSE.txt").read_text(encoding="utf-8")


def test_make_sounds_is_deterministic_and_matches_the_committed_files(tmp_path):
    make_sounds = load_make_sounds()
    first = make_sounds.generate()
    assert set(first) == {*SOUND_NAMES, MUSIC_NAME}
    sizes = make_sounds.write(tmp_path)  # a second, independent run
    assert sizes == {name: len(data) for name, data in first.items()}
    for name, data in first.items():
        assert (tmp_path / f"{name}.wav").read_bytes() == data, name
    assert (tmp_path / "LICENSE.txt").is_file()
    assert make_sounds.generate(["click"])["click"] == first["click"]  # seeds per sound
    # The committed files are the script's output (allowing a last-bit difference of libm).
    for name, data in first.items():
        committed = resource_path("sounds", f"{name}.wav").read_bytes()
        if committed == data:
            continue
        assert len(committed) == len(data), name
        a = struct.unpack(f"<{(len(data) - 44) // 2}h", data[44:])
        b = struct.unpack(f"<{(len(data) - 44) // 2}h", committed[44:])
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 1, name
