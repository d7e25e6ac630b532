"""Player-facing strings of Play with friends: host, join, the lobby, the networked table.

Chinese first, English second. Pure data: looked up through :func:`game.i18n.t`. The
server's refusals are worded in :mod:`server.words`.
"""

from __future__ import annotations

from game.strings.common import Pair

FRIENDS: Pair = ("好友联机", "Play with friends")
ITEMS_OFF: Pair = (
    "联机牌桌不使用道具，也不计游戏币。",
    "Items are off at network tables, and no coins change hands.",
)

STRINGS: dict[str, Pair] = {
    "menu.friends": FRIENDS,
    "menu.desc.friends": (
        "在局域网或服务器上开一桌，和朋友一起打",
        "Host a table on your network or a server, and play it with friends",
    ),
    "net.title": FRIENDS,
    "net.host": ("开一桌", "Host a table"),
    "net.join": ("加入牌桌", "Join a table"),
    "net.intro": (
        "开一桌：开在这台电脑上（在局域网上公布），或开在服务器上；牌桌有一个房间号，"
        "空位由电脑补上，朋友加入后接手。"
        "加入牌桌：从局域网找到的牌桌中选一桌，或输入服务器地址和房间号。"
        "掉线的玩家由电脑代打（托管），重新连上后回到原座位。",
        "Host a table on this computer (announced on your local network) or on a server: it "
        "gets a room code, and bots fill the empty seats until friends take them. Join a "
        "table: pick one found on the local network, or type a server's address and the room "
        "code. When a player drops, a bot plays their seat until they are back.",
    ),
    "net.items_off": ITEMS_OFF,
    "net.your_name": ("你的名字", "Your name"),
    "net.default_name": ("玩家", "Player"),
    # a damaged settings file set the Join screen's remembered address back (Notice)
    "net.field.join_address": ("加入牌桌的服务器地址", "Join screen's server address"),
    "net.field.your_name": ("你在好友牌桌上的名字", "Your name at friends' tables"),
    "net.empty_seats": ("空位电脑", "Bots in empty seats"),
    "net.announce": ("在局域网公布", "Announce on the network"),
    # the host's timers (net.scenes TURN_CHOICES, SETTLE_CHOICES): a bot answers for a seat
    # whose turn timer runs out; the next hand starts after the pause, or once all are ready
    "net.turn_timer": ("出牌计时", "Turn timer"),
    "net.timer_off": ("不计时", "Off"),
    "net.settle": ("局间等待", "Pause between hands"),
    "net.seconds": ("{n} 秒", "{n} s"),
    "net.host_start": ("开桌", "Open the table"),
    # where the table runs: a server inside this game, or a dedicated one (python -m server)
    "net.where": ("牌桌开在", "Host it"),
    "net.where.here": ("这台电脑上", "On this computer"),
    "net.where.server": ("服务器上", "On a server"),
    "net.host_note": (
        "牌桌开在这台电脑上：你离开时牌桌随之关闭。朋友在同一局域网可直接找到；"
        "通过互联网打，请选“服务器上”：一台大家都能连到的专用服务器"
        "（python -m server，或用 --server 启动本游戏）。",
        "The table runs on this computer and closes when you leave; friends on your network "
        'find it at once. Over the internet, choose "On a server": a dedicated server '
        "everyone can reach (python -m server, or this game started with --server).",
    ),
    # hosting on a dedicated server: the room lives by the server's rules (server/room.py) —
    # the host's leaving gives the seat to its bot and the host role to a player still there
    "net.host_note_server": (
        "牌桌开在服务器上，朋友输入同一个地址和房间号加入。你离开后牌桌照常进行："
        "电脑接替你的座位，还在桌上的朋友成为房主；最后一位玩家离开，或长时间没人连着时，牌桌关闭。",
        "The table opens on the server; friends join with the same address and the room code. "
        "If you leave, it plays on: a bot takes your seat and a friend still at it becomes the "
        "host. It closes when the last player leaves, or after standing empty for a while.",
    ),
    "net.host_no_address": (
        "请填写服务器地址（例如 192.168.1.20:8765），或选择开在这台电脑上。",
        "Type the server's address (like 192.168.1.20:8765), or host on this computer.",
    ),
    "net.address": ("服务器地址", "Server address"),
    "net.code": ("房间号", "Room code"),
    "net.join_typed": ("加入", "Join"),
    "net.lan_tables": ("局域网上的牌桌", "Tables on your network"),
    "net.lan_searching": ("正在寻找局域网上的牌桌……", "Looking for tables on your network..."),
    # still nothing found after a while (net.LAN_QUIET_S): the search goes on, and the
    # address and code on the left are the way on
    "net.lan_none": (
        "还没有找到局域网上的牌桌，仍在继续寻找。也可以在左边输入房主的地址和房间号加入。",
        "No tables found on your network yet; still looking. You can also type the host's "
        "address and the room code on the left.",
    ),
    "net.lan_unavailable": (
        "这台电脑无法搜索局域网；请输入地址和房间号。",
        "This computer cannot search the local network; type the address and the room code.",
    ),
    # a table found on the local network: "{name} · {seats} · {preset}" (the preset left
    # out when this game does not know it)
    "net.free_seats": ("空位 {n}", "{n} free seats"),
    "net.free_seats.one": ("空位 {n}", "{n} free seat"),
    "net.full": ("已满", "full"),
    # a full table where this game holds a seat (remembered in net-seat.json): picking it
    # takes that seat back
    "net.your_seat": ("你的座位", "your seat"),
    "net.found_other_version": (
        "{name}（游戏版本不同，无法加入）",
        "{name} (another version of the game: cannot join)",
    ),
    "net.bad_address": (
        "地址格式不对，例如 192.168.1.20:8765。",
        "That address cannot be used; write it like 192.168.1.20:8765.",
    ),
    "net.no_address": (
        "请填写服务器地址（例如 192.168.1.20:8765），或在右边选一张局域网上的牌桌。",
        "Type the server's address (like 192.168.1.20:8765), or pick a table on the right.",
    ),
    "net.no_code": (
        "请填写房间号（房主的牌桌界面上有）。",
        "Type the room code (the host's lobby shows it).",
    ),
    "net.bad_code": (
        "房间号是 4 到 12 个字母或数字。",
        "A room code is 4 to 12 letters or digits.",
    ),
    "net.join_note": (
        "加入后你坐在第一个空位；没人坐的座位由电脑代打。",
        "You take the first free seat; seats nobody takes are played by bots.",
    ),
    "net.lobby": ("牌桌", "The table"),
    "net.leave": ("离开", "Leave"),
    "net.start": ("开始对局", "Start the match"),
    "net.again": ("再来一场", "Play again"),
    "net.connecting": ("正在连接……", "Connecting..."),
    # the host leaving the lobby while a friend sits at the table it hosts: asked first (the
    # title and the yes are the pause menu's, pause.host.*)
    "net.close.body": (
        "这一桌开在你的游戏里。你离开后牌桌就关闭了，朋友们也不能再在这一桌打牌。",
        "This table runs in your game: if you leave, it closes, and your friends have to "
        "leave it too.",
    ),
    "net.close.stay": ("留下", "Stay"),
    "net.room_code": ("房间号：{code}", "Room code: {code}"),
    "net.address_is": ("地址：{address}", "Address: {address}"),
    "net.room_rules": ("{preset} · 共 {n} 局", "{preset} · {n} hands"),
    "net.room_rules.one": ("{preset} · 共 {n} 局", "{preset} · {n} hand"),
    # after the rules line in the lobby, the host's timers: "turn timer 15 s · 30 s between
    # hands"
    "net.room_turn": ("出牌计时 {n} 秒", "turn timer {n} s"),
    "net.room_turn_off": ("出牌不计时", "no turn timer"),
    "net.room_settle": ("局间等待 {n} 秒", "{n} s between hands"),
    "net.you": ("（你）", " (you)"),
    "net.is_host": (" · 房主", " · host"),
    "net.points": ("{n} 分", "{n} pts"),
    "net.points.one": ("{n} 分", "{n} pt"),
    # a bot's seat in the lobby: its name as the table gives it (电脑1 / Bot 1), its level
    "net.bot_seat": ("{name}（{level}）", "{name} ({level})"),
    # a seat's wind counted from the dealer's seat, as the table names it
    "net.wind.0": ("东", "East"),
    "net.wind.1": ("南", "South"),
    "net.wind.2": ("西", "West"),
    "net.wind.3": ("北", "North"),
    "net.seat_no": ("{n}号位", "Seat {n}"),
    # the lobby as a waiting room (game.net.lobby_view): the code's tile, the seats' cards
    "net.lobby.code_label": ("房间号", "ROOM CODE"),
    "net.lobby.address_label": ("地址", "ADDRESSES"),
    "net.lobby.address_label.one": ("地址", "ADDRESS"),
    "net.lobby.copy": ("复制", "Copy"),
    "net.lobby.copied": (
        "房间号和地址已复制，发给朋友吧。",
        "Room code and address copied: send them to your friends.",
    ),
    "net.lobby.copied_code": ("房间号已复制。", "Room code copied."),
    "net.lobby.copy_failed": (
        "无法复制：这台电脑没有可用的剪贴板。请把房间号告诉朋友。",
        "Could not copy: no clipboard is available here. Tell your friends the room code.",
    ),
    "net.lobby.badge_you": ("你", "You"),
    "net.lobby.badge_host": ("房主", "Host"),
    # a bot's seat before the match: the bot plays it unless a friend joins
    "net.lobby.open_seat": ("朋友加入后替换电脑", "A friend who joins takes this seat"),
    # the table's middle: each seat's wind on its side (东 the dealer's)
    "net.lobby.wind_mark.0": ("东", "E"),
    "net.lobby.wind_mark.1": ("南", "S"),
    "net.lobby.wind_mark.2": ("西", "W"),
    "net.lobby.wind_mark.3": ("北", "N"),
    "net.wait_start_host": (
        "朋友可用房间号加入；人齐了就开始。",
        "Friends join with the room code; start when everyone is here.",
    ),
    "net.wait_start_host_server": (
        "朋友输入上面的地址和房间号加入；人齐了就开始。",
        "Friends join with the address and the room code above; start when everyone is here.",
    ),
    "net.wait_start": ("等待房主开始……", "Waiting for the host to start..."),
    # the host of a table opened on a dedicated server: leaving does not close it
    "net.server_leave": (
        "牌桌开在服务器上：你离开后照常进行，由还在桌上的朋友当房主。",
        "The table runs on the server: if you leave, it plays on, and a friend still at it "
        "becomes the host.",
    ),
    "net.wait_hand": ("等待下一局……", "Waiting for the next hand..."),
    "net.over": ("对局结束，等待房主再来一场。", "The match is over; the host may start another."),
    "net.over_host": ("对局结束。", "The match is over."),
    "net.reconnecting": ("连接中断，正在重连……", "Connection lost; reconnecting..."),
    # the client tried for ~20 s and nobody answered: the server may have stopped, or this
    # computer's network is down — only the second leaves a bot in the seat, so both are said
    "net.lost": (
        "连不上牌桌了：服务器可能已关闭，或你的网络中断。"
        "如果牌桌还在，电脑暂时替你打；用同一名字和房间号再次加入即可回到座位。",
        "The table cannot be reached: its server may have stopped, or your network is down. "
        "If the table still runs, a bot plays your seat: join again with the same name and "
        "room code to sit back in it.",
    ),
    # the same for the host: its own table, in this game, was not remembered for a rejoin —
    # leaving it closes it (and tells the friends), so a new table is the way on
    "net.host_lost": (
        "你的游戏与自己开的牌桌断开了连接，且无法恢复，牌桌已关闭。"
        "要继续打，请重新开一桌，并把新的房间号告诉朋友。",
        "Your game lost its connection to the table it was hosting and could not get it "
        "back, so the table has closed. To play on, host a new table and give your friends "
        "its room code.",
    ),
    # joined under a name a player at the table has already: the server gave "Ann 2"
    "net.renamed": (
        "这一桌已经有人叫{name}了，你在这一桌叫{shown}。",
        "Someone at this table is already called {name}, so you are {shown} here.",
    ),
    # another connection resumed this seat with its token (close code 4000)
    "net.replaced": (
        "你的座位已在别处接管（游戏又开了一个，或在另一台电脑上），这里已离开牌桌。",
        "Your seat was taken over elsewhere (the game opened again, or on another computer), "
        "so this one has left the table.",
    ),
    "net.refused": (
        "无法连接到这个地址，请检查地址和端口。",
        "Nobody answered at that address; please check it and its port.",
    ),
    # something answered at the address typed, but not a table server (a web server, another
    # program's port, a server that closed at once)
    "net.foreign": (
        "这个地址有回应，但不是麻将服务器，请检查地址和端口。",
        "Something answered at that address, but not a mahjong server; please check it and "
        "its port.",
    ),
    # a message from the server that this game cannot read (a newer server's): skipped
    "net.unreadable": (
        "服务器发来一条本游戏看不懂的消息，已跳过。",
        "The server sent something this game cannot read; it was skipped.",
    ),
    "net.host_failed": (
        "无法开桌：这台电脑不让游戏打开网络端口（{error}）。"
        "请在防火墙或安全软件中允许本游戏，然后再开一次。",
        "The table could not be opened: this computer would not let the game open a network "
        "port ({error}). Let the game through the firewall or security software, then host "
        "again.",
    ),
    # the table this game opened listens, but the game's own connection to it failed (its
    # port answered with something else, or nothing): the host typed no address to check
    "net.host_unreachable": (
        "牌桌已在这台电脑的 {port} 端口打开，但游戏连不上它：可能有别的程序占用了这个端口，"
        "或防火墙拦住了连接。请关闭那个程序或在防火墙中允许本游戏，然后再开一次。",
        "The table opened on port {port} of this computer, but the game could not connect "
        "to it: another program may be using that port, or a firewall blocks it. Close that "
        "program or let the game through the firewall, then host again.",
    ),
    # announcing was on, but this computer could not announce (no multicast): the hosted
    # table runs unannounced — the host's lobby says so under the addresses
    "net.unannounced": (
        "这一桌没能在局域网上公布（这台电脑不能发送组播）：朋友要输入上面的地址和房间号加入。",
        "This table could not be announced on your network (this computer cannot send "
        "multicast): friends join by typing this table's address and room code.",
    ),
    # the pause menu at a networked table: the server plays on meanwhile
    "net.pause.title": ("牌局照常进行", "The table plays on"),
    "net.pause.resume": ("回到牌桌", "Back to the table"),
    "net.pause.hint": (
        "联机牌桌不会暂停：其他人照常出牌；牌桌有出牌计时的话，轮到你时照常计时。按 Esc 回到牌桌。",
        "A friends' table does not pause: the others play on, and so does your turn timer "
        "if the table has one. Esc goes back to the table.",
    ),
    "net.room_of": ("{name}的牌桌", "{name}'s table"),
    # the settlement's button after the last hand, and the lobby's title once the match is
    # over: the seats ranked by the match's points, the winner named
    "net.final": ("最终排名", "Final standings"),
    "net.standings": ("最终排名", "Final standings"),
    "net.winner": ("{names}赢得了这场对局", "{names} won the match"),
    "net.winner_you": ("你赢得了这场对局！", "You won the match!"),
    "net.joint_winners": ("{names}并列第一", "{names} share first place"),
    "net.all_level": ("各家同分，不分胜负", "Everyone finished level: no winner"),
    "net.table_code": ("房间 {code}", "Room {code}"),
    # "\u00a0", a no-break space: the English line wraps in the table's narrow room box at
    # 1024x640, and the seconds stay with their number ("…in" / "15 s", not "…in 15" / "s");
    # the Chinese one fits that box on one line (tests/test_net_game.py checks both)
    "net.timer": ("{n}\u00a0秒后由电脑代打", "A bot plays for you in {n}\u00a0s"),
    # in the table's room box, under the room code: "Items are off" as the lobby said, in a
    # line that fits the box at 1024x640 (the longer one left "tables" alone on a line)
    "net.items_off_short": ("联机牌桌不用道具", "Items are off"),
    # a name is seen by everyone in the game's font, which cannot show every character
    "net.name_char_refused": (
        "名字里不能用这个字符：游戏的字体显示不出它。",
        "Names can only use characters the game's font shows; that one cannot be used.",
    ),
    # a player whose connection dropped: after the name, in the lobby and on the seat panel
    "net.seat_away": ("重连中…", "reconnecting..."),
    # what changed at the table, told once to the others
    "net.news.dropped": ("{name}掉线了，暂由电脑代打。", "{name} dropped; a bot stands in."),
    "net.news.dropped_seat": ("{name}掉线了，座位为其保留。", "{name} dropped; the seat is kept."),
    "net.news.back": ("{name}回来了。", "{name} is back."),
    "net.news.left": ("{name}离开了，电脑接替座位。", "{name} left; a bot takes the seat."),
    "net.news.joined": ("{name}入座了。", "{name} sat down."),
    "net.news.moved": ("{name}换了座位。", "{name} changed seats."),
    "net.news.host": ("{name}现在是房主。", "{name} is the host now."),
    "net.news.host_you": ("你现在是房主。", "You are the host now."),
}
