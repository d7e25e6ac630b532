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
    "common.coins": ("{n} 游戏币", "{n} coins"),
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
        "按上次的设置开局：{preset} · 电脑 {bots}",
        "Last setup: {preset} · bots {bots}",
    ),
    "menu.desc.new": ("选择规则、电脑水平和局数", "Choose the rules, the bots and the length"),
    "menu.desc.shop": ("用游戏币购买道具", "Spend coins on items"),
    "menu.desc.stats": ("胜率、最佳牌、历史走势", "Win rate, best hand, history"),
    "menu.desc.replays": ("重看打完的牌局", "Watch finished hands again"),
    "menu.desc.help": ("规则书、番种图鉴、算番器", "Rulebook, pattern gallery, fan calculator"),
    "menu.desc.settings": ("语言、画面、声音、牌面", "Language, window, sound, tile faces"),
    "menu.desc.quit": ("关闭游戏", "Close the game"),
    "menu.hint": ("↑/↓ 选择 · 回车确认 · 鼠标点击", "↑/↓ choose · Enter confirm · or click"),
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
    "room.name.4.3": ("四人三房", "Four players, three suits"),
    "room.name.4.2": ("四人两房", "Four players, two suits"),
    "room.name.3.3": ("三人三房", "Three players, three suits"),
    "room.name.3.2": ("三人两房", "Three players, two suits"),
    "room.name.2.3": ("两人三房", "Two players, three suits"),
    "room.name.2.2": ("两人两房", "Two players, two suits"),
    "room.name.2.1": ("两人一房", "Two players, one suit"),
    "room.name.4.1": ("四人一房", "Four players, one suit"),
    "room.name.3.1": ("三人一房", "Three players, one suit"),
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
    "new.until_broke": ("打到有人输光", "Until someone is broke"),
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
    "new.invalid": ("规则无效：{why}", "Invalid rules: {why}"),
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
    "val.ready": ("下叫者", "The ready"),
    "val.first_winner": ("首胡者", "First winner"),
    "val.discarder": ("点炮者", "Discarder"),
    "val.dice": ("掷骰", "Dice"),
    "val.add_base": ("自摸加底", "Add base"),
    "val.add_fan": ("自摸加番", "Add 1 fan"),
    "val.no_bonus": common.NONE,
    "val.east": ("1 号位", "Seat 1"),
    "val.random": ("随机", "At random"),
    # --- settings ---------------------------------------------------------------------------
    "set.title": common.SETTINGS,
    "set.lang": ("语言", "Language"),
    "set.lang.zh": ("中文", "中文"),
    "set.lang.en": ("English", "English"),
    "set.window": ("窗口大小", "Window size"),
    "set.fullscreen": ("全屏", "Fullscreen"),
    "set.speed": ("动画速度", "Animation speed"),
    "set.bot_pace": ("电脑出牌节奏", "Bot pace"),
    "set.speed.slow": common.SPEEDS["slow"],
    "set.speed.normal": common.SPEEDS["normal"],
    "set.speed.fast": common.SPEEDS["fast"],
    "set.speed.instant": common.SPEEDS["instant"],
    "set.sound": ("音效音量", "Sound volume"),
    "set.music": ("音乐音量", "Music volume"),
    "set.mute": ("静音", "Mute"),
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
    "set.saved": ("设置已保存", "Settings saved"),
    "set.save_failed": ("设置未能保存：{why}", "Settings not saved: {why}"),
    "set.section.game": ("游戏与画面", "Game and display"),
    "set.section.sound_tiles": ("声音与牌面", "Sound and tiles"),
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
    "stats.streak_now": ("当前 {n}", "now {n}"),
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
    "stats.col.matches": ("场/第一", "Matches/1st"),
    "stats.preset.custom": ("自定义", "Custom"),
    "stats.empty": ("还没有战绩——去打一局吧！", "No games yet — go and play one!"),
    # --- help -------------------------------------------------------------------------------
    "help.title": common.RULES_HELP,
    "help.tab.rules": ("规则书", "Rulebook"),
    "help.tab.gallery": ("番种图鉴", "Patterns"),
    "help.tab.calc": ("算番器", "Fan calculator"),
    "help.preset": common.RULES,
    "help.absent": ("本规则无此牌型", "Absent"),
    "help.fan": ("{n} 番", "{n} fan"),
    "help.points": ("{n} 分", "{n} pts"),
    "help.points.one": ("{n} 分", "{n} pt"),
    "help.cap": ("满格", "The cap"),
    "help.extras": common.EXTRAS,
    "extra.short.gen": ("根", "Root"),
    "extra.short.gang_shang_hua": common.KONG_BLOOM,
    "extra.short.gang_shang_pao": common.AFTER_KONG,
    "extra.short.qiang_gang": common.ROBBING_KONG,
    "extra.short.zi_mo": ("自摸", "Self-draw"),
    "extra.short.hai_di": common.LAST_TILE,
    "extra.short.jue_zhang": common.LAST_COPY,
    "extra.short.men_qing": ("门清", "Concealed"),
    "extra.short.zhong_zhang": ("中张", "All simples"),
    "help.extra_off": ("不计", "Not counted"),
    "help.zimo_base": ("自摸加底", "+1 base"),
    "help.zimo_fan": ("+1 番", "+1 fan"),
    "help.section.options": ("本规则的选项", "This preset's options"),
    "help.gallery_note": (
        "例牌按当前规则计番；只计最大的一个牌型，另加根和加番",
        "Examples scored under the chosen rules: only the highest pattern counts, "
        "plus roots and extras",
    ),
    # calculator
    "calc.picker": (
        "点牌加入手牌（或方向键选牌、回车加入，退格撤销）",
        "Click a tile to add it (or arrows and Enter; Backspace undoes)",
    ),
    "calc.hand": (
        "手牌（左键选和牌，右键移除）",
        "Hand (left click: winning tile, right click: remove)",
    ),
    "calc.hand.keys": (  # the hand's label while its cursor has the keyboard focus
        "手牌（回车选和牌，退格移除光标处的牌或副露）",
        "Hand (Enter: winning tile, Backspace: remove the tile or meld)",
    ),
    "calc.melds": ("副露", "Melds"),
    "calc.meld_mode": ("下一张牌作为：", "Next tile as:"),
    "calc.mode.tile": ("手牌", "Hand tile"),
    "calc.mode.P": common.PONG,
    "calc.mode.K": ("明杠", "Exposed kong"),
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
    "calc.err.robbing": (
        "抢杠胡不成立：被抢的杠已有三张，胡牌者手里不能再有这张牌",
        "Robbing a kong is impossible here: the robbed pong holds three copies, so the winner "
        "cannot hold another copy of that tile",
    ),
    "calc.pays": ("每位付款者付 {n} 分", "Each payer pays {n}"),
    "calc.win_tile": ("和牌", "Win"),
    # --- shop -------------------------------------------------------------------------------
    "shop.title": ("道具商店", "Item shop"),
    "shop.balance": ("余额", "Balance"),
    "shop.buy": ("购买", "Buy"),
    "shop.owned": ("持有 {n}", "Owned: {n}"),
    "shop.price": ("{n}", "{n}"),
    "shop.bought": ("买到了{item}！余额 {coins}", "Bought {item}! Balance {coins}"),
    "shop.confirm": (
        "{item}要 {price} 游戏币：再点一次购买确认",
        "{item} costs {price} coins: click Buy again to confirm",
    ),
    "shop.short": ("游戏币不够：还差 {n}", "Not enough coins: {n} short"),
    "shop.save_failed": ("购买未能保存：{why}", "Purchase not saved: {why}"),
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
        "共 108 张：万、筒、条三门，每门一到九，各四张；没有字牌和花牌。\n"
        "记法：数字加花色字母，m＝万、p＝筒、s＝条，例如 123m456p99s。\n"
        "四人对局，逆时针轮流：东（庄家）→南→西→北。庄家起手 14 张，其余 13 张。",
        "108 tiles: three suits — characters (万), dots (筒), bamboo (条) — ranks 1 to 9, four "
        "copies each; no winds, dragons or flowers.\n"
        "Notation: digits then a suit letter, m = characters, p = dots, s = bamboo, "
        "e.g. 123m456p99s.\n"
        "Four players take turns counter-clockwise: East (the dealer) → South → West → North. "
        "The dealer starts with 14 tiles, the others with 13.",
    ),
    "rule.exchange.title": ("换三张", "Exchange three"),
    "rule.exchange.body": (
        "选项开启时（换三张、血流成河、三人两房和两人两房规则），开局每人选三张同一门的牌，"
        "按骰子决定顺时针、逆时针或对家传出。",
        "When the option is on (the Swap three, Blood river, Three players and Two players "
        "presets), each player picks three tiles of one suit at the start; dice decide whether "
        "they pass clockwise, counter-clockwise or across.",
    ),
    "rule.void.title": ("定缺", "Declaring the void suit"),
    "rule.void.body": (
        "每人暗中选一门不要的花色，同时亮出。手里还有定缺的牌就不能胡，也不能碰、杠这门牌。"
        "若规则要求「先打缺门」，手里有缺门牌时只能打缺门牌。\n"
        "不定缺的规则（成都）也必须缺一门才能胡：胡牌时最多两门花色。",
        "Each player secretly names a suit to drop; all are shown together. You cannot win "
        'while holding a tile of that suit, nor pong or kong it. With "discard void suit '
        'first", such tiles must go before any other.\n'
        "Without declaring (Chengdu rules) a winning hand must still lack one suit: "
        "at most two suits.",
    ),
    "rule.play.title": ("行牌", "Play"),
    "rule.play.body": (
        "庄家先出牌。轮到你时：摸一张牌，然后自摸胡、暗杠、补杠或打出一张。\n"
        "胡牌：四组（刻子、杠或同门顺子）加一对将，或七个对子（不能有副露）；任何一对都可以做将，没有起胡番。",
        "The dealer discards first. On your turn: draw, then win by self-draw, declare a "
        "concealed or added kong, or discard.\n"
        "A winning hand is four sets (pungs, kongs or runs in one suit) and a pair, or seven "
        "pairs with no melds; any pair may be the eyes and there is no minimum fan.",
    ),
    "rule.claims.title": ("吃碰杠胡", "Claiming a discard"),
    "rule.claims.body": (
        "别人打出的牌可以：胡（优先）、碰（手里有一对）、直杠（手里有三张）；不能吃。\n"
        "一张牌可以多人同时胡（一炮多响），各自和点炮者结算。\n"
        "抢杠胡：有人补杠时，能胡这张牌的玩家可以抢杠，此杠作废，被抢者按点炮付钱。暗杠不能抢。",
        "Another player's discard may be claimed to win (first), to pong (with a pair in hand) "
        "or for an exposed kong (with three); there is no chow.\n"
        "Several players may win on one discard; each settles with the discarder.\n"
        "Robbing a kong: when someone adds a fourth tile to a pong, a player who wins on that "
        "tile may rob it; the kong is void and the robbed player pays as a discarder. A "
        "concealed kong cannot be robbed.",
    ),
    "rule.passed.title": ("过手胡", "Passed win"),
    "rule.passed.body": (
        "放弃了一次点炮胡之后，到自己下次摸牌前不能再胡别人打的牌："
        "「只限同张」只禁同一张牌；「除非番更大」则除非新的胡牌番数更大。自摸不受限制。\n"
        "最后四张：牌墙只剩四张以内时，能胡就自动胡。",
        "After declining a win on a discard, until your next draw you may not win on a "
        'discard: "Same tile only" blocks only that tile, "Unless worth more" blocks any win '
        "that does not score more. Self-drawn wins are never blocked.\n"
        "Last four tiles: with four or fewer tiles left, a possible win is taken automatically.",
    ),
    "rule.mode.title": ("血战到底与血流成河", "Blood battle and blood river"),
    "rule.mode.body": (
        "血战到底：有人胡牌后离场，其余玩家继续，直到三家胡牌或牌墙摸完。\n"
        "单局：第一次胡牌（可一炮多响）即结束本局。\n"
        "血流成河：胡牌后不离场，可以一直胡，直到牌墙摸完；胡后手牌锁定，只能胡、杠或打出刚摸的牌。",
        "Blood battle: a winner leaves the hand and the others play on until three have won "
        "or the wall is empty.\n"
        "Single win: the first win (possibly several on one discard) ends the hand.\n"
        "Blood river: winners stay and may win again until the wall is empty; after winning "
        "the hand is locked — only win, kong, or discard the tile just drawn.",
    ),
    "rule.pay.title": ("计分与付钱", "Scoring and payments"),
    "rule.pay.body": (
        "只计最大的一个牌型，再加根（四张同样的牌）和加番（杠上花、杠上炮、抢杠……）。\n"
        "翻倍计番：倍数＝2 的（番数−1）次方，可封顶；加法计分：牌型分加各项加分。\n"
        "点炮胡由点炮者一人付；自摸由所有未胡玩家各付，可能自摸加底。\n"
        "刮风下雨：暗杠每家付 2，补杠每家付 1，直杠由放杠者付 2，当场结算。已胡的玩家不再收付。\n"
        "呼叫转移（选项）：杠后打出的牌被人胡（杠上炮），这个杠收的钱转给胡牌者；"
        "一炮多响时，点炮者再向每位胡牌者各付同样的数目。关掉此项则不转移，杠上炮照样加番。\n"
        "门清（选项）：胡牌时没有碰、直杠、补杠（暗杠可以），加 1 番。"
        "中张（选项）：整手牌连同碰杠都没有 1 和 9，加 1 番。"
        "两项在「换三张」「血流成河」「三人两房」「两人两房」规则里开启。\n"
        "例：123m456m789m234p55p 胡 5p 点炮 → 平胡 1 番，点炮者付 1；"
        "111m333m444m222p66p 自摸 → 对对胡 2 番 ×2，每家付 2＋1（自摸加底）＝3。",
        "Only the single highest pattern counts, plus roots (all four copies of a kind) and "
        "extras (kong bloom, win after a kong, robbing a kong…).\n"
        "Doubling model: multiplier = 2^(fan−1), maybe capped; additive model: pattern points "
        "plus extra points.\n"
        "A discard win is paid by the discarder alone; a self-drawn win by every player still "
        "in, maybe with one base extra.\n"
        "Kongs pay at once: concealed 2 from each, added 1 from each, exposed 2 from the "
        "discarder. Players who have won neither pay nor receive any more.\n"
        "Kong income transfer (an option): when a player's discard right after its own kong "
        "is won on, the income of that kong goes to the winner; with several winners, the "
        "discarder pays that same amount to each. With the option off nothing is transferred, "
        "but the win after a kong still counts its extra fan.\n"
        "Concealed hand (an option): no pong, exposed or added kong when winning (concealed "
        "kongs are fine): +1 fan. All simples (an option): no 1 or 9 anywhere in the hand, "
        "melds included: +1 fan. Both are on in the Swap three, Blood river, Three players "
        "and Two players presets.\n"
        "E.g. 123m456m789m234p55p winning on a discarded 5p → plain win, 1 fan, the "
        "discarder pays 1; 111m333m444m222p66p self-drawn → all pungs, 2 fan ×2, each "
        "player still in pays 2 + 1 (self-draw bonus) = 3.",
    ),
    "rule.draw.title": ("流局：查花猪、查大叫、退税", "Drawn hand: pigs, not ready, refunds"),
    "rule.draw.body": (
        "牌墙摸完时依次结算：\n"
        "查花猪：手里有三门牌（或还有定缺的牌）的未胡玩家是花猪，赔给每位非花猪未胡玩家。\n"
        "查大叫：没下叫的未胡玩家（花猪除外）赔给每位下叫的未胡玩家，"
        "按该玩家所叫牌中最大（或最小）的番。\n"
        "退税：没下叫的玩家退还本局收到的杠钱（还给付款人，或分给下叫者）。\n"
        "例：定缺条的玩家流局时手里还有 3s，就是花猪，"
        "赔每位非花猪未胡玩家花猪分（标准规则 16 分），再退还本局的杠钱。",
        "When the wall runs out, in this order:\n"
        "Flower pig: a player still in with three suits (or a void-suit tile) pays every "
        "other non-pig player still in.\n"
        "Not ready: each player still in who is not ready (flower pigs aside) pays each ready "
        "player still in the value of that player's best (or worst) wait.\n"
        "Refunds: not-ready players give back this hand's kong income (to its payers, or to "
        "the ready players).\n"
        "E.g. a player who declared bamboo void and still holds a 3s when the wall runs "
        "out is a flower pig: it pays the pig penalty (16 in the standard rules) to each "
        "other non-pig player still in, then refunds its kong income.",
    ),
    "rule.short.title": ("三人与两人", "Three and two at the table"),
    "rule.short.body": (
        "三人两房：三人坐庄家、下家、上家的位置，对家空着；去掉万子，筒、条共 72 张。"
        "两人两房：两人对坐，同样 72 张。三人三房：三人打全部 108 张。"
        "两人一房：两人只打一门（万子），36 张。\n"
        "起手同四人：庄家 14 张，其余 13 张。逆时针轮流，跳过空位。\n"
        "只有两门或一门牌时不定缺，任何一门都能胡，也没有花猪；三人三房照常定缺、查花猪。\n"
        "血战到底打到只剩一家未胡或牌墙摸完：三人时第二家胡牌即结束，两人时第一家胡牌即结束。\n"
        "换三张（开启时）：三人按骰子顺时针或逆时针传，两人总是传给对家。\n"
        "自摸由所有未胡的玩家付，点炮由放炮者付。"
        "第一局谁坐庄看首局庄家选项：1 号位，或随机抽出；之后换庄看下局庄家选项，同四人。"
        "两人一房人人清一色，清一色可设为不加番；点炮不可平胡可选。",
        "Three players, two suits: they sit where the dealer, the next and the previous "
        "player of a four-seat table would, the seat across empty; characters are taken out, "
        "leaving dots and bamboo, 72 tiles. Two players, two suits: face to face, also 72 "
        "tiles. Three players, three suits: all 108 tiles. Two players, one suit: characters "
        "only, 36 tiles.\n"
        "The deal is as at four: the dealer 14 tiles, the others 13. Turns go counter-clockwise "
        "and skip the empty seat.\n"
        "With two suits or one there is no void suit: a hand of any suit may win and nobody "
        "can be a flower pig; three players with three suits declare voids and check pigs as "
        "four players do.\n"
        "Blood battle plays on until one player is left or the wall runs out: at three the "
        "second win ends the hand, at two the first.\n"
        "Exchange three (when on): at three the dice send the tiles clockwise or "
        "counter-clockwise; at two they always go across.\n"
        "Every player still in pays a self-draw, the discarder alone a win on a discard. The "
        "option First dealer says who deals the first hand: seat 1, or a seat drawn at random; "
        "after that the deal passes as the option Next dealer says, as at four. With one suit "
        "every hand is a full flush, so the full flush may count for nothing; no plain win on "
        "a discard is an option.",
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
        "Esc 返回，Page Up/Page Down 和滚轮翻页。算番器里方向键选牌，回车加入，退格撤回；"
        "Tab 到手牌后 ←/→ 在手牌和副露间移动，回车把光标处的牌设为和牌，"
        "退格移除光标处的牌或副露。战绩统计的各规则战绩表也能获得焦点，↑/↓ 逐行移动，"
        "被截短的名称会完整显示。\n"
        "一局结束：Tab 和 Shift+Tab 在复盘、主菜单、下一局之间移动，回车或空格确认"
        "（没有焦点时回车就是下一局）。\n"
        "牌谱：←/→ 单步，Page Up/Page Down 跳到开头/结尾，空格 播放/暂停，F2 速度，H 明牌，"
        "Tab 收起/展开，Esc 或退格退出；"
        "↓ 开始复盘，之后 ↓/↑ 跳到下一个/上一个失误。\n"
        "Ctrl+Q 随时退出游戏；对局会自动保存。",
        "At the table: click a tile to discard it (or, with the setting on, click once to pick "
        "and again to discard), or drag it onto the table; ←/→ pick a tile, Enter or Space "
        "discards it. H wins, P pongs, K kongs, Esc passes (or, with nothing to pass, opens "
        "the pause menu). T turns auto-play on and off, F1 the hints, F2 changes the "
        "animation speed. Tab and Shift+Tab move the focus over the claim buttons, the "
        "items and the buttons at the top right, Enter or Space presses the one in focus, "
        "←/→ or Esc go back to the hand; an item that asks for a hand tile takes the one "
        "←/→ picked with Enter, one that asks for a kind takes the arrows and Enter.\n"
        "In the menus: ↑/↓, Tab and Shift+Tab move the focus (on the Rulebook tab ↑/↓ scroll "
        "the text instead), ←/→ change a switch, a choice or a slider, Enter or Space "
        "confirms, Esc goes back, Page Up/Page Down and the wheel scroll. In the fan "
        "calculator the arrows pick a tile, Enter adds it and Backspace takes it back; Tab "
        "on to the hand, where ←/→ move over its tiles and melds, Enter makes the tile the "
        "winning tile and Backspace removes the tile or meld. In Statistics the By rules "
        "preset table takes the focus too: ↑/↓ go row by row, and a name cut short is shown "
        "whole.\n"
        "After a hand: Tab and Shift+Tab move between Review, Main menu and Next, Enter or "
        "Space presses the one in focus (with none, Enter is the next hand).\n"
        "Watching a replay: ←/→ step, Page Up/Page Down go to the start or the end, Space "
        "plays or pauses, F2 changes the speed, H reveals every hand, Tab hides or shows the "
        "panels, Esc or Backspace closes it; ↓ starts the review, then ↓/↑ go "
        "to the next or the previous mistake.\n"
        "Ctrl+Q quits at any time; a match in progress is saved automatically.",
    ),
    "rule.items.title": common.ITEMS,
    "rule.items.body": (
        "在开启道具的规则下，可以使用商店买来的道具，用后消耗。每次使用都会公开记录"
        "（只显示谁用了什么，不显示结果）。每回合最多用一个换牌道具，已胡的玩家不能用道具。",
        "Where the rules have items on, items bought in the shop may be used; each use "
        "consumes one. Every use is shown to all (who used what, never the result). At most "
        "one swap item per turn, and nobody who has won may use items.",
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
    "pay",
    "draw",
    "short",
    "items",
    "keys",
)
RULE_SECTIONS: tuple[str, ...] = _HELP_ORDER
