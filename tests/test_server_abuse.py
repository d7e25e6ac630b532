"""The server's defences, over real connections: another seat's action, an illegal or stale
action, malformed JSON, wrong versions, oversized messages, a flood, bad room requests, idle
rooms — each refused, the table unharmed, the other clients unaffected."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import urllib.request
from collections.abc import Callable, Coroutine
from typing import Any

from engine.actions import ActionKind
from engine.tiles import format_tile
from server.app import Server
from server.logs import setup_logging
from server.protocol import (
    VERSION,
    Act,
    ActionData,
    CreateRoom,
    Error,
    ErrorCode,
    JoinRoom,
    Ping,
    Pong,
    Start,
    Update,
    encode,
)
from server.scripted import QUICK_ROOM, ScriptedPlayer, quick_config, seat_players

LIMIT_S = 120


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, LIMIT_S))


async def until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.005)


async def answer(player: ScriptedPlayer) -> Error:
    """The next error the player receives (other messages are noted on the way)."""
    while True:
        msg = await player.next()
        if isinstance(msg, Error):
            return msg


def _own_turn(msg: Any) -> bool:
    return (
        isinstance(msg, Update)
        and msg.prompt is not None
        and msg.view.current == msg.view.seat
        and msg.view.claim_tile is None
        and msg.view.phase.value == "play"
    )


def test_bad_actions_and_bad_messages_are_refused_and_change_nothing() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            a, b = await seat_players(url, 2, hands=1, bot="normal")
            assert a.joined is not None
            room = server.rooms[a.joined.code]
            await a.start()
            other = asyncio.create_task(b.play())
            await a.play(until=_own_turn)  # the table waits for seat 0 to discard
            update = a.last_update
            assert update is not None and update.prompt is not None and room.hand is not None
            rnd = room.hand.round
            before = (len(rnd.events), list(rnd.decisions), rnd.view(0), rnd.pending_seats())
            legal = update.legal[0]
            held = {format_tile(k) for k, n in enumerate(rnd.view(0).concealed) if n}
            missing = next(format_tile(k) for k in range(27) if format_tile(k) not in held)
            big = (b'{"type":"ping","version":%d,"id":1,"pad":"' % VERSION) + b"x" * 5000 + b'"}'
            cases: list[tuple[bytes, ErrorCode]] = [
                (
                    encode(
                        Act(
                            action=ActionData(kind=legal.kind, seat=1, tile=legal.tile),
                            prompt=update.prompt,
                        )
                    ),
                    ErrorCode.NOT_YOUR_SEAT,
                ),
                (
                    encode(
                        Act(
                            action=ActionData(kind=ActionKind.DISCARD, seat=0, tile=missing),
                            prompt=update.prompt,
                        )
                    ),
                    ErrorCode.ILLEGAL_ACTION,
                ),
                (
                    encode(
                        Act(action=ActionData(kind=ActionKind.LEAVE, seat=0), prompt=update.prompt)
                    ),
                    ErrorCode.ILLEGAL_ACTION,
                ),
                (encode(Act(action=legal, prompt=update.prompt - 1)), ErrorCode.STALE_PROMPT),
                (b"{not json", ErrorCode.BAD_MESSAGE),
                (b'{"type":"teleport","version":%d}' % VERSION, ErrorCode.BAD_MESSAGE),
                (b'{"type":"ping","version":99}', ErrorCode.UNSUPPORTED_VERSION),
                (
                    b'{"type":"act","version":%d,"prompt":"1","action":{}}' % VERSION,
                    ErrorCode.BAD_MESSAGE,
                ),
                (
                    b'{"type":"act","version":%d,"prompt":1,'
                    b'"action":{"kind":"discard","seat":0,"tile":"0z"}}' % VERSION,
                    ErrorCode.BAD_MESSAGE,
                ),
                (big, ErrorCode.TOO_LARGE),
                (encode(Start()), ErrorCode.WRONG_PHASE),
                (encode(CreateRoom(name="again")), ErrorCode.ALREADY_IN_ROOM),
            ]
            for data, code in cases:
                await a.client.send_raw(data.decode())
                error = await answer(a)
                assert error.code is code, (data[:80], error)
                # nothing changed
                assert (len(rnd.events), rnd.decisions, rnd.view(0), rnd.pending_seats()) == (
                    before[0],
                    before[1],
                    before[2],
                    before[3],
                )
            await a.act_now()  # now the real move: the table goes on
            await a.play()
            await other
            assert a.match_end is not None and b.match_end == a.match_end
            assert b.errors == []

    run(main())


def test_an_oversized_frame_closes_that_connection_only() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            a, b = await seat_players(url, 2, hands=1, bot="normal")
            assert a.joined is not None
            await a.start()
            other = asyncio.create_task(b.play())
            await a.client.send_raw("x" * (server.config.max_frame_bytes + 1))
            await a.client.ws.wait_closed()
            assert a.client.ws.close_code == 1009  # too big: the transport refused to read it
            await other  # seat 0's stand-in plays; the other player finishes the match
            assert b.match_end is not None and b.errors == []
            assert a.joined.code not in server.rooms or server.rooms[a.joined.code].phase == "over"

    run(main())


def test_a_flood_is_cut_off_and_the_other_clients_play_on() -> None:
    config = quick_config(rate_per_second=20.0, rate_burst=200, flood_close=50)

    async def main() -> None:
        async with Server(config) as server:
            url = f"ws://127.0.0.1:{server.port}"
            flooder, player = await seat_players(url, 2, hands=1, bot="normal")
            (elsewhere,) = await seat_players(url, 1, hands=1, bot="normal")
            flooder.paused = True  # it only floods: its seat's moves are left to its stand-in
            await flooder.start()
            await elsewhere.start()
            others = [asyncio.create_task(p.play()) for p in (player, elsewhere)]
            for n in range(1000):
                try:
                    await flooder.client.send(Ping(id=n))
                except Exception:
                    break  # closed under us
            await flooder.play()  # read what came back until the server closes
            await flooder.client.ws.wait_closed()
            assert flooder.client.ws.close_code == 1008, flooder.client.ws.close_reason
            codes = {e.code for e in flooder.errors}
            assert codes == {ErrorCode.RATE_LIMITED}, flooder.errors[:3]
            pongs = sum(isinstance(m, Pong) for m in flooder.messages)
            assert 0 < pongs < 1000
            await asyncio.gather(*others)
            for p in (player, elsewhere):
                assert p.match_end is not None and p.errors == [], p.errors[:3]

    run(main())


def test_bad_room_requests_are_refused() -> None:
    async def main() -> None:
        async with Server(quick_config(max_rooms=2)) as server:
            url = f"ws://127.0.0.1:{server.port}"
            a = await ScriptedPlayer.connect(url)
            requests: list[tuple[Any, ErrorCode]] = [
                (Start(), ErrorCode.NOT_IN_ROOM),
                (CreateRoom(name="a", preset="mahjong-soul"), ErrorCode.BAD_RULES),
                (CreateRoom(name="a", overrides=["cap_fan=banana"]), ErrorCode.BAD_RULES),
                (CreateRoom(name="a", overrides=["no_such_rule=1"]), ErrorCode.BAD_RULES),
                # bots by registered name only: never an import path from the network
                (
                    CreateRoom(name="a", bots=["normal", "os:system", "easy", "easy"]),
                    ErrorCode.BAD_BOT,
                ),
                (JoinRoom(name="a"), ErrorCode.BAD_MESSAGE),
                (JoinRoom(name="a", code="ABCDEF"), ErrorCode.UNKNOWN_ROOM),
                (JoinRoom(name="a", ticket="t" * 24), ErrorCode.UNKNOWN_ROOM),
            ]
            for message, code in requests:
                await a.client.send(message)
                assert (await answer(a)).code is code, message
            bad_names = [
                b'{"type":"create_room","version":%d,"name":""}' % VERSION,
                b'{"type":"create_room","version":%d,"name":"a\\u0007b"}' % VERSION,
                (b'{"type":"create_room","version":%d,"name":"' % VERSION) + b"n" * 25 + b'"}',
                b'{"type":"create_room","version":%d,"name":"a","hands":0}' % VERSION,
                b'{"type":"create_room","version":%d,"name":"a","seat":4}' % VERSION,
                b'{"type":"create_room","version":%d,"name":"a","bots":["easy"]}' % VERSION,
            ]
            for data in bad_names:
                await a.client.send_raw(data.decode())
                assert (await answer(a)).code is ErrorCode.BAD_MESSAGE, data
            host = await a.create(name="host", **QUICK_ROOM)
            guest = await ScriptedPlayer.connect(url)
            await guest.client.send(JoinRoom(name="g", code=host.code.lower(), seat=0))
            assert (await answer(guest)).code is ErrorCode.SEAT_TAKEN
            await guest.join(host.code.lower(), name="g", seat=3)  # codes ignore case
            await guest.client.send(Start())
            assert (await answer(guest)).code is ErrorCode.NOT_HOST
            for i in range(2):
                extra = await ScriptedPlayer.connect(url)
                await extra.join(host.code, name=f"x{i}")
            late = await ScriptedPlayer.connect(url)
            await late.client.send(JoinRoom(name="late", code=host.code))
            assert (await answer(late)).code is ErrorCode.ROOM_FULL
            await late.create(name="second")
            third = await ScriptedPlayer.connect(url)
            await third.client.send(CreateRoom(name="third"))
            assert (await answer(third)).code is ErrorCode.SERVER_FULL

    run(main())


def test_idle_rooms_expire() -> None:
    async def main() -> None:
        async with Server(quick_config(idle_seconds=0.05, sweep_seconds=0.01)) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1)
            assert a.joined is not None
            code, token = a.joined.code, a.joined.token
            await a.client.close()
            await until(lambda: code not in server.rooms)
            b = await ScriptedPlayer.connect(url)
            await b.client.send_raw(
                json.dumps({"type": "resume", "version": VERSION, "code": code, "token": token})
            )
            assert (await answer(b)).code is ErrorCode.UNKNOWN_ROOM

    run(main())


def test_logs_are_json_lines_without_secrets_and_health_is_served() -> None:
    stream = io.StringIO()
    logger = setup_logging(stream, logging.INFO)

    async def main() -> str:
        async with Server(quick_config(), logger=logger) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1, hands=1)
            await a.client.send_raw("{nope")
            await answer(a)
            await a.start()
            await a.play()
            health = await asyncio.to_thread(
                lambda: urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz").read()
            )
            assert health == b"ok\n"
            assert a.joined is not None
            return a.joined.token

    token = run(main())
    lines = stream.getvalue().splitlines()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    events = [r["event"] for r in records]
    for name in (
        "server_started",
        "connected",
        "room_created",
        "match_started",
        "refused",
        "hand_ended",
        "match_ended",
        "server_stopped",
    ):
        assert name in events
    assert all({"ts", "level", "event"} <= set(r) for r in records)
    assert token not in stream.getvalue()


def test_names_with_nothing_to_show_or_invisible_characters_are_refused() -> None:
    """A name of spaces was stored as "" (the others showed that player as a bot), and the
    C1 controls U+0085 / U+009B got through the doc's "no control characters": each is
    refused with bad_message and seats nobody; a name with spaces round it is trimmed."""

    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            host = await ScriptedPlayer.connect(url)
            joined = await host.create(name="host", **QUICK_ROOM)
            room = server.rooms[joined.code]
            guest = await ScriptedPlayer.connect(url)
            for name in ("   ", "\u3000", "a\x85b", "a\x9b31m", "\u202eAnn", "\u200b", "\ufeff"):
                await guest.client.send(JoinRoom(name=name, code=joined.code))
                error = await answer(guest)
                assert error.code is ErrorCode.BAD_MESSAGE, name
                assert [m is not None for m in room.members] == [True, False, False, False]
                await guest.client.send(CreateRoom(name=name))
                assert (await answer(guest)).code is ErrorCode.BAD_MESSAGE, name
                if name.strip():  # a room name of spaces is none (the host's is used)
                    await guest.client.send(CreateRoom(name="g", room_name=f"x{name}x"))
                    assert (await answer(guest)).code is ErrorCode.BAD_MESSAGE, name
            assert list(server.rooms) == [joined.code]  # nothing half-made
            seated = await guest.join(joined.code, name="  Bob  ")
            assert seated.room.seats[seated.seat].name == "Bob"

    run(main())
