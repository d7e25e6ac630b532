"""Every player-facing string of the game, in Chinese (first language) and English.

``t(key, lang, **fmt)`` looks a key up and fills ``{placeholders}``. A missing key in one
language falls back to the other, then to the key itself, so a typo shows up on screen
instead of crashing the table.
"""

from __future__ import annotations

from game import i18n_common as common

LANGS = ("zh", "en")

_STRINGS: dict[str, tuple[str, str]] = {
    # window / start scene
    "app.title": ("四川麻将 · 血战到底", "Sichuan Mahjong · Blood Battle"),
    "start.subtitle": ("单机对战三位电脑玩家", "You against three bots, offline"),
    "start.rules": common.RULES,
    "start.bots": ("电脑水平", "Bot level"),
    "start.play": ("开始游戏", "Play"),
    "start.demo": ("观战演示", "Watch a demo"),
    "start.lang": ("English", "中文"),
    "start.quit": ("退出", "Quit"),
    "start.hint": (
        "点击或拖动牌出牌 · ←/→ 选牌 · 回车出牌 · H 胡 · K 杠 · P 碰 · Esc 过",
        "Click or drag a tile to discard · ←/→ select · Enter discard · "
        "H win · K kong · P pong · Esc pass",
    ),
    "preset.standard": ("标准血战", "Standard"),
    "preset.jj": ("JJ规则", "JJ rules"),
    "preset.wiki": ("百科规则", "Encyclopedia"),
    "preset.chengdu": ("成都算分", "Chengdu points"),
    "preset.modern": ("换三张", "Swap three"),
    "preset.modern_xueliu": common.BLOOD_RIVER,
    "preset.desc.standard": (
        "定缺 · 先打缺门 · 翻倍计番 · 自摸加底",
        "Void suit · void tiles first · doubling fan · self-draw +base",
    ),
    "preset.desc.jj": ("5番封顶 · 自摸加番 · 退税给下叫者", "5-fan cap · self-draw +1 fan"),
    "preset.desc.wiki": ("4番满格 · 金钩钓 · 过手胡只限同张", "4-fan cap · golden hook"),
    "preset.desc.chengdu": (
        "加法计分 · 一家胡牌即结束 · 不定缺",
        "Additive points · first win ends",
    ),
    "preset.desc.modern": ("标准规则 + 换三张", "Standard + swap three tiles"),
    "preset.desc.modern_xueliu": ("换三张 + 血流成河", "Swap three + blood river"),
    "bot.random": ("随机", "Random"),
    "bot.greedy": ("贪心", "Greedy"),
    "bot.easy": ("简单", "Easy"),
    "bot.normal": ("普通", "Normal"),
    "bot.hard": ("困难", "Hard"),
    # seats
    "seat.you": ("你", "You"),
    "seat.bot": ("电脑{n}", "Bot {n}"),
    "seat.east": ("东", "E"),
    "seat.south": ("南", "S"),
    "seat.west": ("西", "W"),
    "seat.north": ("北", "N"),
    "seat.dealer": ("庄", "D"),
    "seat.points": common.POINTS,
    "seat.void": ("缺", "Void"),
    "seat.won_badge": ("胡", "W"),
    # table status
    "table.wall_label": ("剩余牌数", "tiles left"),
    "table.hand_no": ("第 {n} 局", "Hand {n}"),
    "table.your_turn": ("轮到你出牌", "Your turn: discard a tile"),
    "table.void_first": ("请先打出缺门的牌", "Discard your void-suit tiles first"),
    "table.claim": ("{tile}：可以{what}", "{tile}: you may {what}"),
    "table.leave_confirm": (
        "再按一次“菜单”离开：本局按逃跑结算（赔付其他玩家）",
        "Press Menu again to leave: the hand is settled as a walk-out (you pay the others)",
    ),
    "table.or": ("或", " or "),
    "table.pick_three": ("换三张：选三张同花色的牌", "Swap three: pick three tiles of one suit"),
    "table.pick_void": ("定缺：选择不要的花色", "Declare void: pick the suit you will drop"),
    "table.waiting": ("等待其他玩家…", "Waiting for the others…"),
    "table.auto_on": ("托管中", "Auto-play on"),
    "table.exchange_dir.clockwise": ("顺时针换牌", "Passing clockwise"),
    "table.exchange_dir.counter_clockwise": ("逆时针换牌", "Passing counter-clockwise"),
    "table.exchange_dir.across": ("对家换牌", "Passing across"),
    # buttons
    "btn.win": ("胡", "Win"),
    "btn.kong": ("杠", "Kong"),
    "btn.pong": common.PONG,
    "btn.pass": ("过", "Pass"),
    "btn.confirm": ("确定", "Confirm"),
    "btn.hints": ("提示", "Hints"),
    "btn.auto": ("托管", "Auto"),
    "btn.speed": ("速度", "Speed"),
    "btn.menu": ("菜单", "Menu"),
    "btn.next_hand": ("下一局", "Next hand"),
    "btn.back_to_menu": ("返回菜单", "Main menu"),
    "btn.suit": ("缺{suit}", "Void {suit}"),
    "speed.slow": common.SPEEDS["slow"],
    "speed.normal": common.SPEEDS["normal"],
    "speed.fast": common.SPEEDS["fast"],
    "speed.instant": common.SPEEDS["instant"],
    # callouts
    "call.pong": ("碰!", "Pong!"),
    "call.kong": ("杠!", "Kong!"),
    "call.win": ("胡!", "Win!"),
    "call.self_draw": ("自摸!", "Self-draw!"),
    "call.multi_win": ("一炮多响!", "Multiple wins!"),
    "call.rob_kong": ("抢杠!", "Robbed the kong!"),
    "call.fan": ("{pattern} {fan}番", "{pattern} · {fan} fan"),
    "call.points": ("{pattern} {points}分", "{pattern} · {points} pts"),
    "call.drawn": ("流局", "Drawn hand"),
    # hints
    "hint.shanten": ("向听数 {n}", "{n} away from ready"),
    "hint.ready": ("听牌", "Ready"),
    "hint.waits": ("听：", "Waits:"),
    "hint.wait_item": ("{tile}×{left}", "{tile}×{left}"),
    "hint.ready_waits": ("听牌，胡：", "Ready, wins on:"),
    "hint.wait_left": ("余{left}张", "{left} left"),
    "hint.if_discard": ("打{tile}：", "Discard {tile}: "),
    "hint.no_waits": ("不听", "not ready"),
    "hint.fan": ("{n}番", "{n} fan"),
    "hint.pts": ("{n}分", "{n} pts"),
    # settlement
    "settle.title": ("本局结算", "Hand result"),
    "settle.winners": ("胡牌", "Winners"),
    "settle.no_winner": ("流局 — 无人胡牌", "Drawn hand — nobody won"),
    "settle.ledger": ("收支明细", "Payments"),
    "settle.totals": ("本局合计", "Hand totals"),
    "settle.match": ("累计", "Match"),
    "settle.line": ("{payer} → {payee}", "{payer} → {payee}"),
    "settle.amount": ("{amount} 分", "{amount} pts"),
    "settle.fan": ("{fan} 番", "{fan} fan"),
    "settle.points": common.POINTS,
    "settle.next_dealer": ("下一局庄家：{name}", "Next dealer: {name}"),
    "settle.empty": ("本局没有收支", "No payments this hand"),
    "settle.more": ("…另有 {n} 条", "…and {n} more"),
    "settle.self_drawn": ("自摸", "self-drawn"),
    "settle.from": ("点炮：{name}", "dealt in by {name}"),
    "settle.hand_total": ("本局", "This hand"),
    "settle.auto_next": ("{n} 秒后自动开始下一局", "Next hand in {n} s"),
    "reason.win_discard": ("点炮", "Win on discard"),
    "reason.win_self_drawn": ("自摸", "Self-drawn win"),
    "reason.win_robbing_kong": ("抢杠胡", "Robbed kong"),
    "reason.win_kong_bloom_discarder": ("引杠杠上花", "Kong bloom (discarder pays)"),
    "reason.kong_transfer": ("呼叫转移", "Kong income transfer"),
    "reason.kong_concealed": ("暗杠·下雨", "Concealed kong"),
    "reason.kong_added": ("补杠·刮风", "Added kong"),
    "reason.kong_exposed": ("直杠·刮风", "Exposed kong"),
    "reason.kong_drizzle": ("下毛毛雨", "Kong drizzle"),
    "reason.flower_pig": ("查花猪", "Flower pig"),
    "reason.not_ready": ("查大叫", "Not ready"),
    "reason.kong_refund": ("退税", "Kong refund"),
    "reason.leave_penalty": ("逃跑", "Left the table"),
    "reason.leave_ready": ("逃跑赔叫", "Left: pays the ready"),
    # meld / action names (for hints and logs)
    "act.pong": ("碰", "pong"),
    "act.kong": ("杠", "kong"),
    "act.win": ("胡", "win"),
    # errors shown to the player
}


