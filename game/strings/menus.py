"""Player-facing strings of the menu scenes (title menu, new game, settings, statistics,
rules & help, shop), Chinese first, English second. Pure data: looked up through
:func:`game.i18n.t`, which also finds the table's preset and bot names the menus show.
"""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

_YOUR_TURN = ("自己回合、出牌前", "Your turn, before discarding")
_BEFORE_WIN = ("未胡时随时", "Any time before you win")

STRINGS: dict[str, Pair] = {
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
        "按上次的设置开局：{preset} · {length} · 电脑 {bots}",
        "Last setup: {preset} · {length} · bots {bots}",
    ),
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
    # {points}: the player's net for that hand, signed (a win can still lose the hand)
    "stats.best_line": (
        "{pattern} · {fan}{unit} · 该局 {points} 分",
        "{pattern} · {fan} {unit} · {points} pts that hand",
    ),
    "stats.best_line.one": (
        "{pattern} · {fan}{unit} · 该局 {points} 分",
        "{pattern} · {fan} {unit} · {points} pt that hand",
    ),
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
    "shop.confirm": (
        "{item}要 {price} 游戏币：再点一次购买确认",
        "{item} costs {price} coins: click Buy again to confirm",
    ),
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
    # --- rulebook (RULES.md, summarised) --------------------------------------------------
    "rule.tiles.title": ("牌与记法", "Tiles and notation"),
    "rule.tiles.body": (
        "共 108 张：万、筒、条三门，每门一到九，各四张；没有字牌和花牌"
        "（三人、两人的牌桌可以去掉一门或两门，见「三人与两人」）。\n"
        "记法：数字加花色字母，m＝万、p＝筒、s＝条，例如 123m456p99s。\n"
        "四人对局，逆时针轮流：东（庄家）→南→西→北。庄家起手 14 张，其余 13 张。\n"
        "庄家掷两颗骰子，点数决定从牌墙哪里开始摸牌；开杠后补的牌就是牌墙接下来的那张。",
        "108 tiles: three suits — characters (万), dots (筒), bamboo (条) — ranks 1 to 9, four "
        "copies each; no winds, dragons or flowers (a table of three or two may take one or "
        "two suits out: see Three and two at the table).\n"
        "Notation: digits then a suit letter, m = characters, p = dots, s = bamboo, "
        "e.g. 123m456p99s.\n"
        "Four players take turns anticlockwise: East (the dealer) → South → West → North. "
        "The dealer starts with 14 tiles, the others with 13.\n"
        "The dealer rolls two dice: their sum picks where on the wall drawing starts. The "
        "replacement tile after a kong is simply the next tile of the wall.",
    ),
    "rule.exchange.title": ("换三张", "Swap three"),
    "rule.exchange.body": (
        "选项开启时（「换三张」「血流成河」「三人两房」「两人两房」规则默认开启），"
        "开局每人选三张同一门的牌，按骰子决定顺时针、逆时针或对家传出。",
        'When the option is on (by default in the Swap three, Blood river, "3 players, 2 suits" '
        'and "2 players, 2 suits" presets), each player picks three tiles of one suit at the '
        "start; dice decide whether they pass clockwise, anticlockwise or across.",
    ),
    "rule.void.title": ("定缺", "Declaring the void suit"),
    "rule.void.body": (
        "每人暗中选一门不要的花色，同时亮出。手里还有定缺的牌就不能胡，也不能碰、杠这门牌。"
        "若规则要求「先打缺门」，手里有缺门牌时只能打缺门牌。\n"
        "不定缺的规则（成都）也必须缺一门才能胡：胡牌时最多两门花色。"
        "牌墙只有两门或一门牌时（三人两房、两人两房等）不定缺，也不用缺一门。",
        "Each player secretly names a suit to drop; all are shown together. You cannot win "
        'while holding a tile of that suit, nor pong or kong it. With "discard void suit '
        'first", such tiles must go before any other.\n'
        "Without declaring (Chengdu rules) a winning hand must still lack one suit: "
        "at most two suits. With only two suits in the wall, or one (as at the tables for "
        "three or two players), nobody declares and no suit need be missing.",
    ),
    "rule.play.title": ("行牌", "Play"),
    "rule.play.body": (
        "庄家先出牌。轮到你时：摸一张牌，然后自摸胡、暗杠、补杠或打出一张。\n"
        "胡牌：四组（刻子、杠或同门顺子）加一对将，或七个对子（不能有副露，四张相同的牌算两对）；"
        "最多两门花色（缺一门）。任何一对都可以做将；没有起胡番，开启「点炮不可平胡」时除外。",
        "The dealer discards first. On your turn: draw, then win by self-draw, declare a "
        "concealed or added kong, or discard.\n"
        "A winning hand is four sets (pungs, kongs or runs in one suit) and a pair, or seven "
        "pairs with no melds (four of a kind counts as two pairs), in at most two suits. Any "
        "pair may be the eyes, and there is no minimum fan unless No plain win on a discard "
        "is on.",
    ),
    "rule.claims.title": ("碰、杠、胡别人的牌", "Claiming a discard"),
    "rule.claims.body": (
        "别人打出的牌可以：胡（优先）、碰（手里有一对）、直杠（手里有三张）；不能吃。"
        "碰后打出一张，直杠后补摸一张；之后从碰、杠的人往下轮。\n"
        "一张牌可以多人同时胡（一炮多响），各自和点炮者结算。\n"
        "抢杠胡：有人补杠时，能胡这张牌的玩家可以抢杠，此杠作废，不收杠钱也不算根，"
        "被抢者按点炮付钱。暗杠和直杠都不能抢。\n"
        "引杠杠上花（选项）：直杠后补摸的牌自摸胡，算自摸（各家付），"
        "或由打出那张杠牌的人一人按点炮付（不算自摸加底、自摸加番，杠上花照算）。",
        "Another player's discard may be claimed to win (first), to pong (with a pair in hand) "
        "or for an exposed kong (with three); there is no chow. After a pong you discard, "
        "after an exposed kong you draw a replacement; then play goes on from you.\n"
        "Several players may win on one discard; each settles with the discarder.\n"
        "Robbing a kong: when someone adds a fourth tile to a pong, a player who wins on that "
        "tile may rob it; the kong is void (it collects nothing and is no root) and the robbed "
        "player pays as a discarder. Concealed and exposed kongs cannot be robbed.\n"
        "Exposed kong replacement win (an option): a win on the replacement of an exposed "
        "kong counts as self-drawn (everyone pays), or is paid by the "
        "player who discarded the kong's tile alone, as a discard win (no self-draw bonus; "
        "the win on kong replacement still counts).",
    ),
    "rule.passed.title": ("过手胡", "Passed win"),
    "rule.passed.body": (
        "放弃了一次点炮胡（或抢杠胡）之后——选择碰、杠而不胡也算放弃——"
        "到自己下次摸牌前不能再胡别人打出（或补杠）的牌："
        "「只限同张」只禁同一张牌；「除非番更大」则除非新的胡牌番数更大。自摸不受限制。\n"
        "最后四张必胡（选项）：牌墙只剩四张以内时摸到的牌是最后四张。能胡这样摸到的牌，"
        "或能胡摸了这样一张牌的玩家接着打出（或补杠）的牌，就必须胡，由游戏自动胡；"
        "过手胡不让胡时不算。",
        "After declining a win on a discard or a robbed kong — taking a pong or a kong "
        "instead counts as declining — until your next draw you may not win on another "
        'player\'s tile: "Same tile only" blocks only that tile, "Unless worth more" blocks '
        "any win that does not score more. Self-drawn wins are never blocked.\n"
        "Last four: forced win (an option): a tile drawn while the wall holds four or fewer "
        "is one of the last four. A win on such a tile, or on the tile discarded (or added to a "
        "kong) by the player who drew it, must be taken, and the game takes it for you — "
        "unless the passed-win rule forbids that win.",
    ),
    "rule.mode.title": ("血战到底与血流成河", "Blood battle and blood river"),
    "rule.mode.body": (
        "血战到底：有人胡牌后离场（手牌亮开），其余玩家继续，直到三家胡牌或牌墙摸完。"
        "点炮胡后，从点炮者数起最后一位胡牌者的下家接着摸牌；自摸后由胡牌者的下家接着摸"
        "（都跳过已胡的玩家）。\n"
        "单局：第一次胡牌（可一炮多响）即结束本局。\n"
        "血流成河：胡牌后不离场，可以一直胡，直到牌墙摸完；每次胡的牌亮在一边，单独结算。"
        "胡后手牌锁定：只能胡、开不改变所叫牌的杠，或打出刚摸的牌。",
        "Blood battle: a winner leaves the hand (its tiles face up) and the others play on "
        "until three have won or the wall is empty. After a win on a discard, play goes on "
        "from the player after the last winner counted from the discarder; after a self-drawn "
        "win, from the player after the winner (both skip those who have won).\n"
        "Single win: the first win (possibly several on one discard) ends the hand.\n"
        "Blood river: winners stay and may win again until the wall is empty; each winning "
        "tile is set aside face up and settled on its own. After winning the hand is locked: "
        "it may only win, declare a kong that leaves its winning tiles unchanged, or discard "
        "the tile just drawn.",
    ),
    "rule.patterns.title": ("番种与加番", "Patterns and extras"),
    "rule.patterns.body": (
        "只计最大的一个牌型；本规则没有的牌型，按这手牌能算的次高牌型计。"
        "另加根（每种四张都在手里或副露里的牌，一种一根）和下面的加番。"
        "下面是当前规则的番数（加法计分时为分数）。\n"
        "四个杠加一对将（十八罗汉）没有单独的番种：按对对胡（或金钩钓）加四根计。"
        "一手牌有几种拆法时，按最大的算。百科规则的天胡、地胡直接满格。",
        "Only the single highest pattern counts; a pattern these rules lack scores as the "
        "next-highest pattern the hand has. Roots (each kind of which you hold all four "
        "copies, in hand or in melds) and the extras below add to it. The values are those "
        "of the chosen rules (points with the additive model).\n"
        "Four kongs and a pair (the Eighteen Arhats) is no pattern of its own: it scores as "
        "all pungs (or golden hook) plus four roots. A hand that can be read several ways "
        "scores the way worth most. Under the Encyclopedia rules a heavenly or earthly hand "
        "scores exactly the cap.",
    ),
    "rule.pay.title": ("计分与付钱", "Scoring and payments"),
    "rule.pay.body": (
        "翻倍计番：倍数＝2 的（番数−1）次方；有封顶时倍数最多是 2 的（封顶番数−1）次方（满格）。"
        "封顶只管这手牌的倍数，不管杠钱和自摸加底。加法计分：牌型分加各项加分，不封顶。"
        "每位付款者付底分×倍数（或分数）。\n"
        "点炮胡由点炮者一人付；自摸（含杠上花）由所有未胡玩家各付。"
        "自摸加底：每家再多付一个底分；自摸加番：多计 1番。\n"
        "刮风下雨，当场结算（都乘底分）：暗杠由其他每位未胡玩家各付 2，补杠各付 1，"
        "直杠由放杠者付直杠分。下毛毛雨（选项）：直杠另向放杠者以外的其他未胡玩家各收 1。"
        "补杠须即杠（选项）：补杠只在摸到第四张的当轮杠出才收钱。"
        "已胡的玩家不再收付（血流成河除外：胡过的玩家仍在局中，照常收付）。\n"
        "呼叫转移（选项）：杠后打出的牌被人胡（杠上炮），这个杠收的钱转给胡牌者；"
        "一炮多响时，点炮者再向每位胡牌者各付同样的数目。关掉此项则不转移，杠上炮照样加番。\n"
        "门清（选项）：胡牌时没有碰、直杠、补杠（暗杠可以），加 1番。"
        "中张（选项）：整手牌连同碰杠都没有 1 和 9，加 1番。"
        "两项在「换三张」「血流成河」「三人两房」「两人两房」规则里开启。\n"
        "例（翻倍计番，底分 1，门清不加番）：123m456m789m234p55p 胡 5p 点炮 → 平胡 1番，"
        "点炮者付 1；"
        "111m333m444m222p66p 自摸 → 对对胡 2番 ×2，每家付 2＋1（自摸加底）＝3。",
        "Doubling model: multiplier = 2^(fan−1); with a cap it is at most 2^(cap−1) (the "
        "cap). The cap limits the hand's multiplier only, never kong payments or the "
        "self-draw bonus. Additive model: pattern points plus extra points, no cap. Each payer "
        "pays base × multiplier (or points).\n"
        "A discard win is paid by the discarder alone; a self-drawn win (a win on kong "
        "replacement too) by every player still in. Self-draw bonus: Add base makes each "
        "payer pay one base more; Add 1 fan counts one fan more.\n"
        "Kongs pay at once, in multiples of the base: a concealed kong 2 from each other "
        "player still in, an added kong 1 from each, an exposed kong the exposed kong pay "
        "from the discarder. "
        "Drizzle (an option): an exposed kong also collects 1 from each player still in "
        "other than the discarder. Added kong only at once (an option): an added kong "
        "collects only if declared on the turn its fourth tile was drawn. Players who have "
        "won neither pay nor receive any more — except in blood river, where a winner stays "
        "in and pays and is paid as before.\n"
        "Kong income transfer (an option): when a player's discard right after its own kong "
        "is won on, the income of that kong goes to the winner; with several winners, the "
        "discarder pays that same amount to each. With the option off nothing is transferred, "
        "but the win after a kong still counts its extra fan.\n"
        "Concealed hand (an option): no pong, exposed or added kong when winning (concealed "
        "kongs are fine): +1 fan. All simples (an option): no 1 or 9 anywhere in the hand, "
        'melds included: +1 fan. Both are on in the Swap three, Blood river, "3 players, 2 '
        'suits" and "2 players, 2 suits" presets.\n'
        "E.g. (doubling model, base 1, no concealed-hand bonus) 123m456m789m234p55p winning "
        "on a discarded 5p → Plain win, 1 fan, the discarder pays 1; 111m333m444m222p66p "
        "self-drawn → All pungs, 2 fan, ×2, each player still in pays 2 + 1 (self-draw bonus) = 3.",
    ),
    "rule.draw.title": ("流局：查花猪、查大叫、退税", "Drawn hand: pigs, waits, refunds"),
    "rule.draw.body": (
        "流局：血战到底时牌墙摸完、还有两家或以上没胡；单局时牌墙摸完没人胡。然后依次结算：\n"
        "查花猪：手里有三门牌（或还有定缺的牌）的未胡玩家是花猪，"
        "赔给每位非花猪的未胡玩家花猪分（满格：封顶倍数）。\n"
        "查大叫：没下叫的未胡玩家（花猪除外）赔给每位下叫的未胡玩家，"
        "按该玩家所叫牌中番最大（赔大）或最小（赔小）的一张，当作点炮胡计："
        "算根，开启时也算门清、中张，但不算自摸、杠上花、杠上炮、抢杠、海底、绝张。\n"
        "死叫算叫（选项）：所叫的牌四张都已看得见，仍算下叫。关掉时死叫不算："
        "只剩死叫的玩家算没下叫，有活叫的只按活叫计。\n"
        "退税：没下叫的玩家（花猪也算）退还本局收到的全部杠钱：还给当初付钱的人（他已胡牌也退），"
        "或平分给下叫的未胡玩家（向下取整，余数留下）。\n"
        "血流成河：牌墙摸完时所有玩家都还在局中，都要查；胡过的玩家算下叫（按锁定的手牌），"
        "不算花猪，也不用赔。\n"
        "例：定缺条的玩家流局时手里还有 3s，就是花猪，"
        "赔每位非花猪未胡玩家花猪分（标准规则 16 分），再退还本局的杠钱。",
        "A hand is drawn when the wall runs out with two or more players still in (blood "
        "battle), or with nobody having won (single win). Then, in this order:\n"
        "Flower pig: a player still in with three suits (or a void-suit tile) pays the pig "
        "penalty (Cap: the cap multiplier) to every other non-pig player still in.\n"
        "Not ready: each player still in who is not ready (flower pigs aside) pays each ready "
        "player still in the value of that player's best (Best wait) or worst (Worst wait) "
        "winning tile, scored as a discard win: with roots, and with Concealed hand and All "
        "simples where on, but without Self-drawn, Win on kong replacement, Win on a discard "
        "after a kong, Robbing a kong, Last tile of the wall or Last unseen copy.\n"
        "Dead wait counts (an option): a winning tile whose four copies are all in sight still "
        "makes a player ready. Off, a dead tile counts for nothing: a player with only dead "
        "waits is not ready, and one with live waits is valued on those.\n"
        "Refunds: not-ready players, flower pigs included, give back all kong income of this "
        "hand — to whoever paid it (even a payer who has won since), or in equal shares to the "
        "ready players still in (rounded down; the remainder stays).\n"
        "Blood river: every player is still in when the wall runs out; a player who has "
        "won counts as ready with its locked hand, is never a flower pig and never pays.\n"
        "E.g. a player who declared bamboo void and still holds a 3s when the wall runs "
        "out is a flower pig: it pays the pig penalty (16 in the standard rules) to each "
        "other non-pig player still in, then refunds its kong income.",
    ),
    "rule.match.title": ("换庄、逃跑与游戏币", "Dealer, leaving and coins"),
    "rule.match.body": (
        "下局庄家（选项）：「首胡者」——本局第一个胡牌的人坐庄，一炮多响时由点炮者坐庄；"
        "「点炮者」——点炮的人坐庄（全是自摸时由首胡者坐庄）；「掷骰」——每局掷骰定庄。"
        "没人胡牌的流局，庄家连庄（掷骰除外）。\n"
        "逃跑：一局没打完就离开，这一局立即结算：已有的胡牌和杠钱照算，"
        "逃跑者另赔每位未胡的其他玩家 16 倍底分；剩 4 张牌以内时，还要按下叫的其他未胡玩家"
        "最大的胡牌赔给他们。已经胡牌的玩家离开不算逃跑：电脑替他打完这一局，照常结算。\n"
        "游戏币：每分折合若干游戏币。一局结束时输家不够赔，就把游戏币全部赔出，"
        "赢家按各自应得的比例分（向下取整，余数给应得最多的人）。"
        "游戏币输光的玩家出局：电脑换一位新电脑入座，你可以开始新的一场。",
        "Next dealer (an option): First winner — the first to win the hand deals next, or the "
        "discarder when that first win was several wins on one discard; Discarder — the "
        "player who dealt in deals (the first winner when every win was self-drawn); Dice — "
        "the dice pick the dealer every hand. After a hand nobody won the dealer stays "
        "(except with Dice).\n"
        "Walking out: leaving during a hand settles it at once. Wins and kong payments so far "
        "stand, and the one who leaves also pays 16 × base to each other player still in; "
        "with 4 or fewer tiles left, each ready one is also paid its best hand. A player who "
        "has already won may leave freely: a bot plays its seat to the end and the hand is "
        "settled as usual.\n"
        "Coins: each point is worth a number of coins. A loser who cannot pay all it owes at "
        "the end of a hand pays everything it has, shared by its winners in proportion to "
        "what each was owed (rounded down; the remainder to the largest claim). A player out "
        "of coins is out of the match: a fresh bot takes a bot's seat, and you are offered a "
        "new match.",
    ),
    "rule.short.title": ("三人与两人", "Three and two at the table"),
    "rule.short.body": (
        "三人两房：你和下家、上家三人，对家空着；去掉万子，筒、条共 72 张。"
        "两人两房：两人对坐，同样 72 张。三人三房：三人打全部 108 张。"
        "两人一房：两人只打一门（万子），36 张。\n"
        "起手同四人：庄家 14 张，其余 13 张。逆时针轮流，跳过空位。\n"
        "只有两门或一门牌时不定缺，任何一门都能胡，也没有花猪；三人三房照常定缺、查花猪。\n"
        "血战到底打到只剩一家未胡或牌墙摸完：三人时第二家胡牌即结束，两人时第一家胡牌即结束。\n"
        "换三张（开启时）：三人按骰子顺时针或逆时针传，两人总是传给对家。\n"
        "自摸由所有未胡的玩家付，点炮由放炮者付。"
        "第一局谁坐庄看首局庄家选项：你（1 号位），或随机抽出；之后换庄看下局庄家选项，同四人。"
        "两人一房人人清一色，可以设清一色不加番。"
        "点炮不可平胡（选项）：点炮胡（含抢杠）必须大于平胡，平胡只能自摸。",
        "Three players, two suits: you and the players to your right and left, the seat "
        "across empty; characters are taken out, leaving dots and bamboo, 72 tiles. Two "
        "players, two suits: face to face, also 72 tiles. Three players, three suits: all "
        "108 tiles. Two players, one suit: characters "
        "only, 36 tiles.\n"
        "The deal is as at four: the dealer 14 tiles, the others 13. Turns go anticlockwise "
        "and skip the empty seat.\n"
        "With two suits or one there is no void suit: a hand of any suit may win and nobody "
        "can be a flower pig; three players with three suits declare voids and check pigs as "
        "four players do.\n"
        "Blood battle plays on until one player is left or the wall runs out: at three the "
        "second win ends the hand, at two the first.\n"
        "Swap three (when on): at three the dice send the tiles clockwise or "
        "anticlockwise; at two they always go across.\n"
        "Every player still in pays a self-draw, the discarder alone a win on a discard. The "
        "option First dealer says who deals the first hand: you (seat 1), or a seat drawn at "
        "random; after that the deal passes as the option Next dealer says, as at four. With "
        "one suit every hand is a full flush, so the option Full flush counts can make it "
        "worth nothing. "
        "No plain win on a discard (an option): a win on a discard or a robbed kong must be "
        "worth more than a plain win; a plain win is taken only by self-draw.",
    ),
    "rule.glossary.title": ("术语", "Glossary"),
    "rule.glossary.body": (
        "庄家：起手 14 张、先出牌的人；闲家：其余的人。\n"
        "未胡玩家：还没胡牌、仍在打的玩家（血流成河里胡过的玩家也还在局中）。\n"
        "堂子：每人面前打出的牌。\n"
        "下叫（听牌）：再来一张就能胡；能胡的那几张是叫牌。查叫（查大叫）：流局时查谁下叫。\n"
        "花猪：流局时手里有三门牌（或还有定缺的牌）的未胡玩家。\n"
        "刮风下雨：杠钱。刮风是直杠和补杠，下雨是暗杠。\n"
        "点炮（放炮）：打出的牌被别人胡。自摸：自己摸到胡牌。\n"
        "根：四张都在自己手里或副露里的一种牌（杠，或手里四张，或碰了又摸到第四张），每根加番。\n"
        "一炮多响：一张牌几家同时胡。抢杠：胡别人补杠的那张牌。\n"
        "杠上花：杠后补摸的牌自摸胡。杠上炮：胡别人杠后打出的牌。\n"
        "满格：封顶，一手牌最多的倍数。缺一门：胡牌时最多两门花色。定缺：开局选定不要的一门。",
        "Dealer: starts with 14 tiles and discards first; the other players are "
        "non-dealers.\n"
        "Still in: a player who has not won yet and plays on (in blood river a winner is "
        "still in too).\n"
        "Discard pond: the tiles a player has discarded, in front of it.\n"
        "Ready: one tile short of a win; the tiles that would complete the hand are its "
        "waits. At a drawn hand, who is ready is checked.\n"
        "Flower pig: a player still in at a drawn hand with three suits (or a tile of its "
        "void suit).\n"
        "Kong payments (wind and rain): wind for exposed and added kongs, rain for "
        "concealed ones.\n"
        "Deal in: discard the tile another player wins on. Self-draw: win on a tile you "
        "draw yourself.\n"
        "Root: a kind of which you hold all four copies, in hand or in melds (a kong, four "
        "in hand, or a pong and the fourth in hand); each root adds to the hand's value.\n"
        "Several winners on one discard: each is paid by the discarder. Robbing a kong: "
        "winning on the tile another player adds to its pong.\n"
        "Win on kong replacement: a self-drawn win on the tile drawn after a kong. Win on a "
        "discard after a kong: winning on the tile a player discards right after its kong.\n"
        "The cap: the highest multiplier a hand can reach. Lacking a suit: a winning hand "
        "holds at most two suits. Declaring the void suit: naming, at the start, the suit "
        "you will drop.",
    ),
    "rule.keys.title": ("键盘与鼠标", "Keyboard and mouse"),
    "rule.keys.body": (
        "牌桌：点一张牌打出（设置里可改为点一下选中、再点一下打出），或把它拖到桌上；"
        "←/→ 选牌，回车或空格打出。H 胡，P 碰，K 杠，Esc 过（没有可过的就打开暂停菜单）。"
        "T 托管，F1 提示，F2 动画速度。"
        "Tab 和 Shift+Tab 在吃碰杠按钮、道具和右上角按钮之间移动焦点，回车或空格按下，"
        "←/→ 或 Esc 回到手牌；道具要选手牌时 ←/→ 选牌后按回车，选牌种时用方向键和回车。\n"
        "菜单：↑/↓、Tab 和 Shift+Tab 移动焦点（规则书页里 ↑/↓ 改为滚动文字），"
        "←/→ 调整开关、选项和滑块，回车或空格确认，"
        "Esc 返回，Page Up/Page Down 和滚轮翻页。算番器里方向键选牌，回车加入，退格或 Delete 撤销；"
        "Tab 到手牌后 ←/→ 在手牌和副露间移动，回车把光标处的牌设为胡张，"
        "退格或 Delete 移除光标处的牌或副露。战绩统计的各规则战绩表也能获得焦点，↑/↓ 逐行移动，"
        "被截短的名称会完整显示。\n"
        "一局结束：Tab 和 Shift+Tab 在复盘、主菜单、下一局之间移动，回车或空格确认"
        "（没有焦点时回车就是下一局），Esc 打开暂停菜单。\n"
        "牌谱：←/→ 单步，Page Up/Page Down 跳到开头/结尾，空格播放/暂停，F2 速度，H 明牌，"
        "Tab 收起/展开，Esc 或退格退出；"
        "↓ 开始复盘，之后 ↓/↑ 跳到下一个/上一个失误。\n"
        "Ctrl+Q 随时退出游戏；对局会自动保存。",
        "At the table: click a tile to discard it (or, with the setting on, click once to pick "
        "and again to discard), or drag it onto the table; ←/→ pick a tile, Enter or Space "
        "discards it. H wins, P pongs, K kongs, Esc passes (or, with nothing to pass, opens "
        "the pause menu). T turns Autoplay on and off (a bot plays your turns), F1 the "
        "hints, F2 changes the animation speed. Tab and Shift+Tab move the focus over the "
        "claim buttons, the items and the buttons at the top right, Enter or Space presses "
        "the one in focus, ←/→ or Esc go back to the hand; an item that asks for a hand tile "
        "takes the one ←/→ picked with Enter, one that asks for a kind takes the arrows and "
        "Enter.\n"
        "In the menus: ↑/↓, Tab and Shift+Tab move the focus (on the Rulebook tab ↑/↓ scroll "
        "the text instead), ←/→ change a switch, a choice or a slider, Enter or Space "
        "confirms, Esc goes back, Page Up/Page Down and the wheel scroll. In the fan "
        "calculator the arrows pick a tile, Enter adds it and Backspace or Delete takes it "
        "back; Tab on to the hand, where ←/→ move over its tiles and melds, Enter makes the "
        "tile the winning tile and Backspace or Delete removes the tile or meld. In Statistics "
        "the By rules preset table takes the focus too: ↑/↓ go row by row, and a name cut "
        "short is shown whole.\n"
        "After a hand: Tab and Shift+Tab move between Review, Main menu and Next, Enter or "
        "Space presses the one in focus (with none, Enter is the next hand); Esc opens the "
        "pause menu.\n"
        "Watching a replay: ←/→ step, Page Up/Page Down go to the start or the end, Space "
        "plays or pauses, F2 changes the speed, H reveals every hand, Tab hides or shows the "
        "panels, Esc or Backspace closes it; ↓ starts the review, then ↓/↑ go "
        "to the next or the previous mistake.\n"
        "Ctrl+Q quits at any time; a match in progress is saved automatically.",
    ),
    "rule.items.title": common.ITEMS,
    "rule.items.body": (
        "道具只在开启道具的规则下能用（「标准血战」「换三张」「血流成河」「三人两房」「两人两房」"
        "默认开启）；商店买来的道具用一次少一个。每次使用都会公开记录"
        "（只显示谁用了什么，不显示结果）。每回合最多用一个换牌道具，已胡的玩家不能用道具；"
        "电脑只在开启「电脑用道具」时才用。\n"
        "新玩家每种道具各送一个。乾坤大挪移要在发牌前用：从你打完第一局起，"
        "只要手里有，每局发牌前都会问你用不用。",
        "Items work only where the rules have them on (by default the Standard, Swap three, "
        'Blood river, "3 players, 2 suits" and "2 players, 2 suits" presets); each use '
        "consumes one bought in the shop. Every use is shown to all (who used what, never the "
        "result). At most one swap item per turn, nobody who has won may use items, and bots "
        "use them only with Bots use items on.\n"
        "A new player is given one of each. Heaven and Earth Shift works before the deal: "
        "from your second hand on, while you hold one, you are asked before each deal "
        "whether to use it.",
    ),
}

_HELP_ORDER = (
    "tiles",
    "exchange",
    "void",
    "play",
    "claims",
    "passed",
    "mode",
    "patterns",
    "pay",
    "draw",
    "match",
    "short",
    "items",
    "glossary",
    "keys",
)
RULE_SECTIONS: tuple[str, ...] = _HELP_ORDER
