"""The new-game scene: a rules preset (RULES.md §9), the table (four, three or two players
and the wall's suits: 三人两房, 两人一房 …, with a sentence on the room), every option of §9.1
(scrollable, each with its name and one-line explanation from ``engine.rules.OPTION_INFO``),
the bots' level per seat there is, the match length and items on/off.

Choosing a preset resets every option to it; an option that differs from the preset is
marked in gold. Start checks the rules with ``RuleSet.with_overrides``, remembers the choice
for Quick play (saved settings) and asks the navigator to start a match with that
:class:`~game.match_config.MatchConfig`.

Every control, each option row too, takes the keyboard focus in reading order (the list
scrolls to the focused row): ←/→ change it, Enter flips a switch or opens a list.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial

import pygame

from engine.round import table_place
from engine.rules import OPTION_INFO, OPTION_NAMES, RuleSet, UnknownOptionError, get_preset
from game import i18n
from game import palette as pal
from game.fonts import get_font
from game.input import Command, InputEvent, InputKind
from game.match_config import (
    BOT_CHOICES,
    HAND_CHOICES,
    MatchConfig,
    option_choices,
    option_token,
    room_sentence,
    suits_label,
)
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import HIDDEN_OPTIONS, TABLE_PRESETS, save_settings
from game.ui.controls import (
    CHANGED,
    Button,
    Choice,
    Control,
    ScrollArea,
    Segmented,
    Toggle,
    click,
)
from game.ui.draw import panel
from game.ui.text import (
    MIN_TEXT,
    blit_paragraph,
    blit_text,
    elide,
    one_line_size,
    render_text,
    wrap_text,
)

__all__ = ["ROOMS", "NewGameScene"]

log = logging.getLogger(__name__)

ROOMS = ("4.3", "3.2", "3.3", "2.2", "2.1")
"""The tables offered (players.suits): 四人, 三人两房, 三人三房, 两人两房, 两人一房."""
_ROOM_SUITS = {3: "mps", 2: "ps", 1: "m"}  # two suits leave out 万, one keeps 万 (the apps')
MIN_NAME = 12  # an option's name and a drop-down's value are never drawn smaller
MIN_HELP = MIN_TEXT  # nor an option's explanation
HELP_LINES = 2  # an explanation wraps to this many lines; the last is cut short past that
_POINT_SEP = " · "  # between the points of a preset's summary (game.strings)
_CLASH = (255, 150, 120)  # options that cannot be played together: said in this colour


def _choice_inset(font_size: int) -> int:
    """How much narrower than its box a drop-down draws its value: the arrow and the
    margins, grown with the font as :meth:`game.ui.controls.Choice.draw` grows them."""
    return round(34 * max(1.0, font_size / 16))


@dataclass(frozen=True)
class _RowText:
    """An option row's words as drawn: its name (at ``name_size``, cut short only if even
    MIN_NAME is too wide), the preset's value in brackets when it was changed (after the
    "changed" tag, cut short to the room left), its explanation wrapped to at most HELP_LINES
    lines at ``help_size``, and the row's height, a line taller for each line more."""

    name: str
    name_size: int
    was: str
    help: list[str]
    help_size: int
    height: int


def _sections() -> list[tuple[str, list[str]]]:
    base = [n for n in OPTION_NAMES if n not in HIDDEN_OPTIONS]
    fans = [n for n in OPTION_INFO if n.startswith("fan.")]
    extras = [n for n in OPTION_INFO if n.startswith("extra.")]
    return [("rules", base), ("fan", fans), ("extra", extras)]


