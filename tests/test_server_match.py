"""Whole matches over real connections: a server on 127.0.0.1 (an ephemeral port) and
scripted clients, each choosing with an engine bot on the PlayerView it decoded."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from engine.round import Round
from server import codec
from server.app import Server
from server.protocol import Joined, MatchEnd, RoomChanged
from server.room import Room
from server.scripted import ScriptedPlayer, quick_config, seat_players

LIMIT_S = 120  # a hang guard, not a measurement


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, LIMIT_S))


class Hands:
    """The rounds the server finished, per room (the server's on_hand_end hook)."""

    def __init__(self) -> None:
        self.rounds: dict[str, list[Round]] = {}

    def __call__(self, room: Room, rnd: Round) -> None:
        self.rounds.setdefault(room.code, []).append(rnd)


def _check_match(players: list[ScriptedPlayer], rounds: list[Round], hands: int) -> None:
    assert len(rounds) == hands
    ends = [p.match_end for p in players]
    assert all(isinstance(e, MatchEnd) for e in ends)
    points = ends[0].points if ends[0] else []
    assert all(e is not None and e.points == points for e in ends)
    assert sum(points) == 0
    assert points == [sum(r.result.totals[s] for r in rounds if r.result) for s in range(4)]
    # every seat was shown the same settlements, and they are the server's ledgers
    first = [h.settlement for h in players[0].settlements]
    for p in players[1:]:
        assert [h.settlement for h in p.settlements] == first
    for data, rnd in zip(first, rounds, strict=True):
        assert [codec.entry_from_data(e) for e in data.ledger] == list(rnd.ledger.entries)
        assert data.totals == list(rnd.result.totals) if rnd.result else False


def test_a_whole_match_of_four_networked_bot_clients() -> None:
    hands = Hands()

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = await seat_players(url, 4, hands=3, bot="normal")
            assert [p.joined.seat for p in players if p.joined] == [0, 1, 2, 3]
            await players[0].start()
            await asyncio.gather(*(p.play() for p in players))
            code = players[0].joined.code if players[0].joined else ""
            rounds = hands.rounds[code]
            _check_match(players, rounds, 3)
            for p in players:
                # each client's last table of the last hand is the server's view of its seat
                seat = p.joined.seat if p.joined else -1
                last = p.updates[-1]
                assert codec.view_from_data(last.view, p.rules) == rounds[-1].view(seat)
                assert p.errors == []

    run(main())


def test_two_humans_and_two_bots() -> None:
    hands = Hands()

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            host = await ScriptedPlayer.connect(url, bot="greedy", seed=1)
            guest = await ScriptedPlayer.connect(url, bot="random", seed=2)
            joined = await host.create(
                name="小明",
                preset="modern",
                hands=2,
                bots=["normal", "easy", "normal", "hard"],
                bot_delay=0.0,
                settle_seconds=0.0,
                turn_seconds=0.0,
            )
            assert isinstance(joined, Joined) and joined.seat == 0
            await guest.join(joined.code, name="Ann", seat=2)
            room = guest.joined.room if guest.joined else None
            assert room is not None and [s.human for s in room.seats] == [True, False, True, False]
            assert [s.bot for s in room.seats] == ["normal", "easy", "normal", "hard"]
            assert room.rules["items"] is False  # items are off at network tables
            await host.start()
            await asyncio.gather(host.play(), guest.play())
            _check_match([host, guest], hands.rounds[joined.code], 2)
            # the room tells everyone who sits where, by name
            names = [
                [s.name for s in m.room.seats] for m in guest.messages if isinstance(m, RoomChanged)
            ]
            assert names[-1] == ["小明", None, "Ann", None]

    run(main())


def test_the_host_starts_another_match_at_the_same_table() -> None:
    hands = Hands()

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (host,) = await seat_players(url, 1, hands=1, bot="random")
            for _ in range(2):
                await host.start()
                await host.play()
            assert len(hands.rounds[host.joined.code if host.joined else ""]) == 2
            assert len(host.settlements) == 2 and host.errors == []

    run(main())


def test_a_player_who_sits_down_after_the_match_has_none_of_its_points() -> None:
    async def main() -> None:
        async with Server(quick_config()) as server:
            url = f"ws://127.0.0.1:{server.port}"
            (host,) = await seat_players(url, 1, hands=1, bot="random")
            await host.start()
            await host.play()
            assert host.joined is not None and host.match_end is not None
            late = await ScriptedPlayer.connect(url, seed=9)
            joined = await late.join(host.joined.code, name="late", seat=2)
            room = joined.room
            assert room.phase == "over"
            # the host played the match (and so did the bot seats), the newcomer did not
            assert [s.played for s in room.seats] == [True, True, False, True]
            await host.start()  # a new match: everyone seated plays it
            await asyncio.gather(host.play(), late.play())
            room = server.rooms[host.joined.code].room_data()
            assert room.phase == "over" and all(s.played for s in room.seats)

    run(main())


def test_a_seeded_server_deals_the_same_walls_every_run() -> None:
    """ServerConfig.match_seeds (``--seed``) makes a bug report replayable: two servers on the
    same number deal the same first wall; by default the walls are secret and random."""

    async def first_wall(config_seed: int | None) -> tuple[int, ...]:
        hands = Hands()
        async with Server(quick_config(match_seeds=config_seed), on_hand_end=hands) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = await seat_players(url, 4, hands=1, bot="greedy")
            await players[0].start()
            await asyncio.gather(*(p.play() for p in players))
            (rnd,) = next(iter(hands.rounds.values()))
            return (rnd.seed, *rnd.wall_ids)

    async def main() -> None:
        assert await first_wall(11) == await first_wall(11)
        assert await first_wall(11) != await first_wall(12)
        assert await first_wall(None) != await first_wall(None)  # 2^-62 to fail by chance

    run(main())
