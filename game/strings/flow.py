"""Player-facing strings of the match flow: pause menu, match end, replays, tutorial.

Chinese first, English second. Pure data: looked up through :func:`game.i18n.t`.
"""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    # --- pause menu -----------------------------------------------------------------------
    "pause.title": ("暂停", "Paused"),
    "pause.resume": ("继续游戏", "Resume"),
    "pause.settings": common.SETTINGS,
    "pause.rules": common.RULES_HELP,
    "pause.leave": ("离开牌桌", "Leave the table"),
    "pause.hint": ("Esc 继续游戏", "Esc resumes"),
    "pause.saved": (
        "对局已自动保存，可在主菜单“继续对局”",
        "The match is saved: Continue resumes it",
    ),
    "pause.confirm.title": ("确定逃跑？", "Walk out of this hand?"),
    "pause.confirm.body": (
        "本局未打完就离开算逃跑：已有的胡牌和杠钱照算，你还要赔给局中每位其他玩家 {penalty} 分"
        "（剩 4 张牌以内时另按听牌赔付），本场对局随之结束。",
        "Leaving mid-hand is a walk-out: wins and kong payments so far stand, and you pay "
        "{penalty} points to every other player still in the hand (with 4 or fewer tiles "
        "left, also as if each were ready). The match ends.",
    ),
    "pause.confirm.yes": ("逃跑并结算", "Walk out and settle"),
    "pause.confirm.no": ("再想想", "Keep playing"),
    "pause.host.title": ("关闭这一桌？", "Close the table for everyone?"),
    "pause.host.body": (
        "这一桌开在你的游戏里：你离开，牌桌就关闭了，朋友们的这场对局也到此结束。",
        "This table runs in your game: if you leave, it closes, and your friends' match "
        "ends with it.",
    ),
    "pause.host.yes": ("关闭并离开", "Close it and leave"),
    # --- a new match while one is in progress ------------------------------------------------
    "newmatch.title": ("还有一场对局没打完", "A match is in progress"),
    "newmatch.body.walk_out": (
        "开始新的对局就要离开那一场：没打完的这一局算逃跑，你要赔给局中每位其他玩家 {penalty} "
        "倍底分（已有的胡牌和杠钱照算），那场对局随之结束。",
        "Starting a new match leaves that one: its hand counts as a walk-out, and you pay "
        "{penalty} × base to each other player still in the hand (wins and kong payments "
        "so far stand). That match ends there.",
    ),
    "newmatch.body.won": (
        "开始新的对局就要离开那一场。你这一局已经胡了，离开不算逃跑：由电脑替你打完这一局，"
        "照常结算，你的赢钱照算。那场对局随之结束。",
        "Starting a new match leaves that one. You have already won its hand, so leaving "
        "costs nothing: a bot plays your seat to the end and the hand is settled as usual, "
        "your winnings included. That match ends there.",
    ),
    "newmatch.body.between": (
        "开始新的对局就要离开那一场。它已打完的各局都已结算，现在离开不用赔钱，那场对局随之结束。",
        "Starting a new match leaves that one. Its hands so far are all settled, so leaving "
        "now costs nothing. That match ends there.",
    ),
    "newmatch.continue": ("继续那一场", "Continue that match"),
    "newmatch.leave": ("离开并开始新对局", "Leave it, start anew"),
    "newmatch.left.walk_out": (
        "上一场对局已离开，按逃跑结算：游戏币 {coins}",
        "The match in progress was left as a walk-out: coins {coins}",
    ),
    "newmatch.left.won": (
        "上一场对局已离开：你胡过的这一局由电脑打完并结算，游戏币 {coins}",
        "The match in progress was left after your win: its hand was played out and "
        "settled; coins {coins}",
    ),
    "table.left.won": (
        "你胡过的这一局由电脑打完并结算：游戏币 {coins}",
        "Your hand was played out after your win and settled: coins {coins}",
    ),
    "newmatch.left.settled": (
        "上一场对局已离开：打完的最后一局照常结算，游戏币 {coins}",
        "The match in progress was left: its finished hand was settled; coins {coins}",
    ),
    "newmatch.left.between": (
        "上一场对局已离开，没有罚分",
        "The match in progress was left between hands, at no cost",
    ),
    # --- match end ------------------------------------------------------------------------
    "end.title": ("对局结束", "Match over"),
    "end.hands": ("共 {n} 局", "{n} hands played"),
    "end.hands.one": ("共 {n} 局", "{n} hand played"),
    "end.left": ("你中途离开了牌桌", "You left the table"),
    # the match ended because the player's coins ran out (RULES.md §6.5): New match deals
    # again with a fresh stake (破产补助)
    "end.broke": (
        "你的游戏币输光了（共 {n} 局）：再来一场会送你新的本钱",
        "You ran out of coins after {n} hands: a new match gives you a fresh stake",
    ),
    "end.broke.one": (
        "你的游戏币输光了（共 {n} 局）：再来一场会送你新的本钱",
        "You ran out of coins after {n} hand: a new match gives you a fresh stake",
    ),
    "end.rank": ("名次", "Rank"),
    "end.player": ("玩家", "Player"),
    "end.points": ("总分", "Points"),
    "end.coins": ("游戏币变化", "Coins"),
    "end.best": ("本场最佳牌", "Best hand of the match"),
    # {points}: what each player who paid for the win paid ("3 pts" alone read as the
    # winner's take, which the statistics' best hand shows as the hand's net, e.g. +11);
    # {what}: the pattern and its fan ("清一色 2番" / "Full flush, 2 fan")
    "end.best_line": (
        "{who} · 第 {hand} 局 · {what} · 每家付 {points} 分",
        "{who} · Hand {hand} · {what} · {points} pts from each payer",
    ),
    "end.best_line.one": (
        "{who} · 第 {hand} 局 · {what} · 每家付 {points} 分",
        "{who} · Hand {hand} · {what} · {points} pt from each payer",
    ),
    # a pattern this game cannot name (an old or hand-edited save's) and no fan to say
    "end.best_line_bare": (
        "{who} · 第 {hand} 局 · 每家付 {points} 分",
        "{who} · Hand {hand} · {points} pts from each payer",
    ),
    "end.best_line_bare.one": (
        "{who} · 第 {hand} 局 · 每家付 {points} 分",
        "{who} · Hand {hand} · {points} pt from each payer",
    ),
    "end.best_fan": (" {fan}番", ", {fan} fan"),
    "end.best_fan_alone": ("{fan}番", "{fan} fan"),  # where the pattern cannot be named
    "end.best_none": ("本场无人胡牌", "Nobody won a hand"),
    "end.per_hand": ("每局得分（★ 胡牌）", "Points per hand (★ won)"),
    # the first row of a match longer than the rows shown: the hands before them, summed
    "end.hands_range": ("第 {first} 至 {last} 局", "Hands {first}–{last}"),
    "end.new": ("再来一场", "New match"),
    "end.menu": ("返回主菜单", "Main menu"),
    "end.place.1": ("第一", "1st"),
    "end.place.2": ("第二", "2nd"),
    "end.place.3": ("第三", "3rd"),
    "end.place.4": ("第四", "4th"),
    # --- new game ---------------------------------------------------------------------------
    # the match length that has no number of hands: a bot out of coins is replaced by a
    # fresh one (RULES.md §6.5), so only the player's coins end it
    "length.until_out": ("打到你输光为止", "Until you run out of coins"),
    # --- statistics ---------------------------------------------------------------------------
    # under the Coins card's balance: what the hands played have won or lost in all (the
    # balance also moves with the shop and the relief for a player out of coins)
    "stats.coins_won": ("对局共赢 {n}", "won {n}"),
    "stats.coins_lost": ("对局共输 {n}", "lost {n}"),
    "stats.coins_even": ("对局输赢持平", "no net gain"),
    # over the winning patterns when not all of them fit: the most won are listed
    "stats.patterns_top": ("前 {n} 种，共 {total} 种", "Top {n} of {total}"),
    # --- replays --------------------------------------------------------------------------
    "replays.title": common.REPLAYS,
    "replays.empty": (
        "还没有保存的牌谱。打完一局，它就会出现在这里。",
        "No replays yet. Finish a hand and it appears here.",
    ),
    "replays.count": (
        "保留最近 {n} 局（可在设置里修改）",
        "The latest {n} hands are kept (see Settings)",
    ),
    "replays.count.one": (
        "保留最近 {n} 局（可在设置里修改）",
        "Only the latest {n} hand is kept (see Settings)",
    ),
    # kept 0: no new hand is kept (those kept before stay until deleted)
    "replays.count.none": (
        "不再保存新的回放（可在设置里修改）",
        "New hands are not kept (see Settings)",
    ),
    "replays.off": (
        "回放保存已关闭：在设置的“保留回放”里选一个数目。",
        "Replays are off: choose how many to keep in Settings, Replays kept.",
    ),
    "replays.col.date": ("时间", "Date"),
    "replays.col.preset": common.RULES,
    "replays.col.result": common.RESULT,
    # the hand's net points: a win can still come out below zero in 血战 (others' self-draws);
    # {points} signed as every screen signs a change (game.ui.text.signed): "+6", "-1,200",
    # and "0" (a zero has no sign)
    "replays.won": ("胡了 · {points} 分", "Won · {points} pts"),
    "replays.won.one": ("胡了 · {points} 分", "Won · {points} pt"),
    "replays.result": ("{points} 分", "{points} pts"),
    "replays.result.one": ("{points} 分", "{points} pt"),
    "replays.drawn": ("流局 · {points} 分", "Drawn · {points} pts"),
    "replays.left": ("逃跑 · {points} 分", "Walked out · {points} pts"),
    "replays.left.one": ("逃跑 · {points} 分", "Walked out · {points} pt"),
    "replays.hand": ("第 {n} 局", "Hand {n}"),
    "replays.open": ("观看", "Watch"),
    "replays.unreadable": ("读不到牌谱文件 {name}", "The replay file {name} cannot be read"),
    "replays.not_replay": (
        "这个文件不是牌谱，打不开",
        "This file is not a replay, so it cannot be opened",
    ),
    "replays.seat_replay": (
        "这是联网对局中你这一座看到的记录：牌墙不在你的电脑上，无法回放",
        "This is a network hand as your seat saw it: the wall never reached your computer, "
        "so it cannot be replayed",
    ),
    "replays.version": (
        "这份牌谱来自更新版本的游戏，请先更新游戏",
        "This replay comes from a newer version of the game: update the game to watch it",
    ),
    # a row that cannot be watched says why, where its rules and result would be
    "replays.problem.damaged": ("已损坏，无法回放", "Damaged: it cannot be played"),
    "replays.problem.unreadable": ("文件读不出来", "The file cannot be read"),
    "replays.problem.not_replay": ("已损坏，或不是牌谱文件", "Damaged, or not a replay file"),
    "replays.problem.seat_replay": (
        "联网对局一座的记录，无法回放",
        "A network seat's record: it cannot be played",
    ),
    "replays.problem.version": (
        "来自更新版本的游戏，更新后可看",
        "From a newer version: update to watch it",
    ),
    # its button deletes it, asked twice
    "replays.delete": ("删除", "Delete"),
    "replays.confirm": ("确定删除", "Confirm"),
    "replays.delete_hint": (
        "可以用这一行的“删除”按钮删掉它",
        "The Delete button on its row removes it",
    ),
    "replays.delete_ask": (
        "这份牌谱无法回放。再按一次“确定删除”就删除这个文件",
        "This replay cannot be watched. Press Confirm to delete its file",
    ),
    "replays.deleted": ("已删除", "Deleted"),
    "replays.delete_failed": (
        "删除失败：这个文件删不掉（详情见日志）",
        "The file could not be deleted (the log has the details)",
    ),
    "replays.damaged": (
        "这份牌谱已损坏，无法回放（详情见日志）",
        "This replay is damaged and cannot be played (the log has the details)",
    ),
    "viewer.start": ("|◀", "|◀"),
    "viewer.back": ("◀", "◀"),
    "viewer.play": ("播放", "Play"),
    "viewer.pause": ("暂停", "Pause"),
    "viewer.fwd": ("▶", "▶"),
    "viewer.end": ("▶|", "▶|"),
    "viewer.speed": ("×{speed}", "×{speed}"),
    "viewer.reveal": ("明牌", "Reveal"),
    "viewer.close": ("关闭", "Close"),
    "viewer.fold": ("收起", "Hide"),
    "viewer.unfold": ("展开", "Show"),
    "viewer.step": ("第 {n} / {total} 步", "Step {n} / {total}"),
    # a claim answered before the others have (nothing happens until they all have)
    "viewer.answered": (
        "{who}：{answer}（等其他人表态）",
        "{who}: {answer} (waiting for the others' answers)",
    ),
    "viewer.answered_hidden": (
        "{who}已表态（等其他人表态）",
        "{who} answered (waiting for the others)",
    ),
    "viewer.begin": ("开局", "Start of the hand"),
    "viewer.void": ("{who}定缺{suit}", "{who} chose to void {suit}"),
    "viewer.multi_win": (
        "{winners}胡{discarder}的{tile}（一炮多响）",
        "{winners} win {discarder} of {tile} (one discard, several winners)",
    ),
    "viewer.rescored": (
        "这一局由旧版本记录，按现在的规则结算",
        "This hand was recorded by an earlier version: it is scored by today's rules",
    ),
    "viewer.again": ("回到牌谱", "Back to the replay"),
    # --- continue / notices -----------------------------------------------------------------
    "resume.bad": (
        "自动存档已损坏，无法继续：{error}。已开始新的一场对局。",
        "The autosave is damaged and cannot be resumed: {error}. A new match starts.",
    ),
    "resume.none": ("没有可以继续的对局", "No match to continue"),
    # --- tutorial -------------------------------------------------------------------------
    "tutorial.title": common.TUTORIAL,
    "tutorial.button": common.TUTORIAL,
    "tutorial.progress": ("教程 {n}/{total}", "Tutorial {n}/{total}"),
    "tutorial.continue": ("点击或按回车继续", "Click or press Enter to continue"),
    "tutorial.try_again": (
        "不是这一步哦，请按高亮的提示操作。",
        "Not this one — follow the highlight.",
    ),
    "tutorial.intro": (
        "欢迎来到四川麻将·血战到底！这一局牌已经安排好，跟着提示一步步打。只有万、筒、条三门，"
        "没有字牌；四组加一对就能胡。",
        "Welcome to Sichuan Mahjong, Blood Battle! This hand is arranged for you: follow the "
        "steps. Only three suits are played — characters 万 (萬 on the tiles), dots 筒 and "
        "bamboo 条 — with no honours; four sets and a pair win.",
    ),
    "tutorial.void": (
        "定缺：开局每人选一门不要的花色，胡牌时手里不能有它。你的条子只有一张，点“缺条”。"
        "（三人两房、两人两房只有两门牌，不用定缺。）",
        "Declare a void suit: everyone picks a suit to get rid of; you cannot win holding it. "
        'You have a single bamboo tile — press "Void Bamboo". (The three- and two-player '
        "tables play two suits and declare no void.)",
    ),
    "tutorial.wait_deal": ("稍等，正在发牌。", "Wait a moment: the tiles are being dealt."),
    "tutorial.wait_void": (
        "稍等，其他人正在定缺。",
        "Wait a moment: the others are choosing their void suits.",
    ),
    "tutorial.discard_void": (
        "出牌：缺的那门要先打掉。点高亮的一条（幺鸡）把它打出去（或拖到桌上；"
        "键盘：←/→ 选牌，回车打出）。",
        "Discarding: the void suit goes first. Click the highlighted 1 Bamboo, the bird (or "
        "drag it onto the table; keys: ←/→ pick a tile, Enter throws it).",
    ),
    "tutorial.wait_pong": ("电脑们在出牌……", "The bots are playing..."),
    "tutorial.pong": (
        "碰：下家打出了五筒，你手里有一对。点“碰”（或按 P 键）把它拿过来，亮出三张。",
        'Pong: the next player discarded 5 Dots and you hold a pair. Click "Pong" (or press '
        "P) to take it and show the three.",
    ),
    "tutorial.discard_pong": (
        "碰完要出一张牌。七万没有搭子，打掉它。",
        "After a pong you discard. Your 7 Characters tile has no partner — discard it.",
    ),
    "tutorial.wait_kong": ("等一等，马上轮到你摸牌。", "Wait a moment: your draw is coming."),
    "tutorial.kong": (
        "杠：你摸到了第四张一万！点“杠”（或按 K 键）把四张一起亮出（暗杠），其他人付杠钱，"
        "你再补一张牌。",
        'Kong: you drew the fourth 1 Character! Click "Kong" (or press K) to lay all four '
        "down (a concealed kong): the others pay you, and you draw a replacement tile.",
    ),
    # the hand's sets by their tiles' names, as the lesson's other steps name tiles (一万,
    # "7 Characters"): "234 Characters" read as a count and "99 Dots" as ninety-nine; the
    # list comes first, so that at any window size it is on the box's first line, whole
    "tutorial.win": (
        "胡牌：杠、碰、二三四万、六七八筒，加一对九筒——补来的六筒把牌凑齐了！"
        "点“胡”（或按 H 键）：杠上开花，翻倍！",
        "Win: your kong and pong, 2-3-4 Characters, 6-7-8 Dots and a pair of 9 Dots — the "
        'replacement 6 Dots completes the hand! Click "Win" (or press H): a win on a '
        "kong's replacement tile counts double.",
    ),
    "tutorial.xueliu": (
        "血战到底：有人胡了牌局也不结束，其余的人接着打，直到三家胡牌或者摸完牌墙。看他们打完吧。"
        "\n不想等？点右上角的“直接结算”。",
        "Blood battle to the end: a win does not end the hand. The others play on until "
        "three have won or the wall runs out. Watch them finish.\n"
        'In a hurry? Click "Skip to result" at the top right.',
    ),
    "tutorial.done": (
        "教程完成！结算表逐条列出谁付给谁、为什么。现在可以去打一场真正的对局了。"
        "人不够？在“新对局”里选三人两房或两人两房的牌桌。",
        "Tutorial complete! The settlement lists who paid whom and why. Now try a real match "
        "— or, in New game, a table of three or two players.",
    ),
    "tutorial.finish": ("完成教程", "Finish"),
}
