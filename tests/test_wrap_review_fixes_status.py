"""The table's status line keeps left of the turn's buttons: it was one line at any length,
so a long English status (or any status beside a wide row: Win, two or three kongs named by
their tiles, Pass) ran on under the buttons at 1024×640. It now shrinks a pixel or two, else
wraps to two lines, never under 12 px."""

from __future__ import annotations

import pytest
from test_game_support import DT, running_app, table_of

from engine.tiles import suit_name
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.table import buttons as table_buttons
from game.table.buttons import Wanted
from game.ui.text import MIN_TEXT

_TIMER = {"en": "  12 s", "zh": "  12秒"}


def _cases(lang: str) -> list[tuple[list[str], str]]:
    """Each status with the widest row of buttons it may show beside (none for a win
    waiting for the others), the turn's timer on."""
    t = i18n.t
    win, pas, kong = t("btn.win", lang), t("btn.pass", lang), t("btn.kong", lang)
    kongs = [f"{kong} {name}" for name in (("9 Characters", "1 Bamboo", "5 Dots") if lang == "en"
             else ("九万", "幺鸡", "五筒"))]  # fmt: skip
    suits = [t("btn.suit", lang, suit=suit_name(s, lang)) for s in range(3)]
    either = t("table.or", lang).join((t("act.win", lang), t("act.kong", lang)))
    turn = t("table.your_turn_or", lang, what=either) + _TIMER[lang]
    return [
        ([win, *kongs, pas], turn),
        ([win, *kongs[:2], pas], turn),
        ([f"{suits[0]} ★", *suits[1:]], t("table.pick_void", lang) + _TIMER[lang]),
        ([win], t("table.forced_win", lang) + _TIMER[lang]),
        ([], t("table.won_wait", lang)),
        ([], t("table.only_discard", lang, tile="9 Characters" if lang == "en" else "九万")),
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_status_line_keeps_left_of_the_turns_buttons_at_1024x640(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(window=(1024, 640), lang=lang) as app:
        for _ in range(3):
            app.step(DT)
        table = table_of(app)
        assert table is not None
        lay, model, cache = table._layout, table._model, table.painter.text
        get = cache.get
        for labels, status in _cases(lang):
            row = [(label, Wanted.DISMISS, i == 0) for i, label in enumerate(labels)]
            monkeypatch.setattr(table_buttons, "wanted_buttons", lambda m, row=row: row)
            monkeypatch.setattr(model, "status_text", lambda status=status: status)
            seen: list[tuple[str, int]] = []

            def spy(text, size, colour, bold=False, *a, status=status, seen=seen):  # type: ignore[no-untyped-def]
                if colour == pal.GOLD_LIGHT and bold and text and text in status:
                    seen.append((text, size))
                return get(text, size, colour, bold, *a)

            monkeypatch.setattr(cache, "get", spy)
            app.step(DT)
            seen.clear()  # the row placed: one frame as the player sees it
            app.step(DT)
            assert len(table.buttons.buttons) == len(labels), "the row shows"
            left = table.buttons.left_edge(lay) if labels else lay.w
            assert "".join(t for t, _ in seen).replace(" ", "") == status.replace(" ", "")
            for text, size in seen:
                assert size >= MIN_TEXT, (text, size)
                right = lay.hand_x + get_font(size, True).size(text)[0]
                assert right <= left - lay.px(12), (status, text, right, left)
