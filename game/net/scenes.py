"""The screens of Play with friends: :class:`FriendsScene` (host or join), :class:`HostScene`
(the table's rules, length and bots), :class:`JoinScene` (tables found on the local network,
or an address and a room code typed in) and :class:`NetLobbyScene` (the room: its code, who
sits where, Start for the host; between hands it waits for the next one).

Scenes never import each other: each asks the navigator (:class:`NetNav`, implemented by
:class:`game.nav.Navigator`) to host, to join, to open the table.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Callable
from functools import partial

import pygame

from game import palette as pal
from game.match_config import BOT_CHOICES
from game.net.forms import (
    ADDRESS_LIMIT,
    NAME_LIMIT,
    WARN,
    HostChoices,
    NetNav,
    default_name,
    host_choices,
    join_choices,
    nav_of,
    refused_char,
    remember_host,
    remember_join,
)
from game.net.lobby_view import LobbyLayout, draw_lobby, lobby_layout, lobby_lines, lobby_words
from game.net.news import WARNING_KINDS, news_text, watch
from game.net.session import (
    DEFAULT_PORT,
    SEAT_FILE_NAME,
    NetSession,
    held_tickets,
    parse_address,
)
from game.net.spec import HAND_CHOICES, SETTLE_CHOICES, TURN_CHOICES, HostSpec
from game.net.widgets import TextField, copy_text, name_char_ok, shown_name, table_name
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import TABLE_PRESETS
from game.storage import data_dir
from game.ui.controls import Button, Choice, Segmented, Toggle, answer_buttons
from game.ui.draw import dim_layer, panel
from game.ui.text import blit_paragraph, blit_text, elide, outlined_text, wrap_text
from server.discovery import FoundTable, TableBrowser

__all__ = [
    "HAND_CHOICES",
    "SETTLE_CHOICES",
    "TURN_CHOICES",
    "FriendsScene",
    "HostScene",
    "HostSpec",
    "JoinScene",
    "NetLobbyScene",
    "NetNav",
]

_CODE_CHARS = set(string.ascii_letters + string.digits)
_MAX_FOUND = 5  # tables of the local network listed at once
LAN_QUIET_S = 10.0  # searched this long with nothing found: the player is told so


def _text_block(scene: MenuScene, surface: pygame.Surface, text: str, rect: pygame.Rect) -> int:
    """``text`` wrapped in ``rect``'s width; returns the y under it."""
    size = scene.px(17)
    y = rect.y
    for line in wrap_text(text, size, rect.w):
        blit_text(surface, line, size, pal.IVORY_TEXT, (rect.x, y))
        y += round(size * 1.45)
    return y


