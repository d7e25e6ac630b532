"""Words shown under several keys, each written once.

The string tables (:mod:`game.strings.table`, ``menus``, ``flow``, ``items``) each keep their
own keys; where two keys show the same words (a screen's title and the menu entry that opens
it, a rule value and its preset, a win situation in the calculator and in the help), both
point at the pair defined here. Imports nothing, so every table can use it.
"""

from __future__ import annotations

Pair = tuple[str, str]  # (Chinese, English)

RULES: Pair = ("规则", "Rules")
RULES_HELP: Pair = ("规则与帮助", "Rules & help")
SETTINGS: Pair = ("设置", "Settings")
NEW_GAME: Pair = ("新对局", "New game")
STATISTICS: Pair = ("战绩统计", "Statistics")
REPLAYS: Pair = ("对局回放", "Replays")
TUTORIAL: Pair = ("新手教程", "Tutorial")
ITEMS: Pair = ("道具", "Items")
EXTRAS: Pair = ("加番", "Extras")
RESULT: Pair = ("结果", "Result")
POINTS: Pair = ("{points} 分", "{points} pts")
PONG: Pair = ("碰", "Pong")
ON: Pair = ("开", "On")
OFF: Pair = ("关", "Off")
NONE: Pair = ("无", "None")
BLOOD_RIVER: Pair = ("血流成河", "Blood river")
QIAN_KUN: Pair = ("乾坤大挪移", "Heaven and Earth Shift")

SPEEDS: dict[str, Pair] = {
    "slow": ("慢", "Slow"),
    "normal": ("中", "Normal"),
    "fast": ("快", "Fast"),
    "instant": ("瞬间", "Instant"),
}

# the win situations where room is short (the help's extras, the calculator's flags): the
# engine's names (engine/patterns.py), which the settlement shows, with only a leading "Win
# on" left off — the same words, so the player knows the term there
KONG_BLOOM: Pair = ("杠上花", "Kong replacement")  # Win on kong replacement
AFTER_KONG: Pair = ("杠上炮", "Discard after a kong")  # Win on a discard after a kong
ROBBING_KONG: Pair = ("抢杠", "Robbing a kong")
LAST_TILE: Pair = ("海底", "Last tile of the wall")
LAST_COPY: Pair = ("绝张", "Last unseen copy")
