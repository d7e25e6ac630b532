"""Player-facing strings of saves and the About screen.

Chinese first, English second. Pure data: looked up through :func:`game.i18n.t`.
"""

from __future__ import annotations

from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    # --- settings fields named in a notice (the others use the settings screen's labels) ---
    "saves.field.replays_kept": ("保留的回放数", "Replays kept"),
    "saves.field.quick": ("快速开始的规则和电脑", "Quick play's rules and bots"),
    "saves.field.other": ("其他设置", "Other settings"),
}
