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


import pathlib
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import settings

from game.ui.draw import clear_caches

# The suite is the same on every run: hypothesis draws its examples from a fixed seed per
# test (a clean clone's CI once met an example no earlier run had drawn, and failed where
# every run before had passed). `--hypothesis-profile=explore` draws fresh examples, to
# search for new ones; a find goes into the test as an @example.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into a folder of its own: with one folder per worker, an autosave
    or a profile one test left behind changed what the next one met (the lobby's Start
    asked "a match is in progress" instead of dealing, depending on the order the tests
    ran in). The folder is the test's ``tmp_path``; ``home`` also clears the drawing caches."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))


@pytest.fixture
def home(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pathlib.Path]:
    """A throw-away data folder of the test's own, the drawing caches cleared around it (a
    test module may define its own ``home``)."""
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    clear_caches()
    yield tmp_path
    clear_caches()
    pygame.quit()


@pytest.fixture
def hosted() -> Iterator[object]:
    """A game server of the friends' table on 127.0.0.1, an ephemeral port, the quick room
    config; stopped after the test."""
    from server.host import HostedServer
    from server.scripted import quick_config

    server = HostedServer(host="127.0.0.1", port=0, announce=False, config=quick_config())
    server.start()
    assert server.wait_ready(10), server.error
    yield server
    server.stop()


# --- hangs ----------------------------------------------------------------------------------
# A test still running after pyproject's `timeout` fails (pytest-timeout) and is run once more
# (pytest-rerunfailures). Its first try is kept here and printed at the end of the run, where
# it is read even when the second try passed: the hang is a defect to find, not to forget.
_first_tries: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # type: ignore[comparison-overlap]
        _first_tries.append(report)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for report in _first_tries:
        terminalreporter.write_sep("=", f"hung, run again: {report.nodeid}")
        terminalreporter.write_line(report.longreprtext)