class FriendsScene(MenuScene):
    """Host a table or join one."""

    title_key = "net.title"

    def build(self) -> None:
        self.add_back_button()
        bw, bh = self.px(340), self.px(56)
        x = self.w // 2 - bw // 2
        top = self.px(340)
        nav = nav_of(self.ctx)
        choices = (("host", nav.friends_host), ("join", nav.friends_join))
        for i, (name, action) in enumerate(choices):
            rect = pygame.Rect(x, top + i * (bh + self.px(18)), bw, bh)
            style = "primary" if i == 0 else "normal"
            self.controls.append(
                Button(
                    rect,
                    self.t(f"net.{name}"),
                    action,
                    name=name,
                    style=style,
                    font_size=self.px(22),
                )
            )
        if self.focus < 0:
            self.focus_named("host")

    def draw_content(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(0, 0, self.px(760), self.px(210))
        box.midtop = (self.w // 2, self.px(96))
        panel(surface, box)
        inner = box.inflate(-self.px(40), -self.px(30))
        y = _text_block(self, surface, self.t("net.intro"), inner)
        blit_text(surface, self.t("net.items_off"), self.px(16), pal.GOLD_LIGHT, (inner.x, y + 4))


class HostScene(MenuScene):
    """The table to host: your name, the rules preset, the length, the bots' level, the
    timers, and where it runs — in this game (announced on the local network, or not), or on
    a dedicated server at the address typed, opened there as the game opens its own."""

    title_key = "net.host"

    def note_top(self) -> int:
        """Where the note at the foot of the screen starts."""
        return self.h - self.px(70)

    def toast_bottom(self) -> int:  # what went wrong is told above the note
        return self.note_top() - self.px(10)

    def on_exit(self) -> None:
        self.toast = None  # as the join screen's: about the last try only
        super().on_exit()

    def __init__(self, ctx: MenuContext) -> None:
        c = host_choices(ctx)  # as the last table hosted (forms.remember_host)
        self.spec_preset, self.spec_hands, self.spec_bots = c.preset, c.hands, c.bots
        self.spec_announce, self.spec_turn, self.spec_settle = c.announce, c.turn, c.settle
        self.name_value = c.name  # "": the default name (the placeholder)
        self.on_server = c.on_server  # where the table runs: here, or on a dedicated server
        self.server_value = c.server  # its address
        super().__init__(ctx)

    def build(self) -> None:
        self.add_back_button()
        label_x, x = self.px(250), self.px(560)
        w, h = self.px(460), self.px(40)
        y = self.px(112)
        step = self.px(60)
        self.rows: list[tuple[str, int]] = []
        self.name_field = TextField(
            pygame.Rect(x, y, w, h),
            self.name_value,
            name="name",
            placeholder=default_name(self.ctx),  # typing replaces it, as a name should
            limit=NAME_LIMIT,
            allowed=name_char_ok,  # what everyone's font can show (widgets.shown_name)
            on_refuse=partial(refused_char, self),
            font_size=self.px(18),
            on_submit=self.host,  # Enter after the name opens the table, as "go" would
        )
        self.controls.append(self.name_field)
        self.rows.append(("net.your_name", y))
        y += step
        presets = list(TABLE_PRESETS)
        self.controls.append(
            Choice(
                pygame.Rect(x, y, w, h),
                presets,
                [self.t(f"preset.{p}") for p in presets],
                self.spec_preset,
                partial(setattr, self, "spec_preset"),
                name="preset",
                font_size=self.px(17),
                screen_h=self.h,
            )
        )
        self.rows.append(("new.preset", y))
        y += step
        hands = [str(n) for n in HAND_CHOICES]
        labels = [self.tn("new.hands", n, n=n) for n in HAND_CHOICES]
        pick_hands = partial(self.pick_number, "spec_hands")
        self._choices(y, "new.length", "hands", hands, labels, str(self.spec_hands), pick_hands)
        y += step
        labels = [self.t(f"bot.{b}") for b in BOT_CHOICES]
        pick_bots = partial(setattr, self, "spec_bots")
        self._choices(
            y, "net.empty_seats", "bots", list(BOT_CHOICES), labels, self.spec_bots, pick_bots
        )
        y += step
        timers = (
            ("turn", TURN_CHOICES, "spec_turn", "net.turn_timer"),
            ("settle", SETTLE_CHOICES, "spec_settle", "net.settle"),
        )
        for name, choices, attr, label in timers:
            said = [self.t("net.seconds", n=n) if n else self.t("net.timer_off") for n in choices]
            values, value = [str(n) for n in choices], str(getattr(self, attr))
            self._choices(y, label, name, values, said, value, partial(self.pick_number, attr))
            y += step
        where = ["here", "server"]
        said = [self.t(f"net.where.{v}") for v in where]
        self._choices(y, "net.where", "where", where, said, where[self.on_server], self.pick_where)
        y += step
        self.server_field: TextField | None = None
        if self.on_server:  # the address instead of the local network's announcement
            self.server_field = TextField(
                pygame.Rect(x, y, w, h),
                self.server_value,
                name="server",
                placeholder=f"192.168.1.20:{DEFAULT_PORT}",
                limit=ADDRESS_LIMIT,
                font_size=self.px(18),
                on_submit=self.host,  # Enter after the address opens the table
            )
            self.controls.append(self.server_field)
            self.rows.append(("net.address", y))
        else:
            toggle = Toggle(
                pygame.Rect(x, y, self.px(80), h),
                self.spec_announce,
                partial(setattr, self, "spec_announce"),
                name="announce",
            )
            self.controls.append(toggle)
            self.rows.append(("net.announce", y))
        y += step + self.px(16)
        self.label_x = label_x
        self.controls.append(
            Button(
                pygame.Rect(self.w // 2 - self.px(160), y, self.px(320), self.px(52)),
                self.t("net.host_start"),
                self.host,
                name="go",
                style="primary",
                font_size=self.px(20),
            )
        )
        if self.focus < 0:
            self.focus_named("go")

    def _choices(
        self,
        y: int,
        label: str,
        name: str,
        values: list[str],
        said: list[str],
        value: str,
        pick: Callable[[str], None],
    ) -> None:
        """A row of choices at ``y``: ``values`` said as ``said``, ``value`` chosen."""
        rect = pygame.Rect(self.px(560), y, self.px(460), self.px(40))
        self.controls.append(
            Segmented(rect, values, said, value, pick, name=name, font_size=self.px(16))
        )
        self.rows.append((label, y))

    def pick_number(self, attr: str, value: str) -> None:
        setattr(self, attr, int(value))

    def pick_where(self, value: str) -> None:
        """On this computer, or on a server: the row under it asks for the address."""
        if self.on_server != (value == "server"):
            self.on_server = value == "server"
            self.focus_named("where")  # clicked: the focus stays on the choice, as by key
            self.rebuild()

    def rebuild(self) -> None:
        self.name_value = self.name_field.value  # what was typed outlives a resize
        if self.server_field is not None:
            self.server_value = self.server_field.value
        super().rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.name_field.end_frame()
        if self.server_field is not None:
            self.server_field.end_frame()

    def spec(self) -> HostSpec:
        return self.choices().spec(default_name(self.ctx))

    def host(self) -> None:
        """Open the table: here, or on the server typed (a missing or malformed address is
        said, and the focus goes to it; what the server answers, the lobby tells)."""
        self.name_value = self.name_field.value
        spec = self.spec()
        if self.server_field is not None:
            typed = self.server_value = self.server_field.value
            url = parse_address(typed)
            if url is None:
                key = "net.bad_address" if typed.strip() else "net.host_no_address"
                self.show_toast(self.t(key), WARN, 5.0)
                self.focus_named("server")
                return
            # announced on the server's local network when that server announces tables
            spec = dataclasses.replace(spec, server=url, announce=True)
        remember_host(self.ctx, self.choices())
        nav_of(self.ctx).host_table(spec)

    def choices(self) -> HostChoices:
        """What the screen shows, to be shown again (forms.remember_host)."""
        typed = self.server_value if self.server_field is None else self.server_field.value
        return HostChoices(
            name=self.name_field.value.strip()[:NAME_LIMIT], preset=self.spec_preset,
            hands=self.spec_hands, bots=self.spec_bots, turn=self.spec_turn,
            settle=self.spec_settle, announce=self.spec_announce, on_server=self.on_server,
            server=typed.strip()[:ADDRESS_LIMIT],
        )  # fmt: skip

    def draw_content(self, surface: pygame.Surface) -> None:
        for key, y in self.rows:
            blit_text(
                surface,
                self.t(key),
                self.px(18),
                pal.GOLD_LIGHT,
                (self.label_x, y + self.px(20)),
                "midleft",
                True,
            )
        note = self.t("net.host_note_server" if self.on_server else "net.host_note")
        size = self.px(15)
        y = self.note_top()
        for line in wrap_text(note, size, self.px(900)):
            blit_text(surface, line, size, pal.UI_TEXT_DIM, (self.w // 2, y), "midtop")
            y += round(size * 1.4)


class JoinScene(MenuScene):
    """Tables found on the local network, or an address and a room code."""

    title_key = "net.join"

    def note_top(self) -> int:
        """Where the note at the foot of the screen starts."""
        return self.h - self.px(80)

    def toast_bottom(self) -> int:  # a bad address or code is told above the note
        return self.note_top() - self.px(10)

    def __init__(self, ctx: MenuContext, *, browse: bool = True) -> None:
        """``browse``: look for tables on the local network (zeroconf)."""
        c = join_choices(ctx)  # the name and address last joined with (forms.remember_join)
        self.name_value = c.name  # "": the default name (the placeholder)
        self.address_value = c.address
        self.code_value = ""
        self.browser: TableBrowser | None = None
        self.browse = browse
        self.browse_error = False
        self.searched = 0.0  # seconds spent looking with nothing found (LAN_QUIET_S)
        self._shown: list[FoundTable] = []
        super().__init__(ctx)

    def start_browsing(self) -> None:
        """Look for the local network's tables — only while this screen is on top (from its
        first frame there): covered by a table, or closed from below by a Main menu that
        never comes back through it, it kept looking for the rest of the game."""
        if self.browse and self.browser is None and not self.browse_error:
            browser = TableBrowser()
            try:
                browser.start()
            except (OSError, RuntimeError):
                browser.close()
                self.browse_error = True
            else:
                self.browser = browser

    def on_exit(self) -> None:
        # what went wrong with the last try is not news once the next one is under way (it
        # came back, its seconds frozen, when the player left a table joined since)
        self.toast = None
        self.stop_browsing()
        super().on_exit()

    def close(self) -> None:
        self.stop_browsing()
        super().close()

    def stop_browsing(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def found(self) -> list[FoundTable]:
        return [] if self.browser is None else self.browser.tables()[:_MAX_FOUND]

    def build(self) -> None:
        self.add_back_button()
        lx, x = self.px(140), self.px(330)
        w, h = self.px(330), self.px(40)
        y = self.px(110)
        self.name_field = TextField(
            pygame.Rect(x, y, w, h),
            self.name_value,
            name="name",
            placeholder=default_name(self.ctx),  # typing replaces it, as a name should
            limit=NAME_LIMIT,
            allowed=name_char_ok,  # what everyone's font can show (widgets.shown_name)
            on_refuse=partial(refused_char, self),
            font_size=self.px(18),
            on_submit=partial(self.move_focus, 1),  # Enter: on to the address
        )
        self.controls.append(self.name_field)
        self.labels: list[tuple[str, int, int]] = [("net.your_name", lx, y)]
        # typed in: an address and a room code
        y2 = self.px(230)
        self.address_field = TextField(
            pygame.Rect(x, y2, w, h),
            self.address_value,
            name="address",
            placeholder=f"192.168.1.20:{DEFAULT_PORT}",
            limit=ADDRESS_LIMIT,
            font_size=self.px(18),
            on_submit=partial(self.move_focus, 1),  # Enter: on to the room code
        )
        self.code_field = TextField(
            pygame.Rect(x, y2 + self.px(60), w, h),
            self.code_value,
            name="code",
            placeholder="ABC234",
            limit=12,
            allowed=lambda ch: ch in _CODE_CHARS,
            font_size=self.px(18),
            on_submit=self.join_typed,  # Enter after the code joins, as "go" would
        )
        self.controls += [self.address_field, self.code_field]
        self.labels += [("net.address", lx, y2), ("net.code", lx, y2 + self.px(60))]
        self.controls.append(
            Button(
                pygame.Rect(x, y2 + self.px(124), w, self.px(48)),
                self.t("net.join_typed"),
                self.join_typed,
                name="go",
                style="primary",
                font_size=self.px(19),
            )
        )
        # the local network's tables, on the right
        self.list_rect = pygame.Rect(self.px(720), self.px(110), self.px(460), self.px(500))
        self._shown = self.found()
        held = self.held_seats() if self._shown else {}
        by = self.list_rect.y + self.px(50)
        for i, table in enumerate(self._shown):
            rect = pygame.Rect(
                self.list_rect.x + self.px(16), by, self.list_rect.w - self.px(32), self.px(58)
            )
            mine = table.compatible and table.ticket in held
            button = Button(
                rect,
                self._table_label(table, mine),
                partial(self.join_found, table),
                name=f"found{i}",
                font_size=self.px(16),
            )
            # full only because it holds this player's seat: theirs to take back (it was
            # shown disabled, and a guest who joined from the list had no way back in)
            button.enabled = table.joinable or mine
            self.controls.append(button)
            by += self.px(70)
        if self.focus < 0:
            # typing the address is what this screen asks for first; once it is known (back
            # after a try, or kept from the last visit) the room code, then Enter joins
            # again. A table found on the network is a Tab away.
            first = "code" if not self.code_value.strip() else "go"
            self.focus_named("address" if not self.address_value.strip() else first)

    def held_seats(self) -> dict[str, str | None]:
        """The local network's tables where this game holds a seat (session.held_tickets)."""
        return held_tickets(data_dir(self.ctx.directory) / SEAT_FILE_NAME)

    def _table_label(self, table: FoundTable, mine: bool = False) -> str:
        name = table_name(table.name, table.owner, self.lang)
        if not table.compatible:
            return self.t("net.found_other_version", name=name)
        free = table.free
        seats = self.tn("net.free_seats", free, n=free) if free > 0 else self.t("net.full")
        parts = [name, self.t("net.your_seat") if mine else seats]
        if table.preset in TABLE_PRESETS:  # one this game does not know is left unnamed
            parts.append(self.t(f"preset.{table.preset}"))
        return " · ".join(parts)

    def rebuild(self) -> None:
        self._remember()  # what was typed outlives a resize or a new table found
        super().rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        for field in (self.name_field, self.address_field, self.code_field):
            field.end_frame()
        self.start_browsing()
        if self.browser is not None and self.found() != self._shown:
            self.rebuild()
        if self.browser is not None and not self._shown:
            self.searched += dt

    def player_name(self) -> str:
        return (self.name_field.value.strip() or default_name(self.ctx))[:NAME_LIMIT]

    def join_typed(self) -> None:
        url = parse_address(self.address_field.value)
        code = self.code_field.value.strip()
        if not self.address_field.value.strip():
            self.show_toast(self.t("net.no_address"), WARN, 5.0)
            return
        if url is None:
            self.show_toast(self.t("net.bad_address"), WARN, 5.0)
            return
        if not code:  # asked for, not called malformed
            self.show_toast(self.t("net.no_code"), WARN, 5.0)
            return
        if not 4 <= len(code) <= 12:
            self.show_toast(self.t("net.bad_code"), WARN, 5.0)
            return
        self._remember()
        remember_join(self.ctx, self.name_value, self.address_value)
        nav_of(self.ctx).join_table(url, self.player_name(), code=code)

    def join_found(self, table: FoundTable) -> None:
        """Sit at a table of the list: back in this game's seat there when it holds one —
        under the name it sat down with, unless another name is typed."""
        self._remember()
        remember_join(self.ctx, self.name_value)  # the address typed was not used
        name = self.player_name()
        if not self.name_field.value.strip():
            name = self.held_seats().get(table.ticket) or name
        nav_of(self.ctx).join_table(table.url, name, ticket=table.ticket)

    def _remember(self) -> None:
        self.name_value = self.name_field.value
        self.address_value = self.address_field.value
        self.code_value = self.code_field.value

    def draw_content(self, surface: pygame.Surface) -> None:
        for key, x, y in self.labels:
            blit_text(
                surface,
                self.t(key),
                self.px(18),
                pal.GOLD_LIGHT,
                (x, y + self.px(20)),
                "midleft",
                True,
            )
        panel(surface, self.list_rect)
        head = self.t("net.lan_tables")
        blit_text(
            surface,
            head,
            self.px(19),
            pal.GOLD_LIGHT,
            (self.list_rect.x + self.px(16), self.list_rect.y + self.px(14)),
            "topleft",
            True,
        )
        if not self._shown:
            key = "net.lan_unavailable" if self.browse_error else "net.lan_searching"
            if not self.browse_error and self.searched >= LAN_QUIET_S:
                key = "net.lan_none"  # still looking; the address is the way on
            inner = pygame.Rect(
                self.list_rect.x + self.px(16),
                self.list_rect.y + self.px(56),
                self.list_rect.w - self.px(32),
                self.px(200),
            )
            _text_block(self, surface, self.t(key), inner)
        note = self.t("net.join_note")
        size = self.px(15)
        y = self.note_top()
        for line in wrap_text(note, size, self.px(1000)):
            blit_text(surface, line, size, pal.UI_TEXT_DIM, (self.w // 2, y), "midtop")
            y += round(size * 1.4)


class NetLobbyScene(MenuScene):
    """The room before its match, between hands and after it: the code, the seats, Start
    (the host). The table opens as soon as a hand is dealt; a lost table closes this screen
    and the menu below says why. After the last hand it is the final standings: the seats
    ranked by the match's points, the winner (or those sharing first place) named. What it
    says and where is :mod:`game.net.lobby_view`'s: a waiting room, the code large, Copy
    beside it, the seats as cards round the table."""

    @property
    def title_key(self) -> str:  # type: ignore[override]
        room = self.session.room
        return "net.standings" if room is not None and room.phase == "over" else "net.lobby"

    def __init__(self, ctx: MenuContext, session: NetSession) -> None:
        self.session = session
        self._sig: object = None
        self.confirming = False  # asking the host whether to close the table for everyone
        # Start was pressed and its answer (the deal, or a refusal) has not come: the
        # connection as it was then (NetSession.drops, .retrying). A second press sent a
        # second start, refused as "That cannot be done now." over the first hand.
        self._starting: tuple[int, bool] | None = None
        self.copy_button: Button | None = None  # Copy: the room code on the clipboard
        super().__init__(ctx)

    @property
    def hosts_others(self) -> bool:
        """This game hosts the table (its server runs here) and a friend sits at it: leaving
        closes it for them too."""
        s, room = self.session, self.session.room
        if s.hosted is None or room is None:
            return False
        return any(state.human and state.seat != s.seat for state in room.seats)

    def close(self) -> None:
        """Back (Leave, Esc): the seat is given up (its bot plays on for the others). When
        this game hosts friends it asks first, as the pause menu and the settlement's Main
        menu do: Leave here closed the table for everyone at once. Esc while asking stays."""
        if self.confirming:
            self.stay()
        elif self.hosts_others:
            self.confirming = True
            self.focus = -1
            self.rebuild()
        else:
            self.leave_now()

    def stay(self) -> None:
        """The host's no: the table stays open."""
        self.confirming = False
        self.focus = -1
        self.rebuild()

    def leave_now(self) -> None:
        self.confirming = False
        self.session.close()
        super().close()

    def on_exit(self) -> None:
        # covered by the table: what the lobby was saying is old news by the time it shows
        # again ("Bob sat down." came back over the final standings); news that arrives
        # meanwhile is told at the table
        self.toast = None
        if self.confirming:  # the next hand was dealt meanwhile: the question is dropped
            self.stay()
        super().on_exit()

    def _question_box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.px(640), self.px(330))
        box.center = (self.w // 2, self.h // 2)
        return box

    def _build_question(self) -> None:
        self.controls += answer_buttons(
            self._question_box(),
            self.px,
            (self.t("net.close.stay"), self.stay, "stay"),
            (self.t("pause.host.yes"), self.leave_now, "go"),
        )
        self.focus_named("stay")

    def build(self) -> None:
        if self.confirming:
            self._build_question()
            return
        back = self.add_back_button()
        back.label = "‹ " + self.t("net.leave")
        s = self.session
        room = s.room
        self.start_button: Button | None = None
        self.copy_button = None
        copy = self.layout().copy if room is not None else None
        if copy is not None:
            label = self.t("net.lobby.copy")
            self.copy_button = Button(
                copy, label, self.copy_code, name="copy", font_size=self.px(16)
            )
            self.controls.append(self.copy_button)
        if room is not None and s.is_host and room.phase in ("lobby", "over"):
            key = "net.start" if room.phase == "lobby" else "net.again"
            self.start_button = Button(
                pygame.Rect(
                    self.w // 2 - self.px(160), self.h - self.px(150), self.px(320), self.px(54)
                ),
                self.t(key),
                self.start,
                name="start",
                style="primary",
                font_size=self.px(21),
            )
            self.start_button.enabled = self._starting is None
            self.controls.append(self.start_button)
            if self.focus < 0:
                self.focus_named("start")

    def start(self) -> None:
        """The host's Start (or Play again): sent once; the button waits for the answer."""
        if self._starting is not None:
            return
        s = self.session
        self._starting = (s.drops, s.retrying)
        s.client.start_match()
        if self.start_button is not None:
            self.start_button.enabled = False

    def _start_answered(self, refused: bool) -> None:
        """Start may be pressed again: refused, or the connection it went on dropped (or came
        back, for a press while it was down: a message sent then is not delivered)."""
        s = self.session
        if self._starting is not None and (refused or self._starting != (s.drops, s.retrying)):
            self._starting = None
            if self.start_button is not None:
                self.start_button.enabled = True

    def _signature(self) -> object:
        s = self.session
        room = s.room
        return (room.phase if room else None, s.is_host, s.lang)

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        s.lang = self.lang
        s.pump()
        problems = s.take_problems()
        for problem in problems:
            if not problem.fatal:
                self.show_toast(problem.text, WARN, 5.0)
        self._start_answered(refused=bool(problems))
        if s.lost is not None:
            self.leave_with(s.lost.text)
            return
        news = watch(s).take(s.room, s.seat)  # told here, or at the table when it shows
        if news:
            name_w = self.name_width()
            text = " ".join(
                news_text(n, self.lang, self.seat_name_shown(n.name, name_w)) for n in news
            )
            warn = any(n.kind in WARNING_KINDS for n in news)
            self.show_toast(text, WARN if warn else pal.GOLD_LIGHT, 6.0)
        if self._signature() != self._sig:
            self._sig = self._signature()
            self._starting = None  # dealt (or no longer the host's to press)
            self.rebuild()
        if self.copy_button is not None and not self.confirming:  # the box moves as it says more
            self.copy_button.rect = self.layout().copy or self.copy_button.rect
        top = self.stack.top if self.stack is not None else None
        if top is self and s.next_update() is not None:
            nav_of(self.ctx).open_net_table(s)

    def leave_with(self, text: str) -> None:
        """Close the lobby and tell the menu below why."""
        self.session.close()
        stack = self.stack
        if stack is None:
            return
        if stack.top is self:
            stack.pop()
        below = stack.top
        if isinstance(below, MenuScene):
            below.show_toast(text, WARN, 8.0)

    def name_width(self) -> int:
        """How wide a player's name may be in the seat list: a long one is cut short with an
        ellipsis so that the seat stays on one line with its wind, host mark and points."""
        return self.px(250)

    def seat_name_shown(self, name: str, width: int, bold: bool = False) -> str:
        """A player's name as the lobby shows it: drawable (widgets.shown_name) and no wider
        than ``width``."""
        return elide(shown_name(name), self.px(19), width, self.lang, bold)

    def lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the lobby says, top to bottom: (text, colour, bold) (lobby_view.lobby_lines)."""
        return lobby_lines(self)

    def layout(self) -> LobbyLayout:
        """Where the box, the code, the seats' cards and every line go (lobby_view)."""
        return lobby_layout(self, self.t("net.lobby.copy"))

    def copy_code(self) -> None:
        """Copy: the room code (and where friends reach the table) on the clipboard, or the
        player told that there is no clipboard to put it on."""
        words = lobby_words(self)
        if words is None:
            return
        said = [self.t("net.room_code", code=words.code)]
        said += [self.t("net.address_is", address=a) for a in words.addresses]
        if copy_text("\n".join(said)):
            key = "net.lobby.copied" if words.addresses else "net.lobby.copied_code"
            self.show_toast(self.t(key), pal.GOLD_LIGHT, 4.0)
        else:
            self.show_toast(self.t("net.lobby.copy_failed"), WARN, 6.0)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_lobby(surface, self, self.layout())
        if self.confirming:
            self._draw_question(surface)

    def _draw_question(self, surface: pygame.Surface) -> None:
        """Close the table for everyone? — over the dimmed lobby, under its two answers."""
        surface.blit(dim_layer(surface.get_size(), 150), (0, 0))
        box = self._question_box()
        panel(surface, box, fill=(16, 52, 36, 240))
        title = outlined_text(self.t("pause.host.title"), self.px(30), pal.GOLD_LIGHT, (60, 30, 10))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + self.px(22))))
        rect = pygame.Rect(
            box.x + self.px(34), box.y + self.px(82), box.w - self.px(68), box.h - self.px(170)
        )
        blit_paragraph(surface, self.t("net.close.body"), self.px(18), pal.IVORY_TEXT, rect)
