"""The fan calculator tab of Rules & help (:class:`CalculatorTab`).

It builds a hand by clicks: the picker (a row of nine per suit in the rules' wall — 27
tiles, or 18 at 三人两房 and 两人两房) adds a tile (or, in a meld mode, a
pong/kong), a left click on a hand tile makes it the winning tile, a right click removes it,
a click on a meld removes it; flags say how the hand was won. It scores with
:func:`engine.scoring.score_hand` and shows the engine's explanation lines; an incomplete or
impossible hand gets a clear message instead. The void suit (定缺) is offered only where the
rules declare one. A hand kept from other rules that holds a suit these rules' wall lacks
shows those tiles greyed and is not scored: the result says what the wall holds.

By keyboard the picker takes the focus like any control: the arrows move its cursor, Enter
adds the tile (the latest is the winning tile), Backspace or Delete takes the last one back.
The hand takes the focus too, a cursor over its tiles and then its melds: ←/→ move it, Enter
does what a click there does (a tile becomes the winning tile, a meld goes), Backspace or
Delete removes what it is on.
"""

from __future__ import annotations

from functools import partial

import pygame

from engine.rules import RuleSet, get_preset
from engine.scoring import HandError
from engine.text import Narrator
from engine.tiles import NUM_KINDS, SUIT_NAMES_EN, SUIT_NAMES_ZH, MeldKind
from game import palette as pal
from game.calculator import FLAGS, MELD_MODES, Calculator
from game.i18n import pattern_name
from game.input import Command, InputEvent, InputKind
from game.match_config import suits_label
from game.scenes.menu_base import MenuScene
from game.tile_art import get_tile_art, grey_out
from game.ui.controls import Button, Grid, Segmented, click
from game.ui.draw import panel
from game.ui.text import MIN_TEXT, blit_text, common_size, render_text, wrap_text

__all__ = ["CalculatorTab"]


