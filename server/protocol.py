"""The wire protocol: every message, both directions, as a msgspec Struct (docs/net-protocol.md).

Messages are JSON text frames. Each is an object with a ``type`` (the tag that picks the
Struct) and a protocol ``version``; everything else is the message's own fields. Decoding is
msgspec's, strict and complete: an unknown field, a wrong type, a tile that is not notation,
a seat outside 0–3 is a :class:`ProtocolError` before any game code sees the message. Nothing
is parsed by hand, nothing is pickled or evaluated.

Decoding happens in two steps so that a client of another protocol version is told so in
plain words instead of getting a schema error about a field that changed: first the
:class:`Envelope` (``version`` and ``type`` only), then the strict message of that version.

Tiles are in the engine's notation (``"5p"``, ``"123m456p"``), as in replays and logs.
"""

from __future__ import annotations

import enum
import unicodedata
from typing import Annotated, Any, Literal, TypeAlias

import msgspec

from engine.actions import ActionKind, Phase
from engine.round.events import EndReason, EventFlag, EventKind
from engine.scoring import NoWin
from engine.settlement import Reason

VERSION = 2
"""The protocol version. Bumped when a peer of the old version would misread a message.
2: a view carries ``win_score`` (a peer of version 1 refuses the unknown field), and a room
its ``owner`` beside its ``name`` ("" unless it was given one): each client words "Ann's table"
in its own player's language."""

MAX_MESSAGE_BYTES = 4096
"""A client message longer than this is refused with ``too_large`` (the connection stays)."""

MAX_FRAME_BYTES = 65536
"""A WebSocket message longer than this closes the connection (1009), before it is read."""

# --- field types --------------------------------------------------------------------------

Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Tile = Annotated[str, msgspec.Meta(pattern=r"^[1-9][mps]$")]
Tiles = Annotated[str, msgspec.Meta(pattern=r"^([1-9]+[mps])*$", max_length=256)]
MeldText = Annotated[str, msgspec.Meta(pattern=r"^[PKBA][1-9][mps]$")]
Suit = Literal["m", "p", "s"]
Die = Annotated[int, msgspec.Meta(ge=1, le=6)]
# The patterns refuse the ASCII controls at once; every other invisible character is refused
# after decoding (:func:`name_problem`: a regex cannot name Unicode categories).
NAME_MAX = 24  # characters of a player's name
Name = Annotated[
    str, msgspec.Meta(min_length=1, max_length=NAME_MAX, pattern=r"^[^\x00-\x1f\x7f]+$")
]
RoomName = Annotated[str, msgspec.Meta(max_length=32, pattern=r"^[^\x00-\x1f\x7f]*$")]
RoomCode = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9]{4,12}$")]
Token = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{16,64}$")]
RequestId = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]
Seconds = Annotated[float, msgspec.Meta(ge=0, le=600)]
BotName = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
Override = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Detail = Annotated[str, msgspec.Meta(max_length=32)]
OptionValue: TypeAlias = str | int | bool | None
Direction = Literal["clockwise", "counter_clockwise", "across"]
RoomPhase = Literal["lobby", "playing", "between", "over"]


class ErrorCode(enum.StrEnum):
    """Why a request was refused (``Error.code``; stable values, docs/net-protocol.md)."""

    BAD_MESSAGE = "bad_message"  # not JSON, or not a valid message of this version
    UNSUPPORTED_VERSION = "unsupported_version"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    SERVER_FULL = "server_full"
    UNKNOWN_ROOM = "unknown_room"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    BAD_RULES = "bad_rules"
    BAD_BOT = "bad_bot"
    BAD_TOKEN = "bad_token"
    NOT_HOST = "not_host"
    NOT_IN_ROOM = "not_in_room"
    ALREADY_IN_ROOM = "already_in_room"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_SEAT = "not_your_seat"
    STALE_PROMPT = "stale_prompt"
    ILLEGAL_ACTION = "illegal_action"


class ProtocolError(ValueError):
    """A message that cannot be accepted; ``code`` is the :class:`ErrorCode` to answer with."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


# --- game data ----------------------------------------------------------------------------


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Nested data (not a message on its own)."""


class ActionData(_Data, omit_defaults=True, frozen=True):
    """An engine Action; ``kind`` is the ActionKind value. Absent fields are null / ""."""

    kind: ActionKind
    seat: Seat
    tile: Tile | None = None
    tiles: Tiles = ""
    suit: Suit | None = None


