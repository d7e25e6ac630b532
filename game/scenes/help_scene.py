"""Rules & help: the rulebook (RULES.md summarised in both languages, with the chosen
preset's option values), a gallery of every pattern with example tiles and its value under the
chosen preset, and a fan calculator.

The calculator tab is :class:`game.scenes.calculator_tab.CalculatorTab`.
"""

from __future__ import annotations

from functools import partial

import pygame

from engine.items import ITEM_IDS
from engine.patterns import EXTRAS, PATTERN_BY_ID, PATTERNS
from engine.rules import OPTION_INFO, OPTION_NAMES, RuleSet, get_preset
from engine.scoring import score_hand
from engine.tiles import MeldKind, parse_melds, parse_tile, parse_tiles
from game import palette as pal
from game.calculator import GALLERY, GalleryHand, example_at
from game.fonts import get_font
from game.i18n import extra_name, pattern_name
from game.input import Command, InputEvent
from game.match_config import option_token, suits_label
from game.routes import Route
from game.scenes.calculator_tab import CalculatorTab
from game.scenes.menu_base import MenuContext, MenuScene
from game.settings import HIDDEN_OPTIONS, TABLE_PRESETS
from game.strings.menus import RULE_SECTIONS
from game.tile_art import get_tile_art, grey_out
from game.ui.controls import Button, Choice, ScrollArea, Segmented, click
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_text, render_text, wrap_text

__all__ = ["TABS", "HelpScene"]

TABS = ("rules", "gallery", "calc")


# Which options each rulebook section depends on (shown with the chosen preset's values).
_SECTION_OPTIONS: dict[str, tuple[str, ...]] = {
    "exchange": ("exchange_three",),
    "void": ("declare_void", "must_discard_void_first"),
    "play": ("discard_min_fan",),
    "claims": ("kong_bloom_on_exposed",),
    "passed": ("passed_win", "last_four_forced"),
    "mode": ("mode",),
    "patterns": ("model", "cap_fan", "self_draw_bonus"),
    "pay": (
        "model",
        "cap_fan",
        "base",
        "self_draw_bonus",
        "exposed_kong_pay",
        "drizzle",
        "added_kong_immediate",
        "kong_transfer",
    ),
    "draw": ("pig_penalty", "pay_ready", "refund_to", "dead_wait_counts"),
    "match": ("next_dealer", "first_dealer", "coins_per_point"),
    "short": ("players", "suits", "discard_min_fan", "qing_yi_se_bonus", "first_dealer"),
    "items": ("items", "bots_use_items"),
}

# Sections that read the same under every preset: no preset name over them.
_PRESET_FREE = frozenset({"glossary", "keys"})


