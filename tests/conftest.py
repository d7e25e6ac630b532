"""Shared test setup: everything runs headless, saves (autosave, replays, profile) go to a
throw-away folder, never the player's own data folder, and a missing asset of the game's own
is an error (game.resources.missing_asset), not a warning the tests would pass over."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SICHUAN_MAHJONG_HOME", tempfile.mkdtemp(prefix="mahjong-tests-"))
os.environ.setdefault("SICHUAN_MAHJONG_STRICT_ASSETS", "1")
# A bot answer is never replaced for lateness in the tests (a loaded machine is not a stuck bot).
os.environ.setdefault("SICHUAN_MAHJONG_BOT_TIMEOUT", "600")