class NewGameScene(MenuScene):
    """Pick the rules, bots and length, then start."""

    title_key = "new.title"

    def __init__(self, ctx: MenuContext) -> None:
        s = ctx.settings
        self.preset = s.preset if s.preset in TABLE_PRESETS else "standard"
        self.values: dict[str, str] = {}
        self.bots: list[str] = [b if b in BOT_CHOICES else "normal" for b in s.bots]
        self.hands: int | None = s.hands  # the last length chosen (Settings checked it)
        self.scroll: ScrollArea | None = None
        # ("header"|"option", key, content y, height)
        self.rows: list[tuple[str, str, int, int]] = []
        self.row_controls: dict[str, Control] = {}
        self.row_text: dict[str, _RowText] = {}
        self._load_values(
            get_preset(self.preset).with_overrides(list(s.overrides))
            if s.overrides
            else get_preset(self.preset)
        )
        super().__init__(ctx)

    # --- model --------------------------------------------------------------------------

    def _load_values(self, rules: RuleSet) -> None:
        data = rules.to_dict()
        self.values = {name: option_token(name, data[name]) for name in OPTION_INFO}

    def preset_values(self) -> dict[str, str]:
        data = get_preset(self.preset).to_dict()
        return {name: option_token(name, data[name]) for name in OPTION_INFO}

    def overrides(self) -> tuple[str, ...]:
        base = self.preset_values()
        return tuple(f"{n}={v}" for n, v in self.values.items() if base[n] != v)

    def config(self) -> MatchConfig:
        return MatchConfig(
            self.preset, self.overrides(), (self.bots[0], self.bots[1], self.bots[2]), self.hands
        )

    def set_preset(self, name: str) -> None:
        self.preset = name
        self._load_values(get_preset(name))
        self.rebuild()

    def room(self) -> str:
        """The table the options make now (players.suits), as :data:`ROOMS` names them (the
        Suits and Players rows can make one that is not among them: 四人两房)."""
        return f"{self.values['players']}.{len(self.values['suits'])}"

    def set_room(self, room: str) -> None:
        """Seat ``room``: players and suits, 定缺 with all three suits only, and 清一色 worth
        nothing extra with one suit (every hand is one; docs/rules-short-handed.md)."""
        players, suits = (int(p) for p in room.split("."))
        self.values["players"] = str(players)
        self.values["suits"] = _ROOM_SUITS[suits]
        base = self.preset_values()
        if suits == 3:
            self.values["declare_void"] = "on"
        else:
            self.values["declare_void"] = "off"
            self.values["must_discard_void_first"] = "off"
        self.values["qing_yi_se_bonus"] = "off" if suits == 1 else base["qing_yi_se_bonus"]
        if suits == 3 and base["declare_void"] == "on":
            self.values["must_discard_void_first"] = base["must_discard_void_first"]
        self.rebuild()

    def players(self) -> int:
        return int(self.values["players"])

    def rules_now(self) -> RuleSet | None:
        """The rules the screen shows, or None while they are not a valid set."""
        try:
            return self.config().rules()
        except UnknownOptionError:
            return None

    def clash(self, short: bool = False) -> str | None:
        """Why the options cannot be played together, in the player's words; None if they
        can. Every value a row offers is one the engine takes on its own, so the one clash
        the rows can make is a wall too small for its players (one suit for three or four:
        docs/rules-short-handed.md; tests/test_new_game_clash.py checks both). ``short``:
        the words under the Table box, two lines; else the whole sentence, for Start."""
        try:
            self.config().rules()
        except UnknownOptionError as exc:
            if exc.kind == "too_few_tiles":
                key = "new.too_few_tiles.short" if short else "new.too_few_tiles"
                return i18n.tn(key, self.lang, exc.values["suits"], **exc.values)
            log.warning("new game: options refused: %s", exc)  # the engine's words, for us
            return self.t("new.invalid")
        return None

    def set_option(self, name: str, token: str) -> None:
        self.values[name] = token
        self.rebuild()

    def toast_bottom(self) -> int:
        """What went wrong shows above Reset and Start (it covered Start)."""
        return getattr(self, "buttons_top", self.h) - self.px(10)

    def reset(self) -> None:
        self.set_preset(self.preset)

    def start(self) -> None:
        why = self.clash()
        if why is not None:
            self.show_toast(why, _CLASH, 6.0)
            return
        config = self.config()
        s = self.ctx.settings
        s.preset, s.overrides, s.bots = config.preset, config.overrides, config.bots
        s.hands = config.hands
        for name in ("preset", "overrides", "bots", "hands"):
            s.run_only.pop(name, None)  # chosen here, whatever the flags said
        save_settings(s, self.ctx.directory)
        self.ctx.nav.settings_changed(s)
        self.ctx.nav.new_match(config)

    # --- building -----------------------------------------------------------------------

    def build(self) -> None:
        self.add_back_button()
        px = self.px
        left = pygame.Rect(px(24), px(78), px(380), self.h - px(78) - px(24))
        self.left_rect = left
        x0, y = left.x + px(16), left.y + px(46)
        bw, bh, gap = (left.w - px(32) - px(10)) // 2, px(38), px(8)
        preset_rows = (len(TABLE_PRESETS) + 1) // 2
        # the preset's summary: one line, else as many as it takes when the column has room
        # for them, the preset buttons a little shorter if that makes it (at 1024×640 its
        # last points were dropped); else as many of its points as fit one line. The
        # buttons and the room for the summary are laid out for the longest summary at a
        # four-seat table, so that choosing another preset moves nothing under the pointer
        # (the buttons grew and shrank by a few pixels from one preset to the next)
        below = px(80) + px(30) + 3 * px(42) + px(34) + px(50) + px(30)
        spare = left.bottom - px(64) - px(12) - (y + preset_rows * (bh + gap) + px(34) + below)
        width = left.w - px(32)

        def extra(summary: tuple[list[str], int]) -> int:
            return (len(summary[0]) - 1) * get_font(summary[1]).get_linesize()

        extras = [extra(self._preset_summary(width, p)) for p in TABLE_PRESETS]
        if max(extras) > spare:
            shorter = bh - -(-(max(extras) - spare) // preset_rows)
            if shorter >= px(32):
                bh = shorter
                spare = max(extras)
        summary = self._preset_summary(width)
        if extra(summary) > spare:  # one line of its points
            summary = self._preset_points(width), MIN_HELP
        self.preset_desc = summary
        # the room for the summary's lines past its first: the most any preset shows
        self.preset_desc_room = max((e for e in extras if e <= spare), default=0)
        for i, name in enumerate(TABLE_PRESETS):
            row, col = divmod(i, 2)
            rect = pygame.Rect(x0 + col * (bw + px(10)), y + row * (bh + gap), bw, bh)
            self.controls.append(
                Button(
                    rect,
                    self.t(f"preset.{name}"),
                    partial(self.set_preset, name),
                    name=f"preset.{name}",
                    selected=name == self.preset,
                    font_size=px(16),
                )
            )
        y += preset_rows * (bh + gap) + px(34)
        self.preset_desc_y = y - px(28)
        y += self.preset_desc_room
        lw = px(70)
        room_rect = pygame.Rect(x0 + lw, y, left.w - px(32) - lw, px(34))
        room = self.room()
        rooms = list(ROOMS) if room in ROOMS else [*ROOMS, room]  # the table made, always
        self.room_choice = Choice(
            room_rect,
            rooms,
            [self._room_label(r, px(15), room_rect.w - _choice_inset(px(15))) for r in rooms],
            room,
            self.set_room,
            name="room",
            font_size=px(15),
            screen_h=self.h,
        )
        self.controls.append(self.room_choice)
        self.room_desc_y = y + px(40)
        y += px(40) + px(40) + px(30)
        self.bots_y = y - px(30)
        labels = [self.t(f"bot.{b}") for b in BOT_CHOICES]
        players = self.players()
        for row, seat in enumerate(range(1, players)):
            rect = pygame.Rect(x0 + lw, y + row * px(42), left.w - px(32) - lw, px(34))
            self.controls.append(
                Segmented(
                    rect,
                    BOT_CHOICES,
                    labels,
                    self.bots[seat - 1],
                    partial(self._set_bot, seat - 1),
                    name=f"bot.{seat}",
                    font_size=px(15),
                )
            )
        y += (players - 1) * px(42) + px(34)
        self.length_y = y - px(30)
        hand_labels = [
            self.tn("new.hands", n, n=n) if n else self.t("length.until_out") for n in HAND_CHOICES
        ]
        self.controls.append(
            Choice(
                pygame.Rect(x0, y, left.w - px(32), px(34)),
                [str(n) for n in HAND_CHOICES],
                hand_labels,
                str(self.hands),
                self._set_hands,
                name="hands",
                font_size=px(15),
                screen_h=self.h,
            )
        )
        y += px(50)
        self.items_y = y
        self.items_toggle = Toggle(
            pygame.Rect(left.right - px(16) - px(64), y, px(64), px(30)),
            self.values["items"] == "on",
            lambda v: self.set_option("items", "on" if v else "off"),
            name="items",
        )
        self.controls.append(self.items_toggle)
        by = left.bottom - px(16) - px(48)
        half = (left.w - px(32) - px(10)) // 2
        self.buttons_top = by
        self.controls.append(
            Button(
                pygame.Rect(x0, by, half, px(48)),
                self.t("new.reset"),
                self.reset,
                name="reset",
                font_size=px(16),
            )
        )
        self.controls.append(
            Button(
                pygame.Rect(x0 + half + px(10), by, half, px(48)),
                self.t("new.start"),
                self.start,
                name="start",
                style="primary",
                font_size=px(20),
            )
        )
        # the option list
        right = pygame.Rect(
            left.right + px(20), px(78), self.w - left.right - px(44), self.h - px(78) - px(24)
        )
        self.right_rect = right
        area = pygame.Rect(right.x + px(8), right.y + px(62), right.w - px(16), right.h - px(70))
        old = self.scroll.offset if self.scroll is not None else 0
        self.scroll = ScrollArea(area)
        self.rows = []
        self.row_controls = {}
        self.row_text = {}
        y = 0
        head_h = px(36)
        preset_vals = self.preset_values()
        for section, names in _sections():
            self.rows.append(("header", section, y, head_h))
            y += head_h
            for name in names:
                token = self.values[name]
                info = OPTION_INFO[name]
                if info.values == ("on", "off"):
                    ctl: Control = Toggle(
                        pygame.Rect(0, 0, px(64), px(30)),
                        token == "on",
                        partial(self._set_toggle, name),
                        name=f"option.{name}",
                    )
                else:
                    choices = option_choices(name, token, preset_vals[name])
                    width, labels = self._choice_fit([self.value_label(name, c) for c in choices])
                    ctl = Choice(
                        pygame.Rect(0, 0, width, px(32)),
                        choices,
                        labels,
                        token,
                        partial(self.set_option, name),
                        name=f"option.{name}",
                        font_size=px(15),
                        screen_h=self.h,
                    )
                self.row_controls[name] = ctl
                text = self._row_words(name, ctl.rect.w, area.w)
                self.row_text[name] = text
                self.rows.append(("option", name, y, text.height))
                y += text.height
        self.scroll.content_h = y + px(8)
        self.scroll.offset = min(old, self.scroll.max_offset)
        self._place_rows()
        if self.focus < 0:
            self.focus_named("start")

    def _preset_summary(self, width: int, preset: str | None = None) -> tuple[list[str], int]:
        """The summary of ``preset`` (the chosen one by default: its points joined by
        " · ") ``width`` wide, and its size: on one line at px(14) or a little smaller,
        never below MIN_HELP; else wrapped at MIN_HELP."""
        text = self.t(f"preset.desc.{preset or self.preset}")
        top = max(MIN_HELP, self.px(14))
        size = one_line_size(text, top, width, top - MIN_HELP)
        if size is not None:
            return [text], size
        # broken between its points, each whole on its line (a plain wrap split the last:
        # "self-draw" / "+base", "一家胡牌即结" / "束"); a point wider than a line wraps alone
        font = get_font(MIN_HELP)
        lines: list[str] = []
        for point in text.split(_POINT_SEP):
            joined = lines[-1] + _POINT_SEP + point if lines else point
            if lines and font.size(joined)[0] <= width:
                lines[-1] = joined
            elif font.size(point)[0] <= width:
                lines.append(point)
            else:
                lines.extend(wrap_text(point, MIN_HELP, width))
        return lines, MIN_HELP

    def _preset_points(self, width: int) -> list[str]:
        """As many of the preset's points as fit one line ``width`` wide, and a mark that
        there are more (where the column has no room for a second line)."""
        text = self.t(f"preset.desc.{self.preset}")
        font = get_font(MIN_HELP)
        parts = text.split(_POINT_SEP)
        mark = "…" if self.lang == "zh" else " ..."
        while len(parts) > 1 and font.size(_POINT_SEP.join(parts) + mark)[0] > width:
            parts.pop()
        short = _POINT_SEP.join(parts) + mark
        if font.size(short)[0] > width:  # one point alone too wide: cut it short
            short = elide(text, MIN_HELP, width, self.lang)
        return [short]

    def _choice_fit(self, labels: list[str]) -> tuple[int, list[str]]:
        """An option's drop-down: as wide as its widest value needs (Characters, Dots and
        Bamboo was squeezed to 8 px at 1024×640), from px(180) up to px(260), and the values,
        cut short if even that is not enough."""
        px = self.px
        size = max(MIN_NAME, px(15))
        font = get_font(size)
        inset = _choice_inset(px(15))
        need = max(font.size(label)[0] for label in labels) + inset + px(4)
        width = min(max(px(180), need), px(260))
        return width, [elide(label, size, width - inset, self.lang) for label in labels]

    def _row_words(self, name: str, control_w: int, area_w: int) -> _RowText:
        """The name and explanation of option ``name`` laid out left of its control (and of
        the preset's value, in brackets, when it was changed): nothing squeezed."""
        px = self.px
        info = OPTION_INFO[name]
        lang = self.lang
        base = self.preset_values()[name]
        changed = self.values[name] != base
        text_w = area_w - px(22) - control_w - px(16) - px(14)  # the control's left, a gap
        title = info.zh if lang == "zh" else info.en
        small = max(MIN_HELP, px(12))  # the tag's and the preset value's size
        name_w = text_w
        if changed:  # the "changed" tag after the name
            name_w -= get_font(small, True).size(self.t("new.changed"))[0] + px(20)
        name_size = one_line_size(title, px(17), name_w, px(17) - MIN_NAME, True)
        if name_size is None:
            name_size = MIN_NAME
            title = elide(title, name_size, name_w, lang, True)
        was = ""
        if changed:  # what is left of the name's line, after a gap
            room = name_w - get_font(name_size, True).size(title)[0] - px(10)
            was = elide(f"({self.value_label(name, base)})", small, room, lang)
        help_size = max(MIN_HELP, px(13))
        explanation = info.help_zh if lang == "zh" else info.help_en
        lines = wrap_text(explanation, help_size, text_w)
        if len(lines) > HELP_LINES:  # the rest on the last line, cut short
            joiner = "" if lang == "zh" else " "
            rest = joiner.join(lines[HELP_LINES - 1 :])
            lines = [*lines[: HELP_LINES - 1], elide(rest, help_size, text_w, lang)]
        step = get_font(help_size).get_linesize()
        height = px(58) + (len(lines) - 1) * step
        return _RowText(title, name_size, was, lines, help_size, height)

    def _room_label(self, room: str, size: int, width: int) -> str:
        """How the Table list names ``room``: one of :data:`ROOMS` by its name, another (the
        Suits or Players row made it: 四人两房) as a custom table, cut short if it must be."""
        name = self.t(f"room.name.{room}")
        if room in ROOMS:
            return name
        return elide(self.t("new.room.custom", room=name), size, width, self.lang)

    def value_label(self, name: str, token: str) -> str:
        if token.lstrip("-").isdigit():
            return token
        if name == "suits":
            return suits_label(token, self.lang)
        if name == "self_draw_bonus" and token == "none":
            return self.t("val.no_bonus")
        if name.startswith("fan.") and token == "off":
            return self.t("val.pattern_off")
        return self.t(f"val.{token}")

    def _set_toggle(self, name: str, value: bool) -> None:
        self.set_option(name, "on" if value else "off")

    def _set_bot(self, seat: int, value: str) -> None:
        self.bots[seat] = value

    def _set_hands(self, value: str) -> None:
        self.hands = None if value == "None" else int(value)

    def _place_rows(self) -> None:
        """Move the row controls to where their rows are scrolled to."""
        assert self.scroll is not None
        area = self.scroll.rect
        for kind, key, y, h in self.rows:
            if kind != "option":
                continue
            ctl = self.row_controls[key]
            top = area.y + y - self.scroll.offset
            ctl.rect.midright = (area.right - self.px(22), top + h // 2)
            ctl.visible = area.contains(ctl.rect)

    # --- focus --------------------------------------------------------------------------

    def focus_order(self) -> list[Control]:
        """The left column top to bottom (Start last), then every option row, scrolled to
        when it takes the focus."""
        rows = [c for c in self.row_controls.values() if c.enabled]
        return [*super().focus_order(), *rows]

    def focus_moved(self, control: Control) -> None:
        """Scroll an option row with the focus into view (its section's header too, when it
        is the section's first row)."""
        assert self.scroll is not None
        for i, (kind, key, y, h) in enumerate(self.rows):
            if kind == "option" and self.row_controls[key] is control:
                top = self.rows[i - 1][2] if self.rows[i - 1][0] == "header" else y
                self.scroll.reveal(top, y + h)
                self._place_rows()
                return

    # --- input --------------------------------------------------------------------------

    def handle_first(self, ev: InputEvent) -> bool:
        assert self.scroll is not None
        for ctl in self.row_controls.values():
            if isinstance(ctl, Choice) and ctl.open:
                ctl.handle(ev)
                return True
        if ev.kind is InputKind.MOUSE_DOWN:
            for ctl in self.row_controls.values():
                if isinstance(ctl, Choice):
                    ctl.open = False
        if self.scroll.handle(ev):
            self._place_rows()
            return True
        for ctl in self.row_controls.values():
            if ctl.visible and ctl.handle(ev):
                if ev.kind is InputKind.MOUSE_DOWN:
                    self.focus_named(ctl.name)  # the row clicked (rebuilt by now) has the focus
                return True
        return False

    def on_command(self, command: Command) -> None:
        focused = self.focused_control()
        if focused is not None:
            self.focus_moved(focused)  # a row scrolled away by the wheel comes back first
        if command is Command.CONFIRM:
            if not self.activate_focused():  # Enter with no control focused presses Start
                self.start()
                click()
        else:
            super().on_command(command)

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        px = self.px
        left, right = self.left_rect, self.right_rect
        panel(surface, left)
        panel(surface, right)
        x0 = left.x + px(16)
        blit_text(
            surface, self.t("new.preset"), px(19), pal.GOLD_LIGHT, (x0, left.y + px(12)), bold=True
        )
        lines, size = self.preset_desc
        step = get_font(size).get_linesize()
        for i, line in enumerate(lines):
            pos = (x0, self.preset_desc_y + i * step)
            blit_text(surface, line, size, pal.UI_TEXT_DIM, pos)
        room = self.room_choice.rect
        blit_text(
            surface, self.t("new.room"), px(16), pal.IVORY_TEXT, (x0, room.centery), "midleft"
        )
        rules = self.rules_now()
        box = pygame.Rect(x0, self.room_desc_y, left.w - px(32), px(38))
        if rules is not None:
            blit_paragraph(surface, room_sentence(rules, self.lang), px(14), pal.UI_TEXT_DIM, box)
        else:  # what is wrong with the table, where the room is described (Start refuses it)
            why = self.clash(short=True) or ""
            blit_paragraph(surface, why, max(MIN_HELP, px(14)), _CLASH, box)
        blit_text(surface, self.t("new.bots"), px(19), pal.GOLD_LIGHT, (x0, self.bots_y), bold=True)
        players = self.players()
        for seat in range(1, players):
            ctl = next(c for c in self.controls if c.name == f"bot.{seat}")
            blit_text(
                surface,
                self.t(f"new.seat.{table_place(seat, 0, players)}"),
                px(16),
                pal.IVORY_TEXT,
                (x0, ctl.rect.centery),
                "midleft",
            )
        blit_text(
            surface, self.t("new.length"), px(19), pal.GOLD_LIGHT, (x0, self.length_y), bold=True
        )
        label = blit_text(
            surface,
            self.t("new.items"),
            px(19),
            pal.GOLD_LIGHT,
            (x0, self.items_toggle.rect.centery),
            "midleft",
            True,
        )
        items_info = OPTION_INFO["items"]
        size = max(MIN_HELP, px(13))
        text_w = self.items_toggle.rect.x - label.right - px(16)
        text = items_info.help_zh if self.lang == "zh" else items_info.help_en
        pos = (label.right + px(10), label.centery)
        blit_text(
            surface, elide(text, size, text_w, self.lang), size, pal.UI_TEXT_DIM, pos, "midleft"
        )
        self._draw_changes(surface, left)
        # the option list
        assert self.scroll is not None
        head_y = right.y + px(12)
        blit_text(
            surface,
            self.t("new.options"),
            px(19),
            pal.GOLD_LIGHT,
            (right.x + px(16), head_y),
            bold=True,
        )
        n_changed = len(self.overrides())
        if n_changed:
            blit_text(
                surface,
                self.t("new.changed_n", n=n_changed),
                px(15),
                CHANGED,
                (right.right - px(20), head_y + px(2)),
                "topright",
                True,
            )
        blit_text(
            surface,
            self.t("new.options_hint"),
            max(MIN_HELP, px(13)),
            pal.UI_TEXT_DIM,
            (right.x + px(16), head_y + px(28)),
        )
        area = self.scroll.rect
        clip = surface.get_clip()
        surface.set_clip(area)
        preset_vals = self.preset_values()
        for kind, key, y, h in self.rows:
            top = area.y + y - self.scroll.offset
            if top > area.bottom or top + h < area.top:
                continue
            if kind == "header":
                blit_text(
                    surface,
                    self.t(f"new.section.{key}"),
                    px(16),
                    pal.GOLD,
                    (area.x + px(8), top + px(10)),
                    bold=True,
                )
                pygame.draw.line(
                    surface,
                    pal.GOLD_DARK,
                    (area.x + px(8), top + px(33)),
                    (area.right - px(20), top + px(33)),
                    1,
                )
                continue
            words = self.row_text[key]
            ctl = self.row_controls[key]
            row = pygame.Rect(area.x, top, area.w - px(14), h - px(2))
            changed = self.values[key] != preset_vals[key]
            if ctl.focused:  # the keyboard's row: lit and framed
                shade = pygame.Surface(row.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 16))
                surface.blit(shade, row)
                pygame.draw.rect(surface, pal.GOLD_DARK, row, width=1, border_radius=6)
            if changed:
                shade = pygame.Surface(row.size, pygame.SRCALPHA)
                shade.fill((246, 196, 80, 22))
                surface.blit(shade, row)
                pygame.draw.rect(
                    surface, CHANGED, (row.x, row.y + px(6), px(4), row.h - px(12)), border_radius=2
                )
            x = row.x + px(14)
            nr = blit_text(
                surface, words.name, words.name_size, pal.IVORY_TEXT, (x, row.y + px(6)), bold=True
            )
            if changed:  # a tag, then the preset's value
                small = max(MIN_HELP, px(12))
                tag = render_text(self.t("new.changed"), small, (36, 22, 8), True)
                tr = tag.get_rect(midleft=(nr.right + px(8), nr.centery))
                pygame.draw.rect(surface, CHANGED, tr.inflate(px(8), px(2)), border_radius=4)
                surface.blit(tag, tr)
                pos = (tr.right + px(10), nr.centery)
                blit_text(surface, words.was, small, (190, 170, 120), pos, "midleft")
            step = get_font(words.help_size).get_linesize()
            for i, line in enumerate(words.help):
                pos = (x, row.y + px(32) + i * step)
                blit_text(surface, line, words.help_size, pal.UI_TEXT_DIM, pos)
        for ctl in self.row_controls.values():
            if ctl.visible:
                ctl.draw(surface)
        surface.set_clip(clip)
        self.scroll.draw_bar(surface)

    def _draw_changes(self, surface: pygame.Surface, left: pygame.Rect) -> None:
        """What differs from the preset, under the items switch (as many lines as fit)."""
        px = self.px
        x0 = left.x + px(16)
        y = self.items_toggle.rect.bottom + px(18)
        bottom = left.bottom - px(16) - px(48) - px(10)
        base = self.preset_values()
        changed = [n for n, v in self.values.items() if base[n] != v]
        size = max(MIN_HELP, px(14))
        if y + px(20) > bottom:
            return  # no room left (a four-seat table's three bots): the option list marks them
        pygame.draw.line(surface, pal.GOLD_DARK, (x0, y - px(8)), (left.right - px(16), y - px(8)))
        if not changed:
            blit_text(surface, self.t("new.same"), size, pal.UI_TEXT_DIM, (x0, y))
            return
        colour = CHANGED
        blit_text(
            surface, self.t("new.changed_n", n=len(changed)), px(15), colour, (x0, y), bold=True
        )
        y += px(24)
        for name in changed:
            if y + px(20) > bottom:
                blit_text(surface, "…", size, pal.UI_TEXT_DIM, (x0 + px(10), y - px(4)))
                break
            info = OPTION_INFO[name]
            label = info.zh if self.lang == "zh" else info.en
            value = self.value_label(name, self.values[name])
            text = f"· {label}: {value}"
            text = elide(text, size, left.w - px(40), self.lang)
            blit_text(surface, text, size, pal.IVORY_TEXT, (x0 + px(6), y))
            y += max(px(21), size + 5)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        for ctl in self.row_controls.values():
            if isinstance(ctl, Choice):
                ctl.draw_popup(surface)
