"""Player-facing strings of the menu scenes (title menu, new game, settings, statistics,
rules & help, shop), Chinese first, English second. Pure data: looked up through
:func:`game.i18n.t`, which also finds the table's preset and bot names the menus show.
"""

from __future__ import annotations

from game.strings import common, help_tabs, rulebook
from game.strings.common import Pair

_YOUR_TURN = ("自己回合、出牌前", "Your turn, before discarding")
_BEFORE_WIN = ("未胡时随时", "Any time before you win")

_OWN: dict[str, Pair] = {
    # --- common -------------------------------------------------------------------------
    "common.back": ("返回", "Back"),
    "common.on": common.ON,
    "common.off": common.OFF,
    # --- title and main menu --------------------------------------------------------------
    "menu.title": ("四川麻将", "Sichuan Mahjong"),
    "menu.subtitle": ("血战到底", "Blood Battle to the End"),
    "menu.continue": ("继续对局", "Continue"),
    "menu.quick": ("快速开始", "Quick play"),
    "menu.new": common.NEW_GAME,
    "menu.shop": ("道具商店", "Shop"),
    "menu.stats": common.STATISTICS,
    "menu.replays": common.REPLAYS,
    "menu.help": common.RULES_HELP,
    "menu.settings": common.SETTINGS,
    "menu.quit": ("退出游戏", "Quit"),
    "menu.desc.continue": ("接着打上次没打完的对局", "Resume the match you left"),
    "menu.desc.continue_none": ("没有未完成的对局", "No match in progress"),
    "menu.desc.quick": (
        "按上次的设置开局：{preset} · {length} · {bots}",
        "Last setup: {preset} · {length} · {bots}",
    ),
    # Quick play for a player who set nothing up (a new player): the game's own first setup
    "menu.desc.quick.new": (
        "马上开一局：{preset}规则，{length}，对手是 {bots}",
        "Start a match right away: {preset} rules, {length}, against {bots}",
    ),
    # the bots Quick play seats: all of one level, or each seat's level in turn
    "menu.bots.same": ("{n} 个{level}电脑", "{n} {level} bots"),
    "menu.bots.same.one": ("1 个{level}电脑", "one {level} bot"),
    "menu.bots.mixed": ("电脑 {levels}", "bots {levels}"),
    "menu.desc.new": ("选择规则、电脑水平和局数", "Choose the rules, the bots and the length"),
    "menu.desc.shop": ("用游戏币购买道具", "Spend coins on items"),
    "menu.desc.stats": ("胜率、最佳牌、历史走势", "Win rate, best hand, history"),
    "menu.desc.replays": ("重看打完的牌局", "Watch finished hands again"),
    "menu.desc.help": ("规则书、番种图鉴、算番器", "Rulebook, pattern gallery, fan calculator"),
    "menu.desc.settings": ("语言、画面、声音、牌面", "Language, window, sound, tile faces"),
    "menu.desc.quit": ("关闭游戏", "Close the game"),
    "menu.hint": ("↑/↓ 选择 · 回车确认 · 鼠标点击", "↑/↓ choose · Enter confirm · or click"),
    # the first-run tip beside the menu: a new player is pointed to the guided first hand
    "menu.tip.title": ("第一次玩？", "New to Sichuan Mahjong?"),
    "menu.tip.body": (
        "跟着提示打一局，几分钟学会定缺、碰、杠和胡牌。",
        "Play one guided hand and learn the void, pong, kong and a win in a few minutes.",
    ),
    "menu.tutorial": ("开始教程", "Play the tutorial"),
    "menu.tutorial_dismiss": ("不用了", "No thanks"),
    "menu.desc.tutorial": ("跟着提示打一局：牌已经安排好", "A guided first hand, arranged for you"),
    "menu.desc.tutorial_dismiss": (
        "不再显示这个提示（教程一直在“规则与帮助”里）",
        "Hide this tip (the tutorial stays under Rules & help)",
    ),
    "menu.coins": ("游戏币 {n}", "{n} coins"),
    "menu.coins.one": ("游戏币 {n}", "{n} coin"),
    # --- new game ---------------------------------------------------------------------------
    "new.title": common.NEW_GAME,
    "new.preset": ("规则预设", "Rules preset"),
    "new.bots": ("电脑水平", "Bots"),
    "new.seat.1": ("下家", "Right"),
    "new.seat.2": ("对家", "Across"),
    "new.seat.3": ("上家", "Left"),
    "new.room": ("牌桌", "Table"),
    # a table the option rows made that the Table list does not offer: 四人两房, 三人一房 …
    "new.room.custom": ("自定：{room}", "Custom: {room}"),
    # the room a rule set makes (players, suits): a name and one sentence
    "room.name.4.3": ("四人三房", "4 players, 3 suits"),
    "room.name.4.2": ("四人两房", "4 players, 2 suits"),
    "room.name.3.3": ("三人三房", "3 players, 3 suits"),
    "room.name.3.2": ("三人两房", "3 players, 2 suits"),
    "room.name.2.3": ("两人三房", "2 players, 3 suits"),
    "room.name.2.2": ("两人两房", "2 players, 2 suits"),
    "room.name.2.1": ("两人一房", "2 players, 1 suit"),
    "room.name.4.1": ("四人一房", "4 players, 1 suit"),
    "room.name.3.1": ("三人一房", "3 players, 1 suit"),
    "room.seats.4": ("四人围坐", "Four players"),
    "room.seats.3": ("三人，对家空着", "Three players, the seat across empty"),
    "room.seats.2": ("两人对坐", "Two players, face to face"),
    "room.tiles": ("{suits}共 {n} 张", "{suits}: {n} tiles"),
    "room.void": ("须定缺", "a void suit to declare"),
    "room.no_void": ("不定缺", "no void suit"),
    "room.sentence": ("{seats}；{tiles}；{void}。", "{seats}; {tiles}; {void}."),
    "room.and": ("、", " and "),
    "new.length": ("对局长度", "Match length"),
    "new.hands": ("{n} 局", "{n} hands"),
    "new.hands.one": ("{n} 局", "{n} hand"),
    "new.items": common.ITEMS,
    "new.options": ("规则选项", "Rule options"),
    "new.options_hint": (
        "点选数值修改（或用 ↑/↓ 选行、←/→ 改值）；金色标记为已改动",
        "Click a value (or ↑/↓ and ←/→) to change it; gold marks a change",
    ),
    "new.section.rules": ("玩法与结算", "Play and payments"),
    "new.section.fan": ("番种番数", "Pattern values"),
    "new.section.extra": common.EXTRAS,
    "new.changed": ("已改", "changed"),
    "new.changed_n": ("已改动 {n} 项", "{n} changed"),
    "new.same": ("与预设完全相同", "Exactly the preset"),
    "new.reset": ("恢复预设", "Reset to preset"),
    "new.start": ("开始对局", "Start"),
    "new.invalid": (
        "这些选项不能一起使用：请改回刚才的选项，或恢复预设",
        "These options cannot be played together: change the last one back or reset to the preset",
    ),
    "new.too_few_tiles": (
        "{suits} 种花色只有 {tiles} 张牌，不够 {players} 人起手（{deal} 张）再摸牌："
        "请多选花色或减少人数",
        "{suits} suits make only {tiles} tiles, too few to deal {players} players ({deal} tiles) "
        "and draw: choose more suits or fewer players",
    ),
    "new.too_few_tiles.one": (
        "一种花色只有 {tiles} 张牌，不够 {players} 人起手（{deal} 张）再摸牌：请多选花色或减少人数",
        "One suit makes only {tiles} tiles, too few to deal {players} players ({deal} tiles) "
        "and draw: choose more suits or fewer players",
    ),
    # the same, in two lines under the Table box
    "new.too_few_tiles.short": (
        "{suits} 种花色的牌不够 {players} 人打：请多选花色或减少人数",
        "{suits} suits are too few tiles for a table of {players}: "
        "choose more suits or fewer players",
    ),
    "new.too_few_tiles.short.one": (
        "一种花色的牌不够 {players} 人打：请多选花色或减少人数",
        "One suit is too few tiles for a table of {players}: choose more suits or fewer players",
    ),
    # option values
    "val.on": common.ON,
    "val.off": common.OFF,
    "val.none": common.NONE,
    "val.pattern_off": ("无此牌型", "Absent"),
    "val.cap": ("满格", "Cap"),
    "val.xuezhan": ("血战到底", "Blood battle"),
    "val.single": ("单局", "Single win"),
    "val.xueliu": common.BLOOD_RIVER,
    "val.fan": ("番（翻倍）", "Fan (doubling)"),
    "val.points": ("分（相加）", "Points (adding)"),
    "val.same_tile": ("只限同张", "Same tile only"),
    "val.unless_higher": ("除非番更大", "Unless worth more"),
    "val.self_drawn": ("算自摸", "As self-drawn"),
    "val.discarder_pays": ("放杠者付", "Discarder pays"),
    "val.max": ("赔大", "Best wait"),
    "val.min": ("赔小", "Worst wait"),
    "val.payers": ("付款人", "The payers"),
    "val.ready": ("下叫者", "Ready players"),
    "val.first_winner": ("首胡者", "First winner"),
    "val.discarder": ("点炮者", "Discarder"),
    "val.dice": ("掷骰", "Dice"),
    "val.add_base": ("自摸加底", "Add base"),
    "val.add_fan": ("自摸加番", "Add 1 fan"),
    "val.no_bonus": common.NONE,
    "val.east": ("你（1 号位）", "You (seat 1)"),  # the player sits at seat 1 offline
    "val.random": ("随机", "At random"),
    # --- settings ---------------------------------------------------------------------------
    "set.title": common.SETTINGS,
    "set.lang": ("语言", "Language"),
    "set.lang.zh": ("中文", "中文"),
    "set.lang.en": ("English", "English"),
    "set.window": ("窗口大小", "Window size"),
    "set.fullscreen": ("全屏", "Fullscreen"),
    "set.fullscreen.desc": (
        "随时可按 F11 或 Alt+回车切换",
        "F11 or Alt+Enter switches it anywhere",
    ),
    "set.speed": ("动画速度", "Animation speed"),
    "set.bot_pace": ("电脑出牌节奏", "Bot pace"),
    "set.speed.slow": common.SPEEDS["slow"],
    "set.speed.normal": common.SPEEDS["normal"],
    "set.speed.fast": common.SPEEDS["fast"],
    "set.speed.instant": common.SPEEDS["instant"],
    "set.sound": ("音效音量", "Sound volume"),
    "set.music": ("音乐音量", "Music volume"),
    "set.mute": ("静音", "Mute"),
    "set.no_audio": (
        "找不到音频设备，游戏静音运行",
        "No audio device found: the game plays without sound",
    ),
    "set.hints": ("默认开启提示", "Hints on by default"),
    "set.hints.desc": ("听牌、叫牌和推荐出牌", "Ready, waits and suggested discards"),
    "set.style": ("牌面样式", "Tile faces"),
    "set.style.classic": ("经典", "Classic"),
    "set.style.contrast": ("高对比", "High contrast"),
    "set.style.desc": (
        "高对比：白底深色，色弱也易分辨",
        "High contrast: white faces, easy for colour-blind eyes",
    ),
    "set.confirm": ("出牌前确认", "Confirm before discarding"),
    "set.confirm.desc": ("点一下选中，再点一下打出", "Click once to pick, again to discard"),
    # the change's answer; why is told by the app's notice over every screen
    "set.save_failed": (
        "这项设置未能保存，本次游戏中仍然有效",
        "Not saved: it holds while the game runs",
    ),
    "set.section.game": ("游戏与画面", "Game and display"),
    "set.section.sound": ("声音", "Sound"),
    "set.section.table": ("牌桌", "At the table"),
    "set.section.tiles": ("牌面", "Tiles"),
    "set.auto_win": ("自动胡", "Auto win"),
    "set.auto_win.desc": ("能胡牌时自动胡", "Take a win as soon as one is offered"),
    "set.auto_discard": ("自动摸打", "Auto discard"),
    "set.auto_discard.desc": (
        "胡牌后继续时自动打出摸到的牌",
        "Once you have won and play on, the drawn tile goes out",
    ),
    "set.tracker": ("记牌器", "Tile tracker"),
    "set.tracker.desc": ("显示每种牌还剩几张未见", "How many of each tile are still unseen"),
    "set.timer": ("出牌计时", "Turn timer"),
    "set.timer.desc": ("超时由电脑代打这一步", "When time runs out, a bot makes the move"),
    "set.replays_kept": ("保留回放", "Replays kept"),
    "set.replays_kept.desc": ("超出时先删最旧的", "The oldest are deleted first"),
    "set.timer.off": ("关", "Off"),
    "set.timer.s": ("{n}秒", "{n} s"),
    # --- statistics -------------------------------------------------------------------------
    "stats.title": common.STATISTICS,
    "stats.coins": ("游戏币", "Coins"),
    "stats.hands": ("局数", "Hands"),
    "stats.matches": ("场数", "Matches"),
    "stats.win_rate": ("胡牌率", "Win rate"),
    "stats.self_draw_rate": ("自摸率", "Self-draw rate"),
    "stats.deal_in_rate": ("点炮率", "Deal-in rate"),
    "stats.streak": ("最长连胡", "Longest streak"),
    "stats.streak_now": ("当前连胡 {n} 局", "current: {n} wins"),
    "stats.streak_now.one": ("当前连胡 {n} 局", "current: {n} win"),
    "stats.items": ("道具库存", "Items"),
    "stats.best": ("最佳一手", "Best hand"),
    # {points}: what each player who paid for the win paid, as the match's end says it
    # (end.best_line) — not the player's net for the hand, which other wins and kongs may
    # have made a loss ("Plain win · 1 fan · -2 pts that hand" read as a losing best hand)
    "stats.best_line": (
        "{pattern} · {fan}{unit} · 每家付 {points} 分",
        "{pattern} · {fan} {unit} · {points} pts from each payer",
    ),
    "stats.best_line.one": (
        "{pattern} · {fan}{unit} · 每家付 {points} 分",
        "{pattern} · {fan} {unit} · {points} pt from each payer",
    ),
    # a best hand saved before what each payer paid was kept: no figure
    "stats.best_line_bare": ("{pattern} · {fan}{unit}", "{pattern} · {fan} {unit}"),
    "stats.unit.fan": ("番", "fan"),
    "stats.unit.pts": ("分", "pts"),
    "stats.unit.pts.one": ("分", "pt"),
    "stats.best_none": ("还没有胡过牌", "No winning hand yet"),
    "stats.history": ("近期对局得分", "Points in recent matches"),
    "stats.history_n": ("最近 {n} 场，从左到右", "The last {n} matches, oldest first"),
    "stats.history_n.one": ("最近一场", "The last match"),
    "stats.history_none": (
        "打完一场对局后，这里会画出得分走势",
        "Finish a match to see your trend here",
    ),
    "stats.patterns": ("胡牌牌型", "Winning patterns"),
    "stats.patterns_none": ("胡过的牌型会在这里统计", "Patterns you win with are counted here"),
    "stats.per_preset": ("各规则战绩", "By rules preset"),
    "stats.col.preset": ("规则", "Preset"),
    "stats.col.hands": ("局", "Hands"),
    "stats.col.wins": ("胡", "Wins"),
    "stats.col.rate": ("胡率", "Rate"),
    "stats.col.points": ("得分", "Points"),
    # matches finished first of those played under the preset: 3/8
    "stats.col.firsts": ("第一/场", "1st"),
    "stats.preset.custom": ("自定义", "Custom"),
    "stats.empty": ("还没有战绩——去打一局吧！", "No games yet — go and play one!"),
    # --- shop -------------------------------------------------------------------------------
    "shop.title": ("道具商店", "Item shop"),
    "shop.balance": ("余额", "Balance"),
    "shop.buy": ("购买", "Buy"),
    "shop.owned": ("持有 {n}", "Owned: {n}"),
    "shop.owned_full": ("持有 {n}（已满）", "Owned: {n} (full)"),
    "shop.full": (
        "已经持有 {n} 个：每种道具最多持有 {n} 个",
        "You hold {n} already, the most of one item you can carry",
    ),
    # the balance after a purchase and the coins a purchase lacks, with the unit
    "shop.bought": ("买到了{item}！余额 {coins} 游戏币", "Bought {item}! Balance: {coins} coins"),
    "shop.bought.one": (
        "买到了{item}！余额 {coins} 游戏币",
        "Bought {item}! Balance: {coins} coin",
    ),
    # a dear item's question; {again} in the words of the input that asked it
    "shop.confirm": (
        "{item}要 {price} 游戏币：{again}确认",
        "{item} costs {price} coins: {again} to confirm",
    ),
    "shop.again.click": ("再点一次购买", "click Buy again"),
    "shop.again.key": ("再按一次回车", "press Enter again"),
    "shop.short": ("游戏币不够：还差 {n} 游戏币", "Not enough coins: {n} coins short"),
    "shop.short.one": ("游戏币不够：还差 {n} 游戏币", "Not enough coins: {n} coin short"),
    # bought (kept in the game, which keeps trying to save), not yet on disk; why is told by
    # the app's notice over every screen
    "shop.save_failed": (
        "买到了{item}，但还没存档：游戏会继续尝试保存",
        "Bought {item}, but it is not saved yet: the game keeps trying",
    ),
    "shop.inventory": ("我的道具", "Inventory"),
    "shop.note_off": (
        "道具只在开启「道具」选项的规则下可用",
        "Items work only where the rules have items on",
    ),
    "shop.when": ("何时使用：", "When: "),
    # items (RULES.md §8)
    "item.qian_kun": common.QIAN_KUN,
    "item.tou_tian": ("偷天换日", "Steal the Sky"),
    "item.yi_hua": ("移花接木", "Graft the Blossom"),
    "item.qian_li_yan": ("千里眼", "Far-Seeing Eye"),
    "item.shun_feng_er": ("顺风耳", "Wind-Borne Ear"),
    "item.jin_shou_zhi": ("金手指", "Golden Finger"),
    "item.when.qian_kun": ("开局发牌前", "Before the deal"),
    "item.when.tou_tian": _YOUR_TURN,
    "item.when.yi_hua": _YOUR_TURN,
    "item.when.qian_li_yan": _BEFORE_WIN,
    "item.when.shun_feng_er": _BEFORE_WIN,
    "item.when.jin_shou_zhi": ("每桌一次", "Once per table"),
    "item.desc.qian_kun": (
        "起手牌接近清一色：13 张（庄家 14 张）中至少 10 张是随机选定的同一门花色。",
        "Your opening hand comes close to a full flush: at least 10 of its 13 tiles "
        "(dealer 14) are of one randomly chosen suit.",
    ),
    "item.desc.tou_tian": (
        "用一张手牌换牌墙里你指定的一种牌；牌墙里没有这种牌时不生效，道具退回。",
        "Swap one hand tile for a tile kind you name, taken from the live wall; if the wall "
        "holds no copy, nothing happens and you keep the item.",
    ),
    "item.desc.yi_hua": (
        "用一张手牌换牌墙里随机的一张牌，换下的牌放回牌墙原位。",
        "Swap one hand tile for a random tile of the live wall; your old tile takes its place.",
    ),
    "item.desc.qian_li_yan": (
        "指定一种牌：看牌墙里还剩几张，以及每张大约在剩余牌墙的哪一段。",
        "Name a tile kind: see how many are left in the wall and roughly where each one lies.",
    ),
    "item.desc.shun_feng_er": (
        "看到牌墙的下一张牌（不论谁会摸到它）。",
        "See the next tile to be drawn from the wall, whoever draws it.",
    ),
    "item.desc.jin_shou_zhi": (
        "本桌剩下的时间里，你的出牌指针变成金手指（纯装饰）。",
        "For the rest of this table, your discard pointer becomes a golden finger (cosmetic).",
    ),
}

STRINGS: dict[str, Pair] = {**_OWN, **help_tabs.STRINGS, **rulebook.STRINGS}
"""The menus' strings with the help screen's (game/strings/help_tabs.py) and the rulebook's
(game/strings/rulebook.py), kept apart only for the files' length: one table for
:func:`game.i18n.t`."""

RULE_SECTIONS: tuple[str, ...] = rulebook.RULE_SECTIONS
