"""The replay viewer: a jump (▶|, |◀) drops the marks of the swap (换三张) that belong to
another moment of the hand; the last move under the controls is never squeezed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from test_game_support import DT, post_key, record_cache, record_texts, watching_replay

from engine.bots import load_bot
from engine.round import EventKind, Round
from engine.rules import get_preset
from game import i18n
from game.app import App
from game.fonts import get_font
from game.table.replay import ReplayControls
from game.table.scene import TableScene
from game.ui.text import MIN_TEXT


def _swap_hand(seed: int) -> Round:
    """A whole 血流成河 hand (换三张 on) between four greedy bots."""
    rules = get_preset("modern_xueliu")
    assert rules.exchange_three
    rnd = Round.new(rules, seed, seed % 4)
    bots = [load_bot("greedy", seed * 4 + s) for s in range(4)]
    while not rnd.is_over:
        seat = rnd.pending_seats()[0]
        rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions(seat)))
    return rnd


@contextmanager
def _watching(
    tmp_path: Path, lang: str, size: tuple[int, int]
) -> Iterator[tuple[App, TableScene, ReplayControls]]:
    """The 血流 hand of :func:`_swap_hand` (seed 8) in the replay viewer, one frame in."""
    with watching_replay(_swap_hand(8), tmp_path, lang, size) as watched:
        yield watched


@pytest.mark.parametrize("key", [pygame.K_PAGEDOWN, pygame.K_PAGEUP])
def test_a_jump_in_the_viewer_drops_the_swaps_new_marks(
    key: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Played past the swap, the three tiles it brought wear "New" for a while; a jump to
    the end (▶|) or back to the start (|◀) within that while kept the marks, on the
    finished hand's tiles of those kinds or on a hand from before the swap."""
    with _watching(tmp_path, "en", (1280, 800)) as (app, viewer, controls):
        swapped = False
        for _ in range(controls.controller.total):
            post_key(pygame.K_RIGHT)
            app.step(DT)
            events = controls.controller.round.events
            if any(ev.kind is EventKind.EXCHANGE and ev.seat == 0 for ev in events):
                swapped = True
                break
        assert swapped
        for _ in range(5):
            app.step(DT)
        new = i18n.t("table.received", "en")
        asked = record_cache(monkeypatch, viewer.painter.text)
        app.step(DT)
        assert new in asked  # marked, before the jump
        post_key(key)
        app.step(DT)
        asked.clear()
        for _ in range(3):
            app.step(DT)
        assert new not in asked


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_last_move_is_never_squeezed(
    size: tuple[int, int], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line under the controls was one line squeezed to the box: the English summary
    of the void suits ("Void suits: Bamboo for you, Characters for Bot 1, Dots for Bot 2,
    Characters for Bot 3") came out 60 % wide and 7 px tall at every window size. It takes
    two lines where it needs them, at a readable size, inside the box under its buttons."""
    from game.table import replay as viewer_module

    with _watching(tmp_path, lang, size) as (app, _, controls):
        drawn = record_texts(monkeypatch, viewer_module)
        seen = 0
        for n in range(controls.controller.total + 1):
            controls.seek(n)
            drawn.clear()
            app.step(DT)
            text = controls.last_line()
            lines = [(t, s, r, w) for t, s, r, w in drawn if t and t in text and w is not None]
            assert "".join(t for t, *_ in lines).replace(" ", "") == text.replace(" ", "")
            box, reveal = controls.box(), controls.button_rect("reveal")
            for line, px, rect, max_w in lines:
                assert px >= MIN_TEXT
                assert get_font(px).size(line)[0] <= max_w, (line, max_w)  # not squeezed
                assert rect.top >= reveal.bottom and rect.bottom <= box.bottom, (line, rect)
            seen += len(lines) > 1
        assert seen or lang == "zh"  # the English void summary takes two lines


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_hands_step_counter_keeps_clear_of_hide(
    size: tuple[int, int], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Step 188 / 188" (a hand of many decisions) was drawn from Close onwards with no
    bound and left 1-3 px before Hide: it sits between the two, a gap either side."""
    from game.table import replay as viewer_module

    with _watching(tmp_path, lang, size) as (app, _, controls):
        step = i18n.t("viewer.step", lang, n=188, total=188)
        real_t = viewer_module.t
        monkeypatch.setattr(
            viewer_module,
            "t",
            lambda key, *a, **kw: step if key == "viewer.step" else real_t(key, *a, **kw),
        )
        drawn = record_texts(monkeypatch, viewer_module)
        app.step(DT)
        (size_px, rect), *_ = [(s, r) for t, s, r, _ in drawn if t == step]
        close, fold = controls.button_rect("close"), controls.button_rect("fold")
        gap = controls.table.layout.px(6)
        assert rect.left >= close.right + gap and rect.right <= fold.left - gap, (rect, fold)
        assert size_px >= MIN_TEXT
