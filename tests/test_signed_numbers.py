"""A change in points or coins reads the same on every screen (game.ui.text.signed): with its
sign and thousands' commas, "+1,200" or "-30", and none is "0" — "+0" reads as a gain. The
notice of a match left from the menu fell back to a literal "+0", the notice of a hand
played out after one's win wrote "+0" for no change, and the settlement wrote "+1200" (and a
balance of "12000") where the match's end shows "+1,200"."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from settlement_support import two_seat_settlement
from test_game_support import record_cache, running_app, table_of

from game import i18n
from game.app import App


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SICHUAN_MAHJONG_HOME", str(tmp_path))
    return tmp_path


def _told(app: App, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The (zh, en) notices the app is asked to show from now on."""
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(app, "notify", lambda message, *a: told.append(message))
    return told


@pytest.mark.parametrize("report", [None, [0, 0, 0, 0]], ids=["no-report", "no-change"])
def test_leaving_a_saved_match_that_cost_nothing_says_0_not_plus_0(
    report: list[int] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang="en") as app:
        table = table_of(app)
        assert table is not None
        ctl = table.ctl
        monkeypatch.setattr(ctl, "walk_out", lambda: [])  # the walk-out's bill: none here
        ctl.hand_report = None if report is None else SimpleNamespace(coins=report, bots=[])
        told = _told(app, monkeypatch)
        table.nav.abandon_saved_match((ctl, "walk_out"))
        zh, en = told[-1]
        assert en == i18n.t("newmatch.left.walk_out", "en", coins="0"), en
        assert zh == i18n.t("newmatch.left.walk_out", "zh", coins="0"), zh
        assert "+0" not in zh + en


@pytest.mark.parametrize(("change", "said"), [(0, "0"), (1200, "+1,200"), (-30, "-30")])
def test_the_notice_of_a_hand_played_out_after_ones_win_writes_its_change_as_all_do(
    change: int, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(lang="en") as app:
        table = table_of(app)
        assert table is not None
        human = table.ctl.seating.human
        coins = [0, 0, 0, 0]
        coins[human] = change
        table.ctl.hand_report = SimpleNamespace(coins=coins, bots=[])
        told = _told(app, monkeypatch)
        table._tell_paid_after_win()
        zh, en = told[-1]
        assert en == i18n.t("table.left.won", "en", coins=said), en
        assert zh == i18n.t("table.left.won", "zh", coins=said), zh


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_settlement_writes_thousands_as_the_match_end_does(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with two_seat_settlement(lang) as st:
        human = st.ctl.seating.human
        assert human is not None and st.ctl.table_session is not None
        other = 1 - human
        st.ctl.delta = [0, 0]
        st.ctl.delta[human], st.ctl.delta[other] = 1200, -1200
        st.hand_totals = {human: 1200, other: -1200}
        st.ctl.match.points[human], st.ctl.match.points[other] = 12345, -12345
        st.ctl.table_session.profile.coins = 12000
        said = record_cache(monkeypatch, st.text)
        st._side(0, 0)
        assert {"+1,200", "-1,200", "+12,345", "-12,345"} <= set(said), said
        coins = i18n.t("coins.change", lang, n="+1,200")
        balance = i18n.t("coins.balance", lang, n="12,000")
        assert any(line.startswith(coins) and balance in line for line in said), said
        assert not any("1200" in line or "12000" in line for line in said), said
