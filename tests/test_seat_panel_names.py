"""A seat panel holds its player's name: a friend's name of up to 24 characters (a
networked table's) ran past the panel's edge and under the dealer badge. It now drops the
bot level beside it first, then is cut short with an ellipsis."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_game_support import DT, BlitRecorder, running_app, table_of

import game.table.painter as painter_mod

LONG = {"en": "Wolfgang Amadeus Mozart!", "zh": "欧阳长孙司马上官诸葛东方皇甫尉迟公羊澹台"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
def test_a_long_name_stays_inside_its_panel_and_off_the_dealer_badge(
    lang: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    with running_app(lang=lang, window=window, bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        model, painter = table.model, table.painter
        name = LONG[lang]
        assert len(name) <= 24
        monkeypatch.setattr(model, "seat_name", lambda seat: name)
        plates = _record_panels(monkeypatch)
        painter._panels.clear()
        app.step(DT)
        dealer = model.view.dealer
        assert set(plates) == set(range(model.players))
        lay = painter.lay
        for seat, rec in plates.items():
            box = rec.get_rect()
            line = [at for _, at in rec.blits if at.top < lay.px(20)]  # the first line
            assert line and all(box.contains(at) for at in line), (seat, line)
            if seat == dealer:
                r = lay.px(13)
                badge = pygame.Rect(0, 0, 2 * r, 2 * r)
                badge.topright = (box.right - lay.px(10), box.y + lay.px(10) - 2)
                texts = line[1:-1]  # the wind first, the badge's letter last
                assert texts and not any(at.colliderect(badge) for at in texts), seat


def test_a_long_name_gives_way_to_reconnecting(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """A friend whose connection is down is marked "reconnecting…" after the name: a long
    name is cut short for it rather than the mark dropped."""
    with running_app(lang="en", window=(1024, 640), bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        model, painter = table.model, table.painter
        seat = next(s for s in range(model.players) if s != model.human)
        monkeypatch.setattr(model, "seat_name", lambda s: LONG["en"])
        away = tuple("reconnecting…" if s == seat else "" for s in range(model.players))
        monkeypatch.setattr(table, "_level", lambda s: away[s])  # as the net overlay marks it
        model.levels = away
        words: dict[int, str] = {}  # id of a rendered text -> its words
        real_get = painter.text.get

        def get(text: str, *args: object, **kw: object) -> pygame.Surface:
            img = real_get(text, *args, **kw)  # type: ignore[arg-type]
            words[id(img)] = text
            return img

        monkeypatch.setattr(painter.text, "get", get)
        plates = _record_panels(monkeypatch)
        painter._panels.clear()
        app.step(DT)
        shown = [words.get(id(img), "") for img, _ in plates[seat].blits]
        assert "reconnecting…" in shown
        assert any(w.endswith("...") and w.startswith(LONG["en"][:1]) for w in shown)


def _record_panels(monkeypatch: pytest.MonkeyPatch) -> dict[int, BlitRecorder]:
    """Each seat panel the painter renders from now on, as a surface noting its blits."""
    plates: dict[int, BlitRecorder] = {}
    real_plate = painter_mod.TablePainter._panel_plate
    real_render = painter_mod.TablePainter._render_panel

    def plate(self: object, size: tuple[int, int], current: bool) -> pygame.Surface:
        rec = BlitRecorder(size)
        rec.blit(real_plate(self, size, current), (0, 0))  # type: ignore[arg-type]
        rec.blits.clear()
        rec.copy = lambda: rec  # type: ignore[method-assign]
        return rec

    def render(self: object, seat: int, size: tuple[int, int], current: bool) -> object:
        surface = real_render(self, seat, size, current)  # type: ignore[arg-type]
        plates[seat] = surface  # type: ignore[assignment]
        return surface

    monkeypatch.setattr(painter_mod.TablePainter, "_panel_plate", plate)
    monkeypatch.setattr(painter_mod.TablePainter, "_render_panel", render)
    return plates


def test_a_walk_out_is_counted_once_on_the_panels_before_the_settlement(home: Path) -> None:
    """A walk-out is recorded in the match at once, before its settlement opens; the seat
    panels added the hand's points to a match total that already held them (the human's
    read −92 for the −46 it lost) for the frames in between."""
    with running_app(lang="en", speed="normal", bots=("greedy",) * 3) as app:
        table = table_of(app)
        assert table is not None
        for _ in range(5):
            app.step(DT)
        table.walk_out()  # the pause menu's Leave
        for _ in range(3):  # the table shows the hand's end; the settlement opens later
            app.step(DT)
        human = table.model.human
        assert human is not None
        lost = table.ctl.match.points[human]
        assert lost < 0 and not table.model.settled  # recorded, the settlement still to come
        assert table.model.view.seats[human].points == lost  # this hand's, as the view has it
        assert table.painter._match_total(human) == lost
