"""The main menu knows at once when the match in progress cannot be continued. A plain start
over a damaged autosave (50,000 "{", JSON of the wrong shape, a file cut short, a hand that
no longer replays) showed Continue lit, and only a press told the player it was damaged.
Now the menu reads the save as Continue would on its first frame, and on the first after
each rebuild (back from another screen): the damaged file is set aside — renamed, never
deleted — Continue greys out as with no save at all, and the player is told once, in the
words ``--continue`` uses. A good save still offers Continue; the profile's coins and
items are never touched; the save is read again only when its files changed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.match import MatchState
from engine.round import ActionKind
from engine.rules import get_preset
from game.__main__ import _open_flow, parse_args
from game.app import App, Settings
from game.autosave import Autosave
from game.nav import Navigator
from game.profile import Profile, load_profile, save_profile
from game.scenes.menu import MainMenuScene
from game.table.controller import Controller, Seating
from game.table.match_session import MatchSession, session_doc
from game.table.scene import TableScene

DT = 1 / 60
COINS, ITEMS = 4321, {"qian_kun": 2, "yi_hua": 1}
KEPT = "The damaged file was kept as autosave.json.corrupt-"


def real_doc(decisions: int = 10) -> dict[str, Any]:
    """A real autosave ``decisions`` decisions into the first hand of a match."""
    rules = get_preset("standard")
    ctl = Controller(rules, MatchState(rules=rules, seed=21), Seating(0, ("random",) * 4))
    rng = random.Random(21)
    rnd = ctl.round
    while len(rnd.decisions) < decisions and not rnd.is_over:
        seat = rnd.pending_seats()[0]
        legal = [a for a in rnd.legal_actions(seat) if a.kind is not ActionKind.USE_ITEM]
        rnd.apply(rng.choice(legal))
    doc: dict[str, Any] = json.loads(json.dumps(session_doc(ctl, MatchSession())))
    return doc


def _envelope(data: object) -> bytes:
    """A file of the autosave's own schema holding ``data``."""
    doc = {"schema": "sichuan-mahjong/autosave", "version": 1, "data": data}
    return json.dumps(doc).encode("utf-8")


def _bad_hand() -> bytes:
    doc = real_doc()
    doc["hand"]["decisions"].insert(0, {"seat": 3, "action": "discard", "tile": "1m"})
    return _envelope(doc)


def _three_bots() -> bytes:
    doc = real_doc()
    doc["seating"]["bots"] = ["random"] * 3  # every seat has a bot entry, the human's for 托管
    return _envelope(doc)


DAMAGE = {
    "50000-braces": lambda: b"{" * 50_000,
    "a-list": lambda: b"[1, 2, 3]",
    "wrong-shape": lambda: _envelope({"match": {"seed": "seven"}, "seating": 5}),
    "cut-short": lambda: _envelope(real_doc())[:700],
    "hand-does-not-replay": _bad_hand,
    "three-bots": _three_bots,
}


@pytest.fixture
def player(home: Path) -> Path:
    """A player with coins and items of their own (the menu must never touch them)."""
    profile = Profile(coins=COINS)
    profile.items.update(ITEMS)
    assert save_profile(profile, home) is None
    return home


def _menu(home: Path, lang: str = "en") -> tuple[App, Navigator, MainMenuScene]:
    """A plain start: the app and the main menu, its first frame drawn."""
    app = App(Settings(lang=lang), (1024, 640), data_dir=home)
    nav = Navigator(app)
    menu = nav.main_menu()
    app.step(DT)
    return app, nav, menu


def _continue(menu: MainMenuScene) -> bool:
    return next(c for c in menu.controls if c.name == "continue").enabled


def _aside(home: Path) -> list[Path]:
    return sorted(p for p in home.iterdir() if p.name.startswith("autosave.json.corrupt-"))


def _profile_untouched(home: Path) -> None:
    profile, notice = load_profile(home)
    assert notice is None
    assert profile.coins == COINS
    assert {k: profile.items.get(k) for k in ITEMS} == ITEMS


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_autosave_greys_continue_at_a_plain_start(player: Path, damage: str) -> None:
    raw = DAMAGE[damage]()
    (player / "autosave.json").write_bytes(raw)
    app, _nav, menu = _menu(player)
    try:
        assert not _continue(menu)
        assert menu.focused_name() == "quick"  # as with no save at all
        assert menu.toast is not None
        text = menu.toast[0]
        assert text.startswith("The save of the match in progress is damaged")
        assert KEPT in text
        (kept,) = _aside(player)
        assert kept.name in text  # the notice names the file kept
        assert kept.read_bytes() == raw  # renamed, not deleted nor rewritten
        assert not (player / "autosave.json").exists()
        assert menu.tip_box() is not None  # a new player: the tip, as with no save
        _profile_untouched(player)
    finally:
        app.close()


