"""Player-facing strings of the rules & help screen's own parts: its tabs, the pattern
gallery and the fan calculator, Chinese first, English second. Pure data, moved out of
:mod:`game.strings.menus` (which still hands them to :func:`game.i18n.t` with its own).
"""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    # --- help -------------------------------------------------------------------------------
    "help.title": common.RULES_HELP,
    "help.tab.rules": ("规则书", "Rulebook"),
    "help.tab.gallery": ("番种图鉴", "Patterns"),
    "help.tab.calc": ("算番器", "Fan calculator"),
    "help.preset": common.RULES,
    # the player's own rules (Quick play's): a preset with options changed in New game
    "help.mine": ("{preset}（已改 {n} 项）", "{preset} ({n} changed)"),
    "help.absent": ("本规则无此牌型", "Absent"),
    "help.fan": ("{n}番", "{n} fan"),
    "help.points": ("{n} 分", "{n} pts"),
    "help.points.one": ("{n} 分", "{n} pt"),
    "help.cap": ("满格", "The cap"),
    "help.extras": common.EXTRAS,
    "extra.short.gen": ("根", "Root"),
    "extra.short.gang_shang_hua": common.KONG_BLOOM,
    "extra.short.gang_shang_pao": common.AFTER_KONG,
    "extra.short.qiang_gang": common.ROBBING_KONG,
    "extra.short.zi_mo": ("自摸", "Self-drawn"),
    "extra.short.hai_di": common.LAST_TILE,
    "extra.short.jue_zhang": common.LAST_COPY,
    "extra.short.men_qing": ("门清", "Concealed hand"),
    "extra.short.zhong_zhang": ("中张", "All simples"),
    "help.extra_off": ("不计", "Not counted"),
    "help.zimo_base": ("自摸加底", "+1 base"),
    "help.zimo_fan": ("+1番", "+1 fan"),
    "help.section.options": ("本规则的选项", "These rules' options"),
    "help.zimo_base.desc": (
        "；每位付款者多付一个底分，不受封顶限制",
        "; each payer pays one base more, outside the cap",
    ),
    "help.gallery_note": (
        "右上角是牌型在当前规则下的番数（或分数）；一手牌只计最大的一个牌型，另加根和加番",
        "Each pattern's value under the chosen rules; a hand counts only its highest pattern, "
        "plus roots and extras",
    ),
    # a pattern no hand of a one-suit wall (两人一房) scores: 将对 (no such hand), or 平胡
    # where a full flush counts (every hand there is one, and scores it)
    "help.no_example": (
        "这桌的牌墙只有{suits}，没有哪手牌算这个牌型",
        "No hand at this table scores this: its wall is {suits} only",
    ),
    # an absent pattern's example: what it scores instead, and in all with roots and extras
    "help.instead": ("→ {pattern} {value}", "→ {pattern} {value}"),
    "help.instead_total": (
        "→ {pattern} {value}，共 {total}",
        "→ {pattern} {value}, {total} in all",
    ),
    # calculator
    "calc.picker": (
        "点牌加入手牌（或方向键选牌、回车加入，退格或 Delete 撤销）",
        "Click a tile to add it (or arrows and Enter; Backspace or Delete undoes)",
    ),
    "calc.hand": (
        "手牌（左键选胡张，右键移除）",
        "Hand (left click: winning tile, right click: remove)",
    ),
    "calc.hand.keys": (  # the hand's label while its cursor has the keyboard focus
        "手牌（回车选胡张，退格或 Delete 移除光标处的牌或副露）",
        "Hand (Enter: winning tile, Backspace or Delete: remove the tile or meld)",
    ),
    "calc.melds": ("副露", "Melds"),
    "calc.meld_mode": ("下一张牌作为：", "Next tile as:"),
    "calc.mode.tile": ("手牌", "Hand tile"),
    "calc.mode.P": common.PONG,
    "calc.mode.K": ("直杠", "Exposed kong"),
    "calc.mode.A": ("暗杠", "Concealed kong"),
    "calc.mode.B": ("补杠", "Added kong"),
    "calc.flags": ("胡牌方式", "How it was won"),
    "calc.flag.self_drawn": ("自摸", "Self-drawn"),
    "calc.flag.kong_replacement": common.KONG_BLOOM,
    "calc.flag.after_kong": common.AFTER_KONG,
    "calc.flag.robbing_kong": common.ROBBING_KONG,
    "calc.flag.last_tile": common.LAST_TILE,
    "calc.flag.last_copy": common.LAST_COPY,
    "calc.flag.first_turn": ("第一轮", "First turn"),
    "calc.flag.dealer": ("庄家", "Dealer"),
    "calc.flag_off": ("{flag}：本规则不计", "{flag}: not counted under these rules"),
    # First turn and Dealer where the hand scores neither 天胡 nor 地胡
    "calc.first_turn.rules": (
        "第一轮：本规则没有天胡、地胡",
        "First turn: these rules have no heavenly or earthly hand",
    ),
    "calc.first_turn.hand": (
        "第一轮：天胡要庄家自摸、没有副露，地胡要闲家、没有副露",
        "First turn: a heavenly hand is the dealer's self-drawn win with no melds, "
        "an earthly hand a non-dealer's win with no melds",
    ),
    "calc.dealer": (
        "庄家：只和「第一轮」一起算（天胡）",
        "Dealer: it counts only with First turn (a heavenly hand)",
    ),
    # 引杠杠上花 where the kong's discarder pays alone (kong_bloom_on_exposed = discarder_pays)
    "calc.bloom_exposed": (
        "杠上花在直杠之后：本规则由放杠者一人按点炮付",
        "Kong replacement after an exposed kong: under these rules the player who discarded "
        "the kong's tile pays alone, as for a discard win",
    ),
    "calc.void": ("定缺", "Void suit"),
    "calc.void.none": ("不定", "None"),
    "calc.undo": ("撤销", "Undo"),
    "calc.clear": ("清空", "Clear"),
    "calc.result": common.RESULT,
    "calc.empty": (
        "点左边的牌，组成一手 14 张的胡牌",
        "Click tiles on the left to build a 14-tile winning hand",
    ),
    "calc.need": (
        "还差 {n} 张（共需 14 张，每个副露算 3 张）",
        "{n} more tiles needed (14 in all, each meld counts 3)",
    ),
    "calc.need.one": (
        "还差 {n} 张（共需 14 张，每个副露算 3 张）",
        "{n} more tile needed (14 in all, each meld counts 3)",
    ),
    "calc.too_many": (
        "多了 {n} 张（共需 14 张，每个副露算 3 张）",
        "{n} tiles too many (14 in all, each meld counts 3)",
    ),
    "calc.too_many.one": (
        "多了 {n} 张（共需 14 张，每个副露算 3 张）",
        "{n} tile too many (14 in all, each meld counts 3)",
    ),
    "calc.full": ("这种牌已经有四张了", "All four copies of that tile are used"),
    "calc.max_melds": ("最多四个副露", "At most four melds"),
    "calc.invalid": ("无法计算：{why}", "Cannot score: {why}"),
    "calc.no_win": ("不能胡", "Not a win"),
    # a hand kept from other rules holds a suit this table's wall does not have
    "calc.err.suits": (
        "这桌的牌墙里没有{missing}：请移除灰色的牌（{wall}）",
        "This table's wall has no {missing}: remove the greyed tiles ({wall})",
    ),
    "calc.err.robbing": (
        "抢杠胡不成立：被抢的那张是补杠的第四张，另外三张在被抢者的碰里，胡牌者手里不能再有这种牌",
        "Robbing a kong is impossible here: the robbed tile is the fourth copy and the other "
        "three are in the robbed pong, so the winner cannot hold another copy of that tile",
    ),
    "calc.err.last_copy": (
        "绝张不成立：胡的是最后一张，另外三张都已亮在桌上，胡牌者手里不能再有这种牌",
        "Last unseen copy is impossible here: the winning tile is the last copy and the other "
        "three are on the table, so the winner cannot hold another copy of that tile",
    ),
    "calc.win_tile": ("胡张", "Winning tile"),
}
