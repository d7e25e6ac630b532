"""A table this game cannot open (no port would listen, the spare one either) is told in the
player's language, the technical reason kept in brackets for a bug report — the Chinese
line was the server's English error after 无法开桌."""

from __future__ import annotations

from typing import Any

import pytest

from game.net.session import NetSession


class _Refused:
    """A hosted server that could not listen."""

    ready = True
    url = None
    error = "cannot listen on 0.0.0.0:8765: [Errno 98] Address already in use"

    def stop(self) -> None:
        pass


@pytest.mark.parametrize(("lang", "words"), [("zh", "网络端口"), ("en", "network port")])
def test_a_table_that_cannot_listen_is_told_in_the_players_language(lang: str, words: str) -> None:
    def connect(url: str) -> Any:
        raise AssertionError("nothing listens: nothing to connect to")

    session = NetSession.hosting(_Refused(), connect, lang=lang)  # type: ignore[arg-type]
    session.pump()
    assert session.lost is not None and session.lost.fatal
    assert words in session.lost.text and "Address already in use" in session.lost.text