class SeatData(_Data, frozen=True):
    """The public part of one seat (engine SeatInfo). ``pond`` in discard order; ``claimed``
    the pond positions taken by a pong, kong or win."""

    seat: Seat
    hand_size: Annotated[int, msgspec.Meta(ge=0, le=18)]
    melds: list[MeldText]
    pond: Tiles
    claimed: list[Annotated[int, msgspec.Meta(ge=0)]]
    void: Suit | None
    won: bool
    out: bool
    win_tiles: Tiles
    revealed: Tiles | None
    points: int
    golden: bool = False


class ViewData(_Data, frozen=True):
    """What one seat may see now (engine PlayerView, without the rules: they are the room's)."""

    seat: Seat
    dealer: Seat
    current: Seat
    phase: Phase
    wall_remaining: Annotated[int, msgspec.Meta(ge=0, le=108)]
    concealed: Tiles
    last_drawn: Tile | None
    own_void: Suit | None
    seats: Annotated[list[SeatData], msgspec.Meta(min_length=2, max_length=4)]  # one per seat
    public: Tiles
    claim_tile: Tile | None
    claim_from: Seat | None
    claim_is_rob: bool
    void_first: bool
    blocked_tiles: Tiles
    blocked_value: int | None
    dice: tuple[Die, Die]
    exchange_direction: Direction | None
    win_score: ScoreData | None = None  # this seat's win on offer, as the settlement pays it


class ScoreData(_Data, frozen=True):
    """A score (engine ScoreResult): the totals and the reckoning."""

    win: bool
    reason: NoWin | None
    pattern: str | None
    extras: list[tuple[str, int]]
    fan: int | None
    multiplier: int | None
    points: int
    value: int
    pattern_value: int
    pattern_is_cap: bool
    roots_included: int
    extra_values: list[int]
    capped: bool
    base: int
    self_draw_bonus: int
    self_drawn: bool
    robbing_kong: bool
    eighteen_arhats: bool


class _Facts(_Data, tag_field="kind", frozen=True):
    pass


class WinFactsData(_Facts, tag="win", frozen=True):
    tile: Tile
    score: ScoreData


class KongFactsData(_Facts, tag="kong", frozen=True):
    meld: MeldText
    kong_event: int


class RefundFactsData(_Facts, tag="refund", frozen=True):
    meld: MeldText
    kong_event: int
    shared: bool


class PigFactsData(_Facts, tag="pig", frozen=True):
    void: Suit | None


class ReadyFactsData(_Facts, tag="ready", frozen=True):
    tile: Tile | None
    score: ScoreData | None


class LeaveFactsData(_Facts, tag="leave", frozen=True):
    units: int
    base: int


FactsData: TypeAlias = (
    WinFactsData | KongFactsData | RefundFactsData | PigFactsData | ReadyFactsData | LeaveFactsData
)


class EntryData(_Data, frozen=True):
    """One ledger line (engine LedgerEntry); ``event`` is the index of the event it hangs on."""

    payer: Seat
    payee: Seat
    amount: int
    reason: Reason
    event: int
    facts: FactsData


class EventData(_Data, omit_defaults=True, frozen=True):
    """An event as this seat may see it (engine Event.for_seat). Absent fields are null, ""
    or []. ``voids`` replaces ``tiles`` on ``voids_revealed`` (null: no void)."""

    kind: EventKind
    index: Annotated[int, msgspec.Meta(ge=0)]
    seat: Seat | None = None
    tile: Tile | None = None
    from_seat: Seat | None = None
    tiles: Tiles = ""
    voids: list[Suit | None] = []
    meld: MeldText | None = None
    score: ScoreData | None = None
    flags: list[EventFlag] = []
    entry: EntryData | None = None
    dice: tuple[Die, Die] | None = None
    detail: Detail | None = None


class WinData(_Data, frozen=True):
    """One win of the hand (engine WinRecord); ``from_seat`` null = self-drawn."""

    seat: Seat
    tile: Tile
    from_seat: Seat | None
    score: ScoreData
    flags: list[EventFlag]
    event: int
    shared: bool


class SettlementData(_Data, frozen=True):
    """A finished hand, the same for every seat: the ledger as data, this hand's totals and
    the match's points after it. ``dealer`` deals the next hand; ``last``: the match is over."""

    hand: int
    reason: EndReason
    drawn: bool
    wins: list[WinData]
    ledger: list[EntryData]
    totals: list[int]
    points: list[int]
    dealer: Seat
    last: bool


