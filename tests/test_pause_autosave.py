"""The pause menu, leaving (逃跑), autosave and resume, all through real pygame events."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_game_support import DT, human_input, post_click, post_key, running_app, table_of

from engine.match import standings
from engine.round import ActionKind, EventKind
from game import i18n
from game.app import App, Settings
from game.autosave import Autosave
from game.nav import Navigator
from game.profile import Profile, save_profile
from game.scenes.match_end import MatchEndScene
from game.scenes.pause import PauseScene
from game.scenes.settlement import SettlementScene
from game.table.items import ItemsOverlay
from game.table.match_session import MatchSession
from game.table.scene import TableScene

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    played = Profile()  # a hand played: 乾坤大挪移 is asked at the deal, as these hands expect
    played.stats.hands = 1
    save_profile(played, tmp_path)
    return tmp_path


def _settle(app: App, frames: int = 30) -> None:
    for _ in range(frames):
        app.step(DT)


def _open_pause(app: App, table: TableScene) -> PauseScene:
    """Esc with nothing to pass opens the pause menu (waits out any claim prompt)."""
    rng = random.Random(3)
    items = table.overlay(ItemsOverlay)  # the item bar's 乾坤大挪移 question takes the first Esc
    if isinstance(items, ItemsOverlay) and items.holds:
        post_key(pygame.K_ESCAPE)
        app.step(DT)
    for _ in range(600):
        if not table.model.claim_options() and not table.animating:
            break
        human_input(table, rng)
        app.step(DT)
    post_key(pygame.K_ESCAPE)
    app.step(DT)
    pause = app.stack.top
    assert isinstance(pause, PauseScene), app.stack.scenes
    return pause


def _button(scene: PauseScene | MatchEndScene, name: str) -> pygame.Rect:
    return next(c.rect for c in scene.controls if c.name == name)


def test_pause_then_resume_by_keys_and_the_game_goes_on() -> None:
    with running_app(seed=5) as app:
        table = table_of(app)
        assert table is not None
        _settle(app)
        pause = _open_pause(app, table)
        decisions = len(table.ctl.round.decisions)
        _settle(app, 20)  # the table is frozen under the pause menu
        assert len(table.ctl.round.decisions) == decisions
        post_key(pygame.K_RETURN)  # Resume is focused
        app.step(DT)
        assert app.stack.top is table
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert isinstance(app.stack.top, PauseScene)
        post_key(pygame.K_ESCAPE)  # Esc resumes too
        app.step(DT)
        assert app.stack.top is table
        assert pause.stack is None


def test_pause_settings_and_rules_open_over_the_table() -> None:
    from game.scenes.help_scene import HelpScene
    from game.scenes.settings_scene import SettingsScene

    with running_app(seed=6) as app:
        table = table_of(app)
        assert table is not None
        _settle(app)
        pause = _open_pause(app, table)
        post_click(_button(pause, "settings").center)
        app.step(DT)
        assert isinstance(app.stack.top, SettingsScene)
        post_key(pygame.K_BACKSPACE)
        post_key(pygame.K_ESCAPE)
        _settle(app, 3)
        if isinstance(app.stack.top, SettingsScene):
            app.stack.top.close()
        assert app.stack.top is pause
        post_click(_button(pause, "rules").center)
        app.step(DT)
        assert isinstance(app.stack.top, HelpScene)
        app.stack.top.close()
        assert app.stack.top is pause


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_leave_mid_hand_asks_then_applies_the_walk_out_penalty(lang: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    with running_app(seed=8, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        _settle(app)
        pause = _open_pause(app, table)
        app.step(DT)
        pygame.image.save(app.screen, str(SHOTS / f"pause_{lang}.png"))
        post_click(_button(pause, "leave").center)
        app.step(DT)
        assert pause.confirming and not table.ctl.is_over  # asked, nothing settled yet
        pygame.image.save(app.screen, str(SHOTS / f"pause_leave_confirm_{lang}.png"))
        post_click(_button(pause, "no").center)  # change of mind
        app.step(DT)
        assert not pause.confirming and not table.ctl.is_over
        post_click(_button(pause, "leave").center)
        app.step(DT)
        post_click(_button(pause, "yes").center)
        for _ in range(600):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert table.ctl.is_over and table.ctl.round.result is not None
        assert table.ctl.round.result.reason == "left"
        entries = table.ctl.round.ledger.entries
        penalties = [e for e in entries if e.reason == "leave_penalty"]
        assert penalties and all(e.payer == 0 for e in penalties)
        assert table.ctl.round.ledger.totals()[0] < 0
        # the settlement leads to the match-end summary; the autosave is gone
        settlement = app.stack.top
        assert isinstance(settlement, SettlementScene)
        session = table.ctl.match_session
        assert session is not None and session.over and session.left
        assert not Autosave().exists()
        for _ in range(3):  # the body, then the buttons, are made by the frames that follow
            app.step(DT)
        nxt = next(el for el, what in settlement.elements.items() if what == "next")
        assert nxt.text == i18n.t("btn.final", lang)  # not "Next hand": the match is over
        # recorded before it shows, the hand keeps its number (the match has counted on)
        assert settlement.hand_no == table.ctl.hand_no == 1 and table.ctl.match.hand_index == 1
        post_key(pygame.K_RETURN)
        app.step(DT)
        end = app.stack.top
        assert isinstance(end, MatchEndScene)
        _settle(app, 3)
        pygame.image.save(app.screen, str(SHOTS / f"match_end_{lang}.png"))
        post_click(_button(end, "menu").center)
        app.step(DT)
        assert not isinstance(app.stack.top, MatchEndScene | TableScene)


def _play_some(app: App, table: TableScene, decisions: int, seed: int = 4) -> None:
    rng = random.Random(seed)
    for _ in range(8000):
        if len(table.ctl.round.decisions) >= decisions or table.ctl.is_over:
            return
        if app.stack.top is table:
            human_input(table, rng)
        app.step(DT)
    raise AssertionError("the hand did not get going")


@pytest.mark.parametrize("via", ["menu", "cli"])
def test_autosave_kill_and_resume_reproduce_the_exact_position(via: str) -> None:
    with running_app(seed=17, bots=("greedy", "greedy", "greedy")) as app:
        table = table_of(app)
        assert table is not None
        _play_some(app, table, 24)
        rnd = table.ctl.round
        decisions = list(rnd.decisions)
        view = rnd.view(0)
        legal = rnd.legal_actions(0)
        match_seed = table.ctl.match.seed
        assert Autosave().exists()
    del app, table  # "kill": the app object is gone; only the autosave is left
    if via == "menu":
        from game.scenes.menu import MainMenuScene

        app2 = App(Settings(speed="instant", bot_pace="instant"), (1280, 800))
        try:
            menu = Navigator(app2).main_menu()
            assert isinstance(menu, MainMenuScene) and menu.can_continue()
            app2.step(DT)
            assert menu.focused_name() == "continue"
            post_key(pygame.K_RETURN)  # Continue
            app2.step(DT)
            resumed = app2.stack.top
            assert isinstance(resumed, TableScene)
            _check_same(resumed, decisions, view, legal, match_seed)
        finally:
            app2.close()
    else:
        from game.__main__ import main

        assert main(["--continue", "--frames", "2"]) == 0
        assert Autosave().exists()  # two frames of a resumed match: still saved


def _check_same(table: TableScene, decisions: list, view: object, legal: list, seed: int) -> None:  # type: ignore[type-arg]
    rnd = table.ctl.round
    assert list(rnd.decisions) == decisions
    assert rnd.view(0) == view
    assert list(rnd.legal_actions(0)) == list(legal)
    assert table.ctl.match.seed == seed
    assert table.model.view == view or table.model.view.seats == view.seats  # type: ignore[attr-defined]


def test_resumed_match_plays_on_and_saves_again() -> None:
    with running_app(seed=23) as app:
        table = table_of(app)
        assert table is not None
        _play_some(app, table, 10)
        n = len(table.ctl.round.decisions)
    app2 = App(Settings(speed="instant", bot_pace="instant"), (1280, 800))
    try:
        assert Navigator(app2).resume() is None
        table2 = app2.stack.top
        assert isinstance(table2, TableScene)
        assert len(table2.ctl.round.decisions) == n
        _play_some(app2, table2, n + 6)
        doc = Autosave().load()
        assert doc is not None and len(doc["hand"]["decisions"]) == len(table2.ctl.round.decisions)
    finally:
        app2.close()


@pytest.mark.parametrize("damage", [b"{not json", b'{"schema": 1}', "bad-hand"])
def test_a_damaged_autosave_gives_a_notice_not_a_crash(damage: bytes | str, _home: Path) -> None:
    store = Autosave()
    if damage == "bad-hand":
        with running_app(seed=31) as app:
            table = table_of(app)
            assert table is not None
            _play_some(app, table, 6)
        doc = store.load()
        assert doc is not None
        doc["hand"]["decisions"].insert(0, {"seat": 3, "action": "discard", "tile": "1m"})
        store.save(doc)
    else:
        store.path.parent.mkdir(parents=True, exist_ok=True)
        store.path.write_bytes(damage)  # type: ignore[arg-type]
    app = App(Settings(speed="instant", lang="en"), (1280, 800))
    try:
        message = Navigator(app).resume()
        if damage == "bad-hand":  # the save before it resumes, one action earlier: told
            assert message is None and any(isinstance(s, TableScene) for s in app.stack.scenes)
            assert any("resumes from the save before" in n for n in app.notices.texts("en"))
            assert any(".corrupt-" in p.name for p in _home.iterdir())  # kept, not deleted
        else:
            assert message  # the player is told
            assert not any(isinstance(s, TableScene) for s in app.stack.scenes)
    finally:
        app.close()
    from game.__main__ import main

    assert main(["--continue", "--frames", "2"]) == 0  # no crash from the command line either


def _resume_spoiled(spoil) -> tuple[App, str | None]:
    """A match one hand in, its save spoiled by ``spoil(log, doc)`` with no earlier save to
    fall back on, then Continue: the app (to close) and what Continue said."""
    with running_app(seed=12) as app:
        _play_to_settlement(app)
    store = Autosave()
    doc = store.load()
    assert doc is not None and doc["session"]["log"]
    spoil(doc["session"]["log"], doc)
    store.save(doc)  # (a save writes what it is given; a load checks it)
    for backup in store._store.backup_paths:
        backup.unlink(missing_ok=True)  # no earlier save to fall back on
    app2 = App(Settings(speed="instant", lang="en"), (1280, 800))
    return app2, Navigator(app2).resume()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda log, doc: log[0].update(wins=5),
        lambda log, doc: log[0].pop("totals"),
        lambda log, doc: log[0].update(totals=[1, "2", 3, 4]),
        lambda log, doc: log[0].update(totals=log[0]["totals"][:3]),
        lambda log, doc: doc["session"].update(start_points=[0, 0, 0]),
    ],
    ids=["wins-a-number", "no-totals", "a-string-point", "three-totals", "three-start-points"],
)
def test_a_match_log_of_the_wrong_shape_is_left_out_and_the_match_resumes(
    spoil, _home: Path
) -> None:
    """A save whose log of finished hands has the wrong types or seat counts resumed, then
    crashed the match's end (it adds the log up seat by seat); then it was refused as a
    whole, and the match in progress was lost over a summary of hands already played. Now
    the match resumes, the bad part of its record is left out (the match's end reads the
    rest) and the player is told so, once."""
    app2, message = _resume_spoiled(spoil)
    try:
        assert message is None
        table = app2.stack.top
        assert isinstance(table, TableScene)
        told = [n for n in app2.notices.texts("en") if "could not be read and was left out" in n]
        assert len(told) == 1
        session = table.ctl.match_session
        assert session is not None
        for entry in session.log:  # only what the match's end can add up
            assert len(entry["totals"]) == table.ctl.match.players
            assert all(type(p) is int for p in entry["totals"])
        assert len(session.start_points) == table.ctl.match.players
    finally:
        app2.close()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda log, doc: doc["match"].update(points=doc["match"]["points"][:3]),
        lambda log, doc: doc["match"].update(seed="7"),
        lambda log, doc: doc["session"].update(hands="8"),
        lambda log, doc: doc["seating"].update(bots=["nobody"] * 4),
        lambda log, doc: (log[0].update(wins=5), doc["match"].pop("rules")),
    ],
    ids=["three-points", "a-string-seed", "a-string-hand-count", "unknown-bots", "log-and-rules"],
)
def test_a_save_without_what_the_match_goes_on_with_is_refused(spoil, _home: Path) -> None:
    """What the match cannot go on without — its points, seed, rules, seating, number of
    hands — is not guessed: the save is refused with the notice every damaged save gets
    (a bad log beside it changes nothing)."""
    app2, message = _resume_spoiled(spoil)
    try:
        assert message and "damaged and cannot be resumed" in message
        assert not any(isinstance(s, TableScene) for s in app2.stack.scenes)
        assert not any("left out" in n for n in app2.notices.texts("en"))
    finally:
        app2.close()


def test_a_match_ends_after_its_hands_with_a_summary() -> None:
    with running_app(seed=2) as app:
        table = table_of(app)
        assert table is not None
        session = table.ctl.match_session
        assert session is not None
        session.hands = 1
        rng = random.Random(2)
        for _ in range(8000):
            if isinstance(app.stack.top, SettlementScene):
                break
            if app.stack.top is table:
                human_input(table, rng)
            app.step(DT)
        assert isinstance(app.stack.top, SettlementScene)
        assert session.over and len(session.log) == 1
        assert not Autosave().exists()
        post_key(pygame.K_RETURN)
        app.step(DT)
        end = app.stack.top
        assert isinstance(end, MatchEndScene)
        post_click(_button(end, "new").center)
        app.step(DT)
        again = app.stack.top
        assert isinstance(again, TableScene) and again is not table
        # New match: the same rules, bots and length again
        assert again.ctl.rules == table.ctl.rules
        assert again.ctl.seating.bots == table.ctl.seating.bots
        new_session = again.ctl.match_session
        assert isinstance(new_session, MatchSession) and new_session.hands == 1


def test_standings_share_places_on_equal_points() -> None:
    assert standings(dict(enumerate([5, -3, 5, -7]))) == [(1, 0), (1, 2), (3, 1), (4, 3)]


def test_cli_flags_parse() -> None:
    from game.__main__ import parse_args

    assert parse_args(["--continue"]).resume
    assert parse_args(["--replay", "x.json"]).replay == "x.json"
    assert parse_args(["--tutorial"]).tutorial
    with pytest.raises(SystemExit):
        parse_args(["--tutorial", "--continue"])


def test_human_actions_are_offered_while_paused_only_after_resume() -> None:
    with running_app(seed=9) as app:
        table = table_of(app)
        assert table is not None
        _settle(app)
        _open_pause(app, table)
        post_key(pygame.K_h)  # a table key while paused does nothing to the hand
        before = list(table.ctl.round.decisions)
        app.step(DT)
        assert list(table.ctl.round.decisions) == before
        assert all(a.kind is not ActionKind.LEAVE for a in table.ctl.round.decisions)


def _play_to_settlement(app: App, seed: int = 12) -> TableScene:
    """Play the first hand (random human input) until its settlement scene is up."""
    table = table_of(app)
    assert table is not None
    rng = random.Random(seed)
    for _ in range(8000):
        if isinstance(app.stack.top, SettlementScene):
            break
        if app.stack.top is table:
            human_input(table, rng)
        app.step(DT)
    return table


def test_resume_between_hands_deals_the_next_hand_with_the_match_carried() -> None:
    with running_app(seed=12) as app:
        table = _play_to_settlement(app)
        assert isinstance(app.stack.top, SettlementScene)  # the hand is recorded now
        points = list(table.ctl.match.points)
        coins = list(table.ctl.match.coins)
        dealer = table.ctl.match.dealer
        doc = Autosave().load()
        assert doc is not None and doc["hand"] is None and len(doc["session"]["log"]) == 1
    app2 = App(Settings(speed="instant", bot_pace="instant"), (1280, 800))
    try:
        assert Navigator(app2).resume() is None
        table2 = app2.stack.top
        assert isinstance(table2, TableScene)
        assert table2.ctl.hand_no == 2 and table2.ctl.match.points == points
        assert table2.ctl.round.dealer == dealer
        # every seat's coins come back, the bots' too (they were reset to 1,000 before)
        assert table2.ctl.match.coins == coins and coins != [coins[0]] + [1000] * 3
        session = table2.ctl.match_session
        assert session is not None and len(session.log) == 1
    finally:
        app2.close()


def test_the_golden_finger_survives_a_resume_between_hands() -> None:
    """金手指 lasts for the table (RULES.md §8): a table resumed from the autosave after a
    hand keeps it for the hands that follow."""
    from game.table.match_session import session_doc

    with running_app(seed=12) as app:
        table = _play_to_settlement(app)
        assert isinstance(app.stack.top, SettlementScene)
        ctl = table.ctl
        assert ctl.table_session is not None
        ctl.table_session.golden = (ctl.seating.human,)  # as if used during the hand
        session = ctl.match_session
        session.autosave.save(session_doc(ctl, session, with_hand=False))
        human = ctl.seating.human
    app2 = App(Settings(speed="instant", bot_pace="instant"), (1280, 800))
    try:
        assert Navigator(app2).resume() is None
        table2 = app2.stack.top
        assert isinstance(table2, TableScene)
        app2.step(DT)
        ctl2 = table2.ctl
        assert ctl2.carried_golden == (human,)
        assert ctl2.table_session is not None and ctl2.table_session.golden == (human,)
        assert ctl2.round.items is not None and ctl2.round.items.golden[human]
    finally:
        app2.close()


def test_a_resumed_hand_opens_as_it_stands_without_replaying_its_past() -> None:
    """Continue on a 血流 hand two wins in played every past event's effects at once: dozens
    of sounds, the wins' callouts piled up, the deal again (the hand hidden for 2 s)."""
    rng = random.Random(3)
    with running_app(preset="modern_xueliu", seed=3, bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(30000):
            if len(table.ctl.round.wins) >= 2 and not table.animating:
                break
            if table.held:
                post_key(pygame.K_ESCAPE)
            else:
                human_input(table, rng)
            app.step(DT)
        assert len(table.ctl.round.wins) >= 2 and not table.ctl.round.is_over
    app2 = App(Settings(preset="modern_xueliu", speed="normal", bot_pace="normal"), (1280, 800))
    played: list[str] = []
    app2.audio.play = lambda name, *a, **k: played.append(name)  # type: ignore[method-assign]
    try:
        Navigator(app2).resume()
        resumed = app2.stack.top
        assert isinstance(resumed, TableScene)
        assert played == [] and not resumed.animating
        assert not resumed.animator.active and resumed.effects.deal is None
        m = resumed.model
        if m.last_discard is not None:
            seat, index = m.last_discard
            pond = m.view.seats[seat].pond
            assert index == len(pond) - 1
        app2.step(DT)
        assert m.slots  # the hand shows at once
    finally:
        app2.close()


def test_a_resumed_hand_marks_the_latest_discard() -> None:
    """The latest discard keeps its mark on a resumed hand. The check compared the pond's
    last entry (a PondTile) with the discarded kind (an int), so it never held and no
    resumed hand had its mark."""
    rng = random.Random(5)
    with running_app(preset="standard", seed=5, bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(30000):
            events = table.ctl.round.events
            discards = [e for e in events if e.kind is EventKind.DISCARD]
            if (
                len(discards) >= 3
                and not table.animating
                and events[-1].kind is EventKind.DRAW
                and any(a.kind is ActionKind.DISCARD for a in table.model.legal)
            ):
                break
            if table.held:
                post_key(pygame.K_ESCAPE)
            else:
                human_input(table, rng)
            app.step(DT)
        last = discards[-1]
        assert last.seat is not None and last.seat != table.bottom
        pond = table.model.view.seats[last.seat].pond
        assert pond[-1].tile == last.tile and not pond[-1].claimed
    app2 = App(Settings(preset="standard", speed="normal", bot_pace="normal"), (1280, 800))
    try:
        Navigator(app2).resume()
        resumed = app2.stack.top
        assert isinstance(resumed, TableScene)
        assert resumed.model.last_discard == (last.seat, len(pond) - 1)
    finally:
        app2.close()


def test_esc_while_a_claims_discard_still_slides_does_not_pause() -> None:
    """The engine offers Pong as soon as the tile is thrown, the row shows when it lands: an
    Esc meant as "pass" in those frames opened the pause menu over the table. The bots
    answer from their worker in their own time, so the hands played differ from run to
    run: a hand that ends without a claim offered goes on to the next (it waited at its
    settlement, and under load one run in four found no claim)."""
    rng = random.Random(4)
    with running_app(preset="standard", seed=4, speed="slow", bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(40000):
            if not isinstance(app.stack.top, TableScene):
                post_key(pygame.K_RETURN)  # the settlement: on to the next hand
                app.step(DT)
                continue
            table = app.stack.top
            offered = any(a.kind is ActionKind.PASS for a in table.ctl.human_legal())
            if offered and table.animating and not table.model.legal:
                break
            if table.held:
                post_key(pygame.K_ESCAPE)
            elif rng.random() < 0.5:
                human_input(table, rng)
            app.step(DT)
        else:
            raise AssertionError("no claim offered while its discard slid")
        post_key(pygame.K_ESCAPE)
        app.step(DT)
        assert app.stack.top is table  # no pause menu
        _settle(app, 60)
        assert table.model.legal_of(ActionKind.PASS)  # the row, once the tile landed


def test_the_table_under_the_pause_menu_speaks_a_language_chosen_there() -> None:
    """The seat panels and the hint line behind the pause menu stayed in the old language
    until the player resumed."""
    with running_app(preset="standard", seed=3, lang="en", bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        _open_pause(app, table)
        app.settings.lang = "zh"  # as the settings over the pause menu set it
        app.step(DT)
        assert isinstance(app.stack.top, PauseScene)
        assert table.model.lang == "zh"
        assert all("en" not in key for key, _ in table.painter._panels.values())


@pytest.mark.parametrize("answer", ["continue", "leave", "esc"])
def test_a_new_match_with_one_in_progress_asks_first(answer: str) -> None:
    """Quick play with a match in progress overwrote its autosave without a word (and so
    dodged its walk-out). Now it asks: continue that match, or leave it — a walk-out,
    settled — and start; Esc goes back to the menu with the saved match intact."""
    from game.profile import load_profile
    from game.scenes.confirm import ConfirmScene
    from game.scenes.menu import MainMenuScene

    with running_app(seed=23, bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        _play_some(app, table, 10)
        decisions = list(table.ctl.round.decisions)
        seed = table.ctl.match.seed
    coins = load_profile()[0].coins
    app2 = App(Settings(speed="instant", bot_pace="instant", lang="en"), (1280, 800))
    try:
        nav = Navigator(app2)
        menu = nav.main_menu()
        assert isinstance(menu, MainMenuScene)
        app2.step(DT)
        menu.choose("quick")
        app2.step(DT)
        ask = app2.stack.top
        assert isinstance(ask, ConfirmScene) and Autosave().exists()
        if answer == "esc":
            post_key(pygame.K_ESCAPE)
            app2.step(DT)
            assert app2.stack.top is menu and Autosave().exists()
            assert load_profile()[0].coins == coins
            return
        name = "keep" if answer == "continue" else "go"
        button = next(c for c in ask.controls if c.name == name)
        post_click(button.rect.center)
        app2.step(DT)
        app2.step(DT)
        top = app2.stack.top
        assert isinstance(top, TableScene)
        if answer == "continue":
            resumed = list(top.ctl.round.decisions)  # (the bots may have moved on since)
            assert resumed[: len(decisions)] == decisions and top.ctl.match.seed == seed
            assert load_profile()[0].coins == coins
        else:
            assert top.ctl.match.seed != seed and top.ctl.match.hand_index == 0
            assert load_profile()[0].coins < coins  # the walk-out was paid
            assert any("walk-out" in text for text in app2.notices.texts("en"))
    finally:
        app2.close()


# The dealer (the human, seat 0) holds a complete hand: 天胡 on its first turn.
_WON_HANDS = [
    "123m456m789m234p55p",
    "666m777m888m999m5m",
    "111p222p333p444p6s",
    "111s222s333s444s7s",
]


def _dealt_a_won_hand(app: App) -> tuple[TableScene, Any]:
    """The app's table dealt :data:`_WON_HANDS` (the human's 14 tiles a 天胡, void Bamboo
    declared), stepped until its win is offered: (table, controller)."""
    from engine.round import Round, compose_wall

    table = table_of(app)
    assert table is not None
    items = table.overlay(ItemsOverlay)
    if isinstance(items, ItemsOverlay) and items.holds:
        post_key(pygame.K_ESCAPE)  # 乾坤大挪移: not this hand
        app.step(DT)
    ctl = table.ctl
    wall = compose_wall(_WON_HANDS, "1s2s3s", dealer=0)
    inventories = ctl.table_session.inventories(ctl.rules)
    ctl.round = Round.from_wall(
        ctl.rules, wall, 0, seed=ctl.match.hand_seed(), inventories=inventories
    )
    table.refresh()
    for _ in range(300):
        legal = ctl.human_legal()
        if legal and legal[0].kind is ActionKind.DECLARE_VOID:
            table.submit(next(a for a in legal if a.suit == 2))
        if any(a.kind is ActionKind.WIN for a in legal):
            break
        app.step(DT)
    return table, ctl


def test_leaving_the_table_after_ones_win_says_what_the_hand_paid() -> None:
    """A player who has won and leaves the table is paid (RULES.md §6.4: bots play the hand
    out), but no screen said how much: the main menu's coins just changed."""
    with running_app(seed=3, lang="en", bots=("greedy",) * 3) as app:
        table, ctl = _dealt_a_won_hand(app)
        table.submit(next(a for a in ctl.human_legal() if a.kind is ActionKind.WIN))
        _settle(app, 5)
        assert ctl.human_won() and not ctl.round.is_over
        coins = app.profile.coins
        table.leave()
        gained = app.profile.coins - coins
        assert gained > 0
        told = [item.message[1] for item in (*app.notices.shown, *app.notices.waiting)]
        assert i18n.t("table.left.won", "en", coins=f"{gained:+,d}") in told, told


def _leave_saved_match(app: App) -> tuple[str, str]:
    """On a fresh start: Quick play, then 'Leave it, start anew'. Returns the question's
    text and the notice told after."""
    from game.scenes.confirm import ConfirmScene

    nav = Navigator(app)
    menu = nav.main_menu()
    app.step(DT)
    menu.choose("quick")
    app.step(DT)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    body = ask.t(ask.body, **ask.fields)
    post_click(next(c for c in ask.controls if c.name == "go").rect.center)
    app.step(DT)
    app.step(DT)
    table = app.stack.top
    assert isinstance(table, TableScene)
    saved = Autosave().load()  # the old match gone; the new one saved as dealt
    assert saved is not None and saved["match"]["seed"] == table.ctl.match.seed
    assert saved["hand"] is not None and not saved["hand"]["decisions"]
    return body, " ".join(app.notices.texts("en"))


@pytest.mark.parametrize("standing", ["walk_out", "won", "between"])
def test_leaving_a_saved_match_settles_it_as_it_stands(standing: str) -> None:
    """New game over a saved match left it as a walk-out whatever the human's standing
    (RULES.md §6.4): a human who had won lost the hand's winnings and got its used items
    back, and one between hands paid a walk-out for a hand never dealt. Now only a hand
    in play is a walk-out; after a win a bot plays the seat out and the hand is settled
    as usual; between hands leaving costs nothing."""
    from engine.items import item_action
    from engine.tiles import parse_tile
    from game.profile import load_profile

    with running_app(seed=3, lang="en", bots=("greedy",) * 3) as app:
        table, ctl = _dealt_a_won_hand(app)
        ctl.use_item(item_action(0, "qian_li_yan", kind=parse_tile("5s")))
        if standing != "walk_out":
            table.submit(next(a for a in ctl.human_legal() if a.kind is ActionKind.WIN))
            _settle(app, 5)
            assert ctl.human_won()
        if standing == "between":
            ctl.play_out()
            ctl.finish()  # the hand recorded: the save now waits for the next deal
        assert Autosave().exists()
    before = load_profile()[0]
    app2 = App(Settings(speed="instant", bot_pace="instant", lang="en"), (1280, 800))
    try:
        body, told = _leave_saved_match(app2)
    finally:
        app2.close()
    after = load_profile()[0]
    used = before.items.get("qian_li_yan", 0) - after.items.get("qian_li_yan", 0)
    if standing == "walk_out":
        assert "walk-out" in body and "walk-out" in told
        assert after.coins < before.coins and used == 1
    elif standing == "won":
        assert "costs nothing" in body and "after your win" in told
        assert after.coins > before.coins and used == 1  # the 天胡's winnings stand
        assert after.stats.wins == before.stats.wins + 1
        assert after.stats.hands == before.stats.hands + 1
    else:
        assert "costs nothing" in body and "at no cost" in told
        assert after.coins == before.coins and used == 0
        assert after.stats.hands == before.stats.hands
