"""Player-facing strings of the table's item bar, coins and profile flow (zh + en).

Pure data: looked up through :func:`game.i18n.t`.
"""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    "items.bar_title": common.ITEMS,
    "items.count": ("×{n}", "×{n}"),
    "items.when": ("使用时机：{when}", "When: {when}"),
    "items.not_now": ("现在不能用", "Not usable now"),
    "items.none_left": ("用完了：道具商店里可以买", "None left: the shop sells more"),
    "items.won": ("你已经胡牌，不能再用道具", "You have won: no more items this hand"),
    # why an item held cannot be used at this moment (the tooltip, a click on it)
    "items.why.not_your_turn": ("现在不是你的回合", "It is not your turn now"),
    "items.why.swap_used": (
        "每回合只能换一次牌，这回合已经换过了",
        "One swap a turn, and you have swapped this turn",
    ),
    "items.why.already_golden": (
        "本桌你的出牌指针已经是金手指了",
        "Your pointer is already golden at this table",
    ),
    "items.why.wall_empty": ("牌墙已经摸完了", "The wall is empty"),
    "items.why.auto": ("托管中不能用道具", "Not while Autoplay plays for you"),
    "items.why.forced_win": (
        "最后四张必须胡牌，不能用道具",
        "You must take the win on the last four tiles",
    ),
    "items.why.before_deal": (
        "下一局发牌前会问你要不要用",
        "You will be asked before the next deal",
    ),
    "items.pick_give": (
        "{item}：点一张手牌换出，或 ←/→ 选牌后按回车（右键或 Esc 取消）",
        "{item}: click a hand tile to give, or pick it with ←/→ and Enter "
        "(right-click or Esc cancels)",
    ),
    "items.pick_kind": ("{item}：选一种牌", "{item}: choose a tile kind"),
    "items.pick_want": (
        "{item}：换出{tile}，想要哪种牌？",
        "{item}: giving {tile} — which kind do you want?",
    ),
    "items.no_live": ("牌墙里没有", "None left in the wall"),
    "items.cancel": ("取消", "Cancel"),
    "items.close": ("知道了", "OK"),
    "items.result_title": ("道具结果（只有你能看到）", "Item result (only you see it)"),
    "items.used_by": ("{who}使用了{item}", "{who} used {item}"),
    "items.refused": ("{item}没有生效：{why}", "{item} not used: {why}"),
    "items.cannot": ("{item}：{why}", "{item}: {why}"),  # a click on an item not usable now
    "items.qk_title": common.QIAN_KUN,
    "items.qk_ask": (
        "这一局使用乾坤大挪移吗？（还有 {n} 个）",
        "Use Heaven and Earth Shift this hand? ({n} held)",
    ),
    "items.qk_desc": (
        "起手牌会接近清一色：至少 10 张同一门花色。",
        "Your opening hand comes close to a full flush: at least 10 tiles of one suit.",
    ),
    "items.qk_yes": ("使用", "Use it"),
    "items.qk_no": ("这局不用", "Not this hand"),
    "items.qian_kun_timed_out": (
        "时间到：这局不用乾坤大挪移，道具留着",
        "Time's up: no Heaven and Earth Shift this hand (you keep it)",
    ),
    "items.golden_on": (
        "金手指已开启：本桌你的出牌指针是金色的",
        "Golden Finger on: your pointer is golden at this table",
    ),
    "coins.bot_replaced": (
        "{old} 的游戏币输光了，{new} 入座（{coins} 币）",
        "{old} ran out of coins; {new} takes the seat ({coins} coins)",
    ),
    "coins.human_broke": (
        "你的游戏币输光了。要开始新的一场吗？",
        "You are out of coins. Start a new match?",
    ),
    "coins.relief": ("送你 {coins} 游戏币，重新开始吧", "Here are {coins} coins to start again"),
    "coins.relief_less": (
        "送你 {coins} 游戏币，重新开始吧（补助扣除了上次补助以来在商店花的钱）",
        "Here are {coins} coins to start again (the gift is less what you spent in the shop "
        "since the last one)",
    ),
    "coins.change": ("游戏币 {n}", "Coins {n}"),  # n: signed ("+1,200", "0")
    "coins.balance": ("（余 {n}）", "(balance {n})"),
    "coins.save_failed": ("存档失败：{why}", "Could not save: {why}"),
}
