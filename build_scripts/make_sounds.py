"""Synthesise the game's sound effects with the standard library only.

    python build_scripts/make_sounds.py [--out DIR]

writes ``DIR/<name>.wav`` (default ``assets/sounds``) for every name in :data:`SOUNDS` plus
``LICENSE.txt``: 22050 Hz, mono, 16-bit PCM. Everything is built from decaying sines and
filtered noise drawn from ``random.Random`` with a fixed seed per sound, so running the script
again writes the same bytes (on one platform; another C library's ``sin`` may differ in the
last bit, which can move a sample by one step).

The sounds are made by this project and dedicated to the public domain (CC0 1.0).

* tiles (draw, discard, pong, kong): an ivory tile hitting the table is a very short burst of
  band-passed noise, a few inharmonic resonances of the tile (2–5 kHz, tens of ms) and a low
  thump from the table;
* dice: two small dice bouncing, bounces closer and softer each time;
* win / self-draw: bell-like chimes on a pentatonic scale (D 宫调: D E F# A B), the self-draw
  one longer and brighter;
* settlement: a handful of coins, metal-plate partials (1, 2.76, 5.40, 8.93);
* click: a short soft blip for buttons;
* music: an optional gentle loop (plucked strings on the same scale over a soft drone), at
  8000 Hz to stay small.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

from _args import out_folder

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"
RATE = 22050
MUSIC_RATE = (
    8000  # the loop is soft and low: 4 kHz of bandwidth is plenty, and it keeps the file small
)

Samples = list[float]

LICENSE_TEXT = """\
Sound effects and music in this folder (*.wav)

Made by the Sichuan Mahjong project: synthesised from scratch by
build_scripts/make_sounds.py (sines and filtered noise, no recordings, no samples).

To the extent possible under law, the authors have dedicated these sounds to the public
domain: Creative Commons CC0 1.0 Universal,
https://creativecommons.org/publicdomain/zero/1.0/

