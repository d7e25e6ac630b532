"""What the settlement says of a win and of the coins: a robbed kong is no discard (the row
under the winner's name read "on your discard"), a 引杠杠上花 paid by its kong's discarder
alone is no self-draw, a hand that left the coins as they were reads "0" as the points do,
not "+0" (and in Chinese no space before the balance's （); and a body whose rows are all
in view does not scroll for its bottom margin."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

import pygame
import pytest
from settlement_support import hand_with, settled, two_seat_settlement
from test_game_support import record_cache

from engine.round import EventFlag, Round
from engine.settlement import Reason
from engine.text import Narrator
from game import i18n
from game.scenes.settlement import SettlementScene
from game.ui.text import TextCache

DT = 1 / 60


def _hand_with(preset: str, reason: Reason) -> Round:
    return hand_with(preset, reason)


def _settled(rnd: Round, tmp: Path, lang: str) -> AbstractContextManager[SettlementScene]:
    """``rnd``'s settlement at the end of its replay, at 1024×640."""
    return settled(rnd, tmp, lang, (1024, 640))


def _under_name(st: SettlementScene, seat: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """The words under ``seat``'s win row name (self-drawn, whose discard, …)."""
    st.text = TextCache()
    said = record_cache(monkeypatch, st.text)
    (win,) = [w for w in st.ctl.round.wins if w.seat == seat][:1]
    st._win_texts(win)  # the lines under the name, then the score's, then the name
    desc = st.words().score_summary(win.score)
    return " ".join(said[: next(i for i, t in enumerate(said) if desc.startswith(t))])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_robbed_kongs_winner_is_not_said_to_win_on_a_discard(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = _hand_with("modern", Reason.WIN_ROBBING_KONG)
    win = next(w for w in rnd.wins if EventFlag.ROBBING_KONG in w.flags)
    with _settled(rnd, tmp_path, lang) as st:
        said = _under_name(st, win.seat, monkeypatch)
        robbed = st.words().robbed(win.from_seat)  # whose kong: 抢电脑2的杠 / "robbed Bot 2's kong"
        assert said.replace(" ", "") == robbed.replace(" ", ""), said
        discard = Narrator(lang, ["x"] * 4).discarder(0).replace("x", "")
        assert discard not in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_kong_bloom_its_discarder_pays_is_not_said_to_be_self_drawn(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = _hand_with("chengdu", Reason.WIN_KONG_BLOOM_DISCARDER)
    entry = next(e for e in rnd.ledger.entries if e.reason is Reason.WIN_KONG_BLOOM_DISCARDER)
    with _settled(rnd, tmp_path, lang) as st:
        said = _under_name(st, entry.payee, monkeypatch)
        bloom = st.words().flag_name(EventFlag.KONG_BLOOM)
        assert said.replace(" ", "") == bloom.replace(" ", ""), said
        assert i18n.t("settle.self_drawn", lang) not in said


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_change_in_coins_reads_0_as_the_points_do(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with two_seat_settlement(lang) as st:
        human = st.ctl.seating.human
        assert human is not None
        st.ctl.delta = [0] * st.ctl.rules.players  # a hand without a payment
        said = record_cache(monkeypatch, st.text)
        st._side(0, 0)
        coins = i18n.t("coins.change", lang, n=0)
        assert any(line.startswith(coins) and not line[len(coins)].isdigit() for line in said)
        assert not any("+0" in line or "-0" in line for line in said), said
        assert not any(" （" in line for line in said), said  # 全角 （ has its own gap


@pytest.mark.parametrize("over", [0, 1])
def test_a_body_whose_rows_are_all_in_view_does_not_scroll_for_its_margin(
    over: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    with two_seat_settlement("en") as st:
        body = st._laid_out()
        last = max(row.y + row.size[1] for row in body.rows)
        assert body.height > last  # a margin under the last hand
        view = pygame.Rect(st._view_rect().topleft, (st._view_rect().w, last - over))
        monkeypatch.setattr(st, "_view_rect", lambda: view)
        if over == 0:  # every row in view: no scroll, no scrollbar for the margin alone
            assert st.max_scroll == 0
        else:  # a pixel of the last hand out of view: it scrolls, all the way to it
            assert st.max_scroll > 0
            assert last <= st.max_scroll + view.h


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("reason", [Reason.WIN_SELF_DRAWN, Reason.WIN_DISCARD])
def test_a_wins_payment_says_how_it_was_won_once(lang: str, reason: Reason, tmp_path: Path) -> None:
    """ "Self-drawn win — You win by self-draw on 7 Bamboo: Bot 1 pays 5" (自摸 — 你自摸七条，
    …): a win's sentence says how it was won, the reason's name before it said it again;
    and the score is on the winner's row, not on every payer's line."""
    rnd = _hand_with("modern", reason)
    entry = next(e for e in rnd.ledger.entries if e.reason is reason)
    with _settled(rnd, tmp_path, lang) as st:
        text = "".join(st._explain_lines(entry, 2000))
        name = i18n.t("reason." + reason, lang)
        assert not text.startswith(name) and "—" not in text, text
        assert text == st.words().ledger_line(entry, score=False)
