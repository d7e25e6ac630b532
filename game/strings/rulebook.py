"""The rulebook's sections (RULES.md, summarised) as the rules & help screen shows them,
Chinese first, English second. Pure data, moved out of :mod:`game.strings.menus` (which
still hands them to :func:`game.i18n.t` with its own).
"""

from __future__ import annotations

from game.strings import common
from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
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
        "Tab 收起/展开，Esc 或退格关闭牌谱；"
        "↓ 开始复盘，之后 ↓/↑ 跳到下一个/上一个失误。\n"
        "任何画面：F11 或 Alt+回车切换全屏；Ctrl+Q 退出游戏，对局会自动保存。",
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
        "On every screen: F11 or Alt+Enter switches fullscreen on or off; Ctrl+Q quits the "
        "game, and a match in progress is saved automatically.",
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
