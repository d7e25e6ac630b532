"""Player-facing strings of the table: the lobby, seats, status lines, buttons, callouts,
hints and the settlement (zh + en). Pure data: looked up through :func:`game.i18n.t`."""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    # window / start scene
    "app.title": ("四川麻将 · 血战到底", "Sichuan Mahjong · Blood Battle"),
    "table.timed_out": (
        "时间到：电脑替你走了这一步",
        "Time's up: a bot made this move for you",
    ),
    "app.font_damaged": (
        "游戏字体文件缺失或损坏，汉字可能无法显示：请重新安装游戏。",
        "The game's font file is missing or damaged, so Chinese text may not show: "
        "please reinstall the game.",
    ),
    "start.subtitle": ("单机对战电脑玩家", "You against the bots, offline"),
    "start.rules": common.RULES,
    "start.bots": ("电脑水平", "Bot level"),
    "start.play": ("开始游戏", "Play"),
    "start.demo": ("观战演示", "Watch a demo"),
    "start.lang": ("English", "中文"),
    "start.quit": ("退出", "Quit"),
    "start.hint": (  # the lobby's own keys (game/scenes/start.py), not the table's
        "Tab 或方向键选按钮 · 回车或空格按下 · Esc 选中退出 · F11 全屏",
        "Tab or the arrows pick a button · Enter or Space presses it · Esc goes to Quit · "
        "F11 fullscreen",
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
    "preset.desc.jj": (
        "5番封顶 · 自摸加番 · 退税给下叫者",
        "5-fan cap · self-draw +1 fan · refunds to ready players",
    ),
    "preset.desc.wiki": (
        "4番满格 · 金钩钓 · 过手胡只限同张",
        "4-fan cap · golden hook · passed win: same tile",
    ),
    "preset.desc.chengdu": (
        "加法计分 · 一家胡牌即结束 · 不定缺",
        "Additive points · first win ends · no void",
    ),
    "preset.desc.modern": (
        "换三张 · 5番封顶 · 门清中张加番",
        "Swap three · 5-fan cap · concealed, all simples +1",
    ),
    "preset.desc.modern_xueliu": (
        "血流成河 · 换三张 · 5番封顶",
        "Blood river · swap three · 5-fan cap",
    ),
    "preset.sanren_liangfang": ("三人两房", "3 players, 2 suits"),
    "preset.liangren": ("两人两房", "2 players, 2 suits"),
    "preset.desc.sanren_liangfang": (
        "三人 · 去万子 72 张 · 不定缺 · 5番封顶",
        "Three players · no Characters, 72 tiles · no void · 5-fan cap",
    ),
    "preset.desc.liangren": (
        "两人对坐 · 去万子 72 张 · 不定缺 · 一家胡牌即结束",
        "Two players · no Characters, 72 tiles · no void · first win ends",
    ),
    "bot.random": ("随机", "Random"),
    "bot.greedy": ("贪心", "Greedy"),
    "bot.easy": ("简单", "Easy"),
    "bot.efficiency": ("牌效", "Efficiency"),
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
    "seat.points.one": ("{points} 分", "{points} pt"),
    "seat.void": ("缺", "Void"),
    "seat.void_suit": ("缺{suit}", "Void: {suit}"),
    "seat.won_badge": ("胡", "Won"),
    "seat.win_order": ("第{n}家胡", "{n} win"),
    "seat.win_many": ("胡×{n}", "{n} wins"),
    "seat.choosing": ("选择中…", "Choosing..."),
    "seat.chosen": ("已选好", "Done"),
    # table status
    "table.wall_label": ("剩余牌数", "tiles left"),
    "table.wall_label.one": ("剩余牌数", "tile left"),
    "table.hand_no": ("第 {n} 局", "Hand {n}"),
    "table.your_turn": ("轮到你出牌", "Your turn: discard a tile"),
    # a win or a kong on offer on one's own turn: {what} is "胡或杠" / "win or kong"
    "table.your_turn_or": (
        "轮到你：可以{what}，或打出一张",
        "Your turn: {what}, or discard a tile",
    ),
    "table.void_first": ("请先打出缺门的牌", "Discard your void-suit tiles first"),
    # ... with a kong on offer (a win is not: not with a void-suit tile in hand)
    "table.void_first_or": (
        "轮到你：可以{what}，或先打出缺门的牌",
        "Your turn: {what}, or discard a void-suit tile",
    ),
    "table.claim": ("{tile}：可以{what}", "{tile}: you may {what}"),
    "table.or": ("或", " or "),
    "table.pick_three": ("换三张：选三张同花色的牌", "Swap three: pick three tiles of one suit"),
    "table.pick_void": ("定缺：选择不要的花色", "Declare void: pick the suit you will drop"),
    "table.waiting": ("等待其他玩家…", "Waiting for the others..."),
    "table.auto_on": ("托管中", "Autoplay on"),
    # the seat line's word for Autoplay where "Autoplay on" leaves no room beside the void
    # and the wins (the status line still says "Autoplay on")
    "table.auto_short": ("托管", "Auto"),
    "table.forced_win": (
        "最后四张：必须胡牌，自动为你胡牌",
        "Last four tiles: the win is forced and is made for you",
    ),
    "table.auto_discard": ("已胡牌：自动打出摸到的牌", "You have won: the drawn tile goes out"),
    "table.only_discard": ("只能打{tile}：自动打出", "Only {tile} may go: discarding it for you"),
    "table.auto_pass": ("自动过", "Passing for you"),
    "table.auto_win": ("自动胡牌", "Winning for you"),
    "table.choose": ("请选择", "Your choice"),
    "table.timer": ("{n}秒", "{n} s"),
    "table.received": ("换入", "New"),
    "table.won_wait": (
        "你已胡牌，其他玩家继续：可“直接结算”或离开",
        "You have won; the others play on: skip to the result or leave",
    ),
    "table.others_turn": ("等待{name}…", "Waiting for {name}..."),
    "table.exchange_dir.clockwise": ("顺时针换牌", "Passing clockwise"),
    "table.exchange_dir.counter_clockwise": ("逆时针换牌", "Passing anticlockwise"),
    "table.exchange_dir.across": ("对家换牌", "Passing across"),
    # buttons
    "btn.win": ("胡", "Win"),
    "btn.kong": ("杠", "Kong"),
    "btn.pong": common.PONG,
    "btn.pass": ("过", "Pass"),
    "btn.confirm": ("确定", "Confirm"),
    "btn.hints": ("提示", "Hints"),
    "btn.auto": ("托管", "Autoplay"),
    "btn.auto_win": ("自动胡", "Auto win"),
    "btn.auto_discard": ("自动摸打", "Auto discard"),
    "btn.skip": ("直接结算", "Skip to result"),
    "btn.tracker": ("记牌器", "Tracker"),
    "btn.speed": ("速度：{speed}", "Speed: {speed}"),  # the toolbar's speed button
    "btn.menu": ("菜单", "Menu"),
    "btn.next_hand": ("下一局", "Next hand"),
    "btn.final": ("查看总分", "Final standings"),  # the match is over: to its summary
    "btn.back_to_menu": ("返回菜单", "Main menu"),
    "btn.suit": ("缺{suit}", "Void {suit}"),
    "speed.slow": common.SPEEDS["slow"],
    "speed.normal": common.SPEEDS["normal"],
    "speed.fast": common.SPEEDS["fast"],
    "speed.instant": common.SPEEDS["instant"],
    # callouts
    "call.pong": ("碰！", "Pong!"),
    "call.kong": ("杠！", "Kong!"),
    "call.win": ("胡！", "Win!"),
    "call.self_draw": ("自摸！", "Self-draw!"),
    "call.multi_win": ("一炮多响！", "Multiple wins!"),
    "call.rob_kong": ("抢杠！", "Robbed the kong!"),
    "call.fan": ("{pattern} {fan}番", "{pattern} · {fan} fan"),
    "call.points": ("{pattern} {points}分", "{pattern} · {points} pts"),
    "call.points.one": ("{pattern} {points}分", "{pattern} · {points} pt"),
    "call.drawn": ("流局", "Drawn hand"),
    "call.dealer_dice": ("掷骰定庄", "Dice for the dealer"),
    "call.dealer_is": ("{name}坐庄", "{name} deals"),
    "call.dealer_you": ("你坐庄", "You deal"),
    # hints
    "hint.shanten": ("向听数 {n}", "{n} away from ready"),
    "hint.ready": ("听牌", "Ready"),
    "hint.waits": ("听：", "waits on "),  # after "Discard 5 Dots: " or a preview's head
    "hint.wait_item": ("{tile}×{left}", "{tile}×{left}"),
    "hint.ready_waits": ("听牌，胡：", "Ready, wins on:"),
    "hint.wait_left": ("余{left}张", "{left} left"),
    "hint.if_discard": ("打{tile}：", "Discard {tile}: "),
    "hint.no_waits": ("不听", "not ready"),
    "hint.fan": ("{n}番", "{n} fan"),
    # after the winning tiles the strip had room for: how many other tiles also win
    "hint.more": ("还有{n}种", "+{n} more"),
    "preview.win_fan": ("{pattern} {fan}番，{pays}", "{pattern}, {fan} fan: {pays}"),
    "preview.win_pts": ("{pattern}，{pays}", "{pattern}: {pays}"),
    # who pays the win on offer (the ScoreResult says): every player still in a self-draw,
    # the discarder a discard, the robbed player a robbed kong, the kong's discarder alone
    # 引杠杠上花 under kong_bloom_on_exposed=discarder_pays
    "preview.pays.each": ("每家付{pts}分", "each pays {pts}"),
    "preview.pays.discarder": ("点炮者付{pts}分", "the discarder pays {pts}"),
    "preview.pays.robbed": ("被抢杠者付{pts}分", "the robbed player pays {pts}"),
    "preview.pays.kong_discarder": ("放杠者一人付{pts}分", "the kong's discarder alone pays {pts}"),
    # 杠上炮 with kong_transfer on: the kong's income passes to the winner too (呼叫转移)
    "preview.transfer": ("，另得杠钱（呼叫转移）", ", and the kong's income passes to you"),
    "preview.pong_then": ("碰后打{tile}，", "Pong, then discard {tile}: "),
    "preview.kong": ("杠后", "After the kong: "),
    "hint.pts": ("{n}分", "{n} pts"),
    "hint.pts.one": ("{n}分", "{n} pt"),
    # settlement
    "settle.title": ("本局结算", "Hand result"),
    "settle.winners": ("胡牌", "Winners"),
    "settle.no_winner": ("流局 — 无人胡牌", "Drawn hand — nobody won"),
    "settle.left_no_winner": ("逃跑 — 无人胡牌", "Walked out — nobody won"),
    "settle.ledger": ("收支明细", "Payments"),
    "settle.hands": ("各家手牌", "Every hand"),  # 三人、两人桌也用
    "settle.totals": ("本局合计", "Hand totals"),
    "settle.match": ("累计", "Match"),
    "settle.line": ("{payer} → {payee}", "{payer} → {payee}"),
    "settle.amount": ("{amount} 分", "{amount} pts"),
    "settle.amount.one": ("{amount} 分", "{amount} pt"),
    "settle.fan": ("{fan}番", "{fan} fan"),
    "settle.points": common.POINTS,
    "settle.next_dealer": ("下一局庄家：{name}", "Next dealer: {name}"),
    "settle.empty": ("本局没有收支", "No payments this hand"),
    # a drawn hand that paid nothing, and why (RULES.md §6.3)
    "settle.empty.pigs": (
        "本局没有收支：流局时在场的都是花猪，花猪只赔给不是花猪的人",
        "No payments this hand: everyone still in at the draw is a flower pig, and a "
        "flower pig pays only those who are not",
    ),
    "settle.empty.none_ready": (
        "本局没有收支：流局时在场的都没下叫，查大叫只赔给下叫的人",
        "No payments this hand: no one still in at the draw is ready, and only a ready "
        "hand is paid for at the draw",
    ),
    "settle.empty.all_ready": (
        "本局没有收支：流局时在场的都已下叫，查大叫没有要赔的人",
        "No payments this hand: everyone still in at the draw is ready, so no one pays for "
        "not being ready",
    ),
    # under a winner's "on Bot 2's discard": one tile won by several (一炮多响)
    "settle.two_winners": ("一炮双响", "one of two winners"),
    "settle.three_winners": ("一炮三响", "one of three winners"),
    "settle.self_drawn": ("自摸", "self-drawn"),
    "settle.hand_total": ("本局", "This hand"),
    "settle.auto_next": ("{n} 秒后自动开始下一局", "Next hand in {n} s"),
    # a friends' table: the turn timer answered the player's last question (their own move
    # came too late), and the hand ended on its answer
    "settle.timed_out": (
        "时间到：电脑替你走了最后一步",
        "Time's up: a bot made your last move for you",
    ),
    "reason.win_discard": ("点炮", "Win on a discard"),
    "reason.win_self_drawn": ("自摸", "Self-drawn win"),
    "reason.win_robbing_kong": ("抢杠胡", "Robbing a kong"),
    "reason.win_kong_bloom_discarder": ("引杠杠上花", "Kong replacement, the discarder pays"),
    "reason.kong_transfer": ("呼叫转移", "Kong income transfer"),
    "reason.kong_concealed": ("暗杠·下雨", "Concealed kong"),
    "reason.kong_added": ("补杠·刮风", "Added kong"),
    "reason.kong_exposed": ("直杠·刮风", "Exposed kong"),
    "reason.kong_drizzle": ("下毛毛雨", "Kong drizzle"),
    "reason.flower_pig": ("查花猪", "Flower pig"),
    "reason.not_ready": ("查大叫", "Not ready"),
    "reason.kong_refund": ("退税", "Kong refund"),
    "reason.leave_penalty": ("逃跑", "Walk-out"),
    "reason.leave_ready": ("逃跑赔叫", "Walk-out: the ready are paid"),
    # meld / action names (for hints and logs)
    "act.pong": ("碰", "pong"),
    "act.kong": ("杠", "kong"),
    "act.win": ("胡", "win"),
    # errors shown to the player
}
