"""Three- and two-seat rooms on the server (issue 15): the seat count comes from the rules;
whole matches over real connections, and the requests a smaller room must refuse."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest

from engine.round import Round
from server import codec
from server.app import Server
from server.protocol import ErrorCode, MatchEnd
from server.room import Room
from server.scripted import ScriptedPlayer, quick_config, seat_players

LIMIT_S = 120  # a hang guard, not a measurement


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, LIMIT_S))


class Hands:
    def __init__(self) -> None:
        self.rounds: dict[str, list[Round]] = {}

    def __call__(self, room: Room, rnd: Round) -> None:
        self.rounds.setdefault(room.code, []).append(rnd)


@pytest.mark.parametrize(("preset", "seats"), [("sanren_liangfang", 3), ("liangren", 2)])
def test_a_whole_match_at_a_short_handed_table(preset: str, seats: int) -> None:
    hands = Hands()

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = await seat_players(url, seats, hands=3, bot="normal", room={"preset": preset})
            room = players[0].joined.room if players[0].joined else None
            assert room is not None and len(room.seats) == seats == len(room.points)
            assert room.rules["players"] == seats and room.rules["suits"] == "ps"
            await players[0].start()
            await asyncio.gather(*(p.play() for p in players))
            code = players[0].joined.code if players[0].joined else ""
            rounds = hands.rounds[code]
            assert len(rounds) == 3
            assert all(r.players == seats and r.num_tiles == 72 for r in rounds)
            ends = [p.match_end for p in players]
            assert all(isinstance(e, MatchEnd) for e in ends)
            points = ends[0].points if ends[0] else []
            assert len(points) == seats and sum(points) == 0
            totals = [sum(r.result.totals[s] for r in rounds if r.result) for s in range(seats)]
            assert points == totals
            for p in players:
                seat = p.joined.seat if p.joined else -1
                last = p.updates[-1]
                assert len(last.view.seats) == seats
                assert codec.view_from_data(last.view, p.rules) == rounds[-1].view(seat)
                assert p.errors == []

    run(main())


def test_one_player_and_a_bot_at_a_two_seat_table() -> None:
    hands = Hands()

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (host,) = await seat_players(
                url, 1, hands=2, bot="greedy", room={"preset": "liangren", "bots": ["easy"] * 4}
            )
            room = host.joined.room if host.joined else None
            assert room is not None
            assert [(s.human, s.bot) for s in room.seats] == [(True, "easy"), (False, "easy")]
            await host.start()
            await host.play()
            assert len(hands.rounds[host.joined.code if host.joined else ""]) == 2
            assert host.errors == []

    run(main())


def test_a_smaller_room_refuses_seats_it_does_not_have() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (host,) = await seat_players(url, 1, room={"preset": "standard"})
            # --set players=3 on any preset: a room of three seats, 0-2
            guest = await ScriptedPlayer.connect(url, seed=5)
            three = await guest.create(
                name="g", preset="modern", overrides=["players=3"], bots=["easy"] * 3
            )
            assert len(three.room.seats) == 3 and three.room.rules["suits"] == "mps"
            other = await ScriptedPlayer.connect(url, seed=6)
            with pytest.raises(RuntimeError, match=f"{ErrorCode.BAD_MESSAGE}.*seats 0-2"):
                await other.join(three.code, name="x", seat=3)
            assert (await other.join(three.code, name="x")).seat == 1
            late = await ScriptedPlayer.connect(url, seed=7)
            with pytest.raises(RuntimeError, match=f"{ErrorCode.BAD_BOT}.*2 bots for 3 seats"):
                await late.create(name="y", preset="sanren_liangfang", bots=["easy"] * 2)
            with pytest.raises(RuntimeError, match=f"{ErrorCode.BAD_MESSAGE}.*seats 0-1"):
                await late.create(name="y", preset="liangren", seat=2)
            assert host.errors == []

    run(main())
