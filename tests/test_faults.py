"""Fault injection on the player's data: a full disk, a read-only folder, a data folder that
is a file, a power cut mid-write, a crash loop at start. Coins and items are never lost, the
game never crashes, and the player is told where they are looking."""

from __future__ import annotations

import errno
import os
import random
import tempfile
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, human_input, post_key, running_app, table_of

from engine.match import MatchState
from engine.round import ActionKind, Round
from engine.rules import get_preset
from game.app import App
from game.autosave import Autosave, StartGuard
from game.nav import Navigator
from game.profile import Profile, load_profile, profile_store, save_profile
from game.scenes.match_end import MatchEndScene
from game.scenes.settlement import SettlementScene
from game.settings import Settings, load_settings, save_settings
from game.storage import NoticeKind
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession
from game.table.session import TableSession

RULES = get_preset("standard")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "home"
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(where))
    return where


def _refuse(monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """Every new file in the data folder fails as the disk would: full, read-only, denied."""

    def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


def _play_out(rnd: Round, rng: random.Random) -> None:
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        wins = [a for a in legal if a.kind is ActionKind.WIN]
        rnd.apply(wins[0] if wins else rng.choice(legal))


# --- a disk that refuses ---------------------------------------------------------------------


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
def test_a_refused_save_keeps_the_coins_told_once_and_the_next_good_save_writes_them(
    home: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    save_profile(Profile(coins=2000), home)
    app = App(Settings(lang="en"), (1280, 800), data_dir=home)
    try:
        session = TableSession(app.profile, home)
        ctl = Controller(
            RULES,
            MatchState(rules=RULES, seed=9),
            Seating(0, ("random",) * 4),
            table_session=session,
        )
        with monkeypatch.context() as m:
            _refuse(m, code)
            _play_out(ctl.round, random.Random(9))
            delta = ctl.finish()  # settles and saves: the disk refuses, nothing crashes
            for _ in range(5):
                session.save()  # the game keeps trying
        assert session.profile.coins == 2000 + delta[0]  # the screen's coins, in memory
        told = app.notices.texts("en")
        assert len(told) == 1 and "could not be saved" in told[0] and "keeps trying" in told[0]
        assert "Errno" not in told[0] and str(home) not in told[0]
        assert load_profile(home)[0].coins == 2000  # the disk still has the last good one
        session.save()  # the disk is back
        assert load_profile(home)[0].coins == 2000 + delta[0]
        assert load_profile(home)[0].stats.hands == 1
    finally:
        app.close()


def test_a_match_to_its_end_with_the_data_folder_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("someone's file", encoding="utf-8")
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(blocker))
    with running_app(lang="en", seed=12) as app:
        table = table_of(app)
        assert table is not None
        session = table.ctl.match_session
        assert isinstance(session, MatchSession)
        session.hands = 1
        rng = random.Random(5)
        for _ in range(8000):
            if isinstance(app.stack.top, SettlementScene):
                break
            if app.stack.top is table:
                human_input(table, rng)
            app.step(DT)
        assert isinstance(app.stack.top, SettlementScene)
        post_key(pygame.K_RETURN)
        for _ in range(10):
            app.step(DT)
        assert isinstance(app.stack.top, MatchEndScene)  # the match end, not a crash
        told = app.notices.texts("en")
        assert any("a file stands where the save folder should be" in n for n in told)
        assert len(told) == len(set(told))  # each failing file told once, not per action
    assert blocker.read_text(encoding="utf-8") == "someone's file"  # never overwritten


# --- a power cut -----------------------------------------------------------------------------


def test_a_power_cut_mid_write_leaves_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch):
    save_profile(Profile(coins=800), home)
    real_fsync = os.fsync

    def cut(fd: int) -> None:
        raise OSError(errno.EIO, "power cut")

    monkeypatch.setattr(os, "fsync", cut)
    save_profile(Profile(coins=5), home)
    monkeypatch.setattr(os, "fsync", real_fsync)
    loaded, notice = load_profile(home)
    assert loaded.coins == 800 and notice is None
    assert [p.name for p in home.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("keep", [0, 1, 10, 40, 0.5, 0.9])
def test_a_truncated_profile_restores_the_last_good_one(home: Path, keep: float) -> None:
    save_profile(Profile(coins=700, items={"qian_kun": 3}), home)
    save_profile(Profile(coins=650), home)
    path = profile_store(home).path
    text = path.read_bytes()
    cut = int(len(text) * keep) if isinstance(keep, float) else keep
    path.write_bytes(text[:cut])
    loaded, notice = load_profile(home)
    assert loaded.coins == 700 and loaded.items["qian_kun"] == 3
    assert notice is not None and notice.kind is NoticeKind.RESTORED_FROM_BACKUP


# --- never a crash loop ----------------------------------------------------------------------


def test_two_failed_starts_make_the_third_start_clean_and_say_so(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import __main__ as cli

    save_profile(Profile(coins=4321, items={"tou_tian": 2}), home)
    save_settings(Settings(lang="en", speed="slow"), home)
    Autosave(home).save({"match": None, "hand": None, "note": "what crashes every start"})

    def crash(self: App, frames: int | None = None, screenshot: str | None = None) -> None:
        raise RuntimeError("a bug at start")

    real_run = App.run
    monkeypatch.setattr(App, "run", crash)
    for _ in range(2):
        with pytest.raises(RuntimeError):
            cli.main(["--lang", "en", "--frames", "2"])
    assert StartGuard(home).pending() == 2
    told: list[str] = []

    def run_and_look(self: App, frames: int | None = None, screenshot: str | None = None):
        told.extend(self.notices.texts("en"))
        return real_run(self, frames, screenshot)

    monkeypatch.setattr(App, "run", run_and_look)
    assert cli.main(["--lang", "en", "--frames", "2"]) == 0
    assert any(n.startswith("The last two starts failed") for n in told)
    assert StartGuard(home).pending() == 0
    assert not Autosave(home).exists()
    aside = sorted(p.name for p in home.iterdir() if ".corrupt-" in p.name)
    assert any(n.startswith("settings.json") for n in aside)
    assert any(n.startswith("autosave.json") for n in aside)
    profile, notice = load_profile(home)
    assert notice is None and profile.coins == 4321 and profile.items["tou_tian"] == 2
    assert load_settings(home)[0].speed == "normal"  # clean: the defaults


def test_a_start_that_runs_clears_the_count(home: Path) -> None:
    from game import __main__ as cli

    guard = StartGuard(home)
    guard.begin()
    assert guard.pending() == 1
    assert cli.main(["--frames", "2"]) == 0
    assert guard.pending() == 0


# --- told where the player is looking --------------------------------------------------------


def test_play_with_a_damaged_profile_is_told_over_the_table(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import __main__ as cli

    save_profile(Profile(coins=1500), home)
    save_profile(Profile(coins=1400), home)
    profile_store(home).path.write_text(
        '{"schema": "sichuan-mahjong/profile", "version": 1, "data": {"coins": "NaN", "items": {}}}'
    )
    told: list[str] = []
    real_close = App.close

    def close_and_look(self: App) -> None:
        told.extend(self.notices.texts("en"))
        real_close(self)

    monkeypatch.setattr(App, "close", close_and_look)
    assert cli.main(["--play", "--lang", "en", "--frames", "3"]) == 0
    assert any(n.startswith("Your profile (coins, items and statistics)") for n in told)
    assert load_profile(home)[0].coins == 1500  # the backup's, kept


def test_an_autosave_that_never_resumes_is_set_aside_not_deleted(home: Path) -> None:
    store = Autosave(home)
    store.save({"match": None, "hand": None, "n": 1})
    store.save({"match": None, "hand": None, "n": 2})
    app = App(Settings(lang="en", speed="instant"), (1280, 800), data_dir=home)
    try:
        built = store.resume(lambda doc: (_ for _ in ()).throw(ValueError("no")))
        assert built is None  # "match": None — nothing to resume, nothing moved
        assert store.exists()
        attempts: list[int] = []

        def refuse(doc: dict[str, object]) -> object:
            attempts.append(1)
            raise ValueError("does not replay")

        for n in (1, 2):
            store.save({"match": _a_match_doc(), "hand": None, "n": n})
        assert store.resume(refuse) is None and len(attempts) == 2  # newest, then the backup
        assert store.notice is not None and "cannot be resumed" in store.notice.text("en")
        aside = [p for p in home.iterdir() if p.name.startswith("autosave.json.corrupt-")]
        assert len(aside) >= 2 and not store.exists()  # both kept aside, none deleted
        assert Navigator(app).resume() is not None  # and Continue then says there is none
    finally:
        app.close()


def _a_match_doc() -> dict[str, object]:
    from game.autosave import match_to_dict

    return match_to_dict(MatchState(rules=RULES, seed=3))


def test_no_display_is_one_line_and_not_a_failed_start(tmp_path: Path) -> None:
    """With no window to open the game died with a traceback, and two such starts had the
    third set the player's settings and match in progress aside as a crash loop."""
    import subprocess
    import sys

    env = {**os.environ, "SDL_VIDEODRIVER": "nosuch", "SICHUAN_MAHJONG_HOME": str(tmp_path)}
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-m", "game", "--frames", "3"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,  # a hang guard
        )
        assert done.returncode == 1
        assert done.stderr.startswith("python -m game: cannot open a window:")
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "starts-pending").exists()


def test_a_fourth_notice_waits_its_turn_instead_of_pushing_one_out() -> None:
    """Four things to tell at once (a damaged font and three damaged files): the first was
    dropped unseen."""
    from game.app import Notices

    notices = Notices()
    said = [(f"第{i}", f"notice {i}") for i in range(4)]
    notices.add(said[0], 5.0)
    for message in said[1:]:
        notices.add(message, 20.0)
    assert notices.texts("en") == ["notice 0", "notice 1", "notice 2"]
    notices.update(6.0)  # the first is done: the fourth shows
    assert notices.texts("en") == ["notice 1", "notice 2", "notice 3"]
    notices.add(said[3], 30.0)  # the same again: shown once
    assert notices.texts("en") == ["notice 1", "notice 2", "notice 3"]
