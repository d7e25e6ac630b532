"""The rulebook says what RULES.md says a player meets and it left out: the dealer's dice and
where a kong's replacement tile comes from (§2), that four kongs and a pair (十八罗汉) score
as their parts and that a hand read several ways scores its best reading, the Encyclopedia
rules' 天胡/地胡 worth exactly the cap (§5.3), and when 乾坤大挪移 is offered (§8)."""

from __future__ import annotations

import pytest

from game.strings.menus import STRINGS

# (section, Chinese words, English words) each section must hold
COVERED = [
    ("tiles", "骰子", "dice"),
    ("tiles", "开杠后补的牌就是牌墙接下来的那张", "next tile of the wall"),
    ("patterns", "十八罗汉", "Eighteen Arhats"),
    ("patterns", "四根", "four roots"),
    ("patterns", "按最大的算", "worth most"),
    ("patterns", "满格", "exactly the cap"),
    ("items", "每局发牌前都会问你", "asked before each deal"),
    ("items", "各送一个", "given one of each"),
]


@pytest.mark.parametrize(("section", "zh", "en"), COVERED)
def test_the_rulebook_covers_it_in_both_languages(section: str, zh: str, en: str) -> None:
    body_zh, body_en = STRINGS[f"rule.{section}.body"]
    assert zh in body_zh
    assert en in body_en
