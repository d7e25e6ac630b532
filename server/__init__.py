"""Networked tables: an authoritative server and a client library, without pygame.

* ``server/protocol.py`` — every message as a msgspec Struct (docs/net-protocol.md).
* ``server/codec.py`` — engine values ↔ wire data, both ways.
* ``server/room.py`` — one table: seats, the match, bots, timers.
* ``server/app.py`` — ``Server``: WebSocket connections, limits, rooms, logs.
* ``server/discovery.py`` — zeroconf announcements and the browser of local tables.
* ``server/client.py`` — ``AsyncClient`` (asyncio) and ``NetClient`` (a thread and queues,
  for the game), notes with the engine's own types.
* ``server/host.py`` — ``HostedServer``: a server on a thread of the game's process.

``python -m server`` runs a dedicated server. The engine runs only on the server; a client
is told only what its seat may see.
"""
