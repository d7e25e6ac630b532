"""The wire protocol without a network: strict decoding, exact round trips of the engine's
values through JSON, room settings checked through RuleSet, the words for every error code,
and docs/net-protocol.md naming every message and field."""

from __future__ import annotations

import pathlib
import random
import re

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, ActionKind
from engine.round import Round
from engine.rules import PRESETS
from engine.tiles import parse_tiles
from server import codec, protocol
from server.protocol import (
    VERSION,
    ClientMessageT,
    CreateRoom,
    ErrorCode,
    EventData,
    ProtocolError,
    ServerMessageT,
    ViewData,
    decode_client,
    decode_server,
    encode,
)
from server.room import room_config
from server.words import CLOSE_TEXT, ERROR_TEXT, close_text, error_text

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "net-protocol.md"


def _wire(value: msgspec.Struct, kind: type) -> object:
    return msgspec.json.decode(encode(value), type=kind)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_views_events_actions_and_ledgers_round_trip_exactly(preset: str) -> None:
    rules = PRESETS[preset].with_overrides({"items": False})
    n = rules.players  # four seats, or three or two (issue 15)
    for seed in range(3):
        rnd = Round.new(rules, seed, seed % n)
        rng = random.Random(seed)
        while not rnd.is_over:
            for seat in range(n):
                view = rnd.view(seat)
                back = codec.view_from_data(_wire(codec.view_data(view), ViewData), rules)
                assert back == view
                for action in rnd.legal_actions(seat):
                    wire = _wire(codec.action_data(action), protocol.ActionData)
                    assert codec.action_from_data(wire) == action
            seat = rnd.pending_seats()[0]
            for event in rnd.apply(rng.choice(rnd.legal_actions(seat))):
                for s in range(n):
                    mine = event.for_seat(s)
                    assert codec.event_from_data(_wire(codec.event_data(mine), EventData)) == mine
        result = rnd.result
        assert result is not None
        data = codec.settlement_data(1, result, rnd.ledger.entries, [0] * n, 0, True)
        data = _wire(data, protocol.SettlementData)
        assert [codec.entry_from_data(e) for e in data.ledger] == list(rnd.ledger.entries)
        assert [codec.win_from_data(w) for w in data.wins] == list(result.wins)


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(list(ActionKind)),
    seat=st.integers(0, 3),
    tile=st.none() | st.integers(0, 26),
    tiles=st.lists(st.integers(0, 26), max_size=4),
    suit=st.none() | st.integers(0, 2),
)
def test_any_action_round_trips(
    kind: ActionKind, seat: int, tile: int | None, tiles: list[int], suit: int | None
) -> None:
    action = Action(kind, seat, tile, tuple(tiles), suit)
    wire = decode_client(encode(protocol.Act(action=codec.action_data(action), prompt=1)))
    assert isinstance(wire, protocol.Act)
    assert codec.action_from_data(wire.action) == action


