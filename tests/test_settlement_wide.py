"""At a window wider than 16:10 the settlement's panel uses the room at the sides: at
1920×1080 it was 1404 px wide with some 500 px of the window unused, and a plain hand's
body scrolled 120-270 px; its payments now stand in a column of their own beside the wins
and the hands, where that is shorter. A window of 16:10 or narrower keeps its one column."""

from __future__ import annotations

from pathlib import Path

import pytest
from settlement_support import played, rects, settled


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_plain_hand_needs_no_scrolling_at_1920x1080(lang: str, tmp_path: Path) -> None:
    # three wins (two on one discard) and five payments: the body scrolled 187-271 px in a
    # panel 1404 px wide, the window 1920 px
    rnd = played("modern", 1)
    assert len(rnd.wins) == 3 and len(rnd.ledger.entries) == 5
    with settled(rnd, tmp_path, lang, (1920, 1080)) as st:
        lay = st.table.layout
        rect = st._rect()
        assert rect.w == lay.w - lay.px(60) > lay.px(1040)  # the room at the sides is used
        assert st.max_scroll == 0
        view = st._view_rect()
        rows = rects(st)
        assert all(r.left >= 0 and r.right <= view.w for r in rows)
        # the payments in a column of their own, beside the wins and the hands
        left = [r for r in rows if r.x == 0]
        right = [r for r in rows if r.x > 0]
        assert left and right and max(r.right for r in left) <= min(r.left for r in right)


@pytest.mark.parametrize("window", [(1024, 640), (1280, 800)])
def test_a_window_of_16_10_or_narrower_keeps_its_one_column(
    window: tuple[int, int], tmp_path: Path
) -> None:
    with settled(played("modern", 1), tmp_path, "en", window) as st:
        lay = st.table.layout
        assert st._rect().w == min(lay.w - lay.px(60), lay.px(1040))
        assert {r.x for r in rects(st)} == {0}
