"""Scoring advice for the human's hand (提示): how far from ready, and once ready each winning
tile with the copies left and what it would pay; per candidate discard, what it would leave.

Pure: built from the human's :class:`~engine.views.PlayerView` with the engine's hand
analysis and scoring; the table only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import analyze_discards, shanten, waits
from engine.round import Action, ActionKind
from engine.scoring import HandError, ScoreResult, WinContext, score_hand
from engine.tiles import tile_name
from engine.views import PlayerView
from game import i18n

__all__ = ["Hints", "claim_preview", "compute_hints"]


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
    return i18n.tn("hint.pts", lang, res.value, n=res.value)


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
                    per[o.discard] = head + i18n.t("hint.waits", lang) + items
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


def claim_preview(view: PlayerView, action: Action, lang: str) -> str:
    """What a claim would give (the claim buttons' preview): for 胡 its pattern, fan and
    who pays what, as the round scores it (``view.win_score``); for 碰 / 杠 what
    the hand is left with — how far from ready, or its winning tiles. '' when there is
    nothing to say."""
    me = view.seats[view.seat]
    counts = list(view.concealed)
    void = view.own_void if view.rules.declare_void else None
    tile = action.tile
    if tile is None:
        return ""
    try:
        if action.kind is ActionKind.WIN:
            # The round's own score of this win (PlayerView.win_score): what the settlement
            # pays, 杠上花, 杠上炮, 抢杠, 海底, 绝张 and 天胡/地胡 included.
            res = view.win_score
            if res is None or not res.win or res.pattern is None:
                return ""
            name = i18n.pattern_name(res.pattern, lang)
            pays = i18n.t(f"preview.pays.{_payer(res)}", lang, pts=res.points)
            if view.rules.kong_transfer and "gang_shang_pao" in res.extras_dict:
                # RULES.md §6.1 呼叫转移: a ledger line of its own, after the win's
                pays += i18n.t("preview.transfer", lang)
            if res.fan is not None:
                return i18n.t("preview.win_fan", lang, pattern=name, fan=res.fan, pays=pays)
            return i18n.t("preview.win_pts", lang, pattern=name, pays=pays)
        melds = len(me.melds) + 1
        if action.kind is ActionKind.PONG:
            counts[tile] -= 2
            options = analyze_discards(counts, melds, void)
            if void is not None and view.rules.must_discard_void_first:
                # RULES.md §3.2: while a void-suit tile is held, only one of those may go
                held = [o for o in options if o.discard // 9 == void]
                options = held or options
            if not options:
                return ""
            best = min(options, key=lambda o: (o.shanten, -sum(w.unseen for w in o.waits)))
            head = i18n.t("preview.pong_then", lang, tile=_tile(best.discard, lang))
            return head + _left_with(best.shanten, [w.kind for w in best.waits], lang)
        if action.kind is ActionKind.EXPOSED_KONG:
            counts[tile] -= 3
        elif action.kind is ActionKind.CONCEALED_KONG:
            counts[tile] -= 4
        elif action.kind is ActionKind.ADDED_KONG:
            counts[tile] -= 1
            melds -= 1  # the pong becomes the kong
        else:
            return ""
        sh = shanten(counts, melds, void)
        kinds = waits(counts, melds, void) if sh == 0 else []
        return i18n.t("preview.kong", lang) + _left_with(sh, kinds, lang)
    except (HandError, ValueError):
        return ""


def _payer(res: ScoreResult) -> str:
    """Who pays a win, as its score says (RULES.md §6.1): every player still in a self-draw,
    the robbed player a robbed kong, the kong's discarder alone a 杠上花 paid as a discard
    (引杠杠上花, kong_bloom_on_exposed = discarder_pays), else the discarder."""
    if res.self_drawn:
        return "each"
    if res.robbing_kong:
        return "robbed"
    if "gang_shang_hua" in res.extras_dict:
        return "kong_discarder"
    return "discarder"


def _tile(kind: int, lang: str) -> str:
    """A tile's name in a preview, its words joined (no-break spaces): a preview wrapped
    onto two lines never splits "6 Characters" between them."""
    return tile_name(kind, lang).replace(" ", "\u00a0")


def _left_with(sh: int, kinds: list[int], lang: str) -> str:
    if sh <= 0 and kinds:
        return i18n.t("hint.waits", lang) + " ".join(_tile(k, lang) for k in kinds)
    if sh <= 0:
        return i18n.t("hint.no_waits", lang)
    return i18n.t("hint.shanten", lang, n=sh)
