"""The fan calculator's hand and the pattern gallery's example hands (Rules & help).

:class:`Calculator` is what the calculator's clicks build — concealed tiles, declared
melds, the winning tile, how the hand was won — and scores it with
:func:`engine.scoring.score_hand`, or says why it cannot (too few tiles, an impossible
robbed kong, a tile of a suit the rules' wall does not have). :data:`GALLERY` holds one
example hand per pattern, in dots and bamboo only: the three- and two-player rooms take the
characters out of the wall (docs/rules-short-handed.md), and an example must be a hand those
tables can deal. A wall of other suits (两人一房: characters alone; a room of 万 and 筒) is
shown each example in its own suits by :func:`example_at`, or told none can be dealt there.
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.hand import decompositions
from engine.patterns import PATTERN_BY_ID, PatternContext
from engine.rules import RuleSet
from engine.scoring import (
    HandError,
    ScoreResult,
    WinContext,
    bloom_paid_as_discard,
    score_hand,
)
from engine.tiles import (
    NUM_KINDS,
    SUITS,
    Meld,
    MeldKind,
    parse_melds,
    parse_tile,
    parse_tiles,
    to_counts,
)

__all__ = ["FLAGS", "GALLERY", "MELD_MODES", "Calculator", "GalleryHand", "example_at"]


@dataclass(frozen=True)
class GalleryHand:
    """An example of a pattern: concealed tiles with the winning tile, melds, and flags."""

    pattern: str
    hand: str
    melds: str = ""
    win: str = ""
    self_drawn: bool = False
    first_turn: bool = False
    dealer: bool = False

    def context(self) -> WinContext:
        tiles = parse_tiles(self.hand)
        return WinContext(
            concealed=tuple(to_counts(tiles)),
            melds=tuple(parse_melds(self.melds)),
            win_tile=parse_tile(self.win) if self.win else tiles[-1],
            self_drawn=self.self_drawn,
            first_turn=self.first_turn,
            dealer=self.dealer,
        )


GALLERY: tuple[GalleryHand, ...] = (
    GalleryHand("ping_hu", "123s456s789s234p55p", win="5p"),
    GalleryHand("dui_dui_hu", "111s333s444s222p66p", win="6p"),
    GalleryHand("qing_yi_se", "123p456p789p234p99p", win="9p"),
    GalleryHand("dai_yao_jiu", "123s123s99s123p789p", win="9s"),
    GalleryHand("qi_dui", "11s33s44s66s77s55p88p", win="8p"),
    GalleryHand("qing_dui", "111s333s555s777s99s", win="9s"),
    GalleryHand("jiang_dui", "222s555s888s555p88p", win="8p"),
    GalleryHand("long_qi_dui", "1111s33s55p66p77p88p", win="8p"),
    GalleryHand("qing_qi_dui", "11p22p44p55p66p88p99p", win="9p"),
    GalleryHand("qing_yao_jiu", "123s123s123s789s99s", win="9s"),
    GalleryHand("qing_long_qi_dui", "1111s33s44s66s77s88s", win="8s"),
    GalleryHand("jin_gou_diao", "66p", "P1s,P3s,P4s,P2p", win="6p"),
    GalleryHand("qing_jin_gou_diao", "99p", "P1p,P3p,P4p,P2p", win="9p"),
    GalleryHand(
        "tian_hu", "123s456s789s234p55p", win="5p", self_drawn=True, first_turn=True, dealer=True
    ),
    GalleryHand("di_hu", "123s456s789s234p55p", win="5p", self_drawn=True, first_turn=True),
)  # fmt: skip


def example_at(example: GalleryHand, rules: RuleSet) -> GalleryHand | None:
    """``example`` as the wall of ``rules`` can deal it, or None where it cannot.

    An example in the wall's suits is itself. Otherwise its suits are renamed to the
    wall's (a suit the wall has stays): with as many suits in the wall, the same hand in
    other suits, every pattern being blind to which suit is which (3p4p5p is 3m4m5m). A wall
    of one suit under a two-suit example (两人一房) makes it one suit: shown where the
    result still has the pattern's shape, holds no fifth copy and — the pattern being
    played there — scores as that pattern (with 清一色 counted, a one-suit 平胡 is a
    清一色; 将对 needs four pongs of three ranks: no one-suit wall deals one)."""
    letters = SUITS  # "mps": suit 0, 1, 2
    held = sorted({letters.index(c) for c in example.hand + example.melds if c in letters})
    wall = rules.kept_suits
    if set(held) <= set(wall):
        return example
    free = [s for s in wall if s not in held]
    rename = {s: s if s in wall else (free.pop(0) if free else wall[0]) for s in held}
    table = str.maketrans({letters[a]: letters[b] for a, b in rename.items()})
    moved = GalleryHand(
        example.pattern,
        example.hand.translate(table),
        example.melds.translate(table),
        example.win.translate(table),
        example.self_drawn,
        example.first_turn,
        example.dealer,
    )
    if len(set(rename.values())) == len(held):
        return moved  # the same hand in other suits
    try:
        ctx = moved.context()
    except ValueError:  # a fifth copy in the concealed tiles (TileNotationError)
        return None
    counts = list(ctx.concealed)
    for meld in ctx.melds:
        counts[meld.tile] += meld.size
    if max(counts) > 4:
        return None
    pattern = PATTERN_BY_ID[example.pattern]
    shapes = [
        PatternContext(
            pair=d.pair,
            sets=d.sets,
            seven_pairs=d.seven_pairs,
            counts=tuple(counts),
            melds=ctx.melds,
            self_drawn=ctx.self_drawn,
            first_turn=ctx.first_turn,
            dealer=ctx.dealer,
        )
        for d in decompositions(ctx.concealed, len(ctx.melds))
    ]
    if not any(pattern.matches(shape) for shape in shapes):
        return None
    played = rules.fan_of(example.pattern) is not None and (
        rules.qing_yi_se_bonus or not pattern.flush
    )
    try:
        if played and score_hand(ctx, rules).pattern != example.pattern:
            return None
    except HandError:
        return None
    return moved


FLAGS = (
    "self_drawn",
    "kong_replacement",
    "after_kong",
    "robbing_kong",
    "last_tile",
    "last_copy",
    "first_turn",
    "dealer",
)
MELD_MODES = ("tile", "P", "K", "A", "B")
# the flags that stand for an extra (RULES.md §5.1), which a rule set may not count
FLAG_EXTRAS = {
    "kong_replacement": "gang_shang_hua",
    "after_kong": "gang_shang_pao",
    "robbing_kong": "qiang_gang",
    "last_tile": "hai_di",
    "last_copy": "jue_zhang",
}


@dataclass
class Calculator:
    """The fan calculator's hand: what the clicks built, and its verdict."""

    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    melds: list[Meld] = field(default_factory=list)
    history: list[tuple[str, int]] = field(default_factory=list)  # ("tile", kind) | ("meld", i)
    win: int | None = None
    flags: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(FLAGS, False))
    void: int | None = None

    def used(self, kind: int) -> int:
        return self.counts[kind] + sum(m.size for m in self.melds if m.tile == kind)

    @property
    def needed(self) -> int:
        return 14 - 3 * len(self.melds)

    def add(self, kind: int, mode: str = "tile", rules: RuleSet | None = None) -> str | None:
        """Add a tile (or a meld of it); a message key when refused. With ``rules``, a tile
        of a suit their wall does not have (万 at 三人两房 and 两人两房) is refused
        (``calc.err.suits``); without, the wall is the full 108 tiles."""
        if rules is not None and kind // 9 not in rules.kept_suits:
            return "calc.err.suits"
        if mode == "tile":
            if self.used(kind) >= 4:
                return "calc.full"
            if sum(self.counts) >= 14:
                return "calc.too_many_refused"
            self.counts[kind] += 1
            self.history.append(("tile", kind))
            self.win = kind
            return None
        meld_kind = MeldKind(mode)
        if len(self.melds) >= 4:
            return "calc.max_melds"
        if self.used(kind) + meld_kind.size > 4:
            return "calc.full"
        self.melds.append(Meld(meld_kind, kind))
        self.history.append(("meld", len(self.melds) - 1))
        return None

    def remove_tile(self, kind: int) -> None:
        if self.counts[kind] <= 0:
            return
        self.counts[kind] -= 1
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i] == ("tile", kind):
                del self.history[i]
                break
        self._fix_win()

    def remove_meld(self, index: int) -> None:
        del self.melds[index]
        self.history = [
            h if h[0] == "tile" else ("meld", h[1] - (1 if h[1] > index else 0))
            for h in self.history
            if h != ("meld", index)
        ]

    def undo(self) -> None:
        if not self.history:
            return
        what, value = self.history.pop()
        if what == "tile":
            self.counts[value] -= 1
            self._fix_win()
        else:
            del self.melds[value]

    def clear(self) -> None:
        self.counts = [0] * NUM_KINDS
        self.melds = []
        self.history = []
        self.win = None

    def _fix_win(self) -> None:
        if self.win is None or self.counts[self.win] == 0:
            tiles = [k for w, k in self.history if w == "tile"]
            self.win = tiles[-1] if tiles else None

    def set_flag(self, name: str, value: bool) -> None:
        """Set a flag, keeping the set consistent (杠上花 is self-drawn; 杠上炮 and 抢杠 are
        discard wins and exclude each other)."""
        f = self.flags
        f[name] = value
        if value and name == "kong_replacement":
            f["self_drawn"] = True
            f["after_kong"] = f["robbing_kong"] = False
        if value and name in ("after_kong", "robbing_kong"):
            f["self_drawn"] = f["kong_replacement"] = False
            f["robbing_kong" if name == "after_kong" else "after_kong"] = False
        if value and name == "self_drawn":
            f["after_kong"] = f["robbing_kong"] = False
        if not value and name == "self_drawn":
            f["kong_replacement"] = False

    def stray_suits(self, rules: RuleSet) -> tuple[int, ...]:
        """The suits in the hand or its melds that the wall of ``rules`` does not have
        (docs/rules-short-handed.md: 三人两房 and 两人两房 take the characters out): a hand
        built under other rules, kept when the rules change, that no table of these can deal."""
        held = {k // 9 for k in range(NUM_KINDS) if self.counts[k]}
        held.update(m.tile // 9 for m in self.melds)
        return tuple(s for s in range(3) if s in held and s not in rules.kept_suits)

    def uncounted(self, rules: RuleSet) -> list[str]:
        """The flags set that change nothing under ``rules``: their extra is off (海底 and
        绝张 are off in every preset of RULES.md §9, 杠上炮 in chengdu's). Chosen on a chip,
        they would leave the result as it was with no word why."""
        return [
            f for f, extra in FLAG_EXTRAS.items() if self.flags[f] and not rules.extra_of(extra)
        ]

    def bloom_paid_as_discard(self, rules: RuleSet) -> bool:
        """引杠杠上花 (RULES.md §6.1, chengdu): a win on the replacement of an exposed kong is
        paid by the player who discarded the kong's tile alone, as a discard win
        (engine.scoring.bloom_paid_as_discard: the kong declared last, in the order added)."""
        return bloom_paid_as_discard(self.melds, self.flags["kong_replacement"], rules)

    def first_turn_notes(self, rules: RuleSet, result: ScoreResult) -> list[str]:
        """Message keys for the First turn and Dealer flags where a winning hand's score
        shows no sign of them: they make 天胡 (the dealer's self-drawn win, no melds) or
        地胡 (a non-dealer's, no melds) and nothing else, so a player who set them and
        read a plain 平胡 was told nothing why (``calc.first_turn.rules``: these rules have
        no such pattern; ``calc.first_turn.hand``: the hand is not one; ``calc.dealer``:
        Dealer alone changes nothing)."""
        f = self.flags
        if not result.win or result.pattern in ("tian_hu", "di_hu"):
            return []
        if f["first_turn"]:
            pattern = "tian_hu" if f["dealer"] else "di_hu"
            if rules.fan_of(pattern) is None:
                return ["calc.first_turn.rules"]
            return ["calc.first_turn.hand"]
        return ["calc.dealer"] if f["dealer"] else []

    def evaluate(self, rules: RuleSet) -> tuple[str, dict[str, object], ScoreResult | None]:
        """(message key, its fields, the score) — the score only for a complete hand of
        tiles the rules' wall has. A hand holding a suit the wall lacks gets
        ``calc.err.suits`` with ``missing`` (those suits) and ``suits`` (the wall's), and
        never a score; the void suit counts only where the rules declare one (定缺: three
        suits and ``declare_void``)."""
        n = sum(self.counts)
        if n == 0 and not self.melds:
            return "calc.empty", {}, None
        stray = self.stray_suits(rules)
        if stray:
            return "calc.err.suits", {"missing": stray, "suits": rules.kept_suits}, None
        if n < self.needed:
            return "calc.need", {"n": self.needed - n}, None
        if n > self.needed:
            return "calc.too_many", {"n": n - self.needed}, None
        assert self.win is not None
        if self.flags["robbing_kong"] and self.used(self.win) > 1:
            return "calc.err.robbing", {}, None  # the other three copies are in the pong
        if self.flags["last_copy"] and self.counts[self.win] > 1:
            # 绝张: the other three copies are on the table — the winner's own melds count,
            # its concealed hand holds none (RULES.md §5.1, 004: 自己手牌里不能有要胡的牌;
            # the engine refuses it too, HandFault.LAST_COPY_HELD)
            return "calc.err.last_copy", {}, None
        ctx = WinContext(
            concealed=tuple(self.counts),
            melds=tuple(self.melds),
            win_tile=self.win,
            void=self.void if rules.declares_void else None,
            paid_as_discard=self.bloom_paid_as_discard(rules),
            **self.flags,
        )
        try:
            result = score_hand(ctx, rules)
        except HandError as exc:  # worded by the caller in its language (Narrator.hand_error)
            return "calc.invalid", {"error": exc}, None
        return ("calc.result" if result.win else "calc.no_win"), {}, result
