"""The payments floating off the seats' panels ("+2") follow a new window size: the
settlement keeps the table's last frame under it, floats and all, and a resize drew them
where the panels had been."""

from __future__ import annotations

import random

from test_game_support import DT, BlitRecorder, play_until_settlement, running_app, table_of

from engine.round import Event, EventKind
from game.scenes.settlement import SettlementScene


def test_payments_floating_off_the_panels_follow_a_new_window_size() -> None:
    with running_app(lang="en", window=(1024, 640), seed=7, bots=("greedy",) * 3) as app:
        play_until_settlement(app, random.Random(2))
        st = app.stack.top
        assert isinstance(st, SettlementScene)
        table = table_of(app)
        assert table is not None
        rnd = table.driver.round
        entry = next(e for e in rnd.ledger.entries if e.payer != e.payee)
        # the hand's last payment floats off its two panels (at the table's own speed: the
        # test app plays instantly, which shows none) and the settlement opens over them
        table.effects.animator.speed = "normal"
        table.show_events([Event(EventKind.PAYMENT, len(rnd.events), entry=entry)])
        floats = [a for a in table.effects.animator._anims if hasattr(a, "rise")]
        assert len(floats) == 2
        app.resize((1920, 1080))
        app.step(DT)
        lay = table.layout
        assert lay.w == 1920
        for seat, anim in zip((entry.payee, entry.payer), floats, strict=True):
            panel = table.model.panels[lay.place(seat, table.model.bottom)]
            surface = BlitRecorder((1920, 1080))
            anim.draw(surface)
            ((_, at),) = surface.blits
            # where it rises from: inside its panel as the table shows it now, not where
            # the panel was at 1024×640
            assert panel.left <= at.centerx <= panel.right, (seat, at, panel)
            assert panel.top - lay.px(40) <= at.centery <= panel.bottom, (seat, at, panel)
            assert at.h >= lay.font_normal  # and as large as the table's text is now
