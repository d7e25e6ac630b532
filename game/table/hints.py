"""Scoring advice for the human's hand (提示): how far from ready, and once ready each winning
tile with the copies left and what it would pay; per candidate discard, what it would leave.

Pure: built from the human's :class:`~engine.views.PlayerView` with the engine's hand
analysis and scoring; the table only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import analyze_discards, shanten, waits
from engine.scoring import HandError, WinContext, score_hand
from engine.tiles import tile_name
from engine.views import PlayerView
from game import i18n

__all__ = ["Hints", "compute_hints"]


@dataclass(frozen=True, slots=True)
class Hints:
    """What the helper says about the bottom hand right now."""

    line: str  # shanten or "ready", one line
    per_discard: dict[int, str]  # discard kind -> what it would leave
    waits: tuple[tuple[int, int, str], ...] = ()  # when ready: (kind, unseen copies, value)


def wait_value(view: PlayerView, kind: int, lang: str) -> str:
    me = view.seats[view.seat]
    counts = list(view.concealed)
    counts[kind] += 1
    try:
        res = score_hand(
            WinContext(
                concealed=tuple(counts),
                melds=tuple(me.melds),
                win_tile=kind,
                void=view.own_void,
                dealer=view.dealer == view.seat,
            ),
            view.rules,
        )
    except HandError:
        return ""
    if not res.win:
        return ""
    if res.fan is not None:
        return i18n.t("hint.fan", lang, n=res.fan)
    return i18n.t("hint.pts", lang, n=res.value)


def compute_hints(view: PlayerView, lang: str) -> Hints:
    """Shanten or waits of the bottom hand, and per candidate discard what it leaves."""
    me = view.seats[view.seat]
    melds = len(me.melds)
    counts = list(view.concealed)
    n = sum(counts)
    public = [view.visible[k] - counts[k] for k in range(len(counts))]
    per: dict[int, str] = {}
    void = view.own_void if view.rules.declare_void else None
    try:
        if n % 3 == 2:
            options = analyze_discards(counts, melds, void, public)
            best = min((o.shanten for o in options), default=9)
            for o in options:
                head = i18n.t("hint.if_discard", lang, tile=tile_name(o.discard, lang))
                if o.shanten == 0 and o.waits:
                    items = " ".join(
                        i18n.t("hint.wait_item", lang, tile=tile_name(w.kind, lang), left=w.unseen)
                        for w in o.waits
                    )
                    per[o.discard] = head + i18n.t("hint.waits", lang) + " " + items
                elif o.shanten <= 0:
                    per[o.discard] = head + i18n.t("hint.no_waits", lang)
                else:
                    per[o.discard] = head + i18n.t("hint.shanten", lang, n=o.shanten)
            line = i18n.t("hint.ready", lang) if best <= 0 else i18n.t("hint.shanten", lang, n=best)
            return Hints(line, per)
        sh = shanten(counts, melds, void)
        if sh > 0:
            return Hints(i18n.t("hint.shanten", lang, n=sh), per)
        found = tuple(
            (k, max(0, 4 - view.visible[k]), wait_value(view, k, lang))
            for k in waits(counts, melds, void)
        )
        return Hints(i18n.t("hint.ready_waits", lang), per, found)
    except ValueError:
        return Hints("", per)
