"""The host whose game lost its connection to the table it hosts is told what it can do. It
read "If the table still runs, a bot plays your seat: join again with the same name and room
code to sit back in it" — a guest's way back: a hosted table's seat is never remembered, and
leaving closes the table. Against a real server on 127.0.0.1 (an ephemeral port) behind a
relay that drops the connection; the client's tries are shortened, no time limits."""

from __future__ import annotations

import pytest
from test_net_connection_followups import pump_until
from test_net_flow import Outage

from game.i18n import t
from game.net.session import NetSession
from server.client import NetClient
from server.host import HostedServer
from server.scripted import QUICK_ROOM


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_host_cut_off_from_its_own_table_is_told_to_host_again(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.client._BACKOFF", (0.05, 0.05))  # gives up at once
    hosted = HostedServer(host="127.0.0.1", port=0, announce=False).start()
    assert hosted.wait_ready() and hosted.port is not None
    session: NetSession | None = None
    try:
        with Outage(hosted.port) as network:

            def connect(url: str) -> NetClient:
                client = NetClient(network.url).start()  # through the relay
                client.create_room("Ann", **QUICK_ROOM)  # type: ignore[arg-type]
                return client

            session = NetSession.hosting(hosted, connect, lang=lang)
            pump_until(lambda: session is not None and session.joined, session)
            assert session.is_host
            network.cut()
            pump_until(lambda: session is not None and session.lost is not None, session)
            lost = session.lost
            assert lost is not None and lost.fatal
            assert lost.text == t("net.host_lost", lang)
            assert lost.text != t("net.lost", lang)  # a guest's way back
    finally:
        if session is not None:
            session.close()
        hosted.stop()


def test_the_words_say_how_to_play_on() -> None:
    en, zh = t("net.host_lost", "en"), t("net.host_lost", "zh")
    assert "host a new table" in en and "same name" not in en
    assert "重新开一桌" in zh and "同一名字" not in zh