def t(key: str, lang: str = "zh", **fmt: object) -> str:
    """The string for ``key`` in ``lang`` ('zh' or 'en'), with ``fmt`` filled in."""
    return common.pick(_STRINGS.get(key), key, lang, fmt)


def pattern_name(pattern_id: str, lang: str = "zh") -> str:
    """The name of a scoring pattern (平胡, 清一色…), from the engine's pattern table."""
    from engine.patterns import PATTERN_BY_ID

    p = PATTERN_BY_ID.get(pattern_id)
    if p is None:
        return pattern_id
    return p.zh if lang == "zh" else p.en


def extra_name(extra_id: str, lang: str = "zh") -> str:
    """The name of a situational extra (根, 杠上花, 自摸…)."""
    from engine.patterns import EXTRA_BY_ID

    e = EXTRA_BY_ID.get(extra_id)
    if e is None:
        return extra_id
    return e.zh if lang == "zh" else e.en


def has(key: str) -> bool:
    return key in _STRINGS


def all_keys() -> list[str]:
    return sorted(_STRINGS)


def other_lang(lang: str) -> str:
    return "en" if lang == "zh" else "zh"


# The menu scenes keep their strings in game/i18n_menus.py; merged here so t() finds them.
from game.i18n_menus import STRINGS as _MENU_STRINGS  # noqa: E402

_STRINGS.update(_MENU_STRINGS)

# The match flow (pause, match end, replays, tutorial) keeps its strings in game/i18n_flow.py.
from game.i18n_flow import STRINGS as _FLOW_STRINGS  # noqa: E402

_STRINGS.update(_FLOW_STRINGS)

# The table's item bar and coin notices keep theirs in game/i18n_items.py.
from game.i18n_items import STRINGS as _ITEM_STRINGS  # noqa: E402

_STRINGS.update(_ITEM_STRINGS)
