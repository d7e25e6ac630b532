"""Scripted players: asyncio clients that play a networked table on their own.

Each one decodes its seat's table into the engine's types and lets an engine bot choose
(or, with ``bot=None``, picks a legal action at random on the wire level, which costs the
client almost nothing — the load benchmark's players). Tests use them as the humans of a
networked table: they can record every message they receive, pause, and drop their
connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.exceptions import ConnectionClosed

from engine.actions import ActionKind
from engine.bots import Bot, load_bot
from engine.rules import RuleSet
from server import codec
from server.app import ServerConfig
from server.client import AsyncClient
from server.protocol import (
    Act,
    ActionData,
    CreateRoom,
    Error,
    HandEnd,
    Joined,
    JoinRoom,
    MatchEnd,
    Ready,
    Resume,
    RoomChanged,
    RoomClosed,
    ServerMessageT,
    Start,
    Update,
    decode_server,
)

__all__ = ["QUICK_ROOM", "ScriptedPlayer", "quick_config", "seat_players"]


@dataclass
class ScriptedPlayer:
    """One seat played by a script over a real connection.

    ``bot``: an engine bot level choosing on the decoded PlayerView, or None for a random
    legal action (wire level). ``think``: seconds to wait before each action. ``record``:
    keep every raw message received. ``on_latency`` is told, for each action sent, the
    seconds until the update that answered it arrived."""

    client: AsyncClient
    bot: str | None = "random"
    seed: int = 0
    think: float = 0.0
    record: bool = False
    on_latency: Callable[[float], None] | None = None
    raw: list[bytes | str] = field(default_factory=list)
    messages: list[ServerMessageT] = field(default_factory=list)
    joined: Joined | None = None
    updates: list[Update] = field(default_factory=list)
    settlements: list[HandEnd] = field(default_factory=list)
    errors: list[Error] = field(default_factory=list)
    match_end: MatchEnd | None = None
    closed: RoomClosed | None = None
    rules: RuleSet | None = None
    paused: bool = False
    actions_sent: int = 0
    _answered: int | None = None
    _sent_at: float | None = None
    _sent_prompt: int | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _rng: random.Random = field(default_factory=random.Random)
    _bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    @classmethod
    async def connect(cls, url: str, **kwargs: Any) -> ScriptedPlayer:
        return cls(await AsyncClient.connect(url), **kwargs)

    # --- the lobby ----------------------------------------------------------------------

    async def create(self, name: str = "host", **options: Any) -> Joined:
        await self.client.send(CreateRoom(name=name, **options))
        return await self._until_joined()

    async def join(self, code: str, name: str = "guest", seat: int | None = None) -> Joined:
        await self.client.send(JoinRoom(name=name, code=code, seat=seat))
        return await self._until_joined()

    async def resume(self, code: str, token: str) -> Joined:
        await self.client.send(Resume(code=code, token=token))
        return await self._until_joined()

    async def start(self) -> None:
        await self.client.send(Start())

    async def _until_joined(self) -> Joined:
        while True:
            msg = await self.next()
            if isinstance(msg, Joined):
                return msg
            if isinstance(msg, Error):
                raise RuntimeError(f"refused: {msg.code} {msg.message}")

    # --- receiving and playing ----------------------------------------------------------

    async def next(self) -> ServerMessageT:
        """The next message, noted (and answered, when it asks this seat to act)."""
        raw = await self.client.ws.recv()
        now = time.perf_counter()
        if self.record:
            self.raw.append(raw)
        msg = decode_server(raw)
        self.messages.append(msg)
        if isinstance(msg, Joined):
            self.joined = msg
            self.rules = RuleSet.from_dict(msg.room.rules)
        elif isinstance(msg, RoomChanged):
            self.rules = RuleSet.from_dict(msg.room.rules)
        elif isinstance(msg, Update):
            # the answer to an action is the first update with another prompt
            if self._sent_at is not None and msg.prompt != self._sent_prompt:
                if self.on_latency is not None:
                    self.on_latency(now - self._sent_at)
                self._sent_at = None
            self.updates.append(msg)
        elif isinstance(msg, HandEnd):
            self.settlements.append(msg)
            if not msg.settlement.last:
                await self.client.send(Ready())
        elif isinstance(msg, MatchEnd):
            self.match_end = msg
        elif isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, RoomClosed):
            self.closed = msg
        return msg

    @property
    def last_update(self) -> Update | None:
        return self.updates[-1] if self.updates else None

    async def act_now(self) -> bool:
        """Answer the current prompt if there is one not yet answered (after ``think``
        seconds, on a task of its own: receiving goes on meanwhile)."""
        update = self.last_update
        if self.paused or update is None or update.prompt is None:
            return False
        if self._answered is not None and update.prompt <= self._answered:
            return False  # answered already (prompts only grow)
        self._answered = update.prompt
        if not self.think:
            await self._send_action(update)
            return True
        delay = self.think * (0.5 + self._rng.random())
        task = asyncio.create_task(self._act_later(update, delay))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    async def _act_later(self, update: Update, delay: float) -> None:
        await asyncio.sleep(delay)
        last = self.last_update
        if self.paused or last is None or last.prompt != update.prompt:
            return  # the table moved on while thinking
        with contextlib.suppress(ConnectionClosed):
            await self._send_action(update)

    async def _send_action(self, update: Update) -> None:
        assert update.prompt is not None
        action = self.choose(update)
        self._sent_at, self._sent_prompt = time.perf_counter(), update.prompt
        self.actions_sent += 1
        await self.client.send(Act(action=action, prompt=update.prompt))

    def choose(self, update: Update) -> ActionData:
        legal = update.legal
        if self.bot is None:
            wins = [a for a in legal if a.kind is ActionKind.WIN]
            return wins[0] if wins else self._rng.choice(legal)
        assert self.rules is not None
        view = codec.view_from_data(update.view, self.rules)
        actions = [codec.action_from_data(a) for a in legal]
        bot = self._bots.get(update.hand)
        if bot is None:
            bot = self._bots[update.hand] = load_bot(self.bot, self.seed * 1000 + update.hand)
        return codec.action_data(bot.choose(view, actions))

    async def play(self, until: Callable[[ServerMessageT], bool] | None = None) -> None:
        """Receive and answer until ``until(message)`` is true (default: the match ended or
        the room closed), or the connection closes."""
        done = until or (lambda m: isinstance(m, MatchEnd | RoomClosed))
        try:
            while True:
                msg = await self.next()
                if done(msg):
                    return
                if isinstance(msg, Update):
                    await self.act_now()
        except ConnectionClosed:
            return


def quick_config(**changes: Any) -> ServerConfig:
    """A server on 127.0.0.1, an ephemeral port, limits loose enough for scripts that act
    as fast as the bots (tests, the benchmark), and walls from a fixed seed so a run meets
    the same hands every time; ``changes`` override any field."""
    base = ServerConfig(
        host="127.0.0.1",
        port=0,
        rate_per_second=10_000.0,
        rate_burst=10_000,
        ping_interval=None,
        ping_timeout=None,
        match_seeds=2026,
    )
    return replace(base, **changes)


QUICK_ROOM: dict[str, Any] = {
    "bot_delay": 0.0,
    "settle_seconds": 0.0,
    "turn_seconds": 0.0,
    "grace_seconds": 0.0,
}
"""Room options that let a table run as fast as the machine can (tests, the benchmark)."""


async def seat_players(
    url: str, count: int, *, hands: int = 1, room: dict[str, Any] | None = None, **player: Any
) -> list[ScriptedPlayer]:
    """``count`` scripted players at one new table (the first is the host, at seat 0; the
    others take seats 1, 2 ...); the match is not started."""
    options = {**QUICK_ROOM, "hands": hands, **(room or {})}
    players = [await ScriptedPlayer.connect(url, seed=i, **player) for i in range(count)]
    joined = await players[0].create(name="p0", **options)
    for i, p in enumerate(players[1:], start=1):
        await p.join(joined.code, name=f"p{i}", seat=i)
    return players
