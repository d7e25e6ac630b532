"""Shared test setup: everything runs headless, and saves (autosave, replays, profile) go to
a throw-away folder, never the player's own data folder."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SICHUAN_MAHJONG_HOME", tempfile.mkdtemp(prefix="mahjong-tests-"))
