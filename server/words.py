"""What a player is told when the server refuses something or a table goes away, in Chinese
and English. The server sends stable codes (server/protocol.py ErrorCode); the game shows
these sentences, never the code."""

from __future__ import annotations

from server.protocol import ErrorCode

__all__ = ["CLOSE_TEXT", "ERROR_TEXT", "close_text", "error_text"]

ERROR_TEXT: dict[ErrorCode, tuple[str, str]] = {
    ErrorCode.BAD_MESSAGE: ("服务器看不懂这条消息。", "The server could not read that message."),
    # the server and this game speak different protocol versions: either may be the older
    ErrorCode.UNSUPPORTED_VERSION: (
        "这一桌用的是另一个版本的游戏：同桌的人需要用同一版本。",
        "That table runs another version of the game: everyone at a table needs the same one.",
    ),
    ErrorCode.TOO_LARGE: ("消息太长，未被接受。", "That message was too long to be accepted."),
    ErrorCode.RATE_LIMITED: (
        "操作太快了，请稍等。",
        "Too many actions at once; please wait a moment.",
    ),
    ErrorCode.SERVER_FULL: (
        "服务器已满，请稍后再试。",
        "The server is full; please try again later.",
    ),
    ErrorCode.UNKNOWN_ROOM: (
        "找不到这个房间，请检查房间号。",
        "There is no table with that code; please check it.",
    ),
    ErrorCode.ROOM_FULL: ("这一桌已经坐满了。", "Every seat at that table is taken."),
    ErrorCode.SEAT_TAKEN: ("这个座位已经有人了。", "Someone already sits in that seat."),
    ErrorCode.BAD_RULES: ("规则设置有误。", "Those rules are not valid."),
    ErrorCode.BAD_BOT: ("没有这种机器人。", "There is no bot of that kind."),
    ErrorCode.BAD_TOKEN: (
        "无法回到原来的座位。",
        "Your seat could not be given back to you.",
    ),
    ErrorCode.NOT_HOST: ("只有房主可以开始。", "Only the host can start the match."),
    ErrorCode.NOT_IN_ROOM: ("你还没有加入牌桌。", "You have not joined a table yet."),
    ErrorCode.ALREADY_IN_ROOM: ("你已经在一桌了。", "You are already at a table."),
    ErrorCode.WRONG_PHASE: ("现在不能这样做。", "That cannot be done now."),
    ErrorCode.NOT_YOUR_SEAT: ("那不是你的座位。", "That is not your seat."),
    ErrorCode.STALE_PROMPT: (
        "牌局已经往下走了，这个操作已过时。",
        "The table has moved on; that move came too late.",
    ),
    ErrorCode.ILLEGAL_ACTION: ("现在不能这样出牌。", "That move is not allowed now."),
}

CLOSE_TEXT: dict[str, tuple[str, str]] = {
    "expired": ("牌桌长时间无人，已关闭。", "The table was closed after standing empty."),
    # the game hosting the table left it (Leave, Main menu, its window shut)
    "host_left": ("房主已离开，牌桌随之关闭。", "The host left, so the table has closed."),
    # the server was stopped (python -m server), or the table failed on it: either way
    "shutdown": ("服务器已关闭这一桌。", "The server closed the table."),
}


def error_text(code: ErrorCode, lang: str = "zh") -> str:
    zh, en = ERROR_TEXT[code]
    return zh if lang == "zh" else en


def close_text(reason: str, lang: str = "zh") -> str:
    zh, en = CLOSE_TEXT.get(reason, CLOSE_TEXT["shutdown"])
    return zh if lang == "zh" else en