class CalculatorTab:
    """The calculator's hand, its layout and its drawing, hosted by a menu scene: the scene
    calls :meth:`build` with the area and rules when the tab is shown (the tab adds its
    controls to the scene's), passes input through :meth:`handle` first, and calls
    :meth:`draw`. The hand outlives rebuilds and tab switches."""

    def __init__(self, scene: MenuScene) -> None:
        self.scene = scene
        self.rules = get_preset("standard")  # the host's, from the first build on
        self.calc = Calculator()
        self.mode = "tile"
        self.picker_rects: list[tuple[pygame.Rect, int]] = []
        self.picker: Grid | None = None
        self.hand: Grid | None = None  # the cursor over the hand's tiles and melds
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.meld_rects: list[tuple[pygame.Rect, int]] = []

    def px(self, v: float) -> int:
        return self.scene.px(v)

    @property
    def lang(self) -> str:
        return self.scene.lang

    def t(self, key: str, **fmt: object) -> str:
        return self.scene.t(key, **fmt)

    def tn(self, key: str, count: int, **fmt: object) -> str:
        return self.scene.tn(key, count, **fmt)

    # --- building -----------------------------------------------------------------------

    def build(self, body: pygame.Rect, rules: RuleSet) -> None:
        """Lay the tab out in ``body`` and add its controls to the scene's."""
        px = self.px
        self.rules = rules
        controls = self.scene.controls
        left = pygame.Rect(body.x, body.y, body.w * 56 // 100, body.h)
        right = pygame.Rect(left.right + px(16), body.y, body.right - left.right - px(16), body.h)
        self.calc_left, self.calc_right = left, right
        style = self.scene.ctx.settings.tile_style
        # the picker: 9 ranks for each suit in the wall (no characters at 三人两房, 两人两房)
        pick_w = min(px(46), (left.w - px(40)) // 9 - px(4))
        art = get_tile_art(pick_w, style)
        self.picker_art = art
        old_kinds = [kind for _, kind in self.picker_rects]
        self.picker_rects = []
        y = left.y + px(40)
        for suit in rules.kept_suits:
            for rank in range(9):
                kind = suit * 9 + rank
                r = pygame.Rect(
                    left.x + px(20) + rank * (art.step + px(4)),
                    y,
                    art.body_w,
                    art.face_h + art.depth,
                )
                self.picker_rects.append((r, kind))
            y += art.face_h + art.depth + px(8)
        cursor = 0
        if self.picker is not None and old_kinds:  # the same tile, or its rank in the first row
            kind = old_kinds[self.picker.cursor]
            kinds = [k for _, k in self.picker_rects]
            cursor = kinds.index(kind) if kind in kinds else kind % 9
        cells = [r for r, _ in self.picker_rects]  # in kind order, the wall's suits only
        self.picker = Grid(cells, 9, self._pick_cell, cursor=cursor, name="picker")
        controls.append(self.picker)
        # meld mode
        labels = [self.t(f"calc.mode.{m}") for m in MELD_MODES]
        lead = render_text(self.t("calc.meld_mode"), px(15), pal.IVORY_TEXT, True).get_width()
        # one size for the row, the longest label whole ("Concealed kong" was squeezed);
        # where they do not fit beside "Next tile as:" at 12 px, the row goes under it
        x0 = left.x + px(28) + lead
        cell = (left.right - px(20) - x0) // len(MELD_MODES) - 8
        fits = common_size(labels, max(MIN_TEXT, px(14)), cell, minimum=MIN_TEXT)
        self.mode_y = y + px(4) + px(17)
        if fits is None:
            x0 = left.x + px(20)
            y += px(26)
        modes_w = left.right - px(20) - x0
        cell = modes_w // len(MELD_MODES) - 8
        # at MIN_TEXT a label too long for its share gets a wider cell (Segmented)
        size = fits or common_size(labels, max(MIN_TEXT, px(14)), cell, minimum=MIN_TEXT)
        size = size or MIN_TEXT
        controls.append(
            Segmented(
                pygame.Rect(x0, y + px(4), modes_w, px(34)),
                MELD_MODES,
                labels,
                self.mode,
                self._set_mode,
                name="meld_mode",
                font_size=size,
            )
        )
        y += px(56)
        # the hand
        self.hand_label_y = y
        y += px(26)
        hand_w = min(px(44), (left.w - px(40)) // 14 - 1)
        hart = get_tile_art(hand_w, style)
        self.hand_art = hart
        self.hand_rects = []
        x = left.x + px(20)
        for kind in range(NUM_KINDS):
            for _ in range(self.calc.counts[kind]):
                self.hand_rects.append(
                    (pygame.Rect(x, y, hart.body_w, hart.face_h + hart.depth), kind)
                )
                x += hart.step
        y += hart.face_h + hart.depth + px(24)  # room for the 和牌 tag under the winning tile
        # the melds
        self.melds_label_y = y
        y += px(26)
        mart = get_tile_art(min(px(34), hand_w), style)
        self.meld_art = mart
        self.meld_rects = []
        x = left.x + px(20)
        for i, meld in enumerate(self.calc.melds):
            w = mart.step * meld.size
            self.meld_rects.append((pygame.Rect(x, y, w, mart.flat_size[1]), i))
            x += w + px(12)
        self.melds_y = y
        # the hand's cursor, for the keyboard: over its tiles, then its melds, in one row
        items = [r for r, _ in self.hand_rects] + [r for r, _ in self.meld_rects]
        cursor = self.hand.cursor if self.hand is not None else 0
        self.hand = None
        if items:
            self.hand = Grid(items, len(items), self._hand_pick, cursor=cursor, name="hand")
            controls.append(self.hand)
        by = left.bottom - px(56)
        for x, name, act in ((20, "undo", self._undo), (162, "clear", self._clear)):
            rect = pygame.Rect(left.x + px(x), by, px(130), px(40))
            controls.append(Button(rect, self.t(f"calc.{name}"), act, name=name, font_size=px(16)))
        # flags: chips in rows of four, in one size with the longest label whole ("Robbing a
        # kong" was squeezed); rows of three, then two, where more would take them below
        # 13 px (or MIN_TEXT, where px(14) is smaller) — English at 1024×640 takes two
        fx, fy = right.x + px(18), right.y + px(44)
        flag_labels = [self.t(f"calc.flag.{f}") for f in FLAGS]
        floor = max(MIN_TEXT, min(13, px(14)))
        for cols in (4, 3, 2):
            cw = (right.w - px(36) - px(10)) // cols
            fits = common_size(flag_labels, max(floor, px(14)), cw - px(4) - 12, minimum=floor)
            if fits is not None:
                break
        flag_size = fits or floor
        rows = -(-len(FLAGS) // cols)
        for i, flag in enumerate(FLAGS):
            row, col = divmod(i, cols)
            rect = pygame.Rect(fx + col * (cw + px(10) // 3), fy + row * px(42), cw - px(4), px(34))
            controls.append(
                Button(
                    rect,
                    self.t(f"calc.flag.{flag}"),
                    partial(self._toggle_flag, flag),
                    name=f"flag.{flag}",
                    style="ghost",
                    selected=self.calc.flags[flag],
                    font_size=flag_size,
                )
            )
        fy += rows * px(42) + px(8)
        self.void_y: int | None = None
        if rules.declares_void:  # 定缺: only with all three suits and declare_void on
            self.void_y = fy + px(17)
            lead = render_text(self.t("calc.void"), px(15), pal.IVORY_TEXT, True).get_width()
            suits = SUIT_NAMES_ZH if self.lang == "zh" else SUIT_NAMES_EN
            void_values = ["none", "0", "1", "2"]
            controls.append(
                Segmented(
                    pygame.Rect(
                        fx + lead + px(12), fy, right.right - px(18) - (fx + lead + px(12)), px(34)
                    ),
                    void_values,
                    [self.t("calc.void.none"), *suits],
                    "none" if self.calc.void is None else str(self.calc.void),
                    self._set_void,
                    name="void",
                    font_size=px(14),
                )
            )
            fy += px(50)
        self.result_rect = pygame.Rect(
            right.x + px(14), fy, right.w - px(28), right.bottom - fy - px(14)
        )

    def _pick_cell(self, index: int) -> None:
        self._pick(self.picker_rects[index][1])

    def _pick(self, kind: int) -> None:
        """Add ``kind`` from the picker: a tile, or a meld in a meld mode (then back to tiles)."""
        refusal = self.calc.add(kind, self.mode, self.rules)
        if refusal == "calc.too_many_refused":
            self.scene.show_toast(self.tn("calc.too_many", 1, n=1), (255, 150, 120))
        elif refusal == "calc.err.suits":
            self.scene.show_toast(self._suits_words(), (255, 150, 120))
        elif refusal:
            self.scene.show_toast(self.t(refusal), (255, 150, 120))
        if self.mode != "tile" and refusal is None:
            self.mode = "tile"
        self.scene.rebuild()

    def _hand_pick(self, index: int) -> None:
        """Enter on the hand's cursor does what a click there does: a tile becomes the
        winning tile, a meld is removed."""
        if index < len(self.hand_rects):
            self.calc.win = self.hand_rects[index][1]
            self.scene.rebuild()
        else:
            self._remove_at_cursor()

    def _remove_at_cursor(self) -> None:
        """Backspace or Delete on the hand's cursor: the tile or meld under it goes (a right
        click on a tile, a click on a meld); an empty hand hands the focus back to the picker."""
        assert self.hand is not None
        index = self.hand.cursor
        if index < len(self.hand_rects):
            self.calc.remove_tile(self.hand_rects[index][1])
        else:
            self.calc.remove_meld(self.meld_rects[index - len(self.hand_rects)][1])
        self.scene.rebuild()
        if self.hand is None:
            self.scene.focus_named("picker")

    def _suits_words(self) -> str:
        """Why a hand with a suit the wall lacks cannot score: the suits missing (those the
        hand holds, else all the wall lacks: a tile picked of one) and what the wall holds."""
        rules = self.rules
        missing = self.calc.stray_suits(rules) or tuple(
            s for s in range(3) if s not in rules.kept_suits
        )
        zh = self.lang == "zh"
        names = self.t("room.and").join(
            f"{SUIT_NAMES_ZH[s]}子" if zh else SUIT_NAMES_EN[s] for s in missing
        )  # 万子 / Characters
        wall = self.t("room.tiles", suits=suits_label(rules.suits, self.lang), n=rules.num_tiles)
        return self.t("calc.err.suits", missing=names, wall=wall)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode

    def _set_void(self, value: str) -> None:
        self.calc.void = None if value == "none" else int(value)
        self.scene.rebuild()

    def _toggle_flag(self, flag: str) -> None:
        self.calc.set_flag(flag, not self.calc.flags[flag])
        self.scene.rebuild()

    def _undo(self) -> None:
        self.calc.undo()
        self.scene.rebuild()

    def _clear(self) -> None:
        self.calc.clear()
        self.scene.rebuild()

    # --- input --------------------------------------------------------------------------

    def handle(self, ev: InputEvent) -> bool:
        """A click on a hand tile (left: the winning tile, right: remove it) or on a meld
        (remove it), and Backspace or Delete (what the hand's cursor is on when it has the
        focus, else the last tile back); True if used."""
        if ev.kind is InputKind.MOUSE_DOWN:
            for rect, kind in self.hand_rects:
                if rect.collidepoint(ev.pos):
                    if ev.button == 3:
                        self.calc.remove_tile(kind)
                    else:
                        self.calc.win = kind
                    self.scene.rebuild()
                    click()  # heard as the picker's and the buttons' clicks are
                    return True
            for rect, index in self.meld_rects:
                if rect.collidepoint(ev.pos):
                    self.calc.remove_meld(index)
                    self.scene.rebuild()
                    click()
                    return True
        if ev.command in (Command.BACK, Command.DELETE):
            if self.hand is not None and self.hand.focused:
                self._remove_at_cursor()
            else:
                self._undo()
            click()  # the keys of a right click and of Undo: heard as those are
            return True
        return False

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        left, right = self.calc_left, self.calc_right
        panel(surface, left)
        panel(surface, right)
        blit_text(
            surface,
            self.t("calc.picker"),
            px(16),
            pal.GOLD_LIGHT,
            (left.x + px(20), left.y + px(12)),
            bold=True,
        )
        art = self.picker_art
        for rect, kind in self.picker_rects:
            img = art.face(kind)
            if self.calc.used(kind) >= 4:
                img = grey_out(img)
            surface.blit(img, rect.topleft)
        blit_text(
            surface,
            self.t("calc.meld_mode"),
            px(15),
            pal.IVORY_TEXT,
            (left.x + px(20), self.mode_y),
            "midleft",
            True,
        )
        keys = self.hand is not None and self.hand.focused  # the label says the keys then
        blit_text(
            surface,
            self.t("calc.hand.keys" if keys else "calc.hand"),
            px(16),
            pal.GOLD_LIGHT,
            (left.x + px(20), self.hand_label_y),
            bold=True,
        )
        n, need = sum(self.calc.counts), self.calc.needed
        blit_text(
            surface,
            f"{n}/{need}",
            px(16),
            pal.IVORY_TEXT if n == need else (240, 190, 120),
            (left.right - px(20), self.hand_label_y),
            "topright",
            True,
        )
        hart = self.hand_art
        kept = self.rules.kept_suits  # a tile of another suit is greyed: the wall has none
        win_marked = False
        for rect, kind in self.hand_rects:
            is_win = kind == self.calc.win and not win_marked
            win_marked = win_marked or is_win
            img = hart.face(kind, "selected" if is_win else "normal")
            surface.blit(img if kind // 9 in kept else grey_out(img), rect.topleft)
            if is_win:
                self._draw_win_tag(surface, rect)
        if not self.hand_rects:
            slot = pygame.Rect(
                left.x + px(20), self.hand_label_y + px(26), left.w - px(40), hart.face_h
            )
            pygame.draw.rect(surface, (60, 96, 74), slot, width=1, border_radius=6)
        blit_text(
            surface,
            self.t("calc.melds"),
            px(16),
            pal.GOLD_LIGHT,
            (left.x + px(20), self.melds_label_y),
            bold=True,
        )
        mart = self.meld_art
        for rect, index in self.meld_rects:
            meld = self.calc.melds[index]
            x = rect.x
            for j in range(meld.size):
                img = (
                    mart.flat_back()
                    if meld.kind is MeldKind.CONCEALED_KONG and j in (0, 3)
                    else mart.flat_face(meld.tile)
                )
                surface.blit(img if meld.tile // 9 in kept else grey_out(img), (x, rect.y))
                x += mart.step
            blit_text(
                surface,
                self.t(f"calc.mode.{meld.kind.value}"),
                max(MIN_TEXT, px(12)),
                pal.UI_TEXT_DIM,
                (rect.centerx, rect.bottom + px(2)),
                "midtop",
            )
        # right: flags, void, result
        blit_text(
            surface,
            self.t("calc.flags"),
            px(16),
            pal.GOLD_LIGHT,
            (right.x + px(18), right.y + px(14)),
            bold=True,
        )
        if self.void_y is not None:
            blit_text(
                surface,
                self.t("calc.void"),
                px(15),
                pal.IVORY_TEXT,
                (right.x + px(18), self.void_y),
                "midleft",
                True,
            )
        self._draw_result(surface, self.result_rect)

    def _draw_win_tag(self, surface: pygame.Surface, tile: pygame.Rect) -> None:
        """The 'Winning tile' (胡张) tag under the winning tile: centred under it, but kept
        within the hand's row (the panel's margins, where the tiles start): under the first
        tile it starts at the tile's left edge, and it never runs past the row's right
        margin. (Centred under the first tile, 'Winning tile' crossed the panel's border.)"""
        px = self.px
        size = max(MIN_TEXT, px(12))
        words = self.t("calc.win_tile")
        w = render_text(words, size, pal.GOLD_LIGHT, True).get_width()
        left, right = self.calc_left.x + px(20), self.calc_left.right - px(20)
        x = max(left, min(tile.centerx - w // 2, right - w))
        blit_text(surface, words, size, pal.GOLD_LIGHT, (x, tile.bottom + px(1)), bold=True)

    def _draw_result(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.px
        panel(surface, rect, fill=(30, 20, 12, 225))
        key, fields, result = self.calc.evaluate(self.rules)
        x, y = rect.x + px(18), rect.y + px(14)
        if result is None:
            blit_text(surface, self.t("calc.result"), px(16), pal.GOLD_LIGHT, (x, y), bold=True)
            y += px(36)
            colour = pal.UI_TEXT_DIM if key == "calc.empty" else (255, 170, 130)
            count = fields.get("n")
            if key == "calc.err.suits":
                words = self._suits_words()
            elif key == "calc.invalid":  # the engine's fault, in the player's language
                error = fields["error"]
                assert isinstance(error, HandError)
                words = self.t(key, why=Narrator(self.lang).hand_error(error))
            elif isinstance(count, int):
                words = self.tn(key, count, **fields)
            else:
                words = self.t(key, **fields)
            for line in wrap_text(words, px(16), rect.w - px(36)):
                blit_text(surface, line, px(16), colour, (x, y))
                y += px(24)
            return
        if not result.win:
            blit_text(surface, self.t("calc.no_win"), px(26), (255, 150, 120), (x, y), bold=True)
            y += px(44)
        else:
            name = pattern_name(result.pattern or "", self.lang)
            width = rect.w - px(36)
            nr = blit_text(surface, name, px(28), pal.GOLD_LIGHT, (x, y), bold=True, max_w=width)
            if result.fan is not None:
                summary = f"{self.t('help.fan', n=result.fan)} · ×{result.multiplier}"
            else:
                summary = self.tn("help.points", result.points, n=result.points)
            summary_w = render_text(summary, px(20), pal.IVORY_TEXT, True).get_width()
            if nr.w + px(16) + summary_w <= width:  # beside the name, else under it
                at, anchor = (nr.right + px(16), nr.centery), "midleft"
            else:
                at, anchor = (x, nr.bottom + px(2)), "topleft"
            sr = blit_text(surface, summary, px(20), pal.IVORY_TEXT, at, anchor, True, width)
            y = max(y + px(46), sr.bottom + px(14))
            pygame.draw.line(
                surface, pal.GOLD_DARK, (x, y - px(6)), (rect.right - px(18), y - px(6)), 1
            )
        lines = list(Narrator(self.lang).score_lines(result))
        if result.win:
            off = [self.t(f"calc.flag.{f}") for f in self.calc.uncounted(self.rules)]
            lines += [self.t("calc.flag_off", flag=flag) for flag in off]
            lines += [self.t(key) for key in self.calc.first_turn_notes(self.rules, result)]
            if self.calc.bloom_paid_as_discard(self.rules):
                lines.append(self.t("calc.bloom_exposed"))
        for text in lines:
            # the bullet marks an item's first line; its wrapped lines hang under the text
            for j, line in enumerate(wrap_text(text, px(16), rect.w - px(50))):
                if y + px(24) > rect.bottom - px(8):
                    return
                if j == 0:
                    pygame.draw.circle(surface, pal.GOLD, (x + px(4), y + px(11)), px(3))
                blit_text(surface, line, px(16), pal.IVORY_TEXT, (x + px(16), y))
                y += px(25)
