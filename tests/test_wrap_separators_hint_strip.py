"""The hint strip keeps left of the turn's buttons: it was drawn whole right after the status
line, so with a long status ("9 Characters: you may win or pong or kong") and a ready hand with
several waits it ran on under the claimed tile and Win / Pong / Kong / Pass at 1024×640. It
now says less where the room is short (听牌 alone, "×3" for the copies left, bare tiles,
"+N"), never under 12 px."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from test_game_support import DT, running_app, table_of

from engine.actions import Action, ActionKind
from game import i18n
from game.table import buttons as table_buttons
from game.table import painter as table_painter
from game.table.buttons import Wanted
from game.table.hints import Hints
from game.table.items import ItemsOverlay
from game.table.strips import draw_hint_strip
from game.ui.text import MIN_TEXT

CLAIMED = 8  # 9 Characters / 九万, on offer


def _waits(lang: str, n: int) -> tuple[tuple[int, int, str], ...]:
    kinds = (1, 4, 7, 10, 13, 16, 20, 23, 26)
    return tuple(
        (kind, (3, 2, 0, 4, 1)[i % 5], i18n.t("hint.fan", lang, n=1 + i % 3))
        for i, kind in enumerate(kinds[:n])
    )


def _rows(lang: str) -> list[tuple[list[str], str, bool]]:
    """(buttons, status, whether the claimed tile shows left of them)."""
    t = i18n.t
    tile = "9 Characters" if lang == "en" else "九万"
    kinds = (t("act.win", lang), t("act.pong", lang), t("act.kong", lang))
    claim = t("table.claim", lang, tile=tile, what=t("table.or", lang).join(kinds))
    turn = t("table.your_turn_or", lang, what=t("table.or", lang).join(kinds[::2]))
    kongs = [f"{t('btn.kong', lang)} {n}" for n in (("1 Bamboo", "5 Dots") if lang == "en"
             else ("幺鸡", "五筒"))]  # fmt: skip
    timer = "  " + t("table.timer", lang, n=12)
    return [
        ([t(f"btn.{k}", lang) for k in ("win", "pong", "kong", "pass")], claim + timer, True),
        ([t("btn.win", lang), *kongs, t("btn.pass", lang)], turn + timer, False),
        ([], t("table.won_wait", lang), False),
    ]


@pytest.mark.parametrize("window", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hint_strip_keeps_left_of_the_turns_buttons(
    lang: str, window: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(window=window, lang=lang) as app:
        table = table_of(app)
        assert table is not None
        for overlay in table.overlays:  # "not this hand" to the question before the deal
            if isinstance(overlay, ItemsOverlay) and overlay.bar and overlay.bar.blocking:
                overlay._apply(overlay.bar.decline())
        app.step(DT)
        lay, model, painter = table._layout, table._model, table.painter
        monkeypatch.setattr(table, "_update_hints", lambda: None)
        offered: list[int | None] = [None]  # the claimed tile the view shows
        reread = model.reread

        def offer() -> None:
            reread()
            model.view = dataclasses.replace(model.view, claim_tile=offered[0])

        monkeypatch.setattr(model, "reread", offer)
        drawn: list[pygame.Rect] = []
        sizes: list[int] = []
        get = painter.text.get

        def measured(text: str, size: int, *args) -> pygame.Surface:  # type: ignore[no-untyped-def]
            sizes.append(size)
            return get(text, size, *args)

        def spy(surface: pygame.Surface, *args, **kw) -> pygame.Rect | None:  # type: ignore[no-untyped-def]
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            monkeypatch.setattr(painter.text, "get", measured)
            out = draw_hint_strip(layer, *args, **kw)
            monkeypatch.setattr(painter.text, "get", get)
            drawn.append(layer.get_bounding_rect())
            surface.blit(layer, (0, 0))
            return out

        monkeypatch.setattr(table_painter, "draw_hint_strip", spy)
        for labels, status, claimed in _rows(lang):
            row = [(label, Wanted.DISMISS, i == 0) for i, label in enumerate(labels)]
            monkeypatch.setattr(table_buttons, "wanted_buttons", lambda m, row=row: row)
            monkeypatch.setattr(model, "status_text", lambda status=status: status)
            claims = [Action(ActionKind.WIN, 0, CLAIMED)] if claimed else []
            monkeypatch.setattr(model, "claim_options", lambda claims=claims: claims)
            for n in (2, 4, 6, 9):
                model.hints = Hints(i18n.t("hint.ready_waits", lang), {}, _waits(lang, n))
                offered[0] = CLAIMED if claimed else None
                for _ in range(2):  # the row placed, then a frame as the player sees it
                    offer()
                    drawn.clear()
                    app.step(DT)
                assert len(table.buttons.buttons) == len(labels)
                left = table.buttons.left_edge(lay) if labels else lay.w - lay.px(10)
                if claimed:
                    left -= painter.tile_art(lay.hand_w).face(CLAIMED).get_width() + lay.px(12)
                assert drawn and drawn[-1].w, (status, n)  # something shows
                assert drawn[-1].right <= left - lay.px(12), (status, n, drawn[-1], left)
        assert sizes and min(sizes) >= MIN_TEXT
