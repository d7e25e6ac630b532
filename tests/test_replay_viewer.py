"""Kept replays and the replay viewer: files capped and listed, the viewer's step N is the
engine's round replayed to N, and it opens from the menu and from ``--replay``."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, post_key

from engine.bots import load_bot
from engine.replay import record, replay
from engine.round import Round
from engine.rules import get_preset
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.replays import list_replays, load_replay, prune, replays_dir, save_replay
from game.scenes.replay_list import ReplayListScene
from game.scenes.settlement import SettlementScene
from game.table.buttons import ToolbarItem
from game.table.replay import ReplayControls
from game.table.scene import TableKind, TableScene

SHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def played_hand(seed: int, preset: str = "standard") -> Round:
    """A whole hand between four greedy bots (engine only)."""
    rnd = Round.new(get_preset(preset), seed, seed % 4)
    bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


@pytest.mark.parametrize("preset", ["sanren_liangfang", "liangren"])
def test_the_list_shows_a_short_handed_hands_points(preset: str) -> None:
    """It read +0 for every three- and two-seat hand (it took the points only from four)."""
    rnd = next(
        r for r in (played_hand(n, preset) for n in range(40, 80)) if r.result.totals[1] != 0
    )
    save_replay(record(rnd), keep=5, human=1, hand_no=1, preset=preset)
    (info,) = list_replays()
    assert info.points == rnd.result.totals[1] and info.preset == preset


def test_an_unknown_room_is_listed_as_a_dash_not_its_key() -> None:
    from game.scenes.replay_list import ReplayListScene

    rnd = played_hand(41)
    save_replay(record(rnd), keep=5, human=0, hand_no=1, preset="zzz_future")
    app = _app("en")
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        assert "preset.zzz_future" not in keys_drawn(app, scene)
    finally:
        app.close()


def test_saved_replays_are_capped_and_listed_newest_first() -> None:
    paths = []
    for n in range(5):
        rnd = played_hand(40 + n)
        path = save_replay(record(rnd), keep=3, human=0, hand_no=n + 1, preset="standard")
        assert path is not None
        paths.append(path)
    files = sorted(replays_dir().iterdir())
    assert len(files) == 3
    infos = list_replays()
    assert [i.hand_no for i in infos] == [5, 4, 3]
    assert infos[0].preset == "standard"
    doc = load_replay(infos[0].path)
    assert replay(doc).result is not None  # a kept file re-executes exactly
    assert infos[0].points == doc["result"]["totals"][0]
    assert prune(1) == 2 and len(list_replays()) == 1
    assert save_replay(record(played_hand(1)), keep=0) is None  # kept: 0 keeps nothing


def test_a_damaged_replay_file_is_listed_as_one_that_cannot_be_watched() -> None:
    save_replay(record(played_hand(3)), keep=5)
    (replays_dir() / "29990101-000000-000000-h1.json").write_text("{broken", encoding="utf-8")
    broken, good = list_replays()
    assert (broken.problem, good.problem) == ("not_replay", None)


def _app(lang: str = "zh") -> App:
    return App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1280, 800))


def open_replay_file(app: App, path: str) -> TableScene:
    """The viewer on ``path``, as ``--replay`` and the replay list open it."""
    return Navigator(app).watch_replay(path)


def controls(viewer: TableScene) -> ReplayControls:
    found = viewer.overlay(ReplayControls)
    assert isinstance(found, ReplayControls)
    return found


def _same(viewer: TableScene, doc: dict, n: int) -> None:  # type: ignore[type-arg]
    expected = replay({**doc, "decisions": doc["decisions"][:n]}, check_result=False)
    rnd = viewer.driver.round
    assert controls(viewer).controller.step == n
    assert list(rnd.decisions) == list(expected.decisions)
    for seat in range(4):
        assert rnd.view(seat) == expected.view(seat)
    assert viewer.model.view == expected.view(viewer.bottom)


def test_viewer_steps_match_the_engine_forward_back_and_jumps() -> None:
    doc = record(played_hand(12))
    path = save_replay(doc, keep=5)
    assert path is not None
    app = _app()
    try:
        viewer = open_replay_file(app, str(path))
        doc = load_replay(path)
        total = len(doc["decisions"])
        app.step(DT)
        _same(viewer, doc, 0)
        for n in range(1, 9):
            post_key(pygame.K_RIGHT)  # → one decision forward
            app.step(DT)
            _same(viewer, doc, n)
        for n in (7, 6):
            post_key(pygame.K_LEFT)  # ← one back: rebuilt by replaying the first N
            app.step(DT)
            _same(viewer, doc, n)
        controls(viewer).seek(total // 2)
        app.step(DT)
        _same(viewer, doc, total // 2)
        # nobody plays a replay: the toolbar has no Hints or Auto (托管)
        assert set(viewer.toolbar.buttons.values()) == {ToolbarItem.SPEED}  # Close is the way out
        assert viewer.model.status_text() is None
        # the buttons: reveal every hand, jump to the start (pygame-gui presses them a frame
        # after the click)
        post_click(controls(viewer).button_rect("reveal").center)
        app.step(DT)
        app.step(DT)
        assert controls(viewer).reveal and set(viewer.model.end_hands) == {1, 2, 3}
        for seat in (1, 2, 3):
            assert viewer.model.end_hands[seat] == tuple(viewer.driver.round.view(seat).tiles)
        post_click(controls(viewer).button_rect("start").center)
        app.step(DT)
        app.step(DT)
        _same(viewer, doc, 0)
    finally:
        app.close()


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_ESCAPE], ids=["enter", "esc"])
def test_viewer_plays_to_the_end_and_shows_the_settlement(key: int) -> None:
    """Enter, or Esc (the viewer's "close" key did nothing on the settlement over it), goes
    back to the viewer at the end."""
    doc = record(played_hand(21))
    path = save_replay(doc, keep=5)
    assert path is not None
    app = _app()
    try:
        viewer = open_replay_file(app, str(path))
        controls(viewer).speed_index = 3  # the fastest speed
        post_key(pygame.K_SPACE)  # play
        for _ in range(20000):
            app.step(DT)
            if isinstance(app.stack.top, SettlementScene):
                break
        assert isinstance(app.stack.top, SettlementScene)
        assert controls(viewer).controller.step == len(doc["decisions"])
        final = replay(doc)
        assert viewer.driver.round.ledger.totals() == final.ledger.totals()
        post_key(key)  # back to the viewer, at the end
        app.step(DT)
        assert app.stack.top is viewer
        post_key(pygame.K_LEFT)
        app.step(DT)
        assert controls(viewer).controller.step == len(doc["decisions"]) - 1
        assert not viewer.model.settled
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_replay_list_opens_from_the_menu_hook_and_screenshots(lang: str) -> None:
    from game.scenes.menu import MainMenuScene

    for n, seed in enumerate((5, 6, 7)):
        save_replay(record(played_hand(seed)), keep=10, hand_no=n + 1, preset="standard")
    SHOTS.mkdir(exist_ok=True)
    app = _app(lang)
    try:
        menu = Navigator(app).main_menu()
        assert isinstance(menu, MainMenuScene)
        app.step(DT)
        menu.choose("replays")  # the open_replays hook
        app.step(DT)
        scene = app.stack.top
        assert isinstance(scene, ReplayListScene) and len(scene.items) == 3
        app.step(DT)
        pygame.image.save(app.screen, str(SHOTS / f"replay_list_{lang}.png"))
        post_key(pygame.K_RETURN)  # the newest row is focused: Watch
        app.step(DT)
        viewer = app.stack.top
        assert isinstance(viewer, TableScene) and viewer.kind is TableKind.REPLAY
        assert controls(viewer).controller.hand_no == 3
        controls(viewer).seek(40)
        controls(viewer).on_control("reveal")
        for _ in range(5):
            app.step(DT)
        pygame.image.save(app.screen, str(SHOTS / f"replay_viewer_{lang}.png"))
        post_key(pygame.K_ESCAPE)  # closes the viewer, back to the list
        app.step(DT)
        assert app.stack.top is scene
    finally:
        app.close()


def test_list_is_empty_without_replays_and_bad_file_is_a_toast() -> None:
    app = _app("en")
    try:
        nav = Navigator(app)
        scene = ReplayListScene(nav.ctx)
        app.stack.push(scene)
        app.step(DT)
        assert scene.items == []
        save_replay(record(played_hand(8)), keep=5)
        scene2 = ReplayListScene(nav.ctx)
        path = scene2.items[0].path
        data = json.loads(path.read_text(encoding="utf-8"))
        data["decisions"] = [*data["decisions"][:5], {"seat": 9, "action": "discard"}]
        path.write_text(json.dumps(data), encoding="utf-8")
        app.stack.push(scene2)
        scene2.open(0)  # no crash: a toast says why
        assert app.stack.top is scene2 and scene2.toast is not None
    finally:
        app.close()


def keys_drawn(app: App, scene: ReplayListScene) -> list[str]:
    """The string keys ``scene`` looks up while it is drawn once."""
    asked: list[str] = []
    words = scene.t

    def t(key: str, **kw: object) -> str:
        asked.append(key)
        return words(key, **kw)

    scene.t = t  # type: ignore[method-assign]
    app.stack.push(scene)
    app.step(DT)
    app.stack.pop()
    return asked


def test_an_empty_list_says_so_when_no_replays_are_kept() -> None:
    """replays_kept 0 (only the settings file can say it): the empty list does not promise
    that a finished hand appears, it says where replays are turned back on."""
    app = _app("en")
    try:
        nav = Navigator(app)
        for kept, expected in ((0, "replays.off"), (50, "replays.empty")):
            nav.ctx.settings.replays_kept = kept
            assert expected in keys_drawn(app, ReplayListScene(nav.ctx)), kept
    finally:
        app.close()


def test_cli_replay_flag_opens_the_viewer(tmp_path: Path) -> None:
    from game.__main__ import main

    path = save_replay(record(played_hand(9)), keep=5)
    assert main(["--replay", str(path), "--frames", "3"]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text("nope", encoding="utf-8")
    assert main(["--replay", str(bad), "--frames", "2"]) == 0  # a notice, not a crash


def test_the_last_move_line_speaks_to_you_in_english() -> None:
    import re

    doc = record(played_hand(12))
    path = save_replay(doc, keep=5)
    assert path is not None
    app = _app("en")
    try:
        viewer = open_replay_file(app, str(path))
        app.step(DT)
        lines = set()
        for n in range(len(load_replay(path)["decisions"]) + 1):
            controls(viewer).seek(n)
            lines.add(controls(viewer).last_line())
        assert any(line.startswith("You ") for line in lines), lines
        wrong = re.compile(r"\bYou (deals|gets|draws|discards|pongs|adds|wins|is)\b|You's")
        assert not any(wrong.search(line) for line in lines), lines
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_file_that_cannot_be_watched_is_told_by_its_kind(tmp_path: Path, lang: str) -> None:
    """A networked hand's seat record, a file that is no replay, a replay from a newer game,
    a damaged one, a missing file: each gets its own message in the player's language, never
    the engine's technical text ("format must be 'sichuan-mahjong-replay', got …")."""
    import json

    from game.__main__ import _open_flow, parse_args

    good = record(played_hand(9))
    seat = {"format": "sichuan-mahjong-seat-replay", "version": 1, "seat": 0, "events": []}
    newer = {**good, "version": 99}
    damaged = {**good, "decisions": good["decisions"][:-3]}
    files = {
        "seat_replay": json.dumps(seat),
        "not_replay": "nope",
        "version": json.dumps(newer),
        "damaged": json.dumps(damaged),
    }
    app = _app(lang)
    try:
        nav = Navigator(app)
        said = {}
        for kind, text in files.items():
            path = tmp_path / f"{kind}.json"
            path.write_text(text, encoding="utf-8")
            said[kind] = _open_flow(nav, parse_args(["--replay", str(path)]))
        said["unreadable"] = _open_flow(nav, parse_args(["--replay", str(tmp_path / "gone.json")]))
        for kind, message in said.items():
            assert message == i18n.t(f"replays.{kind}", lang, name="gone.json"), kind
            assert "sichuan-mahjong" not in message and "format" not in message
        assert len(set(said.values())) == len(said)
    finally:
        app.close()


@pytest.mark.parametrize("window", [(1024, 640), (1280, 800)])
def test_the_review_panel_leaves_the_right_seats_panel_and_note_uncovered(window) -> None:
    """The right seat's panel sat level with its column, its win note under it, where the
    viewer's review panel goes: the panel moves up under the toolbar."""
    from game.table.review_panel import ReviewPanel

    rnd = next(
        r for r in (played_hand(n) for n in range(40, 80)) if any(w.seat == 1 for w in r.wins)
    )
    path = save_replay(record(rnd), keep=5, human=0, hand_no=1, preset="standard")
    assert path is not None
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), window)
    try:
        viewer = open_replay_file(app, str(path))
        controls(viewer).seek(len(rnd.decisions))
        app.step(DT)
        review = viewer.overlay(ReviewPanel)
        assert isinstance(review, ReviewPanel)
        box = review.box()
        notes = viewer.painter.notes
        assert notes.note(1) is not None  # the right seat has won: its note shows
        right = viewer.model.panels[1]
        assert not right.colliderect(box)
        assert not any(b.colliderect(box) for b in notes.boxes())
    finally:
        app.close()


