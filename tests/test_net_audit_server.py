"""A fresh player's audit of the friends' table, the server's side: what a client that sends
something wrong is told (a room driven directly, no network)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator

import pytest

from server import codec
from server.protocol import Act, CreateRoom, ErrorCode, ProtocolError
from server.room import Room, room_config


class _Link:
    """A connection that keeps what it was sent."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send(self, data: bytes) -> None:
        self.sent.append(data)

    def close(self, code: int, reason: str) -> None:
        pass


@pytest.fixture
def room() -> Iterator[Room]:
    loop = asyncio.new_event_loop()
    config = room_config(CreateRoom(name="Ann", hands=1, turn_seconds=0.0))
    room = Room("ABC234", config, clock=time.monotonic, logger=logging.getLogger("h5"), loop=loop)
    try:
        yield room
    finally:
        room.close("shutdown")
        loop.close()


def test_a_prompt_never_asked_is_not_called_stale(room: Room) -> None:
    """An ``act`` whose prompt number is ahead of any question the seat was given was
    refused as ``stale_prompt`` — "prompt 999999 is over" — the code a client is told to
    ignore as harmless (its answer came too late). It is a client's mistake: illegal_action."""
    room.join("Ann", None, _Link(), None)
    room.start(0)
    hand = room.hand
    assert hand is not None
    prompt = hand.prompts[0]
    assert prompt is not None
    action = codec.action_data(hand.legal[0][0])
    with pytest.raises(ProtocolError) as refused:
        room.act(0, Act(action=action, prompt=prompt + 1000))
    assert refused.value.code is ErrorCode.ILLEGAL_ACTION
    assert "never" in str(refused.value)
    assert hand.prompts[0] == prompt  # nothing changed: the question stands
    room.act(0, Act(action=action, prompt=prompt))  # the right one is taken
    assert hand.prompts[0] != prompt
    with pytest.raises(ProtocolError) as late:  # and sent again, it came too late: harmless
        room.act(0, Act(action=action, prompt=prompt))
    assert late.value.code is ErrorCode.STALE_PROMPT