class SeatStateData(_Data, frozen=True):
    """Who sits at a seat: a human (``name``; ``connected``, ``auto`` = played by the server
    for now, ``ready`` for the next hand) or a bot of level ``bot`` (``name`` null).
    ``played``: whoever sits here now played the match (the room's ``points`` are theirs);
    false for a player who sat down after a match ended, until the next one starts."""

    seat: Seat
    human: bool
    name: str | None
    bot: str
    connected: bool
    auto: bool
    ready: bool
    played: bool = True


class RoomData(_Data, frozen=True):
    """A room as every member sees it (never the seed, never a token). ``name``: the name
    it was given ("" when none: a client calls it after ``owner``, the player who opened it,
    in its own language — "小明的牌桌", "Ann's table")."""

    code: str
    name: str
    owner: str
    host: Seat | None
    preset: str
    rules: dict[str, OptionValue]
    hands: int
    phase: RoomPhase
    hand: int
    dealer: Seat
    points: list[int]
    seats: list[SeatStateData]
    turn_seconds: float
    grace_seconds: float
    bot_delay: float
    settle_seconds: float
    announce: bool


class Limits(_Data, frozen=True):
    """What the server accepts from a client (Welcome)."""

    max_message_bytes: int
    max_frame_bytes: int
    rate_per_second: float
    rate_burst: int


