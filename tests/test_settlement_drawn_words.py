"""What the settlement says: a drawn hand that paid nothing says why (every player still in
a flower pig, none of them ready, or all of them: it read only "No payments this hand"), and
a winner on a discard several won on is told so (一炮多响: it read only "on Bot 2's
discard")."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from settlement_support import played, rects, settled
from test_game_support import record_cache

from engine.round import Round
from game import i18n
from game.scenes.settlement_body import SettlementBody
from game.ui.text import TextCache


def _quiet_hands(preset: str, bot: str, count: int) -> Iterator[Round]:
    """Drawn hands of ``preset`` with no win and no payment."""
    seeds = itertools.count(1)
    found = 0
    while found < count:
        rnd = played(preset, next(seeds), bot)
        if not rnd.wins and not rnd.ledger.entries:
            found += 1
            yield rnd


def _oracle(rnd: Round) -> str | None:
    """What the engine's own 查叫 checks (RULES.md §6.3) say of the seats still in."""
    checks = [rnd._ready_check(s) for s in range(rnd.players) if not rnd.view(s).seats[s].out]
    if all(c.pig for c in checks):
        return "settle.empty.pigs"
    if not any(c.pig for c in checks):
        if not any(c.ready for c in checks):
            return "settle.empty.none_ready"
        if all(c.ready for c in checks):
            return "settle.empty.all_ready"
    return None


@pytest.mark.parametrize(
    ("preset", "bot"), [("chengdu", "greedy"), ("chengdu", "random"), ("standard", "random")]
)
def test_why_a_drawn_hand_paid_nothing_is_what_the_engine_found(preset: str, bot: str) -> None:
    seen = set()
    for rnd in _quiet_hands(preset, bot, 4):
        source = SimpleNamespace(
            table=None, ctl=SimpleNamespace(round=rnd, rules=rnd.rules), text=TextCache()
        )
        source.lang = "en"
        why = SettlementBody(source, 800).quiet_reason()  # type: ignore[arg-type]
        assert why is not None and why == _oracle(rnd)
        seen.add(why)
    # chengdu has no 定缺: every un-won hand of three suits is a pig; standard's random
    # bots keep to their two suits and are not ready
    assert seen == {"settle.empty.pigs" if preset == "chengdu" else "settle.empty.none_ready"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_drawn_hand_of_flower_pigs_says_why_no_one_pays(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = next(_quiet_hands("chengdu", "greedy", 1))
    with settled(rnd, tmp_path, lang, (1024, 640)) as st:
        said = record_cache(monkeypatch, st.text)
        st._body = None
        st._laid_out()
        text = "".join(said)
        assert i18n.t("settle.empty", lang) in text  # no payments, and then why:
        why = i18n.t("settle.empty.pigs", lang)
        assert why.startswith(i18n.t("settle.empty", lang))
        assert why.replace(" ", "") in text.replace(" ", "")
        assert ("花猪" if lang == "zh" else "flower pig") in text
        assert st.max_scroll == 0 or lang == "en"  # (it wraps inside the body's width)
        view = st._view_rect()
        assert all(r.right <= view.w for r in rects(st))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_winner_on_a_discard_several_won_on_is_told_so(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = played("standard", 70)  # Bot 3 and Bot 1 both win on Bot 2's discard
    shared = [w for w in rnd.wins if w.shared]
    assert len(shared) == 1
    with settled(rnd, tmp_path, lang, (1024, 640)) as st:
        note = i18n.t("settle.two_winners", lang)
        assert note == ("一炮双响" if lang == "zh" else "one of two winners")
        for win in st.ctl.round.wins:
            said = record_cache(monkeypatch, st.text)
            st._win_texts(win)
            first = st.ctl.round.wins[st.ctl.round.wins.index(shared[0]) - 1]
            both = win == shared[0] or win == first
            joined = " ".join(said).replace(" ", "")
            assert (note.replace(" ", "") in joined) == both, (win, said)
            discard = st.words().discarder(win.from_seat) if win.from_seat is not None else ""
            assert discard.split()[0] in " ".join(said) or not discard
            monkeypatch.undo()
        # the rows of the wins, the lines under the names taller, do not run into each other
        wins = [
            pygame.Rect((row.x, row.y), row.size)
            for row in st._laid_out().rows
            if getattr(getattr(row.paint, "func", None), "__name__", "") == "win_row"
        ]
        assert len(wins) == 3
        assert all(a.bottom <= b.top for a, b in itertools.pairwise(wins))