@pytest.mark.parametrize(
    ("data", "code", "says"),
    [
        (b"", ErrorCode.BAD_MESSAGE, "not a message"),
        (b"[1,2]", ErrorCode.BAD_MESSAGE, "array"),
        (b'{"type":"ping"}', ErrorCode.BAD_MESSAGE, "version"),
        (b'{"version":%d}' % VERSION, ErrorCode.BAD_MESSAGE, "type"),
        (b'{"type":"ping","version":"1"}', ErrorCode.BAD_MESSAGE, "int"),
        (b'{"type":"ping","version":true}', ErrorCode.BAD_MESSAGE, "bool"),
        (b'{"type":"ping","version":%d}' % (VERSION + 1), ErrorCode.UNSUPPORTED_VERSION, "version"),
        (
            b'{"type":"ping","version":%d,"extra":0}' % VERSION,
            ErrorCode.BAD_MESSAGE,
            "unknown field",
        ),
        (b'{"type":"welcome","version":%d}' % VERSION, ErrorCode.BAD_MESSAGE, "welcome"),
        (b'{"type":"sit","version":%d,"seat":4}' % VERSION, ErrorCode.BAD_MESSAGE, "<= 3"),
        (b'{"type":"sit","version":%d,"seat":1.0}' % VERSION, ErrorCode.BAD_MESSAGE, "int"),
        (
            b'{"type":"resume","version":%d,"code":"AB CD","token":"x"}' % VERSION,
            ErrorCode.BAD_MESSAGE,
            "",
        ),
        (
            b'{"type":"act","version":%d,"prompt":3,"action":{"kind":"discard","seat":0,"tile":"5x"}}'
            % VERSION,
            ErrorCode.BAD_MESSAGE,
            "regex",
        ),
        (
            b'{"type":"act","version":%d,"prompt":3,"action":{"kind":"fly","seat":0}}' % VERSION,
            ErrorCode.BAD_MESSAGE,
            "fly",
        ),
        (
            b'{"type":"act","version":%d,"prompt":-1,"action":{"kind":"pass","seat":0}}' % VERSION,
            ErrorCode.BAD_MESSAGE,
            ">= 0",
        ),
    ],
)
def test_client_messages_are_decoded_strictly(data: bytes, code: ErrorCode, says: str) -> None:
    with pytest.raises(ProtocolError) as info:
        decode_client(data)
    assert info.value.code is code
    assert says in str(info.value)


def test_every_message_type_decodes_back_to_itself() -> None:
    for message in (
        protocol.CreateRoom(name="小明", overrides=["cap_fan=4"], announce=True, id=7),
        protocol.JoinRoom(name="Ann", code="ABC234", seat=2),
        protocol.JoinRoom(name="Ann", ticket="t" * 24),
        protocol.Resume(code="ABC234", token="k" * 24),
        protocol.Sit(seat=3),
        protocol.Start(),
        protocol.Auto(on=True),
        protocol.Ready(),
        protocol.Leave(),
        protocol.Ping(id=1),
    ):
        assert decode_client(encode(message)) == message
    error = protocol.Error(id=None, code=ErrorCode.ROOM_FULL, message="full", request="join_room")
    assert decode_server(encode(error)) == error
    # a server message is not a client message, and the other way round
    with pytest.raises(ProtocolError):
        decode_client(encode(error))
    with pytest.raises(ProtocolError):
        decode_server(encode(protocol.Ping()))


def test_room_settings_go_through_the_ruleset_and_items_stay_off() -> None:
    config = room_config(
        CreateRoom(name="小明", preset="MODERN", overrides=["cap_fan=4", "fan.jiang_dui=off"])
    )
    assert config.preset == "modern" and config.rules.cap_fan == 4
    assert config.rules.fan_of("jiang_dui") is None
    assert config.rules.items is False and config.rules.bots_use_items is False
    # no room name: none is made up in any language; clients name it after its owner
    assert (config.name, config.owner) == ("", "小明")
    for bad, code in (
        (CreateRoom(name="a", preset="riichi"), ErrorCode.BAD_RULES),
        (CreateRoom(name="a", overrides=["cap_fan"]), ErrorCode.BAD_RULES),
        (CreateRoom(name="a", bots=["normal", "normal", "normal", "x:Y"]), ErrorCode.BAD_BOT),
    ):
        with pytest.raises(ProtocolError) as info:
            room_config(bad)
        assert info.value.code is code


def test_every_error_code_and_close_reason_has_words_in_both_languages() -> None:
    assert set(ERROR_TEXT) == set(ErrorCode)
    for code in ErrorCode:
        zh, en = error_text(code, "zh"), error_text(code, "en")
        assert zh and en and zh != en
        assert "_" not in en and code.value not in en  # no internal id on screen
        assert re.search(r"[\u4e00-\u9fff]", zh)
    reasons = msgspec.inspect.type_info(protocol.RoomClosed).fields[-1].type
    assert set(CLOSE_TEXT) == set(reasons.values)
    for reason in CLOSE_TEXT:
        assert "_" not in close_text(reason, "en")


