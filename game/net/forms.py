"""What the screens of Play with friends share (game.net.scenes): the navigator they ask
(:class:`NetNav`), the limits and colour of their fields and warnings, and small helpers. Not
a screen itself: scenes never import each other."""

from __future__ import annotations

from typing import Protocol, cast

from game.net.session import NetSession
from game.net.spec import HostSpec
from game.scenes.menu_base import MenuContext, MenuScene

__all__ = [
    "NAME_LIMIT",
    "WARN",
    "NetNav",
    "default_name",
    "listed",
    "nav_of",
    "refused_char",
]

NAME_LIMIT = 24  # the server's limit on a player's name
WARN = (255, 190, 140)  # what went wrong, and who is away


class NetNav(Protocol):
    """What these screens ask of the navigator."""

    def host_table(self, spec: HostSpec) -> object: ...

    def join_table(
        self, url: str, name: str, *, code: str | None = None, ticket: str | None = None
    ) -> object: ...

    def open_net_table(self, session: NetSession) -> object: ...

    def friends_host(self) -> object: ...

    def friends_join(self) -> object: ...


def nav_of(ctx: MenuContext) -> NetNav:
    return cast(NetNav, ctx.nav)


def default_name(ctx: MenuContext) -> str:
    return ctx.t("net.default_name")


def refused_char(scene: MenuScene, chars: str) -> None:
    """A name field kept ``chars`` out: say why (not which: the font cannot show them)."""
    scene.show_toast(scene.t("net.name_char_refused"), WARN, 5.0)


def listed(names: list[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C" (小明、Ann和Bob)."""
    if len(names) < 2:
        return "".join(names)
    if lang == "zh":
        return "、".join(names[:-1]) + "和" + names[-1]
    return ", ".join(names[:-1]) + " and " + names[-1]
