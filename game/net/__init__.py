"""Networked tables in the game: host a table or join one, and play it against a server.

:mod:`game.net.session` keeps the connection (a :class:`~server.client.NetClient`, and the
:class:`~server.host.HostedServer` when this game hosts), :mod:`game.net.driver` is the table's
driver for a networked hand (beside the local :class:`~game.table.controller.Controller`,
behind the same :class:`~game.table.driver.TableDriver` interface), :mod:`game.net.overlay`
what the table shows on top (the room code, the connection, the notice that items are off),
:mod:`game.net.scenes` the Play-with-friends, Host, Join and lobby screens.
"""