@contextmanager
def _viewer_of_hand(seed: int, window: tuple[int, int]) -> Iterator[tuple[App, TableScene]]:
    """An English app at ``window`` with the viewer open on a kept greedy hand of ``seed``."""
    path = save_replay(record(played_hand(seed)), keep=5, human=0, hand_no=1, preset="standard")
    assert path is not None
    app = App(Settings(lang="en", speed="instant", bot_pace="instant"), window)
    try:
        yield app, open_replay_file(app, str(path))
    finally:
        app.close()


@pytest.mark.parametrize("window", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_reviews_tile_labels_clear_the_viewers_controls(window) -> None:
    """ "Best" / "Yours" over a marked hand tile — the drawn tile, at the right end — were
    under the viewer's controls."""
    from game.fonts import get_font

    with _viewer_of_hand(41, window) as (app, viewer):
        app.step(DT)
        lay = viewer.layout
        box = controls(viewer).box()
        label_h = get_font(lay.px(13), True).get_linesize()
        for slot in viewer.model.slots:
            frame = slot.rect.inflate(lay.px(4), lay.px(4))
            label = pygame.Rect(frame.x, frame.y - lay.px(2) - label_h, frame.w, label_h)
            assert not label.colliderect(box), (slot.index, label, box)


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_hide_puts_the_panels_away_from_the_right_seats_column(window) -> None:
    """At 1024×640 the review and the controls covered the right seat's column (its revealed
    hand too): Hide (or Tab) folds them to the step counter and Show, clear of the column."""
    from game.table.review_panel import ReviewPanel

    with _viewer_of_hand(41, window) as (app, viewer):
        ctl = controls(viewer)
        review = viewer.overlay(ReviewPanel)
        assert isinstance(review, ReviewPanel)
        ctl.seek(20)
        ctl.on_control("reveal")
        app.step(DT)
        column = viewer.painter.columns[1]
        assert not review.box().colliderect(column)  # the viewer's own column holds it
        assert not ctl.box().colliderect(column)
        post_click(ctl.button_rect("fold").center)
        app.step(DT)
        app.step(DT)
        assert ctl.folded and review.hidden and not review.buttons
        assert set(ctl.buttons.values()) == {"close", "unfold"}
        app.step(DT)
        assert not ctl.box().colliderect(viewer.painter.columns[1])
        post_key(pygame.K_RIGHT)  # the keys still step the replay
        app.step(DT)
        assert ctl.controller.step == 21
        post_key(pygame.K_TAB)  # and Tab brings the panels back
        app.step(DT)
        app.step(DT)
        assert not ctl.folded and not review.hidden
        assert "start" in review.buttons.values() and "fold" in ctl.buttons.values()


def test_the_replay_list_scrolls_by_its_bar_and_keys_and_hidden_rows_take_no_clicks() -> None:
    from test_game_support import post_drag

    doc = record(played_hand(5))
    for n in range(32):
        save_replay(doc, keep=50, hand_no=n + 1, preset="standard")
    app = _app("en")
    try:
        nav = Navigator(app)
        app.stack.push(ReplayListScene(nav.ctx))
        app.step(DT)
        scene = app.stack.top
        assert isinstance(scene, ReplayListScene) and scene.scroll is not None
        post_key(pygame.K_PAGEDOWN)
        app.step(DT)
        assert scene.scroll.offset > 0
        post_key(pygame.K_PAGEUP)
        app.step(DT)
        assert scene.scroll.offset == 0
        bar = scene.scroll.bar_rect()
        assert bar is not None
        post_drag(bar.center, (bar.centerx, bar.centery + scene._list_rect().h // 2))
        app.step(DT)
        offset = scene.scroll.offset
        assert offset > 0  # dragged
        screen, rows = app.screen.get_rect(), scene._list_rect()
        outside = [
            c.rect.clip(screen)
            for c in scene.controls
            if c.name.startswith("row") and not rows.contains(c.rect)
        ]
        outside = [r for r in outside if r.w and r.h and not rows.collidepoint(r.center)]
        assert outside  # a row above the list, on the screen, not drawn
        post_click(outside[0].center)
        app.step(DT)
        app.step(DT)
        assert app.stack.top is scene  # a row out of sight opened nothing
    finally:
        app.close()


def test_the_lists_results_count_points_in_english() -> None:
    from game.replays import ReplayInfo

    app = _app("en")
    try:
        scene = ReplayListScene(Navigator(app).ctx)

        def said(
            points: int, won: bool = False, reason: str = "three_won", left: bool = False
        ) -> str:
            saved = datetime.datetime(2026, 12, 7)
            info = ReplayInfo(Path("x.json"), saved, "standard", 1, 0, points, won, reason, left)
            return scene.result_text(info)

        assert said(1, won=True) == "Won · +1 pt"
        assert said(-1) == "-1 pt"
        assert said(6, won=True) == "Won · +6 pts"
        assert said(-1, reason="left", left=True) == "Walked out · -1 pt"
        assert said(0, reason="wall_empty") == "Drawn · 0 pts"  # a zero has no sign
    finally:
        app.close()


def test_a_replay_the_disk_refused_leaves_no_half_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that filled mid-write left replays/<stamp>-h1.tmp behind for good."""
    import game.replays as replays

    def full(self: Path, *args: object, **kw: object) -> int:
        Path.write_bytes(self, b"{half")  # part of it went down, then the disk was full
        raise OSError(28, "No space left on device")

    doc = record(played_hand(5))
    with monkeypatch.context() as patch:
        patch.setattr(replays.Path, "write_text", full)
        assert save_replay(doc, keep=5, hand_no=1) is None
    assert list(replays_dir().iterdir()) == []
