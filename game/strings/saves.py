"""Player-facing strings of saves and the About screen.

Chinese first, English second. Pure data: looked up through :func:`game.i18n.t`.
"""

from __future__ import annotations

from game.strings.common import Pair

STRINGS: dict[str, Pair] = {
    # --- settings fields named in a notice (the others use the settings screen's labels) ---
    "saves.field.quick": ("快速开始的设置", "Quick play's setup"),
    "saves.field.host": ("开一桌的设置", "Hosted table setup"),
    "saves.field.other": ("其他设置", "Other settings"),
    # --- a resumed match whose record of finished hands was partly unreadable --------------
    "saves.record_left_out": (
        "这场对局里已打完各局的记录有一部分无法读取，已略去；对局从中断处照常继续，"
        "你的游戏币和道具不受影响。",
        "Part of this match's record of finished hands could not be read and was left out; "
        "the match resumes where it left off, and your coins and items are untouched.",
    ),
    # --- the About screen (and its entry on the main menu) ---------------------------------
    "menu.about": ("关于", "About"),
    "menu.desc.about": ("版本、许可证、存档位置", "Version, licences and where your saves are"),
    "about.title": ("关于四川麻将", "About Sichuan Mahjong"),
    "about.version": ("版本 {version}", "Version {version}"),
    "about.folder": ("存档和设置的位置", "Where your saves and settings are"),
    "about.open_folder": ("打开文件夹", "Open folder"),
    "about.opened": ("已在文件管理器中打开", "Opened in your file manager"),
    "about.open_failed": (
        "无法打开文件管理器，请手动前往：{folder}",
        "Could not open a file manager; the folder is {folder}",
    ),
    "about.file.profile": (
        "profile.json — 游戏币、道具和战绩（另保留三份完好的备份 .bak）",
        "profile.json — coins, items and statistics (with its last three good copies, .bak)",
    ),
    "about.file.settings": (
        "settings.json — 语言、画面、声音和快速开始的选择",
        "settings.json — language, display, sound and your Quick play choices",
    ),
    "about.file.autosave": (
        "autosave.json — 进行中的对局，每一步都保存，崩溃后可“继续对局”",
        "autosave.json — the match in progress, saved after every action: Continue resumes it",
    ),
    "about.file.replays": ("replays/ — 打完的牌局回放", "replays/ — finished hands to watch again"),
    "about.file.reviews": (
        "reviews.json — 每局复盘的准确率（战绩和对局结束时显示）",
        "reviews.json — each hand's review and its accuracy (shown in Statistics and at a "
        "match's end)",
    ),
    "about.file.net": (
        "net-seat.json、net-replays/ — 联网牌桌：你占着的座位（可以回到牌桌），"
        "和你这一座看到的每局记录",
        "net-seat.json, net-replays/ — friends' tables: the seats you hold (to go back to "
        "them) and each hand as your seat saw it",
    ),
    "about.damage": (
        "文件损坏时会另存为 .corrupt-时间，改用备份，并在屏幕上告诉你；游戏币不会被清零。",
        "A damaged file is kept as .corrupt-<time>, its backup is used and you are told on "
        "screen; your coins are never reset.",
    ),
    "about.licences": ("许可证", "Licences"),
    # where the full text is, as the font's and the sounds' cards say: LICENSE, which every
    # build carries beside the game package (sichuan_mahjong.spec, the wheel's metadata) and
    # the release archives beside the game (package_release.py)
    "about.credit.game": (
        "可自由使用、修改和分发，须保留版权声明；许可证全文见 LICENSE 文件。",
        "Free to use, change and share, keeping the copyright notice; the full licence is in "
        "the LICENSE file.",
    ),
    "about.credit.font": (
        "只删去了用不到的字形，其余未改动；许可证全文见 fonts/OFL.txt。",
        "A subset: only unused glyphs removed, nothing else changed; the full licence is in "
        "fonts/OFL.txt.",
    ),
    "about.credit.sounds": (
        "由本项目用程序合成，无录音、无采样；许可证全文见 sounds/LICENSE.txt。",
        "Synthesised by this project: no recordings, no samples; the full licence is in "
        "sounds/LICENSE.txt.",
    ),
}
