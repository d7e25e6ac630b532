"""A bot level this game does not know (a newer server's, which registered another) is left
unsaid, not shown as an internal id: the lobby read "Bot 1 (bot.expert)"."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest
from test_net_names import fake_session, room_of

from game.i18n import t


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_unknown_bot_level_is_not_shown_as_an_id(lang: str) -> None:
    room = room_of(["Ann", None, None, None])
    seats = list(room.seats)
    seats[1] = msgspec.structs.replace(seats[1], bot="expert")
    session = fake_session(dataclasses.replace(room, seats=tuple(seats)), 0, lang)
    names = session.names()
    assert not any("bot." in n or "expert" in n for n in names), names
    assert names[1] == t("seat.bot", lang, n=1)  # named as the table names it, no level
    level = t("bot.normal", lang)
    assert level in names[2]  # a level it knows is still given