def _message_tags(union: object) -> dict[str, type]:
    info = msgspec.inspect.type_info(union)
    return {t.tag: t.cls for t in info.types}


def test_the_protocol_document_names_every_message_and_field() -> None:
    text = DOC.read_text(encoding="utf-8")
    for union in (ClientMessageT, ServerMessageT):
        for tag, cls in _message_tags(union).items():
            assert f"`{tag}`" in text, f"docs/net-protocol.md does not describe {tag!r}"
            for name in cls.__struct_fields__:
                assert f"`{name}`" in text, f"{tag}.{name} is not in docs/net-protocol.md"
    for cls in (
        protocol.ActionData,
        protocol.ViewData,
        protocol.SeatData,
        protocol.EventData,
        protocol.ScoreData,
        protocol.EntryData,
        protocol.SettlementData,
        protocol.WinData,
        protocol.RoomData,
        protocol.SeatStateData,
        protocol.Limits,
    ):
        for name in cls.__struct_fields__:
            assert f"`{name}`" in text, f"{cls.__name__}.{name} is not in docs/net-protocol.md"
    for code in ErrorCode:
        assert f"`{code.value}`" in text


def test_notation_on_the_wire_parses_back() -> None:
    # the schema's tile patterns accept exactly the engine's notation
    for text in ("5p", "123m456p99s", ""):
        assert msgspec.json.decode(f'"{text}"'.encode(), type=protocol.Tiles) == text
        parse_tiles(text)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'"0m"', type=protocol.Tile)


# A name is shown to everyone at the table: the doc's "no control characters" covers every
# Unicode control and format character, not only ASCII's, and a name needs something to show.
_INVISIBLE_NAMES = [
    ("   ", "no visible character"),  # stored as "" after the room's strip
    ("\u3000\u00a0", "no visible character"),  # ideographic and no-break spaces only
    ("a\x85b", "U+0085"),  # C1 next line
    ("a\x9b31m", "U+009B"),  # C1 control sequence introducer
    ("\u202eAnn", "U+202E"),  # right-to-left override: the name reads backwards
    ("\u200b", "U+200B"),  # zero-width space
    ("\ufeff", "U+FEFF"),  # byte order mark
    ("a\u2028b", "U+2028"),  # line separator
    ("\ue000", "U+E000"),  # private use
]


@pytest.mark.parametrize(("name", "says"), _INVISIBLE_NAMES)
def test_a_name_needs_a_visible_character_and_no_invisible_ones(name: str, says: str) -> None:
    cases: list[tuple[msgspec.Struct, str]] = [
        (CreateRoom(name=name), "name"),
        (protocol.JoinRoom(name=name, code="ABC234"), "name"),
    ]
    if says != "no visible character":  # a room name of spaces is none: the host's is used
        cases.append((CreateRoom(name="Ann", room_name=name), "room_name"))
    for message, field in cases:
        with pytest.raises(ProtocolError) as info:
            decode_client(encode(message))
        assert info.value.code is ErrorCode.BAD_MESSAGE
        assert says in str(info.value) and f"$.{field}`" in str(info.value), str(info.value)
        if isinstance(message, CreateRoom):  # the room's own check, before a room exists
            with pytest.raises(ProtocolError):
                room_config(message)


@pytest.mark.parametrize("name", ["Ann", " Ann ", "小明", "José", "Ann-Marie O'Neil", "😀"])
def test_names_with_something_to_show_are_taken(name: str) -> None:
    """The server takes any visible character (what a client's font draws is the client's
    business: game.net.widgets.shown_name); a room name may be left blank."""
    assert protocol.name_problem(name) is None
    message = protocol.JoinRoom(name=name, code="ABC234")
    assert decode_client(encode(message)) == message
    config = room_config(CreateRoom(name=name, room_name="  "))
    assert (config.name, config.owner) == ("", name.strip())
