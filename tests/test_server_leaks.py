"""No hidden tile ever reaches a client: every message each seat receives over whole matches
is recorded and checked against the engine's own definition of what that seat may know.

The argument: a seat's messages are its Updates (a view, its legal actions, events), the
settlements and the room. (1) Every message decodes strictly (no field beyond the schema can
carry anything). (2) Every view in an Update is exactly ``Round.view(seat)`` at some moment
of the hand, and the legal actions exactly ``legal_actions(seat)`` then — the server's hand
is replayed decision by decision to find it. (3) The events, joined up, are exactly
``Round.events_for(seat)``: other seats' draws, deals and exchanges blanked. (4) The
settlement is the ledger, which the PAYMENT events show everybody anyway. (5) Neither the
match seed nor any hand's seed (they fix every wall) appears in any message. And directly:
no other seat's draw, deal or 血流 hand shows a tile, and no message carries a key outside the
protocol's.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from typing import Any

import msgspec
import pytest

from engine.round import Event, EventFlag, EventKind, Round
from engine.rules import RuleSet
from engine.views import PlayerView
from server import codec
from server.app import Server
from server.protocol import HandEnd, ServerMessageT, Update, decode_server
from server.room import Room
from server.scripted import ScriptedPlayer, quick_config, seat_players

LIMIT_S = 180


def run(coro: Coroutine[Any, Any, Any]) -> Any:
    return asyncio.run(asyncio.wait_for(coro, LIMIT_S))


def _moments(rnd: Round, seat: int) -> list[tuple[int, PlayerView, list[Any]]]:
    """(events so far, view, legal) of ``seat`` at every moment of the hand, replayed."""
    again = Round.new(rnd.rules, rnd.seed, rnd.dealer)
    out = [(len(again.events), again.view(seat), again.legal_actions(seat))]
    for action in rnd.decisions:
        again.apply(action)
        out.append((len(again.events), again.view(seat), again.legal_actions(seat)))
    assert again.events == rnd.events
    return out


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _schema_keys() -> set[str]:
    """Every field name the server may send (from the protocol's own schema)."""
    info = msgspec.inspect.type_info(ServerMessageT)
    names: set[str] = {"type"}
    seen: set[type] = set()

    def walk(t: msgspec.inspect.Type) -> None:
        if isinstance(t, msgspec.inspect.StructType):
            if t.cls in seen:
                return
            seen.add(t.cls)
            if t.tag_field:
                names.add(t.tag_field)
            for f in t.fields:
                names.add(f.encode_name)
                walk(f.type)
        for attr in ("types", "item_type", "key_type", "value_type", "item_types"):
            sub = getattr(t, attr, None)
            if isinstance(sub, tuple):
                for s in sub:
                    walk(s)
            elif sub is not None and isinstance(sub, msgspec.inspect.Type):
                walk(sub)

    walk(info)
    return names | set(RuleSet().to_dict())  # the room's rules: one key per option


def _check_seat(player: ScriptedPlayer, rounds: list[Round], match_seed: int) -> None:
    seat = player.joined.seat if player.joined else -1
    allowed = _schema_keys()
    assert "wall" not in allowed and "seed" not in allowed and "decisions" not in allowed
    for raw in player.raw:
        text = raw if isinstance(raw, str) else raw.decode()
        decode_server(text)  # (1) strictly
        assert _keys(json.loads(text)) <= allowed
        assert str(match_seed) not in text  # (5)
        for rnd in rounds:
            assert str(rnd.seed) not in text
    by_hand: dict[int, list[Update]] = {}
    for msg in player.messages:
        if isinstance(msg, Update):
            by_hand.setdefault(msg.hand, []).append(msg)
    assert sorted(by_hand) == list(range(1, len(rounds) + 1))
    rules = player.rules
    assert rules is not None
    for hand, rnd in enumerate(rounds, start=1):
        moments = _moments(rnd, seat)
        events: list[Event] = []
        for update in by_hand[hand]:
            got = [codec.event_from_data(e) for e in update.events]
            events = got if update.full else events + got
            view = codec.view_from_data(update.view, rules)
            legal = [codec.action_from_data(a) for a in update.legal]
            # (2) this exact view (and these legal actions) existed at some moment
            assert any(
                n == len(events) and v == view and (update.prompt is None or la == legal)
                for n, v, la in moments
            ), f"hand {hand}: a view seat {seat} was sent never existed"
        assert events == rnd.events_for(seat)  # (3) all of them, blanked for this seat
        for e in events:
            if e.seat != seat and e.kind in (EventKind.DRAW, EventKind.DEAL):
                assert e.tile is None and e.tiles == ()
            if e.kind is EventKind.EXCHANGE and seat not in (e.seat, e.from_seat):
                assert e.tiles == ()
            if e.kind is EventKind.WIN and EventFlag.HAND_CONCEALED in e.flags and e.seat != seat:
                assert e.tiles == ()
    # (4) the settlements are the ledgers
    ends = [m.settlement for m in player.messages if isinstance(m, HandEnd)]
    assert [[codec.entry_from_data(x) for x in s.ledger] for s in ends] == [
        list(r.ledger.entries) for r in rounds
    ]


@pytest.mark.parametrize("preset", ["standard", "modern", "modern_xueliu", "chengdu"])
def test_no_hidden_tile_reaches_any_client(preset: str) -> None:
    rounds: dict[str, list[Round]] = {}
    seeds: dict[str, int] = {}

    def hand_ended(room: Room, rnd: Round) -> None:
        rounds.setdefault(room.code, []).append(rnd)
        assert room.match is not None
        seeds[room.code] = room.match.seed

    async def main() -> None:
        async with Server(quick_config(), on_hand_end=hand_ended) as server:
            url = f"ws://127.0.0.1:{server.port}"
            players = await seat_players(
                url, 4, hands=2, room={"preset": preset}, bot="normal", record=True
            )
            await players[0].start()
            await asyncio.gather(*(p.play() for p in players))
            code = players[0].joined.code if players[0].joined else ""
            assert len(rounds[code]) == 2
            for p in players:
                _check_seat(p, rounds[code], seeds[code])

    run(main())
