"""What the screens of Play with friends share (game.net.scenes): the navigator they ask
(:class:`NetNav`), the limits and colour of their fields and warnings, and small helpers. Not
a screen itself: scenes never import each other."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Protocol, cast

from game.match_config import BOT_CHOICES, DEFAULT_HANDS
from game.net.session import NetSession
from game.net.spec import HAND_CHOICES, SETTLE_CHOICES, TURN_CHOICES, HostSpec
from game.net.widgets import name_char_ok
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import TABLE_PRESETS, save_settings

__all__ = [
    "ADDRESS_LIMIT",
    "NAME_LIMIT",
    "WARN",
    "HostChoices",
    "JoinChoices",
    "NetNav",
    "default_name",
    "friends_name",
    "host_choices",
    "join_choices",
    "listed",
    "nav_of",
    "refused_char",
    "remember_host",
    "remember_join",
]

NAME_LIMIT = 24  # the server's limit on a player's name
ADDRESS_LIMIT = 120  # the longest server address the Host and Join screens take
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


@dataclass(frozen=True)
class HostChoices:
    """What the Host screen shows: the name as typed ("": the default name, the field's
    placeholder), the preset, the length, the empty seats' bots, the two timers in
    seconds, the local network's announcement, and where the table runs (on a dedicated
    server: the address as typed). Saved as the settings' ``host_`` fields."""

    name: str = ""
    preset: str = "standard"
    hands: int = DEFAULT_HANDS
    bots: str = "normal"
    turn: int = int(HostSpec.turn_seconds)
    settle: int = int(HostSpec.settle_seconds)
    announce: bool = True
    on_server: bool = False
    server: str = ""

    def spec(self, default_name: str) -> HostSpec:
        """The table these choices host (on this computer: the screen makes it a server's,
        once its address reads as one); no name typed, ``default_name``."""
        return HostSpec(
            name=(self.name.strip() or default_name)[:NAME_LIMIT],
            preset=self.preset,
            hands=self.hands,
            bots=self.bots,
            announce=self.announce,
            turn_seconds=float(self.turn),
            settle_seconds=float(self.settle),
        )


def host_choices(ctx: MenuContext) -> HostChoices:
    """The choices of the last table hosted, which the Host screen opens with: a player who
    hosts every Friday finds the screen as they left it. Never hosted: the defaults, with
    Quick play's preset. A value the screen does not offer (the settings read every field
    strictly; this is for a choice since dropped) takes its default, the others kept."""
    s, default = ctx.settings, HostChoices()
    offered: dict[str, object] = {
        "preset": TABLE_PRESETS,
        "hands": HAND_CHOICES,
        "bots": BOT_CHOICES,
        "turn": TURN_CHOICES,
        "settle": SETTLE_CHOICES,
    }
    kept: dict[str, object] = {}
    for f in dataclasses.fields(HostChoices):
        value = getattr(s, "host_" + f.name, None)
        if f.name == "preset" and value is None:
            value = s.preset  # never hosted: the preset Quick play last played, as before
        among = offered.get(f.name)
        if type(value) is type(getattr(default, f.name)) and (
            among is None or value in cast(tuple[object, ...], among)
        ):
            kept[f.name] = value
    kept["name"] = friends_name(ctx)
    if len(cast(str, kept.get("server", ""))) > ADDRESS_LIMIT:
        kept["server"] = ""
    return dataclasses.replace(default, **kept)  # type: ignore[arg-type]


def remember_host(ctx: MenuContext, choices: HostChoices) -> None:
    """Keep ``choices`` for the Host screen's next visit, and save them with the settings.

    Called when a table is hosted with them, not when the screen is left: Back is how a
    player drops what they tried (as the New game screen keeps only what Start played), and
    the screen should come back as the last table was, the one they will host again — not
    as a half-made change they turned away from. A refused save is told by the app's save
    listener; the choices are still kept for this run."""
    s = ctx.settings
    for f in dataclasses.fields(HostChoices):
        setattr(s, "host_" + f.name, getattr(choices, f.name))
    save_settings(s, ctx.directory)


# --- Join -------------------------------------------------------------------------------


def friends_name(ctx: MenuContext) -> str:
    """The player's name at friends' tables as last typed ("": the default name), which the
    Host and the Join screens both open with.

    One name, not a name per screen: it is who the player is to their friends, whether
    they host this Friday or join a friend's table the next; two names kept apart would
    have the Join screen offer "Player" to someone who named themselves when hosting (and
    the reverse), and their friends would see them under one name at one table and another
    at the next. Kept in the settings' ``host_name`` (the Host screen's, which came first).
    A name edited by hand into something a name field would not take: ""."""
    name = getattr(ctx.settings, "host_name", "")
    if not isinstance(name, str) or len(name) > NAME_LIMIT:
        return ""
    return name if all(name_char_ok(ch) for ch in name) else ""


@dataclass(frozen=True)
class JoinChoices:
    """What the Join screen opens with: the name as typed ("": the default name, the
    field's placeholder) and the server address typed to join last. Not the room code: a
    table's code is new at every table."""

    name: str = ""
    address: str = ""


def join_choices(ctx: MenuContext) -> JoinChoices:
    """The name (:func:`friends_name`) and the address the player last joined with; an
    address edited by hand into something the field would not take (too long, a control
    character): none, the name and every other setting kept."""
    address = getattr(ctx.settings, "join_address", "")
    if not isinstance(address, str) or len(address) > ADDRESS_LIMIT or not address.isprintable():
        address = ""
    return JoinChoices(name=friends_name(ctx), address=address)


def remember_join(ctx: MenuContext, name: str, address: str | None = None) -> None:
    """Keep the name typed (and the address, when the player joined by it: a table of the
    local network's list leaves the address kept as it was) for the Join screen's next
    visit, and the Host screen's, and save them with the settings.

    Called when the player joins, not when the screen is left: Back drops what was tried,
    as on the Host screen (:func:`remember_host`). A refused save is told by the app's
    save listener; the name is still kept for this run."""
    s = ctx.settings
    s.host_name = name.strip()[:NAME_LIMIT]
    if address is not None:
        s.join_address = address.strip()[:ADDRESS_LIMIT]
    save_settings(s, ctx.directory)