Re-create them with:  python build_scripts/make_sounds.py
"""


# --- building blocks ------------------------------------------------------------------------


def silence(seconds: float, rate: int = RATE) -> Samples:
    return [0.0] * round(seconds * rate)


def mix(dst: Samples, src: Sequence[float], at: float, gain: float = 1.0, rate: int = RATE) -> None:
    """Add ``src`` into ``dst`` starting at ``at`` seconds (clipped to ``dst``)."""
    start = round(at * rate)
    end = min(len(dst), start + len(src))
    for i in range(start, end):
        dst[i] += gain * src[i - start]


def tone(
    freq: float,
    seconds: float,
    decay: float,
    amp: float = 1.0,
    attack: float = 0.001,
    rate: int = RATE,
) -> Samples:
    """A sine with a short linear attack and an exponential decay (time constant ``decay``)."""
    n = round(seconds * rate)
    w = 2 * math.pi * freq / rate
    a = max(1, round(attack * rate))
    k = math.exp(-1.0 / (decay * rate))
    out = []
    env = amp
    for i in range(n):
        rise = i / a if i < a else 1.0
        out.append(rise * env * math.sin(w * i))
        env *= k
    return out


def noise(rng: random.Random, seconds: float, rate: int = RATE) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * rate))]


def decay_env(samples: Samples, decay: float, attack: float = 0.0005, rate: int = RATE) -> Samples:
    a = max(1, round(attack * rate))
    k = math.exp(-1.0 / (decay * rate))
    env = 1.0
    out = []
    for i, x in enumerate(samples):
        rise = i / a if i < a else 1.0
        out.append(x * rise * env)
        env *= k
    return out


def bandpass(samples: Sequence[float], centre: float, q: float, rate: int = RATE) -> Samples:
    """RBJ biquad band-pass (constant 0 dB peak gain)."""
    w0 = 2 * math.pi * centre / rate
    alpha = math.sin(w0) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w0), 1 - alpha
    b0, b2, a1, a2 = b0 / a0, b2 / a0, a1 / a0, a2 / a0
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for x in samples:
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def lowpass(samples: Sequence[float], cutoff: float, rate: int = RATE) -> Samples:
    """One-pole low-pass."""
    k = 1 - math.exp(-2 * math.pi * cutoff / rate)
    y = 0.0
    out = []
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def normalise(samples: Samples, peak: float) -> Samples:
    top = max((abs(x) for x in samples), default=0.0)
    if top == 0.0:
        return samples
    scale = peak / top
    return [x * scale for x in samples]


def fade(samples: Samples, seconds: float = 0.01, rate: int = RATE) -> Samples:
    """Fade the last ``seconds`` out so no sound ends on a click."""
    n = min(len(samples), max(1, round(seconds * rate)))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


# --- instruments ----------------------------------------------------------------------------


def tile_hit(rng: random.Random, weight: float = 1.0, brightness: float = 1.0) -> Samples:
    """One tile meeting the table: a noise burst, tile resonances and a table thump."""
    out = silence(0.12)
    burst = decay_env(bandpass(noise(rng, 0.03), 3000 * brightness, 1.2), 0.004)
    mix(out, burst, 0.0, 0.9)
    for base, amp, tau in ((2150, 0.5, 0.020), (3350, 0.3, 0.014), (4900, 0.2, 0.009)):
        freq = base * brightness * rng.uniform(0.97, 1.03)
        mix(out, tone(freq, 0.1, tau, amp, attack=0.0003), 0.0)
    mix(out, tone(170 * rng.uniform(0.95, 1.05), 0.1, 0.018, 0.45 * weight, attack=0.001), 0.0)
    return out


def bell(freq: float, seconds: float, decay: float, amp: float = 1.0) -> Samples:
    """A soft bell/chime: the fundamental with a few quieter, faster-decaying overtones."""
    out = silence(seconds)
    for ratio, rel, tau in (
        (1.0, 1.0, 1.0),
        (2.0, 0.35, 0.55),
        (3.0, 0.12, 0.35),
        (4.2, 0.06, 0.2),
    ):
        if freq * ratio < RATE / 2 - 500:
            mix(out, tone(freq * ratio, seconds, decay * tau, amp * rel, attack=0.002), 0.0)
    return out


def coin(rng: random.Random) -> Samples:
    """A small coin: metal-plate partials, quick decay."""
    f = rng.uniform(2300, 3100)
    out = silence(0.35)
    for ratio, rel, tau in (
        (1.0, 1.0, 0.16),
        (2.76, 0.5, 0.09),
        (5.40, 0.25, 0.05),
        (8.93, 0.12, 0.03),
    ):
        if f * ratio < RATE / 2 - 500:
            mix(out, tone(f * ratio, 0.35, tau, rel, attack=0.0005), 0.0)
    mix(out, decay_env(bandpass(noise(rng, 0.01), 6000, 1.0), 0.002), 0.0, 0.4)
    return out


def pluck(
    freq: float, seconds: float, rng: random.Random, rate: int, damping: float = 0.996
) -> Samples:
    """Karplus–Strong plucked string (a guzheng-ish note)."""
    period = max(2, round(rate / freq))
    buf = lowpass([rng.uniform(-1.0, 1.0) for _ in range(period)], freq * 4, rate)
    out = []
    n = round(seconds * rate)
    for i in range(n):
        j = i % period
        x = buf[j]
        out.append(x)
        buf[j] = damping * 0.5 * (x + buf[(j + 1) % period])
    return out


# --- the sounds -----------------------------------------------------------------------------

D5, E5, FS5, A5, B5, D6 = 587.33, 659.26, 739.99, 880.0, 987.77, 1174.66


def make_click(rng: random.Random) -> Samples:
    out = silence(0.04)
    mix(out, tone(1500, 0.04, 0.006, 1.0, attack=0.0005), 0.0)
    mix(out, tone(3000, 0.04, 0.003, 0.3, attack=0.0005), 0.0)
    return normalise(fade(out, 0.005), 0.35)


def make_draw(rng: random.Random) -> Samples:
    out = silence(0.16)
    slide = lowpass(lowpass(noise(rng, 0.07), 1400), 1400)
    hann = [math.sin(math.pi * i / len(slide)) ** 2 for i in range(len(slide))]
    mix(out, [s * h for s, h in zip(slide, hann, strict=True)], 0.0, 1.2)
    mix(out, tile_hit(rng, weight=0.4, brightness=0.9), 0.06, 0.35)
    return normalise(fade(out), 0.45)


def make_discard(rng: random.Random) -> Samples:
    out = silence(0.18)
    mix(out, tile_hit(rng), 0.0)
    mix(out, tile_hit(rng, weight=0.3, brightness=1.1), 0.035, 0.22)  # a small bounce
    return normalise(fade(out), 0.75)


def make_pong(rng: random.Random) -> Samples:
    out = silence(0.32)
    mix(out, tile_hit(rng, weight=1.1), 0.0)
    mix(out, tile_hit(rng, weight=0.9, brightness=1.06), 0.09)
    mix(out, tile_hit(rng, weight=0.7, brightness=1.1), 0.16, 0.8)
    return normalise(fade(out), 0.75)


def make_kong(rng: random.Random) -> Samples:
    out = silence(0.5)
    for k, at in enumerate((0.0, 0.07, 0.14, 0.21)):
        mix(out, tile_hit(rng, weight=0.8, brightness=1.0 + 0.04 * k), at, 0.8)
    mix(out, tile_hit(rng, weight=1.8, brightness=0.85), 0.3)  # the set slapped down
    return normalise(fade(out), 0.8)


def make_dice(rng: random.Random) -> Samples:
    out = silence(0.75)
    for die in range(2):
        at, gap, amp = 0.01 + 0.025 * die, 0.09, 0.9
        while amp > 0.08 and at < 0.68:
            hit = tile_hit(rng, weight=0.25, brightness=rng.uniform(1.4, 1.7))
            mix(out, decay_env(hit, 0.02), at, amp)
            at += gap * rng.uniform(0.85, 1.15)
            gap *= 0.72
            amp *= 0.78
    return normalise(fade(out, 0.05), 0.6)


def make_win(rng: random.Random) -> Samples:
    out = silence(1.5)
    for k, f in enumerate((D5, FS5, A5, D6)):
        mix(out, bell(f, 1.5 - 0.09 * k, 0.6), 0.09 * k, 0.7)
    mix(out, bell(D5 / 2, 1.4, 0.7), 0.27, 0.35)  # a soft low D under the last note
    return normalise(fade(out, 0.2), 0.6)


def make_self_draw(rng: random.Random) -> Samples:
    out = silence(1.8)
    for k, f in enumerate((D5, E5, FS5, A5, B5, D6)):
        mix(out, bell(f, 1.8 - 0.07 * k, 0.55), 0.07 * k, 0.6)
    mix(out, bell(D6, 1.3, 0.8), 0.42, 0.7)
    mix(out, bell(A5, 1.3, 0.8), 0.42, 0.4)
    for _ in range(7):  # sparkle
        mix(out, tone(rng.uniform(3000, 5500), 0.2, 0.04, 0.12), rng.uniform(0.42, 0.9))
    return normalise(fade(out, 0.25), 0.62)


def make_settlement(rng: random.Random) -> Samples:
    out = silence(0.95)
    at = 0.0
    for _ in range(6):
        mix(out, coin(rng), at, rng.uniform(0.5, 1.0))
        at += rng.uniform(0.05, 0.12)
    mix(out, bell(A5, 0.5, 0.4), at, 0.4)
    return normalise(fade(out, 0.1), 0.5)


def make_music(rng: random.Random) -> Samples:
    """About 19 s at 8000 Hz: slow plucks on the D pentatonic over a soft D–A drone, quiet
    at both ends so the loop point is seamless."""
    rate = MUSIC_RATE
    beat = 0.6
    bars = 8
    total = bars * 4 * beat
    out = silence(total, rate)
    drone = silence(total, rate)
    for f, amp in ((146.83, 0.07), (220.0, 0.04)):
        w = 2 * math.pi * f / rate
        for i in range(len(drone)):
            drone[i] += (
                amp * math.sin(w * i) * (0.75 + 0.25 * math.sin(2 * math.pi * i / len(drone) * 4))
            )
    mix(out, drone, 0.0, 1.0, rate)
    scale = (293.66, 329.63, 369.99, 440.0, 493.88, D5, E5, FS5)
    phrase = [0, 2, 3, 5, 4, 3, 2, None, 1, 3, 4, 6, 5, 3, 4, None]
    t = 0.0
    for bar in range(bars):
        for step in range(4):
            degree = phrase[(bar * 4 + step) % len(phrase)]
            if degree is not None and t + 2.0 < total:
                note = pluck(scale[degree], 2.0, rng, rate)
                mix(out, note, t + rng.uniform(0.0, 0.02), 0.55 if step == 0 else 0.4, rate)
            t += beat
    # Fade both ends so the loop has no click.
    edge = round(0.3 * rate)
    for i in range(edge):
        out[i] *= i / edge
        out[-1 - i] *= i / edge
    return normalise(out, 0.3)


SOUNDS: dict[str, tuple[Callable[[random.Random], Samples], int]] = {
    # name: (maker, sample rate)
    "click": (make_click, RATE),
    "draw": (make_draw, RATE),
    "discard": (make_discard, RATE),
    "pong": (make_pong, RATE),
    "kong": (make_kong, RATE),
    "dice": (make_dice, RATE),
    "win": (make_win, RATE),
    "self_draw": (make_self_draw, RATE),
    "settlement": (make_settlement, RATE),
    "music": (make_music, MUSIC_RATE),
}


def wav_bytes(samples: Sequence[float], rate: int = RATE) -> bytes:
    """16-bit mono PCM WAV of ``samples`` (floats in −1…1, clipped)."""
    pcm = struct.pack(
        f"<{len(samples)}h", *(max(-32768, min(32767, round(x * 32767))) for x in samples)
    )
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)
    return buf.getvalue()


def generate(names: Sequence[str] | None = None) -> dict[str, bytes]:
    """WAV bytes by sound name; each sound has its own fixed seed, so the result does not
    depend on which other sounds are made."""
    out: dict[str, bytes] = {}
    for index, name in enumerate(SOUNDS):
        if names is not None and name not in names:
            continue
        maker, rate = SOUNDS[name]
        out[name] = wav_bytes(maker(random.Random(0x5EED + index)), rate)
    return out


def write(out_dir: Path) -> dict[str, int]:
    """Write every sound and the licence note; the file sizes by name."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name, data in generate().items():
        (out_dir / f"{name}.wav").write_bytes(data)
        sizes[name] = len(data)
    (out_dir / "LICENSE.txt").write_text(LICENSE_TEXT, encoding="utf-8")
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--out",
        type=out_folder,
        default=DEFAULT_OUT,
        metavar="DIR",
        help="folder to write the .wav files and LICENSE.txt into (default assets/sounds)",
    )
    args = parser.parse_args(argv)
    try:
        sizes = write(args.out)
    except OSError as exc:
        where = exc.filename or args.out
        print(f"{parser.prog}: error: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for name, size in sizes.items():
        print(f"{name + '.wav':16} {size / 1024:7.1f} KiB")
    print(f"{'total':16} {sum(sizes.values()) / 1024:7.1f} KiB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
