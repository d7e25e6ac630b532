"""Dropped connections, 托管 stand-ins, resuming a seat mid-hand, and the turn timer — over
real connections to a server on 127.0.0.1. Durations are room options (small here); no test
measures time: each waits for a state, with a hang guard."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from engine.actions import Phase
from server import codec
from server.app import Server
from server.protocol import Act, Auto, Error, ErrorCode, Joined, MatchEnd, Update
from server.room import Room
from server.scripted import ScriptedPlayer, quick_config, seat_players

LIMIT_S = 120


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, LIMIT_S))


async def until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (the test's hang guard bounds it)."""
    while not condition():
        await asyncio.sleep(0.005)


def _own_turn(seat: int) -> Callable[[Any], bool]:
    """A message that asks ``seat`` to discard on its own turn, past its first few moves."""
    seen = {"n": 0}

    def check(msg: Any) -> bool:
        if not isinstance(msg, Update) or msg.prompt is None:
            return False
        seen["n"] += 1
        view = msg.view
        return seen["n"] > 4 and view.current == seat and view.claim_tile is None

    return check


def test_a_dropped_player_is_stood_in_for_and_resumes_the_same_table() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = await seat_players(
                url, 4, hands=2, room={"grace_seconds": 0.05}, bot="normal"
            )
            a, others = players[0], players[1:]
            assert a.joined is not None
            code, token = a.joined.code, a.joined.token
            room: Room = server.rooms[code]
            await a.start()
            tasks = [asyncio.create_task(p.play()) for p in others]
            await a.play(until=_own_turn(0))  # seat 0 must discard: the table waits for it
            for p in others:
                p.paused = True
            assert room.hand is not None
            rnd = room.hand.round
            before = len(rnd.decisions)
            assert rnd.phase is Phase.PLAY and 0 in rnd.pending_seats()
            a.client.ws.transport.abort()  # the player's network is gone, no goodbye
            # the stand-in plays seat 0 until the others must act; the table then waits
            await until(lambda: room.members[0].link is None and room._next_move() is None)
            assert [d for d in rnd.decisions[before:] if d.seat == 0], "nobody played seat 0"
            state = room.room_data().seats[0]
            assert state.human and not state.connected

            back = await ScriptedPlayer.connect(url, bot="normal", seed=9)
            joined = await back.resume(code, token)
            assert isinstance(joined, Joined) and joined.seat == 0 and joined.token == token
            update = await back.next()
            assert isinstance(update, Update) and update.full
            assert back.rules is not None
            # the table exactly as the server has it
            assert codec.view_from_data(update.view, back.rules) == rnd.view(0)
            assert [codec.event_from_data(e) for e in update.events] == rnd.events_for(0)
            assert [codec.action_from_data(x) for x in update.legal] == (
                rnd.legal_actions(0) if update.prompt is not None else []
            )
            for p in others:
                p.paused = False
                await p.act_now()
            await asyncio.gather(back.play(), *tasks)
            assert isinstance(back.match_end, MatchEnd)
            assert all(p.match_end == back.match_end for p in others)

    run(main())


def test_resuming_on_a_new_connection_closes_the_old_one() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1, hands=1)
            assert a.joined is not None
            b = await ScriptedPlayer.connect(url)
            await b.resume(a.joined.code, a.joined.token)
            await a.client.ws.wait_closed()
            assert a.client.ws.close_code == 4000
            await b.start()
            await b.play()
            assert b.match_end is not None

    run(main())


def test_a_wrong_token_or_room_is_refused() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1)
            assert a.joined is not None
            c = await ScriptedPlayer.connect(url)
            for code, token in ((a.joined.code, "x" * 24), ("ZZZZZZ", a.joined.token)):
                try:
                    await c.resume(code, token)
                except RuntimeError:
                    pass
                else:
                    raise AssertionError("resumed with a wrong token or room")
            assert [e.code for e in c.errors] == [ErrorCode.BAD_TOKEN, ErrorCode.UNKNOWN_ROOM]

    run(main())


def test_the_turn_timer_plays_for_a_player_who_does_not_act() -> None:
    decisions: list[Any] = []

    async def main() -> None:
        async with Server(
            quick_config(), on_hand_end=lambda room, rnd: decisions.extend(rnd.decisions)
        ) as server:
            url = f"ws://127.0.0.1:{server.port}"
            a, b = await seat_players(
                url, 2, hands=1, room={"turn_seconds": 0.05, "bots": ["hard"] * 4}, bot="normal"
            )
            a.paused = True  # never answers
            await a.start()
            await asyncio.gather(a.play(), b.play())
            assert a.actions_sent == 0 and a.match_end is not None and b.match_end is not None
            assert [d for d in decisions if d.seat == 0], "the timer never played seat 0"
            asked = [u for u in a.updates if u.prompt is not None]
            assert asked and all(u.deadline is not None and u.deadline >= 0 for u in asked)
            assert all(u.deadline is None for u in a.updates if u.prompt is None)

    run(main())


def test_auto_play_on_request_and_a_table_that_waits_when_nobody_is_there() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1, hands=1)
            assert a.joined is not None
            room = server.rooms[a.joined.code]
            a.paused = True
            await a.client.send(Auto(on=True))  # 托管: the server plays this seat
            await a.start()
            await a.play()
            assert a.actions_sent == 0 and a.match_end is not None
            assert any(u.auto for u in a.updates)
            # nobody connected: nothing is scheduled, whatever the seats hold
            await a.start()
            await a.play(until=lambda m: isinstance(m, Update))
            await a.client.close()
            await until(lambda: room.members[0].link is None)
            assert room._next_move() is None and room.empty_since is not None
            assert not any(isinstance(m, Error) for m in a.messages)

    run(main())


def test_an_answer_crossing_the_servers_own_is_stale_not_illegal() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (a,) = await seat_players(url, 1, hands=1)
            a.paused = True
            await a.start()
            await a.play(until=lambda m: isinstance(m, Update) and m.prompt is not None)
            asked = a.last_update
            assert asked is not None and asked.prompt is not None
            await a.client.send(Auto(on=True))  # the server answers for this seat now
            await a.play(until=lambda m: isinstance(m, Update) and m.prompt != asked.prompt)
            await a.client.send(Act(action=asked.legal[0], prompt=asked.prompt))
            await a.play(until=lambda m: isinstance(m, Error))
            assert [e.code for e in a.errors] == [ErrorCode.STALE_PROMPT]

    run(main())
