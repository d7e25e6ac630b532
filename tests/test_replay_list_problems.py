"""The replay list never leads to a dead end: a kept replay that reads but does not play again
(a step the rules refuse) was listed with a Watch button that opened nothing, and a file
that does not read at all was left out without a word. Each is listed with why it cannot be
watched, its button deletes it (asked twice), and the rest of a row is clicked as its
button is, with the same click sound."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_click, post_key

import game.replays as replays
from engine.bots import load_bot
from engine.replay import record
from engine.round import Round
from engine.rules import get_preset
from game import i18n
from game.app import App, Settings
from game.nav import Navigator
from game.replays import list_replays, replays_dir, save_replay
from game.scenes.replay_list import ReplayListScene
from game.table.scene import TableKind, TableScene
from game.ui import controls


def played_hand(seed: int) -> Round:
    rnd = Round.new(get_preset("standard"), seed, seed % 4)
    bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


def out_of_turn(path: Path) -> None:
    """Make the kept replay in ``path`` one that reads well but does not play again: its
    sixth decision made by the next seat (every field still as the format wants it)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    step = dict(doc["decisions"][5])
    step["seat"] = (step["seat"] + 1) % 4
    doc["decisions"] = [*doc["decisions"][:5], step]
    path.write_text(json.dumps(doc), encoding="utf-8")


def three_kept() -> list[Path]:
    """Hands 1-3 kept; hand 2 does not play again, hand 1 is not JSON at all."""
    paths = []
    for n in (1, 2, 3):
        path = save_replay(record(played_hand(40 + n)), keep=10, hand_no=n, preset="standard")
        assert path is not None
        paths.append(path)
    out_of_turn(paths[1])
    paths[0].write_text("{cut short", encoding="utf-8")
    return paths


def test_each_kept_file_is_listed_with_whether_it_can_be_watched() -> None:
    three_kept()
    listed = list_replays()
    assert [(i.hand_no, i.problem) for i in listed] == [
        (3, None),
        (2, "damaged"),
        (1, "not_replay"),
    ]


def _app(lang: str = "en") -> App:
    return App(Settings(lang=lang, speed="instant", bot_pace="instant"), (1024, 640))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_row_that_cannot_be_watched_says_why_and_its_button_deletes_it(lang: str) -> None:
    paths = three_kept()
    app = _app(lang)
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        app.stack.push(scene)
        app.step(DT)
        labels = {c.name: getattr(c, "label", "") for c in scene.controls}
        watch, delete = i18n.t("replays.open", lang), i18n.t("replays.delete", lang)
        assert (labels["row0"], labels["row1"], labels["row2"]) == (watch, delete, delete)
        # its button, pressed by the keyboard: asked first, then deleted; no viewer opens
        scene.focus_named("row1")
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert app.stack.top is scene and paths[1].exists()
        assert scene.toast is not None and scene.toast[0] == i18n.t("replays.delete_ask", lang)
        button = next(c for c in scene.controls if c.name == "row1")
        assert getattr(button, "label", "") == i18n.t("replays.confirm", lang)
        post_key(pygame.K_RETURN)
        app.step(DT)
        assert app.stack.top is scene and not paths[1].exists()
        assert [i.hand_no for i in scene.items] == [3, 1]
        assert scene.focused_name() == "row1"  # on the row that took its place
        assert sorted(p.name for p in replays_dir().iterdir()) == sorted(
            p.name for p in (paths[0], paths[2])
        )
    finally:
        app.close()


def test_the_row_itself_opens_its_replay_and_clicks_as_a_button_does() -> None:
    three_kept()
    app = _app()
    heard: list[int] = []
    try:
        controls.set_click_sound(lambda: heard.append(1))
        nav = Navigator(app)
        scene = ReplayListScene(nav.ctx)
        app.stack.push(scene)
        app.step(DT)
        area = scene._list_rect()
        # on the damaged row, left of its button: why, in a toast, and the click
        post_click((area.x + scene.px(40), area.y + scene._row_h() * 3 // 2))
        app.step(DT)
        assert app.stack.top is scene and heard == [1]
        why = i18n.t("replays.damaged", "en")
        assert scene.toast is not None and scene.toast[0].startswith(why)
        # on the first row's date: the viewer, with the click
        post_click((area.x + scene.px(40), area.y + scene._row_h() // 2))
        app.step(DT)
        app.step(DT)
        viewer = app.stack.top
        assert isinstance(viewer, TableScene) and viewer.kind is TableKind.REPLAY
        assert len(heard) == 2
    finally:
        app.close()


def test_the_check_is_made_once_per_file_and_at_the_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 kept replays open the list at once the second time: each file is played again
    once (a new one when it is saved), not at every opening."""
    played = []
    real = replays.replay_rescored

    def counted(doc: dict) -> object:  # type: ignore[type-arg]
        played.append(1)
        return real(doc)

    monkeypatch.setattr(replays, "replay_rescored", counted)
    doc = record(played_hand(5))
    for n in range(3):
        save_replay(doc, keep=10, hand_no=n + 1)
    assert len(played) == 3  # at the save
    assert [i.problem for i in list_replays()] == [None] * 3
    assert len(played) == 3
    newest = list_replays()[0].path
    out_of_turn(newest)  # changed since: checked again
    assert [i.problem for i in list_replays()] == ["damaged", None, None]
    assert len(played) == 4


def test_the_row_under_the_pointer_is_lit() -> None:
    """The whole row clicks, so the row under the pointer shows it (only its button did)."""
    three_kept()
    app = _app()
    try:
        scene = ReplayListScene(Navigator(app).ctx)
        app.stack.push(scene)
        area = scene._list_rect()
        spot = (area.x + 4, area.y + 3)  # the first row's top left corner: no text there
        app.step(DT)
        before = app.screen.get_at(spot)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(area.x + 40, area.y + 20), rel=(0, 0), buttons=(0, 0, 0)
            )
        )
        app.step(DT)
        after = app.screen.get_at(spot)
        assert sum(after[:3]) > sum(before[:3]) + 20, (before, after)
    finally:
        app.close()
