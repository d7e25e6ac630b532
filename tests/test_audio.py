"""Audio: plays headless, stays silent (never raises) without a device or a file; the music
loops from the app's first frame and follows the settings at once; a muted game opens no audio
device; the generated sound assets are small, well-formed and reproducible."""

from __future__ import annotations

import importlib.util
import logging
import struct
import sys
import wave
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import MIXER_SETTINGS, MUSIC_NAME, SOUND_NAMES, Audio
from game.resources import resource_path
from game.scenes.base import Scene
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


def app_with_a_screen(settings: Settings, home: Path) -> App:
    app = App(settings, (1024, 640), data_dir=home)
    app.stack.push(Scene())
    return app


def music_volume() -> float:
    return pygame.mixer.music.get_volume()


def test_the_app_loops_the_music_from_its_first_frame_and_follows_the_settings(home):
    settings = Settings(lang="en", music_volume=0.4)
    app = app_with_a_screen(settings, home)
    app.run(frames=1)
    assert pygame.mixer.music.get_busy() and app.audio.music_playing
    assert pygame.mixer.get_init() == MIXER_SETTINGS[:3]  # the game's 22050 Hz, not pygame's
    assert music_volume() == pytest.approx(0.4, abs=0.01)
    # as the settings screen does: change the one settings object, then apply it
    for field, value, heard in [
        ("music_volume", 0.1, 0.1),
        ("mute", True, 0.0),
        ("mute", False, 0.1),
        ("music_volume", 0.0, 0.0),
        ("music_volume", 0.7, 0.7),
    ]:
        setattr(settings, field, value)
        app.apply_settings(settings)
        assert music_volume() == pytest.approx(heard, abs=0.01), (field, value)
        assert pygame.mixer.music.get_busy()  # silenced, not stopped: the loop goes on
    app.run(frames=30)
    assert pygame.mixer.music.get_busy()
    app.close()


def test_a_muted_app_opens_no_audio_device_until_unmuted(home):
    settings = Settings(lang="en", mute=True)
    app = app_with_a_screen(settings, home)
    assert pygame.mixer.get_init() is None
    app.run(frames=3)
    app.audio.play("discard")
    assert pygame.mixer.get_init() is None
    settings.mute = False
    app.apply_settings(settings)
    assert pygame.mixer.get_init() == MIXER_SETTINGS[:3]
    assert pygame.mixer.music.get_busy()
    assert music_volume() == pytest.approx(settings.music_volume, abs=0.01)
    app.close()


def test_the_music_starts_once_it_can_be_heard_and_only_once(monkeypatch):
    starts = []
    play = pygame.mixer.music.play
    monkeypatch.setattr(
        pygame.mixer.music, "play", lambda *a, **k: starts.append(1) or play(*a, **k)
    )
    audio = Audio(music_volume=0.0)
    audio.play_music()
    assert pygame.mixer.get_init() is None and not starts  # nothing to hear: no device opened
    audio.set_music_volume(0.5)
    assert pygame.mixer.music.get_busy() and music_volume() == pytest.approx(0.5, abs=0.01)
    audio.play_music()  # the loop already playing: not started over
    audio.set_muted(True)
    audio.set_muted(False)
    assert len(starts) == 1 and pygame.mixer.music.get_busy()
    audio.stop_music(0)
    assert not audio.music_playing
    audio.set_music_volume(0.6)  # stopped stays stopped
    assert len(starts) == 1
    audio.close()


@pytest.mark.parametrize("damage", ["missing", "corrupt"])
def test_a_bad_music_file_is_one_warning_and_silence(tmp_path, caplog, damage):
    if damage == "corrupt":
        (tmp_path / "music.wav").write_bytes(b"RIFF\x00\x00\x00\x00not really a wave file")
    audio = Audio(tmp_path)
    with caplog.at_level(logging.WARNING, logger="game.audio"):
        for _ in range(3):
            audio.play_music()
            audio.set_music_volume(0.2)
            audio.set_muted(True)
            audio.set_muted(False)
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1 and "music.wav" in warnings[0], warnings
    assert not audio.music_playing and not pygame.mixer.music.get_busy()
    assert audio.available  # the mixer itself is fine: effects still play
    audio.close()


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


def test_make_sounds_is_deterministic_and_matches_the_committed_files(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "build_scripts"))  # it imports _args by plain name
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