class TokenBucket:
    """``burst`` messages at once, ``rate`` a second sustained: the server counts each
    connection's messages with one (:class:`Limits`), and a client paces its own sending
    with one, so that no message of its is dropped as too many."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.last = float(burst), now

    def take(self, now: float) -> bool:
        """Spend a token if there is one."""
        self._fill(now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self, now: float) -> float:
        """Seconds until :meth:`take` will succeed (0: at once)."""
        self._fill(now)
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else 0.0

    def _fill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = max(self.last, now)


# --- messages -----------------------------------------------------------------------------


class Envelope(msgspec.Struct, frozen=True):
    """The first decoding step: only ``version`` and ``type`` (other fields are ignored here)."""

    version: int
    type: str


class Message(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    version: int = VERSION


class ClientMessage(Message, frozen=True):
    """Client → server. ``id`` (optional) is echoed in the answer (Joined, Error, Pong)."""

    id: RequestId | None = None


class CreateRoom(ClientMessage, tag="create_room", kw_only=True, frozen=True):
    name: Name
    room_name: RoomName = ""
    preset: Annotated[str, msgspec.Meta(max_length=32)] = "standard"
    overrides: Annotated[list[Override], msgspec.Meta(max_length=64)] = []
    hands: Annotated[int, msgspec.Meta(ge=1, le=64)] = 8
    seat: Seat = 0
    # One per seat, by seat; a room of three or two seats (the rules' ``players``) plays the
    # first three or two.
    bots: Annotated[list[BotName], msgspec.Meta(min_length=2, max_length=4)] = msgspec.field(
        default_factory=lambda: ["normal"] * 4
    )
    turn_seconds: Seconds = 15.0
    grace_seconds: Seconds = 3.0
    bot_delay: Annotated[float, msgspec.Meta(ge=0, le=5)] = 0.6
    settle_seconds: Seconds = 30.0
    announce: bool = False


class JoinRoom(ClientMessage, tag="join_room", kw_only=True, frozen=True):
    """Join by ``code`` (typed in) or by ``ticket`` (from a local-network announcement)."""

    name: Name
    code: RoomCode | None = None
    ticket: Token | None = None
    seat: Seat | None = None


class Resume(ClientMessage, tag="resume", kw_only=True, frozen=True):
    code: RoomCode
    token: Token


class Sit(ClientMessage, tag="sit", kw_only=True, frozen=True):
    seat: Seat


class Start(ClientMessage, tag="start", kw_only=True, frozen=True):
    pass


class Act(ClientMessage, tag="act", kw_only=True, frozen=True):
    action: ActionData
    prompt: Annotated[int, msgspec.Meta(ge=0)]


class Auto(ClientMessage, tag="auto", kw_only=True, frozen=True):
    on: bool


class Ready(ClientMessage, tag="ready", kw_only=True, frozen=True):
    pass


class Leave(ClientMessage, tag="leave", kw_only=True, frozen=True):
    pass


class Ping(ClientMessage, tag="ping", kw_only=True, frozen=True):
    pass


ClientMessageT: TypeAlias = (
    CreateRoom | JoinRoom | Resume | Sit | Start | Act | Auto | Ready | Leave | Ping
)


class ServerMessage(Message, frozen=True):
    """Server → client."""


class Welcome(ServerMessage, tag="welcome", kw_only=True, frozen=True):
    server: str
    limits: Limits


class Joined(ServerMessage, tag="joined", kw_only=True, frozen=True):
    """You have a seat: keep ``token`` to come back to it (``resume``)."""

    id: int | None
    code: str
    seat: Seat
    token: str
    room: RoomData


class RoomChanged(ServerMessage, tag="room", kw_only=True, frozen=True):
    room: RoomData


class Update(ServerMessage, tag="update", kw_only=True, frozen=True):
    """The table for your seat. ``full``: ``events`` is the whole hand so far (replace your
    list), else the events since the previous update (append). ``prompt`` is non-null when
    you must act: send one of ``legal`` with it. ``deadline``: seconds until the server plays
    for you (null: no timer)."""

    hand: int
    full: bool
    events: list[EventData]
    view: ViewData
    legal: list[ActionData]
    prompt: int | None
    deadline: float | None
    auto: bool


class HandEnd(ServerMessage, tag="hand_end", kw_only=True, frozen=True):
    settlement: SettlementData


class MatchEnd(ServerMessage, tag="match_end", kw_only=True, frozen=True):
    hands: int
    points: list[int]


class Error(ServerMessage, tag="error", kw_only=True, frozen=True):
    id: int | None
    code: ErrorCode
    message: str
    request: str | None


class Pong(ServerMessage, tag="pong", kw_only=True, frozen=True):
    id: int | None


class RoomClosed(ServerMessage, tag="room_closed", kw_only=True, frozen=True):
    reason: Literal["expired", "host_left", "shutdown"]


ServerMessageT: TypeAlias = (
    Welcome | Joined | RoomChanged | Update | HandEnd | MatchEnd | Error | Pong | RoomClosed
)

# --- encoding and decoding ----------------------------------------------------------------

_encoder = msgspec.json.Encoder()
_envelope = msgspec.json.Decoder(Envelope)
_client = msgspec.json.Decoder(ClientMessageT)
_server = msgspec.json.Decoder(ServerMessageT)


def encode(message: Message | msgspec.Struct) -> bytes:
    """A message as UTF-8 JSON."""
    return _encoder.encode(message)


def _decode(data: bytes | str, decoder: msgspec.json.Decoder[Any]) -> Any:
    try:
        head = _envelope.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"not a message: {exc}") from None
    if head.version != VERSION:
        raise ProtocolError(
            ErrorCode.UNSUPPORTED_VERSION,
            f"protocol version {head.version} is not spoken here (this side speaks {VERSION})",
        )
    try:
        return decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{head.type!r}: {exc}") from None


# Unicode categories a name may not hold: controls (C0, DEL and C1 such as U+0085, U+009B),
# format characters (U+200B, U+202E, U+FEFF …), surrogates, private use, unassigned, and the
# line and paragraph separators: none of them is a letter a person can read at the table.
_INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def name_problem(text: str, *, blank_ok: bool = False) -> str | None:
    """Why ``text`` cannot be a name shown to the others (None: it can): it holds a control,
    format, private-use or unassigned character or a line separator, or — unless
    ``blank_ok`` — nothing but spaces."""
    for at, ch in enumerate(text):
        if unicodedata.category(ch) in _INVISIBLE:
            return f"{text!r} holds U+{ord(ch):04X} at {at}: no control or format characters"
    if not blank_ok and not text.strip():
        return f"{text!r} has no visible character"
    return None


def _check_names(message: ClientMessageT) -> None:
    """The names of ``create_room`` and ``join_room`` beyond what their patterns say."""
    fields: list[tuple[str, str, bool]] = []
    if isinstance(message, CreateRoom):
        fields = [("name", message.name, False), ("room_name", message.room_name, True)]
    elif isinstance(message, JoinRoom):
        fields = [("name", message.name, False)]
    for field, text, blank_ok in fields:
        problem = name_problem(text, blank_ok=blank_ok)
        if problem is not None:
            raise ProtocolError(
                ErrorCode.BAD_MESSAGE,
                f"{message.__struct_config__.tag!r}: {problem} - at `$.{field}`",
            )


def decode_client(data: bytes | str) -> ClientMessageT:
    """A client message, strictly; raises :class:`ProtocolError`."""
    message: ClientMessageT = _decode(data, _client)
    _check_names(message)
    return message


def decode_server(data: bytes | str) -> ServerMessageT:
    """A server message, strictly; raises :class:`ProtocolError`."""
    message: ServerMessageT = _decode(data, _server)
    return message
