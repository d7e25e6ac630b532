"""The About screen's game card says where its licence's full text is, as the font's and the
sounds' cards do: the MIT licence is cut short on the card ("…") and it said nowhere that the
rest is in LICENSE. The file it names is the one the card reads, and the one-file build
carries it there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import about
from game.i18n import t

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_licence_card_names_the_file_with_its_full_text(lang: str) -> None:
    named = {
        "about.credit.game": "LICENSE",
        "about.credit.font": "fonts/OFL.txt",
        "about.credit.sounds": "sounds/LICENSE.txt",
    }
    for key, name in named.items():
        assert re.search(rf"(?<![\w/]){re.escape(name)}(?!\w|\.\w)", t(key, lang)), (key, lang)


def test_the_game_card_reads_the_file_it_names_and_every_build_carries_it() -> None:
    # the text on the card is LICENSE beside the game package (a checkout, the bundle)
    game = about.about_info("en").licences[0]
    assert game.text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert about._CHECKOUT / "LICENSE" == ROOT / "LICENSE"
    # the PyInstaller spec puts it at the bundle's top, the game package's parent, and hands
    # the data files to the one-file executable itself
    spec = (ROOT / "build_scripts" / "sichuan_mahjong.spec").read_text(encoding="utf-8")
    assert 'licence = [(str(ROOT / "LICENSE"), ".")]' in spec
    assert re.search(r"datas=\[[^\]]*\*licence", spec)
    assert "exe = EXE(pyz, a.scripts, a.binaries, a.datas" in spec