def test_the_notice_is_in_chinese_too(player: Path) -> None:
    (player / "autosave.json").write_bytes(b"{" * 50_000)
    app, _nav, menu = _menu(player, "zh")
    try:
        assert menu.toast is not None
        assert menu.toast[0].startswith("进行中的对局的存档已损坏，无法继续。")
        assert _aside(player)[0].name in menu.toast[0]
    finally:
        app.close()


def test_the_notice_is_told_once_and_the_file_read_once(
    player: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Back from another screen, a new size, a closed tip: no second notice, nothing more set
    aside, and the save's files not read again while they stay as they are."""
    (player / "autosave.json").write_bytes(b"{" * 50_000)
    reads = []
    resume = Autosave.resume
    monkeypatch.setattr(Autosave, "resume", lambda self, b: reads.append(1) or resume(self, b))
    app, nav, menu = _menu(player)
    try:
        assert menu.toast is not None and len(reads) == 1
        menu.toast = None
        nav.shop()
        app.step(DT)
        app.stack.pop()  # back to the menu: rebuilt
        for _ in range(3):
            app.step(DT)
        menu.on_resize((1280, 800))
        menu.close_tip()
        for _ in range(3):
            app.step(DT)
        assert menu.toast is None
        assert len(_aside(player)) == 1
        assert not _continue(menu)
        # a valid save written meanwhile (a match played): read, and Continue offered
        assert len(reads) == 1  # with no save left, its files' stat says so
        Autosave(player).save(real_doc())
        menu.rebuild()
        app.step(DT)
        assert len(reads) == 2
        assert _continue(menu) and menu.toast is None
        for _ in range(3):
            menu.rebuild()
            app.step(DT)
        assert len(reads) == 2
    finally:
        app.close()


def test_a_save_damaged_while_another_screen_was_open(player: Path) -> None:
    """The rebuild after coming back looks again: Continue greys out and the player is told."""
    Autosave(player).save(real_doc())
    app, nav, menu = _menu(player)
    try:
        assert _continue(menu) and menu.toast is None
        nav.stats()
        app.step(DT)
        (player / "autosave.json").write_bytes(b"{" * 50_000)
        (player / "autosave.json.bak").unlink(missing_ok=True)
        app.stack.pop()
        app.step(DT)
        assert app.stack.top is menu
        assert not _continue(menu)
        assert menu.toast is not None and KEPT in menu.toast[0]
        assert len(_aside(player)) == 1
        _profile_untouched(player)
    finally:
        app.close()


def test_a_good_save_still_offers_continue(player: Path) -> None:
    Autosave(player).save(real_doc())
    before = (player / "autosave.json").read_bytes()
    app, _nav, menu = _menu(player)
    try:
        assert _continue(menu)
        assert menu.focused_name() == "continue"
        assert menu.toast is None
        assert menu.tip_box() is None  # a match to continue: no new player's tip
        assert (player / "autosave.json").read_bytes() == before
        assert not _aside(player)
        menu.choose("continue")
        assert isinstance(app.stack.top, TableScene)
    finally:
        app.close()


def test_a_damaged_save_with_a_good_one_before_it(player: Path) -> None:
    """The save before it continues the match, one action earlier: Continue stays, and the
    player is told so now, with the damaged file's name."""
    store = Autosave(player)
    store.save(real_doc(9))
    store.save(real_doc(10))  # the one before becomes the backup
    (player / "autosave.json").write_bytes(b"{" * 50_000)
    app, _nav, menu = _menu(player)
    try:
        assert _continue(menu)
        assert menu.toast is not None
        assert menu.toast[0].startswith("The match in progress resumes from the save before")
        (kept,) = _aside(player)
        assert kept.name in menu.toast[0]
        menu.choose("continue")
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert len(table.ctl.round.decisions) == 9
    finally:
        app.close()


def test_continue_on_the_command_line_still_says_damaged(player: Path) -> None:
    """``--continue`` opens the table over the menu before its first frame: the menu's own
    look finds nothing left, and what the resume told stays on the screen."""
    (player / "autosave.json").write_bytes(b"{" * 50_000)
    app = App(Settings(lang="en"), (1024, 640), data_dir=player)
    try:
        nav = Navigator(app)
        menu = nav.main_menu()
        problem = _open_flow(nav, parse_args(["--continue"]))
        assert problem is not None and KEPT in problem
        menu.show_toast(problem, (255, 190, 140), 8.0)  # as game.__main__ does
        app.step(DT)
        assert menu.toast is not None and menu.toast[0] == problem
        assert not _continue(menu)
        assert len(_aside(player)) == 1
        _profile_untouched(player)
    finally:
        app.close()