def _join_lines(items: list[str], sep: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``items`` joined by ``sep`` into lines no wider than ``width`` pixels, breaking only
    between items (a chip "First dealer: Seat 1" is never cut inside); an item wider than a
    line has one of its own."""
    font = get_font(max(11, size), bold)
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]}{sep}{item}" if lines else item
        if lines and font.size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


class HelpScene(MenuScene):
    """The rulebook, the pattern gallery and the fan calculator."""

    title_key = "help.title"

    def __init__(self, ctx: MenuContext, tab: str = "rules") -> None:
        s = ctx.settings
        self.tab = tab
        self.preset = s.preset if s.preset in TABLE_PRESETS else "standard"
        try:
            self.rules = s.ruleset()
        except ValueError:
            self.rules = get_preset(self.preset)
        # the player's rules (Quick play's: a preset with options changed in New game) are
        # an entry of their own: under the preset's name they read as that preset's, and
        # once another preset was chosen they could not be had back
        self.changed = len(s.overrides) if self.rules != get_preset(self.preset) else 0
        self.mine = self.rules if self.changed else None
        self.choice = "mine" if self.mine is not None else self.preset
        self.section = RULE_SECTIONS[0]
        self.text_scroll: ScrollArea | None = None
        # the rows' name column (its width) and where their values start, from the area's
        # left: set with the section's lines
        self.row_name_w = 0
        self.row_value_x = 0
        self.calc_tab = CalculatorTab(self)
        super().__init__(ctx)

    # --- building -----------------------------------------------------------------------

    def offers_tutorial(self) -> bool:
        """Whether the Tutorial button is shown: only from the main menu. Over a table's
        pause menu (a match, a friends' table, a replay) it dealt a practice hand over the
        paused match, and a friends' table played on without the player meanwhile; over the
        lesson's own pause menu it opened a second lesson over the first. The tutorial waits
        for the main menu's Rules & help."""
        return not self.ctx.nav.table_open()

    def build(self) -> None:
        px = self.px
        self.add_back_button()
        if self.offers_tutorial():
            tutorial = pygame.Rect(px(154), px(22), px(150), px(40))  # the guided first hand
            self.controls.append(
                Button(
                    tutorial,
                    self.t("tutorial.button"),
                    partial(self.ctx.nav.go, Route.TUTORIAL),
                    name="tutorial",
                    font_size=px(17),
                )
            )
        tabs = Segmented(
            pygame.Rect(self.w // 2 - px(260), px(72), px(520), px(38)),
            TABS,
            [self.t(f"help.tab.{t}") for t in TABS],
            self.tab,
            self.set_tab,
            name="tabs",
            font_size=px(17),
        )
        self.controls.append(tabs)
        presets = (["mine"] if self.mine is not None else []) + list(TABLE_PRESETS)
        labels = [self.rules_label(p) for p in presets]
        # as wide as its longest name needs ("3 players, 2 suits (2 changed)"), up to 300
        size = px(15)
        inset = round(34 * max(1, size / 16))  # the arrow and margins (Choice.draw)
        need = max(get_font(size).size(label)[0] for label in labels) + inset + px(4)
        width = min(max(px(210), need), px(300))
        self.controls.append(
            Choice(
                pygame.Rect(self.w - px(24) - width, px(74), width, px(34)),
                presets,
                labels,
                self.choice,
                self.set_preset,
                name="preset",
                font_size=px(15),
                screen_h=self.h,
            )
        )
        self.body = pygame.Rect(px(24), px(124), self.w - px(48), self.h - px(124) - px(20))
        if self.tab == "rules":
            self._build_rules()
        elif self.tab == "calc":
            self.calc_tab.build(self.body, self.rules)
        if self.focus < 0:
            self.focus_named("back")

    def set_tab(self, tab: str) -> None:
        focused = self.focused_name()
        self.tab = tab
        self.rebuild()
        if self.focused_name() != focused:  # its control was on the tab left behind
            self.focus_named("tabs")

    def set_preset(self, name: str) -> None:
        """Show the rules of preset ``name``, or ``mine``: the player's own (Quick play's)."""
        self.choice = name
        if name == "mine" and self.mine is not None:
            self.preset = self.ctx.settings.preset
            self.rules = self.mine
        else:
            self.preset = name
            self.rules = get_preset(name)
        self.rebuild()

    def rules_label(self, choice: str | None = None) -> str:
        """How the rules shown are named: a preset's name, or the player's own rules as
        their preset's name and how many options they changed."""
        choice = choice or self.choice
        if choice == "mine":
            name = self.t(f"preset.{self.ctx.settings.preset}")
            return self.t("help.mine", preset=name, n=self.changed)
        return self.t(f"preset.{choice}")

    def _build_rules(self) -> None:
        px = self.px
        names = (*RULE_SECTIONS, "options")
        labels = [
            self.t(f"rule.{name}.title") if name != "options" else self.t("help.section.options")
            for name in names
        ]
        # as wide as the longest section's name needs at its size, the button's 12 px margin
        # and the column's (squeezed under MIN_TEXT at 1024×640: "Drawn hand: pigs, waits,
        # refunds")
        size = max(MIN_TEXT, px(15))
        font = get_font(size, True)
        widest = max(font.size(label)[0] for label in labels) + 12 + px(24)
        left = pygame.Rect(self.body.x, self.body.y, max(px(280), widest), self.body.h)
        self.rules_left = left
        bh = min(px(42), (left.h - px(20)) // len(names) - px(5))
        for i, (name, label) in enumerate(zip(names, labels, strict=True)):
            rect = pygame.Rect(
                left.x + px(12), left.y + px(12) + i * (bh + px(5)), left.w - px(24), bh
            )
            self.controls.append(
                Button(
                    rect,
                    label,
                    partial(self.set_section, name),
                    name=f"section.{name}",
                    style="ghost",
                    selected=name == self.section,
                    font_size=size,
                )
            )
        right = pygame.Rect(
            left.right + px(16), self.body.y, self.body.right - left.right - px(16), self.body.h
        )
        self.rules_right = right
        area = pygame.Rect(right.x + px(24), right.y + px(64), right.w - px(40), right.h - px(76))
        old = self.text_scroll.offset if self.text_scroll is not None else 0
        self.text_scroll = ScrollArea(area)
        self.text_lines = self._section_lines(area.w - px(24))
        self.text_scroll.content_h = sum(h for _, h, _ in self.text_lines)
        self.text_scroll.offset = min(old, self.text_scroll.max_offset)

    def set_section(self, name: str) -> None:
        self.section = name
        if self.text_scroll is not None:
            self.text_scroll.offset = 0
        self.rebuild()

    def option_value_label(self, name: str, rules: RuleSet | None = None) -> str:
        rules = rules or self.rules
        token = option_token(name, rules.to_dict()[name])
        if token.lstrip("-").isdigit():
            return token
        if name == "self_draw_bonus" and token == "none":
            return self.t("val.no_bonus")
        if name == "suits":
            return suits_label(token, self.lang)
        return self.t(f"val.{token}")

    def _section_lines(self, width: int) -> list[tuple[str, int, str]]:
        """(text, height, style) lines of the current section: style "chip", "bullet",
        "cont" (a wrapped continuation) or "row" (name \\t value)."""
        px = self.px
        out: list[tuple[str, int, str]] = []
        zh = self.lang == "zh"
        if self.section == "options":
            rows = []
            for name in (n for n in OPTION_NAMES if n not in HIDDEN_OPTIONS):
                info = OPTION_INFO[name]
                label = info.zh if zh else info.en
                helptext = info.help_zh if zh else info.help_en
                rows.append((label, self.option_value_label(name), helptext))
            self._row_columns(rows, width)
            return [self._row(*row, width) for row in rows]
        opts = _SECTION_OPTIONS.get(self.section, ())
        if opts:
            names = {o: OPTION_INFO[o].zh if self.lang == "zh" else OPTION_INFO[o].en for o in opts}
            chips = [f"{names[o]}: {self.option_value_label(o)}" for o in opts]
            for line in _join_lines(chips, " · ", px(15), width - px(20), bold=True):
                out.append((line, px(26), "chip"))
            out.append(("", px(10), "cont"))
        for para in self.t(f"rule.{self.section}.body").split("\n"):
            lines = wrap_text(para, px(17), width - px(24))
            for j, line in enumerate(lines):
                out.append((line, px(29), "bullet" if j == 0 else "cont"))
            out.append(("", px(10), "cont"))
        rows = self.section_rows()
        self._row_columns(rows, width)
        out += [self._row(*row, width) for row in rows]
        return out

    def _row_columns(self, rows: list[tuple[str, str, str]], width: int) -> None:
        """The rows' name column: as wide as the longest name at the list's size where the
        values keep room for the longest of them, never narrower than 230 px at 1280×800;
        a longer name wraps (its row grows). The values start a clear gap after it. (Capped
        at 230 px, 'Exposed kong replacement win' was squeezed smaller than the other names
        and ran against its value.)"""
        px = self.px
        font = get_font(px(16), True)
        gap = px(24)
        widest_name = max((font.size(name)[0] for name, _, _ in rows), default=0)
        widest_value = max((font.size(value)[0] for _, value, _ in rows), default=0)
        room = width - px(8) - gap - widest_value
        self.row_name_w = min(widest_name, max(px(230), room))
        self.row_value_x = max(px(250), px(8) + self.row_name_w + gap)

    def _row_name_lines(self, label: str) -> list[str]:
        """A row's name as drawn: whole at the list's size, wrapped to the name column."""
        return wrap_text(label, self.px(16), max(1, self.row_name_w), True) or [label]

    def _row_name_step(self) -> int:
        return max(self.px(20), get_font(self.px(16), True).get_linesize())

    def _row(self, label: str, value: str, helptext: str, width: int) -> tuple[str, int, str]:
        """A "row" line: a name, its value beside it and its explanation under both."""
        px = self.px
        # the help under the name wraps (a row grows a line for each): squeezed to one
        # line, the longest was 9.7 px at 1024×640
        size, step = self._row_help_font()
        lines = wrap_text(helptext, size, width - px(30))
        names = len(self._row_name_lines(label))
        h = px(28) + (names - 1) * self._row_name_step() + len(lines) * step
        return f"{label}\t{value}\t" + "\n".join(lines), h, "row"

    def _row_help_font(self) -> tuple[int, int]:
        """A row's explanation: its size (px(13), never under MIN_TEXT) and line step."""
        size = max(MIN_TEXT, self.px(13))
        return size, max(self.px(18), round(size * 1.35))

    def section_rows(self) -> list[tuple[str, str, str]]:
        """(name, value, explanation) rows a section lists after its text, read from the
        engine's tables: every pattern and extra with its value under the chosen rules
        (RULES.md §5.3), every item with when it may be used (§8)."""
        zh = self.lang == "zh"
        rows: list[tuple[str, str, str]] = []
        if self.section == "patterns":
            for pattern in PATTERNS:
                label = self.fan_label(pattern.id)
                value = label if label is not None else self.t("help.absent")
                desc = pattern.desc_zh if zh else pattern.desc_en
                rows.append((pattern_name(pattern.id, self.lang), value, desc))
            for extra in EXTRAS:
                desc = extra.desc_zh if zh else extra.desc_en
                if extra.id == "zi_mo" and self.rules.self_draw_bonus == "add_base":
                    desc += self.t("help.zimo_base.desc")
                rows.append((extra_name(extra.id, self.lang), self.extra_label(extra.id), desc))
        elif self.section == "items":
            for item in ITEM_IDS:
                desc = self.t(f"item.desc.{item}")
                rows.append((self.t(f"item.{item}"), self.t(f"item.when.{item}"), desc))
        return rows

    def extra_label(self, extra_id: str, rules: RuleSet | None = None) -> str:
        """What an extra adds under the rules: ``+1番``, ``+2 分``, ``自摸加底`` or ``不计``."""
        rules = rules or self.rules
        if extra_id == "zi_mo" and rules.self_draw_bonus == "add_base":
            return self.t("help.zimo_base")
        value = rules.extra_of(extra_id)
        if value is None:
            return self.t("help.extra_off")
        key = "help.fan" if rules.model == "fan" else "help.points"
        return "+" + self.tn(key, value, n=value)

    # --- input --------------------------------------------------------------------------

    def handle_first(self, ev: InputEvent) -> bool:
        if self.tab == "rules" and self.text_scroll is not None:
            if self.text_scroll.handle(ev):
                return True
            if ev.command in (Command.SELECT_UP, Command.SELECT_DOWN):
                step = 1 if ev.command is Command.SELECT_DOWN else -1
                self.text_scroll.scroll(self.px(40) * step)
                return True
        return self.tab == "calc" and self.calc_tab.handle(ev)

    def on_command(self, command: Command) -> None:
        # ←/→ switch tabs unless the focus is on something they change (a choice, the picker)
        focused = self.focused_control()
        if command in (Command.SELECT_LEFT, Command.SELECT_RIGHT) and (
            focused is None or isinstance(focused, Button)
        ):
            step = 1 if command is Command.SELECT_RIGHT else -1
            i = (TABS.index(self.tab) + step) % len(TABS)
            self.set_tab(TABS[i])
            click()  # as the tabs' own ←/→ (Segmented) click
        else:
            super().on_command(command)

    # --- drawing ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        choice = next(c for c in self.controls if c.name == "preset")
        blit_text(
            surface,
            self.t("help.preset"),
            self.px(15),
            pal.UI_TEXT_DIM,
            (choice.rect.x - self.px(10), choice.rect.centery),
            "midright",
        )
        if self.tab == "rules":
            self._draw_rules(surface)
        elif self.tab == "gallery":
            self._draw_gallery(surface)
        else:
            self.calc_tab.draw(surface)

    def _draw_rules(self, surface: pygame.Surface) -> None:
        px = self.px
        panel(surface, self.rules_left)
        right = self.rules_right
        panel(surface, right)
        title = (
            self.t(f"rule.{self.section}.title")
            if self.section != "options"
            else self.t("help.section.options")
        )
        blit_text(
            surface, title, px(24), pal.GOLD_LIGHT, (right.x + px(24), right.y + px(16)), bold=True
        )
        if self.section not in _PRESET_FREE:
            blit_text(
                surface,
                self.rules_label(),
                px(15),
                pal.UI_TEXT_DIM,
                (right.right - px(24), right.y + px(24)),
                "topright",
            )
        pygame.draw.line(
            surface,
            pal.GOLD_DARK,
            (right.x + px(20), right.y + px(54)),
            (right.right - px(20), right.y + px(54)),
            1,
        )
        assert self.text_scroll is not None
        area = self.text_scroll.rect
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.text_scroll.offset
        for text, h, style in self.text_lines:
            if y + h >= area.y and y <= area.bottom:
                if style == "chip":
                    img = render_text(text, px(15), (36, 22, 8), True)
                    box = img.get_rect(topleft=(area.x + px(8), y + px(3))).inflate(px(14), px(4))
                    pygame.draw.rect(surface, (214, 178, 96), box, border_radius=6)
                    surface.blit(img, img.get_rect(center=box.center))
                elif style == "row":
                    name, value, helptext = text.split("\t")
                    # the name whole at the list's size (wrapped in its column), the value
                    # a clear gap after it with the rest of the line, the help under both
                    names = self._row_name_lines(name)
                    name_step = self._row_name_step()
                    for i, line in enumerate(names):
                        pos = (area.x + px(8), y + px(4) + name_step * i)
                        blit_text(surface, line, px(16), pal.IVORY_TEXT, pos, bold=True)
                    vx = area.x + self.row_value_x
                    room = area.right - px(16) - vx
                    blit_text(
                        surface,
                        value,
                        px(16),
                        pal.GOLD_LIGHT,
                        (vx, y + px(4)),
                        bold=True,
                        max_w=room,
                    )
                    size, step = self._row_help_font()
                    below = y + px(26) + name_step * (len(names) - 1)
                    for i, line in enumerate(helptext.split("\n")):
                        pos = (area.x + px(8), below + step * i)
                        blit_text(surface, line, size, pal.UI_TEXT_DIM, pos, max_w=area.w - px(30))
                elif text:
                    if style == "bullet":
                        pygame.draw.circle(surface, pal.GOLD, (area.x + px(8), y + px(14)), px(4))
                    blit_text(surface, text, px(17), pal.IVORY_TEXT, (area.x + px(24), y + px(2)))
            y += h
        surface.set_clip(clip)
        self.text_scroll.draw_bar(surface)

    def fan_label(self, pattern_id: str, rules: RuleSet | None = None) -> str | None:
        """The value of a pattern under the rules (``3番``, ``4 分``, ``满格``), None if absent:
        not in the rules' table, or a 清一色 pattern where full flushes count for nothing
        (``qing_yi_se_bonus`` off, 两人一房: they were shown at their table's value)."""
        rules = rules or self.rules
        value = rules.fan_of(pattern_id)
        if value is None or (PATTERN_BY_ID[pattern_id].flush and not rules.qing_yi_se_bonus):
            return None
        if value == "cap":
            return self.t("help.cap")
        return self.tn("help.fan" if rules.model == "fan" else "help.points", value, n=value)

    def _draw_gallery(self, surface: pygame.Surface) -> None:
        px = self.px
        body = self.body
        blit_text(
            surface,
            self.t("help.gallery_note"),
            max(MIN_TEXT, px(14)),
            pal.UI_TEXT_DIM,
            (body.centerx, body.y - px(2)),
            "midtop",
            max_w=body.w,
        )
        top = body.y + px(24)
        extras_h = px(64)
        cols, rows = 3, 5
        gap = px(10)
        cw = (body.w - (cols - 1) * gap) // cols
        ch = (body.bottom - extras_h - gap - top - (rows - 1) * gap) // rows
        style = self.ctx.settings.tile_style
        by_id = {g.pattern: g for g in GALLERY}
        for i, pattern in enumerate(PATTERNS):
            r, c = divmod(i, cols)
            card = pygame.Rect(body.x + c * (cw + gap), top + r * (ch + gap), cw, ch)
            label = self.fan_label(pattern.id)
            absent = label is None
            panel(
                surface,
                card,
                fill=(12, 48, 34, 225) if not absent else (30, 30, 28, 200),
                edge=pal.GOLD_DARK if not absent else (80, 76, 66),
            )
            badge_text = label if label is not None else self.t("help.absent")
            ink = (36, 22, 8) if not absent else (200, 190, 170)
            img = render_text(badge_text, px(15), ink, True)
            badge = img.get_rect(topright=(card.right - px(14), card.y + px(10)))
            badge = badge.inflate(px(14), px(4))
            pygame.draw.rect(surface, (232, 196, 106) if not absent else (70, 66, 58), badge, 0, 8)
            surface.blit(img, img.get_rect(center=badge.center))
            room = badge.x - px(10) - (card.x + px(12))
            colour = pal.GOLD_LIGHT if not absent else pal.UI_TEXT_DIM
            name = pattern_name(pattern.id, self.lang)
            pos = (card.x + px(12), card.y + px(8))
            nr = blit_text(surface, name, px(17), colour, pos, bold=True, max_w=room)
            # what an absent pattern's hand scores instead; how an example was won (天胡/地胡);
            # or the Chinese name beside the English one. The example in the wall's suits
            # (两人一房: characters alone), or none where that wall cannot deal one
            example = example_at(by_id[pattern.id], self.rules)
            note = (
                (self.instead_note(example) if absent and example is not None else "")
                or (self.example_note(example) if example is not None else "")
                or (pattern.zh if self.lang == "en" else "")
            )
            tiles_y = card.y + px(36)
            if note:  # beside the name where it fits, else whole on a line of its own under it
                size, dim = max(MIN_TEXT, px(13)), pal.UI_TEXT_DIM
                beside = nr.right + px(8)
                if beside + render_text(note, size, dim).get_width() <= badge.x - px(6):
                    blit_text(surface, note, size, dim, (beside, nr.centery), "midleft")
                else:
                    under = (card.x + px(12), nr.bottom + px(1))
                    nb = blit_text(surface, note, size, dim, under, max_w=card.w - px(24))
                    tiles_y = max(tiles_y, nb.bottom + px(3))
            box = pygame.Rect(
                card.x + px(12), tiles_y, card.w - px(24), card.bottom - px(6) - tiles_y
            )
            if example is None:  # said in the tiles' place: never a hand the wall cannot deal
                words = self.t("help.no_example", suits=suits_label(self.rules.suits, self.lang))
                size = max(MIN_TEXT, px(14))
                lines = wrap_text(words, size, box.w)
                y = box.centery - len(lines) * get_font(size).get_linesize() // 2
                for line in lines:
                    y = blit_text(surface, line, size, pal.UI_TEXT_DIM, (box.x, y)).bottom
            else:
                self._draw_example(surface, example, box, style, absent)
        # extras
        strip = pygame.Rect(body.x, body.bottom - extras_h, body.w, extras_h)
        panel(surface, strip, fill=(30, 20, 12, 220))
        blit_text(
            surface,
            self.t("help.extras"),
            px(17),
            pal.GOLD_LIGHT,
            (strip.x + px(16), strip.centery),
            "midleft",
            True,
        )
        label_size, value_size = max(MIN_TEXT, px(14)), max(MIN_TEXT, px(15))
        columns = []  # (name, value, on) of each extra
        for extra in EXTRAS:
            value = self.rules.extra_of(extra.id)
            if extra.id == "zi_mo":
                text = {
                    "add_base": self.t("help.zimo_base"),
                    "add_fan": self.t("help.zimo_fan"),
                }.get(self.rules.self_draw_bonus, self.t("help.extra_off"))
            else:
                text = f"+{value}" if value is not None else self.t("help.extra_off")
            on = value is not None or (extra.id == "zi_mo" and self.rules.self_draw_bonus != "none")
            columns.append((self.t(f"extra.short.{extra.id}"), text, on))
        # each column as wide as its words, the room left shared out ("Kong replacement" was
        # squeezed to 11 px in a ninth of the strip, "Concealed hand" ran into "All simples")
        x = strip.x + px(100)
        room = strip.right - px(16) - x
        need = [
            max(get_font(label_size).size(name)[0], get_font(value_size, True).size(text)[0])
            + px(10)
            for name, text, _ in columns
        ]
        if sum(need) > room:
            need = [room // len(columns)] * len(columns)
        spare = (room - sum(need)) // len(columns)
        for (name, text, on), width in zip(columns, need, strict=True):
            slot = width + spare
            blit_text(
                surface,
                name,
                label_size,
                pal.IVORY_TEXT if on else pal.UI_TEXT_DIM,
                (x, strip.centery - px(10)),
                "midleft",
                max_w=slot - px(6),
            )
            blit_text(
                surface,
                text,
                value_size,
                pal.GOLD_LIGHT if on else pal.UI_TEXT_DIM,
                (x, strip.centery + px(12)),
                "midleft",
                True,
                slot - px(6),
            )
            x += slot

    def instead_note(self, example: GalleryHand) -> str:
        """What the example scores under these rules when its pattern is absent (§5.3: the
        hand scores its next-highest pattern), e.g. "→ 七对 3番，共 4番" (with its root)."""
        result = score_hand(example.context(), self.rules)
        if not result.win or result.pattern is None:
            return ""
        key = "help.fan" if self.rules.model == "fan" else "help.points"
        if result.pattern_is_cap:
            value = self.t("help.cap")
        else:
            value = self.tn(key, result.pattern_value, n=result.pattern_value)
        name = pattern_name(result.pattern, self.lang)
        if result.value == result.pattern_value or result.pattern_is_cap:
            return self.t("help.instead", pattern=name, value=value)
        total = self.tn(key, result.value, n=result.value)
        return self.t("help.instead_total", pattern=name, value=value, total=total)

    def example_note(self, example: GalleryHand) -> str:
        """How an example was won, when that matters (天胡, 地胡): "dealer · self-drawn …"."""
        if not example.first_turn:
            return ""
        parts = [self.t("calc.flag.dealer")] if example.dealer else []
        parts += [self.t("calc.flag.self_drawn"), self.t("calc.flag.first_turn")]
        return " · ".join(parts)

    def _draw_example(
        self,
        surface: pygame.Surface,
        example: GalleryHand,
        box: pygame.Rect,
        style: str,
        absent: bool,
    ) -> None:
        tiles = parse_tiles(example.hand)
        melds = parse_melds(example.melds)
        count = len(tiles) + sum(m.size for m in melds) + (1 if melds else 0) + 1
        tw = max(12, min(self.px(30), box.w // count - 1))
        art = get_tile_art(tw, style)
        if art.size[1] > box.h:  # a note over the tiles took some of the card's height
            tw = max(12, tw * box.h // art.size[1])
            art = get_tile_art(tw, style)
        win = parse_tile(example.win) if example.win else tiles[-1]
        y = box.y + max(0, (box.h - art.size[1]) // 2)
        x = box.x
        hand = sorted(tiles)
        hand.remove(win)
        for kind in hand:
            img = art.face(kind)
            surface.blit(grey_out(img) if absent else img, (x, y))
            x += art.step
        for meld in melds:
            x += art.step // 3
            for j in range(meld.size):
                img = (
                    art.flat_back()
                    if meld.kind is MeldKind.CONCEALED_KONG and j in (0, 3)
                    else art.flat_face(meld.tile)
                )
                surface.blit(
                    grey_out(img) if absent else img, (x, y + art.size[1] - art.flat_size[1])
                )
                x += art.step
        x += art.step // 2
        img = art.face(win, "latest")
        surface.blit(grey_out(img) if absent else img, (x, y))
